"""Letterheads, restaurants, group-home operators, legal aid, suppliers, works, labs and programs
found whole; disease programs, test initials, service teams and everyday words in a caseless note
left alone (fictitious passages written for these tests; no real person or place of care).
Table-driven: each rule has positives (the name must be flagged whole) and jargon twins (no
organization finding)."""
import pytest

from orgs_support import ORGS, check_degenerate, flagged, whole


FLAGGED = [
    # a psychiatric hospital's or a hospital's pavilion
    ("Brackenfold Psychiatric Pavilion - 2 West (Adult)\nPROGRESS NOTE", "Brackenfold Psychiatric Pavilion"),
    ("Transferred from Quillby Pavilion after 3 days.", "Quillby Pavilion"),
    # a restaurant or a bar after a possessive or a proper name no list knows
    ("He is a line cook at Marchetti's Oyster Bar.", "Marchetti's Oyster Bar"),
    ("Works nights at Dunvorrow's Tavern; drinks after shifts.", "Dunvorrow's Tavern"),
    ("Waitress at Zephyrine Bistro for 6 years.", "Zephyrine Bistro"),
    # group homes' operators, legal aid, a collaborative
    ("Lives in a group home run by Larkspur Community Living; staff 24h.", "Larkspur Community Living"),
    ("Referred to Quarrytown Legal Aid Collaborative for guardianship.", "Quarrytown Legal Aid Collaborative"),
    # works and suppliers
    ("Retired welder at Ossington Bay Marine Works.", "Ossington Bay Marine Works"),
    ("Ostomy supplies ordered from Wrenfield Medical Supply.", "Wrenfield Medical Supply"),
    # specialty practices, labs and treatment programs
    ("Seen at Cobbleton Heart & Vascular for an echo.", "Cobbleton Heart & Vascular"),
    ("NCS done at Vellamy Neurodiagnostics last spring.", "Vellamy Neurodiagnostics"),
    ("Discharged to Thornbury Recovery Services for step-down.", "Thornbury Recovery Services"),
    # a hospice's residence whole (no stray "House")
    ("Admitted to Fernwhistle Hospice House on 3/2.", "Fernwhistle Hospice House"),
    # a letterhead: the first line, or the line above a street address
    ("Marlowe Gap Heart & Vascular\n12 Tanner Mill Road, Suite 4\nDear Dr. Oyelaran,", "Marlowe Gap Heart & Vascular"),
    ("Progress letter\n\nHollin Ridge Recovery Services\n88 Cask Lane\nRe: follow-up", "Hollin Ridge Recovery Services"),
    ("Ashgrove Crossing Recovery Services - Intake\nNursing admission", "Ashgrove Crossing Recovery Services"),
]


@pytest.mark.parametrize("text,span", FLAGGED)
def test_flagged_whole(text, span):
    got = flagged(text)
    assert whole(text, span, got), f"{span!r} not flagged whole: {[text[a:b] for a, b in got]}"


NOT_FLAGGED = [
    # disease programs, test initials and service teams
    "Director, IBD Center\nCF Clinic f/u. MS Center appt. ALS Clinic next month.",
    "Hearing: ABR passed bilat. CCHD screen passed. BIDMC screen pending.",
    "Bereavement team referral placed. Chaplaincy team aware. Wound care team following.",
    # the kind words alone or after ordinary and generic words
    "Heart & Vascular clinic follow-up in 2 wks. Recovery Services referral placed.",
    "Legal Aid referral given. Public Works called about the ramp. Care Collaborative meeting Tue.",
    "Grab Bar installed in shower. Salad Bar at lunch. Chinese Restaurant takeout.",
    "Transfer to the Pavilion once bed ready. Hospice House tour with family.",
    "Community Living program info given. Medical Supply order faxed. Diagnostics pending.",
    # a first line that is a note's title or a department's heading
    "Wound Care Center - Visit Note\nPt seen.",
    "Cardiac Rehab Services - Progress Note\nPt tolerating.",
    "Diabetes Education Center - Visit\nA1c 7.2.",
    "IBD Center - Consult\nPt with UC.",
    # a line above an address that names no one
    "Internal Medicine\n12 Tanner Mill Road\nDear Dr. Oyelaran,",
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
    ("VELLAMY NEURODIAGNOSTICS - EMG LABORATORY\nNERVE CONDUCTION STUDY REPORT\nPATIENT SEEN. NO ETOH.\n"
     "PLAN: REPEAT IN 6 MO.", "VELLAMY NEURODIAGNOSTICS"),
    ("ashgrove crossing recovery services - acute treatment\nnursing admission assessment\npt calm. no etoh.\n"
     "plan: bed request at ashgrove crossing step-down.", "ashgrove crossing recovery services"),
    ("wocn note - ostomy f/u\npt sitting up. wife at bedside.\nsupplies: order sent to wrenfield medical supply ,"
     " starter kit to go home.\nplan: cont.", "wrenfield medical supply"),
]


@pytest.mark.parametrize("text,span", CASELESS)
def test_caseless_notes_flagged_whole(engine, text, span):
    got = [(f.start, f.end) for f in engine.detect(text) if not f.protected]
    assert whole(text, span, got), f"{span!r} not flagged whole"


CASELESS_NOT = [
    # a program's everyday word before "clinic" in a note typed in capitals
    "NURSING NOTE\n5. HCV RNA, LFTS, BRIDGE CLINIC REFERRAL.\n6. VITALS Q4H.\nPT CALM. NO ETOH.",
    # suppliers' kinds after generic words, a pronoun or no cue
    "wocn note\npt ok.\nsupplies: order sent to local medical supply.\nfrom his medical supply too.\n"
    "durable medical equipment ordered.\nplan: cont.",
    "wocn note - ostomy f/u\npt ok. no etoh.\nbereavement team aware.\nplan: cont.",
]


@pytest.mark.parametrize("text", CASELESS_NOT)
def test_caseless_jargon_unflagged(engine, text):
    got = [f for f in engine.detect(text) if f.entity in ("organization", "hospital")]
    assert not got, [text[f.start:f.end] for f in got]


def test_letterhead_short_form_in_a_caseless_note(engine):
    text = ("ashgrove crossing recovery services - acute treatment\nnursing admission assessment\n"
            "pt calm. no etoh.\nplan: bed request at ashgrove crossing step-down.")
    got = [(f.start, f.end) for f in engine.detect(text) if f.entity in ("organization", "hospital")]
    assert whole(text, "ashgrove crossing step", [(a, b + 5) for a, b in got]), got


@pytest.mark.parametrize("unit,n", [("Aa Pavilion - ", 50_000), ("\n1 Aa Road ", 50_000), ("to aa medical supply ", 50_000),
                                    ("Aa's Bar ", 50_000), ("A\n", 200_000)])
def test_degenerate_inputs_stay_bounded(unit, n):
    check_degenerate(ORGS, unit, n)
