"""The NER weights fine-tuned on notes (scrub/data/notes_ner, scrub.nertrain, `scrub train-ner`).

The sentences are written for these tests (no note set's text): clinics, shelters and employers
named by everyday words, which en_core_web_sm's own weights (news and web text) do not find, and
clinical words that those weights read as places.
"""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from scrub.detector import DetectorSettings
from scrub.detectors.spacy_entities import SpacyEntityDetector, load_label_rules, load_uncorroborated
from scrub.errors import ScrubError
from scrub.evaluate import GoldSpan
from scrub.nlp import DEFAULT_MODELS, bundled_ner, load_model, ner_weights
from scrub.nertrain import _tags
from scrub.types import Document


@pytest.fixture(scope="module")
def notes():
    return SpacyEntityDetector()


@pytest.fixture(scope="module")
def news():
    return SpacyEntityDetector(DetectorSettings(options={"ner_weights": "none"}))


def _taken(det, text):
    return {(text[c.start:c.end], c.entity) for c in det.detect(Document(text)) if c.likelihood >= 0.7}


FOUND = [
    ("Pt discharged to Harbor Family House shelter on Tuesday, case mgr aware.",
     "Harbor Family House", "organization"),
    ("Mother works second shift at Quarry Ridge Packaging and will visit after 11pm.",
     "Quarry Ridge Packaging", "organization"),
    ("Referred to Lantern Hill Recovery for outpatient counseling.", "Lantern Hill Recovery", "organization"),
    ("Spoke with Brightwater Home Health re: SN visits 2x/wk.", "Brightwater Home Health", "organization"),
    ("Will follow up with Dr. Anselm Kovacevic at Three Rivers Cardiology.",
     "Three Rivers Cardiology", "organization"),
    ("Pt lives with her daughter Imelda Fontaine in Port Ellery.", "Port Ellery", "place"),
    ("Pt lives with her daughter Imelda Fontaine in Port Ellery.", "Imelda Fontaine", "name"),
    ("Son Desmond Okafor (HCP) updated by phone.", "Desmond Okafor", "name"),
]


@pytest.mark.parametrize("text,span,entity", FOUND)
def test_notes_weights_find_what_notes_name(notes, text, span, entity):
    assert (span, entity) in _taken(notes, text)


@pytest.mark.parametrize("text,span", [
    ("Pt discharged to Harbor Family House shelter on Tuesday, case mgr aware.", "Harbor Family House"),
    ("Referred to Lantern Hill Recovery for outpatient counseling.", "Lantern Hill Recovery"),
    ("Pt lives with her daughter Imelda Fontaine in Port Ellery.", "Port Ellery"),
])
def test_news_weights_missed_them(news, text, span):
    """What the fine-tuning adds: the model's own weights take none of these."""
    assert not any(s == span for s, _ in _taken(news, text))


@pytest.mark.parametrize("text", [
    "Foley draining clear yellow urine, Foley care done.",
    "Hold Lasix for SBP < 90; Coreg 3.125 mg bid continued.",
    "Heels offloaded with Prevalon boots, Mepilex to sacrum.",
    "Seen in the Emergency Department overnight, then admitted to Primary Care.",
])
def test_notes_weights_leave_clinical_words(notes, text):
    assert _taken(notes, text) == set()


def test_weights_resolution():
    bundled = bundled_ner()
    assert (bundled / "model").is_file() and (bundled / "moves").is_file() and (bundled / "cfg").is_file()
    assert ner_weights(None, "default") == bundled
    for name in DEFAULT_MODELS:
        assert ner_weights(name, "default") == bundled
    assert ner_weights("en_core_web_md", "default") is None  # another model keeps its own
    assert ner_weights(None, "none") is None and ner_weights(None, "") is None
    assert ner_weights(None, "/some/folder") == Path("/some/folder")


def test_rules_file_follows_the_weights(notes, news):
    assert notes.rules_file == "spacy_notes.toml" and news.rules_file == "spacy.toml"
    assert notes.uncorroborated == 1.0 and news.uncorroborated == 0.65
    assert load_uncorroborated() == 0.65 and load_uncorroborated(name="spacy_notes.toml") == 1.0
    assert load_label_rules(name="spacy_notes.toml")["ORG"].likelihood >= 0.7 > load_label_rules()["ORG"].likelihood


def test_a_folder_without_weights_is_an_error(tmp_path):
    with pytest.raises(ScrubError, match="E142"):
        load_model(None, tmp_path)


@pytest.mark.parametrize("spans,tags", [
    ([GoldSpan(0, 5, "name"), GoldSpan(15, 22, "phone")], ["U-PERSON", "O", "O", "-", "O"]),
    ([GoldSpan(0, 11, "hospital")], ["B-ORG", "L-ORG", "O", "O", "O"]),
    ([GoldSpan(0, 5, "name"), GoldSpan(0, 11, "organization")], ["-", "-", "O", "O", "O"]),
])
def test_gold_spans_become_tags(spans, tags):
    """Mapped labels become BILUO tags; unmapped or clashing spans are left unscored ("-")."""
    doc = load_model(None, None).make_doc("Maple Grove at 5550142 .")
    assert _tags(doc, spans) == tags


def _run(*args, cwd):
    # run from a folder of its own: from the checkout's root, `python -m scrub` would import the
    # source tree instead of the installed package
    return subprocess.run([sys.executable, "-m", "scrub.cli", *args], capture_output=True, text=True, cwd=cwd)


def test_train_ner_writes_weights_that_load_and_repeat(tmp_path):
    gold = tmp_path / "gold.jsonl"
    docs = [
        {"id": "a", "text": "Pt seen at Willow Bend Clinic today. Daughter Rosalind Pike called.",
         "spans": [{"start": 11, "end": 28, "label": "organization"},
                   {"start": 46, "end": 59, "label": "name"}]},
        {"id": "b", "text": "Transferred from Cobble Hill Manor on 3/14, call 617-555-0100.",
         "spans": [{"start": 17, "end": 34, "label": "location"}, {"start": 38, "end": 42, "label": "date"},
                   {"start": 49, "end": 61, "label": "phone"}]},
    ]
    gold.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    one, two = tmp_path / "w1", tmp_path / "w2"
    for out in (one, two):
        r = _run("train-ner", str(gold), "-o", str(out), "--epochs", "1", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        assert "epoch 1/1" in r.stderr
    assert sorted(p.name for p in one.iterdir()) == ["cfg", "model", "moves"]
    for name in ("cfg", "model", "moves"):
        assert (one / name).read_bytes() == (two / name).read_bytes()  # same gold, seed: same bytes
    r = _run("evaluate", str(gold), "--json", "--ner-weights", str(one), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert 0.0 <= json.loads(r.stdout)["overlap_recall"] <= 1.0


@pytest.mark.parametrize("args,code", [
    (["train-ner", "no-such-gold.jsonl", "-o", "out"], "E150"),
    (["evaluate", "no-such-gold.jsonl", "--ner-weights", "no-such-folder"], "E125"),
    (["train-ner", "gold.jsonl", "-o", "a-file", "--epochs", "0"], "E170"),
    (["train-ner", "gold.jsonl", "-o", "a-file"], "E173"),
])
def test_bad_input_is_one_line(tmp_path, args, code):
    (tmp_path / "gold.jsonl").write_text('{"id": "a", "text": "Seen today.", "spans": []}\n', encoding="utf-8")
    (tmp_path / "a-file").write_text("keep me", encoding="utf-8")
    r = _run(*args, cwd=tmp_path)
    assert r.returncode == 2
    assert code in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()
    assert (tmp_path / "a-file").read_text(encoding="utf-8") == "keep me"  # nothing overwritten
