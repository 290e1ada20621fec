"""The organization detector (scrub.organizations.v1): hospitals, clinics, nursing homes,
employers, schools and teams.

Hospitals come from the CMS list (the lexicon's "hospitals" phrase table, one Aho-Corasick pass);
facility, company and school names from one regex pass each over capitalized words before a head
word, kept only when a word in them is a proper name ("Elm Clinic", not "Cardiology Clinic").
Hand lists and likelihoods live in templates/organizations.toml.
"""
from __future__ import annotations

from bisect import bisect_left
from functools import cached_property

import ahocorasick
import regex

from scrub.detector import Detector
from scrub.lexicon import Lexicon, PhraseTable
from scrub.templates import gate_windows, load_rules
from scrub.types import Candidate, Document

#: a capitalized word of a name: letters, apostrophes, hyphens, an inner "&" ("Barnes-Jewish")
_WORD = r"(?-i:[A-Z](?:[\w'’&-]{0,2}\.|[\w'’&-]*))"
#: a run of up to seven capitalized words, "of", "and", "&", "the", "for" between them
_RUN = (r"(?:(?:St|Mt|Ste|Saint|Mount)\.?[ \t]+)?" + _WORD
        + r"(?:[ \t]+(?:(?:of|and|&|the|de|la|del)[ \t]+)?" + _WORD + r"){0,6}")
COMPANY_FORMS = ("Inc", "Incorporated", "Corp", "Corporation", "Co", "Company", "LLC", "L.L.C", "LLP",
                 "Ltd", "Limited", "PLC", "LP", "L.P", "Holdings", "Industries", "Enterprises",
                 "Technologies", "Manufacturing", "Bank", "Insurance", "Foods", "Motors", "Airlines",
                 "Labs", "Laboratories", "Pharmaceuticals", "Systems", "Solutions")
SCHOOL_HEADS = ("University", "College", "Community College", "Academy", "High School", "Middle School",
                "Elementary School", "Elementary", "Junior High", "Grammar School", "Prep", "Preparatory School",
                "School", "Seminary", "Polytechnic", "Institute of Technology", "Day School", "Montessori",
                "Preschool", "Daycare", "Day Care", "Kindergarten")
_SAINT = regex.compile(r"(?<![\w.])(?-i:(?P<head>St|Mt|Ste|Saint|Mount)\.?[ \t]+(?P<name>[A-Z][a-z]+(?:-[A-Z][a-z]+)?)"
                       r"(?P<poss>['’]s)?)(?![\w'’])")
_TEAM_GATE = regex.compile(r"(?<![\w])(?:team|squad|club|league)(?![\w])")
_TOWN_AFTER = regex.compile(r"[ \t]+((?-i:[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}))")
_NONSPACE = regex.compile(r"\S+")
_NEXT_WORD = regex.compile(r"[ \t]+(\w+)")
_DIGIT_END = regex.compile(r"\d[ \t]*$")
_CONNECTORS = frozenset({"of", "and", "&", "the", "de", "la", "del"})
#: how far before a head word its name may start (seven words)
_RUN_BEFORE = 120
_POSSESSIVE = regex.compile(r"['’]s(?![\w])")
_BEFORE_INST = regex.compile(r"(?:\bthe|\bat|\bto|\bfrom|\bin|\bvia|\bof|\bwith)[ \t]+$", regex.IGNORECASE)
_SENTENCE_START = regex.compile(r"(?:^|[.!?:;]\s+|\n\s*)$")


_NEVER = regex.compile(r"\x00\x01\x00")  # a literal never in text: gate_windows uses only `extra`


def _alternation(words) -> str:
    return "|".join(regex.escape(w).replace(r"\ ", r"[ \t]+")
                    for w in sorted(set(words), key=lambda w: (-len(w), w)))


class OrganizationDetector(Detector):
    """Hospitals and other organizations, from the CMS list, hand lists and head-word patterns."""

    name = "scrub.organizations.v1"
    entities = ("organization", "hospital")
    template_families = ("organizations",)

    DEFAULT_RULES = {"hospital_listed": 0.95, "facility": 0.90, "generic_institution": 0.75, "saint": 0.80, "short_form": 0.90,
                     "company": 0.88, "school": 0.88}

    @cached_property
    def rules(self) -> dict:
        found = load_rules(self.settings.templates_dir, "organizations")
        return {**self.DEFAULT_RULES, **{k: float(found[k]) for k in found if k in self.DEFAULT_RULES}}

    @cached_property
    def lists(self) -> dict:
        got = load_rules(self.settings.templates_dir, "organizations", "lists")
        return {k: tuple(str(w) for w in got.get(k, ())) for k in
                ("facility_heads", "generic", "short_forms", "saint_not_before", "lead_strip", "institution")}

    @cached_property
    def lex(self) -> Lexicon:
        return Lexicon.default()

    @cached_property
    def _generic(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.lists["generic"])

    @cached_property
    def _lead_strip(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.lists["lead_strip"])

    @cached_property
    def _short_forms(self) -> PhraseTable:
        return PhraseTable.build((w, w) for w in self.lists["short_forms"])

    @cached_property
    def _patterns(self) -> tuple[regex.Pattern, regex.Pattern, regex.Pattern, regex.Pattern]:
        heads = [h for h in self.lists["facility_heads"] if h != "facility"]
        facility = regex.compile(r"(?<![\w'’.-])(?P<run>" + _RUN + r")[ \t]+(?P<head>(?-i:"
                                 + _alternation(heads) + r"))(?![\w'’-])")
        company = regex.compile(r"(?<![\w'’.-])(?P<run>" + _RUN + r"),?[ \t]+(?P<head>(?-i:"
                                + _alternation(COMPANY_FORMS) + r"))(?![\w'’-])\.?")
        school = regex.compile(r"(?<![\w'’.-])(?P<run>" + _RUN + r")[ \t]+(?P<head>(?-i:"
                               + _alternation(SCHOOL_HEADS) + r"))(?![\w'’-])")
        school_of = regex.compile(r"(?<![\w'’.-])(?-i:(?P<head>University|College)[ \t]+of[ \t]+)"
                                  r"(?P<run>" + _WORD + r"(?:[ \t]+" + _WORD + r"){0,3})")
        # the first word of every head, as written: an Aho-Corasick pass finds where to look
        auto = ahocorasick.Automaton()
        for kind, words in (("facility", heads), ("company", COMPANY_FORMS), ("school", SCHOOL_HEADS)):
            for w in words:
                first = w.split()[0]
                got = auto.get(first, ())
                if kind not in got:
                    auto.add_word(first, tuple(sorted(got + (kind,))) if got else (kind,))
        for first in ("University", "College"):
            got = auto.get(first, ())
            auto.add_word(first, tuple(sorted(set(got) | {"school_of"})))
        auto.make_automaton()
        self._heads = auto
        return facility, company, school, school_of

    def _windows(self, text: str) -> dict[str, list[tuple[int, int]]]:
        """For each pattern kind, the stretches before its head words (whole words only)."""
        self._patterns
        n = len(text)
        hits: dict[str, list[tuple[int, int]]] = {"facility": [], "company": [], "school": [], "school_of": []}
        for end, kinds in self._heads.iter(text):
            e = end + 1
            s = e - len(self._head_len_probe(text, end))
            if (s > 0 and (text[s - 1].isalnum())) or (e < n and text[e].isalnum()):
                continue
            for k in kinds:
                hits[k].append((s, e))
        out = {}
        for k, spans in hits.items():
            if k == "school_of":
                out[k] = gate_windows(text, _NEVER, 0, 80, extra=spans)
            else:
                out[k] = gate_windows(text, _NEVER, _RUN_BEFORE, 40, extra=spans)
        return out

    @staticmethod
    def _head_len_probe(text: str, end: int) -> str:
        """The word ending at `end` (the automaton stores kinds, not lengths)."""
        i = end
        while i >= 0 and (text[i].isalnum() or text[i] in "'’.&-"):
            i -= 1
        return text[i + 1:end + 1]

    def _proper_start(self, text: str, start: int, words: list[tuple[int, int]],
                      allow_institution: bool = False) -> tuple[int, bool] | None:
        """Index of the first word to keep of a capitalized run, or None when no word in it is a
        proper name (every word generic or a medical term: "Cardiology Clinic")."""
        lex = self.lex
        generic = self._generic
        proper = [not (text[s:e].lower() in _CONNECTORS or text[s:e].lower().rstrip(".") in generic or text[s:e].lower().rstrip("'’s") in generic
                       or lex.is_medical(text[s:e]))
                  for s, e in words]
        if not any(proper):
            if allow_institution and any(text[s:e].rstrip(".") in self.lists["institution"] for s, e in words):
                k = next(i for i, (s, e) in enumerate(words) if text[s:e].lower().rstrip(".") not in self._lead_strip)
                return (k, False)
            return None
        k = 0
        # leading generic words go ("Seen at", "The", "Patient"), and a common word opening a
        # sentence goes when a proper word stays ("Called Elm Clinic" keeps "Elm Clinic")
        while k < len(words):
            w = text[words[k][0]:words[k][1]]
            low = w.lower()
            if low.rstrip(".") in self._lead_strip or low in ("of", "and", "&", "the", "for", "at"):
                k += 1
                continue
            if k == 0 and sum(proper) > 1 and _SENTENCE_START.search(text, max(0, start - 4), start) \
                    and (lex.capitalized_share(w) or 1.0) < 0.2:
                k += 1
                continue
            break
        if k >= len(words) or not any(proper[k:]):
            return None
        return (k, True)

    def _named(self, text: str, m, entity: str, like: float, why: str, keep_generic_head: bool = True):
        run_s, run_e = m.span("run")
        words = [w.span() for w in _NONSPACE.finditer(text[run_s:run_e])]
        words = [(run_s + a, run_s + b) for a, b in words]
        got = self._proper_start(text, run_s, words, allow_institution=entity == "hospital")
        if got is None:
            return None
        k, proper = got
        if not proper:
            like, why = self.rules["generic_institution"], "context:institution-head"
        return Candidate(words[k][0], m.end(), entity, like, self.name, why)

    def _with_town(self, text: str, c: Candidate) -> Candidate:
        """"Children's Hospital Los Angeles": a listed town right after the head is part of the name."""
        m = _TOWN_AFTER.match(text, c.end)
        if m is None:
            return c
        places = self.lex.phrases("places")
        words = m.group(1).split()
        for k in range(len(words), 0, -1):
            if places.get(" ".join(words[:k])) is not None:
                end = c.end + len(m.group(0)) - len(m.group(1)) + len(" ".join(words[:k]))
                if " ".join(words[:k]) == text[end - len(" ".join(words[:k])):end]:
                    return Candidate(c.start, end, c.entity, c.likelihood, c.detector, c.why)
        return c

    def detect(self, doc: Document) -> list[Candidate]:
        text = doc.text
        rules = self.rules
        me = self.name
        lex = self.lex
        # the templates (teams) end in a team word: scan only the stretch before one
        out: list[Candidate] = list(self.matcher.match(text, gate_windows(text, _TEAM_GATE, 96, 8)))
        facility, company, school, school_of = self._patterns
        for s, e, payload in lex.phrases("hospitals").find(text):
            if not text[s].isupper():
                continue
            words = text[s:e].split()
            like = rules["hospital_listed"]
            if all(w.lower().rstrip("'’s") in self._generic or w.lower() in self._generic for w in words):
                like = min(like, rules["facility"] - 0.2)  # "Community Hospital": listed, but generic
            out.append(Candidate(s, e, "hospital", round(like, 4), me, "list:hospitals"))
        listed = sorted((c.start, c.end) for c in out if c.why == "list:hospitals")
        windows = self._windows(text)
        for m in (m for lo, hi in windows["facility"] for m in facility.finditer(text, lo, hi)):
            c = self._named(text, m, "hospital", rules["facility"], "template:facility-head")
            if c is None:
                # "Children's Hospital Boston": generic words made proper by the town after them
                bare = Candidate(m.start("run"), m.end(), "hospital", rules["facility"], me,
                                 "context:facility-town")
                town = self._with_town(text, bare)
                if town.end > bare.end:
                    out.append(town)
                continue
            if c is not None:
                k = bisect_left(listed, (c.start, 0))
                if k < len(listed) and listed[k][1] <= c.end:
                    # a longer form of a listed hospital ("NY Presbyterian Hospital") is as sure
                    c = Candidate(c.start, c.end, c.entity, rules["hospital_listed"], me, "list:hospitals")
                out.append(self._with_town(text, c))
        for m in (m for lo, hi in windows["company"] for m in company.finditer(text, lo, hi)):
            c = self._named(text, m, "organization", rules["company"], "list:company_forms")
            if c is not None:
                out.append(c)
        for m in (m for lo, hi in windows["school"] for m in school.finditer(text, lo, hi)):
            c = self._named(text, m, "organization", rules["school"], "template:school-head")
            if c is not None:
                out.append(c)
        for m in (m for lo, hi in windows["school_of"] for m in school_of.finditer(text, lo, hi)):
            words = [(m.start("run") + w.start(), m.start("run") + w.end())
                     for w in _NONSPACE.finditer(m.group("run"))]
            if any(text[a:b].lower() not in self._generic for a, b in words):
                out.append(Candidate(m.start(), m.end(), "organization", rules["school"], me,
                                     "template:school-of"))
        not_before = frozenset(self.lists["saint_not_before"])
        for m in _SAINT.finditer(text):
            nxt = _NEXT_WORD.match(text, m.end(), m.end() + 24)
            if nxt and nxt.group(1) in not_before:
                continue
            if m.group("head") in ("St", "Ste") and _DIGIT_END.search(text, max(0, m.start() - 8), m.start()):
                continue  # "12 St. Paul": a street number before
            out.append(Candidate(m.start(), m.end(), "hospital", rules["saint"], me, "template:saint"))
        for s, e, _ in self._short_forms.find(text, case_insensitive=False):
            poss = _POSSESSIVE.match(text, e)
            if poss:
                e = poss.end()
            single = " " not in text[s:e].strip() and not text[s:e].lower().startswith("the ")
            like = rules["short_form"]
            if single and not poss and not _BEFORE_INST.search(text, max(0, s - 8), s):
                like = round(like - 0.3, 4)  # "Brigham" alone may be a person
            out.append(Candidate(s, e, "hospital", like, me, "list:short_forms"))
        return out
