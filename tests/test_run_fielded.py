"""scrub.fielded: the quasi-identifiers a note reveals about its subject, merged per subject, and
rendered back into the text at a generalization level."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from scrub import fielded
from scrub.fielded import Mention


@dataclass(frozen=True)
class F:
    """A finding as the engine gives it (only what fielded reads)."""

    start: int
    end: int
    entity: str
    parts: tuple = ()
    protected: bool = False


def _at(text: str, piece: str, entity: str, nth: int = 0) -> F:
    i = -1
    for _ in range(nth + 1):
        i = text.index(piece, i + 1)
    return F(i, i + len(piece), entity)


def _seen(text, findings=(), sex_of=None):
    return [(m.qi, m.value, text[m.start:m.end]) for m in
            fielded.mentions(text, findings, (), sex_of)]


@pytest.mark.parametrize("text, expected", [
    ("a 47 year old man", [("age", "47", "47"), ("sex", "M", "man")]),
    ("47-year-old female", [("age", "47", "47"), ("sex", "F", "female")]),
    ("47 yo M with chest pain", [("age", "47", "47"), ("sex", "M", "M")]),
    ("aged 47, she", [("age", "47", "47"), ("sex", "F", "she")]),
    ("a 7 and 6/12 year old girl", [("age", "7", "7 and 6/12"), ("sex", "F", "girl")]),
    ("a 45–49 year old", [("age", "45-49", "45–49")]),
    ("a 92 year old", [("age", "90+", "92")]),
    ("Mrs. Smith and her son", [("sex", "F", "Mrs."), ("sex", "F", "her")]),
    ("HER2 positive; Ms result", []),
    ("BP 120/80, 3 yrs ago", []),
    ("Peabody, MA 01960-1234", [("city", "Peabody, MA", "Peabody"), ("state", "MA", "MA"),
                                ("zip", "01960", "01960-1234")]),
])
def test_phrases(text, expected):
    """Ages, sex words, titles and place lines are read from text no detector claimed;
    dose-like numbers, lab names in capitals and a bare 'Ms' are not."""
    assert _seen(text) == expected


def test_findings_dates_split_into_birth_and_care():
    """A date after DOB / born is a birth year; other dates are dates of care; a ZIP, city and
    state finding in an address give the city its state."""
    t = "DOB: 05/26/86. Seen March 3, 2021 in Lynn, MA 01902."
    fs = [_at(t, "05/26/86", "date"), _at(t, "March 3, 2021", "date"), _at(t, "Lynn", "city"),
          _at(t, "MA", "state"), _at(t, "01902", "zip")]
    assert _seen(t, fs) == [("birth_year", "1986", "05/26/86"), ("care_year", "2021", "March 3, 2021"),
                            ("city", "Lynn, MA", "Lynn"), ("state", "MA", "MA"),
                            ("zip", "01902", "01902")]


def test_first_name_sex_only_for_the_named_subject():
    """A first name tells the subject's sex only where a heading names the subject (RE:,
    Patient:); the letter's writer's name does not."""
    t = "RE: Barry Cole\n\nSincerely,\nRonald Wright"
    fs = [F(4, 14, "full_name", (F(4, 9, "first_name"), F(10, 14, "last_name"))),
          F(28, 41, "full_name", (F(28, 34, "first_name"), F(35, 41, "last_name")))]
    assert _seen(t, fs, lambda w: {"Barry": "M", "Ronald": "M"}.get(w)) == [("sex", "M", "Barry")]


def test_merge_votes_per_subject():
    """Documents of one subject pool their values: the most frequent wins, ties go to the
    smallest, a missing attribute is '?', and a known city gives the state."""
    recs = [{"age": ["47"], "sex": ["F", "F", "M"], "city": ["Lynn, MA"]},
            {"age": ["48"], "sex": ["F"]}]
    row = fielded.merge_records(recs)
    assert row == {"age": "47", "birth_year": "?", "sex": "F", "zip": "?", "city": "Lynn, MA",
                   "state": "MA", "care_year": "?"}


def test_hierarchies_follow_the_documented_steps():
    """Ages 47 → 45-49 → 40-49 → 40-59 → *; ZIP masks a digit per level; city → state → *;
    years → decade → *; unknown values stay unknown up to *."""
    rows = [{"age": "47", "zip": "02151", "city": "Lynn, MA", "birth_year": "1986", "sex": "?"}]
    h = fielded.hierarchies(rows, ["age", "zip", "city", "birth_year", "sex"])
    assert [h["age"].generalize("47", i) for i in range(5)] == ["47", "45-49", "40-49", "40-59", "*"]
    assert [h["zip"].generalize("02151", i) for i in range(6)] == [
        "02151", "0215*", "021**", "02***", "0****", "*"]
    assert [h["city"].generalize("Lynn, MA", i) for i in range(3)] == ["Lynn, MA", "MA", "*"]
    assert [h["birth_year"].generalize("1986", i) for i in range(3)] == ["1986", "1980-1989", "*"]
    assert [h["sex"].generalize("?", i) for i in range(2)] == ["?", "*"]


@pytest.mark.parametrize("mention, original, level, top, value, after, rendered", [
    (Mention(0, 2, "age", "47", "phrase"), "47 year old", 1, 4, "45-49", "", "45–49 year old"),
    (Mention(0, 2, "age", "7", "candidate"), "7 and 6/12 year old", 1, 4, "5-9", "", "5–9 year old"),
    (Mention(0, 2, "age", "47", "phrase"), "47", 4, 4, "*", "", "[AGE]"),
    (Mention(0, 5, "zip", "02151", "finding"), "02151", 2, 5, "021**", "", "021**"),
    (Mention(0, 4, "city", "Lynn, MA", "finding"), "Lynn", 1, 2, "MA", "", "MA"),
    (Mention(0, 8, "birth_year", "1986", "finding"), "05/26/86", 1, 2, "1980-1989", "", "1980–1989"),
    (Mention(0, 3, "sex", "F", "pronoun"), "She", 1, 1, "*", " is well", "The patient"),
    (Mention(0, 3, "sex", "F", "pronoun"), "her", 1, 1, "*", " daughter", "the patient's"),
    (Mention(0, 3, "sex", "F", "pronoun"), "her", 1, 1, "*", " today", "the patient"),
    (Mention(0, 4, "sex", "F", "title"), "Mrs.", 1, 1, "*", "", "Mx."),
    (Mention(0, 5, "sex", "F", "first_name"), "Carol", 1, 1, "*", "", "[NAME]"),
    (Mention(0, 3, "sex", "M", "word"), "man", 1, 1, "*", "", "person"),
    (Mention(0, 2, "age", "47", "phrase"), "47", 0, 4, "47", "", "47"),
])
def test_render(mention, original, level, top, value, after, rendered):
    """Each quasi-identifier reads at its level: bands with an en dash, masked ZIPs, the
    state for a city, the decade for a year, a tag at the top, neutral words for sex."""
    assert fielded.render(mention, original, level, top, value, after) == rendered


@pytest.mark.parametrize("qi, text_value, table_value, finer", [
    ("age", "45–49", "45-49", False),
    ("age", "47", "45-49", True),
    ("age", "40-59", "45-49", False),
    ("zip", "021**", "021**", False),
    ("zip", "02151", "021**", True),
    ("sex", "F", "F", False),
    ("sex", "F", "*", True),
    ("city", "MA", "Lynn, MA", False),
    ("birth_year", "1980-1989", "1986", False),
    ("birth_year", "1986", "1980-1989", True),
])
def test_finer_than(qi, text_value, table_value, finer):
    """A value read from released text is finer than the table's when it narrows it."""
    assert fielded.finer_than(qi, text_value, table_value) is finer


def test_town_without_a_state_takes_the_lexicon_home_state():
    """A town named alone ("lives in Peabody") gets its state from `state_of_city`; without
    one, or for a town it does not know, the state is unknown ('?')."""
    t = "lives in Peabody and works in Springfield"
    fs = [_at(t, "Peabody", "city"), _at(t, "Springfield", "city")]
    homes = {"Peabody": "MA"}
    assert _seen(t, fs) == [("city", "Peabody, ?", "Peabody"), ("city", "Springfield, ?", "Springfield")]
    got = [(m.value) for m in fielded.mentions(t, fs, (), None, 30, homes.get)]
    assert got == ["Peabody, MA", "Springfield, ?"]
