"""Organizations and facilities found whole, and service phrases left alone (fictitious passages
written for these tests; no real person or place of care). Table-driven: each rule has positives
(the name must be flagged whole) and jargon twins (no organization finding)."""
import pytest

from orgs_support import ORGS, check_degenerate, flagged, whole


FLAGGED = [
    # a kind word that is also a service's name ends a firm's, agency's or shelter's name
    ("Daughter works with Marbury-Quist Elder Law on the Medicaid application.", "Marbury-Quist Elder Law"),
    ("Contact: Tomas Ferrante from Lantern Path Outreach (cell on file).", "Lantern Path Outreach"),
    ("Staying at St. Brendan Women's Shelter since March.", "St. Brendan Women's Shelter"),
    ("Slept at Harbor Light Family Shelter x2 nights.", "Harbor Light Family Shelter"),
    ("Laid off by Quarry Hill Tree Service last fall.", "Quarry Hill Tree Service"),
    ("Injured at work (Kestrel Ridge Paving) lifting a curbstone.", "Kestrel Ridge Paving"),
    ("Owner of Birchmont Roofing & Siding, on feet all day.", "Birchmont Roofing & Siding"),
    ("Guardian: Hollis Gate Legal Services of Worcester.", "Hollis Gate Legal Services of Worcester"),
    # a school or institute's name
    ("Sophomore at Westbury Polytechnic Institute, lives in dorm.", "Westbury Polytechnic Institute"),
    ("Postdoc at the Carrow Institute studying zebrafish.", "Carrow Institute"),
    # more kind words after a facility's head belong to its name
    ("Referral sent to Fernbrook Health Care Center for LTC.", "Fernbrook Health Care Center"),
    ("Bed offer from Linden Hill Nursing Home Care.", "Linden Hill Nursing Home Care"),
    # a health insurer's name with its state, or a multi-word brand
    ("Secondary: Blue Cross Blue Shield of Rhode Island (member ID on card).", "Blue Cross Blue Shield of Rhode Island"),
    ("Coverage through Blue Cross and Blue Shield of Vermont.", "Blue Cross and Blue Shield of Vermont"),
    ("Insurance: Harvard Pilgrim; PA submitted.", "Harvard Pilgrim"),
    # a practice's name on the line after a clinician's signed name
    ("Sincerely,\n\nOrla Banerjee-Cho, MD\nSeabrook Primary Care\n12 Dock St", "Seabrook Primary Care"),
    ("Thank you.\nJ. Ostrowski, NP\nGlenfield Family Medicine\n", "Glenfield Family Medicine"),
]


@pytest.mark.parametrize("text,span", FLAGGED)
def test_flagged_whole(text, span):
    got = flagged(text)
    assert whole(text, span, got), f"{span!r} not flagged whole: {[text[a:b] for a, b in got]}"


NOT_FLAGGED = [
    # units, services and departments (no organization finding may be made)
    "Admitted to Neuro ICU for q1h neuro checks. Transfer to Neuro Stepdown when stable.",
    "anticoag clinic - phone note. INR 2.4, f/u Anticoag Clinic 1 wk.",
    "Cardiac Rehab referral placed. Social Work to see. Case Management aware.",
    "Primary Care follow-up in 2 wks. Primary Care Clinic faxed.",
    "Social Work Services consulted; Environmental Services called for spill.",
    "Adult Protective Services report filed. Interpreter Services used (Spanish).",
    "Elder Law consult suggested; family will call Elder Services.",
    "Homeless Shelter list given; Street Outreach team to follow; Men's Shelter full tonight.",
    "Frank-Starling curve; Ohm's Law; Starling's Law of the heart reviewed with students.",
    "Gleason 3+4=7 (Grade Group 2). Risk Group 1 per protocol.",
    "Medicare A/B and BCBS supplement, policy # on file. Aetna denied. Blue Cross pending.",
    "Insurance: Medicare. Food Services to bring tray. Patient Services notified.",
    "Cancer Institute tumor board; Heart Institute f/u.",
    "Sincerely,\nOrla Banerjee-Cho, MD\nPrimary Care\n",
]


@pytest.mark.parametrize("text", NOT_FLAGGED)
def test_jargon_unflagged(text):
    got = flagged(text, dets=(ORGS,))
    assert not got, [text[a:b] for a, b in got]


@pytest.fixture(scope="module")
def engine(scrubber_nospacy):
    return scrubber_nospacy


#: notes typed in capitals or without capitals: the detectors read the engine's cased view
CASELESS = [
    ("PT IS A RETIRED WELDER FROM QX DYNAMICS IN REVERE. LIVES W/ WIFE. NO ETOH.\nPLAN: CONT TELE.",
     "QX DYNAMICS"),
    ("CC: BACK PAIN X 3 DAYS, STARTED WHILE LIFTING AT WORK (MAPLE VALLEY PAVING).\nPT IS 48 YO M.\n"
     "PLAN: NSAIDS, F/U PCP.", "MAPLE VALLEY PAVING"),
    ("SOCIAL: LIVES W/ WIFE.\nPCP: DR. HOLM AT HOLYOKE COMMUNITY HEALTH.\nEMERGENCY CONTACT: WIFE.\n"
     "PLAN: ADMIT TELE.", "HOLYOKE COMMUNITY HEALTH"),
]


@pytest.mark.parametrize("text,span", CASELESS)
def test_caseless_notes_flagged_whole(engine, text, span):
    got = [(f.start, f.end) for f in engine.detect(text) if not f.protected]
    assert whole(text, span, got), f"{span!r} not flagged whole"


CASELESS_NOT = [
    "PT IS A RETIRED NURSE FROM THE FLOOR. WORKS AT HOME. WORKED AT NIGHT.\nPLAN: CONT TELE. NO ETOH.\n"
    "INSURANCE: MEDICARE.",
    "pt works full time, retired from teaching. nurse from icu called.\nplan: cont tele. no etoh.\n"
    "f/u primary care clinic 2 wks.",
]


@pytest.mark.parametrize("text", CASELESS_NOT)
def test_caseless_jargon_unflagged(engine, text):
    got = [f for f in engine.detect(text) if f.entity in ("organization", "hospital")]
    assert not got, [text[f.start:f.end] for f in got]


@pytest.mark.parametrize("unit,n", [("(", 200_000), ("at work (", 100_000), ("retired welder from ", 50_000),
                                    ("x shelter ", 100_000), ("Aa Elder Law & ", 50_000)])
def test_degenerate_inputs_stay_bounded(unit, n):
    check_degenerate(ORGS, unit, n)
