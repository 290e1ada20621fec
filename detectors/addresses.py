"""The address detector (scrub.addresses.v1): streets, cities, states, ZIPs, countries, places,
whole address blocks (level 3, with their parts) and "City, ST" locations (level 5).

Pattern-like forms (PO boxes, units, labelled ZIPs, counties) are templates in
templates/addresses.toml; the list-driven forms are one regex pass each, built from the
lexicon's USPS suffix and state lists, plus Aho-Corasick scans of its place/state/country tables.
"""
from __future__ import annotations

from bisect import bisect_right
from functools import cached_property, lru_cache
from pathlib import Path

import ahocorasick
import regex

from scrub.detector import Detector
from scrub.lexicon import Lexicon, read_tsv
from scrub.templates import gate_windows, load_rules
from scrub.types import Candidate, Document

#: two-letter USPS codes that are also words or degrees: they need a ZIP or a listed city before
AMBIGUOUS_STATES = frozenset({"IN", "OR", "ME", "OK", "PA", "MD", "DE", "HI"})
#: words before a town that say it is a place ("lives in Peabody", "from Fresno", "moved to Ohio")
_STRONG_VERBS = frozenset(
    "live lives living lived reside resides residing resident moved moving move relocated born raised "
    "up stay stays staying visiting visit visited vacation vacationing travel traveled travelled "
    "traveling travelling returned return home house native transferred drove flew trip based "
    "located situated".split())
_WEAK_PREPS = frozenset("in to at of via and or from near".split())
_STRONG_PREPS = frozenset("from near outside downtown".split())
_PLACE_NOUNS = frozenset("town city village county suburbs suburb area outside".split())
_WORDS_BEFORE = regex.compile(r"[\w'’]+|[.!?:;]")


def _context(text: str, s: int) -> tuple[bool, bool, bool]:
    """(strong, weak, glued) context of a place name starting at s: strong after "lives in",
    "from", "moved to", "town of"; weak after "in", "to", "at"; glued right after a capitalized
    word of the same phrase ("Unionville Country Club"). Plain word tests, no regex scan back."""
    if s == 0 or text[s - 1] not in " \t":
        return False, False, False
    words = _WORDS_BEFORE.findall(text, max(0, s - 40), s)[-4:]
    if not words:
        return False, False, False
    last = words[-1]
    low = last.lower()
    glued = last[:1].isupper() and low not in _WEAK_PREPS and last not in ".!?:;"
    if low in _STRONG_PREPS:
        return True, True, glued
    if low == "the" and len(words) >= 2:
        words = words[:-1]
        low = words[-1].lower()
    if low not in _WEAK_PREPS:
        return False, False, glued
    prev = [w.lower() for w in words[:-1][-2:]]
    strong = any(w in _STRONG_VERBS for w in prev) or (low == "of" and bool(prev) and prev[-1] in _PLACE_NOUNS)
    return strong, True, glued


_NAME_WORD = r"(?:[A-Z][\w'’-]*|\d{1,3}(?:st|nd|rd|th))\.?"
_DIRECTION = r"(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)"
#: what follows "lives at" / "address:" up to the end of the line or sentence, when it starts
#: with a house number ("lives at 5049 Harjukuja 54, Seinäjoki"): foreign forms no list knows
_ADDRESS_LABEL = regex.compile(
    r"(?:\baddress(?:[ \t]+is)?|\b(?:lives|living|resides|residing|located|staying)[ \t]+at)[ \t]*:?[ \t]*"
    r"(?P<span>\d{1,6}[A-Za-z]?[ \t,]+[\w'’#-]+(?:[ \t,]+[\w'’#-]+){0,9}?)"
    r"(?=[ \t]*(?:$|\n|[.;!?](?:\s|$)|[ \t]+(?:and|for|on|since|with|but|in[ \t]+(?:the|a|his|her))\b))",
    regex.IGNORECASE | regex.MULTILINE)
#: a word each template of addresses.toml holds (a box, a unit, a ZIP label, a county, APO)
_TEMPLATE_GATE = regex.compile(r"(?i:box|zip|postal|county|parish|borough|apt|apartment|suite|ste)(?![a-z])"
                               r"|(?-i:APO|FPO|DPO)")
_STREET_BEFORE = 64
_DIGIT_BEFORE = regex.compile(r"\d")
_CODE = regex.compile(r"(?<![\w'’-])[A-Z]{2}(?![\w'’-])")
_NEVER = regex.compile(r"\x00\x01\x00")  # a literal never in text: gate_windows then uses only `extra`
_CAP_AFTER = regex.compile(r"[ \t]+(?-i:[A-Z][a-z])")
_CAP_WORD = regex.compile(r"[A-Z][\w'’.-]*")


@lru_cache(maxsize=2)
def _populations(directory: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in read_tsv(Path(directory) / "places.tsv.gz"):
        pop = int(r["population"] or 0)
        if pop > out.get(r["city"], 0):
            out[r["city"]] = pop
    return out


def _alternation(words) -> str:
    return "|".join(regex.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))


class AddressDetector(Detector):
    """Addresses and places, from templates, USPS lists and the lexicon's place tables."""

    name = "scrub.addresses.v1"
    entities = ("street", "city", "state", "zip", "country", "place", "address_block", "location")
    template_families = ("addresses",)

    DEFAULT_RULES = {"street": 0.90, "street_unit": 0.95, "street_name_number": 0.85,
                     "city_state_zip": 0.97, "city_state_zip_unlisted": 0.85, "city_state": 0.90,
                     "town_in_context": 0.85, "town_alone": 0.75, "ambiguous_town_in_context": 0.72,
                     "ambiguous_town_weak": 0.55, "state_name": 0.80, "country": 0.80,
                     "zip_after_state": 0.90, "address_labelled": 0.85}

    @cached_property
    def rules(self) -> dict:
        found = load_rules(self.settings.templates_dir, "addresses")
        return {**self.DEFAULT_RULES, **{k: float(found[k]) for k in found if k in self.DEFAULT_RULES}}

    @cached_property
    def lex(self) -> Lexicon:
        return Lexicon.default()

    @cached_property
    def _patterns(self) -> tuple[regex.Pattern, regex.Pattern, regex.Pattern]:
        """The street, "City, ST ZIP" and "Name 18" patterns, from the lexicon's USPS lists."""
        d = self.lex.directory
        suffixes = set()
        for r in read_tsv(d / "street_suffixes.tsv.gz"):
            for w in (r["variant"], r["usps"], r["longhand"]):
                if w and w.isalpha():
                    suffixes.update((w.upper(), w.title()))
        units = set()
        for r in read_tsv(d / "unit_designators.tsv.gz"):
            if r.get("kind", "unit") == "unit":
                for w in (r["variant"], r["usps"]):
                    if w and w.isalpha():
                        units.update((w.upper(), w.title()))
        states = []
        for r in read_tsv(d / "states.tsv.gz"):
            states += [r["name"], r["ap"]] if r["ap"] else [r["name"]]
        unit = (r"(?P<unit>,?[ \t]*(?:(?:" + _alternation(units) + r")\.?[ \t]*#?|#)[ \t]*"
                r"(?=[\w-]*\d|[A-Z](?![\w]))[\w-]{1,6}(?![\w]))?")
        # lazy name words then the suffix: a run of capitalized words is never rescanned
        street = regex.compile(
            r"(?<![\w./,:#$-])(?P<num>\d{1,6}(?:-\d{1,4})?[A-Z]?)[ \t]+"
            r"(?P<name>(?:" + _DIRECTION + r"\.?[ \t]+)?(?:" + _NAME_WORD + r"[ \t]+){1,4}?)"
            r"(?P<suf>" + _alternation(suffixes) + r")(?![\w'’-])\.?"
            r"(?:[ \t]+" + _DIRECTION + r"\.?(?![\w]))?" + unit)
        state_alt = r"[A-Z]{2}|" + _alternation(s for s in states if s)
        csz = regex.compile(
            r"(?<![\w.'’-])(?P<city>[A-Z][\w'’.-]*(?:[ \t]+[A-Z][\w'’.-]*){0,3})(?P<sep>,[ \t]*|[ \t]+)"
            r"(?P<state>" + state_alt + r")(?![\w'’-])(?:\.(?![\w]))?"
            r"(?:[ \t,]+(?P<zip>\d{5}(?:-\d{4})?)(?![\w-]))?")
        name_number = regex.compile(r"^[ \t]*(?P<span>[A-Z][\w'’.-]*(?:[ \t]+[A-Z][\w'’.-]*){0,3}[ \t]+"
                                    r"\d{1,5}[A-Za-z]?)[ \t]*,?[ \t]*$", regex.MULTILINE)
        auto = ahocorasick.Automaton()
        for w in sorted(suffixes):
            auto.add_word(w, len(w))
        auto.make_automaton()
        self._suffix_auto = auto
        return street, csz, name_number

    def _street_windows(self, text: str) -> list[tuple[int, int]]:
        """Around each USPS suffix word (one Aho-Corasick pass) with a digit shortly before it:
        the street pattern is tried only there, so long runs of numbers or words stay cheap."""
        self._patterns  # builds the automaton
        n = len(text)
        hits = []
        for end, length in self._suffix_auto.iter(text):
            s, e = end - length + 1, end + 1
            if (s > 0 and text[s - 1].isalnum()) or (e < n and text[e].isalnum()):
                continue
            if _DIGIT_BEFORE.search(text, max(0, s - _STREET_BEFORE), s) is None:
                continue
            hits.append((s, e))
        return gate_windows(text, _NEVER, _STREET_BEFORE, 48, extra=hits)

    def _state_windows(self, text: str) -> list[tuple[int, int]]:
        """Around each state code in capitals or listed state name: where "City, ST" may stand."""
        extra = [(s, e) for s, e, _ in self.lex.phrases("states").find(text, case_insensitive=False)]
        return gate_windows(text, _CODE, 72, 16, extra=extra)

    @cached_property
    def _population(self) -> dict[str, int]:
        """Largest population of a place name in any state (GeoNames), for towns with no context."""
        return _populations(str(self.lex.directory))

    def _states_of(self, city: str) -> tuple[str, ...]:
        got = self.lex.phrases("places").get(city)
        return tuple(got[2].split(",")) if got else ()

    def detect(self, doc: Document) -> list[Candidate]:
        text = doc.text
        rules = self.rules
        me = self.name
        street_re, csz_re, name_number_re = self._patterns
        # every template holds one of these words: scan only around them
        out: list[Candidate] = list(self.matcher.match(text, gate_windows(text, _TEMPLATE_GATE, 48, 48)))
        streets: list[Candidate] = []
        for m in (m for lo, hi in self._street_windows(text) for m in street_re.finditer(text, lo, hi)):
            s, e = m.span()
            if m.group("unit"):
                like, why = rules["street_unit"], "context:street-unit"
            else:
                like, why = rules["street"], "list:street_suffixes"
            streets.append(Candidate(s, e, "street", like, me, why))
        cszs: list[tuple[Candidate, ...]] = []  # (whole, parts...)
        for m in (m for lo, hi in self._state_windows(text) for m in csz_re.finditer(text, lo, hi)):
            got = self._city_state_zip(text, m, rules)
            if got:
                cszs.append(got)
        # "Huntington 18": a name and a number on the line right before a city line
        street_at = {c.start for c in streets}
        for whole, *_ in cszs:
            line_start = text.rfind("\n", 0, whole.start) + 1
            if text[line_start:whole.start].strip(" \t"):
                continue
            prev_end = line_start - 1
            if prev_end <= 0:
                continue
            prev_start = text.rfind("\n", 0, prev_end) + 1
            m = name_number_re.match(text, prev_start, prev_end)
            if m and m.start("span") not in street_at:
                street_at.add(m.start("span"))
                streets.append(Candidate(m.start("span"), m.end("span"), "street",
                                         rules["street_name_number"], me, "context:name-number-line"))
        out += streets
        taken: list[tuple[int, int]] = []
        street_end: dict[int, list[Candidate]] = {}
        for c in streets:
            street_end.setdefault(c.end, []).append(c)
        for whole, *parts in cszs:
            # a street just before (same line after a comma, or the line above) joins the block
            street = next((c for gap in range(4) for c in street_end.get(whole.start - gap, ())
                           if not text[c.end:whole.start].strip(" \t,\n")
                           and text[c.end:whole.start].count("\n") <= 1), None)
            if street is not None:
                parts = [street] + parts
                whole = Candidate(street.start, whole.end, "address_block",
                                  max(whole.likelihood, street.likelihood), me, "context:address-block",
                                  tuple(parts))
            elif whole.entity != "address_block" and whole.entity != "location":
                pass
            else:
                whole = Candidate(whole.start, whole.end, whole.entity, whole.likelihood, me, whole.why,
                                  tuple(parts))
            out.append(whole)
            out.extend(parts)
            taken.append((whole.start, whole.end))
        for m in _ADDRESS_LABEL.finditer(text):
            s, e = m.span("span")
            if not any(a <= s < b for a, b in taken):
                out.append(Candidate(s, e, "street", rules["address_labelled"], me, "context:address-label"))
        out += self._in_passing(text, taken, rules)
        return out

    def _city_state_zip(self, text: str, m, rules) -> tuple[Candidate, ...] | None:
        """"Boston, MA 02151": the city (trimmed to the listed words), state and ZIP as parts."""
        me = self.name
        state = m.group("state")
        zip_ = m.group("zip")
        lex = self.lex
        if len(state) == 2:
            if not lex.is_state(state):
                return None
            code = state
        else:
            got = lex.phrases("states").get(state.rstrip(".")) or lex.phrases("states").get(state)
            if not got:
                return None
            code = got[1]
        if not zip_ and "," not in m.group("sep"):
            return None  # "Boston MA" without a comma or a ZIP is too weak
        words = list(_CAP_WORD.finditer(m.group("city")))
        base = m.start("city")
        city = None
        for k in range(len(words)):
            cs = base + words[k].start()
            name = text[cs:m.end("city")]
            if code in self._states_of(name):
                city = (cs, m.end("city"))
                break
        if city is None:
            if not zip_ or len(state) != 2:
                return None
            last = words[-1]
            if lex.is_title(last.group()) or lex.is_degree(last.group()):
                return None
            city = (base + last.start(), m.end("city"))
            like = rules["city_state_zip_unlisted"]
        else:
            like = rules["city_state_zip"] if zip_ else rules["city_state"]
        if not zip_ and state in AMBIGUOUS_STATES:
            # "Smith, MD": a listed town before a degree-like code reads as a name
            cityword = text[city[0]:city[1]]
            if lex.is_surname(cityword) or lex.is_first_name(cityword) or lex.is_degree(state):
                return None
        parts = [Candidate(city[0], city[1], "city", like, me, "list:places"),
                 Candidate(m.start("state"), m.end("state") + (1 if text[m.end("state"):m.end("state") + 1] == "." and len(state) > 2 else 0),
                           "state", like, me, "list:states")]
        if zip_:
            zlike = like
            zc = lex.zip_city_state(zip_[:5])
            if zc and zc[1] == code:
                zlike = max(like, rules["city_state_zip"])
            parts.append(Candidate(m.start("zip"), m.end("zip"), "zip", zlike, me, "context:zip-after-state"))
        whole = Candidate(parts[0].start, parts[-1].end, "address_block" if zip_ else "location",
                          like, me, "context:city-state-zip" if zip_ else "context:city-state")
        return (whole, *parts)

    def _ambiguous(self, word: str) -> bool:
        """A place name that is mostly a lower-case word ("Mobile", "Reading", "Country Club"),
        one of the commonest first names ("Florence", "Lincoln"), a medical term or a title.
        Surnames do not count: most towns are named after people ("Peabody", "Houston")."""
        lex = self.lex
        words = word.split()
        if all((lex.capitalized_share(w) if lex.capitalized_share(w) is not None else 1.0) < 0.5
               for w in words):
            return True
        if len(words) > 1:
            return False
        return (lex.first_name_band(word) == 0 or lex.is_medical(word) or lex.is_title(word)
                or (len(word) <= 2 and lex.is_state(word)))

    def _in_passing(self, text: str, taken, rules) -> list[Candidate]:
        """Towns, states and countries named in prose, judged by capitals, lists and context."""
        lex = self.lex
        me = self.name
        out = []

        towns: list[tuple[int, int]] = []
        states = lex.phrases("states")
        countries = lex.phrases("countries")

        taken = sorted(taken)

        def inside(s, e):
            # both lists are sorted by start: only the span starting last at or before s can hold it
            for spans in (taken, towns):
                k = bisect_right(spans, (s, float("inf"))) - 1
                if k >= 0 and spans[k][1] > s:
                    return True
                if k + 1 < len(spans) and spans[k + 1][0] < e:
                    return True
            return False

        for s, e, payload in lex.phrases("places").find(text, case_insensitive=False):
            if inside(s, e):
                continue
            word = text[s:e]
            if not word[:1].isupper() or word.isupper():
                continue  # all-caps words are headings and acronyms
            if states.get(word) is not None or countries.get(word) is not None:
                continue  # "California", "Canada": the state or country, judged below
            strong, weak, glued = _context(text, s)
            ambiguous = self._ambiguous(word)
            if glued and not strong:
                continue  # the tail of a longer capitalized name ("Unionville Country Club")
            if not strong and _CAP_AFTER.match(text, e):
                continue  # the head of one ("the Framingham Heart Study", "Boston Medical Center")
            if e < len(text) and text[e:e + 2] in ("'s", "’s"):
                ambiguous = True  # "Brigham's": a hospital or a person, the organization's
            if ambiguous:
                if lex.is_state(word) and len(word) <= 2:
                    continue
                like = rules["ambiguous_town_in_context"] if strong else rules["ambiguous_town_weak"]
                if not weak:
                    continue
            elif weak:
                like = rules["town_in_context"]
            else:
                # no context: a town of some size, and for one word a big city that is no name
                pop = self._population.get(word, 0)
                if pop < (1000 if " " in word else 100_000):
                    continue
                if " " not in word and (lex.first_name_band(word) == 0 or lex.is_medical(word)):
                    continue
                like = rules["town_alone"]
            out.append(Candidate(s, e, "city", like, me, "list:places" if not weak else "context:town"))
            towns.append((s, e))
        for s, e, payload in lex.phrases("states").find(text, case_insensitive=False):
            if inside(s, e):
                continue
            word = text[s:e]
            if len(word) <= 2 or not word[:1].isupper():
                continue
            if word.endswith(".") is False and e < len(text) and text[e] == "." and \
                    lex.phrases("states").get(word + ".") is not None:
                e += 1
            named = lex.is_first_name(word) or lex.is_surname(word)  # Virginia, Georgia, Washington
            if named and not _context(text, s)[1]:
                continue
            out.append(Candidate(s, e, "state", rules["state_name"], me, "list:states"))
        for s, e, payload in lex.phrases("countries").find(text, case_insensitive=False):
            if inside(s, e):
                continue
            word = text[s:e]
            if not word[:1].isupper():
                continue
            ambiguous = self._ambiguous(word)
            if ambiguous and not _context(text, s)[0]:
                continue  # Chad, Jordan, Turkey
            out.append(Candidate(s, e, "country", rules["country"], me, "list:countries"))
        return out
