"""Dates (keep month and year, keep year, shift per subject) and ages over 89."""
from __future__ import annotations

import datetime as dt

import pytest

from replace_support import FixtureLexicon
from scrub.config import Config
from scrub.replace import Replacer
from scrub.replace import dates
from scrub.types import Document, Finding

LEX = FixtureLexicon()


def replacer(**sections) -> Replacer:
    return Replacer.from_config(Config({"replace": sections}), b"dates-test-key", lexicon=LEX)


def one(text: str, r: Replacer, entity: str = "date", subject: str | None = None) -> str:
    return r.replace(Document(text, "doc-1", subject=subject),
                     [Finding(0, len(text), entity, 0.9, "t")]).text


@pytest.mark.parametrize("original, month_year, year", [
    ("Wednesday, February 2, 1994", "February, 1994", "1994"),   # Figure 108
    ("05/26/86", "05/86", "1986"),                               # Figure 108
    ("March 1, 1991", "March, 1991", "1991"),
    ("3/1/91", "3/91", "1991"),
    ("1-MAR-91", "MAR-91", "1991"),
    ("03-01-91", "03-91", "1991"),
    ("1994-02-02", "1994-02", "1994"),
    ("2 February 1994", "February 1994", "1994"),
    ("the 2nd of March, 1991", "March, 1991", "1991"),
    ("June of 1993", "June of 1993", "1993"),
    ("March 1st", "March", "[DATE]"),
    ("first of March", "March", "[DATE]"),
    ("Feb '91", "Feb '91", "1991"),
    ("14/03/2004", "03/2004", "2004"),
    ("March 1, 1991 10:30", "March, 1991", "1991"),
    ("2023-03-01T10:30:00Z", "2023-03", "2023"),
    ("05/26/86 at 3:15 pm", "05/86", "1986"),
    ("Wednesday", "Wednesday", "Wednesday"),
])
def test_keep_month_year_and_keep_year(original, month_year, year):
    """Figure 108's month-and-year, and the year alone, in the original's style."""
    assert one(original, replacer()) == month_year
    assert one(original, replacer(date={"strategy": "keep_year"})) == year


@pytest.mark.parametrize("original", [
    "Wednesday, February 2, 1994", "05/26/86", "March 1, 1991", "1-MAR-91", "1994-02-02",
    "the 2nd of March, 1991", "Feb. 2, 94", "12/31/1999", "05/26/86 at 3:15 pm",
])
def test_shift_keeps_format(original):
    """A shifted date is written like the original (same separators, widths, month style) and
    names the right weekday."""
    out = one(original, replacer(date={"strategy": "shift"}))
    assert out != original
    if " at " in original:  # the time of day is kept by a shift
        assert out.endswith(" at 3:15 pm")
        original, out = original.split(" at ")[0], out.split(" at ")[0]
    p, q = dates.parse(original), dates.parse(out)
    assert q is not None
    assert [t.kind for t in p.toks] == [t.kind for t in q.toks]
    assert [t.text for t in p.toks if t.kind == "L"] == [t.text for t in q.toks if t.kind == "L"]
    assert [len(t.text) for t in p.toks if t.kind == "Y"] == \
        [len(t.text) for t in q.toks if t.kind == "Y"]
    padded = [t.text.startswith("0") for t in p.toks if t.kind in "mD"]
    if any(padded):
        assert all(len(t.text) == 2 for t in q.toks if t.kind in "mD")
    if original.startswith("Wednesday"):
        d = dt.date(q.year, q.month, q.day)
        assert out.startswith(d.strftime("%A"))


def test_shift_preserves_intervals_per_subject():
    """All dates of one subject move by one keyed offset (intervals survive); other subjects
    move by other offsets; the offset lies within shift_days and is never 0."""
    r = replacer(date={"strategy": "shift", "shift_days": 100})
    a = [dates.parse(one(t, r, subject="patient-7")) for t in ("01/10/2001", "03/15/2001")]
    da = [dt.date(p.year, p.month, p.day) for p in a]
    assert (da[1] - da[0]).days == (dt.date(2001, 3, 15) - dt.date(2001, 1, 10)).days
    offsets = {r.shift_for(f"patient-{i}") for i in range(30)}
    assert len(offsets) > 20 and 0 not in offsets and all(-100 <= o <= 100 for o in offsets)
    assert (da[0] - dt.date(2001, 1, 10)).days == r.shift_for("patient-7")


def test_unreadable_date_is_never_kept():
    """A date the parser cannot read keeps only its year, or becomes a tag."""
    assert one("Spring 1994 (late)", replacer()) == "1994"
    assert one("the day after", replacer()) == "[DATE]"


@pytest.mark.parametrize("original, expected", [
    ("92", "90+"),
    ("92-year-old", "90-plus-year-old"),
    ("92 years old", "90 or older"),
    ("age 92", "age 90 or older"),
    ("95 yo", "90+ yo"),
    ("ninety-two", "ninety or older"),
    ("Ninety-two year old", "Ninety or older"),
    ("89", "89"),
    ("47 year old", "47 year old"),
])
def test_ages_over_89(original, expected):
    """Ages over 89 become "90 or older" in the original's style; younger ages are kept."""
    assert one(original, replacer(), "age") == expected


def test_digits_int_cannot_read_are_no_number():
    """The `regex` module's Unicode tables are newer than Python's: a digit only they know
    (U+1CCF0) is matched by \\d but int() rejects it. Such a span states no age and no date."""
    from scrub.replace import dates
    assert dates.age_value("0000\U0001ccf0") is None
    assert dates.parse("3/\U0001ccf0/2020") is None
    assert dates.age_value("92") == 92


def test_age_threshold_configurable():
    """max_age moves the cap."""
    assert one("85", replacer(age={"max_age": 79}), "age") == "80+"
