"""Names that notes in capitals, in lower case and in sloppy typing hide (a surname, a comma and a
first name after a label, with a nick name in quotes; a credential before an initial and a short
surname; two ordinary words after "pt:" before an age; "will", "june" after a kin word; glued
"k.dasilva" sign-offs; initials before a pager), and the jargon around them that must stay
unflagged (signs, French sizes, NYHA classes, credentials, scripture, services, contact labels).
Read the way the engine reads them (cased view for notes wholly in capitals or lower case).
Every text is hand-written and fictitious."""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.names import NameDetector
from scrub.engine import Scrubber
from scrub.types import Document

DET = NameDetector()
ENG = Scrubber(spacy=False)

_CAPS = "\nPATIENT SEEN IN TRIAGE, VITALS STABLE, AWAITING LABS AND CHEST FILM.\n"
_LOW = "\npt seen this am, resting comfortably, vitals stable, awaiting labs and films.\n"


def found(text):
    doc = ENG._cased(Document(text))  # the view the detectors read (same offsets)
    return arbitrate(DET.detect(doc), 0.7, doc.text)


def uncovered(text, want):
    s = text.index(want)
    chars = set(range(s, s + len(want)))
    for f in found(text):
        chars -= set(range(f.start, f.end))
    return [text[i] for i in sorted(chars) if text[i].isalnum()]


# (text, the span whose letters must all be covered by name findings)
POSITIVES = [
    # a surname, a comma and a first name after a label, and a nick name in parentheses and quotes
    ('PT: YOUNG, DOROTHY ("DOT")   MRN 00412233' + _CAPS, 'YOUNG, DOROTHY ("DOT'),
    ('PT: BAKER, FRANCES ("FRAN")  DOB 1/2/2070' + _CAPS, 'BAKER, FRANCES ("FRAN'),
    # a credential before an initial and a surname, also a short or an ordinary-word surname
    (_CAPS + "RN J. KO\n", "J. KO"),
    (_CAPS + "RN M. PARK", "M. PARK"),
    (_CAPS + "RN T. NGUYEN-LEE", "T. NGUYEN-LEE"),
    (_LOW + "rn k. park", "k. park"),
    # two ordinary words after a label, closed by an age, a parenthesis or a gap before the next field
    ("pt: rose hill, 62 y/o m." + _LOW, "rose hill"),
    ("patient: grace long, 80 yo f" + _LOW, "grace long"),
    ("pt: hope brown (hcp son)" + _LOW, "hope brown"),
    ("name: faith young  dob 4/4/1950" + _LOW, "faith young"),
    # a kin word, a name of the stop list ("will", "may", "june") and a surname before a contact
    (_LOW + "son will carter (cell 508 555 0199) at bedside.", "will carter"),
    (_LOW + "wife may king, 617-555-0101, at bedside.", "may king"),
    (_LOW + "daughter june price (hcp) updated.", "june price"),
    # a month's name alone after a kin word, before no number
    (_LOW + "daughter april visits daily", "april"),
    (_LOW + "son august in to visit", "august"),
    ("lives alone, daughter june lives next door, Pt states doing ok", "june"),
    # a lower-case name with a quoted nick name after a label
    ('pt: eleanor "nell" whitcombe  dob 3/3/31 (93 yo)  agency id 7', 'eleanor "nell" whitcombe'),
    ('patient: william "billy" kowalczyk, 88 yo' + _LOW, 'william "billy" kowalczyk'),
    ('pt: dorothy "dot" mcallister  dob 2/2/40' + _LOW, 'dorothy "dot" mcallister'),
    # an initial glued by its period to a surname at a sign-off
    ("Tolerating diet.\n-- m.okafor rn\n", "m.okafor"),
    ("Tolerating diet.\n~ r.nakamura lpn", "r.nakamura"),
    ("Tolerating diet.\nt.kowalski, rn", "t.kowalski"),
    ("next visit thurs.\n-- k.dasilva rn\n", "k.dasilva"),
    # initials in capitals before their pager at a line's start
    ("Case Management following.\nPV / pager 617-555-0144\n", "PV"),
    ("Tolerating diet.\nKM / pager 508-555-0142", "KM"),
    ("Tolerating diet.\nJTR / pgr 4-7731", "JTR"),
]


@pytest.mark.parametrize("text,want", POSITIVES)
def test_hidden_names_found(text, want):
    left = uncovered(text, want)
    assert not left, (want, [text[f.start:f.end] for f in found(text)])


# (text, a string no name finding may overlap)
NEGATIVES = [
    # an examination's sign, after neg/pos, in lower case and capitalized
    ("Lungs clear, neg Homans." + _LOW, "Homans"),
    (_LOW + "calves soft, neg homans sign bilat.", "homans"),
    ("Calves soft, negative Homans bilaterally.", "Homans"),
    ("Wrist: positive Spurling, neg Lhermitte.", "Spurling"),
    # a catheter's French size before a device
    ("Drains: two 15 Fr Blake drains to bulb suction.", "Blake"),
    ("Drains: two 19 Fr Blake drains.", "Fr"),
    # classes and stages in Roman numerals
    ("NYHA II-III symptoms on Eliquis.", "NYHA"),
    ("GOLD III-IV COPD, on home O2.", "III-IV"),
    # credentials after a name
    ("Rivera, Ana MS CCC-SLP", "MS CCC-SLP"),
    ("Fields, Jordan MS CCC-SLP / Ko, Lin-Yi OTR/L", "CCC-SLP"),
    # scripture in a chaplain's note
    ("read Psalm 23 and Psalms 91 with family.", "Psalm"),
    ("Offered prayer; read Psalm 121 per request.", "Psalm"),
    # a service after a credential and a comma
    ("Joy E., RN, Anticoagulation Management", "Anticoagulation"),
    ("Kim T., NP, Cardiology Clinic", "Cardiology"),
    # contact labels
    ("75 Francis Street, Boston | Tel 617-555-0100 | Fax 617-555-0101", "Tel"),
    ("Clinic\nTel (508) 555-0171 | Fax (508) 555-0172", "Tel"),
    # modals and months after kin words
    (_LOW + "son will call back tomorrow", "will"),
    (_LOW + "husband will cook, clean and drive", "cook"),
    (_LOW + "daughter may visit later", "may"),
    (_LOW + "daughter june 3rd appt", "june"),
    (_LOW + "wife will bring clothes (per pt)", "bring"),
    # labels before clinical words
    ("pt: alert, oriented x3" + _LOW, "alert"),
    ("pt: stable, afebrile" + _LOW, "stable"),
    ("pt: will go home" + _LOW, "will go"),
    ("pt: s. aureus bacteremia" + _LOW, "aureus"),
    ("md: e. coli uti" + _LOW, "coli"),
    # units and services before a pager, and list items
    ("Tolerating diet.\nICU / pager 508-555-0142", "ICU"),
    ("Tolerating diet.\nSW / pager 508-555-0142", "SW"),
    ("Plan:\n- d.c foley\n- ambulate", "d.c"),
]


@pytest.mark.parametrize("text,bad", NEGATIVES)
def test_jargon_not_flagged(text, bad):
    s = text.index(bad)
    e = s + len(bad)
    hits = [text[f.start:f.end] for f in found(text) if f.start < e and s < f.end]
    assert not hits, (bad, hits)
