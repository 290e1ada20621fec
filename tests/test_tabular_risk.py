"""Risk without a population (ARX's figures on adult, Koot et al.'s probabilities) and with one
(k-map, δ-presence of ARX's adult subset against adult)."""
from __future__ import annotations

import math
from collections import Counter

import pytest

from scrub.errors import ScrubError
from scrub.tabular import anonymize, assess_risk, read_csv
from scrub.tabular.kmap import optimal_delta_presence, optimal_k_map, presence
from scrub.tabular.risk import (distinct_probability, distinct_probability_kl,
                                distinct_probability_poisson, distinct_probability_uniform,
                                kl_from_uniform, pitman, snb, zayatz)
from tabular_fixtures import ADULT_QI, DATA, adult_hierarchies

US = 317_238_626
QI4 = ["sex", "age", "race", "marital-status"]


@pytest.fixture(scope="module")
def adult():
    return read_csv(DATA / "adult.csv")


@pytest.fixture(scope="module")
def subset():
    return read_csv(DATA / "adult_subset.csv")


@pytest.fixture(scope="module")
def adult_risk(adult):
    return assess_risk(adult, QI4, population_size=US)


def test_adult_sample_uniques_share(adult_risk):
    """Share of records unique over sex, age, race, marital status: ARX's 0.018003."""
    assert round(adult_risk["sample_uniques"], 6) == 0.018003


@pytest.mark.parametrize("model,value", [("pitman", 2.2744e-05), ("zayatz", 3.2903e-04)])
def test_adult_population_uniques_match_arx(adult_risk, model, value):
    """Pitman's and Zayatz's population-uniqueness estimates for the US population, as ARX."""
    assert float(f"{adult_risk['population_uniques'][model]:.4e}") == value


def test_dankar_picks_pitman_for_small_sampling_fraction(adult_risk):
    """Sampling fraction 1e-4 (<= 10%): Dankar's rule takes Pitman's estimate."""
    pu = adult_risk["population_uniques"]
    assert pu["dankar_model"] == "pitman" and pu["dankar"] == pu["pitman"]


def test_risk_json_keys(adult_risk):
    """The JSON of `scrub risk` carries the keys the issue names."""
    for key in ("k_anonymity", "k_map", "delta_min", "delta_max", "sample_uniques",
                "prosecutor_risk", "journalist_risk", "marketer_risk", "population_uniques"):
        assert key in adult_risk
    assert set(adult_risk["population_uniques"]) >= {"pitman", "zayatz", "snb", "dankar"}
    assert adult_risk["k_anonymity"] == 1 and adult_risk["prosecutor_risk"] == 1.0


def test_marketer_risk_is_classes_over_records(adult):
    """Without a population, marketer risk is the expected share re-identified: classes / n."""
    r = assess_risk(adult, ["sex", "race"])
    classes = len(Counter((row[0], row[2]) for row in adult.rows))
    assert r["marketer_risk"] == pytest.approx(classes / len(adult))


def test_estimates_shrink_with_population():
    """More people outside the sample means fewer of them unique (Pitman, Zayatz)."""
    sizes = [1] * 50 + [2] * 30 + [3] * 10 + [10] * 5
    for model in (pitman, zayatz):
        small, large = model(sizes, 10_000), model(sizes, 10_000_000)
        assert 0 < large and small > large, model.__name__


def test_snb_is_a_share_or_nan():
    """SNB on adult is a finite share of the population; with no (kappa, p) matching the sample's
    uniques and pairs it says so with NaN instead of a number."""
    sizes = list(Counter(tuple(r[:4]) for r in read_csv(DATA / "adult.csv").rows).values())
    assert 0 < snb(sizes, US) < 1
    assert math.isnan(snb([1] * 50 + [2] * 30 + [3] * 10 + [10] * 5, 10_000_000))


def test_population_smaller_than_sample_is_an_error():
    """A population smaller than the table is refused with a coded error."""
    with pytest.raises(ScrubError) as err:
        zayatz([1, 1, 2], 3)
    assert err.value.code == "E541"


def test_koot_uniform_29_of_95():
    """pi_u(29, 95) = 0.84% (Koot et al. 4.1); the exact non-uniform formula agrees when uniform."""
    assert round(distinct_probability_uniform(29, 95) * 100, 2) == 0.84
    assert distinct_probability([1] * 95, 29) == pytest.approx(distinct_probability_uniform(29, 95))


def test_koot_exact_small_case():
    """Two draws from (1/2, 1/4, 1/4) differ with probability 1 - (1/4 + 1/16 + 1/16)."""
    assert distinct_probability([2, 1, 1], 2) == pytest.approx(1 - 0.375)


def test_koot_poisson_product_and_kl_approximation():
    """Equation 3's Poissonized product is e^-k prod(1 + k p); the KL approximation equals the
    uniform one at kappa = 0 and falls as heterogeneity grows, like the exact value."""
    p = [1.0] * 95
    assert distinct_probability_poisson(p, 29) == pytest.approx(math.exp(-29) * (1 + 29 / 95) ** 95)
    assert kl_from_uniform(p) == 0.0
    assert distinct_probability_kl(p, 29) == pytest.approx(math.exp(-29 ** 2 / (2 * 95)))
    skew = [3.0] * 30 + [1.0] * 65
    assert kl_from_uniform(skew) > 0
    assert distinct_probability(skew, 29) < distinct_probability(p, 29)
    assert distinct_probability_kl(skew, 29) < distinct_probability_kl(p, 29)


def _counts(table, qi, hs=None, levels=None):
    idx = [table.index(a) for a in qi]
    out = Counter()
    for r in table.rows:
        out[tuple(hs[a].generalize(r[i], levels[a]) if hs else r[i] for a, i in zip(qi, idx))] += 1
    return out


@pytest.mark.parametrize("levels", [None, {"sex": 0, "age": 2, "race": 1, "marital-status": 1}])
def test_k_map_and_delta_against_population(subset, adult, levels):
    """k-map is the smallest population count of a released class; δ the extreme ratios of
    release to population counts, computed here directly by counting."""
    hs = adult_hierarchies(QI4) if levels else None
    rel, pop = _counts(subset, QI4, hs, levels), _counts(adult, QI4, hs, levels)
    got = presence(subset, adult, QI4, adult_hierarchies(QI4), levels)
    assert got.k_map == min(pop[c] for c in rel)
    assert got.delta_min == pytest.approx(min(rel[c] / pop[c] for c in rel))
    assert got.delta_max == pytest.approx(max(rel[c] / pop[c] for c in rel))


def test_optimal_k_map_holds_and_is_lower_than_k_anonymity(subset, adult):
    """The k-map optimum satisfies 5-map with no suppression, and loses no more than the
    subset's own 5-anonymity optimum (the population hides people better)."""
    hs = adult_hierarchies()
    enc, out = optimal_k_map(subset, adult, ADULT_QI, hs, 5)
    levels = dict(zip(ADULT_QI, out.levels))
    assert out.n_suppressed == 0
    assert presence(subset, adult, ADULT_QI, hs, levels).k_map >= 5
    # A 5-anonymous subset is 5-map (the population contains it), so the k-map optimum is as good.
    assert out.value <= anonymize(subset, ADULT_QI, hs, k=5).loss + 1e-12


def test_optimal_delta_presence_holds(subset, adult):
    """The δ-presence optimum for (0, 0.5) has every class's ratio within the bounds."""
    hs = adult_hierarchies()
    enc, out = optimal_delta_presence(subset, adult, ADULT_QI, hs, 0.0, 0.5)
    got = presence(subset, adult, ADULT_QI, hs, dict(zip(ADULT_QI, out.levels)), (0.0, 0.5))
    assert got.holds and got.delta_max <= 0.5


def test_release_absent_from_population_is_an_error(subset, adult):
    """A released combination missing from the population is a coded error, not k-map 0."""
    with pytest.raises(ScrubError) as err:
        presence(adult, subset, QI4)
    assert err.value.code == "E530"


@pytest.mark.parametrize("model,param,suppression", [
    ("kmap", 3, 0.0), ("kmap", 10, 0.05), ("delta", (0.0, 0.3), 0.0), ("delta", (0.05, 0.5), 0.1),
])
def test_population_searches_equal_exhaustive(adult, model, param, suppression):
    """k-map and δ-presence optimal searches return the exhaustive search's node, on every
    tenth of 3,000 adult records released against those 3,000 (five attributes, 240 nodes)."""
    import itertools

    from scrub.tabular import Table
    from scrub.tabular.kmap import delta_assess, k_map_assess
    from scrub.tabular.search import suppression_limit
    qi = ADULT_QI[:5]
    pop = Table(adult.columns, adult.rows[:3000], "pop")
    rel = Table(adult.columns, adult.rows[:3000:10], "rel")
    hs = adult_hierarchies(qi)
    if model == "kmap":
        enc, out = optimal_k_map(rel, pop, qi, hs, param, suppression)
        assess = k_map_assess(param)
    else:
        enc, out = optimal_delta_presence(rel, pop, qi, hs, *param, suppression)
        assess = delta_assess(*param)
    limit = suppression_limit(enc.n, suppression)
    best = None
    for node in itertools.product(*[range(s) for s in enc.shape]):
        supp = assess(enc, node)
        ns = enc.weights[supp].sum()
        if ns <= limit:
            key = (round(enc.node_loss(node, supp, ns), 12), sum(node), node)
            best = key if best is None or key < best else best
    assert out.levels == best[2]
