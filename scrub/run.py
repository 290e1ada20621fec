"""`scrub run`: whole archives through detection, replacement and (with -k) k-anonymity, in the
form they came (folder → folder, JSONL → JSONL, CSV → CSV, one file → one file).

The runner streams: documents go to worker processes in small chunks with a bounded number in
flight, results come back in input order, so memory stays flat and the output is the same byte
for byte whatever --jobs is. Outputs are built in a hidden state folder beside the output
(`.OUT.scrub-run/`) with a journal of fsynced checkpoints; they are moved into place only when
complete, and `--resume` continues an interrupted run from its last checkpoint.

Outputs are UTF-8 whatever --encoding the inputs had. A JSONL or CSV subject field is written as
the subject's keyed pseudonym (the one the subject table shows), never the original id; the
id field is kept. Place composites (address blocks, identification blocks) are replaced part by
part, so `--findings` lists their parts, with the offset map (original span → output span).

With -k the run makes two passes: the first detects and collects, per subject, the
quasi-identifiers its notes reveal (scrub.fielded; memory O(subjects), the findings go to a
temporary file in the state folder), the tabular module picks the generalization levels, and
the second pass replaces every document with its quasi-identifiers rendered at those levels.

Configuration, section [run] of the TOML file (defaults):

    jobs = 0                    # worker processes; 0 → os.cpu_count(); --jobs wins
    chunk_documents = 256       # most documents per task sent to a worker (the first are smaller)
    chunk_chars = 1000000       # ... or fewer, when they hold this many characters
    in_flight = 4               # tasks queued per worker (bounds memory)
    checkpoint_seconds = 2.0    # how often progress is made durable for --resume (0: every task)
    quasi_identifiers = ["age", "sex", "zip"]   # -k's default; --quasi-identifiers wins
    suppression = 0.02          # share of subjects -k may suppress; --suppression wins
    metric = "loss"             # "loss" (ARX) or "precision" (the thesis's Prec)
    age_widths = [5, 10, 20]    # age bands of the age hierarchy, then *
    min_levels = {}             # never release finer than this, e.g. {zip = 2, city = 1}
    population_size = 331449281 # for population-uniqueness estimates (US census 2020)
    tags = {}                   # text of a suppressed quasi-identifier, e.g. {age = "[AGE]"}
    century_pivot = 30          # two-digit years below it are 20xx

Errors (one line each): E820 inputs mixing JSONL/CSV with other forms, E821 a file as the output
of a folder run, E822 CSV inputs with different headers, E823 --resume with stdin, E824 -k with stdin, E830 unknown
[run] key, E831 bad [run] value, E832 unknown quasi-identifier, E833 k below 1, E834
suppression outside 0..1, E835 --resume with a one-time key, E836 --resume with other inputs,
options or key, E837 unreadable journal, E838 k above the number of subjects, E840 a worker that
cannot start; reading errors are scrub.io's (E800-E810).

Exit status: 0 all documents done, 1 some failed (each reported by id and exception type on
stderr, never its text), 2 bad input or usage, 130 interrupted.
"""
from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import json
import os
import pickle
import shutil
import signal
import sys
import time
from collections import Counter, deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from . import fielded
from .config import Config
from .errors import ScrubError
from .io import (InputDocument, ReadFailure, check_encoding, classify_input, csv_header,
                 csv_layout, csv_record, folder_files, iter_documents, jsonl_record)

DEFAULT_RUN: dict[str, Any] = {
    "jobs": 0,
    "chunk_documents": 256,
    "chunk_chars": 1_000_000,
    "in_flight": 4,
    "checkpoint_seconds": 2.0,
    "quasi_identifiers": ["age", "sex", "zip"],
    "suppression": 0.02,
    "metric": "loss",
    "age_widths": [5, 10, 20],
    "min_levels": {},
    "population_size": 331_449_281,
    "tags": {},
    "century_pivot": 30,
}
JOURNAL_VERSION = 1
#: the word lists `scrub run` hands the replacer (None: scrub.lexicon's); tests set a small one
DEFAULT_LEXICON: Any = None
#: composite findings the runner opens into their parts, so each part (a ZIP, a city) can be
#: rendered on its own and found again in the output
_PLACE_COMPOSITES = {"identification_block", "mailing_label", "address_block", "location"}


# ====================================================================================== options

@dataclass(frozen=True)
class RunOptions:
    """Everything a run depends on; `fingerprint()` of the parts that shape the output."""

    inputs: tuple[str, ...]
    output: str
    config: Config = field(default_factory=Config)
    threshold: float | None = None
    spacy: bool | None = None
    spacy_model: str | None = None
    detectors: tuple[str, ...] = ()
    key_file: str | None = None
    findings: str | None = None
    mapping: str | None = None
    table: str | None = None
    report: str | None = None
    jobs: int | None = None
    resume: bool = False
    fail_fast: bool = False
    k: int | None = None
    quasi_identifiers: tuple[str, ...] = ()
    suppression: float | None = None
    encoding: str = "utf-8"
    text_column: str | None = None
    id_column: str | None = None
    subject_column: str | None = None
    progress: bool | None = None   # None → when stderr is a terminal
    lexicon: Any = None            # word lists for replacement (None → scrub.lexicon's)

    def run_opt(self, key: str) -> Any:
        return self.config.section("run").get(key, DEFAULT_RUN[key])

    @property
    def qi(self) -> tuple[str, ...]:
        return tuple(self.quasi_identifiers or self.run_opt("quasi_identifiers"))


def _check_run_section(cfg: Config) -> None:
    sec = cfg.section("run")
    unknown = sorted(set(sec) - set(DEFAULT_RUN))
    if unknown:
        raise ScrubError("E830", f"{cfg.source}: [run] has unknown key(s) {', '.join(unknown)}")
    for key in ("jobs", "chunk_documents", "chunk_chars", "in_flight", "century_pivot"):
        v = sec.get(key, DEFAULT_RUN[key])
        if not isinstance(v, int) or v < (0 if key in ("jobs", "century_pivot") else 1):
            raise ScrubError("E831", f"{cfg.source}: [run] {key} must be a positive integer")
    for key in ("min_levels", "tags"):
        if not isinstance(sec.get(key, {}), dict):
            raise ScrubError("E831", f"{cfg.source}: [run] {key} must be a table")


# ====================================================================================== workers

@dataclass(frozen=True)
class _WorkerSpec:
    config: Config
    threshold: float | None
    spacy: bool | None
    spacy_model: str | None
    detectors: tuple[str, ...]
    key: bytes
    want_findings: bool
    want_mapping: bool
    want_record: bool
    pivot: int
    age_widths: tuple[int, ...]
    tags: dict
    lexicon: Any = None
    form: str = "file"                      # how a result is written: jsonl, csv, file, folder
    text_key: str = "text"
    subject_key: str = "subject"
    dialect: Any = None                     # CsvDialect for csv


@dataclass(frozen=True)
class _Task:
    """One document sent to a worker. `mode`: 'full' (detect + replace), 'detect' (first pass of
    -k), 'render' (second pass: `stored` holds the first pass's findings and mentions)."""

    index: int
    id: str
    text: str
    subject: str | None
    mode: str
    stored: bytes = b""
    plan: tuple = ()          # render: (levels dict, hidden qi tuple)
    doc: InputDocument | None = None   # for writing the record back in its form


@dataclass(frozen=True)
class _Result:
    index: int
    id: str
    error: str = ""
    text: str = ""                          # the output record (line, row, or file text)
    findings: str = ""                      # the --findings line
    mapping: tuple = ()
    record: dict = field(default_factory=dict)
    counts: tuple = ()                      # ((entity, detector), n)
    stored: bytes = b""                     # detect: what the render pass needs


class _Worker:
    """One per process: the engine and the replacer are built once, then serve every task."""

    def __init__(self, spec: _WorkerSpec):
        from .engine import Scrubber
        from .replace import Replacer

        self.spec = spec
        self.scrubber = Scrubber(spec.config, threshold=spec.threshold, spacy=spec.spacy,
                                 spacy_model=spec.spacy_model, detectors=spec.detectors or None)
        self.replacer = Replacer.from_config(spec.config, spec.key, spec.lexicon)
        self._sex_of = None

    def initial(self, name: str) -> str:
        """A keyed initial for a first name whose sex must not show: the same name gives the
        same letter, and the letter is not the name's own (it would narrow the name)."""
        own = name[:1].casefold()
        letters = [c for c in "abcdefghijklmnoprstw" if c != own]
        d = hmac.new(self.spec.key, b"scrub.run.initial\0" + name.casefold().encode("utf-8"),
                     hashlib.sha256).digest()
        c = letters[int.from_bytes(d[:4], "big") % len(letters)]
        return (c.upper() if name[:1].isupper() or not name[:1].isalpha() else c) + "."

    def state_of_city(self, city: str) -> str | None:
        """The home state of a town the lexicon knows (None when it does not, or has none)."""
        try:
            return self.replacer.lists.home_state(city)
        except Exception:  # a lexicon gap must not fail the document
            return None

    def sex_of_name(self, word: str) -> str | None:
        if self._sex_of is None:
            try:
                lists = self.replacer.lists
                self._sex_of = lists.sex_of
            except ScrubError:
                self._sex_of = lambda w: None
        try:
            return self._sex_of(word)
        except Exception:  # a lexicon gap must not fail the document
            return None

    def run(self, tasks: Sequence[_Task]) -> list[_Result]:
        out = []
        for t in tasks:
            try:
                out.append(self.one(t))
            except Exception as exc:  # reported by id and type, never with the text
                out.append(_Result(t.index, t.id, error=_reason(exc)))
        return out

    def one(self, t: _Task) -> _Result:
        from .types import Document

        spec = self.spec
        if t.mode == "render":
            fmt, findings, ms = pickle.loads(t.stored)
            doc = Document(t.text, t.id, fmt, t.subject)
            levels, hidden = t.plan
            return self._replace(t, doc, findings, ms, None, levels, set(hidden))
        analysis = self.scrubber.analyze(t.text, t.id, t.subject)
        doc = analysis.document
        findings = open_composites(analysis.findings, t.text)
        counts = tuple(sorted(Counter((f.entity, f.detector) for f in analysis.findings).items()))
        if t.mode == "detect":
            ms = fielded.mentions(t.text, findings, analysis.candidates, self.sex_of_name,
                                  spec.pivot, self.state_of_city)
            stored = pickle.dumps((doc.format, tuple(findings), tuple(ms)), protocol=5)
            return _Result(t.index, t.id, record=fielded.record(ms), counts=counts,
                           stored=stored)
        return self._replace(t, doc, findings, (), analysis, None, set(), counts)

    def _replace(self, t: _Task, doc, findings, ms, analysis, levels, hidden,
                 counts: tuple = ()) -> _Result:
        spec = self.spec
        render = None
        extra: list = []
        if levels is not None:
            findings, extra, render = plan_rendering(doc.text, findings, ms, levels, hidden,
                                                     spec.age_widths, spec.tags, self.initial)
        rep = self.replacer.replace(doc, sorted(list(findings) + extra,
                                                key=lambda f: (f.start, f.end)), render)
        record: dict = {}
        if spec.want_record and levels is None:
            # the subject table shows what the release shows: read it back from the output
            record = fielded.record(released_mentions(rep, self.sex_of_name, spec.pivot))
        line = ""
        if spec.want_findings:
            line = json.dumps({"id": t.id,
                               "findings": [f.to_json() for f in sorted(
                                   findings, key=lambda f: (f.start, f.end))],
                               "offsets": [list(s) for s in rep.spans]},
                              ensure_ascii=False) + "\n"
        return _Result(t.index, t.id, text=self.record_of(t, rep.text), findings=line,
                       mapping=rep.mapping if spec.want_mapping else (), record=record,
                       counts=counts)

    def record_of(self, t: _Task, text: str) -> str:
        """The output record in the input's form; the subject field carries its pseudonym
        (the subject id can itself identify, an MRN; the subject table shows the same)."""
        spec, doc = self.spec, t.doc
        if doc is None or spec.form in ("file", "folder"):
            return text
        over = None
        if doc.subject is not None and spec.subject_key in doc.extra:
            over = {spec.subject_key: _pseudonym(spec.key, doc.subject)}
        if spec.form == "jsonl":
            return jsonl_record(doc, text, spec.text_key, over)
        return csv_record(doc, text, spec.text_key, spec.dialect, over)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, ScrubError):
        return f"ScrubError {exc.code}"
    return type(exc).__name__


_WORKER: _Worker | None = None
_WORKER_ERROR: tuple[str, str] | None = None


def _init_worker(spec: _WorkerSpec) -> None:
    global _WORKER, _WORKER_ERROR
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides what an interrupt does
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _watch_parent()
    try:
        _WORKER = _Worker(spec)
    except ScrubError as exc:  # said once by the parent, as the one-line error it is
        _WORKER_ERROR = (exc.code, exc.message)
    except Exception as exc:
        _WORKER_ERROR = ("E840", f"a worker could not start ({type(exc).__name__})")


def _watch_parent() -> None:
    """Exit when the parent dies (killed with -9, it cannot shut the pool down; an orphaned
    worker would wait on its queue forever)."""
    import threading

    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _run_chunk(tasks: Sequence[_Task]) -> list[_Result] | tuple[str, str]:
    if _WORKER is None:
        return _WORKER_ERROR or ("E840", "a worker could not start")
    return _WORKER.run(tasks)


# ====================================================================================== findings

def open_composites(findings: Iterable, text: str) -> list:
    """Findings with place composites (address block, location, identification block, mailing
    label) replaced by their parts, so that each part is replaced, rendered and found in the
    output on its own. The replacer keeps the text between the parts of these composites as
    written, so opening them changes nothing else; parts that overlap keep the whole."""
    from .types import Finding

    out = []
    for f in findings:
        if f.entity in _PLACE_COMPOSITES and f.parts and _parts_tile(f):
            parts = [Finding(p.start, p.end, p.entity, p.likelihood, p.detector, p.why, p.parts)
                     for p in f.parts]
            out.extend(open_composites(parts, text))
        else:
            out.append(f)
    return sorted(out, key=lambda f: (f.start, f.end))


def _parts_tile(f) -> bool:
    pos = f.start
    for p in sorted(f.parts, key=lambda p: (p.start, p.end)):
        if p.start < pos or p.end > f.end:
            return False
        pos = p.end
    return True


def _gaps_clean(f, text: str) -> bool:
    """True when the parts of `f` do not overlap and only spaces and punctuation lie between
    them (a letter or digit left between parts would be kept as written)."""
    pos = f.start
    for p in sorted(f.parts, key=lambda p: (p.start, p.end)):
        if p.start < pos or p.end > f.end or any(c.isalnum() for c in text[pos:p.start]):
            return False
        pos = p.end
    return not any(c.isalnum() for c in text[pos:f.end])


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    entity: str
    parts: tuple = ()
    protected: bool = False


def released_mentions(rep, sex_of_name=None, pivot: int = 30) -> list[fielded.Mention]:
    """Quasi-identifiers as a reader of the output sees them: the output spans of the replaced
    findings (with their entity) and the phrases and words of the output text."""
    spans = [_Span(s[2], s[3], s[4]) for s in rep.spans if s[3] > s[2]]
    return fielded.mentions(rep.text, spans, (), sex_of_name, pivot)


def plan_rendering(text: str, findings: Sequence, ms: Sequence[fielded.Mention],
                   levels: dict[str, int], hidden: set[str], age_widths: Sequence[int],
                   tags: dict, initial=None):
    """What the replacer needs to render a document's quasi-identifiers at `levels` (with the
    attributes in `hidden` at the top): the findings (name findings opened when sex must be
    hidden), extra findings for mentions no detector claimed (ages under the threshold,
    pronouns), and the `render` hook. Where sex must not show, every first name becomes a
    keyed `initial(name)`, titles "Mx.", and a name that cannot be opened "[NAME]"."""
    from .types import Finding

    heights = {q: len(fielded._chain(q, "?", age_widths)) - 1 for q in fielded.QI_NAMES}
    wanted = {}
    for m in ms:
        if m.qi in levels:
            wanted[(m.start, m.end)] = m
    sex_hidden = "sex" in levels and ("sex" in hidden or levels["sex"] >= heights["sex"])
    if sex_hidden:
        findings = _open_names(findings, wanted, text)
    occupied = [(f.start, f.end) for f in findings]
    extra = []
    for (s, e), m in sorted(wanted.items()):
        if not fielded._overlaps(occupied, s, e):
            extra.append(Finding(s, e, m.qi if m.qi != "sex" else "sex", 1.0,
                                 "scrub.fielded.v1", "quasi-identifier:" + m.kind))
    sex_mentions = sorted((m.start, m.end, m) for m in wanted.values() if m.qi == "sex")

    def render(f, original: str) -> str | None:
        m = wanted.get((f.start, f.end))
        if m is None and sex_hidden:
            # a title or name whose span differs a little from the mention's ("Mrs" / "Mrs.")
            inside = [x for s, e, x in sex_mentions if f.start <= s and e <= f.end]
            if f.entity == "title" and inside:
                return "Mx." if original.rstrip().endswith(".") else "Mx"
            if f.entity in ("first_name", "middle_name", "nick_name"):
                # a pseudonym keeps the sex of the name it replaces
                return initial(original) if initial is not None else tags.get("name", "[NAME]")
            if f.entity == "full_name":
                return tags.get("name", "[NAME]")  # a name we could not open tells the sex
        if m is None:
            return None
        top = heights[m.qi]
        level = top if m.qi in hidden else min(levels[m.qi], top)
        after = text[f.end:f.end + 20]
        if m.qi == "sex":
            if level == 0:
                return None if m.kind == "first_name" else original
            return fielded.render(m, original, level, top, fielded.SUPPRESSED, after, tags,
                                  initial)
        if m.qi == "age" and m.value.endswith("+") and level < top:
            from .replace.dates import cap_age
            return cap_age(original)
        value = fielded._chain(m.qi, m.value, age_widths)[level]
        if level == 0:
            # the table's spelling: a ZIP+4 or a whole date says more than the table's value
            return value if m.qi in ("zip", "birth_year", "care_year") else original
        return fielded.render(m, original, level, top, value, after, tags)

    return findings, extra, render


def _open_names(findings: Sequence, wanted: dict, text: str) -> list:
    """Full names opened into their parts when only spaces and punctuation lie between them,
    so titles and first names can be rendered without sex; other name findings stay whole."""
    from .types import Finding

    out = []
    for f in findings:
        if f.entity == "full_name" and f.parts and _gaps_clean(f, text):
            out.extend(Finding(p.start, p.end, p.entity, p.likelihood, p.detector, p.why, p.parts)
                       for p in f.parts)
        else:
            out.append(f)
    return sorted(out, key=lambda f: (f.start, f.end))


# ====================================================================================== state

class _State:
    """The hidden folder beside the output where a run builds its files and keeps its journal."""

    PARTS = ("output", "findings", "mapping", "records", "failed", "pass1")

    def __init__(self, output: Path, folder_output: bool):
        self.dir = output.parent / f".{output.name}.scrub-run"
        self.folder_output = folder_output
        self.journal = self.dir / "journal"
        self.files: dict[str, Any] = {}

    def path(self, part: str) -> Path:
        if part == "output" and self.folder_output:
            return self.dir / "output.d"
        return self.dir / f"{part}.part"

    def exists(self) -> bool:
        return self.journal.exists()

    def read(self) -> tuple[dict | None, dict | None]:
        """(header, last complete checkpoint) of the journal; a torn last line is ignored."""
        header = last = None
        try:
            with open(self.journal, "rb") as fh:
                for raw in fh:
                    if not raw.endswith(b"\n"):
                        break
                    try:
                        rec = json.loads(raw)
                    except json.JSONDecodeError:
                        break
                    if rec.get("type") == "header":
                        header = rec
                    else:
                        last = rec
        except FileNotFoundError:
            pass
        return header, last

    def start(self, fingerprint: str) -> None:
        if self.dir.exists():
            shutil.rmtree(self.dir)
        self.dir.mkdir(parents=True)
        os.chmod(self.dir, 0o700)  # it holds findings and records of original values
        if self.folder_output:
            self.path("output").mkdir()
        self._append({"type": "header", "version": JOURNAL_VERSION, "fingerprint": fingerprint})

    def open(self, parts: Iterable[str], sizes: dict[str, int] | None = None) -> None:
        """Open part files for appending, cut back to the sizes of the last checkpoint."""
        sizes = sizes or {}
        for part in parts:
            p = self.path(part)
            if part == "output" and self.folder_output:
                continue
            fh = open(p, "a+b")
            fh.truncate(sizes.get(part, 0))
            fh.seek(0, os.SEEK_END)
            self.files[part] = fh

    def write(self, part: str, data: str | bytes) -> None:
        fh = self.files.get(part)
        if fh is not None:
            fh.write(data.encode("utf-8") if isinstance(data, str) else data)

    def sizes(self) -> dict[str, int]:
        return {p: fh.tell() for p, fh in self.files.items()}

    def checkpoint(self, record: dict) -> None:
        for fh in self.files.values():
            fh.flush()
            os.fsync(fh.fileno())
        if self.folder_output:
            os.sync()  # the staged files of the folder output
        self._append({"type": "checkpoint", **record, "sizes": self.sizes()})

    def close(self) -> None:
        for fh in self.files.values():
            fh.close()
        self.files = {}

    def _append(self, rec: dict) -> None:
        with open(self.journal, "ab") as fh:
            fh.write(json.dumps(rec, sort_keys=True).encode() + b"\n")
            fh.flush()
            os.fsync(fh.fileno())


# ====================================================================================== the run

@dataclass
class RunSummary:
    documents: int = 0
    failed: int = 0
    chars: int = 0
    seconds: float = 0.0
    report: dict = field(default_factory=dict)


class Runner:
    """A corpus run: `Runner(options).run()` returns a summary, or raises ScrubError."""

    def __init__(self, opts: RunOptions, key: bytes, key_generated: bool = False):
        self.opts = opts
        self.key = key
        self.key_generated = key_generated
        _check_run_section(opts.config)
        self.encoding = check_encoding(opts.encoding)
        self.specs = [classify_input(p) for p in opts.inputs]
        self.form = output_form(self.specs, opts.output)
        self.out = Path(opts.output)
        self.state = _State(self.out, self.form == "folder")
        self.csv = None
        if self.form == "csv":
            layouts = {csv_layout(s.path, self.encoding) for s in self.specs}
            if len(layouts) > 1:
                raise ScrubError("E822", "CSV inputs have different headers or delimiters; run "
                                         "them separately")
            self.csv = layouts.pop()
        jobs = opts.jobs if opts.jobs is not None else opts.run_opt("jobs")
        self.jobs = max(1, int(jobs or os.cpu_count() or 1))
        qi = opts.qi
        bad = [q for q in qi if q not in fielded.QI_NAMES]
        if bad:
            raise ScrubError("E832", f"unknown quasi-identifier(s) {', '.join(bad)} (choose from "
                                     f"{', '.join(fielded.QI_NAMES)})")
        if opts.k is not None and opts.k < 1:
            raise ScrubError("E833", f"-k must be 1 or more, got {opts.k}")
        if opts.k and any(s.kind == "stdin" for s in self.specs):
            raise ScrubError("E824", "-k reads its input twice (collect, then render): save "
                                     "stdin to a file first")
        self.suppression = opts.suppression if opts.suppression is not None \
            else float(opts.run_opt("suppression"))
        if not 0.0 <= self.suppression <= 1.0:
            raise ScrubError("E834", f"--suppression {self.suppression} is outside 0..1")
        self.want_record = bool(opts.k or opts.table or opts.report)
        self.widths = tuple(int(w) for w in opts.run_opt("age_widths"))
        self.counts: Counter = Counter()
        self.failed = 0
        self.processed = 0
        self.chars = 0
        self.mapping_seen: set = set()
        self._bar = None
        self._last_ck = 0.0

    # --------------------------------------------------------------------------- fingerprint
    def fingerprint(self) -> str:
        o = self.opts
        ident = []
        for s in self.specs:
            files = [Path(s.path)] if s.kind != "folder" else folder_files(s.path)
            for f in files:
                if s.kind == "stdin":
                    ident.append(["-"])
                    continue
                st = f.stat()
                ident.append([str(f), st.st_size, st.st_mtime_ns])
        key_id = hmac.new(self.key, b"scrub.run.journal", hashlib.sha256).hexdigest()[:16]
        blob = json.dumps({"inputs": ident, "config": o.config.data, "threshold": o.threshold,
                           "spacy": o.spacy, "model": o.spacy_model, "detectors": o.detectors,
                           "key": key_id, "k": o.k, "qi": o.qi, "suppression": self.suppression,
                           "findings": bool(o.findings), "mapping": bool(o.mapping),
                           "table": bool(o.table), "report": bool(o.report),
                           "encoding": self.encoding, "columns": [o.text_column, o.id_column,
                                                                   o.subject_column]},
                          sort_keys=True, default=str)
        return hashlib.sha256(blob.encode()).hexdigest()

    # --------------------------------------------------------------------------- main
    def run(self) -> RunSummary:
        t0 = time.monotonic()
        fp = self.fingerprint()
        header, last = self.state.read()
        resumed = None
        if self.opts.resume:
            if any(s.kind == "stdin" for s in self.specs):
                raise ScrubError("E823", "--resume cannot tell whether stdin is the same input; "
                                         "save it to a file first")
            if header is None:
                _say("no interrupted run to resume here: starting afresh")
            elif self.key_generated:
                raise ScrubError("E835", "cannot resume: this run has a fresh one-time key, so "
                                         "pseudo-values would differ; give the interrupted run's "
                                         "--key-file or SCRUB_KEY")
            elif header.get("fingerprint") != fp or header.get("version") != JOURNAL_VERSION:
                raise ScrubError("E836", f"cannot resume: the inputs, options or key differ from "
                                         f"the interrupted run's (state in {self.state.dir}); "
                                         f"run again without --resume")
            else:
                resumed = last or {"phase": "main" if not self.opts.k else "pass1", "docs": 0}
        elif header is not None:
            _say(f"discarding the progress of an interrupted run ({self.state.dir}); "
                 f"use --resume to continue one")
        if resumed is None:
            self.state.start(fp)
            resumed = {"phase": "pass1" if self.opts.k else "main", "docs": 0}
        interrupted = False
        old = signal.getsignal(signal.SIGTERM)
        signal.signal(signal.SIGTERM, _terminate)
        try:
            report = self._phases(resumed)
        except KeyboardInterrupt:
            interrupted = True
            raise
        finally:
            signal.signal(signal.SIGTERM, old)
            self.state.close()
            if self._bar is not None:
                self._bar.close()
            if interrupted:
                _say(f"interrupted: progress kept in {self.state.dir}; run again with --resume")
        return RunSummary(self.processed, self.failed, self.chars, time.monotonic() - t0, report)

    def _phases(self, ck: dict) -> dict:
        phase = ck.get("phase")
        self._restore(ck)
        plan = None
        if phase == "pass1":
            self.state.open(["records", "failed", "pass1"], ck.get("sizes"))
            self._pass(ck.get("docs", 0), "detect", None)
            # the second pass counts documents and characters again; failures are kept
            self.processed = self.chars = 0
            self.state.checkpoint({"phase": "main", "docs": 0, "pass1_offset": 0,
                                   "counts": self._counts_json(), "failed": self.failed,
                                   "processed": 0, "chars": 0})
            self.state.close()
            ck = self.state.read()[1] or {}
            phase = "main"
        if self.opts.k:
            plan = self._plan()
        if phase == "main":
            parts = ["output", "findings", "mapping", "failed"]
            if not self.opts.k:
                parts.append("records")
            self.state.open(parts, ck.get("sizes"))
            if ck.get("docs", 0) == 0 and self.form == "csv" and self.state.sizes().get("output") == 0:
                self.state.write("output", csv_header(self.csv[0], self.csv[1]))
            if self.opts.mapping:
                self._reload_mapping()
            self._pass(ck.get("docs", 0), "render" if self.opts.k else "full", plan,
                       ck.get("pass1_offset", 0))
            report = self._finish(plan)
            self.state.close()
            self.state.checkpoint({"phase": "final", "docs": self.processed})
            phase = "final"
        if phase == "final":
            if self.processed == 0:
                self.processed = ck.get("docs", 0)
            return self._finalize()
        raise ScrubError("E837", f"{self.state.journal}: unknown phase in the journal")  # pragma: no cover

    def _restore(self, ck: dict) -> None:
        self.counts = Counter({tuple(k.split("\t")): v for k, v in ck.get("counts", {}).items()})
        self.failed = ck.get("failed", 0)
        self.processed = ck.get("processed", 0)
        self.chars = ck.get("chars", 0)

    def _counts_json(self) -> dict:
        return {"\t".join(k): v for k, v in sorted(self.counts.items())}

    def _reload_mapping(self) -> None:
        fh = self.state.files.get("mapping")
        if fh is None:
            return
        fh.flush()
        with open(self.state.path("mapping"), "rb") as r:
            for raw in r:
                self.mapping_seen.add(tuple(json.loads(raw)))

    # --------------------------------------------------------------------------- one pass
    def _documents(self, skip: int) -> Iterator[tuple[int, InputDocument | ReadFailure]]:
        o = self.opts
        docs = iter_documents([s.path for s in self.specs], encoding=self.encoding,
                              text_column=o.text_column, id_column=o.id_column,
                              subject_column=o.subject_column, errors="yield")
        for i, d in enumerate(docs):
            if i >= skip:
                yield i, d

    def _pass(self, skip: int, mode: str, plan, pass1_offset: int = 0) -> None:
        o = self.opts
        spec = _WorkerSpec(o.config, o.threshold, o.spacy, o.spacy_model, o.detectors, self.key,
                           bool(o.findings), bool(o.mapping), self.want_record,
                           int(o.run_opt("century_pivot")), self.widths,
                           dict(o.run_opt("tags")), o.lexicon, self.form,
                           o.text_column or "text", o.subject_column or "subject",
                           self.csv[1] if self.csv else None)
        stored = None
        if mode == "render":
            stored = open(self.state.path("pass1"), "rb")
            stored.seek(pass1_offset)
        self._progress_start(skip)
        pending_docs: dict[int, tuple] = {}
        self._stored_pos = pass1_offset
        try:
            tasks = self._tasks(skip, mode, plan, stored, pending_docs)
            for results in _execute(spec, tasks, self.jobs, int(o.run_opt("in_flight"))):
                for r in results:
                    doc, offset = pending_docs.pop(r.index)
                    self._stored_pos = offset
                    self._take(doc, r, mode)
                self._maybe_checkpoint(mode, stored)
                if o.fail_fast and self.failed:
                    raise _FailFast()
        finally:
            if stored is not None:
                stored.close()
        self._maybe_checkpoint(mode, None, force=True)

    def _tasks(self, skip: int, mode: str, plan, stored, pending: dict
               ) -> Iterator[list[_Task]]:
        """Chunks of tasks; a document that failed to read (or failed the first pass) becomes a
        failure result without going to a worker."""
        max_docs = int(self.opts.run_opt("chunk_documents"))
        max_chars = int(self.opts.run_opt("chunk_chars"))
        # chunks start small and double up to the limit: a small corpus still reaches every
        # worker, a large one pays the per-task cost of the pool rarely
        limit = min(max_docs, 4)
        chunk: list[_Task] = []
        size = 0
        for i, d in self._documents(skip):
            entry = None
            offset = 0
            if stored is not None:
                entry = pickle.load(stored)
                offset = stored.tell()
            pending[i] = (d, offset)
            if entry is not None and entry[0] == "failed":
                chunk.append(_Task(i, d.id, "", None, "skip"))  # reported by the first pass
                continue
            if isinstance(d, ReadFailure):
                chunk.append(_Task(i, d.id, "", None, "failed:" + f"ScrubError {d.error.code}"))
                continue
            subject = d.subject if d.subject is not None else d.id
            if mode == "render":
                levels, supp = plan
                hidden = tuple(levels) if _pseudonym(self.key, subject) in supp else ()
                chunk.append(_Task(i, d.id, d.text, subject, mode, entry[1], (levels, hidden),
                                   self._slim(d)))
            else:
                chunk.append(_Task(i, d.id, d.text, subject, mode,
                                   doc=self._slim(d) if mode == "full" else None))
            size += len(d.text)
            if len(chunk) >= limit or size >= max_chars:
                limit = min(max_docs, limit * 2)
                yield chunk
                chunk, size = [], 0
        if chunk:
            yield chunk

    def _take(self, doc, r: _Result, mode: str) -> None:
        """Write one document's result, in input order."""
        st = self.state
        self.processed += 1
        if r.error:
            if r.error != "skip":
                self.failed += 1
                _say(f"document {r.id} failed: {r.error}")
                st.write("failed", json.dumps({"id": r.id, "reason": r.error}) + "\n")
            if mode == "detect":
                st.write("pass1", pickle.dumps(("failed", b""), protocol=5))
            return
        self.counts.update(dict((tuple(k), v) for k, v in r.counts))
        if self._bar is not None:
            self._bar.update(len(doc.text))
            self._bar.set_postfix(docs=self.processed, refresh=False)
        self.chars += len(doc.text)
        subject = doc.subject if doc.subject is not None else doc.id
        if self.want_record and mode != "render":
            st.write("records", json.dumps({"s": subject, "r": r.record}, ensure_ascii=False,
                                           sort_keys=True) + "\n")
        if mode == "detect":
            st.write("pass1", pickle.dumps(("ok", r.stored), protocol=5))
            return
        self._write_output(doc, r.text)
        if r.findings:
            st.write("findings", r.findings)
        for entry in r.mapping:
            if entry not in self.mapping_seen:
                self.mapping_seen.add(entry)
                st.write("mapping", json.dumps(list(entry), ensure_ascii=False) + "\n")

    def _slim(self, d: InputDocument) -> InputDocument | None:
        """What a worker needs to write the record back: the document itself (its text is the
        task's text, the same object, which pickle sends once)."""
        return d if self.form in ("jsonl", "csv") else None

    def _write_output(self, doc: InputDocument, text: str) -> None:
        if self.form != "folder":
            self.state.write("output", text)
        else:
            rel = self._relpath(doc)
            target = self.state.path("output") / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "wb") as fh:
                fh.write(text.encode("utf-8"))

    def _relpath(self, doc: InputDocument) -> str:
        if len(self.specs) == 1:
            return doc.relpath
        spec = next(s for s in self.specs if doc.source == s.path or
                    (s.kind == "folder" and Path(doc.source).is_relative_to(s.path)))
        if spec.kind == "folder":
            return f"{Path(spec.path).name}/{doc.relpath}"
        return doc.relpath

    def _maybe_checkpoint(self, mode: str, stored, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last_ck < float(self.opts.run_opt("checkpoint_seconds")):
            return
        self._last_ck = now
        rec = {"phase": "pass1" if mode == "detect" else "main", "docs": self.processed,
               "counts": self._counts_json(), "failed": self.failed,
               "processed": self.processed, "chars": self.chars}
        if mode == "render":
            rec["pass1_offset"] = getattr(self, "_stored_pos", 0)
        if force and mode == "detect":
            return  # the caller writes the phase change
        self.state.checkpoint(rec)

    def _progress_start(self, skip: int) -> None:
        show = self.opts.progress if self.opts.progress is not None else sys.stderr.isatty()
        if not show:
            return
        try:
            from tqdm import tqdm
        except ImportError:  # pragma: no cover - tqdm comes with spaCy
            return
        total = 0
        for s in self.specs:
            if s.kind == "folder":
                total += sum(f.stat().st_size for f in folder_files(s.path))
            elif s.kind != "stdin":
                total += Path(s.path).stat().st_size
        if self._bar is not None:
            self._bar.close()
        self._bar = tqdm(total=total or None, unit="B", unit_scale=True, file=sys.stderr,
                         desc="scrub run" if not self.opts.k else "scrub run (pass)",
                         dynamic_ncols=True, leave=False)

    # --------------------------------------------------------------------------- subjects
    def _subjects(self) -> dict[str, dict[str, str]]:
        """Subject → its row of quasi-identifiers (all of QI_NAMES), from the records file."""
        pooled: dict[str, dict[str, Counter]] = {}
        fh = self.state.files.get("records")
        if fh is not None:
            fh.flush()
        path = self.state.path("records")
        if path.exists():
            with open(path, "rb") as r:
                for raw in r:
                    rec = json.loads(raw)
                    slot = pooled.setdefault(rec["s"], {})
                    for q, vs in rec["r"].items():
                        slot.setdefault(q, Counter()).update(vs)
        return {s: fielded.row_from_counts(v) for s, v in pooled.items()}

    def _plan(self) -> tuple[dict[str, int], set[str]]:
        """Run the tabular search over the subject table: levels per QI and suppressed subjects
        (by pseudonym). Deterministic: the same records give the same plan."""
        from .tabular import anonymize

        subjects = self._subjects()
        qi = list(self.opts.qi)
        names = sorted(subjects)
        rows = [[_pseudonym(self.key, s)] + [subjects[s][q] for q in qi] for s in names]
        if not rows:
            self._anon = None
            return {q: 0 for q in qi}, set()
        if self.opts.k > len(rows):
            raise ScrubError("E838", f"-k {self.opts.k} is larger than the number of subjects "
                                     f"({len(rows)})")
        hier = fielded.hierarchies([dict(zip(["subject"] + qi, r)) for r in rows], qi, self.widths)
        floor = {q: int(v) for q, v in dict(self.opts.run_opt("min_levels")).items() if q in qi}
        result = anonymize([["subject"] + qi] + rows, qi=qi, hierarchies=hier, k=self.opts.k,
                           suppression=self.suppression, metric=self.opts.run_opt("metric"),
                           previous={"levels": floor} if floor else None)
        self._anon = result
        supp = {row[0] for row, s in zip(result.rows, result.suppressed) if s}
        return dict(result.levels), supp

    # --------------------------------------------------------------------------- the end
    def _finish(self, plan) -> dict:
        """Subject table, report and mapping into the state folder (moved into place later)."""
        o = self.opts
        qi = list(o.qi)
        table_rows: list[list[str]] = []
        anon = getattr(self, "_anon", None)
        if o.k and anon is not None:
            for row, s in zip(anon.rows, anon.suppressed):
                table_rows.append(list(row) + ["true" if s else "false"])
        elif self.want_record:
            subjects = self._subjects()
            for s in sorted(subjects):
                table_rows.append([_pseudonym(self.key, s)] + [subjects[s][q] for q in qi]
                                  + ["false"])
        table_rows.sort(key=lambda r: r[0])
        if o.table:
            from .io import CsvDialect, _csv_line
            d = CsvDialect(",", "\n")
            body = _csv_line(["subject"] + qi + ["suppressed"], d) + "".join(
                _csv_line(r, d) for r in table_rows)
            (self.state.dir / "table.part").write_text(body, encoding="utf-8")
        report = self._report(qi, table_rows, plan, anon)
        if True:  # always: the summary at the end (and a resumed finalization) reads it
            (self.state.dir / "report.part").write_text(
                json.dumps(report, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                encoding="utf-8")
        if o.mapping:
            from .replace import write_mapping
            fh = self.state.files.get("mapping")
            if fh is not None:
                fh.flush()
            entries = [tuple(json.loads(raw)) for raw in
                       open(self.state.path("mapping"), "rb")]
            tmp = self.state.dir / ("mapping.final" + Path(o.mapping).suffix)
            warning = write_mapping(tmp, entries)
            _say(f"warning: {o.mapping}: {warning}")
        return report

    def _report(self, qi, table_rows, plan, anon) -> dict:
        from .tabular import assess_risk

        entities: dict[str, dict[str, int]] = {}
        for (ent, det), n in sorted(self.counts.items()):
            entities.setdefault(ent, {})[det] = n
        failed = []
        fp = self.state.path("failed")
        if fp.exists():
            failed = [json.loads(raw) for raw in open(fp, "rb")]
        rep: dict[str, Any] = {"documents": self.processed, "failed": failed,
                               "entities": entities, "quasi_identifiers": qi,
                               "subjects": len(table_rows)}
        released = [r for r in table_rows if r[-1] == "false"]
        if released and qi:
            risk = assess_risk([["subject"] + qi] + [r[:-1] for r in released], qi,
                               population_size=float(self.opts.run_opt("population_size")))
            rep["risk"] = {k: risk[k] for k in ("k_anonymity", "sample_uniques", "classes",
                                                 "prosecutor_risk", "journalist_risk",
                                                 "marketer_risk", "population_size",
                                                 "population_uniques")}
        if anon is not None:
            rep["k"] = anon.k
            rep["k_required"] = anon.k_required
            rep["suppressed_subjects"] = anon.n_suppressed
            rep["levels"] = dict(anon.levels)
            gen = anon.report()
            gen.pop("advice", None)  # min_levels reach the search as a "previous release" floor
            rep["generalization"] = gen
        elif self.opts.k:
            rep["k"] = None
        return rep

    def _finalize(self) -> dict:
        """Move every finished file into place, main output first, then drop the state."""
        o = self.opts
        moves = []
        if self.form == "folder":
            staged = self.state.path("output")
            if staged.exists():
                for f in sorted(p for p in staged.rglob("*") if p.is_file()):
                    moves.append((f, self.out / f.relative_to(staged)))
        else:
            moves.append((self.state.path("output"), self.out))
        if o.findings:
            moves.append((self.state.path("findings"), Path(o.findings)))
        if o.mapping:
            moves.append((self.state.dir / ("mapping.final" + Path(o.mapping).suffix),
                          Path(o.mapping)))
        if o.table:
            moves.append((self.state.dir / "table.part", Path(o.table)))
        report = {}
        rp = self.state.dir / "report.part"
        if rp.exists():
            report = json.loads(rp.read_text(encoding="utf-8"))
        if o.report:
            moves.append((rp, Path(o.report)))
        if self.form == "folder":
            self.out.mkdir(parents=True, exist_ok=True)
        for src, dst in moves:
            if src.exists():
                dst.parent.mkdir(parents=True, exist_ok=True)
                os.replace(src, dst)
        if not report:
            report = {"documents": self.processed}
        shutil.rmtree(self.state.dir, ignore_errors=True)
        return report


class _FailFast(Exception):
    pass


def _terminate(signum, frame):  # SIGTERM: stop like Ctrl-C, keeping what is durable
    raise KeyboardInterrupt


def _say(msg: str) -> None:
    print(f"scrub: {msg}", file=sys.stderr, flush=True)


@functools.lru_cache(maxsize=65536)
def _pseudonym(key: bytes, subject: str) -> str:
    """The subject's keyed pseudonym: the same subject, the same key, the same pseudonym."""
    d = hmac.new(key, b"scrub.run.subject\0" + subject.encode("utf-8"), hashlib.sha256).digest()
    return "S" + base64.b32encode(d[:10]).decode().lower()


def output_form(specs, output: str) -> str:
    """'jsonl', 'csv', 'file' or 'folder': the output takes the inputs' form."""
    kinds = {s.kind for s in specs}
    if kinds == {"jsonl"}:
        return "jsonl"
    if kinds == {"csv"}:
        return "csv"
    if kinds & {"jsonl", "csv"}:
        raise ScrubError("E820", "inputs mix JSONL or CSV with other forms; run them separately")
    if len(specs) == 1 and specs[0].kind in ("text", "stdin") and not (
            output.endswith(os.sep) or Path(output).is_dir()):
        return "file"
    if Path(output).exists() and not Path(output).is_dir():
        raise ScrubError("E821", f"{output}: output for a folder of documents must be a folder")
    return "folder"


# ====================================================================================== execution

def _execute(spec: _WorkerSpec, chunks: Iterable[list[_Task]], jobs: int, in_flight: int
             ) -> Iterator[list[_Result]]:
    """Results of each chunk, in order. One process: in place. Several: a pool with at most
    `jobs * in_flight` chunks queued, so a huge input never piles up in memory."""
    worker: _Worker | None = None

    def local(chunk: list[_Task]) -> list[_Result]:
        nonlocal worker
        todo = [t for t in chunk if not t.mode.startswith(("failed:", "skip"))]
        done = {}
        if todo:
            if worker is None:
                worker = _Worker(spec)
            done = {r.index: r for r in worker.run(todo)}
        return [_placeholder(t) or done[t.index] for t in chunk]

    if jobs <= 1:
        for chunk in chunks:
            yield local(chunk)
        return
    pool = _Pool(spec, jobs)
    pending: deque = deque()
    # The pool pickles tasks and unpickles results in helper threads of this process; with
    # the default 5 ms switch interval each hand-over of the GIL between them and this thread
    # (parsing input, writing output) can stall the workers. Hand it over sooner.
    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(min(old_interval, 0.0002))
    try:
        for chunk in chunks:
            pending.append((chunk, pool.submit(chunk)))
            while len(pending) >= jobs * in_flight:
                yield pool.collect(*pending.popleft(), pending)
        while pending:
            yield pool.collect(*pending.popleft(), pending)
    finally:
        sys.setswitchinterval(old_interval)
        pool.shutdown()


def _todo(chunk: Sequence[_Task]) -> list[_Task]:
    return [t for t in chunk if not t.mode.startswith(("failed:", "skip"))]


class _Pool:
    """A process pool that survives a worker dying (a segfault, the out-of-memory killer) in one
    document: the chunk that was running is retried one document at a time in a fresh pool, the
    document that kills its worker again is reported as failed ('WorkerDied'), and the chunks
    queued behind it are submitted again."""

    def __init__(self, spec: _WorkerSpec, jobs: int):
        import multiprocessing as mp

        self.spec = spec
        self.jobs = jobs
        self.ctx = mp.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        self.pool = self._new()

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.jobs, mp_context=self.ctx, initializer=_init_worker,
                                   initargs=(self.spec,))

    def submit(self, chunk: Sequence[_Task]):
        todo = _todo(chunk)
        return self.pool.submit(_run_chunk, todo) if todo else None

    def _restart(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)
        self.pool = self._new()

    def collect(self, chunk: list[_Task], fut, pending: deque) -> list[_Result]:
        try:
            return _collect(chunk, fut)
        except BrokenProcessPool:
            pass
        self._restart()
        done: dict[int, _Result] = {}
        for t in _todo(chunk):
            try:
                (r,) = _collect([t], self.pool.submit(_run_chunk, [t]))
            except BrokenProcessPool:
                self._restart()
                r = _Result(t.index, t.id, error="WorkerDied")
            done[t.index] = r
        # the futures queued behind belonged to the broken pool: submit their chunks again
        for i in range(len(pending)):
            c, _ = pending[i]
            pending[i] = (c, self.submit(c))
        return [_placeholder(t) or done[t.index] for t in chunk]

    def shutdown(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


def _placeholder(t: _Task) -> _Result | None:
    if t.mode.startswith("failed:"):
        return _Result(t.index, t.id, error=t.mode[len("failed:"):])
    if t.mode == "skip":
        return _Result(t.index, t.id, error="skip")
    return None


def _collect(chunk: list[_Task], fut) -> list[_Result]:
    done = {}
    if fut is not None:
        results = fut.result()  # BrokenProcessPool when a worker died: _Pool.collect retries
        if isinstance(results, tuple):
            raise ScrubError(results[0], results[1])
        done = {r.index: r for r in results}
    return [_placeholder(t) or done[t.index] for t in chunk]


# ====================================================================================== CLI

def register(subparsers) -> None:
    """Add `scrub run` to the command line."""
    p = subparsers.add_parser(
        "run", help="de-identify an archive (folder, JSONL, CSV) into the same form",
        description="De-identify documents and write them in the form they came: a folder of "
                    ".txt files to a folder, JSONL to JSONL (same ids, 'text' replaced, other "
                    "fields untouched), CSV to CSV. With -k, make the subjects k-anonymous "
                    "over their quasi-identifiers and render those in the text at the chosen "
                    "generalization.")
    p.add_argument("inputs", nargs="+", metavar="INPUT")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="output file or folder (written under a temporary name, moved into "
                        "place when complete)")
    p.add_argument("--config", metavar="FILE", help="TOML configuration ([detect], [replace], [run])")
    p.add_argument("--threshold", type=float, default=None, help="arbiter threshold, 0..1")
    p.add_argument("--no-spacy", action="store_true", help="do not run the spaCy entity detector")
    p.add_argument("--spacy-model", metavar="NAME", help="spaCy model to load")
    p.add_argument("--detectors", metavar="A,B", help="only these detectors")
    p.add_argument("--key-file", metavar="F", help="secret key file (else $SCRUB_KEY, else a "
                                                   "fresh one-time key)")
    p.add_argument("--findings", metavar="FINDINGS.jsonl",
                   help="also write the findings and the offset map of each document")
    p.add_argument("--mapping", metavar="MAP.tsv",
                   help="also write original → pseudo-value (re-identifies! keep it apart)")
    p.add_argument("--jobs", "-j", type=int, default=None, metavar="N",
                   help="worker processes (default: the number of cores)")
    p.add_argument("--resume", action="store_true", help="continue an interrupted run")
    p.add_argument("--fail-fast", action="store_true", help="stop at the first failed document")
    p.add_argument("--table", metavar="SUBJECTS.csv",
                   help="write one row per subject: pseudonym, quasi-identifiers as released, "
                        "suppressed")
    p.add_argument("-k", type=int, default=None, metavar="K",
                   help="make the subjects K-anonymous and render the text to match")
    p.add_argument("--quasi-identifiers", metavar="A,B",
                   help=f"quasi-identifiers for -k and --table (of {', '.join(fielded.QI_NAMES)}; "
                        f"default {','.join(DEFAULT_RUN['quasi_identifiers'])})")
    p.add_argument("--suppression", type=float, default=None, metavar="SHARE",
                   help="share of subjects -k may suppress (default 0.02)")
    p.add_argument("--report", metavar="REPORT.json", help="write the risk report as JSON")
    p.add_argument("--text-column", metavar="NAME", help="the text field/column (default text)")
    p.add_argument("--id-column", metavar="NAME", help="the id field/column (default id)")
    p.add_argument("--subject-column", metavar="NAME",
                   help="the subject field/column (default subject)")
    p.add_argument("--encoding", default="utf-8", help="encoding of the inputs (default utf-8)")
    p.add_argument("--progress", action=argparse_bool(), default=None,
                   help="show a progress bar (default: when stderr is a terminal)")
    p.set_defaults(func=cmd_run)


def argparse_bool():
    import argparse
    return argparse.BooleanOptionalAction


def cmd_run(args) -> int:
    from .replace import load_key
    from .replace.keys import FRESH_KEY_NOTICE

    cfg = Config.load(args.config)
    key, generated = load_key(args.key_file)
    qi = tuple(q.strip() for q in args.quasi_identifiers.split(",") if q.strip()) \
        if args.quasi_identifiers else ()
    opts = RunOptions(
        inputs=tuple(args.inputs), output=args.output, config=cfg, threshold=args.threshold,
        spacy=False if args.no_spacy else None, spacy_model=args.spacy_model,
        detectors=tuple(args.detectors.split(",")) if args.detectors else (),
        key_file=args.key_file, findings=args.findings, mapping=args.mapping, table=args.table,
        report=args.report, jobs=args.jobs, resume=args.resume, fail_fast=args.fail_fast,
        k=args.k, quasi_identifiers=qi, suppression=args.suppression, encoding=args.encoding,
        text_column=args.text_column, id_column=args.id_column,
        subject_column=args.subject_column, progress=args.progress, lexicon=DEFAULT_LEXICON)
    runner = Runner(opts, key, generated)  # checks the inputs and options first
    if generated:
        _say(FRESH_KEY_NOTICE)
    try:
        summary = runner.run()
    except _FailFast:
        _say(f"stopped at the first failed document (--fail-fast); progress kept in "
             f"{runner.state.dir}; nothing was written to {args.output}")
        return 1
    _say(summarize(summary))
    return 1 if summary.failed else 0


def summarize(s: RunSummary) -> str:
    """The few lines said on stderr at the end of a run."""
    r = s.report
    mb = s.chars / 1e6
    lines = [f"{s.documents} documents ({mb:.2f} M characters) in {s.seconds:.1f} s"
             + (f", {mb / s.seconds:.2f} MB/s" if s.seconds > 0 else "")
             + (f"; {s.failed} FAILED" if s.failed else "")]
    ents = r.get("entities", {})
    if ents:
        top = sorted(((sum(d.values()), e) for e, d in ents.items()), reverse=True)[:8]
        lines.append("  found: " + ", ".join(f"{e} {n}" for n, e in top))
    if "subjects" in r and r.get("quasi_identifiers"):
        risk = r.get("risk", {})
        line = f"  subjects: {r['subjects']}"
        if "k" in r:
            line += f"; k = {r['k']} (asked {r.get('k_required')}), " \
                    f"{r.get('suppressed_subjects', 0)} suppressed; levels " + \
                    ", ".join(f"{q}={lv}" for q, lv in r.get("levels", {}).items())
        if risk:
            line += f"; sample uniques {risk.get('sample_uniques')}"
            pu = risk.get("population_uniques") or {}
            if pu.get("dankar") is not None:
                line += f"; population uniques (Dankar) {pu['dankar']:.3g}"
        lines.append(line)
    return "\n".join(lines)


__all__ = ["RunOptions", "Runner", "RunSummary", "register", "cmd_run", "open_composites",
           "plan_rendering", "released_mentions", "output_form", "DEFAULT_RUN"]
