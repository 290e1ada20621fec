"""The organization detector (scrub.orgs.v1): hospitals (CMS list and the short forms people
write: "the Brigham", "Brigham's", "St. Vincent's", "Mt. Sinai"), clinics, companies, schools, teams.

Hospitals are Aho-Corasick scans of the lexicon's CMS table and of the distinctive cores of its
names; facilities, companies and schools are one regex pass for a capitalized proper name before
a head word of templates/orgs.toml's hand lists; teams and "University of X" are templates.
"""
from __future__ import annotations

from functools import cached_property, lru_cache
from pathlib import Path

import regex

from scrub.detector import Detector
from scrub.lexicon import Lexicon, PhraseTable, read_tsv
from scrub.templates import load_rules
from scrub.types import Candidate, Document

#: words a CMS name is made of besides its proper core ("Hospital", "Medical Center", "Inc")
_CMS_HEAD = regex.compile(
    r"(?i)(?:[ ,]+(?:the|of|at|and|&|inc\.?|llc|cah|ltd|lp|corp\.?|hospitals?|hosp|medical|"
    r"health|healthcare|center|centre|ctr|campus|system|systems|services|clinics?|regional|"
    r"memorial|community|general|district|county|institute|authority|care|acute|critical|access|"
    r"specialty|rehabilitation|rehab|children'?s|women'?s|cancer|heart|behavioral|psychiatric|"
    r"surgical|surgery|orthopedic|long|term|nursing|home|university|area|city|association|"
    r"st\.?|saint|(?:\([^)]*\)))+)$")
_CMS_LEAD = regex.compile(r"(?i)^(?:the|memorial|university of|univ of)\s+")
_SAINT = regex.compile(
    r"(?-i:(?<![\w.])(?P<s>(?:St|Ste|Saint|Mt|Mount)\.?[ \t]+[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)?(?P<poss>['’]s)?))(?![\w'’])")
_JOINERS = frozenset({"the", "a", "an", "our", "of", "and", "&", "for", "de", "la"})
_CAPWORD = r"(?:[A-Z][\w'’&-]*\.?|[A-Z]\.(?:[ \t]?[A-Z]\.)*)"


@lru_cache(maxsize=2)
def _cms_cores(directory: str) -> tuple[PhraseTable, frozenset[str]]:
    """The distinctive cores of CMS hospital names and the single words that lead them.

    "Brigham and Women's Hospital" → core "Brigham and Women's", lead word "Brigham";
    "Johns Hopkins Hospital" → "Johns Hopkins". Built once per process from the list (5,000 rows).
    """
    items, leads = [], set()
    for r in read_tsv(Path(directory) / "hospitals.tsv.gz"):
        name = r["name"].split(",")[0].strip()
        core = _CMS_LEAD.sub("", _CMS_HEAD.sub("", name)).strip()
        core = _CMS_HEAD.sub("", core).strip()
        words = core.split()
        if not words:
            continue
        if len(words) >= 2 and core.lower() != name.lower():
            items.append((core, ("hospital", r["name"])))
        if words[0][:1].isupper() and words[0].isalpha() and len(words[0]) >= 4:
            leads.add(words[0])
    items.sort()
    return PhraseTable.build(items), frozenset(leads)


class OrgDetector(Detector):
    """Hospitals, clinics, companies, schools and teams, from the CMS list and head words."""

    name = "scrub.orgs.v1"
    entities = ("organization", "hospital")
    template_families = ("orgs",)

    DEFAULT_RULES = {"hospital_listed": 0.95, "hospital_core": 0.88, "hospital_word": 0.82,
                     "facility": 0.90, "town_facility": 0.85, "saint": 0.80, "company": 0.88,
                     "school": 0.88}

    @cached_property
    def rules(self) -> dict:
        out = dict(self.DEFAULT_RULES)
        out.update({k: float(v) for k, v in load_rules(self.settings.templates_dir, "orgs").items()})
        return out

    @cached_property
    def lists(self) -> dict:
        return load_rules(self.settings.templates_dir, "orgs", table="lists")

    @cached_property
    def lex(self) -> Lexicon:
        return Lexicon.default()

    @cached_property
    def _generic(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.lists.get("generic", ()))

    @cached_property
    def _heads(self) -> dict[str, str]:
        """head phrase → kind, for the one compiled pass."""
        out: dict[str, str] = {}
        for kind, key in (("facility", "facility_heads"), ("school", "schools"), ("company", "legal_forms")):
            for h in self.lists.get(key, ()):
                out.setdefault(h, kind)
        return out

    @cached_property
    def _head_re(self):
        heads = sorted(self._heads, key=lambda h: (-len(h), h))
        # a word of the name is never itself a head: "Elm Clinic and Riverside Family Practice"
        # is two names, "Acme Inc. and Marina Corp" two companies
        single = sorted({h.split()[0] for h in heads}, key=lambda h: (-len(h), h))
        nothead = r"(?!(?:" + "|".join(regex.escape(h) for h in single) + r")(?![\w'’]))"
        alt = "|".join(regex.escape(h).replace(r"\ ", r"[ \t]+") for h in heads)
        town = "|".join(regex.escape(h).replace(r"\ ", r"[ \t]+")
                        for h in sorted(self.lists.get("town_heads", ()), key=lambda h: (-len(h), h)))
        # one to five capitalized words (small joiners allowed inside), then the head; or a
        # capitalized word or two before a lower-case head ("Dallas clinic")
        return regex.compile(
            r"(?<![\w'’.-])(?P<name>" + nothead + _CAPWORD + r"(?:[ \t]+(?:(?:of|and|&|the|for|de|la)[ \t]+)?"
            + nothead + _CAPWORD + r"){0,4})"
            r",?[ \t]+(?P<head>" + alt + r")(?P<poss>['’]s)?(?![\w'’])"
            r"|(?<![\w'’.-])(?P<town>[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)?)[ \t]+(?P<thead>" + town + r")(?![\w'’-])")

    # ------------------------------------------------------------------ detect

    def detect(self, doc: Document) -> list[Candidate]:
        text = doc.text
        if not text:
            return []
        out: list[Candidate] = list(self.matcher.match(text))
        r = self.rules
        lex = self.lex
        for s, e, _ in lex.phrases("hospitals").find(text):
            if text[s].isupper():
                out.append(Candidate(s, self._poss(text, e), "hospital", r["hospital_listed"], self.name,
                                     "list:hospitals"))
        cores, leads = _cms_cores(str(lex.directory))
        for s, e, _ in cores.find(text):
            if text[s].isupper():
                out.append(Candidate(s, self._poss(text, e), "hospital", r["hospital_core"], self.name,
                                     "list:hospital_cores"))
        self._lead_words(text, leads, out)
        self._saints(text, out)
        self._heads_pass(text, out)
        return out

    @staticmethod
    def _poss(text: str, e: int) -> int:
        """Take a possessive "'s" after a name into the span ("Brigham's")."""
        if text[e:e + 2] in ("'s", "’s") and (e + 2 == len(text) or not text[e + 2].isalnum()):
            return e + 2
        return e

    def _lead_words(self, text: str, leads: frozenset[str], out: list[Candidate]) -> None:
        """"the Brigham", "at Brigham's": a CMS core's leading word in a hospital's place."""
        for m in regex.finditer(r"(?-i:(?<=\b(?:the|at|to|from|in)[ \t]+)(?P<w>[A-Z][a-z]{3,})(?P<poss>['’]s)?)(?![\w'’-])",
                                text):
            w = m.group("w")
            if w not in leads:
                continue
            before = text[max(0, m.start() - 5):m.start()].lower()
            the = before.rstrip().endswith("the")
            if not (the or m.group("poss")):
                continue
            # an everyday word or a town is not read as a hospital ("the Valley", "the Park")
            share = self.lex.capitalized_share(w)
            if share is not None and share < 0.5 or self.lex.is_city(w) and not m.group("poss"):
                continue
            out.append(Candidate(m.start(), m.end(), "hospital", self.rules["hospital_word"], self.name,
                                 "context:hospital_word"))

    def _saints(self, text: str, out: list[Candidate]) -> None:
        for m in _SAINT.finditer(text):
            s, e = m.span("s")
            phrase = m.group("s")
            # "St. Louis" is a town (the location detector's), unless written as a possessive
            if not m.group("poss") and self.lex.is_city(phrase.replace("Saint", "St")):
                continue
            out.append(Candidate(s, e, "hospital", self.rules["saint"], self.name, "context:saint"))

    def _heads_pass(self, text: str, out: list[Candidate]) -> None:
        r = self.rules
        generic = self._generic
        lex = self.lex
        for m in self._head_re.finditer(text):
            if m.group("town") is not None:
                town = m.group("town")
                if lex.is_city(town) and not town.lower() in generic:
                    out.append(Candidate(m.start("town"), m.end("thead"), "organization", r["town_facility"],
                                         self.name, "context:town_facility"))
                continue
            name_s = m.start("name")
            words = regex.findall(r"[^\s,]+", m.group("name"))
            # leading generic words are not part of the name ("The Elm Clinic" → "Elm Clinic")
            k = 0
            while k < len(words) and words[k].lower().rstrip(".") in generic | _JOINERS:
                k += 1
            if k == len(words):
                continue  # a department: "Cardiology Clinic", "Emergency Department"
            if k:
                name_s = text.index(words[k], name_s)
            kind = self._heads[regex.sub(r"[ \t]+", " ", m.group("head"))]
            if kind == "company":
                # a single first word that is an everyday word ("The Company", "Our Group")
                proper = [w for w in words[k:] if w.lower() not in generic]
                if not proper:
                    continue
            end = m.end()
            ent = "hospital" if kind == "facility" and m.group("head").lower().startswith("hosp") else "organization"
            out.append(Candidate(name_s, end, ent, r[kind], self.name, f"context:{kind}"))
