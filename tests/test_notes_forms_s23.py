"""Forms of session 23: a clinician named by a surname alone after what one does to a colleague
("per Young, start low dose", "Paged Gay (trauma NP)", "notified hill, aware", "PER STONE."), even
when the surname is an everyday word, and in notes in capitals or small letters; and what these
rules must leave alone ("3 times per Day", "per protocol", "ok per DON", "I/O per Foley").

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
    # ---- a surname alone after per, paged, notified
    (_CASED + "Tacro held for Cr; per Young, start low dose at 2100.", ["Young"], ["low dose"]),
    (_CASED + "Restless, pulling lines. Paged Gay (trauma NP) re: seroquel.", ["Gay"], []),
    (_CASED + "Paged Sharp (fellow) for CXR - reviewed.", ["Sharp"], []),
    (_CASED + "Na 151. Notified Cross's fellow at 0520, hold 3%.", ["Cross"], []),
    (_CASED + "Notified Lindqvist at 0130, repeat BMP in AM.", ["Lindqvist"], []),
    (_LOW + "bp 148/92 -> hydralazine 10 mg iv x1 per hill at 0120. notified wood, aware.", ["hill", "wood"], []),
    (_CAPS + "1 U PRBC PER STONE. POST HGB 8.2. TUBE FEEDS HELD PER YOUNG - POSS OR IN AM.", ["STONE", "YOUNG"],
     ["POST", "POSS"]),
    (_CAPS + "PAGED SWAN (TRAUMA CHIEF) - AT BEDSIDE. DSG CHANGE W/ BOND (BURN ATTENDING).", ["SWAN", "BOND"], []),
    # ---- what they must leave alone
    (_CASED + "Lactulose 3 times per Day. Restraints per Protocol. I/O per Foley.", [], ["Day", "Protocol", "Foley"]),
    (_CASED + "Paged House officer for K 3.1. Notified Charge RN.", [], ["House", "Charge"]),
    (_CAPS + "FAMILY WANTS BURIAL WITHIN 24 H PER FAITH. OK PER DON. NO BREAKFAST PER STUDENT.", [],
     ["FAITH", "DON", "STUDENT"]),
    (_LOW + "strain urine per stone protocol. per day team, ok to eat.", [], ["stone", "day"]),
]


test_note_forms = note_forms_test(CASES)
