"""A document written wholly in lower case is read through a cased view (scrub.truecase)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from scrub.engine import Scrubber
from scrub.lexicon import Lexicon
from scrub.truecase import cased_view, caseless, is_caseless

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def lex():
    return Lexicon.default()


@pytest.fixture(scope="module")
def scrubbers():
    return Scrubber(spacy=False), Scrubber(spacy=False, config=_no_truecase())


def _no_truecase():
    from scrub.config import Config
    return Config({"detect": {"truecase": False}})


@pytest.mark.parametrize("text, caseless", [
    ("pt lives alone in quincy, son michael visits every day after work", True),
    ("Pt lives alone in quincy, son michael visits every day after work", False),
    ("short one", False),  # too few letters to tell
    ("bp 120/80 hr 88 " * 5, False),  # 20 letters
    ("bp 120/80 hr 88 " * 10, True),
])
def test_is_caseless(text, caseless):
    assert is_caseless(text) is caseless


@pytest.mark.parametrize("text, expect", [
    ("pt lives alone in quincy, ma with her son", "pt lives alone in Quincy, MA with her son"),
    ("transferred from mercy hospital ed on 4/22 for sob",
     "transferred from Mercy Hospital ed on 4/22 for sob"),
    ("she was taken to fairview community hospital in millbrook",
     "she was taken to Fairview Community Hospital in Millbrook"),
    ("the community hospital ed was full and the local hospital too",
     "the community hospital ed was full and the local hospital too"),
    ("home: 22 orchard lane, apt 2b, millbrook, ny 12545",
     "home: 22 Orchard Lane, Apt 2B, Millbrook, NY 12545"),
    ("seen by dr. kowalski; moves all extremities (mae), on coumadin and lasix",
     "seen by Dr. Kowalski; moves all extremities (mae), on coumadin and lasix"),
    ("daughter linda called, wants updates. plan: cont to monitor",
     "daughter Linda called, wants updates. plan: cont to monitor"),
])
def test_cased_view(lex, text, expect):
    got = cased_view(text, lex)
    assert got == expect
    assert len(got) == len(text)


def test_view_keeps_every_offset_on_odd_characters(lex):
    text = "straße in münchen, ﬁle for ǆ, ß then ı and i̇ — quincy, ma 02169 " * 3
    got = cased_view(text, lex)
    assert len(got) == len(text)
    assert all(a.lower() == b.lower() or a == b for a, b in zip(text, got))


@pytest.mark.parametrize("text, found, not_found", [
    ("cc: dr. philippa grosvenor, millbrook family practice, 22 orchard lane, millbrook, ny 12545. "
     "pt stable overnight.", ["grosvenor", "22 orchard lane", "12545"], ["stable"]),
    ("pt lives alone in quincy, ma. granddaughter ashley (cell 508 555 2231) is the main contact.",
     ["quincy", "ashley", "508 555 2231"], ["granddaughter"]),
    ("neuro: a&ox3, mae, perrla. cv: nsr 80s, bp 120/70. resp: ls clear, o2 sat 97% on ra. "
     "gi: abd soft, +bs, tolerating clears. gu: foley to gravity draining clear yellow urine.",
     [], ["mae", "perrla", "nsr", "clears"]),
])
def test_lower_case_notes_end_to_end(scrubbers, text, found, not_found):
    on, _ = scrubbers
    hits = [text[f.start:f.end] for f in on.detect(text) if not f.protected]
    joined = " | ".join(hits)
    for want in found:
        assert any(want in h or h in want for h in hits), (want, joined)
    for word in not_found:
        assert not any(word in h.split() or h == word for h in hits), (word, joined)


@pytest.mark.parametrize("text, how", [
    ("PT LIVES ALONE IN QUINCY, SON MICHAEL VISITS EVERY DAY AFTER WORK", "upper"),
    ("pt lives alone in quincy, son michael visits every day after work", "lower"),
    ("Pt lives alone in Quincy, son Michael visits every day after work", None),
])
def test_caseless_kinds(text, how):
    assert caseless(text) == how


def test_capitals_are_read_through_the_view(scrubbers):
    on, off = scrubbers
    text = ("PT WAS IN HER USUAL STATE OF HEALTH UNTIL TUESDAY. TRANSFERRED FROM MERCY HOSPITAL. "
            "SON PREFERS SHORT-TERM REHAB; SEEN BY DR. O'BRIEN. SON LIVES IN WORCESTER.")
    hits = [text[f.start:f.end] for f in on.detect(text) if not f.protected]
    assert any("MERCY HOSPITAL" in h for h in hits)
    assert any("O'BRIEN" in h for h in hits)
    assert any("WORCESTER" in h for h in hits)
    for phrase in ("USUAL STATE", "TRANSFERRED FROM", "PREFERS SHORT-TERM REHAB"):
        assert not any(phrase in h for h in hits), hits


@pytest.mark.parametrize("suffix", ["-lower", "-upper"])
def test_case_corpus_recall_rises_with_the_view(scrubbers, suffix):
    on, off = scrubbers
    caught = {True: 0, False: 0}
    total = 0
    for line in (DATA / "clinical-notes-case.jsonl").read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        if not doc["id"].endswith(suffix):
            continue
        for flag, s in ((True, on), (False, off)):
            found = [f for f in s.detect(doc["text"]) if not f.protected]
            caught[flag] += sum(any(f.start < g["end"] and g["start"] < f.end for f in found)
                                for g in doc["spans"])
        total += len(doc["spans"])
    assert caught[True] >= 0.9 * total
    assert caught[True] > caught[False]


def test_findings_point_into_the_original_text(scrubbers):
    on, _ = scrubbers
    text = "son michael in to visit. lives in worcester, ma 01609 with his wife mary."
    a = on.analyze(text)
    assert a.document.text == text
    assert all(0 <= f.start < f.end <= len(text) for f in a.findings)


def test_letter_in_capitals_and_in_small_letters_through_the_view(lex):
    doc = json.loads((DATA / "scrub-letter.jsonl").read_text(encoding="utf-8").splitlines()[0])
    for text in (doc["text"].upper(), doc["text"].lower()):
        from scrub.truecase import lower_aligned
        view = cased_view(lower_aligned(text), lex)
        assert "Marjorie Long, M.D." in view
        assert "Dear Dr. Lang" in view
        assert "St. John's Hospital" in view
        assert "Marina Corp" in view
        assert "Boston, MA 02151" in view


def test_codes_keep_their_capitals_in_a_note_in_capitals(scrubber_nospacy):
    """In a note typed in capitals the cased view keeps a code of letters and digits as written,
    so the record-number templates (case-sensitive) still read it whole."""
    text = ("PT SEEN FOR WOUND CARE. SUPPLIES ORDERED VIA STANDING ORDER, CONFIRMATION # ML-55120438, "
            "EXPECTED DELIVERY SOON. CASE CA-2024-00117 OPEN.")
    found = [text[f.start:f.end] for f in scrubber_nospacy.detect(text) if not f.protected]
    assert "ML-55120438" in found and "CA-2024-00117" in found, found


def test_care_home_of_everyday_words_in_a_note_without_capitals(scrubber_nospacy):
    """A hospice or nursing home named by two everyday words is found in a note typed without
    capitals; a hospice in general is not."""
    text = ("spoke with widow by phone. attending grief group tuesday evenings.\n"
            "marta ford, bereavement coordinator, pine hollow hospice\n"
            "family wants inpatient hospice; will call the hospice. pt to maple grove nursing home.")
    found = [text[f.start:f.end] for f in scrubber_nospacy.detect(text) if not f.protected]
    assert "pine hollow hospice" in found and "maple grove nursing home" in found, found
    assert not any(x in ("inpatient hospice", "the hospice", "hospice") for x in found), found


def test_quoted_name_after_baby_girl_in_capitals(scrubber_nospacy):
    text = ('MOTHER ON ADMISSION. INFANT: BABY GIRL "NOOR"  NB MRN 6630208\n'
            'REVIEWED CHART AND FEEDING PLAN WITH PT TODAY.')
    found = [text[f.start:f.end] for f in scrubber_nospacy.detect(text) if not f.protected]
    assert "NOOR" in found, found
