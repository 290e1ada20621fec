"""Hierarchies: ARX's CSV form, the builders, and the errors for malformed input."""
from __future__ import annotations

import pytest

from scrub.errors import ScrubError
from scrub.tabular import Hierarchy, load_hierarchies
from tabular_fixtures import DATA, ETHNICITY, ZIP


def test_arx_csv_is_read_with_suppression_on_top():
    """ARX's age hierarchy reads as 100 leaves climbing four levels to `*`."""
    h = Hierarchy.from_csv(DATA / "adult_hierarchy_age.csv")
    assert len(h.leaves) == 100 and h.height == 4
    assert [h.generalize("39", lvl) for lvl in range(5)] == ["39", "35-39", "30-39", "20-39", "*"]


@pytest.mark.parametrize("delimiter", [";", ",", "\t"])
def test_delimiter_is_sniffed(tmp_path, delimiter):
    """The same hierarchy written with `;`, `,` or a tab reads the same."""
    f = tmp_path / "h.csv"
    f.write_text("\n".join(delimiter.join(r) for r in
                           [("Asian", "Person", "*"), ("Black", "Person", "*")]) + "\n")
    h = Hierarchy.from_csv(f)
    assert h.generalize("Black", 1) == "Person" and h.height == 2


def test_top_other_than_star_gets_suppression_added():
    """Figure 29: a hierarchy whose top is `Person` gets suppression atop, height 2."""
    assert ETHNICITY.height == 2
    assert [ETHNICITY.generalize("Asian", lvl) for lvl in range(3)] == ["Asian", "Person", "*"]
    assert ZIP.height == 3 and ZIP.generalize("02141", 1) == "02140"


@pytest.mark.parametrize("text,code", [
    ("a;x;*\nb;*\n", "E501"),            # ragged rows
    ("a;x;*\nb;y;+\n", "E503"),          # two tops
    ("a;x;p;*\nb;x;q;*\n", "E504"),      # a value with two parents
    ("a;x;*\na;y;*\n", "E502"),          # a value listed twice differently
    ("", "E501"),                        # empty
])
def test_malformed_hierarchy_is_one_coded_error(tmp_path, text, code):
    """Malformed hierarchy files raise a coded error naming the file and line."""
    f = tmp_path / "bad.csv"
    f.write_text(text)
    with pytest.raises(ScrubError) as err:
        Hierarchy.from_csv(f)
    assert err.value.code == code and str(f) in err.value.message


def test_missing_value_is_an_error_without_the_value():
    """Generalizing a value the hierarchy lacks names the hierarchy, not the value."""
    with pytest.raises(ScrubError) as err:
        ETHNICITY.generalize("Martian", 1)
    assert err.value.code == "E508" and "Martian" not in str(err.value)


@pytest.mark.parametrize("value,expected", [
    ("47", ["47", "45-49", "40-49", "40-59", "*"]),
    ("0", ["0", "0-4", "0-9", "0-19", "*"]),
    ("19", ["19", "15-19", "10-19", "0-19", "*"]),
])
def test_age_bands(value, expected):
    """Ages climb 5-, 10- and 20-year bands, then `*`."""
    h = Hierarchy.for_ages((5, 10, 20))
    assert [h.generalize(value, lvl) for lvl in range(h.levels)] == expected


def test_interval_widths_must_nest():
    """Widths that do not divide each other would give overlapping bands: refused."""
    with pytest.raises(ScrubError) as err:
        Hierarchy.for_integers((5, 7))
    assert err.value.code == "E506"


def test_zip_masks_from_the_right():
    """ZIP codes lose one digit per level, ending in `*` as ARX's ZIP hierarchies."""
    h = Hierarchy.for_zip(5)
    assert [h.generalize("02138", lvl) for lvl in range(6)] == \
        ["02138", "0213*", "021**", "02***", "0****", "*"]


def test_dates_climb_month_year_decade():
    """A date climbs to its month, year and decade, then `*`."""
    h = Hierarchy.for_dates("%m/%d/%Y")
    assert [h.generalize("9/20/1965", lvl) for lvl in range(5)] == \
        ["9/20/1965", "1965-09", "1965", "1960-1969", "*"]


def test_bind_materializes_rule_hierarchy():
    """A rule-built hierarchy bound to values becomes explicit, sorted, same chains."""
    h = Hierarchy.for_zip(5).bind(["02139", "02138", "02139"])
    assert h.leaves == ("02138", "02139") and h.rule is None
    assert h.generalize("02139", 2) == "021**"


def test_hierarchy_dir_finds_files_by_name():
    """`--hierarchy-dir` finds `<dataset>_hierarchy_<column>.csv` for each column."""
    hs = load_hierarchies([], DATA, "adult", ["sex", "age", "nonexistent"])
    assert sorted(hs) == ["age", "sex"] and hs["sex"].height == 1
