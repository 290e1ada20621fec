"""The spaCy entity detector: labels mapped to entities, spans cleaned of spaCy's habits.

These tables hold the habits of en_core_web_sm's own NER weights, trained on news and web text
(ner_weights = "none"); the weights fine-tuned on notes are tested in test_notes_ner.py.
"""
import pytest

from scrub.detector import DetectorSettings
from scrub.detectors.spacy_entities import SpacyEntityDetector, load_label_rules, slices
from scrub.types import Document


@pytest.fixture(scope="module")
def det():
    return SpacyEntityDetector(DetectorSettings(options={"ner_weights": "none"}))


def test_letter_names_places_and_cleaned_spans(det):
    """Names and places are proposed; 'M.D' is no place and 'at' is cut off a name."""
    text = "Marjorie Long, M.D.\nBoston, MA\n\nDiagnosed by Dr. Frank at Brigham's in June of 1993."
    got = {(text[c.start:c.end], c.entity) for c in det.detect(Document(text))}
    assert ("Marjorie Long", "name") in got
    assert ("Boston", "place") in got
    assert not any(t.startswith("M.D") for t, _ in got)
    assert not any(" at " in t or t.startswith("at ") for t, _ in got)


def test_dates_without_digits_fall_below_threshold(det):
    """spaCy's 'a week' is a DATE to spaCy, not an identifier: its likelihood stays low."""
    text = "We will call her in a week to schedule a visit on June 3, 1993."
    dates = {text[c.start:c.end]: c.likelihood for c in det.detect(Document(text)) if c.entity == "date"}
    assert dates.get("June 3, 1993", 0) >= 0.6
    assert all(v < 0.7 for k, v in dates.items() if not any(ch.isdigit() for ch in k))


def test_label_rules_come_from_the_toml():
    """Every rule has an entity of the catalogue and a likelihood within 0..1."""
    from scrub.entities import CATALOGUE
    rules = load_label_rules()
    assert {"PERSON", "GPE", "ORG", "DATE"} <= set(rules)
    for r in rules.values():
        assert r.entity in CATALOGUE and 0 <= r.likelihood <= 1


def test_slices_cover_long_text_at_line_breaks():
    """A text longer than a slice is cut after newlines, and the pieces rebuild it exactly."""
    text = ("line of text\n" * 10000)
    pieces = list(slices(text, 5000))
    assert "".join(p for _, p in pieces) == text
    assert all(p.endswith("\n") for _, p in pieces)
    assert [o for o, _ in pieces] == [sum(len(p) for _, p in pieces[:i]) for i in range(len(pieces))]


@pytest.mark.parametrize("text, word", [
    ("Is a positive Chaddock sign specific for an upper motor neuron lesion?", "Chaddock"),
    ("Does a Gleason score of 7 change management?", "Gleason"),
    ("How do I compute the Framingham risk score for a smoker?", "Framingham"),
])
def test_eponyms_are_no_names(det, text, word):
    """A name or place that heads a sign, score or scale is a medical eponym, not a person."""
    assert not any(text[c.start:c.end] == word and c.likelihood >= 0.7 for c in det.detect(Document(text)))


def test_state_alone_falls_below_threshold(det):
    """A state on its own is not a Safe Harbor identifier; spaCy's GPE for it stays below 0.7."""
    text = "What are the reporting rules for measles in California this year?"
    assert all(c.likelihood < 0.7 for c in det.detect(Document(text)) if text[c.start:c.end] == "California")


def test_headings_and_ordinary_words_are_no_names(det):
    """Section headings, short capital abbreviations and ordinary words are dropped; names stay."""
    text = ("NPN 7a-7p\nNeuro: A&Ox3, follows commands.\nGU: Foley draining.\n"
            "Social: Wife Mary in to visit, updated by Dr. Reynolds. Cont to monitor.")
    got = {text[c.start:c.end] for c in det.detect(Document(text)) if c.likelihood >= 0.7}
    assert not got & {"NPN", "Neuro", "GU", "Cont", "Social"}
    assert {"Mary", "Reynolds"} <= got


@pytest.mark.parametrize("text, name, tail", [
    ("Name: Lucia Brandt   DOB: 02/11/2071   Age: 7 y", "Lucia Brandt", "DOB"),
    ("Plan reviewed with hospitalist.\nR. Castellanos MD, Cardiology, p 31122\n", "R. Castellanos", "MD"),
    ("Henrietta Vollmer DOB 03/22/2050 MRN 4410-2231", "Henrietta Vollmer", "DOB"),
])
def test_credentials_and_field_labels_are_cut_off_a_name(det, text, name, tail):
    """spaCy glues a degree or a field label to a person ("Brandt   DOB", "Castellanos MD");
    the name is proposed without it, so the label is neither flagged nor posted as a name."""
    got = [text[c.start:c.end] for c in det.detect(Document(text)) if c.entity in ("name", "organization")]
    assert name in got
    assert not any(tail in g for g in got)


@pytest.mark.parametrize("text, words", [
    ("Referred to Social Work and Cancer Genetics for counseling.", "Cancer Genetics"),
    ("Discussed with Case Management today; Physical Therapy to see.", "Physical Therapy"),
])
def test_departments_of_plain_words_are_no_person(det, text, words):
    """A 'person' made only of ordinary, seldom-capitalized words and no first name is a
    department or service, not somebody."""
    assert not any(c.entity == "name" and words in text[c.start:c.end] for c in det.detect(Document(text)))


@pytest.mark.parametrize("text, name, lead", [
    ("Daughter Chiamaka asked about genetic testing.", "Chiamaka", "Daughter"),
    ("Niece Oluwaseun will pick her up.", "Oluwaseun", "Niece"),
])
def test_kin_words_are_cut_off_a_name(det, text, name, lead):
    """spaCy takes "Daughter Chiamaka" as one person; the kin word is not part of the name,
    so it is not replaced by a name of its own."""
    got = [text[c.start:c.end] for c in det.detect(Document(text)) if c.entity == "name"]
    assert any(name in g for g in got)
    assert not any(lead in g for g in got)


@pytest.mark.parametrize("text, word", [
    ("CV: NSR 80s. Neo gtt weaned off at 0300, MAP > 65.", "Neo"),
    ("Meds: Lasix 40 mg PO BID, Coreg 12.5 mg BID, Aldactone daily.", "Coreg"),
    ("K+ 3.8 repleted w/ 40 mEq KCl PO, Mg>2, no repletion needed.", "Mg>2"),
    ("Code status DNR/DNI, MOLST completed.\nPlan: comfort care.", "MOLST"),
    ("Comfort meds: morphine gtt 2 mg/h + prn, Haldol prn. MOLST signed.", "Haldol"),
])
def test_drugs_doses_and_forms_are_no_person(det, text, word):
    """A one-word 'person' before a dose, a rate or a route is a drug ("Neo gtt", "Coreg 12.5
    mg"); a span of numbers and signs or a form's initials in capitals is nobody either."""
    assert not any(word in text[c.start:c.end] and c.likelihood >= 0.7
                   for c in det.detect(Document(text)))


@pytest.mark.parametrize("text, word", [
    ("CXR showed b/l effusions. Nebs q4h. Pt refused BiPAP.\nGI: NPO.", "Nebs"),
    ("CXR showed b/l effusions. Nebs q4h. Pt refused BiPAP.\nGI: NPO.", "BiPAP"),
])
def test_device_spellings_and_frequencies_are_no_person(det, text, word):
    """"BiPAP" (capitals inside a word) is a device, and a word before "q4h" a medication."""
    assert not any(word in text[c.start:c.end] and c.likelihood >= 0.7
                   for c in det.detect(Document(text)))


@pytest.mark.parametrize("text, word", [
    ("Fever and hypoxia; CXR RLL infiltrate. Unasyn -> Augmentin (complete 7 days).", "Unasyn"),
    ("Updated at 1500; his cell 617-555-0142. Daughter-in-law Joy will visit tomorrow.", "Daughter-in-law"),
    ("HR 80-90s after dilt gtt off at 0800, now on PO diltiazem 60 mg q6h.", "PO"),
    ("Condition: stable to PACU, then SICU.\nHusband, Mr. Abara, updated in waiting room.", "Husband"),
    ("75 Francis Street, Boston, MA 02115 | Tel 617-555-0171 | Fax 617-555-0172", "Tel"),
    ("2. Continue metoprolol and Eliquis.\n3. Cardiac Rehab at the Brigham; walk daily.", "Cardiac Rehab"),
])
def test_drugs_kin_words_and_field_labels_are_no_entity(det, text, word):
    """A listed drug, a kin word, a route ("PO"), a contact label or a service of clinical words
    is neither a person nor a place, whatever spaCy calls it."""
    assert not any(word in text[c.start:c.end] and c.likelihood >= 0.7
                   for c in det.detect(Document(text)))


@pytest.mark.parametrize("text, word, term", [
    # a device's, an exam's or a score's word after it: a term, not a person
    ("Skin intact. Foley draining amber urine, flushed x1.", "Foley", True),
    ("R arm: Hickman line flushed without difficulty.", "Hickman", True),
    ("Gait narrow-based. Romberg positive at 10 seconds.", "Romberg", True),
    ("Fall risk reassessed. Morse 45, bed alarm on.", "Morse", True),
    ("Renal US: 2 cm cyst (Bosniak II), follow up in 6 months.", "Bosniak", True),
    ("PA 32/14 via Swan-Ganz, wedge 12.", "Swan", True),
    ("Abd soft, no Murphy's sign, no rebound.", "Murphy", True),
    ("Reflexes 2+, no Hoffmann bilaterally.", "Hoffmann", True),
    ("Long-standing Barrett's esophagus on PPI.", "Barrett", True),
    # a title or a kin word before it, or an address: a person or a street stays
    ("Drain removed by Dr. Foley at 1400.", "Foley", False),
    ("Daughter Sunny present for teaching.", "Sunny", False),
    ("Mail to 4412 Feldstrasse 42, Zurich.", "Feldstrasse", False),
    ("Called Lindqvist, who agreed to come in.", "Lindqvist", False),
])
def test_one_word_person_followed_by_a_term_is_no_name(det, text, word, term):
    """One word that spaCy reads as a person is a device, sign, score or class when the words
    around it say so ("Foley draining", "Romberg positive", "Morse 45", "Bosniak II"), unless a
    title, a kin word or an address comes before it."""
    s = text.index(word)
    assert det._term_alone(text, s, s + len(word)) is term


# a span no word list knows is kept at the detector's likelihood only with support around it
CORROBORATED = [
    ("Daughter Ngozi-Achterberg called at 1400.", "Ngozi-Achterberg"),  # kin word before
    ("Seen by Dr. Qvortrup-Ilesanmi this am.", "Qvortrup-Ilesanmi"),  # title before
    ("PCT: Xhemajli\nRN: on file", "Xhemajli"),  # a field's label before
    ("Signed, Tzvetanka Brzezinski-Odum, MD", "Tzvetanka Brzezinski-Odum"),  # degree after
    ("Plan reviewed with D. Okwuosa-Lindqvist.", "D. Okwuosa-Lindqvist"),  # an initial with it
    ("Her brother lives in the Azores now.", "Azores"),  # where someone lives
    ("Pt moved from Xochimilco last year.", "Xochimilco"),
    ("Wife Margarethe at bedside.", "Margarethe"),  # a listed first name
]
UNCORROBORATED = [
    ("Precedex off since 0600, MAP 70s.", "Precedex"),
    ("Vasopressin weaned; Levophed off.", "Levophed"),
    ("Neuro Step-down Nursing Note 0700", "Neuro Step-down"),
    ("Tolerating Nepro at goal.", "Nepro"),
    # listed names that are everyday words, and an initial at the end, support no one
    ("Appt 06/14 08:30, Infusion Suite B, 3rd floor.", "Infusion Suite B"),
    ("T 36.1, Bair Hugger on.", "Bair Hugger"),
    # a side, a Roman class or a unit before everyday words is no initial
    ("Babinski up L, mute R. Reflexes 3+ L biceps.", "R. Reflexes"),
    ("Category I. Toco: irregular ctx q6.", "I. Toco"),
]


@pytest.mark.parametrize("text,span", CORROBORATED)
def test_unlisted_span_with_support_is_corroborated(det, text, span):
    s = text.index(span)
    assert det._corroborated(text, s, s + len(span))


@pytest.mark.parametrize("text,span", UNCORROBORATED)
def test_unlisted_span_alone_is_not_corroborated(det, text, span):
    s = text.index(span)
    assert not det._corroborated(text, s, s + len(span))


def test_uncorroborated_spans_stay_below_the_default_threshold(det):
    text = "Neo off since 0600. Tolerating Nepro at goal. Daughter Ngozi-Achterberg called."
    for c in det.detect(Document(text)):
        if c.entity in ("name", "place") and not det._corroborated(text, c.start, c.end):
            assert c.likelihood < 0.7, text[c.start:c.end]


@pytest.mark.parametrize("text,clinical", [
    ("Levophed titrated; Precedex off; tolerating Nepro via Dobhoff. Lasix 40 mg IV given.", True),
    ("Pt with pneumonia on vancomycin, afebrile.", True),
    ("Yuki flew from Osaka to Lyon with her cousin Anselm last spring.", False),
    ("Please send the invoice to Bartholomew at the Rotterdam office.", False),
])
def test_clinical_text_is_told_by_its_medical_words(det, text, clinical):
    assert det._clinical(text) is clinical


def test_unsupported_entities_keep_their_likelihood_outside_clinical_text(det):
    # in prose with no medical words, spaCy's places and people need no list's support
    text = "Yuki flew from Osaka to Lyon with her cousin Anselm last spring."
    got = {text[c.start:c.end]: c.likelihood for c in det.detect(Document(text)) if c.entity in ("name", "place")}
    assert got and all(v >= 0.7 for v in got.values()), got
