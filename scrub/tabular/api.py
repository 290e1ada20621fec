"""The tabular module's front door: `anonymize` (optimal search or Datafly) returning a `Result`
with the generalized rows, the suppressed records and the metrics; `assess_risk`; and a release
(rows in keyed random order plus a report), honouring a previous release (thesis 5.5.1-5.5.3).
"""
from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

import numpy as np

from ..errors import ScrubError
from .encoding import Encoded
from .hierarchy import SUPPRESSED, Hierarchy
from .kmap import presence
from .risk import Risk, risk_from_sizes
from .search import datafly, k_anonymity_assess, optimal, suppression_limit
from .table import Table, to_table

ALGORITHMS = ("optimal", "datafly")


@dataclass(frozen=True)
class Result:
    """An anonymized table. `rows` are in input order (use `release_rows` to hand them over);
    `suppressed[i]` says whether input record i had its quasi-identifier suppressed (`*`)."""

    columns: tuple[str, ...]
    qi: tuple[str, ...]
    levels: dict[str, int]
    heights: dict[str, int]
    rows: tuple[tuple[str, ...], ...]
    suppressed: tuple[bool, ...]
    k: int                    # smallest class among the released (unsuppressed) records
    k_required: int
    suppression_limit: float
    precision: float          # the thesis's Prec, suppressed records at the top
    loss: float               # ARX's loss
    classes: int              # equivalence classes among unsuppressed records
    discernibility: int
    average_class_size: float
    algorithm: str
    metric: str
    nodes_checked: int
    nodes_total: int
    advice: tuple[str, ...] = field(default=())

    @property
    def n_suppressed(self) -> int:
        return sum(self.suppressed)

    def as_dicts(self) -> list[dict[str, str]]:
        return [dict(zip(self.columns, r)) for r in self.rows]

    def report(self) -> dict[str, Any]:
        """What the recipient is told (JSON-ready; no values of the data)."""
        return {
            "qi": list(self.qi),
            "columns": list(self.columns),
            "levels": dict(self.levels),
            "heights": dict(self.heights),
            "records": len(self.rows),
            "suppressed": self.n_suppressed,
            "k": self.k,
            "k_required": self.k_required,
            "suppression_limit": self.suppression_limit,
            "precision": round(self.precision, 6),
            "loss": round(self.loss, 6),
            "classes": self.classes,
            "discernibility": self.discernibility,
            "average_class_size": round(self.average_class_size, 6),
            "algorithm": self.algorithm,
            "metric": self.metric,
            "nodes_checked": self.nodes_checked,
            "nodes_total": self.nodes_total,
            "advice": list(self.advice),
        }

    def release_rows(self, key: str | bytes | None = None) -> list[tuple[str, ...]]:
        """The rows in a random order (5.5.1: a release in input order can be matched row by row
        against another release of the same data). The order is keyed by the released content
        and levels, so two different releases never share a permutation, mixed with `key` when
        given; the same key and release always give the same order."""
        h = hashlib.sha256(b"scrub.tabular.release\0")
        if key is not None:
            kb = key.encode() if isinstance(key, str) else bytes(key)
            h.update(hashlib.sha256(kb).digest())
        h.update(json.dumps(self.levels, sort_keys=True).encode())
        h.update("\x1e".join(map("\x1f".join, self.rows)).encode())
        rng = np.random.default_rng(int.from_bytes(h.digest()[:16], "big"))
        order = rng.permutation(len(self.rows))
        return [self.rows[i] for i in order]


def _flat(values: Sequence[str], name: str) -> Hierarchy:
    return Hierarchy.from_rows([(v,) for v in sorted(set(values))], name=name)


def anonymize(data: Any, qi: Sequence[str], hierarchies: Mapping[str, Hierarchy], k: int,
              suppression: float = 0.0, metric: str = "loss", algorithm: str = "optimal",
              weights: Mapping[str, float] | None = None,
              previous: Mapping[str, Any] | None = None, previous_mode: str = "generalize",
              columns: Sequence[str] | None = None) -> Result:
    """Generalize and suppress `data` (a `Table`, pandas DataFrame, list of dicts, or list of
    lists with a header row) until it is k-anonymous over `qi` with at most `suppression` (a
    share) of records suppressed, at least distortion under `metric` ("loss" or "precision").

    `algorithm="datafly"` runs Datafly II instead (`weights`: the recipient's profile, linking
    likelihood per attribute). `previous` is the report of an earlier release of the same data:
    with `previous_mode="generalize"` the new release generalizes it (levels at least its
    levels, 5.5.3); with "join" its released columns join the quasi-identifier (5.5.2).
    """
    table = to_table(data, columns)
    qi = list(qi)
    if algorithm not in ALGORITHMS:
        raise ScrubError("E526", f"unknown algorithm {algorithm!r} (choose optimal or datafly)")
    if not isinstance(k, int) or k < 1:
        raise ScrubError("E517", f"k must be a positive integer, got {k!r}")
    if k > len(table):
        raise ScrubError("E517", f"{table.source}: k={k} is larger than the table "
                                  f"({len(table)} records)")
    table.check_columns(qi)
    hierarchies = dict(hierarchies)
    advice: list[str] = []
    floor = None
    if previous is not None:
        prev_levels = dict(previous.get("levels", {}))
        if previous_mode == "join":
            # 5.5.2: every attribute released before can be linked on; it joins the QI.
            for c in previous.get("columns", []):
                if c in table.columns and c not in qi:
                    qi.append(c)
                    hierarchies.setdefault(c, _flat(table.column(c), c))
            advice.append("previously released attributes joined the quasi-identifier (5.5.2)")
        elif previous_mode == "generalize":
            missing = [a for a in prev_levels if a not in qi]
            if missing:
                raise ScrubError("E527", "previous release: its quasi-identifier has columns not "
                                          "in this one; use previous_mode='join'")
            floor = [int(prev_levels.get(a, 0)) for a in qi]
            advice.append("this release generalizes the previous one: levels at least its "
                          "levels (5.5.3)")
        else:
            raise ScrubError("E527", f"unknown previous_mode {previous_mode!r}")
    enc = Encoded(table, qi, hierarchies)
    if algorithm == "optimal":
        out = optimal(enc, k_anonymity_assess(k), suppression, metric, floor=floor)
        node = out.levels
        rec_supp = out.suppressed_tuples[enc.base_inverse]
        checked, total = out.nodes_checked, out.nodes_total
    else:
        w = None if weights is None else [float(weights.get(a, 1.0)) for a in qi]
        node, rec_supp, steps = datafly(enc, k, suppression, w, floor=floor)
        checked, total = steps + 1, int(np.prod(enc.shape))  # one node per iteration
    return _result(table, enc, node, np.asarray(rec_supp, bool), k, suppression, metric,
                   algorithm, checked, total, advice)


def _result(table: Table, enc: Encoded, node: tuple[int, ...], rec_supp: np.ndarray, k: int,
            suppression: float, metric: str, algorithm: str, checked: int, total: int,
            advice: list[str]) -> Result:
    cl, rec_class = enc.record_classes(node)
    n = len(table)
    n_supp = int(rec_supp.sum())
    qi_idx = [table.index(a) for a in enc.qi]
    # Released rows: QI cells at their level, `*` for suppressed records; other columns as is.
    cols = [list(c) for c in zip(*table.rows)] if table.rows else [[] for _ in table.columns]
    for a, i in enumerate(qi_idx):
        labels = np.array(enc.labels[a][node[a]] + [SUPPRESSED], dtype=object)
        codes = enc.codes_at(a, node[a]).copy()
        codes[rec_supp] = len(labels) - 1
        cols[i] = labels[codes].tolist()
    rows = list(zip(*cols)) if table.rows else []
    # Metrics over the released records: a class counts when any of its records is released.
    kept_sizes = np.bincount(rec_class[~rec_supp], minlength=len(cl.sizes))
    kept_sizes = kept_sizes[kept_sizes > 0]
    loss_val = _loss_with(enc, node, rec_supp)
    prec = 1.0 - enc.precision_loss(node, n_supp)
    disc = int((kept_sizes.astype(np.int64) ** 2).sum()) + n_supp * n
    return Result(
        columns=table.columns, qi=enc.qi, levels=dict(zip(enc.qi, node)),
        heights=dict(zip(enc.qi, enc.heights)), rows=tuple(rows),
        suppressed=tuple(bool(x) for x in rec_supp),
        k=int(kept_sizes.min()) if len(kept_sizes) else 0, k_required=k,
        suppression_limit=suppression, precision=prec, loss=loss_val, classes=len(kept_sizes),
        discernibility=disc,
        average_class_size=float(kept_sizes.mean()) if len(kept_sizes) else 0.0,
        algorithm=algorithm, metric=metric, nodes_checked=checked, nodes_total=total,
        advice=tuple(advice))


def _loss_with(enc: Encoded, node: tuple[int, ...], rec_supp: np.ndarray) -> float:
    """ARX's loss with these records suppressed (record-level, so Datafly's partial
    complementary suppression counts exactly)."""
    from .encoding import geometric
    n = float(enc.n)
    ns = float(rec_supp.sum())
    terms = []
    for a, lvl in enumerate(node):
        share = enc.share[a][lvl][enc.codes_at(a, lvl)]
        s = float(share[~rec_supp].sum()) + ns
        nl = n / len(enc.up[a][0])
        terms.append(max(0.0, (s - nl) / (n - nl)) if n > nl else 0.0)
    return geometric(terms)


def generalize_table(data: Any, levels: Mapping[str, int],
                     hierarchies: Mapping[str, Hierarchy]) -> Table:
    """The table with each column in `levels` replaced by its value at that level."""
    table = to_table(data)
    cols = [list(table.column(c)) for c in table.columns]
    for a, lvl in levels.items():
        if a not in hierarchies:
            raise ScrubError("E516", f"{table.source}: no hierarchy for column {a!r}")
        i = table.index(a)
        h = hierarchies[a]
        memo: dict[str, str] = {}
        try:
            cols[i] = [memo[v] if v in memo else memo.setdefault(v, h.generalize(v, lvl))
                       for v in cols[i]]
        except ScrubError as exc:
            row = next(r for r, v in enumerate(table.column(a), 1) if not _known(h, v))
            raise ScrubError(exc.code, f"{table.source}: data row {row}: column {a!r}: "
                                       f"{exc.message}") from None
    rows = tuple(zip(*cols)) if table.rows else ()
    return Table(table.columns, rows, table.source)


def _known(h: Hierarchy, value: str) -> bool:
    try:
        h.chain(value)
        return True
    except ScrubError:
        return False


def assess_risk(data: Any, qi: Sequence[str], population_size: float | None = None,
                population: Any = None, hierarchies: Mapping[str, Hierarchy] | None = None,
                levels: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The figures of `scrub risk`: k-anonymity, sample uniques, prosecutor/journalist/marketer
    risk, population-uniqueness estimates (with `population_size`), and with a `population`
    table k-map and δ-presence. Keys as in the command's JSON."""
    table = to_table(data)
    table.check_columns(qi)
    pop_table = None if population is None else to_table(population)
    if levels:
        # Measure the release as it would be published: both tables at the given levels.
        if hierarchies is None:
            raise ScrubError("E529", "risk at generalization levels needs hierarchies")
        chosen = {a: int(levels[a]) for a in qi if a in levels}
        table = generalize_table(table, chosen, hierarchies)
        if pop_table is not None:
            pop_table = generalize_table(pop_table, chosen, hierarchies)
        hierarchies, levels = None, None
    idx = [table.index(a) for a in qi]
    counts: dict[tuple[str, ...], int] = {}
    for r in table.rows:
        key = tuple(r[i] for i in idx)
        counts[key] = counts.get(key, 0) + 1
    keys = sorted(counts)
    sizes = [counts[c] for c in keys]
    pop_counts = None
    k_map = d_min = d_max = None
    if pop_table is not None:
        pres = presence(table, pop_table, qi, hierarchies, levels)
        k_map, d_min, d_max = pres.k_map, pres.delta_min, pres.delta_max
        pidx = [pop_table.index(a) for a in qi]
        pc: dict[tuple[str, ...], int] = {}
        for r in pop_table.rows:
            key = tuple(r[i] for i in pidx)
            pc[key] = pc.get(key, 0) + 1
        pop_counts = [pc.get(c, 0) for c in keys]
        if population_size is None:
            population_size = float(len(pop_table))
    risk: Risk = risk_from_sizes(sizes, population_size, pop_counts)

    def clean(x: float | None) -> float | None:
        return None if x is None or (isinstance(x, float) and math.isnan(x)) else x

    out: dict[str, Any] = {
        "qi": list(qi),
        "records": risk.records,
        "classes": risk.classes,
        "k_anonymity": risk.k_anonymity,
        "k_map": k_map,
        "delta_min": d_min,
        "delta_max": d_max,
        "sample_uniques": risk.sample_uniques,
        "prosecutor_risk": risk.prosecutor_risk,
        "journalist_risk": risk.journalist_risk,
        "marketer_risk": risk.marketer_risk,
        "population_size": population_size,
        "population_uniques": None,
    }
    if population_size is not None:
        out["population_uniques"] = {
            "pitman": clean(risk.pitman), "zayatz": clean(risk.zayatz), "snb": clean(risk.snb),
            "dankar": clean(risk.dankar), "dankar_model": risk.dankar_model}
    return out


__all__ = ["Result", "anonymize", "assess_risk", "generalize_table", "suppression_limit"]
