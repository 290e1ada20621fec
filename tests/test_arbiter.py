"""The arbiter: per character, highest precedence, then greatest likelihood above the threshold."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from scrub.arbiter import arbitrate, rank_key
from scrub.types import Candidate as C

TEXT = "RE: Virginia Townsend lives in Virginia Beach, VA 23451 since 1993."


@pytest.mark.parametrize("cands, expected", [
    # higher precedence (full name, level 4) beats a state (level 6) even with lower likelihood
    ([C(4, 12, "state", 0.95, "addr"), C(4, 21, "full_name", 0.8, "names")],
     [(4, 21, "full_name")]),
    # same level: greater likelihood wins
    ([C(31, 39, "state", 0.75, "addr"), C(31, 39, "first_name", 0.85, "names")],
     [(31, 39, "first_name")]),
    # below threshold: nothing
    ([C(31, 39, "state", 0.5, "addr")], []),
    # at threshold: kept
    ([C(31, 39, "state", 0.7, "addr")], [(31, 39, "state")]),
    # the loser keeps the characters it still wins, trimmed to its alphanumeric core
    ([C(31, 45, "city", 0.8, "addr"), C(31, 39, "first_name", 0.9, "names")],
     [(31, 39, "first_name"), (40, 45, "city")]),
    # address block (level 3) takes the whole block from its parts
    ([C(31, 55, "address_block", 0.8, "addr"), C(47, 49, "state", 0.9, "addr"),
      C(50, 55, "zip", 0.9, "addr")], [(31, 55, "address_block")]),
    # equal everything but length: longer wins
    ([C(62, 66, "date", 0.8, "a"), C(56, 66, "date", 0.8, "b")], [(56, 66, "date")]),
])
def test_arbiter_table(cands, expected):
    """Each row pins one rule of the Figure 111 precedence."""
    got = [(f.start, f.end, f.entity) for f in arbitrate(cands, 0.7, TEXT)]
    assert got == expected


def test_protected_findings_win_and_are_marked():
    """A medical term wins its span from a weaker name guess and comes out protected."""
    text = "history of Hodgkins disease"
    out = arbitrate([C(11, 19, "last_name", 0.72, "names"),
                     C(11, 27, "medical_term", 0.9, "medical")], 0.7, text)
    assert [(f.entity, f.protected) for f in out] == [("medical_term", True)]


def test_tie_is_broken_by_detector_name():
    """Two identical proposals from different detectors: the verdict names the first detector."""
    out = arbitrate([C(0, 2, "state", 0.8, "zeta"), C(0, 2, "state", 0.8, "alpha")], 0.7, "MA")
    assert out[0].detector == "alpha"


spans = st.tuples(st.integers(0, 60), st.integers(1, 12), st.sampled_from(
    ["state", "full_name", "date", "address_block", "first_name", "medical_term", "zip"]),
    st.floats(0, 1), st.sampled_from(["a", "b", "c"]))


@settings(max_examples=300, deadline=None)
@given(st.lists(spans, max_size=25), st.randoms())
def test_no_overlap_and_order_independent(raw, rnd):
    """Any candidates in any order give the same non-overlapping findings."""
    text = TEXT
    cands = [C(s, min(len(text), s + n), e, round(l, 3), d) for s, n, e, l, d in raw]
    a = arbitrate(cands, 0.7, text)
    shuffled = list(cands)
    rnd.shuffle(shuffled)
    assert arbitrate(shuffled, 0.7, text) == a
    for x, y in zip(a, a[1:]):
        assert x.end <= y.start
    for f in a:
        assert f.likelihood >= 0.7


def test_rank_key_orders_precedence_first():
    """rank_key puts the block before the name before the rest."""
    cs = [C(0, 5, "zip", 0.99, "a"), C(0, 5, "full_name", 0.71, "a"), C(0, 5, "mailing_label", 0.7, "a")]
    assert [c.entity for c in sorted(cs, key=rank_key)] == ["mailing_label", "full_name", "zip"]


def test_possessive_leftover_is_dropped():
    """A loser's leftover possessive 's' never becomes a finding of its own."""
    text = "seen at Brigham's today"
    out = arbitrate([C(8, 15, "hospital", 0.9, "posting"), C(8, 17, "hospital", 0.82, "orgs")], 0.7, text)
    assert [(f.start, f.end) for f in out] == [(8, 15)]
