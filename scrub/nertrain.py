"""Fine-tune spaCy's named-entity recognizer on annotated notes (`scrub train-ner`).

en_core_web_sm learnt its entities from news and web text: in clinical notes it reads drugs,
devices and headings as people and places, and misses the clinics, shelters and agencies named
by everyday words. This module continues its training on gold JSONL (the format of
`scrub evaluate`), with the gold labels mapped onto the model's own (a person's name → PERSON,
an organization or a hospital → ORG, a place → GPE, a street → FAC, a date → DATE). Spans of
the other labels (phones, record numbers, ages...) are left unscored: the templates find those.

Only the NER component's weights are written (`cfg`, `moves`, `model`); the Scrubber loads the
base model and puts them in place of its own (see scrub.nlp). The bundled weights,
`scrub/data/notes_ner/`, were built by

    scrub train-ner tests/data/notes/notes-set{<the tuned sets>}.jsonl -o scrub/data/notes_ner

(the command `python -m scrub.nertrain --bundled` runs exactly that). The unseen note sets are
never trained on: they measure what the model does on notes it has not seen.

Training is deterministic for a given seed on one machine; a typed note's upper- and lower-case
copies are added for part of the documents, so the model also reads notes typed in capitals or
without them.
"""
from __future__ import annotations

import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterable

from .errors import ScrubError
from .evaluate import read_gold

#: gold label → the base model's label it is trained as
LABELS = {"name": "PERSON", "organization": "ORG", "hospital": "ORG", "location": "GPE",
          "street": "FAC", "date": "DATE"}
#: the note sets the bundled weights are trained on (benchmarks/note_pools.py TUNED)
BUNDLED_SETS = (1, 2, 3, 6, 7, 9, 13, 14, 18, 19, 21, 23, 24, 26, 27, 28, 29, 30, 33, 36, 38, 40, 44, 47, 48,
                49, 55, 57, 59, 62, 63, 65, 67, 68, 70, 72, 73, 77, 78, 79, 80, 81, 82, 83, 84, 85)
WEIGHTS = ("cfg", "moves", "model")


def _tags(doc, spans) -> list[str]:
    """BILUO tags for the gold spans; tokens of unmapped or clashing spans are left unscored."""
    tags = ["O"] * len(doc)
    starts = [t.idx for t in doc]
    ends = [t.idx + len(t) for t in doc]
    for sp in sorted(spans, key=lambda x: (x.start, x.end)):
        idx = [i for i in range(len(doc))
               if starts[i] < sp.end and ends[i] > sp.start and not doc[i].is_space]
        if not idx:
            continue
        lab = LABELS.get(sp.label)
        if lab is None or any(tags[i] != "O" for i in idx):
            for i in idx:
                tags[i] = "-"
            continue
        if len(idx) == 1:
            tags[idx[0]] = "U-" + lab
        else:
            tags[idx[0]] = "B-" + lab
            tags[idx[-1]] = "L-" + lab
            for i in idx[1:-1]:
                tags[i] = "I-" + lab
    return tags


def examples(nlp, gold_paths: Iterable[str | Path], seed: int = 0, case_copies: bool = True) -> list:
    """spaCy Examples for every gold document, with upper- and lower-case copies of some."""
    from spacy.training import Example

    rng = random.Random(seed)
    out = []
    for path in gold_paths:
        for g in read_gold(path):
            variants = [g.text]
            if case_copies:
                r = rng.random()
                if r < 0.25:
                    variants.append(g.text.upper())
                elif r < 0.40:
                    variants.append(g.text.lower())
            for text in variants:
                if len(text) != len(g.text):
                    continue  # a letter whose case changes its length ("ß" → "SS"): offsets would move
                doc = nlp.make_doc(text)
                out.append(Example.from_dict(doc, {"entities": _tags(doc, g.spans)}))
    return out


def train_ner(gold_paths: list[str | Path], out_dir: Path, *, base: str | None = None, epochs: int = 12,
              seed: int = 0, dropout: float = 0.2, batch: int = 8, progress=None) -> dict:
    """Fine-tune the base model's NER on `gold_paths` and write its weights to `out_dir`."""
    import spacy

    from .nlp import base_model

    if epochs < 1:
        raise ScrubError("E170", "--epochs must be 1 or more")
    if Path(out_dir).exists() and not Path(out_dir).is_dir():
        raise ScrubError("E173", f"{out_dir}: exists and is not a folder")
    spacy.util.fix_random_seed(seed)
    nlp = base_model(base)
    if "ner" not in nlp.pipe_names:
        raise ScrubError("E171", f"spaCy model '{base or 'default'}' has no NER component")
    data = examples(nlp, gold_paths, seed)
    if not data:
        raise ScrubError("E172", "no gold documents to train on")
    rng = random.Random(seed)
    opt = nlp.resume_training()
    losses_by_epoch = []
    t0 = time.time()
    for ep in range(epochs):
        rng.shuffle(data)
        losses: dict[str, float] = {}
        for chunk in spacy.util.minibatch(data, size=batch):
            nlp.update(chunk, sgd=opt, drop=dropout, losses=losses)
        losses_by_epoch.append(round(float(losses.get("ner", 0.0)), 1))
        if progress:
            progress(f"epoch {ep + 1}/{epochs}: loss {losses_by_epoch[-1]} ({time.time() - t0:.0f} s)")
    out_dir = Path(out_dir)
    # write next to the target and move in place, so a failed run leaves no half-written weights
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".ner-", dir=out_dir.parent))
    try:
        with nlp.use_params(opt.averages):
            nlp.get_pipe("ner").to_disk(tmp / "ner", exclude=["vocab"])
        out_dir.mkdir(exist_ok=True)
        for name in WEIGHTS:
            shutil.move(str(tmp / "ner" / name), str(out_dir / name))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return {"documents": len(data), "epochs": epochs, "losses": losses_by_epoch, "seconds": round(time.time() - t0)}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv != ["--bundled"]:
        print("usage: python -m scrub.nertrain --bundled   (rebuilds scrub/data/notes_ner from the "
              "tuned note sets of a checkout; for your own gold use `scrub train-ner`)", file=sys.stderr)
        return 2
    root = Path(__file__).resolve().parent.parent
    paths = [root / "tests" / "data" / "notes" / f"notes-set{n}.jsonl" for n in BUNDLED_SETS]
    report = train_ner(paths, root / "scrub" / "data" / "notes_ner",
                       progress=lambda m: print(m, file=sys.stderr, flush=True))
    print(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
