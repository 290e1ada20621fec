"""Replacement over annotated corpora: consistency by key, no leak, and its cost next to detection.

    python benchmarks/bench_replace.py GOLD.jsonl... [--findings gold|detect] [--no-spacy]
                                                   [--fixture] [--detectors A,B] [--repeat 3]

--findings gold replaces the gold spans (labels mapped to entities), so replacement is measured
on its own; --findings detect runs the engine first and also times detection against
replacement on the same documents. --fixture uses the tests' small lexicon instead of
scrub.lexicon. Figures printed:

- consistency: (entity, original) pairs that received more than one pseudo-value under one key;
- key change: share of pairs whose pseudo-value is the same under two keys;
- identity: replaced spans whose pseudo-value equals the original;
- leak: replaced originals (3+ characters) still found in their output document, whole word;
- time: detection and replacement seconds per MB (best of --repeat).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

import regex

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from scrub.config import Config  # noqa: E402
from scrub.replace import Replacer  # noqa: E402
from scrub.types import Document, Finding  # noqa: E402

UNKEYED = {"date", "age", "zip", "state", "country", "title"}
LABELS = {
    "NAME": "name", "PERSON": "name", "name": "name",
    "GEOGRAPHIC_LOCATION": "place", "GPE": "place", "geo": "place", "CITY": "city",
    "STATE": "state", "ZIP": "zip", "ZIP_CODE": "zip", "STREET": "street",
    "STREET_ADDRESS": "street",
    "DATE": "date", "DATE_TIME": "date", "date": "date",
    "MEDICAL_RECORD_NUMBER": "mrn", "mrn": "mrn", "HEALTH_PLAN_BENEFICIARY_NUMBER": "health_plan",
    "health_plan": "health_plan", "PHONE_NUMBER": "phone", "PHONE": "phone", "phone": "phone",
    "FAX_NUMBER": "fax", "fax": "fax", "EMAIL_ADDRESS": "email", "email": "email",
    "SOCIAL_SECURITY_NUMBER": "ssn", "US_SSN": "ssn", "ssn": "ssn", "IP_ADDRESS": "ip_address",
    "ip": "ip_address", "ACCOUNT_NUMBER": "account", "account": "account",
    "UNIQUE_IDENTIFIER": "reference_number", "ID": "reference_number",
    "ORGANIZATION": "organization", "CREDIT_CARD": "credit_card", "US_DRIVER_LICENSE": "license",
    "license": "license", "AGE": "age", "TITLE": "title", "DOMAIN_NAME": "url", "url": "url",
    "IBAN_CODE": "iban", "device": "device", "vehicle": "vehicle",
}


def load(paths):
    docs = []
    for p in paths:
        for line in Path(p).read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            docs.append(d)
    return docs


def gold_findings(d) -> list[Finding]:
    out, end = [], -1
    for s in sorted(d["spans"], key=lambda s: (s["start"], -s["end"])):
        if s["start"] < end:
            continue  # overlapping gold spans: keep the first
        out.append(Finding(s["start"], s["end"], LABELS.get(s["label"], s["label"].lower()),
                           1.0, "gold"))
        end = s["end"]
    return out


CLOCK = time.perf_counter


def run(replacer, docs, findings):
    rows = []
    t = CLOCK()
    for d, fs in zip(docs, findings):
        doc = Document(d["text"], d["id"], subject=d.get("subject"))
        rows.append((doc, replacer.replace(doc, fs)))
    return rows, CLOCK() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("gold", nargs="+")
    ap.add_argument("--findings", choices=("gold", "detect"), default="gold")
    ap.add_argument("--no-spacy", action="store_true")
    ap.add_argument("--fixture", action="store_true")
    ap.add_argument("--detectors", help="only these detectors (comma-separated)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--dump", help="write the first key's output texts here (JSONL id, text), "
                    "to diff outputs before and after a change")
    ap.add_argument("--findings-file", help="with --findings detect: read the findings from this "
                    "pickle if it exists, else detect and write them there, so outputs before and "
                    "after a change of the replacer are diffed on the same findings even while "
                    "detectors change (a development file under /tmp; it holds document text)")
    ap.add_argument("--cpu", action="store_true", help="time in process CPU seconds instead of "
                    "wall-clock (steadier on a shared machine)")
    ap.add_argument("--verbose", action="store_true", help="list the inconsistent originals "
                    "(prints identifiers: development corpora only)")
    args = ap.parse_args()
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
    docs = load(args.gold)
    mb = sum(len(d["text"].encode("utf-8")) for d in docs) / 1e6
    lexicon = None
    if args.fixture:
        from replace_support import FixtureLexicon
        lexicon = FixtureLexicon()
    t_detect = None
    if args.findings == "gold":
        findings = [gold_findings(d) for d in docs]
    else:
        from scrub.engine import Scrubber
        scrubber = Scrubber(spacy=False if args.no_spacy else None,
                            detectors=args.detectors.split(",") if args.detectors else None)
        findings = [scrubber.detect(d["text"], d["id"]) for d in docs]  # warm up
        best = None
        for _ in range(args.repeat):
            t = CLOCK()
            findings = [scrubber.detect(d["text"], d["id"]) for d in docs]
            best = min(best or 1e9, CLOCK() - t)
        t_detect = best
        if args.findings_file:
            import pickle
            if Path(args.findings_file).exists():
                findings = pickle.loads(Path(args.findings_file).read_bytes())
                if len(findings) != len(docs):
                    raise SystemExit(f"{args.findings_file}: findings for another corpus")
            else:
                Path(args.findings_file).write_bytes(pickle.dumps(findings))
    r1 = Replacer.from_config(Config(), b"benchmark key one", lexicon)
    r2 = Replacer.from_config(Config(), b"benchmark key two", lexicon)
    run(r1, docs, findings)  # warm the word lists
    best = None
    for _ in range(args.repeat):
        fresh = Replacer.from_config(Config(), b"benchmark key one", lexicon)
        fresh._lists = r1._lists  # the lists load once per process; the draw cache starts empty
        rows1, t = run(fresh, docs, findings)
        best = min(best or 1e9, t)
    rows2, _ = run(r2, docs, findings)
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as fh:
            for doc, rep in rows1:
                fh.write(json.dumps({"id": doc.id, "text": rep.text, "spans": rep.spans},
                                    ensure_ascii=False) + "\n")
    seen: dict[tuple[str, str], set[str]] = defaultdict(set)
    other: dict[tuple[str, str], set[str]] = defaultdict(set)
    identity = leaks = replaced = 0
    for (doc, rep), (_, rep2) in zip(rows1, rows2):
        for entity, original, pseudo in rep.mapping:
            replaced += 1
            seen[(entity, original)].add(pseudo)
            if pseudo == original:
                identity += 1
            if len(original) >= 3 and regex.search(r"(?<!\w)" + regex.escape(original) + r"(?!\w)",
                                                   rep.text):
                leaks += 1
        for entity, original, pseudo in rep2.mapping:
            other[(entity, original)].add(pseudo)
    inconsistent = sum(1 for v in seen.values() if len(v) > 1)
    # generalizations (dates, ages, ZIPs) and suppression do not depend on the key
    keyed = {k: v for k, v in seen.items() if k[0] not in UNKEYED and "" not in v
             and not any(p.startswith("[") for p in v)}
    same_under_two_keys = sum(1 for k, v in keyed.items() if v & other.get(k, set()))
    print(f"documents {len(docs)}, {mb:.2f} MB, findings from {args.findings}")
    print(f"replaced spans {replaced}, distinct (entity, original) {len(seen)}")
    print(f"consistency: {inconsistent} of {len(seen)} originals got more than one pseudo-value")
    print(f"key change: {same_under_two_keys} of {len(keyed)} keyed originals kept their "
          f"pseudo-value under a second key")
    if args.verbose:
        for k, v in seen.items():
            if len(v) > 1:
                print("  inconsistent:", k[0], sorted(v))
    print(f"identity: {identity} pseudo-values equal their original")
    print(f"leak: {leaks} replaced originals found again in their output document")
    print(f"replace: {best:.3f} s ({best / mb:.2f} s/MB)")
    if t_detect is not None:
        print(f"detect: {t_detect:.3f} s ({t_detect / mb:.2f} s/MB); replacement adds "
              f"{100 * best / t_detect:.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
