"""Helpers shared by the organization and note-form tests: the detectors' findings on a passage,
whether an identifier is covered, and the checks on degenerate one-line inputs."""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.locations import LocationDetector
from scrub.detectors.orgs import OrgDetector
from scrub.types import Document

ORGS = OrgDetector()
DETS = (LocationDetector(), ORGS)

#: an ICU nursing note's systems review, typed in small letters or in capitals: put before a
#: passage, it makes the whole note caseless as such notes are (the cased view reads it)
ICU_LOW = "neuro: a+ox3, mae. cv: nsr 80s. resp: ls clear, 2l nc. gi: tol clears.\n"
ICU_CAPS = "NEURO: A+OX3. CV: SR 70S, NO ECTOPY. RESP: LS CLEAR. GU: FOLEY, UO ADEQ.\n"


def flagged(text, dets=DETS, threshold=0.7):
    """(start, end) of the arbiter's findings over the given detectors' candidates."""
    cands = [c for d in dets for c in d.detect(Document(text))]
    return [(f.start, f.end) for f in arbitrate(cands, threshold, text)]


def whole(text, span, got):
    """`span` (its first occurrence) lies inside one of the (start, end, ...) spans of `got`."""
    s = text.index(span)
    e = s + len(span)
    return any(g[0] <= s and e <= g[1] for g in got)


def unprotected(scrubber, text):
    """(start, end) of the whole pipeline's findings a replacement would change (no protected term)."""
    return [(f.start, f.end) for f in scrubber.detect(text) if not f.protected]


def touched(text, span, got):
    """Some span of `got` overlaps `span` (its first occurrence)."""
    s = text.index(span)
    e = s + len(span)
    return any(g[0] < e and s < g[1] for g in got)


def covered(text, span, got, counts=lambda ch: not ch.isspace()):
    """Every character of `span` (its first occurrence) that `counts` is inside some span of `got`."""
    s = text.index(span)
    return all(any(g[0] <= i < g[1] for g in got) for i in range(s, s + len(span)) if counts(text[i]))


def check_forms(scrubber, text, found, left):
    """The whole pipeline covers every part of `found` whole and touches no part of `left`."""
    spans = unprotected(scrubber, text)
    for part in found:
        assert covered(text, part, spans), part
    for part in left:
        assert not touched(text, part, spans), part


def note_forms_test(cases):
    """The test of a table of (passage, [covered whole], [left alone]) rows, one case a row: a
    module binds it to a `test_` name (`test_note_forms = note_forms_test(CASES)`)."""
    @pytest.mark.parametrize("text, found, left", cases, ids=[c[0][:40] for c in cases])
    def test(scrubber_nospacy, text, found, left):
        check_forms(scrubber_nospacy, text, found, left)
    return test


def check_degenerate(det, unit, n):
    """`unit` repeated `n` times: at most one candidate per repetition (and a letterhead), each
    inside the text. Linear time is measured by benchmarks/bench_adversarial.py, not here."""
    text = unit * n
    cands = det.detect(Document(text))
    assert len(cands) <= n + 1, len(cands)
    assert all(0 <= c.start < c.end <= len(text) for c in cands)
