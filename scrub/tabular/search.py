"""Finding a generalization: the optimal full-domain search over the lattice (MinGen's goal at the
attribute level, pruned as Flash/OLA do) and Datafly II (thesis Figures 39-42).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from ..errors import ScrubError
from .encoding import Encoded

METRICS = ("loss", "precision")
MAX_LATTICE = 2_000_000

# An assessment returns, for every distinct ground tuple of the table, whether its records must be
# suppressed at the node; the node is acceptable when the suppressed records fit the limit.
Assess = Callable[[Encoded, tuple[int, ...]], np.ndarray]


def k_anonymity_assess(k: int) -> Assess:
    def assess(enc: Encoded, node: tuple[int, ...]) -> np.ndarray:
        return enc.tuple_class_sizes(node) < k

    def fails(enc: Encoded, node: tuple[int, ...], limit: int) -> bool:
        # Most nodes the search checks fail: a sound quick test settles them without a sort.
        return enc.suppressed_at_least(node, k) > limit

    assess.fails = fails  # type: ignore[attr-defined]
    return assess


@dataclass(frozen=True)
class Outcome:
    """A chosen node: levels per QI attribute (in QI order), the suppressed distinct tuples, and
    how much of the lattice was looked at."""

    levels: tuple[int, ...]
    suppressed_tuples: np.ndarray
    n_suppressed: int
    value: float
    nodes_checked: int
    nodes_total: int


def suppression_limit(n: int, suppression: float) -> int:
    if not 0.0 <= suppression <= 1.0:
        raise ScrubError("E518", f"suppression limit {suppression} outside 0..1")
    # ARX's limit: at most floor(share * N) records may be suppressed (tiny epsilon for 2/12 etc.)
    return int(np.floor(suppression * n + 1e-9))


def _lower_bounds(enc: Encoded, nodes: np.ndarray, metric: str) -> np.ndarray:
    """The metric of every node with no record suppressed: a lower bound of its value with
    suppression (a suppressed cell costs the most), and monotone upwards in the lattice."""
    if metric == "precision":
        h = np.array([max(x, 1) for x in enc.heights], float)
        return (nodes / h).mean(axis=1)
    bounds = enc.level_loss_bound()
    logs = np.zeros(len(nodes))
    for a, b in enumerate(bounds):
        logs += np.log1p(b[nodes[:, a]])
    return np.exp(logs / len(bounds)) - 1.0


def _value(enc: Encoded, node: tuple[int, ...], supp: np.ndarray, ns: float, metric: str) -> float:
    if metric == "precision":
        return enc.precision_loss(node, int(ns))
    return enc.node_loss(node, supp, ns)


def optimal(enc: Encoded, assess: Assess, suppression: float = 0.0,
            metric: str = "loss", floor: Sequence[int] | None = None) -> Outcome:
    """The node of least distortion among those whose suppressed records fit the limit.

    The metric is ARX's loss or 1 - Prec; ties go to the lower node (sum of levels), then to the
    lexicographically smaller level vector. `floor` restricts the search to generalizations of
    that node (a new release that generalizes a previous one, 5.5.3). Requires a monotone criterion (true of k-anonymity,
    k-map and δ-presence): if a node fails, so do all its specializations.

    Search: a greedy descent from the top gives a first bound; then every node whose lower bound
    (its metric with no suppression) does not exceed the best value is decided, highest first,
    so that each failing node rules out all nodes below it without being looked at. A node
    whose bound exceeds the best cannot win, and neither can any generalization of it.
    """
    if metric not in METRICS:
        raise ScrubError("E519", f"unknown metric {metric!r} (choose from {', '.join(METRICS)})")
    shape = enc.shape
    total = int(np.prod(shape))
    if total > MAX_LATTICE:
        raise ScrubError("E520", f"generalization lattice has {total} nodes, more than "
                                  f"{MAX_LATTICE}: use fewer quasi-identifiers or shorter hierarchies")
    limit = suppression_limit(enc.n, suppression)
    low = tuple(0 for _ in shape) if floor is None else tuple(int(x) for x in floor)
    if len(low) != len(shape) or any(not 0 <= f < s for f, s in zip(low, shape)):
        raise ScrubError("E525", "previous release levels do not fit the hierarchies")
    nodes = np.indices(shape, dtype=np.int16).reshape(len(shape), -1).T
    nodes = nodes[(nodes >= np.array(low)).all(axis=1)]
    lb = _lower_bounds(enc, nodes, metric)
    heights = nodes.sum(axis=1, dtype=np.int64)
    seen: dict[tuple[int, ...], tuple[bool, np.ndarray, float]] = {}
    quick = getattr(assess, "fails", None)

    def evaluate(node: tuple[int, ...]) -> tuple[bool, np.ndarray, float]:
        r = seen.get(node)
        if r is None:
            if quick is not None and quick(enc, node, limit):
                r = (False, None, float(limit + 1))
                seen[node] = r
                return r
            supp = assess(enc, node)
            ns = float(enc.weights[supp].sum())
            r = (ns <= limit, supp, ns)
            seen[node] = r
        return r

    def rank(value: float, node: tuple[int, ...]) -> tuple:
        return (round(value, 12), sum(node), node)

    top = tuple(s - 1 for s in shape)
    ok, supp, ns = evaluate(top)
    if not ok:
        raise ScrubError("E521", f"{enc.table.source}: no generalization satisfies the privacy "
                                  "model, even suppressing every quasi-identifier")
    best = (rank(_value(enc, top, supp, ns, metric), top), top)
    # Greedy descent: a cheap first bound, so the exact phase starts with few candidates.
    cur = top
    while True:
        step = None
        for a in range(len(shape)):
            if cur[a] <= low[a]:
                continue
            p = cur[:a] + (cur[a] - 1,) + cur[a + 1:]
            ok, supp, ns = evaluate(p)
            if ok:
                r = rank(_value(enc, p, supp, ns, metric), p)
                if step is None or r < step[0]:
                    step = (r, p)
        if step is None:
            break
        cur = step[1]
        if step[0] < best[0]:
            best = step
    # Exact phase, top-down among the nodes that could still beat the bound.
    failed = np.zeros(shape, bool)
    order = np.lexsort((lb, -heights))
    eps = 1e-12
    node_list = nodes.tolist()
    lb_list = lb.tolist()
    for i in order.tolist():
        if lb_list[i] > best[0][0] + eps:
            continue
        node = tuple(node_list[i])
        if failed[node]:
            continue
        ok, supp, ns = evaluate(node)
        if not ok:
            failed[tuple(slice(0, lv + 1) for lv in node)] = True
            continue
        r = rank(_value(enc, node, supp, ns, metric), node)
        if r < best[0]:
            best = (r, node)
    node = best[1]
    ok, supp, ns = evaluate(node)
    return Outcome(node, supp, int(ns), _value(enc, node, supp, ns, metric), len(seen), len(nodes))


def datafly(enc: Encoded, k: int, suppression: float = 0.0,
            weights: Sequence[float] | None = None,
            floor: Sequence[int] | None = None) -> tuple[tuple[int, ...], np.ndarray, int]:
    """Datafly II (Figures 39-42): while more records sit in classes smaller than k than may be
    suppressed, generalize one level the attribute with the most distinct values (the highest
    profile weight first when the recipient's profile is given; weight 0 = never generalized);
    then suppress the records of small classes, adding complementary suppression so the
    suppressed records are themselves at least k (Figure 42).

    Returns (levels, suppressed flag per record, number of distinct-value generalization steps).
    """
    n_attr = len(enc.qi)
    w = tuple(1.0 for _ in range(n_attr)) if weights is None else tuple(float(x) for x in weights)
    if len(w) != n_attr:
        raise ScrubError("E522", f"profile has {len(w)} weights for {n_attr} quasi-identifiers")
    limit = suppression_limit(enc.n, suppression)
    levels = [0] * n_attr if floor is None else [int(x) for x in floor]
    steps = 0
    while True:
        sizes = enc.tuple_class_sizes(tuple(levels))
        small = sizes < k
        belowk = float(enc.weights[small].sum())
        if belowk <= limit:
            break
        best = None
        for a in range(n_attr):
            if levels[a] >= enc.heights[a] or w[a] <= 0:
                continue
            distinct = len(np.unique(enc.bcodes[a][levels[a]]))
            if distinct <= 1:
                continue
            key = (w[a], distinct)
            if best is None or key > best[0]:  # strict: the first attribute wins ties
                best = (key, a)
        if best is None:
            raise ScrubError("E523", f"{enc.table.source}: Datafly cannot reach k={k}: every "
                                      "attribute it may generalize is fully generalized")
        levels[best[1]] += 1
        steps += 1
    node = tuple(levels)
    cl, rec_class = enc.record_classes(node)
    rec_small = cl.sizes[rec_class] < k
    suppressed = rec_small.copy()
    belowk = int(rec_small.sum())
    if 0 < belowk < k:
        # Complementary suppression (Figure 42 step 3): take from the smallest class of size >= k.
        big = np.flatnonzero(cl.sizes >= k)
        if len(big):
            smallest = big[np.argmin(cl.sizes[big])]
            members = np.flatnonzero(rec_class == smallest)
            need = k - belowk
            if len(members) - need >= k:
                suppressed[members[-need:]] = True
            else:
                suppressed[members] = True
    return node, suppressed, steps


def anonymity_level_to_k(level: float, k_max: int) -> int:
    """Datafly's overall anonymity level A in [0, 1] to k: the institution's mapping, taken as
    linear up to `k_max` (k at A = 1), which reproduces Figure 38 with k_max = 548."""
    if not 0.0 <= level <= 1.0:
        raise ScrubError("E524", f"anonymity level {level} outside 0..1")
    return max(1, int(np.floor(level * k_max + 1e-9)))
