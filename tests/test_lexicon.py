"""Tests of scrub.lexicon: Bloom tables, phrase tables, phonetic keys and the Lexicon's facts, on the
real word lists shipped in wordlists/ (see wordlists/SOURCES.md)."""
from __future__ import annotations

import gzip
import hashlib
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scrub import lexicon as lx
from scrub.errors import ScrubError
from scrub.lexicon import BloomTable, Lexicon, PhraseTable, metaphone, normalize, phonetic_key, soundex

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return Lexicon.default()


def column(name: str, col: int = 0) -> list[str]:
    with gzip.open(WORDLISTS / name, "rt", encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t")[col] for line in list(f)[1:]]


# ---------------------------------------------------------------------- normalization

@pytest.mark.parametrize("word, key", [
    ("Virginia's", "virginia"), ("VIRGINIA", "virginia"), ("Jones'", "jones"), ("M.D.", "md"),
    ("O'Brien", "obrien"), ("José", "jose"), ("  Dr. ", "dr"), ("Mary-Ann", "mary-ann"),
    ("New  York", "new york"), ("Virginia’s", "virginia"), ("", ""),
])
def test_normalize(word, key):
    """normalize case-folds, drops accents, a possessive and punctuation, keeps hyphens and spaces."""
    assert normalize(word) == key


# ---------------------------------------------------------------------- Bloom tables

def test_bloom_no_false_negatives_over_whole_lists(lex):
    """Every surname, first name and common word listed is found in its Bloom table."""
    for table, name in (("surname", "surnames.tsv.gz"), ("first", "first_names.tsv.gz"),
                        ("word", "common_words.tsv.gz")):
        bloom = lex.tables[table]
        missing = [w for w in column(name) if not bloom.probe(*lx._hashes(normalize(w)))]
        assert missing == [], (table, missing[:5])


def test_bloom_false_positive_rate_near_theory():
    """A 30-bit, 10-probe table built here claims few of 200,000 non-members (theory 3.4e-6)."""
    rng = random.Random(7)
    members = {f"member{rng.getrandbits(40)}" for _ in range(20_000)}
    table = BloomTable.build(members)
    others = [f"other{rng.getrandbits(40)}" for _ in range(200_000)]
    assert table.theoretical_fp_rate() < 1e-5
    assert table.false_positive_rate(others) <= 1e-4
    assert all(m in table for m in members)


def test_bloom_bytes_round_trip():
    """A table saved to bytes and loaded back answers every question alike."""
    table = BloomTable.build(["Townsend", "Graves", "Lang"])
    again = BloomTable.from_bytes(table.to_bytes())
    assert (again.m, again.k, again.n, again.bits) == (table.m, table.k, table.n, table.bits)
    for w in ("townsend", "GRAVES", "Lang's", "Long", "Virginia"):
        assert (w in again) == (w in table)


def test_bloom_bad_bytes_raise_coded_error():
    """Bytes that are not a Bloom table raise E300, truncated ones E301."""
    with pytest.raises(ScrubError) as e:
        BloomTable.from_bytes(b"nonsense-bytes-here-and-more")
    assert e.value.code == "E300"
    with pytest.raises(ScrubError) as e:
        BloomTable.from_bytes(BloomTable.build(["a"]).to_bytes()[:-3])
    assert e.value.code == "E301"


def test_bloom_is_deterministic():
    """Two builds of the same words, in another order and in another process with another hash
    seed, give the same bytes (the hashing is not Python's salted hash())."""
    words = column("nicknames.tsv.gz")
    here = BloomTable.build(words).to_bytes()
    assert here == BloomTable.build(list(reversed(words))).to_bytes()
    code = ("import gzip,hashlib,sys; from scrub.lexicon import BloomTable; "
            "w=[l.split('\\t')[0] for l in list(gzip.open(sys.argv[1],'rt',encoding='utf-8'))[1:]]; "
            "print(hashlib.sha256(BloomTable.build(w).to_bytes()).hexdigest())")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code, str(WORDLISTS / "nicknames.tsv.gz")], env=env,
                         capture_output=True, text=True, check=True, cwd=WORDLISTS.parent)
    assert out.stdout.strip() == hashlib.sha256(here).hexdigest()


# ---------------------------------------------------------------------- phrase tables

def test_phrase_whole_words_only():
    """Phrases match only between word boundaries, longest first, in any case."""
    t = PhraseTable.build([("New York", "NY"), ("York", "PA"), ("insulin", "drug")])
    text = "New York, NEW YORK and Yorkshire; insulinoma, insulin."
    ins = (text.index("insulin."), text.index("insulin.") + 7, "drug")
    assert t.find(text) == [(0, 8, "NY"), (10, 18, "NY"), ins]
    assert t.find(text, case_insensitive=False) == [(0, 8, "NY"), ins]
    assert t.find(text, longest=False) == [(0, 8, "NY"), (4, 8, "PA"), (10, 18, "NY"),
                                           (14, 18, "PA"), ins]


def test_phrase_round_trip_and_empty():
    """A phrase table survives to_bytes/from_bytes; an empty one finds nothing."""
    t = PhraseTable.build([("St. John's Hospital", 1)])
    again = PhraseTable.from_bytes(t.to_bytes())
    text = "seen at st. john's hospital today"
    assert again.find(text) == t.find(text) == [(8, 27, 1)]
    assert PhraseTable.build([]).find("anything") == []


def test_phrase_offsets_survive_case_changes():
    """A character whose lower case is longer ('İ') does not shift the offsets of later matches."""
    t = PhraseTable.build([("boston", "MA")])
    text = "İİ Boston"
    assert t.find(text) == [(3, 9, "MA")]


@pytest.mark.parametrize("table, text, value", [
    ("medical", "on Lily Human Insulin daily", ("medical", "drug")),
    ("medical", "history of Hodgkins disease", ("medical", "disease_phrase")),
    ("medical", "Hodgkin lymphoma, stage II", ("medical", "disease_phrase")),
    ("places", "moved to New York last year", ("place", "New York", "NY")),
    ("states", "lives in Mass. now", ("state", "MA")),
    ("countries", "born in Portugal", ("country", "PT")),
])
def test_lexicon_phrase_tables(lex, table, text, value):
    """The shipped phrase tables find their real phrases with their payloads."""
    hits = lex.phrases(table).find(text)
    assert any(h[2][:len(value)] == value for h in hits), hits


def test_lexicon_hospital_phrase(lex):
    """A CMS hospital name is found as a whole phrase, with its city and state."""
    hits = lex.phrases("hospitals").find("Admitted to Massachusetts General Hospital on Friday.")
    assert hits == [(12, 42, ("hospital", "Massachusetts General Hospital", "Boston|MA"))]


def test_unknown_phrase_table(lex):
    """Asking for a phrase table that does not exist raises E305."""
    with pytest.raises(ScrubError) as e:
        lex.phrases("streets")
    assert e.value.code == "E305"


# ---------------------------------------------------------------------- phonetics

@pytest.mark.parametrize("a, b", [("Lang", "Long"), ("Smith", "Smyth"), ("Catherine", "Kathryn"),
                                  ("Philips", "Phillips")])
def test_phonetic_alike(a, b):
    """Names that sound alike share Metaphone and Soundex keys."""
    assert phonetic_key(a) == phonetic_key(b)


@pytest.mark.parametrize("word, meta, sdx", [("Lang", "LNK", "L520"), ("Thomas", "0MS", "T520"),
                                             ("Knight", "NT", "K523"), ("Ashcraft", "AXKRFT", "A261")])
def test_phonetic_codes(word, meta, sdx):
    """Metaphone and Soundex give their textbook codes."""
    assert (metaphone(word), soundex(word)) == (meta, sdx)


def test_sounds_like_name(lex):
    """'Lang' sounds like the listed 'Long'; a made-up consonant string sounds like no name."""
    assert lex.sounds_like_name("Lang")
    assert lex.sounds_like_name("Longg")
    assert not lex.sounds_like_name("Xqzvt")


# ---------------------------------------------------------------------- facts

@pytest.mark.parametrize("method, word, expected", [
    ("sex_of", "Virginia", "F"), ("sex_of", "VIRGINIA", "F"), ("sex_of", "Frank", "M"),
    ("sex_of", "Patrick", "M"), ("sex_of", "Taylor", None), ("sex_of", "Xqzvt", None),
    ("nickname_formals", "Dot", ("Dorothy", "Dotty")), ("nickname_formals", "Xqzvt", ()),
    ("is_first_name", "Marjorie", True), ("is_surname", "Townsend", True),
    ("is_surname", "Xqzvt", False), ("surname_band", "Smith", 0), ("surname_band", "Townsend", 0),
    ("first_name_band", "Mary", 0), ("first_name_band", "Xqzvt", None),
    ("is_state", "MA", True), ("is_state", "ma", False), ("is_state", "Virginia", True),
    ("is_state", "Mass.", True), ("is_state", "mass", False), ("is_street_suffix", "St", True),
    ("is_street_suffix", "Blvd", True), ("is_street_suffix", "Boston", False),
    ("is_title", "Dr.", True), ("is_title", "Mrs", True), ("is_title", "Prof", True),
    ("is_degree", "M.D.", True), ("is_degree", "MD", True), ("is_degree", "PhD", True),
    ("is_degree", "Jr", True), ("is_degree", "RN", True), ("is_degree", "Boston", False),
    ("is_city", "Boston", True), ("is_city", "Peabody", True), ("is_city", "New York", True),
    ("is_common_word", "the", True), ("word_band", "the", 0), ("word_band", "Xqzvt", None),
    ("is_medical", "insulin", True), ("is_medical", "Humulin", True), ("is_medical", "diabetes", True),
    ("is_medical", "Graves", False), ("is_medical", "Long", False), ("is_medical", "Hodgkins", False),
    ("medical_kind", "Hodgkins", "eponym"), ("medical_kind", "Hodgkin's", "eponym"),
    ("medical_kind", "insulin", "drug"), ("is_eponym", "Parkinson", True),
    ("is_unit_designator", "Apt", True), ("is_company_suffix", "Inc.", True),
    ("is_country", "Portugal", True),
])
def test_lexicon_facts(lex, method, word, expected):
    """Each look-up answers as the real lists say."""
    assert getattr(lex, method)(word) == expected


def test_capitalized_share(lex):
    """Names are mostly written capitalized, ordinary words mostly not; unlisted words have none."""
    assert lex.capitalized_share("Virginia") >= 0.9
    assert lex.capitalized_share("Townsend") >= 0.9
    assert lex.capitalized_share("insulin") <= 0.1
    assert lex.capitalized_share("Xqzvt") is None


def test_weighted_lists(lex):
    """Weighted lists hold real values with positive weights, the commonest first."""
    female = lex.weighted("first_names_female")
    assert female[0][0] == "Mary" or female[0][1] >= female[1][1]
    assert dict(female)["Virginia"] > 10 * dict(lex.weighted("first_names_male")).get("Virginia", 0)
    surnames = lex.weighted("surnames")
    assert surnames[0] == ("Smith", surnames[0][1]) and all(w > 0 for _, w in surnames)
    places = dict(lex.weighted("places"))
    assert places["Boston|MA"] > places.get("Peabody|MA", 0) > 0
    assert "Massachusetts General Hospital" in dict(lex.weighted("hospitals"))
    with pytest.raises(KeyError):
        lex.weighted("no_such_list")


def test_zip_lookups(lex):
    """Five-digit ZIPs give their city and state; three-digit areas their population."""
    assert lex.zip_city_state("02151") == ("Revere", "MA")
    assert lex.zip_city_state("00000") is None
    assert lex.zip3_population("021") > 1_000_000
    assert 0 < lex.zip3_population("036") <= 20_000  # one of HIPAA's restricted areas
    assert lex.zip3_population("02") is None


def test_default_is_shared(lex):
    """Lexicon.default() is one object per process."""
    assert Lexicon.default() is lex


# ---------------------------------------------------------------------- cache

def test_cache_round_trip_gives_identical_answers(lex, tmp_path):
    """Tables packed to the cache format and read back, and a Lexicon started from that cache file,
    answer exactly as the original."""
    tables, small = lx._unpack(lx._pack(lex.tables, {"nicknames": lex._nicks, "usps": sorted(lex._usps)}))
    assert {k: t.bits for k, t in tables.items()} == {k: t.bits for k, t in lex.tables.items()}
    assert small["nicknames"] == lex._nicks
    src = lex.directory / f"lexicon-{lex.digest}.bin"  # the shipped tables, in the cache format
    shutil.copy(src, tmp_path / src.name)
    again = Lexicon(cache_dir=tmp_path, prebuilt=False)
    assert again.load_info.source == "cache"
    for w in ("Virginia", "Townsend", "Lang", "insulin", "MA", "Boston", "Xqzvt", "Dot"):
        assert (again.is_first_name(w), again.is_surname(w), again.sex_of(w), again.word_band(w),
                again.is_medical(w), again.sounds_like_name(w), again.nickname_formals(w)) == \
               (lex.is_first_name(w), lex.is_surname(w), lex.sex_of(w), lex.word_band(w),
                lex.is_medical(w), lex.sounds_like_name(w), lex.nickname_formals(w))


def test_stale_cache_is_rebuilt_not_trusted(lex, tmp_path, monkeypatch):
    """A corrupt cache file is ignored: the lexicon rebuilds (here: reuses tables) and overwrites it."""
    name = f"lexicon-{lex.digest}.bin"
    (tmp_path / name).write_bytes(b"SCRUBLEX garbage")
    monkeypatch.setattr(lx, "_build_tables", lambda d: (lex.tables, {"nicknames": lex._nicks,
                                                                      "usps": sorted(lex._usps)}))
    again = Lexicon(cache_dir=tmp_path, prebuilt=False)
    assert again.load_info.source == "built" and again.load_info.cache_written
    assert Lexicon(cache_dir=tmp_path, prebuilt=False).load_info.source == "cache"


def test_unwritable_cache_falls_back_to_memory(lex, tmp_path, monkeypatch):
    """A cache folder that cannot be created leaves the lexicon working from memory."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setattr(lx, "_build_tables", lambda d: (lex.tables, {"nicknames": lex._nicks,
                                                                      "usps": sorted(lex._usps)}))
    again = Lexicon(cache_dir=blocker / "sub", prebuilt=False)
    assert not again.load_info.cache_written
    assert again.is_surname("Townsend")


def test_shipped_tables_match_the_lists(lex):
    """The compiled tables shipped in wordlists/ are those of the lists beside them (a rebuild of
    the lists without build.py's last step would leave every fresh install building at start-up)."""
    shipped = Lexicon(cache_dir=False)
    assert shipped.load_info.source == "shipped"
    assert {k: t.bits for k, t in shipped.tables.items()} == {k: t.bits for k, t in lex.tables.items()}


@pytest.mark.parametrize("pairs", [
    [],
    [("Mary", 3196000.0), ("Zoë", 0.1), ("'A'ala|HI", 4302.0), ("x", 1e300), ("y", round(2.0 / 3, 2))],
])
def test_weighted_pack_round_trip_is_exact(pairs):
    """The weighted-list cache format gives back the same values and bit-identical weights."""
    again = lx._unpack_weighted(lx._pack_weighted(pairs))
    assert again == pairs and [w.hex() for _, w in again] == [w.hex() for _, w in pairs]


def test_weighted_cache_serves_the_lists_unchanged(lex, tmp_path, monkeypatch):
    """A weighted list built once is cached (the three first-name lists from one read) and a later
    lexicon serves it from the file: same names, weights and order as the TSV gives."""
    first = Lexicon(cache_dir=tmp_path).weighted("first_names")
    for n in ("first_names", "first_names_female", "first_names_male"):
        assert (tmp_path / f"weighted-{n}-{lex.digest}.bin").exists()
    with gzip.open(WORDLISTS / "first_names.tsv.gz", "rt", encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in list(f)[1:]]
    rows.sort(key=lambda r: (-float(r[1]), r[0]))  # the order keyed pseudonyms depend on
    assert first == [(r[0], float(r[1])) for r in rows]
    female = [(r[0], float(r[1]) * (1.0 - float(r[2]))) for r in rows if r[2]]
    monkeypatch.setattr(lx, "_build_weighted", lambda d, n: pytest.fail("rebuilt despite the cache"))
    again = Lexicon(cache_dir=tmp_path)
    assert again.weighted("first_names") == first
    assert again.weighted("first_names_female") == [(v, round(w, 2)) for v, w in female if w >= 1.0]
    assert again.weighted("first_names_male") == lex.weighted("first_names_male")


def test_damaged_weighted_cache_is_rebuilt(lex, tmp_path):
    """A truncated or foreign weighted-list cache file is ignored and rewritten."""
    path = tmp_path / f"weighted-countries-{lex.digest}.bin"
    good = lx._pack_weighted(lex.weighted("countries"))
    for bad in (good[:-5], good[:100], b"SCRUBWL1", b"not a cache at all"):
        path.write_bytes(bad)
        assert Lexicon(cache_dir=tmp_path).weighted("countries") == lex.weighted("countries")
        assert path.read_bytes() == good


def test_missing_lists_raise(tmp_path):
    """A folder without the word lists raises E304, never a traceback."""
    with pytest.raises(ScrubError) as e:
        Lexicon(directory=tmp_path, cache_dir=False)
    assert e.value.code == "E304"


def test_small_tables_do_not_answer_for_strangers(lex):
    """A table of a few dozen keys keeps at least MIN_BITS bits: "Genevieve Amari" (a name the
    1,680-bit state table once took for a state) and random phrases are no state, title or unit."""
    import random
    assert not lex.is_state("Genevieve Amari")
    rng = random.Random(7)
    phrases = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(4, 12))) + " "
               + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(5)) for _ in range(20_000)]
    for table in ("state:name", "unit"):
        assert lex.tables[table].m >= 1 << 16
        assert sum(lex.tables[table].probe(*lx._key_hashes(p)) for p in phrases) == 0
