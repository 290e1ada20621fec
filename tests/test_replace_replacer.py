"""The replacer as a whole: offset map, chunks, overlaps, protection, render, sweep, mapping file,
configuration, and the sample letter of Figure 107 replaced in the spirit of Figure 108."""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from hypothesis import example, given, settings, strategies as st

from replace_support import FixtureLexicon
from scrub.config import Config
from scrub.errors import ScrubError
from scrub.replace import MAPPING_WARNING, Replacer, write_mapping
from scrub.types import Candidate, Document, Finding

DATA = Path(__file__).parent / "data"
LEX = FixtureLexicon()
KEY = b"test-key-0123456789"


def replacer(key: bytes = KEY, **sections) -> Replacer:
    return Replacer.from_config(Config({"replace": sections}), key, lexicon=LEX)


def F(start: int, end: int, entity: str, parts=(), protected: bool = False) -> Finding:
    return Finding(start, end, entity, 0.9, "test", parts=tuple(parts), protected=protected)


def at(text: str, sub: str, entity: str, nth: int = 0, **kw) -> Finding:
    i = -1
    for _ in range(nth + 1):
        i = text.index(sub, i + 1)
    return F(i, i + len(sub), entity, **kw)


R = replacer()

# ---------------------------------------------------------------------------- offset map

ENTITIES = ["first_name", "last_name", "phone", "mrn", "date", "tag_me", "zip", "city",
            "organization", "email", "age", "street"]


@st.composite
def text_and_spans(draw):
    text = draw(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)),
                        min_size=1, max_size=200))
    cuts = sorted(draw(st.sets(st.integers(0, len(text)), max_size=12)))
    spans = []
    for a, b in zip(cuts[::2], cuts[1::2]):
        if a < b:
            spans.append(F(a, b, draw(st.sampled_from(ENTITIES)),
                           protected=draw(st.booleans()) and draw(st.booleans())))
    return text, spans


@settings(max_examples=300, deadline=None)
@given(text_and_spans())
# a digit the regex module's Unicode tables know and Python's int() does not (U+1CCF0)
@example(("0000\U0001ccf0", [F(0, 5, "age")]))
def test_offset_map_maps_back_exactly(case):
    """Every character outside the replaced spans is in the output once, at the offset the map
    gives, and each span's output is exactly the text between its mapped ends."""
    text, findings = case
    rep = R.replace(Document(text, "p"), findings)
    pos_in = pos_out = 0
    for o_s, o_e, n_s, n_e, _ in rep.spans:
        assert text[pos_in:o_s] == rep.text[pos_out:pos_out + (o_s - pos_in)]
        assert n_s == pos_out + (o_s - pos_in)
        pos_in, pos_out = o_e, n_e
    assert text[pos_in:] == rep.text[pos_out:]
    assert len(rep.text) - pos_out == len(text) - pos_in
    for o_s, o_e, n_s, n_e, _ in rep.spans:
        assert rep.to_output(o_e) == n_e
        assert rep.to_output(o_s) == n_s
    # protected findings are never replaced and leave no span
    covered = {(s[0], s[1]) for s in rep.spans}
    assert all((f.start, f.end) not in covered for f in findings if f.protected)


def test_overlapping_findings_raise():
    """Partially overlapping findings are refused with E707, never spliced into corrupt text."""
    text = "Virginia Townsend was seen"
    with pytest.raises(ScrubError) as exc:
        R.replace(Document(text, "d"), [F(0, 12, "first_name"), F(9, 17, "last_name")])
    assert exc.value.code == "E707"
    assert "Virginia" not in exc.value.message


def test_findings_past_the_text_raise():
    """A finding beyond the end of the text is refused with E706."""
    with pytest.raises(ScrubError) as exc:
        R.replace(Document("short", "d"), [F(2, 40, "first_name")])
    assert exc.value.code == "E706"


def test_protected_findings_are_kept():
    """A protected finding (a medication) is kept as written and has no span."""
    text = "She is on Lily Human Insulin."
    rep = R.replace(Document(text, "d"), [at(text, "Lily Human Insulin", "medical_term",
                                             protected=True)])
    assert rep.text == text
    assert rep.spans == () and rep.mapping == ()


def test_render_overrides_strategy():
    """A render callback's string replaces the strategy; None leaves the strategy in charge."""
    text = "a 47 year old seen by Dr. Lang"
    fs = [at(text, "47", "age"), at(text, "Dr. Lang", "full_name")]
    rep = R.replace(Document(text, "d"), fs,
                    render=lambda f, orig: "45-49" if f.entity == "age" else None)
    assert rep.text.startswith("a 45-49 year old seen by Dr. ")
    assert "Lang" not in rep.text


def test_sweep_replaces_missed_mentions():
    """A replaced original that a detector missed elsewhere is replaced by the same pseudonym."""
    text = "RE: Virginia Townsend. Townsend was seen; Virginia is well."
    fs = [at(text, "Virginia Townsend", "full_name")]
    rep = R.replace(Document(text, "d"), fs)
    assert "Virginia" not in rep.text and "Townsend" not in rep.text
    first, last = rep.text[4:rep.spans[0][3]].split()
    assert rep.text.count(first) == 2 and rep.text.count(last) == 2
    off = replacer(sweep=False).replace(Document(text, "d"), fs)
    assert off.text.count("Townsend") == 1


# ---------------------------------------------------------------------------- never leak


def test_no_original_inside_any_pseudo_value():
    """No replaced original occurs in the output, even where a pseudo-value could contain it."""
    names = [v for v, _ in LEX.weighted("first_names_female")][:60]
    text = " and ".join(names)
    fs = []
    pos = 0
    for n in names:
        i = text.index(n, pos)
        fs.append(F(i, i + len(n), "first_name"))
        pos = i + len(n)
    rep = R.replace(Document(text, "d"), fs)
    for f in fs:
        orig = text[f.start:f.end].casefold()
        for s in rep.spans:
            assert orig not in rep.text[s[2]:s[3]].casefold()
    assert len({rep.text[s[2]:s[3]] for s in rep.spans}) == len(fs)  # distinct people stay distinct


# ---------------------------------------------------------------------------- mapping file


@pytest.mark.parametrize("name", ["map.tsv", "map.jsonl"])
def test_write_mapping_atomic_and_private(tmp_path, name):
    """The mapping file is written whole, owner-only, deduplicated and sorted; the warning is
    returned for the caller to print."""
    rows = [("first_name", "Virginia", "Kathel"), ("phone", "473-1214", "912-8205"),
            ("first_name", "Virginia", "Kathel"), ("x", "tab\there", "new\nline")]
    path = tmp_path / name
    warning = write_mapping(path, rows)
    assert warning == MAPPING_WARNING and "re-identifies" in warning
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == [name]   # no temporary left behind
    body = path.read_text(encoding="utf-8")
    if name.endswith(".jsonl"):
        got = [tuple(json.loads(l).values()) for l in body.splitlines()]
    else:
        lines = body.splitlines()
        assert lines[0] == "entity\toriginal\tpseudo"
        got = [tuple(l.split("\t")) for l in lines[1:]]
        assert ("x", "tab\\there", "new\\nline") in got
        got = [g for g in got if g[0] != "x"]
    assert [g for g in got if g[0] != "x"] == [("first_name", "Virginia", "Kathel"),
                                                ("phone", "473-1214", "912-8205")]


def test_write_mapping_missing_folder(tmp_path):
    """A mapping file in a folder that does not exist is E716 naming the path."""
    with pytest.raises(ScrubError) as exc:
        write_mapping(tmp_path / "no" / "map.tsv", [])
    assert exc.value.code == "E716"


# ---------------------------------------------------------------------------- configuration


@pytest.mark.parametrize("sections, code", [
    ({"colour": "red"}, "E710"),
    ({"date": {"strategy": "fuzz"}}, "E712"),
    ({"date": {"shift_dayz": 3}}, "E711"),
    ({"fallback": "pseudonym"}, "E712"),
    ({"organization": {"fallback": "sprees"}}, "E712"),
    ({"date": {"strategy": "shift", "shift_days": 0}}, "E714"),
])
def test_bad_configuration(sections, code):
    """Unknown keys and strategies are refused with a code naming the section."""
    with pytest.raises(ScrubError) as exc:
        replacer(**sections)
    assert exc.value.code == code


@pytest.mark.parametrize("strategy, expected", [
    ("blank", "Seen by  today"),
    ("redact", "Seen by [REDACTED] today"),
    ("tag", "Seen by [FULL_NAME] today"),
    ("keep", "Seen by Dr. Lang today"),
])
def test_suppression_strategies(strategy, expected):
    """Every entity takes keep, blank, redact and tag."""
    text = "Seen by Dr. Lang today"
    rep = replacer(full_name={"strategy": strategy}).replace(
        Document(text, "d"), [at(text, "Dr. Lang", "full_name")])
    assert rep.text == expected


def test_tag_keeps_layout_of_blocks():
    """A block suppressed by tag keeps its lines: one tag per non-empty line."""
    text = "Marjorie Long\nSt. John's Hospital\n\nBoston, MA"
    rep = replacer(address_block={"strategy": "tag"}).replace(
        Document(text, "d"), [F(0, len(text), "address_block")])
    assert rep.text == "[ADDRESS_BLOCK]\n[ADDRESS_BLOCK]\n\n[ADDRESS_BLOCK]"


def test_unknown_entity_gets_fallback():
    """An entity this package does not know is tagged (the [replace] fallback)."""
    text = "code XYZZY here"
    rep = R.replace(Document(text, "d"), [at(text, "XYZZY", "tag_me")])
    assert rep.text == "code [TAG_ME] here"


# ---------------------------------------------------------------------------- the sample letter


def letter_findings(text: str) -> list[Finding]:
    """The sample letter's identifiers, as the detectors are meant to find them."""
    block_start = text.index("Marjorie")
    block_end = text.index("02151") + 5

    def part(sub, entity):
        i = text.index(sub)
        return Candidate(i, i + len(sub), entity, 0.9, "test")
    block = F(block_start, block_end, "address_block", parts=[
        part("Marjorie Long, M.D.", "full_name"), part("St. John's Hospital", "hospital"),
        part("Huntington 18", "street"), part("Boston", "city"), part("MA", "state"),
        part("02151", "zip")])
    return [
        at(text, "Wednesday, February 2, 1994", "date"), block,
        at(text, "Virginia Townsend", "full_name"), at(text, "CH#32-841-09787", "mrn"),
        at(text, "05/26/86", "date"), at(text, "Dr. Lang", "full_name"),
        at(text, "Virginia", "first_name", nth=1), at(text, "Dot", "nick_name"),
        at(text, "June of 1993", "date"), at(text, "Dr. Frank", "full_name"),
        at(text, "Brigham's", "hospital"), at(text, "Lily Human Insulin", "medical_term",
                                                 protected=True),
        at(text, "U. S. Junior Gymnastics team", "organization"),
        at(text, "Mrs. Hodgkins", "full_name"), at(text, "Marina Corp", "organization"),
        at(text, "473-1214", "phone"), at(text, "Patrick Hayes, M.D.", "full_name"),
        at(text, "34764", "reference_number"),
    ]


def test_sample_letter_like_figure_108():
    """The letter keeps its layout and medication; dates keep month and year; every name,
    number and place is replaced consistently; the team is dropped as in Figure 108."""
    text = (DATA.parent.parent / "scrub" / "data" / "sample_letter.txt").read_text(encoding="utf-8")
    fs = letter_findings(text)
    rep = R.replace(Document(text, "letter"), fs)
    out = rep.text
    assert out.count("\n") == text.count("\n")
    assert out.startswith("February, 1994\n")
    assert "DOB 05/86" in out and "June of 1993" in out
    assert "Lily Human Insulin" in out
    assert "with the . We will" in out
    assert ", MA " in out
    for gone in ("Marjorie", "Long,", "John's", "Huntington", "Boston", "02151", "Virginia",
                 "Townsend", "32-841-09787", "Lang", "Dot ", "Frank", "Brigham", "Gymnastics",
                 "Hodgkins", "Marina", "473-1214", "Patrick", "Hayes", "34764"):
        assert gone not in out, gone
    # the patient's first name is one pseudonym in the heading and the body
    first = out.split("RE: ")[1].split()[0]
    assert f"seeing {first} this time" in out
    assert "M.D." in out and "CH#" in out and "Dr. " in out and "Mrs. " in out and " Corp " in out
    # deterministic: a second replacer under the same key writes the same letter
    assert replacer().replace(Document(text, "letter"), fs).text == out
    assert replacer(b"another key 123").replace(Document(text, "letter"), fs).text != out


def test_pickled_replacer_agrees():
    """A replacer sent to a worker process (pickled) draws the same pseudo-values."""
    import pickle
    text = "Virginia Townsend, 473-1214, Boston"
    fs = [at(text, "Virginia Townsend", "full_name"), at(text, "473-1214", "phone"),
          at(text, "Boston", "city")]
    r = replacer()
    first = r.replace(Document(text, "d"), fs).text
    clone = pickle.loads(pickle.dumps(r))
    clone._lexicon = LEX
    assert clone.replace(Document(text, "d"), fs).text == first


def test_constituent_strategy_inside_full_name():
    """A full name's surname follows last_name's strategy even when first names are drawn."""
    text = "Seen by Virginia Townsend."
    rep = replacer(last_name={"strategy": "tag"}).replace(
        Document(text, "d"), [at(text, "Virginia Townsend", "full_name")])
    first, tag = rep.text[len("Seen by "):-1].split(" ")
    assert tag == "[LAST_NAME]" and first != "Virginia" and first.isalpha()


def test_sweep_catches_other_case():
    """The sweep also finds a replaced name written in capitals, and writes it in capitals."""
    text = "RE: Virginia Townsend\nVIRGINIA TOWNSEND is doing well."
    rep = R.replace(Document(text, "d"), [at(text, "Virginia Townsend", "full_name")])
    first, last = rep.text.split("\n")[0][4:].split()
    assert rep.text.split("\n")[1].startswith(f"{first.upper()} {last.upper()} is")


NAME_WORDS = [v for v, _ in LEX.weighted("first_names_female")][:40] + \
    [v for v, _ in LEX.weighted("surnames")][:40] + ["and", "saw", "the", "Dr.", ",", "VIRGINIA"]


@st.composite
def name_texts(draw):
    words = draw(st.lists(st.sampled_from(NAME_WORDS), min_size=1, max_size=40))
    text = " ".join(words)
    spans, pos = [], 0
    for w in words:
        start = text.index(w, pos)
        pos = start + len(w)
        if w[0].isupper() and w != "Dr." and draw(st.booleans()):
            spans.append(F(start, pos, draw(st.sampled_from(["first_name", "last_name", "name"]))))
    return text, spans


@settings(max_examples=200, deadline=None)
@given(name_texts())
def test_no_replaced_original_survives(case):
    """Over random texts of names: no replaced original is left anywhere in the output as a
    word, not inside a pseudonym, not in a mention the findings missed."""
    import regex
    text, findings = case
    rep = R.replace(Document(text, "p"), findings)
    for entity, original, pseudo in rep.mapping:
        assert pseudo != original
        assert not regex.search(r"(?<!\w)" + regex.escape(original) + r"(?!\w)", rep.text), \
            (original, rep.text)
