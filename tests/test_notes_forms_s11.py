"""Identifiers as case-management, long-term-care and telephone notes write them (often wholly in
capitals or in small letters), and the words beside them that are none.

Every passage is fictitious and hand-written in the style of clinical notes. Each row names the
text the whole pipeline (without spaCy, at the default threshold 0.7) must cover and the text it
must leave alone.
"""
from __future__ import annotations

from orgs_support import note_forms_test


# (passage, [text that must be covered whole], [text that must not be touched])
CASES = [
    # ---- names in notes typed in capitals
    ("MICROBIOLOGY REPORT - BLOOD CULTURE\nPATIENT: DESROSIERS, MAXIME J        MRN: 0048815520\n"
     "ORDERING PROVIDER: HOLLOWAY, PRUDENCE  NP\nSPECIMEN #: M79-3318027",
     ["DESROSIERS, MAXIME J", "HOLLOWAY, PRUDENCE", "0048815520"], ["NP"]),
    ("CALL TYPE: INCOMING\nPATIENT: LITTLE, DARNELL J     MRN: 40028817\nCALLER: WIFE.",
     ["LITTLE, DARNELL J"], ["CALLER"]),
    ("REFERRING: DR. BRIGID MCNAMARA, PLASTIC/HAND SURG. PT SEEN TODAY. WOUND CLEAN. FOLLOW UP 2 WEEKS.",
     ["BRIGID MCNAMARA"], ["PLASTIC/HAND"]),
    ("5. SON (HCP) PRICE KING, LIVES IN HOLLISFORD, REACHED BY PHONE. PT RESTING. VS STABLE. NO PAIN.",
     ["PRICE KING"], ["HCP", "REACHED"]),
    ("6. COUNSELING BIWEEKLY W/ ESPERANZA VILLANUEVA, CADC. NEXT VISIT 90 DAYS. PT STABLE ON DOSE.",
     ["ESPERANZA VILLANUEVA"], ["COUNSELING", "CADC"]),
    ("ADMITTING PROVIDER: DR. FATIMA AL-SAYED NOTIFIED 1500, ADMISSION ORDERS RECEIVED. PT IS ALERT.",
     ["FATIMA AL-SAYED"], ["ADMISSION"]),
    ("PT FOR EVAL. DON NOTIFIED 0800.\nSIGNED: WILL HARGROVE, RN   CHARGE NURSE 11-7. PT RESTING WELL.",
     ["WILL HARGROVE"], ["CHARGE NURSE"]),
    # ---- names in cased notes
    ("Time spent: 45 min, >50% counseling.\nH. Park, AGNP-C", ["H. Park"], ["45 min", "AGNP-C"]),
    ("noc shift note\nres: Imogen O'Shaughnessy   Rm 31 elm wing\npt 97 y/o, hx dementia.",
     ["Imogen O'Shaughnessy"], ["Rm 31"]),
    ('83 yo F ("Nell") from Rosewood Gardens assisted living, admitted for ALF vs higher level of care.',
     ["Nell", "Rosewood Gardens"], ["83 yo", "assisted living"]),
    ("Group home. House manager Bill Love visited today and called the day program.", ["Bill Love"],
     ["House manager", "day program"]),
    ("54 yo M (\"Ok\") reports pain.", [], ["Ok"]),
    # ---- the parts of a care home are named for trees: no person, no town
    ("INCIDENT / FALL REPORT - MAGNOLIA WING\nRESIDENT: LEFEBVRE, ANNE", ["LEFEBVRE, ANNE"], ["MAGNOLIA"]),
    ("Enjoys bingo and the music group in the Cedar dayroom; daughter brings cookies.", [], ["Cedar"]),
    ("6/3/2088 1915 nursing note - willow wing\nresident: desmond okafor", ["desmond okafor"], ["willow"]),
    # ---- scales of the MDS are no dates
    ("PROBLEM 4: Mood/cognition. BIMS 11/15, PHQ-9 = 6. GDS 4/15 today.", [], ["11/15", "4/15"]),
    # ---- firms and homes
    ("Adjuster Nancy Longbottom at Northern Plains Casualty, (701) 555-0115.",
     ["Nancy Longbottom", "Northern Plains Casualty", "(701) 555-0115"], []),
    ("Prairie Rose Rehabilitation Institute reviewed referral.", ["Prairie Rose Rehabilitation Institute"], []),
    ("Interdisciplinary Family Conference\nSt. Benedict's Home - Chestnut Wing", ["St. Benedict's Home"],
     ["Chestnut"]),
    ("To Dr. Anjali Deshpande-Moore DPM (Brookfield Foot & Ankle) for nail debridement.",
     ["Anjali Deshpande-Moore", "Brookfield Foot & Ankle"], ["debridement"]),
    ("FACILITY: PINE RIDGE CLC   WING: ASPEN   ROOM 3", ["PINE RIDGE CLC"], ["ROOM 3"]),
    ("HE WILL VISIT AFTER HIS SHIFT AT HADLEY & SONS LUMBER. INTERVENTIONS: BED ALARM CHECKED, PT WELL.",
     ["HADLEY & SONS LUMBER"], ["BED ALARM"]),
    ("options reviewed w/ pt:\n1) home health - bright path home care accepted, pt/ot 3x/wk.\n"
     "home o2: order sent to airwell respiratory 10:40, rep dmitri volkov.\n"
     "medical respite bed via new covenant respite program. called golden age meal services today.\n"
     "referral to home care. sent to medical supply. pt to local home care.",
     ["bright path home care", "airwell respiratory", "dmitri volkov", "new covenant respite program",
      "golden age meal services"], ["referral to home care", "medical supply", "local home care"]),
    # ---- jails, prisons and their numbers; EMS crews and roads
    ("INMATE: WASHINGTON, DESHAWN      DOC #: 88-40217\nDetainee: Nguyen Thi Hoa      Booking: 24-55012\n"
     "Facility: Ridgecrest Correctional Institution, Infirmary\nSick call at Brazos Bend County Jail today.\n"
     "Doc: Dr. Smith will call.",
     ["WASHINGTON, DESHAWN", "88-40217", "Nguyen Thi Hoa", "24-55012", "Ridgecrest Correctional Institution",
      "Brazos Bend County Jail", "Smith"], ["Doc:"]),
    ("Pt taken to the county jail; no transfer to the State Prison.", [], ["county jail", "State Prison"]),
    ("used language line, interp Oksana ID 40817.", ["Oksana", "40817"], []),
    ("Mailing: 12 Elm St, Boise ID 83702", ["12 Elm St", "Boise", "ID", "83702"], []),
    ("Crew: AEMT + Frank O'Shaughnessy EMT-B\nScene: MVC rollover, State Route 614. Dispatch to Route 9W "
     "at the bridge.", ["Frank O'Shaughnessy", "State Route 614", "Route 9W"], ["AEMT", "EMT-B"]),
    ("Date/time of call:   05/08/2210  19:47\nPMH: prior TIA 3/3/2209.", ["05/08/2210", "3/3/2209"], []),
    ("Escorting officers: Ofc. Will Price and Ofc. Young-Soo Park. Seen by Dr. Will Price today. "
     "Dr. will see pt tomorrow.", ["Will Price", "Young-Soo Park"], ["will see"]),
    ("dr. will price saw pt today. pt will call in 2 wk if worse. will f/u w/ pcp. dr. will price aware. "
     "family updated by phone, all questions answered. vss, afebrile, tolerating diet, ambulating in hall.",
     ["will price"], ["will call", "will f/u"]),
    ("interfacility transfer -- bls unit 4\npt resting, vss, no complaints en route. report given to rn at "
     "bedside, all belongings with pt.\n-- d. young emt\n-- will ashworth emt-p",
     ["d. young", "will ashworth"], ["emt"]),
    ("release plan: prior address 412 cottonwood ave, apt 3, sweet springs, mo 65351 - lease ended. "
     "bed reserved at the shelter, intake on day of release. pt agreeable, questions answered.",
     ["412 cottonwood ave, apt 3", "sweet springs", "mo", "65351"], ["lease"]),
    ("0600 daughter mary-kate delaney called from kilbride, ma - asked about sleep; updated. pt slept well "
     "overnight, no distress. turned q2h, skin intact, voiding qs.", ["mary-kate delaney", "kilbride"],
     ["sleep"]),
    # ---- addiction treatment: nick names, programs, shelters
    ('Pt: Vasquez, Rolando "Ro"   MRN M-2290415', ["Vasquez, Rolando", "Ro", "M-2290415"], []),
    ('Spoke with John Smith "yesterday" per pt.', ["John Smith"], ["yesterday"]),
    ('He attends meetings at the library on thursdays, sponsor is "Bev", no phone on file.', ["Bev"],
     ["library"]),
    ("Pt enrolled at Tri-River Opioid Treatment Program. Dose verified by phone.",
     ["Tri-River Opioid Treatment Program"], ["Dose"]),
    ("pt came to us from new beginnings women's shelter; bed held until 4/12. referred to homeless shelter. "
     "went to the shelter. pt calm, no distress, tolerating diet, vss, ambulating in hall, voiding qs.",
     ["new beginnings women's shelter", "4/12"], ["homeless shelter", "the shelter"]),
    # ---- everyday first names after a person's role
    ("detox 2 east - 11/02/2088 2215\npt sky abernathy (they/them), 27, day 2 of taper. met w/ reentry "
     "coordinator sky whitehorse. referred to case mgr faith mcallister-obi per policy. vss, resting.",
     ["sky abernathy", "sky whitehorse", "faith mcallister-obi"], ["policy"]),
    ("event note\npt Will Kingsley-Abara found at nurses station. Will follow up in am.",
     ["Will Kingsley-Abara"], ["Will follow"]),
    # ---- a coverage's rank in capitals inside a cased note; posting in a note whose lower case is longer
    ("Insurance reviewed with daughter.\nPRIMARY INSURANCE: Harvest Commonwealth, ID HCH661.",
     ["Harvest Commonwealth", "HCH661"], ["Insurance reviewed"]),
    ("Son Will Ostrowski called from İzmir. Will follow up tomorrow.", ["Will Ostrowski"], ["Will follow"]),
    ("pt john smith seen today, returning from İzmir next week.", ["john smith"], ["returning"]),
    ("Lives alone. Sister,95, lives nearby.", ["95"], ["Lives alone"]),
    # ---- units and wards are no names; roles in parentheses and interpreters' lines mark names
    ("Code team: MICU fellow (code leader), MICU RN, RT, pharmacist. Transferred to MICU bed 9, report "
     "given to MICU RN.\n-- M. Whitfield RN 1740 / accepted by 7 South RN 1755",
     ["M. Whitfield"], ["MICU", "South"]),
    ("Parents: Hope Brown (mother), Will Brown (father) - both present. Started Coumadin (Daily).",
     ["Hope Brown", "Will Brown"], ["Coumadin", "Daily"]),
    ("Interpreter: Polish, phone, Ewa Sadowska ID #40517\nInterpreter: Spanish, in person, Hector Almonte "
     "ID INT-2291", ["Ewa Sadowska", "40517", "Hector Almonte", "INT-2291"], ["Polish", "Spanish"]),
    ("via phone interpreter (Haitian Creole, interpreter Jean-Baptiste, ID 40217).", ["Jean-Baptiste"],
     ["interpreter ("]),
    ("ADDRESS PER FACESHEET: 1188 COAL HOLLOW RD, CASTLE JUNCTION 59721.\nETCO2 38. CXR: ETT 4 CM ABOVE "
     "CARINA. PT SEDATED, VSS, FAMILY UPDATED BY PHONE.",
     ["1188 COAL HOLLOW RD", "CASTLE JUNCTION", "59721"], ["CARINA"]),
    ("Addr: 1209 W Tillman St, Ashgrove 43991\nHx: Cap BLL 19 mcg/dL", ["1209 W Tillman St", "Ashgrove", "43991"],
     ["19 mcg"]),
    # ---- veterans' posts, health departments, a plan's number on file, sign-offs by initials
    ("Service officer Lorraine Sweeney from DAV Chapter 19 to come 5/23. Driven by Curtis Love from American "
     "Legion Post 112 in the post's wheelchair. VFW members visited.",
     ["Lorraine Sweeney", "DAV Chapter 19", "Curtis Love", "American Legion Post 112"], ["VFW", "wheelchair"]),
    ("Pt brought bank statements; Medicaid ID on file 88-2041773-C.", ["88-2041773-C"], ["bank"]),
    ("Repeat lactate due 0505.\n\n-- JK RN, nights 5 West", ["JK"], ["5 West"]),
    ("repeat lactate due 0505. pt resting, vss, family updated by phone, no distress overnight, voiding.\n\n"
     "-- jk rn, nights 5 west", ["jk"], ["lactate"]),
    ("She will come in AM. Daughter lives in Cottonridge - husband will call her.", ["Cottonridge"],
     ["husband"]),
    ("DAUGHTER CALLED AT (570) 555-0112, UPDATED. SHE LIVES IN BRAMBLE HOLLOW, WILL VISIT TOMORROW. FAMILY "
     "AWARE OF PLAN. PT RESTING.", ["BRAMBLE HOLLOW", "(570) 555-0112"], ["FAMILY"]),
    ("Referral called to Evening Star Hospice 11:50. Arrived via New Horizons Refugee Services. Enrolled at New "
     "Dawn Recovery Services methadone program. Seen at the New Clinic.",
     ["Evening Star Hospice", "New Horizons Refugee Services", "Dawn Recovery Services"], ["New Clinic"]),
    ("HX: ADM 8/15 FROM MAPLE CREST NURSING & REHAB W/ UTI, DEMENTIA, DM2 ON INSULIN. PT CONFUSED. FAMILY "
     "UPDATED. VSS. FSBG 38, TREATED PER PROTOCOL.", ["MAPLE CREST NURSING & REHAB", "8/15"], ["DEMENTIA"]),
    ("ADHERENCE: 18/20 SCHEDULED DOSING VISITS AT RIVERBEND TREATMENT SERVICES. EMPLOYMENT: PART TIME AT TRI-STATE "
     "PALLET INC, SUPERVISOR EARL BROWN. LIVES IN HARLAN CO. PT CALM. VSS. NO DISTRESS.",
     ["RIVERBEND TREATMENT SERVICES", "TRI-STATE PALLET INC", "EARL BROWN"], ["DOSING"]),
    ("ORDERING: Dr. Szymanski     SLP: Young, Will\n\nHX: 93 yo", ["Szymanski", "Young", "Will"], ["ORDERING"]),
    ("ADMITTED 4/6 FOR HYPERKALEMIA. D/C SUMMARY RECEIVED BY FAX FROM 555-0199, REVIEWED. DOSE FROM 250-1000 MG.",
     ["555-0199"], ["250-1000"]),
    ("Pt: Jae-won Long   Unit: Ferrisburg Renal Care, MWF 3rd\nOB: Cornerstone Midwifery & Women's Care\n"
     "Pediatrician: Maplewood Pediatric & Adolescent Care, will round AM.",
     ["Jae-won Long", "Ferrisburg Renal Care", "Cornerstone Midwifery & Women's Care",
      "Maplewood Pediatric & Adolescent Care"], ["MWF"]),
    ("Plan (Keystone Meridian Health, member # KMH-30418827-02) - premium $1,412/mo.", ["KMH-30418827-02"], []),
    ("Partner en route from work (Consolidated Freight night shift). Back at work (Light Duty) per PCP. "
     "Employer (Dunmore Mills).", ["Consolidated Freight", "Dunmore Mills"], ["Light Duty", "night shift"]),
    # ---- addresses
    ("Sent w/ correct address (3308 Linden Ct Apt 2, Harlow 04871), start date 03/02.",
     ["3308 Linden Ct Apt 2, Harlow", "04871"], []),
]


test_note_forms = note_forms_test(CASES)


def test_capitals_lowered_at_the_same_offsets():
    from scrub.truecase import lower_aligned  # what scrub.capsnames reads its context words in
    text = "FIANCÉ RAFAEL, from İZMİR"
    low = lower_aligned(text)
    assert len(low) == len(text)
    assert low.startswith("fiancé rafael")
    assert low[text.index("İ")] == "İ"  # its small form is two characters: kept as written
