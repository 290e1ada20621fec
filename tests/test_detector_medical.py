"""Table-driven tests of the medical-term detector (scrub.medical.v1): protected spans."""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.medical import MedicalTermDetector
from scrub.types import Candidate, Document

DET = MedicalTermDetector()


def found(text):
    return [(text[f.start:f.end], f.entity, f.protected)
            for f in arbitrate(DET.detect(Document(text)), 0.7, text)]


POSITIVES = [
    ("follow up for insulin dependent diabetes mellitus diagnosed", "insulin dependent diabetes mellitus", "medical_term"),
    ("She is currently on Lily Human Insulin and is growing", "Lily Human Insulin", "medical_term"),
    ("Hx of Hodgkins disease in 1990", "Hodgkins disease", "medical_term"),
    ("treated for Hodgkin's lymphoma", "Hodgkin's lymphoma", "medical_term"),
    ("early Parkinson's disease", "Parkinson's disease", "medical_term"),
    ("child with Down syndrome", "Down syndrome", "medical_term"),
    ("Foley d/c'd this am", "Foley", "medical_term"),
    ("started metformin today", "metformin", "medical_term"),
    ("Tylenol prn", "Tylenol", "medical_term"),
    ("Lasix given", "Lasix", "medical_term"),
    ("ICD-10 E11.9 noted", "ICD-10 E11.9", "medical_term"),
    ("billed CPT 99213", "CPT 99213", "medical_term"),
    ("metformin 500 mg bid", "500 mg", "measurement"),
    ("BP 120/80 today", "BP 120/80", "measurement"),
    ("K 4.1 this am", "K 4.1", "measurement"),
    ("10 units at night", "10 units", "measurement"),
    ("for 2 weeks", "2 weeks", "measurement"),
    ("abx x3 days", "x3 days", "measurement"),
    ("morphine q4h prn", "q4h", "measurement"),
    ("follow up in 2/52", "2/52", "measurement"),
]


@pytest.mark.parametrize("text,span,entity", POSITIVES)
def test_medical_found(text, span, entity):
    """Drugs, eponymous diseases, codes and measurements come out protected."""
    assert (span, entity, True) in found(text)


NEGATIVES = [
    "We will contact Mrs. Hodgkins in a week",
    "Dr. Foley saw the patient",
    "Huntington 18, Boston",
    "Mr. Parkinson called",
    "Downs Road",
    "aged 93 years",
    "competing with the U. S. Junior Gymnastics team",
    "Los Angeles, Ca 90210",
    "Mrs. Parkinson's disease is worse",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_no_medical(text):
    """Titled names, bare eponyms, streets and ages are not protected."""
    assert found(text) == []


def test_titled_name_beats_bare_eponym():
    """A name candidate for "Hodgkins" after "Mrs." is not blocked by any medical span."""
    text = "We will contact Mrs. Hodgkins in a week"
    name = Candidate(21, 29, "last_name", 0.9, "test", "test")
    got = arbitrate(DET.detect(Document(text)) + [name], 0.7, text)
    assert [(f.start, f.end, f.entity) for f in got] == [(21, 29, "last_name")]


def test_eponym_phrase_beats_surname_reading():
    """A surname candidate for "Hodgkins" inside "Hodgkins disease" loses to the medical phrase."""
    text = "Hx of Hodgkins disease"
    surname = Candidate(6, 14, "last_name", 0.92, "test", "test")
    got = arbitrate(DET.detect(Document(text)) + [surname], 0.7, text)
    assert [(text[f.start:f.end], f.entity) for f in got] == [("Hodgkins disease", "medical_term")]


def test_measurement_blocks_false_date():
    """A measurement wins its span against a weaker false date candidate."""
    text = "K 4.1 today"
    date = Candidate(2, 5, "date", 0.75, "test", "test")
    got = arbitrate(DET.detect(Document(text)) + [date], 0.7, text)
    assert [(text[f.start:f.end], f.entity) for f in got] == [("K 4.1", "measurement")]


@pytest.mark.parametrize("text", ["1" * 1_000_000, "abc.def-12/" * 90_000, "insulin" * 100_000, "1 mg " * 40_000,
                                  "Dr. " * 100_000], ids=lambda t: f"{t[:6]!r}x{len(t)}")
def test_linear_inputs(text):
    """Pathological long inputs finish (correctness only, no timing)."""
    assert isinstance(DET.detect(Document(text)), list)


from hypothesis import given, settings, strategies as st  # noqa: E402 - property tests below

_CHARS = st.sampled_from(list("0123456789 -()./:#@+xXabcMRNSphone\n\tİßé") + ["ext ", "MRN ", "call ", "mg"])


@settings(max_examples=150, deadline=None)
@given(st.lists(_CHARS, max_size=80).map("".join))
def test_candidates_are_sound(text):
    """On any text: spans lie inside it, likelihoods in 0..1, and a second run gives the same list."""
    first = DET.detect(Document(text))
    assert all(0 <= c.start < c.end <= len(text) and 0.0 <= c.likelihood <= 1.0 for c in first)
    assert DET.detect(Document(text)) == first
