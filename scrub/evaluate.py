"""Evaluation: gold annotations through the same pipeline, label-blind and per label.

Gold format (shared corpora README): one JSON object a line, {"id", "text", "spans": [{"start",
"end", "label"}]}. Protected findings (medical terms) are not counted as flags.
"""
from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from .blocks import leaves
from .errors import ScrubError
from .types import Finding


@dataclass(frozen=True)
class GoldSpan:
    start: int
    end: int
    label: str


@dataclass(frozen=True)
class GoldDoc:
    id: str
    text: str
    spans: tuple[GoldSpan, ...]
    subject: str | None = None


def read_gold(path: str | Path) -> Iterator[GoldDoc]:
    p = Path(path)
    if not p.is_file():
        raise ScrubError("E150", f"{p}: gold file not found")
    with p.open("rb") as fh:
        for lineno, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise ScrubError("E151", f"{p}:{lineno}: not UTF-8 at byte {exc.start} of the line") from None
            try:
                obj = json.loads(line)
                text = obj["text"]
                spans = tuple(GoldSpan(int(s["start"]), int(s["end"]), str(s["label"]))
                              for s in obj.get("spans", []))
            except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
                raise ScrubError("E152", f"{p}:{lineno}: not a gold document ({type(exc).__name__})") from None
            for s in spans:
                if not (0 <= s.start < s.end <= len(text)):
                    raise ScrubError("E153", f"{p}:{lineno}: span {s.start}:{s.end} outside the text")
            yield GoldDoc(str(obj.get("id", lineno)), text, spans, obj.get("subject"))


class Tally:
    """Accumulates the counts of one evaluation."""

    def __init__(self, ignore_labels: Iterable[str] = ()):
        self.ignore = set(ignore_labels)
        self.gold = 0
        self.caught = 0
        self.full = 0
        self.gold_chars = 0
        self.leaked_chars = 0
        self.flags = 0
        self.true_flags = 0
        self.docs = 0
        self.negative_docs = 0
        self.negative_docs_flagged = 0
        self.per_label: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # n, overlap, full
        self.per_detector: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # flags, true
        self.per_entity: dict[str, list[int]] = defaultdict(lambda: [0, 0])

    def add(self, doc: GoldDoc, findings: Iterable[Finding]) -> None:
        flags = [f for f in findings if not f.protected]
        gold = [g for g in doc.spans if g.label not in self.ignore]
        text = doc.text
        covered = bytearray(len(text))
        # a composite covers what its parts cover, not the text between them
        for f in flags:
            for p in leaves(f):
                covered[p.start:p.end] = b"\x01" * (p.end - p.start)
        self.docs += 1
        if not doc.spans:
            self.negative_docs += 1
            if flags:
                self.negative_docs_flagged += 1
        for g in gold:
            overlap = any(covered[g.start:g.end])
            chars = [i for i in range(g.start, g.end) if not text[i].isspace()]
            leaked = sum(1 for i in chars if not covered[i])
            full = leaked == 0
            self.gold += 1
            self.caught += overlap
            self.full += full
            self.gold_chars += len(chars)
            self.leaked_chars += leaked
            row = self.per_label[g.label]
            row[0] += 1
            row[1] += overlap
            row[2] += full
        # a flag is true when it overlaps any gold span (ignored labels included: not a false alarm)
        gold_cover = bytearray(len(text))
        for g in doc.spans:
            gold_cover[g.start:g.end] = b"\x01" * (g.end - g.start)
        for f in flags:
            ok = any(gold_cover[f.start:f.end])
            self.flags += 1
            self.true_flags += ok
            self.per_detector[f.detector][0] += 1
            self.per_detector[f.detector][1] += ok
            self.per_entity[f.entity][0] += 1
            self.per_entity[f.entity][1] += ok

    def result(self) -> dict:
        def ratio(a, b):
            return round(a / b, 4) if b else None
        return {
            "documents": self.docs,
            "gold_spans": self.gold,
            "findings": self.flags,
            "overlap_recall": ratio(self.caught, self.gold),
            "full_recall": ratio(self.full, self.gold),
            "char_leak": ratio(self.leaked_chars, self.gold_chars),
            "overlap_precision": ratio(self.true_flags, self.flags),
            "negative_documents": self.negative_docs,
            "negative_documents_flagged": ratio(self.negative_docs_flagged, self.negative_docs),
            "per_label": {k: {"n": v[0], "overlap_recall": ratio(v[1], v[0]),
                              "full_recall": ratio(v[2], v[0])}
                          for k, v in sorted(self.per_label.items())},
            "per_detector": {k: {"findings": v[0], "precision": ratio(v[1], v[0])}
                             for k, v in sorted(self.per_detector.items())},
            "per_entity": {k: {"findings": v[0], "precision": ratio(v[1], v[0])}
                           for k, v in sorted(self.per_entity.items())},
        }


def evaluate(scrubber, gold: Iterable[GoldDoc], ignore_labels: Iterable[str] = ()) -> dict:
    tally = Tally(ignore_labels)
    for doc in gold:
        tally.add(doc, scrubber.detect(doc.text, doc.id, doc.subject))
    return tally.result()


def format_report(res: dict, name: str = "") -> str:
    def pct(x):
        return "  n/a" if x is None else f"{100 * x:5.1f}%"
    lines = [f"{name}: {res['documents']} documents, {res['gold_spans']} gold spans, "
             f"{res['findings']} findings",
             f"  overlap recall    {pct(res['overlap_recall'])}",
             f"  full recall       {pct(res['full_recall'])}",
             f"  character leak    {pct(res['char_leak'])}",
             f"  overlap precision {pct(res['overlap_precision'])}"]
    if res["negative_documents"]:
        lines.append(f"  documents without identifiers flagged {pct(res['negative_documents_flagged'])}"
                     f" of {res['negative_documents']}")
    lines.append("  recall per gold label (overlap / full):")
    for label, r in res["per_label"].items():
        lines.append(f"    {label:32s} {r['n']:6d}  {pct(r['overlap_recall'])}  {pct(r['full_recall'])}")
    lines.append("  precision per detector:")
    for det, r in res["per_detector"].items():
        lines.append(f"    {det:32s} {r['findings']:6d}  {pct(r['precision'])}")
    return "\n".join(lines)
