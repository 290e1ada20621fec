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
from importlib import resources
from pathlib import Path
from typing import Iterable

from .errors import ScrubError
from .evaluate import read_gold
from .templates import load_templates


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
    new_likelihood: dict[str, float] = {}
    sources: dict[str, str] = {}
    for t in templates:
        n, hits = counts.get(f"template:{t.id}", (0, 0))
        new = blend(t.likelihood, n, hits, prior)
        new_likelihood[t.id] = new
        sources[Path(t.source).name] = t.source
        lines.append(f"{t.id:40s} {n:6d} {hits:6d}  {t.likelihood:.2f} → {new:.2f}")
        if n == 0:
            never.append(t.id)
        elif hits / n < 0.5:
            wrong.append(f"{t.id} ({hits}/{n})")
    for name, source in sorted(sources.items()):
        _rewrite(source, name, new_likelihood, out_dir)
    rules_file = next((getattr(d, "rules_file") for d in scrubber.detectors if hasattr(d, "rules_file")),
                      "spacy.toml")
    _train_spacy_labels(counts, src, out_dir, prior, lines, rules_file)
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


def _read_source(source: str, name: str) -> str:
    path = Path(source)
    if path.is_file():
        return path.read_text(encoding="utf-8")
    return resources.files("scrub.template_data").joinpath(name).read_text(encoding="utf-8")


def _rewrite(source: str, name: str, new: dict[str, float], out_dir: Path) -> None:
    """Write a template file back with new likelihoods, every other key and table kept."""
    data = tomllib.loads(_read_source(source, name))
    for t in data.get("template", []):
        if t.get("id") in new:
            t["likelihood"] = new[t["id"]]
    text = "# Re-estimated by `scrub train`; every other key is as it was.\n\n" + dump_toml(data)
    tmp = out_dir / (name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(out_dir / name)


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + "}"
    raise ScrubError("E161", f"cannot write a value of type {type(v).__name__} to TOML")


def _key(k: str) -> str:
    return k if k.replace("_", "").replace("-", "").isalnum() else _value(k)


def dump_toml(data: dict, prefix: str = "") -> str:
    """A small TOML writer for template files: scalars, arrays, tables, arrays of tables."""
    lines, tables, arrays = [], [], []
    for k, v in data.items():
        if isinstance(v, dict):
            tables.append((k, v))
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            arrays.append((k, v))
        else:
            lines.append(f"{_key(k)} = {_value(v)}")
    out = "\n".join(lines) + ("\n\n" if lines else "")
    for k, v in tables:
        name = f"{prefix}{_key(k)}"
        out += f"[{name}]\n" + dump_toml(v, name + ".")
    for k, v in arrays:
        for item in v:
            out += f"[[{prefix}{_key(k)}]]\n" + dump_toml(item, f"{prefix}{_key(k)}.")
    return out


def _train_spacy_labels(counts, src, out_dir: Path, prior: float, lines: list[str],
                        name: str = "spacy.toml") -> None:
    """Rewrite the label file in use (spacy.toml, or spacy_notes.toml for the NER weights
    fine-tuned on notes) with re-estimated likelihoods; its other keys are kept."""
    path = Path(src) / name if src else None
    if path is not None and path.is_file():
        text = path.read_text(encoding="utf-8")
    else:
        text = resources.files("scrub.template_data").joinpath(name).read_text(encoding="utf-8")
    data = tomllib.loads(text)
    out = ["# spaCy label likelihoods, re-estimated by `scrub train`.", ""]
    out += [f"{k} = {_value(v)}" for k, v in data.items() if k != "label"]
    out.append("")
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
    tmp = out_dir / (name + ".tmp")
    tmp.write_text("\n".join(out), encoding="utf-8")
    tmp.replace(out_dir / name)
