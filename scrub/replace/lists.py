"""The word lists replacement draws from, seen through `scrub.lexicon.Lexicon` (or any object with
the same methods, such as a small test fixture), with the weighted tables built once per process.
"""
from __future__ import annotations

import heapq
import threading
from typing import Any

import regex

from ..errors import ScrubError
from .defaults import LISTS
from .keys import WeightedTable

#: US states and territories with their USPS codes (facts, public domain)
STATES: tuple[tuple[str, str], ...] = (
    ("AL", "Alabama"), ("AK", "Alaska"), ("AZ", "Arizona"), ("AR", "Arkansas"),
    ("CA", "California"), ("CO", "Colorado"), ("CT", "Connecticut"), ("DE", "Delaware"),
    ("DC", "District of Columbia"), ("FL", "Florida"), ("GA", "Georgia"), ("HI", "Hawaii"),
    ("ID", "Idaho"), ("IL", "Illinois"), ("IN", "Indiana"), ("IA", "Iowa"), ("KS", "Kansas"),
    ("KY", "Kentucky"), ("LA", "Louisiana"), ("ME", "Maine"), ("MD", "Maryland"),
    ("MA", "Massachusetts"), ("MI", "Michigan"), ("MN", "Minnesota"), ("MS", "Mississippi"),
    ("MO", "Missouri"), ("MT", "Montana"), ("NE", "Nebraska"), ("NV", "Nevada"),
    ("NH", "New Hampshire"), ("NJ", "New Jersey"), ("NM", "New Mexico"), ("NY", "New York"),
    ("NC", "North Carolina"), ("ND", "North Dakota"), ("OH", "Ohio"), ("OK", "Oklahoma"),
    ("OR", "Oregon"), ("PA", "Pennsylvania"), ("RI", "Rhode Island"), ("SC", "South Carolina"),
    ("SD", "South Dakota"), ("TN", "Tennessee"), ("TX", "Texas"), ("UT", "Utah"),
    ("VT", "Vermont"), ("VA", "Virginia"), ("WA", "Washington"), ("WV", "West Virginia"),
    ("WI", "Wisconsin"), ("WY", "Wyoming"), ("PR", "Puerto Rico"),
)
STATE_CODE = {name.casefold(): code for code, name in STATES}
STATE_NAME = {code: name for code, name in STATES}


class Lists:
    """Weighted tables and look-ups over a lexicon, built lazily and cached."""

    def __init__(self, lexicon: Any):
        self.lex = lexicon
        self._tables: dict[tuple, WeightedTable] = {}
        self._lock = threading.Lock()
        self._city_index: dict[str, list[tuple[str, str, float]]] | None = None
        self._home: dict[str, str] | None = None
        self._first_pairs: list[tuple[str, float]] | None = None

    # ------------------------------------------------------------------ tables

    def _weighted(self, list_name: str) -> list[tuple[str, float]]:
        try:
            pairs = self.lex.weighted(list_name)
        except KeyError:
            pairs = []
        return list(pairs or [])

    def _pairs(self, kind: str) -> list[tuple[str, float]]:
        """The (value, weight) pairs a kind draws from: the commonest values of a list, written
        plainly. The long tail of a census list (a name borne by a handful of people, a place of
        one household) adds nothing to a pseudonym and costs start-up time."""
        if kind in ("female", "male", "first"):
            pairs = self._first_pairs
            if pairs is None:
                pairs = self._weighted(LISTS["first"])
                if not pairs:
                    pairs = self._weighted(LISTS["female"]) + self._weighted(LISTS["male"])
                pairs = self._first_pairs = _plain(_top(pairs, TOP["first"]))
            if kind != "first":
                # the sex a name tells by the lexicon's own rule (90% of its bearers or more)
                want = "F" if kind == "female" else "M"
                pairs = [(v, w) for v, w in pairs if self.sex_of(v) == want]
            return pairs
        pairs = self._weighted(LISTS[kind])
        if kind == "hospital":
            return [(v, w) for v, w in pairs if _HOSPITAL_NAME.fullmatch(v)]
        return _plain(_top(pairs, TOP.get(kind, 0)))

    def table(self, kind: str, temper: float = 1.0) -> WeightedTable:
        """The weighted table of a list kind ("female", "male", "first", "surname", ...)."""
        key = (kind, temper)
        t = self._tables.get(key)
        if t is None:
            with self._lock:
                t = self._tables.get(key)
                if t is None:
                    t = WeightedTable.build(self._pairs(kind), temper)
                    # an empty table is remembered too: a missing list (streets) is asked for
                    # once per value drawn, and must not be rebuilt every time
                    self._tables[key] = t
        if not len(t):
            raise ScrubError("E705", f"word list '{LISTS[kind]}' is empty or missing "
                                     f"from the lexicon")
        return t

    def short_first(self, sex: str | None, max_len: int, temper: float) -> WeightedTable:
        """First names of at most `max_len` letters (nicknames are short)."""
        kind = {"F": "female", "M": "male"}.get(sex or "", "first")
        key = ("short", kind, max_len, temper)
        t = self._tables.get(key)
        if t is None:
            base = self.table(kind, 1.0)
            prev = 0.0
            pairs = []
            for v, c in zip(base.values, base.cumulative):
                if len(v) <= max_len:
                    pairs.append((v, c - prev))
                prev = c
            t = WeightedTable.build(pairs, temper) if pairs else self.table(kind, temper)
            self._tables[key] = t
        return t

    # ------------------------------------------------------------------ look-ups

    def sex_of(self, first: str) -> str | None:
        """'F', 'M' or None where the list cannot tell (or the name is given to both)."""
        f = getattr(self.lex, "sex_of", None)
        if f is None:
            return None
        s = f(_cap(first))
        if not s:
            return None
        s = str(s).upper()[:1]
        return s if s in ("F", "M") else None

    def is_name(self, word: str) -> bool:
        lex = self.lex
        for attr in ("is_first_name", "is_surname"):
            f = getattr(lex, attr, None)
            if f is not None and f(_cap(word)):
                return True
        return False

    def is_first_name(self, word: str) -> bool:
        f = getattr(self.lex, "is_first_name", None)
        return bool(f and f(_cap(word)))

    def is_surname(self, word: str) -> bool:
        f = getattr(self.lex, "is_surname", None)
        return bool(f and f(_cap(word)))

    def lone_role(self, word: str) -> str:
        """"first" or "last" for a name word standing alone: by the lists, and where both know
        it by which list ranks it higher ("Frank" a first name, "Vargas" a surname); a word no
        list knows is taken for a surname (surnames are far more varied than first names)."""
        f, last = self.is_first_name(word), self.is_surname(word)
        if f != last:
            return "first" if f else "last"
        if not f:
            return "last"
        fb = getattr(self.lex, "first_name_band", None)
        sb = getattr(self.lex, "surname_band", None)
        if fb is not None and sb is not None:
            a, b = fb(_cap(word)), sb(_cap(word))
            if a is not None and b is not None and b < a:
                return "last"
        return "first"

    def is_state(self, word: str) -> bool:
        f = getattr(self.lex, "is_state", None)
        if f is not None:
            return bool(f(word))
        w = word.strip().rstrip(".")
        return w in STATE_NAME or w.casefold() in STATE_CODE

    def is_country(self, word: str) -> bool:
        f = getattr(self.lex, "is_country", None)
        return bool(f and f(word))

    def nickname_formals(self, nick: str) -> list[str]:
        f = getattr(self.lex, "nickname_formals", None)
        return list(f(_cap(nick)) or []) if f else []

    def zip3_population(self, zip3: str) -> int | None:
        f = getattr(self.lex, "zip3_population", None)
        if f is None:
            return None
        v = f(zip3)
        return None if v is None else int(v)

    # ------------------------------------------------------------------ places

    def _places(self) -> dict[str, list[tuple[str, str, float]]]:
        """state code → [(city, state, weight)], from the lexicon's place list ("City|ST" or
        "City, ST" values, or (city, state) pairs)."""
        if self._city_index is None:
            with self._lock:
                if self._city_index is None:
                    index: dict[str, list[tuple[str, str, float]]] = {}
                    home: dict[str, tuple[float, str]] = {}
                    for value, weight in self._weighted(LISTS["city"]):
                        city, state = split_place(value)
                        if not city:
                            continue
                        index.setdefault(state, []).append((city, state, float(weight)))
                        index.setdefault("", []).append((city, state, float(weight)))
                        k = city.casefold()
                        # a city's home state is where the most people of that name live
                        if k not in home or float(weight) > home[k][0]:
                            home[k] = (float(weight), state)
                    self._home = {k: s for k, (w, s) in home.items()}
                    self._city_index = index
        return self._city_index

    def cities(self, state: str, temper: float = 1.0) -> WeightedTable:
        """Cities of one state (USPS code), or of every state for ''."""
        key = ("cities", state, temper)
        t = self._tables.get(key)
        if t is None:
            rows = self._places().get(state) or self._places().get("", [])
            # towns of a thousand people or more, where the state has any, written plainly
            big = [(c, w) for c, s, w in rows if w >= 1000 and _PLAIN_PLACE.fullmatch(c)]
            t = WeightedTable.build(big or [(c, w) for c, s, w in rows], temper)
            if not len(t):
                raise ScrubError("E705", f"word list '{LISTS['city']}' is empty or missing "
                                         f"from the lexicon")
            self._tables[key] = t
        return t

    def home_state(self, city: str) -> str | None:
        self._places()
        assert self._home is not None
        return self._home.get(city.casefold())

    def is_city(self, word: str) -> bool:
        self._places()
        assert self._home is not None
        return word.casefold() in self._home


#: how many of a list's commonest values pseudonyms are drawn from (0: all)
TOP = {"first": 6000, "surname": 30000, "street": 20000}
_PLAIN = regex.compile(r"[A-Za-z][A-Za-z'\-]*[a-z][A-Za-z'\-]*|[A-Za-z][a-z]+")
_PLAIN_PLACE = regex.compile(r"[A-Z][A-Za-z.'\-]*(?: [A-Z][A-Za-z.'\-]*)*")
_HOSPITAL_NAME = regex.compile(r"[A-Za-z][A-Za-z .'&\-]*")


def _plain(pairs: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """Names written with letters (an apostrophe or hyphen inside), nothing else."""
    # the cheap test first: most names are plain letters, and the regex need not run on them
    return [(v, w) for v, w in pairs if (v.isalpha() and len(v) > 1) or _PLAIN.fullmatch(v)]


def _top(pairs: list[tuple[str, float]], n: int) -> list[tuple[str, float]]:
    if not n or len(pairs) <= n:
        return pairs
    # the n heaviest, ties by the list's own order, kept in the list's order: the n-th largest
    # weight is the cut; everything above it is in, and of the weights equal to it the earliest
    # ones fill what is left (a C-level selection instead of a Python key per value)
    cut = heapq.nlargest(n, [w for _, w in pairs])[-1]
    room = n - sum(1 for _, w in pairs if w > cut)
    out = []
    for v, w in pairs:
        if w > cut:
            out.append((v, w))
        elif w == cut and room > 0:
            out.append((v, w))
            room -= 1
    return out


def _cap(word: str) -> str:
    """Names are looked up in their usual spelling: "GRAVES" and "graves" as "Graves"."""
    return word[:1].upper() + word[1:].lower() if word.isupper() or word.islower() else word


def split_place(value: Any) -> tuple[str, str]:
    """("Boston", "MA") from "Boston|MA", "Boston, MA", "Boston\tMA" or a pair."""
    if isinstance(value, (tuple, list)):
        city, state = (str(value[0]), str(value[1]) if len(value) > 1 else "")
    else:
        s = str(value)
        for sep in ("|", "\t", ", "):
            if sep in s:
                city, state = s.rsplit(sep, 1)
                break
        else:
            city, state = s, ""
    state = state.strip()
    if len(state) != 2:
        state = STATE_CODE.get(state.casefold(), state.upper()[:2] if state else "")
    return city.strip(), state.upper()
