"""Surface form: case, shape-preserving characters, and Sprees (made-up names spliced from the
orthography of real ones). Pure functions over strings and keyed draws.
"""
from __future__ import annotations

import regex

from .keys import Keyed, WeightedTable

DIGITS = "0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz"
UPPER = LOWER.upper()
VOWELS = set("aeiouy")


def titlecase(word: str) -> str:
    """"O'BRIEN" → "O'Brien", "smith-jones" → "Smith-Jones"."""
    if word[:1].isupper() and (len(word) == 1 or word[1:].islower()) and word.isalpha():
        return word  # the common case, already capitalized
    out = []
    up = True
    for ch in word.lower():
        out.append(ch.upper() if up and ch.isalpha() else ch)
        up = not ch.isalpha()
    return "".join(out)


def apply_case(model: str, word: str) -> str:
    """`word` in the case of `model`: all caps, all lower, or capitalized."""
    if model.isupper() and (len(model) > 1 or len(word) == 1):
        return word.upper()
    if model.islower():
        return word.lower()
    return titlecase(word)


def pour(model: str, keyed: Keyed, family: str, value: str, counter: int = 0,
         keep: int = 0, letters: bool = True) -> str:
    """`model` with every digit replaced by a keyed digit and (unless `letters` is false) every
    letter by a keyed letter of the same case; other characters and the first `keep` kept.

    One keyed byte stream feeds the characters in order (rejection sampling keeps digits and
    letters uniform)."""
    stream = keyed.bytes_stream(family, value, counter)
    out = [model[:keep]]
    for c in model[keep:]:
        if c.isdigit():
            b = next(stream)
            while b >= 250:
                b = next(stream)
            out.append(DIGITS[b % 10])
        elif letters and c.isalpha():
            b = next(stream)
            while b >= 234:
                b = next(stream)
            ch = LOWER[b % 26]
            out.append(ch.upper() if c.isupper() else ch)
        else:
            out.append(c)
    return "".join(out)


# ---------------------------------------------------------------------------- Sprees

def _head(name: str) -> str:
    """The name up to its first vowel group and the consonants after it ("katherine" → "kath")."""
    i = 0
    n = len(name)
    while i < n and name[i] not in VOWELS:
        i += 1
    while i < n and name[i] in VOWELS:
        i += 1
    j = i
    while j < n and name[j] not in VOWELS and j - i < 2:
        j += 1
    return name[:j] if j > i else name[:i]


def _tail(name: str) -> str:
    """The name from its last vowel group on ("williams" → "ams")."""
    i = len(name)
    while i > 0 and name[i - 1] not in VOWELS:
        i -= 1
    while i > 0 and name[i - 1] in VOWELS:
        i -= 1
    return name[i:]


_BAD = regex.compile(r"(.)\1\1|[^aeiouy]{4}|^[^aeiouy]*$|[aeiou]{3}")


def spree(table: WeightedTable, keyed: Keyed, family: str, value: str, is_known,
          counter: int = 0, min_len: int = 4, max_len: int = 10, tries: int = 64) -> str:
    """A made-up name: the head of one listed name spliced to the tail of another, redrawn until
    it reads like a name (no triple letters, no four consonants in a row) and is in no list.

    `is_known(word)` says whether a word is a real listed name; the draw is keyed, so one original
    always gets one made-up name.
    """
    for k in range(counter * tries, counter * tries + tries):
        a = table.pick(keyed.unit(family + ":h", value, k)).lower()
        b = table.pick(keyed.unit(family + ":t", value, k)).lower()
        if not a.isalpha() or not b.isalpha():
            continue
        head, tail = _head(a), _tail(b)
        word = head + tail
        if head == a or tail == b or not (min_len <= len(word) <= max_len) or _BAD.search(word):
            continue
        if is_known(word):
            continue
        return titlecase(word)
    # a list this small or odd cannot make one: fall back to keyed syllables
    sy = keyed.symbols("bdfgklmnprstvw", 3, family + ":s", value, counter)
    vo = keyed.symbols("aeio", 3, family + ":v", value, counter)
    return titlecase(sy[0] + vo[0] + sy[1] + vo[1] + sy[2])
