"""Throughput of the detection pipeline, with and without spaCy, against spaCy alone.

    python benchmarks/bench_pipeline.py [--mb 1.0] [--repeat 3]

Text: the bundled sample letter and the test fixtures, repeated up to the requested size and
cut into documents of about 2 KB (a note or letter). All figures come from one run, so their
ratios hold on a noisy shared machine; rates are per CPU second of this process (one core). Peak memory is measured in a fresh child process that
loads spaCy and runs the whole pipeline.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path

HERE = Path(__file__).resolve().parent


def corpus(mb: float) -> list[str]:
    texts = [resources.files("scrub").joinpath("data/sample_letter.txt").read_text(encoding="utf-8")]
    for p in sorted((HERE.parent / "tests" / "data").glob("*.jsonl")):
        for line in p.read_text(encoding="utf-8").splitlines():
            texts.append(json.loads(line)["text"])
    docs, size, i = [], 0, 0
    buf = []
    while size < mb * 1_000_000:
        t = texts[i % len(texts)]
        buf.append(t)
        size += len(t)
        i += 1
        if sum(len(b) for b in buf) > 2000:
            docs.append("\n\n".join(buf))
            buf = []
    if buf:
        docs.append("\n\n".join(buf))
    return docs


def best_rate(fn, docs, repeat, chars=None) -> float:
    """Characters per CPU second of this process (other jobs on a shared machine don't count)."""
    chars = chars or sum(len(d) for d in docs)
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        fn(docs)
        best = min(best, time.process_time() - t)
    return chars / best


def child_memory(mb: float) -> None:
    from scrub.engine import Scrubber
    s = Scrubber()
    for d in corpus(mb):
        s.detect(d)
    # VmHWM is this process's own peak; ru_maxrss would carry the parent's across fork/exec
    with open("/proc/self/status") as fh:
        peak_kb = next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:"))
    print(peak_kb // 1024)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=1.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--memory-child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.memory_child:
        child_memory(a.mb)
        return
    from scrub.engine import Scrubber
    from scrub.nlp import load_model

    docs = corpus(a.mb)
    with_spacy = Scrubber()
    without = Scrubber(spacy=False)
    nlp = load_model()
    with_spacy.detect(docs[0]); without.detect(docs[0])  # warm: word lists and templates loaded

    def run(s):
        return lambda ds: [s.detect(d) for d in ds]

    def spacy_alone(ds):
        for _ in nlp.pipe(ds):
            pass

    r_spacy = best_rate(spacy_alone, docs, a.repeat)
    r_full = best_rate(run(with_spacy), docs, a.repeat)
    r_nospacy = best_rate(run(without), docs, a.repeat)
    per_det = {}
    for det in without.detectors:
        dd = [without.document(d) for d in docs]
        per_det[det.name] = best_rate(lambda ds: [det.detect(x) for x in ds], dd, 1,
                                      sum(len(d) for d in docs))
    mem = subprocess.run([sys.executable, __file__, "--memory-child", "--mb", str(min(a.mb, 0.3))],
                         capture_output=True, text=True, check=True).stdout.strip()
    chars = sum(len(d) for d in docs)
    print(f"text: {chars / 1e6:.2f} MB in {len(docs)} documents, best of {a.repeat}")
    print(f"spaCy alone (tokenizer + NER): {r_spacy / 1e3:9.1f} k chars/s")
    print(f"pipeline with spaCy:           {r_full / 1e3:9.1f} k chars/s  = {r_full / r_spacy:.2f}x spaCy alone")
    print(f"pipeline without spaCy:        {r_nospacy / 1e6:9.2f} M chars/s  (one core)")
    for name, r in sorted(per_det.items(), key=lambda kv: kv[1]):
        print(f"  detector {name:28s} {r / 1e6:8.2f} M chars/s")
    print(f"peak memory, spaCy loaded, whole pipeline: {mem} MB")


if __name__ == "__main__":
    main()
