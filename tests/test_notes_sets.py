"""The bundled note sets (tests/data/notes): their gold is well formed, and on the sets the
detectors were tuned on, recall without spaCy stays at what was reached (a floor a little under
the figures in the issue notes), so a change that loses identifiers there fails here. The sets
scored only as unseen (4, 5, 8, 10, 11, 12, 15, 16, 17, 20, 22, 25, 31, 32, 34, 35, 37, 39, 41, 42,
43, 45, 46, 50, 51, 52, 53, 54, 56, 58, 60, 61, 64, 66, 69, 71, 74, 75, 76) are checked for form only."""
import json
from pathlib import Path

import pytest

from scrub.engine import Scrubber
from scrub.evaluate import evaluate, read_gold

NOTES = Path(__file__).parent / "data" / "notes"
SETS = sorted(NOTES.glob("notes-set*.jsonl"), key=lambda p: int(p.stem.split("set")[1]))
LABELS = {"name", "date", "location", "hospital", "organization", "phone", "fax", "street", "mrn",
          "age", "zip", "health_plan", "email", "account", "id", "ssn", "url"}


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_gold_is_well_formed(path):
    ids = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        assert doc["id"] not in ids
        ids.add(doc["id"])
        text = doc["text"]
        last = -1
        for sp in sorted(doc["spans"], key=lambda s: s["start"]):
            assert 0 <= sp["start"] < sp["end"] <= len(text), (doc["id"], sp)
            assert sp["start"] >= last, (doc["id"], sp)  # no overlaps
            assert sp["label"] in LABELS, (doc["id"], sp)
            piece = text[sp["start"]:sp["end"]]
            assert piece == piece.strip(), (doc["id"], sp)
            last = sp["end"]


@pytest.fixture(scope="module")
def scrubber():
    return Scrubber(spacy=False)


# (set, overlap recall floor, character leak ceiling): tuned sets only, without spaCy
FLOORS = [(1, 0.99, 0.01), (2, 0.99, 0.015), (3, 0.98, 0.035), (6, 0.98, 0.03), (7, 0.98, 0.03),
          (9, 0.975, 0.03), (13, 0.945, 0.05), (14, 0.965, 0.05), (18, 0.965, 0.06), (19, 0.935, 0.075),
          (21, 0.935, 0.065), (23, 0.96, 0.06), (24, 0.99, 0.01), (26, 0.93, 0.11), (28, 0.935, 0.11),
          (27, 0.95, 0.045), (29, 0.945, 0.035), (30, 0.955, 0.075), (33, 0.97, 0.03), (36, 0.965, 0.05),
          (38, 0.97, 0.08), (40, 0.97, 0.055), (44, 0.955, 0.06), (47, 0.955, 0.05), (48, 0.95, 0.075),
          (49, 0.975, 0.025), (55, 0.96, 0.045), (57, 0.95, 0.07), (59, 0.955, 0.06), (62, 0.94, 0.085),
          (63, 0.935, 0.095)]
#: precision floors other than 0.95: sets 23 and 24 are jargon-dense with ~2 identifiers a note, where each
#: false alarm weighs much more; set 26 (obstetric and newborn jargon: "Ab screen", "Symphony" pump)
#: was 0.915 when first scored; sets 47, 49, 57 and 63 (long-term care, correctional, handoffs, dialysis)
#: name wings, units, holidays, months and scores that read as names or dates
PRECISION = {23: 0.90, 24: 0.85, 26: 0.92, 47: 0.92, 49: 0.92, 57: 0.935, 63: 0.91}


@pytest.mark.parametrize("n, recall, leak", FLOORS, ids=lambda x: str(x))
def test_tuned_sets_keep_their_recall(scrubber, n, recall, leak):
    r = evaluate(scrubber, read_gold(NOTES / f"notes-set{n}.jsonl"))
    assert r["overlap_recall"] >= recall, r["overlap_recall"]
    assert r["char_leak"] <= leak, r["char_leak"]
    assert r["overlap_precision"] >= PRECISION.get(n, 0.95), r["overlap_precision"]
