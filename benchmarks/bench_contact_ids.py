"""Speed of the phone, contact, identifier and medical-term detectors alone.

    python benchmarks/bench_contact_ids.py [--mb 1.0] [--corpus PATH.jsonl ...]

"fixtures" is the test fixtures' texts repeated to the requested size (one document): far denser
in numbers and identifiers than notes. "letter" is the sample letter repeated. With --corpus,
the texts of those gold JSONL files are used as well. The adversarial inputs are the ones the
scans must stay linear on. Each figure is the best of three runs after a warm-up run, in CPU
time of this process (steadier than wall time on a shared machine).
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from scrub.detectors.contact import ContactDetector
from scrub.detectors.ids import IdDetector
from scrub.detectors.medical import MedicalTermDetector
from scrub.detectors.phones import PhoneDetector
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
    detector.detect(Document(text[:10_000]))
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
    n = int(args.mb * 1_000_000)
    inputs.update({
        "digits": "1" * n,
        "no spaces": repeated("abc.def-12/", args.mb),
        "'1 1 1'": repeated("1 ", args.mb),
        "'Dr. ' x": repeated("Dr. ", args.mb),
        "'a@' x": repeated("a@", args.mb),
    })
    detectors = [PhoneDetector(), ContactDetector(), IdDetector(), MedicalTermDetector()]
    print(f"{'input':12s}" + "".join(f"{d.short_name:>12s}" for d in detectors) + "   (ms per MB)")
    for name, text in inputs.items():
        mb = len(text) / 1_000_000
        row = [best_of(d, text) * 1000 / mb for d in detectors]
        print(f"{name:12s}" + "".join(f"{v:12.0f}" for v in row), flush=True)


if __name__ == "__main__":
    main()
