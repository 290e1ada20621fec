"""Session-6 rules for organizations, towns, identifiers and dates in letters, forms and nursing
notes (fictitious passages written for these tests; no real person). Table-driven: each rule
has positives (the identifier must be flagged whole) and jargon twins (nothing flagged)."""
import pytest

from orgs_support import covered


@pytest.fixture(scope="module")
def engine(scrubber_nospacy):
    return scrubber_nospacy


def spans(engine, text, entities=None):
    return [(f.start, f.end, f.entity) for f in engine.detect(text)
            if not f.protected and (entities is None or f.entity in entities)]


FLAGGED = [
    # a trade before "at"/"for" names an employer
    ("Works as a line cook at Brambleton Oyster House most nights.", "Brambleton"),
    ("She is a teacher at Quillfield Academy and coaches track.", "Quillfield Academy"),
    ("Husband is a driver for Tessaro Freight, gone Mon-Fri.", "Tessaro Freight"),
    ("Works as a dental hygienist at Quarrybrook Family Dental.", "Quarrybrook Family Dental"),
    ("Husband is a stocker at Rennick Hardware, nights.", "Rennick Hardware"),
    ("Drives the night route for Corlander Freight, home by 6.", "Corlander Freight"),
    # an everyday verb opening the sentence is no part of the name
    ("Attends Hollowmere Middle School, 6th grade, IEP in place.", "Hollowmere Middle School"),
    # kind words: a dialysis unit, a school system, an alliance, a court, a practice's two specialties
    ("Outpatient HD at Pell Brook Dialysis TTS 0630.", "Pell Brook Dialysis"),
    ("Mother is a para in the Westerly Falls Public Schools.", "Westerly Falls Public Schools"),
    ("IEP meeting with Carrowmore School District on Friday.", "Carrowmore School District"),
    ("Care coordinator from Juniper Bay Care Alliance called.", "Juniper Bay Care Alliance"),
    ("Hearing at Kettle County Probate and Family Court next month.", "Kettle County Probate and Family Court"),
    ("Letter sent to Dunmore County Superior Court re: jury duty.", "Dunmore County Superior Court"),
    ("F/u with Ostrava Oncology & Hematology in 3 wks.", "Ostrava Oncology & Hematology"),
    ("PT 2x/wk at Greywater Physical Therapy, Tues/Thurs.", "Greywater Physical Therapy"),
    # a nursing home's two kinds joined by "&"/"and"
    ("93 y/o F from Larchmere Nursing & Rehab admitted w/ melena.", "Larchmere Nursing & Rehab"),
    ("Returning to Quenby Rehabilitation and Nursing Center on d/c.", "Quenby Rehabilitation and Nursing Center"),
    ("Options: Quenby Pointe Nursing - declined (no bed).", "Quenby Pointe Nursing"),
    # residences and senior housing
    ("Lives at Quarrystone Residences, 2nd floor.", "Quarrystone Residences"),
    # a preposition opening the sentence is no part of a name
    ("Pt admitted overnight. From Tallowmere Healthcare, sent for AMS.", "Tallowmere Healthcare"),
    # collectives, labs, imaging centers, preschools, a town's YMCA or football club, a store's number
    ("Therapy with R. Lund, LCSW, at Sorrelby Counseling Collective.", "Sorrelby Counseling Collective"),
    ("Specimens to Quarrington Dermpath.", "Quarrington Dermpath"),
    ("Shave bx sent to Quarrington Dermatopathology Associates, Inc.", "Quarrington Dermatopathology Associates, Inc"),
    ("MRI R knee (2/28/2164, Tri-Harbor Imaging): complete tear.", "Tri-Harbor Imaging"),
    ("Attends Little Thistle Montessori 4 d/wk.", "Little Thistle Montessori"),
    ("Also plays on a club team (Ironwood FC).", "Ironwood FC"),
    ("Swims 3x/wk at the Greer YMCA.", "Greer YMCA"),
    ("Refill sent to CVS #4418 on file.", "CVS #4418"),
    # a note in capitals: a hospital's name of everyday words after a field's colon or a dash
    ("TRANSFERRED FROM: ASH HOLLOW REGIONAL HOSPITAL ED\nTO: MICU. VSS. PLAN: ADMIT.", "ASH HOLLOW REGIONAL HOSPITAL"),
    ("FOLLOWUP:\nCARDIAC REHAB PHASE II - QUINLAN HEART INSTITUTE, REFERRAL SENT.\nPLAN: HOME.", "QUINLAN HEART INSTITUTE"),
    # a listed town and a state's code without a comma, ending a line or a clause
    ("TRANSFERRED FROM OSH, ELKINS WV\nTO: MICU. PLAN: ADMIT.", "ELKINS WV"),
    ("Pt visiting from Fresno CA, staying w/ son.", "Fresno CA"),
    # home infusion and critical care transport companies
    ("Disposition: home w/ Quillmoor Home Infusion (IV vanc q12h).", "Quillmoor Home Infusion"),
    ("Transport: SkyTrell Critical Transport ground unit, crew aware.", "SkyTrell Critical Transport"),
    # a firm's field on a form
    ("Employer: Ravensholt Box Works, Plant 2\nShift: nights", "Ravensholt Box Works"),
    ("Employer: Vantreight Carpet Mills\nJob: loom operator", "Vantreight Carpet Mills"),
    ("WC carrier: Tallgrass Mutual   Claim #: WC-22-8841", "Tallgrass Mutual"),
    ("Insurer: Pinecrest Mutual Life - claim pending", "Pinecrest Mutual Life"),
    # a town in parentheses after a facility's name, or a town and a state
    ("Transferred from St. Odile Medical Center (Millbury) on 3/2.", "Millbury"),
    ("Came from Larkspur Rehab (Conneaut, OH) yesterday.", "Conneaut, OH"),
    # a listed town before "General": the town's hospital
    ("Outside films from Lowell General reviewed.", "Lowell General"),
    # identifiers: one capital before spaced digit groups, a docket, a qualified label, a plan's group
    ("Driver license no.: K 310 552 907 114", "K 310 552 907 114"),
    ("In re: Guardianship - Docket No. PR24G0117QD", "PR24G0117QD"),
    ("MRN (LGH): 00-778-1203    DOB on file", "00-778-1203"),
    ("Member ID: 88120044177   Group: KQTR-07", "KQTR-07"),
    # two surnames before a practice's word make a firm, and its initials are posted as written
    ("Thank you for referring her to Marchetti & Quill Orthopaedics.\nMQO chart # 55120", "MQO"),
    ("Thank you for referring her to Marchetti & Quill Orthopaedics.\nMQO chart # 55120",
     "Marchetti & Quill Orthopaedics"),
    ("Referred to Greater Tillman Food Bank; GTFB delivers Tuesdays.", "GTFB"),
    ("QUILLAN & RASK ORTHOPAEDICS\n12 Elm St\n\nRE: pt     QRO chart # 448203", "QRO"),
    # an insurer named by its rank before its member number
    ("Medicare (MBI on file); secondary Harvest Pellworth, ID HPW66120984", "Harvest Pellworth"),
    ("Secondary: Wexley Mutual Health Member ID WX5520", "Wexley Mutual Health"),
    # agencies', courts', labs' and transports' numbers after their labels
    ("Officer K. Brandt, badge #5582, incident #24-22019.", "5582"),
    ("Officer K. Brandt, badge #5582, incident #24-22019.", "24-22019"),
    ("Surgical pathology no. S23-5528 reviewed.", "S23-5528"),
    ("DCF intake #: 4419-3308 filed by SW.", "4419-3308"),
    ("Medflight tail N522KB, ETA 30 min.", "N522KB"),
    ("Echo study #E-23-4471 compared.", "E-23-4471"),
    ("Juror no. 5582-23, excused.", "5582-23"),
    ("Prior auth # RX8851320 approved.", "RX8851320"),
    ("Deputy on scene (badge 317), report # WCSO22-18837.", "317"),
    ("Ambulance (Medic 9), run # 77-552013.", "77-552013"),
    ("Valganciclovir PA approved, auth 2098-PA-661203.", "2098-PA-661203"),
    # drugstores, specialty pharmacies, a plan's product
    ("Sent to pt's local pharmacy: Rennick Way Drug, on Main.", "Rennick Way Drug"),
    ("Dispensed by plan's specialty pharmacy - Meridian Specialty Rx.", "Meridian Specialty Rx"),
    ("Insurance: Quarry Summit Medicare Advantage, member ID on file.", "Quarry Summit Medicare Advantage"),
    # "ID" and five digits after an identifier's label: no Idaho, no ZIP
    ("Interpreter: Beatriz Lins (ID 51429) present.", "51429"),
    ("Moved from Boise, ID 83702 last year.", "Boise, ID 83702"),
    # a month/day after "for" that is no share of a week, month or year
    ("Surgery scheduled for 12/3, pre-op labs ordered.", "12/3"),
    ("Bed offered for 11/9, pending insurance auth.", "11/9"),
]


@pytest.mark.parametrize("text,span", FLAGGED)
def test_flagged(engine, text, span):
    got = spans(engine, text)
    assert covered(text, span, got), f"{span!r} not flagged: {[text[a:b] for a, b, _ in got]}"


NOT_FLAGGED = [
    # departments, services and public programs (no organization or location)
    ("Device Clinic / Cardiac Rhythm Management\nIN-CLINIC INTERROGATION REPORT", ("organization", "hospital")),
    ("TRANSFER CENTER - INTERFACILITY TRANSFER NOTE\nCall received from OSH ED.", ("organization", "hospital")),
    ("No nodularity on NBI. Los Angeles grade B esophagitis; Seattle protocol bx.", ("organization", "hospital")),
    ("F/u Wound Clinic 1 wk; Memory Center eval pending.", ("organization", "hospital")),
    ("Peritoneal Dialysis nurse to teach. Home Dialysis training Tues.", ("organization", "hospital")),
    ("Nursing & Rehab consult placed. Pt to Rehab & Nursing unit.", ("organization", "hospital")),
    ("Pediatric Nursing aware. Home Nursing visit Tues. Nursing to call.", ("organization", "hospital")),
    ("Hematology & Oncology consult placed. Allergy & Immunology f/u. Home Infusion teaching done.",
     ("organization", "hospital")),
    ("Family Court hearing next week per SW. The Commission met.", ("organization", "hospital")),
    ("Referred to Outpatient Physical Therapy. Speech Therapy eval today.", ("organization", "hospital")),
    ("Insurer: Medicare\nEmployer: Retired\nCompany: N/A\nPharmacy: Pending", ("organization", "hospital")),
    ("Consulted General Surgery. Surgeon General warning on pack.", ("organization", "hospital")),
    # initials of an organization that are a clinical abbreviation or a word are not posted
    ("Seen at Cardiac Health Foundation in May. CHF stable, CAT scan done.", ("organization",)),
    ("Teacher to update his Individualized Health Plan and 504 plan.", ("organization", "hospital")),
    ("Primary: Medicare, ID on card. Secondary Medicaid ID pending. Secondary survey neg, ID consult.",
     ("organization",)),
    ("Diagnostic Imaging called; Interventional Imaging consult. Also club team practice.", ("organization", "hospital")),
    ("Inj 0.5 mL L SC q wk. speech-language pathology to see.", ("organization", "hospital")),
    ("PT WAS ADMITTED TO THE HOSPITAL. SENT TO OUTSIDE HOSPITAL. BRIEF HOSPITAL COURSE: STABLE.", ("organization", "hospital")),
    ("Seen by Kim PA. Plan ok. Pt in OR.", ("city", "location", "state")),
    ("Report 2 episodes overnight; exam unremarkable; study reviewed; case discussed.", None),
    ("Interpreter: Beatriz Lins (ID 51429) present.", ("state", "zip")),
    ("Pt is a caregiver at Home for her mother. Spoke with coordinator for Discharge Planning.",
     ("organization", "hospital")),
    ("Calcifications present in DCIS and benign ducts. DCIS, solid type.", ("organization", "hospital")),
    ("Avoid St John's wort with sertraline.", ("organization", "hospital")),
    ("Illicit Drug use denied. Prescription Drug monitoring reviewed.", ("organization", "hospital")),
    ("Services ordered: SN 2w4, 1w4: HF teaching.", None),
    # parentheses that hold no town, a town that is an everyday word
    ("Lasix (Furosemide) 40 mg. Vancomycin (Vanco) trough. Center (Main) entrance.", ("city", "location")),
    # group labels that are no plan's number; fractions and durations after "for"
    ("Group: 3 patients seen. Group B strep positive. Group: A", None),
    ("Takes 1/2 tab for 5/7. Off work for 2/52. Ate for 2/3 of meals.", ("date",)),
]


@pytest.mark.parametrize("text,entities", NOT_FLAGGED)
def test_not_flagged(engine, text, entities):
    got = spans(engine, text, entities)
    assert not got, [text[a:b] for a, b, _ in got]


def test_paren_town_linear(engine):
    # many parentheses and capitals stay cheap and find nothing
    text = "Aa (Bb) " * 20000
    assert not spans(engine, text, ("city",))
