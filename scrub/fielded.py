"""Fielded attributes from free text: the quasi-identifiers a note reveals about its subject (age,
birth year, sex, ZIP, city, state, year of care), found from the engine's findings and a few
phrases, and rendered back into the text at a generalization level chosen by scrub.tabular.

A `Mention` is one place in a text that reveals a quasi-identifier; a document's mentions make
its record; the records of the documents of one subject merge into one row of the subject table.
Pure functions over (text, findings); nothing here reads files or keeps state between documents.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import regex

from .tabular.hierarchy import SUPPRESSED, Hierarchy

#: every quasi-identifier this module knows, in table column order
QI_NAMES = ("age", "birth_year", "sex", "zip", "city", "state", "care_year")
#: the value of an attribute a subject's notes never state
UNKNOWN = "?"
#: ages above this are top-coded (HIPAA Safe Harbor: ages over 89 are identifiers)
TOP_AGE = 90

# The 50 states, DC and the inhabited territories, USPS codes (public domain, USPS Pub. 28).
STATES = {
    "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA",
    "colorado": "CO", "connecticut": "CT", "delaware": "DE", "district of columbia": "DC",
    "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID", "illinois": "IL",
    "indiana": "IN", "iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA",
    "maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI", "minnesota": "MN",
    "mississippi": "MS", "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV",
    "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM", "new york": "NY",
    "north carolina": "NC", "north dakota": "ND", "ohio": "OH", "oklahoma": "OK", "oregon": "OR",
    "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC", "south dakota": "SD",
    "tennessee": "TN", "texas": "TX", "utah": "UT", "vermont": "VT", "virginia": "VA",
    "washington": "WA", "west virginia": "WV", "wisconsin": "WI", "wyoming": "WY",
    "puerto rico": "PR", "guam": "GU", "virgin islands": "VI",
}
_CODES = set(STATES.values())
# AP style abbreviations seen in letters ("Mass.", "Calif.")
_AP = {"ala": "AL", "ariz": "AZ", "ark": "AR", "calif": "CA", "colo": "CO", "conn": "CT",
       "del": "DE", "fla": "FL", "ga": "GA", "ill": "IL", "ind": "IN", "kan": "KS", "ky": "KY",
       "la": "LA", "md": "MD", "mass": "MA", "mich": "MI", "minn": "MN", "miss": "MS",
       "mo": "MO", "mont": "MT", "neb": "NE", "nev": "NV", "okla": "OK", "ore": "OR",
       "pa": "PA", "tenn": "TN", "vt": "VT", "va": "VA", "wash": "WA", "wis": "WI", "wyo": "WY"}

#: entity names that hold each place attribute (composites are opened to their parts)
_ENTITY_QI = {"age": "age", "zip": "zip", "city": "city", "state": "state"}
_COMPOSITES = {"identification_block", "mailing_label", "address_block", "location", "full_name"}
_NAME_ENTITIES = {"first_name", "nick_name"}

_AGE_NUM = regex.compile(r"(?<!\d)(\d{1,3})(?:\s*(?:[-–]|to)\s*(\d{1,3}))?(?!\d)")
_AGE_PHRASE = regex.compile(
    r"(?i)(?<![\w/.-])(\d{1,3})(?:\s*[-–]\s*(\d{1,3}))?(?: and \d{1,2}/\d{1,2})?(?:\s|-)?"
    r"(?:years?|yrs?|y)\.?(?:\s|-)?old\b"
    r"|(?<![\w/.-])(\d{1,3})(?:\s*[-–]\s*(\d{1,3}))?\s?(?:yo|y/o|y\.o\.?)(?!\w)"
    r"|\b(?:aged?|age:)\s+(\d{1,3})(?:\s*[-–]\s*(\d{1,3}))?(?![\w-])")
_SUBJECT_LABEL = regex.compile(r"(?i)\b(?:re|patient|pt|name|subject|client)\s*[:.]\s*"
                               r"(?:\p{L}+\.?\s+){0,2}$")
_FRACTION = regex.compile(r" and \d{1,2}/\d{1,2}")
_SEX_AFTER_AGE = regex.compile(
    r"(?<![\w-])\d{1,3}(?:\s*[-–]\s*\d{1,3})?(?:\s*(?:yo|y/o|y\.o\.?|years?\s+old|-year-old|"
    r"year\s+old))?\s?(M|F)(?![\w])")
_SEX_WORDS = {
    "he": "M", "him": "M", "his": "M", "himself": "M",
    "she": "F", "her": "F", "hers": "F", "herself": "F",
    "male": "M", "female": "F", "man": "M", "woman": "F", "boy": "M", "girl": "F",
    "gentleman": "M", "lady": "F", "mr": "M", "mrs": "F", "ms": "F", "miss": "F",
}
_SEX_WORD_RE = regex.compile(r"\b(" + "|".join(sorted(_SEX_WORDS, key=len, reverse=True))
                             + r")\b(\.)?", regex.IGNORECASE)
_TITLES = {"mr", "mrs", "ms", "miss"}
_DESCRIPTIONS = {"male", "female", "man", "woman", "boy", "girl", "gentleman", "lady"}
_DOB_CONTEXT = regex.compile(r"(?i)(?:\bdob\b|\bd\.o\.b\.?|date\s+of\s+birth|birth\s*date|"
                             r"\bborn\b(?:\s+on)?|\bb\.)[\s:#-]*$")
_YEAR4 = regex.compile(r"(?<!\d)(1[89]\d\d|20\d\d)(?!\d)")
_YEAR2 = regex.compile(r"(?<!\d)\d{1,2}[/.-]\d{1,2}[/.-](\d{2})(?!\d)|['’](\d{2})(?!\d)")
_DECADE = regex.compile(r"(?<!\d)(1[89]\d0|20\d0)\s*[-–]\s*(1[89]\d9|20\d9)(?!\d)|(?<!\d)(1[89]\d0|20\d0)s\b")
# "Peabody, MA 01960": the place line of an address, for when no detector claimed its parts
_PLACE_LINE = regex.compile(r"(?<![\w])(?P<city>\p{Lu}[\p{L}.'’-]*(?: \p{Lu}[\p{L}.'’-]*){0,2}),? "
                            r"(?P<state>[A-Z]{2}|[A-Z]\.[A-Z]\.)\s+(?P<zip>\d{5}(?:-\d{4})?)(?!\d)")
_ZIP = regex.compile(r"(?<!\d)(\d{5})(?:-\d{4})?(?!\d)|(?<![\d*])(\d{1,4}\*{1,4})(?![\d*])")


@dataclass(frozen=True)
class Mention:
    """One place in a text that reveals a quasi-identifier: `qi` is one of QI_NAMES, `value`
    its normalized value (age '47' or band '45-49', sex 'M'/'F', ZIP '02151', city
    'Peabody, MA', state 'MA', years '1986'), `kind` how it was found: 'finding', 'candidate',
    'phrase', 'pronoun', 'title', 'word', 'letter' (M/F after an age) or 'first_name'."""

    start: int
    end: int
    qi: str
    value: str
    kind: str
    entity: str = ""


# ----------------------------------------------------------------------------- value reading

def age_value(span: str) -> str | None:
    """'47' from "47 year old", '45-49' from "45–49 year old", '90+' for 90 and over."""
    m = _AGE_NUM.search(span)
    if not m:
        return None
    lo = int(m.group(1))
    if m.group(2):
        hi = int(m.group(2))
        return f"{lo}-{hi}" if lo < hi else None
    if lo >= TOP_AGE:
        return f"{TOP_AGE}+"
    return str(lo) if 0 < lo <= 125 else None


def state_code(span: str) -> str | None:
    s = span.strip().strip(".,").strip()
    if s.upper() in _CODES and (s.isupper() or len(s) == 2):
        return s.upper()
    low = s.lower()
    return STATES.get(low) or _AP.get(low.rstrip("."))


def zip_value(span: str) -> str | None:
    m = _ZIP.search(span)
    if not m:
        return None
    return m.group(1) or m.group(2)


def year_value(span: str, pivot: int = 30) -> str | None:
    """The year a date states ('1986' from "05/26/86", "May 26, 1986", "1986-05-26")."""
    m = _DECADE.search(span)
    if m:
        lo = m.group(1) or m.group(3)
        return f"{lo}-{int(lo) + 9}"
    m = _YEAR4.search(span)
    if m:
        return m.group(1)
    m = _YEAR2.search(span)
    if m:
        yy = int(m.group(1) or m.group(2))
        return str(2000 + yy if yy < pivot else 1900 + yy)
    return None


def _city_value(span: str) -> str | None:
    s = " ".join(span.strip(" .,;:").split())
    if not s or not any(c.isalpha() for c in s):
        return None
    return " ".join(w[:1].upper() + w[1:].lower() for w in s.split(" "))


# ----------------------------------------------------------------------------- mentions

def _units(findings: Iterable) -> list:
    """Findings with composites opened into their parts, in text order."""
    out = []
    for f in findings:
        if getattr(f, "protected", False):
            continue
        if f.entity in _COMPOSITES and getattr(f, "parts", ()):
            out.extend(f.parts)
        else:
            out.append(f)
    return sorted(out, key=lambda u: (u.start, u.end))


def _overlaps(spans: Sequence[tuple[int, int]], start: int, end: int) -> bool:
    return any(s < end and start < e for s, e in spans)


def mentions(text: str, findings: Iterable, candidates: Iterable = (),
             sex_of_name=None, pivot: int = 30, state_of_city=None) -> list[Mention]:
    """Every mention of a quasi-identifier in `text`, in text order, never overlapping.

    `findings` are the arbiter's (or any objects with start, end, entity, and optionally parts);
    `candidates` add ages the arbiter left under its threshold (ages of 89 and under are not
    identifiers, but they are quasi-identifiers). `sex_of_name(word) -> 'M' | 'F' | None` reads
    the sex of first names (the replacement lexicon's), when given; `state_of_city(name) ->
    'MA' | None` the state of a town named without one ("lives in Peabody").
    """
    findings = list(findings)
    units = _units(findings)
    taken: list[tuple[int, int]] = []
    out: list[Mention] = []

    def add(m: Mention) -> None:
        if m.start < m.end and not _overlaps(taken, m.start, m.end):
            taken.append((m.start, m.end))
            out.append(m)

    # 1. what the detectors found
    states_at = [(u.start, state_code(text[u.start:u.end])) for u in units if u.entity == "state"]
    for u in units:
        span = text[u.start:u.end]
        if u.entity == "age":
            v = age_value(span)
            if v:
                add(Mention(u.start, u.end, "age", v, "finding", u.entity))
        elif u.entity == "zip":
            v = zip_value(span)
            if v:
                add(Mention(u.start, u.end, "zip", v, "finding", u.entity))
        elif u.entity == "state":
            v = state_code(span)
            if v:
                add(Mention(u.start, u.end, "state", v, "finding", u.entity))
        elif u.entity == "city":
            v = _city_value(span)
            if v:
                # the state written after the city ("Peabody, MA 01960") names its state
                st = next((c for s, c in states_at if 0 <= s - u.end <= 4 and c), None)
                if st is None and state_of_city is not None:
                    st = state_of_city(v)
                add(Mention(u.start, u.end, "city", f"{v}, {st or UNKNOWN}", "finding", u.entity))
        elif u.entity == "date":
            v = year_value(span, pivot)
            if v:
                before = text[max(0, u.start - 30):u.start]
                qi = "birth_year" if _DOB_CONTEXT.search(before) else "care_year"
                add(Mention(u.start, u.end, qi, v, "finding", u.entity))
        elif u.entity in _NAME_ENTITIES and sex_of_name is not None and _SUBJECT_LABEL.search(
                text, max(0, text.rfind("\n", 0, u.start) + 1), u.start):
            # only the name a heading says is the subject's ("RE:", "Patient:"): the letter's
            # other names (its writer, the doctors) say nothing about the subject's sex
            sex = sex_of_name(span.strip(" .,'’s"))
            if sex in ("M", "F"):
                add(Mention(u.start, u.end, "sex", sex, "first_name", u.entity))
    blocked = [(f.start, f.end) for f in findings]
    # 2. ages the arbiter left below its threshold
    for c in sorted(candidates, key=lambda c: (c.start, -c.end)):
        if c.entity == "age" and not _overlaps(blocked, c.start, c.end):
            v = age_value(text[c.start:c.end])
            if v:
                add(Mention(c.start, c.end, "age", v, "candidate", "age"))
    # 3. phrases: "47 year old", "47yo", "aged 47" (also "45–49 year old" in a released text)
    for m in _AGE_PHRASE.finditer(text):
        g = next(i for i in (1, 3, 5) if m.group(i))
        s, e = m.start(g), (m.end(g + 1) if m.group(g + 1) else m.end(g))
        frac = _FRACTION.match(text, e)
        if frac:  # "7 and 6/12": the months belong to the age
            e = frac.end()
        if _overlaps(blocked, s, e):
            continue
        v = age_value(text[s:e])
        if v:
            add(Mention(s, e, "age", v, "phrase", "age"))
    for m in _PLACE_LINE.finditer(text):
        st = state_code(m.group("state").replace(".", ""))
        if st is None:
            continue
        for g, qi, v in (("city", "city", f"{_city_value(m.group('city'))}, {st}"),
                         ("state", "state", st), ("zip", "zip", zip_value(m.group("zip")))):
            if not _overlaps(blocked, m.start(g), m.end(g)):
                add(Mention(m.start(g), m.end(g), qi, v, "phrase", qi))
    for m in _SEX_AFTER_AGE.finditer(text):
        if not _overlaps(blocked, m.start(1), m.end(1)):
            add(Mention(m.start(1), m.end(1), "sex", m.group(1), "letter"))
    # 4. sex from pronouns, titles and words; titles inside a name finding are read too
    name_spans = [(u.start, u.end) for u in units if u.entity in ("title", "full_name")]
    for m in _SEX_WORD_RE.finditer(text):
        word = m.group(1)
        low = word.lower()
        if word.isupper() and len(word) > 1 and low not in _TITLES and low != "he":
            continue  # "HER2", "MAN" in headings are rarely about the subject's sex
        kind = "title" if low in _TITLES else ("word" if low in _DESCRIPTIONS else "pronoun")
        if kind == "title" and not text[m.end():m.end() + 2].lstrip(". ")[:1].isupper():
            continue  # "Ms" not followed by a name
        end = m.end(2) if (m.group(2) and kind == "title") else m.end(1)
        if _overlaps(blocked, m.start(1), end) and not _overlaps(name_spans, m.start(1), end):
            continue
        add(Mention(m.start(1), end, "sex", _SEX_WORDS[low], kind))
    return sorted(out, key=lambda m: (m.start, m.end))


def record(ms: Iterable[Mention]) -> dict[str, list[str]]:
    """A document's record: for each quasi-identifier, the values its mentions state, with
    repetitions (they weigh the vote when documents merge)."""
    out: dict[str, list[str]] = {}
    for m in ms:
        out.setdefault(m.qi, []).append(m.value)
    return out


def decide(values: Sequence[str] | Mapping[str, int], qi: str) -> str:
    """One value from the values a subject's notes state (a list, or a mapping value → count):
    the most frequent, ties to the smallest, so the order of the notes changes nothing."""
    if not values:
        return UNKNOWN
    counts = Counter(values) if not isinstance(values, Mapping) else values
    best = max(counts.values())
    return min(v for v, c in counts.items() if c == best)


def merge_records(records: Iterable[Mapping[str, Sequence[str]]],
                  qi: Sequence[str] = QI_NAMES) -> dict[str, str]:
    """The subject's row: one value per quasi-identifier from all its documents' records."""
    pooled: dict[str, Counter] = {}
    for r in records:
        for k, vs in r.items():
            pooled.setdefault(k, Counter()).update(vs)
    return row_from_counts(pooled, qi)


def row_from_counts(pooled: Mapping[str, Mapping[str, int]],
                    qi: Sequence[str] = QI_NAMES) -> dict[str, str]:
    """The subject's row from value counts per quasi-identifier (memory: distinct values)."""
    row = {q: decide(pooled.get(q, {}), q) for q in qi}
    if "state" in row and row["state"] == UNKNOWN and row.get("city", UNKNOWN) != UNKNOWN:
        row["state"] = row["city"].rsplit(", ", 1)[-1]
    return row


# ----------------------------------------------------------------------------- hierarchies

def _chain(qi: str, value: str, age_widths: Sequence[int]) -> tuple[str, ...]:
    """The generalization chain of one value, its last element `*`."""
    if qi == "age":
        n = len(age_widths) + 1
        if value == UNKNOWN or not value.isdigit():
            return (value,) * n + (SUPPRESSED,)
        x = int(value)
        out = [value]
        for w in age_widths:
            lo = (x // w) * w
            out.append(f"{lo}-{lo + w - 1}")
        return tuple(out) + (SUPPRESSED,)
    if qi == "zip":
        if len(value) == 5 and value.isdigit():
            return tuple(value[:5 - i] + "*" * i for i in range(5)) + (SUPPRESSED,)
        return (value,) * 5 + (SUPPRESSED,)
    if qi == "sex":
        return (value, SUPPRESSED)
    if qi == "city":
        state = value.rsplit(", ", 1)[-1] if ", " in value else UNKNOWN
        return (value, state, SUPPRESSED)
    if qi == "state":
        return (value, SUPPRESSED)
    if qi in ("birth_year", "care_year"):
        if value.isdigit():
            lo = int(value) - int(value) % 10
            return (value, f"{lo}-{lo + 9}", SUPPRESSED)
        return (value, value, SUPPRESSED)
    raise KeyError(qi)


def hierarchies(rows: Iterable[Mapping[str, str]], qi: Sequence[str],
                age_widths: Sequence[int] = (5, 10, 20)) -> dict[str, Hierarchy]:
    """Hierarchies over the values of the subject table: age 5/10/20-year bands → *, ZIP one
    digit masked per level → *, sex → *, city → state → *, state → *, year → decade → *.
    Unknown values ('?') stay unknown up to the top."""
    values: dict[str, set[str]] = {q: set() for q in qi}
    for r in rows:
        for q in qi:
            values[q].add(r[q])
    out = {}
    for q in qi:
        chains = [_chain(q, v, age_widths) for v in sorted(values[q])]
        out[q] = Hierarchy.from_rows(chains, name=q, source=f"<hierarchy {q}>")
    return out


# ----------------------------------------------------------------------------- rendering

_NEUTRAL = {"he": "the patient", "she": "the patient", "him": "the patient",
            "his": "the patient's", "hers": "the patient's", "himself": "themself",
            "herself": "themself", "male": "patient", "female": "patient", "man": "person",
            "woman": "person", "boy": "child", "girl": "child", "gentleman": "person",
            "lady": "person"}
_HER_OBJECT_NEXT = regex.compile(r"\s*(?:[^\w\s]|$|(?:and|or|to|for|with|about|that|at|in|on|"
                                 r"from|as|if|again|today|yesterday|now|back|up|out|off|"
                                 r"home|since|when|because)\b)", regex.IGNORECASE)


def _like_case(model: str, word: str) -> str:
    if model.isupper() and len(model) > 1:
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def render(m: Mention, original: str, level: int, top: int, value_at_level: str,
           text_after: str = "", tags: Mapping[str, str] | None = None,
           initial=None) -> str:
    """How mention `m` (whose text is `original`) reads when its attribute is released at
    `level` (`top` = suppressed) and the table shows `value_at_level`.

    Level 0 keeps the text; ages become bands ("47 year old" → "45–49 year old"), ZIPs masked
    ("02151" → "021**"), cities their state, years their decade; at the top the value becomes a
    tag ("[AGE]"), and sex words turn neutral ("she" → "the patient", "Mrs." → "Mx."), a first
    name its keyed `initial(name)` (never the real initial) or "[NAME]".
    """
    tags = tags or {}
    if level == 0:
        return original
    qi = m.qi
    if qi == "sex":
        if m.kind == "title":
            return "Mx." if original.endswith(".") else "Mx"
        if m.kind == "first_name":
            return initial(original) if initial is not None else tags.get("name", "[NAME]")
        if m.kind == "letter":
            return tags.get("sex", "[SEX]")
        low = original.lower()
        if low == "her":
            word = "the patient" if _HER_OBJECT_NEXT.match(text_after) else "the patient's"
        else:
            word = _NEUTRAL.get(low, tags.get("sex", "[SEX]"))
        return _like_case(original, word)
    if level >= top or value_at_level in (SUPPRESSED, UNKNOWN):
        return tags.get(qi, f"[{qi.upper()}]")
    if qi == "age":
        band = value_at_level.replace("-", "–")
        original = regex.sub(r"\s+and\s+\d{1,2}/\d{1,2}", "", original)
        num = _AGE_NUM.search(original)
        if num is None:
            return band
        return original[:num.start()] + band + original[num.end():]
    if qi == "city":
        return value_at_level
    return value_at_level.replace("-", "–") if qi in ("birth_year", "care_year") else value_at_level


def released_value(qi: str, value: str) -> str:
    """A value read back from released text, in the table's spelling ('45–49' → '45-49')."""
    return value.replace("–", "-")


def finer_than(qi: str, text_value: str, table_value: str) -> bool:
    """True when a value read from released text says more than the table's value does."""
    t = released_value(qi, text_value)
    if table_value == SUPPRESSED:
        return True
    if t == table_value:
        return False
    if qi == "zip":
        return t.count("*") < table_value.count("*") or not _zip_under(t, table_value)
    if qi in ("age", "birth_year", "care_year"):
        lo, hi = _interval(t)
        tlo, thi = _interval(table_value)
        return not (lo is not None and tlo is not None and lo <= tlo and thi <= hi)
    if qi == "city":
        return not (table_value.endswith(", " + t) or t == table_value.rsplit(", ", 1)[-1])
    return True


def _zip_under(a: str, b: str) -> bool:
    return all(x == y or x == "*" or y == "*" for x, y in zip(a, b))


def _interval(v: str) -> tuple[int | None, int | None]:
    if v.endswith("+") and v[:-1].isdigit():
        return int(v[:-1]), 200
    if "-" in v:
        a, _, b = v.partition("-")
        if a.isdigit() and b.isdigit():
            return int(a), int(b)
    if v.isdigit():
        return int(v), int(v)
    return None, None
