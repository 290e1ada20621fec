"""The whole pipeline (no spaCy) on adversarial inputs, at two sizes: is the work linear?

    python benchmarks/bench_adversarial.py [--kb 100]

Each input is a unit repeated into one long line: digits, a line without spaces, "Dr. " titles,
names joined by "and", ZIP-like numbers, "Town, ID" labels, hyphenated words. For each it prints
CPU seconds at N and 4N characters and their ratio: about 4 is linear, 16 quadratic. Measured in
one run (a shared machine's noise cancels in the ratio).
"""
from __future__ import annotations

import argparse
import time

UNITS = {
    "digits": "1",
    "no spaces": "a",
    "titles": "Dr. ",
    "names and": "Okafor and ",
    "zips": " 02740",
    "town, ID": "Cross, ID ",
    "hyphens": "Ab-cd ",
    "dates": "1/2/",
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kb", type=float, default=100.0, help="the smaller size, in thousands of characters")
    a = ap.parse_args()
    from scrub.engine import Scrubber
    s = Scrubber(spacy=False)
    s.detect("warm up: Dr. Smith 3/4/2020, Boston, MA 02115")
    n = int(a.kb * 1000)
    print(f"{'input':12s} {'N chars':>9s} {'s at N':>8s} {'s at 4N':>8s} {'ratio':>6s}")
    for name, unit in UNITS.items():
        times = []
        for size in (n, 4 * n):
            text = unit * (size // len(unit))
            t = time.process_time()
            s.detect(text)
            times.append(time.process_time() - t)
        print(f"{name:12s} {n:9d} {times[0]:8.2f} {times[1]:8.2f} {times[1] / max(times[0], 1e-9):6.1f}")


if __name__ == "__main__":
    main()
