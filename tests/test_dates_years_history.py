"""Shifted years standing alone in a record whose dates are of their era: a history list's item
("PMH: 1. HTN 2. L MCA stroke 2082,"), a study before its result ("Cath 2109 showed"), an event
after a count ("CABG x3 in 2105"); and their twins that stay numbers. Fictitious texts."""
import pytest

from scrub.detectors.dates import DateDetector
from scrub.types import Document

DET = DateDetector()


def dates(text):
    return {text[c.start:c.end] for c in DET.detect(Document(text)) if c.likelihood >= 0.7}


@pytest.mark.parametrize("text, year", [
    ("Seen 3/2/2091.\nPMH: 1. DM2 2. CKD 3 3. R MCA stroke 2084, mild L weakness", "2084"),
    ("Admitted 4/11/2120. Echo 4/12/2120: EF 30%. Cath 2119 showed 2VD.", "2119"),
    ("Visit 6/1/2107. s/p CABG x2 in 2101 at an outside hospital.", "2101"),
])
def test_years_of_the_record_found(text, year):
    assert year in dates(text)


@pytest.mark.parametrize("text, number", [
    ("Seen 3/2/2091.\nPMH: 1. DM2 2. CKD 3. Intake 2084 mL yesterday", "2084"),
    ("Admitted 4/11/2120. Cath 2119 started, sheath out at 2245.", "2119"),
    ("Visit 6/1/2107. Risk about 1 in 2101 per year.", "2101"),
])
def test_numbers_stay_numbers(text, number):
    assert number not in dates(text)
