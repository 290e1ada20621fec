"""spaCy's named entities as one more detector, with likelihoods of our own per label.

The model sees the text in slices cut at line breaks, so a document longer than spaCy's
max_length still works and memory stays bounded.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path

from scrub.detector import Detector
from scrub.detectors.names import CLINICAL_EPONYMS, CLINICAL_STOP as _NAME_STOP, DEMONYMS, EPONYM_HEADS, NameDetector
from scrub.errors import ScrubError
from scrub.types import Candidate, Document

SLICE = 50_000


@dataclass(frozen=True)
class LabelRule:
    label: str
    entity: str
    likelihood: float
    needs: str | None = None
    else_likelihood: float = 0.0


def _rules_toml(templates_dir: Path | None, name: str) -> tuple[dict, str]:
    if templates_dir is not None and (templates_dir / name).is_file():
        where = str(templates_dir / name)
        text = (templates_dir / name).read_text(encoding="utf-8")
    else:
        where = f"templates/{name}"
        text = resources.files("scrub.template_data").joinpath(name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text), where
    except tomllib.TOMLDecodeError as exc:
        raise ScrubError("E211", f"{where}: not valid TOML ({exc})") from None


def load_label_rules(templates_dir: Path | None = None, name: str = "spacy.toml") -> dict[str, LabelRule]:
    """The label rules of `name` (spacy.toml for a model's own NER weights, spacy_notes.toml for
    the weights fine-tuned on notes), from `templates_dir` when it holds the file."""
    return _label_rules(*_rules_toml(templates_dir, name))


def load_uncorroborated(templates_dir: Path | None = None, name: str = "spacy.toml") -> float:
    """The file's `uncorroborated` likelihood (1.0, no cap, when it has none)."""
    return _uncorroborated(*_rules_toml(templates_dir, name))


def _label_rules(data: dict, where: str) -> dict[str, LabelRule]:
    rules = {}
    for n, r in enumerate(data.get("label", []), start=1):
        try:
            rules[r["label"]] = LabelRule(r["label"], r["entity"], float(r["likelihood"]),
                                          r.get("needs"), float(r.get("else_likelihood", 0.0)))
        except KeyError as exc:
            raise ScrubError("E212", f"{where}: label {n}: missing key {exc}") from None
        except (TypeError, ValueError):
            raise ScrubError("E213", f"{where}: label {n}: a likelihood that is no number") from None
    return rules


def _uncorroborated(data: dict, where: str) -> float:
    try:
        return float(data.get("uncorroborated", 1.0))
    except (TypeError, ValueError):
        raise ScrubError("E213", f"{where}: uncorroborated: no number") from None


def slices(text: str, size: int = SLICE):
    """(offset, piece) pairs covering `text`, cut after a newline where one is near."""
    pos = 0
    n = len(text)
    while pos < n:
        end = min(n, pos + size)
        if end < n:
            nl = text.rfind("\n", pos + size // 2, end)
            if nl > 0:
                end = nl + 1
        yield pos, text[pos:end]
        pos = end


class SpacyEntityDetector(Detector):
    name = "scrub.spacy.v1"
    entities = ("name", "place", "organization", "date")

    @cached_property
    def weights(self) -> Path | None:
        """The NER weights in use: the bundled ones fine-tuned on notes with the default model
        (option `ner_weights` of [detectors.spacy]: "default", "none" or a folder)."""
        from scrub.nlp import ner_weights
        return ner_weights(self.settings.spacy_model, self.settings.options.get("ner_weights", "default"))

    @cached_property
    def nlp(self):
        from scrub.nlp import load_model
        return load_model(self.settings.spacy_model, self.weights)

    @property
    def rules_file(self) -> str:
        """spacy_notes.toml with NER weights of our own, spacy.toml with the model's."""
        return "spacy_notes.toml" if self.weights is not None else "spacy.toml"

    @cached_property
    def _rules_data(self) -> tuple[dict, str]:
        return _rules_toml(self.settings.templates_dir, self.rules_file)  # read once, parsed twice

    @cached_property
    def rules(self) -> dict[str, LabelRule]:
        return _label_rules(*self._rules_data)

    @cached_property
    def uncorroborated(self) -> float:
        """The likelihood, in clinical text, of a person or a place that no list knows and no
        context supports (see spacy.toml)."""
        return _uncorroborated(*self._rules_data)

    def detect(self, doc: Document) -> list[Candidate]:
        out: list[Candidate] = []
        clinical = None
        pieces = list(slices(doc.text))
        for (offset, _), sdoc in zip(pieces, self.nlp.pipe([p for _, p in pieces])):
            for ent in sdoc.ents:
                rule = self.rules.get(ent.label_)
                if rule is None:
                    continue
                text = ent.text
                like = rule.likelihood
                if rule.needs == "digit" and not any(c.isdigit() for c in text):
                    like = rule.else_likelihood
                elif rule.needs == "capital" and not any(w[:1].isupper() for w in text.split()):
                    like = rule.else_likelihood
                if like <= 0:
                    continue
                for s, e in self._pieces(doc.text, offset + ent.start_char, offset + ent.end_char,
                                         ent.label_):
                    nxt = _EPONYM_HEAD.match(doc.text, e)
                    if nxt and ent.label_ in ("PERSON", "GPE", "ORG", "NORP"):
                        continue  # "Chaddock sign", "Gleason score", "Framingham risk score"
                    if ent.label_ == "GPE" and self.lexicon is not None and \
                            self.lexicon.is_state(doc.text[s:e]) and " " not in doc.text[s:e].strip():
                        # a state alone is not an identifier under Safe Harbor; in an
                        # address the address detector finds it
                        like = min(like, self.rules[ent.label_].else_likelihood or 0.5)
                    if ent.label_ in _UNLISTED_CHECKED and self.uncorroborated < like and \
                            not self._corroborated(doc.text, s, e):
                        if clinical is None:
                            clinical = self._clinical(doc.text)
                        if clinical:
                            like = min(like, self.uncorroborated)
                    out.append(Candidate(s, e, rule.entity, like, self.name, f"model:{ent.label_}"))
        return out

    def _everyday(self, w: str) -> bool:
        lex = self.lexicon
        share = lex.capitalized_share(w) if lex is not None else None
        return share is not None and share < 0.5

    def _clinical(self, text: str) -> bool:
        """Clinical text: two words or more of the medical lists (diseases, drugs, devices). The
        model, trained on news and web text, reads clinical jargon as names and places; in
        other text its unsupported entities are mostly right (foreign towns, people)."""
        lex = self.lexicon
        if lex is None:
            return False
        n = 0
        for m in _LONG_WORD.finditer(text):
            if lex.medical_kind(m.group()) is not None:
                n += 1
                if n >= 2:
                    return True
        return False

    def _corroborated(self, text: str, s: int, e: int) -> bool:
        """A person's or a place's span that a word list or its context supports: a word of it is
        a listed first name, surname, town, state or country; or a title, a kin or role word, a
        field's label or an initial stands before it, or a degree after it."""
        lex = self.lexicon
        if lex is None:
            return True
        words = [w.strip(".,;:()'’\"") for w in text[s:e].split()]
        for w in words:
            if len(w) > 1 and (lex.is_first_name(w) or lex.is_surname(w) or lex.is_city(w)
                               or lex.is_state(w) or lex.is_country(w)):
                share = lex.capitalized_share(w)
                if share is None or share >= 0.5:
                    return True  # a listed name that is no everyday word ("Suite", "Gen", "Bair" are)
        if len(words) > 1 and any(len(w) == 1 and w.isalpha() and w.upper() not in "RLIVXW" for w in words[:-1]) \
                and not all(self._everyday(w) for w in words if len(w) > 1):
            return True  # "D. Mbatha": an initial before a name; not "R. Reflexes", "I. Toco", "Infusion Suite B"
        if _TITLE_BEFORE.search(text, max(0, s - 8), s) or _LABEL_BEFORE.search(text, max(0, s - 24), s):
            return True
        before = _WORD_BEFORE.search(text, max(0, s - 24), s)
        if before and before.group(1).casefold() in _KIN:
            return True
        if _RESIDENCE_BEFORE.search(text, max(0, s - 32), s):
            return True  # "lives in the Azores", "moved from Cabo Verde"
        after = _DEGREE_AFTER.match(text, e)
        return bool(after and lex.is_degree(after.group(1)))

    @cached_property
    def lexicon(self):
        try:
            from scrub.lexicon import Lexicon
            return Lexicon.default()
        except Exception:  # the word lists are optional for this detector
            return None

    def _heading_or_word(self, text: str, s: int, e: int, label: str = "") -> bool:
        """One word that is a section heading ("Neuro:", "GU:"), a short all-capitals
        abbreviation ("NPN") or an ordinary word seldom capitalized ("Cont") and no name."""
        word = text[s:e]
        if _HEADING_AFTER.match(text, e):
            return True
        lex = self.lexicon
        if lex is None:
            return False
        head = word.split("-")[0].casefold()
        if head in _KIN or head in _FIELD_WORDS or word.casefold() in _NAME_STOP:
            return True  # "Husband", "Daughter-in-law", "Tel"; "RISS", "Senna" (the names detector's)
        named = lex.is_first_name(word) or lex.is_surname(word) or lex.is_city(word)
        if lex.is_medical(word) and not (lex.is_first_name(word) or lex.is_surname(word)):
            return True  # a drug or a clinical word: "Unasyn", "Zosyn"
        if label == "GPE" and word.isupper() and len(word) <= 3 and not (
                lex.is_state(word) or lex.is_country(word) or lex.is_city(word)):
            return True  # "on PO diltiazem": no place
        if word.isupper() and not named and (len(word) <= 4 or label == "PERSON" and len(word) <= 6):
            return True  # "NPN"; a person "MOLST"
        if label == "PERSON" and word.isupper() and len(word) <= 3 and _LOWER_NEAR.search(
                text, max(0, s - 30), min(len(text), e + 30)):
            return True  # "given IDA;": three capitals among small letters abbreviate, name no one
        if label == "PERSON" and len(word) <= 2:
            return True  # "FOLEY IN.": two letters are no one's name (initials are the names detector's)
        if _DEVICE_CASE.fullmatch(word) and not named:
            return True  # "BiPAP", "MgSO4", "PreCEDEX": device and drug spellings, no name
        if not named and lex.is_common_word(word):
            share = lex.capitalized_share(word)
            return share is not None and share < 0.5
        return False

    def _tag_word(self, word: str) -> bool:
        """A degree or credential ("RN", "MD,", "PA-C") or a short all-capitals field
        label ("DOB", "MRN") that is no listed name."""
        lex = self.lexicon
        if lex is None:
            return False
        word = word.strip(".,;:()")
        if len(word.replace(".", "")) <= 1:
            return False  # an initial: "Emily R", "T. Oakes"
        if lex.is_degree(word) and not (word[0].isupper() and word[1:].islower()):
            return True  # "MD", "PhD", "PA-C"; not "Rd" nor "Do"
        return word.isupper() and len(word) <= 4 and lex.is_common_word(word) and not (
            lex.is_first_name(word) or lex.is_surname(word) or lex.is_city(word))

    def _drug_word(self, word: str) -> bool:
        """A listed drug's name that is no listed name ("Jardiance", "Coumadin")."""
        lex = self.lexicon
        word = word.strip(".,;:()")
        return lex is not None and lex.medical_kind(word) == "drug" and not (
            lex.is_first_name(word) or lex.is_surname(word))

    def _lead_word(self, word: str) -> bool:
        """A kin or role word ("Daughter", "Son", "Pt") or an ordinary word seldom capitalized
        and no first name ("Called", "Discussed") in front of a person's name."""
        word = word.strip(".,;:()'’")
        if len(word) <= 1:
            return False  # an initial: "A. Gupta"
        if word.casefold() in _KIN:
            return True
        lex = self.lexicon
        if lex is None or not lex.is_common_word(word) or lex.is_first_name(word) or lex.is_title(word):
            return False
        share = lex.capitalized_share(word)
        return share is not None and share < 0.2

    def _term_alone(self, text: str, s: int, e: int) -> bool:
        """One capitalized word read as a person that the words around it show to be a device,
        a sign, a score or a class: a device's or an exam's word after it ("Foley draining",
        "Hickman line", "Romberg negative"), a bare score ("Morse 55", "Psalm 23"), a Roman
        class ("Bosniak I"), a compound cut in two ("Swan" of "Swan-Ganz"), a disease after its
        possessive ("Barrett's esophagus") or a negation before it ("No Jacksonian march").
        A title before the word ("Dr. Foley") keeps it a name."""
        if _TITLE_BEFORE.search(text, max(0, s - 8), s):
            return False
        before = _WORD_BEFORE.search(text, max(0, s - 24), s)
        if before and before.group(1).casefold() in _KIN:
            return False  # "Daughter Sunny present"
        if _TERM_AFTER.match(text, e) or _NEGATION_BEFORE.search(text, max(0, s - 16), s):
            return True
        word = text[s:e]
        if word.casefold() in CLINICAL_EPONYMS:
            return True  # "Gleason 4+3=7", "Glasgow": the names detector's list of clinical eponyms
        lex = self.lexicon
        if lex is not None and NameDetector._sentence_initial(text, s) and _LOWER_NEXT.match(text, e) \
                and not lex.is_first_name(word):
            if not (lex.is_surname(word) or lex.is_city(word)) and _MEDICAL_SUFFIX.search(word):
                return True  # "Arthrotomy closed with...": a procedure's or disease's word
            share = lex.capitalized_share(word.casefold()) if lex.is_common_word(word) else None
            if share is not None and share < 0.5:
                return True  # "Fingers w/ old burns", "Alert, oriented": an ordinary word
        if _SCORE_AFTER.match(text, e) and not _ADDRESS_BEFORE.search(text, max(0, s - 16), s):
            return True  # "Braden 16,", "Morse 55." but not "Feldstrasse 42" of an address
        if _GRADE_AFTER.match(text, e) and lex is not None and lex.is_common_word(word) \
                and not _ADDRESS_BEFORE.search(text, max(0, s - 16), s):
            return True  # "Grade 2 fatigue", "Class 3 obesity": an everyday word's grade of a finding
        m = _HEAD_AFTER.match(text, e)
        if m is None:
            return False
        if m.group(1).casefold() in EPONYM_HEADS:
            return True
        if lex is not None and m.start(1) - e <= 2 and lex.medical_kind(m.group(1)) in ("disease", "medical") \
                and not lex.is_first_name(word):
            return True  # "Hashimoto hypothyroidism", "Parkinson disease": a disease's eponym
        # "Add Jardiance 10 mg", "Hold Coumadin": an order's verb before a drug's name
        return lex is not None and m.start(1) - e <= 2 and lex.medical_kind(m.group(1)) == "drug"

    def _has_name(self, run) -> bool:
        lex = self.lexicon
        if lex is None:
            return True
        return any(lex.is_first_name(w) or lex.is_surname(w)
                   for w in (tok.strip(".,;:()'’>") for _, _, tok in run) if len(w) > 1)

    def _plain_words(self, run) -> bool:
        """Every word of a person span is an ordinary word seldom capitalized and none is a
        first name: "Cancer Genetics" is a clinic, not a person."""
        lex = self.lexicon
        if lex is None:
            return False
        unnamed = False
        for _, _, tok in run:
            word = tok.strip(".,;:()'’")
            if not word:
                return False
            if lex.is_medical(word) and not lex.is_first_name(word):
                unnamed = unnamed or not lex.is_surname(word)
                continue  # "Cardiac Rehab", "Renal Transplant"
            if not lex.is_common_word(word):
                return False
            share = lex.capitalized_share(word)
            if share is None or share >= 0.2 or lex.is_first_name(word) and (
                    share >= 0.2 or len(run) == 1):
                return False  # "Dot" alone may be somebody; "Rehab" in "Cardiac Rehab" not
            unnamed = unnamed or not lex.is_surname(word)
        return unnamed

    @cached_property
    def _orgs(self):
        from scrub.detector import DetectorSettings
        from scrub.detectors.orgs import OrgDetector
        # the same templates, none of this detector's options
        return OrgDetector(DetectorSettings(self.settings.templates_dir, self.settings.spacy_model))

    def _department(self, run) -> bool:
        """An organization's span that names no one place: every word generic, medical or hardly
        ever capitalized (the organizations detector's test for a department: "Emergency
        Department"), or every word an everyday word that is mostly written capitalized and no
        listed name or place, as public bodies and national programs are named ("Social
        Security", "American Heart Association")."""
        words = [tok.strip(".,;:()'’") for _, _, tok in run]
        if not all(words):
            return False
        if self._orgs._plain_words(words):
            return True
        lex = self.lexicon
        if lex is None:
            return False
        for w in words:
            if not lex.is_common_word(w) or lex.is_first_name(w) or lex.is_surname(w) or lex.is_city(w) \
                    or lex.is_state(w) or lex.is_country(w):
                return False
            share = lex.capitalized_share(w)
            if share is None or share < 0.5:
                return False
        return True

    def _pieces(self, text: str, s: int, e: int, label: str):
        """The parts of an entity span worth proposing.

        spaCy glues neighbours onto names ("Frank at Brigham") and reads degrees as places
        ("M.D"): a person's or place's name is cut at lower-case words, and a piece that is
        only a title or degree is dropped.
        """
        if label not in ("PERSON", "GPE", "LOC", "FAC", "ORG"):
            yield from _core(text, s, e)
            return
        piece_start = None
        pos = s
        words = []
        for tok in text[s:e].split():
            ts = text.index(tok, pos)
            pos = ts + len(tok)
            words.append((ts, pos, tok))
        keep_lower = _PARTICLES if label != "PERSON" else _NAME_PARTICLES
        runs, cur = [], []
        gapped: set[int] = set()
        prev_end = None
        for ts, te, tok in words:
            if label == "PERSON" and prev_end is not None and _FIELD_GAP.search(text, prev_end, ts):
                # "Sophia Tran   DOB", "Victoria Bruun\nPhone": a field gap or a line break
                # ends the name; what follows stays only if it holds a listed name
                if cur:
                    runs.append(cur)
                cur = []
                gapped.add(len(runs))
            prev_end = te
            if label == "PERSON" and not any(ch.isalpha() for ch in tok):
                if cur:  # "Unasyn -> Augmentin": an arrow or a sign is no part of a name
                    runs.append(cur)
                cur = []
                continue
            if tok[:1].islower() and tok not in keep_lower:
                if cur:
                    runs.append(cur)
                cur = []
            else:
                cur.append((ts, te, tok))
        if cur:
            runs.append(cur)
        for n, run in enumerate(runs):
            if n in gapped and not self._has_name(run):
                continue
            if label == "PERSON" and len(run) > 1 and _LIST_LETTER.fullmatch(run[0][2]) and \
                    (run[0][0] == 0 or text[run[0][0] - 1] == "\n"):
                run = run[1:]  # "C. Left apex: 2 cores": an outline's letter, no initial
            while run and run[0][2][:1].islower():  # "the U. S. Junior Gymnastics"
                run = run[1:]
            while run and run[-1][2][:1].islower():
                run = run[:-1]
            if label in ("PERSON", "ORG"):
                # "L. Nakamura RN", "A. Gupta MD", "Okonkwo DOB": a degree or a short
                # capitals abbreviation at either end of a person is not part of the name
                while len(run) > 1 and (self._tag_word(run[-1][2]) or (
                        label == "PERSON" and self._drug_word(run[-1][2]))):
                    run = run[:-1]  # ("Add Jardiance": the drug is no part of a name)
                while len(run) > 1 and (self._tag_word(run[0][2]) or (
                        label == "PERSON" and self._lead_word(run[0][2]))):
                    run = run[1:]  # also "Daughter Chiamaka", "Pt Okafor", "Called Smith"
                if label == "PERSON":
                    while run and not _NAME_TOKEN.fullmatch(run[-1][2]):
                        run = run[:-1]  # "Coreg 12.5", "Braden 16", "Mg>2", "6-8"
                    if run and self._plain_words(run):
                        continue  # "Cancer Genetics", "Social Work": no name in it
                    if len(run) > 1 and (run[-1][2].casefold().strip(".,;:") in EPONYM_HEADS or all(
                            t.casefold().strip(".,;:") in _NAME_STOP or t.casefold().strip(".,;:") in DEMONYMS
                            for _, _, t in run)):
                        continue  # "MODIFIED ALLEN TEST": an eponym's test or sign, no person
                elif run and self._department(run):
                    continue  # "Emergency Department", "Primary Care": an organization's kind, none's name
            if not run:
                continue
            for rs, re_ in _core(text, run[0][0], run[-1][1]):
                word = text[rs:re_].strip(".")
                lex = self.lexicon
                if lex is not None and (lex.is_degree(word) or lex.is_title(word)):
                    continue
                if len(word.replace(".", "")) <= 1:
                    continue
                if text.count("(", rs, re_) != text.count(")", rs, re_):
                    continue  # "Lipoprotein(a": a lab's name cut at its parenthesis
                if label == "PERSON" and any(ch.isdigit() for ch in text[rs:re_]):
                    continue  # "G1 NSVD": an obstetric history, no person
                if label in ("GPE", "LOC", "FAC") and " " not in text[rs:re_] and lex is not None \
                        and (lex.medical_kind(word) is not None or word.casefold() in CLINICAL_EPONYMS) \
                        and not (lex.is_city(word) or lex.is_state(word) or lex.is_country(word)):
                    continue  # "Cornea clear", "ABOVE CARINA": anatomy, no place
                if label in ("PERSON", "GPE", "ORG") and " " not in text[rs:re_] and \
                        self._heading_or_word(text, rs, re_, label):
                    continue
                if label in ("PERSON", "ORG") and " " not in text[rs:re_] and \
                        _DOSE_AFTER.match(text, re_) and not _TITLE_BEFORE.search(text, max(0, rs - 8), rs):
                    continue  # "Neo gtt", "Coreg 12.5 mg", "Braden 16", "Toco q2-3 min"
                if label == "PERSON" and _NEGATION_BEFORE.search(text, max(0, rs - 16), rs) and \
                        not _TITLE_BEFORE.search(text, max(0, rs - 8), rs):
                    continue  # "NO FRANK BLOOD": what is absent is nobody
                if label == "PERSON" and " " not in text[rs:re_] and self._term_alone(text, rs, re_):
                    continue  # "Foley draining", "Romberg negative", "no Jacksonian", "Bosniak I"
                yield rs, re_


_LOWER_NEAR = re.compile(r"[a-z]{3}")
_HEADING_AFTER = re.compile(r"[ \t]*:")
_LONG_WORD = re.compile(r"[A-Za-z][A-Za-z'-]{3,}")
#: the spaCy labels whose spans must be corroborated (see SpacyEntityDetector._corroborated)
_UNLISTED_CHECKED = frozenset({"PERSON", "GPE", "LOC", "FAC"})
#: a field's label right before a span: "PCT: ", "Interpreter: ", "From: "
_LABEL_BEFORE = re.compile(r"[^\W\d_]{2,}[ \t]*:[ \t]*$")
_RESIDENCE_BEFORE = re.compile(r"(?i:\b(?:lives?|living|lived|moved|moving|born|raised|resides?|residing|"
                               r"relocated|emigrated|immigrated|visiting|travel(?:l?ed|l?ing)?|returned)"
                               r"[ \t]+(?:back[ \t]+)?(?:in|to|from|near)(?:[ \t]+the)?)[ \t]+$")
_DEGREE_AFTER = re.compile(r",?[ \t]+([A-Za-z][A-Za-z.-]{1,6})")
#: a grade or a class before a finding in small letters: "Grade 2 fatigue"
_GRADE_AFTER = re.compile(r"[ \t]+\d{1,2}[ \t]+[a-z]")

_DEVICE_CASE = re.compile(r"[A-Z]?[a-z]+(?:[A-Z]{2,}|[A-Z]+[a-z]*\d)\w*")
#: a token that can be part of a name: letters, with inner dots, hyphens and apostrophes
_NAME_TOKEN = re.compile(r"[^\W\d_][^\W\d_.'’-]*(?:[.'’-][^\W\d_]*)*[.,]?")
#: after a one-word "person": a dose, a rate, a route or a score, so a drug, device or scale
_DOSE_AFTER = re.compile(
    r"[ \t]*(?:\d[\d.,]*[ \t]?(?:mg|mcg|g|gm|grams?|units?|u|ml|meq|mmol|%|mg/\w+|mcg/\w+)(?![^\W\d_])|(?:gtt|drip|infusion|titrat\w*|mg|mcg|units?|ml|po|iv|ivp|sq|sc|im|sl|pr|prn|"
    r"q[ \t]?\d+(?:-\d+)?(?:h|hr|hrs|d|min)?|qd|qhs|qam|qpm|bid|tid|qid|daily|tabs?|caps?|nebs?|patch|gel|cream|"
    r"balance|gait|score|scale)(?![^\W\d_]))", re.IGNORECASE)
_TITLE_BEFORE = re.compile(r"(?:\b(?:dr|mr|mrs|ms|miss|mx|prof|rev|sr|fr)\.?|\bsister|\bbrother)[ \t]*$",
                           re.IGNORECASE)
_KIN = frozenset("""son daughter wife husband mother father brother sister niece nephew grandson
granddaughter grandmother grandfather grandma grandpa boyfriend girlfriend fiance fiancé fiancee
partner friend neighbor neighbour cousin aunt uncle mom dad caregiver pt patient per""".split())
_FIELD_WORDS = frozenset("tel tel. ph phone fax cell mobile pager beeper email e-mail".split())
_FIELD_GAP = re.compile(r"\n|\t|  ")


_EPONYM_HEAD = re.compile(
    r"(?:['’]s?)?\s+(?:(?:risk|rating|assessment|severity|screening)\s+)?(?:sign|signs|score|scores|scale|scales|criteria|classification|syndrome|disease|"
    r"test|maneuver|manoeuvre|reflex|procedure|operation|repair|equation|formula|rule|index|"
    r"grade|grading|stage|staging|phenomenon|triad|lymphoma|palsy|fracture|catheter|tube|"
    r"protocol|method|approach|technique|study|trial|cohort|model|type)\b", re.IGNORECASE)
#: after one word read as a person: what follows a device, an exam sign, a score or a class
_TERM_AFTER = re.compile(
    r"(?:[ \t]+(?:draining|drained|drains|placed|removed|d/?c['’]?d|dc['’]?ed|discontinued|inserted|"
    r"reinserted|replaced|changed|patent|intact|flushed|flushes|flushing|line|lines|cath|catheter|"
    r"negative|positive|neg|pos|absent|equivocal|deferred|bilat|bilaterally|in[ \t]+place|to[ \t]+"
    r"(?:gravity|bsd|sbd|lcs|lcws|lws|liws|suction|wall)|site|dressing|sutures?|"
    r"(?:I{1,3}|IV|VI{0,3}|IX|X)(?:(?![\w.\-])|(?=\.(?:\s|$)))|(?i:to|from|by)[ \t]+[~<>]?\d)|-[^\W\d_a-z])")
#: a bare score ending its phrase after one word: "Braden 16,", "MORSE 35."
_SCORE_AFTER = re.compile(r"[ \t]+\d{1,3}(?:[,;.)]|[ \t]*$|\+\d|-\d(?!\d))", re.MULTILINE)
#: a lower-case word (or a comma and one) after a word opening a sentence
_LOWER_NEXT = re.compile(r",?[ \t]+(?:w/|[a-z])")
#: a house number or a street cue before the word: "4844 Søndergade 52", "on Ziegelgasse 19"
_ADDRESS_BEFORE = re.compile(r"(?:\d[ \t]+|\b(?:on|at|ul\.|in))[ \t]*(?:[^\W\d_]+\.?[ \t]+)?$", re.IGNORECASE)
#: endings of procedures, diseases and findings: no person's name ends so
_MEDICAL_SUFFIX = re.compile(r"(?:otomy|ectomy|ostomy|itis|osis|emia|aemia|plasty|scopy|graphy|pathy|algia|"
                             r"plegia|paresis|rrhea|rrhoea|trophy|megaly|lysis|centesis)$", re.IGNORECASE)
_LIST_LETTER = re.compile(r"[A-H]\.")
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[ \t,:]+$")
#: a negation before one word read as a person: "No Jacksonian march", "neg Homans"
_NEGATION_BEFORE = re.compile(r"(?:^|[^\w])(?:no|neg|negative|without|w/o)[ \t]+$", re.IGNORECASE)
#: the word after a possessive or a word: "Barrett's esophagus", "Graves' disease"
_HEAD_AFTER = re.compile(r"(?:['’]s?)?\)?[ \t]+([^\W\d_]+)")
_PARTICLES = frozenset({"of", "the", "and", "de", "la", "du", "del", "van", "von", "der", "on", "upon", "'s"})
_NAME_PARTICLES = frozenset({"de", "la", "du", "del", "van", "von", "der", "da", "di", "bin", "ibn", "al"})


def _core(text: str, s: int, e: int):
    """Trim a span to start and end on a letter or digit (spaCy keeps trailing punctuation)."""
    while s < e and not text[s].isalnum():
        s += 1
    while e > s and not text[e - 1].isalnum():
        e -= 1
    if e > s:
        yield s, e
