"""The date detector (scrub.dates.v1): calendar dates in every written form, and years that are dates.

Its patterns are the templates of templates/dates.toml (Figure 110 and clinical forms); code adds
what templates cannot say: validators for impossible dates, the unit after a number that makes
it a dose or a count ("1/2 tab", "2000 mg"), a time written right after a date, bare
month/day at the start of a note line, and a year of a date-shifted record (2030-2199) standing
alone in an event's context ("S/P CABG 2081", see _shifted_year).
"""
from __future__ import annotations

import heapq
import re
from functools import cached_property, partial
from itertools import chain

import regex

from scrub.detector import Detector
from scrub.templates import pad_windows as _pad
from scrub.templates import MONS, MONTHS, WDAYS, WEEKDAYS, TemplateMatcher, load_rules
from scrub.types import Candidate, Document

# ------------------------------------------------------------------ calendar facts

_MONTH_OF: dict[str, int] = {}
for _i, _m in enumerate(MONTHS, start=1):
    _MONTH_OF[_m] = _i
    _MONTH_OF[_m[:3]] = _i
_MONTH_OF["sept"] = 9
assert set(MONS) <= set(_MONTH_OF)

#: the last year of a full date: de-identified clinical test sets (i2b2, MIMIC) shift dates up
#: to two centuries ahead ("2/14/2110", "June 3, 2134") and archives shifted by their own offsets
#: past that ("3/3/2209"); a year standing alone stays 1880-2049 (2030-2199 in an event's context)
_LAST_YEAR = 2299

_DAYS_IN = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)

_ORDWORDS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
             "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth "
             "twentieth").split()
_ORD_OF: dict[str, int] = {w: i for i, w in enumerate(_ORDWORDS, start=1)}
_ORD_OF["thirtieth"] = 30
for _i, _w in enumerate(_ORDWORDS[:9], start=1):
    for _sep in ("-", " ", ""):
        _ORD_OF[f"twenty{_sep}{_w}"] = 20 + _i
        if _i == 1:
            _ORD_OF[f"thirty{_sep}{_w}"] = 31

#: month words that are also common English words: in lower case, with no year, not a month
_AMBIGUOUS_MONTHS = {"may", "march", "august"}
#: month abbreviations that are also clinical shorthand in lower case ("in mar" = the medication
#: administration record, "dec" = decreased): alone after "in"/"since", not a month. The others
#: ("had one in feb.", "since jan") are months in lower-case notes too.
_WORDLIKE_MONS = {"mar", "dec"}

_WORD = regex.compile(r"\p{L}+")


def _leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _valid_day(month: int, day: int, year: int | None) -> bool:
    if not (1 <= month <= 12 and 1 <= day <= _DAYS_IN[month - 1]):
        return False
    if month == 2 and day == 29 and year is not None:
        # a two-digit year may be either century; 00 is a leap year in 2000 only
        return _leap(year) if year >= 100 else (_leap(1900 + year) or _leap(2000 + year))
    return True


def _month_word(s: str) -> tuple[int, int, str] | None:
    """(month, position, word as written) of the first month word in `s`."""
    for m in _WORD.finditer(s):
        month = _MONTH_OF.get(m.group().lower())
        if month:
            return month, m.start(), m.group()
    return None


#: stdlib `re` here: validators run once per match, and `re` is several times cheaper per call
#: than `regex`; [^\W\d_] is a letter
_TOKEN = re.compile(r"([^\W\d_]+)|(['’]?)(\d+)")
_SIMPLE_DATE = re.compile(r"([^\W\d_]+)\.?[ \t]*(\d{1,2})(?:st|nd|rd|th)?(?:,?[ \t]*(\d{4}))?", re.IGNORECASE)


def _parse_text_date(s: str) -> tuple[int, list[int], int | None, str] | None:
    """Month, days, year and the month word of a date written with a month word; None if none.

    One pass over its words and numbers: ordinal words are days; a four-digit or apostrophed
    number is the year; a number before the month word is the day ("12 April", "1-MAR-91"),
    after which a later number is the year; a number right after "MAR-" is a two-digit year.
    """
    simple = _SIMPLE_DATE.fullmatch(s)
    if simple:  # the usual "March 1", "May 30th, 2022": the loop below would read it the same
        w, day, four = simple.groups()
        month = _MONTH_OF.get(w.lower())
        if month:
            return month, [int(day)], int(four) if four else None, w
    month = 0
    pos = -1
    word = ""
    days: list[int] = []
    year: int | None = None
    day_first = False
    prev = ""
    numbers = []
    for m in _TOKEN.finditer(s):
        w, apostrophe, digits = m.groups()
        if w is not None:
            low = w.lower()
            if not month and low in _MONTH_OF:
                month, pos, word = _MONTH_OF[low], m.start(), w
            elif low in _ORD_OF:
                days.append(_ORD_OF[f"{prev} {low}"] if prev in ("twenty", "thirty") else _ORD_OF[low])
            prev = low
        else:
            numbers.append((m.start(), digits, apostrophe))
    if not month:
        return None
    for at, digits, apostrophe in numbers:
        if len(digits) == 4 or apostrophe:
            year = int(digits)
        elif at < pos:
            days.append(int(digits))
            day_first = True
        elif day_first or s[pos + len(word):at].strip(". ") == "-":
            year = int(digits)
        else:
            days.append(int(digits))  # "March 1", "Jan 5-7"
    return month, days, year, word


def _check_text_date(parsed: tuple[int, list[int], int | None, str]) -> bool | None:
    month, days, year, _ = parsed
    if year is not None and year >= 100 and not 1800 <= year <= _LAST_YEAR:
        return False
    return None if all(_valid_day(month, d, year) for d in days) else False


def date_text(s: str) -> bool | None:
    """A date with a month word: every day it names exists in that month (and year)."""
    parsed = _parse_text_date(s)
    return False if parsed is None else _check_text_date(parsed)


def date_text_noyear(s: str) -> bool | None:
    """As date_text, and a lower-case "may"/"march"/"august" without a year is the word, not the month."""
    parsed = _parse_text_date(s)
    if parsed is None:
        return False
    month, days, year, word = parsed
    if year is None and word.islower() and word.lower() in _AMBIGUOUS_MONTHS:
        return False
    if year is None and word.islower() and len(word.rstrip(".")) <= 4 and word.lower() != "june":
        # "dec 2" (decreased), "mar 3": abbreviations in lower case without a year are shorthand
        return False
    return _check_text_date(parsed)


def month_alone(s: str) -> bool | None:
    """A month standing alone ("in March"): capitalized when it is also an English word."""
    found = _month_word(s)
    if found is None:
        return False
    word = found[2]
    if word.islower() and (word in _AMBIGUOUS_MONTHS or word.rstrip(".") in _WORDLIKE_MONS):
        return False
    return None


_DIGITS = re.compile(r"\d+")


def _numbers(s: str) -> list[str]:
    return _DIGITS.findall(s)  # the runs of digits (an apostrophe before one is not kept)


def _numeric_ok(parts: list[str]) -> bool:
    if len(parts) != 3:
        return False
    a, b, c = parts
    if len(a) == 4:
        return _valid_day(int(b), int(c), int(a))
    year = int(c)
    if len(c) == 4 and not 1800 <= year <= _LAST_YEAR:
        return False
    # month first (US) or day first (most of the world): either reading will do
    return _valid_day(int(a), int(b), year) or _valid_day(int(b), int(a), year)


def date_numeric(s: str) -> bool | None:
    """A date in numbers only: some reading of it (m/d/y, d/m/y, y-m-d) is a real day."""
    return None if _numeric_ok(_numbers(s)) else False


def date_iso_time(s: str) -> bool | None:
    """An ISO 8601 date and time: the date part is a real day (the template bounds the time)."""
    return None if _numeric_ok(_numbers(s)[:3]) else False


def date_numeric_range(s: str) -> bool | None:
    """Two numeric dates joined by a dash: both are real days."""
    parts = _numbers(s)
    return None if len(parts) == 6 and _numeric_ok(parts[:3]) and _numeric_ok(parts[3:]) else False


def date_md(s: str) -> bool | None:
    """Month/day without a year ("2/3"): a real day of that month."""
    parts = _numbers(s)
    return None if len(parts) == 2 and _valid_day(int(parts[0]), int(parts[1]), None) else False


def date_md_range(s: str) -> bool | None:
    """Two month/day dates joined by a dash, the second not before the first."""
    p = [int(x) for x in _numbers(s)]
    if len(p) != 4 or not (_valid_day(p[0], p[1], None) and _valid_day(p[2], p[3], None)):
        return False
    return None if (p[2], p[3]) >= (p[0], p[1]) or p[2] < p[0] - 6 else False


def year_plausible(s: str) -> bool | None:
    """A year that is a date in a record: 1880 to 2049 (later "years" are counts)."""
    parts = _numbers(s)
    four = [int(x) for x in parts if len(x) == 4]
    if not four:
        return None  # "'93"
    return None if all(1880 <= y <= 2049 for y in four) else False


def month_year_plausible(s: str) -> bool | None:
    """Month/year in numbers ("03/2024", "12/2095"): a year 1880 to 2199, as full dates take.

    Unlike a year standing alone, a month before it makes it a date; de-identified test sets
    shift dates a century ahead ("12/2110"), so the later years count here too.
    """
    parts = _numbers(s)
    return None if len(parts) == 2 and 1880 <= int(parts[1]) <= _LAST_YEAR else False


def year_range(s: str) -> bool | None:
    """Two years joined by a dash ("1990-1995", "2015-18"), the second after the first."""
    parts = _numbers(s)
    if len(parts) != 2 or year_plausible(parts[0]) is False:
        return False
    first = int(parts[0])
    second = int(parts[1]) if len(parts[1]) == 4 else (first // 100) * 100 + int(parts[1])
    return None if first < second <= 2049 else False


# ------------------------------------------------------------------ context

#: a unit or count word right after the number makes it a quantity: "1/2 tab", "2000 mg"
_UNIT_AFTER = regex.compile(
    r"[ \t]{0,3}(?:(?:-|to)[ \t]{0,3}[\d./]+[ \t]{0,3})?"
    r"(?:mg|mcg|µg|ug|g|gm|grams?(?![ \t]*(?:neg|pos|[-+]|stain|variable))|kg|lbs?|pounds?|oz|ml|cc|l|liters?|dl|units?|u|iu|meq|mmol|"
    r"mmhg|mm|cm|m|km|ft|feet|inch(?:es)?|miles?|%|x(?!-)|times|tabs?|tablets?|caps?|capsules?|"
    r"pills?|puffs?|drops?|doses?|sprays?|amps?|vials?|cups?|tsp|tbsp|calories|kcal|cal|"
    r"steps|cells|copies|patients?|people|persons|subjects|participants|cases|children|adults|"
    r"women|men|deaths|beds|samples|dilutions?|titers?|hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|weeks?|"
    r"wks?|months?|mos?|years?|yrs?|degrees?|°|prn|sites?|breaths|bpm|beats|lpm|nc|/(?![ \t]+\d)"  # not "6-2-2147 / 1900-0700", a header's fields
    # "per" as a rate's ("2/3 per day"), not "per ortho order" ("per" the preposition)
    r"|per(?=[ \t]+(?:day|d|hr|hour|h|shift|wk|week|min|minute|month|mo|dose|kg|m2|year|yr)\b)"
    r"|per(?![ \t]+[\p{L}]))(?![\p{L}\d])",
    regex.IGNORECASE)
#: a stay's length after its first day ("admitted 9/15 x 3 days")
_STAY_AFTER = regex.compile(r"[ \t]+x[ \t]*\d{1,2}[ \t]*(?:days?|d|nights?|wks?|weeks?)(?![\p{L}\d])", regex.IGNORECASE)
#: after a fraction-like "a/b": a score, a proportion or a strength, not a date
_FRACTION_AFTER = regex.compile(
    r"[ \t]{0,3}(?:of|strength|power|murmur|systolic|diastolic|holosystolic|sem|reflexes|"
    r"pulses?|motor|sensation|normal|ns|ratio|dilated|effaced|grade|score|scale|vision|"
    r"assist|max|maximum|full|pain|bilat|bilaterally|throughout|all|extremities|ext|ue|le|rue|lue|"
    r"rle|lle|hand|grip|pulses?|edema|mm|cm|ago|previously|prior|words|objects|items|correct|"
    r"recall|naming|trials?|nodes?|lymph|cores?|specimens?|fragments?|slides?|margins?|hpfs?|lpfs?|"
    r"fields?|blocks?|cassettes?|bcx|bcxs|bc|cultures?|cx|sets|bottles|"
    r"hip|knee|ankle|shoulder|elbow|wrist|grip|quad|hamstring|flexors?|extensors?|abductors?|adductors?|"
    r"questions|pictures|pics|answers|match|legs?|arms?)(?![\p{L}\d])",
    regex.IGNORECASE)
#: "version 1.2.2020", "v 2-3-18": a version or release number, not a date
_VERSION_BEFORE = regex.compile(r"(?:version|ver\.?|v|rev\.?|revision|release|build)[ \t]{0,2}$",
                                regex.IGNORECASE)
#: before a bare "a/b": a vital sign, a score or a setting; its number follows directly
_READING_BEFORE = regex.compile(
    r"(?<![\p{L}\d])(?:bp|nbp|abp|sbp|dbp|map|cvp|pap|pa|pain|score|strength|str|power|murmur|grade|"
    r"gr|gcs|rass|cpot|flacc|mae|motor|edema|pulses?|reflexes|dtrs?|ratio|i/o|i&o|x|apgar|peep|"
    r"ps|cpap|bipap|vent|settings|fio2|tv|vt|rr|ac|simv|imv|spo2|sat|sats|o2|hr|temp|dose|doses|"
    r"tabs?|size|pupils?|perrla?|va|vision|acuity|rated|rates?|ratio|ie|i:e|stage|class|"
    r"nyha|bowel sounds|bs|tol|tolerating|of|page|pg|p\.|room|rm|bed|"
    # "for 5/7", "in 2/12": the British day/week/month fractions of a duration
    r"for|in|over|within|x|past|every|q|"
    # mental status and neurological exam items, scales and murmurs: "Naming 3/6", "recall 2/3",
    # "MoCA 24/30", "deltoids 4/5", "SEM 2/6"
    r"naming|recall|registration|attention|orientation|oriented|orient|abstraction|delayed|"
    r"immediate|language|repetition|fluency|visuospatial|executive|serial|sevens|digits|words|"
    r"objects|trails|clock|moca|mmse|slums|exam|nihss|cam|braden|morse|ciwa|cows|ramsay|sas|"
    r"cog|mini-cog|minicog|phq|phq-9|phq-2|gad|gad-7|audit|cage|sbirt|"
    # the MDS's interview scales and geriatric screens: "BIMS 11/15", "GDS 4/15", "SLUMS 21/30"
    r"bims|gds|gds-15|mna|sppb|tug|"
    r"bps|tinetti|berg|grip|deltoids?|biceps|triceps|wrist|hip|flexors?|extensors?|quads?|"
    r"hamstrings?|ta|dorsiflexion|plantarflexion|df|pf|ue|le|rue|lue|rle|lle|bue|ble|sem|hsm|"
    r"ehl|fhl|gastrocs?|iliopsoas|glutes?|abductors?|adductors?|"
    # a 0-10 rating of a symptom or a state: "patient global 6/10", "cravings 2/10"
    r"global|cravings?|urges?|anxiety|mood|stress|nausea|fatigue|energy|sleep|rating|intensity|"
    r"severity|distress|dyspnea|sob|itch|itching|tinnitus|vertigo|stiffness|leak|weakness|"
    r"systolic|diastolic|holosystolic|sm|dm|rub|correct|items|trials?|"
    r"a&ox?|aox|a\+ox?|completed|sessions?|visits?|attended|done|remaining|left|"
    # a joint's motion graded ("wrist ext 1/5", "hip flex 3/5"); items a patient could say back
    # ("verbalizes 4/5 warning signs", "teach-back 3/4")
    r"ext|flex|extension|flexion|abd|abduction|adduction|verbaliz\w*|teach-?back|"
    # a BiPAP's or CPAP's pressures after a word ("BiPAP overnight 12/5", "CPAP at night 10/5")
    r"(?:bipap|cpap|vpap|avaps)(?:[ \t]+(?:overnight|nightly|qhs|hs|at[ \t]+night|on|at|of|settings?)){1,2}|"
    # a ventilator's support, a train of four, an exertion score, an HLA match, a tenderness rating
    # ("PSV 10/5", "TOF 2/4", "Borg 5/10", "HLA 3/6", "tender 4/10")
    r"psv|prvc|tof|borg|hla|tender|tenderness)s?[ \t:=#]{0,3}$",
    regex.IGNORECASE)
#: after a weekday standing alone: a habit's noun ("Sunday dinner", "Wednesday nights")
_HABIT_AFTER = regex.compile(r"[ \t]+(?:nights|mornings|evenings|afternoons|dinners?|lunch(?:es)?|brunch|"
                             r"breakfasts?|mass|services?|school|church|meetings?|visits|routine|rounds|"
                             r"schedule|clinic)s?\b", regex.IGNORECASE)
#: before a shifted month/year ("12/2150"): a volume, a reading or a titer, not a date
_AMOUNT_BEFORE = regex.compile(
    r"(?<![\p{L}\d])(?:bp|nbp|abp|sbp|dbp|map|i/o|i&o|in/out|intake|output|uop|uo|ratio|titer|"
    r"titre|ana|dilution|score|pain|strength|hr|rr|tv|vt|peep|fio2|ie|i:e|totals?|net|balance)"
    r"s?[ \t:=#]{0,3}$", regex.IGNORECASE)
#: before "x/10": pain or a symptom's severity named ("CHEST PRESSURE SINCE 2000, 7/10")
_SCORE_NEAR = regex.compile(r"pain|score|scale|rated|rates|rating|discomfort|relief|anxiety|nausea|"
                            r"pressure|tight|ache|aching|hurt|sore|c/o|complain|severity|intensity|"
                            r"worst|sharp|dull|burning|stabbing|throbbing|cramp|radiat|algia|fatigue|"
                            r"itch|prurit|dyspnea|sob\b|headache|h/a\b|\bha\b",
                            regex.IGNORECASE)
#: "on the 2nd floor", "after the 3rd dose": an ordinal counting something, not a day
_ORDINAL_NOUN_AFTER = regex.compile(
    r"[ \t]{0,3}(?:floor|time|times|day|days|week|weeks|month|months|year|years|attempt|try|dose|"
    r"doses|cycle|round|line|grade|percentile|rib|ribs|toe|finger|digit|visit|trimester|degree|"
    r"stage|place|pregnancy|child|generation|edition|session|shift|level|lumbar|cervical|"
    r"thoracic|intercostal|ics|icu|hour|hours|postoperative|post-op|pod|hd|hospital|of|one|person|patient"
    r"|baby|son|daughter|born|in line)(?![\p{L}])",
    regex.IGNORECASE)
#: "was the 1st to arrive": "to" after an ordinal that a form of "be" leads
_TO_AFTER = regex.compile(r"[ \t]+to[ \t]")
_BE_BEFORE = regex.compile(r"(?i:\b(?:is|was)[ \t]+)\Z")
#: "1/2", "3/4": fractions far more often than January 2nd or March 4th
_PLAIN_FRACTIONS = {(1, 2), (1, 3), (2, 3), (1, 4), (3, 4), (1, 8), (3, 8)}
#: a time written right after a date belongs to it: "03/14/2024 10:22", "Jan 5 at 3pm",
#: "2024-03-14T10:22:05Z"; bounded blanks keep it linear
_TIME_AFTER = regex.compile(
    r"(?:T|[ \t]{0,3},?[ \t]{0,3}(?:(?:at|@)[ \t]{1,3})?)"
    r"(?:(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?"
    r"(?:[ \t]{0,2}(?:[ap]\.m\.?|[ap]m))?(?:[ \t]{0,2}(?:z|[+-]\d\d:?\d\d|utc|gmt|[ecmp][sd]t))?"
    r"|(?:1[0-2]|0?[1-9])[ \t]{0,2}(?:[ap]\.m\.?|[ap]m)"
    r"|(?:[01]\d|2[0-3])[0-5]\d(?:[ \t]{0,2}(?:h|hrs?|hours))?)"
    r"(?![\w:])(?![-./]\d)", regex.IGNORECASE)
#: the year after a holiday ("Valentine's Day, 2024", "Christmas 2087")
_HOLIDAY_YEAR = re.compile(r",?[ \t]{0,2}(?P<y>1[89]\d\d|2[01]\d\d)(?![\w:]|[-./]\d)")
_WEEKDAY_BEFORE = regex.compile(
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"(?:mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\.?),?[ \t]{1,2}$", regex.IGNORECASE)
_DIGIT = re.compile(r"\d")
#: a date ending in a year of the shifted range (2100-2199) written as such (not a time "2110")
_LATE_YEAR = re.compile(r"(?<![\d:])21\d\d$")
_SIGNS = frozenset("+-±~<>=")
_MILITARY = regex.compile(r"[ \t]{1,3}(?:[01]\d|2[0-3])[0-5]\d")

#: templates whose matches name only a year, a month or a season: no time follows them
_NO_TIME = ("date.year_", "date.month_context", "date.season_year", "date.month_year",
            "date.holiday", "date.iso_time")
#: templates that name a weekday themselves or only a year: no weekday goes before them
_NO_WEEKDAY = ("date.year_", "date.weekday", "date.birth_year")
#: "last July", "next Thursday": the word placing a month or a weekday belongs to the date
_RELATIVE_BEFORE = regex.compile(r"(?:last|next|this|past|coming|early|late|mid)[ \t-]{1,2}$",
                                 regex.IGNORECASE)
_RELATIVE_OK = ("template:date.month_context", "template:date.weekday", "template:date.holiday")
#: templates whose matches a quantity can share ("2/3 tab", "in 2000 mg", "dec 2 units"); a whole
#: date ("03/14/2024 L hip", "March 1, 1991 x-ray") keeps its place before any word
_QUANTITY_LIKE = tuple(f"template:date.{t}" for t in (
    "md", "md_context", "md_range", "md_dash_context", "year_context", "year_paren", "year_range",
    "birth_year", "month_year_numeric", "month_day", "day_month", "numeric_dash", "numeric_dot"))
#: templates of dotted or dashed numbers, which versions share
_NUMERIC = ("template:date.numeric_dot", "template:date.numeric_dash", "template:date.iso")
#: templates that are numbers without a year or a month word: fractions look the same
_FRACTION_LIKE = ("template:date.md", "template:date.md_context", "template:date.md_range",
                  "template:date.md_dash_context")

#: Gates: each template scans only windows around the hits of the one cheap thing its matches
#: cannot do without (a month word, digits joined by "/", "-" or ".", a four-digit year...).
#: Scanning a whole clinical text with ~30 templates costs seconds per MB; windows around the
#: rare hits cost little. A template not listed here (a user's own) scans around every hit.
_GATE_WORDS = {
    "month": MONTHS + MONS,
    "weekday": ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
                "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"),
    "holiday": ("christmas", "thanksgiving", "easter", "halloween", "new year", "new years",
                "new year's", "new year’s", "independence", "labor", "memorial", "veterans",
                "veteran's", "veteran’s", "valentine's", "valentine’s", "valentines", "mother's",
                "mother’s", "mothers", "father's", "father’s", "fathers"),
}
#: stdlib `re` here: for these literal-led searches it is several times faster than `regex`
#: one pass for "3/1", "3-1" (numsep), "1.03.2" (dotted) and "14th" (ordinal)
_NUMSEP = re.compile(r"\d(?:[-/]\d|\.\d\d?\.\d|(?:st|nd|rd|th|ST|ND|RD|TH)\b)")
#: a four-digit year or an apostrophed two-digit one ("'93"): one pass, hits in text order (the
#: two never overlap: an apostrophed pair is followed by no digit)
#: led by a character set, which `re` skips to quickly (an alternation it tries at every place)
_YEARS = re.compile(r"[12'’](?:(?<=1)[89]\d\d|(?<=2)0\d\d|(?<=['’])\d\d)(?!\d)")
#: 21xx, the shifted years of de-identified records no template takes (see _shifted_year)
_YEARS21 = re.compile(r"21\d\d(?!\d)")
# Each template scans only small windows around the hits of its gate that pass its cheap test
# (a digit after the month word, a second "/" near the first...). Scanning a whole text with
# ~25 templates costs seconds per MB, and most of the cost of a window is the call itself, so
# each template is called only where it can match. The tests read a few facts about each hit,
# computed once per hit (its "key"); hits are grouped by key, so a dense table of numbers costs
# one key per hit, not one test per hit and template. A template not listed (a user's own) scans
# around every hit. Weekdays before a date and times after it are code's (_with_weekday,
# _with_time): no window needs room for them.



#: how far past a month word its tests look: beyond the windows of the templates that use them
#: (a megabyte of blanks after "March" must not be read twice per hit)
_KEY_REACH = 64
_DAY_AFTER = re.compile(r"\.?\s*\d")
_WORD_AFTER = re.compile(r"\.?\s+[^\W\d_]")


def _month_key(t: str, s: int, e: int) -> tuple:
    after = t[e:e + 6]
    before = t[s - 12 if s > 12 else 0:s]
    # 0 and 2 hold wherever the template can match (any run of blanks): their templates are
    # tried only at the hits that pass (see _ANCHORED)
    return (_DAY_AFTER.match(t, e, e + _KEY_REACH) is not None,     # 0 "March 1", "Jan. 5"
            any(c.isdigit() for c in after),                       # 1 "June of 1993"
            _WORD_AFTER.match(t, e, e + _KEY_REACH) is not None,    # 2 "July third"
            any(c.isdigit() for c in before[-9:]),                 # 3 "12th April", "1-MAR"
            before[-4:].rstrip().lower().endswith("of"),           # 4 "third of July"
            before.rstrip(" \t\n-")[-1:].isalpha())                # 5 "in March"


def _numsep_key(t: str, s: int, e: int) -> tuple:
    if s >= 12 and e == s + 3:
        # the same facts read from one slice around the hit (a table of numbers has a hit
        # every few characters): the hit's first digit is w[12], its separator w[13]
        w = t[s - 12:e + 12]
        after = w[15:23]
        return (w[13], _sep_near(w, 9, "/"), _sep_near(w, 9, "-"),
                "-" in w, w[9:13].isdigit(), "t" in after or "T" in after, w[14:18].isdigit())
    # a second separator right after the second number's first digits, or right before the
    # first number ("3/14/2024" is hit at "3/1" and at "4/2"); "3/15. F/u" has only one
    lo = max(0, s - 3)
    w = t[lo:e + 2]
    at = s - lo
    return (t[s + 1],                                              # 0 the separator
            _sep_near(w, at - 3, "/"),                             # 1 "3/14/2024"
            _sep_near(w, at - 3, "-"),                             # 2 "03-01-91"
            "-" in t[max(0, s - 12):e + 12],                       # 3 a range
            s >= 3 and t[s - 3:s + 1].isdigit(),                   # 4 "2024-03"
            "t" in t[e:e + 8].lower(),                             # 5 "T10:22"
            t[s + 2:s + 6].isdigit())                              # 6 "03/2024"


def _sep_near(w: str, i: int, sep: str) -> bool:
    """`sep` in the three characters w[i:i+3] before a hit (w[i+3:i+6]) with a digit right
    after it ("3/14/2024" hit at "4/2"), or in the two after the hit ("3/14/"): not the slash
    of "d/c 3/15", "f/u 4/2", "s/p 3/14"."""
    j = w.find(sep, max(0, i), i + 3)
    while j >= 0:
        if w[j + 1:j + 2].isdigit():
            return True
        j = w.find(sep, j + 1, i + 3)
    return sep in w[i + 6:i + 8]


_BIRTH_WORDS = ("born", "dob", "d.o.b", "birth", "yob")
_SEASON_WORDS = ("spring", "summer", "fall", "autumn", "winter")


#: one search each instead of a test per word (the same: a word anywhere in the lower-cased slice)
_BIRTH_IN = re.compile("|".join(re.escape(w) for w in _BIRTH_WORDS))
_SEASON_IN = re.compile("|".join(_SEASON_WORDS))


def _year_key(t: str, s: int, e: int) -> tuple:
    before = t[max(0, s - 24):s].lower()
    return (t[s - 1:s] == "(",                                     # 0 "(2019)"
            "-" in t[e:e + 3],                                     # 1 "1990-1995"
            _BIRTH_IN.search(before) is not None,                  # 2 "born 1950"
            _SEASON_IN.search(before) is not None,                 # 3 "spring of 2019"
            s >= 2 and t[s - 1].isspace())                         # 4 "in 1993"


#: after a month word, what `date.month_year` needs: "June of 1993", "May, '93", "MAR-91"
_MONTH_YEAR_AFTER = re.compile(
    r"\.?(?:(?:\s+of\s+|,\s*|\s+)(?:1[89]\d\d|2[01]\d\d|['’]\d\d)|-\d\d)", re.IGNORECASE)


def _month_then_year(t: str, s: int, e: int) -> bool:
    return _MONTH_YEAR_AFTER.match(t, e, e + _KEY_REACH) is not None


def _leading_words(pattern: str) -> frozenset[str] | None:
    """The words of a template's leading {a,b,c} ("{in,since,...}_[<year4>]"), lower-cased."""
    if not pattern.startswith("{"):
        return None
    body = pattern[1:pattern.find("}")]
    if not body or any(ch in body for ch in "{<[_*\\"):
        return None
    return frozenset(w.strip().lower() for w in body.split(","))


def _md_words(pattern: str) -> frozenset[str]:
    """The leading words of `date.md_context` ("{on,seen,\\d/c,...,<weekday>}"), lower-cased,
    a weekday macro spelt out."""
    body = pattern[1:pattern.find("}")]
    out = set()
    for w in body.split(","):
        w = w.strip().lower().replace("\\", "")
        if w == "<weekday>":
            out.update(WEEKDAYS + WDAYS)
        else:
            out.add(w)
    return frozenset(out)


def _md_word_before(t: str, s: int, e: int, words: frozenset[str]) -> bool:
    """The word before the month of a numsep hit ("sent 1/8", "d/c: 12/3", "Fri. 1/10") is one
    of `words`: the month's digits, blanks, a colon, then the word (letters, "/", "-", a dot)."""
    lo = max(0, s - 24)
    j = s
    while j > lo and t[j - 1].isdigit():
        j -= 1
    i = j
    while i > lo and t[i - 1] in " \t\n\r":
        i -= 1
    if i > lo and t[i - 1] == ":":
        i -= 1
    k = i
    while k > lo and (t[k - 1].isalpha() or t[k - 1] in "/-.'’"):
        k -= 1
    return t[k:i].strip(".'’").lower() in words


def _word_before(t: str, s: int, e: int, words: frozenset[str], dash: bool) -> bool:
    """The word before the hit, past blanks (or one dash), is one of `words` ("in 1993")."""
    lo = max(0, s - 40)
    j = s
    while j > lo and t[j - 1].isspace():
        j -= 1
    if dash and j == s and j > lo and t[j - 1] == "-":
        j -= 1
    if j == s:
        return False
    k = j - 1 if j > lo and t[j - 1] == "." else j  # "ca. 1990", "c. 1990"
    while k > lo and t[k - 1].isalpha():
        k -= 1
    return t[k:j].lower() in words


_KEY_OF = {"ordinal": lambda t, s, e: (), "month": _month_key, "numsep": _numsep_key,
           "year": _year_key,
           "weekday": lambda t, s, e: (e - s >= 6,), "holiday": lambda t, s, e: (),
           "dotted": lambda t, s, e: ()}

#: template id → (gate, room before a hit, room after it, test of the hit's key or None)
_PLAN = {
    "date.month_day_year": ("month", 0, 32, lambda k: k[0]),
    "date.month_day": ("month", 0, 20, lambda k: k[0]),
    "date.month_ordword": ("month", 0, 36, lambda k: k[2]),
    "date.day_month_year": ("month", 14, 24, lambda k: k[3]),
    "date.day_month": ("month", 14, 4, lambda k: k[3]),
    "date.ordword_of_month": ("month", 24, 10, lambda k: k[4]),
    "date.dmy_compact": ("month", 2, 8, lambda k: k[3]),
    "date.the_ordinal": ("ordinal", 12, 2, None),
    "date.month_year": ("month", 8, 12, lambda k: k[1]),
    "date.month_context": ("month", 14, 4, lambda k: k[5]),
    "date.weekday": ("weekday", 0, 1, lambda k: k[0]),
    "date.holiday": ("holiday", 0, 24, None),
    "date.numeric_slash": ("numsep", 6, 12, lambda k: k[1]),
    "date.numeric_range": ("numsep", 6, 28, lambda k: k[1] and k[3]),
    "date.month_year_numeric": ("numsep", 3, 6, lambda k: k[0] == "/" and k[6]),
    "date.md_range": ("numsep", 6, 10, lambda k: k[0] == "/" and k[3]),
    "date.md": ("numsep", 3, 4, lambda k: k[0] == "/" and not k[1]),
    "date.md_context": ("numsep", 18, 4, lambda k: k[0] == "/" and not k[1]),
    "date.md_dash_context": ("numsep", 18, 4, lambda k: k[0] == "-" and not k[2]),
    "date.numeric_dash": ("numsep", 6, 10, lambda k: k[2]),
    "date.iso": ("numsep", 6, 10, lambda k: k[4]),
    "date.iso_time": ("numsep", 6, 24, lambda k: k[4] and k[5]),
    "date.numeric_dot": ("dotted", 6, 8, None),
    "date.year_paren": ("year", 2, 2, lambda k: k[0]),
    "date.year_range": ("year", 1, 8, lambda k: k[1]),
    "date.birth_year": ("year", 24, 1, lambda k: k[2]),
    "date.season_year": ("year", 24, 1, lambda k: k[3]),
    "date.year_context": ("year", 16, 1, lambda k: k[4]),
}
_ANY_PLAN = ("any", 28, 32, None)
#: templates whose every match starts with their gate's word (a month, a weekday) at a hit
#: that passes its test: tried once at each such hit instead of searching a window, which
#: costs several times more (a holiday's words may be split over lines: searched)
_ANCHORED = {"date.month_day_year", "date.month_day", "date.month_ordword", "date.weekday"}


def group_hits(text: str, hits: dict[str, list[tuple[int, int]]]) -> dict[str, dict[tuple, list]]:
    """Each gate's hits grouped by their key, each group in text order."""
    out: dict[str, dict[tuple, list]] = {}
    for gate, spans in hits.items():
        key_of = _KEY_OF[gate]
        groups: dict[tuple, list] = {}
        for s, e in spans:
            groups.setdefault(key_of(text, s, e), []).append((s, e))
        out[gate] = groups
    return out


def _automaton():
    import ahocorasick  # a core dependency; imported here so the module loads without it

    a = ahocorasick.Automaton()
    for gate, words in sorted(_GATE_WORDS.items()):
        # the usual casings, so the text need not be lower-cased first (a copy of it)
        for w in sorted({v for w in words for v in (w, w.title(), w.upper(), w.capitalize())}):
            a.add_word(w, (gate, len(w)))
    a.make_automaton()
    return a


_AUTOMATON = None


_LONG_RUN = re.compile(r"\S{65,}")
_GATES = (*_GATE_WORDS, "numsep", "dotted", "year", "ordinal")
_HAS_DIGIT = re.compile(r"\d").search


def _outside(spans: list[tuple[int, int]], runs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The parts of sorted `spans` outside the sorted, disjoint `runs`."""
    out = []
    i = 0
    for s, e in spans:
        while i < len(runs) and runs[i][1] <= s:
            i += 1
        j = i
        while s < e:
            if j >= len(runs) or runs[j][0] >= e:
                out.append((s, e))
                break
            if runs[j][0] > s:
                out.append((s, runs[j][0]))
            s = max(s, runs[j][1])
            j += 1
    return out


def gate_hits(text: str) -> dict[str, list[tuple[int, int]]]:
    """Spans of each gate's hits: its words at a word start (Aho-Corasick), or its pattern."""
    global _AUTOMATON
    if _AUTOMATON is None:
        _AUTOMATON = _automaton()  # built once per process; read-only afterwards
    hits: dict[str, list[tuple[int, int]]] = {g: [] for g in _GATES}
    n = len(text)
    for end, (gate, size) in _AUTOMATON.iter(text):
        start = end + 1 - size
        # whole words only ("Marcus", "monitor" and "saturation" open no window); a digit may
        # touch the word ("05JAN2023")
        if (start == 0 or not text[start - 1].isalpha()) and (end + 1 == n or not text[end + 1].isalpha()):
            hits[gate].append((start, end + 1))
    if _HAS_DIGIT(text):  # without a digit no number gate can hit: two scans spared
        for m in _NUMSEP.finditer(text):
            sep = text[m.start() + 1]
            hits["numsep" if sep in "-/" else "dotted" if sep == "." else "ordinal"].append(m.span())
        hits["year"] = [m.span() for m in _YEARS.finditer(text)]
    if n > 4096 and sum(len(h) for h in hits.values()) * 16 > n:
        # Far denser than any prose ("1/2/1/2/..."): drop what lies inside runs of 65+
        # non-blank characters, where no date stands, so templates do not rescan the run.
        runs = [m.span() for m in _LONG_RUN.finditer(text)]
        if runs:
            hits = {g: _outside(h, runs) for g, h in hits.items()}
    return hits


class DateDetector(Detector):
    """Dates from templates with likelihoods, checked by validators and context."""

    name = "scrub.dates.v1"
    entities = ("date",)
    template_families = ("dates",)

    DEFAULT_RULES = {"md_line_start": 0.75, "md_clean": 0.72, "year_shifted": 0.75, "year_event": 0.75,
                     "weekday_short": 0.60, "md_range": 0.85, "md_shift": 0.75, "cued_word_month": 0.85}

    def validators(self) -> dict:
        return {"date_text": date_text, "date_text_noyear": date_text_noyear,
                "month_alone": month_alone, "date_numeric": date_numeric, "date_iso_time": date_iso_time,
                "date_numeric_range": date_numeric_range, "date_md": date_md,
                "date_md_range": date_md_range, "year_plausible": year_plausible,
                "month_year_plausible": month_year_plausible,
                "year_range": year_range}

    @cached_property
    def rules(self) -> dict:
        """The [rules] of dates.toml over the defaults, read once (detect() runs per document)."""
        found = load_rules(self.settings.templates_dir, "dates")
        return {**self.DEFAULT_RULES, **{k: found[k] for k in found if k in self.DEFAULT_RULES}}

    @cached_property
    def shifted(self) -> float:
        """The likelihood of a shifted year standing alone in an event's context (_shifted_year)."""
        return float(self.rules["year_shifted"])

    @cached_property
    def plan(self) -> list[tuple[tuple, TemplateMatcher]]:
        """(gate plan, matcher) of each template, in the order of the template files."""
        validators = self.validators()
        return [(_PLAN.get(t.id, _ANY_PLAN), TemplateMatcher([t], self.name, validators))
                for t in self.templates]

    @cached_property
    def checks(self) -> list[tuple[bool, ...]]:
        """Per template of `plan`: which of detect()'s context checks apply to its matches."""
        out = []
        for _, matcher in self.plan:
            tid = matcher.templates[0].id
            why = f"template:{tid}"
            out.append((why in _QUANTITY_LIKE, why in _NUMERIC, tid == "date.the_ordinal",
                        why in _FRACTION_LIKE, not tid.startswith(_NO_TIME),
                        not tid.startswith(_NO_WEEKDAY), why in _RELATIVE_OK, tid == "date.md",
                        tid == "date.month_year_numeric"))
        return out

    @cached_property
    def gates(self) -> list[str]:
        """Per template of `plan`: the gate whose hits it needs ("any": every gate's)."""
        return [plan[0] for plan, _ in self.plan]

    @cached_property
    def anchored(self) -> frozenset[int]:
        """Indexes into `plan` of the templates tried at their gate's hits (see _ANCHORED)."""
        return frozenset(i for i, (plan, matcher) in enumerate(self.plan)
                         if matcher.templates[0].id in _ANCHORED and plan[1] == 0)

    @staticmethod
    def hits(grouped: dict[str, dict[tuple, list]], plan: tuple) -> list[tuple[int, int]]:
        """The sorted hits of a template's gate that pass its test."""
        gate, _, _, test = plan
        if gate == "any":
            lists = [spans for groups in grouped.values() for spans in groups.values()]
        else:
            lists = [spans for key, spans in grouped[gate].items() if test is None or test(key)]
        if not lists:
            return []
        return lists[0] if len(lists) == 1 else list(heapq.merge(*lists))

    @cached_property
    def refiners(self) -> list:
        """Per template of `plan`: a finer test of each hit (text, start, end) → bool, or None.

        Hits of a month word or a year are common and most open windows for templates that
        then find nothing there; these tests (the shape after the month word, the word before
        it or before the year, read from the template's own leading words) spare the search.
        """
        out = []
        for _, matcher in self.plan:
            t = matcher.templates[0]
            words = _leading_words(t.pattern)
            if t.id == "date.month_year":
                out.append(_month_then_year)
            elif t.id == "date.month_context" and words:
                out.append(partial(_word_before, words=words, dash=True))
            elif t.id == "date.md_context" and t.pattern.startswith("{"):
                out.append(partial(_md_word_before, words=_md_words(t.pattern)))
            elif t.id == "date.year_context" and words:
                out.append(partial(_word_before, words=words, dash=False))
            else:
                out.append(None)
        return out

    def template_hits(self, text: str, grouped: dict[str, dict[tuple, list]], i: int) -> list[tuple[int, int]]:
        """The hits around which template `i` of `plan` is sought."""
        hits = self.hits(grouped, self.plan[i][0])
        refine = self.refiners[i]
        return hits if refine is None else [h for h in hits if refine(text, h[0], h[1])]

    @classmethod
    def windows(cls, text: str, grouped: dict[str, dict[tuple, list]], plan: tuple,
                hits: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
        """The parts of the text worth scanning for one template, by its gate plan."""
        return _pad(text, cls.hits(grouped, plan) if hits is None else hits, plan[1], plan[2])

    @classmethod
    def anchors(cls, text: str, grouped: dict[str, dict[tuple, list]], plan: tuple,
                hits: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
        """(hit, end of its window) for a template whose matches start at its gate's hits.

        Each ends where the window a scan would search ends, so a match is found (or cut) as
        a scan of the windows would find it.
        """
        hits = cls.hits(grouped, plan) if hits is None else hits
        windows = _pad(text, hits, 0, plan[2])
        out = []
        j = 0
        for s, _ in hits:
            while windows[j][1] <= s:
                j += 1
            out.append((s, windows[j][1]))
        return out

    @cached_property
    def _by_gate(self) -> dict[str, list[int]]:
        """Gate → indexes into `plan` of the templates it gates (in order)."""
        out: dict[str, list[int]] = {}
        for i, gate in enumerate(self.gates):
            out.setdefault(gate, []).append(i)
        return out

    @cached_property
    def _passing(self) -> dict[tuple, tuple[int, ...]]:
        """Memo (gate, key) → the templates of that gate whose test the key passes (a few dozen
        distinct keys: a key is a handful of booleans and a separator)."""
        return {}

    def _routed(self, grouped: dict[str, dict[tuple, list]]) -> dict[int, list[tuple[int, int]]]:
        """Template index → its gate's sorted hits that pass its test; templates with none left out.

        Each key group is routed once to the templates it passes, instead of every template
        filtering every group: a short document costs a few dictionary look-ups.
        """
        lists: dict[int, list[list]] = {}
        passing = self._passing
        by_gate = self._by_gate
        for gate, groups in grouped.items():
            if not groups:
                continue
            for key, spans in groups.items():
                who = passing.get((gate, key))
                if who is None:
                    who = tuple(i for i in by_gate.get(gate, ())
                                if self.plan[i][0][3] is None or self.plan[i][0][3](key))
                    passing[(gate, key)] = who
                for i in who:
                    lists.setdefault(i, []).append(spans)
            if "any" in by_gate:  # a user's own template: around every hit
                for i in by_gate["any"]:
                    lists.setdefault(i, []).extend(groups.values())
        # sorted() over the joined sorted runs merges them (spans of one gate are distinct)
        return {i: ls[0] if len(ls) == 1 else sorted(chain.from_iterable(ls)) for i, ls in lists.items()}

    def _match(self, text: str, grouped: dict[str, dict[tuple, list]], i: int,
               hits: list[tuple[int, int]] | None = None) -> list[Candidate]:
        plan, matcher = self.plan[i]
        if hits is None:
            hits = self.template_hits(text, grouped, i)
        else:
            refine = self.refiners[i]
            if refine is not None:
                hits = [h for h in hits if refine(text, h[0], h[1])]
        if not hits:
            return []
        if i in self.anchored:
            return matcher.match_at(text, self.anchors(text, grouped, plan, hits))
        return matcher.match(text, self.windows(text, grouped, plan, hits))

    def detect(self, doc: Document) -> list[Candidate]:
        text = doc.text
        line_start = float(self.rules["md_line_start"])
        clean = float(self.rules["md_clean"])
        out: list[Candidate] = []
        grouped = group_hits(text, gate_hits(text))
        routed = self._routed(grouped)
        late = "21" in text
        if not routed and not late:
            return out  # no month word, weekday, holiday, year nor joined digits: no date
        n = len(text)
        for i in sorted(routed):
            found = self._match(text, grouped, i, routed[i])
            if not found:
                continue
            # what applies to a candidate depends on its template only: decided once per template
            quantity, numeric, ordinal, fraction, timed, weekday, relative, md, month_year = self.checks[i]
            tid = self.plan[i][1].templates[0].id
            holiday = tid == "date.holiday"
            lone_day = tid == "date.weekday"
            lone_month = tid == "date.month_context"
            for c in found:
                s, e = c.start, c.end
                if lone_day and _HABIT_AFTER.match(text, e):
                    continue  # "Sunday dinner", "on Wednesday nights": a habit, no date
                if lone_month and text[e - 3:e] == "MAR" and not text[e - 4:e - 3].isalpha() \
                        and not _DIGIT.search(text, e, min(n, e + 6)):
                    continue  # "lot numbers in MAR": the medication administration record
                if quantity and _UNIT_AFTER.match(text, e, min(n, e + 24)) and not (
                        tid == "date.md_context" and _STAY_AFTER.match(text, e) and _day_only(text, s, e)):
                    continue  # (but "admitted 9/15 x 3 days": a stay's first day, no dose times three)
                if text[e - 4:e - 2] == "21" and text[e - 5:e - 4] in " \t," and _LATE_YEAR.search(
                        text, s, e) and _UNIT_AFTER.match(text, e, min(n, e + 24)):
                    continue  # "Jan 5 2100 mL": a date ("Jan 5", found on its own) and a volume
                if month_year and text[e - 4:e] > "2049" and (
                        text[s - 1:s] in _SIGNS or _AMOUNT_BEFORE.search(text, max(0, s - 16), s)):
                    continue  # a shifted month/year, not a reading: "I/O 12/2150", "ratio 1/2100"
                if numeric and _VERSION_BEFORE.search(text, max(0, s - 12), s):
                    continue
                if ordinal and (_ORDINAL_NOUN_AFTER.match(text, e, min(n, e + 24)) or (
                        _TO_AFTER.match(text, e) and _BE_BEFORE.search(text, max(0, s - 12), s))):
                    continue  # ("she was the 1st to arrive": a rank, not a day)
                if fraction and (_pain_score(text, c) or (
                        (fa := _FRACTION_AFTER.match(text, e, min(n, e + 16)))
                        and not (fa.group().strip().lower() == "normal" and _day_only(text, s, e)))):
                    continue  # ("video swallow 3/17 normal": a 17th is no score's denominator)
                # a time has a digit within 13 characters, a weekday or a "last" a blank before:
                # cheap tests that spare most dates the searches
                if timed and _DIGIT.search(text, e, e + 13):
                    c = _with_time(text, c)
                if weekday and s and text[s - 1] in " \t":
                    c = _with_weekday(text, c)
                if holiday:
                    y = _HOLIDAY_YEAR.match(text, e, min(n, e + 12))
                    if y and 1880 <= int(y.group("y")) <= _LAST_YEAR and not _UNIT_AFTER.match(
                            text, y.end(), min(n, y.end() + 24)):
                        c = Candidate(c.start, y.end(), c.entity, c.likelihood, c.detector, c.why, c.parts)
                if relative and c.start and text[c.start - 1] in " \t-":
                    m = _RELATIVE_BEFORE.search(text, max(0, c.start - 12), c.start)
                    if m and (m.start() == 0 or not text[m.start() - 1].isalnum()):
                        c = Candidate(m.start(), c.end, c.entity, c.likelihood, c.detector, c.why, c.parts)
                out.append(c)
                if md:
                    if _at_line_start(text, c.start):
                        out.append(Candidate(c.start, c.end, c.entity, line_start, self.name,
                                             "context:line-start"))
                    elif _clean_md(text, c):
                        out.append(Candidate(c.start, c.end, c.entity, clean, self.name,
                                             "context:md-clean"))
        era = None
        for spans in grouped["year"].values():
            for ys, ye in spans:
                y = text[ys:ye]
                if y >= _EVENT_FIRST and y[0] in "12":
                    if era is None:
                        era = document_era(out, text)
                    if y < _SHIFTED_FIRST and not _in_era(int(y), era):
                        continue  # a year of our time alone only in a record dated in its era
                    if _shifted_year(text, ys, ye, era):
                        if y >= _SHIFTED_FIRST:
                            out.append(Candidate(ys, ye, "date", self.shifted, self.name, "context:shifted-year"))
                        else:  # "quit 2019", "appendectomy (1985)", "dx in 2021": a year of our time
                            out.append(Candidate(ys, ye, "date", float(self.rules["year_event"]), self.name,
                                                 "context:year-event"))
        for ws, we in grouped.get("weekday", {}).get((False,), ()):
            c = _short_weekday(text, ws, we, float(self.rules["weekday_short"]), self.name)
            if c is not None:
                out.append(c)
        if "/" in text and "-" in text:
            for m in _MD_RANGE.finditer(text):
                _range_dates(text, m, float(self.rules["md_range"]), self.name, out)
        if "-" in text:
            shift = float(self.rules["md_shift"])
            for m in _MD_SHIFT.finditer(text):
                if date_md(m.group(1)) is not False:
                    out.append(Candidate(m.start(1), m.end(1), "date", shift, self.name, "context:md-shift"))
            for m in _MD_DASH.finditer(text):
                ms, me = m.span()
                if ms and (text[ms - 1].isalnum() or text[ms - 1] in "_/.:+-") or not _MD_DASH_PARTS.fullmatch(text, ms, me):
                    continue
                if not (_MD_DASH_CLOCK.match(text, me) or _MD_DASH_END.match(text, me)
                        and _MD_DASH_CUE.search(text, max(0, ms - 24), ms)):
                    continue
                if date_md(m.group()) is not False and not _UNIT_AFTER.match(text, me, min(n, me + 24)):
                    out.append(Candidate(ms, me, "date", shift, self.name, "context:md-dash"))
        if "the " in text or "THE " in text or "The " in text:
            like = float(self.rules["md_shift"])
            for m in _THE_ORD.finditer(text):
                if _ordinal_ok(m.group(1), m.group(2)) and _THE_ORD_END.match(text, m.end()) \
                        and _THE_ORD_CUE.search(text, max(0, m.start() - 30), m.start()):
                    out.append(Candidate(m.start(), m.end(), "date", like, self.name, "context:the-ordinal"))
        if late:
            for m in _YEARS21.finditer(text):
                ys, ye = m.span()
                if era is None:
                    era = document_era(out, text)
                if _shifted_year(text, ys, ye, era):
                    out.append(Candidate(ys, ye, "date", self.shifted, self.name, "context:shifted-year"))
        if "may " in text or "march " in text or "august " in text:
            like = float(self.rules["cued_word_month"])
            for m in _CUED_WORD_MONTH.finditer(text):
                if date_text(m.group("d")) is not False:
                    out.append(Candidate(m.start("d"), m.end("d"), "date", like, self.name, "context:cued_word_month"))
        return _drop_contained(out)




#: a month that is also a word, in small letters (as typed, or a note in capitals read in small
#: letters), and its day after a word that leads to a date: "since may 19 and", "last admit may 30
#: for same", "wic clinic for may 19." (never "pt may 2 tabs": no such word before, and no amount after)
_CUED_WORD_MONTH = re.compile(
    r"(?<![\w'’/-])(?:since|on|until|till|by|from|for|before|after|last|next|admit|admitted|due|dated|discharged"
    r"|seen|visit|appt|surgery|born|of)[ \t]+(?P<d>(?:may|march|august)[ \t]+(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?)"
    r"(?![\w/:-]|\.\d)(?![ \t]*(?:mg|mcg|ml|units?|tabs?|caps?|pills?|times|x\b|%|weeks?|wks?|days?|hours?|hrs?"
    r"|min|mins|minutes|months?|mos?|years?|yrs?|lbs?|kg|of\b|or\b|more\b))")


# ------------------------------------------------------------------ weekdays written short

#: words before a short weekday that make it the day ("on Tues", "next Wed", "since Thurs")
_SHORT_DAY_CUES = frozenset("""on by until till thru through since next last this from before after every
each until due rtc f/u fu seen""".split())
#: words after it: a part of the day ("Tues am", "sat night", "Fri pm")
_PART_OF_DAY = re.compile(r"\.?[ \t]*(?:am|pm|a\.m\.|p\.m\.|morning|night|evening|afternoon|overnight|noon)\b",
                        re.IGNORECASE)
#: short weekdays that are also words in small letters (saturation, the sun, married, a monitor)
_SHORT_DAY_WORDS = frozenset({"sat", "sun", "wed", "mon"})


def _short_weekday(text: str, s: int, e: int, like: float, name: str) -> Candidate | None:
    """A weekday written short ("Tues", "Thurs.", "sat") is a date after "on", "next", "since"...
    or before a part of the day ("Tues am", "sat night"); "sat", "sun", "wed" and "mon" in small
    letters only before a part of the day ("sat 95%", "sun exposure" stay words)."""
    word = text[s:e]
    after = _PART_OF_DAY.match(text, e)
    if word.lower() in _SHORT_DAY_WORDS and not word[:1].isupper() and after is None:
        return None
    if word.isupper() and len(word) <= 3 and after is None:
        return None  # "SAT", "SUN", "MON": a test, a brand, a monitor
    if after is None:
        j = s
        while j > 0 and text[j - 1] in " \t":
            j -= 1
        k = j
        while k > 0 and (text[k - 1].isalpha() or text[k - 1] == "/"):
            k -= 1
        if j == s or text[k:j].lower() not in _SHORT_DAY_CUES:
            return None
    end = e + 1 if text[e:e + 1] == "." and (e + 1 == len(text) or not text[e + 1].isalpha()) else e
    return Candidate(s, end, "date", like, name, "context:weekday_short")


# ------------------------------------------------------------------ shifted years alone

#: De-identified records (i2b2, MIMIC) shift dates into 2030-2199 and label a year standing
#: alone as a date ("S/P CABG 2081", "OD in 2139", "Prior delivery 2088"); no real record of
#: today dates an event there, so in an event's context such a year is a date. A year that is
#: also a clock time (20:30-20:59, 21:00-21:59: "at 2100", "since 2130", "2100-0700") needs
#: a stronger context than one that is not (2060-2099, 2160-2199). Below 2030 years stay
#: below the threshold (HIPAA Safe Harbor keeps them: "diagnosed in 2018").
_SHIFTED_FIRST = "2030"
#: the word right before the year
_EVENT_WORDS = frozenset("in during circa ca c year yr hx h/o s/p dx diagnosed dated early mid "
                         "late spring summer fall autumn winter quit "
                         # a life's events: "widowed 2131", "divorced 2019", "quit smoking 2146"
                         "widowed divorced married separated retired smoking sober relapsed incarcerated "
                         "released deployed immigrated dui owi arrested".split())
_EVENT_WORDS_NOT_TIME = _EVENT_WORDS | frozenset(
    "since until till thru through after before prior previous remote recently".split())
#: a history word a few words before it, in the same clause: "S/P CABG 2081", "hx MI 2075"
_OPENER = r"(?:^|[^\w/])(?:s/p|status[ -]post|hx|h/o|history[ \t]+of|%s)[ \t:]+(?:[^\W\d_][\w/+&'-]*[ \t]+){1,3}$"
_EVENT_OPENER = re.compile(_OPENER % "dx", re.IGNORECASE)
_EVENT_OPENER_NOT_TIME = re.compile(_OPENER % "dx|pmh|psh|prior|previous|remote|last", re.IGNORECASE)
_OPENER_KEYS = ("s/p", "status", "hx", "h/o", "history", "dx")
_OPENER_KEYS_NOT_TIME = _OPENER_KEYS + ("pmh", "psh", "prior", "previous", "remote", "last")
#: a procedure's count before a year in parentheses ("CABG x3 (2146)")
_TIMES_BEFORE = re.compile(r"(?<![\w])[xX]\d{1,2}[ \t]*$")
#: after the year: a digit, a time, a range, a decimal or a unit make it no year
_YEAR_TAIL = re.compile(r"[\w%°]|[-/:.,][ \t]?\d|[ \t]{0,2}(?:h|hrs?|[ap]\.?m|z)\b", re.IGNORECASE)


#: a study or procedure named right before a year, and a result word after it: "Cath 2109 showed"
_STUDY_WORDS = frozenset("""cath echo tte tee ct cta mri mra cxr egd colonoscopy colo stress pft pfts eeg emg
ncs biopsy bx us ultrasound mammogram mammo angio angiogram ekg ecg holter scan pet dexa dxa
eus ercp mibi nuc spect""".split())
_RESULT_AFTER = re.compile(r"[ \t]+(?:showed|shows|showing|revealed|reveals|demonstrated|demonstrates|"
                           r"notable|significant|c/w|consistent|unremarkable|normal|negative|positive|"
                           r"without|w/o|with|w/)\b", re.IGNORECASE)
#: a past-medical-history list opening its line ("PMH: HTN, DM2, C. diff 2153.")
_HISTORY_LINE = re.compile(r"[ \t]*(?:[-*•][ \t]*)?(?:pmh|psh|pmhx|pshx|past[ \t]+(?:medical|surgical)[ \t]+"
                           r"(?:history|hx)|medical[ \t]+history|surgical[ \t]+history|hx|h/o)[ \t]*[:-]",
                           re.IGNORECASE)
#: a history opened earlier on the line: "hx pe (on coumadin until 2140)"
_HISTORY_NEAR = re.compile(r"(?:^|[^\w/])(?:hx|h/o|s/p|pmh|history)(?![\w/])", re.IGNORECASE)
#: the first year of the shifted range in a date found in the document ("2/11/2142", "2088-09-24")
_ERA_YEAR = re.compile(r"(?<!\d)(?:19[6-9]\d|20\d\d|21\d\d)(?!\d)")
#: the first year of our time read alone in an event's context (years before it are rarer in
#: notes than the clock times 1900-1959 that look like them)
_EVENT_FIRST = "1960"
_ERA_BEFORE, _ERA_AFTER = 15, 1
#: words a count or a reading follows, not a year ("intake 2080", "BNP 2075", "total 2160")
_VALUE_WORDS = frozenset("""bnp ck cpk plt plts platelets wbc ldh ast alt alk phos ferritin tg trig ldl hdl
chol cholesterol glucose fsbs bg bs ua uop out intake output urine kcal cal calories weight wt steps total
net balance volume vol vt tv mv peep fio ml cc mg mcg units dose doses level levels count counts score
titer titers iu rate was were is are of about approx approximately over under above below than
""".split())


def document_era(cands: list[Candidate], text: str) -> list[int]:
    """The years (1960-2199) that the document's dates with a year are written in."""
    out = set()
    for c in cands:
        if c.end - c.start >= 6:
            m = _ERA_YEAR.search(text, c.start, c.end)
            if m:
                out.add(int(m.group()))
    return sorted(out)


def _in_era(value: int, era: list[int]) -> bool:
    """A year at most _ERA_BEFORE years before (or _ERA_AFTER after) one of the record's."""
    return any(y - _ERA_BEFORE <= value <= y + _ERA_AFTER for y in era)


def _clock_year_in_history(text: str, s: int, e: int, k: int, i: int, word: str) -> bool:
    """A year that also reads as a clock time (2140, 2153), in a record whose dates are of its
    era, in a history's words: after "since"/"until"/"after"... inside a parenthesis or after a
    history word on its line ("hx pe (on coumadin until 2140)"), or ending an item of a
    past-medical-history list ("PMH: Parkinson's, HTN, C. diff 2153.")."""
    nl = text.rfind("\n", 0, s) + 1
    if word in _EVENT_WORDS_NOT_TIME:
        line = text[nl:k]
        opened = line.rfind("(") > line.rfind(")")
        return opened or _HISTORY_NEAR.search(line) is not None
    after = text[e:e + 1]
    if after not in ("", ",", ".", ";", ")", "\n", "\r") or not word.isalpha() or len(word) < 2:
        return False  # an item's end; a word before it ("C. diff 2153", "cholecystectomy 2150")
    return _HISTORY_LINE.match(text, nl, s) is not None


def _shifted_year(text: str, s: int, e: int, era: list[int] | None = None) -> bool:
    """A year of 2030-2199 standing alone in an event's context (see _EVENT_WORDS).

    `era`: the shifted years of the document's dates; a year that is also a clock time is then
    taken in a history's weaker context too (_clock_year_in_history)."""
    before = text[s - 1] if s else ""
    value = int(text[s:e])
    clock = value % 100 < 60 and value < 2200  # also reads as a time of day: 2030, 2145
    if before == "~" and not clock and era and _in_era(value, era) and (s < 2 or not text[s - 2].isalnum()) \
            and not _YEAR_TAIL.match(text, e, e + 6):
        return _UNIT_AFTER.match(text, e, min(len(text), e + 24)) is None  # "in Boise ~2061"
    paren = before == "("
    if not paren and before not in " \t":
        return False  # "02169", "x2081", "#2081", "BP-2081": glued to what is before
    after = text[e:e + 1]
    if paren:
        if after != ")" and not (after == "," and not clock and text[e + 1:e + 2] == " "):
            return False  # ("(2164, for fetal distress)": a year no clock reads, then its detail)
    elif after and (after not in " \t\n\r,;.)" or (after in ",." and text[e + 1:e + 2].isdigit())
                    or (after in " \t" and _YEAR_TAIL.match(text, e, e + 6))):
        return False  # "2088-09-24", "2100h", "2080/1500", "2081.5", "2100 pm"
    j = s - 1 if paren else s
    lo = max(0, j - 40)
    i = j
    while i > lo and text[i - 1] in " \t":
        i -= 1
    if i == j:
        return False  # "(2081)" glued to a word
    k = i
    while k > lo and (text[k - 1].isalpha() or text[k - 1] in "/."):
        k -= 1
    times = None
    if k > 0 and text[k - 1].isalnum():
        times = _TIMES_BEFORE.search(text, max(0, i - 8), i) if paren and after == ")" else None
        if times is None:
            return False
    word = text[k:i].strip(".").lower()
    if times is not None:
        if not (era and _in_era(value, era)):
            return False  # "CABG x3 (2146)": a procedure's count, then its year (of the record's era)
    elif paren and (not clock or after == ")" and era and _in_era(value, era)) and len(word) >= 3 and word.isalpha():
        pass  # "appendectomy (2071)", "CABG (2084)"
    elif clock and era and not paren and word not in _EVENT_WORDS and _in_era(value, era) and _clock_year_in_history(text, s, e, k, i, word):
        pass
    elif word in (_EVENT_WORDS if clock else _EVENT_WORDS_NOT_TIME):
        b = k
        while b > lo and text[b - 1] in " \t":
            b -= 1
        if b > 0 and text[b - 1].isdigit():
            d = b - 1
            while d > 0 and text[d - 1].isdigit():
                d -= 1
            if not (d > 0 and text[d - 1] in "xX#"):
                return False  # "1 in 2100": a rate (but "CABG x3 in 2105" is a year)
    elif not clock and era and _in_era(value, era) and not paren and (
            len(word) >= 3 and word.isalpha()) and word not in _VALUE_WORDS:
        pass  # "Colonoscopy 2063 by outside GI", "SVD 2172 at 39 wk": a year no clock reads
    elif era and _in_era(value, era) and (
            (not clock and _HISTORY_LINE.match(text, text.rfind("\n", 0, s) + 1, s) is not None)
            or (word in _STUDY_WORDS and _RESULT_AFTER.match(text, e) is not None)):
        pass  # "PMH: 1. HTN 2. L MCA stroke 2082, ...", "Cath 2109 showed 3VD" (of the record's era)
    else:
        nl = text.rfind("\n", lo, j)
        lo = nl + 1 if nl >= 0 else lo
        keys = _OPENER_KEYS if clock else _OPENER_KEYS_NOT_TIME
        before = text[lo:j].lower()
        if not any(w in before for w in keys):  # one cheap look before the search
            return False
        if (_EVENT_OPENER if clock else _EVENT_OPENER_NOT_TIME).search(text, lo, j) is None:
            return False
    return _UNIT_AFTER.match(text, e, min(len(text), e + 24)) is None  # "2080 mL"


def _with_weekday(text: str, c: Candidate) -> Candidate:
    """Extend a date over a weekday written right before it ("Wednesday, February 2, 1994")."""
    m = _WEEKDAY_BEFORE.search(text, max(0, c.start - 16), c.start)
    if m is None or (m.start() > 0 and text[m.start() - 1].isalnum()):
        return c
    return Candidate(m.start(), c.end, c.entity, c.likelihood, c.detector, c.why, c.parts)


#: a full date in numbers ending in its four-digit year ("2/11/2142", "03-14-2024")
_NUMERIC_FULL = re.compile(r"(?<!\d)\d{1,2}[/-](?:\d{1,2}|[A-Za-z]{3})[/-]\d{4}$")
#: a house number's street after four digits: "1234 Elm St", "1630 N Main Street"
_STREET_AFTER = re.compile(
    r"[ \t]+(?:[A-Za-z][\w'’-]*\.?[ \t]+){1,3}(?:st|street|ave|avenue|rd|road|dr|drive|ln|lane|blvd|"
    r"way|ct|court|pl|place|ter|terrace|pkwy|hwy|cir)\b\.?", re.IGNORECASE)


def _with_time(text: str, c: Candidate) -> Candidate:
    """Extend a date over a time written right after it."""
    m = _TIME_AFTER.match(text, c.end, min(len(text), c.end + 40))
    if m is None or m.end() == c.end:
        return c
    if _MILITARY.fullmatch(text, c.end, m.end()) and (
            _UNIT_AFTER.match(text, m.end(), min(len(text), m.end() + 24))
            or (text[c.end - 4:c.end].isdigit() and not _NUMERIC_FULL.search(text, c.start, c.end))
            or _STREET_AFTER.match(text, m.end(), min(len(text), m.end() + 64))):
        # "3/14 1500 mL" is a volume; "Jan 5 2023 1200" keeps only the date's year; "DOB
        # 3/3/1950 1234 Elm St" is followed by a house number. A clock time after a full date in
        # numbers ("2/11/2142 2317", "DATE OF SERVICE: 3/14/2118 1630") belongs to it.
        return c
    return Candidate(c.start, m.end(), c.entity, c.likelihood, c.detector, c.why, c.parts)


#: two month/days joined by a dash, the second with or without its year ("1/17-1/18/2161",
#: "12/30-1/2"): the templates' boundaries keep a date from touching "-" and a digit, so a range
#: is read here as a whole
#: (ASCII digits: the regex module's \d takes digits Python's int() cannot read)
_MD_RANGE = regex.compile(r"(?<![\w/.:-])([0-9]{1,2})/([0-9]{1,2})[ \t]?-[ \t]?([0-9]{1,2})/([0-9]{1,2})"
                          r"(?:/([0-9]{4}|[0-9]{2}))?(?![\w/.:]|-\d)")
#: a clock time that opens or closes a shift: "11p", "7A", "7:30 am", "1900"
_SHIFT_TIME = r"(?:(?:1[0-2]|0?[1-9])(?::[0-5][0-9])?[ \t]?[apAP][mM]?|(?:[01][0-9]|2[0-3])[0-5][0-9])"
#: a dashed month/day before a shift's hours, as a nursing note's header writes it ("csru nsg note
#: 3-7 11p-7a", "NSG NOTE 12-1 7A-7P", "3-7 1900-0700"); ranges of counts have no shift after them
#: (ASCII digits, as _MD_RANGE)
_MD_SHIFT = regex.compile(r"(?<![\w/.:+-])((?:1[0-2]|0?[1-9])-(?:3[01]|[12][0-9]|0?[1-9]))[ \t]+"
                          rf"(?={_SHIFT_TIME}[ \t]?-[ \t]?{_SHIFT_TIME}(?![\w/:-]))")

#: a dashed month/day that its neighbours make a day: before a single clock time ("family mtg set
#: for 3-16 1100"), after a study, a procedure or the outside hospital ("ERCP 2-11 w/ stent", "placed
#: at OSH 3-31)"), or after a plan's word ("echo repeat ordered for 9-15."); and nothing after it
#: that makes it a range of counts ("2-3 L", "3-4 days" are dropped by the unit after them)
_MD_DASH = re.compile(r"\d\d?-\d\d?(?![\w/-])")  # (its month, day and what stands before it checked in code)
_MD_DASH_PARTS = re.compile(r"(?:1[0-2]|0?[1-9])-(?:3[01]|[12][0-9]|0?[1-9])")
_MD_DASH_CLOCK = re.compile(r"[ \t]+@?[ \t]?(?:[01][0-9]|2[0-3])[0-5][0-9](?![\w/:.-]|[ \t]*-[ \t]*\d)")
_MD_DASH_CUE = re.compile(r"(?i)(?<![\w/])(?:osh|ercp|egd|tee|tte|echo|cath|cta|mri|bronch"
                          r"|(?:ordered|set|scheduled|sched|planned|booked)[ \t]+for)[ \t]+\Z")
_MD_DASH_END = re.compile(r"[ \t]*(?:[,;)]|\.(?!\d)|$)|[ \t]+(?i:w/|with\b|and\b|at\b|if\b|in\b|for\b|@)", re.M)

#: "the 16th" after a word that a day of the month follows in notes ("ETA morning of the 3rd", "last
#: drink the 3rd per wife", "family conf the 16th 1100"), with nothing after it that makes it a rank
#: ("of the 4th ventricle", "the 2nd dose"): the ordinal found first, its neighbours then
_THE_ORD = re.compile(r"(?i)\bthe[ \t]+([12]?[0-9]|3[01])(st|nd|rd|th)\b")
_THE_ORD_CUE = re.compile(
    r"(?i)(?<![\w/])(?:(?:morning|night|evening|afternoon|week|weekend|day)[ \t]+of|eta|due|appt|mtg|meeting|conf"
    r"|conference|drink|change|changed|arrives|arriving|returns|expected|planned|scheduled|set[ \t]+for|around)[ \t]+\Z")
_THE_ORD_END = re.compile(r"[ \t]*(?:[,;)]|\.(?!\d)|$)|[ \t]+(?:(?:[01][0-9]|2[0-3])[0-5][0-9](?![\w:])"
                          r"|(?i:per|after|at|w/|with|and|@)\b|[0-9]{1,2}(?::[0-9]{2})?[ \t]?(?i:am|pm)\b)", re.M)


def _ordinal_ok(n: str, x: str) -> bool:
    """The suffix that goes with the number (1st, 2nd, 3rd, 11th, 22nd ...), and a day of a month."""
    k = int(n)
    want = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return 1 <= k <= 31 and x.lower() == want


def _range_dates(text: str, m: regex.Match, like: float, name: str, out: list[Candidate]) -> None:
    """The two dates of a range: both month/days must be valid, and without a year the range
    must read forward within a month or two ("1/17-1/18", "12/30-1/2"), which a pair of
    fractions or scores ("1/2-3/4", "4/5-5/5") seldom does."""
    m1, d1, m2, d2 = (int(m.group(k)) for k in (1, 2, 3, 4))
    if not (1 <= m1 <= 12 and 1 <= m2 <= 12 and 1 <= d1 <= 31 and 1 <= d2 <= 31):
        return
    if m.group(5) is None:
        if not ((m1 == m2 and d1 < d2 and d2 > 12) or (m2 == m1 % 12 + 1 and d1 > d2 and d1 > 12)):
            return
        if _READING_BEFORE.search(text, max(0, m.start() - 16), m.start()):
            return
    out.append(Candidate(m.start(), m.end(2), "date", like, name, "context:md-range"))
    out.append(Candidate(m.start(3), m.end(), "date", like, name, "context:md-range"))


def _clean_md(text: str, c: Candidate) -> bool:
    """A bare month/day with nothing around it that makes it a score, a reading or a fraction.

    In notes "CXR 3/12" and "last BM 3/12" are dates far more often than not, once vital signs,
    scores ("pain 8/10", "5/5 strength", "+2/+2 pulses") and plain fractions ("1/2", "3/4")
    are set aside.
    """
    if _LMP_BEFORE.search(text, max(0, c.start - 12), c.start):
        return True  # "lmp ~1/28", "EDD: 3/9": a pregnancy's dates
    approx = c.start > 0 and text[c.start - 1] == "~"
    if c.start > 0 and text[c.start - 1] in "+-±<>=" or approx and not _APPROX_DAY_BEFORE.search(
            text, max(0, c.start - 12), c.start - 1):
        return False  # ("d/c home ~11/5", "admission ~1/30": a day guessed at, after a plan's word)
    if text[max(0, c.start - 2):c.start] in ("= ", "=\t"):
        return False  # "(3+2+2 = 7/9)": a score's sum
    a, b = (int(x) for x in _numbers(text[c.start:c.end])[:2])  # the span may hold a time too
    if a <= 12 and _DAY_CUE_BEFORE.search(text, max(0, c.start - 48), c.start) \
            and not _READING_BEFORE.search(text, max(0, c.start - 16), c.start) \
            and not _RATING_NEAR.search(text, max(0, text.rfind("\n", 0, c.start) + 1, c.start - 40), c.start):
        return True  # "bed available 3/8", "graft tomorrow 4/10.", "s/p OLT 3/8 for NASH": a day, no share
    timed = _MD_CLOCK.fullmatch(text, c.start, c.end) is not None  # "3/4 1100", "3/2 8 am": a time in it
    if a <= 12 and (a, b) not in _PLAIN_FRACTIONS and (
            _LAST_BEFORE.search(text, max(0, c.start - 24), c.start)
            or a != b and b != 10 and (_MERIDIEM_AFTER.match(text, c.end) or timed or _AT_CLOCK.match(text, c.start) and not (
                b in _SCALE_TOPS and _READING_BEFORE.search(text, max(0, c.start - 16), c.start)))):
        return True  # "last dose 12/2", "transport for 3/24 AM": a day, not a share of a dose or a day
    if timed and a <= 12 and a != b and b != 10 and not _READING_BEFORE.search(text, max(0, c.start - 16), c.start) \
            and not _RATING_NEAR.search(text, max(0, text.rfind("\n", 0, c.start) + 1, c.start - 60), c.start):
        return True  # "WIC, 3/4 1100": a day and its hour, no share of a dose
    if (a, b) in _PLAIN_FRACTIONS and c.end == c.start + 3 and (
            text[c.end:c.end + 2] in (": ", ":\t", ":\n") or text[c.end:c.end + 1] == ")" and c.start and text[c.start - 1] == "("):
        # "1/2: seen in clinic", "(3/4)": a dated entry or a date in parentheses, no share
        k = c.start - 1 if text[c.start - 1:c.start] == "(" else c.start
        return not _READING_BEFORE.search(text, max(0, k - 16), k)
    if (a, b) in _PLAIN_FRACTIONS:
        return False
    if a == b:  # "10/10", "5/5", "6/6": a score, a grade or an acuity, unless a date's word is right before
        return a <= 12 and bool(_SAME_DATE_CUE.search(text, max(0, c.start - 18), c.start))
    if b == 7 and a <= 6 and _WEEKS_BEFORE.search(text, max(0, c.start - 12), c.start):
        return False  # "CGA 32 3/7", "GA 38 1/7 wks", "Day 5/7 cipro": days of a week, no date
    if a < b and b in (5, 10, 14, 21, 28) and _COURSE_DAY_BEFORE.search(text, max(0, c.start - 8), c.start):
        return False  # "nimodipine (day 4/21)", "abx day 3/10": a day of a course
    if b == 5 and (_strength_list(text, c.start) or _GRADE_NEXT.match(text, c.end) or _SIDE_AFTER.match(text, c.end)
                   or _LIMB_BEFORE.search(text, max(0, c.start - 14), c.start)):
        return False  # ("APB 4/5 R, 5/5 L": a list of strength grades)
    r = _READING_BEFORE.search(text, max(0, c.start - 16), c.start)
    if r and r.group().strip(" \t:=#").lower() == "of" and b not in (5, 6, 10) and a <= 12:
        # "as of 3/14", "night of 2/9", "week of 11/3": a date, unless a score or a reading
        # names what it is of ("score of 3/4", "grade of 2/6", "ratio of 1/3")
        k = r.start() + r.group().lower().index("of")
        if not _READING_BEFORE.search(text, max(0, k - 16), k):
            return True
    if r and 13 <= b <= 31 and 1 <= a <= 12 and _STUDY_BEFORE.search(text, max(0, c.start - 16), c.start):
        return True  # "ROP exam 10/26", "repeat study 3/17": a day only a date has, after a study
    if r and r.group().strip(" \t:=#").lower() in _DURATION_WORDS and b not in _DURATION_PARTS and a <= 12 and \
            not _OF_AFTER.match(text, c.end):
        return True  # "scheduled for 12/3", "accepted for 11/9": no share of a week, month or year
    if b == 10 and a <= 10 and _RATING_NEAR.search(text, max(0, text.rfind("\n", 0, c.start) + 1, c.start - 60),
                                                   c.start):
        return False  # "reassessed 1815 3/10", "CP 3/10, relieved", "mood 6/10": a rating out of ten
    return not r


#: the words before a month/day of equal parts that make it a date ("at work 6/6", "RTC 1 wk,
#: 10/10", "seen 4/4", "on 3/3")
_SAME_DATE_CUE = regex.compile(r"(?i)(?<![\p{L}/])(?:on|since|until|till|dated|work|seen|appt|rtc[ \t]+\d+[ \t]*\w+,?"
                               r"|rtc|f/u|fu|next|(?:fly|flies|flying|back|home|come|coming|arrive|arriving)[ \t]+in"
                               r"|snf|rehab|wean|tomorrow|tmrw|today|by|d/c|dc|discharge|admit|admitted"
                               r"|arrives|arrive|arriving|office|available|avail)[ \t]*$")
#: a month/day and the time of day the date's template took with it ("3/4 1100", "3/2 8 am")
_MD_CLOCK = regex.compile(r"\d{1,2}/\d{1,2}[ \t]+(?:(?:[01]\d|2[0-3])[0-5]\d|\d{1,2}(?::[0-5]\d)?[ \t]?(?i:am|pm)"
                          r"|\d{1,2}:[0-5]\d)")
#: a plan's word before "~" and a month/day: "d/c home w/ daughter ~11/5", "admission ~1/30"
_APPROX_DAY_BEFORE = regex.compile(r"(?i)(?<![\p{L}])(?:d/c|dc|discharge|home|daughter|son|admission|admit|return"
                                   r"|surgery|delivery|due|edd|start|starting|until|by|around|on|transfer|placement)"
                                   r"(?:[ \t]+w/[ \t]+\p{L}+)?[ \t]*$")
#: what makes the month/day after it a day: the last or next of a dose, a visit, an admission
#: ("last dose 12/2", "next appt 3/14", "last admit 5/30", "last full hd 9/9")
_LAST_BEFORE = regex.compile(r"(?i)(?<![\p{L}])(?:last|next|prior|previous)[ \t]+(?:\p{L}{2,10}[ \t]+)?(?:dose|admit|admission|visit|appt"
                             r"|appointment|seen|session|transfusion|tx|treatment|chemo|dialysis|hd|infusion|cycle)"
                             r"[ \t:]*(?:on|was)?[ \t]*$")
#: a limb or a side whose strength is graded out of five ("L leg 4/5", "R hemiparesis 1/5", "r side 2/5")
_LIMB_BEFORE = regex.compile(r"(?i)(?<![\p{L}])(?:legs?|arms?|side|hemiparesis|hemiplegia|drift|can)[ \t:=]{1,3}$")
#: what a day follows even when its parts read as a plain fraction or a rating: a day's word ("tomorrow
#: 4/10"), a bed or a hearing that is set for a day ("bed available 3/8", "hearing set for 5/12"),
#: a procedure after "s/p" ("s/p OLT 3/8", "s/p catheter-directed tPA 1/2")
_DAY_CUE_BEFORE = regex.compile(
    r"(?i)(?:(?<![\p{L}])(?:tomorrow|tmrw|today|yesterday|tonight|bed[ \t]+(?:is[ \t]+)?(?:available|offered|open)"
    r"|hearing(?:[ \t]+(?:is|set|scheduled))?[ \t]+(?:for|on)|sick[ \t]+call[ \t]+req(?:uest)?)"
    r"|(?<![\p{L}/])s/p[ \t]+(?:[\p{L}][\p{L}/-]*[ \t]+){1,3})[ \t:,(]*$")
#: a month/day, then "at" or "@" and a clock time: "session 10/14 at 1300", "3/2 @ 14:30"
_AT_CLOCK = regex.compile(r"\d{1,2}/\d{1,2}[ \t]+(?:at|@)[ \t]*(?:(?:[01]\d|2[0-3])[0-5]\d|\d{1,2}:[0-5]\d)(?![\d:])")
#: the tops of the grades and scales a reading is given out of ("strength 4/5 at 1300")
_SCALE_TOPS = frozenset({3, 4, 5, 6, 10, 15, 30})
#: a pregnancy's date labels before a month/day ("lmp ~1/28", "EDD: 3/9")
_LMP_BEFORE = regex.compile(r"(?i)(?<![\p{L}])(?:lmp|edc|edd)[ \t]*[:=]?[ \t]*~?[ \t]*$")
#: a time of day's half after a month/day: "3/24 AM", "3/2 8 am"
_MERIDIEM_AFTER = regex.compile(r"[ \t]+(?:\d{1,2}(?::\d\d)?[ \t]?)?(?i:am|pm|a\.m\.|p\.m\.)(?![\p{L}])")
#: before "d/7": a gestational age's whole weeks ("CGA 32 3/7") or a course's day ("Day 5/7")
_WEEKS_BEFORE = regex.compile(r"(?:(?<![\d/.:])(?:2\d|3\d|4[0-4])|(?<![\p{L}'’])(?i:day|d|ga|cga|pma|ega))[ \t]+$")
_COURSE_DAY_BEFORE = regex.compile(r"(?<![\p{L}'’])(?i:day|d)[ \t#]*$")
#: a rating's words (or a time of day right before) on the line before an "x/10"
_RATING_NEAR = regex.compile(
    r"(?i:pain|cp|ha|h/a|headache|rated?|rates|rating|scale|reassess\w*|mood|anxiety|cravings?|score|level"
    r"|nausea|sob|discomfort|dyspnea|fatigue|urge|intensity|severity|medicated|relief|relieved"
    r"|odynophagia|dysphagia|lbp|ache|aching|soreness|tenderness|cramping|burning|numbness|tingling"
    r"|throbbing|reports|endorses|rates|dizziness|dizzy|vertigo|itch|itching|pruritus)(?![\p{L}])"
    r"|(?<![\d/:.])(?:[01]\d|2[0-3])[0-5]\d[ \t]+$")
#: the words before a British duration's fraction ("for 5/7", "in 2/12", "over 3/52")
_DURATION_WORDS = frozenset({"for", "in", "over", "within", "past"})
#: its denominators: days of a week, months of a year, weeks of a year, hours of a day
_DURATION_PARTS = frozenset({7, 12, 24, 52})
_OF_AFTER = regex.compile(r"[ \t]*(?:of|x|times)\b", regex.IGNORECASE)

#: a side after a grade out of 5: "empty can 4/5 R", "4/5 (L)", "5/5 bilat"
_SIDE_AFTER = regex.compile(r"[ \t]*(?:\(?[RL]\)?(?![\w/])|(?i:bilat(?:erally)?|b/l|rue|lue|rle|lle|bue|ble)\b)")
#: another strength grade a few characters on: "4/5 R, 5/5 L"
_GRADE_NEXT = regex.compile(r"[^\n\d]{0,12}?\d[+-]?/5(?!\d)")
#: a study or an exam right before a month/day: "ROP exam 10/26", "repeat echo 3/17"
_STUDY_BEFORE = regex.compile(r"(?i:exam|study|scan|test|visit|echo|ct|mri|cxr|us|eeg|emg|labs?)[ \t:]*$")
#: a manual muscle test named, or a graded strength ("3+/5", "4-/5"), earlier on the line
_STRENGTH_NEAR = regex.compile(r"(?<![\p{L}\d])(?:mmt|strength|motor|power)(?![\p{L}])|\d[+-][ \t]?/[ \t]?5(?!\d)",
                               regex.IGNORECASE)


def _strength_list(text: str, start: int) -> bool:
    """"MMT 3+/5 hip flex, 4/5 ankle DF": an x/5 in a list of strength grades, not May 5th."""
    lo = max(0, start - 48)
    nl = text.rfind("\n", lo, start)
    return bool(_STRENGTH_NEAR.search(text, nl + 1 if nl >= 0 else lo, start))


def _day_only(text: str, s: int, e: int) -> bool:
    """The second number of "a/b" can only be a day (13-31) and the first a month: no 1-12 scale."""
    digits = _numbers(text[s:e])
    return len(digits) >= 2 and 1 <= int(digits[0]) <= 12 and 13 <= int(digits[1]) <= 31


def _pain_score(text: str, c: Candidate) -> bool:
    """"x/10" with pain or a score named shortly before: "Pain 6/10 ... relief to 2/10"."""
    digits = _numbers(text[c.start:c.end])
    return len(digits) >= 2 and digits[1] == "10" and bool(
        _SCORE_NEAR.search(text, max(0, c.start - 48), c.start))


def _at_line_start(text: str, start: int) -> bool:
    """Only blanks between the previous newline (or the start of the text) and `start`."""
    i = start - 1
    while i >= 0 and text[i] in " \t":
        i -= 1
    return i < 0 or text[i] == "\n"


def _drop_contained(cands: list[Candidate]) -> list[Candidate]:
    """Drop each candidate lying inside another that is at least as likely (and drop duplicates).

    The arbiter would decide the same; dropping here keeps `scrub detect` output readable.
    Dates are short, so only a few earlier candidates can contain a later one.
    """
    cands = sorted(cands, key=lambda c: (c.start, -c.end, -c.likelihood, c.why))
    kept: list[Candidate] = []
    for c in cands:
        contained = False
        for k in kept[-8:]:
            if k.start <= c.start and c.end <= k.end and k.likelihood >= c.likelihood:
                contained = True
                break
        if not contained:
            kept.append(c)
    return kept
