"""The anchored template path of the phone, id and medical detectors against the searched one."""
import json
from pathlib import Path

import pytest

from scrub.detectors import _scan
from scrub.detectors.ids import _ANCHOR_RULES as ID_RULES
from scrub.detectors.ids import _BEFORE, _AFTER, _DIGIT_GATE, IdDetector
from scrub.detectors.medical import MedicalTermDetector
from scrub.detectors.medical import _ANCHOR_RULES as MED_RULES
from scrub.detectors.phones import _ANCHOR_RULES as PHONE_RULES
from scrub.detectors.phones import PhoneDetector
from scrub.templates import gate_windows
from scrub.types import Document

DATA = Path(__file__).parent / "data"


def fixture_texts():
    out = []
    for p in sorted(DATA.glob("*.jsonl")):
        out += [json.loads(line)["text"] for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
    return out


TEXTS = fixture_texts()
EXTRA = [  # shapes near the edges of the anchor rules
    "call 1 (555) 201-3344 or +44 20 7946 0958 or 01 23 45 67 89, fax 555 / 201-3344",
    "x3 q6h 5 mg; Tmax 38.5, Vit D 30, O2 sat 95, Na140, ICD-10 E11.9, CPT 99213, 12/52, 120/80 mmHg",
    "CRIMSON-0447 GB82 WEST 1234 5698 7654 32 AB1234563 1HGCM82633A004352 123-45-6789 4111 1111 1111 1111",
    "Café-ABC123 “555-201-3344” 1555-201-3344 001 555 201 3344",
]


def key(cands):
    return sorted((c.start, c.end, c.entity, c.likelihood, c.why) for c in cands)


@pytest.mark.parametrize("name", ["ids", "medical", "phones"])
def test_anchored_equals_searched(name):
    """On every fixture text, trying templates at the class scan's places finds what searching finds."""
    if name == "ids":
        det = IdDetector()
        anchored = det._templated
        searched = lambda t: det.matcher.match(t, gate_windows(t, _DIGIT_GATE, _BEFORE, _AFTER, long_runs=40))  # noqa: E731
    elif name == "medical":
        det = MedicalTermDetector()
        anchored = lambda t: det._templated(t, t.lower())  # noqa: E731
        searched = lambda t: det.matcher.match(t)  # noqa: E731
    else:
        det = PhoneDetector()
        anchored = det._digit_led
        searched = lambda t: det._matchers[0].match(t, det.windows(t))  # noqa: E731
    assert "search" not in getattr(det, "_matchers" if name != "phones" else "_digit_matchers")
    for text in TEXTS + EXTRA:
        assert key(anchored(text)) == key(searched(text)), text[:80]


@pytest.mark.parametrize("rules,det", [(ID_RULES, IdDetector), (MED_RULES, MedicalTermDetector),
                                       (PHONE_RULES, PhoneDetector)])
def test_edited_template_is_searched(rules, det):
    """A template whose regex is not the one its anchor rule was checked for falls back to searching."""
    compiled = det().matcher._compiled
    tid = next(c.template.id for c in compiled if c.template.id in rules)
    groups = _scan.split_by_anchor(compiled, {**rules, tid: ("000000000000", rules[tid][1])})
    assert [t.id for t in groups["search"] if t.id in rules] == [tid]


@pytest.mark.parametrize("text,usable", [
    ("MRN 123456", True),
    ("naïve café “quoted” MRN 123456", True),
    ("MRN ١٢٣٤٥٦", False),  # Arabic-Indic digits: the class string would miss them
])
def test_classes_refuse_non_ascii_digits(text, usable):
    """The class string keeps offsets and is refused (searched path) when a non-ASCII digit is in the text."""
    cls = _scan.classes(text)
    assert (cls is not None) == usable
    if cls is not None:
        assert len(cls) == len(text)


def test_non_ascii_digits_still_found():
    """A text with non-ASCII digits still gets its identifiers from the searched path."""
    text = "MRN ١٢٣٤٥٦٧ and 402-19-8877"
    assert any(text[c.start:c.end] == "402-19-8877" for c in IdDetector().detect(Document(text)))


def test_signature_numbers_tried_at_runs_equal_search():
    """Signature numbers found at the class scan's digit runs are those a whole-text search finds."""
    from scrub.detectors.ids import _SIGNATURE
    texts = TEXTS + ["Patrick Hayes, M.D. 34764\n", "Jo Roe, PharmD.\t 123456  \nnext", "A. Bee RN 1234\r\n"]
    for text in texts:
        assert [m.span("v") for m in IdDetector._signatures(text)] == \
            [m.span("v") for m in _SIGNATURE.finditer(text)], text[:80]
