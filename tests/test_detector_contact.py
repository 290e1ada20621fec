"""Table-driven tests of the contact detector (scrub.contact.v1) and the regex template key."""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.contact import ContactDetector
from scrub.errors import ScrubError
from scrub.templates import TemplateMatcher, parse_template_file
from scrub.types import Document

DET = ContactDetector()


def found(text):
    return [(text[f.start:f.end], f.entity) for f in arbitrate(DET.detect(Document(text)), 0.7, text)]


POSITIVES = [
    ("Reach the patient at m.ferndale@zephyrmail.example. SSN", "m.ferndale@zephyrmail.example", "email"),
    ("She emailed from sunny.tran+labs@corvid.example asking", "sunny.tran+labs@corvid.example", "email"),
    ("contact email: dr.brown@ny.presbyterian.org", "dr.brown@ny.presbyterian.org", "email"),
    ("readings to https://portal.glucosense.example/u/marisol and", "https://portal.glucosense.example/u/marisol", "url"),
    ("posted at https://mychart.corvidhealth.example/patient/994201.", "https://mychart.corvidhealth.example/patient/994201", "url"),
    ("My website is www.TaxAids.ca/.", "www.TaxAids.ca/", "url"),
    ("Log in at mychart.org/login today", "mychart.org/login", "url"),
    ("last reachable at 10.34.201.7. Device", "10.34.201.7", "ip_address"),
    ("address 6e40:4041:c617:e898:c11:40d2:c669:2eb4 blocked", "6e40:4041:c617:e898:c11:40d2:c669:2eb4", "ip_address"),
    ("host fe80::1ff:fe23:4567:890a today", "fe80::1ff:fe23:4567:890a", "ip_address"),
    # a photograph's file name of two words or more (the extension stays readable)
    ("full-face photo is on file as marisol_frontal_2024.jpg.", "marisol_frontal_2024", "reference_number"),
    ("wound_photo_0312.JPG uploaded", "wound_photo_0312", "reference_number"),
]


@pytest.mark.parametrize("text,span,entity", POSITIVES)
def test_contact_found(text, span, entity):
    """E-mail addresses, URLs and IP addresses are found whole with their entity."""
    assert (span, entity) in found(text)


NEGATIVES = ["seen at 10:30:45 today", "see section 1.2.3.4", "pain.No fever.It hurts",
             "e.g. i.e. b.i.d. q.d. p.r.n.", "K 4.1, Cr 1.2, WBC 11.2", "ratio 1:2:3",
             "see image1.png and IMG_4471.heic; scan.jpg; report-final.pdf"]


@pytest.mark.parametrize("text", NEGATIVES)
def test_no_contact(text):
    """Clock times, section numbers, run-together sentences and lab values are not contacts."""
    assert found(text) == []


@pytest.mark.parametrize("text", ["a@" * 300_000, "1." * 500_000, "x" * 1_000_000, "1" * 1_000_000], ids=lambda t: f"{t[:6]!r}x{len(t)}")
def test_linear_inputs(text):
    """Pathological long inputs finish and yield nothing (correctness only, no timing)."""
    assert found(text) == []


def test_regex_template_key():
    """A template may give `regex` instead of `pattern`; its span group marks the identifier."""
    ts = parse_template_file('[[template]]\nid = "x"\nentity = "url"\nlikelihood = 0.9\n'
                             "regex = 'go:(?P<span>[a-z]+)'\n", "t.toml")
    cands = TemplateMatcher(ts, "d").match("then go:home now")
    assert [(c.start, c.end, c.why) for c in cands] == [(8, 12, "template:x")]


@pytest.mark.parametrize("body,code", [
    ('pattern = "ddd"\nregex = "\\\\d+"', "E640"),
    ("", "E640"),
    ("regex = '(unclosed'", "E641"),
])
def test_regex_template_errors(body, code):
    """Both or neither of pattern/regex, or a broken regex, fail with a coded error."""
    with pytest.raises(ScrubError) as err:
        parse_template_file(f'[[template]]\nid = "x"\nentity = "url"\nlikelihood = 0.9\n{body}\n', "t.toml")
    assert err.value.code == code


from hypothesis import given, settings, strategies as st  # noqa: E402 - property tests below

_CHARS = st.sampled_from(list("0123456789 -()./:#@+xXabcMRNSphone\n\tİßé") + ["ext ", "MRN ", "call ", "mg"])


@settings(max_examples=150, deadline=None)
@given(st.lists(_CHARS, max_size=80).map("".join))
def test_candidates_are_sound(text):
    """On any text: spans lie inside it, likelihoods in 0..1, and a second run gives the same list."""
    first = DET.detect(Document(text))
    assert all(0 <= c.start < c.end <= len(text) and 0.0 <= c.likelihood <= 1.0 for c in first)
    assert DET.detect(Document(text)) == first
