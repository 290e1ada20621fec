"""Session-6 rules of the names detector (fictitious passages written for these tests; no real
person). Table-driven: names that must be flagged, and clinical jargon twins that must not."""
import pytest

from orgs_support import covered as _covered


@pytest.fixture(scope="module")
def engine(scrubber_nospacy):
    return scrubber_nospacy


def names(engine, text):
    return [(f.start, f.end) for f in engine.detect(text)
            if not f.protected and f.entity in ("name", "full_name", "first_name", "last_name", "nick_name")]


def covered(text, span, got):
    return _covered(text, span, got, counts=str.isalnum)  # a name's letters and digits


FLAGGED = [
    # a court's or an employer's form: "The Honorable", "Judge", "Employee:", "Caller:"
    ("The Honorable Quintessa Ibekwe-Marchetti\nKettle County Probate Court", "Quintessa Ibekwe-Marchetti"),
    ("Judge Tamsin Okonjo presiding; hearing continued.", "Tamsin Okonjo"),
    ("State trooper (Ofc. Wolf) called for update.", "Wolf"),
    ("Sgt. Okafor and Det. Lindqvist at bedside. Deputy Price took report.", "Lindqvist"),
    ('Employee: Baraka "Benny" Oyelowo    Emp ID: 40-1177', 'Baraka "Benny" Oyelowo'),
    ("Caller: Fenwick Adeyemi-Stroud (son), wants update.", "Fenwick Adeyemi-Stroud"),
    # two capitals signing off after a double dash at the end of a sentence, or with a credential
    ("Pump teaching done, will call back. Thank you! --QV", "QV"),
    ("Resting comfortably. Plan as above. --JK", "JK"),
    ("vss, voiding, ambulating.\n-tb rn", "tb"),
    # a kin word keeps its name; a title too, for device-like surnames
    ("Wife Hawkins called for update.", "Hawkins"),
    ("Dr. Swan aware of K 3.1.", "Swan"),
    ("Wife Cullen called at 1400. Seen by Mary Clark RN.", "Cullen"),
    ("Seen by JOHN SMITH III today.", "JOHN SMITH"),
    ("anne bouchard (daughter) called, updated.\npt resting.\nplan: cont abx.", "anne bouchard"),
]


@pytest.mark.parametrize("text,span", FLAGGED)
def test_flagged(engine, text, span):
    got = names(engine, text)
    assert covered(text, span, got), f"{span!r} not flagged: {[text[a:b] for a, b in got]}"


NOT_FLAGGED = [
    # exam signs with their result, classes with a letter
    "Neer +, Hawkins +, empty can 4/5 R; Speed (-).",
    "Tinel (-) at wrist, Phalen (+) at 45 s.",
    "Duodenal bx x 6: Marsh 3b villous atrophy.",
    # devices: the catheter alone, with its side, the lens
    "CI 2.4-2.8 by Swan, PAD 16-20. Swan d/c'd at 1400.",
    "Skin: Hickman R chest, dsg changed, site clean.",
    "Irrigated 1 L NS w/ Morgan lens after proparacaine.",
    # public insurance programs, a language after a verb opening a sentence
    "Pt's Medicaid ID verified; Medicare A/B on file.",
    "Lives alone w/ daughter nearby. Speaks English/Russian - no interpreter needed.",
    # a kin word ending a sentence is no context for the next one
    "Met w/ daughter. Speaks Spanish. Plan reviewed.",
    # words after a sentence, not initials; a service's abbreviation
    "Meds given. --ICU\n",
    "Plan: d/c tomorrow. --OK",
    "Done. --RN",
    "Vitals stable. --AB and more words on the same line.",
    "LT. Pain 4/10 at incision. Det. CT head neg.",
    "Nodule followed per Fleischner criteria. 24 y/o F BIBA after fall.",
    # signs with their result after them (one word or two), classes, eponymous diseases and devices
    "Lachman 2+, McMurray neg, Thessaly equivocal. Cullen neg, Grey Turner neg.",
    "Hip: FABER (Patrick) + L, Ober neg. Dix-Hallpike + R.",
    "Derm: Clark level III, Koebner +. Mallory-Weiss tear. Heberden nodes.",
    "Hx: Raynaud, Sjogren, Behcet. Impella CP at P8.",
    "Timed Up and Go 16 s. Morse fall scale 55. Hughes disability grade 4.",
    "LVAD clinic. Mild DOE NYHA II. Apheresis via R Hickman-type catheter.",
    "No new lesions. FHx: father w/ melanoma. Schirmer deferred. Balthazar E, CTSI 8.",
    "CXR: small L effusion, Hampton hump, no Kerley B lines.",
    # procedures, scales and headings
    "Mohs surgery R nasal ala; Mohs defect closed primarily.",
    "Fitzpatrick II, multiple AKs on scalp.",
    "Fetal position: cephalic by Leopold's (prelim).",
    "OTOLARYNGOLOGY NEW PT CONSULT\nSinus sx x 3 mo.",
    "STENT TO MID LAD,\nTIMI 3 FLOW POST. SAH IN BILATERAL SYLVIAN FISSURES.",
    "repeat cxr in am; diagnostic thora if effusion >1 cm.",
]


@pytest.mark.parametrize("text", NOT_FLAGGED)
def test_jargon_unflagged(engine, text):
    got = names(engine, text)
    assert not got, [text[a:b] for a, b in got]


@pytest.mark.parametrize("text", [
    "Supraspinatus 4/5 R, empty can 4/5 (L); grip 5/5 bilat.",
    "SLR + L at 45 deg. L EHL 4/5, dec sensation L.",
    "patient global 6/10, provider global 5/10, cravings 2/10 most days.",
    "Pleur-evac with air leak 2/7, to -20 suction.",
    "Empty can + w/ pain, mild weakness 4/5. Drop arm neg.",
])
def test_grades_and_ratings_are_no_date(engine, text):
    assert not [f for f in engine.detect(text) if f.entity == "date"]


@pytest.mark.parametrize("text,span", [
    ("Ann Kowalski PT\nJ. Moreau, OT", "Ann Kowalski"),
    ("Device interrogated 2/10. Home Health to start 6/10.", "6/10"),
])
def test_names_and_dates_kept(engine, text, span):
    got = [(f.start, f.end) for f in engine.detect(text) if not f.protected]
    assert covered(text, span, got)
