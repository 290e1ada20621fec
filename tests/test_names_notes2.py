"""Names as notes in capitals, in lower case and in messy typing hide them, read the way the engine
reads them (notes wholly in capitals or lower case through the cased view, scrub.truecase), and
jargon that must stay unflagged. Every text is hand-written and fictitious."""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.names import NameDetector
from scrub.engine import Scrubber
from scrub.types import Document

DET = NameDetector()
ENG = Scrubber(spacy=False)


def spans(text, threshold=0.7):
    doc = ENG._cased(Document(text))  # the view the detectors read (same offsets)
    return [text[f.start:f.end] for f in arbitrate(DET.detect(doc), threshold, doc.text)]


def covered(text, want):
    s = text.index(want)
    e = s + len(want)
    got = spans(text)
    doc = ENG._cased(Document(text))
    found = arbitrate(DET.detect(doc), 0.7, doc.text)
    chars = set(range(s, e))
    for f in found:
        chars -= set(range(f.start, f.end))
    return [i for i in sorted(chars) if text[i].isalnum()], got


_CAPS_PAD = "\nPATIENT SEEN IN TRIAGE, VITALS STABLE, AWAITING LABS AND CHEST FILM.\n"
_LOW_PAD = "\npt seen this am, resting comfortably, vitals stable, awaiting labs and films.\n"

# (text, the whole span that must be covered by name findings)
POSITIVES = [
    # a lower-case middle initial between a first name and a surname, in capitals and lower case
    ("PT NAME: ROSALIND J. HARGREAVES-BELL   DOB: 02/11/2001" + _CAPS_PAD, "ROSALIND J. HARGREAVES-BELL"),
    ("pt name: rosalind j. hargreaves   dob: 02/11/2001" + _LOW_PAD, "rosalind j. hargreaves"),
    ("patient: walter p. kowalczyk, 81 y/o" + _LOW_PAD, "walter p. kowalczyk"),
    # a kin word, a common first name and a surname
    ("CONTACT: SON GRANT WHITFIELD (HCP) 508.555.0100 CELL." + _CAPS_PAD, "GRANT WHITFIELD"),
    ("contact: daughter hope delacroix (hcp) 508.555.0100" + _LOW_PAD, "hope delacroix"),
    # a common first name after a kin word, in lower case
    ("pt lives with her husband and adult son mark at home." + _LOW_PAD, "mark"),
    ("daughter grace to bring in paperwork tomorrow." + _LOW_PAD, "grace"),
    ("pt's wife joy at bedside, updated on plan." + _LOW_PAD, "joy"),
    # a first name before a capitalized surname (the cased view capitalizes only the surname)
    ("FACILITY NURSE FRANK NAKAMURA-BELL AT EXT 4471." + _CAPS_PAD, "FRANK NAKAMURA-BELL"),
    # an initial in lower case before a surname the cased view capitalized
    ("TRIAGE RN: M. WOJCIECHOWSKI" + _CAPS_PAD, "M. WOJCIECHOWSKI"),
    (_LOW_PAD + "-- r. nakamura, licsw\n", "r. nakamura"),
    # a nick name in quotes, in lower case, inside a name
    ('sw met with pt, mrs. dolores "lola" castellanos, 71 y/o' + _LOW_PAD, 'dolores "lola" castellanos'),
    ('Met with Mr. Ignatius "iggy" Brennan at bedside.', 'Ignatius "iggy" Brennan'),
    # double first names
    ("pt's son called re his mom (pt anne-marie kowalski, dob 1/2/2009)", "anne-marie kowalski"),
    ("Seen with Jean-Paul Marchetti today.", "Jean-Paul Marchetti"),
    # a lower-case first name and surname before a credential
    ("appt made 6/8 at 10:30 w/ gwen ferraro np. son ok w/ plan.", "gwen ferraro"),
    ("f/u w/ dolores castellanos, rn tomorrow. ED precautions given.", "dolores castellanos"),
    # sign-off initials on the last line
    ("Agrees with plan, hold oxybutynin.\n-- jtw\n", "jtw"),
    ("Seen & discussed w/ attending.\n--RMB, CNM\n", "RMB"),
    ("VSS overnight.\n-PK RN\nNext shift aware.", "PK"),
    ("Tolerating diet.\n— dlh\n", "dlh"),
    # a surname listed also as a degree abbreviation, written as a name
    ("Attending: Rhiannon Hale, MD   Fellow: Ngozi Obi, MD", "Ngozi Obi"),
]


@pytest.mark.parametrize("text,want", POSITIVES)
def test_names_found(text, want):
    left, got = covered(text, want)
    assert not left, (want, got)


# (text, a string that must not be (part of) a name finding)
NEGATIVES = [
    ("Diuresed, net negative 6.1 L. Swan-Ganz not required.", "Swan-Ganz"),
    ("Output 2 L. Foley draining clear.", "Foley"),
    ("FHT baseline 135, +accels, Cat I. Toco q2-3 min.", "Cat"),
    ("Tracing Cat II. Pitocin off, then Cat I. again.", "Cat"),
    ("Grade I. ankle sprain", "Grade"),
    ("Date: 01/09/2123  Unit: 11 West   Bed 4", "West"),
    ("Transferred to 6 North after the procedure.", "North"),
    ("Seen on 4 East, then 7 South.", "East"),
    ("son will bring paperwork tomorrow." + _LOW_PAD, "will"),
    ("daughter may visit later today." + _LOW_PAD, "may"),
    ("son states pt more confused today." + _LOW_PAD, "states"),
    ("wife called, aware of plan." + _LOW_PAD, "called"),
    ("Discussed with case manager Lorraine Price.", "case manager"),
    ("appt tomorrow w/ np. son ok w/ plan.", "w/ np"),
    ("pain control per rn. discussed with charge rn.", "charge"),
    ("Plan:\n- DNR\n- NPO\n- IVF\n", "NPO"),
    ("Plan:\n-- NPO after midnight\n-- IVF\nFamily aware.", "NPO"),
    ("Will call back.\n-- ok\n", "ok"),
    ("Dressing changed.\n-- end of note\n", "end"),
    ("Continue current regimen per MD.\n- PT RN aware\n", "PT"),
]


@pytest.mark.parametrize("text,bad", NEGATIVES)
def test_jargon_not_a_name(text, bad):
    s = text.index(bad)
    e = s + len(bad)
    doc = ENG._cased(Document(text))
    found = arbitrate(DET.detect(doc), 0.7, doc.text)
    hits = [text[f.start:f.end] for f in found if f.start < e and s < f.end]
    assert not hits, hits
