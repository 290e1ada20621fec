"""Value generalization hierarchies (thesis Figures 26-29): one chain of ever coarser values per
ground value, with suppression `*` as the top, read from ARX's CSV form or built in code.
"""
from __future__ import annotations

import csv
import datetime as _dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from ..errors import ScrubError

SUPPRESSED = "*"


def sniff_delimiter(sample: str, path: str = "<input>") -> str:
    """The delimiter of an ARX-style CSV: the one of `;`, `,`, tab, `|` that splits the first
    line into most fields (ARX writes `;`; spreadsheets often write `,`)."""
    first = sample.splitlines()[0] if sample else ""
    best, count = ";", 0
    for cand in (";", ",", "\t", "|"):
        n = first.count(cand)
        if n > count:
            best, count = cand, n
    return best


@dataclass(frozen=True)
class Hierarchy:
    """A domain generalization hierarchy over explicit ground values (its "leaves").

    `chains[v]` is `(v, level1, ..., *)`: the value at every level, level 0 being the value itself.
    Every chain has the same length; `height` is the top level (suppression), `|DGH|` in the thesis.
    A hierarchy built by a rule (`for_ages`, `for_zip`, `for_dates`) has no leaves until bound to
    the values of a table with `bind(values)`; `generalize` works on any value the rule accepts.
    """

    name: str
    chains: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    rule: Callable[[str], tuple[str, ...]] | None = field(default=None, compare=False)
    levels: int = 0  # number of levels, ground included (height + 1)

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def from_rows(cls, rows: Iterable[Sequence[str]], name: str = "hierarchy",
                  source: str = "<rows>") -> "Hierarchy":
        """From ARX rows `value;level1;...;top`. A top other than `*` gets `*` added above it."""
        chains: dict[str, tuple[str, ...]] = {}
        width = None
        for lineno, row in enumerate(rows, 1):
            cells = [c.strip() for c in row]
            while cells and cells[-1] == "" and len(cells) > 1:
                cells.pop()  # ARX and spreadsheets sometimes end rows with a delimiter
            if not cells or (len(cells) == 1 and cells[0] == ""):
                continue
            if width is None:
                width = len(cells)
            elif len(cells) != width:
                raise ScrubError("E501", f"{source}: line {lineno}: {len(cells)} levels, "
                                          f"expected {width} as on the first line")
            if any(c == "" for c in cells):
                raise ScrubError("E501", f"{source}: line {lineno}: empty cell")
            if cells[0] in chains:
                if tuple(cells) != chains[cells[0]]:
                    raise ScrubError("E502", f"{source}: line {lineno}: value listed twice "
                                              "with different generalizations")
                continue
            chains[cells[0]] = tuple(cells)
        if not chains:
            raise ScrubError("E501", f"{source}: hierarchy is empty")
        tops = {c[-1] for c in chains.values()}
        if width == 1:  # ground values only: suppression is the one generalization
            tops = {"ground"}
        elif len(tops) != 1:
            raise ScrubError("E503", f"{source}: last column has {len(tops)} different values; "
                                      "a hierarchy must end in one top value")
        if tops != {SUPPRESSED}:
            chains = {v: c + (SUPPRESSED,) for v, c in chains.items()}
        # A generalized value must have one parent: otherwise the domains do not form a tree.
        parent: dict[tuple[int, str], str] = {}
        for c in chains.values():
            for lvl in range(1, len(c) - 1):
                key = (lvl, c[lvl])
                if parent.setdefault(key, c[lvl + 1]) != c[lvl + 1]:
                    raise ScrubError("E504", f"{source}: level {lvl} value has two parents at "
                                              f"level {lvl + 1}")
        return cls(name=name, chains=dict(chains), levels=len(next(iter(chains.values()))))

    @classmethod
    def from_csv(cls, path: str | Path, name: str | None = None) -> "Hierarchy":
        """Read ARX's CSV form (one row per ground value, delimiter sniffed)."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            raise ScrubError("E505", f"{path}: hierarchy file not found") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise ScrubError("E505", f"{path}: cannot read hierarchy ({type(exc).__name__})") from None
        delim = sniff_delimiter(text, str(path))
        rows = csv.reader(text.splitlines(), delimiter=delim)
        return cls.from_rows(rows, name=name or path.stem, source=str(path))

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, str | Sequence[str]],
                     name: str = "category") -> "Hierarchy":
        """Categories from a mapping value -> parent, or value -> (parent, grandparent, ...)."""
        rows = []
        for value in mapping:
            up = mapping[value]
            up = (up,) if isinstance(up, str) else tuple(up)
            rows.append((value,) + up)
        return cls.from_rows(rows, name=name, source=f"<mapping {name}>")

    @classmethod
    def from_rule(cls, rule: Callable[[str], tuple[str, ...]], levels: int,
                  name: str) -> "Hierarchy":
        return cls(name=name, rule=rule, levels=levels)

    @classmethod
    def for_integers(cls, widths: Sequence[int] = (5, 10, 20), name: str = "integer",
                     origin: int = 0) -> "Hierarchy":
        """Integers into intervals `lo-hi` of each width (aligned on `origin`), then `*`.

        Widths must each divide the next, so that every interval lies inside one coarser one."""
        widths = tuple(int(w) for w in widths)
        for a, b in zip(widths, widths[1:]):
            if a <= 0 or b % a:
                raise ScrubError("E506", f"<hierarchy {name}>: interval widths {widths} must be "
                                          "positive and each divide the next")

        def rule(value: str) -> tuple[str, ...]:
            try:
                x = int(value.strip())
            except ValueError:
                raise ScrubError("E507", f"<hierarchy {name}>: a value is not an integer") from None
            out = [str(x)]
            for w in widths:
                lo = origin + ((x - origin) // w) * w
                out.append(f"{lo}-{lo + w - 1}")
            return tuple(out) + (SUPPRESSED,)

        return cls.from_rule(rule, len(widths) + 2, name)

    @classmethod
    def for_ages(cls, widths: Sequence[int] = (5, 10, 20), name: str = "age") -> "Hierarchy":
        """Ages in years into bands of each width (0-4, 5-9, ...), then `*`."""
        return cls.for_integers(widths, name=name)

    @classmethod
    def for_zip(cls, digits: int = 5, name: str = "zip") -> "Hierarchy":
        """ZIP codes with one more digit masked from the right at each level (02138, 0213*,
        021**, ...), the last level being `*`, as ARX's ZIP hierarchies."""

        def rule(value: str) -> tuple[str, ...]:
            v = value.strip()
            if len(v) != digits or not v.isdigit():
                raise ScrubError("E507", f"<hierarchy {name}>: a value is not a {digits}-digit code")
            return tuple(v[:digits - i] + "*" * i for i in range(digits)) + (SUPPRESSED,)

        return cls.from_rule(rule, digits + 1, name)

    @classmethod
    def for_dates(cls, fmt: str = "%Y-%m-%d", levels: Sequence[str] = ("month", "year", "decade"),
                  name: str = "date") -> "Hierarchy":
        """Dates day -> month (`YYYY-MM`) -> year (`YYYY`) -> decade (`1960-1969`) -> `*`;
        `levels` picks which of month, year, decade to keep, `fmt` parses the ground value."""
        for lv in levels:
            if lv not in ("month", "year", "decade"):
                raise ScrubError("E506", f"<hierarchy {name}>: unknown date level {lv!r}")

        def rule(value: str) -> tuple[str, ...]:
            try:
                d = _dt.datetime.strptime(value.strip(), fmt).date()
            except ValueError:
                raise ScrubError("E507", f"<hierarchy {name}>: a value is not a date in {fmt}") from None
            out = [value.strip()]
            for lv in levels:
                if lv == "month":
                    out.append(f"{d.year:04d}-{d.month:02d}")
                elif lv == "year":
                    out.append(f"{d.year:04d}")
                else:
                    lo = d.year - d.year % 10
                    out.append(f"{lo}-{lo + 9}")
            return tuple(out) + (SUPPRESSED,)

        return cls.from_rule(rule, len(levels) + 2, name)

    # -- use ----------------------------------------------------------------------------------
    @property
    def height(self) -> int:
        """Top level (the suppressed value), `|DGH_A|` of the precision metric."""
        return self.levels - 1

    @property
    def leaves(self) -> tuple[str, ...]:
        return tuple(self.chains)

    def chain(self, value: str) -> tuple[str, ...]:
        c = self.chains.get(value)
        if c is not None:
            return c
        if self.rule is not None:
            return self.rule(value)
        raise ScrubError("E508", f"hierarchy {self.name}: a value of the column is missing from "
                                  "the hierarchy")

    def generalize(self, value: str, level: int) -> str:
        """The value at `level` (0 = unchanged, `height` = `*`)."""
        if not 0 <= level <= self.height:
            raise ScrubError("E509", f"hierarchy {self.name}: level {level} outside 0..{self.height}")
        return self.chain(value)[level]

    def bind(self, values: Iterable[str]) -> "Hierarchy":
        """An explicit hierarchy over these values (a rule-built one materialized; an explicit one
        unchanged, after checking every value is in it)."""
        if self.rule is None:
            for v in values:
                self.chain(v)
            return self
        chains = {v: self.rule(v) for v in sorted(set(values))}
        return Hierarchy(name=self.name, chains=chains, levels=self.levels)


def load_hierarchies(specs: Sequence[str] = (), directory: str | Path | None = None,
                     dataset: str | None = None, columns: Sequence[str] = ()) -> dict[str, Hierarchy]:
    """Hierarchies for the command line: `COL=FILE` specs, and `<dataset>_hierarchy_<COL>.csv`
    files found by name in `directory` for the columns not given explicitly."""
    out: dict[str, Hierarchy] = {}
    for spec in specs:
        col, sep, file = spec.partition("=")
        if not sep or not col or not file:
            raise ScrubError("E510", f"--hierarchy {spec.split('=')[0]!r}: expected COLUMN=FILE")
        out[col] = Hierarchy.from_csv(file, name=col)
    if directory is not None:
        d = Path(directory)
        if not d.is_dir():
            raise ScrubError("E510", f"{d}: hierarchy folder not found")
        for col in columns:
            if col in out:
                continue
            cands = [d / f"{dataset}_hierarchy_{col}.csv"] if dataset else []
            cands += sorted(d.glob(f"*_hierarchy_{col}.csv"))
            for c in cands:
                if c.is_file():
                    out[col] = Hierarchy.from_csv(c, name=col)
                    break
    return out
