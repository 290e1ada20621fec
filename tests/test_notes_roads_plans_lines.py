"""Places, plan numbers and phone lines as messy notes write them: numbered roads ("on Route 9
in Natick"), streets in lower case or capitals, number-less streets in an address list, suffix-less
streets before a town, towns in lower case or capitals after a verb of living; Medicare
Beneficiary Identifiers; national public help lines (no one's number). All examples are
hand-made and fictitious."""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.ids import IdDetector
from scrub.detectors.locations import LocationDetector
from scrub.detectors.phones import PhoneDetector
from scrub.types import Document

LOC, IDS, PHONES = LocationDetector(), IdDetector(), PhoneDetector()


def found(det, text, threshold=0.7):
    return [(text[f.start:f.end], f.entity) for f in arbitrate(det.detect(Document(text)), threshold, text)]


def covered(hits, span):
    return any(span in h for h, _ in hits)


LOC_POSITIVES = [
    # (text, a span that must be inside one finding)
    ("labs drawn at Quest on Route 9 in Natick today", "Route 9"),
    ("MVC ON RTE 128 NORTHBOUND, RESTRAINED DRIVER", "RTE 128"),
    ("rollover on i-93 near braintree per ems", "i-93"),
    ("Crash off I-495 in Lowell, airbag deployed", "I-495"),
    ("walks daily along Hwy 1, Saugus", "Hwy 1"),
    ("was struck on Highway 3.", "Highway 3"),
    ("pt lives off route 2a with wife", "route 2a"),
    ("from cvs on main st. reports no refills", "main st"),
    ("dtr lives on elm street, near the school", "elm street"),
    ("LIVES ON CHESTNUT AVE WITH SISTER", "CHESTNUT AVE"),
    ("apartment off pleasant st; no elevator", "pleasant st"),
    ("(Rite Aid, Mass Ave, Lexington, ph 781-555-0100)", "Mass Ave"),
    ("(Rite Aid, Mass Ave, Lexington, ph 781-555-0100)", "Lexington"),
    ("pharmacy: CVS, Boylston St, Brookline", "Boylston St"),
    ("refilled to Walgreens, 1450 Broadway, Saugus (fax)", "1450 Broadway"),
    ("refilled to Walgreens, 1450 Broadway, Saugus (fax)", "Saugus"),
    ("mails to 77 Riverway, Brookline", "77 Riverway"),
    ("she is 92, lives w/ son in framingham. denies fever", "framingham"),
    ("PT LIVES WITH DAUGHTER IN WORCESTER, INDEPENDENT ADLS", "WORCESTER"),
    ("lives alone in apt in quincy", "quincy"),
    ("resides w/ wife in new bedford", "new bedford"),
    ("moved to florida last yr", "florida"),
]

LOC_NEGATIVES = [
    "change route to IV, route: PO",
    "Route 2 of 3 attempted",
    "s/p I-131 therapy, I-125 seeds on 5/2",
    "noted on EKG ST depression, on tele ST changes",
    "on call rd was paged",
    "NOTED ON ECG ST ELEVATION",
    "lives in reading glasses",
    "lives at home with wife, moved to rehab in 2080",
    "lives in house w/ son; lives in group home",
    "2 Percocet, 1 Tylenol given",
    "Given 2 Units, Lasix 40",
    "on the road again, on his way",
    "rt 2 fingers, on rt side",
]


@pytest.mark.parametrize("text,span", LOC_POSITIVES)
def test_note_place_found(text, span):
    assert covered(found(LOC, text), span), found(LOC, text)


@pytest.mark.parametrize("text", LOC_NEGATIVES)
def test_note_jargon_is_no_place(text):
    assert found(LOC, text) == []


MBI_POSITIVES = [
    ("Insurance: Medicare A/B, MBI 4RD7-JK2-PX19; secondary", "4RD7-JK2-PX19"),
    ("mbi: 8gh2-w31-tt45 per card", "8gh2-w31-tt45"),
    ("Medicare #1EG4TE5MK73", "1EG4TE5MK73"),
    ("new number 2NC6-PY8-KM04 arrived", "2NC6-PY8-KM04"),
    ("copy on file 9KD2MN4XW17.", "9KD2MN4XW17"),
]

MBI_NEGATIVES = [
    "COVID 1A2B-3C4-D5E6 panel",       # no letter pair before the last digits
    "code 1SB4-TE5-MK73",              # S is never an MBI letter
    "HbA1c 7.2, LDL 2E4, A1-B2",
    "1234-TE5-MK73 x",                 # the second character must be a letter
]


@pytest.mark.parametrize("text,span", MBI_POSITIVES)
def test_mbi_found(text, span):
    assert (span, "health_plan") in found(IDS, text)


@pytest.mark.parametrize("text", MBI_NEGATIVES)
def test_no_mbi(text):
    assert not any(e == "health_plan" for _, e in found(IDS, text))


@pytest.mark.parametrize("text", [
    "water safety, poison control 1-800-222-1222.",
    "POISON HELP (800) 222-1222",
    "quitline 1 800 784 8669 given",
    "988 or 1-800-273-8255 reviewed",
    "DV hotline 800.799.7233 offered",
])
def test_public_help_line_is_no_phone(text):
    assert found(PHONES, text) == []


@pytest.mark.parametrize("text,span", [
    ("sw called masshealth at 800-555-0164 w/ pt", "800-555-0164"),
    ("poison control 1-800-222-1223 (typo)", "1-800-222-1223"),
    ("cell 617-222-1222", "617-222-1222"),
])
def test_other_toll_free_and_local_stay_phones(text, span):
    assert covered(found(PHONES, text), span), found(PHONES, text)
