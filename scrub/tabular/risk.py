"""Re-identification risk without a population table: sample uniques, prosecutor/journalist/
marketer risk, population uniqueness by the Pitman, Zayatz and SNB models with Dankar's rule
(as ARX reports them), and Koot et al.'s probability that k people all have distinct values.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import numpy as np

from ..errors import ScrubError


def _histogram(class_sizes: Iterable[int]) -> dict[int, int]:
    """Class size -> number of classes of that size."""
    h = Counter(int(s) for s in class_sizes if s > 0)
    return dict(sorted(h.items()))


def _check(n: int, population: float) -> None:
    if n <= 0:
        raise ScrubError("E540", "risk: empty table")
    if population < n:
        raise ScrubError("E541", f"risk: population size {population:g} smaller than the "
                                  f"table ({n} records)")


def zayatz(class_sizes: Sequence[int], population: float) -> float:
    """Zayatz (1991): share of the population that is unique. The population is assumed to have
    the sample's distribution of class sizes; the chance that a population class of size i shows
    once in a sample of n drawn without replacement is hypergeometric; Bayes gives the share of
    sample uniques that are population uniques, scaled to the population (ARX's estimate)."""
    hist = _histogram(class_sizes)
    n = sum(s * c for s, c in hist.items())
    _check(n, population)
    f1 = hist.get(1, 0)
    if f1 == 0:
        return 0.0
    big_n = float(population)
    lg = math.lgamma
    log_choose_nn = lg(big_n + 1) - lg(n + 1) - lg(big_n - n + 1)

    def once(i: int) -> float:  # P(f = 1 | F = i) = i C(N-i, n-1) / C(N, n)
        if big_n - i < n - 1:
            return 0.0
        return math.exp(math.log(i) + lg(big_n - i + 1) - lg(n) - lg(big_n - i - n + 2)
                        - log_choose_nn)

    den = sum(c * once(i) for i, c in hist.items())
    p_unique = f1 * once(1) / den
    sampling = n / big_n
    return f1 * p_unique / sampling / big_n


def _pitman_mle(hist: Mapping[int, int], n: int, iterations: int = 300,
                accuracy: float = 1e-10) -> tuple[float, float] | None:
    """Maximum likelihood (theta, alpha) of Pitman's sampling formula, by Newton-Raphson with a
    line search that keeps theta > -alpha and 0 <= alpha < 1; ARX's starting point."""
    u = sum(hist.values())
    f1, f2 = hist.get(1, 0), hist.get(2, 0) or 1
    if u < 2 or n < 2:
        return None
    i = np.arange(1, u, dtype=float)
    j = np.arange(1, n, dtype=float)
    inner = [(s, c, np.arange(1, s, dtype=float)) for s, c in hist.items() if s > 1]

    def valid(t: float, a: float) -> bool:
        return 0.0 <= a < 1.0 and t > -a

    def ll(t: float, a: float) -> float:
        s = np.log(t + i * a).sum() - np.log(t + j).sum()
        for _, c, l in inner:
            s += c * np.log(l - a).sum()
        return float(s)

    def grad_hess(t: float, a: float) -> tuple[np.ndarray, np.ndarray]:
        d = t + i * a
        g_t = (1 / d).sum() - (1 / (t + j)).sum()
        g_a = (i / d).sum()
        h_tt = -(1 / d ** 2).sum() + (1 / (t + j) ** 2).sum()
        h_ta = -(i / d ** 2).sum()
        h_aa = -(i ** 2 / d ** 2).sum()
        for _, c, l in inner:
            g_a -= c * (1 / (l - a)).sum()
            h_aa -= c * (1 / (l - a) ** 2).sum()
        return np.array([g_t, g_a]), np.array([[h_tt, h_ta], [h_ta, h_aa]])

    c = f1 * (f1 - 1) / f2
    den = (2 * f1 * u + f1 * c) - n * c
    t = ((n * u * c) - (f1 * (n - 1) * (2 * u + c))) / den if den else 1.0
    a = ((t * (f1 - n)) + ((n - 1) * f1)) / (n * u)
    if not valid(t, a):
        t, a = 1.0, 0.5
    x = np.array([t, a])
    f = ll(*x)
    for _ in range(iterations):
        g, h = grad_hess(*x)
        try:
            step = np.linalg.solve(h, g)
        except np.linalg.LinAlgError:
            return None
        lam = 1.0
        while lam > 1e-12:
            y = x - lam * step
            if valid(*y) and ll(*y) >= f - 1e-12:
                break
            lam /= 2
        if lam <= 1e-12:
            break
        x = y
        f = ll(*x)
        if np.abs(lam * step).max() < accuracy:
            return float(x[0]), float(x[1])
    g, _ = grad_hess(*x)
    return (float(x[0]), float(x[1])) if np.abs(g).max() < 1e-4 * n else None


def pitman(class_sizes: Sequence[int], population: float) -> float:
    """Pitman's model (Hoshino 2001): fit (theta, alpha) to the sample's partition by maximum
    likelihood; population uniques are Gamma(theta+1)/Gamma(theta+alpha) N^alpha (theta log
    terms when alpha = 0); returned as a share of the population. NaN when the fit fails."""
    hist = _histogram(class_sizes)
    n = sum(s * c for s, c in hist.items())
    _check(n, population)
    if hist.get(1, 0) == 0:
        return 0.0
    fit = _pitman_mle(hist, n)
    if fit is None:
        return float("nan")
    t, a = fit
    big_n = float(population)
    if a <= 1e-12:
        uniques = t * math.log1p(big_n / t) if t > 0 else float("nan")
    else:
        uniques = math.exp(math.lgamma(t + 1) - math.lgamma(t + a) + a * math.log(big_n))
    return uniques / big_n


def snb(class_sizes: Sequence[int], population: float) -> float:
    """Shifted negative binomial (Chen & Keller-McNulty 1998): population class sizes are
    1 + NB(kappa, p); sampling with fraction pi thins them. The number K of population classes and
    (kappa, p) are matched to the sample's classes, uniques and pairs; population uniques are
    K p^kappa, returned as a share of the population. NaN when no solution is found."""
    hist = _histogram(class_sizes)
    n = sum(s * c for s, c in hist.items())
    _check(n, population)
    u, f1, f2 = sum(hist.values()), hist.get(1, 0), hist.get(2, 0)
    if f1 == 0:
        return 0.0
    if f2 == 0:
        return float("nan")
    pi = n / float(population)

    def probs(kappa: float, p: float) -> tuple[float, float, float]:
        q = p / (p + pi * (1 - p))  # the thinned negative binomial's parameter
        base = q ** kappa
        p0 = (1 - pi) * base
        p1 = pi * base + (1 - pi) * kappa * base * (1 - q)
        p2 = pi * kappa * base * (1 - q) + (1 - pi) * kappa * (kappa + 1) / 2 * base * (1 - q) ** 2
        return p0, p1, p2

    r1, r2 = f1 / u, f2 / u

    def bisect(fn, lo: float, hi: float) -> float | None:
        flo, fhi = fn(lo), fn(hi)
        if flo == 0:
            return lo
        if flo * fhi > 0:
            return None
        for _ in range(200):
            mid = (lo + hi) / 2
            fm = fn(mid)
            if fm == 0 or hi - lo < 1e-13:
                return mid
            if (fm > 0) == (flo > 0):
                lo, flo = mid, fm
            else:
                hi = mid
        return (lo + hi) / 2

    def p_for(kappa: float) -> float | None:
        # The share of uniques among the sample's classes grows with p: solve it in log p.
        def g(lp: float) -> float:
            p0, p1, _ = probs(kappa, math.exp(lp))
            return p1 / (1 - p0) - r1
        lp = bisect(g, math.log(1e-300), math.log(1 - 1e-12))
        return None if lp is None else math.exp(lp)

    def h(lk: float) -> float:
        p = p_for(math.exp(lk))
        if p is None:
            return float("nan")
        p0, _, p2 = probs(math.exp(lk), p)
        return p2 / (1 - p0) - r2

    lk = None
    grid = np.linspace(math.log(1e-6), math.log(1e4), 41)
    vals = [h(x) for x in grid]
    for x0, x1, v0, v1 in zip(grid, grid[1:], vals, vals[1:]):
        if not (math.isnan(v0) or math.isnan(v1)) and v0 * v1 <= 0:
            lk = bisect(h, x0, x1)
            break
    if lk is None:
        return float("nan")
    kappa = math.exp(lk)
    p = p_for(kappa)
    if p is None:
        return float("nan")
    p0, _, _ = probs(kappa, p)
    k_classes = u / (1 - p0)
    return k_classes * p ** kappa / float(population)


def dankar(class_sizes: Sequence[int], population: float) -> tuple[str, float]:
    """Dankar et al. (2012)'s choice, as ARX applies it: Pitman for sampling fractions up to 10%
    (Zayatz if Pitman's fit fails), Zayatz above."""
    n = sum(int(s) for s in class_sizes)
    _check(n, population)
    if n / float(population) <= 0.1:
        v = pitman(class_sizes, population)
        if not math.isnan(v):
            return "pitman", v
    return "zayatz", zayatz(class_sizes, population)


@dataclass(frozen=True)
class Risk:
    """Risk figures of a table over a quasi-identifier (fractions unless said otherwise)."""

    records: int
    classes: int
    k_anonymity: int
    sample_uniques: float        # share of records alone in their class
    prosecutor_risk: float       # highest: 1 / smallest class
    prosecutor_average: float    # classes / records
    journalist_risk: float
    marketer_risk: float
    population_size: float | None = None
    pitman: float | None = None
    zayatz: float | None = None
    snb: float | None = None
    dankar: float | None = None
    dankar_model: str | None = None


def risk_from_sizes(class_sizes: Sequence[int], population: float | None = None,
                    population_counts: Sequence[int] | None = None) -> Risk:
    """Risks from the class sizes of a table; `population_counts` (the population count of each
    class, same order) gives journalist and marketer risk against a population table."""
    sizes = np.asarray(class_sizes, dtype=np.int64)
    n = int(sizes.sum())
    if n == 0:
        raise ScrubError("E540", "risk: empty table")
    classes = len(sizes)
    prosecutor = 1.0 / int(sizes.min())
    if population_counts is not None:
        pop = np.asarray(population_counts, dtype=float)
        if (pop <= 0).any():
            raise ScrubError("E542", "risk: a class of the table is absent from the population")
        journalist = 1.0 / float(pop.min())
        marketer = float((sizes / pop).sum()) / n
    else:
        journalist = prosecutor
        marketer = classes / n
    kw = {}
    if population is not None:
        name, d = dankar(sizes, population)
        kw = dict(population_size=float(population), pitman=pitman(sizes, population),
                  zayatz=zayatz(sizes, population), snb=snb(sizes, population), dankar=d,
                  dankar_model=name)
    return Risk(records=n, classes=classes, k_anonymity=int(sizes.min()),
                sample_uniques=float((sizes == 1).sum()) / n, prosecutor_risk=prosecutor,
                prosecutor_average=classes / n, journalist_risk=journalist,
                marketer_risk=marketer, **kw)


# -- Koot et al. (2011): are k people all distinct? -------------------------------------------
def distinct_probability_uniform(k: int, n_values: int) -> float:
    """pi_u(k, N) = N! / ((N-k)! N^k): k draws from N equally likely values are all distinct."""
    if k > n_values:
        return 0.0
    return math.exp(sum(math.log1p(-i / n_values) for i in range(k)))


def distinct_probability(probabilities: Sequence[float], k: int) -> float:
    """Exact chance that k independent draws from the distribution are all distinct:
    k! e_k(p), the elementary symmetric polynomial, by dynamic programming."""
    p = _normalized(probabilities)
    e = np.zeros(k + 1)
    e[0] = 1.0
    for x in p:
        e[1:] = e[1:] + x * e[:-1]
    return float(math.exp(math.lgamma(k + 1)) * e[k]) if k >= 0 else 0.0


def distinct_probability_poisson(probabilities: Sequence[float], k: int) -> float:
    """Equation 3: with the number of draws Poisson(k), counts per value are independent and
    the chance that all are distinct is the product over values of e^{-k p}(1 + k p)."""
    p = _normalized(probabilities)
    return float(math.exp(float(np.sum(-k * p + np.log1p(k * p)))))


def kl_from_uniform(probabilities: Sequence[float]) -> float:
    """kappa = sum p log(p / (1/N)) over the N possible values (zeros contribute nothing)."""
    p = _normalized(probabilities)
    nz = p[p > 0]
    return float(np.sum(nz * np.log(nz * len(p))))


def distinct_probability_kl(probabilities: Sequence[float], k: int) -> float:
    """Koot et al.'s approximation exp(-(1/2 + kappa) k^2 / N)."""
    p = _normalized(probabilities)
    return math.exp(-(0.5 + kl_from_uniform(p)) * k * k / len(p))


def _normalized(probabilities: Sequence[float]) -> np.ndarray:
    p = np.asarray(probabilities, dtype=float)
    if p.ndim != 1 or len(p) == 0 or (p < 0).any() or p.sum() <= 0:
        raise ScrubError("E543", "uniqueness: probabilities must be a non-empty list of "
                                  "non-negative numbers")
    return p / p.sum()
