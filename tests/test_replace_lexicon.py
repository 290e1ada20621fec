"""Replacement with the project's own word lists (scrub.lexicon): real names by sex and
frequency, real cities by state, the shipped three-digit ZIP populations."""
from __future__ import annotations

import pytest

lexicon = pytest.importorskip("scrub.lexicon")

from scrub.config import Config  # noqa: E402
from scrub.replace import Replacer  # noqa: E402
from scrub.types import Candidate, Document, Finding  # noqa: E402


@pytest.fixture(scope="module")
def lex():
    return lexicon.Lexicon.default()


@pytest.fixture(scope="module")
def r(lex):
    return Replacer.from_config(Config(), b"lexicon-test-key", lexicon=lex)


def one(r, text: str, entity: str) -> str:
    return r.replace(Document(text, "d"), [Finding(0, len(text), entity, 0.9, "t")]).text


def test_names_from_the_lists(r, lex):
    """First names keep their sex and surnames are listed surnames."""
    for name in ("Virginia", "Marjorie", "Patrick", "Frank"):
        out = one(r, name, "first_name")
        assert out != name and lex.is_first_name(out)
        assert lex.sex_of(out) == lex.sex_of(name)
    for name in ("Townsend", "Hayes", "Hodgkins"):
        out = one(r, name, "last_name")
        assert out != name and lex.is_surname(out)


def test_sprees_in_no_list(lex):
    """Sprees names are in neither the first-name nor the surname list."""
    r = Replacer.from_config(Config({"replace": {"names": "sprees"}}), b"k" * 16, lexicon=lex)
    for name in ("Virginia Townsend", "Patrick Hayes", "Marjorie Long"):
        for w in one(r, name, "full_name").split():
            assert not lex.is_first_name(w) and not lex.is_surname(w), w


def test_zip3_populations_shipped(r):
    """Boston's three-digit area (021) is kept; an area of 20,000 people or fewer becomes 000."""
    assert one(r, "02151", "zip") == "02100"
    small = [z for z in (f"{i:03d}" for i in range(1000))
             if (r.lists.zip3_population(z) or 0) and r.lists.zip3_population(z) <= 20000]
    assert small, "the shipped populations hold areas of 20,000 or fewer"
    assert one(r, small[0] + "12", "zip") == "00000"


def test_city_in_same_state(r):
    """A city in "Boston, MA" becomes another listed city of Massachusetts."""
    text = "Boston, MA"
    f = Finding(0, len(text), "location", 0.9, "t", parts=(
        Candidate(0, 6, "city", 0.9, "t"), Candidate(8, 10, "state", 0.9, "t")))
    out = r.replace(Document(text, "d"), [f]).text
    city = out.split(",")[0]
    assert city != "Boston" and out.endswith(", MA")
    assert city in r.lists.cities("MA").values


@pytest.mark.parametrize("original", ["Finland", "Massachusetts", "MA"])
def test_states_and_countries_found_as_places_are_kept(r, original):
    """A state or a country labelled as a place follows the state or country strategy (kept:
    HIPAA Safe Harbor allows both)."""
    assert one(r, original, "place") == original
