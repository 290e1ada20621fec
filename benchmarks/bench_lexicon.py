"""Lexicon figures: table build time, cold and warm load, lookup cost, measured false-positive rate,
sizes. Run: python benchmarks/bench_lexicon.py [--cache-dir DIR]   (DIR is emptied first).
Start-up figures are wall time; per-lookup figures are CPU time (process_time) of this process."""
from __future__ import annotations

import argparse
import gzip
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scrub import lexicon as lx  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache-dir", type=Path)
    a = ap.parse_args()
    cache = a.cache_dir or Path(tempfile.mkdtemp(prefix="scrub-bench-"))
    shutil.rmtree(cache, ignore_errors=True)
    d = lx._data_dir()
    print(f"word lists: {d} ({sum(p.stat().st_size for p in d.glob('*.tsv.gz')) / 1e6:.2f} MB of .tsv.gz)")

    t = time.perf_counter()
    lex = lx.Lexicon(cache_dir=cache, prebuilt=False)
    print(f"cold start (build every Bloom table, write cache): {time.perf_counter() - t:.2f} s")
    t = time.perf_counter()
    lex = lx.Lexicon(cache_dir=cache, prebuilt=False)
    print(f"warm start (read cache): {(time.perf_counter() - t) * 1000:.1f} ms  [{lex.load_info.source}]")
    t = time.perf_counter()
    shipped = lx.Lexicon(cache_dir=False)
    print(f"fresh install (tables shipped in wordlists/): {(time.perf_counter() - t) * 1000:.1f} ms  "
          f"[{shipped.load_info.source}]")
    for name in lx.PHRASE_TABLES:
        t = time.perf_counter()
        lex.phrases(name)
        cold = time.perf_counter() - t
        t = time.perf_counter()
        lx.Lexicon(cache_dir=cache).phrases(name)
        warm = time.perf_counter() - t
        size = (cache / f"phrases-{name}-{lex.digest}.pkl").stat().st_size
        print(f"phrases {name:10s} {len(lex.phrases(name)):7d} phrases  build {cold:.2f} s  "
              f"warm {warm * 1000:.0f} ms (incl. 30 ms lexicon)  cache {size / 1e6:.1f} MB")
    # weighted lists (the replacement module's pseudonym pools): built from the TSVs on first use,
    # then read from the cache file
    for name in lx.WEIGHTED_LISTS:
        t = time.perf_counter()
        n = len(lx.Lexicon(cache_dir=cache).weighted(name))  # first names: all three lists at once
        cold = time.perf_counter() - t
        t = time.perf_counter()
        lx.Lexicon(cache_dir=cache).weighted(name)
        warm = time.perf_counter() - t
        print(f"weighted {name:18s} {n:7d} values  first use {cold * 1000:5.0f} ms  "
              f"cached {warm * 1000:4.0f} ms (incl. lexicon start)")
    # memory in a fresh process (this one holds the garbage of the cold build)
    probe = ("import resource,sys; from pathlib import Path; from scrub.lexicon import Lexicon, PHRASE_TABLES;"
             "r=lambda: int(Path('/proc/self/statm').read_text().split()[1])*4096/1e6; a=r();"
             "L=Lexicon(cache_dir=Path(sys.argv[1])); b=r(); [L.phrases(n) for n in PHRASE_TABLES];"
             "hwm=[l for l in Path('/proc/self/status').read_text().splitlines() if l.startswith('VmHWM')];"
             "print(f'{a:.0f} {b:.0f} {r():.0f} {int(hwm[0].split()[1])/1024:.0f}')")
    # VmHWM, not ru_maxrss: Linux carries ru_maxrss across exec, so the child would report this
    # process's peak
    empty = Path(tempfile.mkdtemp(prefix="scrub-bench-first-"))
    for label, where in (("first run, phrase tables built", empty), ("cached phrase tables", cache)):
        out = subprocess.run([sys.executable, "-c", probe, str(where)], capture_output=True, text=True,
                             cwd=Path(__file__).resolve().parent.parent)
        if out.returncode == 0:
            i, b, c, peak = out.stdout.split()
            print(f"resident memory, fresh process, {label}: interpreter {i} MB, + Bloom tables {b} MB, "
                  f"+ every phrase table {c} MB (peak {peak} MB)")
    shutil.rmtree(empty, ignore_errors=True)
    bl = (cache / f"lexicon-{lex.digest}.bin").stat().st_size
    print(f"Bloom cache file: {bl / 1e6:.2f} MB, {len(lex.tables)} tables, "
          f"{sum(t.n for t in lex.tables.values())} keys")

    # false positives: random letter strings that are not in the list, against the big tables
    # and the small ones (states, titles, degrees, units: each at least MIN_BITS bits)
    rng = random.Random(1994)
    for name in ("surname", "first", "word", "medical:any", "city", "state:name", "title", "degree", "unit"):
        table = lex.tables[name]
        probes = ["q" + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(9, 14)))
                  + "zx" for _ in range(1_000_000)]  # "q...zx": no listed word has that shape
        lx._key_hashes.cache_clear()
        t = time.process_time()
        fp = table.false_positive_rate(probes)
        dt = time.process_time() - t
        print(f"FP {name:12s} n={table.n:7d} m/n={table.m / max(1, table.n):.0f} k={table.k} "
              f"measured {fp:.2e} on 1,000,000 non-members, theory {table.theoretical_fp_rate():.2e}; "
              f"uncached probe+hash {dt / 1_000_000 * 1e9:.0f} ns")

    # lookup cost through the memoized API, on real text words
    with gzip.open(d / "common_words.tsv.gz", "rt", encoding="utf-8") as f:
        words = [line.split("\t")[0].capitalize() for line in list(f)[1:20001]]
    lx._key_hashes.cache_clear()
    lx.normalize.cache_clear()
    t = time.process_time()
    for w in words:
        lex.is_surname(w)
    first = time.process_time() - t
    t = time.process_time()
    for _ in range(10):
        for w in words:
            lex.is_surname(w)
    warm = (time.process_time() - t) / 10
    print(f"is_surname: first call {first / len(words) * 1e9:.0f} ns/lookup (normalize + hash + probe), "
          f"memoized {warm / len(words) * 1e9:.0f} ns/lookup")
    text = (Path(__file__).resolve().parent.parent / "scrub" / "data" / "sample_letter.txt").read_text()
    big = text * (1_000_000 // len(text) + 1)
    for name in ("medical", "places", "hospitals"):
        pt = lex.phrases(name)
        t = time.perf_counter()
        hits = pt.find(big)
        dt = time.perf_counter() - t
        print(f"phrases {name:10s} find on {len(big) / 1e6:.1f} MB: {dt:.2f} s "
              f"({len(big) / dt / 1e6:.1f} MB/s), {len(hits)} hits")
    if not a.cache_dir:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
