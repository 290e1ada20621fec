"""The value types every room of the house shares: Document, Token, Candidate, Finding.

All are frozen; offsets are 0-based, end-exclusive character offsets into the original text.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import regex

_TOKEN_RE = regex.compile(r"\w+(?:[.'’]\w+)*|[^\w\s]", regex.UNICODE)


@dataclass(frozen=True)
class Token:
    start: int
    end: int
    text: str

    @property
    def shape(self) -> str:
        """'Xx' capitalized, 'X' all caps, 'x' lower, 'd' digits, 'p' punctuation, 'm' mixed."""
        t = self.text
        if t.isdigit():
            return "d"
        if not any(c.isalnum() for c in t):
            return "p"
        if t.isupper():
            return "X"
        if t.islower():
            return "x"
        if t[:1].isupper() and t[1:].islower():
            return "Xx"
        return "m"


@dataclass(frozen=True)
class Document:
    """One text with its format class ('letter', 'notes', 'delimited' or 'text')."""

    text: str
    id: str = ""
    format: str = "text"
    subject: str | None = None

    @cached_property
    def tokens(self) -> tuple[Token, ...]:
        return tuple(Token(m.start(), m.end(), m.group()) for m in _TOKEN_RE.finditer(self.text))

    @cached_property
    def lines(self) -> tuple[tuple[int, int], ...]:
        """(start, end) of each line, end excluding the newline."""
        out = []
        pos = 0
        text = self.text
        while True:
            nl = text.find("\n", pos)
            if nl < 0:
                out.append((pos, len(text)))
                break
            out.append((pos, nl))
            pos = nl + 1
        return tuple(out)


@dataclass(frozen=True, order=False)
class Candidate:
    """A detector's proposal: this span may be `entity`, with this likelihood, for this reason.

    `why` says where the evidence came from: 'template:<id>', 'list:<name>', 'model:<name>',
    'context:<rule>' or 'posting'. `parts` are constituent candidates (a full name's first and
    last name, an address block's street and city), in text order.
    """

    start: int
    end: int
    entity: str
    likelihood: float
    detector: str
    why: str = ""
    parts: tuple["Candidate", ...] = field(default=(), compare=True)

    def __init__(self, start: int, end: int, entity: str, likelihood: float, detector: str,
                 why: str = "", parts: tuple["Candidate", ...] = ()) -> None:
        # Written out rather than generated (dataclass keeps an __init__ the class defines): the
        # generated one of a frozen class sets each field through object.__setattr__ and then
        # calls __post_init__; filling the instance dict directly builds the same object in
        # well under half the time, and every detector builds tens of thousands per MB
        if not (0 <= start < end):
            raise ValueError(f"[E001] bad span {start}:{end} from detector {detector}")
        if not (0.0 <= likelihood <= 1.0):
            raise ValueError(f"[E002] likelihood {likelihood} out of 0..1 from detector {detector}")
        d = self.__dict__
        d["start"] = start
        d["end"] = end
        d["entity"] = entity
        d["likelihood"] = likelihood
        d["detector"] = detector
        d["why"] = why
        d["parts"] = parts


@dataclass(frozen=True)
class Finding:
    """The arbiter's verdict for a span: no two findings of one document overlap."""

    start: int
    end: int
    entity: str
    likelihood: float
    detector: str
    why: str = ""
    parts: tuple[Candidate, ...] = ()
    protected: bool = False

    def to_json(self) -> dict:
        d = {"start": self.start, "end": self.end, "entity": self.entity,
             "likelihood": round(self.likelihood, 4), "detector": self.detector}
        if self.why:
            d["why"] = self.why
        if self.protected:
            d["protected"] = True
        if self.parts:
            d["parts"] = [{"start": p.start, "end": p.end, "entity": p.entity} for p in self.parts]
        return d
