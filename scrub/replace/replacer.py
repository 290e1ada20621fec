"""The replacer: findings of one document in, scrubbed text with its offset map out.

Each finding is planned into pieces (kept text, decided text, keyed units), every unit gets a
keyed pseudo-value that contains no original of the document, and the output is built from
chunks in one pass, so offsets never drift and no character is lost or doubled.
"""
from __future__ import annotations

import bisect
import json
import os
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import ahocorasick
import regex

from ..config import Config
from ..errors import ScrubError
from ..types import Document, Finding
from . import dates as _dates
from .defaults import ENTITY, GLOBAL, NAME_ENTITIES, NUMBER_ENTITIES, STRATEGIES, SUPPRESS
from .keys import Keyed, normalize
from .lists import STATE_CODE, STATE_NAME, STATES, Lists
from .plan import Fixed, Piece, Unit, hospital_plan, name_plan, org_plan, street_plan
from .shape import apply_case, pour, spree, titlecase, _head

MAPPING_WARNING = ("the mapping file re-identifies every document: keep it apart from the "
                   "release")

#: unit kinds whose originals must not reappear in any pseudo-value of the document
_LEAKY = frozenset({"first", "last", "nick", "street_word", "city", "hospital", "hospital_short",
                    "org_head", "shape", "ssn", "email", "url", "ip", "state", "house"})
#: unit kinds where two originals of one document must not share a pseudo-value
_DISTINCT = frozenset({"first", "last", "nick", "street_word", "city", "hospital",
                       "hospital_short", "org_head", "shape", "ssn", "email", "url"})
#: unit kinds the sweep looks for in text no finding covered
_SWEPT = frozenset({"first", "last", "nick", "street_word", "city", "hospital", "hospital_short",
                    "org_head", "shape", "ssn", "email", "url", "ip"})
_MAX_TRIES = 50
#: originals in one document from which leak checks use one automaton pass instead of a scan each
_AUTOMATON_AT = 24
_JOINERS = frozenset({"and", "or", "of", "the", "y", "e", "und", "et"})
_NAMELIKE = frozenset({"first", "last", "nick", "street_word", "city", "hospital_short",
                       "org_head"})
_UNIT_ENTITY = {"first": "first_name", "last": "last_name", "nick": "nick_name",
                "street_word": "street", "city": "city", "hospital": "hospital",
                "hospital_short": "hospital", "org_head": "organization", "ssn": "ssn",
                "email": "email", "url": "url", "ip": "ip_address"}

Span = tuple[int, int, int, int, str]

_NON_WORD = regex.compile(r"\W")
_NON_DIGIT = regex.compile(r"\D")
_DIGIT_RUN = regex.compile(r"\d+")
_TIME_TAIL = regex.compile(r"(?i)(?:,?\s+(?:at\s+)?|T)\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?"
                           r"(?:\s*[ap]\.?m\.?)?(?:\s*(?:Z|[+-]\d{2}:?\d{2}|[A-Z]{2,4}))?$")
_WEEKDAY_ONLY = regex.compile(r"(?i)(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)"
                              r"(?:day|sday|nesday|rsday|urday)?\.?")
_NON_ALNUM = regex.compile(r"[\W_]")
_WORDS = regex.compile(r"\w+")
_LABEL = regex.compile(r"[A-Za-z]{1,6}\s*[#:]\s*")
#: label words written before a number ("MRN 0048213", "Acct no. 88-1002"): kept as written
_LABEL_WORD = regex.compile(
    r"(?i)(?:(?:mrn|mr|med\.?\s*rec(?:ord)?|acct|account|a/c|no|num|number|id|ref|policy|member|"
    r"plan|group|lic(?:ense)?|dl|vin|serial|s/n|sn|device|tel|ph|phone|fax|cell|mobile|ext|ssn|"
    r"ss#|medicare|medicaid)\.?\s*[#:]?\s*)+(?=\S)")
_TWO_LETTERS = regex.compile(r"[A-Za-z]{2}")
_YEAR = regex.compile(r"(?<!\d)(?:1[89]|20)\d\d(?!\d)")
_URL = regex.compile(r"(?i)(?P<scheme>[a-z][a-z0-9+.\-]*://)?(?P<www>www\d?\.)?"
                     r"(?P<host>[^/:?#\s]+)(?P<port>:\d+)?(?P<rest>.*)", regex.DOTALL)
_IPV4 = regex.compile(r"(\d{1,3}(?:\.\d{1,3}){3})(.*)", regex.DOTALL)


@dataclass(frozen=True)
class Replacement:
    """The scrubbed text; `spans` map each replaced original span (orig_start, orig_end) to its
    output span (out_start, out_end) with its entity, in text order; `mapping` lists (entity,
    original, pseudo) for the optional mapping file."""

    text: str
    spans: tuple[Span, ...]
    mapping: tuple[tuple[str, str, str], ...]

    def to_output(self, pos: int) -> int:
        """The output offset of an original offset outside (or at the edge of) replaced spans;
        a position inside a replaced span maps to its output start."""
        i = bisect.bisect_right([s[0] for s in self.spans], pos) - 1
        if i < 0:
            return pos
        o_s, o_e, n_s, n_e, _ = self.spans[i]
        if pos >= o_e:
            return pos - o_e + n_e
        return n_s


class _Doc:
    """What one document's replacement knows: its originals and the pseudo-values drawn."""

    __slots__ = ("long", "short", "used", "subject", "units", "_automaton")

    def __init__(self, subject: str):
        self.long: list[str] = []        # casefolded originals of 3+ characters
        self.short: set[str] = set()     # casefolded shorter originals (whole-word check)
        self.used: dict[str, str] = {}   # casefolded pseudo → the (kind, original) it stands for
        self.subject = subject
        # (kind, text, extra) → pseudo-value: a unit's value within one document depends only on
        # the originals (fixed before any draw) and on `used`, which only grows, so the first
        # value drawn is the value every later draw of the same unit would find
        self.units: dict[tuple[str, str, str], str] = {}
        self._automaton: Any = None

    def contains_long(self, v: str) -> bool:
        """Whether any long original occurs inside `v`: a scan per original for a few, one
        Aho-Corasick pass over `v` for many (a dense table of names)."""
        long = self.long
        if len(long) < _AUTOMATON_AT:
            for o in long:
                if o in v:
                    return True
            return False
        a = self._automaton
        if a is None:
            a = ahocorasick.Automaton()
            for o in long:
                a.add_word(o, o)
            a.make_automaton()
            self._automaton = a
        for _ in a.iter(v):
            return True
        return False


class Replacer:
    """Consistent, keyed replacement of findings. Build once per run (word lists load once);
    `replace` is pure given the key, the configuration and the lexicon."""

    def __init__(self, key: bytes, options: dict[str, dict[str, Any]] | None = None,
                 settings: dict[str, Any] | None = None, lexicon: Any = None,
                 source: str = "<defaults>"):
        self._opts: dict[tuple[str, str], Any] = {}
        self.keyed = Keyed(key)
        self.settings = {**GLOBAL, **(settings or {})}
        self.source = source
        self.options: dict[str, dict[str, Any]] = {e: dict(o) for e, o in ENTITY.items()}
        if self.settings.get("names"):
            for e in NAME_ENTITIES:
                if e != "full_name":
                    self.options[e]["strategy"] = self.settings["names"]
        for ent, opts in (options or {}).items():
            base = self.options.setdefault(ent, {"strategy": self.settings["fallback"]})
            base.update(opts)
        self._validate()
        # the user's own pairs ("Dot" is Virginia's nickname in these letters) before the list's
        self._nickname_of = {normalize(str(k), name=True): [str(v)]
                             for k, v in dict(self.settings.get("nickname_of") or {}).items()}
        self._lexicon = lexicon
        self._lists: Lists | None = None
        self._cache: dict[tuple, str] = {}
        self._plans: dict[tuple, list[Piece]] = {}

    def __getstate__(self) -> dict:
        # worker processes get the key and the options; word lists and caches load there
        state = dict(self.__dict__)
        state["_lists"] = None
        state["_cache"] = {}
        state["_plans"] = {}
        state["_opts"] = {}
        return state

    @classmethod
    def from_config(cls, config: Config | None, key: bytes, lexicon: Any = None) -> "Replacer":
        """Strategies from the `[replace]` and `[replace.<entity>]` sections of a configuration."""
        section = (config or Config()).section("replace")
        settings = {k: v for k, v in section.items() if not isinstance(v, dict) or k in GLOBAL}
        options = {k: dict(v) for k, v in section.items() if isinstance(v, dict)
                   and k not in GLOBAL}
        src = config.source if config is not None else "<defaults>"
        unknown = sorted(set(settings) - set(GLOBAL))
        if unknown:
            raise ScrubError("E710", f"{src}: [replace] has unknown key(s) {', '.join(unknown)}")
        return cls(key, options, settings, lexicon, src)

    def _validate(self) -> None:
        for ent, opts in self.options.items():
            known = set(ENTITY.get(ent, {"strategy": None})) | {"strategy", "fallback"}
            bad = sorted(set(opts) - known)
            if bad:
                raise ScrubError("E711", f"{self.source}: [replace.{ent}] has unknown key(s) "
                                         f"{', '.join(bad)}")
            for k in ("strategy", "fallback"):
                allowed = STRATEGIES.get(ent, ()) + SUPPRESS if k == "strategy" else SUPPRESS
                if k in opts and opts[k] not in allowed:
                    raise ScrubError("E712", f"{self.source}: [replace.{ent}] {k} must be one of "
                                             f"{', '.join(allowed)}")
        if int(self.options.get("date", {}).get("shift_days", 1)) < 1:
            raise ScrubError("E714", f"{self.source}: [replace.date] shift_days must be 1 or more")
        if self.settings["fallback"] not in SUPPRESS:
            raise ScrubError("E712", f"{self.source}: [replace] fallback must be one of "
                                     f"{', '.join(SUPPRESS)}")

    @property
    def lists(self) -> Lists:
        if self._lists is None:
            lex = self._lexicon
            if lex is None:
                try:
                    from ..lexicon import Lexicon
                except ImportError:
                    raise ScrubError("E713", "scrub.lexicon is not installed: the word lists "
                                             "replacement draws from are missing") from None
                lex = Lexicon.default()
            self._lists = Lists(lex)
        return self._lists

    def opt(self, entity: str, key: str) -> Any:
        # options are fixed once built: the look-up is memoized (it runs for every unit drawn)
        ck = (entity, key)
        try:
            return self._opts[ck]
        except KeyError:
            v = self._opts[ck] = self._opt(entity, key)
            return v

    def _opt(self, entity: str, key: str) -> Any:
        o = self.options.get(entity)
        if o is None:
            return self.settings["fallback"] if key == "strategy" else None
        return o.get(key, ENTITY.get(entity, {}).get(key))

    # ------------------------------------------------------------------ public

    def replace(self, doc: Document, findings: Sequence[Finding],
                render: Callable[[Finding, str], str | None] | None = None) -> Replacement:
        text = doc.text
        order = sorted(findings, key=lambda f: (f.start, f.end))
        prev_end = 0
        prev = None
        for f in order:
            if f.start < 0 or f.end > len(text) or f.start >= f.end:
                raise ScrubError("E706", f"document {doc.id or '<text>'}: finding {f.start}:{f.end}"
                                         f" lies outside the text (length {len(text)})")
            if prev is not None and f.start < prev_end:
                raise ScrubError("E707", f"document {doc.id or '<text>'}: findings "
                                         f"{prev.start}:{prev.end} and {f.start}:{f.end} overlap")
            prev, prev_end = f, f.end
        ctx = _Doc(doc.subject or doc.id or "")
        plans: list[tuple[Finding, list[Piece]]] = []
        states = self._state_context(text, order)
        subject_key = self._subject_key(ctx)
        for f in order:
            if f.protected:
                continue
            original = text[f.start:f.end]
            rendered = render(f, original) if render is not None else None
            if rendered is not None:
                plans.append((f, [Fixed(rendered)]))
            else:
                # planning a finding depends on its text, its parts (relative to its start), a
                # lone city's state and, for shifted dates, the subject only: memoized
                state = "" if f.parts else states.get(f.start, "")
                key = (f.entity, original, state, subject_key,
                       _rel_parts(f.parts, f.start) if f.parts else ())
                pieces = self._plans.get(key)
                if pieces is None:
                    pieces = self._plan(f.entity, f.start, f.end, f.parts, text, state, ctx)
                    if len(self._plans) > 100_000:
                        self._plans.clear()
                    self._plans[key] = pieces
                plans.append((f, pieces))
        longs: set[str] = set()
        for _, pieces in plans:
            for p in pieces:
                if isinstance(p, Unit) and p.kind in _LEAKY:
                    o, is_long = _leak_form(p.text)
                    if is_long:
                        longs.add(o)
                    elif o:
                        ctx.short.add(o)
        ctx.long = sorted(longs)
        chunks: list[str] = []
        spans: list[Span] = []
        mapping: list[tuple[str, str, str]] = []
        swept: dict[str, tuple[str, str]] = {}
        pos = out = 0
        for f, pieces in plans:
            parts = []
            for p in pieces:
                if isinstance(p, str):
                    parts.append(p)
                elif isinstance(p, Fixed):
                    parts.append(p.text)
                else:
                    value = self._unit(p, ctx)
                    parts.append(value)
                    if p.kind in _SWEPT and len(p.text) >= 3 and value != p.text:
                        ent = _UNIT_ENTITY.get(p.kind) or p.extra or f.entity
                        swept.setdefault(p.text, (value, ent))
                        if p.kind in _NAMELIKE:
                            # the same name in capitals or capitalized elsewhere ("VIRGINIA")
                            for variant in _case_variants(p.text):
                                swept.setdefault(variant, (apply_case(variant, value), ent))
            pseudo = "".join(parts)
            gap = text[pos:f.start]
            chunks.append(gap)
            out += len(gap)
            chunks.append(pseudo)
            spans.append((f.start, f.end, out, out + len(pseudo), f.entity))
            out += len(pseudo)
            original = text[f.start:f.end]
            if pseudo != original:
                mapping.append((f.entity, original, pseudo))
            pos = f.end
        chunks.append(text[pos:])
        result = Replacement("".join(chunks), tuple(spans), tuple(mapping))
        if swept and self.settings["sweep"]:
            result = self._sweep(text, result, swept, order)
        return result

    @staticmethod
    def _state_context(text: str, order: Sequence[Finding]) -> dict[int, str]:
        """The state written right after a city ("Portland, ME"), by the city's start: a city
        found on its own (a composite opened into its parts) still keeps its state."""
        out: dict[int, str] = {}
        for a, b in zip(order, order[1:]):
            if a.entity in ("city", "place") and b.entity == "state" and \
                    text[a.end:b.start].strip(" ,\t") == "":
                code = _state_code(text[b.start:b.end])
                if code:
                    out[a.start] = code
        return out

    # ------------------------------------------------------------------ sweep

    def _sweep(self, text: str, rep: Replacement, swept: dict[str, tuple[str, str]],
               findings: Sequence[Finding]) -> Replacement:
        """Replace exact whole-word occurrences of replaced originals that no finding covered
        (a detector's miss must not leak a value the document already gave away)."""
        # str.find per original, longest first: no per-document pattern to compile
        extra: list[tuple[int, int, str, str]] = []
        taken = sorted((f.start, f.end) for f in findings)
        starts = [a for a, _ in taken]
        n = len(text)
        for orig, i in _occurrences(text, swept):
            e = i + len(orig)
            if (i == 0 or not text[i - 1].isalnum() and text[i - 1] != "_") and \
                    (e == n or not text[e].isalnum() and text[e] != "_"):
                k = bisect.bisect_right(starts, i) - 1
                free = not (k >= 0 and taken[k][1] > i) and not (
                    k + 1 < len(taken) and taken[k + 1][0] < e)
                if free:
                    pseudo, entity = swept[orig]
                    extra.append((i, e, pseudo, entity))
                    bisect.insort(taken, (i, e))
                    starts.insert(bisect.bisect_left(starts, i), i)
        if not extra:
            return rep
        # rebuild in one pass from the original spans and the swept ones
        old = {(s[0], s[1]): s for s in rep.spans}
        events: list[tuple[int, int, str, str]] = []
        for s in rep.spans:
            events.append((s[0], s[1], rep.text[s[2]:s[3]], s[4]))
        events.extend(extra)
        events.sort()
        chunks: list[str] = []
        spans: list[Span] = []
        mapping = list(rep.mapping)
        pos = out = 0
        for s, e, pseudo, entity in events:
            gap = text[pos:s]
            chunks.append(gap)
            out += len(gap)
            chunks.append(pseudo)
            spans.append((s, e, out, out + len(pseudo), entity))
            out += len(pseudo)
            if (s, e) not in old:
                mapping.append((entity, text[s:e], pseudo))
            pos = e
        chunks.append(text[pos:])
        return Replacement("".join(chunks), tuple(spans), tuple(mapping))

    # ------------------------------------------------------------------ planning

    def _suppress(self, how: str, entity: str, original: str) -> list[Piece]:
        if how == "keep":
            return [original]
        if how == "blank":
            return [Fixed("")]
        if how == "redact":
            return [Fixed(self.settings["redacted"])]
        tag = self.settings["tag"].replace("{ENTITY}", entity.upper()).replace("{entity}", entity)
        if "\n" in original:  # keep the layout: one tag per line
            return [Fixed("\n".join(tag if line.strip() else line
                                    for line in original.split("\n")))]
        return [Fixed(tag)]

    def _plan(self, entity: str, s: int, e: int, parts, text: str, state: str,
              ctx: _Doc) -> list[Piece]:
        original = text[s:e]
        strategy = self.opt(entity, "strategy")
        if strategy in SUPPRESS:
            return self._suppress(strategy, entity, original)
        if strategy == "parts":
            if parts:
                return self._plan_parts(entity, s, e, parts, text, ctx)
            if entity == "full_name":
                return self._plan_name(original, entity)
            return self._suppress(self.opt(entity, "fallback") or "tag", entity, original)
        if entity in NAME_ENTITIES:
            return self._plan_name(original, entity)
        if entity == "date":
            return [Fixed(self._date(original, ctx))]
        if entity == "age":
            return [Fixed(_dates.cap_age(original, int(self.opt("age", "max_age"))))]
        if entity in NUMBER_ENTITIES or entity == "ssn":
            return self._plan_number(entity, original, strategy)
        if entity == "email":
            return [Unit("email", original)]
        if entity == "url":
            return [Unit("url", original)]
        if entity == "ip_address":
            return [Unit("ip", original)]
        if entity == "zip":
            return [Fixed(self._zip(original, strategy))]
        if entity == "state":
            return [Unit("state", original)]
        if entity in ("city", "place"):
            # a state or a country found as a place follows its own strategy (kept by default)
            if self.lists.is_state(original):
                return self._plan("state", s, e, (), text, state, ctx)
            if self.lists.is_country(original):
                return self._plan("country", s, e, (), text, state, ctx)
            if strategy == "state":
                home = self.lists.home_state(normalize(original)) or state
                return [Fixed(STATE_NAME.get(home, ""))] if home else self._suppress(
                    "tag", entity, original)
            core, poss = _split_poss(original)
            return [p for p in (Unit("city", core, state + "|" + strategy), poss) if p]
        if entity == "street":
            return street_plan(original, normalize(original))
        if entity == "hospital":
            return hospital_plan(original)
        if entity == "organization":
            plan = org_plan(original)
            if plan is None:
                return self._suppress(self.opt(entity, "fallback") or "blank", entity, original)
            return plan
        # an entity with a strategy this table does not know how to draw
        return self._suppress(self.settings["fallback"], entity, original)

    def _plan_parts(self, entity: str, s: int, e: int, parts, text: str,
                    ctx: _Doc) -> list[Piece]:
        """Each constituent by its own strategy; the text between them kept, except name words
        a full name's parts left uncovered (a missed middle name is still a name)."""
        ordered = sorted(parts, key=lambda p: (p.start, p.end))
        state = ""
        for p in ordered:
            if p.entity == "state":
                state = _state_code(text[p.start:p.end])
                break
        out: list[Piece] = []
        pos = s
        for p in ordered:
            if p.start < pos or p.end > e:
                if p.start < s or p.end > e:
                    raise ScrubError("E708", f"a part {p.start}:{p.end} of a {entity} finding lies "
                                             f"outside it ({s}:{e})")
                raise ScrubError("E709", f"parts of a {entity} finding overlap at {p.start}:{p.end}")
            out.extend(self._uncovered(entity, text[pos:p.start]))
            if p.parts:
                out.extend(self._plan(p.entity, p.start, p.end, p.parts, text, state, ctx))
            else:
                out.extend(self._leaf_plan(p.entity, p.start, p.end, text, state, ctx))
            pos = p.end
        out.extend(self._uncovered(entity, text[pos:e]))
        return out

    def _leaf_plan(self, entity: str, s: int, e: int, text: str, state: str,
                   ctx: _Doc) -> list[Piece]:
        """The plan of a part without parts of its own: a function of its text, the state
        written with it and (for shifted dates) the subject, memoized with the findings'."""
        original = text[s:e]
        key = (entity, original, state, self._subject_key(ctx), ())
        pieces = self._plans.get(key)
        if pieces is None:
            pieces = self._plan(entity, s, e, (), text, state, ctx)
            if len(self._plans) > 100_000:
                self._plans.clear()
            self._plans[key] = pieces
        return pieces

    def _subject_key(self, ctx: _Doc) -> str:
        # the subject changes a plan only through a shifted date
        return ctx.subject if self.opt("date", "strategy") == "shift" else ""

    def _uncovered(self, entity: str, gap: str) -> list[Piece]:
        if not gap:
            return []
        if entity == "full_name" and any(c.isalpha() for c in gap):
            return self._plan_name(gap, "middle_name", only_names=True)
        return [gap]

    def _plan_name(self, text: str, entity: str, only_names: bool = False) -> list[Piece]:
        lists = self.lists
        pieces = name_plan(text, entity, lists.lone_role)
        if not only_names and not any(isinstance(p, Unit) for p in pieces) and \
                any(c.isalnum() for c in text):
            # nothing in it reads as a name ("123" found as a name): never keep it
            return self._suppress("tag", entity, text)
        if only_names:
            # between a full name's parts a capitalized or listed word is a (middle) name
            pieces = [p.text if isinstance(p, Unit) and p.kind != "initial"
                      and not (p.text[:1].isupper() and p.text.casefold() not in _JOINERS)
                      and not lists.is_name(p.text) else p for p in pieces]
        strategy = self.opt(entity if entity != "full_name" else "first_name", "strategy")
        if strategy in SUPPRESS:
            return self._suppress(strategy, entity, text)
        return pieces

    def _plan_number(self, entity: str, original: str, strategy: str) -> list[Piece]:
        keep = 0
        if self.opt(entity, "keep_prefix"):
            m = _LABEL.match(original) or _LABEL_WORD.match(original)
            if m:
                keep = m.end()
        if entity == "iban":
            keep = max(keep, 2 if _TWO_LETTERS.match(original) else 0)
        head, body = original[:keep], original[keep:]
        kind = "ssn" if strategy == "ssn" else "shape"
        if not body:
            return self._suppress("tag", entity, original)
        return [p for p in (head, Unit(kind, body, entity)) if p]

    # ------------------------------------------------------------------ decided values

    def _date(self, original: str, ctx: _Doc) -> str:
        strategy = self.opt("date", "strategy")
        if _WEEKDAY_ONLY.fullmatch(original):
            return original  # a weekday alone dates nothing
        # a time of day after the date: dropped with the day, kept (as written) by a shift
        t = _TIME_TAIL.search(original)
        if t and t.start() > 0:
            date_part, time_part = original[:t.start()], original[t.start():]
            out = self._date(date_part, ctx)
            return out + time_part if strategy == "shift" and out != date_part else out
        p = _dates.parse(original, day_first=bool(self.opt("date", "day_first")),
                         pivot=int(self.opt("date", "century_pivot")))
        if p is None:
            # an unreadable date: never keep it; the year alone if one is written, else a tag
            years = _YEAR.findall(original)
            if years and strategy in ("keep_month_year", "keep_year"):
                return years[-1]
            return self._suppress("tag", "date", original)[0].text
        if strategy == "keep_month_year":
            return _dates.keep_month_year(p, original)
        if strategy == "keep_year":
            y = _dates.keep_year(p)
            if y is None:
                return self._suppress(self.opt("date", "no_year") or "tag", "date", original)[0].text \
                    if (self.opt("date", "no_year") or "tag") != "keep" else original
            return y
        days = self.shift_for(ctx.subject)
        shifted = _dates.shift(p, days)
        return shifted if shifted is not None else self._suppress("tag", "date", original)[0].text

    def shift_for(self, subject: str) -> int:
        """The keyed offset in days, never 0, that every date of one subject moves by."""
        span = int(self.opt("date", "shift_days"))
        if span < 1:
            raise ScrubError("E714", f"{self.source}: [replace.date] shift_days must be 1 or more")
        k = self.keyed.below(2 * span, "date-shift", subject)
        return k - span if k < span else k - span + 1

    def _zip(self, original: str, strategy: str) -> str:
        digits = _NON_DIGIT.sub("", original)
        if strategy == "shape":
            return pour(original, self.keyed, "zip", digits)
        if len(digits) < 3:
            return self._suppress("tag", "zip", original)[0].text
        zip3 = digits[:3]
        pop = self.lists.zip3_population(zip3)
        if pop is None or pop <= int(self.opt("zip", "min_population")):
            zip3 = "000"
        if not self.opt("zip", "pad"):
            return zip3
        # as long as the ZIP was written (02151-1234 → 02100; a 4-digit code → 4 digits)
        head = _DIGIT_RUN.match(original.strip())
        width = len(head.group()) if head and len(head.group()) >= 3 else 5
        return zip3 + "0" * (width - 3)

    # ------------------------------------------------------------------ keyed units

    def _unit(self, u: Unit, ctx: _Doc) -> str:
        key = (u.kind, u.text, u.extra)
        value = ctx.units.get(key)
        if value is None:
            value = ctx.units[key] = self._unit_fresh(u, ctx)
        return value

    def _unit_fresh(self, u: Unit, ctx: _Doc) -> str:
        entity = _UNIT_ENTITY.get(u.kind)
        if entity is not None:
            how = self.opt(entity, "strategy")
            if how in SUPPRESS:  # a full name's surname can be tagged while first names are drawn
                return self._suppress(how, entity, u.text)[0] if how == "keep" else \
                    self._suppress(how, entity, u.text)[0].text
        if u.kind == "initial":
            return self._initial(u.text)
        if u.kind == "house":
            return pour(u.text, self.keyed, "house", u.extra + "|" + u.text)
        norm = normalize(u.text, name=u.kind in ("first", "last", "nick"))
        own = norm
        for counter in range(_MAX_TRIES):
            value = self._draw(u, norm, counter)
            v = value.casefold()
            if v == own or (len(own) >= 3 and own in v) or self._leaks(v, ctx):
                continue
            if u.kind in _DISTINCT:
                who = ctx.used.get(v)
                if who is not None and who != u.kind + "|" + norm:
                    continue
                ctx.used[v] = u.kind + "|" + norm
            return value
        # the lists cannot give a value free of the document's originals: suppress this one
        return self._suppress("redact", u.kind, u.text)[0].text

    @staticmethod
    def _leaks(v: str, ctx: _Doc) -> bool:
        if ctx.long and ctx.contains_long(v):
            return True
        if ctx.short:
            for w in _WORDS.findall(v):
                if w in ctx.short:
                    return True
        return False

    def _draw(self, u: Unit, norm: str, counter: int) -> str:
        key = (u.kind, norm, u.extra, counter)
        value = self._cache.get(key)
        if value is None:
            value = self._draw_fresh(u, norm, counter)
            if len(self._cache) > 200_000:
                self._cache.clear()
            self._cache[key] = value
        if u.kind in ("first", "last", "nick", "street_word", "city", "org_head",
                      "hospital_short"):
            return apply_case(u.text, value)
        if u.kind == "hospital":
            return apply_case(u.text, value) if u.text.isupper() or u.text.islower() \
                else titlecase(value)
        if u.kind == "state":
            return value
        return value

    def _draw_fresh(self, u: Unit, norm: str, counter: int) -> str:
        kind = u.kind
        k = self.keyed
        lists = self.lists
        if kind in ("first", "nick"):
            entity = "nick_name" if kind == "nick" else "first_name"
            strategy = self.opt(entity, "strategy")
            temper = float(self.opt(entity, "temper"))
            sex = lists.sex_of(u.text)
            pool = {"F": "female", "M": "male"}.get(sex or "", "first")
            if kind == "nick":
                if self.settings["nicknames"]:
                    formals = self._nickname_of.get(norm) or lists.nickname_formals(u.text)
                    if formals:
                        formal = formals[0]
                        full = self._draw_fresh(Unit("first", formal), normalize(formal), counter)
                        short = titlecase(_head(full.lower()))
                        return short if len(short) >= 2 else full
                if strategy == "sprees":
                    return spree(lists.table(pool), k, "nick", norm, lists.is_name, counter,
                                 min_len=3, max_len=max(4, len(norm) + 1))
                return k.choose(lists.short_first(sex, max(4, len(norm) + 1), temper),
                                "nick", norm, counter)
            if strategy == "sprees":
                return spree(lists.table(pool), k, "first", norm, lists.is_name, counter)
            return k.choose(lists.table(pool, temper), "first", norm, counter)
        if kind == "last":
            strategy = self.opt("last_name", "strategy")
            if strategy == "sprees":
                return spree(lists.table("surname"), k, "last", norm, lists.is_name, counter)
            return k.choose(lists.table("surname", float(self.opt("last_name", "temper"))),
                            "last", norm, counter)
        if kind == "street_word":
            if self.opt("street", "strategy") == "sprees":
                return spree(lists.table("surname"), k, "street", norm, lists.is_name, counter)
            try:
                table = lists.table("street", 0.5)
            except ScrubError:
                table = lists.table("surname", 0.5)  # streets are mostly named after people
            return k.choose(table, "street", norm, counter)
        if kind == "city":
            state, _, strategy = u.extra.partition("|")
            home = state or lists.home_state(norm) or ""
            if home and self.opt("state", "strategy") == "pseudonym":
                home = self._draw_fresh(Unit("state", home), home.casefold(), 0)
                home = STATE_CODE.get(home.casefold(), home)
            if strategy == "sprees":
                return spree(lists.cities(home), k, "city", norm + "|" + home, lists.is_city,
                             counter)
            return k.choose(lists.cities(home, 0.5), "city", norm + "|" + home, counter)
        if kind == "state":
            code = STATE_CODE.get(norm, norm.upper() if len(norm) == 2 else "")
            others = [c for c, _ in STATES if c != code]
            pick = others[k.below(len(others), "state", code or norm, counter)]
            if len(u.text.strip(".")) == 2 or len(u.text.replace(".", "")) == 2:
                return pick if u.text.isupper() else pick.capitalize()
            return apply_case(u.text, STATE_NAME[pick]) if not u.text.istitle() else STATE_NAME[pick]
        if kind == "hospital":
            if self.opt("hospital", "strategy") == "sprees":
                word = spree(lists.table("surname"), k, "hospital", norm, lists.is_name, counter)
                return word + " Hospital"
            return k.choose(lists.table("hospital", 0.0), "hospital", norm, counter)
        if kind == "hospital_short":
            # "Brigham's", "the Brigham": hospitals called by a short name mostly bear a
            # founder's or benefactor's surname (Brigham, Mayo, Hopkins)
            if self.opt("hospital", "strategy") == "sprees":
                return spree(lists.table("surname"), k, "hospital", norm, lists.is_name, counter)
            return k.choose(lists.table("surname", 0.5), "hospital", norm, counter)
        if kind == "org_head":
            if self.opt("organization", "strategy") == "sprees":
                return spree(lists.table("surname"), k, "org", norm, lists.is_name, counter)
            return k.choose(lists.table("surname", 0.5), "org", norm, counter)
        if kind in ("shape", "ssn"):
            return self._number(u, counter)
        if kind == "email":
            return self._email(u.text, counter)
        if kind == "url":
            return self._url(u.text, counter)
        if kind == "ip":
            return self._ip(u.text, counter)
        raise ScrubError("E715", f"no replacement for unit kind {kind}")  # pragma: no cover

    def _initial(self, text: str) -> str:
        letter = text[:1]
        up = letter.isupper()
        base = letter.casefold()
        alphabet = "".join(c for c in "abcdefghijklmnoprstw" if c != base)
        c = alphabet[self.keyed.below(len(alphabet), "initial", base)]
        return (c.upper() if up else c) + text[1:]

    def _number(self, u: Unit, counter: int) -> str:
        model = u.text
        value = _NON_ALNUM.sub("", model).casefold()
        phone = u.extra in ("phone", "fax")
        for extra in range(counter * 8, counter * 8 + 8):
            # a phone's letters are labels ("ext", "x"), not part of the number
            out = pour(model, self.keyed, "number", value, extra, letters=not phone)
            if u.kind == "ssn":
                i = next((j for j, ch in enumerate(out) if ch.isdigit()), None)
                if i is not None:
                    out = out[:i] + "9" + out[i + 1:]   # area 9xx: never issued as an SSN
            elif u.extra == "credit_card":
                out = _luhn_break(out)
            if out != model:
                return out
        return out

    def _email(self, text: str, counter: int) -> str:
        local, at, domain = text.rpartition("@")
        if not at:
            return self._number(Unit("shape", text), counter)
        k = self.keyed
        new_local = pour(local, k, "email-local", local.casefold(), counter)
        word = spree(self.lists.table("surname"), k, "domain", domain.casefold(),
                     self.lists.is_name, counter).lower()
        return f"{new_local}@{word}.example"

    def _url(self, text: str, counter: int) -> str:
        m = _URL.match(text)
        if m is None:  # pragma: no cover - the pattern matches any non-empty text
            return self._number(Unit("shape", text), counter)
        k = self.keyed
        host = m.group("host")
        word = spree(self.lists.table("surname"), k, "domain", host.casefold(),
                     self.lists.is_name, counter).lower()
        rest = m.group("rest")
        new_rest = pour(rest, k, "url-path", rest, counter) if rest else ""
        return (m.group("scheme") or "") + (m.group("www") or "") + word + ".example" + \
            (m.group("port") or "") + new_rest

    def _ip(self, text: str, counter: int) -> str:
        k = self.keyed
        if ":" in text and text.count(":") >= 2:
            groups = k.symbols("0123456789abcdef", 8, "ipv6", text.casefold(), counter)
            return "2001:db8::" + "".join(groups[:4]).lstrip("0").rjust(1, "0") + ":" + \
                "".join(groups[4:]).lstrip("0").rjust(1, "0")
        m = _IPV4.match(text)
        suffix = m.group(2) if m else ""
        nets = ("192.0.2", "198.51.100", "203.0.113")   # RFC 5737 documentation ranges
        n = k.below(len(nets) * 254, "ipv4", (m.group(1) if m else text), counter)
        return f"{nets[n // 254]}.{n % 254 + 1}{suffix}"


def _occurrences(text: str, originals) -> list[tuple[str, int]]:
    """Every occurrence (overlapping ones too) of every original in `text`, longest original
    first (ties by the original), each original's in text order: the order the sweep claims
    them in. A scan per original for a few; one Aho-Corasick pass over the text for many."""
    order = sorted(originals, key=lambda v: (-len(v), v))
    if len(order) < _AUTOMATON_AT:
        out = []
        for orig in order:
            i = text.find(orig)
            while i >= 0:
                out.append((orig, i))
                i = text.find(orig, i + 1)
        return out
    a = ahocorasick.Automaton()
    for orig in order:
        a.add_word(orig, orig)
    a.make_automaton()
    found = [(orig, end - len(orig) + 1) for end, orig in a.iter(text)]
    rank = {orig: r for r, orig in enumerate(order)}
    found.sort(key=lambda h: (rank[h[0]], h[1]))
    return found


def _rel_parts(parts, base: int) -> tuple:
    """Parts as a hashable key relative to their finding's start (nested parts too)."""
    return tuple((p.start - base, p.end - base, p.entity,
                  _rel_parts(p.parts, base) if getattr(p, "parts", ()) else ())
                 for p in parts)


@lru_cache(maxsize=1 << 16)
def _leak_form(text: str) -> tuple[str, bool]:
    """The form an original is looked for in pseudo-values, and whether it is long enough (3+
    word characters) to be looked for inside words."""
    o = normalize(text).strip()
    return o, len(_NON_WORD.sub("", o)) >= 3


@lru_cache(maxsize=1 << 16)
def _case_variants(text: str) -> tuple[str, ...]:
    """A name's other spellings the sweep looks for: in capitals and capitalized."""
    return tuple(v for v in dict.fromkeys((text.upper(), titlecase(text)))
                 if v != text and len(v) == len(text))


def _state_code(written: str) -> str:
    """"MA", "ma", "Massachusetts" → "MA"; "" when not a state."""
    t = written.strip().rstrip(".")
    code = STATE_CODE.get(t.casefold()) or (t.upper() if t.upper() in STATE_NAME else "")
    return code


def _split_poss(text: str) -> tuple[str, str]:
    from .keys import strip_possessive
    return strip_possessive(text)


def _luhn_break(number: str) -> str:
    """The number with its last digit changed if its digits pass the Luhn check, so a
    pseudo-card is never a valid card number."""
    digits = [int(c) for c in number if c.isdigit()]
    if len(digits) < 12:
        return number
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    if total % 10:
        return number
    i = max(j for j, c in enumerate(number) if c.isdigit())
    return number[:i] + str((int(number[i]) + 1) % 10) + number[i + 1:]


def write_mapping(path: str | Path, entries: Iterable[tuple[str, str, str]]) -> str:
    """Write (entity, original, pseudo) rows, deduplicated and sorted, atomically (temporary file
    then rename; owner-only permissions), as JSON Lines for a .jsonl path, else tab-separated
    with a header (tabs, newlines and backslashes escaped). Returns the warning the caller must
    print."""
    p = Path(path)
    rows = sorted(set((str(e), str(o), str(v)) for e, o, v in entries))
    if p.suffix in (".jsonl", ".json"):
        body = "".join(json.dumps({"entity": e, "original": o, "pseudo": v},
                                  ensure_ascii=False) + "\n" for e, o, v in rows)
    else:
        def esc(s: str) -> str:
            return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n") \
                .replace("\r", "\\r")
        body = "entity\toriginal\tpseudo\n" + "".join(
            f"{esc(e)}\t{esc(o)}\t{esc(v)}\n" for e, o, v in rows)
    directory = p.parent if str(p.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + p.name + ".", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise ScrubError("E716", f"{p}: cannot write the mapping file ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(body)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, p)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise ScrubError("E716", f"{p}: cannot write the mapping file ({exc.strerror})") from None
    return MAPPING_WARNING
