"""Dates and ages: read the written form of a date into its parts, then write it back with less
detail (month and year, year) or shifted by a number of days, in the original's own style.
Pure functions; None means "cannot read this date" and the caller falls back.
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from functools import lru_cache

import regex

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")
_MONTH_OF: dict[str, int] = {}
for _i, _m in enumerate(MONTHS, 1):
    _MONTH_OF[_m] = _i
    _MONTH_OF[_m[:3]] = _i
_MONTH_OF["sept"] = 9
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY_OF: dict[str, int] = {}
for _i, _w in enumerate(WEEKDAYS):
    _WEEKDAY_OF[_w] = _i
    _WEEKDAY_OF[_w[:3]] = _i
for _a, _i in (("tues", 1), ("wed", 2), ("thur", 3), ("thurs", 3)):
    _WEEKDAY_OF[_a] = _i
ORDINAL_WORDS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh "
                 "twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth "
                 "nineteenth twentieth twenty-first twenty-second twenty-third twenty-fourth "
                 "twenty-fifth twenty-sixth twenty-seventh twenty-eighth twenty-ninth thirtieth "
                 "thirty-first").split()
_ORDWORD_OF = {w: i for i, w in enumerate(ORDINAL_WORDS, 1)}

_NON_DIGIT = regex.compile(r"\D")
_LETTERS = regex.compile(r"[a-z]+")
_YEARS_OLD = regex.compile(r"(?i)^ +(?:years?|yrs?) +old\b")
_TOKEN = regex.compile(r"(?P<word>[A-Za-z]+(?:-[A-Za-z]+)?\.?)|(?P<num>'?\d+(?:st|nd|rd|th)?)"
                       r"|(?P<other>[^A-Za-z\d]+)")


@dataclass(frozen=True)
class Tok:
    kind: str      # W weekday, M month name, m month number, D day, Y year, L literal
    text: str


@dataclass(frozen=True)
class ParsedDate:
    toks: tuple[Tok, ...]
    year: int | None
    month: int | None
    day: int | None


def _century(yy: int, pivot: int) -> int:
    return 2000 + yy if yy < pivot else 1900 + yy


@lru_cache(maxsize=1 << 14)
def parse(text: str, *, day_first: bool = False, pivot: int = 30) -> ParsedDate | None:
    """The parts of a written date, or None. Reads "Wednesday, February 2, 1994", "05/26/86",
    "1994-02-02", "1-MAR-91", "March 1st", "first of March", "June of 1993", "Feb '91"."""
    raw = [(m.lastgroup, m.group()) for m in _TOKEN.finditer(text)]
    if "".join(t for _, t in raw) != text:
        return None
    toks: list[list[str]] = []  # [kind, text]
    nums: list[int] = []        # indices of unresolved numbers
    for kind, t in raw:
        if kind == "word":
            w = t.rstrip(".").lower()
            if w in _WEEKDAY_OF:
                toks.append(["W", t])
            elif w in _MONTH_OF:
                toks.append(["M", t])
            elif w in _ORDWORD_OF:
                toks.append(["D", t])
            elif w in ("of", "the", "on", "at", "in"):
                toks.append(["L", t])
            else:
                return None
        elif kind == "num":
            if not _NON_DIGIT.sub("", t).isdecimal():
                return None  # a digit the regex module's newer Unicode knows and int() does not
            toks.append(["?", t])
            nums.append(len(toks) - 1)
        else:
            toks.append(["L", t])
    has_month_name = any(k == "M" for k, _ in toks)
    # years first: four digits, or an apostrophe year
    for i in list(nums):
        t = toks[i][1]
        if len(t) == 4 and t.isdigit() or t.startswith("'"):
            toks[i][0] = "Y"
            nums.remove(i)
    if has_month_name:
        for i in list(nums):
            t = toks[i][1]
            digits = _NON_DIGIT.sub("", t)
            if not digits:
                return None
            have_d = any(k == "D" for k, _ in toks)
            have_y = any(k == "Y" for k, _ in toks)
            if not have_d and int(digits) <= 31:
                toks[i][0] = "D"
            elif not have_y and len(digits) == 2 and t.isdigit():
                toks[i][0] = "Y"
            else:
                return None
            nums.remove(i)
    else:
        plain = [i for i in nums if toks[i][1].isdigit()]
        if len(plain) != len(nums):
            return None
        has_year = any(k == "Y" for k, _ in toks)
        if len(nums) == 3 and not has_year:
            a, b, c = (int(toks[i][1]) for i in nums)
            order = "DMY" if (day_first or a > 12) and b <= 12 else "MDY"
            for i, k in zip(nums, order):
                toks[i][0] = k if k != "M" else "m"
        elif len(nums) == 2 and has_year:
            yi = next(i for i, (k, _) in enumerate(toks) if k == "Y")
            if yi < nums[0]:  # 1994-02-02
                toks[nums[0]][0], toks[nums[1]][0] = "m", "D"
            else:
                a, b = (int(toks[i][1]) for i in nums)
                order = "DM" if (day_first or a > 12) and b <= 12 else "MD"
                for i, k in zip(nums, order):
                    toks[i][0] = k if k != "M" else "m"
        elif len(nums) == 2 and not has_year:
            a, b = (int(toks[i][1]) for i in nums)
            t2 = toks[nums[1]][1]
            if b > 31 or len(t2) == 2 and b > 12 and a <= 12 and not day_first and b > 31:
                toks[nums[0]][0], toks[nums[1]][0] = "m", "Y"   # 05/86
            elif (day_first or a > 12) and b <= 12:
                toks[nums[0]][0], toks[nums[1]][0] = "D", "m"
            else:
                toks[nums[0]][0], toks[nums[1]][0] = "m", "D"
        elif len(nums) == 1 and has_year:
            toks[nums[0]][0] = "m"                              # 1994-02, 02/1994
        elif len(nums) == 0 and has_year and len([k for k, _ in toks if k == "Y"]) == 1:
            pass                                               # a year alone
        else:
            return None
    kinds = [k for k, _ in toks]
    if kinds.count("Y") > 1 or kinds.count("D") > 1 or kinds.count("M") + kinds.count("m") > 1:
        return None
    year = month = day = None
    for k, t in toks:
        if k == "Y":
            d = _NON_DIGIT.sub("", t)
            year = int(d) if len(d) == 4 else _century(int(d), pivot)
        elif k == "M":
            month = _MONTH_OF[t.rstrip(".").lower()]
        elif k == "m":
            month = int(t)
        elif k == "D":
            w = t.lower()
            day = _ORDWORD_OF[w] if w in _ORDWORD_OF else int(_NON_DIGIT.sub("", t))
    if month is not None and not 1 <= month <= 12:
        return None
    if day is not None and not 1 <= day <= 31:
        return None
    if year is None and month is None:
        return None
    return ParsedDate(tuple(Tok(k, t) for k, t in toks), year, month, day)


def _month_name(model: str, month: int) -> str:
    name = MONTHS[month - 1]
    bare = model.rstrip(".")
    if bare.lower() == "sept":
        word = "sep" if month != 9 else "sept"
    elif len(bare) <= 3:
        word = name[:3]
    else:
        word = name
    dot = "." if model.endswith(".") and len(word) < len(name) else ""
    return _case(bare, word) + dot


def _case(model: str, word: str) -> str:
    if model.isupper() and len(model) > 1:
        return word.upper()
    if model.islower():
        return word.lower()
    return word.capitalize()


def keep_month_year(p: ParsedDate, original: str) -> str:
    """"Wednesday, February 2, 1994" → "February, 1994"; "05/26/86" → "05/86"; "March 1st" →
    "March"; a date with no day is returned as written."""
    kinds = [t.kind for t in p.toks]
    if "D" not in kinds and "W" not in kinds:
        return original
    month = next((t for t in p.toks if t.kind in ("M", "m")), None)
    year = next((t for t in p.toks if t.kind == "Y"), None)
    if month is None:
        return original
    if year is None:
        if month.kind == "M":
            return month.text
        return _case("Xx", MONTHS[p.month - 1]) if p.month else original
    mi, yi = p.toks.index(month), p.toks.index(year)
    lits = [t.text for t in p.toks[min(mi, yi) + 1:max(mi, yi)] if t.kind == "L"]
    if not lits:
        sep = " " if month.kind == "M" else "/"
    elif mi < yi:
        sep = lits[-1]   # the separator written before the year: "February 2, 1994" → ", "
    else:
        sep = lits[0]    # the separator written after the year: "1994-02-02" → "-"
    return year.text + sep + month.text if yi < mi else month.text + sep + year.text


def keep_year(p: ParsedDate) -> str | None:
    if p.year is None:
        return None
    return str(p.year)


def shift(p: ParsedDate, days: int) -> str | None:
    """Every part moved by `days`, written in the original's style (weekday recomputed)."""
    y = p.year if p.year is not None else 2000   # a leap year: Feb 29 survives
    m = p.month if p.month is not None else 7
    d = p.day if p.day is not None else 15       # a day-less date moves as its mid-month
    try:
        new = _dt.date(y, m, d) + _dt.timedelta(days=days)
    except ValueError:
        return None
    # "05/26/86" pads every numeric field to two digits, "5/26/86" pads none
    padded = any(t.kind in ("m", "D") and t.text.startswith("0") for t in p.toks)
    out = []
    for t in p.toks:
        k, s = t.kind, t.text
        if k == "L":
            out.append(s)
        elif k == "W":
            name = WEEKDAYS[new.weekday()]
            bare = s.rstrip(".")
            word = name if len(bare) > 4 else name[:len(bare)] if len(bare) >= 3 else name[:3]
            out.append(_case(bare, word) + ("." if s.endswith(".") else ""))
        elif k == "M":
            out.append(_month_name(s, new.month))
        elif k == "m":
            out.append(f"{new.month:02d}" if padded and len(s) == 2 else str(new.month))
        elif k == "D":
            if s.lower() in _ORDWORD_OF:
                out.append(_case(s, ORDINAL_WORDS[new.day - 1]))
            elif s[-2:].isalpha():
                out.append(_ordinal(new.day, s[-2:]))
            else:
                out.append(f"{new.day:02d}" if padded and len(s) == 2 else str(new.day))
        elif k == "Y":
            if s.startswith("'"):
                out.append(f"'{new.year % 100:02d}")
            elif len(s) == 2:
                out.append(f"{new.year % 100:02d}")
            else:
                out.append(str(new.year))
    return "".join(out)


def _ordinal(n: int, model: str) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix.upper() if model.isupper() else suffix}"


# ---------------------------------------------------------------------------- ages

_AGE_NUM = regex.compile(r"\d+")
_NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_WORD_AGE = regex.compile(r"(?i)\b(?:one\s+hundred(?:\s+and)?(?:[\s-]+\w+)?|(?:ninety|hundred)"
                          r"(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine))?)\b")


def age_value(text: str) -> int | None:
    """The age a span states, in digits or words ("92", "ninety-two", "one hundred and one")."""
    m = _AGE_NUM.search(text)
    if m and m.group().isdecimal():  # (not a digit only the regex module's newer Unicode knows)
        return int(m.group())
    words = _LETTERS.findall(text.lower())
    total, seen = 0, False
    for w in words:
        if w == "hundred":
            total = (total or 1) * 100
            seen = True
        elif w in _TENS:
            total += _TENS[w]
            seen = True
        elif w in _NUMBER_WORDS:
            total += _NUMBER_WORDS[w]
            seen = True
    return total if seen else None


def cap_age(text: str, max_age: int = 89) -> str:
    """Ages above `max_age` become "90 or older" in the original's style: "92" → "90+",
    "92-year-old" → "90-plus-year-old", "92 years old" → "90 or older", "age 92" → "age 90 or
    older", "ninety-two" → "ninety or older"; other ages are returned as written."""
    n = age_value(text)
    if n is None or n <= max_age:
        return text
    floor = max_age + 1
    m = _AGE_NUM.search(text)
    if m is not None:
        floor_text, spelled = str(floor), False
    else:
        m = _WORD_AGE.search(text)
        if m is None:
            return f"{floor} or older"
        w = "ninety" if floor == 90 else str(floor)
        g = m.group()
        floor_text = w.upper() if g.isupper() else (w.capitalize() if g[:1].isupper() else w)
        spelled = True
    before, after = text[:m.start()], text[m.end():]
    old = _YEARS_OLD.match(after)
    if old:                                   # "92 years old" → "90 or older"
        return before + f"{floor_text} or older" + after[old.end():]
    if after.startswith("-"):                 # "92-year-old" → "90-plus-year-old"
        return before + f"{floor_text}-plus" + after
    if not after.strip() and (before.strip() or spelled):
        return before + f"{floor_text} or older"   # "age 92" → "age 90 or older"
    if not after.strip():
        return f"{floor_text}+"              # "92" → "90+"
    return before + f"{floor_text}+" + after  # "92 yo" → "90+ yo"
