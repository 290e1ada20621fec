"""Identifiers real notes hide in their house styles, and the jargon twins that must stay unflagged.

Hand-made, fictitious variants (no string of any evaluation set): a four-digit clock time after a
full numeric date ("2/11/2142 2317"); a year that also reads as a clock time in a history's words
of a date-shifted record ("hx pe (on coumadin until 2140)", "PMH: ..., C. diff 2153."); a holiday
with its year ("Valentine's Day, 2024"); a plan number printed as capitals and spaced digit groups
after its label ("member ID HPX 6620 1198 04"); a lower-case address whose state code and ZIP
follow the town ("42 sandy neck rd, barnstable ma 02630"); a town right after a lower-case
street ("on main st hyannis."); a named place right before "on <street>" ("at Hope Lodge on
Beacon St").
"""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.dates import DateDetector
from scrub.detectors.ids import IdDetector
from scrub.detectors.locations import LocationDetector
from scrub.types import Document

DATES = DateDetector()
IDS = IdDetector()
LOCS = LocationDetector()


def found(det, text, threshold=0.7):
    return [(text[f.start:f.end], f.entity) for f in arbitrate(det.detect(Document(text)), threshold, text)]


def spans(det, text, threshold=0.7):
    return [s for s, _ in found(det, text, threshold)]


DATE_POSITIVES = [
    # a clock time right after a full date in numbers belongs to it
    ("date of service: 3/9/2151 0245\npt: ", "3/9/2151 0245"),
    ("DATE OF SERVICE: 12/30/2097 2359 PT SEEN", "12/30/2097 2359"),
    ("Dictated 7/4/2133 1915 - Okafor", "7/4/2133 1915"),
    ("seen 10-02-2024 0830, then", "10-02-2024 0830"),
    # a year that is also a clock time, in a history's words of a record dated in its era
    ("Visit 5/5/2144.\nhpi: hx dvt (on eliquis until 2141) now w/ cp", "2141"),
    ("DATE: 01/12/2139\nHX PE (ON WARFARIN UNTIL 2135), DM2", "2135"),
    ("Seen 3/3/2150. h/o afib since 2146, on coumadin", "2146"),
    ("Admit: 04/11/2158\nPMH: COPD, CHF, C. diff 2155.\nMeds: lasix", "2155"),
    ("ADMIT 09/09/2131\nPMH: HTN, CVA 2129, DM2", "2129"),
    ("Date 6/1/2122\nPast medical history: asthma, appendectomy 2120.", "2120"),
    # a holiday with its year
    ("Date/time: Thanksgiving Day, 2087, 1400", "Thanksgiving Day, 2087"),
    ("SEEN ON CHRISTMAS EVE, 2101 BY ON-CALL", "CHRISTMAS EVE, 2101"),
    ("fell on new year's day 2023 at home", "new year's day 2023"),
]


@pytest.mark.parametrize("text,span", DATE_POSITIVES)
def test_date_hidden_form_found(text, span):
    assert span in spans(DATES, text), found(DATES, text, 0.0)


DATE_NEGATIVES = [
    # (text, the only spans expected)
    # clock times after a date that names no year, or followed by a unit or a street
    ("on 3/9 1500 mL out", ["3/9"]),
    ("3/9/2151 1500 mL total", ["3/9/2151"]),
    ("DOB 4/4/1961 1234 Elm St, Quincy", ["4/4/1961"]),
    ("Jan 5 2023 1200", ["Jan 5 2023"]),
    # clock-like years in a dated record but in no history's words: times of the day
    ("Date 2/11/2142. NPO since 2130 for cath", ["2/11/2142"]),
    ("2/11/2142: slept until 2140, then up to chair", ["2/11/2142"]),
    ("DATE 8/8/2150\nFAMILY AT BEDSIDE UNTIL 2145 THEN LEFT", ["8/8/2150"]),
    ("Admit 08/19/2154\nPMH: HTN, lasix given 2130 mL.", ["08/19/2154"]),
    # no date in the record: the same words stay times
    ("hx pe (on coumadin until 2140)", []),
    ("PMH: HTN, C. diff 2153.", []),
    # a holiday before a volume keeps only its name
    ("since thanksgiving, 2100 mL out", ["thanksgiving"]),
]


@pytest.mark.parametrize("text,expected", DATE_NEGATIVES)
def test_date_jargon_twin_unflagged(text, expected):
    assert spans(DATES, text) == expected


ID_POSITIVES = [
    ("New insurance is Tufts, member ID TXQ 4410 2297 31. Husband can", "TXQ 4410 2297 31"),
    ("MEMBER ID: BCX 5512 8830 12", "BCX 5512 8830 12"),
    ("Subscriber ID XJH 884 1209 on file", "XJH 884 1209"),
    ("Policy # TUF 220 918 44 5", "TUF 220 918 44 5"),
    ("Medicaid number MH 7720 4431", "MH 7720 4431"),
]


@pytest.mark.parametrize("text,span", ID_POSITIVES)
def test_spaced_plan_number_found(text, span):
    assert (span, "health_plan") in found(IDS, text), found(IDS, text, 0.0)


ID_NEGATIVES = [
    "Plan: NS 100 75 ml/hr", "PLAN: ABG 0400 0800", "Plan: CT 1200 1800",
    "plan NS 125 x 2", "Insurance plan: BCBS, ok", "member id pending, will call",
]


@pytest.mark.parametrize("text", ID_NEGATIVES)
def test_plan_jargon_is_no_id(text):
    assert found(IDS, text) == []


LOC_POSITIVES = [
    # (text, expected (span, entity) pairs among the findings)
    ("addr: 9 cranberry hwy, wareham ma 02571 , lives w/ son",
     [("9 cranberry hwy, wareham ma 02571", "address_block")]),
    ("ADDR: 17 OCEAN ST, QUINCY MA 02169", [("17 OCEAN ST, QUINCY MA 02169", "address_block")]),
    ("lives at 9 elm st, apt 2, worcester ma 01602.", [("9 elm st, apt 2, worcester ma 01602", "address_block")]),
    ("mailing: falmouth ma 02540", [("falmouth ma 02540", "address_block")]),
    ("picked up rx at walgreens on elm st quincy. pt", [("elm st", "street"), ("quincy", "city")]),
    ("MEDS FROM CVS ON MAIN ST FRAMINGHAM.", [("MAIN ST", "street"), ("FRAMINGHAM", "city")]),
    ("FAMILY STAYING AT RONALD MCDONALD HOUSE ON LONGWOOD AVE.",
     [("RONALD MCDONALD HOUSE", "place")]),
    ("daughter staying at Hope Lodge on Beacon St. tonight", [("Hope Lodge", "place")]),
    ("he sleeps at Pine Street Inn on Harrison Ave", [("Pine Street Inn", "place")]),
    # a note in capitals reaches the detectors lower-cased (scrub.truecase)
    ("family staying at hope lodge on beacon st. her cell", [("hope lodge", "place")]),
    ("wife staying at ronald mcdonald house on longwood ave.", [("ronald mcdonald house", "place")]),
]


@pytest.mark.parametrize("text,expected", LOC_POSITIVES)
def test_location_hidden_form_found(text, expected):
    got = found(LOCS, text)
    for pair in expected:
        assert pair in got, found(LOCS, text, 0.0)


LOC_NEGATIVES = [
    # (text, the only spans expected)
    ("PT WAS AT WORK ON MAIN ST.", ["MAIN ST."]),
    ("met at Bus Stop on Main St", ["Main St"]),
    ("seen at clinic on main st.", ["main st."]),
    ("pt was at work on main st.", ["main st."]),
    ("at the bus stop on main st.", ["main st."]),
    ("on main st then home", []),
    ("given 20 mg in 10000 ml", []),
    ("pt in 12345 order", []),
    ("dose me 12345", []),
    ("hr 88 rr 20 spo2 93", []),
]


@pytest.mark.parametrize("text,expected", LOC_NEGATIVES)
def test_location_jargon_twin(text, expected):
    assert spans(LOCS, text) == expected
