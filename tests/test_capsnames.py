"""Names in capitals inside a normally cased note (scrub.capsnames) and the engine's use of them."""
from __future__ import annotations

import pytest

from scrub.capsnames import caps_names, caps_names_view
from scrub.lexicon import Lexicon

LEAD = "Pt resting comfortably overnight, vitals stable, tolerating diet and ambulating. "


@pytest.fixture(scope="module")
def lex():
    return Lexicon.default()


@pytest.mark.parametrize("text, names", [
    (LEAD + "Seen by Dr. OYELARAN this am.", ["OYELARAN"]),
    (LEAD + "Patient: ACHTERBERG, ROSALIND   MRN 3349102", ["ACHTERBERG", "ROSALIND"]),
    (LEAD + "Wife ROSA at bedside, updated.", ["ROSA"]),
    (LEAD + "Daughter-in-law JOY will visit tomorrow.", ["JOY"]),
    (LEAD + "Son (RICH) called from Portland.", ["RICH"]),
    (LEAD + "Physician: IGNATIUS BELLWEATHER, MD", ["IGNATIUS", "BELLWEATHER"]),
    (LEAD + "Plan reviewed.\n--K. ODUYA RN\n", ["ODUYA"]),
    (LEAD + 'Calls out for "WALTER" at night.', ["WALTER"]),
    (LEAD + "Daughter GWENDOLYN ASHWORTH-PIKE, HCP, agrees.", ["GWENDOLYN", "ASHWORTH-PIKE"]),
    (LEAD + "spoke w/ RPh DWAYNE re: dosing.", ["DWAYNE"]),
    # a name no list has, of letters no English word list knows, after a kin word or a label
    (LEAD + "His wife DILNOZA is expecting them.", ["DILNOZA"]),
    (LEAD + "Patient: CASTELLVÍ, ANSELM     MRN: WPP-0", ["CASTELLVÍ", "ANSELM"]),
    (LEAD + "mother-in-law (FLORENCE) staying with them", ["FLORENCE"]),
])
def test_names_in_capitals_found(lex, text, names):
    got = [text[s:e] for s, e in caps_names(text, lex)]
    assert got == names


@pytest.mark.parametrize("text", [
    LEAD + "Hx of MRSA, on vanc.",                      # "MR" + "SA": no title
    LEAD + "OTOLARYNGOLOGY NEW PT CONSULT",              # "PT" here is a patient
    LEAD + "ALLEGHENY NEUROLOGY & MS CENTER",            # "MS" is multiple sclerosis
    LEAD + "Pt: NPO after midnight, BMP in AM.",         # medical abbreviations
    LEAD + "Wife HAS been at bedside.",                  # an English word no name list has
    LEAD + "Sister CAN visit on weekends.",              # a three-letter word, a surname only
    LEAD + "GRASSE, PA 39551",                           # a state code and ZIP, no credential
    LEAD + "Dr. ICU attending aware.",                   # no name after the title
    LEAD + 'Pt states "NO" to all questions.',           # a quoted word, no first name
    LEAD + "Plan reviewed.\n--KLM, CNM\n",               # initials sign as written
    LEAD + "WBAT, PT POD 0, OOB to chair.",              # "PT" is therapy here, no credential
    "PT: OYELARAN, ROSA. NPO. VSS.",                    # a document in capitals: truecase's job
    LEAD + "husband CEFTRIAXONE; sister LORAZEPAM",    # drugs no English list knows
])
def test_capitals_that_name_no_one_stay(lex, text):
    assert caps_names(text, lex) == []


@pytest.mark.parametrize("text, names", [
    (LEAD + "Wife mary at bedside, updated.", ["mary"]),
    (LEAD + "Patient: delacroix-abara, therese", ["delacroix-abara", "therese"]),
    (LEAD + "Spoke with okafor re: plan", ["okafor"]),
    (LEAD + "Caregiver: daughter mary okafor 541-555-0926", ["mary", "okafor"]),  # a kin word in a field
    # after a Capitalized title, a listed name though it is an English word
    (LEAD + "updated by Dr. brown re: plan.", ["brown"]),
    (LEAD + "her pastor, Rev. cash from First Church", ["cash"]),
    (LEAD + "seen in clinic by Dr. oyelaran on 5/30", ["oyelaran"]),
])
def test_names_in_small_letters_found(lex, text, names):
    assert [text[s:e] for s, e in caps_names(text, lex)] == names


@pytest.mark.parametrize("text", [
    LEAD + "Son will call tomorrow.",                    # an English word before a name's place
    LEAD + "Dr. aware of BP. Dr. will see pt in am. Call Dr. office. Dr. notified of K 3.1.",
    LEAD + "Wife hope is to go home Friday.",            # "hope": mostly a word
    LEAD + "message left with court-appointed counsel",  # no part of it a name
    LEAD + "Contact: robert.l@example.com",              # an e-mail address, not a name
    LEAD + "seen by dr smith",                           # the names detector reads titles itself
])
def test_small_letters_that_name_no_one_stay(lex, text):
    assert caps_names(text, lex) == []


def test_long_inputs_stay_bounded(lex):
    # one pass of an automaton, anchored matches after each context word, each line searched
    # for a credential's run at most once: a megabyte of contexts gives one span per name
    text = LEAD + "Wife ROSA here, RN, MD. " * 40_000
    spans = caps_names(text, lex)
    assert len(spans) == 40_000 and all(text[s:e] == "ROSA" for s, e in spans)


def test_view_keeps_length_and_only_changes_case(lex):
    text = LEAD + "Pt: DELACROIX-ABARA, O'BRIEN. Dr. MCCARTHY aware. Wife mary here."
    view = caps_names_view(text, lex)
    assert view is not None and len(view) == len(text) and view.lower() == text.lower()
    assert "Delacroix-Abara, O'Brien" in view and "Dr. Mccarthy" in view and "Wife Mary" in view
    assert caps_names_view(LEAD, lex) is None


@pytest.mark.parametrize("text, name", [
    (LEAD + "Seen by Dr. OYELARAN this am, agrees with plan.", "OYELARAN"),
    (LEAD + "Name: THORSDOTTIR, SIGRUN   Unit 4B", "THORSDOTTIR"),
    (LEAD + "Wife ROSA at bedside, updated on plan.", "ROSA"),
])
def test_engine_finds_names_in_capitals(scrubber_nospacy, text, name):
    s = text.index(name)
    found = [(f.start, f.end) for f in scrubber_nospacy.detect(text) if not f.protected]
    assert any(a <= s and s + len(name) <= b for a, b in found)
