"""Table-driven tests of the phone detector (scrub.phones.v1)."""
import json
from pathlib import Path

import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.phones import PhoneDetector
from scrub.templates import load_templates
from scrub.types import Document

DATA = Path(__file__).parent / "data"
DET = PhoneDetector()


def found(text, threshold=0.7):
    return [(text[f.start:f.end], f.entity, f.likelihood)
            for f in arbitrate(DET.detect(Document(text)), threshold, text)]


POSITIVES = [
    # (text, expected span, entity, lowest likelihood, highest likelihood)
    ("Best callback number is (559) 555-0142 in the afternoon.", "(559) 555-0142", "phone", 0.85, 1.0),
    ("Alternate contact number 559.555.0142 rings", "559.555.0142", "phone", 0.8, 1.0),
    ("phone: 255-1423", "255-1423", "phone", 0.9, 1.0),
    ("Tel.: 0393 1144137", "0393 1144137", "phone", 0.9, 1.0),
    ("Records were faxed to (312) 555-0198.", "(312) 555-0198", "fax", 0.9, 1.0),
    ("fax: 987-654-3210", "987-654-3210", "fax", 0.9, 1.0),
    ("Desk: +1-604-696-5272x565", "+1-604-696-5272x565", "phone", 0.85, 1.0),
    ("Office +44 20 7946 0958 today", "+44 20 7946 0958", "phone", 0.85, 1.0),
    ("beeper #36821", "36821", "phone", 0.85, 1.0),
    ("255-1000 ext 1423", "255-1000 ext 1423", "phone", 0.7, 0.9),
    ("Contact: 702-555-1234", "702-555-1234", "phone", 0.8, 1.0),
    ("at Marina Corp 473-1214 to schedule", "473-1214", "phone", 0.7, 0.8),
    ("930.167.3943 fax", "930.167.3943", "fax", 0.85, 1.0),
    ("Daughter Mary 555 123 4567 today", "555 123 4567", "phone", 0.7, 0.8),
    ("Call 3-4567 for questions", "3-4567", "phone", 0.75, 0.75),
    ("Dr. Smith (pager #1234)", "1234", "phone", 0.85, 0.85),
    ("wife at (617)555-0177 ext. 204.", "(617)555-0177 ext. 204", "phone", 0.9, 1.0),
]


@pytest.mark.parametrize("text,span,entity,lo,hi", POSITIVES)
def test_phone_found(text, span, entity, lo, hi):
    """Each phone form is found whole, with its entity and a likelihood in range."""
    hits = [h for h in found(text) if h[0] == span]
    assert hits, found(text)
    assert hits[0][1] == entity and lo <= hits[0][2] <= hi


NEGATIVES = [
    "metformin 500 mg bid x3, insulin 10 units q4h",
    "BP 120/80, HR 88, K 4.1, platelets 150-4500 cells",
    "Hgb from 120-1300 over two weeks",
    "SSN 402-19-8877 and MRN 123-45-678",
    "worked 2010-2015 at the plant",
    "visit on 01.05.2023 and 03/14/2024",
    "follow up in 2/52; ICD-10 E11.9; CPT 99213",
    "extension 1423",  # Figure 113: 0.40 alone, below the threshold
    "dose 250-500 mg",
    "diet 220-1800 calories",
    "shift 0700-1900 and 1900-0700",
    "abx x3, box 12345, next 12345",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_no_phone(text):
    """Doses, lab values, ranges, dates and SSNs are not phone numbers."""
    assert found(text) == []


def test_figure_113_templates_verbatim():
    """The six Figure 113 templates are in phones.toml with the figure's likelihoods."""
    fig = {t.id: t.likelihood for t in load_templates(family="phones") if t.id.startswith("fig113-")}
    assert fig == {"fig113-local": 0.40, "fig113-area-paren": 0.85, "fig113-area-slash": 0.50,
                   "fig113-ext": 0.70, "fig113-extension": 0.40, "fig113-labelled": 0.90}


def test_local_number_base_likelihood_kept():
    """The local form keeps its 0.40 base candidate; the prose rule adds its own candidate."""
    text = "at Marina Corp 473-1214 to schedule"
    whys = {c.why: c.likelihood for c in DET.detect(Document(text))}
    assert whys["template:fig113-local"] == 0.40
    assert whys["context:local-number"] >= 0.7


def test_sample_letter_phone():
    """The sample letter's only phone span is found at threshold 0.7."""
    doc = json.loads((DATA / "scrub-letter.jsonl").read_text().splitlines()[0])
    text = doc["text"]
    want = [(s["start"], s["end"]) for s in doc["spans"] if s["label"] == "PHONE"]
    got = [(f.start, f.end) for f in arbitrate(DET.detect(Document(text)), 0.7, text)]
    assert want and all(w in got for w in want)


@pytest.mark.parametrize("text", ["1" * 1_000_000, "1 " * 500_000, "abc.def-12/" * 90_000,
                                  "Dr. " * 100_000, "phone " * 150_000], ids=lambda t: f"{t[:6]!r}x{len(t)}")
def test_linear_inputs(text):
    """Pathological long inputs finish and yield no phone (correctness only, no timing)."""
    assert found(text) == []


from hypothesis import given, settings, strategies as st  # noqa: E402 - property tests below

_CHARS = st.sampled_from(list("0123456789 -()./:#@+xXabcMRNSphone\n\tİßé") + ["ext ", "MRN ", "call ", "mg"])


@settings(max_examples=150, deadline=None)
@given(st.lists(_CHARS, max_size=80).map("".join))
def test_candidates_are_sound(text):
    """On any text: spans lie inside it, likelihoods in 0..1, and a second run gives the same list."""
    first = DET.detect(Document(text))
    assert all(0 <= c.start < c.end <= len(text) and 0.0 <= c.likelihood <= 1.0 for c in first)
    assert DET.detect(Document(text)) == first
