"""The word-list layer: Sweeney's "multiple hashed Boolean lookup tables" over `scrub.wordlists`.

Single words are looked up in Bloom filters (about 30 bits and 10 hash probes per word), phrases in
Aho-Corasick automata, names that only sound like a listed name through phonetic keys. Detectors ask
`Lexicon.default()`; the replacement module draws pseudonyms from `Lexicon.weighted()`. Compiled
tables are cached on disk (``$SCRUB_CACHE_DIR`` or ``~/.cache/scrub``) so a start-up does not rebuild:
Bloom tables as bits (also shipped), phrase automata as pickles, weighted lists as float64 + text.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import pickle
import re
import sys
import tempfile
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Sequence

from .errors import ScrubError

#: bump when the tables or their hashing change: it is part of the cache key
CODE_VERSION = "lexicon-5"
BITS_PER_WORD = 30
HASHES = 10
#: no table smaller than this many bits: a list of 56 state names in 1,680 bits answered yes
#: for 1.7e-4 of random phrases (the modulus is too small for the double hashing to spread
#: its probes), enough to read "Genevieve Amari" as a state; 8 KB a table brings it to ~1e-9
MIN_BITS = 1 << 16

# ---------------------------------------------------------------------- normalization

_POSSESSIVE = re.compile(r"(?:['’]s|s['’])$")
_DROP = re.compile(r"[^\w\s-]|_")  # every punctuation mark but the hyphen
_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1 << 18)
def normalize(word: str) -> str:
    """The key a word is listed under: case-folded, accents and a possessive 's dropped,
    punctuation removed ("Virginia's" -> "virginia", "M.D." -> "md", "O'Brien" -> "obrien")."""
    if word.isalpha() and word.isascii():
        return word.lower()  # the common case, and casefold() is lower() on ASCII
    w = word.strip()
    if _POSSESSIVE.search(w):
        w = w[:-1] if w[-1] in "'’" else w[:-2]
    w = unicodedata.normalize("NFKD", w.casefold())
    if not w.isascii():
        w = "".join(c for c in w if not unicodedata.combining(c))
    w = _DROP.sub("", w)
    return _SPACES.sub(" ", w).strip(" -")


def _hashes(key: str) -> tuple[int, int]:
    """Two 32-bit hashes of a normalized key from one BLAKE2b digest (deterministic across
    processes, unlike the salted hash()); 32 bits keep the probe arithmetic in small integers."""
    x = int.from_bytes(hashlib.blake2b(key.encode("utf-8"), digest_size=8).digest(), "little")
    return x & 0xFFFFFFFF, (x >> 32) | 1


#: by the normalized key too: "Smith", "smith" and "SMITH" share one digest
_hashes_of_key = lru_cache(maxsize=1 << 17)(_hashes)
_key_hashes = lru_cache(maxsize=1 << 17)(lambda w: _hashes_of_key(normalize(w)))


# ---------------------------------------------------------------------- Bloom tables

class BloomTable:
    """A Bloom filter: k probes (h1 + i*h2 mod m, Kirsch-Mitzenmacher double hashing) into m bits.

    No false negatives; false positives at about (1 - e^(-k n / m))^k, 1.3e-5 for 30 bits and
    10 probes per word, and far fewer in the small tables (at least MIN_BITS bits each). Words are normalized with `normalize` before hashing unless built raw.
    """

    __slots__ = ("bits", "m", "k", "n")

    def __init__(self, bits: bytes, m: int, k: int, n: int):
        self.bits, self.m, self.k, self.n = bits, m, k, n

    @classmethod
    def build(cls, words: Iterable[str], bits_per_word: int = BITS_PER_WORD, k: int = HASHES,
              raw: bool = False) -> "BloomTable":
        import numpy as np  # comes with spaCy; only the build needs it

        keys = sorted({w if raw else normalize(w) for w in words} - {""})
        return cls.from_hashes([_hashes(w) for w in keys], bits_per_word, k)

    @classmethod
    def from_hashes(cls, hashes: list[tuple[int, int]], bits_per_word: int = BITS_PER_WORD,
                    k: int = HASHES) -> "BloomTable":
        """The table of distinct keys given by their `_hashes` pairs (lets tables share hashing)."""
        import numpy as np

        n = len(hashes)
        m = max(MIN_BITS, n * bits_per_word)
        if n == 0:
            return cls(bytes((m + 7) // 8), m, k, 0)
        hs = np.array(hashes, dtype=np.uint64).reshape(n, 2)
        h1, h2 = hs[:, 0], hs[:, 1]
        on = np.zeros(m, dtype=bool)
        for i in range(k):  # h1 + i*h2 < 2**36: no overflow in uint64
            on[(h1 + np.uint64(i) * h2) % np.uint64(m)] = True
        return cls(np.packbits(on, bitorder="little").tobytes(), m, k, n)

    def probe(self, h1: int, h2: int) -> bool:
        """All k bits (h1 + i*h2) mod m set, for i in 0..k-1 (stepping avoids a modulo per probe)."""
        bits, m = self.bits, self.m
        p = h1 % m
        if not bits[p >> 3] >> (p & 7) & 1:  # most misses end at the first bit: no step computed
            return False
        step = h2 % m
        for _ in range(self.k - 1):
            p += step
            if p >= m:
                p -= m
            if not bits[p >> 3] >> (p & 7) & 1:
                return False
        return True

    def __contains__(self, word: str) -> bool:
        return self.probe(*_key_hashes(word))

    def __len__(self) -> int:
        return self.n

    def theoretical_fp_rate(self) -> float:
        import math
        return (1.0 - math.exp(-self.k * self.n / self.m)) ** self.k if self.n else 0.0

    def false_positive_rate(self, sample_non_members: Iterable[str]) -> float:
        """Share of the given words (none of which was added) that the table claims to hold."""
        total = hits = 0
        for w in sample_non_members:
            total += 1
            hits += w in self
        return hits / total if total else 0.0

    def to_bytes(self) -> bytes:
        return b"BLM1" + self.m.to_bytes(8, "little") + self.k.to_bytes(2, "little") \
            + self.n.to_bytes(8, "little") + self.bits

    @classmethod
    def from_bytes(cls, data: bytes) -> "BloomTable":
        if data[:4] != b"BLM1":
            raise ScrubError("E300", "Bloom table bytes: bad magic (not a scrub Bloom table)")
        m = int.from_bytes(data[4:12], "little")
        k = int.from_bytes(data[12:14], "little")
        n = int.from_bytes(data[14:22], "little")
        bits = bytes(data[22:])
        if len(bits) != (m + 7) // 8:
            raise ScrubError("E301", "Bloom table bytes: bit array length does not match its header")
        return cls(bits, m, k, n)


# ---------------------------------------------------------------------- phrase tables

def _lower_aligned(text: str) -> str:
    """text.lower() with one character per character, so offsets stay those of `text`."""
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


class PhraseTable:
    """Whole-word phrase matching with one Aho-Corasick pass (pyahocorasick); linear in the text.

    The automaton stores one integer per phrase (payload number << 16 | length) rather than a
    Python object: a third of the memory for the 78,000 medical phrases.
    """

    def __init__(self, automaton: Any, size: int, payloads: list, origs: dict[str, str]):
        self._auto = automaton
        self.size = size
        self._payloads = payloads
        self._origs = origs  # lower-case key -> phrase as listed, where the two differ

    @classmethod
    def build(cls, items: Iterable[tuple[str, Any]]) -> "PhraseTable":
        """items: (phrase as written, hashable payload). Phrases are keyed in lower case; the first
        payload given for a key wins (give items in a deterministic order). Phrases longer than
        65,535 characters are skipped."""
        import ahocorasick

        auto = ahocorasick.Automaton(ahocorasick.STORE_INTS)
        ids: dict[Any, int] = {}
        origs: dict[str, str] = {}
        n = 0
        for phrase, payload in items:
            p = " ".join(phrase.split())
            key = _lower_aligned(p)
            if not key or len(key) > 0xFFFF or key in auto:
                continue
            pid = ids.setdefault(payload, len(ids))
            auto.add_word(key, (pid << 16) | len(key))
            if p != key:
                origs[key] = p
            n += 1
        if n == 0:
            auto.add_word("\x00", 1)  # pyahocorasick cannot search an empty automaton
            ids.setdefault(None, 0)
        auto.make_automaton()
        return cls(auto, n, list(ids), origs)

    def __len__(self) -> int:
        return self.size

    def __contains__(self, phrase: str) -> bool:
        return _lower_aligned(" ".join(phrase.split())) in self._auto

    def get(self, phrase: str, default: Any = None) -> Any:
        """The payload of a listed phrase (any case), else `default`."""
        v = self._auto.get(_lower_aligned(" ".join(phrase.split())), None)
        return default if v is None or self.size == 0 else self._payloads[v >> 16]

    def find(self, text: str, case_insensitive: bool = True, longest: bool = True,
             windows: Sequence[tuple[int, int]] | None = None) -> list[tuple[int, int, Any]]:
        """(start, end, payload) of every listed phrase standing as whole words in `text`.

        Case-sensitive search keeps only matches written exactly as listed. With `longest`, overlaps
        are resolved leftmost-longest (the earliest start, then the longest); otherwise all matches
        are returned, sorted by (start, end). With `windows` (sorted, disjoint (start, end)
        ranges), only phrases lying wholly inside one of them are sought.
        """
        if not text or self.size == 0:
            return []
        low = _lower_aligned(text)
        n = len(text)
        payloads, origs = self._payloads, self._origs
        hits = []
        it = self._auto.iter
        found = it(low) if windows is None else (h for lo, hi in windows for h in it(low, lo, hi))
        for end, v in found:
            length = v & 0xFFFF
            s, e = end - length + 1, end + 1
            if (s > 0 and text[s - 1].isalnum()) or (e < n and text[e].isalnum()):
                continue
            if not case_insensitive:
                key = low[s:e]
                if text[s:e] != origs.get(key, key):
                    continue
            hits.append((s, e, payloads[v >> 16]))
        if not longest:
            hits.sort(key=lambda h: (h[0], h[1]))
            return hits
        hits.sort(key=lambda h: (h[0], -h[1]))
        out, last = [], -1
        for h in hits:
            if h[0] >= last:
                out.append(h)
                last = h[1]
        return out

    def to_bytes(self) -> bytes:
        return pickle.dumps(self._state(), protocol=pickle.HIGHEST_PROTOCOL)

    def dump(self, f: Any) -> None:
        """Pickle into an open binary file: streamed, no second copy of a 24 MB automaton in memory."""
        pickle.dump(self._state(), f, protocol=pickle.HIGHEST_PROTOCOL)

    def _state(self) -> tuple:
        return (self._auto, self.size, self._payloads, self._origs)

    @classmethod
    def load(cls, f: Any) -> "PhraseTable":
        auto, size, payloads, origs = pickle.load(f)
        return cls(auto, size, payloads, origs)

    @classmethod
    def from_bytes(cls, data: bytes) -> "PhraseTable":
        auto, size, payloads, origs = pickle.loads(data)
        return cls(auto, size, payloads, origs)


# ---------------------------------------------------------------------- phonetic keys

def soundex(word: str) -> str:
    """American Soundex ("Lang" -> "L520"); "" for a word without letters."""
    w = [c for c in normalize(word).upper() if "A" <= c <= "Z"]
    if not w:
        return ""
    codes = {**dict.fromkeys("BFPV", "1"), **dict.fromkeys("CGJKQSXZ", "2"), **dict.fromkeys("DT", "3"),
             "L": "4", **dict.fromkeys("MN", "5"), "R": "6"}
    out, prev = [w[0]], codes.get(w[0], "")
    for c in w[1:]:
        d = codes.get(c, "")
        if d and d != prev:
            out.append(d)
        if c not in "HW":  # H and W do not separate two letters of one code
            prev = d
    return ("".join(out) + "000")[:4]


_VOWELS = frozenset("AEIOU")


def metaphone(word: str) -> str:
    """Lawrence Philips' original Metaphone key, untruncated ("Lang" and "Long" -> "LNK")."""
    w = "".join(c for c in normalize(word).upper() if "A" <= c <= "Z")
    if not w:
        return ""
    if w[:2] in ("AE", "GN", "KN", "PN", "WR"):
        w = w[1:]
    if w[0] == "X":
        w = "S" + w[1:]
    elif w[:2] == "WH":
        w = "W" + w[2:]
    n = len(w)
    out = []

    def at(i: int) -> str:
        return w[i] if 0 <= i < n else ""

    for i, c in enumerate(w):
        if c == at(i - 1) and c != "C":
            continue
        nx, pv = at(i + 1), at(i - 1)
        if c in _VOWELS:
            if i == 0:
                out.append(c)
        elif c == "B":
            if not (pv == "M" and i == n - 1):
                out.append("B")
        elif c == "C":
            if nx == "I" and at(i + 2) == "A":
                out.append("X")
            elif nx == "H":
                out.append("K" if pv == "S" else "X")
            elif nx in ("I", "E", "Y"):
                if pv != "S":
                    out.append("S")
            else:
                out.append("K")
        elif c == "D":
            out.append("J" if nx == "G" and at(i + 2) in ("E", "I", "Y") else "T")
        elif c == "G":
            if nx == "H" and not (i + 2 >= n or at(i + 2) in _VOWELS):
                continue
            if nx == "N" and (i + 2 == n or w[i + 2:] == "ED"):
                continue
            if pv == "D" and nx in ("E", "I", "Y"):
                continue
            out.append("J" if nx in ("I", "E", "Y") and pv != "G" else "K")
        elif c == "H":
            if pv in ("C", "S", "P", "T", "G"):
                continue
            if nx in _VOWELS and not (pv in _VOWELS):
                out.append("H")
            elif nx in _VOWELS and i == 0:
                out.append("H")
        elif c == "K":
            if pv != "C":
                out.append("K")
        elif c == "P":
            out.append("F" if nx == "H" else "P")
        elif c == "Q":
            out.append("K")
        elif c == "S":
            if nx == "H" or (nx == "I" and at(i + 2) in ("O", "A")):
                out.append("X")
            else:
                out.append("S")
        elif c == "T":
            if nx == "I" and at(i + 2) in ("O", "A"):
                out.append("X")
            elif nx == "H":
                out.append("0")
            elif not (nx == "C" and at(i + 2) == "H"):
                out.append("T")
        elif c == "V":
            out.append("F")
        elif c == "W" or c == "Y":
            if nx in _VOWELS:
                out.append(c)
        elif c == "X":
            out.append("KS")
        elif c == "Z":
            out.append("S")
        else:  # F J L M N R
            out.append(c)
    return "".join(out)


def phonetic_key(word: str) -> str:
    """Metaphone and Soundex together: two names share a key only when both codes agree."""
    m = metaphone(word)
    # Soundex's leading letter is spelling, not sound ("Catherine"/"Kathryn"): Metaphone has the sound
    return f"{m}|{soundex(word)[1:]}" if m else ""


# ---------------------------------------------------------------------- data files

def _data_dir() -> Path:
    try:
        from importlib.resources import files
        p = Path(str(files("scrub.wordlists")))
        if (p / "surnames.tsv.gz").exists():
            return p
    except (ImportError, ModuleNotFoundError, TypeError):
        pass
    return Path(__file__).resolve().parent.parent / "wordlists"  # a source checkout


def read_tsv(path: Path) -> list[dict[str, str]]:
    """Rows of one gzip TSV list as dicts keyed by its header."""
    try:
        with gzip.open(path, "rb") as f:
            lines = f.read().decode("utf-8").split("\n")
        header = lines[0].split("\t")
        return [dict(zip(header, line.split("\t"))) for line in lines[1:] if line]
    except FileNotFoundError:
        raise ScrubError("E302", f"{path.name}: word list missing from {path.parent} "
                                 f"(run wordlists/build.py)") from None
    except (OSError, EOFError, UnicodeDecodeError) as e:
        raise ScrubError("E303", f"{path.name}: word list unreadable ({type(e).__name__})") from None


_NUMBERED = re.compile(r"[0-9,;()\[\]]")


def _ranked(rows: list[dict], col: str = "count") -> list[dict]:
    return sorted(rows, key=lambda r: (-float(r[col] or 0), r["name"]))


#: band edges by rank: band 0 = the top 1,000, band 1 = the top 10,000, then the rest
NAME_BANDS = (1_000, 10_000)
WORD_BANDS = (1_000, 10_000, 50_000)
#: capitalized-share bins; `capitalized_share` answers the bin's midpoint
CAP_BINS = (0.1, 0.3, 0.5, 0.7, 0.9)
#: a first name is one sex's when that share of its bearers is of that sex
SEX_SHARE = 0.9
#: names whose phonetic keys are listed (more would make every short word "sound like a name")
PHONETIC_TOP_FIRST = 5_000
PHONETIC_TOP_SURNAMES = 20_000
#: phrase tables `Lexicon.phrases` knows
PHRASE_TABLES = ("hospitals", "places", "medical", "countries", "states")
#: weighted lists `Lexicon.weighted` knows
WEIGHTED_LISTS = ("first_names", "first_names_female", "first_names_male", "surnames", "places",
                  "hospitals", "countries")


def _columns(path: Path, *cols: str) -> list[list[str]]:
    """Whole columns of a gzip TSV list, split straight from the text: no dict per row, so the big
    lists cost a fifth of the time and memory of `read_tsv`."""
    try:
        with gzip.open(path, "rb") as f:
            text = f.read().decode("utf-8")
    except FileNotFoundError:
        raise ScrubError("E302", f"{path.name}: word list missing from {path.parent} "
                                 f"(run wordlists/build.py)") from None
    except (OSError, EOFError, UnicodeDecodeError) as e:
        raise ScrubError("E303", f"{path.name}: word list unreadable ({type(e).__name__})") from None
    head, _, body = text.partition("\n")
    header = head.split("\t")
    idx = [header.index(c) for c in cols]
    width = len(header)
    rows = [line.split("\t") for line in body.split("\n") if line]
    del text, body
    if any(len(r) != width for r in rows):  # read_tsv would misalign such rows: refuse them
        raise ScrubError("E303", f"{path.name}: word list unreadable (a row without {width} columns)")
    return [[r[i] for r in rows] for i in idx]


def _build_tables(d: Path) -> tuple[dict[str, BloomTable], dict[str, Any]]:
    """Every Bloom table, and the few small value maps kept beside them, from the TSV lists."""
    memo: dict[str, tuple[int, int] | None] = {}

    def hashed(words: Iterable[str], raw: bool = False) -> list[tuple[int, int]]:
        # normalize and hash each distinct word once: band tables repeat their list's words
        out = []
        for w in words:
            h = memo.get(w)
            if h is None and w not in memo:
                k = w if raw else normalize.__wrapped__(w)  # the memo here beats the LRU
                h = memo[w] = _hashes(k) if k else None
            if h is not None:
                out.append(h)
        return out

    t: dict[str, list[tuple[int, int]]] = {}
    name, count, male = _columns(d / "first_names.tsv.gz", "name", "count", "male_share")
    order = sorted(range(len(name)), key=lambda i: (-float(count[i]), name[i]))
    names = [name[i] for i in order]
    t["first"] = hashed(names)
    for b, edge in enumerate(NAME_BANDS):
        t[f"first:{b}"] = t["first"][:edge]
    share = {n: float(s) for n, s in zip(name, male) if s}
    t["first:F"] = hashed(n for n in names if n in share and share[n] <= 1 - SEX_SHARE)
    t["first:M"] = hashed(n for n in names if n in share and share[n] >= SEX_SHARE)
    name, count = _columns(d / "surnames.tsv.gz", "name", "count")
    snames = [name[i] for i in sorted(range(len(name)), key=lambda i: (-float(count[i]), name[i]))]
    t["surname"] = hashed(snames)
    for b, edge in enumerate(NAME_BANDS):
        t[f"surname:{b}"] = t["surname"][:edge]
    t["phonetic"] = hashed((phonetic_key(n) for n in names[:PHONETIC_TOP_FIRST] + snames[:PHONETIC_TOP_SURNAMES]),
                           raw=True)

    word, rank, cap = _columns(d / "common_words.tsv.gz", "word", "rank", "capitalized_share")
    order = sorted(range(len(word)), key=lambda i: int(rank[i]))
    t["word"] = hashed(word[i] for i in order)
    for b, edge in enumerate(WORD_BANDS):
        t[f"word:{b}"] = t["word"][:edge]
    bins: list[list[str]] = [[] for _ in range(len(CAP_BINS) + 1)]
    for w, c in zip(word, cap):
        c = float(c)
        bins[sum(c >= e for e in CAP_BINS)].append(w)
    for b, ws in enumerate(bins):
        t[f"cap:{b}"] = hashed(ws)

    term, kind, clash = _columns(d / "medical_terms.tsv.gz", "term", "kind", "name_clash")
    t["medical"] = hashed(w for w, k, c in zip(term, kind, clash) if c == "0" and k != "eponym")
    t["medical:any"] = hashed(term)
    t["medical:eponym"] = hashed(w for w, k in zip(term, kind) if k == "eponym")
    t["medical:drug"] = hashed(w for w, k in zip(term, kind) if k == "drug")

    t["city"] = hashed(_columns(d / "places.tsv.gz", "city")[0])
    st_name, st_ap, st_usps = _columns(d / "states.tsv.gz", "name", "ap", "usps")
    t["state:name"] = hashed(st_name)
    t["state:ap"] = hashed(a for a in st_ap if a)
    t["title"] = hashed(_columns(d / "titles.tsv.gz", "title")[0])
    t["degree"] = hashed(_columns(d / "degrees.tsv.gz", "suffix")[0])
    variant, long = _columns(d / "street_suffixes.tsv.gz", "variant", "longhand")
    t["street_suffix"] = hashed(variant + [x for x in long if x])
    t["unit"] = hashed(_columns(d / "unit_designators.tsv.gz", "variant")[0])
    t["country"] = hashed(_columns(d / "countries.tsv.gz", "name")[0])
    t["world_city"] = hashed(_columns(d / "world_cities.tsv.gz", "city")[0])
    t["company_suffix"] = hashed(_columns(d / "company_suffixes.tsv.gz", "suffix")[0])

    tables = {n: BloomTable.from_hashes(list(set(hs))) for n, hs in sorted(t.items())}  # bits ignore order
    nick: dict[str, list[str]] = {}
    for r in read_tsv(d / "nicknames.tsv.gz"):
        nick.setdefault(normalize(r["nickname"]), []).append(r["formal"])
    small = {"nicknames": {k: sorted(set(v)) for k, v in sorted(nick.items())},
             "usps": sorted(st_usps)}
    return tables, small


def _source_digest(d: Path) -> str:
    h = hashlib.sha256(CODE_VERSION.encode())
    for p in sorted(d.glob("*.tsv.gz")):
        h.update(p.name.encode() + b"\0")
        h.update(p.read_bytes())
    return h.hexdigest()[:20]


def _cache_dir() -> Path:
    env = os.environ.get("SCRUB_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "scrub"


def _read_own(path: Path) -> bytes:
    """A cache file's bytes, refused unless this user owns it: phrase caches are pickles, and a
    pickle written by someone else could run code when loaded."""
    st = path.stat()
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        raise ValueError("cache file owned by another user")
    return path.read_bytes()


def _open_own(path: Path) -> Any:
    """A cache file opened for reading, refused unless this user owns it (as `_read_own`); the
    ownership is checked on the open file, so a swapped file cannot slip in between."""
    f = open(path, "rb")
    try:
        if hasattr(os, "getuid") and os.fstat(f.fileno()).st_uid != os.getuid():
            raise ValueError("cache file owned by another user")
    except BaseException:
        f.close()
        raise
    return f


def _atomic_write(path: Path, data: Any, stale_glob: str | None = None) -> bool:
    """Write `data` (bytes, or a function that writes into an open binary file) through a temporary
    file and os.replace, so a reader never sees half a file; then remove the files of `stale_glob`
    (older digests of the same table) but this one."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                if callable(data):
                    data(f)
                else:
                    f.write(data)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        for old in sorted(path.parent.glob(stale_glob)) if stale_glob else ():
            if old != path and not old.name.endswith(".tmp"):
                try:
                    old.unlink()
                except OSError:
                    pass  # another process's, or gone already
        return True
    except OSError:
        return False  # an unwritable cache only costs the next start a rebuild


def _pack(tables: dict[str, BloomTable], small: dict) -> bytes:
    header: dict[str, Any] = {"version": CODE_VERSION, "tables": {}, "small": small}
    blobs, off = [], 0
    for name in sorted(tables):
        b = tables[name].to_bytes()
        header["tables"][name] = [off, len(b)]
        blobs.append(b)
        off += len(b)
    hj = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
    return b"SCRUBLEX" + len(hj).to_bytes(8, "little") + hj + b"".join(blobs)


def _unpack(data: bytes) -> tuple[dict[str, BloomTable], dict]:
    if data[:8] != b"SCRUBLEX":
        raise ValueError("not a lexicon cache")
    hl = int.from_bytes(data[8:16], "little")
    header = json.loads(data[16:16 + hl])
    if header.get("version") != CODE_VERSION:
        raise ValueError("another code version")
    base = 16 + hl
    mv = memoryview(data)
    tables = {name: BloomTable.from_bytes(mv[base + o:base + o + n]) for name, (o, n) in header["tables"].items()}
    return tables, header["small"]


def _build_weighted(d: Path, list_name: str) -> dict[str, list[tuple[str, float]]]:
    """The (value, weight) pairs of `list_name` (of WEIGHTED_LISTS) from the TSV lists; the
    first-name lists come together, all three from one read."""
    if list_name.startswith("first_names"):
        name, count, male = _columns(d / "first_names.tsv.gz", "name", "count", "male_share")
        order = _by_count(name, count)
        out: dict[str, list[tuple[str, float]]] = {"first_names": [(name[i], float(count[i])) for i in order]}
        for sex, is_male in (("female", False), ("male", True)):
            pairs = []
            for i in order:
                if not male[i]:
                    continue
                s = float(male[i])
                w = float(count[i]) * (s if is_male else 1.0 - s)
                if w >= 1.0:
                    pairs.append((name[i], round(w, 2)))
            out[f"first_names_{sex}"] = pairs
        return out
    if list_name == "surnames":
        name, count = _columns(d / "surnames.tsv.gz", "name", "count")
        order = _by_count(name, count)
        return {list_name: [(name[i], float(count[i])) for i in order]}
    if list_name == "places":
        # only places with people: USPS aliases ("Twentynin Plm") carry population 0
        city, state, pop = _columns(d / "places.tsv.gz", "city", "state", "population")
        return {list_name: [(f"{c}|{s}", float(p)) for c, s, p in zip(city, state, pop) if int(p or 0) > 0]}
    if list_name == "hospitals":
        return {list_name: [(n, 1.0) for n in _columns(d / "hospitals.tsv.gz", "name")[0]]}
    name, pop = _columns(d / "countries.tsv.gz", "name", "population")
    return {list_name: [(n, float(max(1, int(p or 0)))) for n, p in zip(name, pop)]}


def _by_count(name: list[str], count: list[str]) -> list[int]:
    """Row numbers by count, highest first, ties by name: `_ranked`'s order (stable, same keys)."""
    keys = [(-float(c or 0), n) for c, n in zip(count, name)]
    return sorted(range(len(keys)), key=keys.__getitem__)


_WL_MAGIC = b"SCRUBWL1"


def _pack_weighted(pairs: list[tuple[str, float]]) -> bytes:
    """Magic, count, a BLAKE2b digest of the rest (a truncated or damaged file is refused), the
    weights as little-endian float64 (exact), the values joined by newlines (no list value holds
    one). Plain numbers and text, no pickle: safe whoever wrote the file."""
    from array import array

    weights = array("d", [w for _, w in pairs])
    if sys.byteorder != "little":
        weights.byteswap()
    body = weights.tobytes() + "\n".join(v for v, _ in pairs).encode("utf-8")
    return _WL_MAGIC + len(pairs).to_bytes(8, "little") + hashlib.blake2b(body, digest_size=16).digest() + body


def _unpack_weighted(data: bytes) -> list[tuple[str, float]]:
    from array import array

    if data[:8] != _WL_MAGIC:
        raise ValueError("not a weighted-list cache")
    n = int.from_bytes(data[8:16], "little")
    body = memoryview(data)[32:]
    if hashlib.blake2b(body, digest_size=16).digest() != data[16:32]:
        raise ValueError("weighted-list cache damaged")
    weights = array("d")
    weights.frombytes(body[:8 * n])
    if len(weights) != n:
        raise ValueError("truncated weighted-list cache")
    if sys.byteorder != "little":
        weights.byteswap()
    values = bytes(body[8 * n:]).decode("utf-8").split("\n") if n else []
    if len(values) != n:
        raise ValueError("weighted-list cache: value count does not match")
    return list(zip(values, weights.tolist()))


@dataclass(frozen=True)
class LoadInfo:
    """How the tables were had: from the user's cache, shipped with the lists, or built (and then
    whether the cache was written)."""
    source: str          # "cache" | "shipped" | "built"
    cache_path: str | None
    cache_written: bool
    seconds: float


# ---------------------------------------------------------------------- the lexicon

class Lexicon:
    """Read-only word-list facts. Every method takes a word as written and normalizes it.

    Thread-safe: the only mutable state is pure memo caches and lazily built tables, each built
    under a lock and never changed afterwards.
    """

    _default: "Lexicon | None" = None
    _default_lock = threading.Lock()

    def __init__(self, directory: Path | str | None = None, cache_dir: Path | str | None | bool = None,
                 prebuilt: bool = True):
        """`directory`: the folder of *.tsv.gz lists (default: the installed `scrub.wordlists`).
        `cache_dir`: where compiled tables are cached (default $SCRUB_CACHE_DIR or ~/.cache/scrub);
        False keeps everything in memory. `prebuilt`: also accept the tables `wordlists/build.py`
        ships beside the lists (`lexicon-<digest>.bin`, used only when its digest matches the lists)."""
        import time

        t0 = time.perf_counter()
        self.directory = Path(directory) if directory else _data_dir()
        if not (self.directory / "surnames.tsv.gz").exists():
            raise ScrubError("E304", f"word lists not found in {self.directory} (run wordlists/build.py)")
        self._lock = threading.Lock()
        self.digest = _source_digest(self.directory)
        self._cache = None if cache_dir is False else Path(cache_dir) if cache_dir else _cache_dir()
        fname = f"lexicon-{self.digest}.bin"
        path = self._cache / fname if self._cache else None
        tables = small = None
        source = "cache"
        # the user's cache, then the tables shipped with the lists; both are plain bits and JSON
        # (no pickle), so a file owned by someone else is safe to read
        for src, candidate in (("cache", path), ("shipped", self.directory / fname if prebuilt else None)):
            if candidate is None:
                continue
            try:
                tables, small = _unpack(candidate.read_bytes())
                source = src
                break
            except (OSError, ValueError, ScrubError, KeyError):
                tables = None  # missing or stale: try the next, else rebuild below
        written = False
        if tables is None:
            tables, small = _build_tables(self.directory)
            source = "built"
            if path is not None:
                written = _atomic_write(path, _pack(tables, small), "lexicon-*.bin")
        self.tables: dict[str, BloomTable] = tables
        self._nicks: dict[str, list[str]] = small["nicknames"]
        self._usps = frozenset(small["usps"])
        self._phrases: dict[str, PhraseTable] = {}
        self._weighted: dict[str, list[tuple[str, float]]] = {}
        self._zips: dict[str, tuple[str, str]] | None = None
        self._zip3: dict[str, int] | None = None
        self.load_info = LoadInfo(source, str(path) if path else None, written, time.perf_counter() - t0)
        self._install_memos()

    @classmethod
    def default(cls) -> "Lexicon":
        """The process-wide lexicon over the installed word lists, built on first use."""
        if cls._default is None:
            with cls._default_lock:
                if cls._default is None:
                    cls._default = cls()
        return cls._default

    # ------------------------------------------------------------------ single words

    def _in(self, table: str, word: str) -> bool:
        return self.tables[table].probe(*_key_hashes(word))

    def _band(self, prefix: str, edges: tuple, word: str) -> int | None:
        h1, h2 = _key_hashes(word)
        whole, bands = self._bands[prefix]
        if not whole.probe(h1, h2):
            return None
        for b, t in enumerate(bands):
            if t.probe(h1, h2):
                return b
        return len(bands)

    def _word_facts(self, word: str) -> tuple[float | None, int | None]:
        """(capitalized_share, word_band) of a word with one look-up of the word table."""
        h1, h2 = _key_hashes(word)
        if not self.tables["word"].probe(h1, h2):
            return None, None
        share = None
        for t, mid in self._cap_bins:
            if t.probe(h1, h2):
                share = mid
                break
        _, bands = self._bands["word"]
        for b, t in enumerate(bands):
            if t.probe(h1, h2):
                return share, b
        return share, len(bands)

    def word_facts(self, word: str) -> tuple[float | None, int | None]:
        """(`capitalized_share`, `word_band`) of a word together, for a caller that asks both."""
        return self._word_facts(word)

    def _install_memos(self) -> None:
        # Per-instance bounded memos in front of the Bloom probes: detectors ask about the same
        # words over and over, and a dict hit costs a tenth of ten probes.
        size = 1 << 16
        # the tables each question walks, looked up once (not by name per probe)
        self._bands = {p: (self.tables[p], [self.tables[f"{p}:{b}"] for b in range(len(edges))])
                       for p, edges in (("first", NAME_BANDS), ("surname", NAME_BANDS), ("word", WORD_BANDS))}
        edges = (0.0,) + CAP_BINS + (1.0,)
        self._cap_bins = [(self.tables[f"cap:{b}"], round((edges[b] + edges[b + 1]) / 2, 3))
                          for b in range(len(CAP_BINS) + 1)]
        for name in ("is_first_name", "is_surname", "first_name_band", "surname_band", "sex_of",
                     "is_common_word", "word_band", "capitalized_share", "word_facts", "is_medical", "medical_kind",
                     "sounds_like_name", "is_city", "is_state", "is_title", "is_degree",
                     "is_street_suffix", "is_unit_designator", "is_country", "is_company_suffix"):
            setattr(self, name, lru_cache(maxsize=size)(getattr(self, name)))

    def is_first_name(self, word: str) -> bool:
        """Listed as a first name (Census 2020 or SSA 1880-2015)."""
        return self._in("first", word)

    def is_surname(self, word: str) -> bool:
        """Listed as a surname (Census 2010/2020, 100 bearers or more)."""
        return self._in("surname", word)

    def first_name_band(self, word: str) -> int | None:
        """0 = among the 1,000 commonest first names, 1 = the top 10,000, 2 = listed, None = not."""
        return self._band("first", NAME_BANDS, word)

    def surname_band(self, word: str) -> int | None:
        """0 = among the 1,000 commonest surnames, 1 = the top 10,000, 2 = listed, None = not."""
        return self._band("surname", NAME_BANDS, word)

    def sex_of(self, first: str) -> str | None:
        """'F' or 'M' where 90% or more of the name's bearers are of that sex, else None."""
        h = _key_hashes(first)
        f, m = self.tables["first:F"].probe(*h), self.tables["first:M"].probe(*h)
        return "F" if f and not m else "M" if m and not f else None

    def nickname_formals(self, nick: str) -> tuple[str, ...]:
        """Formal names a nickname stands for ("Dot" -> ("Dorothy", ...)), sorted; () if none."""
        return tuple(self._nicks.get(normalize(nick), ()))

    def is_common_word(self, word: str) -> bool:
        """Among the 200,000 commonest English words (any case)."""
        return self._in("word", word)

    def word_band(self, word: str) -> int | None:
        """0 = top 1,000 words, 1 = top 10,000, 2 = top 50,000, 3 = top 200,000, None = not listed."""
        return self._band("word", WORD_BANDS, word)

    def capitalized_share(self, word: str) -> float | None:
        """Share of the word's uses written Capitalized (not ALL CAPS), as the midpoint of its bin
        (0.05, 0.2, 0.4, 0.6, 0.8, 0.95); None for a word not listed."""
        h1, h2 = _key_hashes(word)
        if not self.tables["word"].probe(h1, h2):
            return None
        for t, mid in self._cap_bins:
            if t.probe(h1, h2):
                return mid
        return None

    def is_medical(self, word: str) -> bool:
        """A medical word or phrase that is no one's name: eponyms ("Hodgkin") and words that are
        common names ("Graves", "Long") are left out; see `medical_kind` for those."""
        return self._in("medical", word)

    def medical_kind(self, word: str) -> str | None:
        """'eponym', 'drug' or 'medical' (ICD words, phrases, devices) for any listed medical
        term, names included; None when not listed."""
        h = _key_hashes(word)
        if not self.tables["medical:any"].probe(*h):
            return None
        if self.tables["medical:eponym"].probe(*h):
            return "eponym"
        if self.tables["medical:drug"].probe(*h):
            return "drug"
        return "medical"

    def is_eponym(self, word: str) -> bool:
        """A person's name used for a disease ("Hodgkin", "Hodgkins", "Parkinson")."""
        return self.medical_kind(word) == "eponym"

    def sounds_like_name(self, word: str) -> bool:
        """Shares its Metaphone and Soundex keys with one of the commonest 5,000 first names or
        20,000 surnames ("Lang" sounds like "Long")."""
        k = phonetic_key(word)
        return bool(k) and self.tables["phonetic"].probe(*_hashes(k))

    def is_city(self, word: str) -> bool:
        """A US place name (GeoNames or USPS), one word or several ("New York")."""
        return self._in("city", word)

    def is_state(self, word: str) -> bool:
        """A US state or territory: its name in any case, its AP abbreviation written with a
        capital ("Mass.", "Calif."), or its USPS code in capitals ("MA"; "ma" and "Me" are not)."""
        w = word.strip().rstrip(".")
        if len(w) == 2:
            return w in self._usps
        if self._in("state:name", word):
            return True
        return word[:1].isupper() and self._in("state:ap", word)

    def is_title(self, word: str) -> bool:
        """A title that leads a name ("Dr", "Dr.", "Mrs", "Prof", "Sister")."""
        return self._in("title", word)

    def is_degree(self, word: str) -> bool:
        """A suffix or degree after a name ("MD", "M.D.", "RN", "PhD", "Jr", "III")."""
        return self._in("degree", word)

    def is_street_suffix(self, word: str) -> bool:
        """A USPS street suffix in any of its written forms ("St", "Street", "Ave", "Blvd")."""
        return self._in("street_suffix", word)

    def is_unit_designator(self, word: str) -> bool:
        """A USPS unit designator or directional ("Apt", "Suite", "Ste", "N", "NE")."""
        return self._in("unit", word)

    def is_country(self, word: str) -> bool:
        return self._in("country", word)

    def is_world_city(self, word: str) -> bool:
        """A town outside the US of at least 100,000 residents (GeoNames): "Chennai", "Lviv".
        Kept apart from is_city, so that it is read only where a cue says a place follows."""
        return self._in("world_city", word)

    def is_company_suffix(self, word: str) -> bool:
        """A company's legal form ("Inc", "Corp.", "LLC", "GmbH")."""
        return self._in("company_suffix", word)

    # ------------------------------------------------------------------ phrases

    def phrases(self, name: str) -> PhraseTable:
        """The phrase table `name` (one of PHRASE_TABLES), built once and cached on disk.
        Payloads: hospitals ("hospital", name, "City|ST"); places ("place", city, "ST,ST2");
        medical ("medical", kind); countries ("country", ISO2); states ("state", USPS)."""
        t = self._phrases.get(name)
        if t is not None:
            return t
        if name not in PHRASE_TABLES:
            raise ScrubError("E305", f"lexicon: no phrase table named '{name}' "
                                     f"(known: {', '.join(PHRASE_TABLES)})")
        with self._lock:
            t = self._phrases.get(name)
            if t is None:
                path = self._cache / f"phrases-{name}-{self.digest}.pkl" if self._cache else None
                if path is not None:
                    try:
                        with _open_own(path) as f:
                            t = PhraseTable.load(f)
                    except Exception:  # missing, stale or foreign: rebuild
                        t = None
                if t is None:
                    t = PhraseTable.build(self._phrase_items(name))
                    if path is not None:
                        _atomic_write(path, t.dump, f"phrases-{name}-*.pkl")
                self._phrases[name] = t
        return t

    def _phrase_items(self, name: str) -> Iterable[tuple[str, Any]]:
        # whole columns, not a dict per row, and generators where the list is big: the first run
        # builds the tables from these, and it is that run's peak memory
        d = self.directory
        if name == "hospitals":
            hn, city, state = _columns(d / "hospitals.tsv.gz", "name", "city", "state")
            return [(n, ("hospital", n, f"{c}|{s}")) for n, c, s in zip(hn, city, state)]
        if name == "places":
            by: dict[str, list] = {}
            for c, s, p in zip(*_columns(d / "places.tsv.gz", "city", "state", "population")):
                by.setdefault(c, []).append((-int(p or 0), s))
            return [(c, ("place", c, ",".join(s for _, s in sorted(v)))) for c, v in sorted(by.items())]
        if name == "medical":
            term, kind, clash = _columns(d / "medical_terms.tsv.gz", "term", "kind", "name_clash")
            # long chemical names and numbered forms are left to the Bloom table: they are rarely
            # written verbatim in notes and would triple the automaton
            kinds = {k: ("medical", k) for k in sorted(set(kind))}  # one payload tuple per kind
            return ((t, kinds[k]) for t, k, c in zip(term, kind, clash)
                    if c == "0" and k != "eponym" and len(t) <= 40
                    and len(t.split()) <= 4 and not _NUMBERED.search(t))
        if name == "countries":
            cn, iso2 = _columns(d / "countries.tsv.gz", "name", "iso2")
            return [(n, ("country", i)) for n, i in zip(cn, iso2)]
        sn, ap, usps = _columns(d / "states.tsv.gz", "name", "ap", "usps")
        return [(n, ("state", u)) for n, u in zip(sn, usps)] + \
               [(a, ("state", u)) for n, a, u in zip(sn, ap, usps) if a and a != n]

    # ------------------------------------------------------------------ raw lists for replacement

    def weighted(self, list_name: str) -> list[tuple[str, float]]:
        """(value, weight) pairs for drawing pseudonyms, in a fixed order. Lists: first_names,
        first_names_female, first_names_male (count x sex share), surnames, places ("City|ST",
        population > 0), hospitals (name, 1), countries (name, population). KeyError for others.

        Built once from the lists and cached (`weighted-<list>-<digest>.bin`: the weights as
        float64 and the values as one text blob), so a later process loads it in milliseconds."""
        got = self._weighted.get(list_name)
        if got is not None:
            return got
        if list_name not in WEIGHTED_LISTS:
            raise KeyError(list_name)
        with self._lock:
            got = self._weighted.get(list_name)
            if got is not None:
                return got
            path = self._weighted_path(list_name)
            pairs = None
            if path is not None:
                try:
                    pairs = _unpack_weighted(path.read_bytes())
                except (OSError, ValueError):
                    pairs = None  # missing, stale or damaged: rebuild
            if pairs is None:
                built = _build_weighted(self.directory, list_name)
                for name, ps in built.items():  # the three first-name lists come from one read
                    p = self._weighted_path(name)
                    if p is not None and (name == list_name or not p.exists()):
                        _atomic_write(p, _pack_weighted(ps), f"weighted-{name}-*.bin")
                    if name != list_name and name not in self._weighted:
                        self._weighted[name] = ps
                pairs = built[list_name]
            self._weighted[list_name] = pairs
        return pairs

    def _weighted_path(self, list_name: str) -> Path | None:
        return self._cache / f"weighted-{list_name}-{self.digest}.bin" if self._cache else None

    def zip3_population(self, zip3: str) -> int | None:
        """Resident population (Census 2010 ZCTAs) of a three-digit ZIP area; None if unknown."""
        if self._zip3 is None:
            m = {r["zip3"]: int(r["population"]) for r in read_tsv(self.directory / "zip3_population.tsv.gz")}
            with self._lock:
                self._zip3 = self._zip3 or m
        return self._zip3.get(str(zip3)[:3]) if len(str(zip3)) >= 3 else None

    def zip_city_state(self, zip5: str) -> tuple[str, str] | None:
        """(city, USPS state) of a five-digit ZIP code ("02151" -> ("Revere", "MA")); None if unknown."""
        if self._zips is None:
            m = {r["zip"]: (r["city"], r["state"]) for r in read_tsv(self.directory / "zips.tsv.gz")}
            with self._lock:
                self._zips = self._zips or m
        return self._zips.get(str(zip5)[:5])
