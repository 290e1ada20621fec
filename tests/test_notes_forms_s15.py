"""Identifiers as MIMIC-era nursing notes name family members and plan days, typed in small
letters or capitals: a first name that is also an ordinary word after a family word and before
what a visitor does ("wife peg at bedside", "dad bill called"), and a bare month/day after the
last dose, a planned return or before a time of day ("last dose 12/2", "back to snf 11/11",
"transport for 3/24 AM"); an agency, a practice or a firm in small letters before the words
of its kind ("brookhaven visiting nurses", "northgate family pediatrics", "drives for ostrander
packaging"); a town a family member calls or drives from ("nephew called from harrowgate").

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
    # ---- a family member's first name that is also a word, before a visit, a call or a comma
    (_LOW + "social: wife peg at bedside most of shift, supportive.", ["peg"], ["bedside"]),
    (_LOW + "family: dad bill called at 2330, updated.", ["bill"], []),
    (_LOW + "dtr comfort works days, checks in eves.", ["comfort"], []),
    (_LOW + "sitter precious at bedside overnight.", ["precious"], []),
    (_LOW + "family: wife lan and son kevin in waiting room.", ["lan", "kevin"], []),
    (_LOW + "pt's brother will called from out of state.", ["will"], []),
    (_CAPS + "FAMILY: MOM FAITH AT BS. DAD (WILL) WORKING, CALLED X1.", ["FAITH", "WILL"], []),
    # the same words as words: a tube, care, a modal, a name's field without a visit after it
    (_LOW + "wife peg tube site clean, no drainage.", [], ["peg"]),
    (_LOW + "mom comfort care discussed w/ team.", [], ["comfort"]),
    (_LOW + "dad will call back tomorrow am.", [], ["will"]),
    (_LOW + "mom hopes to take baby home friday.", [], ["hopes"]),
    (_LOW + "father present. security aware.", [], ["present"]),
    # ---- a bare month/day made a day by what is around it
    (_LOW + "lasix q48h, last dose 12/2. diuril bid.", ["12/2"], ["q48h"]),
    (_LOW + "diurese, bipap prn, ?back to snf 11/11 if stable.", ["11/11"], []),
    (_LOW + "dtr in baltimore, will fly in 4/4.", ["4/4"], []),
    (_LOW + "plans pca wean 9/9 to po oxycodone.", ["9/9"], []),
    (_LOW + "confirm transport for 3/24 AM, packet sent.", ["3/24"], []),
    # a share, a score, a grade or a rating stays
    (_LOW + "last dose 1/2 tab given.", [], ["1/2"]),
    (_LOW + "moves all 4/4 ext, strength 5/5 in am.", [], ["4/4", "5/5"]),
    (_LOW + "pain 8/10 at 3 pm, medicated.", [], ["8/10"]),
    (_LOW + "infusing for 3/24 hrs of the day.", [], ["3/24"]),
    # ---- a dashed month/day in a shift note's header, or after a transfer or an intubation
    ("ccu nsg note 4-9 7p-7a\npt resting, no c/o.", ["4-9"], ["7p-7a"]),
    ("NSG NOTE 12-1 1900-0700\nPT RESTING.", ["12-1"], ["1900-0700"]),
    (_CAPS + "HPI: TRANSFERRED 6-18 FROM OSH BY ROTOR WING.", ["6-18"], []),
    (_LOW + "intubated 3-14 at osh, extubated 3-16.", ["3-14", "3-16"], []),
    (_LOW + "pt transferred 2-3 days ago from osh.", [], ["2-3"]),
    (_LOW + "q 2-3 hrs, 12-14 breaths.", [], ["2-3", "12-14"]),
    # ---- a greeting's or a thanks' first name in a message typed in small letters
    (_LOW + "call back after 4pm.\nthanks, ted\n", ["ted"], []),
    (_LOW + "hi ted - please finish the form today.", ["ted"], []),
    (_LOW + "best,\nrose\n", ["rose"], []),
    (_LOW + "hi all - huddle at 3.", [], ["all"]),
    (_LOW + "thanks, doc\n", [], ["doc"]),
    (_LOW + "thanks, will do.\n", [], ["will"]),
    # ---- a town a family member calls or drives from, or lives in before "w/"
    (_LOW + "nephew called from harrowgate, updated re plan.", ["harrowgate"], []),
    (_LOW + "dtr calls from birch hollow - updated 0330 re rrt.", ["birch hollow"], []),
    ("Family: parents driving in from Tullymore, ETA ~2300.", ["Tullymore"], []),
    (_LOW + "social: lives in quarrington w/ girlfriend.", ["quarrington"], []),
    (_CAPS + "NEPHEW CALLED FROM HARROWGATE. WIFE AT BS.", ["HARROWGATE"], []),
    # a department or home is no town
    (_LOW + "called from pharmacy re: dose.", [], ["pharmacy"]),
    (_LOW + "called from radiology, ct read.", [], ["radiology"]),
    ("Wife called from Home at 0300.", [], ["Home"]),
    # ---- an agency, a practice or a firm in small letters or capitals, before its kind's words
    (_LOW + "home care referral to brookhaven visiting nurses for d/c.", ["brookhaven visiting nurses"], []),
    (_LOW + "listed at silverlake transplant ctr, coordinator aware.", ["silverlake transplant ctr"], []),
    (_CAPS + "PEDS WILL BE AT NORTHGATE FAMILY PEDIATRICS PER MOM.", ["NORTHGATE FAMILY PEDIATRICS"], []),
    (_LOW + "husband drives for ostrander packaging, no benefits.", ["ostrander packaging"], []),
    ("Husband drives for Greenway Taxi on weekends.", ["Greenway Taxi"], []),
    # a town's fire or police department, after the town's listed name only
    ("Brought in by Quincy Fire after fall at home.", ["Quincy Fire"], []),
    ("Per Lowell Police, pt was the driver.", ["Lowell Police"], []),
    ("House Fire. Smoke inhalation, carbonaceous sputum.", [], ["House", "Fire"]),
    ("Kitchen Fire\nPt with burns to both hands.", [], ["Kitchen", "Fire"]),
    ("State Police on scene at MVC.", [], ["State", "Police"]),
    (_LOW + "house fire at her home, brought in by fire.", [], ["house", "fire"]),
    # the kinds' words alone, or after a service's words, name no one
    (_LOW + "social services and visiting nurses following.", [], ["visiting nurses"]),
    (_LOW + "pt to er, ems called by staff.", [], ["ems"]),
    (_CAPS + "MEMORIAL SERVICE PLANNED BY FAMILY.", [], ["MEMORIAL"]),
    ("Drives for a living; retired.", [], ["living"]),
]


test_note_forms = note_forms_test(CASES)
