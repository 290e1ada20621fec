"""Names a cased note writes in small letters, where a title, a kin word or a helper's role, a
patient's field or a credential marks them ("Dr. harriet lindqvist", "WIFE marie", "Pt: juniper
haddad-oyelowo, 38F", "-- wren adebayo-marsh, LMSW", "spoke w/ jen rn"), and the look-alikes they
must leave alone: a service after a title ("Dr. ortho requested"), a verb ("Dr. will see pt"), an
everyday word after a kin word ("mom daily", "son deceased"), "MR enterography". Also a name's
initials in parentheses after it ("Theresa Kilbride, RN (TK)"), and the town after a box's or a
rural road's comma ("RR 2 BOX 14, DUNMORE FLATS", "14 BEET DUMP RD, VESTRUM.").

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
    # ---- after a title: up to three words, listed names or words no list knows
    ("Pt's PCP is Dr. harriet lindqvist at the clinic. Plan reviewed.", ["harriet lindqvist"], []),
    ("PCP DR. leonard price IN 1-2 WKS FOR BP/BMP. Labs reviewed.", ["leonard price"], []),
    ("KCl given. Paged covering fellow dr ng, new orders received.", ["dr ng"], []),
    ("Spoke with Dr. Will Franklin today. Dr. will see pt in the morning.", ["Will Franklin"], ["will see"]),
    ("Consults: Dr. ortho requested for tomorrow; Dr neuro aware.", [], ["ortho", "neuro"]),
    ("Imaging: MR enterography shows 12 cm of inflamed ileum.", [], ["enterography"]),
    # ---- after a kin word or a helper's role: a listed first name (and its surname)
    ("Emergency contact: WIFE marie (413) 555-0119, called by RN.", ["marie"], []),
    ("Spanish interpreter samir (ID #A-2286) used for the whole visit.", ["samir"], []),
    ("Labor support by doula colleen byrne; FOB at bedside.", ["colleen byrne"], []),
    ("Lactation to see mom daily while inpatient. Son deceased in 2019.", [], ["daily", "deceased"]),
    # ---- a patient's field, the name before a comma and the age
    ("Date: 2/9/2134\nPt: juniper haddad-oyelowo, 38F, MRN 5520-0417-3, seen today.",
     ["juniper haddad-oyelowo"], []),
    # ---- before a credential: the signer's or a staff member's name
    ("Bus pass provided; summary to PCP.\n-- wren adebayo-marsh, LMSW\n", ["wren adebayo-marsh"], ["LMSW"]),
    ("Call light in reach.\n-- l. nováková RN\n", ["l. nováková"], []),
    ("PT/OT today, keep Na >135.\n-- tamsin w., RN\n", ["tamsin w."], []),
    ("Gave report to maeve o'hare rn (nights). Pt resting.", ["maeve o'hare"], []),
    ("Encourage PO. Reassess 0800 w/ day RN. Will update.", [], ["day"]),
    (_CAPS + "SOCIAL WORKER GRACE LOVE NOTIFIED OF PLACEMENT NEEDS.", ["GRACE LOVE"], []),
    # ---- a name's initials in parentheses after it; a husband called "hubby"
    ("Pt resting. Vitals stable overnight.\nTheresa Kilbride, RN (TK)\n", ["Theresa Kilbride", "TK"], []),
    ("Seen by Bill Smith (PCP) today.", ["Bill Smith"], ["PCP"]),
    (_LOW + "2100 hubby bill visiting, left 2130.", ["bill"], []),
    # ---- the town after a box's or a road's comma, to the line's or the clause's end, and its ZIP
    (_CAPS + "ADDR: RR 2 BOX 14, DUNMORE FLATS\nDIRECTIONS: N OUT OF TOWN", ["DUNMORE FLATS"], ["DIRECTIONS"]),
    (_CAPS + "ADDRESS: PO BOX 88, BRIARWICK 40979 (PHYSICAL: TOP OF THE RIDGE)", ["BRIARWICK", "40979"],
     ["PHYSICAL"]),
    (_CAPS + "ADDR: 14 BEET DUMP RD, VESTRUM. FIRST PLACE W OF THE SUGAR PLANT.", ["14 BEET DUMP RD", "VESTRUM"],
     ["FIRST PLACE"]),
    ("Home: 14 Elm St, Apt 2. Ramp at the side door.", ["14 Elm St, Apt 2"], ["Ramp"]),
]


test_note_forms = note_forms_test(CASES)
