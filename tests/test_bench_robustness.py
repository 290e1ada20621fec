"""The robustness benchmark's layouts keep every gold span on the same characters."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from scrub.evaluate import GoldDoc, GoldSpan

_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "robustness.py"


@pytest.fixture(scope="module")
def robustness():
    spec = importlib.util.spec_from_file_location("robustness_bench", _PATH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


DOC = GoldDoc("d1", "Pt İlkay Öztürk seen by Dr. Ng in Quincy, MA.",
              (GoldSpan(3, 15, "name"), GoldSpan(28, 30, "name"), GoldSpan(34, 40, "location")))


@pytest.mark.parametrize("layout, case", [("lower", str.lower), ("upper", str.upper)])
def test_whole_note_layouts_keep_offsets(robustness, layout, case):
    out = getattr(robustness, layout)(DOC)
    assert len(out.text) == len(DOC.text)
    assert out.spans == DOC.spans
    for s in out.spans:
        piece = out.text[s.start:s.end]
        assert piece == "".join(case(c) if len(case(c)) == 1 else c for c in DOC.text[s.start:s.end])
    # every letter in the layout's case, but for one whose other case is longer ("İ" lower-cases to two)
    assert all(c == case(c) or len(case(c)) != 1 for c in out.text)
