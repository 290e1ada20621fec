"""Tables as the tabular module sees them: a header and rows of strings, read from CSV (delimiter
sniffed), a pandas DataFrame, dict rows or lists with a header; every other module takes a `Table`.
"""
from __future__ import annotations

import csv
import io
import os
import tempfile
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..errors import ScrubError
from .hierarchy import sniff_delimiter


@dataclass(frozen=True)
class Table:
    """A header and rows of strings; `source` names where it came from, for error messages."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    source: str = "<table>"

    def __len__(self) -> int:
        return len(self.rows)

    def index(self, column: str) -> int:
        try:
            return self.columns.index(column)
        except ValueError:
            raise ScrubError("E511", f"{self.source}: no column {column!r} (quasi-identifier or "
                                      "hierarchy names a column the table lacks)") from None

    @cached_property
    def _columns_data(self) -> list[tuple[str, ...]]:
        # One transpose in C for all columns; a frozen dataclass still has a __dict__ to cache in.
        if not self.rows:
            return [() for _ in self.columns]
        return list(zip(*self.rows))

    def column(self, column: str) -> tuple[str, ...]:
        return self._columns_data[self.index(column)]

    def check_columns(self, columns: Sequence[str]) -> None:
        for c in columns:
            self.index(c)


def read_csv(path: str | Path) -> Table:
    """A CSV file with a header line; the delimiter is sniffed; a row with the wrong number of
    cells is an error naming its line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ScrubError("E512", f"{path}: file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScrubError("E512", f"{path}: cannot read ({type(exc).__name__})") from None
    delim = sniff_delimiter(text)
    if '"' not in text and "\r" not in text:
        # No quoting anywhere: plain splitting is the same parse, several times faster.
        reader = iter([ln.split(delim) for ln in text.split("\n") if ln])
    else:
        reader = csv.reader(io.StringIO(text), delimiter=delim)
    try:
        header = next(reader)
    except StopIteration:
        raise ScrubError("E513", f"{path}: empty file, no header") from None
    header = tuple(h.strip() for h in header)
    if len(set(header)) != len(header):
        raise ScrubError("E513", f"{path}: line 1: duplicate column names")
    width = len(header)
    rows = [tuple(r) for r in reader]
    if any(len(r) != width for r in rows):
        # Slow path, only on bad or blank lines: skip blanks, name the first ragged line.
        reader = csv.reader(io.StringIO(text), delimiter=delim)
        next(reader)
        rows = []
        for row in reader:
            if not row or (len(row) == 1 and not row[0].strip()):
                continue
            if len(row) != width:
                raise ScrubError("E514", f"{path}: line {reader.line_num}: {len(row)} cells, "
                                          f"header has {width}")
            rows.append(tuple(row))
    return Table(header, tuple(rows), str(path))


def to_table(data: Any, columns: Sequence[str] | None = None, source: str = "<table>") -> Table:
    """A `Table` from a Table, a pandas DataFrame, a list of dicts, or a list of lists whose first
    row is the header (or with `columns` given)."""
    if isinstance(data, Table):
        return data
    if hasattr(data, "columns") and hasattr(data, "itertuples"):  # pandas, without importing it
        cols = tuple(str(c) for c in data.columns)
        rows = tuple(tuple("" if v is None else str(v) for v in r)
                     for r in data.itertuples(index=False, name=None))
        return Table(cols, rows, source)
    rows = list(data)
    if rows and isinstance(rows[0], dict):
        cols = tuple(columns) if columns else tuple(rows[0])
        return Table(cols, tuple(tuple(str(r[c]) for c in cols) for r in rows), source)
    if columns is None:
        if not rows:
            raise ScrubError("E513", f"{source}: no header")
        columns, rows = rows[0], rows[1:]
    cols = tuple(str(c) for c in columns)
    for i, r in enumerate(rows, 1):
        if len(r) != len(cols):
            raise ScrubError("E514", f"{source}: row {i}: {len(r)} cells, header has {len(cols)}")
    return Table(cols, tuple(tuple(str(v) for v in r) for r in rows), source)


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[str]], delimiter: str = ";") -> str:
    """A CSV document: plain joins when no cell needs quoting (fast), the csv module otherwise."""
    rows = rows if isinstance(rows, (list, tuple)) else list(rows)
    lines = [delimiter.join(columns)] + [delimiter.join(r) for r in rows]
    text = "\n".join(lines)
    if any(ch in text for ch in ('"', "\r")) or any(
            "\n" in c or c.count(delimiter) != len(columns) - 1 for c in lines):
        buf = io.StringIO()
        w = csv.writer(buf, delimiter=delimiter, lineterminator="\n")
        w.writerow(columns)
        w.writerows(rows)
        return buf.getvalue()
    return text + "\n"


def write_atomic(files: Sequence[tuple[str | Path, str]]) -> None:
    """Write every (path, text) to a temporary file beside it, then move them all into place:
    if any write fails, none of the outputs appears (and no temporary file stays)."""
    temps: list[tuple[str, Path]] = []
    try:
        for path, text in files:
            path = Path(path)
            try:
                fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                           dir=path.parent if str(path.parent) else ".")
            except OSError as exc:
                raise ScrubError("E533", f"{path}: cannot write ({type(exc).__name__})") from None
            temps.append((tmp, path))
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
                fh.write(text)
        for tmp, path in temps:
            os.replace(tmp, path)
        temps = []
    except OSError as exc:
        raise ScrubError("E533", f"cannot write output ({type(exc).__name__})") from None
    finally:
        for tmp, _ in temps:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def write_csv_atomic(path: str | Path, columns: Sequence[str], rows: Iterable[Sequence[str]],
                     delimiter: str = ";") -> None:
    """Write a CSV to a temporary file beside `path`, then move it into place."""
    write_atomic([(path, csv_text(columns, rows, delimiter))])


def write_text_atomic(path: str | Path, text: str) -> None:
    write_atomic([(path, text)])
