"""Phone forms of clinical notes (scrub.phones.v1): internal extensions written against an "x"
or after "ext", a pager written "p" on a sign-off line, an interpreter's ID number; and the
counts, doses, times and p-values that must stay unflagged. All examples are hand-made and
fictitious."""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.phones import PhoneDetector
from scrub.types import Document

DET = PhoneDetector()


def found(text, threshold=0.7):
    return [(text[f.start:f.end], f.entity, f.why)
            for f in arbitrate(DET.detect(Document(text)), threshold, text)]


POSITIVES = [
    # (text, expected span, reason)
    ("--RKowalczyk, OT x7312\n", "x7312", "template:glued-extension"),
    ("questions to the billing office (x5-1187).", "x5-1187", "template:glued-extension"),
    ("Call X40921 for the unit clerk", "X40921", "template:glued-extension"),
    ("S. Brandt, PT x4410", "x4410", "template:glued-extension"),
    ("Case manager ext. 3390, Mon-Fri", "3390", "template:ext-short"),
    ("SW: M. Oyelaran, LICSW, ext 27716", "27716", "template:ext-short"),
    ("reach the CM at extn: 6120.", "6120", "template:ext-short"),
    ("T. Nakamura MD, Cardiology, p 38817\n", "38817", "context:signoff-pager"),
    ("--D. Ferreira RN p 6-2291", "6-2291", "context:signoff-pager"),
    ("Yusuf Adebayo, NP, Surgery, p 1342\n", "1342", "context:signoff-pager"),
    ("B. Lindgren, PGY-2, p: 40110", "40110", "context:signoff-pager"),
    ("K. Marsh, RN, p 7790", "7790", "context:signoff-pager"),
    ("used phone interpreter (Ana, #40317) for consent", "40317", "context:interpreter-id"),
    ("Interpreter ID 228104 present for teaching.", "228104", "context:interpreter-id"),
    ("Vietnamese interpreter, number 5521, at bedside", "5521", "context:interpreter-id"),
]


@pytest.mark.parametrize("text,span,why", POSITIVES)
def test_note_phone_forms(text, span, why):
    hits = found(text)
    assert any(s == span and w == why for s, _, w in hits), hits


NEGATIVES = [
    # counts, doses, durations after "x"
    "KCl 20 mEq x2 given, repeat x3 days",
    "ambulated 150 ft x 4 with RW",
    "Vanco 1g IV x1000 mg total",
    "abx x14d, then x1 more dose",
    "Nebs q4h x 24h",
    # "p" as a p-value, pulse, "after", or part of s/p
    "difference significant, p 0.05, n=40",
    "T 98.6 P 88 BP 122/76 RR 18",
    "s/p 2081 CABG, seen by MD",
    "UO 200cc p 1400 dose of lasix, RN aware",
    "Lasix given by RN p 1600.",
    "p 21944 without any sign-off before it",
    # ext as a joint's extension; a township's name
    "knee flex 95, ext 0-5, quad 4/5",
    "lives in Tokoza Ext 1426 near the clinic",
    # interpreter without an ID number, counts after '#'
    "interpreter used x2 today; #2 IV site ok",
    "Interpretation: #3 sinus rhythm",
    "Needs interpreter. #2 CXR 1200 read",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_note_jargon_is_no_phone(text):
    assert found(text) == [], found(text)
