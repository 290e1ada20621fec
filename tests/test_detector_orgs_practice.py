"""Practices, employers, home-care agencies, hospital initials, health plans and "X at <Town>"
facilities as real notes write them (fictitious passages written for these tests; no real person).
Table-driven: what the organization detector must flag whole, and the jargon it must leave alone."""
import pytest

from orgs_support import ORGS, check_degenerate, flagged
from scrub.types import Document


FLAGGED = [
    # (passage, span that one finding must cover whole, the rule that finds it)
    # a practice word after "at"
    ("PCP is Dr. Anita Rao at Brookside Medicine.", "Brookside Medicine"),
    ("Followed by Dr. Chen at Harborview Internal Medicine since 2088.", "Harborview Internal Medicine"),
    ("Last seen at Maplewood Medical 3/2091 for BP check.", "Maplewood Medical"),
    ("Derm f/u at Copley Dermatology in 6 wks.", "Copley Dermatology"),
    ("Dental home: Harborlight Pediatric Dentistry.", "Harborlight Pediatric Dentistry"),
    # an employer between "retired"/"former" and a trade
    ("81 yo retired Polaroid engineer, lives w/ wife.", "Polaroid"),
    ("Pt is a former Raytheon machinist, 40 pk-yr hx.", "Raytheon"),
    ("Semi-retired Dunkin Donuts manager, independent in ADLs.", "Dunkin Donuts"),
    ("Retired Hartford Courant reporter; daughter is HCP.", "Hartford Courant"),
    # an agency in parentheses after a home-care word
    ("Plan d/c home with VNA (Amedisys) 2x/wk.", "Amedisys"),
    ("Family chose hospice (Care Dimensions); meeting tomorrow.", "Care Dimensions"),
    ("HHA (Sunrise Helpers) 4 hrs/day, HHPT (Kindred at Home).", "Sunrise Helpers"),
    ("Home health (Silverline) to see pt Thursday.", "Silverline"),
    # a CMS hospital's initials, alone or in a hospital's context
    ("s/p Whipple 2090 (Dr. Mei Tanaka, BWH), now on surveillance.", "BWH"),
    ("Records requested from BIDMC; echo there 1/2092.", "BIDMC"),
    ("CABG x3 at NWH in 2085.", "NWH"),
    ("PCP: Dr. Rosa Ortiz, MGH Revere. Cards: Dr. Liu.", "MGH Revere"),
    ("Transferred from BIDMC Needham for cath.", "BIDMC Needham"),
    # a CMS hospital's one-word core after a verb of care, though a town bears the name
    ("Two prior admissions, hospitalized at McLean 2079.", "McLean"),
    # health plans, with their state
    ("Insurance: Tufts Health Plan, ID on file.", "Tufts Health Plan"),
    ("Coverage: Harborlight Health Plan of MA; auth pending.", "Harborlight Health Plan of MA"),
    # a facility and its town, one span with "at"
    ("Possible short stay at Sunrise at Wellesley if needed.", "Sunrise at Wellesley"),
    ("Bed offer accepted at Hebrew SeniorLife at Dedham.", "Hebrew SeniorLife at Dedham"),
    ("Referral sent to Bayview Rehab at Hingham and two others.", "Bayview Rehab at Hingham"),
    ("Screened by North Shore Rehab at Danvers today.", "North Shore Rehab at Danvers"),
]


@pytest.mark.parametrize("text,span", FLAGGED)
def test_flagged_whole(text, span):
    s = text.index(span)
    e = s + len(span)
    got = flagged(text)
    assert any(a <= s and e <= b for a, b in got), \
        f"{span!r} not flagged whole in {text!r}: {[text[a:b] for a, b in got]}"


NOT_FLAGGED = [
    # no organization finding may be made in these (the location detector is left out: a town is its)
    "Admitted to Medicine overnight. Called Medicine re: plan. Internal Medicine following.",
    "f/u at Nuclear Medicine for stress test; PT at Sports Medicine clinic.",
    "Seen at Internal Medicine clinic, Family Medicine covering over weekend.",
    "Echo: LVH, EF 55%. PMH: HTN, HLD, CHF. Completed INH x 9 mo. ICU course c/b SAH.",
    "ABG 7.41/38/102, NSR, MAE x4, PERRLA, RSBI 62. MCHC 33, BPH on flomax, NPH 10u qhs.",
    "Labs per MGH protocol? no. Pt has CMC arthritis, TAH in 2070, HOH, DNR/DNI.",
    "Retired RN, lives alone. Former smoker. Retired English teacher; former Navy pilot.",
    "retired ICU nurse, former Army sergeant, retired US Postal worker",
    "services (PT/OT) daily; HHA (Mon/Wed/Fri); hospice (CMO) discussed; VNA (None).",
    "home care (Medicare A) approved; agency (TBD); DME (Rolling Walker) delivered.",
    "Pt transferred to ICU at 0300, back to floor at 1400.",
    "Plan: Medicare Health Plan coverage reviewed with Case Management.",
]


@pytest.mark.parametrize("text", NOT_FLAGGED)
def test_jargon_unflagged(text):
    got = flagged(text, dets=(ORGS,))
    assert not got, [text[a:b] for a, b in got]


def test_a_towns_own_hospital_is_no_hospital_alone():
    """"transferred to Boston": Boston Medical Center is in Boston, so the word names the town."""
    text = "Transferred to Boston for higher level of care."
    assert not [c for c in ORGS.detect(Document(text)) if c.why == "context:care_hospital"]


@pytest.mark.parametrize("text,span,why", [
    ("PCP Dr. Rao at Brookside Medicine.", "Brookside Medicine", "context:practice"),
    ("retired Polaroid engineer", "Polaroid", "context:employer_job"),
    ("VNA (Amedisys)", "Amedisys", "context:agency"),
    ("Records from BIDMC.", "BIDMC", "list:hospital_initials"),
])
def test_why(text, span, why):
    s = text.index(span)
    assert any(c.start == s and c.end == s + len(span) and c.why == why for c in ORGS.detect(Document(text)))


@pytest.mark.parametrize("unit,n", [("(", 200_000), ("retired ", 100_000), ("at X Medicine ", 50_000),
                                    ("MGH ", 200_000), ("HHPT (", 100_000)])
def test_degenerate_inputs_stay_bounded(unit, n):
    check_degenerate(ORGS, unit, n)
