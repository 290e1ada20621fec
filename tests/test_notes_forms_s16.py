"""Identifiers as nursing, social-work and transfer notes write where a family lives: a town, listed
or not and in any case, after a place cue and before a comma and its state's code or AP
abbreviation ending the clause ("lives in bossier ridge, la;", "called from kilbride, ma -",
"Home is Dearfield, MI (~4 hr)", "brother called from ft. lauderdale, fla,"); a patient field's
"Last, First" whose first name is also a word ("PT: BROWN, WILL   MRN", "pt abernathy, june   rm");
family members after a family word in the plural ("daughters hope and faith at bedside"); a
record number before the next field's "unit:"; a month/day after "lmp" or before "at 1300"; a
facility's other name in quotes right after it ('Cedar Glen Nursing Home ("cedar glen" per EMS)').

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
    # ---- a town after a place cue, before its state's code or AP abbreviation ending the clause
    ("Social: she lives in bossier ridge, la; she called today.", ["bossier ridge", "la"], []),
    ("Daughter called from kilbride, ma - asked about sleep.", ["kilbride", "ma"], []),
    ("Home is Dearfield, MI (~4 hr). Wife prefers to stay.", ["Dearfield", "MI"], ["hr"]),
    ("Family home in Port Calloway, NJ.\nDischarged via wheelchair.", ["Port Calloway", "NJ"], []),
    (_CAPS + "EQUIPMENT TO BE SHIPPED TO HOME IN CLEARFIELD JCT, PA.\nWIFE HERE.", ["CLEARFIELD JCT", "PA"], []),
    (_LOW + "pt's brother called from ft. lauderdale, fla, will call again.", ["ft. lauderdale", "fla"], []),
    ("Moved to Peoria, Ill. last spring.", ["Peoria", "Ill."], []),
    # a state's code that is also a word, a credential after a person, a cue-less comma
    (_LOW + "pt is alert, in no distress.", [], ["alert", "in"]),
    (_LOW + "plan d/c to rehab, md aware.", [], ["rehab", "md"]),
    (_LOW + "lives in boston, mass.", [], ["mass"]),
    ("Report given to Frank Ross, MD.", [], ["MD"]),
    ("Sign-out to Dr. Ross, PA.", [], ["PA"]),
    (_LOW + "resp: weaned to 2l, ok.", [], ["ok"]),
    # ---- a patient field's "Last, First" whose first name is also a word
    ("PT: BROWN, WILL   MRN 5520-118-07\nPt resting.", ["BROWN, WILL"], ["MRN"]),
    ("SLP: Young, Will\nHX: 88 yo F admitted from home.", ["Young, Will"], []),
    (_LOW + "pt abernathy, june   rm 5 west 517\npaged covering md.", ["abernathy, june"], []),
    ("Plan: Brown, will see in am.", [], ["will"]),
    # ---- family members named after a family word in the plural, and the second after "and"
    (_CAPS + "SOCIAL: DAUGHTERS HOPE AND FAITH AT BEDSIDE UNTIL 2330.", ["HOPE", "FAITH"], []),
    (_LOW + "sons mike and will called, updated.", ["mike", "will"], []),
    (_LOW + "daughters hope for recovery, aware of plan.", [], ["hope"]),
    (_LOW + "parents will call in am.", [], ["will"]),
    (_LOW + "daughters hope and pray for recovery.", [], ["hope", "pray"]),
    ("Family: wife Mai Vuong and son aware and agree.", ["Mai Vuong"], ["son"]),
    # ---- a record number before the next field's label "unit:" (no dose's unit)
    ("PATIENT: LOVE, DESHAWN    MRN: 7120-0459-88    UNIT: 8 WEST, RM 808-2", ["7120-0459-88"], []),
    ("patient: Love    mrn: 71200459 unit: 8 west", ["71200459"], []),
    (_LOW + "insulin 12 units given, mrn on chart.", [], ["12 units"]),
    # ---- a month/day after a pregnancy's date label, or before "at" and a clock time
    (_LOW + "+upt at home 2 days ago\nlmp ~1/28. g3p2.", ["1/28"], []),
    (_LOW + "plans to attend family session 10/14 at 1300 with mom.", ["10/14"], []),
    (_LOW + "pain 5/10 at 1300, medicated w/ oxy.", [], ["5/10"]),
    (_LOW + "mae, strength 4/5 at 1300 check.", [], ["4/5"]),
    # ---- a facility's other name in quotes in the parenthesis right after it, same first word
    ('Pt lives at Cedar Glen Nursing Home ("cedar glen" per EMS sheet).', ["Cedar Glen Nursing Home", "cedar glen"], []),
    ('Adm from Sunnyvale Manor ("sunnyvale NH" on transfer sheet) w/ UTI.', ["sunnyvale NH"], []),
    ('Pt came from Willow Creek Rehab ("willow crk") after hip fx.', ["willow crk"], []),
    ('Transferred from Mercy Hospital ("the usual place") by EMS.', [], ["the usual place"]),
    # "fla" is no floor A: the unit's letter only after a blank, a dot or "#"
    (_LOW + "d/c to apt #c on the 2nd fl. w/ elevator.", [], ["fl"]),
]


test_note_forms = note_forms_test(CASES)
