"""Identifiers as nursing, social-work and transfer notes write where a family lives: a town, listed
or not and in any case, after a place cue and before a comma and its state's code or AP
abbreviation ending the clause ("lives in bossier ridge, la;", "called from kilbride, ma -",
"Home is Dearfield, MI (~4 hr)", "brother called from ft. lauderdale, fla,"); a patient field's
"Last, First" whose first name is also a word ("PT: BROWN, WILL   MRN", "pt abernathy, june   rm").

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
    # "fla" is no floor A: the unit's letter only after a blank, a dot or "#"
    (_LOW + "d/c to apt #c on the 2nd fl. w/ elevator.", [], ["fl"]),
]


test_note_forms = note_forms_test(CASES)
