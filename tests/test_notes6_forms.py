"""Forms met in a sixth set of fictitious notes, each with a twin: a bare month/day before a
result, a pain-like score after a symptom, a plan number of one digit group after "ID", a dose
given "SQ" that is no square, lower-case towns and hyphenated surnames read through the cased
view, and spaCy's one-word persons that are outline letters, labs or procedures.
Every text is hand-written and fictitious."""
import pytest

from scrub.detectors.spacy_entities import SpacyEntityDetector
from scrub.engine import Scrubber
from scrub.types import Document

ENG = Scrubber(spacy=False)


def found(text):
    return {(text[f.start:f.end], f.entity) for f in ENG.detect(text) if not f.protected}


@pytest.mark.parametrize("text, want, entity", [
    ("Modified barium swallow 4/19 normal, diet advanced.", "4/19", "date"),
    ("Echo 11/23 unchanged, EF 55%.", "11/23", "date"),
    ("Coverage: Tufts, ID KRB 55019273. Copay $20.", "KRB 55019273", None),
    ("inr 2.4 today (drawn at quest in tewksbury), no change.\npt aware.\n", "tewksbury", None),
    ("total time 9 min.\n-- m. adeyemi-clarke, rph\n", "adeyemi-clarke", None),
    ("Lives at 14 Union Sq, Apt 3, Somerville.", "14 Union Sq", None),
])
def test_forms_found(text, want, entity):
    got = found(text)
    assert any(want in t and (entity is None or e == entity) for t, e in got), got


@pytest.mark.parametrize("text, word", [
    ("Strength 4/5 normal tone in the left arm.", "4/5"),
    ("Reports myalgias of the thighs (4/10), worse at night.", "4/10"),
    ("GI: NPO. OCTREOTIDE 50 MCG SQ Q8H. PPI IV BID.\nGU: FOLEY.\n", "SQ"),
    ("heparin 5000 units SQ q8h for DVT prophylaxis", "SQ"),
])
def test_jargon_not_found(text, word):
    assert not any(word in t for t, _ in found(text)), found(text)


SPACY = SpacyEntityDetector()


@pytest.mark.parametrize("text, word", [
    ("Specimens:\nA. Right base: 2 cores.\nC. Left apex: 2 cores.", "Left"),
    ("Adenocarcinoma, Gleason 3+4=7, in 2 of 12 cores.", "Gleason"),
    ("PENDING: Lipoprotein(a), factor V Leiden.", "Lipoprotein"),
    ("Capsule opened. Arthrotomy closed with barbed suture.", "Arthrotomy"),
    ("Mg repleted. Fingers w/ old burns, dressed.", "Fingers"),
])
def test_spacy_one_word_persons_that_are_terms(text, word):
    assert not any(word in text[c.start:c.end] and c.likelihood >= 0.7 and c.entity == "name"
                   for c in SPACY.detect(Document(text)))


@pytest.mark.parametrize("text, kept, dropped", [
    ("SOCIAL: WIFE ROSE AT BEDSIDE.\nVS: TEMP ROSE TO 38.6 AT 0400, MD AWARE.\n", "WIFE ROSE", "ROSE TO"),
    ("Wife Rose visited. Temp Rose to 38.6 overnight; cultures sent.", "Wife Rose", "Rose to"),
])
def test_a_posted_ordinary_word_before_a_number_is_the_verb(text, kept, dropped):
    """Posting carries "Rose" from "wife Rose" to later mentions, but not to "rose to 38.6"."""
    spans = [(f.start, f.end) for f in ENG.detect(text) if not f.protected]
    k = text.index(kept) + len(kept) - 4
    d = text.index(dropped)
    assert any(s <= k < e for s, e in spans), spans
    assert not any(s <= d < e for s, e in spans), spans


@pytest.mark.parametrize("text, whole, absent", [
    ("Plan: Neighborhood Health Plan of Rhode Island, ID on card.", "Neighborhood Health Plan of Rhode Island", "ID"),
    ("Insurance: Blue Cross, ID KLM 44120987, copay $25.", "KLM 44120987", "Cross"),
])
def test_an_id_label_after_a_comma_is_no_idaho(text, whole, absent):
    got = found(text)
    assert any(whole in t for t, _ in got), got
    assert not any(t == absent or t.endswith(", " + absent) for t, _ in got), got


def test_idaho_after_a_town_stays_a_place():
    assert ("Boise, ID", "location") in found("She lives in Boise, ID.")


@pytest.mark.parametrize("text, want", [
    ("TRANSFER TO: 12 HARBOR ST, APT 2, NEW BEDFORD 02740\nINS: MEDICARE", "NEW BEDFORD 02740"),
    ("moved in with son at 5 elm st, fall river, 02720 last month", "fall river, 02720"),
    ("Pt: Ana Q    MRN: KP 0093-1187\n\nDx: CHF", "KP 0093-1187"),
])
def test_town_zip_and_lettered_record_numbers(text, want):
    got = found(text)
    assert any(want in t for t, _ in got), got


@pytest.mark.parametrize("text, word", [
    ("Rigidity, 4/5 hip flexor strength on the left.", "4/5"),
    ("Neuro checks stable. HA 3/10 after Fioricet.", "3/10"),
    ("Axillary dissection: 3/14 nodes positive.", "3/14"),
    ("WBC 12 on 2/3, Boston Scientific stent, lot 02740 ok", "02740"),
])
def test_grades_scores_counts_and_lots_are_no_dates_or_zips(text, word):
    # (a lot number is a device's identifier since session 9: only no date and no ZIP here)
    assert not any(word in t and e in ("date", "zip", "location") for t, e in found(text)), found(text)


@pytest.mark.parametrize("text, word", [
    ("HPI: 80 yo with Parkinson disease, Hashimoto hypothyroidism, HTN.", "Hashimoto"),
    ("OB hx: G2 NSVD x1, 3200 g.", "NSVD"),
    ("Conjunctiva white. Cornea clear, AC deep.", "Cornea"),
    ("Glaucoma stable; Humphrey 24-2 reliable today.", "Humphrey"),
])
def test_spacy_eponyms_histories_anatomy_and_tests(text, word):
    assert not any(word in text[c.start:c.end] and c.likelihood >= 0.7
                   for c in SPACY.detect(Document(text)) if c.entity in ("name", "place"))


@pytest.mark.parametrize("text, want", [
    ("DATE/TIME OF ADMISSION: 14-AUG-2151 2215\nCLIENT: X\n", "14-AUG-2151 2215"),
    ("Seen 4/2/2165. Two prior admissions, most recently 2162, both for mania.", "2162"),
    ("ROP exam 11/28 - zone II, mature.", "11/28"),
    ("Prior detox x2, last in Taunton May 2170.", "Taunton"),
    ("CLIENT: OKONJO-BRATT, LEVI (\"LEE\")     CLIENT ID: AB-1\nRN: P. Q\n", "OKONJO-BRATT, LEVI"),
    ("will f/u tomorrow.\nm. szczepaniak-ode rn cwocn\n", "m. szczepaniak-ode"),
    ("clinician: t. vrijhoeven, ladc\n", "t. vrijhoeven"),
])
def test_set9_forms_found(text, want):
    got = found(text)
    assert any(want in t for t, _ in got), got


@pytest.mark.parametrize("text, word", [
    ("Bible study on Thursday nights at her church.", "Thursday"),
    ("Still makes Sunday dinner for the family.", "Sunday"),
    ("Vaccines given; lot numbers in MAR). Flu shot due.", "MAR"),
    ("Mini-Cog 3/5, clock abnormal.", "3/5"),
    ("EMG: APB 4/5 R, 5/5 L.", "4/5"),
])
def test_set9_jargon_not_found(text, word):
    assert not any(word in t for t, _ in found(text)), found(text)


def test_a_weekday_evening_is_a_candidate_below_the_threshold(scrubber_nospacy):
    """A weekday alone is no date element HIPAA counts, and the gold notes label about half of
    them (see date.weekday): it is a candidate at 0.6, found when a user lowers the threshold."""
    text = "Well until Tuesday evening when her husband called."
    assert not any("Tuesday" in t for t, _ in found(text))
    low = Scrubber(spacy=False, threshold=0.55)
    assert any(text[f.start:f.end].startswith("Tuesday") for f in low.detect(text))


@pytest.mark.parametrize("text, want", [
    ("Nakamura-Ruiz, Estelle (\"Stell\")    97 years    MRN XR-1182\n", "97 years"),
    ("Questions: page the ID fellow at 4-1187.\nVerified by: K", "4-1187"),
    ("Results called to RN at 31877 and read back.", "31877"),
])
def test_header_ages_and_paged_extensions(text, want):
    assert any(want == t for t, _ in found(text)), found(text)


@pytest.mark.parametrize("text, word", [
    ("Name: Lu\tAge: 45 years\tMRN: 1", "45 years"),
    ("call back at 1400 for results", "1400"),
])
def test_younger_ages_and_clock_times_stay(text, word):
    assert not any(word == t for t, _ in found(text)), found(text)


def test_lettered_record_number_with_short_groups():
    assert ("KCH 41-27-9031", "mrn") in found("Infant: Girl Q     MRN: KCH 41-27-9031\nDOB: 1/2/2097")
