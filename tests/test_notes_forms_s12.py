"""Identifiers as hospice, wound-care, occupational-health, trauma, home-infusion, lactation and
prenatal home-visiting notes write them, and the clinical words beside them that are none.

Every passage is fictitious and hand-written in the style of clinical notes. Each row names the
text the whole pipeline (without spaCy, at the default threshold 0.7) must cover and the text it
must leave alone.
"""
from __future__ import annotations

from orgs_support import note_forms_test

_CAPS = "PT ADMITTED FROM HOME. VITALS STABLE. PAIN 4 OF 10. FAMILY AT BEDSIDE. "
_LOW = "pt admitted from home. vitals stable. pain 4 of 10. family at bedside. "

# (passage, [text that must be covered whole], [text that must not be touched])
CASES = [
    # ---- dates
    ("NEURO ICU NIGHT SHIFT NOTE 1900-0730   1/17-1/18/2161\nPATIENT: YOUNG, MIN-JUN",
     ["1/17", "1/18/2161"], ["1900-0730"]),
    ("Stayed with her son 12/30-1/2, now home.", ["12/30", "1/2"], []),
    ("Take 1/2-3/4 tab at bedtime.", [], ["1/2-3/4"]),
    ("C6 burst fx s/p fall off flatbed at work 6/6. ACDF C5-7 POD1.", ["6/6"], ["C5-7"]),
    ("Wound healing. RTC 1 wk, 10/10. Call clinic line for questions.", ["10/10"], []),
    ("Pain 10/10 on arrival, grip 5/5 bilat.", [], ["10/10", "5/5"]),
    ("Neuro: biceps 4/5 bilat, wrist ext 1/5, no function below C6.", [], ["4/5", "1/5"]),
    ("Assisted cough q4h, BiPAP overnight 12/5. RT aware.", [], ["12/5"]),
    ("Pt able to verbalize 4/5 warning signs after teaching.", [], ["4/5"]),
    # ---- forms and addresses
    ("Patient: Winifred Achterberg\nAge: .............. 91\nMRN: .............. 5523-0091",
     ["Winifred Achterberg", "91", "5523-0091"], []),
    ("=== SKILLED NURSING VISIT ===\nAgency........: Tidewater Infusion Nursing\nPatient.......: Quillon Pratt",
     ["Tidewater Infusion Nursing", "Quillon Pratt"], []),
    ("PHOTOS: FILE NO. 2076-0519-01 (3 VIEWS). WOUND BED 80% GRANULATION.", ["2076-0519-01"], ["80%"]),
    ("Address: RR 2 Box 88, Vermillion Bend\nIns: Medicare A/B", ["RR 2 Box 88", "Vermillion Bend"],
     ["Medicare"]),
    ("Address: 14 Orchard Ln, Vermillion Bend\nIns: Medicare A/B", ["14 Orchard Ln, Vermillion Bend"], []),
    ("Employer: Ridgeback Stamping & Forge, Castle Pines Twp, PA\nEmployee: Huang, Wei-Min",
     ["Ridgeback Stamping & Forge", "Castle Pines Twp"], []),
    # ---- employers and firms
    (_CAPS + "EMPLOYER: RIDGEBACK STAMPING & FORGE, CASTLE PINES TWP, PA", ["RIDGEBACK STAMPING & FORGE"], []),
    (_LOW + "employer: lindqvist cold storage, hiring mgr on site", ["lindqvist cold storage"], ["hiring mgr"]),
    (_CAPS + "EMPLOYER: UNEMPLOYED, ON DISABILITY.", [], ["UNEMPLOYED"]),
    (_CAPS + "FOB AT WORK (MIDLAND STEEL FABRICATORS), UPDATED BY PHONE.", ["MIDLAND STEEL FABRICATORS"], []),
    (_CAPS + "LACERATION AT WORK (BOX CUTTER), CLEANED AND CLOSED.", [], ["BOX CUTTER"]),
    (_CAPS + "BACK AT WORK (LIGHT DUTY) SINCE MONDAY.", [], ["LIGHT DUTY"]),
    (_CAPS + "WORKS PART TIME AT RIVERWALK CINEMAS. MOTHER CALLED.", ["RIVERWALK CINEMAS"], []),
    ("Agency: Harbor Lights Infusion Care\nPharmacy: Great Lakes Specialty Infusion", [
        "Harbor Lights Infusion Care", "Great Lakes Specialty Infusion"], []),
    ("Dose held. Pharm Carolina Crest Infusion aware, will hold next delivery.", ["Carolina Crest Infusion"],
     ["Pharm"]),
    ("Started Heparin Infusion at 1200. Iron Infusion scheduled. Continuous Infusion running.", [],
     ["Iron Infusion", "Continuous Infusion"]),
    ("Volunteer fire dept on scene; Ridgeline Air Rescue flew pt to the trauma center.",
     ["Ridgeline Air Rescue"], []),
    ("Thaddeus Bond, 78 yo M\nDischarged 3/31 from Marrow Creek General (ADHF, AKI).",
     ["Thaddeus Bond", "Marrow Creek General"], ["ADHF"]),
    ("Lactation referral to Greta Novak IBCLC (private practice). Mother consented to DHM.",
     ["Greta Novak"], ["IBCLC", "DHM"]),
    # ---- clinical words that are no names
    ("Home Visit Note - Nurse Home Visiting Program\nNurse Home Visitor: Grace Tran, BSN\nHome clean.",
     ["Grace Tran"], ["Nurse Home", "Home clean"]),
    ("Pt: Cormac Faolain, 20 yo M, C5 ASIA A after diving.", ["Cormac Faolain"], ["ASIA A"]),
    ("Skin: Braden 13. Aspen collar pads changed. Injuries: T12 Chance fx.", [], ["Aspen", "Chance"]),
    ("Port: accessed w/ 20g 1\" Huber (chg'd today, weekly), +blood return.", [], ["Huber"]),
    ("DP/PT palpable. ABI L 1.04, R 1.09. Neuro: GCS 15, MAE, LE 5/5.", [], ["ABI L", "MAE, LE"]),
    ("Source HCV Ab pos, HIV Ag/Ab neg. QuantiFERON: TB Ag-Nil 1.84, Nil 0.06, Mitogen-Nil >10.", [],
     ["Ab", "Nil", "Mitogen-Nil"]),
    ("PLAN: SUGAR TONG SPLINT APPLIED. " + _CAPS + "BRADEN 14. MORSE 60 HIGH. WALKER AT BEDSIDE.", [],
     ["SUGAR", "TONG", "MORSE", "WALKER"]),
    ("frenulum WNL, Hazelbaker not done. baby: nas finnegan scores 3, 4. Protocol (Schmitt-Thompson).", [],
     ["Hazelbaker", "finnegan", "Schmitt-Thompson"]),
]


test_note_forms = note_forms_test(CASES)


def test_leaders_keep_offsets():
    from scrub.unwrap import unwrapped
    text = "Agency........: Tidewater\nMRN: .......... 5523-0091\nsaid ... then left"
    view = unwrapped(text)
    assert view is not None and len(view) == len(text)
    assert view.startswith("Agency:        ")
    assert view[view.index("MRN:") + 4:].lstrip(" ").startswith("5523-0091")
    assert "said ... then" in view  # dots in prose stay
