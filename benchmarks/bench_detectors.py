"""Per-detector throughput without spaCy, on two texts, all measured in one run.

    python benchmarks/bench_detectors.py [--mb 0.3] [--only names,dates]

Texts: "mix" is the bench_pipeline corpus (sample letter and test fixtures: dense with
identifiers, about one per 50 characters); "notes" is tests/data/clinical-notes-handwritten.jsonl
repeated (ICU-style notes: jargon, vitals, doses, identifiers sparse); "queries" is the short
ASQ-PHI queries of tests/data, one document each (~150 characters: the cost per document). Rates are characters per
CPU second of this process, best of --repeat; the engine figure is the whole pipeline without
spaCy (detectors, arbiter, posting, blocks).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_pipeline import corpus  # noqa: E402


def notes(mb: float) -> list[str]:
    path = HERE.parent / "tests" / "data" / "clinical-notes-handwritten.jsonl"
    texts = [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines()]
    out, size = [], 0
    while size < mb * 1_000_000:
        t = texts[len(out) % len(texts)]
        out.append(t)
        size += len(t)
    return out


def queries(mb: float) -> list[str]:
    texts = []
    for name in ("asq-phi-names.jsonl", "asq-phi-dates.jsonl", "asq-phi-locations.jsonl"):
        path = HERE.parent / "tests" / "data" / name
        texts += [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines()]
    out, size = [], 0
    while size < mb * 1_000_000:
        t = texts[len(out) % len(texts)]
        out.append(t)
        size += len(t)
    return out


def rate(fn, items, chars, repeat) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        fn(items)
        best = min(best, time.process_time() - t)
    return chars / best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=0.3)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--only", default="", help="comma-separated detector short names (names,dates,...)")
    a = ap.parse_args()
    from scrub.engine import Scrubber

    s = Scrubber(spacy=False)
    texts = {"mix": corpus(a.mb), "notes": notes(a.mb), "queries": queries(a.mb / 3)}
    for docs in texts.values():
        for d in docs[:50]:
            s.detect(d)  # warm: lists, templates, memos
    only = {x.strip() for x in a.only.split(",") if x.strip()}
    print(f"{'':28s}" + "".join(f"{k:>14s}" for k in texts) + "   (M chars/s, one core)")
    rows = {}
    for name, docs in texts.items():
        chars = sum(len(d) for d in docs)
        rows.setdefault("engine (all, no spaCy)", {})[name] = rate(
            lambda ds: [s.detect(d) for d in ds], docs, chars, a.repeat)
        dd = [s.document(d) for d in docs]
        for det in s.detectors:
            short = det.name.split(".")[1]
            if only and short not in only:
                continue
            rows.setdefault(det.name, {})[name] = rate(
                lambda xs: [det.detect(x) for x in xs], dd, chars, a.repeat)
    for label, r in rows.items():
        print(f"{label:28s}" + "".join(f"{r[k] / 1e6:14.2f}" for k in texts))


if __name__ == "__main__":
    main()
