"""Forms of session 23: a clinician named by a surname alone after what one does to a colleague
("per Young, start low dose", "Paged Gay (trauma NP)", "notified hill, aware", "PER STONE."), even
when the surname is an everyday word, and in notes in capitals or small letters; and what these
rules must leave alone ("3 times per Day", "per protocol", "ok per DON", "I/O per Foley"); dashed
month/days that their neighbours make days ("set for 3-16 1100", "ERCP 2-11 w/ stent"), "the 3rd"
after a word a day follows ("ETA morning of the 3rd", "last drink the 3rd per wife"), and month/days
whose parts read as a fraction after a bed or a procedure ("bed available 3/8", "s/p OLT 3/8"); and
what those must leave alone ("O2 2-3 L", "of the 6th nerve", "took 1/2 tab", "pain today 3/10");
nick names in quotes that are everyday words ('Reyes ("Will")', '(pref. "Shiv")') and nick names in
quotes in notes in capitals ('PT: LIBERTY "LIBBY" TWOFEATHERS'), but not 'prefers "quiet"'.

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
    # ---- dashed month/days, "the 16th", and days whose parts read as fractions
    (_LOW + "family mtg set for 3-16 1100 w/ chaplain. echo repeat ordered for 9-15.", ["3-16", "9-15"], []),
    (_CAPS + "R IJ TLC (PLACED AT OSH 3-31), CVP 9-11. ERCP 2-11 W/ STENT.", ["3-31", "2-11"], ["9-11"]),
    (_CASED + "O2 2-3 L NC. Pain 3-4 at rest. Echo 2-3 days ago.", [], ["2-3 L", "3-4", "2-3 days"]),
    (_CASED + "Family conf the 16th 1100 w/ neurosurg. Last drink the 3rd per wife.", ["16th", "the 3rd"], []),
    (_CAPS + "SON DRIVING UP, ETA MORNING OF THE 3RD.", ["THE 3RD"], []),
    (_CASED + "Dilated 4th ventricle. Palsy of the 6th nerve. Held the 2nd dose.", [], ["4th", "6th", "2nd"]),
    (_CASED + "Rehab reviewed referral, bed available 3/8 if auth in hand.", ["3/8"], []),
    (_CASED + "61 yo M POD 3 s/p OLT 3/8 for NASH. s/p catheter-directed tPA 1/2.", ["3/8", "1/2"], []),
    (_CASED + "Took 1/2 tab. Ate 3/4 of tray. Pain today 3/10.", [], ["1/2", "3/4", "3/10"]),
    # ---- nick names in quotes, however ordinary the word, and in notes in capitals
    ('Patient: Wilfredo Ocampo Reyes ("Will")\nProtocol ordered by: H. Kim', ["Will"], []),
    (_CASED + 'Hx CAD, DM2. Goes by "Will".', ["Will"], []),
    ('Patient: Siobhan Ni Dhuibhir (pref. "Shiv")   Room 5 West 514', ["Shiv"], []),
    (_CASED + 'Pt prefers "quiet" at night and prefers Ensure.', [], ["quiet", "Ensure"]),
    (_CAPS + 'PT: LIBERTY "LIBBY" TWOFEATHERS   AGE 9   DOB 02/14/1992', ["LIBERTY", "LIBBY", "TWOFEATHERS"], []),
    (_CAPS + 'FOUND BY NEIGHBOR ESPERANZA "ESPY" DOMINGUEZ, UNKNOWN DOWN TIME.', ["ESPERANZA", "ESPY", "DOMINGUEZ"], []),
    (_LOW + 'mom, dad and big brother kelechi ("kc", 8 yo) here for medical play.', ["kelechi", "kc"], []),
    # ---- an initial and a surname after a role or a title, in capitals; crews and skippers
    (_CAPS + "SENT OUT @ 1630 VIA VAN, ESCORTED BY CO T. LOVE + 1.", ["T. LOVE"], []),
    (_CAPS + "O2 TANK SWAPPED.\n-- RN D. LONG 0615", ["D. LONG"], []),
    (_CAPS + "L HIP FX S/P ORIF (DR. S. LITTLE, ORTHO).", ["S. LITTLE"], []),
    (_CAPS + "MED CONTROL NOTIFIED. CREW: B. HILL PARAMEDIC + CCT RN.", ["B. HILL"], []),
    (_CAPS + "ALARMS SET, CALL LIGHT IN REACH.\n-- E. BOND, RRT", ["E. BOND"], []),
    (_CAPS + "PT HAS R. ARM SWELLING. A. LINE PLACED BY MD. C. DIFF NEG.", [], ["ARM", "LINE", "DIFF"]),
    (_CASED + "22 nm offshore. Skipper Frank Little applied pressure dsg.", ["Frank Little"], []),
    # ---- an everyday first name after a kin word or a helper's role, in capitals
    (_CAPS + "SON WILL OVERSEAS W/ ARMY. FOB WILL HOLDING L LEG.", ["WILL"], []),
    (_CAPS + "SPOKE W/ PHARMACIST BILL, REFILL RX # 7730214 ON HOLD.", ["BILL"], []),
    (_CAPS + "HER FOREMAN, BILL PRICE, NOT TO BE GIVEN INFO.", ["BILL PRICE"], []),
    (_CAPS + "FAMILY: HUSBAND WILL HILL -- WILL PICK UP HER TRUCK.", ["WILL HILL"], ["PICK"]),
    (_CAPS + "SON WILL CALL BACK. WIFE WILL BE HERE. SON, WILL FOLLOW UP.", [], ["WILL CALL", "WILL BE", "WILL FOLLOW"]),
    (_CASED + "Dad Will here after 1600, bathed baby w/ RN.", ["Will"], []),
    (_CASED + "Husband will cook, clean and drive. Son Will called at 1400.", ["Will"], ["cook"]),
    ("NEURO F/U DUE IN 3 MOS, MOM WILL CALL TO SCHEDULE. DAD WILL PICK UP AFTER WORK. Seen by dr king.",
     ["king"], ["WILL CALL", "WILL PICK"]),
    # ---- firms' heads in notes without capitals
    (_CAPS + "MISSED TX LAST WK BECAUSE CARELINK MEDICAL TRANSPORT VAN DID NOT SHOW.", ["CARELINK MEDICAL TRANSPORT"], []),
    (_LOW + "home infusion: bayline infusion services to start 1 l ns daily.", ["bayline infusion services"], []),
    (_CAPS + "COURT: MERRIVALE COUNTY SUPERIOR COURT, DOCKET CR-2093-004417.", ["MERRIVALE COUNTY SUPERIOR COURT"], []),
    (_LOW + "dc to: sunrise terrace group home, hadley mills.", ["sunrise terrace group home"], []),
    (_CAPS + "DAUGHTER IS HCP, IN CVRU FAMILY LOUNGE. HOME INFUSION STARTED. PT ATE AT THE RESTAURANT.", [],
     ["FAMILY LOUNGE", "HOME INFUSION", "RESTAURANT"]),
    # ---- towns after a cue in brackets or after "outside", unlisted towns with a place's kind or article
    (_CASED + "Sister Greta (from Johnstown) called at 2130 asking for update.", ["Johnstown"], []),
    (_CASED + "MVC 4 days ago, crash on Rt 9 outside Belchertown, restrained driver.", ["Belchertown"], []),
    (_CASED + "Pt lives w/ son + dtr-in-law in Garden Cove.", ["Garden Cove"], []),
    (_CASED + "Husband drove her in from Port Aldous (approx 1 hr).", ["Port Aldous"], []),
    (_CASED + "Pt is a machinist at a tool & die shop, lives in Media.", ["Media"], []),
    (_CASED + "Seen in East Wing. Pt lives in Home w/ wife. Transferred to Pine Cove Unit.", [], ["East Wing", "Home"]),
    # ---- an officer's badge and an interpreter's number after the name
    (_CASED + "PD: Ofc Kyle Drummond #3307 + 1 other ofc at bedside.", ["3307"], []),
    (_CASED + "Interpreter: Hector Benavides (#S-2207), in-house. Later interp line used, interp #20571.",
     ["S-2207", "20571"], []),
    (_CASED + "Officer in rm #412 with pt. Interpreter ID 1400 per log.", [], ["412"]),
    (_CAPS + "I/M: LITTLE, MARCUS   BKG: 21-000487   CELL: 4", ["21-000487"], []),
    # ---- rural and Western addresses: county and farm-to-market roads, route boxes, numbered avenues, calles
    (_CAPS + "SINGLE VEH MVC VS TREE ON COUNTY RD 612, HOLLOWAY TWP. PROLONGED EXTRICATION.", ["COUNTY RD 612"], []),
    (_CASED + "Directions: 2nd left after the tortilleria on FM 1516.", ["FM 1516"], []),
    (_CASED + "Address: Route 7 Box 1184, Chinle, AZ 86503.", ["Route 7 Box 1184"], []),
    (_CASED + "Location: 21550 Avenue 48, Almendro Springs. Almond orchard.", ["21550 Avenue 48"], []),
    (_CASED + "Home addr 4418 E Calle Mirasol, Tucson - single story.", ["4418 E Calle Mirasol"], []),
    (_CASED + "Rd 5 was closed per radio. FM 20 playing. Took 2 road trips, 3 avenues tried.", [],
     ["Rd 5", "FM 20", "2 road", "3 avenues"]),
    (_LOW + "eval once off pressors. h.o. kowalczyk aware of low grade temp, cx sent.", ["kowalczyk"], []),
    # ---- clinical words the name lists hold, in notes without capitals; a sign's eponym
    (_LOW + "gu: foley w/ cloudy amber urine 30-60cc/hr. fire marshal called. church sent deacon.", [],
     ["amber", "marshal", "deacon"]),
    (_CASED + "GB wall thickening 5 mm, +sonographic Murphy. Lipase 42.", [], ["Murphy"]),
    # ---- grades, settings and scores that read as month/days
    (_CAPS + "R SIDED WEAKNESS 3/5 ARM, 4/5 LEG. PSV 10/5 40%. TOF 2/4. BORG 5/10.", [], ["4/5", "10/5", "2/4", "5/10"]),
    (_CASED + "Dysarthria, L arm 3/5, L leg 4/5. HLA 3/6 match. Answered 4/6 questions.", [], ["4/5", "3/6", "4/6"]),
    (_CAPS + "S/P EXCISION + STSG CHEST/L ARM 01/26, DONOR SITE R THIGH.", ["01/26"], []),
    # ---- scales' eponyms; what posting leaves alone
    (_CAPS + "FALL RISK: MORSE 65 - HIGH FALL RISK. BRADEN 14.", [], ["MORSE"]),
    (_CASED + "Hips: Barlow/Ortolani neg, symmetric creases.", [], ["Barlow", "Ortolani"]),
    ("Pt: Bao Long, 82 yo M. Son at bedside.\nService: Long-term care. Baby Girl Nguyen in NICU; Baby on gavage feeds.",
     ["Bao Long"], ["Long-term", "Baby on"]),
    (_CASED + "No info to father per pt. Orient to unit rules when calm. Pt. Kowalczyk seen.", ["Kowalczyk"], ["Orient"]),
    (_CASED + "Referred to RD Imani Boateng for MNT. Records sent to HIM. 19 yo F admitted in DKA.", ["Imani Boateng"],
     ["RD", "HIM", "DKA"]),
    (_CAPS + "SISTER CALLED, PHONE 318-555-0162, UPDATED BY LANE RE: CT.", ["LANE"], []),
    (_CASED + "Hgb 8.8 (was 9.6). Ortho res Hill aware, type & cross sent. Gastric res Small.", ["Hill"], ["Small"]),
    (_CASED + "Pt works evening shifts at Lucky Dragon Buffet; work letter given. Husband works nights at home.",
     ["Lucky Dragon Buffet"], ["home"]),
    (_LOW + "adm 3/5 from desert palms rehab w/ sepsis ?uti. sister enrolled at harbor recovery clinic.",
     ["desert palms rehab", "harbor recovery clinic"], []),
    # ---- towns before a time, a field's gap or a bracket with a number; no unit's acronym
    (_CASED + "54 yo F s/p house fire in Millbrook Falls on the night of 3/19.", ["Millbrook Falls"], []),
    ("Address: 2214 Larchmont Ave Apt 3B, Easton    Contact: cell on file", ["Easton"], []),
    (_CASED + "Family lives in Hatch (1 hr away). s/p CABG x3, transferred from CVICU yesterday.", ["Hatch"], ["CVICU"]),
    (_CASED + "CPR class completed. Home: Maquoketa.\nHome: Alone. Home: Apartment, 2nd floor.", ["Maquoketa"],
     ["Alone", "Apartment"]),
    (_CAPS + "0325 NOTIFIED TAMARACK COUNTY CORONER PER PROTOCOL. VIA COUNTY EMS. THE COUNTY JAIL.", ["TAMARACK COUNTY"],
     ["VIA COUNTY", "THE COUNTY"]),
    (_CAPS + "HUSBAND WENT HOME TO PINE HOLLOW, UPDATED BY PHONE. JACKKNIFE NEAR GRANITE BLUFF APPROX 2340.",
     ["PINE HOLLOW", "GRANITE BLUFF"], []),
]


test_note_forms = note_forms_test(CASES)
