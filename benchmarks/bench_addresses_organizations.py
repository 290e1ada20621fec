"""Speed of the address and organization detectors alone.

    python benchmarks/bench_addresses_organizations.py [--mb 1.0] [--corpus PATH.jsonl ...]

"fixtures" is the test fixtures' texts repeated to the requested size (one document); "letter" is
the sample letter repeated; with --corpus, the texts of those gold JSONL files repeated as well.
The adversarial inputs are the ones the scans must stay linear on. Each figure is the best of
three runs after a warm-up run over the whole input (the lexicon's lists load once), in CPU time.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from scrub.detectors.addresses import AddressDetector
from scrub.detectors.organizations import OrganizationDetector
from scrub.types import Document

HERE = Path(__file__).resolve().parent


def repeated(text: str, mb: float) -> str:
    n = int(mb * 1_000_000)
    return (text * (n // len(text) + 1))[:n]


def texts_of(paths) -> str:
    out = []
    for p in paths:
        for line in Path(p).read_text(encoding="utf-8").splitlines():
            if line.strip():
                out.append(json.loads(line)["text"])
    return "\n\n".join(out)


def best_of(detector, text: str, runs: int = 3) -> float:
    detector.detect(Document(text))
    best = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        detector.detect(Document(text))
        best = min(best, time.process_time() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=1.0)
    ap.add_argument("--corpus", nargs="*", default=[])
    args = ap.parse_args()
    data = HERE.parent / "tests" / "data"
    inputs = {
        "fixtures": repeated(texts_of(sorted(data.glob("*.jsonl"))), args.mb),
        "letter": repeated(texts_of([data / "scrub-letter.jsonl"]), args.mb),
    }
    if args.corpus:
        inputs["corpus"] = repeated(texts_of(args.corpus), args.mb)
    adversarial = {
        "digits 1MB": "1" * 1_000_000,
        "no spaces 1MB": "A" * 1_000_000,
        "100k 'Dr. '": "Dr. " * 100_000,
        "100k 'Main St, '": "Main St, " * 100_000,
        "50k 'Elm Clinic Hospital '": "Elm Clinic Hospital " * 50_000,
    }
    for det in (AddressDetector(), OrganizationDetector()):
        for name, text in inputs.items():
            dt = best_of(det, text)
            print(f"{det.name:24} {name:28} {len(text) / 1e6:5.2f} MB  {dt * 1000:8.1f} ms  "
                  f"{len(text) / 1e6 / dt:6.2f} MB/s")
        for name, text in adversarial.items():
            dt = best_of(det, text, runs=1)
            print(f"{det.name:24} {name:28} {len(text) / 1e6:5.2f} MB  {dt * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
