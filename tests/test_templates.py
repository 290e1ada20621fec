"""The template language of Figure 113, compiled to regex, and its errors."""
import pytest
import regex

from scrub.errors import ScrubError
from scrub.templates import TemplateMatcher, Template, compile_template, load_templates, parse_template_file


def _find(pattern, text):
    m = regex.search(compile_template(pattern), text, regex.IGNORECASE)
    return m.group("span") if m else None


@pytest.mark.parametrize("pattern, text, span", [
    ("ddd - dddd", "call 255-1423 today", "255-1423"),
    ("(ddd) ddd - dddd", "at (304) 255-1423.", "(304) 255-1423"),
    ("ddd / ddd - dddd", "304/ 255-1423", "304/ 255-1423"),
    ("ddd - dddd ext* d*", "255-1000 ext 1423", "255-1000 ext 1423"),
    ("ext* d*", "extension 1423", "extension 1423"),
    ("{tel*, ph*} :? [ddd - dddd]", "phone: 255-1423", "255-1423"),
    ("{tel*, ph*} :? [ddd - dddd]", "Tel 255-1423", "255-1423"),
    ("<weekday> ,? <month> <day> , <year4>", "Wednesday, February 2, 1994", "Wednesday, February 2, 1994"),
    ("dd_ddd", "12 345", "12 345"),
    ("ddd - dddd", "1255-14230", None),            # not inside a longer number
    ("ddd - dddd", "255-1423-9", None),            # nor before more digits
    ("dd_ddd", "12345", None),                     # '_' needs white space
    ("\\d d", "d5", "d5"),                         # an escaped d is the letter
])
def test_compile_table(pattern, text, span):
    """Each row pins one construct of the template language."""
    assert _find(pattern, text) == span


@pytest.mark.parametrize("pattern, code", [
    ("{tel*, ph*", "E203"), ("[ddd", "E204"), ("<nomacro>", "E206"), ("<month", "E205"),
    ("? ddd", "E207"), ("ddd \\", "E202"),
])
def test_bad_templates_name_the_error(pattern, code):
    """A malformed template raises a coded error naming the template."""
    with pytest.raises(ScrubError) as exc:
        compile_template(pattern, "t.toml: template 3 (x)")
    assert exc.value.code == code and "t.toml: template 3" in exc.value.message


def test_template_file_round_trip(tmp_path):
    """Templates written by `scrub train` read back unchanged."""
    from scrub.templates import write_template_file
    ts = [Template("a", "phone", "ddd - dddd", 0.4, ("tel",), 0.2, None, "255-1423")]
    write_template_file(ts, tmp_path / "x.toml")
    back = load_templates(tmp_path / "x.toml")
    assert [(t.id, t.entity, t.pattern, t.likelihood, t.context, t.context_boost) for t in back] == \
        [("a", "phone", "ddd - dddd", 0.4, ("tel",), 0.2)]


def test_bad_likelihood_is_rejected():
    """A likelihood outside 0..1 names the file and template."""
    with pytest.raises(ScrubError) as exc:
        parse_template_file('[[template]]\nid="x"\nentity="phone"\npattern="ddd"\nlikelihood=40\n', "p.toml")
    assert exc.value.code == "E213" and "p.toml" in exc.value.message


def test_matcher_context_and_validator():
    """Context words raise the likelihood; a validator can drop or certify a match."""
    ts = [Template("loc", "phone", "ddd - dddd", 0.4, ("phone",), 0.3, "check")]
    m = TemplateMatcher(ts, "t", {"check": lambda s: False if s.startswith("000") else None})
    text = "phone 255-1423 and 000-1111; " + "x" * 50 + " 255-9999"
    got = [(text[c.start:c.end], c.likelihood) for c in m.match(text)]
    assert got == [("255-1423", 0.7), ("255-9999", 0.4)]


def test_matcher_is_linear_on_long_digit_runs():
    """A megabyte of digits yields no phone and finishes (correctness only, no timing)."""
    m = TemplateMatcher([Template("loc", "phone", "ddd - dddd", 0.4)], "t")
    assert m.match("7" * 1_000_000) == []
