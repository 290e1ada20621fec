"""Scrub's training session: template likelihoods re-estimated from annotated text.

Every detector runs with no threshold; each candidate counts for its reason (`why`: a template
id, a list, a model label). A reason's precision on the gold is how often its candidates overlap
an annotated identifier. The new likelihood blends the current one (weight `prior`, counted as
that many observations) with the observed precision, so a rarely seen template moves little.
"""
from __future__ import annotations

import shutil
import tomllib
from collections import defaultdict
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Iterable

from .errors import ScrubError
from .evaluate import read_gold
from .templates import Template, load_templates, write_template_file


def measure(scrubber, gold_paths: Iterable[str]) -> dict[str, list[int]]:
    """why → [candidates, candidates overlapping a gold span]."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for path in gold_paths:
        for doc in read_gold(path):
            cover = bytearray(len(doc.text))
            for g in doc.spans:
                cover[g.start:g.end] = b"\x01" * (g.end - g.start)
            for c in scrubber.candidates(scrubber.document(doc.text, doc.id, doc.subject)):
                row = counts[c.why]
                row[0] += 1
                row[1] += any(cover[c.start:c.end])
    return counts


def blend(old: float, n: int, hits: int, prior: float) -> float:
    return round((prior * old + hits) / (prior + n), 2) if n else old


def train(scrubber, gold_paths: list[str], out_dir: Path, prior: float = 4.0) -> str:
    if prior < 0:
        raise ScrubError("E160", "--prior must be 0 or more")
    counts = measure(scrubber, gold_paths)
    src = scrubber.config.detect("templates") or None
    templates = load_templates(src)
    out_dir.mkdir(parents=True, exist_ok=True)
    by_file: dict[str, list[Template]] = defaultdict(list)
    lines = ["template                                  fired  right  old    new"]
    never, wrong = [], []
    for t in templates:
        n, hits = counts.get(f"template:{t.id}", (0, 0))
        new = blend(t.likelihood, n, hits, prior)
        by_file[Path(t.source).name].append(replace(t, likelihood=new))
        lines.append(f"{t.id:40s} {n:6d} {hits:6d}  {t.likelihood:.2f} → {new:.2f}")
        if n == 0:
            never.append(t.id)
        elif hits / n < 0.5:
            wrong.append(f"{t.id} ({hits}/{n})")
    for name, ts in sorted(by_file.items()):
        write_template_file(ts, out_dir / name)
    _train_spacy_labels(counts, src, out_dir, prior, lines)
    # Other reasons (word lists, context rules, posting) are reported, not written: their
    # numbers live in the detectors' own template files.
    others = sorted(k for k in counts if not k.startswith(("template:", "model:")))
    if others:
        lines.append("")
        lines.append("other evidence                            fired  right  precision")
        for k in others:
            n, hits = counts[k]
            lines.append(f"{k:40s} {n:6d} {hits:6d}  {hits / n:.2f}")
    lines.append("")
    lines.append(f"never fire ({len(never)}): " + (", ".join(never) or "none"))
    lines.append(f"mostly fire wrongly ({len(wrong)}): " + (", ".join(wrong) or "none"))
    lines.append(f"adjusted templates written to {out_dir}/ (use: --templates {out_dir})")
    return "\n".join(lines)


def _train_spacy_labels(counts, src, out_dir: Path, prior: float, lines: list[str]) -> None:
    path = Path(src) / "spacy.toml" if src else None
    if path is not None and path.is_file():
        text = path.read_text(encoding="utf-8")
    else:
        text = resources.files("scrub.template_data").joinpath("spacy.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    out = ["# spaCy label likelihoods, re-estimated by `scrub train`.", ""]
    for r in data.get("label", []):
        n, hits = counts.get(f"model:{r['label']}", (0, 0))
        new = blend(float(r["likelihood"]), n, hits, prior)
        lines.append(f"{'spacy:' + r['label']:40s} {n:6d} {hits:6d}  {float(r['likelihood']):.2f} → {new:.2f}")
        out.append("[[label]]")
        for key, value in r.items():
            if key == "likelihood":
                value = new
            out.append(f"{key} = " + (f'"{value}"' if isinstance(value, str) else f"{value}"))
        out.append("")
    tmp = out_dir / "spacy.toml.tmp"
    tmp.write_text("\n".join(out), encoding="utf-8")
    tmp.replace(out_dir / "spacy.toml")
