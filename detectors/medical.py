"""The medical-term detector (scrub.medical.v1): protected spans, never replaced.

Medical terms and measurements win their characters in the arbiter so that other detectors'
false positives lose them ("Parkinson's disease" is no surname, "BP 120/80" no date, "ICD-10
E11.9" no identifier). Lists are matched with one Aho-Corasick pass; measurements and codes
are templates (templates/measurements.toml, templates/medical.toml).
"""
from __future__ import annotations

from functools import cached_property

import ahocorasick
import regex

from scrub.detector import Detector
from scrub.detectors import _scan
from scrub.templates import TemplateMatcher, gate_windows, load_rules
from scrub.types import Candidate, Document

#: a title right before a word makes it a person ("Mrs. Hodgkins", "Dr. Foley")
_TITLE_BEFORE = regex.compile(r"(?:\b(?:mr|mrs|ms|miss|dr|prof|sir|madam|mx)\.?)\s+$", regex.IGNORECASE)
#: a maker's name before an insulin ("Lily Human Insulin", "Novo Nordisk insulin")
_MAKER_BEFORE = regex.compile(r"(?:\b\p{Lu}\p{Ll}+\s+){1,2}$")
_DIGIT_GATE = regex.compile(r"\d(?:[^\n]{0,24}?\d)*")
#: every measurement and code holds a digit, with its label ("Ferritin", "ICD-10-CM") at most
#: ~16 characters before it and its unit ("breaths/min", "x 3 weeks") ~20 after
_BEFORE, _AFTER = 18, 22
_POSSESSIVES = ("", "'s", "’s", "s", "s'")
#: where each template can start, for the exact regex it was checked against (see
#: detectors/_scan.py): "number" at a digit run after no letter or digit and before what can
#: follow a dose's number; "ratio:2-3" at a run of 2-3 digits before a '/'; "weeks" at a run of
#: 1-2 digits before '/52'; "lab" at a lab name's word at most 14 characters before a digit;
#: "q-x" at a 'q' or 'x' word right before a digit; "word:icd" at the word 'icd'...
_ANCHOR_RULES = {
    "dose-unit": ("e3e1f8ba0766", "number"), "blood-pressure": ("c067dbc02481", "ratio"),
    "weeks-ratio": ("1e1f38216353", "weeks"), "lab-value": ("78f13c4695ba", "lab"),
    "frequency": ("6cec0bafae15", "q-x"), "icd-code": ("e70cd9b3494e", "word:icd"),
    "cpt-code": ("cc1ece5f3072", "word:cpt,hcpcs"),
}
#: what may stand right after a dose's leading digits (in the class string): a decimal point or
#: comma, a blank, a range's '-' or 'to', a unit's letter, '%', or a non-ASCII 'µ'/'°'
_AFTER_NUMBER = frozenset(b"., -a%?")
_AFTER_BLANK = frozenset(b"-a%?")
_INR_DAY = regex.compile(r"INR[ ]?(?:[:=]|of|was|is)?[ ]?\d{1,2}/\d{1,2}$")
_LAB_NAME = regex.compile(r"\(\?:(Na\|.*?)\)\[ \]")


def _lexicon_medical():
    """The lexicon's medical phrase table when the lexicon is installed, else None."""
    try:
        from scrub.lexicon import Lexicon  # noqa: PLC0415 - optional until the lexicon lands
        return Lexicon.default().phrases("medical")
    except Exception:  # the lexicon is optional: any failure to load it means "no list"
        return None


class MedicalTermDetector(Detector):
    """Medical terms (drugs, devices, eponymous diseases, codes) and measurements, protected."""

    name = "scrub.medical.v1"
    entities = ("medical_term", "measurement")
    template_families = ("medical", "measurements")

    DEFAULT_RULES = {"eponym_phrase": 0.96, "term": 0.88, "insulin_brand": 0.92,
                     "lexicon_term": 0.75}

    @cached_property
    def rules(self) -> dict:
        found = load_rules(self.settings.templates_dir, "medical")
        return {**self.DEFAULT_RULES, **{k: float(found[k]) for k in found if k in self.DEFAULT_RULES}}

    @cached_property
    def automaton(self):
        """Lower-cased phrase → (kind, length); built once per detector."""
        terms = load_rules(self.settings.templates_dir, "medical", table="terms")
        auto = ahocorasick.Automaton()
        for e in terms.get("eponyms", ()):
            base = e[:-2] if e.endswith("'s") else e
            for poss in _POSSESSIVES:
                for head in terms.get("eponym_heads", ()):
                    key = f"{base}{poss} {head}".lower()
                    auto.add_word(key, ("eponym", len(key)))
        for w in list(terms.get("words", ())) + list(terms.get("phrases", ())):
            key = w.lower()
            if key not in auto:
                auto.add_word(key, ("term", len(key)))
        if len(auto) == 0:
            auto.add_word("\x00", ("term", 1))  # an empty automaton cannot be searched
        auto.make_automaton()
        return auto

    @cached_property
    def _matchers(self) -> dict[str, TemplateMatcher]:
        """One matcher per anchor kind; "search" holds the templates without a checked rule."""
        groups = _scan.split_by_anchor(self.matcher._compiled, _ANCHOR_RULES)
        return {k: TemplateMatcher(ts, self.name, self.validators()) for k, ts in groups.items()}

    @cached_property
    def _lab_heads(self) -> tuple[frozenset, str]:
        """First two letters of the lab-value template's names, and its one-letter names."""
        lab = [t for t in self.templates if t.id == "lab-value"]
        found = _LAB_NAME.search(lab[0].regex) if lab and lab[0].regex else None
        names = found.group(1).split("|") if found else []
        return frozenset(n[:2] for n in names if len(n) > 1), "".join(n for n in names if len(n) == 1)

    def _templated(self, text: str, lower: str, near=None) -> list[Candidate]:
        """Template candidates: anchored where the class scan allows, else searched in windows;
        with `near` (sorted disjoint ranges) only those lying wholly inside one of them."""
        cls = _scan.classes(text)
        n = len(text)

        def searched():
            gates = gate_windows(text, _DIGIT_GATE, _BEFORE, _AFTER, long_runs=40)
            return gates if near is None else _intersect(gates, near)

        # a text of digits every few characters ('1 1 1 ...') has too many places to try: search
        if cls is None or cls.count(b"0") > n // 4:
            return _scan.in_template_order(self.matcher.match(text, searched()), self.templates)
        word = _scan._WORD
        runs = [(m.start(), m.end()) for m in _scan._RUN1.finditer(cls)]
        free = [(s, e) for s, e in runs if s == 0 or cls[s - 1] not in word]
        out: list[Candidate] = []
        for kind, matcher in self._matchers.items():
            if kind == "search":
                out += matcher.match(text, searched())
                continue
            if not runs:  # every anchored template holds a digit
                continue
            if kind == "number":
                # after a blank only a range ('-', 'to') or the unit itself may come
                starts = [s for s, e in free if e < n and cls[e] in _AFTER_NUMBER
                          and (cls[e] != 32 or (e + 1 < n and cls[e + 1] in _AFTER_BLANK))]
            elif kind == "ratio":
                starts = [s for s, e in free if 2 <= e - s <= 3 and e < n and cls[e] == 47]  # '/'
            elif kind == "weeks":
                starts = [s for s, e in free if e - s <= 2 and text.startswith("/52", e)]
            elif kind == "q-x":
                starts = []
                for s, _ in runs:
                    p = s - 2 if s > 1 and cls[s - 1] == 32 else s - 1  # 'q 6h' or 'q6h'
                    if p >= 0 and lower[p] in "qx" and (p == 0 or cls[p - 1] not in word):
                        starts.append(p)
            elif kind == "lab":
                heads, singles = self._lab_heads
                starts = [p for p in _scan.letter_words_before_digits(cls)
                          if text[p:p + 2] in heads or text[p] in singles]
            else:  # "word:a,b": where one of these words starts
                starts = []
                for w in kind[5:].split(","):
                    i = lower.find(w)
                    while i >= 0:
                        if i == 0 or cls[i - 1] not in word:
                            starts.append(i)
                        i = lower.find(w, i + 1)
                starts.sort()
            out += matcher.match_at(text, _scan.anchors(starts, n) if near is None
                                    else _anchors_within(starts, near))
        return _scan.in_template_order(out, self.templates)

    protective = True

    def detect(self, doc: Document) -> list[Candidate]:
        return self._detect(doc.text, None)

    def detect_near(self, doc: Document, windows) -> list[Candidate]:
        """Only the terms and measurements lying wholly inside `windows`: the engine asks near
        the other detectors' candidates, the only places where a protected span matters."""
        return self._detect(doc.text, windows) if windows else []

    def _detect(self, text: str, windows) -> list[Candidate]:
        lower = text.lower()
        if len(lower) != len(text):  # a few characters lower-case to two; keep offsets aligned
            lower = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
        out = self._templated(text, lower, windows)
        if "INR" in text:
            # an INR is never a ratio of whole numbers: "recheck INR 8/26" names the next draw's day
            out = [c for c in out if not (c.why == "template:lab-value" and _INR_DAY.match(text, c.start, c.end))]
        rules = self.rules
        n = len(text)
        it = self.automaton.iter
        found = it(lower) if windows is None else (h for lo, hi in windows for h in it(lower, lo, hi))
        for end, (kind, length) in found:
            s, e = end - length + 1, end + 1
            if (s > 0 and text[s - 1].isalnum()) or (e < n and text[e].isalnum()):
                continue  # only whole words: "Downs" is not "Down", "insulinoma" not "insulin"
            if _TITLE_BEFORE.search(text, max(0, s - 8), s):
                continue  # "Dr. Foley", "Mrs. Parkinson's disease ..." begin with a person
            like = rules["eponym_phrase"] if kind == "eponym" else rules["term"]
            out.append(Candidate(s, e, "medical_term", like, self.name, f"list:{kind}"))
            if lower.endswith("insulin", s, e):
                maker = _MAKER_BEFORE.search(text, max(0, s - 40), s)
                if maker and not _TITLE_BEFORE.search(text, max(0, maker.start() - 8), maker.start()):
                    out.append(Candidate(maker.start(), e, "medical_term", rules["insulin_brand"],
                                         self.name, "context:insulin-brand"))
        lex = self.lexicon_phrases
        if lex is not None:
            for s, e, payload in lex.find(text, windows=windows):
                kind = payload[1] if isinstance(payload, tuple) and len(payload) > 1 else ""
                term = text[s:e]
                # The lexicon holds every ICD-10 index word ("gymnastics", "inflatable"): a
                # single non-drug word counts only in lower case, where it is no one's name
                # and no organization's ("U. S. Junior Gymnastics team").
                if kind != "drug" and " " not in term and not term.islower():
                    continue
                if _TITLE_BEFORE.search(text, max(0, s - 8), s):
                    continue
                out.append(Candidate(s, e, "medical_term", rules["lexicon_term"], self.name,
                                     "list:medical"))
        return out

    @cached_property
    def lexicon_phrases(self):
        """The lexicon's medical phrase table, loaded once; None without the lexicon."""
        return _lexicon_medical()


def _intersect(a, b) -> list[tuple[int, int]]:
    """The overlap of two sorted lists of disjoint (start, end) ranges."""
    out = []
    i = j = 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if lo < hi:
            out.append((lo, hi))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return out


def _anchors_within(starts: list[int], windows) -> list[tuple[int, int]]:
    """Anchors for the sorted starts that fall inside a window, each bounded by its window's
    end (and the usual reach)."""
    out = []
    j, nw = 0, len(windows)
    for p in starts:
        while j < nw and windows[j][1] <= p:
            j += 1
        if j == nw:
            break
        lo, hi = windows[j]
        if p >= lo:
            out.append((p, min(hi, p + _scan.REACH)))
    return out
