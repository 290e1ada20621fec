"""Identifiers as nursing and physicians' notes write them in small letters or in sign-offs, and
the words that are none.

Every passage is fictitious and hand-written in the style of clinical notes. Each row names the
text the whole pipeline (without spaCy, at the default threshold 0.7) must cover and the text it
must leave alone.
"""
from __future__ import annotations

from orgs_support import note_forms_test


# (passage, [text that must be covered whole], [text that must not be touched])
CASES = [
    # ---- names in small letters inside a cased note
    ("Pt doing well overnight.\n--ekaterina volkova, RN", ["ekaterina volkova"], ["RN"]),
    ("Pt seen by post-op team, RN aware. Plan reviewed -- team agrees.", [], ["team", "aware"]),
    ("Please have Dr. fields' office fax the plan. Dr. price's nurse called.", ["fields", "price"],
     ["office", "nurse"]),
    ("Dr. will's note reviewed; Dr. aware of labs.", [], ["will", "aware"]),
    ("Date of exam: 2088-06-17\nPatient: oyelade, folasade    MRN: 77410928", ["oyelade, folasade"], []),
    ("PATIENT: de medeiros, augusto j.     DOB: 08/02/2022", ["medeiros, augusto"], []),
    ("Member: delphine ashcroft-obi\nMember ID: KHP-804-33719", ["delphine ashcroft-obi"], []),
    ("Pt: resting comfortably\nPt: alert and oriented\nPt: sleeping well   \nPt: doing well, MRN 123",
     [], ["resting", "alert", "sleeping", "doing well"]),
    ("Plan: AM CBC.\n-tina RN", ["tina"], ["CBC"]),
    ("transition off insulin gtt.\nanneliese RN 0700", ["anneliese"], ["insulin"]),
    ("tsicu rn note nights 10/14/2161\ncp: stable.", ["10/14/2161"], ["tsicu"]),
    ("Case Mgmt (tamsin oduya) reviewing SNF options. DIABETES EDUCATOR (yolanda) SAW PT AT 1400.",
     ["tamsin oduya", "yolanda"], ["SNF"]),
    ("rn (kelly) aware; pt (walker) ambulating; sw (pending)", ["kelly"], ["walker", "pending"]),
    # ---- neonatal notes: gestational ages and course days are no dates
    ("Letter rec'd 1/7. Seen 3/7 by PT. ID: Day 5/7 cipro via GT. BABY GIRL O'ROURKE  DOL 31  CGA 32 3/7  "
     "MRN 7712249. CGA 38 1/7, ex-30 wk.", ["1/7", "3/7"], ["5/7", "32 3/7", "38 1/7"]),
    ("Neonatology Nursing Progress Note\nNPN 0700-1900", [], ["Neonatology Nursing"]),
    ("Neonatology Admission Nursing Note\nDate: 8/21/2131", ["8/21/2131"], ["Neonatology"]),
    ("Home vent settings resumed 2000: AC PC 18/6, rate 24. CCHD n/a (on O2).", [], ["AC PC", "CCHD"]),
    ("Resp Care Note\nPT: Baby Girl Price   MR# 00839162   NICU bed 14", ["Price", "00839162"], []),
    ("bcx from 10/30 gram neg rods, speciation pending. Pt got 1/2 gram tylenol.", ["10/30"], ["1/2"]),
    ("Transferred after 2/2 BCx grew MRSA. Nimodipine 60 mg q4h (day 4/21); abx day 3/10.", [],
     ["2/2", "4/21", "3/10"]),
    ("HEPATOLOGY CLINIC - PROGRESS NOTE\nBone health: DXA eval via Fracture Liaison Service.", [],
     ["HEPATOLOGY CLINIC", "Fracture Liaison Service"]),
    ("Family speaks Polish at home, dad English fluent. Mom Spanish speaking.", [], ["English", "Spanish"]),
    ("Will Bond RRT came by. Consider CMV if MAP <18. Will follow. Call Will Bond RRT at 555-0181.",
     ["Bond"], ["Will follow"]),
    ("Spoke with Dr. Will Franklin today. Will follow up with Dr. Smith; Dr. will see pt.", ["Will Franklin"],
     ["Will follow", "will see"]),
    ("Mom's cell for RT updates 555-0119.\nWill Bond RRT   badge 62205", ["Will Bond"], []),
    ("SOCIAL HX: LIVES WITH GIRLFRIEND JOY PRICE IN A MOTEL. WIFE HOPE CALLED. DAD AT BEDSIDE. SON WILL CALL. "
     "MOM SUNNY PRESENT. CAREGIVER: WIFE PERPETUA, VERY INVOLVED. D/W DR. WILL FRANKLIN (IC) AND CCU FELLOW.",
     ["JOY PRICE", "HOPE", "SUNNY", "PERPETUA", "WILL FRANKLIN"], ["DAD AT", "WILL CALL", "PRESENT", "CCU"]),
    ("neuro: intact. cv: nsr. resp: clear. gi: tol diet. gu: foley. skin: intact. id: afebrile. endo: ssi. "
     "social: hope visited 1300-1600. lives in lititz, dtr hope wolfe-baptiste is hcp. plan: cont. "
     "lives w/ parents + sister in apt in fort dodge. nyha class iii.",
     ["hope", "wolfe-baptiste", "fort dodge", "lititz"], ["nyha", "visited"]),
    ("OBSERVER WILL BRANNIGAN MHT AT BEDSIDE. NEURO: INTACT. CV: NSR. RESP: CLEAR. GI: TOL DIET. "
     "SOCIAL: PT STATES SHE WANTS TO GO HOME. PLAN: CONT 1:1.\nORDERING: DR. SZYMANSKI-ADEBAYO     SLP: YOUNG, WILL\n"
     "5. SON (HCP) PRICE KING, LIVES IN HOLLISFORD, REACHED BY PHONE.",
     ["WILL BRANNIGAN", "YOUNG", "HOLLISFORD", "SZYMANSKI-ADEBAYO"], ["MHT", "SLP", "NSR"]),
    ("Called covering MD dr nwosu pg 3318, new orders. See pg 12 of report.", ["nwosu", "3318"], ["pg 12"]),
    ("no si/hi. cont q15 checks.\n--j.k. mcdermott rn", ["j.k. mcdermott"], ["q15"]),
    ("Pt gave consent; employer supervisor (wes o'shaughnessy) may call clinic.", ["wes o'shaughnessy"], []),
    ("Pastor from Iglesia San Judas Tadeo visited 1500. Rx sent to farmacia la esperanza - pt to pick up. "
     "Seen at CLINICA FAMILIAR DEL VALLE, stable. Pt in centro de salud.",
     ["Iglesia San Judas Tadeo", "farmacia la esperanza", "CLINICA FAMILIAR DEL VALLE"], ["centro de salud"]),
    ("Balance: Berg 31/56. Grip 8 lb ([Jamar] pos 2). Speaks English and Tamil. Referred to a Spanish-language "
     "group. Pt reports odynophagia 7/10.",
     [], ["Berg", "Jamar", "Tamil", "Spanish-language", "7/10"]),
    ("2ND FLOOR APT, 16 STAIRS W/ R RAIL, IN GRANTHAM CITY. WIFE DRIVES. ~15 MIN FROM HOME IN WOODARD TWP). "
     "KIDS IN BRISTOL FALLS. WENT TO CITY HOSPITAL. NEURO: INTACT. CV: NSR. RESP: CLEAR. GI: TOL DIET.",
     ["GRANTHAM CITY", "WOODARD TWP", "BRISTOL FALLS"], ["CITY HOSPITAL"]),
    ("NEURO: INTACT. CV: NSR. RESP: CLEAR. GI: TOL DIET. PLAN: CONT TO MONITOR, UPDATE FAMILY.\n"
     "REPORT GIVEN TO ONCOMING RN (T. NGUYEN) AT 0700.\nR. PRICE, RN\nD. BROWN MD",
     ["T. NGUYEN", "R. PRICE", "D. BROWN"], ["ONCOMING RN", "MD"]),
    ("Grandaughter Maisie brought laptop. Neice Tamsin called.", ["Maisie", "Tamsin"], ["laptop"]),
    ('neuro: intact. cv: nsr. resp: clear. gi: tol diet. social: pt asking for her friend "dot" (neighbor). '
     'met with sw. pt "feels fine".', ["dot"], ["feels fine", "neighbor"]),
    ("Clinician: wen-hsuan liao, MD (Urology). Per RN charity mbeki, pt stated she slept. Per RN kelly given "
     "report; per rn stable overnight.", ["wen-hsuan liao", "charity mbeki", "kelly"], ["stable", "Urology"]),
    ("neuro: intact. cv: nsr. resp: clear. gi: tol diet. social: grief group at first congregational church "
     "tuesdays. 93 yo f from maple crest manor (ltc). goes to church weekly, at the local church. lives in the manor.",
     ["first congregational church", "maple crest manor"], ["local church", "the manor", "to church"]),
    ("Rev. Cash from First Congregational Church of Wilbraham visited. Church of God visited.",
     ["First Congregational Church of Wilbraham"], ["Church of God"]),
    ("TELEPHONE ENCOUNTER 12/26/2146 16:42     CALL TYPE: INCOMING\nPATIENT: LITTLE, DARNELL J     MRN: 40028817\n"
     "CALLER: WIFE. NEURO: INTACT. CV: NSR. RESP: CLEAR. PLAN: CALL 911 FOR ANY CP/SOB.",
     ["LITTLE, DARNELL", "40028817"], ["CALLER", "INCOMING"]),
    ('GRANT tearful but agreed. FAITH asked about a feeding tube. Family meeting with husband GRANT ASHWORTH and '
     'daughter FAITH. Plan: CMO. NPO after midnight, PLAN reviewed.', ["GRANT", "FAITH"],
     ["CMO", "NPO", "PLAN reviewed", "tearful"]),
    ("DISPOSITION: D/C TO SAFE HARBOR TRANSITIONAL HOUSING, 1200 FOUNDRY ST, ROOM 14. CALL HER ENDO DR. VANTERPOOL "
     "AT DESERT SKY DIABETES CTR - MSG LEFT. NEURO: INTACT. CV: NSR. RESP: CLEAR. GI: TOL DIET. PLAN: CONT.",
     ["SAFE HARBOR TRANSITIONAL HOUSING", "DESERT SKY DIABETES CTR"], ["NEURO"]),
    ("iop: pt was enrolled at new horizons recovery center iop (3 hr/day). pt needs a recovery center. in general, "
     "stable. to the general ed. referred to a treatment center. neuro: intact. cv: nsr. resp: clear. plan: cont.",
     ["horizons recovery center"], ["a recovery center", "in general", "a treatment center"]),
    ('Son "rich" called from Albany, NY. Pt calls out for "billy" frequently. Mom "feels fine". Wife "not sure" '
     'about plan.', ["rich", "billy"], ["feels fine", "not sure"]),
    # ---- labelled numbers: plates, prior authorizations, spaced plan numbers
    ("Car towed, plate 7K 4419, currently impounded. Insurance PA # 22-1234-5678, copay 20. Medicaid # X1234 56 "
     "789012 (on file). Plan: ABG 0400 0800. NS 100 75. PA 4 wks.",
     ["7K 4419", "22-1234-5678", "X1234 56 789012"], ["0400 0800", "100 75", "PA 4"]),
    ("PATIENT: NGOZI ABERNATHY-LEE   MRN: 33-09-5816   DATE: 17 AUG 2175\nG2P1 AT 39 WKS. NEURO: INTACT. CV: NSR. "
     "RESP: CLEAR. PLAN: CONT. PT: AUGUSTIN LEBLANC-HADDAD   MRN HP 55-0217   DX: PROSTATE CA. MRN (SARMC): "
     "00-612-7745    DOB 12/02/1956", ["33-09-5816", "HP 55-0217", "00-612-7745"], ["39 WKS"]),
    ("Pt: Augustin   MRN HP 55-0217. NS 100-75 ml. Plan: ab 10-12 hrs.", ["HP 55-0217"], ["100-75", "10-12"]),
    # ---- employers, schools, rides and stays after their cue
    ("He is a student at Harmon Tech. She stocks shelves at Bayside Market Basket weekly. Arrived via Coastal "
     "Care Transport. Staying at Harbor Family House. Eng at Lattice Robotics. Does deliveries for Quickship "
     "Couriers.", ["Harmon Tech", "Bayside Market Basket", "Coastal Care Transport", "Harbor Family House",
                   "Lattice Robotics", "Quickship Couriers"], []),
    ("Referrals sent via Allscripts to rehab. Arrived via EMS. Enrolled in the ALLHAT trial.", [],
     ["Allscripts", "EMS", "ALLHAT"]),
    # ---- years of a life's events and procedures
    ("Admit 3/4/2146. PSH: CABG X3 (2141); appy. Quit smoking 2142. Widowed 2131, lives alone. DUI 2140, "
     "completed program. Given (0900) meds.", ["2141", "2142", "2131", "2140"], ["0900", "X3"]),
    ("NEURO: INTACT. CV: NSR. RESP: CLEAR. SOCIAL: LIVES AT 12 BAYVIEW TERRACE, UNIT 4C, HULL, MA. FAMILY LIVES IN "
     "PELLA, ~45 MIN DRIVE. MOTHER LIVES IN ORANGE AND COMES 3 DAYS/WK. PT STABLE, PA AWARE. LIVES IN FEAR OF "
     "FALLING. BP OK, MA.", ["HULL, MA", "PELLA", "ORANGE"], ["MIN DRIVE", "STABLE, PA", "FEAR", "OK, MA"]),
    ('NEURO: INTACT. CV: NSR. RESP: CLEAR. ID: 34 YO SINGLE M, DESMOND "DEZ" HARROWGATE, UNEMPLOYED ROOFER. '
     'STATE TROOPER (OFC. WOLF) CALLED. I REVIEWED THE IMAGES AND AGREE. - HYUN-WOO PARK, MD  05/13/2019\n'
     'FROM: JOY EKWUEME, RN (FOR DR. BAPTISTE)\nSPOKE WITH PT, RN AWARE. TO: NURSING, RN',
     ['DESMOND "DEZ" HARROWGATE', "OFC. WOLF", "HYUN-WOO PARK", "JOY EKWUEME"], ["NURSING", "PT, RN"]),
    ("Lives at 14 Orchard Ln, Quincy 60601 Phone: 555-0142. BP 120/80 60601 steps.", ["Quincy 60601"], ["steps"]),
    ("neuro: intact. cv: nsr. resp: clear. gi: tol diet. social: pt goes by bud. neighbor mrs kowalski feeding her cat. "
     "d/w np jane doe. f/u endocrine dr amy chen 3/29 9am. rn aware. md notified. np to see. mrs aware. "
     "lives with husband in dover.", ["bud", "kowalski", "jane doe", "amy chen", "dover"],
     ["rn aware", "md notified", "np to see", "mrs aware"]),
    ("Pt goes by Bud. Known as Smitty on the unit. Goes by Dr. Smith. Goes by foot.", ["Bud", "Smitty"], ["foot"]),
    # ---- towns no list holds, after "lives in", "visiting from"; a place's kind after a listed town
    ("Lives w/ son and his wife in Dorrance Township; son drives her. MGM visiting from Taichung, speaks "
     "Mandarin. Pt lives in Kettle Narrows; nearest program. Mother lives in Las Palmitas and stayed.",
     ["Dorrance Township", "Taichung", "Kettle Narrows", "Las Palmitas"], ["Mandarin"]),
    ("Pt lives in Section 8 Housing. Seen in Framingham Heart Study. Lives in Bed.", [],
     ["Section", "Bed"]),
    ("CARDIAC REHAB AT D/C - PT LIVES IN KETTLE NARROWS; NEAREST PROGRAM. MOTHER LIVES IN LAS PALMITAS AND "
     "STAYED AT BEDSIDE. LIVES IN NEW HOME WITH WIFE. VITALS STABLE. PLAN TO CONTINUE.",
     ["KETTLE NARROWS", "LAS PALMITAS"], ["NEW HOME", "CARDIAC REHAB"]),
    # ---- the cased view of notes in small letters or capitals
    ("SOCIAL: MOM GRACE NGUYEN AT BEDSIDE ALL NIGHT. MOTHER ZEPHYRINE QUARTERMAINE REMAINS INPT AT NORTH FORK "
     "COMMUNITY HOSP. PCP IS AT VALLEY FORGE PEDIATRIC ASSOC. F/U PEDIATRICIAN WILL BE DR. KEANE AT HARBORSIDE "
     "PEDIATRIC GROUP. THEY LIVE IN NEW BRITAIN. SEEN AND DISCUSSED WITH ID ATTENDING.\nJUNG-HO PARK, MD, ID FELLOW",
     ["GRACE NGUYEN", "ZEPHYRINE QUARTERMAINE", "NORTH FORK COMMUNITY HOSP", "VALLEY FORGE PEDIATRIC ASSOC",
      "HARBORSIDE PEDIATRIC GROUP", "NEW BRITAIN", "JUNG-HO PARK"], ["ID ATTENDING", "BEDSIDE"]),
    ("SOCIAL: NO SPELLS OR BRADY THIS SHIFT. PT BRADY'D TO 80S X3, TACHY TO 190. GAVE LIST OF ELDER LAW ATTYS.\n"
     "PATIENT: DESHAWN \"TREY\" MORRIS-LITTLE    MRN: 5512088\nNEURO: HUNT HESS 3. WOCN CLINIC 2 WK POST DC.",
     ["DESHAWN", "TREY", "MORRIS-LITTLE"], ["BRADY", "TACHY", "HUNT HESS", "WOCN CLINIC"]),
    # ---- a note typed in small letters with a few capitals: read like one wholly in small letters
    ("resp care note   1/19/21   0830\nnicu pod b, bed 22. baby boy wroblewski, dol 58, cga 36 wks.\n"
     "current: nc 1/4 lpm. sats 92-96%.\nmeds: budesonide neb bid.\nroom air challenge: sats drifted to 86%.\n"
     "hx: off cpap since 12/30/20.\npulm consult dr. PATEL to see today.\nparents: dad Zbigniew at bs.\n"
     "vs: hr 148-172.\nmed box refilled; meds from cvs on main st hyannis. reinforced diet.\n"
     "plan: cont nc.\n-- m. gwozdz rrt",
     ["wroblewski", "PATEL", "Zbigniew", "main st", "hyannis", "m. gwozdz"], ["nicu", "budesonide", "cga 36"]),
]


test_note_forms = note_forms_test(CASES)
