"""Speed of the date and age detectors alone: prose, notes, and inputs the scan must stay linear on.

    python benchmarks/bench_dates_ages.py [--mb 1.0]

    python benchmarks/bench_dates_ages.py --corpora /work/shared/corpora   # adds realistic notes

"fixtures" is the test fixtures' texts repeated to the requested size (one document); they are
far denser in dates than notes (most ASQ-PHI queries hold one). "letter" is the bundled sample
letter repeated (three dates in 700 characters). "corpora" (with --corpora) is the texts of
asq-phi-dev, deidgate-seed and presidio-synth repeated. Each figure is the best of three runs
after a warm-up run, wall-clock and CPU time of this process (CPU time is the one to compare on
a shared machine).
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from scrub.detectors.ages import AgeDetector
from scrub.detectors.dates import DateDetector
from scrub.types import Document

HERE = Path(__file__).resolve().parent


def repeated(text: str, mb: float) -> str:
    n = int(mb * 1_000_000)
    return (text * (n // len(text) + 1))[:n]


def fixtures() -> str:
    texts = []
    for p in sorted((HERE.parent / "tests" / "data").glob("*.jsonl")):
        for line in p.read_text(encoding="utf-8").splitlines():
            texts.append(json.loads(line)["text"])
    return "\n\n".join(texts)


def best_of(det, text: str, runs: int = 3) -> tuple[float, float]:
    """Best wall-clock and best CPU seconds (CPU time is steadier on a shared machine)."""
    det.detect(Document(text))
    wall, cpu = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        det.detect(Document(text))
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return min(wall), min(cpu)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=1.0)
    ap.add_argument("--corpora", type=Path, default=None,
                    help="folder of the gold JSONL corpora (asq-phi-dev, deidgate-seed, presidio-synth)")
    args = ap.parse_args()
    letter = (HERE.parent / "scrub" / "data" / "sample_letter.txt").read_text(encoding="utf-8")
    cases = {
        "fixtures": repeated(fixtures(), args.mb),
        "letter": repeated(letter, args.mb),
        "presidio sentences": repeated("\n\n".join(
            json.loads(line)["text"] for line in
            (HERE.parent / "tests" / "data" / "presidio-ages-dates.jsonl").read_text(encoding="utf-8").splitlines()), args.mb),
        "digits (one line)": "1" * int(args.mb * 1_000_000),
        "no blanks (one line)": repeated("ab1/2-3.", args.mb),
        "number table": repeated("12 34/56-78.90 ", args.mb),
        "'Dr. ' x 100,000": "Dr. " * 100_000,
        "blanks after a month": "March" + " " * int(args.mb * 1_000_000) + "1",
    }
    if args.corpora is not None:
        notes = [json.loads(line)["text"] for name in ("asq-phi-dev", "deidgate-seed", "presidio-synth")
                 for line in (args.corpora / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]
        cases = {"corpora": repeated("\n\n".join(notes), args.mb), **cases}
    for det in (DateDetector(), AgeDetector()):
        for name, text in cases.items():
            wall, cpu = best_of(det, text)
            print(f"{det.name:16s} {name:22s} {len(text) / 1e6:5.2f} MB  {wall * 1000:7.1f} ms wall"
                  f"  {cpu * 1000:7.1f} ms cpu  {cpu / (len(text) / 1e6):6.3f} s/MB cpu")


if __name__ == "__main__":
    main()
