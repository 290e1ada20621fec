"""Table-driven tests of the organization detector (scrub.organizations.v1)."""
import json
from pathlib import Path

import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.addresses import AddressDetector
from scrub.detectors.organizations import OrganizationDetector
from scrub.templates import load_rules
from scrub.types import Document

DATA = Path(__file__).parent / "data"
DET = OrganizationDetector()


def found(text, threshold=0.7):
    return [(text[f.start:f.end], f.entity, f.likelihood)
            for f in arbitrate(DET.detect(Document(text)), threshold, text)]


POSITIVES = [
    # (text, expected span, entity, lowest likelihood, highest likelihood)
    ("She was seen at Brigham and Women's Hospital today", "Brigham and Women's Hospital", "hospital", 0.9, 1.0),
    ("Marjorie Long, M.D.\nSt. John's Hospital\nHuntington 18", "St. John's Hospital", "hospital", 0.85, 1.0),
    ("diagnosed in June of 1993 by Dr. Frank at Brigham's.", "Brigham's", "hospital", 0.85, 1.0),
    ("transferred from the Brigham overnight", "the Brigham", "hospital", 0.85, 1.0),
    ("records from Mass General were reviewed", "Mass General", "hospital", 0.85, 1.0),
    ("Seen at St. Vincent's last week", "St. Vincent's", "hospital", 0.75, 0.9),
    ("biopsy done at Mt. Sinai in May", "Mt. Sinai", "hospital", 0.75, 1.0),
    ("follow up at Elm Clinic next week", "Elm Clinic", "hospital", 0.85, 1.0),
    ("Called Riverside Family Practice for records", "Riverside Family Practice", "hospital", 0.85, 1.0),
    ("discharged to Sunrise Nursing Home on Friday", "Sunrise Nursing Home", "hospital", 0.85, 1.0),
    ("admitted to City Hospital on May 12th", "City Hospital", "hospital", 0.7, 0.8),
    ("transferred to NY Presbyterian Hospital", "NY Presbyterian Hospital", "hospital", 0.9, 1.0),
    ("We will contact Mrs. Hodgkins at Marina Corp 473-1214", "Marina Corp", "organization", 0.85, 1.0),
    ("He works for Acme Inc. as a welder", "Acme Inc.", "organization", 0.85, 1.0),
    ("with the U. S. Junior Gymnastics team.", "U. S. Junior Gymnastics team", "organization", 0.75, 1.0),
    ("a senior at Lincoln High School", "Lincoln High School", "organization", 0.85, 1.0),
    ("studies at the University of Michigan", "University of Michigan", "organization", 0.85, 1.0),
    ("seen at Harborview Medical. Name: Sam", "Harborview Medical", "hospital", 0.85, 1.0),
    ("seen at Children's Hospital Boston in July", "Children's Hospital Boston", "hospital", 0.85, 1.0),
    ("under the care of Dr. White at Houston Oncology Center", "Houston Oncology Center", "hospital", 0.85, 1.0),
]


@pytest.mark.parametrize("text,span,entity,lo,hi", POSITIVES)
def test_organization_found(text, span, entity, lo, hi):
    """Each hospital, clinic, employer, school or team form is found whole, with its entity and likelihood."""
    hits = [h for h in found(text) if h[0] == span]
    assert hits, found(text)
    assert hits[0][1] == entity and lo <= hits[0][2] <= hi


NEGATIVES = [
    "Admitted via the Emergency Department to the Cardiology Clinic",
    "Seen in Internal Medicine Clinic and Pediatric Surgery Center",
    "Referred to Physical Therapy; Medical Center policy reviewed",
    "Takes St. John's wort daily; St. Patrick's Day party",
    "metformin 500 mg bid; BP 120/80; follow up in 2/52",
    "Plan: Continue Lasix. Code Status: Full Code. Diet: Cardiac.",
    "the county hospital and a local clinic",
    "Brigham was the name on the old chart",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_no_organization(text):
    """Departments, generic facilities, herbs, holidays and lower-case mentions are no organizations."""
    assert found(text) == []


def test_letter_organizations(data_dir):
    """Every organization of the sample letter is covered by a finding of this detector."""
    doc = json.loads((data_dir / "scrub-letter.jsonl").read_text().splitlines()[0])
    text = doc["text"]
    fs = arbitrate(DET.detect(Document(text)), 0.7, text)
    gold = [s for s in doc["spans"] if s["label"] == "ORGANIZATION"]
    assert len(gold) == 4
    for s in gold:
        assert any(f.start <= s["start"] and s["end"] <= f.end for f in fs), text[s["start"]:s["end"]]


def test_asq_locations_recall_and_quiet_on_clean_queries(data_dir):
    """On ASQ-PHI queries, hospitals and places are caught (overlap recall >= 0.9) and few clean queries are flagged."""
    docs = [json.loads(line) for line in (data_dir / "asq-phi-locations.jsonl").read_text().splitlines()]
    dets = (DET, AddressDetector())
    hit = total = flagged = clean = 0
    for d in docs:
        text = d["text"]
        fs = arbitrate([c for det in dets for c in det.detect(Document(text))], 0.7, text)
        gold = [s for s in d["spans"] if s["label"] == "GEOGRAPHIC_LOCATION"]
        total += len(gold)
        hit += sum(any(f.start < s["end"] and s["start"] < f.end for f in fs) for s in gold)
        if not d["spans"]:
            clean += 1
            flagged += bool(fs)
    assert total > 100 and clean >= 50
    assert hit / total >= 0.9
    assert flagged / clean <= 0.05


def test_lists_and_rules_come_from_the_template_file():
    """The hand lists and every likelihood rule are read from templates/organizations.toml."""
    lists = load_rules(None, "organizations", "lists")
    assert {"facility_heads", "generic", "short_forms", "lead_strip", "institution"} <= set(lists)
    assert set(OrganizationDetector.DEFAULT_RULES) <= set(load_rules(None, "organizations"))


def test_rule_override_changes_likelihood(tmp_path):
    """A templates folder with another facility likelihood changes the facility candidates' likelihood."""
    from scrub.detector import DetectorSettings
    src = (Path(__file__).parent.parent / "templates" / "organizations.toml").read_text()
    (tmp_path / "organizations.toml").write_text(src.replace("facility = 0.90", "facility = 0.66"))
    det = OrganizationDetector(DetectorSettings(templates_dir=tmp_path))
    got = [c for c in det.detect(Document("at Elm Clinic")) if c.why == "template:facility-head"]
    assert got and got[0].likelihood == 0.66


@pytest.mark.parametrize("text", ["1" * 100_000, "Dr. " * 10_000, "A" * 100_000, "Main St, " * 10_000])
def test_nothing_in_degenerate_input(text):
    """Long runs of digits, titles, capitals or bare street words hold no identifier (speed: see benchmarks/)."""
    assert DET.detect(Document(text)) == []
