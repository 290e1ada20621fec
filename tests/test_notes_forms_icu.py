"""Identifiers as ICU, telephone and procedure notes write them, and the jargon that is none.

Every passage is fictitious and hand-written in the style of nursing shift notes, telephone
encounters and procedure reports. Each row names the text the whole pipeline (without spaCy,
at the default threshold 0.7) must cover and the text it must leave alone.
"""
from __future__ import annotations

from orgs_support import note_forms_test


# (passage, [text that must be covered whole], [text that must not be touched])
CASES = [
    # ---- organizations: a town's or an everyday word's name before a firm's kind
    ("O2: concentrator + E tanks from Summit Respiratory Supply, serial on file.",
     ["Summit Respiratory Supply"], ["concentrator"]),
    ("DME: FWW and commode delivered by Keystone Home Medical; bed delivery tomorrow AM.",
     ["Keystone Home Medical"], ["FWW", "AM"]),
    ("Comfort kit ordered from Carrow's Apothecary, to be delivered tonight.", ["Carrow", "s Apothecary"], []),
    ("CT sinus 5/30/2022 (outside, Valley Imaging): pansinus opacification.", ["Valley Imaging"], []),
    ("Social: works part-time at Worcester Public Library; cares for her mother.",
     ["Worcester Public Library"], []),
    ("F/u BP check 3 days at Riverbend OB-GYN, 6-wk PP visit.", ["Riverbend OB-GYN"], ["3 days"]),
    ("PT 2X/WK FOR 4 WKS AT RIVERBEND PHYSICAL THERAPY, THEN HOME PROGRAM. FAMILY AGREES WITH PLAN TODAY.",
     ["RIVERBEND PHYSICAL THERAPY"], []),
    ("Rx sent to Mercado Pharmacy #12 on file.", ["Mercado Pharmacy #12"], []),
    ("From: Bellwether Drug #207, refill request for lisinopril.", ["Bellwether Drug #207"], ["lisinopril"]),
    ("Family asked if pt can go to Golden Lotus Rehab Ctr - sent to CM.", ["Golden Lotus Rehab Ctr"], ["CM"]),
    ("States pt has tried detox at Twin Pines Recovery in the past.", ["Twin Pines Recovery"], []),
    ("ESI notes: from High Desert Pain Consultants. Faxed request.", ["High Desert Pain Consultants"], []),
    ("Referring: Frank Delacroix-Moreau, NP (Riverside Primary Care)", ["Riverside Primary Care"], []),
    ("Insurance: Tri-County Medicaid Managed Care requires a referral.", ["Tri-County Medicaid Managed Care"], []),
    ("Called Quincy PD for a welfare check; Framingham FD on scene. Pt on PD at home, dx PD.",
     ["Quincy PD", "Framingham FD"], ["on PD", "dx PD"]),
    ("Employer: Northeast Precision Castings, night shift.", ["Northeast Precision Castings"], []),
    ("Landlord is Harbor Property Mgmt; new protocols for CHF mgmt reviewed.", ["Harbor Property Mgmt"],
     ["CHF mgmt"]),
    ("EMPLOYER: R&J ROOFING, LAID OFF. CHURCH: GRACE BAPTIST CHURCH. PT TO PHARMACY FOR MEDS. "
     "VISITING NURSE SERVICES TWICE A WEEK.", ["R&J ROOFING", "GRACE BAPTIST CHURCH"], ["PHARMACY", "NURSE SERVICES"]),
    ("they prefer ed since labs may be needed. directed to st. brendan's regional ed.\n\nadvised: do not drive",
     ["st. brendan's regional"], []),
    ("D/C HOME VS. SAINT BRENDAN'S REHAB PENDING PT EVAL. WOUND CARE DAILY WITH DRESSING CHANGES.",
     ["SAINT BRENDAN'S REHAB"], []),
    ("Gave WIC referral info (Harlan County WIC, 555-0142). Enrolled in WIC.", ["Harlan County WIC"], ["in WIC"]),
    ("Funeral home: Kilbride & Sons, called at 0645. Sons at bedside.", ["Kilbride & Sons"], ["Sons at"]),
    ("LDCT chest from Tri-County Open MRI & CT (Ellensburg), images imported.", ["Tri-County Open MRI & CT"], []),
    ("Referring: Dr. Patricia Lamb, Shoreline Hematology & Oncology\n\nCC: new AML",
     ["Shoreline Hematology & Oncology"], []),
    ("Seen by Dr. Lamb, Cardiology recommends a stress test.", [], ["Cardiology"]),
    # units, services, roles and devices are no organizations
    ("Asking about FMLA paperwork - referred to SW in AM.", [], ["SW", "AM"]),
    ("CSF sent from EVD at 0400 (cell count, gram stain).", [], ["EVD"]),
    ("RN from IABP team came up to check the console.", [], ["IABP team"]),
    ("NSICU Nursing Progress Note - Night shift", [], ["NSICU Nursing"]),
    ("Pt in Post-op Recovery now; Cardiac Recovery unit next.", [], ["Post-op Recovery", "Cardiac Recovery"]),
    # ---- names
    ("Start 1320\nPt: Ines Villalobos-Quispe    SP pt # 88-30147", ["Ines Villalobos-Quispe"], []),
    ("call rec'd from pt's wife, soo park-whitfield, cb later\npt: whitfield, graham", ["park-whitfield"], []),
    ("please have his teacher fill out the form so we can compare with the baseline. - maddie l., rn\n",
     ["maddie l."], []),
    ("unable to keep fluids down.\n\n-KV, PA coordinator, Sun City Family Medicine", ["KV"], ["PA"]),
    ("Aware pt en route.\n-- dee, rn / triage line", ["dee"], []),
    ("ANESTHESIOLOGIST: INGRID SOLBERG, MD    CRNA: DWAYNE OYELARAN\n\nASA III. HX: CAD S/P PCI, HTN, DM2.",
     ["DWAYNE OYELARAN"], ["ASA III"]),
    ("pt requesting melatonin, ok'd by dr price. cv: afib rate 90s, chaplain fr. okonkwo visited. "
     "dr aware of labs.", ["dr price", "fr. okonkwo"], ["dr aware"]),
    ("MICU RN Progress Note 1900-0700", [], ["MICU"]),
    ("SICU Day Shift RN Note 0700-1900", [], ["Day Shift"]),
    ("- SW, RN to follow up\n- PT, OT consults", [], ["SW", "PT"]),
    ("Parkinson-like tremor noted.", [], ["Parkinson-like"]),
    ("Religion: Roman Catholic, prefers chaplain. Hoehn and Yahr stage 3. Afeb. Hasson entry. "
     "QUINTON CATH placed. Bhutani zone 2. Case Mgr aware. Prisma running.", [],
     ["Roman Catholic", "Hoehn", "Yahr", "Afeb", "Hasson", "QUINTON", "Bhutani", "Case Mgr", "Prisma"]),
    ("Dr. Blood saw pt; Roman Abramov visited.", ["Dr. Blood", "Roman Abramov"], []),
    ("VISIT NOTE\nPatient: Okonkwo-Reyes, Desmond   MRN 00482213\nSeen for follow-up.", ["Okonkwo-Reyes, Desmond"], []),
    ("PATIENT TRANSFER NOTE, STRETCHER TO BED\nPT: OKONKWO-REYES, DESMOND A.   MRN 00482213\n"
     "VITALS STABLE OVERNIGHT, NO DISTRESS NOTED", ["OKONKWO-REYES, DESMOND A."], ["MRN"]),
    ("Patient: Doing Well today\nPt: Stable Overnight\nPlan: continue", [], ["Doing Well", "Stable Overnight"]),
    ("Social: AA sponsor \"Dave\" calls daily. Roommate \"Tink\" at bedside. Stepfather \"Red\" visited.",
     ["Dave", "Tink", "Red"], []),
    # ---- dates and years
    ("FAMILY WILL GO HOME TONIGHT, WILL RETURN NOV 4.\nPLAN: D/C CHEST TUBES AND MONITOR VITALS EVERY HOUR.",
     ["NOV 4"], []),
    ("PT MAY 2 MORE DAYS ON THE FLOOR. MAR 4 DOSES GIVEN OVERNIGHT. FAMILY UPDATED BY PHONE.",
     [], ["MAY 2", "MAR 4"]),
    ("Visit 3/4/2023. Former smoker (quit 2019), dx in 2021.", ["2019", "2021"], []),
    ("Former smoker (quit 2019), dx in 2021: a query with no dated record.", [], ["2019", "2021"]),
    ("NPO since 2000. Heparin started 2000, BNP 1975.", [], ["2000", "1975"]),
    ("Visit 3/4/2172. Colonoscopy 2163 by outside GI; MRI in Boise ~2161. BNP 2165, intake 2170.",
     ["2163", "2161"], ["2165", "2170"]),
    ("Mitoses 8/10 HPF. No LVI identified.", [], ["8/10"]),
    ("Tylenol given, reassessed 1815 3/10. CP 6/10, relieved w/ NTG.", [], ["3/10", "6/10"]),
    ("Pacer interrogated 2/10. Home health start 6/10. Anticipate d/c tomorrow 7/10 if stable.",
     ["2/10", "6/10", "7/10"], []),
    ("NOTTINGHAM GRADE 2 (3+2+2 = 7/9).", [], ["7/9"]),
    # ---- places: a town in small letters in a note with capitals elsewhere
    ("Neuro: A&Ox3. Social: lives at home in framingham, pt independent. BP 120/80.", ["framingham"], []),
    ("Family from new bedford. HR 80s, pt in bed, in charge of meds.", ["new bedford"], ["in bed", "charge"]),
    ("CV: RRR. Dtr in marion, visits weekly.", [], ["marion"]),
    ("x 10 d sent to Kessler Drug, Storm Lake.\n- Continue breastfeeding", ["Kessler Drug", "Storm Lake"], []),
    ("EVD placed at OSH (St. Brigid Regional, Altoona) prior to transfer.", ["St. Brigid Regional", "Altoona"], []),
    ("Home health, Monday. Cardiology clinic, Thursday.", [], ["Monday", "Thursday"]),
    ("Son Frank Jr. visited; Mr. Ruiz, Sr. called.", ["Frank Jr.", "Ruiz, Sr."], []),
    # ---- lots, groups and model numbers
    ("FEMUR: TRIATHLON PS SIZE 4, LOT 7H2209KF\n PATELLA: ASYMMETRIC X3 32 MM, LOT 61F00773\n CEMENT: SIMPLEX P",
     ["7H2209KF", "61F00773"], ["SIZE 4", "X3"]),
    ("28 mm DES (lot 1062841-A) at 14 atm; ate a lot 2 days ago.", ["1062841-A"], ["lot 2"]),
    ("Member ID PCH 7720 3391 08, group 41187. Group 2 therapy.", ["PCH 7720 3391 08", "41187"], ["Group 2"]),
    ("Scope: Olympus CF-HQ190L, s/n 2904417. Scopes: BF-UC190F linear EBUS.", ["2904417"], ["HQ190L", "UC190F"]),
    ("Docket 22CR-AB-12-345 reviewed; case CA-2024-00117.", ["22CR-AB-12-345", "CA-2024-00117"], []),
    # ---- numbers that are no phone and no street
    ("Resp: 2L NC sats 95-98. IS 750-1000. Encouraged q1h.", [], ["750-1000"]),
    ("SWAN D/C'D @ 1500 PER DR BELL, TIP INTACT.", ["DR BELL"], ["1500 PER"]),
]


test_icu_phone_and_report_forms = note_forms_test(CASES)
