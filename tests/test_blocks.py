"""Blocks: consecutive lines made of identifiers become one composite of higher precedence."""
from scrub.blocks import propose_blocks
from scrub.types import Document, Finding


def _f(text, word, entity, nth=0):
    start = -1
    for _ in range(nth + 1):
        start = text.index(word, start + 1)
    return Finding(start, start + len(word), entity, 0.9, "t")


def test_mailing_label_from_heading():
    """Name, organization and address lines make a mailing label with every part kept."""
    text = "Marjorie Long, M.D.\nSt. John's Hospital\nBoston, MA 02151\n\nDear Dr. Lang:"
    fs = [_f(text, "Marjorie Long", "full_name"), _f(text, "St. John's Hospital", "hospital"),
          _f(text, "Boston", "city"), _f(text, "MA", "state"), _f(text, "02151", "zip")]
    out = propose_blocks(Document(text), fs)
    assert [(c.entity, c.start, c.end) for c in out] == [("mailing_label", 0, text.index("02151") + 5)]
    assert [p.entity for p in out[0].parts] == ["full_name", "hospital", "city", "state", "zip"]


def test_identification_block_from_re_lines():
    """A name line followed by an ID and a DOB line is an identification block."""
    text = "RE: Virginia Townsend\nCH#32-841-09787\nDOB 05/26/86\n"
    fs = [_f(text, "Virginia Townsend", "full_name"), _f(text, "CH#32-841-09787", "reference_number"),
          _f(text, "05/26/86", "date")]
    out = propose_blocks(Document(text), fs)
    assert [c.entity for c in out] == ["identification_block"]


def test_prose_lines_make_no_block():
    """Identifiers scattered in prose lines do not make a block."""
    text = "Seen by Dr. Lang today for follow up.\nShe lives in Boston with her mother.\n"
    fs = [_f(text, "Lang", "last_name"), _f(text, "Boston", "city")]
    assert propose_blocks(Document(text), fs) == []
