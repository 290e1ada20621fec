"""Composite entities of the top precedence levels: identification blocks, mailing labels and
address blocks, recognized from the findings of consecutive lines.

A letter's heading ("Marjorie Long, M.D. / St. John's Hospital / Huntington 18 / Boston, MA
02151") is a mailing label; "RE: Virginia Townsend / CH#32-841-09787 / DOB 05/26/86" is an
identification block. A block wins its whole range (levels 1–3) and carries every finding
inside it as a part, so replacement still works part by part.
"""
from __future__ import annotations

import bisect

import re
from typing import Iterable, Sequence

from .types import Candidate, Document, Finding

NAME = {"first_name", "middle_name", "last_name", "nick_name", "name", "title", "full_name"}
ADDRESS = {"street", "city", "state", "zip", "country", "place", "address_block", "location"}
ORG = {"organization", "hospital"}
IDENT = {"ssn", "mrn", "reference_number", "account", "health_plan", "license", "vehicle",
         "device", "date", "age", "phone", "fax", "email"}
COVERAGE = 0.6
DETECTOR = "scrub.blocks.v1"


def leaves(f: Finding | Candidate) -> tuple[Candidate, ...]:
    """The constituent spans of a finding (itself when it has none)."""
    if f.parts:
        out: list[Candidate] = []
        for p in f.parts:
            out.extend(leaves(p))
        return tuple(out)
    if isinstance(f, Finding):
        return (Candidate(f.start, f.end, f.entity, f.likelihood, f.detector, f.why),)
    return (f,)


def _line_coverage(text: str, start: int, end: int, spans: Sequence[Finding]) -> float:
    """The share of the line's alphanumeric characters the findings cover, not counting short
    field labels ("RE:", "DOB", "Tel:") that no finding touches."""
    if any(f.start < start or f.end > end for f in spans):
        return _line_coverage_masked(text, start, end, spans)
    # findings never overlap, and the characters they cover lie in words that are therefore not
    # skipped as labels: the hits are the alphanumerics inside the findings
    hit = sum(sum(map(str.isalnum, text[f.start:f.end])) for f in spans)
    total = 0
    # findings do not overlap: sorted by start, their ends rise too, and the one starting last
    # before a word's end is the only one that can touch it (a bisection, not a scan: a long
    # line of short labels stays linear)
    bounds = sorted((f.start, f.end) for f in spans)
    starts = [fs for fs, _ in bounds]
    for m in _WORD.finditer(text, start, end):
        word = m.group()
        if word.endswith(":") or len(word) <= 3 and word.isupper():
            k = bisect.bisect_left(starts, m.end()) - 1
            if not (k >= 0 and bounds[k][1] > m.start()):
                continue
        total += sum(map(str.isalnum, word))
    return hit / total if total else 0.0


_WORD = re.compile(r"\S+")


def _line_coverage_masked(text: str, start: int, end: int, spans: Sequence[Finding]) -> float:
    covered = bytearray(end - start)
    for f in spans:
        covered[f.start - start:f.end - start] = b"\x01" * (f.end - f.start)
    total = hit = 0
    for tok in _tokens(text, start, end):
        s, e = tok
        word = text[s:e]
        if (word.endswith(":") or len(word) <= 3 and word.isupper()) and not any(covered[s - start:e - start]):
            continue
        for j in range(s, e):
            if text[j].isalnum():
                total += 1
                hit += covered[j - start]
    return hit / total if total else 0.0


def _tokens(text: str, start: int, end: int):
    i = start
    while i < end:
        while i < end and text[i].isspace():
            i += 1
        j = i
        while j < end and not text[j].isspace():
            j += 1
        if j > i:
            yield i, j
        i = j


def _kind(entities: set[str]) -> str | None:
    has_name = bool(entities & NAME)
    has_addr = bool(entities & ADDRESS)
    has_org = bool(entities & ORG)
    has_ident = bool(entities & IDENT)
    if has_ident and (has_name or has_addr):
        return "identification_block"
    if has_addr and (has_name or has_org) and not has_ident:
        return "mailing_label"
    if has_addr and not (has_name or has_org or has_ident) and len(entities & ADDRESS) >= 2:
        return "address_block"
    return None


def propose_blocks(doc: Document, findings: Iterable[Finding]) -> list[Candidate]:
    text = doc.text
    flags = [f for f in findings if not f.protected]
    if len(flags) < 2:
        return []
    out: list[Candidate] = []
    group: list[tuple[int, int, list[Finding]]] = []

    def close():
        if len(group) >= 2:
            members = [f for _, _, fs in group for f in fs]
            parts = tuple(sorted({c for f in members for c in leaves(f)},
                                 key=lambda c: (c.start, c.end, c.entity)))
            kind = _kind({p.entity for p in parts})
            if kind:
                out.append(Candidate(parts[0].start, parts[-1].end, kind,
                                     min(0.99, max(p.likelihood for p in parts)), DETECTOR,
                                     "context:block", parts))
        group.clear()

    fi = 0
    flags.sort(key=lambda f: f.start)
    for start, end in doc.lines:
        while fi < len(flags) and flags[fi].end <= start:
            fi += 1
        inside = []
        k = fi
        while k < len(flags) and flags[k].start < end:
            if flags[k].end <= end:
                inside.append(flags[k])
            k += 1
        # cheap bound first: the findings must cover a good share of the line's characters
        if inside and sum(f.end - f.start for f in inside) >= 0.4 * (end - start - text.count(" ", start, end)) \
                and _line_coverage(text, start, end, inside) >= COVERAGE:
            group.append((start, end, inside))
        else:
            close()
    close()
    return out
