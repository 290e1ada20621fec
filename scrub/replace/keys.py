"""Keyed choices: every pseudo-value is drawn from an HMAC-SHA256 of the user's secret key, the
entity family and the normalized original, so the same original gets the same pseudo-value in
every document, run, process and machine, and another key gives other pseudo-values.
"""
from __future__ import annotations

import bisect
import hashlib
import hmac
import os
import secrets
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Sequence

import regex

from ..errors import ScrubError

#: what a caller prints on stderr when `load_key` had to make a key (never the key itself)
FRESH_KEY_NOTICE = "no key given: using a fresh random key for this run"

KEY_BYTES = 32


def load_key(key_file: str | Path | None = None, env: str = "SCRUB_KEY") -> tuple[bytes, bool]:
    """The secret key and whether it was generated fresh for this run.

    A key file wins over the environment variable; its bytes are the key (a trailing newline is
    dropped, so `echo secret > key` works). With neither, 32 random bytes: the caller must say
    FRESH_KEY_NOTICE on stderr, since pseudo-values then differ from any other run.
    """
    if key_file is not None:
        p = Path(key_file)
        try:
            raw = p.read_bytes()
        except FileNotFoundError:
            raise ScrubError("E700", f"{p}: key file not found") from None
        except OSError as exc:
            raise ScrubError("E701", f"{p}: key file cannot be read ({exc.strerror})") from None
        raw = raw.rstrip(b"\r\n")
        if len(raw) < 8:
            raise ScrubError("E702", f"{p}: key file holds fewer than 8 bytes")
        return raw, False
    value = os.environ.get(env) if env else None
    if value:
        if len(value.encode("utf-8")) < 8:
            raise ScrubError("E702", f"environment variable {env}: key shorter than 8 bytes")
        return value.encode("utf-8"), False
    return secrets.token_bytes(KEY_BYTES), True


# ---------------------------------------------------------------------------- normalization

#: titles stripped from names before keying ("Dr. Lang" and "Lang" are one person)
TITLES = frozenset("""
dr doctor mr mrs ms miss mx master madam madame mme sir dame lord lady prof professor rev reverend
fr father sister sr brother br hon judge capt captain sgt lt col gen maj nurse pastor rabbi
""".split())
#: degrees and generational suffixes kept as written and stripped before keying
DEGREES = frozenset("""
md do phd dds dmd dnp rn np pa pac lpn cnm crna mph mba ms msn bsn facs facp faap frcp frcs
mbbs jr sr ii iii iv esq dpm od pharmd psyd lcsw
""".split())

_SPACE = regex.compile(r"\s+")
_POSSESSIVE = regex.compile(r"(?:['’]s|(?<=s)['’])$", regex.IGNORECASE)
_EDGE_PUNCT = "\"'“”‘’«»()[]{}<>,;:!?"


def strip_possessive(text: str) -> tuple[str, str]:
    """Split "Virginia's" into ("Virginia", "'s"); "Hodgkins'" into ("Hodgkins", "'")."""
    m = _POSSESSIVE.search(text)
    if m and m.start() > 0:
        return text[:m.start()], text[m.start():]
    return text, ""


@lru_cache(maxsize=1 << 16)
def normalize(text: str, *, name: bool = False) -> str:
    """The form an original is keyed by: NFKC, casefolded, one space, no possessive, no edge
    punctuation; for names also no titles or degrees ("Dr. Lang's" → "lang")."""
    t = unicodedata.normalize("NFKC", text).strip().strip(_EDGE_PUNCT)
    t = _SPACE.sub(" ", t)
    if name:
        words = []
        for w in t.replace(",", " ").split(" "):
            w = w.strip(_EDGE_PUNCT)
            core = strip_possessive(w)[0]
            bare = core.replace(".", "").casefold()
            if not bare or bare in TITLES or bare in DEGREES:
                continue
            words.append(core)
        t = " ".join(words)
    t = strip_possessive(t)[0]
    return t.casefold()


# ---------------------------------------------------------------------------- keyed draws

@dataclass(frozen=True)
class WeightedTable:
    """Values with cumulative weights, for a draw by bisection on a keyed number."""

    values: tuple[str, ...]
    cumulative: tuple[float, ...]

    @classmethod
    def build(cls, pairs: Sequence[tuple[str, float]], temper: float = 1.0) -> "WeightedTable":
        """`temper` < 1 flattens the frequencies (weight ** temper) while keeping their order."""
        values, cum, total = [], [], 0.0
        for value, weight in pairs:
            if weight <= 0 or not value:
                continue
            total += float(weight) ** temper if temper != 1.0 else float(weight)
            values.append(value)
            cum.append(total)
        return cls(tuple(values), tuple(cum))

    def __len__(self) -> int:
        return len(self.values)

    @property
    def total(self) -> float:
        return self.cumulative[-1] if self.cumulative else 0.0

    def pick(self, unit: float) -> str:
        """The value at `unit` (0 ≤ unit < 1) of the cumulative weight."""
        i = bisect.bisect_right(self.cumulative, unit * self.total)
        return self.values[min(i, len(self.values) - 1)]


class Keyed:
    """HMAC-SHA256 draws under one key. Stateless: safe to share across threads."""

    __slots__ = ("_key",)

    def __init__(self, key: bytes):
        if not isinstance(key, (bytes, bytearray)) or len(key) == 0:
            raise ScrubError("E703", "the replacement key must be non-empty bytes")
        self._key = bytes(key)

    def digest(self, family: str, value: str, counter: int = 0, block: int = 0) -> bytes:
        # the unit separator cannot occur in a normalized value's family name, so no two
        # (family, value) pairs share a message
        msg = f"{family}\x1f{value}\x1f{counter}\x1f{block}".encode("utf-8")
        return hmac.new(self._key, msg, hashlib.sha256).digest()

    def unit(self, family: str, value: str, counter: int = 0) -> float:
        """A number in [0, 1) from 53 bits of the digest."""
        n = int.from_bytes(self.digest(family, value, counter)[:8], "big") >> 11
        return n / float(1 << 53)

    def below(self, n: int, family: str, value: str, counter: int = 0) -> int:
        """An integer in [0, n); 64 bits of digest make the modulo bias negligible."""
        return int.from_bytes(self.digest(family, value, counter)[:8], "big") % n

    def bytes_stream(self, family: str, value: str, counter: int = 0) -> Iterator[int]:
        """An endless stream of keyed bytes (HMAC in counter mode)."""
        block = 0
        while True:
            yield from self.digest(family, value, counter, block)
            block += 1

    def symbols(self, alphabet: str, count: int, family: str, value: str,
                counter: int = 0) -> list[str]:
        """`count` symbols drawn uniformly from `alphabet` (rejection sampling: no bias)."""
        n = len(alphabet)
        limit = 256 - 256 % n
        out: list[str] = []
        if count <= 0:
            return out
        for b in self.bytes_stream(family, value, counter):
            if b < limit:
                out.append(alphabet[b % n])
                if len(out) == count:
                    return out
        return out  # pragma: no cover - the stream is endless

    def choose(self, table: WeightedTable, family: str, value: str, counter: int = 0) -> str:
        if not len(table):
            raise ScrubError("E704", f"empty word list for replacement family {family}")
        return table.pick(self.unit(family, value, counter))
