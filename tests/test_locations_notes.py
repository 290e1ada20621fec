"""Location forms of clinical notes (scrub.locations.v1): streets named without a house number,
a town named by its EMS, fire or police service; and the degrees, doses and sentence ends that
must not read as a state or a street. All examples are hand-made and fictitious."""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.locations import LocationDetector
from scrub.types import Document

DET = LocationDetector()


def found(text, threshold=0.7):
    return [(text[f.start:f.end], f.entity, f.why)
            for f in arbitrate(DET.detect(Document(text)), threshold, text)]


POSITIVES = [
    # (text, expected span, entity)
    ("was evicted from a room on Dorchester Ave last month", "Dorchester Ave", "street"),
    ("Attends preschool on Maple St in Braintree.", "Maple St", "street"),
    ("lives off Route Nine Road with daughter", "Route Nine Road", "street"),
    ("hit by a car near Centre Street crosswalk", "Centre Street", "street"),
    ("She works at Harbor View Blvd bakery", "Harbor View Blvd", "street"),
    ("On Willow Lane since 2070, lives alone", "Willow Lane", "street"),
    ("stays with sister on Old Colony Pkwy.", "Old Colony Pkwy", "street"),
    ("brought in by Worcester EMS after a fall", "Worcester", "city"),
    ("Cambridge Fire found him down at home", "Cambridge", "city"),
    ("per Springfield Police, pt was wandering", "Springfield", "city"),
    ("transported by New Bedford EMS", "New Bedford", "city"),
    ("lives in Bethesda, MD with son", "Bethesda, MD", "location"),
    ("moved from Scranton, PA.", "Scranton, PA", "location"),
    ("12 Elm St, Rockville, MD", "12 Elm St, Rockville, MD", "address_block"),
    ("at 45 Mt. Vernon St. today", "45 Mt. Vernon St.", "street"),
    # a town that is also a first name, named by its own fire or police service
    ("Brought in by Everett Fire.", "Everett", "city"),
    ("Lynn Police brought pt in", "Lynn", "city"),
    ("Per Quincy police, pt was found.", "Quincy", "city"),
    # a town and its state's code in mid-sentence, after a preposition of place
    ("Sister in Nashua NH will come tomorrow.", "Nashua NH", "location"),
    ("lives in Fresno CA with son", "Fresno CA", "location"),
    # a half house number
    ("staying at 15 1/2 Union Ave", "15 1/2 Union Ave", "street"),
    # a town and its ZIP ending an address's line with no state
    ("partner Dmitri Sokolov, 41 Orchard Hill Rd, Apt 2B, Greenfield  01301\nContact: home", "01301", "zip"),
]


@pytest.mark.parametrize("text,span,entity", POSITIVES)
def test_note_location_forms(text, span, entity):
    hits = found(text)
    assert any(s == span and e == entity for s, e, _ in hits), hits


NEGATIVES = [
    # a degree after a person's name is no state
    "Discharging attending: Priya Raman, MD",
    "cc: Walter Tavares, MD, for follow-up",
    "D. Sandoval, MD (PGY-2) / d/w attending",
    "K. Warren, PA",
    "Smith, MD",
    "seen by Johnson, MD this AM",
    "Dr. Erie, MD",
    # a dose or a duration is no house number; a street name never crosses a sentence's end
    "Plavix 75 x21d, 14d Holter. PT/OT to see",
    "ASA 81, 30d Holter PT eval",
    "abx 7d Cipro. Pl consult",
    # capitalized jargon after "on"/"at" with no thoroughfare suffix, or pronoun phrases
    "placed on Heparin Drip at 1200 units",
    "on Room Air, at Rest, MAE",
    "On His Way home per wife",
    "pt on PT Ave? no",
    "transported by EMS from home",
    "Mercy Ambulance called",
    # a code after a name with no preposition of place; the police and fire in general
    "Seen by Tavares PA today",
    "Called the police. Fire alarm tested. Stable EMS run.",
    "give 2 1/2 Tabs Now; take 1/2 Tab Daily",
    "5 YEAR WELL CHILD / KINDERGARTEN PHYSICAL",
]


def test_care_home_starts_after_the_sentences_verb():
    text = "Attends Hillside Senior Center for lunch."
    assert ("Hillside Senior Center", "place") in [(a, b) for a, b, _ in found(text)], found(text)
    assert not [a for a, _, _ in found(text) if a.startswith("Attends")]


@pytest.mark.parametrize("text", NEGATIVES)
def test_note_jargon_is_no_location(text):
    hits = [h for h in found(text) if h[1] in ("street", "state", "location", "city", "address_block")]
    assert hits == [], hits
