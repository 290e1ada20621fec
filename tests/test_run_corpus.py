"""`scrub run` over generated letter archives: a 5-anonymous subject table whose text reveals
nothing finer, identical bytes whatever --jobs and after a kill and --resume, failures reported
by id while the run goes on, and every input form written back in its form."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections import Counter
from pathlib import Path

import pytest

import corpus_gen
from replace_support import FixtureLexicon
from scrub import fielded, registry
from scrub import run as run_mod
from scrub.config import Config
from scrub.errors import ScrubError
from scrub.run import Runner, RunOptions, _pseudonym

HERE = Path(__file__).parent
KEY = b"test-run-key-0123"
QI = ("age", "sex", "zip", "birth_year")


def _detectors() -> tuple[str, ...]:
    """Every registered detector that loads here, spaCy left out (it is not the point)."""
    names = []
    for name in registry.available():
        if name == "scrub.spacy.v1":
            continue
        try:
            registry.detector_class(name)
        except ScrubError:
            continue
        names.append(name)
    return tuple(names)


DETECTORS = _detectors()
LEXICON = FixtureLexicon()


def _config(tmp: Path, **run) -> Config:
    body = "[run]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in run.items())
    p = tmp / "run.toml"
    p.write_text(body, encoding="utf-8")
    return Config.load(p)


def _run(inputs, output, tmp: Path, config: Config | None = None, **kw):
    opts = RunOptions(inputs=tuple(str(i) for i in inputs), output=str(output),
                      config=config or Config(), spacy=False, detectors=DETECTORS,
                      lexicon=LEXICON, progress=False, **kw)
    return Runner(opts, KEY).run()


def _outputs(base: Path) -> dict[str, bytes]:
    return {p.name.replace(base.name, ""): p.read_bytes()
            for p in sorted(base.parent.glob(base.name + "*")) if p.is_file()}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("corpus")
    subjects = corpus_gen.make_subjects(60, seed=3)
    letters = corpus_gen.make_letters(subjects, seed=4)
    path = tmp / "letters.jsonl"
    corpus_gen.write_jsonl(letters, path)
    return subjects, letters, path


@pytest.fixture(scope="module")
def released(corpus, tmp_path_factory):
    """The -k 5 run every test below compares against (one process)."""
    _, _, path = corpus
    tmp = tmp_path_factory.mktemp("k5")
    out = tmp / "rel"
    _run([path], str(out) + ".jsonl", tmp, k=5, quasi_identifiers=QI, jobs=1,
         table=str(out) + ".table.csv", report=str(out) + ".report.json",
         findings=str(out) + ".findings.jsonl")
    return out


def _table(path: Path) -> dict[str, dict[str, str]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    head = lines[0].split(",")
    import csv
    return {r[0]: dict(zip(head, r)) for r in csv.reader(lines[1:])}


def test_k5_table_is_5_anonymous_and_true(corpus, released):
    """The subject table has one row per subject under its pseudonym, every released
    combination of quasi-identifiers is shared by 5 or more subjects, and each released value
    is the subject's true value at the chosen level."""
    subjects, _, _ = corpus
    table = _table(Path(str(released) + ".table.csv"))
    report = json.loads(Path(str(released) + ".report.json").read_text())
    assert len(table) == len(subjects)
    assert set(table) == {_pseudonym(KEY, s.id) for s in subjects}
    kept = [r for r in table.values() if r["suppressed"] == "false"]
    sizes = Counter(tuple(r[q] for q in QI) for r in kept)
    assert min(sizes.values()) >= 5
    assert report["k"] >= 5 and report["suppressed_subjects"] <= int(0.02 * len(subjects))
    levels = report["levels"]
    hier = fielded.hierarchies([s.truth for s in subjects], QI)
    wrong = [(s.id, q) for s in subjects for q in QI
             if table[_pseudonym(KEY, s.id)]["suppressed"] == "false"
             and table[_pseudonym(KEY, s.id)][q] != hier[q].generalize(s.truth[q], levels[q])]
    assert wrong == []


def test_released_text_reveals_nothing_finer_than_the_table(corpus, released):
    """Quasi-identifiers extracted again from the released notes (same engine, same
    extractor) are never finer than their subject's row, and a generalized ZIP or age never
    appears as written in the original."""
    from scrub.engine import Scrubber

    subjects, _, _ = corpus
    by_pseudo = {_pseudonym(KEY, s.id): s for s in subjects}
    table = _table(Path(str(released) + ".table.csv"))
    levels = json.loads(Path(str(released) + ".report.json").read_text())["levels"]
    scrubber = Scrubber(spacy=False, detectors=DETECTORS)
    finer, leaked = [], []
    for line in Path(str(released) + ".jsonl").read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        row = table[doc["subject"]]
        subject = by_pseudo[doc["subject"]]
        a = scrubber.analyze(doc["text"])
        for m in fielded.mentions(doc["text"], a.findings, a.candidates, LEXICON.sex_of):
            if m.qi in QI and fielded.finer_than(m.qi, m.value, row[m.qi]):
                finer.append((doc["id"], m.qi))
        hidden = row["suppressed"] == "true"
        if (hidden or levels["zip"] > 0) and subject.zip in doc["text"]:
            leaked.append((doc["id"], "zip"))
        if (hidden or levels["age"] > 0) and any(
                f"{subject.age}{sep}" in doc["text"] for sep in (" year", "-year", " yo")):
            leaked.append((doc["id"], "age"))
    assert finer == [] and leaked == []


def test_jobs_two_gives_the_same_bytes(corpus, released, tmp_path):
    """Two worker processes write exactly the bytes one process writes, every file."""
    _, _, path = corpus
    out = tmp_path / "rel"
    _run([path], str(out) + ".jsonl", tmp_path, k=5, quasi_identifiers=QI, jobs=2,
         table=str(out) + ".table.csv", report=str(out) + ".report.json",
         findings=str(out) + ".findings.jsonl",
         config=_config(tmp_path, chunk_documents=3))
    assert _outputs(out) == _outputs(released)


KILLED_RUN = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, {tests!r})
    from test_run_corpus import _run, _config
    from pathlib import Path
    tmp = Path({tmp!r})
    _run([{path!r}], {out!r} + ".jsonl", tmp, k=5, quasi_identifiers={qi!r}, jobs=2,
         table={out!r} + ".table.csv", report={out!r} + ".report.json",
         findings={out!r} + ".findings.jsonl", resume={resume!r},
         config=_config(tmp, checkpoint_seconds=0, chunk_documents=2))
""")


def test_kill_and_resume_gives_the_same_bytes(corpus, released, tmp_path):
    """A run killed (SIGKILL) in its second pass leaves no output; --resume finishes it with
    exactly the bytes of an uninterrupted run, and no worker outlives the killed run."""
    _, _, path = corpus
    out = str(tmp_path / "rel")
    script = KILLED_RUN.format(tests=str(HERE), tmp=str(tmp_path), path=str(path), out=out,
                               qi=QI, resume=False)
    proc = subprocess.Popen([sys.executable, "-c", script], stderr=subprocess.DEVNULL,
                            cwd=str(tmp_path))
    journal = tmp_path / ".rel.jsonl.scrub-run" / "journal"
    deadline = time.monotonic() + 120
    state = {}
    while time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
        if journal.exists():
            lines = journal.read_text().splitlines()
            try:
                state = json.loads(lines[-1])
            except (json.JSONDecodeError, IndexError):
                continue
            if state.get("phase") == "main" and state.get("docs", 0) >= 20:
                break
    assert proc.poll() is None, "the run ended before it could be killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert not Path(out + ".jsonl").exists() and not Path(out + ".table.csv").exists()
    resume = KILLED_RUN.format(tests=str(HERE), tmp=str(tmp_path), path=str(path), out=out,
                               qi=QI, resume=True)
    subprocess.run([sys.executable, "-c", resume], check=True, stderr=subprocess.DEVNULL,
                   cwd=str(tmp_path))
    assert _outputs(Path(out)) == _outputs(released)
    assert not journal.parent.exists()


def test_crash_in_first_pass_then_resume(corpus, released, tmp_path, monkeypatch):
    """An interrupt in the middle of the first (detecting) pass leaves no output, and
    --resume continues from the last checkpoint to the same bytes."""
    _, _, path = corpus
    out = tmp_path / "rel"
    real = run_mod._Worker.one
    calls = {"n": 0}

    def crashing(self, t):
        calls["n"] += 1
        if calls["n"] == 40:
            raise KeyboardInterrupt
        return real(self, t)

    kw = dict(k=5, quasi_identifiers=QI, jobs=1, table=str(out) + ".table.csv",
              report=str(out) + ".report.json", findings=str(out) + ".findings.jsonl",
              config=_config(tmp_path, checkpoint_seconds=0, chunk_documents=4))
    monkeypatch.setattr(run_mod._Worker, "one", crashing)
    with pytest.raises(KeyboardInterrupt):
        _run([path], str(out) + ".jsonl", tmp_path, **kw)
    assert not Path(str(out) + ".jsonl").exists()
    monkeypatch.setattr(run_mod._Worker, "one", real)
    _run([path], str(out) + ".jsonl", tmp_path, resume=True, **kw)
    assert _outputs(out) == _outputs(released)


def _small(tmp: Path, n: int = 6):
    letters = corpus_gen.make_letters(corpus_gen.make_subjects(n, seed=9), seed=10,
                                      per_subject=(1, 1))
    return letters


def test_failed_documents_are_reported_and_the_run_goes_on(tmp_path, monkeypatch, capsys):
    """A document whose processing raises, and a line that is not JSON, are reported by id
    with the reason (never the text); the others are written; the count says so."""
    letters = _small(tmp_path)
    path = tmp_path / "in.jsonl"
    lines = [json.dumps({"id": lt.id, "subject": lt.subject, "text": lt.text}) for lt in letters]
    lines.insert(2, "{not json " + letters[0].text.splitlines()[0])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    real = run_mod._Worker.one
    bad = letters[3].id

    def failing(self, t):
        if t.id == bad:
            raise ValueError("boom " + t.text)
        return real(self, t)

    monkeypatch.setattr(run_mod._Worker, "one", failing)
    summary = _run([path], tmp_path / "out.jsonl", tmp_path, jobs=1,
                   report=str(tmp_path / "r.json"))
    err = capsys.readouterr().err
    ids = [json.loads(x)["id"] for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert summary.failed == 2
    assert ids == [lt.id for lt in letters if lt.id != bad]
    assert f"document {bad} failed: ValueError" in err and "in.jsonl:3 failed: ScrubError E803" in err
    assert all(lt.text.splitlines()[0] not in err for lt in letters)
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["failed"] == [{"id": f"{path}:3", "reason": "ScrubError E803"},
                                {"id": bad, "reason": "ValueError"}]


def test_fail_fast_stops_and_writes_nothing(tmp_path, monkeypatch):
    """With fail_fast the run stops at the first failed document and no output appears."""
    letters = _small(tmp_path)
    path = tmp_path / "in.jsonl"
    corpus_gen.write_jsonl(letters, path)

    def failing(self, t):
        raise RuntimeError("always")

    monkeypatch.setattr(run_mod._Worker, "one", failing)
    with pytest.raises(run_mod._FailFast):
        _run([path], tmp_path / "out.jsonl", tmp_path, jobs=1, fail_fast=True)
    assert not (tmp_path / "out.jsonl").exists()


def test_folder_csv_and_file_forms(tmp_path):
    """A folder comes back as a folder (same relative paths), a CSV as a CSV (same header,
    other columns untouched, subject column pseudonymized), one text file as one file."""
    letters = _small(tmp_path, 3)
    corpus_gen.write_folder(letters, tmp_path / "in" / "sub")
    _run([tmp_path / "in"], tmp_path / "outdir", tmp_path, jobs=1)
    got = sorted(p.relative_to(tmp_path / "outdir").as_posix()
                 for p in (tmp_path / "outdir").rglob("*.txt"))
    assert got == sorted(f"sub/{lt.id}.txt" for lt in letters)
    for lt in letters:
        out = (tmp_path / "outdir" / "sub" / f"{lt.id}.txt").read_text(encoding="utf-8")
        assert out.count("\n") == lt.text.count("\n")
        names = [s.value for s in lt.spans if s.label == "NAME"]
        assert names and all(n not in out for n in names)

    import csv
    rows = [["id", "site", "note", "subject"]] + [[lt.id, "north", lt.text, lt.subject]
                                                  for lt in letters]
    with open(tmp_path / "in.csv", "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    _run([tmp_path / "in.csv"], tmp_path / "out.csv", tmp_path, jobs=1, text_column="note")
    with open(tmp_path / "out.csv", newline="", encoding="utf-8") as fh:
        back = list(csv.reader(fh))
    assert back[0] == rows[0]
    assert [r[:2] for r in back[1:]] == [r[:2] for r in rows[1:]]
    assert [r[3] for r in back[1:]] == [_pseudonym(KEY, lt.subject) for lt in letters]
    assert all(r[2] != o[2] for r, o in zip(back[1:], rows[1:]))

    (tmp_path / "one.txt").write_text(letters[0].text, encoding="utf-8")
    _run([tmp_path / "one.txt"], tmp_path / "one.out.txt", tmp_path, jobs=1)
    assert (tmp_path / "one.out.txt").read_text(encoding="utf-8") == \
        (tmp_path / "outdir" / "sub" / f"{letters[0].id}.txt").read_text(encoding="utf-8")


def test_findings_and_mapping_files(tmp_path, capsys):
    """--findings writes each document's findings with the offset map (original span →
    output span, matching the output text); --mapping writes original → pseudo with a warning
    on stderr."""
    letters = _small(tmp_path, 2)
    path = tmp_path / "in.jsonl"
    corpus_gen.write_jsonl(letters, path)
    _run([path], tmp_path / "out.jsonl", tmp_path, jobs=1, findings=str(tmp_path / "f.jsonl"),
         mapping=str(tmp_path / "map.tsv"))
    assert "re-identifies" in capsys.readouterr().err
    outs = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    fs = [json.loads(x) for x in (tmp_path / "f.jsonl").read_text().splitlines()]
    mapping = (tmp_path / "map.tsv").read_text(encoding="utf-8").splitlines()
    assert mapping[0] == "entity\toriginal\tpseudo"
    for lt, out, f in zip(letters, outs, fs):
        assert f["id"] == lt.id and f["findings"]
        for o_s, o_e, n_s, n_e, ent in f["offsets"]:
            row = f"{ent}\t{lt.text[o_s:o_e]}\t{out['text'][n_s:n_e]}"
            assert lt.text[o_s:o_e] == out["text"][n_s:n_e] or row in mapping


def test_resume_refuses_other_inputs_or_a_fresh_key(tmp_path, monkeypatch):
    """--resume of a run whose input changed (E836), or with a one-time key (E835), is refused
    rather than mixing two runs' outputs."""
    letters = _small(tmp_path, 2)
    path = tmp_path / "in.jsonl"
    corpus_gen.write_jsonl(letters, path)
    real = run_mod._Worker.one

    def crashing(self, t):
        raise KeyboardInterrupt

    monkeypatch.setattr(run_mod._Worker, "one", crashing)
    with pytest.raises(KeyboardInterrupt):
        _run([path], tmp_path / "out.jsonl", tmp_path, jobs=1)
    monkeypatch.setattr(run_mod._Worker, "one", real)
    opts = RunOptions(inputs=(str(path),), output=str(tmp_path / "out.jsonl"), spacy=False,
                      detectors=DETECTORS, lexicon=LEXICON, resume=True)
    with pytest.raises(ScrubError) as err:
        Runner(opts, KEY, key_generated=True).run()
    assert err.value.code == "E835"
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps({"id": "new", "text": "x"}) + "\n")
    with pytest.raises(ScrubError) as err:
        Runner(opts, KEY).run()
    assert err.value.code == "E836"


@pytest.mark.parametrize("argv, code", [
    (["run", "missing.txt", "-o", "o.txt"], "E800"),
    (["run", "{doc}", "-o", "o.txt", "-k", "0"], "E833"),
    (["run", "{doc}", "-o", "o.txt", "-k", "2", "--quasi-identifiers", "age,shoe"], "E832"),
    (["run", "{doc}", "{jsonl}", "-o", "o"], "E820"),
])
def test_cli_refuses_bad_options_in_one_line(tmp_path, argv, code, monkeypatch, capsys):
    """The command line refuses a missing input, k < 1, an unknown quasi-identifier and
    mixed input forms with one coded line and exit status 2, before any work."""
    from scrub.cli import main

    (tmp_path / "d.txt").write_text("Seen by Dr. Lang.", encoding="utf-8")
    (tmp_path / "d.jsonl").write_text('{"id": 1, "text": "x"}\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCRUB_KEY", "a-test-key-of-some-length")
    argv = [a.format(doc="d.txt", jsonl="d.jsonl") for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"[{code}]" in err[0]


def test_cli_run_with_a_fresh_key_says_so(tmp_path, monkeypatch, capsys):
    """Without --key-file or SCRUB_KEY the run says on stderr that it uses a fresh key, and
    neither stderr nor the output holds the key; exit status 0."""
    from scrub.cli import main

    monkeypatch.delenv("SCRUB_KEY", raising=False)
    monkeypatch.setattr(run_mod, "DEFAULT_LEXICON", LEXICON)
    letters = _small(tmp_path, 1)
    (tmp_path / "d.txt").write_text(letters[0].text, encoding="utf-8")
    seen = {}
    real = run_mod.Runner.__init__

    def spy(self, opts, key, generated=False):
        seen["key"] = key
        real(self, opts, key, generated)

    monkeypatch.setattr(run_mod.Runner, "__init__", spy)
    rc = main(["run", str(tmp_path / "d.txt"), "-o", str(tmp_path / "o.txt"), "--no-spacy",
               "--detectors", ",".join(DETECTORS), "--jobs", "1"])
    err = capsys.readouterr().err
    assert rc == 0 and "fresh random key" in err
    out = (tmp_path / "o.txt").read_bytes()
    assert seen["key"] not in out and seen["key"].hex() not in err


def test_a_worker_dying_on_one_document_fails_only_that_document(tmp_path, monkeypatch, capsys):
    """A document that kills its worker process (as a segfault would) is reported as
    'WorkerDied' and the other documents come out exactly as in a run without it."""
    letters = _small(tmp_path, 8)
    path = tmp_path / "in.jsonl"
    corpus_gen.write_jsonl(letters, path)
    _run([path], tmp_path / "ref.jsonl", tmp_path, jobs=1)
    real = run_mod._Worker.one
    bad = letters[4].id

    def dying(self, t):
        if t.id == bad:
            os._exit(3)
        return real(self, t)

    monkeypatch.setattr(run_mod._Worker, "one", dying)  # fork: the workers inherit it
    summary = _run([path], tmp_path / "out.jsonl", tmp_path, jobs=2,
                   config=_config(tmp_path, chunk_documents=2))
    assert summary.failed == 1
    assert f"document {bad} failed: WorkerDied" in capsys.readouterr().err
    ref = [x for x in (tmp_path / "ref.jsonl").read_text().splitlines()
           if json.loads(x)["id"] != bad]
    assert (tmp_path / "out.jsonl").read_text().splitlines() == ref


def test_table_without_k_shows_what_the_release_shows(tmp_path, capsys):
    """Without -k the subject table holds, per subject pseudonym, the quasi-identifiers as a
    reader of the released notes finds them (not the originals), all unsuppressed; no
    progress bar is drawn when stderr is not a terminal."""
    from scrub.engine import Scrubber

    letters = corpus_gen.make_letters(corpus_gen.make_subjects(5, seed=21), seed=22)
    path = tmp_path / "in.jsonl"
    corpus_gen.write_jsonl(letters, path)
    opts = RunOptions(inputs=(str(path),), output=str(tmp_path / "out.jsonl"), spacy=False,
                      detectors=DETECTORS, lexicon=LEXICON, jobs=1, table=str(tmp_path / "t.csv"))
    Runner(opts, KEY).run()
    assert "%|" not in capsys.readouterr().err
    table = _table(tmp_path / "t.csv")
    scrubber = Scrubber(spacy=False, detectors=DETECTORS)
    records: dict[str, list] = {}
    for line in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        a = scrubber.analyze(doc["text"])
        ms = fielded.mentions(doc["text"], a.findings, a.candidates, LEXICON.sex_of)
        records.setdefault(doc["subject"], []).append(fielded.record(ms))
    assert set(records) == set(table)
    for pseudo, recs in records.items():
        row = fielded.merge_records(recs, ("age", "sex", "zip"))
        assert {q: table[pseudo][q] for q in ("age", "sex", "zip")} == row
        assert table[pseudo]["suppressed"] == "false"


def test_unknown_run_option_is_refused(tmp_path):
    """A [run] key the runner does not know is an error naming it (E830), before any work."""
    (tmp_path / "d.txt").write_text("x", encoding="utf-8")
    cfg = _config(tmp_path, chunks=3)
    with pytest.raises(ScrubError) as err:
        _run([tmp_path / "d.txt"], tmp_path / "o.txt", tmp_path, config=cfg)
    assert err.value.code == "E830" and "chunks" in str(err.value)


def test_folder_output_resumes_to_the_same_files(tmp_path, monkeypatch):
    """A folder run interrupted after some files leaves the output folder absent, and the
    resumed run writes the same files as an uninterrupted one."""
    letters = _small(tmp_path, 6)
    corpus_gen.write_folder(letters, tmp_path / "in")
    cfg = _config(tmp_path, checkpoint_seconds=0, chunk_documents=2)
    _run([tmp_path / "in"], tmp_path / "ref", tmp_path, jobs=1, config=cfg)
    real = run_mod._Worker.one
    calls = {"n": 0}

    def crashing(self, t):
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return real(self, t)

    monkeypatch.setattr(run_mod._Worker, "one", crashing)
    with pytest.raises(KeyboardInterrupt):
        _run([tmp_path / "in"], tmp_path / "out", tmp_path, jobs=1, config=cfg)
    assert not (tmp_path / "out").exists()
    monkeypatch.setattr(run_mod._Worker, "one", real)
    _run([tmp_path / "in"], tmp_path / "out", tmp_path, jobs=1, config=cfg, resume=True)
    files = sorted(p.name for p in (tmp_path / "ref").iterdir())
    assert files == sorted(f"{lt.id}.txt" for lt in letters)
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == files
    assert all((tmp_path / "out" / f).read_bytes() == (tmp_path / "ref" / f).read_bytes()
               for f in files)
