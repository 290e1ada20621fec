"""Accuracy on the bundled note sets, pooled as the issue notes report them.

    python benchmarks/note_pools.py [--no-spacy] [--label] [--corpora DIR] [--root DIR] [--sets 27,29]

The note sets in tests/data/notes were written by helpers who never saw the code. Some were
tuned on after a first unseen score; the others (UNSEEN) have only ever been scored, and their
text is not read while developing. Each pool is scored with `scrub.evaluate.evaluate`, the code
behind `scrub evaluate` (label-blind overlap recall, full recall, character leak, overlap
precision), and `--label` adds recall per gold label.

`--root DIR` scores another checkout of the package (say an export of an earlier commit, with its
compiled word lists), so a start and an end are measured by the same script in one session:

    mkdir /tmp/start && git archive 145c506 | tar -x -C /tmp/start
    cp wordlists/*.bin /tmp/start/wordlists/           # the compiled word lists (not in git)
    cd /tmp/start/scrub && ln -s ../detectors detectors && ln -s ../templates template_data \
        && ln -s ../wordlists wordlists && cd -        # the package layout pip install makes
    python benchmarks/note_pools.py --root /tmp/start
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
NOTES = HERE / "tests" / "data" / "notes"

#: sets scored only, never tuned on
UNSEEN = (4, 5, 8, 10, 11, 12, 15, 16, 17, 20, 22, 25, 31, 32, 34, 35, 37, 39, 41, 42, 43, 45, 46, 50, 51, 52, 53, 54, 56, 58, 60, 61,
          64, 66, 69, 71, 74, 75, 76)
#: sets tuned on (scored once unseen first, from set 26 on); the NER weights are trained on the same
#: sets but 86-133, written later (scrub.nertrain.BUNDLED_SETS, not imported: --root chooses the
#: package after this module loads)
TUNED = (1, 2, 3, 6, 7, 9, 13, 14, 18, 19, 21, 23, 24, 26, 27, 28, 29, 30, 33, 36, 38, 40, 44, 47, 48, 49, 55, 57, 59, 62, 63,
         65, 67, 68, 70, 72, 73, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93,
         94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109,
         110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125,
         126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141)
CORPORA = ("asq-phi-dev", "deidgate-seed", "presidio-synth", "scrub-letter")


def _use_root(root: str | None) -> None:
    if root is None:
        sys.path.insert(0, str(HERE))
        return
    # an editable install of this checkout would shadow the other one: drop its finders
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in str(f).lower()]
    sys.path_hooks[:] = [h for h in sys.path_hooks if "editable" not in str(h)]
    sys.path[:] = [p for p in sys.path if "editable" not in p]
    sys.path.insert(0, str(Path(root).resolve()))


def _line(name: str, r: dict, label: bool) -> str:
    out = (f"{name:16s} docs {r.get('documents', '?'):>4}  recall {r['overlap_recall']:.4f}  "
           f"full {r['full_recall']:.4f}  leak {r['char_leak']:.4f}  precision {r['overlap_precision']:.4f}")
    if r.get("negative_documents_flagged") is not None:
        out += f"  identifier-free flagged {r['negative_documents_flagged']:.4f}"
    if label:
        per = r["per_label"]
        out += "\n  " + "  ".join(f"{k} {v.get('overlap_recall', 0):.3f} ({v.get('n', v.get('count'))})"
                                  for k, v in sorted(per.items()))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-spacy", action="store_true", help="score without the spaCy detector")
    ap.add_argument("--label", action="store_true", help="also print recall per gold label")
    ap.add_argument("--corpora", metavar="DIR", help="also score the gold corpora (JSONL) found in DIR")
    ap.add_argument("--root", metavar="DIR", help="score the package of another checkout")
    ap.add_argument("--sets", help="also score these sets alone, comma-separated (e.g. 31,32)")
    ap.add_argument("--no-pools", action="store_true", help="skip the two pools (with --corpora or --sets)")
    ap.add_argument("--spacy-model", metavar="NAME", help="the spaCy model (a package's name or a folder)")
    ap.add_argument("--templates", metavar="DIR", help="a folder of template files to use instead")
    ap.add_argument("--ner-weights", metavar="DIR", help="NER weights: a folder, or 'none' for the model's own")
    args = ap.parse_args()
    _use_root(args.root)
    from scrub.engine import Scrubber
    from scrub.evaluate import evaluate, read_gold

    from scrub.config import Config

    cfg = Config().with_detect(templates=args.templates or None)
    if args.ner_weights:
        cfg = cfg.with_detector_options("spacy", ner_weights=args.ner_weights)
    scrubber = Scrubber(cfg, spacy=not args.no_spacy, spacy_model=args.spacy_model)
    pools = {} if args.no_pools else {"unseen": UNSEEN, "tuned": TUNED}
    if args.sets:
        pools[f"sets {args.sets}"] = tuple(int(x) for x in args.sets.split(","))
    for name, sets in pools.items():
        docs = []
        for n in sets:
            docs += list(read_gold(NOTES / f"notes-set{n}.jsonl"))
        r = evaluate(scrubber, docs)
        r["documents"] = len(docs)
        print(_line(name, r, args.label), flush=True)
    if args.corpora:
        for c in CORPORA:
            path = Path(args.corpora) / f"{c}.jsonl"
            if not path.exists():
                continue
            docs = list(read_gold(path))
            r = evaluate(scrubber, docs)
            r["documents"] = len(docs)
            print(_line(c, r, args.label), flush=True)


if __name__ == "__main__":
    main()
