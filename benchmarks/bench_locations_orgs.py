"""Speed and accuracy of the location and organization detectors (scrub.locations.v1, scrub.orgs.v1) alone.

    python benchmarks/bench_locations_orgs.py [--mb 1.0] [--corpus GOLD.jsonl ...]

Speed: the texts of the given gold files joined into one document of --mb megabytes (the letter
of tests/data when none is given), plus adversarial inputs the scans must stay linear on; CPU
time, best of three after a warm-up. Accuracy (with --corpus): both detectors + the arbiter at
threshold 0.7, scored by scrub.evaluate.Tally on the place and organization labels only (other
labels ignored: a flag overlapping them is not a false alarm), per corpus and per label.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from scrub.arbiter import arbitrate
from scrub.detectors.locations import LocationDetector
from scrub.detectors.orgs import OrgDetector
from scrub.evaluate import Tally, read_gold
from scrub.types import Document

#: the corpora's labels for places and organizations
PLACE_LABELS = {"GEOGRAPHIC_LOCATION", "STREET_ADDRESS", "GPE", "ORGANIZATION", "ZIP_CODE", "geo",
                "STREET", "CITY", "STATE", "ZIP", "COUNTRY", "LOCATION", "HOSPITAL"}


def best_of(det, text: str, runs: int = 3) -> float:
    det.detect(Document(text))
    best = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        det.detect(Document(text))
        best = min(best, time.process_time() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=1.0)
    ap.add_argument("--corpus", nargs="*", default=[])
    args = ap.parse_args()
    dets = [LocationDetector(), OrgDetector()]
    texts = [d.text for p in args.corpus for d in read_gold(p)]
    if not texts:
        texts = [line for line in (Path(__file__).resolve().parents[1] / "scrub" / "data").glob("*.txt")
                 for line in [line.read_text(encoding="utf-8")]] or ["Boston, MA 02151 at Elm Clinic. "]
    joined = "\n\n".join(texts)
    n = int(args.mb * 1_000_000)
    big = (joined * (n // len(joined) + 1))[:n]
    cases = {"corpus text": big, "digits": "7" * n, "no spaces": "Ab" * (n // 2),
             "'Dr. ' x 100,000": "Dr. " * 100_000, "'lives in ' x 100,000": "lives in " * 100_000,
             "'1 Main St, ' x 80,000": "1 Main St, " * 80_000, "'St. ' x 100,000": "St. " * 100_000}
    for det in dets:
        for name, text in cases.items():
            dt = best_of(det, text)
            print(f"{det.name:22s} {name:24s} {len(text) / 1e6:5.2f} MB  {dt * 1000:7.1f} ms CPU"
                  f"  ({dt / (len(text) / 1e6) * 1000:6.1f} ms/MB)")
    for p in args.corpus:
        docs = list(read_gold(p))
        labels = {s.label for d in docs for s in d.spans}
        tally = Tally(ignore_labels=labels - PLACE_LABELS)
        for d in docs:
            doc = Document(d.text)
            cands = [c for det in dets for c in det.detect(doc)]
            tally.add(d, arbitrate(cands, 0.7, d.text))
        r = tally.result()
        print(f"{Path(p).name}: spans {r['gold_spans']}  overlap recall {r['overlap_recall']}  full recall "
              f"{r['full_recall']}  char leak {r['char_leak']}  overlap precision {r['overlap_precision']}  "
              f"findings {r['findings']}  negative docs flagged {r['negative_documents_flagged']}")
        for k, v in r["per_label"].items():
            print(f"    {k:22s} n={v['n']:5d}  overlap {v['overlap_recall']}  full {v['full_recall']}")
        for k, v in r["per_entity"].items():
            print(f"    entity {k:15s} findings={v['findings']:5d}  precision {v['precision']}")


if __name__ == "__main__":
    main()
