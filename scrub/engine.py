"""The engine: one trip through the house for one document.

text → Document (format class) → every detector proposes candidates (independently; order and
threads change nothing) → arbiter → posting (values of confirmed findings raise their later
mentions) → arbiter again → blocks (identification block, mailing label, address block from
the findings of consecutive lines) → arbiter again → findings.
"""
from __future__ import annotations

import functools

import bisect
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

import regex

from . import registry
from .arbiter import arbitrate
from .blocks import propose_blocks
from .config import Config
from .detector import Detector, DetectorSettings
from .errors import ScrubError
from .entities import CATALOGUE, is_protected
from .templates import pad_windows
from .capsnames import caps_names_view
from .truecase import cased_view, caseless, codes_as_written, lower_aligned, mostly_lower, small_names_view
from .unwrap import unwrapped
from .types import Candidate, Document, Finding

#: constituents whose values are posted to the document's memory
POSTED = {"first_name", "middle_name", "last_name", "nick_name", "name", "street", "city",
          "organization", "hospital"}
#: composite entities: post their parts, not themselves
COMPOSITE = {"identification_block", "mailing_label", "address_block", "full_name", "location"}


@dataclass(frozen=True)
class Analysis:
    document: Document
    candidates: tuple[Candidate, ...]
    findings: tuple[Finding, ...]


class Scrubber:
    """Runs the configured detectors and the arbiter over documents.

    Build it once and reuse it: detectors load their templates, word lists and models on
    construction (or first use), never per document.
    """

    def __init__(self, config: Config | None = None, *, threshold: float | None = None,
                 spacy: bool | None = None, spacy_model: str | None = None,
                 detectors: Sequence[str] | None = None, parallel: bool = False):
        cfg = config or Config()
        cfg = cfg.with_detect(threshold=threshold, spacy=spacy,
                              spacy_model=spacy_model or None,
                              detectors=list(detectors) if detectors else None)
        self.config = cfg
        self.threshold = float(cfg.detect("threshold"))
        if not 0.0 <= self.threshold <= 1.0:
            raise ScrubError("E130", f"threshold {self.threshold} is outside 0..1")
        self.posting = bool(cfg.detect("posting"))
        self.posting_likelihood = float(cfg.detect("posting_likelihood"))
        self.blocks = bool(cfg.detect("blocks"))
        self.truecase = bool(cfg.detect("truecase"))
        self.unwrap = bool(cfg.detect("unwrap"))
        self.parallel = parallel
        templates = cfg.detect("templates") or None
        self.detectors: list[Detector] = []
        for name in self._detector_names(cfg):
            cls = registry.detector_class(name)
            short = name.split(".")[1] if name.count(".") >= 2 else name
            settings = DetectorSettings(Path(templates) if templates else None,
                                        cfg.detect("spacy_model") or None,
                                        cfg.detector_options(short))
            self.detectors.append(cls(settings))
        self._classify = registry.format_classifier()
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    @staticmethod
    def _detector_names(cfg: Config) -> list[str]:
        wanted = cfg.detect("detectors") or list(registry.available())
        names = [registry.resolve(n) for n in wanted]
        disabled = {registry.resolve(n) for n in cfg.detect("disable")}
        if not cfg.detect("spacy"):
            disabled.add("scrub.spacy.v1")
        out = []
        for n in names:
            if n not in disabled and n not in out:
                out.append(n)
        return out

    # ------------------------------------------------------------------ public

    def document(self, text: str, id: str = "", subject: str | None = None) -> Document:
        return Document(text, id, self._classify(text), subject)

    def detect(self, text: str, id: str = "", subject: str | None = None) -> list[Finding]:
        return list(self.analyze(text, id, subject).findings)

    def analyze(self, text: str | Document, id: str = "", subject: str | None = None) -> Analysis:
        original = text if isinstance(text, Document) else self.document(text, id, subject)
        if not original.text.strip():
            return Analysis(original, (), ())
        plain = self._unwrapped(original)
        doc, typed_lower = self._view(plain)
        # a note typed in small letters posts its values as typed: the cased view Capitalized the
        # first "hope" of "dtr hope wolfe-baptiste ... hope visited", not the second
        post_text = plain.text if doc is not plain and typed_lower else doc.text
        candidates = self.candidates(doc, protective=False)
        # Protective detectors (medical terms, measurements) only matter where they meet a
        # candidate they could protect: they are asked near those, and again near posted ones
        scanned: list[tuple[int, int]] = []
        candidates += self._protect(doc, candidates, scanned)
        findings = arbitrate(candidates, self.threshold, doc.text)
        if self.posting:
            # a mention already inside a finding of the same entity changes nothing (and must
            # not cut "Brigham's" into "Brigham" and a stray "s"): skip it
            starts = [f.start for f in findings]
            posted = [c for c in post(post_text, findings, self.posting_likelihood)
                      if not _inside_same(c, findings, starts)]
            posted += aliases(doc.text, findings, self.posting_likelihood)
            posted += name_initials(doc.text, findings, self.posting_likelihood)
            posted += org_tails(original.text, findings, self.posting_likelihood)
            posted += org_heads(original.text, findings, self.posting_likelihood)
            if posted:
                candidates = candidates + posted + self._protect(doc, posted, scanned)
                findings = arbitrate(candidates, self.threshold, doc.text)
        if self.blocks:
            blocks = propose_blocks(doc, findings)
            if blocks:
                candidates = candidates + blocks
                findings = arbitrate(candidates, self.threshold, doc.text)
        return Analysis(original, tuple(candidates), tuple(findings))

    def _unwrapped(self, doc: Document) -> Document:
        """The document with the line breaks of its hard wrapping read as spaces (same length,
        scrub.unwrap), else the document itself; its format class stays the original's."""
        view = unwrapped(doc.text) if self.unwrap else None
        if view is None:
            return doc
        return Document(view, doc.id, doc.format, doc.subject)

    def _cased(self, doc: Document) -> Document:
        """The document the detectors read (see _view)."""
        return self._view(doc)[0]

    def _view(self, doc: Document) -> tuple[Document, bool]:
        """The document the detectors read: for one written wholly in lower case or in capitals,
        a cased view of the same length (scrub.truecase); for one with both cases, the same
        text with its names in capitals and the marked ones in small letters Capitalized
        (scrub.capsnames, scrub.truecase.small_names_view); else the document.
        With it, whether the text was typed in small letters (wholly, or but for a few capitals)."""
        lowered = doc.text.islower()
        if not self.truecase:
            return doc, lowered
        how = caseless(doc.text)
        try:
            from .lexicon import Lexicon
            lexicon = Lexicon.default()
        except Exception:  # no word lists: read the text as it is
            return doc, lowered
        if how is None and mostly_lower(doc.text):
            # typed in small letters but for a few capitals ("dr. PATEL", "dad Zbigniew"): the
            # lower-case view's rules on the text as written, then its names in capitals
            view = cased_view(doc.text, lexicon)
            view = caps_names_view(view, lexicon) or view
            return Document(view, doc.id, self._classify(view), doc.subject), True
        if how is None:
            # a cased document: only its names written in capitals are Capitalized
            # ("Dr. OYELARAN", "Pt: ACHTERBERG, ROSALIND"; scrub.capsnames), and its names in small
            # letters where a title, a kin word or a credential marks them ("Dr. harriet lindqvist",
            # "wife marie", "-- l. nováková RN"; scrub.truecase.small_names_view)
            view = caps_names_view(doc.text, lexicon)
            view = small_names_view(doc.text if view is None else view, lexicon) or view
            return (doc if view is None else Document(view, doc.id, doc.format, doc.subject)), lowered
        view = cased_view(doc.text if how == "lower" else lower_aligned(doc.text), lexicon)
        assert len(view) == len(doc.text)
        if how == "upper":
            view = codes_as_written(doc.text, view)
        return Document(view, doc.id, self._classify(view), doc.subject), lowered

    #: how far from a candidate a protective detector looks (a measurement's label and unit,
    #: an eponym's disease word, a drug's maker all lie within it)
    PROTECT_PAD = 64

    def _protect(self, doc: Document, near: Sequence[Candidate],
                 scanned: list[tuple[int, int]]) -> list[Candidate]:
        """The protective detectors' candidates near the eligible ones of `near`, from windows
        not `scanned` before (which this extends)."""
        shields = [d for d in self.detectors if d.protective]
        if not shields:
            return []
        spans = sorted((c.start, c.end) for c in near
                       if c.likelihood >= self.threshold and not is_protected(c.entity))
        windows = _subtract(pad_windows(doc.text, spans, self.PROTECT_PAD, self.PROTECT_PAD), scanned)
        if not windows:
            return []
        scanned[:] = _union(scanned, windows)
        out: list[Candidate] = []
        for det in shields:
            cands = det.detect_near(doc, windows)
            self._check(det, doc, cands)
            out.extend(cands)
        return out

    def candidates(self, doc: Document, protective: bool = True) -> list[Candidate]:
        """Every detector's candidates over the whole document (`protective=False`: all but the
        protective detectors')."""
        dets = [d for d in self.detectors if protective or not d.protective]
        if self.parallel and len(dets) > 1:
            with self._lock:
                if self._pool is None:
                    self._pool = ThreadPoolExecutor(max_workers=len(self.detectors))
            results = list(self._pool.map(lambda d: d.detect(doc), dets))
        else:
            results = [d.detect(doc) for d in dets]
        out: list[Candidate] = []
        for det, cands in zip(dets, results):
            self._check(det, doc, cands)
            out.extend(cands)
        return out

    @staticmethod
    def _check(det: Detector, doc: Document, cands: Sequence[Candidate]) -> None:
        n = len(doc.text)
        for c in cands:
            if c.end > n:
                raise ScrubError("E131", f"detector {det.name} proposed a span past the end "
                                         f"of document {doc.id or '<text>'}")


def _subtract(windows: list[tuple[int, int]], done: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The windows, less those wholly inside one already scanned (partly new ones are kept whole:
    a term across the old window's edge is found then)."""
    if not done:
        return windows
    starts = [lo for lo, _ in done]
    out = []
    for lo, hi in windows:
        i = bisect.bisect_right(starts, lo) - 1
        if i < 0 or hi > done[i][1]:
            out.append((lo, hi))
    return out


def _union(a: Sequence[tuple[int, int]], b: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for lo, hi in sorted([*a, *b]):
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(hi, out[-1][1]))
        else:
            out.append((lo, hi))
    return out


def _inside_same(c: Candidate, findings: Sequence[Finding], starts: Sequence[int]) -> bool:
    """Is `c` inside a finding (or a finding's part) of its own entity? Findings never
    overlap, so only the last one starting at or before `c` can hold it."""
    i = bisect.bisect_right(starts, c.start) - 1
    if i < 0:
        return False
    f = findings[i]
    if not (f.start <= c.start and c.end <= f.end):
        return False
    return f.entity == c.entity or any(
        p.entity == c.entity and p.start <= c.start and c.end <= p.end for p in f.parts)


_AS_WRITTEN = "\0"


@functools.lru_cache(maxsize=1)
def _lexicon():
    """The default word lists, or None where they cannot be loaded (they are optional here)."""
    try:
        from .lexicon import Lexicon
        return Lexicon.default()
    except Exception:
        return None


@functools.lru_cache(maxsize=1)
def _ordinary_word():
    """A test for values that are also ordinary English words often written in lower case
    ("Rose", "Frank", "Will", "Hope"); without the word lists, nothing is."""
    lex = _lexicon()
    if lex is None:
        return lambda value, below=0.85: False

    # memoized (bounded): posting asks it of every value found, and a note repeats its names
    @functools.lru_cache(maxsize=65536)
    def ordinary(value: str, below: float = 0.85) -> bool:
        if " " in value or not lex.is_common_word(value):
            return False
        share = lex.capitalized_share(value)
        return share is not None and share < below  # "Rose", "Frank" yes; "Virginia" no
    return ordinary


#: words that say what kind of place an organization is; its name is what comes before them
_KIND_WORDS = frozenset("""hospital hospitals medical center centre clinic clinics health healthcare
care rehab rehabilitation nursing home house institute hospice medicine pediatrics associates
group practice services agency pharmacy school academy college university church parish
skilled facility manor residence senior living assisted community regional memorial general
infirmary physicians partners network system systems and & of the at""".split())


def _short_form(value: str, ordinary) -> str | None:
    """The name part of an organization or hospital ("Park Avenue" of "Park Avenue Health
    Center", "Spaulding" of "Spaulding Rehab"), or None when nothing distinctive is left."""
    words = value.split()
    if len(words) < 2:
        return None
    end = len(words)
    while end > 0 and words[end - 1].strip(".,'’s").casefold() in _KIND_WORDS:
        end -= 1
    if end == 0 or end == len(words):
        return None
    head = words[:end]
    if any(w.strip(".,").casefold() in _KIND_WORDS for w in head) or \
            not all(w[:1].isupper() for w in head):
        return None  # "Brigham and Women's", "University of ...": no clean short form
    text = " ".join(head)
    if len(head) == 1 and (len(text) < 4 or ordinary(text)):
        return None  # "Spaulding Rehab" gives "Spaulding"; "Main Clinic" nothing
    if len(head) > 1 and all(ordinary(w, 0.1) for w in head):
        return None  # "Heart Failure Clinic", "Breast Cancer Center": clinical words only
    return text


@functools.lru_cache(maxsize=16384)
def _org_forms(value: str) -> tuple[str | None, str | None]:
    """The short form and the initials of an organization's name (_short_form, _initials);
    memoized (bounded), as a note names its places again and again."""
    return _short_form(value, _ordinary_word()), _initials(value)


_INITIAL_SKIP = frozenset({"and", "&", "of", "the", "at", "for", "on", "in", "de", "la"})


def _initials(value: str) -> str | None:
    """The initials of an organization's name of three to five capitalized words, or words all in
    capitals ("Kessler & Doyle Orthopaedics" -> "KDO"); None for other shapes (capitals mixed
    with capitalized words, a hyphen, digits)."""
    words = [w for w in value.split() if w.lower() not in _INITIAL_SKIP]
    if not 3 <= len(words) <= 5:
        return None
    if not all(w[:1].isupper() and w[1:].replace("'", "").replace("’", "").isalpha() for w in words):
        return None
    if not (all(w.isupper() and len(w) > 1 for w in words) or not any(w[1:].isupper() for w in words)):
        return None  # "VNA of Cape Cod": capitals and capitalized words mixed

    return "".join(w[0] for w in words)


@functools.lru_cache(maxsize=4096)
def _clinical_abbreviation(acr: str) -> bool:
    """An abbreviation the word lists know (a medical term or a common word: "CHF", "TCD",
    "ICU", "CAT"), which initials posted from a name must not take over."""
    lex = _lexicon()
    if lex is None:
        return True  # without the word lists, post no initials
    return lex.medical_kind(acr) is not None or lex.is_common_word(acr) or lex.is_state(acr) \
        or lex.is_degree(acr) or lex.is_title(acr)


#: words a name's or a place's finding may hold that name no one elsewhere in the note: a newborn's
#: label ("Baby Girl Nguyen"), a ward's side ("7 East"), a heading's word
_NEVER_POSTED = frozenset("""baby newborn infant twin boy girl east west north south new last church st saint
the""".split())
#: a verb's number after an ordinary word posted as a name: "TEMP ROSE TO 38.3"
_VERB_NUMBER = regex.compile(r"[ \t]+(?i:to|from|by)[ \t]+[~<>]?\d")


def post(text: str, findings: Iterable[Finding], likelihood: float) -> list[Candidate]:
    """Candidates for later (and earlier) mentions of the values confirmed findings hold.

    "RE: Virginia Townsend" confirms "Virginia" as a first name, so "seeing Virginia" is read as
    a name and not the state. Values that are ordinary lower-case words match only with the
    capitalization they were found in; others match in any case.
    """
    values: dict[str, str] = {}
    ordinary = _ordinary_word()
    ends, generic = _org_words()
    for f in findings:
        if f.protected:
            continue
        units = f.parts if f.entity in COMPOSITE and f.parts else (f,)
        for u in units:
            if u.entity not in POSTED:
                continue
            value = text[u.start:u.end].strip(" .,;:")
            if len(value) < 2 or not any(c.isalpha() for c in value):
                continue
            if value.endswith(("'s", "’s")):
                value = value[:-2]
            if value in _MODALS:
                continue  # "dr. will price" in a note typed in small letters: "will" there is the verb too
            if value.lower() in _NEVER_POSTED:
                continue  # "Baby" of "Baby Girl Nguyen", "East" of a ward: no one's name elsewhere
            if u.entity in ("organization", "hospital") and value.isupper() and len(value) <= 4 \
                    and _clinical_abbreviation(value):
                continue  # "PD" left of "Quincy PD" (its town a name's): no clinic's initials to post
            if u.entity in ("organization", "hospital") and value.islower() and all(
                    w in ends or w in generic for w in value.split()):
                continue  # "group home" left of a name's medical words: a kind, no one's name
            # keep the first entity a value was found as (findings are in text order)
            if value not in values and value[:1].isupper() and ordinary(value):
                # "wife Rose", "husband Frank": as written only, so "BP rose" stays
                values[value] = u.entity + _AS_WRITTEN
            values.setdefault(value, u.entity)
            if u.entity in ("organization", "hospital"):
                head, acr = _org_forms(value)
                if head and head not in values:
                    # "Park Avenue Health Center" ... "Park Avenue accepted": the short form
                    # a note uses after naming a place in full, as written only
                    values[head] = u.entity + _AS_WRITTEN
                if acr and acr not in values and not _clinical_abbreviation(acr):
                    # "Kessler & Doyle Orthopaedics" ... "KDO chart #": its initials, as written
                    values[acr] = u.entity + _AS_WRITTEN
    if not values:
        return []
    # str.find over a lower-cased copy: C speed, and no pattern to compile per document
    low = text.lower()
    if len(low) != len(text):  # a rare character whose lower case is longer: use the regex
        return _post_regex(text, values, likelihood)
    hits: list[tuple[int, int, str]] = []
    n = len(text)
    for value, ent in values.items():
        needle = value.lower()
        if len(needle) != len(value):
            continue
        strict = value.islower() or len(value) <= 3 or ent.endswith(_AS_WRITTEN)
        # (ordinary words, initials: as written)
        as_written = ent.endswith(_AS_WRITTEN)
        if as_written:
            ent = ent[:-len(_AS_WRITTEN)]
        pos = low.find(needle)
        while pos >= 0:
            end = pos + len(needle)
            if (pos == 0 or not text[pos - 1].isalnum() and text[pos - 1] != "_") and \
                    (end == n or not text[end].isalnum() and text[end] != "_") and \
                    not (end + 1 < n and text[end] == "-" and text[end + 1].islower() and text[pos].isupper()) and \
                    (not strict or text[pos:end] == value) and \
                    not (as_written and _VERB_NUMBER.match(text, end)) and \
                    not _modal_verb(text, pos, end):
                # ("Will Bond RRT" posts "Will", but "Will follow." is the verb; "Long" is no
                # name in "Long-term care")
                hits.append((pos, end, ent))
            pos = low.find(needle, pos + 1)
    hits.sort(key=lambda h: (h[0], -(h[1] - h[0]), h[2]))
    out: list[Candidate] = []
    last = -1
    for s, e, ent in hits:  # longest first at each place, no overlaps
        if s >= last:
            out.append(Candidate(s, e, ent, likelihood, "scrub.posting.v1", "posting"))
            last = e
    return out


#: a place's or a firm's other name in quotes right after it: '("cedar glen" per EMS sheet)',
#: '(“Sunnyvale NH”)', "('willow crk')"
#: (a word of its name the finding left out may come first: 'Health Care Ctr ("shady pines")')
_ALIAS_AFTER = regex.compile(r"""(?:[ \t]+[\w.]+)?[ \t]*\([ \t]*["“'‘](?P<a>[^"”'’\n()]{3,40}?)["”'’]""")
#: the entities whose other names are read so
_ALIASED = frozenset({"organization", "hospital", "place"})


def aliases(text: str, findings: Iterable[Finding], likelihood: float) -> list[Candidate]:
    """The name a note also gives a facility or a firm, in quotes in the parenthesis right after
    it, when it starts with the same word: 'Cedar Glen Nursing Home ("cedar glen" per EMS
    sheet)', 'Sunnyvale Manor ("sunnyvale NH")'. Posting finds it only as written, and these are
    written otherwise."""
    out: list[Candidate] = []
    for f in findings:
        if f.entity not in _ALIASED or f.protected or text[f.end:f.end + 1] not in (" ", "\t", "("):
            continue
        m = _ALIAS_AFTER.match(text, f.end)
        if m is None:
            continue
        alias = m.group("a").strip()
        head = text[f.start:f.end].split()
        first = alias.split()[0].casefold() if alias else ""
        if len(first) < 4 or not head or head[0].casefold().strip(".,'’") != first.strip(".,'’"):
            continue
        s = m.start("a") + (len(m.group("a")) - len(m.group("a").lstrip()))
        out.append(Candidate(s, s + len(alias), f.entity, likelihood, "scrub.posting.v1", "posting:alias"))
    return out


#: a name's initials in parentheses right after it, maybe past a credential ("Theresa Kilbride, RN
#: (TK)", "Maria Lopez (ML)")
_LETTERS = regex.compile(r"[^\W\d_]+")
_INITIALS_AFTER = regex.compile(r"(?:,?[ \t]+[A-Za-z]{2,5}(?:-[A-Za-z])?\.?)?[ \t]*\([ \t]*"
                                r"(?P<i>[A-Za-z](?:\.?[A-Za-z]){1,2}\.?)[ \t]*\)")
#: the entities of a person's name
_NAMED = frozenset(e.name for e in CATALOGUE.values() if e.family == "NAME")


def name_initials(text: str, findings: Iterable[Finding], likelihood: float) -> list[Candidate]:
    """A person's initials in parentheses after a name of two or three words that they spell
    ("Theresa Kilbride, RN (TK)"): the note's shorthand for that person. Initials that are not
    the name's ("Bill Smith (PCP)") are left alone."""
    out: list[Candidate] = []
    for f in findings:
        if f.entity not in _NAMED or f.protected:
            continue
        m = _INITIALS_AFTER.match(text, f.end)
        if m is None:
            continue
        words = _LETTERS.findall(text, f.start, f.end)
        letters = m.group("i").replace(".", "")
        if 2 <= len(words) <= 3 and letters.casefold() == "".join(w[0] for w in words).casefold():
            out.append(Candidate(m.start("i"), m.end("i"), "name", likelihood, "scrub.posting.v1",
                                 "posting:initials"))
    return out


_TAIL_WORD = regex.compile(r"[ \t]+([A-Za-z][\w'’.-]*|&)")
_TAIL_END = regex.compile(r"[ \t]*(?:[,;.()\n]|\Z)|[ \t]{2}|[ \t]+--?[ \t]")
_TAIL_JOINERS = frozenset({"&", "and", "of"})
#: words that end an organization's name in a clause that goes on: function words (except "&",
#: "and", "of"), verbs of being and having, time words, and a ward's or a service's name
_TAIL_STOP = frozenset("""a an the he she it they we i you his her their our my your its this that these
those at to from in on for with by via per into onto over under about after before during since until
till through thru is are was were be been being has have had will would can could may might should
must do does did not no yes but or so because if when while as than then today tonight yesterday
tomorrow now daily weekly monthly nightly yearly prn am pm currently recently again also still already
ago last next x s p w re pt pts icu micu sicu ccu cvicu nicu picu ed er or pacu floor unit ward bay
room rm bed visit appt note notes record report summary dept department""".split())
#: words of the organizations' kind lists that also name a place's part, a time or a job
_NOT_TAIL_ENDS = frozenset("""department dept site shift job work floor unit ward desk front night day start
same nearby small big free local door counter register checkout stand corner field post base dock docks
family ankle body pain spine asthma medical""".split())
#: trades that end a firm's name and are in no kind list ("Fennick & Hale Printing")
_TRADE_ENDS = frozenset({"printing", "printers", "precision", "fabricators", "storage", "tool", "tools",
                         "die", "gauge", "hardware", "towing", "glass"})
#: the organizations' kind lists whose last words may end a name
_KIND_LISTS = ("facility_heads", "service_heads", "worship_heads", "schools", "legal_forms", "eatery_heads",
               "chain_unit_heads", "of_heads", "practice_heads", "practice_kinds", "camel_tails",
               "denominations", "workplace_nouns")
#: the entities whose names are completed so
_TAILED = frozenset({"organization", "hospital"})
#: a facility's name that ends on one of these is whole: the words after it name a department
_WHOLE_ENDS = frozenset({"hospital", "hosp", "center", "centre", "ctr", "clinic", "infirmary", "dept", "department"})
#: abbreviations a name may end on: their dot is theirs, not the sentence's
_TAIL_ABBREVS = frozenset({"co", "inc", "corp", "ltd", "bros", "assoc", "ctr", "hosp", "med", "svcs", "dept"})
#: the word that leads to an organization, then one or two words right before its finding
_HEAD_BEFORE = regex.compile(r"(?i:(?<![\w'’-])(?:at|to|from|via|with|by|attends|attending|w/|@))[ \t]+"
                             r"(?P<w>[A-Za-z][\w'’.-]*(?:[ \t][A-Za-z][\w'’.-]*)?)[ \t]+\Z")


@functools.lru_cache(maxsize=1)
def _org_words() -> tuple[frozenset[str], frozenset[str]]:
    """From the organizations' lists (templates/orgs.toml, read once), in small letters: the last
    words of their kinds, that a name's words run on to ("CUYAHOGA [STEEL FABRICATORS]",
    "riverbend ambulance [service]"), and their generic words ("the", "local", "outside")."""
    from .templates import load_rules
    try:
        lists = load_rules(None, "orgs", "lists")
    except Exception:
        lists = {}
    ends = set(_TRADE_ENDS)
    for key in _KIND_LISTS:
        ends.update(h.split()[-1].lower().rstrip(".") for h in lists.get(key, ()) if h.split())
    return frozenset(ends - _NOT_TAIL_ENDS), frozenset(w.lower() for w in lists.get("generic", ()))


def _case(s: str) -> str:
    """"upper", "lower" or "title": how a name is typed (its letters all capitals, all small, or mixed)."""
    return "upper" if s.isupper() else "lower" if s.islower() else "title"


def _in_case(word: str, case: str) -> bool:
    """A word typed as a name of that case is (a capital first in a mixed-case name)."""
    return word.isupper() if case == "upper" else word.islower() if case == "lower" else word[:1].isupper()


def org_tails(typed: str, findings: Sequence[Finding], likelihood: float) -> list[Candidate]:
    """An organization's or a facility's name covered only in part, its last words left: "works
    at NUTMEG PRECISION [TOOL & DIE],", "referral to three rivers [early intervention] (", "PRAIRIE
    WIND HOSPICE [& PALLIATIVE CARE]   IDT". The words after a finding run on to the clause's end
    (a comma, a stop, a bracket, a line's end, two blanks or a dash) in the finding's own case as
    typed (`typed`: the document as written, the same length as the view the findings are in): at
    most four, none a function, time or ward word, and inside no other finding but an
    organization's."""
    out: list[Candidate] = []
    ends_words = _org_words()[0]
    ordered = sorted(findings, key=lambda g: g.start)
    starts = [g.start for g in ordered]
    for f in findings:
        if f.entity not in _TAILED or f.protected:
            continue
        head = typed[f.start:f.end]
        if not any(c.isalpha() for c in head):
            continue
        case = _case(head)
        pos, words = f.end, []
        for _ in range(4):
            m = _TAIL_WORD.match(typed, pos)
            if m is None:
                break
            w = m.group(1).rstrip(".")
            low = w.lower()
            if low in _TAIL_STOP or not w or any(c.isdigit() for c in w):
                break
            if low not in _TAIL_JOINERS and not _in_case(w, case):
                break
            words.append(low)
            pos = m.end()
            if _TAIL_END.match(typed, pos):
                break
        # a name does not end on "&", "and" or "of", nor before a field's label's colon; it ends on
        # a kind's word, or runs on after "&" or "and" ("NUTMEG PRECISION TOOL [& DIE]")
        if not words or words[-1] in _TAIL_JOINERS or not _TAIL_END.match(typed, pos):
            continue
        joined = words[0] in ("&", "and") and len(words) > 1
        if words[-1] not in ends_words and not joined:
            continue
        if any(w in _WHOLE_ENDS for w in words[:-1]):
            continue  # "<Name> University Hospital Transfer Ctr": the name ended on its hospital
        if not joined and head.split()[-1].lower().rstrip(".") in _WHOLE_ENDS:
            continue  # "<Name> Hospital Employee Health", "<Name> Cancer Center Clinical Trials Office": a part of it
        inside = ordered[bisect.bisect_left(starts, f.end):bisect.bisect_left(starts, pos)]
        if any(g.entity not in _TAILED for g in inside):
            continue  # (another organization's finding inside the tail joins it: "Lotus Pharmacy & [Gifts]")
        end = pos
        if typed[end - 1] == "." and words[-1] not in _TAIL_ABBREVS:
            end -= 1  # the sentence's stop, not an abbreviation's
        out.append(Candidate(f.start, end, f.entity, max(f.likelihood, likelihood), "scrub.posting.v1",
                             "posting:org_tail"))
    return out


def org_heads(typed: str, findings: Sequence[Finding], likelihood: float) -> list[Candidate]:
    """An organization's name whose first word or two were left, between it and the word that
    leads to it: "SHE ATTENDS [GREATER] MT. ZION AME CHURCH", "e-rx to [cactus] wren pharmacy",
    "arr via [blue] heron rides". The words must be in the finding's own case as typed (`typed`,
    as for org_tails), none a function word, a time word or an organization's generic word
    ("the", "local", "outside"), and no other finding between them and it."""
    out: list[Candidate] = []
    ends = sorted(f.end for f in findings)
    generic = _org_words()[1]
    for f in findings:
        if f.entity not in _TAILED or f.protected:
            continue
        m = _HEAD_BEFORE.search(typed, max(0, f.start - 48), f.start)
        if m is None:
            continue
        words = m.group("w").split()
        if not words or any(w.lower() in _TAIL_STOP or w.lower() in generic or any(c.isdigit() for c in w)
                            for w in words):
            continue
        case = _case(typed[f.start:f.end])
        if not all(_in_case(w, case) for w in words):
            continue
        s = m.start("w")
        k = bisect.bisect_right(ends, s)
        if k < len(ends) and ends[k] <= f.start:
            continue  # another finding between
        out.append(Candidate(s, f.end, f.entity, max(f.likelihood, likelihood), "scrub.posting.v1",
                             "posting:org_head"))
    return out


#: first names that are also modal verbs: at a sentence's start before a word in small letters,
#: the verb ("Will follow.", "May need a repeat")
_MODALS = frozenset({"will", "may", "can", "must"})
_LOWER_NEXT = regex.compile(r"[ \t]+[a-z]")


def _modal_verb(text: str, s: int, e: int) -> bool:
    """text[s:e] is a modal verb, not the first name it also is: at a sentence's start before a
    word in small letters ("Will follow.", "May need a repeat")."""
    return text[s:e].lower() in _MODALS and _sentence_start(text, s) and _LOWER_NEXT.match(text, e) is not None


def _sentence_start(text: str, pos: int) -> bool:
    j = pos - 1
    while j >= 0 and text[j] in " \t":
        j -= 1
    return j < 0 or text[j] in ".!?;:\n-("


def _post_regex(text: str, values: dict[str, str], likelihood: float) -> list[Candidate]:
    by_fold: dict[str, list[tuple[str, str]]] = {}
    for value, ent in sorted(values.items(), key=lambda kv: (-len(kv[0]), kv[0])):
        by_fold.setdefault(value.casefold(), []).append((value, ent))
    pat = regex.compile(r"(?<!\w)(" + "|".join(regex.escape(v) for v in sorted(
        by_fold, key=lambda v: (-len(v), v))) + r")(?!\w)", regex.IGNORECASE)
    out: list[Candidate] = []
    for m in pat.finditer(text):
        word = m.group(1)
        for value, ent in by_fold.get(word.casefold(), ()):
            strict = value.islower() or len(value) <= 3
            as_written = ent.endswith(_AS_WRITTEN)
            if as_written:
                ent, strict = ent[:-len(_AS_WRITTEN)], True
            if strict and word != value:
                continue
            if as_written and _VERB_NUMBER.match(text, m.end(1)):
                continue  # "TEMP ROSE TO 38.3" after "WIFE ROSE": the verb, not the wife
            if _modal_verb(text, m.start(1), m.end(1)):
                continue  # ("Will follow.": the verb, as in post)
            out.append(Candidate(m.start(1), m.end(1), ent, likelihood, "scrub.posting.v1", "posting"))
            break
    return out
