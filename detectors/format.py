"""The format detector: is a document a letter, notes, delimited text, or plain text?

Other detectors read `Document.format` (a heading block, a salutation, `Name:` fields).
"""
from __future__ import annotations

import re

import regex

# stdlib `re` for the two case-blind line-start searches: the same matches, three times faster
_SALUTATION = re.compile(r"^\s*(?:Dear|To whom)\b", re.MULTILINE | re.IGNORECASE)
_CLOSING = re.compile(r"^\s*(?:Sincerely|Yours|Best regards|Regards|Respectfully)\b",
                      re.MULTILINE | re.IGNORECASE)
_FIELD = regex.compile(r"^\s*[A-Z][A-Za-z .#/]{1,30}:\s*\S", regex.MULTILINE)


#: the words of _SALUTATION and _CLOSING in small letters ("regards" also of "Best regards")
_LETTER_WORDS = ("dear", "to whom", "sincerely", "yours", "regards", "respectfully")


def _letter_words(head: str) -> bool:
    """Might a salutation or a closing be in `head`? For ASCII text, whether one of their words
    is in it at all (C-speed tests; the two case-blind searches try every line start); any other
    text is searched."""
    if not head.isascii():
        return True
    low = head.lower()
    return any(w in low for w in _LETTER_WORDS)


def classify(text: str) -> str:
    """'letter' (salutation or closing), 'delimited' (most lines split by one delimiter),
    'notes' (many `Field:` lines or short clinical lines), else 'text'."""
    head = text[:20000]
    if _letter_words(head) and (_SALUTATION.search(head) or _CLOSING.search(head)):
        return "letter"
    lines = [ln for ln in head.splitlines() if ln.strip()]
    if len(lines) >= 3:
        for delim in ("\t", "|", ",", ";"):
            counts = [ln.count(delim) for ln in lines]
            if counts[0] >= 2 and sum(1 for c in counts if c == counts[0]) >= 0.8 * len(lines):
                return "delimited"
        if len(_FIELD.findall(head)) >= max(2, len(lines) // 4):
            return "notes"
    return "text"
