"""Benchmark of `scrub run` (issue 6): --jobs 2 against --jobs 1 (target ≥ 1.7× on two cores, same
bytes), peak memory on a small and a ten times larger input (target: the same), and `scrub run`
against `scrub detect` on the same text (target: run within 10% of detect).

Inputs are generated letters (tests/corpus_gen.py) written under /tmp, never into the repository.
Every figure comes from whole `scrub` processes, timed from the outside; memory is the peak of the
sum of the resident sizes of the process tree (main process and workers), sampled every 50 ms.

    python benchmarks/bench_run.py                       # all three, default sizes
    python benchmarks/bench_run.py --only jobs --mb 4
    python benchmarks/bench_run.py --only memory --small-mb 100 --large-mb 1000
    python benchmarks/bench_run.py --only detect --mb 4 --spacy
"""
from __future__ import annotations

import argparse
import filecmp
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TMP = Path(tempfile.gettempdir()) / "scrub-bench-run"


def corpus(mb: float) -> Path:
    """A JSONL corpus of about `mb` MB under /tmp (made once, then reused)."""
    TMP.mkdir(parents=True, exist_ok=True)
    path = TMP / f"letters-{mb:g}MB.jsonl"
    if not path.exists():
        tmp = path.with_suffix(".part")
        subprocess.run([sys.executable, str(ROOT / "tests" / "corpus_gen.py"), "--subjects",
                        "2000", "--mb", str(mb), "--out", str(tmp)], check=True)
        tmp.replace(path)
    return path


def _tree_rss(root: int) -> tuple[int, int]:
    """(RSS of `root`, RSS of root and all its descendants) in bytes, from /proc."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat", "rb") as fh:
                stat = fh.read().rsplit(b")", 1)[1].split()
            parents[int(d)] = int(stat[1])
            rss[int(d)] = int(stat[21]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            continue
    tree = {root}
    grew = True
    while grew:
        grew = False
        for pid, ppid in parents.items():
            if ppid in tree and pid not in tree:
                tree.add(pid)
                grew = True
    return rss.get(root, 0), sum(rss.get(p, 0) for p in tree)


CPU = {"last": 0.0}


def timed(argv: list[str]) -> tuple[float, int, int]:
    """Wall seconds, peak RSS of the main process and peak RSS of the whole tree; the CPU
    seconds of the process tree are left in CPU["last"] (a loaded machine shows as CPU/wall
    well under the number of workers)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = dict(os.environ, SCRUB_KEY=os.environ.get("SCRUB_KEY", "bench-key-not-secret"))
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "scrub.cli", *argv], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak_main = peak_tree = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak_main, peak_tree
        while not done.is_set():
            m, t = _tree_rss(proc.pid)
            peak_main, peak_tree = max(peak_main, m), max(peak_tree, t)
            time.sleep(0.05)

    th = threading.Thread(target=sample, daemon=True)
    th.start()
    _, err = proc.communicate()
    done.set()
    th.join()
    seconds = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU["last"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode not in (0, 1):
        sys.exit(f"scrub {' '.join(argv)} failed ({proc.returncode}): {err.decode()[-500:]}")
    return seconds, peak_main, peak_tree


def common(args) -> list[str]:
    out = [] if args.spacy else ["--no-spacy"]
    if args.detectors:
        out += ["--detectors", args.detectors]
    return out


def bench_jobs(args) -> None:
    src = corpus(args.mb)
    mb = src.stat().st_size / 1e6
    outs = {}
    times = {}
    for jobs in (1, 2):
        out = TMP / f"out-jobs{jobs}.jsonl"
        times[jobs], _, tree = timed(["run", str(src), "-o", str(out), "--jobs", str(jobs),
                                      *common(args)])
        outs[jobs] = out
        print(f"run --jobs {jobs}: {times[jobs]:.1f} s, {mb / times[jobs]:.3f} MB/s, "
              f"CPU {CPU['last']:.1f} s (CPU/wall {CPU['last'] / times[jobs]:.2f}), "
              f"peak RSS (all processes) {tree / 2**20:.0f} MiB")
    same = filecmp.cmp(outs[1], outs[2], shallow=False)
    print(f"speed-up --jobs 2 / --jobs 1: {times[1] / times[2]:.2f}x (target >= 1.7x on two "
          f"cores); outputs identical: {same}")


def bench_memory(args) -> None:
    for mb in (args.small_mb, args.large_mb):
        src = corpus(mb)
        out = TMP / f"out-mem-{mb:g}.jsonl"
        s, main, tree = timed(["run", str(src), "-o", str(out), "--jobs", str(args.jobs),
                               *common(args)])
        size = src.stat().st_size / 1e6
        print(f"{size:.0f} MB input: {s:.0f} s ({size / s:.3f} MB/s); peak RSS main "
              f"{main / 2**20:.0f} MiB, all processes {tree / 2**20:.0f} MiB")
        out.unlink(missing_ok=True)


def bench_detect(args) -> None:
    src = corpus(args.mb)
    mb = src.stat().st_size / 1e6
    det, _, _ = timed(["detect", str(src), "-o", str(TMP / "detect.jsonl"), *common(args)])
    det_cpu = CPU["last"]
    run, _, _ = timed(["run", str(src), "-o", str(TMP / "run.jsonl"), "--jobs", "1",
                       *common(args)])
    print(f"detect: {det:.1f} s ({mb / det:.3f} MB/s); run --jobs 1: {run:.1f} s "
          f"({mb / run:.3f} MB/s); run / detect time: {run / det:.2f} (target <= 1.10); "
          f"CPU seconds detect {det_cpu:.1f}, run {CPU['last']:.1f} "
          f"(ratio {CPU['last'] / max(det_cpu, 1e-9):.2f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=("jobs", "memory", "detect"))
    ap.add_argument("--mb", type=float, default=4.0, help="corpus size for jobs and detect")
    ap.add_argument("--small-mb", type=float, default=100.0)
    ap.add_argument("--large-mb", type=float, default=1000.0)
    ap.add_argument("--jobs", type=int, default=2, help="workers for the memory runs")
    ap.add_argument("--spacy", action="store_true", help="run the spaCy detector too")
    ap.add_argument("--detectors", help="only these detectors (e.g. to measure the runner "
                                        "itself on a large input quickly)")
    args = ap.parse_args()
    print(f"cores: {os.cpu_count()}; spaCy: {'on' if args.spacy else 'off'}; "
          f"detectors: {args.detectors or 'all'}")
    if args.only in (None, "jobs"):
        bench_jobs(args)
    if args.only in (None, "detect"):
        bench_detect(args)
    if args.only in (None, "memory"):
        bench_memory(args)


if __name__ == "__main__":
    main()
