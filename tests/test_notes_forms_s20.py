"""Forms of session 20: initials signing off a line without a dash before a carer's credential
("fk rn"); a nick name in quotes after a name in capitals, as initials or in small letters
('LEROY "JUNIOR"', 'delaney ("mk")'); an age over 89 after a person's word and the name after it
("great-grandmother Consuelo, 94, who"); a role's title before an everyday first name in a note in
capitals ("CNA BILL HILL", "STROKE COORDINATOR SKY LITTLEFEATHER"); a sign-off's initial and a
surname no list holds ("-- O. BELLWETHER RN"); the day of the next INR ("recheck INR 8/26");
"last full hd 9/9"; a rescue service before its crew's unit ("HILL COUNTRY EMS MEDIC 3"); and the
words of notes that are no names or places: "anes", "noc", "nare", a walker "w/o" or "parked",
"Mon-Fri", the Payne-Martin class, a time and a verb before "DR" ("0300 PAGED DR ..."), hospital
initials spelling an everyday word in capitals ("TO SEE FAMILY"), dizziness rated out of ten.

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
    # ---- initials alone on a sign-off line before a carer's credential, no dash
    (_LOW + "bili in am.\nhk rn\n", ["hk"], ["rn"]),
    (_LOW + "lower bunk, sz precautions.\nfk rn 0615\n", ["fk"], ["0615"]),
    (_LOW + "0645 report to day rn\nrk rn", ["rk"], ["day rn"]),
    (_LOW + "hd rn note 2/28/24\npt seen in chair.", [], ["hd"]),
    (_LOW + "bp stable.\nbp rn\n", [], ["bp"]),
    (_CAPS + "-- NOC RN\n", [], ["NOC"]),
    # ---- a nick name in quotes after a name
    (_CAPS + "PATIENT: WASHINGTON, LEROY \"JUNIOR\"  VISIT DATE: 12/04/2017", ["JUNIOR"], []),
    (_LOW + "0600 daughter mary-kate delaney (\"mk\") called from kilbride.", ["mk"], []),
    ("Pt: tremaine \"t.j.\" hollis, 58 y/o m", ["t.j."], []),
    ("Seen with Mrs. Smith \"ok\" with plan.", [], ["ok"]),
    # ---- an age over 89 after a person's word and a name or a word on whose side
    ("Lives with father and great-grandmother Consuelo, 94, who needs help at home.", ["94"], []),
    (_CAPS + "GREAT-GRANDMOTHER ODESSA LONG, 94, VERY CLOSE, CAN'T TRAVEL.", ["94"], []),
    (_CAPS + "GREAT-GRANDMOTHER (MOTHER'S SIDE), 91, STILL LIVING IN LVIV.", ["91"], []),
    ("Husband Zbigniew (\"Zbyszek\"), 91, at home, unable to visit.", ["91"], []),
    ("Sister here, 90, 88 bpm on monitor.", [], ["90"]),
    # ---- a role's title before an everyday first name and a surname, in capitals
    (_CAPS + "TRANSFER BY CNA JOY OKAFOR AND CNA BILL HILL (2 ASSIST PER CARE PLAN).",
     ["JOY OKAFOR", "BILL HILL"], ["ASSIST"]),
    (_CAPS + "MRI TODAY. STROKE COORDINATOR SKY LITTLEFEATHER TO SEE FAMILY THIS AM.",
     ["SKY LITTLEFEATHER"], ["SEE FAMILY"]),
    (_CAPS + "CNA WILL HELP WITH BATH. CNA AWARE.", [], ["WILL HELP", "AWARE"]),
    # ---- a sign-off's initial and a surname no list holds
    (_CAPS + "BRING PHOTO ID.\n-- O. BELLWETHER RN, PAT\n", ["O. BELLWETHER"], ["PAT"]),
    ("Call with questions.\n-- K. Stable RN\n", [], ["Stable"]),
    # ---- the day of the next INR, and of the last session
    (" - Recheck INR 8/26, Thursday, same lab.\n - INR 8/5 at usual draw station.", ["8/26", "8/5"], []),
    ("Labs: INR 2.3, PT 24.1.", [], ["2.3"]),
    ("her ride didn't show. last full hd 9/9.", ["9/9"], []),
    # ---- a rescue service's name before its crew's unit and number
    (_CAPS + "DR. PATEL RETURNED 0838.\nEMS: HILL COUNTRY EMS MEDIC 3 ARRIVED 0849, TO THE ED.",
     ["HILL COUNTRY EMS"], ["MEDIC 3"]),
    (_LOW + "brought in by lakeview fire medic 7. intubated in field.", ["lakeview fire"], []),
    (_LOW + "deep fryer grease fire at work, burns to r hand.", [], ["grease fire"]),
    # ---- words of notes that are no names
    (_CAPS + "NO DENTURES - ANES TO BE TOLD. WILL DISCUSS W/ ANES DOS.", [], ["ANES"]),
    ("Anes: inhalational induction, LMA.", [], ["Anes"]),
    (_CAPS + "RES STOOD FROM TABLE W/O WALKER, LOST BALANCE. WALKER PARKED AT TABLESIDE.", [], ["WALKER"]),
    (_CAPS + "GAIT BELT + WALKER ALREADY DELIVERED.", [], ["WALKER"]),
    (_CAPS + "SMALL EPISTAXIS R NARE RESOLVED W/ PRESSURE.", [], ["NARE"]),
    ("Current warfarin: 5 mg Mon-Fri, 7.5 mg Sat/Sun.", [], ["Mon-Fri"]),
    (_CAPS + "SKIN TEAR 6 CM X 3 CM, PAYNE-MARTIN CATEGORY II.", [], ["PAYNE-MARTIN"]),
    (_CAPS + "INR 2.8 ON 3/4.\n0300 PAGED DR FRANK MORROW-BELL (NIGHT FLOAT).", ["FRANK MORROW-BELL"],
     ["0300 PAGED"]),
    ("Lives at 14 Paged Dr, Boston.", ["14 Paged Dr"], []),
    ("Nystagmus improved. Dizziness 2/10, meclizine 25 mg x1.", [], ["2/10"]),
    ("Follow-up at MGH next week.", ["MGH"], []),
]


test_note_forms = note_forms_test(CASES)
