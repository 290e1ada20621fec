"""The numeric core of the tabular module: each quasi-identifier column encoded once as integer
codes per hierarchy level, so a lattice node's equivalence classes are one group-by over codes
(a bincount over mixed-radix keys). Search, Datafly and k-map evaluate nodes through `Encoded`.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from ..errors import ScrubError
from .hierarchy import Hierarchy
from .table import Table


def group(cols: Sequence[np.ndarray], cards: Sequence[int]) -> tuple[np.ndarray, np.ndarray, int]:
    """Group rows by the tuple of codes in `cols` (code i of column j < cards[j]).

    Returns (inverse: group of each row, first: index of the first row of each group, n_groups);
    groups are numbered in increasing mixed-radix key order, which makes them deterministic.
    """
    n = len(cols[0]) if cols else 0
    if n == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), 0
    key = np.zeros(n, np.int64)
    radix = 1
    for c, card in zip(cols, cards):
        card = max(int(card), 1)
        if radix * card >= 2 ** 62:
            # Mixed-radix keys would overflow: renumber the groups so far densely and go on.
            uniq, key = np.unique(key, return_inverse=True)
            radix = len(uniq)
        key = key * card + c
        radix *= card
    uniq, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    return inverse.reshape(-1), first, len(uniq)


def encode_column(col: Sequence[str], index: Mapping[str, int], source: str,
                  column: str) -> np.ndarray:
    """Leaf codes of a column's values; a value missing from the hierarchy is an error naming
    its data row (counted from 1, after the header) but not the value."""
    try:
        return np.fromiter(map(index.__getitem__, col), np.int64, len(col))
    except KeyError:
        row = next(r for r, v in enumerate(col, 1) if v not in index)
        raise ScrubError("E508", f"{source}: data row {row}: column {column!r}: value missing "
                                  "from its hierarchy") from None


def _bind(h: Hierarchy, table: Table, column: str) -> Hierarchy:
    """A rule-built hierarchy bound to a column; a value the rule refuses is reported with its
    column and data row."""
    col = table.column(column)
    try:
        return h.bind(col)
    except ScrubError as exc:
        for row, v in enumerate(col, 1):
            try:
                h.chain(v)
            except ScrubError:
                raise ScrubError(exc.code, f"{table.source}: data row {row}: column "
                                           f"{column!r}: {exc.message}") from None
        raise


@dataclass(frozen=True)
class Classes:
    """The equivalence classes of a node: codes (one column per attribute, at the node's levels)
    and sizes (records)."""

    levels: tuple[int, ...]
    codes: np.ndarray   # shape (n_classes, n_attributes), int64
    sizes: np.ndarray   # shape (n_classes,), int64


class Encoded:
    """Quasi-identifier columns of a table encoded per level of their hierarchies.

    Ground (level 0) codes index the hierarchy's leaves in file order; `up[a][l]` maps a leaf code
    to its code at level l; `share[a][l][c]` is the fraction of the hierarchy's leaves under code c
    (ARX's loss). Records with identical ground tuples are merged (`base`) so every node is a
    group-by over distinct tuples, not records.
    """

    def __init__(self, table: Table, qi: Sequence[str], hierarchies: Mapping[str, Hierarchy]):
        if not qi:
            raise ScrubError("E515", f"{table.source}: empty quasi-identifier")
        table.check_columns(qi)
        self.table = table
        self.qi = tuple(qi)
        self.n = len(table)
        hs = []
        for a in self.qi:
            if a not in hierarchies:
                raise ScrubError("E516", f"{table.source}: no hierarchy for column {a!r}")
            hs.append(hierarchies[a])
        self.hierarchies: tuple[Hierarchy, ...] = tuple(
            _bind(h, table, a) if h.rule is not None else h for h, a in zip(hs, self.qi))
        self.heights = tuple(h.height for h in self.hierarchies)
        self.shape = tuple(h.levels for h in self.hierarchies)
        self.labels: list[list[list[str]]] = []
        self.up: list[list[np.ndarray]] = []
        self.share: list[list[np.ndarray]] = []
        leaf_codes = []
        for a, h in zip(self.qi, self.hierarchies):
            leaves = list(h.chains)
            index = {v: i for i, v in enumerate(leaves)}
            codes = encode_column(table.column(a), index, table.source, a)
            leaf_codes.append(codes)
            labs, ups, shares = [], [], []
            nleaves = len(leaves)
            for lvl in range(h.levels):
                names: dict[str, int] = {}
                up = np.empty(nleaves, np.int64)
                for i, v in enumerate(leaves):
                    up[i] = names.setdefault(h.chains[v][lvl], len(names))
                labs.append(list(names))
                ups.append(up)
                shares.append(np.bincount(up, minlength=len(names)) / nleaves)
            self.labels.append(labs)
            self.up.append(ups)
            self.share.append(shares)
        self.leaf_codes = leaf_codes
        # Distinct ground tuples with their multiplicities: the table every node rolls up from.
        inv, first, m = group(leaf_codes, [len(u[0]) for u in self.up])
        self.base_inverse = inv
        base_codes = np.stack([c[first] for c in leaf_codes], axis=1) if m else \
            np.zeros((0, len(self.qi)), np.int64)
        self.base = Classes(tuple(0 for _ in self.qi), base_codes,
                            np.bincount(inv, minlength=m).astype(np.int64))
        # Map from a code at level l to its code at level l2 >= l, through a representative leaf.
        self._maps: dict[tuple[int, int, int], np.ndarray] = {}
        # Per distinct tuple and level: its code, and its records' summed leaf share (for loss).
        self.weights = self.base.sizes.astype(np.float64)
        self.bcodes = [[self.up[a][lvl][self.base.codes[:, a]] for lvl in range(self.shape[a])]
                       for a in range(len(self.qi))]
        self.wshare = [[self.share[a][lvl][self.bcodes[a][lvl]] * self.weights
                        for lvl in range(self.shape[a])] for a in range(len(self.qi))]
        self.share_total = [[float(x.sum()) for x in per] for per in self.wshare]
        # Consecutive attributes grouped so each block has at most 64 level combinations.
        self._blocks: list[list[int]] = []
        combos = 0
        for a, s in enumerate(self.shape):
            if self._blocks and combos * s <= 64:
                self._blocks[-1].append(a)
                combos *= s
            else:
                self._blocks.append([a])
                combos = s
        self._block_cache: dict[tuple[int, object], tuple[np.ndarray, int]] = {}
        self._block_getters = [operator.itemgetter(*attrs) for attrs in self._blocks]

    def card(self, a: int, level: int) -> int:
        return len(self.labels[a][level])

    def level_map(self, a: int, lo: int, hi: int) -> np.ndarray:
        key = (a, lo, hi)
        m = self._maps.get(key)
        if m is None:
            rep = np.empty(self.card(a, lo), np.int64)
            rep[self.up[a][lo]] = np.arange(len(self.up[a][lo]))  # some leaf under each code
            m = self.up[a][hi][rep]
            self._maps[key] = m
        return m

    def codes_at(self, a: int, level: int) -> np.ndarray:
        """Per-record codes of attribute a at a level."""
        return self.up[a][level][self.leaf_codes[a]]

    def rollup(self, src: Classes, levels: Sequence[int]) -> tuple[Classes, np.ndarray]:
        """Classes at `levels` from classes at `src.levels` (each level >= its source);
        also returns the class of each source class."""
        cols = [self.level_map(a, s, t)[src.codes[:, a]] if s != t else src.codes[:, a]
                for a, (s, t) in enumerate(zip(src.levels, levels))]
        cards = [self.card(a, t) for a, t in enumerate(levels)]
        inv, first, m = group(cols, cards)
        codes = np.stack([c[first] for c in cols], axis=1) if m else src.codes[:0]
        sizes = np.bincount(inv, weights=src.sizes, minlength=m).astype(np.int64)
        return Classes(tuple(levels), codes, sizes), inv

    def record_classes(self, levels: Sequence[int]) -> tuple[Classes, np.ndarray]:
        """Classes at a node and the class of every record."""
        cl, inv = self.rollup(self.base, levels)
        return cl, inv[self.base_inverse]

    def node_keys(self, levels: Sequence[int],
                  bcodes: list | None = None) -> tuple[np.ndarray, int]:
        """A class key for every distinct tuple at a node (of `bcodes`, the table's by default),
        and the size of the key space."""
        if bcodes is None:
            return self._block_keys(levels)
        size = len(bcodes[0][levels[0]]) if bcodes else 0
        return _mixed_radix(((bcodes[a][lvl], self.card(a, lvl)) for a, lvl in enumerate(levels)),
                            size)

    def attach_population(self, population: Table) -> "Encoded":
        """Encode a population (re-identification) table through the same hierarchies, so both
        tables' classes share keys at every node (k-map, δ-presence)."""
        population.check_columns(self.qi)
        pcodes = []
        for a, h in zip(self.qi, self.hierarchies):
            index = {v: i for i, v in enumerate(h.chains)}
            codes = encode_column(population.column(a), index, population.source, a)
            pcodes.append(codes)
        inv, first, m = group(pcodes, [len(u[0]) for u in self.up])
        self.pop_weights = np.bincount(inv, minlength=m).astype(np.float64)
        self.pop_bcodes = [[self.up[a][lvl][pcodes[a][first]] for lvl in range(self.shape[a])]
                           for a in range(len(self.qi))]
        self.pop_n = len(population)
        return self

    def joint_counts(self, levels: Sequence[int],
                     hashed: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """For every distinct tuple of the table: its class size in the table and the count of
        its class in the attached population (`hashed`: counts of merged classes, upper bounds)."""
        m = len(self.weights)
        both = [[np.concatenate([self.bcodes[a][lvl], self.pop_bcodes[a][lvl]])
                 if lvl == lv else None for lvl in range(self.shape[a])]
                for a, lv in enumerate(levels)]
        key, radix = self.node_keys(levels, both)
        if hashed and radix > _HASH_PRIMES[-1]:
            # Merging classes by hashing only raises population counts: a sound quick test.
            key, radix = key % _HASH_PRIMES[-1], _HASH_PRIMES[-1]
        if radix <= _HASH_PRIMES[-1]:
            sample = np.bincount(key[:m], weights=self.weights, minlength=radix)
            pop = np.bincount(key[m:], weights=self.pop_weights, minlength=radix)
            return sample[key[:m]], pop[key[:m]]
        uniq, inv = np.unique(key, return_inverse=True)
        inv = inv.reshape(-1)
        sample = np.bincount(inv[:m], weights=self.weights, minlength=len(uniq))
        pop = np.bincount(inv[m:], weights=self.pop_weights, minlength=len(uniq))
        return sample[inv[:m]], pop[inv[:m]]

    def _block_code(self, b: int, levels: Sequence[int]) -> tuple[np.ndarray, int]:
        """Dense joint codes of one block of attributes at their levels, cached: fewer, denser
        columns make every node's key cheaper and its key space smaller."""
        attrs = self._blocks[b]
        sub = self._block_getters[b](levels)
        hit = self._block_cache.get((b, sub))
        if hit is not None:
            return hit
        key = np.zeros(len(self.weights), np.int64)
        radix = 1
        for a in attrs:
            card = self.card(a, levels[a])
            key = key * card + self.bcodes[a][levels[a]]
            radix *= card
        if radix <= 1 << 22:
            present = np.bincount(key, minlength=radix) > 0
            remap = np.cumsum(present) - 1
            hit = (remap[key], int(present.sum()))
        else:
            uniq, inv = np.unique(key, return_inverse=True)
            hit = (inv.reshape(-1), len(uniq))
        # Cache within a memory budget (codes of 30k distinct tuples: 240 KB per entry).
        if (len(self._block_cache) + 1) * len(self.weights) <= _BLOCK_CACHE_CELLS:
            self._block_cache[(b, sub)] = hit
        return hit

    def _block_keys(self, levels: Sequence[int]) -> tuple[np.ndarray, int]:
        return _mixed_radix((self._block_code(b, levels) for b in range(len(self._blocks))),
                            len(self.weights))

    def tuple_class_sizes(self, levels: Sequence[int]) -> np.ndarray:
        """For every distinct ground tuple, the size (records) of its class at a node: a bincount
        over the key space when it is small, a sort otherwise."""
        key, radix = self.node_keys(levels)
        if radix <= 1 << 18:
            counts = np.bincount(key, weights=self.weights, minlength=radix)
            return counts[key]
        uniq, inv = np.unique(key, return_inverse=True)
        return np.bincount(inv, weights=self.weights)[inv]

    def suppressed_at_least(self, levels: Sequence[int], k: int) -> float:
        """A lower bound of the records in classes smaller than k, cheap for large key spaces:
        keys hashed into fewer buckets can only merge classes, making them look bigger."""
        key, radix = self.node_keys(levels)
        if radix > 1 << 16:
            # Fibonacci (multiply-shift) hashing into 2^15 buckets: two cheap operations, and the
            # buckets outnumber the classes of the nodes the search checks (a few thousand).
            key = ((key.view(np.uint64) * _FIB) >> np.uint64(49)).view(np.int64)
            radix = 1 << 15
        counts = np.bincount(key, weights=self.weights, minlength=radix)
        # A bucket under k holds only classes under k; a bucket at or over k may hide some.
        return float(counts[(counts > 0) & (counts < k)].sum())

    def node_loss(self, levels: Sequence[int], suppressed_tuples: np.ndarray, n_supp: float) -> float:
        """ARX's loss at a node with these distinct tuples suppressed."""
        n = float(self.n)
        terms = []
        for a, lvl in enumerate(levels):
            s = self.share_total[a][lvl] - float(self.wshare[a][lvl][suppressed_tuples].sum()) + n_supp
            nl = n / len(self.up[a][0])
            terms.append(max(0.0, (s - nl) / (n - nl)) if n > nl else 0.0)
        return geometric(terms)

    # -- metrics ------------------------------------------------------------------------------------
    def precision_loss(self, levels: Sequence[int], n_suppressed: int) -> float:
        """1 - Prec: the mean over attributes of h/|DGH|, a suppressed record counting 1 in every
        attribute (thesis 5.4 and ARX's precision metric)."""
        n = self.n
        if n == 0:
            return 0.0
        tot = 0.0
        for lvl, h in zip(levels, self.heights):
            frac = lvl / h if h else 0.0
            tot += ((n - n_suppressed) * frac + n_suppressed) / n
        return tot / len(self.heights)

    def level_loss_bound(self) -> list[np.ndarray]:
        """Per attribute and level, its loss term if no record were suppressed (a lower bound,
        monotone in the level, for any node at that level)."""
        out = []
        n = float(self.n)
        for a in range(len(self.qi)):
            nl = n / len(self.up[a][0])
            vals = []
            for lvl in range(self.shape[a]):
                s = float(self.share[a][lvl][self.codes_at(a, lvl)].sum())
                vals.append(max(0.0, (s - nl) / (n - nl)) if n > nl else 0.0)
            out.append(np.maximum.accumulate(np.array(vals)))
        return out


# Bucket counts for hashed population counts (k-map's quick test).
_HASH_PRIMES = (8191, 65537, 262139, 1048573, 4194301)
_FIB = np.uint64(0x9E3779B97F4A7C15)
_BLOCK_CACHE_CELLS = 32_000_000  # 256 MB of int64 block codes at most


def geometric(terms: Sequence[float]) -> float:
    """ARX's geometric-mean aggregate: prod(1 + v)^(1/n) - 1."""
    if not terms:
        return 0.0
    return float(np.exp(np.mean(np.log1p(np.asarray(terms, float)))) - 1.0)


def _mixed_radix(parts, size: int) -> tuple[np.ndarray, int]:
    """One integer key per row from (codes, cardinality) parts, and the size of the key space;
    re-numbered densely whenever the space would overflow 62 bits. Constant parts are skipped."""
    key = None
    radix = 1
    for c, card in parts:
        if card == 1:
            continue
        if key is None:
            key, radix = c, card
            continue
        if radix * card >= 2 ** 62:
            uniq, key = np.unique(key, return_inverse=True)
            radix = len(uniq)
        key = key * card + c
        radix *= card
    if key is None:
        key = np.zeros(size, np.int64)
    return key, radix
