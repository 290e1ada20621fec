"""The contact detector (scrub.contact.v1): e-mail addresses, URLs and IP addresses (v4 and v6),
and the file names of photographs and scans ("marisol_frontal_2024.jpg": HIPAA's full-face
photographs and comparable images are named by them).

Patterns are regex templates in templates/contact.toml; code holds the validators (a real IP
address, a domain that is not two words run together) and the cheap gate that picks the parts
of a text worth scanning (no "@", "://", "www.", dot or colon: no contact identifier).
"""
from __future__ import annotations

import ipaddress
import re
from functools import cached_property

import regex

from scrub.detector import Detector
from scrub.templates import TemplateMatcher, gate_windows
from scrub.types import Candidate, Document

#: what every template but the bare domain needs somewhere in its match: "@", "://", "www.",
#: a dotted quad's "d.d.d" or an IPv6 "h:h:". Separate searches (a literal is found at C speed,
#: an alternation is not); each chains near hits into one match so a text full of them costs
#: one Python step per cluster, not per hit.
_GATES = (
    regex.compile(r"@(?:[^@]{0,160}@)*"),
    regex.compile(r"://(?:[^:]{0,160}://)*"),
    regex.compile(r"www\.(?:[^w]{0,160}www\.)*", regex.IGNORECASE),
    regex.compile(r"\d\.\d{1,3}\.\d(?:[^\n]{0,160}?\d\.\d{1,3}\.\d)*"),
    re.compile(r"[0-9a-fA-F]:[0-9a-fA-F]{0,4}:(?:[^\n]{0,160}?[0-9a-fA-F]:[0-9a-fA-F]{0,4}:)*"),
)
#: what each of _GATES needs: a literal ("www." matches either case, its dot does not), or for
#: the dotted quad and IPv6 gates, whose scans try a digit or hex class at every character, the
#: part of their match a literal-led search finds at C speed (".1." of "10.1.2.3", ":0db8:")
_NEEDS = ("@", "://", ".", re.compile(r"\.\d{1,3}\.").search, re.compile(r":[0-9a-fA-F]{0,4}:").search)
#: a bare domain needs its top-level domain (the standard library's engine finds the literal
#: dot faster here)
_TLD_GATE = re.compile(r"\.(?:com|org|net|edu|gov|mil|info|biz|io|uk|ca|au|nz|ie|de|fr|nl|ch|se|"
                       r"dk|fi|es|pt|pl|cz|hu|ee|cy|br|mx|jp|cn)\b")
#: an image's file name: a name of words joined by "_", "-" or digits, then an image's extension;
#: the name is the span (the extension stays readable); "scan.jpg", "image1.png" or "IMG_4471.jpg"
#: name no one
_IMAGE_FILE = re.compile(r"(?<![\w./\\-])(?P<n>[A-Za-z][\w-]{5,80})\.(?:jpe?g|png|gif|tiff?|heic|bmp|dcm|webp)\b",
                         re.IGNORECASE)
_IMAGE_GATE = re.compile(r"\.(?:jpe?g|png|gif|tiff?|heic|bmp|dcm|webp)\b", re.IGNORECASE)
#: room around a gate hit: a URL may run long before and after its dot
_BEFORE, _AFTER = 96, 2048


def ipv4(s: str) -> bool | None:
    """Four octets; section numbers and versions ("1.2.3.4", all octets below 10) are not."""
    parts = [int(p) for p in s.split(".")]
    if all(p < 10 for p in parts):
        return False
    return None


def ipv6(s: str) -> bool | None:
    """A real IPv6 address (Python's parser) with at least three groups: never a clock time."""
    groups = [g for g in s.split("%")[0].split(":") if g]
    if len(groups) < 3:
        return False
    try:
        ipaddress.IPv6Address(s.split("%")[0])
    except ValueError:
        return False
    if "::" not in s and not any(ch.isalpha() for ch in s) and len(groups) < 8:
        return False
    return True


def domain(s: str) -> bool | None:
    """A bare domain: its last label in lower case ("pain.Com" is two words run together)."""
    host = s.split("/", 1)[0]
    labels = host.split(".")
    tld = labels[-1]
    if not (tld.islower() or host.isupper()):
        return False
    if all(len(lab) <= 1 for lab in labels[:-1]):
        return False  # "e.com", "a.b.net": abbreviations, not hosts
    return None


class ContactDetector(Detector):
    """E-mail addresses, URLs and IP addresses from regex templates with validators."""

    name = "scrub.contact.v1"
    entities = ("email", "url", "ip_address")
    template_families = ("contact",)

    #: likelihood of an image's file name (see _IMAGE_FILE)
    image_like = 0.80

    def validators(self) -> dict:
        return {"ipv4": ipv4, "ipv6": ipv6, "domain": domain}

    @staticmethod
    def windows(text: str) -> list[tuple[int, int]]:
        """The parts of the text worth scanning: around "@", "://", "www." and dotted words."""
        # each gate is searched only when the character it cannot do without is in the text
        # (a C-speed test): most clinical text has dots and colons, few "@" or "://"
        gates = [g for need, g in zip(_NEEDS, _GATES) if (need in text if isinstance(need, str) else need(text))]
        if len(text) < 4096 and not any(g.search(text) for g in gates):
            return []  # a short text without a hit (the usual case): no windows to build
        return gate_windows(text, gates, _BEFORE, _AFTER)

    @cached_property
    def _matchers(self) -> tuple[TemplateMatcher, TemplateMatcher]:
        """Bare-domain templates scan only around top-level domains; the rest around the gate."""
        bare = [t for t in self.templates if t.id.startswith("url-bare")]
        rest = [t for t in self.templates if not t.id.startswith("url-bare")]
        return (TemplateMatcher(rest, self.name, self.validators()),
                TemplateMatcher(bare, self.name, self.validators()))

    def detect(self, doc: Document) -> list[Candidate]:
        text = doc.text
        if "." not in text and ":" not in text:
            return []  # every template needs a dot (e-mail, URL, domain, IPv4) or a colon (IPv6)
        rest, bare = self._matchers
        windows = self.windows(text)
        found = rest.match(text, windows) if windows else []
        if "." in text and _IMAGE_GATE.search(text):
            for m in _IMAGE_FILE.finditer(text):
                # two words joined ("marisol_frontal_2024", "wound-photo"): a camera's own name
                # ("IMG_4471") or a bare word and a number ("image1") names no one
                if sum(1 for w in re.split(r"[_\-\d]+", m.group("n")) if len(w) >= 2) >= 2:
                    found.append(Candidate(m.start("n"), m.end("n"), "reference_number", self.image_like,
                                           self.name, "context:image_file"))
        if "." in text and _TLD_GATE.search(text):
            found += bare.match(text, gate_windows(text, _TLD_GATE, _BEFORE, 1024))
        # An e-mail address holds a domain: the bare-domain reading of its tail is not a URL.
        emails = [(c.start, c.end) for c in found if c.entity == "email"]
        if not emails:
            return found
        return [c for c in found
                if not (c.entity == "url" and any(s <= c.start and c.end <= e for s, e in emails))]
