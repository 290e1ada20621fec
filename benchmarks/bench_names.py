"""Speed of the names detector alone: prose, and the adversarial inputs the scan must stay linear on.

    python benchmarks/bench_names.py [--mb 1.0]

Prose is the test fixtures' texts repeated to the requested size (one document); the nursing note
fixture repeated is denser still in capitalized words and names. Each figure is the best of three
runs (CPU time of this process, so a busy shared machine disturbs it less), after a warm-up run that
fills the word caches; the last line is one first pass of a fresh detector over the fixtures,
where every word is new (the cost real text sees for each word it has not met before).
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from scrub.detectors.names import NameDetector
from scrub.types import Document

HERE = Path(__file__).resolve().parent


def fixture_texts() -> list[str]:
    texts = []
    for p in sorted((HERE.parent / "tests" / "data").glob("*.jsonl")):
        for line in p.read_text(encoding="utf-8").splitlines():
            texts.append(json.loads(line)["text"])
    return texts


def prose(mb: float) -> str:
    one = "\n\n".join(fixture_texts())
    n = int(mb * 1_000_000)
    return (one * (n // len(one) + 1))[:n]


def best_of(det: NameDetector, text: str, runs: int = 3) -> float:
    det.detect(Document(text))
    times = []
    for _ in range(runs):
        t0 = time.process_time()
        det.detect(Document(text))
        times.append(time.process_time() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=1.0)
    args = ap.parse_args()
    det = NameDetector()
    note = (HERE.parent / "tests" / "data" / "names-nursing-note.txt").read_text(encoding="utf-8")
    n = int(args.mb * 1_000_000)
    cases = {
        "prose (fixtures)": prose(args.mb),
        "nursing note, repeated": (note * (n // len(note) + 1))[:n],
        "1 MB of digits": "1" * 1_000_000,
        "1 MB without spaces": "Ab" * 500_000,
        "100,000 x 'Dr. '": "Dr. " * 100_000,
        "1 MB of capitals": "ABC DEF " * 125_000,
        "1 MB of initials": "J." * 500_000,
        "1 MB of 'Smith, '": ("Smith, " * 150_000)[:1_000_000],
    }
    for name, text in cases.items():
        secs = best_of(det, text)
        print(f"{name:24s} {len(text) / 1e6:6.2f} MB  {secs * 1000:8.1f} ms  "
              f"{len(text) / 1e6 / secs:7.2f} MB/s")
    # Real text brings new words all the time: each costs the detector a dozen lexicon look-ups
    # once. A fresh detector (word lists already loaded) over the fixtures shows that first pass
    text = "\n\n".join(fixture_texts())
    fresh = NameDetector()
    fresh.detect(Document("Seen by Dr. John Smith today."))
    t0 = time.process_time()
    fresh.detect(Document(text))
    secs = time.process_time() - t0
    print(f"{'fixtures, first pass':24s} {len(text) / 1e6:6.2f} MB  {secs * 1000:8.1f} ms  "
          f"{len(text) / 1e6 / secs:7.2f} MB/s")


if __name__ == "__main__":
    main()
