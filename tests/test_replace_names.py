"""Names: keyed pseudonyms from real lists (case, shape, sex, possessive kept), Sprees, nicknames,
and consistency by key across replacers, processes and machines."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from replace_support import FixtureLexicon
from scrub.config import Config
from scrub.replace import Replacer
from scrub.types import Document, Finding

LEX = FixtureLexicon()
KEY = b"names-test-key-42"


def replacer(key: bytes = KEY, **sections) -> Replacer:
    return Replacer.from_config(Config({"replace": sections}), key, lexicon=LEX)


R = replacer()


def one(text: str, entity: str = "full_name", r: Replacer = R) -> str:
    """The replacement of a whole text that is one finding."""
    return r.replace(Document(text, "d"), [Finding(0, len(text), entity, 0.9, "t")]).text


@pytest.mark.parametrize("original, pattern", [
    ("Frank Graves", r"^[A-Z][a-z]+ [A-Z][a-z]+$"),
    ("F. R. Graves, MD", r"^[A-Z]\. [A-Z]\. [A-Z][a-z]+, MD$"),
    ("Dr. Graves", r"^Dr\. [A-Z][a-z]+$"),
    ("Frank Red Graves", r"^[A-Z][a-z]+ [A-Z][a-z]+ [A-Z][a-z]+$"),
    ("“Red” Graves", r"^“[A-Z][a-z]+” [A-Z][a-z]+$"),
    ("frank red graves", r"^[a-z]+ [a-z]+ [a-z]+$"),
    ("FRANK GRAVES", r"^[A-Z]+ [A-Z]+$"),
    ("Marjorie Long, M.D.", r"^[A-Z][a-z]+ [A-Z][a-z]+, M\.D\.$"),
    ("Graves, Frank", r"^[A-Z][a-z]+, [A-Z][a-z]+$"),
    ("Mrs. Hodgkins's", r"^Mrs\. [A-Z][a-z]+'s$"),
    ("Patrick Hayes, M.D.", r"^[A-Z][a-z]+ [A-Z][a-z]+, M\.D\.$"),
])
def test_name_shape_kept(original, pattern):
    """Every written form of Figure 110 keeps its case, initials, punctuation, titles, degrees
    and possessive, and loses every name word."""
    import regex
    out = one(original)
    assert regex.match(pattern, out), out
    for word in ("Frank", "Graves", "Red", "Marjorie", "Long", "Hodgkins", "Patrick", "Hayes"):
        assert word.casefold() not in out.casefold().replace("mrs", "")


def test_initials_change_letter():
    """An initial becomes another initial of the same case."""
    out = one("F. Graves")
    assert out[0] != "F" and out[0].isupper() and out[1] == "."


@pytest.mark.parametrize("variants", [
    ("Virginia", "VIRGINIA", "Virginia's", "virginia"),
    ("Dr. Lang", "Lang", "DR. LANG", "Lang's"),
])
def test_one_pseudonym_for_every_form(variants):
    """Case, possessive and titles do not change the pseudonym (only its case)."""
    entity = "first_name" if variants[0] == "Virginia" else "full_name"
    outs = [one(v, entity) for v in variants]
    core = {o.replace("'s", "").replace("Dr. ", "").replace("DR. ", "").casefold() for o in outs}
    assert len(core) == 1, outs
    upper = next(o for v, o in zip(variants, outs) if v.isupper())
    assert upper.isupper() and outs[0].split()[-1][1:].islower()


def test_same_key_same_pseudonym_other_key_other():
    """Two replacers under one key agree; under 20 different keys a name gets several pseudonyms."""
    assert one("Virginia Townsend", r=replacer()) == one("Virginia Townsend", r=replacer())
    outs = {one("Virginia Townsend", r=replacer(b"key-%d-xxxxxx" % i)) for i in range(20)}
    assert len(outs) >= 15


def test_consistent_across_processes():
    """A fresh Python process (another hash seed) draws the same pseudonym under the same key."""
    here = Path(__file__).parent
    code = ("import sys; sys.path.insert(0, %r); from replace_support import FixtureLexicon;"
            "from scrub.replace import Replacer; from scrub.types import Document, Finding;"
            "t='Virginia Townsend';"
            "print(Replacer(%r, lexicon=FixtureLexicon()).replace(Document(t),"
            "[Finding(0,len(t),'full_name',0.9,'t')]).text)") % (str(here), KEY)
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env={"PYTHONHASHSEED": str(seed), "PATH": ""}, check=True,
                           cwd=here.parent).stdout.strip() for seed in (1, 2)}
    assert outs == {one("Virginia Townsend")}


def test_sex_kept_from_first_name():
    """Female first names get female pseudonyms, male ones male."""
    for name in ("Virginia", "Marjorie", "Mary", "Linda"):
        assert LEX.sex_of(one(name, "first_name")) == "F", name
    for name in ("Patrick", "Frank", "James", "Robert"):
        assert LEX.sex_of(one(name, "first_name")) == "M", name


def test_pseudonyms_come_from_the_lists_by_frequency():
    """Pseudonyms are listed names, and frequent names are drawn more often than rare ones."""
    surnames = [v for v, _ in LEX.weighted("surnames")]
    drawn = [one("Zz" + "".join("abcdefghij"[int(c)] for c in str(i)), "last_name")
             for i in range(400)]
    assert all(d in surnames for d in drawn)
    top, bottom = set(surnames[:30]), set(surnames[-30:])
    assert sum(d in top for d in drawn) > 2 * sum(d in bottom for d in drawn)


def test_sprees_are_made_up_and_keyed():
    """Sprees names sound like names (letters, a vowel, capitalized) and are in no list."""
    r = replacer(names="sprees")
    seen = set()
    for name in ("Virginia Townsend", "Patrick Hayes", "Marjorie Long", "Frank Graves"):
        out = one(name, r=r)
        for w in out.split():
            assert w.isalpha() and w[0].isupper() and any(c in "aeiouy" for c in w.lower())
            assert not LEX.is_first_name(w) and not LEX.is_surname(w), w
            seen.add(w)
        assert one(name, r=r) == out
    assert len(seen) == 8


def test_nicknames_follow_their_formal_name():
    """With nicknames on, "Dot" becomes a short form of the pseudonym of "Dorothy"."""
    r = replacer(nicknames=True)
    formal = one("Dorothy", "first_name", r)
    nick = one("Dot", "nick_name", r)
    assert formal.startswith(nick) and len(nick) < len(formal)
    plain = one("Dot", "nick_name")
    assert len(plain) <= 4 and plain != "Dot"


def test_pseudonym_never_contains_the_original():
    """A pseudonym never equals or contains its original ("Ann" never becomes "Annabel")."""
    for name in [v for v, _ in LEX.weighted("first_names_female")][:150]:
        out = one(name, "first_name")
        assert name.casefold() not in out.casefold(), (name, out)


def test_users_own_nickname_pairs(tmp_path):
    """nickname_of in the TOML file ties a nickname to a formal name the lists do not link
    ("Dot" is Virginia in the sample letter)."""
    from scrub.config import Config
    cfg = tmp_path / "scrub.toml"
    cfg.write_text('[replace]\nnicknames = true\nnickname_of = { Dot = "Virginia" }\n'
                   '[replace.last_name]\nstrategy = "sprees"\n', encoding="utf-8")
    r = Replacer.from_config(Config.load(cfg), KEY, lexicon=LEX)
    formal = one("Virginia", "first_name", r)
    assert formal == one("Virginia", "first_name")          # first names still by pseudonym
    nick = one("Dot", "nick_name", r)
    assert formal.startswith(nick) and nick != formal
    assert not LEX.is_surname(one("Townsend", "last_name", r))  # surnames by Sprees


def test_name_without_a_name_word_is_tagged():
    """A name finding holding no word ("12345" found as a name) is tagged, never kept."""
    assert one("12345", "name") == "[NAME]"


def test_words_between_full_name_parts():
    """Between a full name's parts a capitalized word (a missed middle name) is replaced and
    a joining word is kept."""
    from scrub.types import Candidate
    text = "Frank Quillon Graves and Mary Graves"
    f = Finding(0, len(text), "full_name", 0.9, "t", parts=(
        Candidate(0, 5, "first_name", 0.9, "t"), Candidate(14, 20, "last_name", 0.9, "t"),
        Candidate(25, 29, "first_name", 0.9, "t"), Candidate(30, 36, "last_name", 0.9, "t")))
    out = R.replace(Document(text, "d"), [f]).text
    words = out.split()
    assert len(words) == 6 and words[3] == "and"
    assert not {"Frank", "Quillon", "Graves", "Mary"} & set(words)
    assert words[2] == words[5]


@pytest.mark.parametrize("word, role", [("Virginia", "first"), ("Townsend", "last"),
                                        ("Zzyzxq", "last")])
def test_lone_word_role(word, role):
    """A name word standing alone is drawn as a first name or a surname by the lists; a word no
    list knows is taken for a surname."""
    pool = LEX.is_first_name if role == "first" else LEX.is_surname
    assert pool(one(word, "name"))
