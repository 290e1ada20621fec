"""Numbers keep their exact shape; SSNs fall in the 9xx area; cards fail the Luhn check;
e-mails, URLs and IP addresses keep their form under reserved names."""
from __future__ import annotations

import ipaddress

import pytest
import regex

from replace_support import FixtureLexicon
from scrub.config import Config
from scrub.replace import Replacer
from scrub.types import Document, Finding

LEX = FixtureLexicon()
R = Replacer.from_config(Config(), b"numbers-test-key", lexicon=LEX)


def one(text: str, entity: str, r: Replacer = R) -> str:
    return r.replace(Document(text, "d"), [Finding(0, len(text), entity, 0.9, "t")]).text


def shape(s: str) -> str:
    return regex.sub(r"[a-z]", "a", regex.sub(r"[A-Z]", "A", regex.sub(r"\d", "9", s)))


@pytest.mark.parametrize("original, entity, kept_prefix", [
    ("CH#32-841-09787", "mrn", "CH#"),          # Figure 108
    ("473-1214", "phone", ""),                   # Figure 108
    ("(304) 255-1423", "phone", ""),
    ("304/ 255-1423", "fax", ""),
    ("MRN: 0048213", "mrn", "MRN: "),
    ("34764", "reference_number", ""),
    ("ab-12-CD-9", "license", ""),
    ("1HGCM82633A004352", "vehicle", ""),
    ("ACC 88-1002", "account", ""),
    ("DE89370400440532013000", "iban", "DE"),
    ("MRN 0048213", "mrn", "MRN "),
    ("Acct no. 88-1002", "account", "Acct no. "),
    ("255-1000 ext 1423", "phone", ""),
])
def test_shape_kept_and_value_changed(original, entity, kept_prefix):
    """Digits stay digits, letters letters of the same case, punctuation and a label prefix
    ("CH#", "MRN ", a phone's "ext") stay; the value is never the original, and the same
    original gives the same value."""
    out = one(original, entity)
    assert out != original
    assert shape(out) == shape(original)
    if entity == "phone":
        assert [w for w in out.split() if w.isalpha()] == \
            [w for w in original.split() if w.isalpha()]   # "ext" is a label, kept
    assert out.startswith(kept_prefix)
    assert one(original, entity) == out


def test_numbers_consistent_across_formatting():
    """One number written with other punctuation keeps its keyed digits."""
    a, b = one("473-1214", "phone"), one("473 1214", "phone")
    assert a.replace("-", "") == b.replace(" ", "")


def test_ssn_in_9xx_area():
    """SSNs keep their shape and get an area number of 9xx, never issued to anyone."""
    for ssn in ("123-45-6789", "078051120", "987-65-4321", "001-01-0001"):
        out = one(ssn, "ssn")
        assert out[0] == "9" and shape(out) == shape(ssn) and out != ssn


def luhn_ok(number: str) -> bool:
    digits = [int(c) for c in number if c.isdigit()][::-1]
    total = sum(d if i % 2 == 0 else (d * 2 - 9 if d * 2 > 9 else d * 2)
                for i, d in enumerate(digits))
    return total % 10 == 0


def test_credit_cards_fail_luhn():
    """A pseudo card number keeps its shape and never passes the Luhn check."""
    for n in range(40):
        card = f"4111 1111 1111 {n:04d}"
        out = one(card, "credit_card")
        assert shape(out) == shape(card) and not luhn_ok(out)


@pytest.mark.parametrize("original", ["jane.doe@mgh.harvard.edu", "PATIENT42@Gmail.com"])
def test_email_form_kept(original):
    """An e-mail keeps its local part's shape and gets a domain under .example."""
    out = one(original, "email")
    local, domain = out.split("@")
    assert shape(local) == shape(original.split("@")[0])
    assert domain.endswith(".example") and "harvard" not in domain and "gmail" not in domain.lower()


@pytest.mark.parametrize("original", ["https://www.example-hospital.org/patients/12345?id=9",
                                      "http://drlang.com", "portal.mgh.org/records"])
def test_url_form_kept(original):
    """A URL keeps its scheme, www and path layout; its host goes under .example."""
    out = one(original, "url")
    assert out.split("://")[0] == original.split("://")[0] if "://" in original else "://" not in out
    host = regex.sub(r"^[a-z]+://", "", out).split("/")[0]
    assert host.endswith(".example")
    assert shape(out.split(".example", 1)[1]) == shape(
        regex.sub(r"^([a-z]+://)?[^/?]+", "", original))


@pytest.mark.parametrize("original, net", [
    ("10.1.22.134", ["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24"]),
    ("172.16.254.1", ["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24"]),
    ("fe80::1ff:fe23:4567:890a", ["2001:db8::/32"]),
])
def test_ip_addresses_to_documentation_ranges(original, net):
    """IP addresses become addresses of the documentation ranges (RFC 5737, RFC 3849)."""
    out = ipaddress.ip_address(one(original, "ip_address"))
    assert any(out in ipaddress.ip_network(n) for n in net)
