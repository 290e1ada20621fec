"""Employers, chains, churches, schools, agencies and camel-case brands as real notes hide them
(fictitious passages written for these tests; no real person). Table-driven: what the
organization detector must flag whole, and the jargon and departments it must leave alone."""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.orgs import OrgDetector
from scrub.types import Document

ORGS = OrgDetector()


def found(text, threshold=0.7):
    return [(f.start, f.end) for f in arbitrate(ORGS.detect(Document(text)), threshold, text)]


FLAGGED = [
    # (passage, span one finding must cover whole; its last occurrence is the one tested)
    # an employer after "formerly with", "laid off from", "retired from", "previously at"
    ("72 yo retired welder (formerly with General Electric Aviation in Lynn).", "General Electric Aviation"),
    ("Pt was laid off from Raytheon Missile Systems last spring.", "Raytheon Missile Systems"),
    ("He retired from Boston Scientific in 2091.", "Boston Scientific"),
    ("Previously with General Motors, now disabled.", "General Motors"),
    ("Son was previously at Lindqvist Tool & Die for 20 yrs.", "Lindqvist Tool & Die"),
    # '&' inside a company's name stays in the span
    ("last worked for Harborline Paving & Sealcoat in Quincy", "Harborline Paving & Sealcoat"),
    ("works at Marchetti & Sons Plumbing, day shift", "Marchetti & Sons Plumbing"),
    # private ambulance companies
    ("Transport: Pellegrino Ambulance booked for 1400.", "Pellegrino Ambulance"),
    ("TRANSPORT VIA FALMOUTH AMBULANCE SERVICE", "FALMOUTH AMBULANCE SERVICE"),
    # houses of worship, capitalized or in lower case with a saint's name
    ("Chaplain: Rev. Dana Whitcomb, Third Street Baptist Church, visited.", "Third Street Baptist Church"),
    ("Family belongs to Holy Trinity Greek Orthodox Cathedral.", "Holy Trinity Greek Orthodox Cathedral"),
    ("sw gave list of food pantries incl st. brendan parish in dorchester", "st. brendan parish"),
    ("FAMILY ATTENDS ST. ANTHONY'S CHURCH", "ST. ANTHONY'S CHURCH"),
    ("volunteers at saint agatha church on sundays", "saint agatha church"),
    ("Rabbi from Temple Shalom Synagogue to visit", "Temple Shalom Synagogue"),
    # schools with abbreviated heads, and a town's school in a lower-case note
    ("daughter teaches at Worcester State Univ.", "Worcester State Univ"),
    ("son's work # at salem state univ, ext 3341", "salem state univ"),
    ("grandson is a junior at bridgewater state university", "bridgewater state university"),
    ("husband works nights at quincy college library", "quincy college"),
    # "VNA of <Place>", "Hospice of the <Place>"
    ("D/c home with VNA of Greater Lowell services.", "VNA of Greater Lowell"),
    ("Referral faxed to Hospice of the North Shore.", "Hospice of the North Shore"),
    ("HOME WITH VNA OF CAPE ANN", "VNA OF CAPE ANN"),
    ("Visiting Nurse Association of Middlesex East to resume SN.", "Visiting Nurse Association of Middlesex East"),
    # pharmacy and lab chains, in any case; a clinical abbreviation only after a cue
    ("daughter picks up meds from CVS on Elm St.", "CVS"),
    ("pt gets meds at the cvs in town", "cvs"),
    ("INR drawn at Quest in Braintree on Mon.", "Quest"),
    ("labs @ labcorp tomorrow am", "labcorp"),
    ("Rx sent to Walgreens, pt aware.", "Walgreens"),
    ("refills at rite aid on washington st", "rite aid"),
    ("wife is a cashier at stop and shop", "stop and shop"),
    ("pharmacy: WALGREENS", "WALGREENS"),
    # camel-case brands that name a company or a place of care
    ("Prefers Hebrew SeniorLife over the other SNFs.", "Hebrew SeniorLife"),
    ("Seen at MinuteClinic for sore throat 3 d ago.", "MinuteClinic"),
    ("Cord blood banked with CordLife.", "CordLife"),
    # a place of care in parentheses after "urgent care" / "pharmacy"
    ("amoxicillin 2 wks ago at urgent care (Lahey).", "Lahey"),
    ("last flu shot at pharmacy (Rite Aid)", "Rite Aid"),
    ("ear infection tx at urgent care (Beverly Hospital)", "Beverly Hospital"),
    # a note in capitals: the name begins after the preposition
    ("HPI: 88 YO M FROM MAPLE GROVE NURSING HOME IN BROCKTON", "MAPLE GROVE NURSING HOME"),
    ("PT TRANSFERRED TO HIGHLAND PARK REHAB CENTER", "HIGHLAND PARK REHAB CENTER"),
    # a facility's name again without its head, later in the same note
    ("Beds offered: Lakemont Manor Nursing Home, Cedar Ridge Rehab. Lakemont Manor accepted.",
     "Lakemont Manor"),
    ("CM: referral to Briarwood Hills Rehabilitation Center; Briarwood Hills to call back", "Briarwood Hills"),
    # "<Town> House" after "at"
    ("Peds f/u at Codman House next wk.", "Codman House"),
    # a high school named without "School"; a facility "of <town>" ends before the full stop
    ("Attends Whitman-Hanson Regional High, plays soccer.", "Whitman-Hanson Regional High"),
    ("Goes to Hillcrest Junior High.", "Hillcrest Junior High"),
    # a hospital named by two towns, before its department
    ("Was at Newton-Wellesley ED.", "Newton-Wellesley ED"),
    # "&" inside a club's name; a Head Start program
    ("Daughter in Westfield Boys & Girls Club after school.", "Westfield Boys & Girls Club"),
    ("Son attends Maple Street Head Start.", "Maple Street Head Start"),
    # a name whose own first words are a noun and a preposition
    ("Housing for Hope Foundation", "Housing for Hope Foundation"),
    # makers, suppliers, funeral chapels, support networks; a parish named for Mary
    ("Husband works nights at Ferrante Plastics, has used up FMLA.", "Ferrante Plastics"),
    ("seat ordered through Granite State DME. Bathroom rug removed", "Granite State DME"),
    ("Family has arrangements with Levinson Memorial Chapels.", "Levinson Memorial Chapels"),
    ("Referred to Greenfield Grief Support Network", "Greenfield Grief Support Network"),
    ("asked that Father Jerome from Our Lady of the Snows be called", "Our Lady of the Snows"),
    # a lab chain in small letters alone in parentheses, where a note says where a test was done
    ("labs 9/2/21 (labcorp): esr 34", "labcorp"),
]


def test_sentence_verb_is_no_part_of_a_name():
    text = "Works for Liberty Mutual in claims."
    spans = [text[a:b] for a, b in found(text)]
    assert "Liberty Mutual" in spans and not any(x.startswith("Works") for x in spans), spans


def test_insurer_after_rank_ends_at_a_word_end():
    # "Medica" is no insurer inside "Medicaid" (the "id" after it is no member ID's label)
    text = "Primary ins UnitedHealthcare, secondary Medicaid."
    assert not any(text[a:b] == "Medica" for a, b in found(text)), found(text)


def test_of_town_stops_before_full_stop():
    text = "Lives at Sunrise Assisted Living of Braintree."
    assert any(text[a:b] == "Sunrise Assisted Living of Braintree" for a, b in found(text)), found(text)


@pytest.mark.parametrize("text,span", FLAGGED)
def test_flagged_whole(text, span):
    s = text.rindex(span)
    e = s + len(span)
    assert any(a <= s and e <= b for a, b in found(text)), (text, span, found(text))


UNFLAGGED = [
    # departments named by clinical words
    "F/u Heart Failure Clinic in 2 wks.",
    "Referred to Weight Loss Center.",
    "Appt at the Memory Disorders Clinic 3/4.",
    "Wound Care Clinic to see pt Tues.",
    "HEART FAILURE CLINIC F/U",
    # "CVS" is the cardiovascular system; "quest", "target" are words
    "CVS: RRR, no m/r/g.",
    "ROS: CVS neg, resp neg.",
    "Stable from CVS standpoint.",
    "INR at target, continue warfarin.",
    "in quest of a second opinion",
    # churches named only by a denomination; "st" that is a street
    "Pt is Catholic, would like Catholic Church chaplain.",
    "Baptist church member, wants pastor called.",
    "lives on main st church st corner",
    # lower-case school heads without a town
    "son in college, daughter at community college",
    "went to state university for 2 yrs",
    # a VNA without a place, "Hospital of choice"
    "VNA of no help per family.",
    "D/c home with VNA.",
    "Hospital of choice per pt is closer to home.",
    # camel-case drugs and devices; a title before "General"
    "NovoLog 4 units with meals, EpiPen at bedside, BiPAP overnight.",
    "ProAir 2 puffs q4h prn; MiraLax daily.",
    "previously with Dr. Kowalski at clinic",
    "formerly with General Surgery service",
    # a parenthesis after "clinic" that names a service or a day
    "clinic (Cardiology) on Tues",
    "clinic (Heart Failure) f/u",
    "lab (BMP, Mg) in am",
    # a note in capitals: words before the facility's name stay out of it
    "CC: CP",
    # a state's program in camel case
    "MassHealth application pending; MassHealth ID on file.",
    # a department's words again later: no name, no short form
    "Seen in Heart Failure Clinic; Heart Failure stable.",
    # "House" not after "at"
    "House staff aware of K 3.1.",
    # school words that are also anatomy, risk and rehabilitation words
    "RUL and Right Middle Lobe clear. Regional anesthesia. Vocational Rehabilitation Services.",
    "Stroke team & Rapid Response Team at bedside",
    "ROS: CVS neg (cvs)",
    "Hearing - passed ABR bilat.\nCCHD - passed.\nCar seat challenge - passed.",
]


@pytest.mark.parametrize("text", UNFLAGGED)
def test_unflagged(text):
    assert found(text) == [], (text, [text[a:b] for a, b in found(text)])


@pytest.mark.parametrize("n", [100_000])
def test_linear_on_long_inputs(n):
    # many sites of the new rules in one text; must finish (speed itself is in benchmarks/)
    for text in ("cvs " * n, "aSeniorLife " * n, "st. x parish " * (n // 4), "VNA of " * n):
        assert isinstance(ORGS.detect(Document(text)), list)


CAPS_START = [
    # (note in capitals, the first word the finding over the facility may begin with)
    ("HPI: 88 YO M FROM MAPLE GROVE NURSING HOME IN BROCKTON", "MAPLE"),
    ("92 YOF PT LIVES AT SEAVIEW ASSISTED LIVING", "SEAVIEW"),
    ("ADMITTED VIA ED, SENT FROM CORAL BAY SKILLED NURSING", "CORAL"),
]


@pytest.mark.parametrize("text,first", CAPS_START)
def test_caps_name_begins_after_preposition(text, first):
    s = text.index(first)
    spans = found(text)
    assert spans and all(a >= s for a, _ in spans), (text, [text[a:b] for a, b in spans])
