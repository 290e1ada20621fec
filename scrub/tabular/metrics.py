"""Measurement as pure, validated functions over tables (pycanon's habit): equivalence classes,
k-anonymity, sample uniques, the thesis's precision Prec and Prec_w (5.4), ARX's loss,
discernibility and average class size. Transformation lives in `search`; nothing here changes data.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

import numpy as np

from ..errors import ScrubError
from .encoding import geometric
from .hierarchy import SUPPRESSED, Hierarchy
from .table import to_table


def _qi_tuples(table: Any, qi: Sequence[str]) -> list[tuple[str, ...]]:
    t = to_table(table)
    if not qi:
        raise ScrubError("E515", f"{t.source}: empty quasi-identifier")
    idx = [t.index(a) for a in qi]
    return [tuple(r[i] for i in idx) for r in t.rows]


def equivalence_classes(table: Any, qi: Sequence[str]) -> list[tuple[tuple[str, ...], int]]:
    """Each distinct combination of quasi-identifier values with its number of records, sorted
    by the values."""
    return sorted(Counter(_qi_tuples(table, qi)).items())


def class_sizes(table: Any, qi: Sequence[str]) -> list[int]:
    return [n for _, n in equivalence_classes(table, qi)]


def _is_suppressed(values: tuple[str, ...]) -> bool:
    return all(v == SUPPRESSED for v in values)


def k_anonymity(table: Any, qi: Sequence[str], ignore_suppressed: bool = False) -> int:
    """The k the table satisfies: the size of its smallest equivalence class. With
    `ignore_suppressed`, records whose every QI cell is `*` are left out (ARX counts suppressed
    records apart; the thesis's Datafly makes them a class of at least k)."""
    sizes = [n for v, n in equivalence_classes(table, qi)
             if not (ignore_suppressed and _is_suppressed(v))]
    if not sizes:
        raise ScrubError("E540", f"{to_table(table).source}: no records to measure")
    return min(sizes)


def sample_uniques(table: Any, qi: Sequence[str]) -> int:
    """Records alone in their equivalence class."""
    return sum(1 for _, n in equivalence_classes(table, qi) if n == 1)


def precision(levels: Sequence[int], heights: Sequence[int], n_records: int,
              n_suppressed: int = 0, weights: Sequence[float] | None = None) -> float:
    """The thesis's Prec (5.4) at the attribute level: 1 - sum over cells of h/|DGH_A| over
    |RT| |N_A|, every cell of a suppressed record counting h = |DGH_A|; with `weights`, one weight
    per attribute, the weighted Prec_w."""
    if len(levels) != len(heights):
        raise ScrubError("E544", "precision: one level and one hierarchy height per attribute")
    if n_records <= 0:
        raise ScrubError("E540", "precision: no records")
    w = [1.0] * len(levels) if weights is None else list(weights)
    total = 0.0
    for lvl, h, wi in zip(levels, heights, w):
        if not 0 <= lvl <= h:
            raise ScrubError("E544", f"precision: level {lvl} outside 0..{h}")
        total += wi * ((n_records - n_suppressed) * lvl / h + n_suppressed)
    return 1.0 - total / (n_records * len(levels))


def equation3_weights(heights: Sequence[int]) -> list[float]:
    """Equation 3's weights |DGH_i| N_A / sum |DGH_k|, which make Prec_w = 1 - sum h / sum |DGH|."""
    s = float(sum(heights))
    return [h * len(heights) / s for h in heights]


def precision_cells(h: Sequence[Sequence[int]], heights: Sequence[int],
                    weights: Sequence[Sequence[float]] | None = None) -> float:
    """Prec_W over cells: `h[j][i]` is how many levels cell (record j, attribute i) was
    generalized; `weights[j][i]` the thesis's w_ij (1 when omitted)."""
    arr = np.asarray(h, dtype=float)
    if arr.ndim != 2 or arr.shape[1] != len(heights) or arr.shape[0] == 0:
        raise ScrubError("E544", "precision: expected one row per record, one level per attribute")
    w = np.ones_like(arr) if weights is None else np.asarray(weights, dtype=float)
    return float(1.0 - (arr / np.asarray(heights, float) * w).sum() / arr.size)


def _leaf_share(h: Hierarchy) -> dict[str, float]:
    """Share of a hierarchy's leaves under each value it can release."""
    counts: Counter[str] = Counter()
    for chain in h.chains.values():
        for v in set(chain):
            counts[v] += 1
    n = len(h.chains)
    return {v: c / n for v, c in counts.items()}


def loss(table: Any, qi: Sequence[str], hierarchies: Mapping[str, Hierarchy]) -> float:
    """ARX's loss of a released table: per attribute the mean share of its hierarchy's leaves
    lying under each released value (`*` = 1), normalized as (s - N/L)/(N - N/L), floored at 0;
    attributes combined as prod(1 + v)^(1/n) - 1."""
    t = to_table(table)
    terms = []
    n = float(len(t))
    if n == 0:
        raise ScrubError("E540", f"{t.source}: no records to measure")
    for a in qi:
        h = hierarchies[a]
        if h.rule is not None:
            raise ScrubError("E545", f"loss: hierarchy {a!r} must be bound to its leaves first")
        share = _leaf_share(h)
        s = 0.0
        for v in t.column(a):
            if v not in share:
                raise ScrubError("E508", f"{t.source}: column {a!r}: a released value is not "
                                          "in its hierarchy")
            s += share[v]
        nl = n / len(h.chains)
        terms.append(max(0.0, (s - nl) / (n - nl)) if n > nl else 0.0)
    return geometric(terms)


def discernibility(table: Any, qi: Sequence[str]) -> int:
    """Bayardo and Agrawal's discernibility: sum of squared class sizes, a suppressed record
    (every QI cell `*`) costing the table's size."""
    n = len(to_table(table))
    total = 0
    for v, size in equivalence_classes(table, qi):
        total += size * n if _is_suppressed(v) else size * size
    return total


def average_class_size(table: Any, qi: Sequence[str], k: int | None = None,
                       ignore_suppressed: bool = True) -> float:
    """Records per equivalence class; divided by k when given (LeFevre et al.'s C_avg)."""
    classes = [(v, n) for v, n in equivalence_classes(table, qi)
               if not (ignore_suppressed and _is_suppressed(v))]
    if not classes:
        raise ScrubError("E540", f"{to_table(table).source}: no records to measure")
    avg = sum(n for _, n in classes) / len(classes)
    return avg / k if k else avg


__all__ = ["equivalence_classes", "class_sizes", "k_anonymity", "sample_uniques", "precision",
           "precision_cells", "equation3_weights", "loss", "discernibility", "average_class_size"]
