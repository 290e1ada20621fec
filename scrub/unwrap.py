"""A view of a document with its layout made plain: wrapping line breaks and odd blanks as spaces.

Clinical archives often store notes as they were printed or typed into a fixed-width box:
every line of a paragraph is cut at the same width ("... seen by Dr. Helen\\nOkafor at
Lakeside Regional Medical\\nCenter ..."). A name, a hospital or a street cut by such a break is
two pieces no detector takes whole. For a wrapped document the engine hands the detectors a view
of the same length in which each wrapping break is a space; line breaks that end a paragraph, a
list item or a heading stay. The same view makes a no-break or thin space a space, the "\\r" of
Windows line ends a space and other line breaks (a form feed, U+2028) a "\\n", so that no rule
need know of them.

How a break is judged to wrap (the test word processors apply when they wrap):

- the document's width W is the one that most breaks are consistent with: a break after a line
  of length n (trailing blanks aside) whose next line starts with a word of length w is
  consistent with any W in [n, n + w] (the line fitted, the next word would not have);
- W is at least the length of every line but the longest (one over-long line, a URL or a table
  row, is allowed), and at least 3 breaks must agree on it: a note written a paragraph a line
  has too few lines near its longest one;
- a break whose next line starts a list item, a field ("BP: ..."), a bullet or a numbered item
  is kept, whatever its length, and so is one after a sentence's end ("... at 0800.\nM. Haddad
  RN" may be a sign-off) unless the line ends with a title or an initial ("Dr.\nOkafor").
  Such breaks still count for the width.

Offsets never move: a line break is only swapped for a space. Findings of the view therefore
hold for the original text as they are (a finding may then span a line break).
"""
from __future__ import annotations

import re

#: fewer breaks agreeing on one width than this: the document is not wrapped
MIN_BREAKS = 3
#: narrower than this, lines are a list or a form, not wrapped prose
MIN_WIDTH = 40

_FIRST_WORD = re.compile(r"[ \t]*(\S+)")
#: a next line that starts its own item: a bullet, a number with ")" or ".", a field label
_ITEM_START = re.compile(
    r"[ \t]*(?:[-*•·](?=[ \t])|[=_|]|\d{1,3}[.)](?:[ \t]|$)"
    r"|(?=[^:\n]{1,26}:)[A-Za-z][A-Za-z0-9/&'’()-]*(?:[ \t][A-Za-z0-9/&'’()-]+){0,2}:(?:[ \t]|$))")
#: a line that ends a sentence or a clause, and one that ends with a title or an initial
_CLAUSE_END = re.compile(r"[.!?;:][\"'’”)\]]*$")
_TITLE_END = re.compile(r"(?<![\w.])(?:[A-Z][a-z]{0,3}|[A-Z])\.$")


def soft_breaks(text: str) -> list[int]:
    """The offsets of the "\\n" of the wrapping line breaks of `text` (empty if none)."""
    if text.count("\n") < MIN_BREAKS:
        return []
    lines = text.split("\n")
    lengths = [len(line.rstrip(" \t\r")) for line in lines]
    if len(lengths) < MIN_BREAKS + 1:
        return []
    ordered = sorted(lengths, reverse=True)
    floor = ordered[1]  # every line but the longest fits in the width
    if floor < MIN_WIDTH:
        return []
    # (offset of the break, n, n + w, kept) for each break between two lines with text
    breaks: list[tuple[int, int, int, bool]] = []
    pos = 0
    for k in range(len(lines) - 1):
        pos += len(lines[k])
        n = lengths[k]
        nxt = lines[k + 1]
        if n:
            m = _FIRST_WORD.match(nxt)
            if m is not None:
                line = lines[k][:n]
                kept = (_ITEM_START.match(nxt) is not None
                        or (_CLAUSE_END.search(line) is not None and _TITLE_END.search(line) is None))
                breaks.append((pos, n, n + len(m.group(1)), kept))
        pos += 1
    if len(breaks) < MIN_BREAKS:
        return []
    # the width most breaks agree on, no narrower than `floor`: a sweep over interval ends
    events = sorted([(max(lo, floor), 0) for _, lo, hi, _ in breaks if hi >= floor]
                    + [(hi, 1) for _, lo, hi, _ in breaks if hi >= floor])
    best, width, depth = 0, 0, 0
    for at, kind in events:
        if kind == 0:
            depth += 1
            if depth > best:
                best, width = depth, at
        else:
            depth -= 1
    if best < MIN_BREAKS:
        return []
    return [p for p, lo, hi, kept in breaks if lo <= width <= hi and not kept]


#: blanks other than the space and the tab (no-break, thin, figure, ideographic...) and the line
#: breaks other than "\n" (a lone "\r", form feed, vertical tab, NEL, Unicode line and paragraph
#: separators; the "\r" of "\r\n" is matched first)
_ODD_BLANKS = re.compile("[\xa0\u1680\u2000-\u200a\u202f\u205f\u3000]")
_ODD_BREAKS = re.compile("(\r)(?=\n)|[\r\x0b\x0c\x85\u2028\u2029]")
#: the characters _ODD_BREAKS matches at: most notes have none, and looking for each costs far
#: less than the pattern's scan (its alternation is tried at every character)
_ODD_BREAK_CHARS = "\r\x0b\x0c\x85\u2028\u2029"


def _break(m: re.Match) -> str:
    return " " if m.group(1) else "\n"


#: a form's dot leaders between a label and its value ("MRN: .......... 5523-0091", "Age ..... 91"):
#: after a colon three dots or more, after a word four or more, with the value on the same line
#: ("Agency........: <Name>" reads "Agency:        <Name>": the colon moves to the label)
_LEADER = re.compile(r"(?<=\w)[ \t]*\.{3,}[ \t]*:|(?<=:)[ \t]*\.{3,}(?=[ \t]*[^\s.])"
                     r"|(?<=\w)[ \t]*\.{4,}(?=[ \t]*[^\s.:])")


def _blank(m: re.Match) -> str:
    got = m.group()
    if got.endswith(":"):
        return ":" + " " * (len(got) - 1)
    return got.replace(".", " ")


def unwrapped(text: str) -> str | None:
    r"""`text` as the detectors read it: its wrapping line breaks made spaces, odd blanks (a
    no-break space...) made spaces, the "\r" of "\r\n" a space and other line breaks (a lone
    "\r", a form feed, U+2028...) a "\n", a form's dot leaders spaces; None if nothing changes.
    Lengths never change."""
    view = _ODD_BLANKS.sub(" ", text)
    if "..." in view:
        view = _LEADER.sub(_blank, view)
    if any(c in view for c in _ODD_BREAK_CHARS):
        view = _ODD_BREAKS.sub(_break, view)
    cuts = soft_breaks(view)
    if not cuts:
        return view if view != text else None
    chars = list(view)
    for p in cuts:
        chars[p] = " "
    return "".join(chars)
