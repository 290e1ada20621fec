"""Places: ZIP codes generalized by the HIPAA three-digit rule, cities kept in their state,
streets, hospitals and organizations replaced from real lists or suppressed."""
from __future__ import annotations

import pytest

from replace_support import FixtureLexicon
from scrub.config import Config
from scrub.replace import Replacer
from scrub.types import Candidate, Document, Finding

LEX = FixtureLexicon()
CITIES = {}
for value, _ in LEX.weighted("places"):
    city, state = value.split("|")
    CITIES[city] = state
HOSPITALS = [v for v, _ in LEX.weighted("hospitals")]


class PopulationLexicon(FixtureLexicon):
    """The fixture lexicon with given three-digit ZIP populations, to pin the rule's boundary."""

    def __init__(self, populations):
        super().__init__()
        self.populations = populations

    def zip3_population(self, zip3):
        return self.populations.get(zip3)


def replacer(lexicon=LEX, **sections) -> Replacer:
    return Replacer.from_config(Config({"replace": sections}), b"places-test-key", lexicon=lexicon)


R = replacer()


def one(text: str, entity: str, r: Replacer = R) -> str:
    return r.replace(Document(text, "d"), [Finding(0, len(text), entity, 0.9, "t")]).text


@pytest.mark.parametrize("population, original, expected", [
    (20001, "02151", "02100"),
    (20000, "02151", "00000"),
    (None, "02151", "00000"),
    (350000, "02151-1234", "02100"),
    (350000, "021", "021"),
    (350000, "0215", "0210"),
])
def test_zip3_rule(population, original, expected):
    """ZIPs keep their first three digits (padded with zeros to the width written, as Figure
    108's 02100; a ZIP+4 loses its +4), and become 000 where the three-digit area holds 20,000
    people or fewer, or is unknown."""
    lex = PopulationLexicon({"021": population} if population is not None else {})
    assert one(original, "zip", replacer(lex)) == expected


def test_zip3_unpadded_and_threshold_option():
    """pad = false writes the three digits; min_population moves the threshold."""
    lex = PopulationLexicon({"021": 30000})
    assert one("02151", "zip", replacer(lex, zip={"pad": False})) == "021"
    assert one("02151", "zip", replacer(lex, zip={"min_population": 50000})) == "00000"


def block(text: str, parts: list[tuple[str, str]]) -> list[Finding]:
    cands = []
    for sub, entity in parts:
        i = text.index(sub)
        cands.append(Candidate(i, i + len(sub), entity, 0.9, "t"))
    return [Finding(0, len(text), "address_block", 0.9, "t", parts=tuple(cands))]


@pytest.mark.parametrize("city, state", [("Boston", "MA"), ("Nashua", "NH"), ("Salem", "MA")])
def test_city_stays_in_its_state(city, state):
    """A city in an address is replaced by a listed city of the same state; the state is kept."""
    text = f"{city}, {state} 02151"
    out = R.replace(Document(text, "d"), block(text, [(city, "city"), (state, "state"),
                                                      ("02151", "zip")])).text
    new_city, rest = out.split(", ")
    assert new_city != city and CITIES[new_city] == state
    assert rest.startswith(state + " ")
    # the same city alone gets the same pseudonym (its home state is its listed state)
    assert one(city, "city") == new_city


def test_city_to_state():
    """The "state" strategy generalizes a city to its state's name."""
    assert one("Boston", "city", replacer(city={"strategy": "state"})) == "Massachusetts"


def test_state_pseudonym_keeps_style():
    """A replaced state keeps its style: a USPS code stays a code, a name a name."""
    r = replacer(state={"strategy": "pseudonym"})
    code, name = one("MA", "state", r), one("Massachusetts", "state", r)
    assert len(code) == 2 and code.isupper() and code != "MA"
    assert name != "Massachusetts" and name[0].isupper() and len(name) > 3


@pytest.mark.parametrize("original, kept", [
    ("Huntington 18", []),
    ("221 Baker Street Apt 4", ["Street", "Apt"]),
    ("1108 Ross Clark Circle", ["Circle"]),
    ("PO Box 1423", ["PO", "Box"]),
    ("the corner of 25 Dili Gianni Street and King Forges", ["the", "corner", "of", "Street",
                                                             "and"]),
    ("1108 ROSS CLARK CIRCLE", ["CIRCLE"]),
])
def test_street(original, kept):
    """Street names are replaced, numbers keep their width, suffixes and units are kept."""
    out = one(original, "street")
    for w in kept:
        assert w in out.split()
    for w in original.split():
        if w not in kept:
            assert w not in out.split(), (w, out)
    assert [len(w) for w in out.split() if w.isdigit()] == \
        [len(w) for w in original.split() if w.isdigit()]


def test_organizations():
    """A company keeps its type word with a listed surname as its name ("Marina Corp" →
    "Garlaw Corp" in Figure 108); an organization without one is dropped, or tagged on request."""
    out = one("Marina Corp", "organization")
    head, suffix = out.rsplit(" ", 1)
    assert suffix == "Corp" and head != "Marina" and LEX.is_surname(head)
    out = one("Acme Widgets, Inc.", "organization")
    assert out.endswith(", Inc.") and LEX.is_surname(out[:-len(", Inc.")])
    assert one("U. S. Junior Gymnastics team", "organization") == ""
    tagged = replacer(organization={"fallback": "tag"})
    assert one("U. S. Junior Gymnastics team", "organization", tagged) == "[ORGANIZATION]"
    assert one("U. S. Junior Gymnastics team", "organization",
               replacer(organization={"strategy": "redact"})) == "[REDACTED]"


def test_hospitals():
    """A hospital's name becomes a listed hospital's (in the original's case); a short form with
    its possessive ("Brigham's") becomes a listed surname, as hospitals called by a short name
    mostly bear a founder's name."""
    full = one("St. John's Hospital", "hospital")
    assert full.upper() in HOSPITALS and full != full.upper()
    assert one("ST. JOHN'S HOSPITAL", "hospital").isupper()
    short = one("Brigham's", "hospital")
    assert short.endswith("'s") and "Brigham" not in short
    assert LEX.is_surname(short[:-2])


def test_city_keeps_state_written_after_it():
    """A city found on its own keeps the state written right after it ("Salem, NH" is not the
    listed Salem, MA), as when a runner opens an address into its parts."""
    text = "moved from Salem, NH to Salem"
    fs = [Finding(11, 16, "city", 0.9, "t"), Finding(18, 20, "state", 0.9, "t"),
          Finding(24, 29, "city", 0.9, "t")]
    out = R.replace(Document(text, "d"), fs).text
    first = out[len("moved from "):out.index(",")]
    last = out.rsplit(" ", 1)[1]
    assert CITIES[first] == "NH" and CITIES[last] == "MA"


@pytest.mark.parametrize("original, kind", [
    ("Lakeside Medicine", "Medicine"),
    ("Little Sprouts Daycare", "Daycare"),
    ("Harbor View Pediatrics", "Pediatrics"),
    ("Greenfield Counseling", "Counseling"),
])
def test_practices_keep_their_kind_word(original, kind):
    """A practice, school or agency keeps the word that says what it is ("X Medicine",
    "X Daycare") with a listed surname for its name, instead of leaving a hole in the note."""
    out = one(original, "organization")
    head, word = out.rsplit(" ", 1)
    assert word == kind and LEX.is_surname(head) and head not in original


@pytest.mark.parametrize("full, kind, short", [
    ("Sunny Acres Nursing Home", " Nursing Home", "Sunny Acres"),
    ("Hillcrest Manor", " Manor", "Hillcrest"),
    ("Bayada Home Health Care", " Home Health Care", "Bayada"),
])
def test_facility_short_form_matches_its_full_name(full, kind, short):
    """A facility keeps its kind word ("X Nursing Home"), and the short form a note uses later
    ("back to Sunny Acres") is a proper name that gets the same pseudo-value as the full name's
    head, so the replaced note still reads as one place."""
    whole = one(full, "organization")
    assert whole.endswith(kind)
    head = whole[:-len(kind)]
    assert head and head != short and LEX.is_surname(head)
    assert one(short, "organization") == head
