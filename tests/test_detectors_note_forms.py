"""Dates, ages, phones and record numbers as clinical notes write them, and the jargon that is none.

Every passage is fictitious and hand-written in the style of ICU, consult and discharge notes
(date-shifted test sets such as i2b2 put years far ahead: "2/14/2110"). Each row names what the
date, age, phone and identifier detectors must flag at the default threshold (0.7) and what
they must leave alone.
"""
from __future__ import annotations

import pytest

from scrub.detectors.ages import AgeDetector
from scrub.detectors.contact import ContactDetector
from scrub.detectors.dates import DateDetector
from scrub.detectors.ids import IdDetector
from scrub.detectors.phones import PhoneDetector
from scrub.types import Document

DETECTORS = (DateDetector(), AgeDetector(), PhoneDetector(), IdDetector(), ContactDetector())
THRESHOLD = 0.7


def _flagged(text: str) -> list[tuple[int, int, str]]:
    return [(c.start, c.end, c.entity) for d in DETECTORS for c in d.detect(Document(text=text))
            if c.likelihood >= THRESHOLD]


def _covered(found, text: str, part: str, entity: str | None) -> bool:
    """`part` (its first occurrence) is wholly inside one finding (of `entity`, when given)."""
    s = text.index(part)
    e = s + len(part)
    return any(a <= s and e <= b and (entity is None or ent == entity) for a, b, ent in found)


def _touched(found, text: str, part: str) -> bool:
    s = text.index(part)
    e = s + len(part)
    return any(a < e and s < b for a, b, _ in found)


# (passage, [(entity, text that must be flagged)], [text that must not be touched])
CASES = [
    # ---- date-shifted years (i2b2/MIMIC style): full dates with years 2100-2199
    ("Admitted 2/14/2110 for CHF exacerbation, diuresed with Lasix 40 mg IV.",
     [("date", "2/14/2110")], ["40 mg"]),
    ("Record date: 2110-2-14\nCC: chest pain", [("date", "2110-2-14")], []),
    ("Seen 3-19-2161 in clinic; BP 110-130/60-70, HR 80s.",
     [("date", "3-19-2161")], ["110-130/60-70", "80s"]),
    ("Cath on June 3, 2134 showed 3VD; Cath 2109 films reviewed.",
     [("date", "June 3, 2134")], ["2109"]),
    ("Last colonoscopy 12/2095, normal. Repeat due 2105.", [("date", "12/2095")], ["2105"]),
    ("EKG 14.03.2150 unchanged from prior.", [("date", "14.03.2150")], []),
    ("Sent from rehab on the 3rd of June, 2150 with a stage 2 sacral ulcer.",
     [("date", "3rd of June, 2150")], ["stage 2"]),
    ("Lines: R IJ placed 2140-05-02T10:22, day 4.", [("date", "2140-05-02T10:22")], []),
    ("Record date: 2088-09-24", [("date", "2088-09-24")], []),
    # ---- the numbers of a nursing note that are no dates
    ("ABG 7.41/38/102 on 40% FiO2, weaned to 35%.", [], ["7.41/38/102", "40%"]),
    ("I/O 1200/800 for the shift, Foley draining 2110 mL since midnight.",
     [], ["1200/800", "2110 mL"]),
    ("Strength 5/5 throughout, 2/6 SEM at LUSB, pulses 2+ bilat.", [], ["5/5", "2/6"]),
    ("Pain 3/10 after dilaudid, NS at 75/hr, K+ 3.8, Mg 2.1, given 1/2 amp D50.",
     [], ["3/10", "3.8", "2.1", "1/2"]),
    ("Turned q2h, 0300 temp 38.2, 7a-7p shift uneventful.", [], ["0300", "38.2", "7a-7p"]),
    ("Colonoscopy in 12/2095 and again in 11/2105, both clean.",
     [("date", "12/2095"), ("date", "11/2105")], []),
    ("Jan 5 2100 mL out via chest tube.", [("date", "Jan 5")], ["2100 mL"]),
    # ---- exam scores named before a bare m/d
    ("MS: A&Ox3, naming 3/6, delayed recall 1/5, MoCA 24/30.", [], ["3/6", "1/5", "24/30"]),
    ("Deltoids 4/5, grip 4+/5, hip flexors 3/5 on the L.", [], ["4/5", "3/5"]),
    ("Orientation: 3/3, attention 5/5, registration 3/3.", [], ["3/3", "5/5"]),
    # ---- real bare dates after date words, with d/c, f/u and s/p (slashes of their own)
    ("Pt seen on 3/6 by surgery, d/c 3/15, f/u 4/2 with PCP.",
     [("date", "3/6"), ("date", "3/15"), ("date", "4/2")], []),
    ("s/p CABG 3/14, Coumadin held since 3/20.", [("date", "3/14"), ("date", "3/20")], ["CABG"]),
    # ---- ages over 89 as notes write them
    ("92 yo M with afib on Coumadin, INR 2.3.", [("age", "92")], ["2.3"]),
    ("93yF s/p mechanical fall at Greenbriar, T 99 F.", [("age", "93")], ["99 F"]),
    ("HPI: 91yoM with CHF, EF 25%.", [("age", "91")], ["25%"]),
    ("age 91, lives with daughter.", [("age", "91")], []),
    ("Pt 47yF with asthma; 18 F Foley placed.", [], ["47", "18 F"]),
    # ---- pagers, record and unit numbers
    ("Please page Dr. Lee at pager #12345 with questions.", [("phone", "12345")], []),
    ("Call beeper 4-1234 if SBP < 90.", [("phone", "4-1234")], ["90"]),
    ("Paged covering MD, p# 34567, no callback yet.", [("phone", "34567")], []),
    ("KCl 20 meq x2 and Mg x1; resident at x4-5678, office 617-555-0123 x22.",
     [("phone", "4-5678"), ("phone", "617-555-0123 x22")], ["x2", "x1"]),
    ("MRN: 0012345   Unit No: 123-45-67", [("mrn", "0012345"), ("mrn", "123-45-67")], []),
    ("Hosp # 445566, admitted via ED.", [("mrn", "445566")], []),
    ("Hosp course complicated by 2 falls and a 3 day stay in the MICU.", [], ["2 falls", "3 day"]),
]


@pytest.mark.parametrize("text,must,must_not", CASES, ids=[c[0][:40] for c in CASES])
def test_note_forms(text, must, must_not):
    found = _flagged(text)
    for entity, part in must:
        assert _covered(found, text, part, entity), f"{part!r} not flagged as {entity}"
    for part in must_not:
        assert not _touched(found, text, part), f"{part!r} flagged"


def test_month_year_after_a_reading_is_no_date():
    """A shifted month/year ("12/2150") after an intake or a reading word is a quantity."""
    for text in ("Intake 12/2150 today.", "I/O 12/2150 today", "ratio 1/2100"):
        assert not _flagged(text), text


# ---- cost per document: returning early changes nothing that is found

#: documents without what a detector's gate needs, paired with a twin that has it
EARLY = [
    ("Patient seen today, doing well.", "Patient seen today 3/14/2110, doing well."),
    ("Resting comfortably, no complaints overnight.", "Resting comfortably, no complaints since March 3rd."),
    ("Family at bedside, updated by team", "Family at bedside, updated by team, call 617-555-0123"),
    ("Pt ambulating in hall w/ PT", "Pt ambulating in hall w/ PT, MRN: 00123456"),
    ("no email on file", "email on file: jdoe@example.org"),
]


@pytest.mark.parametrize("plain,with_id", EARLY)
def test_early_return_only_where_nothing_can_match(plain, with_id):
    assert _flagged(plain) == []
    assert _flagged(with_id), with_id
