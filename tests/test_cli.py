"""The command line as a user meets it: inputs, outputs, and one-line errors that never quote text."""
import json
import subprocess
import sys

import pytest

from scrub.cli import main

FAST = ["--detectors", "phones,dates", "--no-spacy"]


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_detect_text_file_folder_and_jsonl(tmp_path, capsys):
    """A file's id is its path; a folder yields each .txt; JSONL keeps its ids."""
    (tmp_path / "notes").mkdir()
    a = tmp_path / "notes" / "a.txt"
    a.write_text("Call 555-867-5309 on 3/14/2024.")
    (tmp_path / "notes" / "b.txt").write_text("Nothing here.")
    code, out, _ = _run(capsys, "detect", str(a), *FAST)
    assert code == 0
    rec = json.loads(out)
    assert rec["id"] == str(a)
    assert {f["entity"] for f in rec["findings"]} == {"phone", "date"}
    code, out, _ = _run(capsys, "detect", str(tmp_path / "notes"), *FAST)
    assert [json.loads(l)["id"].endswith(n) for l, n in zip(out.splitlines(), ["a.txt", "b.txt"])] == [True, True]
    j = tmp_path / "d.jsonl"
    j.write_text(json.dumps({"id": "n1", "text": "Fax 555-867-5309"}) + "\n")
    out_file = tmp_path / "f.jsonl"
    code, _, _ = _run(capsys, "detect", str(j), "-o", str(out_file), *FAST)
    assert code == 0 and json.loads(out_file.read_text())["id"] == "n1"


@pytest.mark.parametrize("setup, code_expected", [
    ("missing", "E80"), ("empty_folder", "E80"), ("latin1", "E80"), ("bad_json", "E80"),
])
def test_bad_input_is_one_line_without_text(tmp_path, capsys, setup, code_expected):
    """Missing file, a folder with no text, non-UTF-8 bytes, broken JSON: one line, exit 2, no text."""
    secret = "Townsend"
    if setup == "missing":
        target = tmp_path / "nope.txt"
    elif setup == "empty_folder":
        target = tmp_path / "empty"
        target.mkdir()
    elif setup == "latin1":
        target = tmp_path / "x.txt"
        target.write_bytes(f"{secret} caf\xe9 ".encode("latin-1"))
    else:
        target = tmp_path / "x.jsonl"
        target.write_text(json.dumps({"id": "1", "text": secret}) + "\n{" + secret + "\n")
    code, out, err = _run(capsys, "detect", str(target), *FAST)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and f"[{code_expected}" in lines[0] and str(target.name) in lines[0]
    assert secret not in err
    if setup == "latin1":
        assert "byte 12" in lines[0] and "--encoding" in lines[0]  # 0-based offset of the bad byte
        code, out, _ = _run(capsys, "detect", str(target), "--encoding", "latin-1", *FAST)
        assert code == 0


def test_empty_document_is_no_error(tmp_path, capsys):
    """An empty file gives a record with no findings."""
    p = tmp_path / "e.txt"
    p.write_text("")
    code, out, _ = _run(capsys, "detect", str(p), *FAST)
    assert code == 0 and json.loads(out)["findings"] == []


def test_evaluate_json_keys(data_dir, capsys):
    """--json prints the documented keys."""
    code, out, _ = _run(capsys, "evaluate", str(data_dir / "deidgate-seed.jsonl"), "--json", *FAST)
    res = json.loads(out)
    assert code == 0
    for key in ("overlap_recall", "full_recall", "char_leak", "overlap_precision", "per_label", "per_detector"):
        assert key in res
    assert 0 < res["overlap_recall"] <= 1


def test_stdin_and_installed_entry_point(tmp_path):
    """The installed package's command line reads '-' from stdin (run outside the checkout,
    so the installed package is what answers)."""
    p = subprocess.run([sys.executable, "-m", "scrub.cli", "detect", "-", *FAST], cwd=str(tmp_path),
                       input="Phone: 255-1423", capture_output=True, text=True, check=True)
    assert json.loads(p.stdout)["findings"][0]["entity"] == "phone"
