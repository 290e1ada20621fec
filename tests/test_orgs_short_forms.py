"""Hospitals and organizations as clinicians write them: short forms, initials, state
universities, chains' units, co-branded insurers, and the same in notes typed without capitals.
Every example is hand-written and fictitious; each rule has jargon twins that must stay unflagged."""
from __future__ import annotations

import pytest

from scrub.detectors.orgs import OrgDetector
from scrub.types import Document


@pytest.fixture(scope="module")
def det():
    return OrgDetector()


def spans(det, text):
    return {text[c.start:c.end] for c in det.detect(Document(text)) if c.likelihood >= 0.7}


# a lower-case note: most lines begin with a small letter
LOW = "pt resting in bed.\nvs stable, afebrile.\nplan: {}.\nwill cont to monitor.\nfamily updated.\n"

FOUND = [
    # initials of a CMS name in a hospital's context
    ("Patient: Jo Ames   BWH MRN: 44012345", "BWH"),
    ("Outside records (BWH) reviewed.", "BWH"),
    ("Transferred from MGH for higher level of care.", "MGH"),
    # a health system's brand on a CMS core's word
    ("Questions: Hopkins Medicine nurse line.", "Hopkins Medicine"),
    # "U" + a state's short name, and a town or institution word after it
    ("Daughter is a junior at UMass Lowell, visits weekends.", "UMass Lowell"),
    ("Followed by nephrology (UMass Memorial) for CKD.", "UMass Memorial"),
    ("Son studies at UConn.", "UConn"),
    # a chain's unit and its town
    ("Dialysis at Fresenius Kidney Care Shrewsbury. RTC 4 wks.", "Fresenius Kidney Care Shrewsbury"),
    # insurers: a state's code, a co-branded plan
    ("Insurance: BCBS MA, member ID on file", "BCBS MA"),
    ("Supplemental: AARP/UnitedHealthcare on file", "AARP/UnitedHealthcare"),
    # an employer after "retire from"
    ("He hoped to retire from Globex in June.", "Globex"),
    # a CMS name split at a hyphen after its kind word ("Umass Memorial Healthcare-...")
    ("Records from Umass Memorial were faxed.", "Umass Memorial"),
]


@pytest.mark.parametrize("text,want", FOUND)
def test_short_forms_found(det, text, want):
    assert want in spans(det, text)


LOW_FOUND = [
    ("seen at bmc on 1/30 for similar sx", "bmc"),
    ("s/p cath at mass general w/ des to lad", "mass general"),
    ("called pcp office (cape cod hosp primary care)", "cape cod hosp"),
    ("home visit by visiting nurse assoc of cape cod", "visiting nurse assoc of cape cod"),
    ("vna from partners home care 2x/wk", "partners home care"),
    ("onset at work (cashier at market basket in town)", "market basket"),
]


@pytest.mark.parametrize("phrase,want", LOW_FOUND)
def test_caseless_short_forms_found(det, phrase, want):
    assert want in spans(det, LOW.format(phrase))


NOT_FOUND = [
    # clinical abbreviations and units in a hospital's usual context
    "CHF exacerbation, transferred to the MICU overnight.",
    "f/u with PCP in 1 wk; seen in ED yesterday.",
    "BMP in AM, CBC at 0600.",
    "Transferred to CCU from PACU.",
    "DNR per HCP; SNF vs LTAC.",
    "ABG at 0400 7.41/38/102.",
    "GI and PT/OT consulted.",
    "Abd mass. General surgery consulted.",
    # services named "Medicine"
    "Admitted to Internal Medicine; Sleep Medicine f/u.",
    "Seen by Emergency Medicine and Hospital Medicine.",
    # a lone national insurer brand, and a state code that is an everyday word
    "Insurance: Aetna",
    # "U" before a word that is no state
    "Urine sent. UMax device off.",
]


@pytest.mark.parametrize("text", NOT_FOUND)
def test_jargon_not_flagged(det, text):
    assert spans(det, text) == set()


LOW_NOT_FOUND = [
    "seen at ten by team",
    "abd mass general surgery consulted",
    "transferred to micu, chf exacerbation",
    "f/u with pcp, bmp in am",
    "needs home care services at d/c",
    "cashier at grocery store in town",
    "works at home, nurse from the floor",
    "sent to icu from pacu",
]


@pytest.mark.parametrize("phrase", LOW_NOT_FOUND)
def test_caseless_jargon_not_flagged(det, phrase):
    assert spans(det, LOW.format(phrase)) == set()
