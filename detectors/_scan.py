"""One cheap scan shared by the phone, identifier and medical-term detectors: where numbers start.

The text is mapped once to a class string (every ASCII digit '0', every ASCII letter and '_'
'a', anything else outside ASCII '?', the rest kept), where "a run of three digits" is the
literal b"000" that the standard library finds at memchr speed. Templates are then tried with
TemplateMatcher.match_at only at the starts such a scan yields (a superset of the places the
template can match: its own regex still decides), instead of being searched through windows:
the regex engine costs 15-25 ms per MB per pattern searched, far more than a few thousand
anchored attempts.
"""
from __future__ import annotations

import hashlib
import re

_TABLE = bytes(ord("0") if 48 <= i <= 57 else ord("a") if (65 <= i <= 90 or 97 <= i <= 122 or i == 95)
               else i for i in range(256))
_WORD = frozenset(b"a0")
_A, _ZERO, _HYPHEN = ord("a"), ord("0"), ord("-")
#: a digit run of three or more, and the IBAN head 'GB82' (two letters, two digits)
_RUN3 = re.compile(rb"0000*")
_RUN1 = re.compile(rb"00*")
_IBAN_HEAD = re.compile(rb"aa00")
#: a match of an anchored template is tried at most this far: the templates are far shorter,
#: and the bound keeps a long line of digits or blanks linear
REACH = 256

_last: tuple[str, bytes] | None = None


def classes(text: str) -> bytes | None:
    """The class string of `text` (same length), or None when a non-ASCII digit is in it.

    Non-ASCII letters become '?', which the anchor rules treat as "maybe a word character"
    nowhere: anchors only get more numerous, never fewer. A digit outside ASCII ('٣') would be
    missed, so such a text is left to the searched path. The last text's classes are kept: the
    three detectors run on the same document one after another.
    """
    global _last
    if _last is not None and _last[0] is text:
        return _last[1]
    raw = text.encode("ascii", "replace")
    out = raw.translate(_TABLE)
    if not text.isascii():
        # look at each '?' of the encoding (few in English text): a digit there sends the
        # text to the searched path; so does a text with many non-ASCII characters (over one
        # in 16: the look-up would cost more than the scan saves)
        if raw.count(b"?") - text.count("?") > max(2000, len(text) // 16):
            out = None
        else:
            i = raw.find(b"?")
            while i >= 0:
                if text[i].isdigit():
                    out = None
                    break
                i = raw.find(b"?", i + 1)
    _last = (text, out)
    return out


def token_starts_before(cls: bytes, points: list[int], back: int, over: bytes = b"a0-") -> list[int]:
    """Word starts (a letter or digit not after one) within `back` characters before each point,
    walking back over `over` only; sorted, without repeats."""
    allowed = frozenset(over)
    seen: set[int] = set()
    done = 0  # characters before this were looked at from an earlier point (sorted points)
    for q in points:
        j = q
        stop = max(0, q - back, done)
        done = q + 1
        while j > stop and cls[j - 1] in allowed:
            j -= 1
        for p in range(j, q + 1):
            if cls[p] in _WORD and (p == 0 or cls[p - 1] not in _WORD):
                seen.add(p)
    return sorted(seen)


def iban_heads(cls: bytes) -> list[int]:
    """Starts of 'two letters, two digits' words (an IBAN's country and check digits)."""
    return [m.start() for m in _IBAN_HEAD.finditer(cls) if m.start() == 0 or cls[m.start() - 1] not in _WORD]


def anchors(starts: list[int], n: int) -> list[tuple[int, int]]:
    """(start, end) pairs for TemplateMatcher.match_at: each start tried up to REACH characters."""
    return [(s, min(n, s + REACH)) for s in starts]


def digit_runs(cls: bytes, min_digits: int) -> list[int]:
    """Starts of every digit run of at least `min_digits` (1 or 3), whatever stands before it."""
    return [m.start() for m in (_RUN3 if min_digits == 3 else _RUN1).finditer(cls)]


def pattern_key(pattern: str) -> str:
    """A short digest of a compiled template pattern: an anchor rule holds for this exact regex."""
    return hashlib.sha1(pattern.encode("utf-8")).hexdigest()[:12]


def split_by_anchor(compiled, rules: dict[str, tuple[str, str]]) -> dict[str, list]:
    """Templates grouped by anchor kind; a template whose regex is not the one its rule was
    written for (edited in its TOML file, or new) goes to "search" (windows, as before)."""
    out: dict[str, list] = {}
    for c in compiled:
        rule = rules.get(c.template.id)
        kind = rule[1] if rule and rule[0] == pattern_key(c.pattern.pattern) else "search"
        out.setdefault(kind, []).append(c.template)
    return out


def in_template_order(cands: list, templates) -> list:
    """Candidates sorted stably by their template's place in the file (as one scan gave them)."""
    order = {f"template:{t.id}": k for k, t in enumerate(templates)}
    return sorted(cands, key=lambda c: order.get(c.why, len(order)))


#: a word start with a letter, followed within 14 characters by a digit with only letters,
#: blanks, ':', '=' or '/' between ("Na 140", "O2 sat 95", "HR: 80"); one scan, no overlap lost
#: (each hit consumes the character before the word and the word's first letter only)
_LETTER_BEFORE_DIGIT = re.compile(rb"[^a0]a(?=[a :=/]{0,13}0)")
_LETTER_BEFORE_DIGIT_AT_0 = re.compile(rb"a[a :=/]{0,13}0")


def letter_words_before_digits(cls: bytes) -> list[int]:
    """Starts of words with a letter first and a digit at most 14 characters on (see above)."""
    out = [0] if _LETTER_BEFORE_DIGIT_AT_0.match(cls) else []
    out += [m.start() + 1 for m in _LETTER_BEFORE_DIGIT.finditer(cls)]
    return out
