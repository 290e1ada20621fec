"""The unwrapped view of hard-wrapped documents (scrub.unwrap) and its use by the engine."""
from __future__ import annotations

import textwrap

import pytest

from scrub.unwrap import soft_breaks, unwrapped

# fictitious prose, wrapped below at several widths
PROSE = ("Pt is a 71 yo woman admitted overnight with a CHF exacerbation after running out of "
         "torsemide about ten days ago. She was seen by Dr. Helen Okafor in the ED and then "
         "transferred from Lakeside Regional Medical Center for diuresis and an echo. Her son "
         "visits daily and plans to take her home once she is walking the unit with a rolling "
         "walker. Plan is to continue IV furosemide, daily weights, strict I/O, and to repeat "
         "the BMP in the morning with a magnesium level and replete as needed overnight.")


def covered(start, end, found, text):
    """Every non-blank character of text[start:end] lies inside one of the `found` spans."""
    return all(any(s <= i < e for s, e in found) for i in range(start, end) if not text[i].isspace())


def wrap_in_place(text: str, width: int) -> str:
    """Wrap by turning spaces into line breaks: the same length, so offsets hold."""
    out = list(text)
    start = 0
    while len(text) - start > width:
        cut = text.rfind(" ", start, start + width + 1)
        out[cut] = "\n"
        start = cut + 1
    return "".join(out)


@pytest.mark.parametrize("width", [48, 60, 72, 80, 100])
def test_wrapped_prose_is_unwrapped(width):
    wrapped = wrap_in_place(PROSE, width)
    assert wrapped.count("\n") >= 4
    view = unwrapped(wrapped)
    assert view is not None and len(view) == len(wrapped)
    # every wrap but those after a sentence's end is a space again
    for i, (a, b) in enumerate(zip(wrapped, view)):
        if a == "\n":
            line = wrapped[:i].rsplit("\n", 1)[-1]
            assert b == ("\n" if line.rstrip().endswith(".") and not line.endswith("Dr.") else " "), (width, i)
        else:
            assert a == b


def test_textwrap_output_with_crlf():
    wrapped = textwrap.fill(PROSE, 66).replace("\n", "\r\n")
    view = unwrapped(wrapped)
    assert view is not None and len(view) == len(wrapped)
    assert "Lakeside Regional Medical Center" in " ".join(view.split())
    assert "\r" not in view  # every Windows line end reads as a Unix one
    assert view.count("\n") == wrapped.count("\n") - len(soft_breaks(wrapped))


def test_windows_line_ends_give_the_same_findings(scrubber_nospacy):
    unix = ("Neuro: A&Ox3, MAE.\nSeen by Dr. Okafor today.\nDaughter Hope Delacroix at bedside\n"
            "Lives in Belle Plaine, IA 52208\nM. Price RN\n")
    windows = unix.replace("\n", "\r\n")
    assert unwrapped(unix) is None and unwrapped(windows) == unix.replace("\n", " \n")

    def spans(text):
        return [(text[f.start:f.end].replace("\r\n", "\n"), f.entity)
                for f in scrubber_nospacy.detect(text) if not f.protected]

    assert spans(windows) == spans(unix) and len(spans(unix)) >= 3


@pytest.mark.parametrize("raw, view", [
    ("Dr.\xa0Helen\u202fOkafor", "Dr. Helen Okafor"),      # no-break and thin spaces
    ("page 1\x0cpage 2\rend\u2028x", "page 1\npage 2\nend\nx"),  # form feed, lone CR, U+2028
    ("a\r\nb", "a \nb"),
    ("plain text\n\twith a tab", None),
])
def test_odd_blanks_and_breaks(raw, view):
    assert unwrapped(raw) == view


def test_no_break_spaces_give_the_same_findings(scrubber_nospacy):
    plain = "Seen by Dr. Helen Okafor at Lakeside Regional Medical Center on 3/14/2089."
    odd = plain.replace(" ", "\xa0")

    def spans(text):
        return [(f.start, f.end, f.entity) for f in scrubber_nospacy.detect(text) if not f.protected]

    assert spans(odd) == spans(plain) and len(spans(plain)) >= 3


@pytest.mark.parametrize("text", [
    # a note written a paragraph a line: few lines near the longest one
    "Neuro: A&Ox3, MAE, PERRLA.\nCV: NSR 80s, no ectopy, BP 118/64.\n"
    "Resp: LS clear, RA sats 96%.\nGI: tolerating regular diet, +BS, no BM today.\n"
    "Plan: cont current mgmt, OOB to chair, d/c Foley in AM per team.\n",
    # an address block and a letter's short lines
    "Helen Okafor, MD\nLakeside Regional Medical Center\n41 Pine Street\nAshby, MA 01431\n\n"
    "Dear Dr. Brown,\n\nThank you for referring Mrs. Rose Delacroix, whom I saw today.\n",
    # a list whose items are all about the same length
    "- cont furosemide 40 mg IV BID, daily wts, strict I/O, K and Mg replete prn\n"
    "- echo today, f/u read; cards aware, will see pt later this afternoon ok\n"
    "- PT/OT eval for d/c planning, rolling walker, home w/ VNA when medically ok\n"
    "- code status full, confirmed w/ pt and son at bedside this am, no changes\n",
    "", "one line only", "a\nb\nc\nd\ne\n",
])
def test_unwrapped_documents_keep_their_breaks(text):
    assert soft_breaks(text) == []
    assert unwrapped(text) is None


def test_fields_and_sentence_ends_keep_their_breaks():
    lines = ["Pt was seen and examined this morning with the team at the bedside, and the",
             "plan was discussed with her daughter who agrees with the current plan of care.",
             "BP: 132/80 after the second dose of labetalol given at 0600 per the parameters",
             "and the patient tolerated it without dizziness or any other complaint overnight",
             "Follow-up was arranged with the clinic for next week at the usual time with Dr.",
             "Okafor and the daughter will drive her to the appointment in the afternoon."]
    text = "\n".join(lines)
    got = soft_breaks(text)
    offsets = [sum(len(x) + 1 for x in lines[:k + 1]) - 1 for k in range(len(lines) - 1)]
    # line 1 -> 2 wraps; 2 -> 3 ends a sentence and 3 starts a field; 3 -> 4 and 4 -> 5 wrap;
    # 5 -> 6 ends with a title: joined
    assert got == [offsets[0], offsets[2], offsets[3], offsets[4]]


@pytest.mark.parametrize("width", [52, 54, 66, 69, 72])
def test_engine_reads_a_wrapped_name_whole(scrubber_nospacy, width):
    text = wrap_in_place(PROSE, width)
    start = text.index("Lakeside")
    end = text.index("Center") + len("Center")
    assert "\n" in text[start:end]
    found = [(f.start, f.end) for f in scrubber_nospacy.detect(text) if not f.protected]
    # every letter of the name is inside a finding (a town and a hospital's head may split it)
    assert covered(start, end, found, text)
    for name in ("Okafor", "Lakeside", "Helen"):
        assert any(s <= text.index(name) < e for s, e in found)
    # offsets are the original text's
    assert all(0 <= s < e <= len(text) for s, e in found)


def test_unwrap_can_be_switched_off(scrubber_nospacy):
    from scrub.config import Config
    from scrub.engine import Scrubber
    text = wrap_in_place(PROSE, 72)
    assert "Helen\nOkafor" in text
    surname = text.index("Okafor")
    off = Scrubber(Config({"detect": {"unwrap": False}}), spacy=False)
    for engine, caught in ((scrubber_nospacy, True), (off, False)):
        found = [(f.start, f.end) for f in engine.detect(text) if not f.protected]
        assert any(s <= surname < e for s, e in found) is caught
