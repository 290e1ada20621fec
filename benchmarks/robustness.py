"""Accuracy on gold notes as written and in the layouts real archives store them in.

    python benchmarks/robustness.py GOLD.jsonl [GOLD.jsonl ...] [--no-spacy] [--width 76]
        [--layouts wrapped,crlf,nbsp,capsnames,lownames,lower,upper] [--ner-weights DIR|none]

Each layout rewrites every document so that the gold spans still hold, then scores it with
`scrub.evaluate` exactly as `scrub evaluate` does (label-blind overlap recall, full recall,
character leak, overlap precision):

- wrapped:   hard-wrapped at --width characters (a space turned into a line break: same offsets)
- crlf:      Windows line ends (gold offsets moved with the text)
- nbsp:      one space in ten a no-break space (U+00A0), chosen by a seeded generator
- capsnames: every gold name written in capitals inside the normally cased note
- lownames:  every gold name written in small letters inside the normally cased note
- lower:     the whole note in small letters (as some archives and hurried typists store it)
- upper:     the whole note in capitals (as many older nursing-note archives store it)

One run prints every layout, so the figures compare on a shared machine.
"""
from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scrub.engine import Scrubber  # noqa: E402
from scrub.evaluate import GoldDoc, GoldSpan, evaluate, read_gold  # noqa: E402


def wrapped(doc: GoldDoc, width: int) -> GoldDoc:
    text = doc.text
    out = list(text)
    line_start = 0
    while True:
        nl = text.find("\n", line_start)
        end = len(text) if nl < 0 else nl
        s = line_start
        while end - s > width:
            cut = text.rfind(" ", s, s + width + 1)
            if cut <= s:
                cut = text.find(" ", s + width, end)
                if cut < 0:
                    break
            out[cut] = "\n"
            s = cut + 1
        if nl < 0:
            break
        line_start = nl + 1
    return dataclasses.replace(doc, text="".join(out))


def crlf(doc: GoldDoc) -> GoldDoc:
    text = doc.text
    # new offset of each old offset: one more for every "\n" before it
    shift = [0] * (len(text) + 1)
    n = 0
    for i, c in enumerate(text):
        shift[i] = n
        if c == "\n":
            n += 1
    shift[len(text)] = n
    spans = tuple(GoldSpan(s.start + shift[s.start], s.end + shift[s.end - 1], s.label) for s in doc.spans)
    return dataclasses.replace(doc, text=text.replace("\n", "\r\n"), spans=spans)


def nbsp(doc: GoldDoc, seed: int) -> GoldDoc:
    rng = random.Random(seed)
    text = "".join("\xa0" if c == " " and rng.random() < 0.1 else c for c in doc.text)
    return dataclasses.replace(doc, text=text)


_NAME_LABELS = ("name", "patient", "doctor", "person", "first_name", "last_name")


def _names_cased(doc: GoldDoc, case) -> GoldDoc:
    """The document with every gold name passed through `case` (str.upper, str.lower)."""
    chars = list(doc.text)
    for s in doc.spans:
        if s.label.lower() in _NAME_LABELS:
            chars[s.start:s.end] = case(doc.text[s.start:s.end])
    return dataclasses.replace(doc, text="".join(chars))


def capsnames(doc: GoldDoc) -> GoldDoc:
    return _names_cased(doc, str.upper)


def lownames(doc: GoldDoc) -> GoldDoc:
    return _names_cased(doc, str.lower)


def _whole_cased(doc: GoldDoc, case) -> GoldDoc:
    """The whole document passed through `case`, character by character where a letter's other
    case is longer (offsets never move)."""
    text = case(doc.text)
    if len(text) != len(doc.text):
        text = "".join(case(c) if len(case(c)) == 1 else c for c in doc.text)
    return dataclasses.replace(doc, text=text)


def lower(doc: GoldDoc) -> GoldDoc:
    return _whole_cased(doc, str.lower)


def upper(doc: GoldDoc) -> GoldDoc:
    return _whole_cased(doc, str.upper)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("gold", nargs="+")
    ap.add_argument("--no-spacy", action="store_true")
    ap.add_argument("--width", type=int, default=76)
    ap.add_argument("--layouts", default="wrapped,crlf,nbsp,capsnames,lownames")
    ap.add_argument("--label", action="store_true", help="also print recall per gold label")
    ap.add_argument("--ner-weights", metavar="DIR", help="NER weights: a folder, or 'none' for the model's own")
    a = ap.parse_args(argv)
    docs = [d for path in a.gold for d in read_gold(path)]
    if a.ner_weights:
        from scrub.config import Config
        scrubber = Scrubber(Config().with_detector_options("spacy", ner_weights=a.ner_weights),
                            spacy=not a.no_spacy)
    else:
        scrubber = Scrubber(spacy=not a.no_spacy)
    makers = {"wrapped": lambda d, i: wrapped(d, a.width), "crlf": lambda d, i: crlf(d),
              "nbsp": nbsp, "capsnames": lambda d, i: capsnames(d), "lownames": lambda d, i: lownames(d),
              "lower": lambda d, i: lower(d), "upper": lambda d, i: upper(d)}
    layouts = [x for x in a.layouts.split(",") if x]
    unknown = [x for x in layouts if x not in makers]
    if unknown:
        ap.error(f"unknown layout {unknown[0]!r} (known: {', '.join(makers)})")
    print(f"{len(docs)} documents, {sum(len(d.spans) for d in docs)} gold spans, "
          f"spaCy {'off' if a.no_spacy else 'on'}")
    for name in ["as written"] + layouts:
        ds = docs if name == "as written" else [makers[name](d, i) for i, d in enumerate(docs)]
        for d in ds:
            assert all(0 <= s.start < s.end <= len(d.text) for s in d.spans)
        r = evaluate(scrubber, ds)
        label = f"{name} {a.width}" if name == "wrapped" else name
        print(f"{label:12s} overlap recall {r['overlap_recall']:.4f}  full {r['full_recall']:.4f}  "
              f"leak {r['char_leak']:.4f}  precision {r['overlap_precision']:.4f}", flush=True)
        if a.label:
            print("   ", {k: round(v.get("overlap_recall", 0), 3) for k, v in sorted(r["per_label"].items())})
    return 0


if __name__ == "__main__":
    sys.exit(main())
