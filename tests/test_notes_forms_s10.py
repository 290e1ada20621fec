"""Identifiers as nursing and physicians' notes write them in small letters or in sign-offs, and
the words that are none.

Every passage is fictitious and hand-written in the style of clinical notes. Each row names the
text the whole pipeline (without spaCy, at the default threshold 0.7) must cover and the text it
must leave alone.
"""
from __future__ import annotations

import pytest

from scrub.engine import Scrubber


@pytest.fixture(scope="module")
def scrubber():
    return Scrubber(spacy=False)


def _spans(scrubber, text):
    return [(f.start, f.end) for f in scrubber.detect(text) if not f.protected]


def _covered(spans, text, part):
    """Every non-blank character of `part` (its first occurrence) is inside some finding."""
    s = text.index(part)
    return all(any(a <= i < b for a, b in spans) for i in range(s, s + len(part)) if not text[i].isspace())


def _touched(spans, text, part):
    s = text.index(part)
    e = s + len(part)
    return any(a < e and s < b for a, b in spans)


# (passage, [text that must be covered whole], [text that must not be touched])
CASES = [
    # ---- names in small letters inside a cased note
    ("Pt doing well overnight.\n--ekaterina volkova, RN", ["ekaterina volkova"], ["RN"]),
    ("Pt seen by post-op team, RN aware. Plan reviewed -- team agrees.", [], ["team", "aware"]),
    ("Please have Dr. fields' office fax the plan. Dr. price's nurse called.", ["fields", "price"],
     ["office", "nurse"]),
    ("Dr. will's note reviewed; Dr. aware of labs.", [], ["will", "aware"]),
    ("Date of exam: 2088-06-17\nPatient: oyelade, folasade    MRN: 77410928", ["oyelade, folasade"], []),
    ("PATIENT: de medeiros, augusto j.     DOB: 08/02/2022", ["medeiros, augusto"], []),
    ("Member: delphine ashcroft-obi\nMember ID: KHP-804-33719", ["delphine ashcroft-obi"], []),
    ("Pt: resting comfortably\nPt: alert and oriented\nPt: sleeping well   \nPt: doing well, MRN 123",
     [], ["resting", "alert", "sleeping", "doing well"]),
]


@pytest.mark.parametrize("text, found, left", CASES, ids=[c[0][:40] for c in CASES])
def test_note_forms(scrubber, text, found, left):
    spans = _spans(scrubber, text)
    for part in found:
        assert _covered(spans, text, part), part
    for part in left:
        assert not _touched(spans, text, part), part
