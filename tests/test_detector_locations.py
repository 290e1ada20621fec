"""Table-driven tests of the location detector (scrub.locations.v1)."""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.locations import LocationDetector
from scrub.templates import load_rules, load_templates
from scrub.types import Document

DET = LocationDetector()


def found(text, threshold=0.7):
    return [(text[f.start:f.end], f.entity, f.likelihood, f)
            for f in arbitrate(DET.detect(Document(text)), threshold, text)]


POSITIVES = [
    # (text, expected span, entity, lowest likelihood, highest likelihood)
    ("Home address 4417 Old Kettle Rd today", "4417 Old Kettle Rd", "street", 0.85, 1.0),
    ("lives at 123 Main St. Apt 4B with her son", "123 Main St. Apt 4B", "street", 0.9, 1.0),
    ("1600 Pennsylvania Avenue NW", "1600 Pennsylvania Avenue", "street", 0.85, 1.0),
    ("at 12 5th Ave, Suite 200", "12 5th Ave, Suite 200", "street", 0.9, 1.0),
    ("mail to P.O. Box 123 please", "P.O. Box 123", "street", 0.9, 1.0),
    ("office in Suite 200 upstairs", "Suite 200", "street", 0.75, 0.9),
    ("the mailing ZIP on the chart is 93291.", "93291", "zip", 0.85, 1.0),
    # a labelled postal code of another country's format
    ("ZIP: 394 13", "394 13", "zip", 0.8, 0.9),
    ("my zip code is 2371.", "2371", "zip", 0.8, 0.9),
    ("postal code 53-320", "53-320", "zip", 0.8, 0.9),
    ("Postal code: B0J 2H0", "B0J 2H0", "zip", 0.8, 0.9),
    ("postcode 7412 SL", "7412 SL", "zip", 0.8, 0.9),
    # a house number and the words after a strong address cue, in another country's form
    ("Tomomi lives at 86036 Rua do Arenque 1634, Goiânia", "86036 Rua do Arenque 1634", "street", 0.75, 0.85),
    ("his address: 5049 Harjukuja 54, SEINÄJOKI", "5049 Harjukuja 54", "street", 0.75, 0.85),
    ("zip code: 02151", "02151", "zip", 0.9, 1.0),
    ("Boston, MA 02151", "Boston, MA 02151", "address_block", 0.9, 1.0),
    ("Fresno, CA 93726-1234", "Fresno, CA 93726-1234", "address_block", 0.9, 1.0),
    ("4417 Old Kettle Rd, Fresno, CA 93726", "4417 Old Kettle Rd, Fresno, CA 93726", "address_block", 0.9, 1.0),
    ("Huntington 18\nBoston, MA 02151", "Huntington 18\nBoston, MA 02151", "address_block", 0.9, 1.0),
    ("123 Main Street\nSpringfield, IL 62701", "123 Main Street\nSpringfield, IL 62701", "address_block", 0.9, 1.0),
    ("a resident of Cedar Rapids, IA since", "Cedar Rapids, IA", "location", 0.85, 1.0),
    ("She moved from Portland, Maine last year", "Portland, Maine", "location", 0.85, 1.0),
    ("Portland, OR 97201", "Portland, OR 97201", "address_block", 0.9, 1.0),
    ("He lives in Peabody now", "Peabody", "city", 0.8, 1.0),
    ("Patient is from Fresno originally", "Fresno", "city", 0.8, 1.0),
    ("was transferred from Lawrence General", "Lawrence", "city", 0.7, 1.0),
    ("moved to Ohio in 2010", "Ohio", "state", 0.75, 1.0),
    ("recently moved from Canada", "Canada", "country", 0.75, 1.0),
    ("now in Mass. for the summer", "Mass", "state", 0.7, 1.0),
    ("The patient resides in Tulare County with family", "Tulare County", "place", 0.8, 1.0),
    ("admitted from Sunrise Nursing Home last night", "Sunrise Nursing Home", "place", 0.8, 1.0),
    ("She moved to St. Louis. Lives in Peabody.", "St. Louis", "city", 0.8, 1.0),
    ("PSC 0413, Box 8144", "PSC 0413, Box 8144", "street", 0.9, 1.0),
    ("lives in the Milwaukee area", "Milwaukee", "city", 0.7, 1.0),
    ("Wingertweg 126\nSuite 408\nEpendes\nSwitzerland 8200", "Wingertweg 126", "street", 0.75, 1.0),
    ("Wingertweg 126\nSuite 408\nEpendes\nSwitzerland 8200", "Ependes", "city", 0.75, 1.0),
    ("Wingertweg 126\nSuite 408\nEpendes\nSwitzerland 8200", "8200", "zip", 0.75, 1.0),
    ("Postal code: 1098", "1098", "zip", 0.8, 1.0),
    ("lives at 123 Elm Street, Springfield with her son", "123 Elm Street, Springfield", "address_block", 0.8, 1.0),
]


@pytest.mark.parametrize("text,span,entity,lo,hi", POSITIVES)
def test_finds(text, span, entity, lo, hi):
    """Each written form of an address part is found whole, as its entity, within its likelihood range."""
    got = [(s, e, p) for s, e, p, _ in found(text)]
    hits = [g for g in got if g[0] == span]
    assert hits, f"{span!r} not found in {got}"
    assert hits[0][1] == entity
    assert lo <= hits[0][2] <= hi


NEGATIVES = [
    "BP 120/80, HR 72, metformin 500 mg bid",
    "Seen in the Emergency Department and the Cardiology Clinic",
    "Take 2 tablets daily with 1 Glass of water",
    "Patient is in no acute distress.",
    "He was in OR for 3 hours; ME consulted; IN and OUT catheter",
    "Follow up in 2/52, labs 7 and 6/12 year old",
    "Reading at 3 pm: glucose 140",
    "the Virginia Townsend file",
    "MD, PA, RN at bedside",
    "as studied in the Framingham Heart Study cohort",
    "Came from Home. Discharged to Home with VNA.",
    "Returned to Unit 4. Seen in Room 12. Bed 3.",
    "zip code unknown; Zip lock bag x2; zip up jacket 2 times",
    "Pt lives at 2 story house with wife; lives at 3 Tab; send results to 4 West ICU",
    "Visit at Wound Care Center today",
    "Dx: Hodgkins; 100 mg of Lily Human Insulin",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_negatives(text):
    """Clinical text without a place yields no finding at the default threshold."""
    assert [(s, e) for s, e, _, _ in found(text)] == []


def test_block_has_parts():
    """An address block carries its street, city, state and ZIP as parts, in text order."""
    text = "4417 Old Kettle Rd, Fresno, CA 93726"
    blocks = [f for _, e, _, f in found(text) if e == "address_block"]
    assert len(blocks) == 1
    assert [(text[p.start:p.end], p.entity) for p in blocks[0].parts] == [
        ("4417 Old Kettle Rd", "street"), ("Fresno", "city"), ("CA", "state"), ("93726", "zip")]


AMBIGUOUS = [
    # (text, code that must be a state, or None when it must not)
    ("Portland, OR 97201", "OR"),
    ("Bangor, ME 04401", "ME"),
    ("Tulsa, OK", "OK"),
    ("ok to discharge in OR tomorrow", None),
    ("IN 46201", "IN"),
]


@pytest.mark.parametrize("text,code", AMBIGUOUS)
def test_ambiguous_state_codes(text, code):
    """A state code that is also a word is a state only in address context (after "City," or before a ZIP)."""
    states = [(s, f) for s, e, _, f in found(text) if e == "state" or f.parts]
    codes = [s for s, _ in states] + [text[p.start:p.end] for _, f in states for p in f.parts if p.entity == "state"]
    if code is None:
        assert codes == []
    else:
        assert code in codes


def test_why_and_detector():
    """Every candidate names this detector and says why (template, list or context rule)."""
    text = "4417 Old Kettle Rd, Fresno, CA 93726; lives in Peabody; P.O. Box 9"
    for c in DET.detect(Document(text)):
        assert c.detector == "scrub.locations.v1"
        assert c.why.split(":")[0] in ("template", "list", "context")


def test_rules_come_from_toml():
    """The context-rule likelihoods are read from templates/locations.toml, not only the code defaults."""
    rules = load_rules(None, "locations")
    assert set(LocationDetector.DEFAULT_RULES) <= set(rules)
    assert DET.rules["street"] == rules["street"]
    assert any(t.id == "loc-po-box" for t in load_templates(None, family="locations"))


@pytest.mark.parametrize("text", ["9" * 200_000, "A" * 200_000, "1 Main " * 30_000, "Boston, " * 30_000,
                                  "lives in " * 30_000, "lives at " * 30_000, "address: 1 " * 30_000,
                                  "in Nashua NH will " * 20_000])
def test_linear_inputs_finish(text):
    """Pathological inputs (long digit runs, no spaces, repeated cues) are handled without error."""
    cands = DET.detect(Document(text))
    assert all(0 <= c.start < c.end <= len(text) for c in cands)
    if text[0] in "9A":  # a run of one character holds no place or organization
        assert cands == []


@pytest.mark.parametrize("text, zip_", [("Apt Smith, 12555-31", None), ("Apt Smith, 12555-3", None),
                                        ("New Bedford 02740-1234 with son", "02740-1234")])
def test_zip_plus_four_needs_four_digits(text, zip_):
    """A ZIP's "+4" is four digits: "12555-31" at a text's end is none (and no span may reach past
    the end of the text)."""
    cands = DET.detect(Document(text))
    assert all(0 <= c.start < c.end <= len(text) for c in cands)
    zips = [text[c.start:c.end] for c in cands if c.entity == "zip"]
    assert zips == ([zip_] * len(zips) if zip_ else []) and (zips or not zip_)
