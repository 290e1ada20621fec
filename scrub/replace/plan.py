"""Reading an original into pieces: text kept as written, text already decided, and units (a first
name, a surname, an initial, a street name, a number...) that get a keyed pseudo-value. Planning
first lets the replacer know every original of a document before it draws any pseudo-value.
"""
from __future__ import annotations

from dataclasses import dataclass

import regex

from .keys import DEGREES, TITLES, strip_possessive


@dataclass(frozen=True)
class Unit:
    """One original that gets a keyed pseudo-value of its kind."""

    kind: str        # first, last, nick, initial, street_word, house, city, state, hospital,
                     # hospital_short, org_head, shape, ssn, email, url, ip
    text: str        # as written, without possessive
    extra: str = ""  # kind-specific: the state of a city, the entity of a number, the model case


@dataclass(frozen=True)
class Fixed:
    """Replacement text decided without a keyed draw (dates, ages, ZIPs, suppression)."""

    text: str


Piece = str | Unit | Fixed

_NAME_TOKEN = regex.compile(r"(?P<w>\p{L}[\p{L}\p{M}'’\-]*)|(?P<o>[^\p{L}]+)")
PARTICLES = frozenset("van von der den de del della da di du la le dos das ter ten bin ibn".split())
_QUOTES = "\"“”‘'`«»"


def name_plan(text: str, entity: str, lone_role) -> list[Piece]:
    """Pieces of a name as written: titles, degrees, particles, punctuation and the possessive
    kept; initials, first, middle, last and nick names as units.

    `entity` decides the role of the words: first_name/middle_name → first, last_name → last,
    nick_name → nick; full_name/name read "Last, First", "First Middle Last", "Dr. Last",
    quoted nicknames, and a lone word by `lone_role(word)` ("first" or "last", from the lists).
    """
    toks = [(m.lastgroup, m.group()) for m in _NAME_TOKEN.finditer(text)]
    # roles: T title/degree/particle (kept), I initial, N name word, O other (kept)
    roles: list[str] = []
    for i, (g, t) in enumerate(toks):
        if g == "o":
            roles.append("O")
            continue
        bare = t.casefold()
        nxt = toks[i + 1][1] if i + 1 < len(toks) else ""
        dotted = nxt.startswith(".")
        if len(t) == 1:
            roles.append("I")
        elif bare in TITLES and (dotted or i + 1 < len(toks)) and _more_words(toks, i):
            roles.append("T")
        elif bare in DEGREES and i > 0 and not _more_words(toks, i, strict=True) and (
                t.isupper() or dotted or bare in ("jr", "sr", "phd")):
            roles.append("T")
        elif bare in PARTICLES and t.islower() and _more_words(toks, i):
            roles.append("T")
        else:
            roles.append("N")
    # "M.D.", "R.N.", "Ph.D.": runs of single letters and dots that spell a degree are kept
    i = 0
    while i < len(toks):
        if roles[i] == "I":
            j, letters = i, ""
            while j < len(toks) and (roles[j] == "I" or (toks[j][1] == "." and j > i)):
                if roles[j] == "I":
                    letters += toks[j][1].casefold()
                j += 1
            if len(letters) > 1 and letters in DEGREES and i > 0:
                for k in range(i, j):
                    if roles[k] == "I":
                        roles[k] = "T"
            i = j
        else:
            i += 1
    names = [i for i, r in enumerate(roles) if r == "N"]
    name_role: dict[int, str] = {}
    if entity in ("first_name", "middle_name"):
        name_role = {i: "first" for i in names}
    elif entity == "last_name":
        name_role = {i: "last" for i in names}
    elif entity == "nick_name":
        name_role = {i: "nick" for i in names}
    elif names:
        quoted = {i for i in names if i > 0 and toks[i - 1][1][-1:] in _QUOTES}
        rest = [i for i in names if i not in quoted]
        for i in quoted:
            name_role[i] = "nick"
        if len(rest) == 1:
            i = rest[0]
            titled = any(r == "T" for r in roles[:i]) and not any(r == "I" for r in roles[:i])
            w = strip_possessive(toks[i][1])[0]
            if entity == "first_name":
                name_role[i] = "first"
            elif titled or any(r == "I" for r in roles[:i]):
                name_role[i] = "last"
            else:
                name_role[i] = lone_role(w)
        elif rest:
            comma = "," in "".join(t for k, (g, t) in enumerate(toks) if rest[0] < k < rest[1])
            if comma:  # "Townsend, Virginia Ann"
                name_role[rest[0]] = "last"
                for i in rest[1:]:
                    name_role[i] = "first"
            else:
                for i in rest[:-1]:
                    name_role[i] = "first"
                name_role[rest[-1]] = "last"
    out: list[Piece] = []
    for i, (g, t) in enumerate(toks):
        r = roles[i]
        if r == "N":
            core, poss = strip_possessive(t)
            out.append(Unit(name_role.get(i, "first"), core))
            if poss:
                out.append(poss)
        elif r == "I":
            out.append(Unit("initial", t))
        else:
            out.append(t)
    return _merge(out)


def _more_words(toks, i: int, strict: bool = False) -> bool:
    """Whether a word follows token i (a title needs a name after it; a degree none)."""
    return any(g == "w" and (not strict or len(t) > 1) for g, t in toks[i + 1:])


def _merge(pieces: list[Piece]) -> list[Piece]:
    out: list[Piece] = []
    for p in pieces:
        if isinstance(p, str) and out and isinstance(out[-1], str):
            out[-1] = out[-1] + p
        else:
            out.append(p)
    return out


# ---------------------------------------------------------------------------- places

_WORD = regex.compile(r"(?P<w>\p{L}[\p{L}\p{M}'’\-]*\.?)|(?P<n>\d+(?:st|nd|rd|th)?)|(?P<o>[^\p{L}\d]+)",
                      regex.IGNORECASE)
#: USPS Publication 28 street suffixes, directionals and unit designators (kept as written)
STREET_KEEP = frozenset("""
st street ave avenue av rd road dr drive ln lane blvd boulevard way ct court pl place sq square
ter terrace pkwy parkway hwy highway cir circle trl trail row aly alley pike tpke turnpike expy
expressway fwy freeway plz plaza xing crossing loop run path walk mall cres crescent grn green hts
heights park pt point ext extension est estates
n s e w ne nw se sw north south east west
apt apartment ste suite unit fl floor rm room bldg building dept po p.o box rr rural route hc
""".split())
_ORG_JOINERS = frozenset(("of", "the", "and", "at", "on", "de", "la"))
ORG_SUFFIX = frozenset("""
corp corporation inc incorporated co company llc ltd limited group associates partners plc lp llp
bank foundation trust holdings industries enterprises services systems international consulting
medicine pediatrics practice physicians doctors healthcare health care counseling therapy dental
daycare preschool school academy college university church parish agency association society
pharmacy labs laboratories
home homes manor lodge residence residences rehab rehabilitation hospice center centre clinic
institute gardens village living nursing
""".split())
HOSPITAL_WORDS = frozenset("""
hospital hospitals medical center centre clinic clinics health healthcare infirmary institute
sanatorium hospice rehabilitation rehab nursing home children's childrens memorial general
regional university community
""".split())


_KIND = ORG_SUFFIX | HOSPITAL_WORDS


def street_plan(text: str, key: str) -> list[Piece]:
    """Numbers keyed by the whole street, suffixes and unit designators kept, name words units."""
    out: list[Piece] = []
    words = [m.group() for m in _WORD.finditer(text) if m.lastgroup == "w"]
    # in mixed case only capitalized words name the street ("the corner of Dili Street")
    mixed = any(w[:1].islower() for w in words) and any(w[:1].isupper() for w in words)
    for m in _WORD.finditer(text):
        g, t = m.lastgroup, m.group()
        if g == "n":
            out.append(Unit("house", t, key))
        elif g == "w" and t.rstrip(".").casefold() not in STREET_KEEP and len(t.rstrip(".")) > 1 \
                and not (mixed and t[:1].islower()):
            core, poss = strip_possessive(t)
            out.append(Unit("street_word", core))
            if poss:
                out.append(poss)
        else:
            out.append(t)
    return _merge(out)


def org_plan(text: str) -> list[Piece] | None:
    """"Marina Corp" → [Unit(org_head "Marina"), " Corp"]; "Sunny Acres Nursing Home" →
    [Unit(org_head "Sunny Acres"), " Nursing Home"]. A proper name without a kind word ("Sunny
    Acres", "Bayada") is an org_head whole, so a short form gets the same pseudo-value as the full
    name's head. None for anything else ("the U. S. Junior Gymnastics team": the caller
    suppresses)."""
    toks = [(m.lastgroup, m.group()) for m in _WORD.finditer(text)]
    words = [i for i, (g, t) in enumerate(toks) if g == "w"]
    if not words:
        return None
    if all(toks[i][1][:1].isupper() or toks[i][1].casefold() in _ORG_JOINERS for i in words) and \
            toks[words[0]][1][:1].isupper() and \
            strip_possessive(toks[words[-1]][1])[0].rstrip(".").casefold() not in _KIND:
        core, poss = strip_possessive(text)
        return [p for p in (Unit("org_head", core), poss) if p]
    if len(words) < 2:
        return None
    first_suffix = None
    for i in reversed(words):
        bare = strip_possessive(toks[i][1])[0].rstrip(".").casefold()
        if bare in _KIND:
            first_suffix = i
        else:
            break
    if first_suffix is None or first_suffix == words[0]:
        return None
    head = "".join(t for g, t in toks[:first_suffix]).rstrip(" \t\n,;&-")
    lead = ""
    if head.casefold().startswith("the "):
        lead, head = head[:4], head[4:]
    return [lead, Unit("org_head", head), text[len(lead) + len(head):]] if lead else \
        [Unit("org_head", head), text[len(head):]]


def hospital_plan(text: str) -> list[Piece]:
    """A hospital's name with a generic word ("St. John's Hospital") becomes a listed hospital's
    name; a short form ("Brigham's", "the Brigham") the short form of one."""
    lead = ""
    body = text
    if body.casefold().startswith("the "):
        lead, body = body[:4], body[4:]
    core, poss = strip_possessive(body)
    words = [w.rstrip(".,").casefold() for w in core.split()]
    kind = "hospital" if any(w in HOSPITAL_WORDS for w in words) else "hospital_short"
    return [p for p in (lead, Unit(kind, core), poss) if p != ""]
