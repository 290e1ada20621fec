"""Table-driven tests of the address detector (scrub.addresses.v1)."""
import json
from pathlib import Path

import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.addresses import AddressDetector
from scrub.templates import load_rules, load_templates
from scrub.types import Document

DATA = Path(__file__).parent / "data"
DET = AddressDetector()


def found(text, threshold=0.7):
    return [(text[f.start:f.end], f.entity, f.likelihood, f)
            for f in arbitrate(DET.detect(Document(text)), threshold, text)]


POSITIVES = [
    # (text, expected span, entity, lowest likelihood, highest likelihood)
    ("Home: 4417 Old Kettle Rd today", "4417 Old Kettle Rd", "street", 0.85, 1.0),
    ("lives at 123 Main St. Apt 4B with her son", "123 Main St. Apt 4B", "street", 0.85, 1.0),
    ("mail to P.O. Box 123 please", "P.O. Box 123", "street", 0.9, 1.0),
    ("office in Suite 200 upstairs", "Suite 200", "street", 0.75, 0.9),
    ("the ZIP on the chart is 93291.", "93291", "zip", 0.85, 1.0),
    ("zip code: 02151", "02151", "zip", 0.9, 1.0),
    ("Boston, MA 02151", "Boston, MA 02151", "address_block", 0.9, 1.0),
    ("Fresno, CA 93726", "Fresno, CA 93726", "address_block", 0.9, 1.0),
    ("She moved from Boston, MA last year", "Boston, MA", "location", 0.85, 1.0),
    ("He lives in Peabody now", "Peabody", "city", 0.8, 1.0),
    ("Patient is from Fresno originally", "Fresno", "city", 0.8, 1.0),
    ("moved to Ohio in 2010", "Ohio", "state", 0.75, 1.0),
    ("recently moved from Canada", "Canada", "country", 0.75, 1.0),
    ("seen in the Tulare County clinic", "Tulare County", "place", 0.8, 1.0),
    ("visiting New Orleans for Mardi Gras", "New Orleans", "city", 0.7, 1.0),
    ("grew up in Mobile, then Tulsa", "Mobile", "city", 0.7, 0.8),
    ("PSC 0413, Box 8144", "PSC 0413, Box 8144", "street", 0.9, 1.0),
    ("Tomomi lives at 86036 Rua do Arenque 1634, Goiania", "86036 Rua do Arenque 1634, Goiania",
     "street", 0.8, 0.9),
]


@pytest.mark.parametrize("text,span,entity,lo,hi", POSITIVES)
def test_address_found(text, span, entity, lo, hi):
    """Each address or place form is found whole, with its entity and a likelihood in range."""
    hits = [h for h in found(text) if h[0] == span]
    assert hits, [h[:3] for h in found(text)]
    assert hits[0][1] == entity and lo <= hits[0][2] <= hi


NEGATIVES = [
    "metformin 500 mg bid x3, insulin 10 units q4h",
    "BP 120/80, HR 88, K 4.1, MRN 12345, glucose 93726 mg",
    "Marjorie Long, MD saw her; Jones, PA assisted; Smith, DO",
    "Admitted via the Emergency Department; seen in Cardiology Clinic",
    "Reading the chart, Florence noted improvement. Mobile x-ray taken.",
    "Bell palsy; Foley catheter placed; Christmas Eve visit",
    "the DASH diet as studied in the Framingham Heart Study",
    "Plan: OOB to chair. Code Status: Full Code. Diet: Cardiac. NPO after midnight.",
    "Pt lives at home with wife; 3 West Wing bed 12",
    "Gave 2 Tylenol Extra Strength tablets; 7 and 6/12 year old",
    "Hgb 12.5 on 3/14; follow up in 2/52; ICD-10 E11.9",
    "WBC 12 IN the AM; OR 4 scheduled; ME 2 rounds; OK 3 times",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_no_address(text):
    """Doses, lab values, degrees after names, departments and common words are no addresses."""
    assert [h[:3] for h in found(text)] == []


def test_block_has_parts_in_text_order():
    """A letter's address lines make one address block whose parts are street, city, state, ZIP."""
    text = "St. John's Hospital\nHuntington 18\nBoston, MA 02151\n\nRE: x"
    blocks = [h for h in found(text) if h[1] == "address_block"]
    assert len(blocks) == 1
    f = blocks[0][3]
    assert blocks[0][0] == "Huntington 18\nBoston, MA 02151"
    assert [(text[p.start:p.end], p.entity) for p in f.parts] == [
        ("Huntington 18", "street"), ("Boston", "city"), ("MA", "state"), ("02151", "zip")]


def test_street_joins_city_line_on_same_line():
    """A street and its city on one line ("4417 Old Kettle Rd, Fresno, CA 93726") are one block."""
    text = "Address: 4417 Old Kettle Rd, Fresno, CA 93726."
    blocks = [h for h in found(text) if h[1] == "address_block"]
    assert [b[0] for b in blocks] == ["4417 Old Kettle Rd, Fresno, CA 93726"]
    assert [p.entity for p in blocks[0][3].parts] == ["street", "city", "state", "zip"]


def test_ambiguous_town_needs_strong_context():
    """A town that is also a common word stays below threshold after a bare 'in' but not after 'lives in'."""
    weak = [h for h in found("Results in Reading were normal") if h[0] == "Reading"]
    strong = [h for h in found("She lives in Reading with family") if h[0] == "Reading"]
    assert weak == [] and strong and strong[0][1] == "city"


def test_letter_locations(data_dir):
    """Every street, city, state and ZIP of the sample letter is covered by a finding."""
    doc = json.loads((data_dir / "scrub-letter.jsonl").read_text().splitlines()[0])
    text = doc["text"]
    fs = arbitrate(DET.detect(Document(text)), 0.7, text)
    gold = [s for s in doc["spans"] if s["label"] in ("STREET", "CITY", "STATE", "ZIP")]
    assert gold
    for s in gold:
        assert any(f.start <= s["start"] and s["end"] <= f.end for f in fs), s["label"]


def test_rules_come_from_the_template_file():
    """Every likelihood rule the detector uses is written in templates/addresses.toml."""
    rules = load_rules(None, "addresses")
    assert set(AddressDetector.DEFAULT_RULES) <= set(rules)
    assert {t.id for t in load_templates(family="addresses")} >= {"po-box", "unit", "zip-labelled"}


def test_rule_override_changes_likelihood(tmp_path):
    """A templates folder with another street likelihood changes the street candidates' likelihood."""
    from scrub.detector import DetectorSettings
    src = (Path(__file__).parent.parent / "templates" / "addresses.toml").read_text()
    (tmp_path / "addresses.toml").write_text(src.replace("street = 0.90", "street = 0.61"))
    det = AddressDetector(DetectorSettings(templates_dir=tmp_path))
    got = [c for c in det.detect(Document("at 4417 Old Kettle Rd")) if c.entity == "street"]
    assert got and got[0].likelihood == 0.61


@pytest.mark.parametrize("text", ["1" * 100_000, "Dr. " * 10_000, "A" * 100_000, "Main St, " * 10_000])
def test_nothing_in_degenerate_input(text):
    """Long runs of digits, titles, capitals or bare street words hold no identifier (speed: see benchmarks/)."""
    assert DET.detect(Document(text)) == []
