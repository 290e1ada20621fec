"""Table-driven tests of the names detector (scrub.names.v1): forms of Figure 110, context, negatives."""
import json
import shutil
from pathlib import Path

import pytest

from scrub.arbiter import arbitrate
from scrub.detector import DetectorSettings
from scrub.detectors.names import NameDetector, RUN_RE
from scrub.errors import ScrubError
from scrub.types import Document

DATA = Path(__file__).parent / "data"
DET = NameDetector()


def found(text, threshold=0.7):
    return [(text[f.start:f.end], f.entity, f.likelihood, f.why)
            for f in arbitrate(DET.detect(Document(text)), threshold, text)]


POSITIVES = [
    # (text, expected span, entity, lowest likelihood, highest likelihood)
    # Figure 110's forms of one name
    ("Seen today with Frank Graves in clinic.", "Frank Graves", "full_name", 0.75, 0.95),
    ("F. R. Graves, MD", "F. R. Graves", "full_name", 0.9, 1.0),
    ("I spoke with Dr. Graves about it.", "Dr. Graves", "full_name", 0.9, 1.0),
    ("We saw Frank Red Graves on Monday.", "Frank Red Graves", "full_name", 0.75, 0.95),
    ("GRAVES, FRANK", "GRAVES, FRANK", "full_name", 0.8, 0.95),
    ("Graves, Frank R.", "Graves, Frank R.", "full_name", 0.8, 0.95),
    # the sample letter (Figure 107)
    ("Dear Dr. Lang:", "Dr. Lang", "full_name", 0.9, 1.0),
    ("Patrick Hayes, M.D. 34764", "Patrick Hayes", "full_name", 0.9, 1.0),
    ("Wednesday, February 2, 1994\n\nMarjorie Long, M.D.\nSt. John's Hospital", "Marjorie Long", "full_name", 0.9, 1.0),
    ("RE: Virginia Townsend\nCH#32-841-09787", "Virginia Townsend", "full_name", 0.85, 1.0),
    ("We will contact Mrs. Hodgkins in a week", "Mrs. Hodgkins", "full_name", 0.9, 1.0),
    ("diagnosed in June of 1993 by Dr. Frank at Brigham's.", "Dr. Frank", "full_name", 0.9, 1.0),
    ("As you know, Dot is a 7 and 6/12 year old female", "Dot", None, 0.7, 0.85),
    # headers and context words
    ("Patient: John Smith\nDOB: 01/02/1950", "John Smith", "full_name", 0.85, 1.0),
    ("Name: Maria Gonzalez", "Maria Gonzalez", "full_name", 0.85, 1.0),
    ("Pt seen 3/14 by Dr. Smith for follow up.", "Dr. Smith", "full_name", 0.9, 1.0),
    ("Discussed with Sarah Mitchell, RN, at bedside.", "Sarah Mitchell", "full_name", 0.85, 1.0),
    ("cc: J.T.", "J.T.", "name", 0.75, 0.9),
    ("Progress note: Marisol Ferndale-Ostrowski (MRN 5583920) was seen", "Marisol Ferndale-Ostrowski", "full_name", 0.75, 1.0),
    # clinical queries: a first name and an initial
    ("referencing Mr. James T., operated at St. Vincent's", "Mr. James T.", "full_name", 0.9, 1.0),
    ("seen by Dr. John L. at Mt. Sinai on Feb 21, 2023.", "Dr. John L.", "full_name", 0.9, 1.0),
    ("creatinine level of 2.1, David S., evaluated at Elm Clinic", "David S.", "full_name", 0.8, 0.95),
    ("female with rheumatoid arthritis, Julie M., who was admitted", "Julie M.", "full_name", 0.8, 0.95),
    ("consult w/ Dr. Clara Bennett re: dosing", "Dr. Clara Bennett", "full_name", 0.9, 1.0),
    # capitals and lower case
    ("JOHN SMITH WAS SEEN TODAY", "JOHN SMITH", "full_name", 0.7, 0.9),
    ("patient john smith was seen today", "john smith", "full_name", 0.7, 0.8),
    ("seen by dr. smith today", "dr. smith", "full_name", 0.7, 0.8),
    ("JOHNSON, ROBERT A. DOB 01/02/1950", "JOHNSON, ROBERT A.", "full_name", 0.8, 0.95),
    ("Dr. House and Dr. Wilson saw the patient.", "Dr. House", "full_name", 0.9, 1.0),
    ("Nurse Practitioner Sarah O'Connor-Reyes saw the patient.", "Sarah O'Connor-Reyes", "full_name", 0.85, 1.0),
    ("Przemek Kucharski\n\nALFRICK\nUnited Kingdom", "Przemek Kucharski", "full_name", 0.7, 0.9),
    ("Family at bedside: wife Mary and daughter Susan.", "Susan", None, 0.85, 1.0),
    ("per RN Kelly pt slept well", "Kelly", None, 0.85, 1.0),
    ("Grandson Tyler visiting today.", "Tyler", None, 0.85, 1.0),
    ("pt's wife jane called today", "jane", "full_name", 0.7, 0.8),
    # a name alone: a first name mid-sentence or opening a sentence, a nick name, a rare surname
    ("Yesterday we saw Kevin at home.", "Kevin", "first_name", 0.75, 0.85),
    ("Kevin reports less pain today.", "Kevin", "first_name", 0.7, 0.8),
    ("Unlike the Christiansen family, they stayed.", "Christiansen", "last_name", 0.7, 0.8),
    ("the patient prefers to be called 'Sunny' during visits", "Sunny", "full_name", 0.85, 1.0),
    ("Then \"Red\" Graves came in.", "\"Red\" Graves", "full_name", 0.85, 0.95),
]


@pytest.mark.parametrize("text,span,entity,lo,hi", POSITIVES)
def test_name_found(text, span, entity, lo, hi):
    """Each written form of a name is found whole, with its entity and a likelihood in range."""
    hits = [h for h in found(text) if h[0] == span]
    assert hits, found(text)
    assert entity is None or hits[0][1] == entity, hits
    assert lo <= hits[0][2] <= hi, hits


NEGATIVES = [
    "Hodgkin's lymphoma, stage II, in remission.",
    "History of Parkinson's disease and Crohn's disease.",
    "Child with Down syndrome; Foley catheter placed.",
    "Apgar 8/9 at one and five minutes.",
    "Patient denies chest pain. Plan: Tylenol 650 mg prn.",
    "HPI: 45 yo M with CHF. ROS: negative.",
    "ASSESSMENT AND PLAN",
    "Seen on Monday in May; return in June.",
    "Assessment: stable. Continue metformin 500 mg bid.",
    "Graves disease treated with methimazole.",
    "She is currently on Lily Human Insulin and is growing normally.",
    "She will start competing again with the U. S. Junior Gymnastics team.",
    "Dr. Dr. Dr. Mr. Mrs.",
    "BP 120/80, HR 88, K 4.1.",
    "I feel much better after seeing Virginia this time.",  # a state alone; posting may say otherwise
    "Treatment for a 55-year-old Asian male with diabetes.",
    "On the last Sunday before Labor Day we returned.",
    "Capitalized words like Wisdom and Discipline are often used.",
    "History of Graves' disease, on levothyroxine.",
    "Foley draining clear yellow urine. Skin intact, Braden 18.",
    "Medications given per MAR. Home for Christmas.",
    "Pt takes Allegra for allergies and Lyrica for pain.",
    "Son at bedside. RN to monitor. MD aware. PT eval today.",
    "patient states pain is better; pt will follow up",
    "Diagnosed at Brigham's last year.",
    "Insurance: Medicare and Blue Cross. Chest X-Ray: RLL infiltrate.",
    "Follow up in 2/52 with labs.",
    "Foley d/c'd this am, voiding qs.",
    "Foley D/C'd at 0600.",
    "Nurse: Foley removed, due to void by 1400.",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_not_a_name(text):
    """Eponyms, clinical headings, months, capitals headings and product names yield no name."""
    assert found(text) == []


def test_full_name_parts():
    """A full name carries its title, first, middle and last name as parts, in text order."""
    text = "seen by Dr. John L. Smith today"
    cands = [c for c in DET.detect(Document(text)) if c.entity == "full_name"]
    assert cands
    parts = [(text[p.start:p.end], p.entity) for p in cands[0].parts]
    assert parts == [("Dr.", "title"), ("John", "first_name"), ("L.", "middle_name"), ("Smith", "last_name")]


def test_last_comma_first_parts():
    """'GRAVES, FRANK' is read surname first: parts say which word is which."""
    text = "GRAVES, FRANK"
    cands = [c for c in DET.detect(Document(text)) if c.entity == "full_name"]
    assert [(text[p.start:p.end], p.entity) for p in cands[0].parts] == [("GRAVES", "last_name"),
                                                                          ("FRANK", "first_name")]


def test_possessive_left_out():
    """A possessive 's is not part of the name ("Dr. Smith's note")."""
    assert [h[0] for h in found("Per Dr. Smith's note the dose was raised.")] == ["Dr. Smith"]


def test_why_names_a_rule():
    """Every candidate's reason is a template id of names.toml, so `scrub train` can re-estimate it."""
    ids = {t.id for t in DET.templates}
    text = (DATA / "scrub-letter.jsonl").read_text(encoding="utf-8")
    doc = json.loads(text.splitlines()[0])["text"]
    cands = DET.detect(Document(doc))
    assert cands
    for c in cands:
        assert c.why.startswith("template:") and c.why.split(":", 1)[1] in ids


def test_letter_names_with_posting():
    """With posting ("RE: Virginia Townsend" makes "seeing Virginia" a name), every name of the
    sample letter (Figure 107) is caught whole."""
    from scrub.engine import Scrubber
    doc = json.loads((DATA / "scrub-letter.jsonl").read_text(encoding="utf-8").splitlines()[0])
    findings = Scrubber(spacy=False, detectors=["names"]).detect(doc["text"])
    cover = bytearray(len(doc["text"]))
    for f in findings:
        if not f.protected:
            cover[f.start:f.end] = b"\x01" * (f.end - f.start)
    names = [s for s in doc["spans"] if s["label"] == "NAME"]
    missed = [doc["text"][s["start"]:s["end"]] for s in names
              if not all(cover[i] for i in range(s["start"], s["end"]) if not doc["text"][i].isspace())]
    assert missed == []


def test_clinical_queries_names():
    """On clinical queries (ASQ-PHI sample) the detector alone catches nearly every name and
    flags few identifier-free queries."""
    rows = [json.loads(line) for line in (DATA / "asq-phi-names.jsonl").read_text(encoding="utf-8").splitlines()]
    gold = caught = negatives = flagged = 0
    for r in rows:
        text = r["text"]
        fs = arbitrate(DET.detect(Document(text)), 0.7, text)
        if not r["spans"]:
            negatives += 1
            flagged += bool(fs)
            continue
        for s in r["spans"]:
            if s["label"] != "NAME":
                continue
            gold += 1
            caught += any(f.start < s["end"] and s["start"] < f.end for f in fs)
    assert gold >= 80 and negatives >= 40
    assert caught / gold >= 0.95, (caught, gold)
    assert flagged / negatives <= 0.10, (flagged, negatives)


def test_likelihoods_come_from_the_toml(tmp_path):
    """Editing a rule's likelihood in names.toml changes the candidates' likelihood."""
    src = Path(__file__).parent.parent / "templates" / "names.toml"
    text = src.read_text(encoding="utf-8")
    assert 'id = "names.title"\npattern = "[{Dr, Mr, Mrs, Ms, Miss, Prof} \\\\.? _ <Cap>]"\nlikelihood = 0.95' in text
    (tmp_path / "names.toml").write_text(text.replace(
        'id = "names.title"\npattern = "[{Dr, Mr, Mrs, Ms, Miss, Prof} \\\\.? _ <Cap>]"\nlikelihood = 0.95',
        'id = "names.title"\npattern = "[{Dr, Mr, Mrs, Ms, Miss, Prof} \\\\.? _ <Cap>]"\nlikelihood = 0.33'),
        encoding="utf-8")
    det = NameDetector(DetectorSettings(templates_dir=tmp_path))
    cands = det.detect(Document("Dear Dr. Lang:"))
    assert [(c.likelihood, c.why) for c in cands] == [(0.33, "template:names.title")]


def test_missing_rule_is_an_error(tmp_path):
    """A names.toml without one of the detector's rules fails with E610, naming the rule."""
    src = Path(__file__).parent.parent / "templates" / "names.toml"
    text = src.read_text(encoding="utf-8").replace('id = "names.last_alone"', 'id = "names.renamed"')
    (tmp_path / "names.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ScrubError) as err:
        NameDetector(DetectorSettings(templates_dir=tmp_path)).detect(Document("Dr. Lang"))
    assert err.value.code == "E610" and "names.last_alone" in err.value.message


def test_templates_folder_without_names_falls_back(tmp_path):
    """A templates folder with no names.toml uses the bundled rules."""
    det = NameDetector(DetectorSettings(templates_dir=tmp_path))
    assert [c.why for c in det.detect(Document("Dear Dr. Lang:"))] == ["template:names.title"]


def test_runs_are_bounded():
    """A long line of capitals is cut into runs of at most eight words (the scan stays linear)."""
    text = "ALPHA " * 50
    assert max(len(m.captures("w")) for m in RUN_RE.finditer(text)) <= 8


def test_deterministic():
    """The same document gives the same candidates, in the same order, every time."""
    doc = json.loads((DATA / "scrub-letter.jsonl").read_text(encoding="utf-8").splitlines()[0])["text"]
    assert DET.detect(Document(doc)) == NameDetector().detect(Document(doc))


def test_nursing_note_flags_only_people():
    """In a nursing note full of capitalized clinical words (Foley, Braden, Lasix, MAR, Hospitalist),
    only the people's names are flagged."""
    text = (DATA / "names-nursing-note.txt").read_text(encoding="utf-8")
    assert sorted(h[0] for h in found(text)) == ["Dr. Patel", "Jennifer Adams", "Mary", "Susan", "Teresa"]


def test_letter_in_capitals():
    """The sample letter written all in capitals (the thesis's uppercase experiment): every name but
    the nick name "DOT", which capitals make a plain word, is still caught whole."""
    from scrub.engine import Scrubber
    doc = json.loads((DATA / "scrub-letter.jsonl").read_text(encoding="utf-8").splitlines()[0])
    text = doc["text"].upper()
    cover = bytearray(len(text))
    for f in Scrubber(spacy=False, detectors=["names"]).detect(text):
        cover[f.start:f.end] = b"\x01" * (f.end - f.start)
    missed = [text[s["start"]:s["end"]] for s in doc["spans"] if s["label"] == "NAME"
              and not all(cover[i] for i in range(s["start"], s["end"]) if not text[i].isspace())]
    assert missed == ["DOT"]


from hypothesis import given, settings, strategies as st  # noqa: E402

_PIECES = st.sampled_from(["Dr. ", "Mrs. ", "John ", "Smith", "O'Brien", "J.", "T. ", ", MD", "RE: ",
                           "cc: ", "'", "\"", "’s", "İ", "ß", "\u0301", "\n", " ", ", ", ".", "GRAVES",
                           "frank ", "patient ", "Foley", "Virginia"])


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECES, max_size=20).map("".join))
def test_spans_inside_the_text(text):
    """On any text, every candidate lies inside the text and every part inside its candidate."""
    for c in DET.detect(Document(text)):
        assert 0 <= c.start < c.end <= len(text)
        for p in c.parts:
            assert c.start <= p.start < p.end <= c.end
