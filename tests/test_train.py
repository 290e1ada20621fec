"""scrub train: likelihoods move toward the measured precision; other keys survive."""
import json
import tomllib

from scrub.engine import Scrubber
from scrub.train import blend, dump_toml, train


def test_blend_moves_toward_evidence():
    """With prior weight 4, four right hits lift 0.4 to 0.7; no evidence leaves it alone."""
    assert blend(0.4, 4, 4, 4.0) == 0.7
    assert blend(0.4, 0, 0, 4.0) == 0.4
    assert blend(0.9, 6, 0, 4.0) == 0.36


def test_dump_toml_round_trips():
    """The writer keeps scalars, tables, nested tables and arrays of tables."""
    d = {"entity": "x", "rules": {"a": 0.5, "n": {"k": "v\"q"}},
         "template": [{"id": "a", "pattern": "d\\d", "likelihood": 0.4, "context": ["tel"]}]}
    assert tomllib.loads(dump_toml(d)) == d


def test_train_writes_adjusted_templates(tmp_path):
    """Training on text where every local phone is real raises the local template's likelihood."""
    gold = tmp_path / "g.jsonl"
    lines = []
    for i in range(6):
        text = f"Please call 555-01{i}{i} tomorrow."
        s = text.index("555")
        lines.append(json.dumps({"id": str(i), "text": text,
                                 "spans": [{"start": s, "end": s + 8, "label": "PHONE"}]}))
    gold.write_text("\n".join(lines) + "\n")
    out = tmp_path / "trained"
    report = train(Scrubber(detectors=["phones"], spacy=False), [str(gold)], out, prior=4.0)
    assert "never fire" in report
    phones = tomllib.loads((out / "phones.toml").read_text())
    local = [t for t in phones["template"] if t["id"] == "fig113-local"]
    assert local and local[0]["likelihood"] > 0.4
