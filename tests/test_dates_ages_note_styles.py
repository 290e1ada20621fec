"""Dates and ages as real notes hide them, in every house style (CAPITALS, lower case, shorthand).

Hand-made, fictitious variants: a full date before a "Unit:" label, a month/day after a past-tense
verb ("faxed 2/14"), a month abbreviation alone in lower case ("had one in feb."), a year of a
date-shifted record standing alone in an event's context ("S/P CABG 2081"), a pain score named by
its symptom ("CHEST PRESSURE ..., 7/10"), and an old age said with "is" ("she is 92, lives w/ son").
Each positive has a negative twin of clinical jargon that must stay unflagged.
"""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.ages import AgeDetector
from scrub.detectors.dates import DateDetector
from scrub.types import Document

DATES = DateDetector()
AGES = AgeDetector()


def spans(det, text, threshold=0.7):
    return [text[f.start:f.end] for f in arbitrate(det.detect(Document(text)), threshold, text)]


DATE_POSITIVES = [
    # (text, the date span found at the default threshold)
    # a full date before a label that is also a unit word ("Unit: 11 West")
    ("Date: 03/22/2141  Unit: 7 North", "03/22/2141"),
    ("DATE: 11/30/2097 UNIT: MICU", "11/30/2097"),
    ("visit 12/01/2160 Unit 4", "12/01/2160"),
    # month/day after a past-tense verb of paperwork and care
    ("Referrals faxed 2/14 to Hebrew Rehab", "2/14"),
    ("FORMS SIGNED 3/8 BY DAUGHTER", "3/8"),
    ("consent signed 11/2 by son", "11/2"),
    ("packet mailed 6/9.", "6/9"),
    ("referral sent 1/8 to the SNF", "1/8"),
    ("IMM notice given 12/9 at 1100, signed", "12/9 at 1100"),
    ("PICC placed 4/3, pt extubated 4/5", "4/5"),
    # a month abbreviation alone after in/since/last, in lower case and in capitals
    ("also ?uti, had one in feb.", "feb."),
    ("no falls since jan per son", "jan"),
    ("last nov had pna", "last nov"),
    ("in sept. she fell at home", "sept."),
    ("IN FEB PT FELL AT HOME", "FEB"),
    ("symptoms began in june", "june"),
    # a year of a date-shifted record standing alone in an event's context
    ("HX CAD S/P CABG 2081, AFIB ON COUMADIN", "2081"),
    ("s/p TAH/BSO 2069", "2069"),
    ("status post appendectomy 2066, HTN", "2066"),
    ("hx MI 2075.", "2075"),
    ("One prior attempt (OD on Tylenol) in 2139, treated at", "2139"),
    ("IN 2139 SHE WAS ADMITTED", "2139"),
    ("- Prior delivery 2088 at St. Elizabeth's", "2088"),
    ("PREVIOUS C-SECTION 2091", "2091"),
    ("on dialysis since 2090", "2090"),
    ("dx 2145 with breast ca", "2145"),
    ("CAD s/p cholecystectomy (2071), DM2", "2071"),
]


@pytest.mark.parametrize("text,span", DATE_POSITIVES)
def test_date_found_in_note_style(text, span):
    assert span in spans(DATES, text), spans(DATES, text, 0.0)


DATE_NEGATIVES = [
    # clock times that read as shifted years: at, @, since, until, due, ranges, "2030 meds"
    "NPO since 2100", "sleeping since 2130", "pt medicated at 2100", "lasix given @2130",
    "next dose due 2100", "2030 meds given", "2100-0700 shift uneventful", "until 2145 then",
    "prior to 2100", "last dose 2100", "s/p lasix 40 at 2100", "Addendum 2115: pt resting",
    # volumes and rates
    "I/O 2080/1500", "total 2080 mL", "UOP 2090 for shift", "1 in 2100 births", "in 2100 mL",
    "MA 02169", "WBC 12 (2088)",
    # years below the shifted range stay below the threshold (HIPAA keeps years)
    "hypertension diagnosed in 2018",
    # month-like shorthand in lower case
    "documented in mar", "no change in dec", "you may go in may",
    # symptom severity scores
    "C/O SUBSTERNAL CHEST PRESSURE SINCE APPROX 2000, 7/10, RADIATING TO L ARM",
    "c/o abd cramping 6/10", "headache, sharp, 8/10",
    # fractions after the new verbs
    "given 1/2 tab", "given 1/2 NS", "received 1/3 of dose", "completed 3/4 of meal",
    # a late year glued to a day by blanks only, before a unit: the volume stays a volume
    "Jan 5 2100 units",
]


@pytest.mark.parametrize("text", DATE_NEGATIVES)
def test_note_jargon_is_no_date(text):
    found = spans(DATES, text)
    if text == "Jan 5 2100 units":
        assert found == ["Jan 5"]
    else:
        assert found == [], found


AGE_POSITIVES = [
    ("she is 92, lives w/ son in town", "92"),
    ("SHE IS 97 AND LIVES ALONE", "97"),
    ("pt is 101.", "101"),
    ("mother's 94 and still drives", "94"),
    ("husband was 93; died last year", "93"),
    ("Patient is 90 years of age", "90 years"),
]


@pytest.mark.parametrize("text,span", AGE_POSITIVES)
def test_old_age_said_with_is(text, span):
    assert span in spans(AGES, text), spans(AGES, text, 0.0)


AGE_NEGATIVES = [
    "pt is 92% on RA", "pt is 95 on 2L", "HR is 92, sat is 95", "she is 92 kg",
    "she is 98.6", "dose is 100 mg", "this 91, that", "she is 45, lives alone",
    "BP is 100/60", "he is 96 lbs",
]


@pytest.mark.parametrize("text", AGE_NEGATIVES)
def test_readings_after_is_are_no_age(text):
    assert spans(AGES, text) == []
