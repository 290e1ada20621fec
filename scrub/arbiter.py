"""The arbiter: candidates from every detector compete, one verdict per character (Figure 111).

Only this module writes the resolved, non-overlapping layer of findings.
"""
from __future__ import annotations

import bisect
from typing import Iterable, Sequence

from .entities import is_protected, level
from .types import Candidate, Finding


#: (level, protected) per entity name, memoized: looked up for every candidate
_FACTS: dict[str, tuple[int, bool]] = {}


def _facts(name: str) -> tuple[int, bool]:
    got = _FACTS.get(name)
    if got is None:
        got = _FACTS[name] = (level(name), is_protected(name))
    return got


def rank_key(c: Candidate) -> tuple:
    """The total order of candidates, best first.

    precedence level (1 highest), then likelihood (greatest first), then length (longest first),
    then start (earliest first), then detector name, then entity name, then the reason: every
    tie is broken, so the verdict never depends on the order detectors ran in.
    """
    facts = _FACTS.get(c.entity) or _facts(c.entity)
    return (facts[0], -c.likelihood, c.start - c.end, c.start, c.detector, c.entity, c.why)


def _trim(text: str | None, start: int, end: int) -> tuple[int, int] | None:
    """Shrink a fragment to its alphanumeric core; None when nothing worth a finding is left."""
    if text is None:
        return (start, end)
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not (text[end - 1].isalnum() or text[end - 1] in ".)'"):
        end -= 1
    if start >= end or not any(ch.isalnum() for ch in text[start:end]):
        return None
    if text[start:end] in ("s", "S") and start > 0 and text[start - 1] in "'’":
        return None  # the possessive left over from a name another finding took
    return (start, end)


def arbitrate(candidates: Iterable[Candidate], threshold: float = 0.7,
              text: str | None = None) -> list[Finding]:
    """Resolve candidates into non-overlapping findings, sorted by start.

    For each character, among candidates whose likelihood reaches `threshold`, the one first in
    `rank_key` order wins. A candidate that loses only some of its characters keeps the runs it
    still wins; given the text, such leftover fragments are trimmed to their alphanumeric core
    and dropped when none is left (so a lost span never leaves stray punctuation behind).
    Protected entities (medical terms, verbs) win like any other but come out `protected`.
    """
    eligible = sorted([c for c in candidates if c.likelihood >= threshold], key=rank_key)
    starts: list[int] = []  # claimed intervals, sorted and disjoint
    ends: list[int] = []
    findings: list[Finding] = []
    bisect_left = bisect.bisect_left
    for c in eligible:
        cs, ce = c.start, c.end
        # claimed intervals are disjoint, so their ends rise with their starts: the span is
        # wholly free when the last interval starting before its end ends by its start
        i = bisect_left(starts, ce)
        if i == 0 or ends[i - 1] <= cs:  # the common case: nothing claimed there yet
            starts.insert(i, cs)
            ends.insert(i, ce)
            findings.append(_finding(c, cs, ce, c.parts))
            continue
        pieces = _free_pieces(starts, ends, cs, ce)
        if not pieces:
            continue
        whole = len(pieces) == 1 and pieces[0] == (cs, ce)
        for s, e in pieces:
            if not whole:
                trimmed = _trim(text, s, e)
                if trimmed is None:
                    continue
                s, e = trimmed
            i = bisect_left(starts, s)
            starts.insert(i, s)
            ends.insert(i, e)
            parts = c.parts if whole else tuple(p for p in c.parts if p.start >= s and p.end <= e)
            findings.append(_finding(c, s, e, parts))
    findings.sort(key=_by_span)
    for a, b in zip(findings, findings[1:]):
        assert a.end <= b.start, "arbiter produced overlapping findings"
    return findings


def _by_span(f: Finding) -> tuple[int, int]:
    return (f.start, f.end)


def _finding(c: Candidate, s: int, e: int, parts: tuple) -> Finding:
    # a frozen dataclass's __init__ sets each field through object.__setattr__; filling the
    # instance dict at once builds the same object about twice as fast (one per candidate won)
    f = object.__new__(Finding)
    f.__dict__.update(start=s, end=e, entity=c.entity, likelihood=c.likelihood, detector=c.detector,
                      why=c.why, parts=parts, protected=(_FACTS.get(c.entity) or _facts(c.entity))[1])
    return f


def _free_pieces(starts: Sequence[int], ends: Sequence[int], s: int, e: int) -> list[tuple[int, int]]:
    """The sub-intervals of [s, e) not covered by the claimed intervals."""
    pieces = []
    i = bisect.bisect_right(starts, s) - 1
    if i < 0:
        i = 0
    pos = s
    while i < len(starts) and starts[i] < e:
        if ends[i] > pos:
            if starts[i] > pos:
                pieces.append((pos, starts[i]))
            pos = max(pos, ends[i])
        i += 1
    if pos < e:
        pieces.append((pos, e))
    return pieces
