"""Reading and writing collections of documents: the doors of `scrub detect` and `scrub run`.

Inputs are text files, folders of .txt files, '-' for stdin, JSONL (`{"id", "subject"?, "text",
...}` per line) or CSV with a text column. Everything streams: one document in memory at a time.
Errors are ScrubErrors naming the file and the place, never a document's text: E800 no such
input, E801 a folder without .txt files, E802 bytes not in the encoding (with the byte offset),
E803 a line that is not JSON, E804 a JSONL line that is not an object or has no text field, E805
a missing field or column (text, id, subject) or an empty CSV, E806 unknown encoding, E807
permission denied, E809 malformed CSV, E810 a text field that is not a string.
"""
from __future__ import annotations

import codecs
import csv
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Iterable, Iterator

from .errors import ScrubError

#: suffixes read as JSONL and as CSV; every other file is one text document
JSONL_SUFFIXES = (".jsonl", ".ndjson")
CSV_SUFFIXES = (".csv", ".tsv")
TEXT_SUFFIXES = (".txt",)

# A CSV text column can hold a whole letter; the csv module's 128 KiB default would refuse it.
csv.field_size_limit(min(sys.maxsize, 2**31 - 1))


@dataclass(frozen=True)
class InputDocument:
    """One document read from an input, with what is needed to write it back in the same form.

    `id`: the file's path for text files, the `id` field (or column) for JSONL/CSV, else
    `path:line`. `extra`: for JSONL the fields other than the text, for CSV the row's other
    columns, in input order (they pass through untouched). `source`: the file read ('-' for
    stdin). `kind`: 'text', 'jsonl' or 'csv'. `relpath`: for a file found in a folder, its path
    relative to that folder (a folder run writes it there). `line`: 1-based line (JSONL) or row
    (CSV) number, 0 for text files. `fields`: the record's keys in input order.
    """

    id: str
    text: str
    subject: str | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    source: str = ""
    kind: str = "text"
    relpath: str = ""
    line: int = 0
    fields: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReadFailure:
    """A document that could not be read (bad bytes, a bad JSON line), yielded in its place by
    `iter_documents(..., errors="yield")` so a corpus run can report it and go on."""

    id: str
    error: ScrubError
    source: str = ""
    kind: str = "text"
    relpath: str = ""
    line: int = 0


@dataclass(frozen=True)
class InputSpec:
    """What an INPUT argument is: 'text', 'folder', 'stdin', 'jsonl' or 'csv'."""

    path: str
    kind: str


def classify_input(path: str) -> InputSpec:
    """Say what kind of input `path` is; missing paths are an error (E800)."""
    if path == "-":
        return InputSpec(path, "stdin")
    p = Path(path)
    if p.is_dir():
        return InputSpec(path, "folder")
    if not p.exists():
        raise ScrubError("E800", f"{path}: no such file or folder")
    suffix = p.suffix.lower()
    if suffix in JSONL_SUFFIXES:
        return InputSpec(path, "jsonl")
    if suffix in CSV_SUFFIXES:
        return InputSpec(path, "csv")
    return InputSpec(path, "text")


def folder_files(folder: str | Path) -> list[Path]:
    """The .txt files under `folder`, recursively, sorted by relative path (E801 if none)."""
    root = Path(folder)
    files = sorted((p for p in root.rglob("*") if p.is_file() and p.suffix.lower() in TEXT_SUFFIXES
                    and not any(part.startswith(".") for part in p.relative_to(root).parts)),
                   key=lambda p: p.relative_to(root).as_posix())
    if not files:
        raise ScrubError("E801", f"{folder}: folder holds no .txt files")
    return files


def check_encoding(encoding: str) -> str:
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        raise ScrubError("E806", f"unknown encoding {encoding!r}") from None


def _ascii_compatible(encoding: str) -> bool:
    """True when newline bytes mean newline, so lines can be split before decoding."""
    try:
        return "\n{}\",".encode(encoding) == b"\n{}\","
    except (UnicodeError, LookupError):
        return False


def _decode_error(path: str, offset: int, encoding: str) -> ScrubError:
    hint = "; try --encoding latin-1 (or the file's real encoding)" if encoding.replace(
        "-", "").replace("_", "").lower() in ("utf8", "utf8sig") else "; try another --encoding"
    return ScrubError("E802", f"{path}: not valid {encoding} at byte {offset}{hint}")


def read_text_file(path: str | Path, encoding: str = "utf-8", *, label: str | None = None) -> str:
    """A whole text file, decoded strictly (E802 names the byte offset of the first bad byte)."""
    name = label or str(path)
    try:
        data = Path(path).read_bytes() if str(path) != "-" else sys.stdin.buffer.read()
    except FileNotFoundError:
        raise ScrubError("E800", f"{name}: no such file or folder") from None
    except IsADirectoryError:
        raise ScrubError("E800", f"{name}: is a folder") from None
    except PermissionError:
        raise ScrubError("E807", f"{name}: permission denied") from None
    return decode_bytes(data, name, encoding)


def decode_bytes(data: bytes, name: str, encoding: str = "utf-8", base: int = 0) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise _decode_error(name, base + exc.start, encoding) from None


def _decoded_lines(fh: BinaryIO, name: str, encoding: str, soft: bool = False
                   ) -> Iterator[tuple[int, str | ScrubError]]:
    """(1-based line number, decoded line with its newline), decoding strictly line by line so a
    bad byte is reported at its offset in the file without reading the file whole. With `soft`
    a line with a bad byte yields its ScrubError in place of the text and reading goes on."""
    if _ascii_compatible(encoding):
        offset = 0
        for lineno, raw in enumerate(fh, 1):
            try:
                yield lineno, decode_bytes(raw, name, encoding, offset)
            except ScrubError as exc:
                if not soft:
                    raise
                yield lineno, exc
            offset += len(raw)
        return
    # UTF-16 and the like: newline is not one byte, so decode as a stream (offset is approximate:
    # the start of the chunk holding the bad byte).
    decoder = codecs.getincrementaldecoder(encoding)("strict")
    offset, lineno, pending = 0, 0, ""
    while True:
        chunk = fh.read(1 << 16)
        try:
            pending += decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError as exc:
            raise _decode_error(name, offset + max(exc.start, 0), encoding) from None
        offset += len(chunk)
        *lines, pending = pending.split("\n")
        for line in lines:
            lineno += 1
            yield lineno, line + "\n"
        if not chunk:
            break
    if pending:
        yield lineno + 1, pending


def _open_binary(path: str) -> BinaryIO:
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise ScrubError("E800", f"{path}: no such file or folder") from None
    except PermissionError:
        raise ScrubError("E807", f"{path}: permission denied") from None


def iter_jsonl(path: str, *, encoding: str = "utf-8", text_column: str | None = None,
               id_column: str | None = None, subject_column: str | None = None,
               errors: str = "raise") -> Iterator[InputDocument | ReadFailure]:
    """Documents of a JSONL file: one object per line; blank lines are skipped. With
    errors="yield" a line that is not JSON, not an object or has no text gives a ReadFailure
    (id `path:line`) instead of stopping the run."""
    for item in _iter_jsonl(path, encoding, text_column, id_column, subject_column):
        if isinstance(item, ReadFailure) and errors == "raise":
            raise item.error
        yield item


def _iter_jsonl(path: str, encoding: str, text_column: str | None, id_column: str | None,
                subject_column: str | None) -> Iterator[InputDocument | ReadFailure]:
    text_key = text_column or "text"
    id_key = id_column or "id"
    subject_key = subject_column or "subject"
    fh = _open_binary(path)
    try:
        for lineno, line in _decoded_lines(fh, path, encoding, soft=True):
            if isinstance(line, ScrubError):
                yield ReadFailure(f"{path}:{lineno}", line, path, "jsonl", line=lineno)
                continue
            if not line.strip():
                continue
            try:
                yield _jsonl_doc(path, lineno, line, text_key, id_key, subject_key, text_column,
                                 id_column, subject_column)
            except ScrubError as exc:
                yield ReadFailure(f"{path}:{lineno}", exc, path, "jsonl", line=lineno)
    finally:
        if fh is not sys.stdin.buffer:
            fh.close()


def _jsonl_doc(path: str, lineno: int, line: str, text_key: str, id_key: str, subject_key: str,
               text_column: str | None, id_column: str | None,
               subject_column: str | None) -> InputDocument:
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ScrubError("E803", f"{path}:{lineno}: not valid JSON "
                                 f"({exc.msg} at column {exc.colno})") from None
    if not isinstance(obj, dict):
        raise ScrubError("E804", f"{path}:{lineno}: a JSONL line must be an object")
    if text_key not in obj:
        raise ScrubError("E804", f"{path}:{lineno}: no {text_key!r} field"
                         + ("" if text_column else "; name it with --text-column"))
    text = obj[text_key]
    if text is None:
        text = ""
    if not isinstance(text, str):
        raise ScrubError("E810", f"{path}:{lineno}: field {text_key!r} is not a string")
    if id_column and id_key not in obj:
        raise ScrubError("E805", f"{path}:{lineno}: no {id_key!r} field (--id-column)")
    if subject_column and subject_key not in obj:
        raise ScrubError("E805", f"{path}:{lineno}: no {subject_key!r} field "
                                 f"(--subject-column)")
    doc_id = obj.get(id_key)
    subject = obj.get(subject_key)
    extra = {k: v for k, v in obj.items() if k != text_key}
    return InputDocument(
        id=f"{path}:{lineno}" if doc_id is None else str(doc_id),
        text=text, subject=None if subject is None else str(subject),
        extra=extra, source=path, kind="jsonl", line=lineno, fields=tuple(obj))


@dataclass(frozen=True)
class CsvDialect:
    """What it takes to write a CSV back as it came: delimiter and line ending."""

    delimiter: str = ","
    lineterminator: str = "\r\n"


def sniff_csv(path: str, first_line: str) -> CsvDialect:
    ending = "\r\n" if first_line.endswith("\r\n") else "\n"
    if path.lower().endswith(".tsv"):
        return CsvDialect("\t", ending)
    # the header line decides: the most frequent of the usual delimiters outside quotes
    counts = {d: first_line.count(d) for d in (",", ";", "\t", "|")}
    best = max(counts, key=lambda d: (counts[d], d == ","))
    return CsvDialect(best if counts[best] else ",", ending)


def iter_csv(path: str, *, encoding: str = "utf-8", text_column: str | None = None,
             id_column: str | None = None, subject_column: str | None = None,
             dialect_out: list | None = None) -> Iterator[InputDocument]:
    """Documents of a CSV file: the header names the columns; `text_column` (default 'text')
    holds the document, `id_column` (default 'id' if present, else the row number) and
    `subject_column` (default 'subject' if present)."""
    fh = _open_binary(path)
    try:
        lines = _decoded_lines(fh, path, encoding)
        row_line = [0]

        def texts() -> Iterator[str]:
            for lineno, line in lines:
                row_line[0] = lineno
                yield line  # type: ignore[misc] - strict decoding: never an error here

        stream = texts()
        first = next(stream, None)
        if first is None:
            raise ScrubError("E805", f"{path}: empty CSV file (no header)")
        if first.startswith("\ufeff"):
            first = first[1:]
        dialect = sniff_csv(path, first)
        if dialect_out is not None:
            dialect_out.append(dialect)

        def chained() -> Iterator[str]:
            yield first
            yield from stream

        reader = csv.reader(chained(), delimiter=dialect.delimiter, strict=False)
        try:
            header = next(reader)
        except csv.Error as exc:
            raise ScrubError("E809", f"{path}:1: malformed CSV header ({exc})") from None
        text_key = text_column or "text"
        if text_key not in header:
            raise ScrubError("E805", f"{path}: no column {text_key!r}"
                             + ("" if text_column else "; name the text column with --text-column"))
        for opt, flag in ((id_column, "--id-column"), (subject_column, "--subject-column")):
            if opt and opt not in header:
                raise ScrubError("E805", f"{path}: no column {opt!r} ({flag})")
        id_key = id_column or ("id" if "id" in header else None)
        subject_key = subject_column or ("subject" if "subject" in header else None)
        ti = header.index(text_key)
        ii = header.index(id_key) if id_key else None
        si = header.index(subject_key) if subject_key else None
        if len(set(header)) != len(header):
            raise ScrubError("E809", f"{path}:1: duplicate column names in the header")
        rowno = 0
        while True:
            try:
                row = next(reader)
            except StopIteration:
                break
            except csv.Error as exc:
                raise ScrubError("E809", f"{path}:{row_line[0]}: malformed CSV ({exc})") from None
            rowno += 1
            if not row:
                continue
            if len(row) != len(header):
                raise ScrubError("E809", f"{path}:{row_line[0]}: row has {len(row)} fields, "
                                         f"the header {len(header)}")
            extra = {k: v for k, v in zip(header, row) if k != text_key}
            yield InputDocument(
                id=row[ii] if ii is not None else f"{path}:{rowno}",
                text=row[ti], subject=(row[si] or None) if si is not None else None,
                extra=extra, source=path, kind="csv", line=rowno, fields=tuple(header))
    finally:
        if fh is not sys.stdin.buffer:
            fh.close()


def iter_documents(inputs: Iterable[str], *, encoding: str = "utf-8",
                   text_column: str | None = None, id_column: str | None = None,
                   subject_column: str | None = None, errors: str = "raise"
                   ) -> Iterator[InputDocument | ReadFailure]:
    """Every document of every input, in order, one at a time.

    A text file is one document (id = its path); a folder gives its .txt files, sorted,
    recursively; '-' is stdin as one text document (id '-'); .jsonl/.ndjson and .csv/.tsv files
    give one document per line or row. Every input is checked to exist before the first document
    is read, so a typo in the last argument fails before any work is done.

    errors="raise" (the default) stops at the first unreadable document with its ScrubError;
    errors="yield" yields a ReadFailure in its place (a text file with bad bytes, a bad JSONL
    line) and goes on. Missing inputs and malformed CSV always raise.
    """
    encoding = check_encoding(encoding)
    specs = [classify_input(str(p)) for p in inputs]
    for spec in specs:
        if spec.kind == "folder":
            folder_files(spec.path)  # E801 early
    for spec in specs:
        if spec.kind == "stdin":
            yield InputDocument("-", read_text_file("-", encoding, label="<stdin>"),
                                source="-", kind="text", relpath="stdin.txt")
        elif spec.kind in ("text", "folder"):
            root = Path(spec.path)
            files = [(root, root.name)] if spec.kind == "text" else [
                (f, f.relative_to(root).as_posix()) for f in folder_files(root)]
            for f, rel in files:
                try:
                    text = read_text_file(f, encoding)
                except ScrubError as exc:
                    if errors == "raise" or exc.code == "E800":
                        raise
                    yield ReadFailure(str(f), exc, str(f), "text", rel)
                    continue
                yield InputDocument(str(f), text, source=str(f), kind="text", relpath=rel)
        elif spec.kind == "jsonl":
            yield from iter_jsonl(spec.path, encoding=encoding, text_column=text_column,
                                  id_column=id_column, subject_column=subject_column,
                                  errors=errors)
        else:
            yield from iter_csv(spec.path, encoding=encoding, text_column=text_column,
                                id_column=id_column, subject_column=subject_column)


# ---------------------------------------------------------------------------------- writing

def jsonl_record(doc: InputDocument, text: str, text_key: str = "text",
                 overrides: dict[str, Any] | None = None) -> str:
    """The JSONL line for `doc` with its text replaced (and the fields in `overrides`); other
    fields untouched, in input order."""
    if doc.kind == "jsonl" and doc.fields:
        extra = doc.extra if not overrides else {**doc.extra, **overrides}
        obj = {k: (text if k == text_key else extra.get(k)) for k in doc.fields}
    else:
        obj = {"id": doc.id}
        if doc.subject is not None:
            obj["subject"] = doc.subject
        obj.update({k: v for k, v in doc.extra.items() if k not in ("id", "subject")})
        obj[text_key] = text
    return json.dumps(obj, ensure_ascii=False) + "\n"


def csv_header(fields: Iterable[str], dialect: CsvDialect) -> str:
    return _csv_line(list(fields), dialect)


def csv_record(doc: InputDocument, text: str, text_key: str, dialect: CsvDialect,
               overrides: dict[str, str] | None = None) -> str:
    """The CSV row for `doc` with its text column (and the columns in `overrides`) replaced;
    other columns untouched."""
    extra = doc.extra if not overrides else {**doc.extra, **overrides}
    return _csv_line([text if k == text_key else extra.get(k, "") for k in doc.fields], dialect)


class _LineBuffer:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, s: str) -> int:
        self.parts.append(s)
        return len(s)


def _csv_line(values: list[str], dialect: CsvDialect) -> str:
    buf = _LineBuffer()
    csv.writer(buf, delimiter=dialect.delimiter, lineterminator=dialect.lineterminator).writerow(values)
    return "".join(buf.parts)


def atomic_write_text(path: str | Path, text: str, encoding: str = "utf-8") -> None:
    """Write a whole file under a temporary name, fsync, and move it into place."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding=encoding, newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            tmp.unlink()


def csv_layout(path: str, encoding: str = "utf-8") -> tuple[tuple[str, ...], CsvDialect]:
    """The header and dialect of a CSV file, read from its first line (for writing it back)."""
    fh = _open_binary(path)
    try:
        first = next(_decoded_lines(fh, path, encoding), None)
    finally:
        if fh is not sys.stdin.buffer:
            fh.close()
    if first is None:
        raise ScrubError("E805", f"{path}: empty CSV file (no header)")
    line = first[1].lstrip("\ufeff")  # type: ignore[union-attr]
    dialect = sniff_csv(path, line)
    header = next(csv.reader([line], delimiter=dialect.delimiter))
    return tuple(header), dialect
