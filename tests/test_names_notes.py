"""Names as nursing notes hide them: nick names in quotes after a person's context, family members
by first name after a kin word, nick names in quotes or parentheses after a first name, and staff
sign-offs with the initial glued to the surname. Every text is hand-written and fictitious."""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.names import NameDetector
from scrub.types import Document

DET = NameDetector()


def found(text, threshold=0.7):
    return arbitrate(DET.detect(Document(text)), threshold, text)


def spans(text, threshold=0.7):
    return [text[f.start:f.end] for f in found(text, threshold)]


# (text, span that must be found whole, entity of the finding or None, role of its single part or None)
POSITIVES = [
    # a nick name in quotes after "calls out for", "asks for", "goes by"
    ('Pt calls out for "Johnny" frequently overnight.', "Johnny", "full_name", "nick_name"),
    ("Confused, keeps asking for 'Bobby', reoriented x3.", "Bobby", "full_name", "nick_name"),
    ('Restless, yelling for "Patsy" at 0200.', "Patsy", "full_name", "nick_name"),
    ('pt asks for "Bud" (her late husband).', "Bud", "full_name", "nick_name"),
    ('Goes by "Peg".', "Peg", "full_name", "nick_name"),
    ("Pt calling out for Eleanor, redirected.", "Eleanor", "full_name", None),
    # a first name after a kin word, even when it is an ordinary or a function word
    ("Son Will calling from Ohio tonight.", "Will", "full_name", None),
    ("son Will called, updated on plan.", "Will", "full_name", None),
    ("Daughter May visited this afternoon.", "May", "full_name", None),
    ("her grandson, Will, at bedside", "Will", "full_name", None),
    ("niece June brought clothes", "June", "full_name", None),
    ("HCP Will aware of change in status.", "Will", "full_name", None),
    ("daughter Bill visited today", "Bill", "full_name", "first_name"),
    ("Wife Rose at bedside, updated.", "Rose", "full_name", "first_name"),
    ("husband Frank in to visit", "Frank", "full_name", "first_name"),
    ("Proxy Grace aware.", "Grace", "full_name", "first_name"),
    # a kin word makes a lone name a FIRST name (its pseudonym is drawn from first names)
    ("Son Michael in to visit, very supportive.", "Michael", "full_name", "first_name"),
    ("Per daughter Karen, baseline is A&Ox3.", "Karen", "full_name", "first_name"),
    ("Lives with wife Joan in a 2-story home.", "Joan", "full_name", "first_name"),
    ("Boyfriend Marcus will drive her home.", "Marcus", "full_name", "first_name"),
    # a nick name in quotes or parentheses right after a name
    ('Wife Margaret ("Peggy") will assist with meds.', "Peggy", "nick_name", None),
    ("Wife Margaret (Peggy) will assist with meds.", "Peggy", "nick_name", None),
    ('Pt Dorothy "Dot" Kowalczyk seen.', "Dorothy \"Dot\" Kowalczyk", "full_name", None),
    ('Sister Elizabeth ("Bess") at bedside.', "Bess", "nick_name", None),
    ("Patient Robert ('Bob') ambulating in hall.", "Bob", "nick_name", None),
    # a sign-off with the initial glued to the surname
    ("ambulated 150 ft w/ RW.\n--TMcCarthy, PT x6655\n", "TMcCarthy", "full_name", None),
    ("Tolerated well.\n-JSmith RN\n", "JSmith", "full_name", None),
    ("Will continue to monitor.\n--MJones\n", "MJones", "full_name", None),
    ("VSS overnight.\n— KObrien\n", None, None, None),  # a dash then a space: no sign-off shape
    ("Pain 2/10.\nLGarcia RN", "LGarcia", "full_name", None),
    # a surname alone in parentheses, when it is no English word
    ("Covering team aware (Kowalczyk).", "Kowalczyk", "last_name", None),
    ("Results called to MD (Abernathy) at 0415.", "Abernathy", None, None),
    ("Seen in clinic, then team (Pietrzak) paged.", "Pietrzak", "last_name", None),
    ("Discussed at rounds (Castellanos).", "Castellanos", "last_name", None),
    # a name opening a header line before a field label in capitals
    ("Consult note\nChuck Abernathy DOB 02/11/2063 MRN 7781-2204\n", "Chuck Abernathy", "full_name", None),
    ("Walter Nakamura MRN 0093315\nAdmit 3/3", "Walter Nakamura", "full_name", None),
    ("Denise Oyelaran SEX F AGE 71", "Denise Oyelaran", "full_name", None),
    # a month that is a woman's first name, before her surname
    ("June Smith visited today", "June Smith", "full_name", None),
    ("April Jones was here.", "April Jones", "full_name", None),
    ("Called June Oyelaran at home", "June Oyelaran", "full_name", None),
    ("SOCIAL: Jan Kowalski is HCP", "Jan Kowalski", "full_name", None),
    # a person's name field alone on its line, whatever the lists say of its words
    ("Date: 2015-12-22\nName: Asa Laine\nPhone: 083 564 9312", "Asa Laine", "full_name", None),
    ("name:    hyuuma t. maida\naddress:     unit 4", "hyuuma t. maida", "full_name", None),
    ("Name: Åsa Laine", "Åsa Laine", "full_name", None),
    ("Name: thorsdottir, sigrun           Unit 4B", "thorsdottir, sigrun", "full_name", None),
    # a title typed in small letters before a Capitalized name
    ("Refill for oxybutynin from dr. Ahmadzai at the urology clinic.", "dr. Ahmadzai", "full_name", None),
    ("discussed w/ dr. Lindgren, agrees hold", "dr. Lindgren", "full_name", None),
    ("call mrs. Oyelaran-Abara Jones re: dc", "mrs. Oyelaran-Abara Jones", "full_name", None),
    # a first name, then a surname the web lists know in small letters, before a degree
    ("Physician: Ignatius Bellweather, MD - Medical Director", "Ignatius Bellweather", "full_name", None),
    # a signer's name in small letters before a credential in capitals, with a middle initial,
    # or of two words no English list knows at the line's start
    ("Plan ok.\njessica whitfield, CPNP\n", "jessica whitfield", "full_name", None),
    ("Sincerely,\nmarcus t. holloway, MD\nPulmonary", "marcus t. holloway", "full_name", None),
    ("Read by: thandiwe mokoena, MD, Neuroradiology", "thandiwe mokoena", "full_name", None),
    ("Thanks.\nrosalind feeney-okafor, PharmD, BCPS", "rosalind feeney-okafor", "full_name", None),
    ("renata oyelowo-price, FNP-C", "renata oyelowo-price", "full_name", None),
    ("Respectfully submitted,\n\nemeka lindqvist, MD", "emeka lindqvist", "full_name", None),
    # clergy titles lead a name as "Dr." does
    ("their rabbi, Rabbi Tzvi Halperin of Beth Shalom", "Rabbi Tzvi Halperin", "full_name", None),
    ("Rabbi Halperin spoke w/ pt about visitation", "Rabbi Halperin", "full_name", None),
    # "Bishop" is a surname after a title, no title of its own; a care tech's label
    ("Podiatry (Dr. Bishop) to OR Wed for partial amputation", "Dr. Bishop", "full_name", None),
    ("home.\n\nRN: Ellsworth     PCT: D. Mbatha\n", "D. Mbatha", "full_name", None),
]


@pytest.mark.parametrize("text,span,entity,role", POSITIVES)
def test_note_name_found(text, span, entity, role):
    fs = found(text)
    if span is None:
        assert not [f for f in fs if text[f.start:f.end].endswith("Obrien")], spans(text)
        return
    hits = [f for f in fs if text[f.start:f.end] == span]
    assert hits, spans(text)
    f = hits[0]
    assert entity is None or f.entity == entity, f
    if role is not None:
        assert [p.entity for p in f.parts] == [role], f.parts


def test_kin_function_word_names_are_not_posted():
    """'Son Will' is a full name without parts: the engine posts parts only, so that 'will' and
    'may' elsewhere in the note stay as written."""
    for text in ("Son Will calling tonight.", "daughter May visited"):
        (f,) = [f for f in found(text) if text[f.start:f.end] in ("Will", "May")]
        assert f.entity == "full_name" and not f.parts


def test_glued_signoff_parts():
    text = "Gait steady.\n--TMcCarthy, PT\n"
    (f,) = [f for f in found(text) if f.entity == "full_name"]
    assert [(text[p.start:p.end], p.entity) for p in f.parts] == [("T", "first_name"), ("McCarthy", "last_name")]


NEGATIVES = [
    # jargon and ordinary words after the same context words
    "Pt asks for Tylenol q6h prn.",
    "pt asking for Ensure, encouraged fluids.",
    "Calls out for Mom at times, reoriented.",
    "asking for \"Help\" repeatedly overnight",
    'Pt calling for "Mama" all night.',  # what a patient calls family: no name
    "Pt calls out for Nana, reoriented x2.",
    'Keeps asking for "Doc".',
    "Son will call back this evening.",
    "Daughter May 3 visit planned.",  # a month before a number: a date
    "Son: Will call back after 1500.",  # a heading; the modal after a colon is ambiguous
    "Wife at bedside, will call with questions.",
    "Family may visit after 1400.",
    "Pt goes by wheelchair to PT.",
    "HCP form signed; proxy aware.",
    # parentheses and quotes after drugs, devices, places
    "Coumadin (Warfarin) held for INR 3.4.",
    "Foley (Coude) placed without difficulty.",
    "Mepilex (Sacrum) changed, c/d/i",
    "Pt (Alert) and calm",
    "Ambulated with PT (Will reassess in AM).",
    'Lasix ("water pill") given.',
    "Home meds (Lasix) held; Insurance (Medicare) verified.",
    "Dressing (Mepilex) intact; drain (Hemovac) 30 cc.",
    # sign-off shapes that are not names
    "- DNase 2.5 mg neb given\n",
    "--IVFs at 75/hr\n",
    "--KCl 20 mEq PO x1\n",
    "--NGTube to LIWS\n",
    "given DNase today",
    "30d Holter. PT/OT/SLP.",
    # capitals after a town or a firm are no field label: left to the place and organization rules
    "Address: 12 Oak St, Braintree MA 02184",
    "89F brought in by Quincy EMS at 0300.",
    "Hoyer lift for transfers; Posey belt off.",
    # the month, not a name: after "in", "since", "by"; before a day; a syndrome
    "In June Smith was admitted to 4W.",
    "Since April Pt has been stable.",
    "May Thurner syndrome suspected. April Fool.",
    # name fields that name no one, and names of things
    "Name: N/A\nDrug name: Lasix\nFile name: report.pdf\nName: see above",
    "hx of ms. Pt states she is tired; pt has ms. The plan is IVIG.",
    "Internal Medicine, MD; Pain Management, MD",
    "pt seen by ortho MD; per cardiology fellow MD; sats stable on RA, RN",
    "meds given IV; gave lasix iv; team discussed, MD aware",
    # a scale's score ("Berg 38/56") and a weekday written short in capitals
    "TUG 19 sec w/ SPC. Berg 38/56. 30 sec chair stand",
    "Will call pt w/ MD response today. Next SN visit Thurs. f/u Thurs in clinic.",
    "s: feeling well. +fm, active. occ braxton hicks, no regular ctx.",
    # a month's short form after "in"/"since" is the month; a compass word after "Middle" a region
    "Was on 4 West for 2 wks in Jan. Since Jan, no falls. Trip to the Middle East, the Far East.",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_note_jargon_stays(text):
    assert spans(text) == [], spans(text)


def test_name_field_posts_its_words(scrubber_nospacy):
    """A name field's words are its parts: the surname and first name are posted to the rest
    of the document ("Laine tolerated diet", "Asa walked")."""
    text = "Name: Asa Laine\nSeen today. Laine tolerated diet. Asa walked."
    found = [(text[f.start:f.end], f.entity) for f in scrubber_nospacy.detect(text) if not f.protected]
    assert ("Asa Laine", "full_name") in found
    assert ("Laine", "last_name") in found and ("Asa", "first_name") in found
