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


def write_csv_atomic(path: str | Path, columns: Sequence[str], rows: Iterable[Sequence[str]],
                     delimiter: str = ";") -> None:
    """Write to a temporary file beside `path`, then move it into place: no partial output."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        rows = rows if isinstance(rows, (list, tuple)) else list(rows)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            lines = [delimiter.join(columns)] + [delimiter.join(r) for r in rows]
            text = "\n".join(lines)
            if any(ch in text for ch in ('"', "\r")) or any(
                    "\n" in c or c.count(delimiter) != len(columns) - 1 for c in lines):
                # Some cell needs quoting: let the csv module do it.
                w = csv.writer(fh, delimiter=delimiter, lineterminator="\n")
                w.writerow(columns)
                w.writerows(rows)
            else:
                fh.write(text + "\n")
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_text_atomic(path: str | Path, text: str) -> None:
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
