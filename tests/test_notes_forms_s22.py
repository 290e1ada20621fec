"""Forms of session 22: a role before a common surname alone in notes without capitals ("CO YOUNG
LEAD", "STRUCK MHT HILL ON"); peers, sitters and pastors before a first name; employers' trades as a
name's head ("Brzezinski Cold Storage", "Keel & Pylon Prosthetics"); a name joined to its head by an
ampersand ("Willowbrook Care & Rehab"); the VA's centers and clinics, memory-care and convalescent
homes; "<Name> General", "<Name> Regional" and "<Name> Memorial" after to, at or from; towns abroad
after a cue ("son lives in Chennai", "sister in taichung"); bare month/days after "~" and a plan's
word, with their hour, or of equal parts after "arrives"; a patient's name before the age without
a field's colon ("pt crystal long 19yo"); a carer's name before a credential ("BY JOY HILL RN");
initials with stops at a sign-off ("- R.S., RN"); vessels after "F/V"; and what they must leave
alone ("pt alert oriented 74 yo", "pt will call rn", "Referred to General Surgery", "pain 3/4 at
rest", "took 1/2 tab", "lives in San Bernal" read whole, "M/V ratio normal").

Every passage is fictitious and hand-written in the style of clinical notes. Each row names the
text the whole pipeline (without spaCy, at the default threshold 0.7) must cover and the text it
must leave alone.
"""
from __future__ import annotations

from orgs_support import ICU_CAPS as _CAPS
from orgs_support import ICU_LOW as _LOW
from orgs_support import note_forms_test

_CASED = "Neuro: A+Ox3, MAE. CV: NSR 80s. Resp: LS clear, 2L NC. GI: tol clears.\n"

# (passage, [text that must be covered whole], [text that must not be touched])
CASES = [
    # ---- a role before a common surname alone, in capitals or small letters
    (_CAPS + "SENT OUT, ESCORT X2, CO YOUNG LEAD. RESTRAINTS PER POLICY.", ["YOUNG"], ["LEAD"]),
    (_CAPS + "PT STRUCK MHT HILL ON L SHOULDER. CODE GRAY CALLED.", ["HILL"], []),
    (_CAPS + "OFFICER BOND (BADGE 2291) HERE 1400, PT CALM.", ["BOND"], []),
    (_CAPS + "TEAM: PGY3, RT BOND, 2 RNS. PRIMARY SURVEY INTACT.", ["BOND"], []),
    ("Copy of the order given to pt and copy to officer. Augmentin 875 mg first dose given.", [],
     ["Augmentin"]),
    (_LOW + "punched wall in dayroom after peer hope changed tv channel; no injury.", ["hope"], []),
    (_LOW + "1900-2300 sitter will -- pt calmer, watched movie.", ["will"], []),
    (_LOW + "sitter will stay until 2300. pastor may visit tomorrow.", [], ["will", "may"]),
    # ---- employers' trades, suppliers and houses as heads
    (_CASED + "Pt drives a forklift for Brzezinski Cold Storage - off work.", ["Brzezinski Cold Storage"], []),
    (_CASED + "Pt worked 30 yrs at Prairie Valley Meatpacking and retired.", ["Prairie Valley Meatpacking"], []),
    (_CASED + "Prosthetist consult: Keel & Pylon Prosthetics to see Thurs.", ["Keel & Pylon Prosthetics"], []),
    (_CASED + "Missed HD b/c ride from Capital Connect Paratransit did not show.",
     ["Capital Connect Paratransit"], []),
    (_CASED + "Husband back to the Larkspur Family House to rest.", ["Larkspur Family House"], []),
    (_CASED + "Pt is a faller for Ridgeback Forest Products, out of camp.", ["Ridgeback Forest Products"], []),
    # ---- an ampersand between a name and its head; care homes and the VA
    (_CASED + "SNF auth for Willowbrook Care & Rehab was denied today.", ["Willowbrook Care & Rehab"], []),
    (_CASED + "Return visit at Summit Spine & Pain Center, MRN on file.", ["Summit Spine & Pain Center"], []),
    ("To: Camp Director & Health Staff, Maplewood Summer Day Camp", [], ["Director & Health"]),
    (_CASED + "Harlan Ridge VAMC - Primary Care PACT Team", ["Harlan Ridge VAMC"], []),
    (_CASED + "From: Autumn Crest Memory Care, wing B.", ["Autumn Crest Memory Care"], []),
    ("WILLOWBROOK CONVALESCENT HOME\n24-HR REPORT ADDENDUM / FALL NOTIFICATION LOG\n" + _CAPS,
     ["WILLOWBROOK CONVALESCENT HOME"], []),
    # ---- "<Name> General", "Regional", "Memorial" after to, at or from
    (_CASED + "Admitted 9/15 x 3 days to Bramford General for neutropenic fever.", ["Bramford General"], []),
    (_CASED + "Hx PPH w/ prior delivery at Fairhaven Regional in 3/2015.", ["Fairhaven Regional"], []),
    (_CASED + "Prior deliveries all at Carney Memorial - advised to come early.", ["Carney Memorial"], []),
    (_CASED + "Referred to General Surgery. Consult from Regional Anesthesia.", [],
     ["General Surgery", "Regional Anesthesia"]),
    # ---- towns abroad after a cue
    (_CASED + "Son lives in Chennai, calls daily.", ["Chennai"], []),
    (_CASED + "Social: pt from Kharkiv, here 6 yrs. Brother in Taipei.", ["Kharkiv", "Taipei"], []),
    (_LOW + "states \"xiao-mei!\" over and over (sister in taichung per daughter).", ["taichung"], []),
    (_CASED + "Daughter lives in Las Tunas Heights about 40 min away.", ["Las Tunas Heights"], []),
    (_LOW + "daughter lupe lives in san bernal, calling daily.", ["san bernal"], []),
    # ---- bare month/days: after "~" and a plan's word, with their hour, of equal parts after a cue
    (_CASED + "Plan for d/c home w/ daughter ~11/5, no VNA needed.", ["11/5"], []),
    (_CASED + "IBCLC at Clayton County WIC, 3/4 1100.", ["3/4"], []),
    (_CASED + "PT referral placed. First session 3/2 8 am.", ["3/2"], []),
    (_CASED + "Sister flying in from Ireland, arrives 5/5.", ["5/5"], []),
    (_CASED + "Pain 3/4 at rest. Took 1/2 tab. Ate ~1/2 of tray. Pain ~3/10 after.", [],
     ["3/4", "1/2", "3/10"]),
    # ---- a patient's name before the age; a carer's name before a credential; initials
    (_LOW + "pt crystal long 19yo p1 ppd1 s/p svd.", ["crystal long"], []),
    (_CAPS + "PT BOND, GRACE   84F   MRN 0087-4419", ["BOND, GRACE"], []),
    (_LOW + "pt alert oriented 74 yo, calm.", [], ["alert", "oriented"]),
    (_CAPS + "R CFA SHEATH PULLED 2105 BY JOY HILL RN, MANUAL PRESSURE 20 MIN.", ["JOY HILL"], []),
    (_LOW + "pt states he will call rn when ready. gave report to day rn.", [], ["will call", "day rn"]),
    ("Advance diet per team.\n- R.S., RN", ["R.S."], []),
    ("Plan reviewed.\n- N.P.O. after midnight\n-- M.D.", [], ["N.P.O.", "M.D."]),
    # ---- vessels
    (_CASED + "Deckhand washed overboard from F/V Aurora Dawn while setting pots.", ["Aurora Dawn"], []),
    (_CASED + "M/V ratio normal on echo.", [], ["ratio"]),
]


test_note_forms = note_forms_test(CASES)
