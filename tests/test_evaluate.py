"""Evaluation figures computed by hand on a tiny gold set."""
import json

import pytest

from scrub.errors import ScrubError
from scrub.evaluate import GoldDoc, GoldSpan, Tally, read_gold
from scrub.types import Finding


def test_label_blind_figures():
    """Overlap recall, full recall, char leak and precision follow their definitions."""
    text = "Ann Lee seen 3/4/2020 at 555-1212 ok"
    doc = GoldDoc("d", text, (GoldSpan(0, 7, "NAME"), GoldSpan(13, 21, "DATE"), GoldSpan(25, 33, "PHONE")))
    findings = [Finding(0, 3, "first_name", 0.9, "names"),      # half the name
                Finding(13, 21, "date", 0.9, "dates"),          # the whole date
                Finding(34, 36, "state", 0.8, "addr"),          # a false alarm
                Finding(8, 12, "medical_term", 0.9, "med", protected=True)]  # never a flag
    t = Tally()
    t.add(doc, findings)
    r = t.result()
    assert r["overlap_recall"] == round(2 / 3, 4)
    assert r["full_recall"] == round(1 / 3, 4)
    # non-space gold chars: "AnnLee"=6, date=8, phone=8 → 22; leaked: "Lee"=3 + phone 8 = 11
    assert r["char_leak"] == 0.5
    assert r["overlap_precision"] == round(2 / 3, 4)
    assert r["per_label"]["NAME"] == {"n": 1, "overlap_recall": 1.0, "full_recall": 0.0}
    assert r["per_detector"]["addr"] == {"findings": 1, "precision": 0.0}


def test_negative_documents_flagged_share():
    """A document with no identifier that gets a finding counts as flagged."""
    t = Tally()
    t.add(GoldDoc("a", "nothing here", ()), [Finding(0, 7, "name", 0.8, "x")])
    t.add(GoldDoc("b", "nothing here", ()), [])
    assert t.result()["negative_documents_flagged"] == 0.5


def test_read_gold_errors_name_file_and_line(tmp_path):
    """A broken gold line names the file and line, never the text."""
    p = tmp_path / "g.jsonl"
    p.write_text(json.dumps({"id": "1", "text": "secret Ann", "spans": []}) + "\n{broken\n")
    with pytest.raises(ScrubError) as exc:
        list(read_gold(p))
    assert exc.value.code == "E152" and "g.jsonl:2" in exc.value.message and "Ann" not in exc.value.message
    p.write_text(json.dumps({"id": "1", "text": "abc", "spans": [{"start": 2, "end": 9, "label": "X"}]}))
    with pytest.raises(ScrubError) as exc:
        list(read_gold(p))
    assert exc.value.code == "E153"


def test_composite_covers_only_its_parts():
    """A block finding counts the characters of its parts, not the gaps between them."""
    from scrub.types import Candidate
    text = "Ann Lee\nBoston MA"
    doc = GoldDoc("d", text, (GoldSpan(0, 7, "NAME"), GoldSpan(8, 14, "CITY")))
    parts = (Candidate(0, 3, "first_name", 0.9, "n"), Candidate(8, 14, "city", 0.9, "a"))
    t = Tally()
    t.add(doc, [Finding(0, 14, "mailing_label", 0.9, "b", parts=parts)])
    r = t.result()
    assert r["overlap_recall"] == 1.0 and r["full_recall"] == 0.5
