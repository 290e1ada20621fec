"""TemplateMatcher's fast paths: templates of one pattern share a scan; anchored tries equal a scan."""
import pytest

from scrub.templates import Template, TemplateMatcher

TWINS = [
    # the same pattern twice, told apart by validators (as ages over 89 and younger)
    Template("t.big", "age", "[dd] yo", 0.95, validate="big"),
    Template("t.small", "age", "[dd] yo", 0.60, validate="small"),
    Template("t.ctx", "age", "age [dd]", 0.50, context=("patient",), context_boost=0.3),
]
VALIDATORS = {"big": lambda s: None if int(s) > 89 else False,
              "small": lambda s: None if int(s) <= 89 else False}
TEXT = "patient, age 47; a 92 yo man and a 47 yo woman; age 95"


def _one_by_one(text):
    return [c for t in TWINS for c in TemplateMatcher([t], "d", VALIDATORS).match(text)]


@pytest.mark.parametrize("text", [TEXT, "", "92 yo", "47 yo 99 yo 12 yo", "age 5 age 77 yo"])
def test_templates_of_one_pattern_share_a_scan(text):
    """Twins judged on one scan give the candidates (ids, likelihoods, order) of separate matchers."""
    assert TemplateMatcher(TWINS, "d", VALIDATORS).match(text) == _one_by_one(text)


def test_twins_keep_their_own_ids_and_verdicts():
    """Each twin keeps its id and likelihood, and only its own validator decides."""
    got = {(TEXT[c.start:c.end], c.why, c.likelihood) for c in TemplateMatcher(TWINS, "d", VALIDATORS).match(TEXT)}
    assert ("92", "template:t.big", 0.95) in got and ("47", "template:t.small", 0.6) in got
    assert ("92", "template:t.small", 0.6) not in got and ("47", "template:t.big", 0.95) not in got
    assert ("47", "template:t.ctx", 0.8) in got  # the context word raised it


def test_match_at_the_starts_of_a_scan_equals_the_scan():
    """Trying every template at the starts of its scan's matches finds the same candidates."""
    m = TemplateMatcher(TWINS, "d", VALIDATORS)
    scanned = m.match(TEXT)
    starts = sorted({TEXT.rfind("age", 0, c.start + 1) if c.why == "template:t.ctx" else c.start
                     for c in scanned})
    anchored = m.match_at(TEXT, [(s, len(TEXT)) for s in starts])
    assert sorted(anchored, key=lambda c: (c.start, c.why)) == sorted(scanned, key=lambda c: (c.start, c.why))


def test_match_at_elsewhere_finds_nothing_and_respects_the_end():
    """An anchor where no match starts gives nothing; a match must end by the anchor's end."""
    m = TemplateMatcher(TWINS, "d", VALIDATORS)
    assert m.match_at(TEXT, [(1, len(TEXT))]) == []
    at = TEXT.index("92")
    assert m.match_at(TEXT, [(at, at + 4)]) == []
    assert [c.why for c in m.match_at(TEXT, [(at, at + 5)])] == ["template:t.big"]
