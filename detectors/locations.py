"""The location detector (scrub.locations.v1): streets, PO boxes, units, cities, states, ZIPs,
countries, places (nursing homes, counties), whole address blocks (level 3) and "City, ST" (level 5).

Pattern-like forms are templates in templates/locations.toml; the list-driven forms are a few
compiled regex passes whose hits are judged against the lexicon (USPS suffixes, places, states,
countries), with the likelihoods of that file's [rules] table.
"""
from __future__ import annotations

from functools import cached_property

import regex

from scrub.detector import Detector
from scrub.lexicon import Lexicon
from scrub.templates import load_rules
from scrub.types import Candidate, Document

#: two-letter USPS codes that are also words or degrees: they need a ZIP or a listed city before
AMBIGUOUS_STATES = frozenset({"IN", "OR", "ME", "OK", "PA", "MD", "DE", "HI", "MS", "AS", "GU"})

_W = r"[A-Z][\w'’-]*\.?"  # a capitalized word, maybe abbreviated ("St.", "Mt.")
#: a capitalized word inside a town's name: a dot only after the usual abbreviations, so that a
#: name never runs over a sentence's end ("moved to St. Louis. Lives in ...")
_TW = r"(?:(?:St|Ste|Ft|Mt|Pt)\.|[A-Z][\w'’-]*)"
_ORD = r"\d{1,3}(?:st|nd|rd|th)"
#: a house number and up to six capitalized words: the suffix among them is found in code
_STREET = regex.compile(
    r"(?<![\w.,/-])(?P<num>\d{1,6}[A-Za-z]?(?:-\d{1,4})?)[ \t]+"
    r"(?P<words>(?:" + _W + "|" + _ORD + r")(?:[ \t]+(?:" + _W + "|" + _ORD + r")){0,5})")
_UNIT_AFTER = regex.compile(
    r"\.?[ \t]*,?[ \t]*(?P<u>(?:(?-i:Apt|APT|Apartment|Suite|SUITE|Ste|STE|Unit|UNIT|Bldg|Building|Fl|Floor)"
    r"\.?[ \t]*#?|#)[ \t]*[\w-]{1,6})(?![\w])")
#: "City, ST 02151", "City, State", "CITY, ST"
_CSZ = regex.compile(
    r"(?<![\w'’-])(?P<city>" + _TW + r"(?:[ \t]+" + _TW + r"){0,3}),[ \t]*"
    r"(?P<st>[A-Z]{2}(?![\w'’-])|[A-Z][a-z]+\.?(?:[ \t]+[A-Z][a-z]+)?)"
    r"(?:[ \t]*,?[ \t]+(?P<zip>\d{5}(?:-\d{4})?)(?![\w-]))?")
#: "MA 02151" without a city before it
_ST_ZIP = regex.compile(r"(?<![\w,])[ \t]*(?P<st>[A-Z]{2})[ \t]+(?P<zip>\d{5}(?:-\d{4})?)(?![\w-])")
#: a Boston-style line "Huntington 18" (name then number) right above a City, ST line
_NAME_NUMBER_LINE = regex.compile(r"^[ \t]*(?P<s>" + _W + r"(?:[ \t]+" + _W + r"){0,3}[ \t]+\d{1,5}[A-Za-z]?)[ \t,]*$")
#: towns after a cue ("lives in Peabody", "from Fresno", "moved to Ohio")
_CUE = regex.compile(
    r"(?P<cue>\b(?:(?:lives?|living|lived|resides?|residing|resident|moved|moving|relocated|born|raised|"
    r"grew[ \t]+up|visiting|returned|transferred|transfer|drove|flew|travel(?:l?ed|l?ing)?|based|located|home)"
    r"[ \t]+(?:here[ \t]+)?(?:in|from|to|near|at|of)|from|near|outside(?:[ \t]+of)?|suburbs?[ \t]+of|area[ \t]+of|"
    r"(?:town|city|village)[ \t]+of|in|to|at)[ \t]+(?:the[ \t]+)?)"
    r"(?-i:(?P<w>" + _TW + r"(?:[ \t]+" + _TW + r"){0,2}))", regex.IGNORECASE)
_WEAK_CUES = frozenset({"in", "to", "at"})
_CAP = regex.compile(r"[A-Z][\w'’.-]*|" + _ORD)


def _words(s: str, base: int) -> list[tuple[int, int, str]]:
    return [(base + m.start(), base + m.end(), m.group()) for m in regex.finditer(r"\S+", s)]


class LocationDetector(Detector):
    """Addresses, towns, states, ZIPs, countries and places, from templates and the lexicon."""

    name = "scrub.locations.v1"
    entities = ("street", "city", "state", "zip", "country", "place", "address_block", "location")
    template_families = ("locations",)

    DEFAULT_RULES = {"street": 0.90, "street_unit": 0.95, "street_name_number": 0.85,
                     "city_state_zip": 0.97, "city_state_zip_unlisted": 0.85, "city_state": 0.90,
                     "town_in_context": 0.85, "town_weak": 0.72, "ambiguous_town_in_context": 0.75,
                     "state_name": 0.80, "country": 0.80, "zip_after_state": 0.92}

    @cached_property
    def rules(self) -> dict:
        out = dict(self.DEFAULT_RULES)
        out.update({k: float(v) for k, v in load_rules(self.settings.templates_dir, "locations").items()})
        return out

    @cached_property
    def lex(self) -> Lexicon:
        return Lexicon.default()

    # ------------------------------------------------------------------ judgements

    def _suffix(self, w: str) -> bool:
        return self.lex.is_street_suffix(w.rstrip(".")) or self.lex.is_street_suffix(w)

    def _ambiguous_word(self, w: str) -> bool:
        """A town name that is also an everyday word or a first name ("Reading", "Marion")."""
        lex = self.lex
        share = lex.capitalized_share(w)
        if share is not None and share < 0.5:
            return True
        return lex.first_name_band(w) == 0

    def _city_prefix(self, words: list[tuple[int, int, str]]) -> int:
        """How many leading words form a listed place (longest first), 0 for none."""
        for k in range(len(words), 0, -1):
            phrase = " ".join(w for _, _, w in words[:k]).rstrip(".,")
            if self.lex.is_city(phrase):
                return k
        return 0

    def _city_suffix(self, words: list[tuple[int, int, str]]) -> int:
        """How many trailing words form a listed place (longest first), 0 for none."""
        for k in range(len(words), 0, -1):
            phrase = " ".join(w for _, _, w in words[-k:])
            if self.lex.is_city(phrase):
                return k
        return 0

    def _state(self, st: str) -> bool:
        st = st.strip()
        if len(st) == 2:
            return st.isupper() and self.lex.is_state(st)
        return self.lex.is_state(st)

    # ------------------------------------------------------------------ detect

    def detect(self, doc: Document) -> list[Candidate]:
        text = doc.text
        if not text:
            return []
        out: list[Candidate] = list(self.matcher.match(text))
        streets = self._streets(text, out)
        self._blocks(text, streets, out)
        self._towns(text, out)
        self._countries(text, out)
        return out

    def _cand(self, s: int, e: int, entity: str, like: float, why: str, parts=()) -> Candidate:
        return Candidate(s, e, entity, like, self.name, why, tuple(parts))

    def _streets(self, text: str, out: list[Candidate]) -> list[Candidate]:
        r = self.rules
        found = []
        for m in _STREET.finditer(text):
            ws = _words(m.group("words"), m.start("words"))
            end = None
            for i in range(1, len(ws)):
                if self._suffix(ws[i][2]):
                    end = ws[i][1]
                    # "Elm Park Rd": a second suffix right after the first belongs to the name
                    if i + 1 < len(ws) and self._suffix(ws[i + 1][2]):
                        end = ws[i + 1][1]
                    # a trailing directional ("Main St NW")
                    break
            if end is None:
                continue
            if text[end - 1] == "." and end < len(text) and (end == len(text) or text[end:end + 1] in "\n "):
                pass  # the abbreviation's dot belongs to the street
            like, why = r["street"], "context:street"
            u = _UNIT_AFTER.match(text, end)
            if u:
                end = u.end("u")
                like, why = r["street_unit"], "context:street_unit"
            c = self._cand(m.start("num"), end, "street", like, why)
            out.append(c)
            found.append(c)
        return found

    def _blocks(self, text: str, streets: list[Candidate], out: list[Candidate]) -> None:
        r = self.rules
        for m in _CSZ.finditer(text, overlapped=True):
            st, zp = m.group("st"), m.group("zip")
            if not self._state(st):
                continue
            cw = _words(m.group("city"), m.start("city"))
            k = self._city_suffix(cw)
            code = len(st) == 2
            if k == 0:
                if not zp:
                    continue
                k = 1
                like = r["city_state_zip_unlisted"]
            else:
                like = r["city_state_zip"] if zp else r["city_state"]
            if code and st in AMBIGUOUS_STATES and not zp and k == 0:
                continue
            city_s, city_e = cw[-k][0], cw[-1][1]
            parts = [self._cand(city_s, city_e, "city", like, "list:places"),
                     self._cand(m.start("st"), m.end("st"), "state", like, "list:states")]
            if zp:
                parts.append(self._cand(m.start("zip"), m.end("zip"), "zip", like, "context:zip_after_state"))
            start, end = city_s, m.end()
            # the street before it, on the same line or the line above, makes it an address block
            street = None
            for c in streets:
                gap = text[c.end:city_s]
                if c.end <= city_s and len(gap) <= 4 and gap.strip(" \t,\n") == "" and gap.count("\n") <= 1:
                    street = c
            if street is None:
                ls = text.rfind("\n", 0, city_s)
                if ls > 0 and text[ls + 1:city_s].strip() == "":
                    ps = text.rfind("\n", 0, ls) + 1
                    nm = _NAME_NUMBER_LINE.match(text[ps:ls])
                    if nm:
                        street = self._cand(ps + nm.start("s"), ps + nm.end("s"), "street",
                                            r["street_name_number"], "context:street_name_number")
                        out.append(street)
            for p in parts:
                out.append(p)
            if street is not None:
                parts.insert(0, street)
                start = street.start
                out.append(self._cand(start, end, "address_block", like, "context:address_block", parts))
            elif zp:
                out.append(self._cand(start, end, "address_block", like, "context:city_state_zip", parts))
            else:
                out.append(self._cand(start, end, "location", like, "context:city_state", parts))
        for m in _ST_ZIP.finditer(text):
            if self._state(m.group("st")):
                like = r["zip_after_state"]
                out.append(self._cand(m.start("st"), m.end("st"), "state", like, "context:zip_after_state"))
                out.append(self._cand(m.start("zip"), m.end("zip"), "zip", like, "context:zip_after_state"))

    def _towns(self, text: str, out: list[Candidate]) -> None:
        r = self.rules
        for m in _CUE.finditer(text):
            ws = _words(m.group("w"), m.start("w"))
            # strip trailing punctuation of the last word
            k = self._city_prefix(ws)
            cue = " ".join(m.group("cue").lower().split()[:-1] or m.group("cue").lower().split())
            cue_word = m.group("cue").split()[0].lower()
            weak = cue_word in _WEAK_CUES and len(m.group("cue").split()) == 1 \
                or (cue_word in _WEAK_CUES and m.group("cue").lower().split()[-1] == "the")
            del cue
            if k:
                s, e = ws[0][0], ws[k - 1][1]
                while e > s and text[e - 1] in ".,'’":
                    e -= 1
                phrase = text[s:e]
                is_state = self.lex.is_state(phrase)
                amb = k == 1 and self._ambiguous_word(phrase)
                if weak:
                    like = 0.5 if amb else r["town_weak"]
                else:
                    like = r["ambiguous_town_in_context"] if amb else r["town_in_context"]
                ent = "state" if is_state else "country" if self.lex.is_country(phrase) else "city"
                out.append(self._cand(s, e, ent, like, f"context:{'town_weak' if weak else 'town_in_context'}"))
            elif ws:
                w = ws[0][2].rstrip(".,")
                if self.lex.is_state(w) and len(w) > 2:
                    out.append(self._cand(ws[0][0], ws[0][0] + len(w), "state", r["state_name"], "list:states"))

    def _countries(self, text: str, out: list[Candidate]) -> None:
        r = self.rules
        for s, e, _ in self.lex.phrases("countries").find(text):
            if not text[s].isupper():
                continue
            w = text[s:e]
            like = r["country"]
            if " " not in w and self._ambiguous_word(w):
                like = 0.5
            out.append(self._cand(s, e, "country", like, "list:countries"))
        for s, e, _ in self.lex.phrases("states").find(text):
            w = text[s:e]
            if not w[:1].isupper() or len(w) <= 2:
                continue
            if w.endswith(".") or len(w) <= 5 and not w.isalpha():
                continue  # AP forms ("Ill.", "Miss.") only after "City," (handled above)
            like = r["state_name"]
            if " " not in w and self._ambiguous_word(w):
                like = 0.55
            out.append(self._cand(s, e, "state", like, "list:states"))
