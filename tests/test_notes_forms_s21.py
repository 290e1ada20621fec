"""Forms of session 21: suppliers', insurers', clinics' and workplaces' names of everyday words in
notes without capitals, after a cue or a firm's field label ("drives for blue line taxi", "dme:
apex respiratory solutions", "f/u w/ harbor point cardiology associates", "AT HEARTLAND FARMERS
CO-OP"); volunteer fire companies and rescue squads in capitals ("FENWICK VOL FIRE CO ENGINE 3");
kin names that are verbs too ("husband will but he called"); a town driven from ("drove her from
pine hollow (approx"); a surname in brackets before a therapist's credential ("PT (LONG, DPT)"); a
signer after a shift's label; a sign-off's initials before the signer's name in brackets; baby
names in quotes; "court is the 30th"; an age over 89 in brackets after a kin's name; and what they
must leave alone ("plan: call transport", "a: probable dental abscess", "XFER TO LEVEL I TRAUMA
CTR", "son will call later", "she was the 1st to arrive").

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
    # ---- suppliers and insurers of everyday words after a cue, in small letters
    (_LOW + "pt drives for blue line taxi nights, wife works days.", ["blue line taxi"], []),
    (_LOW + "bills from her pharmacy, now uses coastal senior transit van to hd.", ["coastal senior transit"], []),
    (_LOW + "dme: apex respiratory solutions rt set up home vent 9/10", ["apex respiratory solutions"], []),
    (_LOW + "transport to hd: ride-right medicaid transport; pt reports driver late.",
     ["ride-right medicaid transport"], []),
    (_CAPS + "INSURANCE: BLUE RIDGE HEALTH PLAN, CASE MGR TO CALL.", ["BLUE RIDGE HEALTH PLAN"], []),
    (_LOW + "plan: call transport supervisor re standing order.", [], ["call transport"]),
    (_LOW + "a: probable dental abscess, no airway compromise.", [], ["probable dental"]),
    (_CAPS + "AMBULANCE: NON-EMERGENT TRANSPORT ARRIVED 2040.", [], ["NON-EMERGENT TRANSPORT"]),
    (_LOW + "discussed w/ client, she agrees to call behavioral health for intake.", [], ["call behavioral"]),
    # ---- clinics and hospitals of everyday words after a cue
    (_LOW + "reinforced need for f/u w/ harbor point cardiology associates 9/21.",
     ["harbor point cardiology associates"], []),
    (_LOW + "93 yo f from glenhollow care center (ltc) admitted 3 days ago.", ["glenhollow care center"], []),
    (_CAPS + "EMS ARRIVED 1348. TRANSPORTED TO LOWER CAPE COASTAL MEDICAL CENTER ED.",
     ["LOWER CAPE COASTAL MEDICAL CENTER"], []),
    (_CAPS + "0745 CALLED IRON RANGE HEART INSTITUTE ECMO LINE -- ACCEPTING.", ["IRON RANGE HEART INSTITUTE"], []),
    (_CAPS + "1800 CALLED BLUE RIDGE CHILDREN'S TRAUMA CENTER PEDS TRANSFER.",
     ["BLUE RIDGE CHILDREN'S TRAUMA CENTER"], []),
    (_CAPS + "TDAP, CEFAZOLIN 2 G. XFER TO LEVEL I TRAUMA CTR.", [], ["LEVEL I"]),
    (_CAPS + "0640 CALLED MERCY-ALDRIDGE UNIVERSITY HOSPITAL TRANSFER CTR; ACCEPTED.", ["MERCY-ALDRIDGE"],
     ["TRANSFER CTR"]),
    # ---- workplaces, homes and suppliers whose names are mostly everyday words
    (_CAPS + "PT WAS CONNECTING TANK HOSE AT HEARTLAND FARMERS CO-OP WHEN COUPLER FAILED.",
     ["HEARTLAND FARMERS CO-OP"], []),
    (_LOW + "call from house mgr at maple hollow group home, ph 740-555-0119.", ["maple hollow group home"], []),
    (_LOW + "linen changed. bed from lone star dme still has broken rail.", ["lone star dme"], []),
    (_LOW + "works at meat packing plant, 2nd shift.", [], ["meat packing"]),
    # ---- volunteer fire companies and rescue squads before their crew
    (_CAPS + "EXTRICATED BY FENWICK VOL FIRE CO ENGINE 3 W/ AIR BAGS.", ["FENWICK VOL FIRE CO"], ["ENGINE 3"]),
    (_CAPS + "BROUGHT BY SWEETWATER FIRE DIST MEDIC 2. NO LOC.", ["SWEETWATER FIRE DIST"], []),
    # ---- kin names that are verbs too, and a town driven from
    (_LOW + "plan was home w/ husband will but he called at 0830.", ["will"], []),
    (_LOW + "will call his sister may. son states pt usually alert.", ["may"], ["will call"]),
    (_LOW + "son will call later. sister may visit sat.", [], ["will", "may"]),
    (_LOW + "husband drove her from pine hollow (approx 40 min).", ["pine hollow"], []),
    # ---- names before and after credentials, sign-offs, babies in quotes
    (_CAPS + "PT/OT: PT (LONG, DPT) - TRANSFERS MIN A.", ["LONG"], []),
    (_CAPS + "1:1 CONTINUED.\nSITTER THIS SHIFT: LOVE BROWN CNA.\n", ["LOVE BROWN"], []),
    (_LOW + "plan: will call rn", [], ["will call"]),
    ("Hands without open sores.\n\n-- DW, RN (Dawn Whitlock)", ["DW", "Dawn Whitlock"], []),
    (_LOW + "incision cdi.\nbaby boy \"leo\" in nicu step-down for temps.", ["leo"], []),
    # ---- days of the month after "is" or "into", not ranks
    (_LOW + "\"i missed the meeting, court is the 30th\". writer validated.", ["the 30th"], []),
    (_LOW + "on call log - nights 1/3/2106 into the 4th - rn on call", ["the 4th"], []),
    ("She was the 1st to arrive. This is the 3rd time. He is the 2nd of 3 children.", [],
     ["1st", "3rd", "2nd"]),
    # ---- an age over 89 after a kin's name
    ("Pt's grandmother Ottavia Marchetti (94) brought by a cousin.", ["94"], []),
    (_LOW + "mrs. love (caregiver for harriet love, 97) called re: leaking catheter.", ["97"], []),
    ("Grandmother here. Wife Ana (92 kg) at bedside.", [], ["92 kg"]),
]


test_note_forms = note_forms_test(CASES)
