"""Table-driven tests of the organization detector (scrub.orgs.v1)."""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.orgs import OrgDetector
from scrub.templates import load_rules, load_templates
from scrub.types import Document

DET = OrgDetector()


def found(text, threshold=0.7):
    return [(text[f.start:f.end], f.entity, f.likelihood)
            for f in arbitrate(DET.detect(Document(text)), threshold, text)]


POSITIVES = [
    # (text, expected span, entity, lowest likelihood, highest likelihood)
    ("admitted to Brigham and Women's Hospital today", "Brigham and Women's Hospital", "hospital", 0.9, 1.0),
    ("St. John's Hospital\nHuntington 18", "St. John's Hospital", "hospital", 0.85, 1.0),
    ("diagnosed by Dr. Frank at Brigham's.", "Brigham's", "hospital", 0.75, 1.0),
    ("was seen at the Brigham last week", "Brigham", "hospital", 0.75, 1.0),
    ("transferred to Mt. Sinai overnight", "Mt. Sinai", "hospital", 0.75, 1.0),
    ("was admitted to St. Vincent's", "St. Vincent's", "hospital", 0.75, 1.0),
    ("follow-up at Elm Clinic in May", "Elm Clinic", "organization", 0.85, 1.0),
    ("PCP at Riverside Family Practice", "Riverside Family Practice", "organization", 0.85, 1.0),
    ("contact her at Marina Corp 473-1214", "Marina Corp", "organization", 0.85, 1.0),
    ("works for Acme Inc. as a welder", "Acme Inc.", "organization", 0.85, 1.0),
    ("with the U. S. Junior Gymnastics team.", "U. S. Junior Gymnastics team", "organization", 0.75, 1.0),
    ("a student at Lincoln High School", "Lincoln High School", "organization", 0.85, 1.0),
    ("graduated from the University of Iowa", "University of Iowa", "organization", 0.85, 1.0),
    ("treated at Johns Hopkins for years", "Johns Hopkins", "hospital", 0.85, 1.0),
    ("seen at the Dallas clinic", "Dallas clinic", "organization", 0.8, 1.0),
    ("who was admitted to Cedars-Sinai on April 2", "Cedars-Sinai", "organization", 0.75, 1.0),
    ("follow-up visit at UCSF on Jan 10", "UCSF", "organization", 0.75, 1.0),
    ("treated at NYU Langone last June", "NYU Langone", "organization", 0.75, 1.0),
    ("diagnosed by Dr. Nguyen at UCSF on March 15th", "UCSF", "organization", 0.75, 1.0),
    ("who was admitted to General Hospital on Monday", "General Hospital", "hospital", 0.7, 0.8),
    ("treated at Johns Hopkins Hospital, Baltimore last year", "Johns Hopkins Hospital, Baltimore", "hospital", 0.9, 1.0),
    ("last seen at the UCLA clinic on Feb 5", "UCLA clinic", "organization", 0.8, 1.0),
    ("born at Children's Hospital in 2010", "Children's Hospital", "hospital", 0.7, 0.8),
    ("CABG in 2015 at Mass General.", "Mass General", "hospital", 0.8, 1.0),
    ("under Dr. White at Houston Oncology Center", "Houston Oncology Center", "organization", 0.85, 1.0),
]


@pytest.mark.parametrize("text,span,entity,lo,hi", POSITIVES)
def test_finds(text, span, entity, lo, hi):
    """Each written form of an organization is found whole, as its entity, within its likelihood range."""
    got = found(text)
    hits = [g for g in got if g[0] == span]
    assert hits, f"{span!r} not found in {got}"
    assert hits[0][1] == entity
    assert lo <= hits[0][2] <= hi


NEGATIVES = [
    "Seen in the Emergency Department and the Cardiology Clinic",
    "Referred to the Family Practice clinic for follow up",
    "Urgent Care visit; Primary Care follow up",
    "BP 120/80, metformin 500 mg bid",
    "The patient's mother called the clinic.",
    "He lives in St. Louis with his wife",
    "Dr. Hopkins examined the patient",
    "was admitted to ICU on Monday",
    "referred to Dr. Smith in March",
    "seen at Emergency Department overnight",
    "seen by Dr. Smith at Monday clinic",
    "Discharged to SNF. Admitted to the MICU. Transferred from OSH. Seen in PT.",
    "CV: RRR. Labs: Na 140, K 4.0.",
    "follow up with PCP clinic next week; Referred to GI clinic; seen at the VA clinic",
    "Seen in Room 12 by the Hospitalist",
    "Labs drawn at the Cancer Center",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_negatives(text):
    """Departments, generic heads and people's names are not organizations."""
    assert found(text) == []


def test_separate_names_stay_separate():
    """Two facilities joined by 'and' are two findings, not one long span."""
    text = "f/u at Elm Clinic and Riverside Family Practice"
    assert [s for s, _, _ in found(text)] == ["Elm Clinic", "Riverside Family Practice"]


def test_why_and_detector():
    """Every candidate names this detector and says why (template, list or context rule)."""
    text = "Brigham and Women's Hospital, Elm Clinic, Marina Corp, St. Vincent's, the Brigham"
    cands = DET.detect(Document(text))
    assert cands
    for c in cands:
        assert c.detector == "scrub.orgs.v1"
        assert c.why.split(":")[0] in ("template", "list", "context")


def test_rules_come_from_toml():
    """The context-rule likelihoods and hand lists are read from templates/orgs.toml."""
    rules = load_rules(None, "orgs")
    assert set(OrgDetector.DEFAULT_RULES) <= set(rules)
    assert DET.rules["company"] == rules["company"]
    assert "Clinic" in load_rules(None, "orgs", table="lists")["facility_heads"]
    assert any(t.id == "org-team" for t in load_templates(None, family="orgs"))


@pytest.mark.parametrize("text", ["9" * 200_000, "A" * 200_000, "Dr. " * 100_000, "St. " * 50_000,
                                  "Elm Elm Elm " * 20_000, "the Brigham " * 20_000])
def test_linear_inputs_finish(text):
    """Pathological inputs (long runs, repeated heads and saints) are handled without error."""
    cands = DET.detect(Document(text))
    assert all(0 <= c.start < c.end <= len(text) for c in cands)
    if text[0] in "9A":  # a run of one character holds no place or organization
        assert cands == []
