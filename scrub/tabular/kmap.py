"""k-map and δ-presence (seeds 000-002): the release measured against a population
(re-identification) table generalized the same way, and the optimal search until they hold.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from ..errors import ScrubError
from .encoding import Encoded
from .hierarchy import Hierarchy
from .search import Assess, Outcome, optimal
from .table import Table


@dataclass(frozen=True)
class Presence:
    """Population-based figures at one generalization: k-map (smallest population count of a
    released class), the smallest and largest ratio release count / population count, and
    whether a (δmin, δmax) asked for holds."""

    k_map: int
    delta_min: float
    delta_max: float
    holds: bool | None = None


def _encoded(release: Table, population: Table, qi: Sequence[str],
             hierarchies: Mapping[str, Hierarchy] | None) -> Encoded:
    if hierarchies is None:
        # No hierarchies: values compared as they stand (ground level, `*` above it).
        hierarchies = {a: Hierarchy.from_rows(
            [(v,) for v in sorted(set(release.column(a)) | set(population.column(a)))], name=a)
            for a in qi}
    else:
        # A rule-built hierarchy is bound to the values of both tables, so they share codes.
        hierarchies = {a: (h.bind(set(release.column(a)) | set(population.column(a)))
                           if h.rule is not None else h) for a, h in hierarchies.items()}
    return Encoded(release, qi, hierarchies).attach_population(population)


def presence(release: Table, population: Table, qi: Sequence[str],
             hierarchies: Mapping[str, Hierarchy] | None = None,
             levels: Mapping[str, int] | None = None,
             delta: tuple[float, float] | None = None) -> Presence:
    """k-map and δ-presence of `release` against `population`, both at `levels` (ground when
    omitted). A released class absent from the population is an error: the population must
    contain the release."""
    enc = _encoded(release, population, qi, hierarchies)
    node = tuple(int((levels or {}).get(a, 0)) for a in qi)
    sample, pop = enc.joint_counts(node)
    if (pop <= 0).any():
        raise ScrubError("E530", f"{release.source}: a quasi-identifier combination of the "
                                  f"release is absent from the population {population.source}")
    ratio = sample / pop
    dmin, dmax = float(ratio.min()), float(ratio.max())
    holds = None if delta is None else bool(dmin >= delta[0] - 1e-12 and dmax <= delta[1] + 1e-12)
    return Presence(int(pop.min()), dmin, dmax, holds)


def k_map_assess(k: int) -> Assess:
    """Suppress released records whose class is shared by fewer than k people of the population."""
    def assess(enc: Encoded, node: tuple[int, ...]) -> np.ndarray:
        _, pop = enc.joint_counts(node)
        return pop < k

    def fails(enc: Encoded, node: tuple[int, ...], limit: int) -> bool:
        _, pop = enc.joint_counts(node, hashed=True)
        return float(enc.weights[pop < k].sum()) > limit

    assess.fails = fails  # type: ignore[attr-defined]
    return assess


def delta_assess(dmin: float, dmax: float) -> Assess:
    """Suppress released records whose class has a release/population ratio outside the bounds.
    Merging classes moves a ratio between those of its parts, so the criterion is monotone."""
    if not 0.0 <= dmin <= dmax <= 1.0:
        raise ScrubError("E531", f"δ-presence bounds ({dmin}, {dmax}) must satisfy 0 <= min <= max <= 1")

    def assess(enc: Encoded, node: tuple[int, ...]) -> np.ndarray:
        sample, pop = enc.joint_counts(node)
        ratio = np.divide(sample, pop, out=np.full(len(sample), np.inf), where=pop > 0)
        return (ratio < dmin - 1e-12) | (ratio > dmax + 1e-12)
    return assess


def optimal_k_map(release: Table, population: Table, qi: Sequence[str],
                  hierarchies: Mapping[str, Hierarchy], k: int, suppression: float = 0.0,
                  metric: str = "loss") -> tuple[Encoded, Outcome]:
    """The least-distorting generalization of the release that satisfies k-map."""
    if k < 1:
        raise ScrubError("E532", f"k-map: k must be at least 1, got {k}")
    enc = _encoded(release, population, qi, hierarchies)
    return enc, optimal(enc, k_map_assess(k), suppression, metric)


def optimal_delta_presence(release: Table, population: Table, qi: Sequence[str],
                           hierarchies: Mapping[str, Hierarchy], dmin: float, dmax: float,
                           suppression: float = 0.0, metric: str = "loss") -> tuple[Encoded, Outcome]:
    """The least-distorting generalization of the release whose classes all have a
    release/population ratio within (dmin, dmax), up to the suppression limit."""
    enc = _encoded(release, population, qi, hierarchies)
    return enc, optimal(enc, delta_assess(dmin, dmax), suppression, metric)
