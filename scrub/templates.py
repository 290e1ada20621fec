"""The template language of Figure 113 and the matcher that turns templates into candidates.

A template is data (TOML files under `templates/`), compiled to a `regex` pattern:

- ``d``: a digit (a run of letters made only of d's, e.g. ``ddd``, is that many digits);
  ``d*``: one or more digits
- ``*``: a run of word characters; ``ext*``: 'ext' then any word characters
- ``{tel*, ph*}``: alternatives, each itself a template
- white space: optional spacing (``ddd - dddd`` matches "255-1423" and "255 - 1423");
  ``_``: required white space
- ``[ ... ]``: the part of the match that is the identifier (the whole match when absent),
  so ``{tel*, ph*} : [ddd - dddd]`` reports only the number
- ``?`` after an element: that element is optional
- ``<macro>``: a named class (``<month>``, ``<mon>``, ``<weekday>``, ``<day>``, ``<month_num>``,
  ``<year>``, ``<year2>``, ``<year4>``, ``<ordinal>``, ``<word>``, ``<Cap>``)
- ``\\x``: the character x itself; other letters and punctuation stand for themselves,
  letters matching either case.

Each template has an id, an entity, a likelihood 0–1, and optionally context words (whole words; "tel*" a prefix) that raise
the likelihood when they stand shortly before the match, and a validator name.

Escape hatch: a template may give ``regex = "..."`` (a `regex`-module pattern, matched
case-insensitively) instead of ``pattern``, for shapes the language above cannot say (e-mail
addresses, URLs, IPv6). A named group ``span`` marks the identifier (else the whole match), and
the same word/number boundaries are added around it. Write such patterns so they stay linear
(no nested unbounded quantifiers over the same characters; a lookbehind that stops a match from
starting inside a run it would rescan).
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Callable, Iterable, Sequence

import regex

from .errors import ScrubError
from .types import Candidate

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")
MONS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
WDAYS = ("mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun")
#: the abbreviations of hospital units ("MICU", "NSICU", "CVICU", "PACU", "SDU", "IMCU", "Neuro-ICU"):
#: never a name ("MICU RN" is the unit's nurse)
UNIT_ABBREV = re.compile(r"(?:[A-Z]{0,3}(?:ICU|CU|IMC|IMCU|SDU|PCU)|PACU|Neuro-?ICU|NeuroICU)")
#: the parts of a care home named for a tree or a person ("MAGNOLIA WING", "willow wing", "the Cedar
#: dayroom"), matched right after a word: that word is then no person and no town
WING_AFTER = re.compile(r"[ \t]+(?i:wing|dayroom|day room|cottage|pod|neighborhood|household)\b")

MACROS: dict[str, str] = {
    "month": r"(?:" + "|".join(MONTHS) + r")",
    "mon": r"(?:" + "|".join(sorted(MONS, key=len, reverse=True)) + r")\.?",
    # the dot may follow any abbreviation ("Jan. 5", "Wed. 3/14"), not just the last one
    "monthname": r"(?:" + "|".join(MONTHS) + "|(?:" + "|".join(sorted(MONS, key=len, reverse=True)) + r")\.?)",
    "weekday": r"(?:" + "|".join(WEEKDAYS) + "|(?:" + "|".join(sorted(WDAYS, key=len, reverse=True)) + r")\.?)",
    "day": r"(?:0?[1-9]|[12]\d|3[01])",
    "month_num": r"(?:0?[1-9]|1[0-2])",
    "year4": r"(?:1[89]\d\d|20\d\d)",
    "year2": r"\d\d",
    "year": r"(?:1[89]\d\d|20\d\d|'?\d\d)",
    "ordinal": r"(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)",
    "ordword": r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|"
               r"twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|"
               r"nineteenth|twentieth|twenty[- ]?(?:first|second|third|fourth|fifth|sixth|"
               r"seventh|eighth|ninth)|thirtieth|thirty[- ]?first)",
    "word": r"\w+",
    "Cap": r"(?-i:\p{Lu}\p{Ll}+)",
    "hour": r"(?:[01]?\d|2[0-3])",
    "minute": r"[0-5]\d",
}


@dataclass(frozen=True)
class Template:
    id: str
    entity: str
    pattern: str
    likelihood: float
    context: tuple[str, ...] = ()
    context_boost: float = 0.0
    validate: str | None = None
    example: str = ""
    source: str = ""
    #: a raw `regex` pattern used instead of `pattern` (see the module docstring)
    regex: str = ""


def compile_template(pattern: str, where: str = "<template>") -> str:
    """Translate one template into a regex source string (not yet compiled)."""
    out, pos = _parse_seq(pattern, 0, where, closer=None)
    if pos != len(pattern):
        raise ScrubError("E201", f"{where}: unexpected '{pattern[pos]}' at column {pos + 1}")
    body = "".join(out)
    if "(?P<span>" not in body:
        body = f"(?P<span>{body})"
    # An identifier never starts or ends in the middle of a word or a longer number.
    return r"(?<![\w])(?<!\d[-./])" + body + r"(?![\w])(?![-./]\d)"


def compile_regex_template(source: str, where: str = "<template>") -> str:
    """Wrap a raw regex template in the span group and the identifier boundaries."""
    try:
        compiled = regex.compile(source, regex.IGNORECASE | regex.V0)
    except regex.error as exc:
        raise ScrubError("E641", f"{where}: not a valid regex ({exc.msg} at column {(exc.pos or 0) + 1})") from None
    body = source if "span" in compiled.groupindex else f"(?P<span>{source})"
    return r"(?<![\w])(?<!\d[-./])(?:" + body + r")(?![\w])(?![-./]\d)"


def template_source(t: "Template") -> str:
    """The regex source of a template, from its `regex` escape hatch or its `pattern`."""
    if t.regex:
        return compile_regex_template(t.regex, t.id)
    return compile_template(t.pattern, t.id)


def _parse_seq(p: str, i: int, where: str, closer: str | None) -> tuple[list[str], int]:
    out: list[str] = []
    n = len(p)
    while i < n:
        ch = p[i]
        if closer and ch in closer:
            return out, i
        if ch.isspace():
            while i < n and p[i].isspace():
                i += 1
            if out and out[-1] != r"\s*":
                out.append(r"\s*")
            continue
        if ch == "_":
            out.append(r"\s+")
            i += 1
        elif ch == "\\":
            if i + 1 >= n:
                raise ScrubError("E202", f"{where}: dangling '\\' at column {i + 1}")
            out.append(regex.escape(p[i + 1]))
            i += 2
        elif ch == "{":
            alts = []
            i += 1
            while True:
                sub, i = _parse_seq(p, i, where, closer=",}")
                alts.append("".join(_strip_space(sub)))
                if i >= n:
                    raise ScrubError("E203", f"{where}: '{{' never closed")
                if p[i] == "}":
                    i += 1
                    break
                i += 1  # ','
            out.append("(?:" + "|".join(alts) + ")")
        elif ch == "[":
            sub, i = _parse_seq(p, i + 1, where, closer="]")
            if i >= n:
                raise ScrubError("E204", f"{where}: '[' never closed")
            i += 1
            out.append("(?P<span>" + "".join(_strip_space(sub)) + ")")
        elif ch == "<":
            j = p.find(">", i)
            if j < 0:
                raise ScrubError("E205", f"{where}: '<' never closed at column {i + 1}")
            name = p[i + 1:j]
            if name not in MACROS:
                raise ScrubError("E206", f"{where}: unknown macro <{name}> at column {i + 1}")
            out.append(MACROS[name])
            i = j + 1
        elif ch == "?":
            if not out:
                raise ScrubError("E207", f"{where}: '?' with nothing before it at column {i + 1}")
            out[-1] = "(?:" + out[-1] + ")?"
            i += 1
        elif ch == "*":
            out.append(r"\w+")
            i += 1
        elif ch.isalpha():
            j = i
            while j < n and p[j].isalpha():
                j += 1
            word = p[i:j]
            star = j < n and p[j] == "*"
            if set(word) == {"d"}:
                out.append(r"\d+" if star and len(word) == 1 else
                           r"\d{%d}" % len(word) + (r"\d*" if star else ""))
            else:
                out.append(regex.escape(word) + (r"\w*" if star else ""))
            i = j + (1 if star else 0)
        else:
            out.append(regex.escape(ch))
            i += 1
    if closer:
        return out, i
    return _strip_space(out), i


def _strip_space(parts: list[str]) -> list[str]:
    while parts and parts[-1] == r"\s*":
        parts = parts[:-1]
    while parts and parts[0] == r"\s*":
        parts = parts[1:]
    return parts


# --------------------------------------------------------------------------- loading

def load_templates(source: str | Path | None = None, family: str | None = None) -> list[Template]:
    """Read templates from a TOML file, a folder of them, or the bundled templates (package `scrub.template_data`).

    With `family`, only the bundled file `<family>.toml` (or `source/<family>.toml`) is read.
    """
    files: list[tuple[str, str]] = []
    if source is None:
        pkg = resources.files("scrub.template_data")
        for entry in sorted(pkg.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".toml") and (family is None or entry.name == f"{family}.toml"):
                files.append((f"templates/{entry.name}", entry.read_text(encoding="utf-8")))
    else:
        path = Path(source)
        if path.is_dir():
            for f in sorted(path.glob("*.toml")):
                if family is None or f.name == f"{family}.toml":
                    files.append((str(f), f.read_text(encoding="utf-8")))
        elif path.is_file():
            files.append((str(path), path.read_text(encoding="utf-8")))
        else:
            raise ScrubError("E210", f"{path}: no such template file or folder")
    out: list[Template] = []
    for where, text in files:
        out.extend(parse_template_file(text, where))
    return out


def load_rules(source: str | Path | None, family: str, table: str = "rules") -> dict:
    """The `[rules]` table of `<family>.toml`: numbers a detector's context rules use.

    (`table` names another top-level table of the same file, e.g. a detector's hand lists.)

    They live beside the templates so a person edits every likelihood in one place; a missing
    file or table gives {} (the detector then uses its built-in defaults).
    """
    name = f"{family}.toml"
    if source is None:
        entry = resources.files("scrub.template_data").joinpath(name)
        if not entry.is_file():
            return {}
        where, text = f"templates/{name}", entry.read_text(encoding="utf-8")
    else:
        path = Path(source)
        path = path / name if path.is_dir() else path
        if not path.is_file() or path.name != name:
            return {}
        where, text = str(path), path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScrubError("E211", f"{where}: not valid TOML ({exc})") from None
    rules = data.get(table, {})
    return dict(rules) if isinstance(rules, dict) else {}


def parse_template_file(text: str, where: str) -> list[Template]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScrubError("E211", f"{where}: not valid TOML ({exc})") from None
    default_entity = data.get("entity")
    out = []
    for n, t in enumerate(data.get("template", []), start=1):
        place = f"{where}: template {n}"
        try:
            tid = str(t["id"])
            likelihood = float(t["likelihood"])
        except KeyError as exc:
            raise ScrubError("E212", f"{place}: missing key {exc}") from None
        pattern = str(t.get("pattern", ""))
        raw = str(t.get("regex", ""))
        if bool(pattern) == bool(raw):
            raise ScrubError("E640", f"{place} ({tid}): give exactly one of 'pattern' and 'regex'")
        if not 0.0 <= likelihood <= 1.0:
            raise ScrubError("E213", f"{place} ({tid}): likelihood must be within 0..1")
        ent = t.get("entity", default_entity)
        if not ent:
            raise ScrubError("E214", f"{place} ({tid}): no entity")
        if raw:  # fail early, naming the place
            compile_regex_template(raw, f"{place} ({tid})")
        else:
            compile_template(pattern, f"{place} ({tid})")
        out.append(Template(tid, ent, pattern, likelihood, tuple(t.get("context", ())),
                            float(t.get("context_boost", 0.0)), t.get("validate"),
                            t.get("example", ""), where, raw))
    return out


def write_template_file(templates: Iterable[Template], path: Path) -> None:
    """Write templates back as TOML (used by `scrub train`), atomically."""
    lines = ["# Templates with likelihoods. Edit freely: `scrub train` re-estimates likelihoods.", ""]
    for t in templates:
        lines.append("[[template]]")
        lines.append(f"id = {_toml_str(t.id)}")
        lines.append(f"entity = {_toml_str(t.entity)}")
        if t.regex:
            lines.append(f"regex = {_toml_str(t.regex)}")
        else:
            lines.append(f"pattern = {_toml_str(t.pattern)}")
        lines.append(f"likelihood = {t.likelihood:.2f}")
        if t.context:
            lines.append("context = [" + ", ".join(_toml_str(c) for c in t.context) + "]")
            lines.append(f"context_boost = {t.context_boost:.2f}")
        if t.validate:
            lines.append(f"validate = {_toml_str(t.validate)}")
        if t.example:
            lines.append(f"example = {_toml_str(t.example)}")
        lines.append("")
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("\n".join(lines), encoding="utf-8")
    tmp.replace(path)


def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


# --------------------------------------------------------------------------- matching

@dataclass(frozen=True)
class _Compiled:
    template: Template
    pattern: "regex.Pattern"
    context: "regex.Pattern | None"


class TemplateMatcher:
    """Runs a set of templates over a text and proposes candidates.

    Validators (name → function(str) → bool|None) are passed in by the detector that owns the
    templates: True raises the likelihood to 1.0 (a checksum holds), False drops the match
    (a known sample number, an impossible date), None leaves it as it is.
    """

    CONTEXT_WINDOW = 40

    def __init__(self, templates: Iterable[Template], detector: str,
                 validators: dict[str, Callable[[str], bool | None]] | None = None):
        self.detector = detector
        self.validators = dict(validators or {})
        self._compiled: list[_Compiled] = []
        for t in templates:
            pat = regex.compile(template_source(t), regex.IGNORECASE | regex.V0)
            ctx = None
            if t.context:
                # whole words ("in" must not fire on "insulin"); "tel*" is a prefix
                ctx = regex.compile(r"\b(?:" + "|".join(
                    regex.escape(c[:-1]) + r"\w*" if c.endswith("*") else regex.escape(c) + r"(?!\w)"
                    for c in t.context) + r")", regex.IGNORECASE)
            self._compiled.append(_Compiled(t, pat, ctx))
        #: (pattern, [(index, compiled)...]): templates whose regex is the same run as one
        runs: dict[str, list[tuple[int, _Compiled]]] = {}
        for k, c in enumerate(self._compiled):
            runs.setdefault(c.pattern.pattern, []).append((k, c))
        self._runs = [(members[0][1].pattern, members) for members in runs.values()]

    @property
    def templates(self) -> list[Template]:
        return [c.template for c in self._compiled]

    def match(self, text: str, windows: Sequence[tuple[int, int]] | None = None) -> list[Candidate]:
        """Candidates of every template over the text, or only inside `windows`.

        `windows` are sorted, disjoint (start, end) ranges a detector's cheap gate found worth
        looking at (a text without digits holds no phone number): each template scans only
        those. Lookbehinds and context words still see the text before a window; a window
        should end at white space or the end of the text, where a match may end too.
        """
        spans = [(0, len(text))] if windows is None else windows
        if not spans:
            return []
        out: list[tuple[int, Candidate]] = []
        detector = self.detector
        window = self.CONTEXT_WINDOW
        # Names are looked up once per template, not per match: on text dense in candidates
        # the per-match Python work is most of the cost. Templates with the same pattern (an
        # age over 89 and its younger twin) share one scan and are judged one by one.
        for pattern, judges in self._judged:
            finditer = pattern.finditer
            for lo, hi in spans:
                for m in finditer(text, lo, hi):
                    s, e = m.span("span")
                    if s >= e:
                        continue
                    _judge(judges, out, text, m.start(), s, e, detector, window)
        return self._ordered(out)

    @cached_property
    def _judged(self) -> list[tuple]:
        """Per shared pattern, per template: its place in the file and how it judges a match."""
        return [(pattern, [(k, self.validators.get(c.template.validate) if c.template.validate else None,
                            c.context, c.template.likelihood, c.template.context_boost, c.template.entity,
                            f"template:{c.template.id}") for k, c in members])
                for pattern, members in self._runs]

    @staticmethod
    def _ordered(out: list[tuple[int, Candidate]]) -> list[Candidate]:
        """Candidates grouped by template in file order, each template's in the order found."""
        if len(out) > 1:
            out.sort(key=_first)  # stable: the order found is kept within a template
        return [c for _, c in out]

    def match_at(self, text: str, anchors: Sequence[tuple[int, int]]) -> list[Candidate]:
        """Candidates of every template whose match starts exactly at an anchor.

        `anchors` are sorted (start, end) pairs: a match must start at `start` and end by `end`.
        For templates whose every match starts at a gate's hit (a month word), one anchored
        attempt per hit costs far less than a search of a window around it. As in a scan, a
        template's match is not sought at an anchor inside its previous match.
        """
        if not anchors:
            return []
        out: list[tuple[int, Candidate]] = []
        detector = self.detector
        window = self.CONTEXT_WINDOW
        for pattern, judges in self._judged:
            match = pattern.match
            last = -1
            for start, end in anchors:
                if start < last:
                    continue
                m = match(text, start, end)
                if m is None:
                    continue
                last = max(m.end(), start + 1)
                s, e = m.span("span")
                if s >= e:
                    continue
                _judge(judges, out, text, start, s, e, detector, window)
        return self._ordered(out)


def _first(pair: tuple) -> int:
    return pair[0]


def _judge(judges, out: list, text: str, start: int, s: int, e: int, detector: str, window: int) -> None:
    """Each template of a matched pattern decides on the span s:e of a match starting at
    `start`: its validator may drop or certify it, its context words may raise it."""
    for k, fn, context, like, boost, entity, why in judges:
        if fn is not None:
            verdict = fn(text[s:e])
            if verdict is False:
                continue
            if verdict is True:
                like = 1.0
        if context is not None and like < 1.0:
            if context.search(text, start - window if start > window else 0, s):
                like = min(1.0, like + boost)
        out.append((k, Candidate(s, e, entity, round(like, 4), detector, why)))


_WORDS = regex.compile(r"\w+")


def gate_windows(text: str, gate: "regex.Pattern | Sequence[regex.Pattern]", before: int, after: int,
                 extra: Iterable[tuple[int, int]] = (), long_runs: int = 0) -> list[tuple[int, int]]:
    """Merge `before`/`after`-padded windows around the gate's hits (and `extra` spans).

    `gate` may be several patterns (several literal searches are much cheaper than one
    alternation); a pattern that chains near hits into one match saves Python work per hit.

    A window's end is moved on past the word it falls in, so no match is cut inside a word.
    With `long_runs`, a hit that is one unbroken run of more than that many word characters
    is left out and only the text on either side of it is scanned: no identifier starts or
    ends inside a longer word or number (this keeps a 1 MB line of digits cheap).
    """
    n = len(text)
    pads: list[tuple[int, int]] = []
    gates = gate if isinstance(gate, (list, tuple)) else (gate,)
    for m in (m for g in gates for m in g.finditer(text)):
        s, e = m.span()
        if long_runs and e - s > long_runs and _WORDS.fullmatch(text, s, e):
            pads.append((max(0, s - before), s))
            pads.append((e, min(n, e + after)))
        else:
            pads.append((max(0, s - before), min(n, e + after)))
    pads.extend((max(0, s - before), min(n, e + after)) for s, e in extra)
    pads.sort()
    out: list[tuple[int, int]] = []
    for lo, hi in pads:
        if hi < n and hi > lo and text[hi - 1].isalnum() and text[hi].isalnum():
            word = _WORDS.match(text, hi)
            hi = word.end() if word and word.end() - hi <= 64 else hi
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(hi, out[-1][1]))
        else:
            out.append((lo, hi))
    return out


def with_likelihood(t: Template, likelihood: float) -> Template:
    return replace(t, likelihood=likelihood)


def pad_windows(text: str, spans: list[tuple[int, int]], before: int, after: int) -> list[tuple[int, int]]:
    """Merge the sorted spans, each padded, into windows that end at a word's end."""
    if not spans:
        return []
    n = len(text)
    out: list[tuple[int, int]] = []
    # bounds are clamped to the text once, at the end: merging reads the same either way
    # (a start is never past the text's end), and a dense table of numbers has many hits
    lo, hi = spans[0][0] - before, spans[0][1] + after
    for s, e in spans:
        if s - before <= hi:
            if e + after > hi:
                hi = e + after
        else:
            out.append((lo, hi))
            lo, hi = s - before, e + after
    out.append((lo, hi))
    if out[0][0] < 0:
        out[0] = (0, out[0][1])
    # a window never ends inside a word, where a match could end too early
    return [(lo, _WORD_END.match(text, hi).end()) if hi < n else (lo, n) for lo, hi in out]


_WORD_END = re.compile(r"\w{0,64}")
