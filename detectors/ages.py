"""The age detector (scrub.ages.v1): a person's age in years (or months, weeks, days for infants).

Its patterns are the templates of templates/ages.toml; code adds the validators that split ages
over 89 (a HIPAA identifier) from younger ones, and the context that makes a number after
"turned" or before "M"/"F" a quantity or a temperature instead ("turn 90 degrees", "99 F").
"""
from __future__ import annotations

import re
from functools import cached_property

import regex

from scrub.detector import Detector
from scrub.templates import pad_windows as _pad
from scrub.templates import TemplateMatcher
from scrub.types import Candidate, Document

#: the oldest documented human lived 122 years: a larger "age" is something else
MAX_AGE = 125
HIPAA_AGE = 89

_UNITS = ("one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
          "fifteen sixteen seventeen eighteen nineteen").split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_NUMBER_WORDS = {w: i for i, w in enumerate(_UNITS, start=1)}

#: stdlib `re`: validators run once per match, and `re` costs less per call than `regex`
_LEAD_NUMBER = re.compile(r"\d+")
_LEAD_WORDS = regex.compile(r"\p{L}+")


def age_value(s: str) -> int | None:
    """The whole years an age phrase states: "47-year-old" → 47, "7 and 6/12" → 7, "ninety-two" → 92."""
    m = _LEAD_NUMBER.search(s)
    if m:
        return int(m.group())
    words = [w.lower() for w in _LEAD_WORDS.findall(s)]
    total = 0
    for i, w in enumerate(words):
        if w == "hundred":
            total = max(total, 1) * 100
        elif w in _TENS:
            total += _TENS[w]
        elif w in ("a", "and") or (w == "one" and words[i + 1:i + 2] == ["hundred"]):
            continue  # "a hundred", "one hundred and two": the hundred counts
        elif w in _NUMBER_WORDS:
            total += _NUMBER_WORDS[w]
        else:
            break
    return total or None


def age_over_89(s: str) -> bool | None:
    """Kept only for an age of 90 to 125: the ages HIPAA Safe Harbor counts as identifiers."""
    v = age_value(s)
    return None if v is not None and HIPAA_AGE < v <= MAX_AGE else False


def age_upto_89(s: str) -> bool | None:
    """Kept only for an age of 89 or under (0 is no age)."""
    v = age_value(s)
    return None if v is not None and 0 < v <= HIPAA_AGE else False


#: a unit after the number makes "turned 90"/"age 100" a quantity: "turn 90 degrees", "now 100%"
_UNIT_AFTER = regex.compile(
    r"[ \t]{0,3}(?:degrees?|°|%|percent|mg|mcg|g|kg|lbs?|ml|cc|units?|times|x|mm|cm|m|ft|"
    r"feet|miles?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|mos?|seconds?|sec|"
    r"bpm|beats|breaths|mmhg|/)(?![\p{L}\d])", regex.IGNORECASE)
#: "47M": the letter must be a capital standing alone, not "5 m" (metres) or "18 F Foley"
_SEX_LETTER = regex.compile(r"[ \t]?(?-i:[MF])(?![\p{L}\d])")
_DEVICE_AFTER = regex.compile(r"[ \t]{0,3}(?:foley|catheter|cath|sheath|french|fr|tube|ett|ngt|"
                              r"needle|gauge|ga|iv)\b", regex.IGNORECASE)
_TEMP_BEFORE = regex.compile(r"(?:temp|t|tmax|tm|temperature|fever|febrile|°)[ \t:]{0,3}$",
                             regex.IGNORECASE)

#: Gates: each template scans only windows around the one cheap thing it cannot do without:
#: the word "old", "yo"/"y/o"/"yr" right after a digit, a label word ("age", "turned"), or a
#: digit before a capital M/F. Words are found in one Aho-Corasick pass over the lower-cased
#: text (far cheaper than a regex alternation); (room before, room after) each hit:
_ROOM = {"old": (40, 4), "old_words": (40, 4), "old_infant": (40, 4), "yo": (5, 8), "label": (0, 28), "sex": (4, 4), "of_age": (20, 7),
         "decade": (18, 2), "subject": (0, 0), "birthday": (8, 9),
         "any": (48, 24)}
_GATE_WORDS = {"old": ("old",), "yo": ("yo", "y/o", "y.o", "yr"),
               "label": ("age", "turn", "now"), "birthday": ("birthday", "bday", "b-day"), "of_age": ("of age",), "decade": ("90s", "90's", "90’s",
                                                                           "nineties"),
               # "she is 92", "he's 101": a verb and the first digit of an age over 89 (code's
               # rule, _subject_ages; no template)
               "subject": ("is 9", "is 1", "was 9", "was 1", "'s 9", "'s 1", "’s 9", "’s 1")}
#: the letter first: `re` skips to a literal class quickly, where a pattern led by a digit
#: would be tried at every digit of a table of numbers
_SEX_LETTER_GATE = re.compile(r"[MF](?![A-Za-z])")


def _sex_hits(text: str) -> list[tuple[int, int]]:
    """Spans of a digit, an optional blank and a capital M or F standing alone ("47M", "92 F"),
    or of a digit, a "y"/"yo" and the letter ("93yF", "92 yo M")."""
    out = []
    for m in _SEX_LETTER_GATE.finditer(text):
        i = m.start()
        if i >= 1 and text[i - 1].isdecimal():
            out.append((i - 1, i + 1))
        elif i >= 2 and text[i - 1] in " \t" and text[i - 2].isdecimal():
            out.append((i - 2, i + 1))
        else:
            k = i - 1 if i >= 1 and text[i - 1] in " \t" else i
            if k >= 2 and text[k - 1] in "oO" and text[k - 2] in "yY":
                k -= 2
            elif k >= 1 and text[k - 1] in "yY":
                k -= 1
            else:
                continue
            if k >= 1 and text[k - 1] in " \t-":
                k -= 1
            if k >= 1 and text[k - 1].isdecimal():
                out.append((k - 1, i + 1))
    return out


#: The word right before "old" says which templates can end there: a unit of years after a
#: digit ("47-year-old"), "year(s)" after a number word ("seventy-year-old"), a unit of an
#: infant's age after a digit ("6-month-old"); "the old man", "years old" after no number,
#: open no window (each window is searched by every template of its gate).
_YEAR_UNITS = frozenset(("years", "year", "yrs", "yr", "y"))
_INFANT_UNITS = frozenset(("months", "month", "mos", "mo", "weeks", "week", "wks", "wk", "days", "day"))


def _old_gate(low: str, start: int) -> str | None:
    """The gate of an "old" at `start` of the lower-cased text, by the words before it.

    "old_at:<n>": a unit of years after the number starting at n ("47-year-old"): the only
    place a match ending at this "old" can start, so it is tried there, not searched for.
    """
    lo = max(0, start - 40)  # a window reaches 40 characters back
    j = start
    while j > lo and low[j - 1].isspace():
        j -= 1
    if j == start and j > lo and low[j - 1] == "-":
        j -= 1
    if j > lo and low[j - 1] == ".":
        j -= 1
    k = j
    while k > lo and low[k - 1].isalpha():
        k -= 1
    unit = low[k:j]
    i = k  # an optional blank run or dash between the number and the unit
    while i > lo and low[i - 1].isspace():
        i -= 1
    if i == k and i > lo and low[i - 1] == "-":
        i -= 1
    before = low[i - 1] if i > 0 else ""
    if unit in _YEAR_UNITS:
        if before.isdecimal():
            r = i - 1
            while r > lo and low[r - 1].isdecimal():
                r -= 1
            if (r > lo or r == 0) and (r == 0 or low[r - 1] != "/"):
                # not the "12" of "7 and 6/12 year old", nor cut by the window's reach
                return f"old_at:{r}"
        if before.isdigit():
            return "old"
        if i < k and before.isalpha() and unit in ("years", "year"):
            return "old_words"
    elif unit in _INFANT_UNITS and before.isdigit():
        return "old_infant"
    return None


_GATE_OF = {
    "age.years_old.over89": "old", "age.years_old": "old", "age.words.over89": "old_words",
    "age.words": "old_words", "age.infant": "old_infant", "age.yo.over89": "yo", "age.yo": "yo",
    "age.labelled.over89": "label", "age.labelled": "label", "age.sex_letter.over89": "sex",
    "age.sex_letter": "sex", "age.years_of_age.over89": "of_age", "age.years_of_age": "of_age",
    "age.decade.over89": "decade", "age.y_sex.over89": "sex", "age.y_sex": "sex",
    "age.birthday.over89": "birthday", "age.birthday": "birthday",
}
_AUTOMATON = None


def _automaton():
    import ahocorasick  # a core dependency; imported here so the module loads without it

    a = ahocorasick.Automaton()
    for gate, words in sorted(_GATE_WORDS.items()):
        for w in words:
            a.add_word(w, (gate, len(w)))
    a.make_automaton()
    return a


def gate_hits(text: str) -> dict[str, list[tuple[int, int]]]:
    """Spans of each gate's hits, sorted; "any" holds them all (for a user's own templates)."""
    global _AUTOMATON
    if _AUTOMATON is None:
        _AUTOMATON = _automaton()  # built once per process; read-only afterwards
    hits: dict[str, list[tuple[int, int]]] = {g: [] for g in _ROOM}
    low = text.lower()
    same_length = len(low) == len(text)  # else offsets in `low` are not the text's: search
    raw_old: list[tuple[int, int]] = []
    hits["old_at"] = []
    for end, (gate, size) in _AUTOMATON.iter(low):
        start = end + 1 - size
        if gate == "subject":
            if same_length:  # offsets into the text itself: code reads it there
                hits[gate].append((start, end + 1))
            continue
        if gate == "yo":
            # right after a number: "47yo", "47 y/o"
            before = low[max(0, start - 2):start]
            if not before or not (before[-1].isdigit() or (before[-1] in " \t-" and before[:1].isdigit())):
                continue
        elif start > 0 and low[start - 1].isalpha():
            # "page", "know", "cold"; but a unit glued to "old" ("47-yearold", "12-monthsold")
            # is what the templates allow ({_,-}? before "old"): _old_gate reads the unit
            if gate != "old" or low[start - 1] not in "srhyko" or _old_gate(low, start) is None:
                continue
        else:
            if gate == "old":
                raw_old.append((start, end + 1))
        if gate == "old":
            gate = _old_gate(low, start)
            if gate is None:
                continue
            if gate.startswith("old_at:"):
                if same_length:
                    hits["old_at"].append((int(gate[7:]), end + 1))
                    continue
                gate = "old"
        hits[gate].append((start, end + 1))
    hits["sex"] = _sex_hits(text)
    hits["any"] = sorted(h for g in ("yo", "label", "sex", "of_age", "decade") for h in hits[g])
    hits["any"] = sorted(hits["any"] + raw_old)
    return hits



#: the age after "is"/"was": two or three digits standing alone, then the end of a clause or a
#: word that goes on about the person ("and", "lives", "years"), never a unit or a decimal
_AGE_AFTER_VERB = re.compile(
    r"(\d{2,3})(?=[ \t]*(?:$|[,;!)\n]|\.(?!\d)|(?:and|but|lives|living|who|yo|y/o|y\.o|years?|yrs?)(?![^\W\d_])))",
    re.IGNORECASE)
#: the person it is said of, right before the verb ("she is", "Pt was", "mother's")
_SUBJECT_BEFORE = re.compile(
    r"(?<![^\W\d_])(?:she|he|pt|patient|who|mother|father|mom|dad|husband|wife|grandmother|"
    r"grandfather|resident)[ \t]*$", re.IGNORECASE)

_LABELLED = ("template:age.labelled", "template:age.labelled.over89")
_SEX = ("template:age.sex_letter", "template:age.sex_letter.over89")
_Y_SEX = ("template:age.y_sex", "template:age.y_sex.over89")


#: a person's word, then an age over 89 in parentheses or between commas (see detect)
#: family words, as an alternation
_FAMILY = r"(?:great-)?(?:grand)?(?:mother|father)|grandma|grandpa|husband|wife|spouse|sister|brother|aunt|uncle"
_KIN_AGE = re.compile(
    r"(?<![\w-])(?i:" + _FAMILY + r"|mom|dad|neighbou?r|friend|patient|pt|resident|partner)"
    r"(?:[ \t]*\((9\d|1[01]\d)\)|,[ \t]*(9\d|1[01]\d)(?=,))")
#: a person's word and the name (or a word on whose side) after it, then an age over 89 between
#: commas or ending the line: "great-grandmother Consuelo, 94, who", "GREAT-GRANDMOTHER ODESSA LONG,
#: 94, VERY CLOSE", 'Husband Zbigniew ("Zbyszek"), 91, at home', "Mrs. Rosa Gutierrez Ochoa, 93",
#: "grandmother Ottavia Marchetti (94)", "(caregiver for harriet love, 97)"
_KIN_NAMED_AGE = re.compile(
    r"(?<![\w-])(?i:" + _FAMILY + r"|mrs|mr|ms|caregiver for|cares for|caring for)\.?"
    r"(?:[ \t]+(?!(?i:here|at|is|was|in|present|states|said|says|called|visited|home|bedside|and|to|with|w/)\b)"
    r"[^\s,.;:\d()]{2,}|[ \t]*\([^()\n\d]{1,30}\)){1,4}"
    r"(?:,[ \t]*(9\d|1[01]\d)(?=[ \t]*(?:[,;)]|\n|$))|[ \t]+\((9\d|1[01]\d)\))")
#: "    96 years    ": a number over 89 and its unit set off by two blanks or a tab on both sides
_FIELD_AGE = re.compile(r"(?<![\w./-])(?:9\d|1[01]\d)[ \t]?(?:years?|yrs?|y/?o|yo)(?![\w/])")
_FIELD_END = re.compile(r"[ \t]{2,}|\t|[ \t]*\n|[ \t]*$")


def _wide_gap_before(text: str, s: int) -> bool:
    """Two blanks or a tab right before `s`, after something on the line."""
    j = s
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    gap = text[j:s]
    return j > 0 and text[j - 1] != "\n" and ("\t" in gap or len(gap) >= 2)


class AgeDetector(Detector):
    """Ages from templates with likelihoods; over 89 above the threshold, younger below it."""

    name = "scrub.ages.v1"
    entities = ("age",)
    template_families = ("ages",)

    def validators(self) -> dict:
        return {"age_over_89": age_over_89, "age_upto_89": age_upto_89}

    @cached_property
    def gated(self) -> list[tuple[str, TemplateMatcher]]:
        """(gate, matcher of the templates behind that gate), in a fixed order."""
        groups: dict[str, list] = {}
        for t in self.templates:
            groups.setdefault(_GATE_OF.get(t.id, "any"), []).append(t)
        return [(g, TemplateMatcher(groups[g], self.name, self.validators())) for g in sorted(groups)]

    @staticmethod
    def windows(text: str, hits: dict[str, list[tuple[int, int]]], gate: str) -> list[tuple[int, int]]:
        """The parts of the text worth scanning for the templates behind `gate`."""
        before, after = _ROOM[gate]
        return _pad(text, hits[gate], before, after)

    def detect(self, doc: Document) -> list[Candidate]:
        text = doc.text
        out: list[Candidate] = []
        if "(9" in text or "(1" in text or "," in text and (", 9" in text or ", 1" in text or ",9" in text
                                                            or ",1" in text or ",\t" in text):
            for m in _KIN_AGE.finditer(text):
                # "great-grandmother (91)", "Sister, 95, lives alone": a person's age over 89
                g = 1 if m.group(1) is not None else 2
                out.append(Candidate(m.start(g), m.end(g), "age", self.field_like, self.name, "context:kin_age_over89"))
            for m in _KIN_NAMED_AGE.finditer(text):
                g = 1 if m.group(1) else 2  # ", 94," or " (94)" after the name
                out.append(Candidate(m.start(g), m.end(g), "age", self.field_like, self.name, "context:kin_age_over89"))
        if "  " in text or "\t" in text:
            for m in _FIELD_AGE.finditer(text):
                # 'Doyle, Wilhelmina    96 years    MRN ...': an age over 89 in a header's field,
                # set off by two blanks or a tab on both sides (checked by hand: cheap)
                s, e = m.span()
                if _wide_gap_before(text, s) and _FIELD_END.match(text, e):
                    out.append(Candidate(s, e, "age", self.field_like, self.name, "context:field_age_over89"))
        hits = gate_hits(text)
        if not hits["any"] and not hits["old_at"] and not any(hits.values()):
            return out  # no gate word, number before "old" nor sex letter: no age
        found = [c for gate, matcher in self.gated if hits[gate]
                 for c in matcher.match(text, self.windows(text, hits, gate))]
        if hits["old_at"]:
            # (number, end of its "old"): a match there ends at that "old"; four characters
            # after it let the boundary after "old" see what a window would show it
            n = len(text)
            for gate, matcher in self.gated:
                if gate == "old":
                    found.extend(matcher.match_at(text, [(r, min(n, e + 4)) for r, e in hits["old_at"]]))
        for c in found:
            if c.why in _LABELLED and _UNIT_AFTER.match(text, c.end, min(len(text), c.end + 16)):
                continue
            if c.why in _SEX and not self._sex_letter(text, c):
                continue
            if c.why in _Y_SEX and (text[c.end - 1] in "oO" and text[c.end:c.end + 1] in (" ", "\t")
                                    or not self._sex_letter(text, c, temperature=False)):
                # "92 yo M" is the yo template's; "yo"/"y" says age: no "T 99 F" to fear
                continue
            out.append(c)
        if hits["subject"]:
            out.extend(self._subject_ages(text, hits["subject"]))
        return _drop_contained(out)

    #: an age over 89 standing as a header's field, set off by wide gaps
    field_like = 0.9

    def _subject_ages(self, text: str, spans: list[tuple[int, int]]) -> list[Candidate]:
        """"she is 92, lives w/ son", "Pt is 101.", "mother's 94 and": an age over 89 said of a
        person with "is"/"was", standing alone (no unit, reading, decimal nor "on RA" after it)."""
        out = []
        n = len(text)
        for s, e in spans:
            if s and text[s - 1] not in " \t" and text[s] not in "'’":
                continue  # "this 9", "vis 1"
            m = _AGE_AFTER_VERB.match(text, e - 1, min(n, e + 24))
            if m is None or not HIPAA_AGE < int(m.group(1)) <= MAX_AGE:
                continue
            if not _SUBJECT_BEFORE.search(text, max(0, s - 16), s):
                continue
            out.append(Candidate(m.start(1), m.end(1), "age", 0.9, self.name, "context:subject-is"))
        return out

    @staticmethod
    def _sex_letter(text: str, c: Candidate, temperature: bool = True) -> bool:
        """"47M" / "92 F" is age and sex, not a temperature ("T 99 F") or a catheter ("18 F Foley")."""
        m = _SEX_LETTER.match(text, c.end, min(len(text), c.end + 2))
        if m is None:
            return False
        if _DEVICE_AFTER.match(text, m.end(), min(len(text), m.end() + 16)):
            return False
        if not temperature:
            return True
        if _TEMP_BEFORE.search(text, max(0, c.start - 16), c.start):
            return False
        # 93-110 F is a body temperature far more often than a very old woman
        return not (text[m.end() - 1] == "F" and 93 <= int(text[c.start:c.end]) <= 110)


def _drop_contained(cands: list[Candidate]) -> list[Candidate]:
    """Drop each candidate inside another at least as likely ("69" of "turned 69 years old").

    The arbiter would decide the same; dropping here keeps `scrub detect` output readable.
    """
    cands = sorted(cands, key=lambda c: (c.start, -c.end, -c.likelihood, c.why))
    kept: list[Candidate] = []
    for c in cands:
        for k in kept[-8:]:
            if k.start <= c.start and c.end <= k.end and k.likelihood >= c.likelihood:
                break
        else:
            kept.append(c)
    return kept
