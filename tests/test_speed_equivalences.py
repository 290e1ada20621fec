"""Fast paths that must give exactly what the plain scans give (speed work keeps findings
byte-identical): each case compares the fast path with the scan it replaces."""
from __future__ import annotations

import pytest

from scrub.truecase import _LONG_WORD, _WORD, _last_words, caseless

WORD_CASES = [
    "", "abc", "abcd", "o'brien came", "dogs' toys", "x'y abcd'", "a'bc d’efg", "ab'cd'ef",
    "fairview hospital", "lives in quincy, ma 02169", "'abcd' abc4 _abcd abcd_ 9abcd",
    "abc’’ abcd’’e it's", "a" * 300, "mrs. o'neil-smith",
]


@pytest.mark.parametrize("text", WORD_CASES)
def test_long_word_scan_is_the_long_word_matches(text):
    want = [m.span() for m in _WORD.finditer(text) if m.end() - m.start() > 3]
    assert [m.span() for m in _LONG_WORD.finditer(text)] == want


@pytest.mark.parametrize("text", [
    "word " * 80 + "community hospital",
    "x" * 250 + " ab hospital",  # a word cut by the window's edge: fewer than four inside
    "o'" + "b" * 198 + " c d e hospital",
    "ab " * 3 + "hospital",
    ("lorem ipsum dolor " * 20) + "o'brien   st. mary's    hospital",
])
def test_last_words_match_a_scan_from_the_start(text):
    for end in range(0, len(text) + 1, 3):
        want = [(w.start(), w.end()) for w in _WORD.finditer(text, 0, end)][-3:]
        assert _last_words(text, end) == want


@pytest.mark.parametrize("text, how", [
    ("a" * 39, None), ("a" * 40, "lower"), ("1 " * 100 + "a" * 39, None),
    ("1 " * 100 + "a" * 40, "lower"), ("A" * 40, "upper"), ("A" * 40 + "b", None), ("é" * 40, "lower"),
])
def test_caseless_counts_letters(text, how):
    assert caseless(text) == how


@pytest.fixture(scope="module")
def lex():
    from scrub.lexicon import Lexicon
    return Lexicon.default()


@pytest.mark.parametrize("word", ["the", "Virginia", "virginia", "frank", "Townsend", "quincy", "zzqxv",
                                  "hospital", "MAE", "o'brien", "Agreed", "valve", "Raytheon", ""])
def test_word_facts_are_share_and_band(lex, word):
    assert lex.word_facts(word) == (lex.capitalized_share(word), lex.word_band(word))


@pytest.mark.parametrize("table", ["first", "surname:0", "word", "cap:3", "medical:any", "state:ap"])
def test_probe_is_every_bit_set(lex, table):
    from scrub.lexicon import _key_hashes
    t = lex.tables[table]

    def plain(h1, h2):
        return all(t.bits[p >> 3] & (1 << (p & 7)) for p in ((h1 + i * h2) % t.m for i in range(t.k)))

    for w in ["Mary", "smith", "Lasix", "Quincy", "MA", "Calif", "xqzv", "hospital", "Parkinson"]:
        assert t.probe(*_key_hashes(w)) == plain(*_key_hashes(w))
