"""The phone detector (scrub.phones.v1): telephone and fax numbers.

Its patterns are the templates of templates/phones.toml (Figure 113 and modern forms); code adds
the validators, two context rules templates cannot say (a bare local number in prose; a number
with its kind written after it, "930.167.3943 fax"), and the gates that keep the scan cheap:
digit-led templates look only around runs of digits, label-led ones only near label words.
"""
from __future__ import annotations

from functools import cached_property

import re

import ahocorasick
import regex

from scrub.detector import Detector
from scrub.detectors import _scan
from scrub.templates import TemplateMatcher, gate_windows, load_rules
from scrub.types import Candidate, Document

#: a unit or count word right after a number makes it a measurement, not a phone
_UNIT_AFTER = regex.compile(
    r"[ \t]*(?:mg|mcg|ug|g|gm|kg|lbs?|pounds|ml|cc|l|units?|iu|meq|mmol|mmhg|%|x|times|tabs?|"
    r"tablets?|caps?|cells|copies|count|per|/|kcal|cal|calories|steps|feet|ft|meters|m|miles|"
    r"yards|dollars|ng|pg|k|cfu|hpf)(?![a-z])", regex.IGNORECASE)
#: a lone "x" opens a window only as an extension: after a number's last digit ("555-1234 x22")
#: or before an internal extension ("x4-5678", "x at 12345"); "KCl 20 meq x2", "x3 days" do not
_X_EXT = re.compile(r"(?:[ \t]+(?:at|on|me|us|him|her))?[ \t]*[:#]?[ \t]*(?:\d-\d{4}|\d{5})",
                    re.IGNORECASE)


def _x_used(text: str, start: int) -> bool:
    """The lone "x" at `start` can be part of an extension (see _X_EXT's comment)."""
    j = start - 1 if start and text[start - 1].isspace() else start
    if j and text[j - 1].isdigit():
        return True  # "555-1234 x22" (us-extension: digits, a blank, "x")
    if text[start + 1:start + 5].isdigit():
        return True  # "x6655" (glued-extension: four or five digits against the "x")
    return _X_EXT.match(text, start + 1, start + 40) is not None  # "x4-5678" (internal-extension)
_EXT_AFTER = regex.compile(r"[ \t]*(?:x|ext)", regex.IGNORECASE)
#: a word right before it that makes "ddd-dddd" a range or a value, not a phone
_RANGE_BEFORE = regex.compile(
    r"(?:(?<!fax |phone |call |called |calls |text |page |paged )from|between|range|ranged|ranging|of|approx\.?|approximately|about|~|=|\$|count|level|"
    r"levels|values?|total|score|dose|doses|mg|units?|sum|ratio|icd[- ]?\d*|cpt|code|codes|"
    r"pages?|pp\.?|vol\.?|volume|§)\s*[:#]?\s*$", regex.IGNORECASE)


#: every template needs a run of 5+ digits and separators, or an "ext" word: the gate.
#: Decimals ("98.6") and years ("2024") stay out; near runs are chained into one hit.
_GATE = regex.compile(r"\d[\d()+ \t.-]{3,}\d(?:[^\n]{0,24}?\d[\d()+ \t.-]{3,}\d)*")
#: label words: templates that start with (or hold) one scan only near them; numbers with a
#: kind written after them ("930.167.3943 fax") are looked up backwards from them. One
#: Aho-Corasick pass finds them all (an alternation scan over the text is several times slower).
_LEADING = ("tel", "telephone", "phone", "ph", "call", "called", "cell", "cellphone", "mobile",
            "mob", "contact", "reach", "desk", "home", "work", "office", "tele", "fax", "facsimile",
            "faxed", "telefax", "pager", "beeper", "pgr", "bpr", "beep", "ext", "extension", "extn",
            "dial", "page", "paged", "x", "p#")
_TRAILING = ("fax", "office", "mobile", "cell", "home", "work", "phone")
#: the templates that need a label word (the rest need a run of digits)
LABEL_TEMPLATES = frozenset({"fig113-labelled", "fig113-extension", "fig113-ext", "us-extension",
                             "labelled", "pager", "fax-labelled", "internal-extension"})
#: label-led templates tried only where their own label word starts ("x6655", "ext. 4421"): one
#: anchored attempt per "x" or "ext" instead of a scan of every label window
ANCHORED_TEMPLATES = frozenset({"glued-extension", "ext-short"})
_EXT_WORDS = frozenset({"x", "ext", "extn"})


def _heads() -> "ahocorasick.Automaton":
    auto = ahocorasick.Automaton()
    for h in sorted(set(_LEADING) | set(_TRAILING)):
        auto.add_word(h, (len(h), h in _LEADING, h in _TRAILING))
    auto.make_automaton()
    return auto


_HEADS = _heads()
#: where each digit-led template can start, for the exact regex it was checked against (see
#: detectors/_scan.py), at a digit run, '(' or '+' after no letter or digit: "d3-" a run of
#: three digits whose next non-blank is '-' ("d3/" '/', "d3." a '.' right after, "d3 " a blank
#: then a digit), "d10" ten digits, "paren" a '(', "plus" a '+', "cc" a '+', '001' or a lone '1' or a
#: 4+ digit run led by 1, "trunk" a run of 2-5 digits led by 0
_ANCHOR_RULES = {
    "fig113-local": ("b031bcdd284a", "d3-"), "fig113-ext": ("334ef55a54a8", "d3-"),
    "us-dashed": ("a7322e4e1563", "d3-"), "fig113-area-slash": ("53812432c9d2", "d3/"),
    "us-dotted": ("34591d061104", "d3."), "us-spaced": ("5a749de9bcf0", "d3 "),
    "us-plain10": ("7557b28287e1", "d10"), "fig113-area-paren": ("7dfda3542141", "paren"),
    "us-paren-dotted": ("6822c02185af", "paren"), "paren-area-short": ("7298e31db620", "paren"),
    "international": ("3b7dc933939e", "plus"), "us-country-code": ("ad6f2e32b8b8", "cc"),
    "trunk-grouped": ("67bd4b977472", "trunk"), "trunk-pairs": ("acac4f920a87", "trunk"),
    "trunk-dash": ("db274df85c81", "trunk"),
}
_BLANK = frozenset(b" \t\n\r\x0b\x0c")
_DIGIT = regex.compile(r"\d")
_ANY_DIGIT = re.compile(r"\d")  # stdlib: one scan of a text for any (Unicode) digit
#: a label's value follows within this many characters; its digits may stand this far before
#: an "ext" or "x"
_LABEL_BEFORE, _LABEL_AFTER = 32, 80

#: a bare "p 21944" (a pager written as "p"): four or five digits, or "4-2210", after a lone "p";
#: a pulse ("P 88"), a p-value ("p 0.05", "p<0.05") and "s/p" are not one (checked at the site)
_P_TAIL = r"[ \t]*[#:.]?[ \t]*(\d-\d{4}|\d{4,5})[ \t]*(?:$|[\n\r,;)\]|/])"
#: two scans with a literal head ('p', then 'P'): several times cheaper than one led by [pP]
_P_NUMBERS = (re.compile("p" + _P_TAIL, re.MULTILINE), re.compile("P" + _P_TAIL, re.MULTILINE))
_AT_EXTENSION = re.compile(r"at[ \t]+#?(\d-\d{4}|\d{5})")
#: a paging or calling verb, then "at" and a hospital extension ("page the fellow at 7-2281")
_PAGE_AT = re.compile(r"(?i)\b(?:page|paged|paging|pg|call|called|reach|reached|contact)\b[^.\n\d]{0,40}?"
                      r"\bat[ \t]+#?(\d-\d{4}|\d{5})(?![\d/:-]|\.\d|[ \t]*(?:am|pm|h|hrs)\b)")
#: ... and only on a sign-off line: a clinician's credential or role earlier on the same line
#: ("A. Gupta MD, Neurology, p 21944", "--K. Lund RN p 4-4410")
_CREDENTIAL = re.compile(
    r"(?<![\w-])(?:MD|DO|RN|NP|PA|PA-C|PT|OT|SLP|RT|RRT|SW|LICSW|LCSW|MSW|CM|CCM|PharmD|RPh|DPT|"
    r"CNS|APRN|FNP|ANP|MBBS|PGY-?\d|[Rr]esident|[Ff]ellow|[Ii]ntern|[Aa]ttending|[Hh]ospitalist|"
    r"[Ss]urgery|[Mm]edicine|[Nn]eurology|[Cc]ardiology|[Pp]sychiatry)(?![\w-])")
#: an interpreter's ID number: "used interpreter (Carlos, #8842)", "Interpreter ID 204513"
_INTERPRETER = re.compile(r"[Ii]nterpret")
_INTERPRETER_ID = re.compile(
    r"[^\n.;]{0,48}?(?:#|(?<![\w])(?:ID|id|Id|number|num|no\.?)(?![\w]))[ \t]*[#:]?[ \t]*(\d{3,7})"
    r"(?![\w])(?![/.,:-]\d)")
#: the number before a kind written after it ("930.167.3943 fax", "082 490 1693-Office")
_NUMBER_BEFORE = regex.compile(r"(?<![\w+(])(\+?\(?\d[\d \t().-]{5,20}\d)[ \t]*[-(]?[ \t]*$")
#: a digit-led template match lies inside a gate hit but for a "+" or "(" before it; context
#: words are looked up in the whole text, so windows need not hold them
_BEFORE, _AFTER = 4, 4


def _match_start(m) -> int:
    return m.start()


def _digits(s: str) -> str:
    return "".join(ch for ch in s if ch.isdigit())


#: national public help lines, published by the agencies that run them (never a person's number):
#: Poison Help (HRSA, poisonhelp.hrsa.gov), 988 Lifeline's former number (SAMHSA), SAMHSA's
#: National Helpline, Disaster Distress Helpline (SAMHSA), National Domestic Violence Hotline
#: (thehotline.org), RAINN, 1-800-QUIT-NOW (CDC), CDC-INFO, 1-800-MEDICARE (CMS), Social Security
#: (ssa.gov), NCI's 1-800-4-CANCER, NAMI HelpLine, National Human Trafficking Hotline
PUBLIC_LINES = frozenset({
    "8002221222", "8002738255", "8006624357", "8009855990", "8007997233", "8006564673",
    "8007848669", "8002324636", "8006334227", "8007721213", "8004226237", "8009506264",
    "8883737888"})


#: a toll-free number written out, ending where the text given ends
_TOLL_FREE_TAIL = re.compile(r"(?:\+?1[ .-]?)?\(?8\d\d\)?[ .-]?\d{3}[ .-]?\d{4}\Z")


def public_line(s: str) -> bool:
    """A national help line ("poison control 1-800-222-1222"): public, no one's identifier."""
    d = _digits(s)
    if len(d) == 11 and d[0] == "1":
        d = d[1:]
    return d in PUBLIC_LINES


def phone_digits(s: str) -> bool | None:
    """A phone number has 7 to 15 digits (ITU E.164); anything else is not one."""
    return None if 7 <= len(_digits(s)) <= 15 else False


_YEAR_RANGE = regex.compile(r"^(?:19|20)\d\d\s*-\s*(?:19|20)\d\d$")
_GROUPS = regex.compile(r"\d+")


def labelled_phone(s: str) -> bool | None:
    """After a phone label: 7-15 digits, not a year range, not a scatter of 1-digit groups."""
    d = _digits(s)
    if not 7 <= len(d) <= 15:
        return False
    if _YEAR_RANGE.match(s.strip()):
        return False
    groups = _GROUPS.findall(s.replace("(0)", " "))  # "+41 (0)69": the trunk 0 is no group
    if len(groups) > 4 and min(len(g) for g in groups) < 2:
        return False
    return None


_DATE_LIKE = regex.compile(r"^\d{1,2}[ .-]\d{1,2}[ .-](?:\d{2}|\d{4})$")


def trunk(s: str) -> bool | None:
    """A trunk-0 grouped number ("0490 39 07 81"), but never a date such as "01.05.2023"."""
    if _DATE_LIKE.match(s):
        return False
    return phone_digits(s)


def pager(s: str) -> bool | None:
    """A pager or beeper number: 4 to 10 digits (hospital pagers are often 4-5)."""
    return None if 4 <= len(_digits(s)) <= 10 else False


class PhoneDetector(Detector):
    """Telephone and fax numbers, from templates with likelihoods plus a prose rule."""

    name = "scrub.phones.v1"
    entities = ("phone", "fax")
    template_families = ("phones",)

    DEFAULT_RULES = {"local_number": 0.75, "trailing_fax": 0.90, "trailing_phone": 0.85,
                     "signoff_pager": 0.85, "interpreter_id": 0.85}

    def validators(self) -> dict:
        return {"phone_digits": phone_digits, "labelled_phone": labelled_phone, "pager": pager,
                "trunk": trunk}

    @cached_property
    def rules(self) -> dict:
        found = load_rules(self.settings.templates_dir, "phones")
        return {**self.DEFAULT_RULES, **{k: found[k] for k in found if k in self.DEFAULT_RULES}}

    @cached_property
    def _matchers(self) -> tuple[TemplateMatcher, TemplateMatcher]:
        """Digit-led templates scan around digit runs; label-led ones only near label words."""
        digit = [t for t in self.templates if t.id not in LABEL_TEMPLATES | ANCHORED_TEMPLATES]
        label = [t for t in self.templates if t.id in LABEL_TEMPLATES]
        return (TemplateMatcher(digit, self.name, self.validators()),
                TemplateMatcher(label, self.name, self.validators()))

    @cached_property
    def _anchored(self) -> TemplateMatcher:
        """The templates tried at the start of an "x" or "ext" label word only."""
        return TemplateMatcher([t for t in self.templates if t.id in ANCHORED_TEMPLATES], self.name,
                               self.validators())

    @staticmethod
    def _label_hits(text: str, exts: list[tuple[int, int]] | None = None) -> tuple[list[tuple[int, int]], list[int]]:
        """Windows around leading label words followed by a digit, and trailing label starts
        (and, into `exts`, anchors at the "x" and "ext" words among the leading ones)."""
        lower = text.lower()
        if len(lower) != len(text):
            lower = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
        n = len(text)
        leading: list[tuple[int, int]] = []
        trailing: list[int] = []
        next_digit = -1  # where the next digit after the last looked-up place stands (n: none)
        for end, (length, lead, trail) in _HEADS.iter(lower):
            start = end - length + 1
            # whole words only: not the "ext" of "next", the "x" of "box", the "cell" of "cells"
            if (start > 0 and lower[start - 1].isalpha()) or (end + 1 < n and lower[end + 1].isalpha()):
                continue
            if trail:
                trailing.append(start)
            if lead:
                if next_digit <= end:  # look once per stretch, not once per label word
                    found = _DIGIT.search(text, end + 1)
                    next_digit = found.start() if found else n + 1_000_000
                if next_digit - end <= 48 and (length != 1 or _x_used(text, start)):
                    leading.append((start, end + 1))
                    if exts is not None and next_digit - end <= 16 and lower[start:end + 1] in _EXT_WORDS:
                        exts.append((start, min(n, end + 64)))
        return leading, trailing

    def windows(self, text: str) -> list[tuple[int, int]]:
        """The parts of the text the digit-led templates scan: around runs of digits."""
        return gate_windows(text, _GATE, _BEFORE, _AFTER, long_runs=32)

    @cached_property
    def _digit_matchers(self) -> dict[str, TemplateMatcher]:
        """The digit-led templates, one matcher per anchor kind ("search": no checked rule)."""
        digit = self._matchers[0]
        groups = _scan.split_by_anchor(digit._compiled, _ANCHOR_RULES)
        return {k: TemplateMatcher(ts, self.name, self.validators()) for k, ts in groups.items()}

    def _digit_led(self, text: str) -> list[Candidate]:
        """Digit-led template candidates: tried at the starts the class scan allows, else searched."""
        cls = _scan.classes(text)
        n = len(text)
        if cls is None or cls.count(b"0") > n // 4:
            return self._matchers[0].match(text, self.windows(text))
        word = _scan._WORD
        starts: dict[str, list[int]] = {}
        for kind in self._digit_matchers:
            starts[kind] = []
        d3 = {k: starts[k] for k in ("d3-", "d3/", "d3.", "d3 ") if k in starts}
        d10, cc, trunk = starts.get("d10"), starts.get("cc"), starts.get("trunk")
        for m in _scan._RUN1.finditer(cls):
            s, e = m.span()
            if s and cls[s - 1] in word:
                continue
            size = e - s
            if size == 3 and d3:
                j = e
                while j < n and cls[j] in _BLANK:
                    j += 1
                nxt = cls[j] if j < n else 0
                wild = nxt == 63  # '?': a non-ASCII blank or letter, either may follow
                for kind, out in d3.items():
                    if wild or (kind == "d3-" and nxt == 45) or (kind == "d3/" and nxt == 47) \
                            or (kind == "d3." and e < n and cls[e] == 46) \
                            or (kind == "d3 " and j > e and nxt == 48):
                        out.append(s)
            elif size == 10 and d10 is not None:
                d10.append(s)
            first = text[s]
            if first != "0" and first != "1":
                continue
            # '1 555 ...', '1555...', '001...'; never a '12' or '155' ('1' and three digits)
            if cc is not None and ((first == "1" and (size == 1 or size >= 4))
                                   or (size >= 3 and text.startswith("001", s))):
                cc.append(s)
            if trunk is not None and first == "0" and 2 <= size <= 5:
                trunk.append(s)
        for kind, ch in (("paren", b"("), ("plus", b"+")):
            if kind in starts or (ch == b"+" and "cc" in starts):
                found = []
                i = cls.find(ch)
                while i >= 0:
                    if (i == 0 or cls[i - 1] not in word) and i + 1 < n and cls[i + 1] == 48:
                        found.append(i)
                    i = cls.find(ch, i + 1)
                if kind in starts:
                    starts[kind] += found
                if ch == b"+" and "cc" in starts:
                    starts["cc"] = sorted(starts["cc"] + found)
        out: list[Candidate] = []
        for kind, matcher in self._digit_matchers.items():
            if kind == "search":
                out += matcher.match(text, self.windows(text))
            elif starts[kind]:
                out += matcher.match_at(text, _scan.anchors(starts[kind], n))
        if len(out) < 2:
            return out
        order = self._order
        return sorted(out, key=lambda c: order.get(c.why, len(order)))  # as one scan gave them

    @cached_property
    def _order(self) -> dict[str, int]:
        """why → the place of its digit-led template in the file (see _scan.in_template_order)."""
        return {f"template:{t.id}": k for k, t in enumerate(self._matchers[0].templates)}

    def detect(self, doc: Document) -> list[Candidate]:
        text = doc.text
        if not _ANY_DIGIT.search(text):
            return []  # every template, labelled or trailing number holds digits
        digit, label = self._matchers
        exts: list[tuple[int, int]] = []
        leading, trailing = self._label_hits(text, exts)
        out = self._digit_led(text)
        if leading:  # no gate hits: the label words are the only windows
            out += label.match(text, gate_windows(text, (), _LABEL_BEFORE, _LABEL_AFTER, extra=leading))
        if exts:
            out += self._anchored.match_at(text, exts)
        rules = self.rules
        local = float(rules["local_number"])
        extra = []
        for start in trailing:
            if not any(ch.isdigit() for ch in text[max(0, start - 4):start]):
                continue  # the number stands right before its kind, or this is no such kind
            before = _NUMBER_BEFORE.search(text, max(0, start - 32), start)
            if before is None or labelled_phone(before.group(1)) is False:
                continue
            fax = text[start:start + 3].lower() == "fax"
            extra.append(Candidate(before.start(1), before.end(1), "fax" if fax else "phone",
                                   float(rules["trailing_fax" if fax else "trailing_phone"]),
                                   self.name, "context:trailing-fax" if fax else "context:trailing-phone"))
        for c in out:
            if c.why not in ("template:fig113-local", "template:fig113-area-slash"):
                continue
            exchange = c.start if c.why.endswith("local") else text.index("/", c.start) + 1
            while text[exchange].isspace():
                exchange += 1
            if self._local_in_prose(text, exchange, c.start, c.end):
                extra.append(Candidate(c.start, c.end, "phone", local, self.name,
                                       "context:local-number"))
        extra += self._signoff_pagers(text, float(rules["signoff_pager"]))
        if " at " in text:
            # "page the microbiology fellow at 7-2281": an extension after a paging verb
            for a in _AT_EXTENSION.finditer(text):  # the rare extension first, then its verb
                m = _PAGE_AT.search(text, max(0, a.start() - 56), a.end() + 12)
                if m is not None and m.start(1) == a.start(1):
                    extra.append(Candidate(m.start(1), m.end(1), "phone", float(rules["signoff_pager"]),
                                           self.name, "context:page-at"))
        if "nterpret" in text:
            extra += self._interpreter_ids(text, float(rules["interpreter_id"]))
        out += extra
        if "8" in text:
            out = [c for c in out if not self._public(text, c.start, c.end)]
        return out

    @staticmethod
    def _public(text: str, s: int, e: int) -> bool:
        """The number ending at `e` (its area code maybe left before `s`, "(800) 222-1222") is a
        national help line."""
        if e - s > 24 or not text[e - 1].isdigit():
            return False
        m = _TOLL_FREE_TAIL.search(text, max(0, s - 8), e)
        return m is not None and m.start() <= s and public_line(m.group())

    def _signoff_pagers(self, text: str, like: float) -> list[Candidate]:
        """"p 21944" on a line that names a clinician's credential or role before it."""
        lower, upper = _P_NUMBERS
        first = lower.search(text)
        if first is None and upper.search(text) is None:
            return []  # the common case: one search each, no list
        out = []
        hits = [m for p in _P_NUMBERS for m in p.finditer(text)]
        if len(hits) > 1:
            hits.sort(key=_match_start)
        for m in hits:
            s = m.start()
            if s and (text[s - 1].isalnum() or text[s - 1] in "/_-.'"):
                continue  # "s/p 1234", "bp 1234", "Ip. 1234"
            num = m.group(1)
            if len(num) == 4 and num[:2] < "24" and num[2] < "6":
                # "UO 200cc p 1400," ("p" for "after", then a time): only as a list's item
                k = s - 1
                while k >= 0 and text[k] in " \t":
                    k -= 1
                if k < 0 or text[k] not in ",/|;":
                    continue
            lo = max(text.rfind("\n", 0, s) + 1, s - 100)
            if _CREDENTIAL.search(text, lo, s) is None:
                continue
            out.append(Candidate(m.start(1), m.end(1), "phone", like, self.name, "context:signoff-pager"))
        return out

    def _interpreter_ids(self, text: str, like: float) -> list[Candidate]:
        """An ID number (a '#', "ID", "number" before it) just after "interpreter"."""
        out = []
        for m in _INTERPRETER.finditer(text):
            e = m.end()
            while e < len(text) and text[e].isalpha():
                e += 1  # "interpreter", "interpreting", "interpretation"
            i = _INTERPRETER_ID.match(text, e)
            if i is not None:
                out.append(Candidate(i.start(1), i.end(1), "phone", like, self.name, "context:interpreter-id"))
        return out

    @staticmethod
    def _local_in_prose(text: str, exchange: int, s: int, e: int) -> bool:
        """A 'ddd-dddd' that reads as a local number: exchange 2-9, no unit or range word near.

        North American exchanges never start with 0 or 1, so "120-1300" (a range) is out; a
        unit after ("250-4500 cells") or a range word before ("from 200-1000") makes it a value.
        """
        if text[exchange] in "01":
            return False
        if _UNIT_AFTER.match(text, e, min(len(text), e + 12)):
            return False
        if _EXT_AFTER.match(text, e, min(len(text), e + 12)):
            return False  # the extension templates cover the whole number
        if _RANGE_BEFORE.search(text, max(0, s - 24), s):
            return False
        halves = text[exchange:e].split("-")
        if len(halves) == 2 and all(h.isdigit() for h in halves) and int(halves[0]) % 50 == 0 \
                and int(halves[1]) % 50 == 0 and int(halves[0]) < int(halves[1]):
            return False  # "IS 750-1000": two round values rising, a range
        return True
