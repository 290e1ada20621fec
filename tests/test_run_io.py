"""scrub.io: every input form read as documents, written back in the same form, and every bad input
refused with one coded line that names the place and never the text."""
from __future__ import annotations

import json

import pytest

from scrub.errors import ScrubError
from scrub.io import (CsvDialect, ReadFailure, csv_header, csv_layout, csv_record, iter_documents,
                      jsonl_record)

SECRET = "Virginia Townsend"


def _write(path, data: bytes):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def test_folder_is_read_recursively_in_sorted_order(tmp_path):
    """A folder gives its .txt files, sorted by relative path, recursively; other files and
    hidden folders are skipped; the id is the path and relpath the place under the folder."""
    _write(tmp_path / "f" / "b.txt", b"second")
    _write(tmp_path / "f" / "a" / "z.txt", b"first")
    _write(tmp_path / "f" / "notes.md", b"skipped")
    _write(tmp_path / "f" / ".hidden" / "x.txt", b"skipped")
    docs = list(iter_documents([str(tmp_path / "f")]))
    assert [d.relpath for d in docs] == ["a/z.txt", "b.txt"]
    assert [d.text for d in docs] == ["first", "second"]
    assert docs[0].id == str(tmp_path / "f" / "a" / "z.txt")


def test_jsonl_fields_pass_through_in_order(tmp_path):
    """JSONL keeps id, subject and every other field, in input order, with only the text
    replaced on the way out; numbers stay numbers."""
    p = _write(tmp_path / "d.jsonl", (json.dumps(
        {"n": 1.5, "id": 7, "text": SECRET, "subject": "s1", "tags": ["a"]}) + "\n\n").encode())
    (doc,) = list(iter_documents([str(p)]))
    assert (doc.id, doc.subject, doc.text) == ("7", "s1", SECRET)
    out = json.loads(jsonl_record(doc, "X"))
    assert list(out) == ["n", "id", "text", "subject", "tags"]
    assert out == {"n": 1.5, "id": 7, "text": "X", "subject": "s1", "tags": ["a"]}


def test_csv_round_trip_keeps_columns_dialect_and_multiline_cells(tmp_path):
    """A CSV with a multi-line quoted text cell and ';' delimiter comes back with the same
    header, delimiter and line ending, only the text column changed."""
    p = _write(tmp_path / "d.csv", b'id;note;site\r\n1;"line one\r\nline ""two""";A\r\n2;;B\r\n')
    docs = list(iter_documents([str(p)], text_column="note"))
    assert [d.text for d in docs] == ['line one\r\nline "two"', ""]
    header, dialect = csv_layout(str(p))
    assert header == ("id", "note", "site") and dialect == CsvDialect(";", "\r\n")
    out = csv_header(header, dialect) + "".join(csv_record(d, "R;1", "note", dialect) for d in docs)
    assert out == 'id;note;site\r\n1;"R;1";A\r\n2;"R;1";B\r\n'


@pytest.mark.parametrize("name, data, kwargs, code, place", [
    ("missing.txt", None, {}, "E800", "missing.txt"),
    ("bad.txt", b"ok \xff\xfe", {}, "E802", "byte 3"),
    ("bad.jsonl", b'{"id": 1, "text": "a"}\n{"id": 2, "text": \n', {}, "E803", "bad.jsonl:2"),
    ("notext.jsonl", b'{"id": 1, "body": "a"}\n', {}, "E804", "notext.jsonl:1"),
    ("nocol.csv", b"id,body\n1,x\n", {}, "E805", "--text-column"),
    ("ragged.csv", b"id,text\n1,x,y\n", {}, "E809", "ragged.csv:2"),
])
def test_bad_input_is_one_coded_line_without_text(tmp_path, name, data, kwargs, code, place):
    """Missing files, bad bytes (with their offset and an --encoding hint), bad JSON lines,
    missing text fields or columns and ragged CSV rows raise their code, naming the place."""
    p = tmp_path / name
    if data is not None:
        p.write_bytes(data)
    with pytest.raises(ScrubError) as err:
        list(iter_documents([str(p)], **kwargs))
    msg = str(err.value)
    assert err.value.code == code and place in msg and "\n" not in msg
    if code == "E802":
        assert "--encoding" in msg


def test_empty_folder_and_empty_document(tmp_path):
    """A folder without text is an error (E801); an empty document is not."""
    (tmp_path / "empty").mkdir()
    with pytest.raises(ScrubError) as err:
        list(iter_documents([str(tmp_path / "empty")]))
    assert err.value.code == "E801"
    p = _write(tmp_path / "e.txt", b"")
    assert [d.text for d in iter_documents([str(p)])] == [""]


def test_errors_yield_keeps_reading_and_never_quotes_text(tmp_path):
    """With errors='yield' a bad JSONL line and an undecodable file become ReadFailures in
    their place and the documents after them are still read."""
    p = _write(tmp_path / "d.jsonl", (json.dumps({"id": "a", "text": SECRET}) + "\n{oops " + SECRET
                                      + "\n" + json.dumps({"id": "c", "text": "ok"}) + "\n").encode())
    _write(tmp_path / "f" / "1.txt", SECRET.encode("latin-1") + b"\xe9")
    _write(tmp_path / "f" / "2.txt", b"fine")
    items = list(iter_documents([str(p), str(tmp_path / "f")], errors="yield"))
    kinds = [type(i).__name__ for i in items]
    assert kinds == ["InputDocument", "ReadFailure", "InputDocument", "ReadFailure", "InputDocument"]
    failures = [i for i in items if isinstance(i, ReadFailure)]
    assert [f.error.code for f in failures] == ["E803", "E802"]
    assert all(SECRET not in str(f.error) for f in failures)


def test_other_encodings_are_read_when_named(tmp_path):
    """--encoding latin-1 reads bytes UTF-8 refuses; UTF-16 JSONL is read line by line."""
    p = _write(tmp_path / "l.txt", "café".encode("latin-1"))
    assert [d.text for d in iter_documents([str(p)], encoding="latin-1")] == ["café"]
    q = tmp_path / "u.jsonl"
    q.write_text('{"id": 1, "text": "é"}\n{"id": 2, "text": "b"}\n', encoding="utf-16")
    assert [d.text for d in iter_documents([str(q)], encoding="utf-16")] == ["é", "b"]
    with pytest.raises(ScrubError) as err:
        list(iter_documents([str(p)], encoding="no-such-codec"))
    assert err.value.code == "E806"
