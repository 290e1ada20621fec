"""`scrub table` and `scrub risk` through a small argparse harness around `register`."""
from __future__ import annotations

import argparse
import csv
import json
import shutil

import pytest

from scrub.errors import ScrubError
from scrub.tabular import Hierarchy, Table, k_anonymity, read_csv
from scrub.tabular.cli import register
from tabular_fixtures import ADULT_QI, DATA


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="scrub")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.func(args)


@pytest.fixture()
def small(tmp_path):
    """The first 2,000 records of adult and its hierarchies, in a scratch folder."""
    src = read_csv(DATA / "adult.csv")
    path = tmp_path / "adult.csv"
    with path.open("w", newline="") as fh:
        w = csv.writer(fh, delimiter=";", lineterminator="\n")
        w.writerow(src.columns)
        w.writerows(src.rows[:2000])
    for c in ADULT_QI:
        shutil.copy(DATA / f"adult_hierarchy_{c}.csv", tmp_path)
    return path


def test_table_writes_k_anonymous_release_and_report(small, tmp_path):
    """`scrub table` writes a shuffled release that is k-anonymous within the limit and a report
    with levels, suppressed, k, precision, loss, classes."""
    out, rep = tmp_path / "out.csv", tmp_path / "report.json"
    qi = "sex,age,race,marital-status,education"
    assert run(["table", str(small), "--qi", qi, "-k", "5", "--suppression", "0.02",
                "--hierarchy-dir", str(tmp_path), "-o", str(out), "--report", str(rep)]) == 0
    report = json.loads(rep.read_text())
    for key in ("levels", "suppressed", "k", "precision", "loss", "classes"):
        assert key in report
    released = read_csv(out)
    assert len(released) == 2000 and report["suppressed"] <= 40
    assert k_anonymity(released, qi.split(","), ignore_suppressed=True) >= 5
    assert released.rows != read_csv(small).rows[:2000]


def test_table_output_is_reproducible_with_seed(small, tmp_path):
    """Same input, same key: byte-identical output (deterministic shuffling)."""
    outs = []
    for i in range(2):
        out = tmp_path / f"o{i}.csv"
        run(["table", str(small), "--qi", "sex,age,race", "-k", "3", "--hierarchy-dir",
             str(tmp_path), "-o", str(out), "--seed", "key", "--algorithm", "datafly"])
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def test_previous_report_is_generalized(small, tmp_path):
    """`--previous REPORT.json` makes the new release generalize the previous one."""
    rep1, rep2 = tmp_path / "r1.json", tmp_path / "r2.json"
    base = ["table", str(small), "--qi", "sex,age,race", "--hierarchy-dir", str(tmp_path)]
    run(base + ["-k", "20", "-o", str(tmp_path / "a.csv"), "--report", str(rep1)])
    run(base + ["-k", "2", "-o", str(tmp_path / "b.csv"), "--report", str(rep2),
                "--previous", str(rep1)])
    l1, l2 = json.loads(rep1.read_text())["levels"], json.loads(rep2.read_text())["levels"]
    assert all(l2[a] >= l1[a] for a in l1)


@pytest.mark.parametrize("extra,code", [
    (["--qi", "sex,zipcode", "-k", "2"], "E511"),       # no such column
    (["--qi", "sex,age", "-k", "5000"], "E517"),        # k larger than the table
])
def test_bad_input_leaves_no_output(small, tmp_path, extra, code):
    """A missing QI column or k above the table size: coded error, no output file."""
    out = tmp_path / "out.csv"
    with pytest.raises(ScrubError) as err:
        run(["table", str(small), "--hierarchy-dir", str(tmp_path), "-o", str(out)] + extra)
    assert err.value.code == code and not out.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out")] == []


def test_value_missing_from_hierarchy_names_row_and_column(tmp_path):
    """ARX's dirty table: the age `4e` is not in the hierarchy; the error names data row 2 and
    the column, never the value, and nothing is written."""
    out = tmp_path / "out.csv"
    with pytest.raises(ScrubError) as err:
        run(["table", str(DATA / "test_dirty.csv"), "--qi", "age,gender", "-k", "2",
             "--hierarchy-dir", str(DATA), "-o", str(out)])
    assert err.value.code == "E508" and "data row 2" in err.value.message
    assert "'age'" in err.value.message and "4e" not in err.value.message and not out.exists()


def test_malformed_hierarchy_file(small, tmp_path):
    """A ragged hierarchy file given with --hierarchy: a coded error naming it."""
    bad = tmp_path / "bad.csv"
    bad.write_text("Male;*\nFemale\n")
    with pytest.raises(ScrubError) as err:
        run(["table", str(small), "--qi", "sex", "-k", "2", "--hierarchy", f"sex={bad}",
             "-o", str(tmp_path / "o.csv")])
    assert err.value.code == "E501" and str(bad) in err.value.message


def test_risk_json(capsys):
    """`scrub risk --json` on adult with the US population gives ARX's figures under the
    issue's keys."""
    assert run(["risk", str(DATA / "adult.csv"), "--qi", "sex,age,race,marital-status",
                "--population-size", "317238626", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert round(out["sample_uniques"], 6) == 0.018003
    assert float(f"{out['population_uniques']['pitman']:.4e}") == 2.2744e-05
    assert float(f"{out['population_uniques']['zayatz']:.4e}") == 3.2903e-04
    assert out["k_map"] is None


def test_risk_with_population_table(capsys):
    """With `--population`, k-map and δ-presence appear, consistent with each other."""
    assert run(["risk", str(DATA / "adult_subset.csv"), "--qi", "sex,race",
                "--population", str(DATA / "adult.csv"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["k_map"] >= 1 and 0 < out["delta_min"] <= out["delta_max"] <= 1
    assert out["journalist_risk"] == pytest.approx(1 / out["k_map"])


@pytest.mark.parametrize("cell", ["plain", "semi;colon", 'quo"te', "new\nline", ""])
def test_written_csv_reads_back(tmp_path, cell):
    """Cells with the delimiter, quotes or newlines survive the atomic writer and the reader."""
    from scrub.tabular.table import write_csv_atomic
    path = tmp_path / "t.csv"
    write_csv_atomic(path, ("a", "b"), [("x", cell), ("y", "z")])
    assert read_csv(path).rows == (("x", cell), ("y", "z"))


def test_risk_at_levels_generalizes_both_tables(capsys):
    """`--levels` measures release and population at those levels: k-anonymity and k-map
    rise compared with the ground values."""
    base = ["risk", str(DATA / "adult_subset.csv"), "--qi", "sex,age,race",
            "--population", str(DATA / "adult.csv"), "--json"]
    run(base)
    ground = json.loads(capsys.readouterr().out)
    run(base + ["--levels", "age=3,race=1", "--hierarchy-dir", str(DATA)])
    coarse = json.loads(capsys.readouterr().out)
    assert coarse["k_anonymity"] > ground["k_anonymity"] and coarse["k_map"] > ground["k_map"]
    age = Hierarchy.from_csv(DATA / "adult_hierarchy_age.csv")
    sub = read_csv(DATA / "adult_subset.csv")
    bands = {(r[0], age.generalize(r[1], 3)) for r in sub.rows}  # race suppressed: sex x band
    assert coarse["classes"] == len(bands)


def test_unwritable_report_leaves_no_output(small, tmp_path):
    """If the report cannot be written, the release CSV does not appear either (coded error)."""
    out = tmp_path / "out.csv"
    with pytest.raises(ScrubError) as err:
        run(["table", str(small), "--qi", "sex,race", "-k", "2", "--hierarchy-dir",
             str(tmp_path), "-o", str(out), "--report", str(tmp_path / "missing" / "r.json")])
    assert err.value.code == "E533" and not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("text,rows", [
    ("a;b\n1;2\n\n3;4\n", (("1", "2"), ("3", "4"))),          # blank line skipped
    ('a;b\n"1;x";2\n3;4\n', (("1;x", "2"), ("3", "4"))),      # quoted delimiter
    ("a,b\r\n1,2\r\n", (("1", "2"),)),                         # comma, CRLF
])
def test_read_csv_plain_and_quoted(tmp_path, text, rows):
    """Plain files (fast split) and quoted ones (csv module) read to the same rows."""
    p = tmp_path / "t.csv"
    p.write_bytes(text.encode())
    assert read_csv(p).rows == rows


def test_ragged_row_names_its_line(tmp_path):
    """A row with a missing cell is an error naming its line."""
    p = tmp_path / "t.csv"
    p.write_text("a;b\n1;2\n3\n")
    with pytest.raises(ScrubError) as err:
        read_csv(p)
    assert err.value.code == "E514" and "line 3" in err.value.message
