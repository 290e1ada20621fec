"""Identifiers as ICU, ward, dialysis and social-work notes write them: an organization's name
whose last words the detectors left ("works at CUYAHOGA [STEEL FABRICATORS];", "Ridgeway Tool
[& Die],"), up to the clause's end and only over a kind's word or after "&"; the name someone goes
by ('goes by "Reg"', '("KJ")', 'grandson "tiny"'); a surname after Mr, Mrs or Ms even when it is a
word ("mrs hill"); two ordinary words after a family word before a visit ("daughter-in-law patience
brown arrived"); a case's, a trip's, a booking's or a member's number with no mark but an
identifier's shape ("(case 51-0098213)", "trip bh-55213"); the town of an address in capitals.

Every passage is fictitious and hand-written in the style of clinical notes. Each row names the
text the whole pipeline (without spaCy, at the default threshold 0.7) must cover and the text it
must leave alone.
"""
from __future__ import annotations

from orgs_support import ICU_CAPS as _CAPS
from orgs_support import ICU_LOW as _LOW
from orgs_support import note_forms_test

# (passage, [text that must be covered whole], [text that must not be touched])
CASES = [
    # ---- an organization's last words, to the clause's end: a kind's word, or after "&"
    (_CAPS + "PT WORKS AS FOREMAN AT CUYAHOGA STEEL FABRICATORS; FMLA PAPERWORK GIVEN.",
     ["CUYAHOGA STEEL FABRICATORS"], ["FMLA"]),
    ("Pt works as a machinist at Ridgeway Tool & Die, worried about job.", ["Ridgeway Tool & Die"], ["job"]),
    ("Pt asks to return to work at Nutmeg Precision Tool & Die, advised to discuss.",
     ["Nutmeg Precision Tool & Die"], ["advised"]),
    # the words after it are a time, a status, a department or a field's label: left alone
    ("Attends Grace Church weekly with her sister.", ["Grace Church"], ["weekly"]),
    ("Seen at Cobbett Hill Hospital Emergency Department, then admitted.", ["Cobbett Hill Hospital"],
     ["Emergency Department"]),
    (_LOW + "home health - bright path home care accepted, pt/ot 3x/wk.", [], ["accepted"]),
    ("FACILITY: PINE RIDGE CLC   WING: ASPEN   ROOM 3", ["PINE RIDGE CLC"], ["WING"]),
    # ---- the name someone goes by
    ('Pt Reginald Price (goes by "Reg"), 56M, DM2.', ["Reginald Price", "Reg"], []),
    ('S: Kingston Adebayo-Reid ("KJ"), 3 yo M, sickle cell.', ["Kingston Adebayo-Reid", "KJ"], []),
    (_LOW + '1515 grandson "tiny" arrived from out of state.', ["tiny"], []),
    (_LOW + 'phone interpreter "lan" id 20817, pt understands.', ["lan"], []),
    ('Pt prefers to be called "Bobby".', ["Bobby"], []),
    ('Pt reports a "good" day; son says "ok" to plan.', [], ["good", "ok"]),
    ("Mary Jones (RN) called back.", ["Mary Jones"], ["RN"]),
    # ---- a surname after Mr, Mrs or Ms, even a word
    (_LOW + "mom will call the director mrs hill in am re: rsv exclusion.", ["hill"], []),
    (_LOW + "mr and mrs jones visited.", ["jones"], ["and"]),
    # ---- a family member's two ordinary words before a visit; a first name before "who drove"
    (_LOW + "0915 daughter-in-law patience brown arrived, stayed at bedside.", ["patience brown"], []),
    (_LOW + "pt accomp by husband will who drove her in from home.", ["will"], []),
    (_LOW + "husband will call in am.", [], ["will"]),
    # ---- two ordinary words after a staff member's role, before a notice or a credential
    (_CAPS + "LIAISON JOY LITTLE CALLED BACK 1415, CAN ACCEPT.", ["JOY LITTLE"], []),
    (_CAPS + "SOCIAL WORKER GRACE LOVE NOTIFIED TO FILE COMPLAINT.", ["GRACE LOVE"], []),
    (_LOW + "case mgr sky bond following.", ["sky bond"], []),
    (_LOW + "rn will follow up in am; pt will call rn if pain increases.", [], ["will follow", "will call"]),
    (_LOW + "employer safety officer left card; osha investigating.", [], ["left card"]),
    # ---- an organization's first words between the word that leads to it and its finding
    (_CAPS + "SHE ATTENDS GREATER MT. ZION AME CHURCH; PASTOR TO VISIT.", ["GREATER MT. ZION AME CHURCH"], []),
    ("Transferred from outside Mercy Hospital by ambulance.", ["Mercy Hospital"], ["outside"]),
    ("Pt fills at Lotus Pharmacy & Gifts; new rx sent.", ["Lotus Pharmacy & Gifts"], []),
    # ---- a number with no mark after a case's, a trip's, a booking's or a member's word
    ("DCF worker (case 51-0098213) approved foster parents.", ["51-0098213"], []),
    (_LOW + "arr 0610 via blue heron rides trip bh-55213, driver aware.", ["bh-55213"], []),
    (_CAPS + "MEDICAID PENDING # 19-88-004471Q. SHARE OF COST TBD.", ["19-88-004471Q"], []),
    ("Insurance: employer plan, member CHC-7719-0042-3; Medicare Part B.", ["CHC-7719-0042-3"], []),
    ("Case 2 of 5 today; trip 1-2 times a week; claim 12-15 min.", [], ["2 of 5", "1-2", "12-15"]),
    # ---- a month that is also a word, in small letters or capitals, after a word that leads to a date
    (_CAPS + "LAST ADMIT MAY 30 FOR SAME, 4 ADMITS THIS YEAR.", ["MAY 30"], []),
    (_LOW + "wic visit scheduled for may 19.\npt requested info.", ["may 19"], []),
    (_LOW + "pt may 2 tabs prn; for may 2 weeks.", [], ["may 2"]),
    # ---- the town of a street's address in a note in capitals, before its state and ZIP
    (_CAPS + "HOME ADDRESS: 77 LANTERN HILL RD, ASHGROVE, ME 04419.\nINSURANCE: SUNRISE",
     ["77 LANTERN HILL RD", "ASHGROVE", "04419"], []),
]


test_note_forms = note_forms_test(CASES)
