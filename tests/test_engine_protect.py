"""Protective detectors are asked only near candidates they could protect (engine._protect).

The verdict on every identifier must be the same as when they run over the whole document.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from scrub.detector import Detector, within
from scrub.engine import Scrubber, _subtract, _union

DATA = Path(__file__).parent / "data"

TEXTS = [
    "Mrs. Hodgkins has Hodgkins disease; her BP 120/80 was taken on 3/12/2024.",
    "Dr. Foley placed a Foley catheter. Foley saw her again on Monday.",
    "Parkinson's disease, seen by Dr. Parkinson at Mercy Hospital, tel 617-555-0199.",
    "Lily Human Insulin 10 units; call Lily at 508 555 2231 about the Graves disease follow-up.",
    "K 4.1, Mg 1.9, WBC 12.3 on 10/14. Pager 12345. Son Michael in to visit.",
]


@pytest.fixture(scope="module")
def scrubbers():
    lazy = Scrubber(spacy=False)
    full = Scrubber(spacy=False)

    def everything(doc, near, scanned):  # the old way: protective detectors over the whole text
        if scanned:
            return []
        scanned.append((0, 0))
        return [c for d in full.detectors if d.protective for c in d.detect(doc)]

    full._protect = everything
    return lazy, full


def _flags(findings):
    return [(f.start, f.end, f.entity, f.detector) for f in findings if not f.protected]


def _corpus():
    docs = list(TEXTS)
    for name in ("clinical-notes-handwritten.jsonl", "scrub-letter.jsonl", "deidgate-seed.jsonl",
                 "asq-phi-names.jsonl"):
        docs += [json.loads(line)["text"] for line in (DATA / name).read_text(encoding="utf-8").splitlines()]
    return docs


def test_lazy_protection_gives_the_same_identifiers(scrubbers):
    lazy, full = scrubbers
    docs = _corpus()
    assert len(docs) > 100
    changed = [i for i, d in enumerate(docs) if _flags(lazy.detect(d)) != _flags(full.detect(d))]
    assert changed == []


def test_protection_still_wins_where_it_matters(scrubbers):
    lazy, _ = scrubbers
    text = TEXTS[0]
    got = {text[f.start:f.end]: f for f in lazy.detect(text)}
    assert got["Hodgkins disease"].protected
    assert not got["Mrs. Hodgkins"].protected
    assert got["BP 120/80"].protected
    assert not got["3/12/2024"].protected


def test_protected_findings_far_from_any_candidate_are_not_sought(scrubbers):
    lazy, full = scrubbers
    text = "Pt given Lasix 40 mg IV and Colace. " * 5 + "Seen by Dr. Kowalski."
    lazy_protected = [f for f in lazy.detect(text) if f.protected]
    full_protected = [f for f in full.detect(text) if f.protected]
    assert len(lazy_protected) < len(full_protected)
    assert all(f.start >= len(text) - 21 - lazy.PROTECT_PAD - 30 for f in lazy_protected)


def test_medical_detect_near_equals_detect_inside_the_windows(scrubbers):
    """Away from a window's edges (where a longer phrase across the edge may have won in the
    whole text) the windowed search finds exactly what the whole search finds."""
    lazy, _ = scrubbers
    edge = 40
    med = next(d for d in lazy.detectors if d.protective)
    for text in _corpus()[:60]:
        doc = lazy.document(text)
        n = len(text)
        for windows in ([(0, n)], [(0, n // 2)], [(n // 3, n)], [(0, n // 4), (n // 2, 3 * n // 4)]):
            windows = [(lo, hi) for lo, hi in windows if lo < hi]
            inner = [(lo + edge * (lo > 0), hi - edge * (hi < n)) for lo, hi in windows]
            inner = [(lo, hi) for lo, hi in inner if lo < hi]
            expect = sorted(within(med.detect(doc), inner), key=lambda c: (c.start, c.end, c.why))
            got = sorted(within(med.detect_near(doc, windows), inner), key=lambda c: (c.start, c.end, c.why))
            assert got == expect, (windows, len(text))


class _Everywhere(Detector):
    name = "test.everywhere.v1"
    entities = ("medical_term",)

    def detect(self, doc):
        from scrub.types import Candidate
        return [Candidate(0, 3, "medical_term", 0.9, self.name), Candidate(10, 14, "medical_term", 0.9, self.name)]


def test_default_detect_near_keeps_candidates_wholly_inside():
    doc = Scrubber(spacy=False, detectors=["contact"]).document("abc def ghi jkl mno")
    got = _Everywhere().detect_near(doc, [(0, 5), (9, 13)])
    assert [(c.start, c.end) for c in got] == [(0, 3)]


@pytest.mark.parametrize("windows, done, expect", [
    ([(0, 10), (20, 30)], [], [(0, 10), (20, 30)]),
    ([(0, 10), (20, 30)], [(0, 12)], [(20, 30)]),
    ([(0, 10), (20, 30)], [(5, 25)], [(0, 10), (20, 30)]),
    ([(5, 8)], [(0, 4), (5, 9)], []),
])
def test_subtract_keeps_windows_not_wholly_scanned(windows, done, expect):
    assert _subtract(windows, done) == expect


def test_union_merges():
    assert _union([(0, 5), (10, 12)], [(4, 8), (20, 21)]) == [(0, 8), (10, 12), (20, 21)]
