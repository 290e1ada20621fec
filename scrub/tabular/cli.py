"""`scrub table` and `scrub risk`: the tabular module on the command line. `register(subparsers)`
adds both to the main parser (scrub/cli.py); each handler returns an exit code and raises
ScrubError on bad input, leaving no partial output behind.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import ScrubError
from .api import anonymize, assess_risk
from .hierarchy import load_hierarchies
from .table import csv_text, read_csv, sniff_delimiter, write_atomic


def _qi(text: str) -> list[str]:
    cols = [c.strip() for c in text.split(",") if c.strip()]
    if not cols:
        raise ScrubError("E515", "--qi: no column names given")
    return cols


def register(subparsers) -> None:
    """Add `table` and `risk` to an argparse subparsers object."""
    p = subparsers.add_parser(
        "table", help="generalize and suppress a CSV table until it is k-anonymous",
        description="Make IN.csv k-anonymous over the quasi-identifier with the least "
                    "distortion (optimal lattice search or Datafly II), rows in random order.")
    p.add_argument("input", metavar="IN.csv")
    p.add_argument("--qi", required=True, metavar="A,B,...", help="quasi-identifier columns")
    p.add_argument("-k", type=int, required=True, metavar="K", help="k of k-anonymity")
    p.add_argument("--suppression", type=float, default=0.0, metavar="SHARE",
                   help="largest share of records that may be suppressed (default 0)")
    p.add_argument("--algorithm", choices=("optimal", "datafly"), default="optimal")
    p.add_argument("--metric", choices=("precision", "loss"), default="loss",
                   help="distortion the optimal search minimizes (default loss, as ARX)")
    p.add_argument("--hierarchy", action="append", default=[], metavar="COL=FILE",
                   help="ARX-style hierarchy CSV for a column (repeatable)")
    p.add_argument("--hierarchy-dir", metavar="DIR",
                   help="folder with <dataset>_hierarchy_<column>.csv files (<dataset> = IN's "
                        "name; else the first *_hierarchy_<column>.csv by name)")
    p.add_argument("-o", "--output", required=True, metavar="OUT.csv")
    p.add_argument("--report", metavar="REPORT.json", help="write the release report here")
    p.add_argument("--seed", metavar="KEY",
                   help="key fixing the random row order (default: derived from the release)")
    p.add_argument("--previous", metavar="REPORT.json",
                   help="report of an earlier release of the same data (thesis 5.5.2-5.5.3)")
    p.add_argument("--previous-mode", choices=("generalize", "join"), default="generalize",
                   help="generalize the previous release, or join its columns to the QI")
    p.set_defaults(func=run_table)

    r = subparsers.add_parser(
        "risk", help="re-identification risk of a CSV table",
        description="k-anonymity, sample uniques, prosecutor/journalist/marketer risk, "
                    "population uniqueness (Pitman, Zayatz, SNB, Dankar), and with a "
                    "population table k-map and δ-presence.")
    r.add_argument("input", metavar="IN.csv")
    r.add_argument("--qi", required=True, metavar="A,B,...")
    r.add_argument("--population", metavar="POP.csv", help="population (re-identification) table")
    r.add_argument("--population-size", type=float, metavar="N",
                   help="size of the population the table was drawn from")
    r.add_argument("--hierarchy", action="append", default=[], metavar="COL=FILE",
                   help="hierarchy for a column, used with --levels (repeatable)")
    r.add_argument("--hierarchy-dir", metavar="DIR",
                   help="folder with <dataset>_hierarchy_<column>.csv files")
    r.add_argument("--levels", metavar="A=1,B=2",
                   help="measure both tables generalized to these levels")
    r.add_argument("--json", action="store_true", help="print JSON")
    r.set_defaults(func=run_risk)


def _dataset_name(path: Path) -> str:
    return path.stem


def run_table(args: argparse.Namespace) -> int:
    src = Path(args.input)
    qi = _qi(args.qi)
    table = read_csv(src)
    table.check_columns(qi)
    hier = load_hierarchies(args.hierarchy, args.hierarchy_dir, _dataset_name(src), qi)
    missing = [c for c in qi if c not in hier]
    if missing:
        raise ScrubError("E516", f"{src}: no hierarchy for column {missing[0]!r} "
                                  "(give --hierarchy COL=FILE or --hierarchy-dir)")
    previous = None
    if args.previous:
        try:
            previous = json.loads(Path(args.previous).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ScrubError("E528", f"{args.previous}: cannot read previous report "
                                      f"({type(exc).__name__})") from None
    result = anonymize(table, qi, hier, args.k, args.suppression, args.metric, args.algorithm,
                       previous=previous, previous_mode=args.previous_mode)
    text = src.read_text(encoding="utf-8-sig")
    delim = sniff_delimiter(text)
    rows = result.release_rows(args.seed)
    report = result.report()
    # Both outputs go to temporary names first and move into place together.
    files = [(args.output, csv_text(result.columns, rows, delim))]
    if args.report:
        files.append((args.report, json.dumps(report, indent=2, sort_keys=True) + "\n"))
    write_atomic(files)
    print(f"k={result.k} suppressed={result.n_suppressed} precision={result.precision:.4f} "
          f"loss={result.loss:.4f} levels=" + ",".join(f"{a}:{result.levels[a]}" for a in qi),
          file=sys.stderr)
    return 0


def run_risk(args: argparse.Namespace) -> int:
    qi = _qi(args.qi)
    table = read_csv(args.input)
    pop = read_csv(args.population) if args.population else None
    if args.population_size is not None and args.population_size < len(table):
        raise ScrubError("E541", f"--population-size {args.population_size:g} is smaller than "
                                  f"{args.input} ({len(table)} records)")
    hier, levels = None, None
    if args.levels:
        levels = {}
        for part in args.levels.split(","):
            col, sep, lvl = part.partition("=")
            if not sep or not lvl.strip().isdigit():
                raise ScrubError("E529", f"--levels {col.strip()!r}: expected COLUMN=LEVEL")
            levels[col.strip()] = int(lvl)
        hier = load_hierarchies(args.hierarchy, args.hierarchy_dir,
                                _dataset_name(Path(args.input)), list(levels))
    out = assess_risk(table, qi, args.population_size, pop, hier, levels)
    if args.json:
        print(json.dumps(out, indent=2, sort_keys=True))
        return 0
    lines = [f"records {out['records']}, classes {out['classes']}, k-anonymity {out['k_anonymity']}",
             f"sample uniques {out['sample_uniques']:.6f}",
             f"prosecutor {out['prosecutor_risk']:.6f}  journalist {out['journalist_risk']:.6f}  "
             f"marketer {out['marketer_risk']:.6f}"]
    if out["k_map"] is not None:
        lines.append(f"k-map {out['k_map']}, δ {out['delta_min']:.6f}..{out['delta_max']:.6f}")
    pu = out["population_uniques"]
    if pu:
        def f(x):
            return "n/a" if x is None else f"{x:.4e}"
        lines.append(f"population uniques: pitman {f(pu['pitman'])}  zayatz {f(pu['zayatz'])}  "
                     f"snb {f(pu['snb'])}  dankar ({pu['dankar_model']}) {f(pu['dankar'])}")
    print("\n".join(lines))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry (`python -m scrub.tabular.cli table ...`) until the main CLI wires us."""
    parser = argparse.ArgumentParser(prog="scrub")
    sub = parser.add_subparsers(dest="command", required=True)
    register(sub)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ScrubError as exc:
        print(f"scrub: error: {exc}", file=sys.stderr)
        return exc.exit_code


if __name__ == "__main__":
    sys.exit(main())
