"""Measurement functions pinned to the thesis's Figure 27 and to hand-checkable small tables."""
from __future__ import annotations

import pytest

from scrub.errors import ScrubError
from scrub.tabular import (Table, average_class_size, discernibility, equation3_weights,
                           equivalence_classes, k_anonymity, loss, precision, precision_cells,
                           sample_uniques)
from tabular_fixtures import ETHNICITY, FIG27_PT, ZIP, fig27_table

# Figure 27 as printed: GT[1,0] and GT[1,1] row for row; GT[0,2] and GT[0,1] with the
# twelve rows of PT (the extraction of the thesis repeats two lines of each).
GT = {
    (1, 0): [("Person", z) for _ in range(3) for z in ("02138", "02139", "02141", "02142")],
    (1, 1): [("Person", z) for _ in range(3) for z in ("02130", "02130", "02140", "02140")],
    (0, 2): [(e, "02100") for e in ("Asian", "Black", "White") for _ in range(4)],
    (0, 1): [(e, z) for e in ("Asian", "Black", "White") for z in ("02130", "02130", "02140", "02140")],
}


@pytest.mark.parametrize("levels", list(GT))
def test_generalizing_pt_gives_figure27_tables(levels):
    """Applying the hierarchies to PT at [e, z] yields Figure 27's GT[e, z]."""
    e, z = levels
    got = sorted((ETHNICITY.generalize(a, e), ZIP.generalize(b, z)) for a, b in FIG27_PT)
    assert got == sorted(GT[levels])


@pytest.mark.parametrize("levels,k", [((1, 0), 3), ((1, 1), 6), ((0, 2), 4), ((0, 1), 2)])
def test_figure27_k(levels, k):
    """GT[0,1] is 2-anonymous, GT[1,0] 3-, GT[0,2] 4-, GT[1,1] 6-anonymous (5.2)."""
    assert k_anonymity(fig27_table(GT[levels]), ["Ethnicity", "ZIP"]) == k


@pytest.mark.parametrize("levels,prec", [((1, 0), 0.75), ((1, 1), 0.58), ((0, 2), 0.67),
                                         ((0, 1), 0.83), ((0, 0), 1.0), ((2, 3), 0.0)])
def test_figure27_precision(levels, prec):
    """Prec of Figure 27's tables with |DGH_E| = 2, |DGH_Z| = 3, to the thesis's two digits."""
    assert round(precision(levels, (2, 3), 12), 2) == prec


@pytest.mark.parametrize("levels,prec", [((1, 0), 0.8), ((1, 1), 0.6), ((0, 2), 0.6), ((0, 1), 0.8)])
def test_figure27_weighted_precision(levels, prec):
    """Prec_w with Equation 3's weights: 0.8, 0.6, 0.6, 0.8."""
    w = equation3_weights((2, 3))
    assert precision(levels, (2, 3), 12, weights=w) == pytest.approx(prec)


def test_suppressed_record_counts_as_top_in_every_cell():
    """A suppressed record costs |DGH| in every attribute: attribute- and cell-level agree."""
    cells = [[1, 0]] * 10 + [[2, 3]] * 2
    assert precision((1, 0), (2, 3), 12, n_suppressed=2) == pytest.approx(
        precision_cells(cells, (2, 3)))
    assert precision_cells(cells, (2, 3)) == pytest.approx(1 - (10 * 0.5 + 2 * 2) / 24)


def test_precision_rejects_level_above_height():
    """A level above the hierarchy's height is a coded error."""
    with pytest.raises(ScrubError) as err:
        precision((3, 0), (2, 3), 12)
    assert err.value.code == "E544"


def test_equivalence_classes_and_uniques():
    """Classes are sorted by value with their sizes; uniques are records alone in a class."""
    t = Table(("a", "b"), (("1", "x"), ("1", "x"), ("2", "y"), ("3", "y")))
    assert equivalence_classes(t, ["a", "b"]) == [(("1", "x"), 2), (("2", "y"), 1), (("3", "y"), 1)]
    assert sample_uniques(t, ["a", "b"]) == 2 and k_anonymity(t, ["b"]) == 2


def test_k_anonymity_can_ignore_suppressed_records():
    """Records with every QI cell `*` form their own class, or are left out on request."""
    t = Table(("a", "b"), (("1", "x"), ("1", "x"), ("*", "*")))
    assert k_anonymity(t, ["a", "b"]) == 1
    assert k_anonymity(t, ["a", "b"], ignore_suppressed=True) == 2


def test_unknown_column_is_named():
    """A quasi-identifier the table lacks is a coded error naming the column."""
    with pytest.raises(ScrubError) as err:
        k_anonymity(fig27_table(), ["Ethnicity", "Zip code"])
    assert err.value.code == "E511" and "Zip code" in err.value.message


def test_loss_from_released_values():
    """ARX's loss: ground values cost 0, `*` costs 1, Person (3 of 3 leaves) costs 1 too."""
    hs = {"Ethnicity": ETHNICITY, "ZIP": ZIP}
    assert loss(fig27_table(), ["Ethnicity", "ZIP"], hs) == 0.0
    gt01 = fig27_table(GT[(0, 1)])
    # ZIP: each value covers 2 of 4 leaves: s = 12 * 0.5 = 6; (6 - 3) / (12 - 3) = 1/3.
    assert loss(gt01, ["ZIP"], hs) == pytest.approx(1 / 3)
    assert loss(gt01, ["Ethnicity", "ZIP"], hs) == pytest.approx((4 / 3) ** 0.5 - 1)


def test_discernibility_and_average_class_size():
    """Discernibility sums squared class sizes, a suppressed record costing N."""
    t = Table(("a",), (("1",), ("1",), ("2",), ("2",), ("2",), ("*",)))
    assert discernibility(t, ["a"]) == 4 + 9 + 6
    assert average_class_size(t, ["a"]) == 2.5
    assert average_class_size(t, ["a"], k=2) == 1.25
