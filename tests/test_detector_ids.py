"""Table-driven tests of the identifier detector (scrub.ids.v1)."""
import json
from pathlib import Path

import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.ids import IdDetector, iban, luhn, npi, ssn, vin
from scrub.types import Document

DATA = Path(__file__).parent / "data"
DET = IdDetector()


def found(text):
    return [(text[f.start:f.end], f.entity, f.likelihood)
            for f in arbitrate(DET.detect(Document(text)), 0.7, text)]


POSITIVES = [
    ("RE: Virginia Townsend\nCH#32-841-09787\nDOB", "32-841-09787", "mrn", 0.85),
    ("Patrick Hayes, M.D. 34764\n", "34764", "reference_number", 0.7),
    ("Progress note (MRN 5583920) was seen", "5583920", "mrn", 0.9),
    ("(MRN: 998877)?", "998877", "mrn", 0.9),
    ("on May 30th, 2022 (ID: 987654321)?", "987654321", "reference_number", 0.8),
    ("SSN on file is 402-19-8877. Home", "402-19-8877", "ssn", 0.8),
    ("SSN as written on the intake form: 402 19 8877.", "402 19 8877", "ssn", 0.7),
    ("(SSN: 123-45-6789)", "123-45-6789", "ssn", 0.9),  # labelled: kept although a sample
    ("filed under mrn 2280 pending", "2280", "mrn", 0.9),
    ("Device serial SN-CG5-881207X.", "SN-CG5-881207X", "device", 0.9),
    ("Billing account 6620148833 was charged", "6620148833", "account", 0.9),
    ("the health plan member ID is HPX-77-40921 and", "HPX-77-40921", "health_plan", 0.9),
    ("provider license number is 1841007193.", "1841007193", "license", 0.9),
    ("personal vehicle, plate 8XYZ432, VIN", "8XYZ432", "vehicle", 0.9),
    ("VIN 1HGCM82633A004352, and", "1HGCM82633A004352", "vehicle", 1.0),
    ("clinic (chartMRN04857211) with", "04857211", "mrn", 0.9),
    ("ins policy no. HS-987654.", "HS-987654", "health_plan", 0.9),
    ("his insurance policy # is ABC-987654.", "ABC-987654", "health_plan", 0.9),
    ("(Acct#: SH-456789)", "SH-456789", "account", 0.9),
    ("My IBAN is GB10LORI20288482594042", "GB10LORI20288482594042", "iban", 1.0),
    ("My card 4853645434159861 is", "4853645434159861", "credit_card", 1.0),
    ("My driver's license number is F162823540116", "F162823540116", "license", 0.9),
    ("Enrollment study code CRIMSON-0447 links", "CRIMSON-0447", "reference_number", 0.8),
    ("Voiceprint template VP-559A is used", "VP-559A", "reference_number", 0.7),
    ("Unit No: 1234567\nAdmission", "1234567", "mrn", 0.9),
    ("FIN 987654321 billed", "987654321", "account", 0.9),
    ("Job #: 55512 dictated", "55512", "reference_number", 0.8),
    ("stamp 20231114093000 ok", "20231114093000", "reference_number", 0.7),
    ("DL A1234567 (NY)", "A1234567", "license", 0.9),
    ("License # 98-7654 on file", "98-7654", "license", 0.9),
    ("pump SN 4471-22A", "4471-22A", "device", 0.9),
    ("Policy no. 1234567", "1234567", "health_plan", 0.9),
    ("T: 03/10/2019 08:15  JOB#: 330145\ncc: Lee, Ann MD", "330145", "reference_number", 0.8),
    # a pathology or accession number behind a lone letter, with no label
    ("Specimen A23-004417 received in formalin", "A23-004417", "reference_number", 0.7),
    ("Probation file 19-PR-3321 stays open", "19-PR-3321", "reference_number", 0.8),
    ("APS file # 2231-448 opened", "2231-448", "reference_number", 0.8),
    ("UPS tracking number 1Z999AA10123456784", "1Z999AA10123456784", "reference_number", 0.8),
    # codes of several groups, with no label: a case's, a court's or a lab's number
    ("Case CA-2024-00117 opened", "CA-2024-00117", "reference_number", 0.7),
    ("file MA-12-B-4471 pending", "MA-12-B-4471", "reference_number", 0.7),
    ("see 19-PR-3321 for details", "19-PR-3321", "reference_number", 0.7),
    # a record number after its own label, spaced ("MRN HP 55-0217") or an agency's ("Hospice #")
    ("Augustin Leblanc-Haddad   MRN HP 55-0217   Dx: metastatic", "HP 55-0217", "mrn", 0.9),
    ("DOB 07/30/2066    Hospice # 2135-04418\nVisit", "2135-04418", "mrn", 0.9),
]


@pytest.mark.parametrize("text,span,entity,lo", POSITIVES)
def test_id_found(text, span, entity, lo):
    """Labelled and checksummed identifiers are found whole with their entity."""
    hits = [h for h in found(text) if h[0] == span]
    assert hits, found(text)
    assert hits[0][1] == entity and hits[0][2] >= lo


NEGATIVES = [
    "metformin 500 mg bid x3 days, insulin 10 units q4h for 2 weeks",
    "ICD-10 E11.9 and CPT 99213 billed",
    "BP 120/80, HR 88, record BP 140/90, visit 03/14/2024",
    "COVID-19 negative, CA-125 elevated, HLA-B27 positive",
    "bare sample numbers 123-45-6789 and 078-05-1120",
    "test card 4111 1111 1111 1111 was declined",
    "ID consult; room 12, bed 4; in 2019 and 2020",
    "ratio 2:1, count 12, 3 of 4 doses",
    "HR110 RR22 PLT250 GLU180 FSBS 210",
    "Toprol XL-100 daily, metformin ER-500",
    "pid 12 days; the fin 12 of fish",
    "penicillin G 2400000 units; plt 250000; 1111111",
    # lone-letter heads with few digits stay codes: spine levels, ICD-10, a variant
    "L4-5 and C5-6 stenosis, T12-L1, S1 radiculopathy, F32-9 and V600E",
    "the court file was sealed; tracking of weights daily",
    # markers, receptors and variants of several groups are no case numbers
    "CA-125 elevated, HLA-B27, COVID-19, ICD-10-CM; 5-HT3; 17-OH-progesterone; BRCA1-185delAG",
    # a dose pair with no record's label
    "NS 100 75 running; D5 1/2 NS at 100",
    # a nurse's signature with the time she signed
    "Signed: Tina Wolf RN 1930",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_no_id(text):
    """Doses, codes, vitals, years, counts and published sample numbers are not identifiers."""
    assert found(text) == []


@pytest.mark.parametrize("fn,value,verdict", [
    (luhn, "4853645434159861", True), (luhn, "4853645434159862", None),
    (luhn, "4111111111111111", False),
    (ssn, "402-19-8877", None), (ssn, "666-12-3456", False), (ssn, "402-00-8877", False),
    (ssn, "078-05-1120", False), (ssn, "912-70-1234", None),
    (iban, "GB82 WEST 1234 5698 7654 32", True), (iban, "GB82 WEST 1234 5698 7654 33", False),
    (vin, "1HGCM82633A004352", True), (vin, "1HGCM82633A004353", None), (vin, "ABCDEFGHJKLMNPRST", False),
    (npi, "1234567893", True), (npi, "1234567890", None),
])
def test_validators(fn, value, verdict):
    """Checksums hold (True), fail softly (None) or rule a sample or impossible number out (False)."""
    assert fn(value) is verdict


def test_deidgate_identifiers_recalled():
    """Every id-like gold span of the deidgate seed notes overlaps an identifier finding."""
    kinds = {"mrn", "ssn", "account", "health_plan", "license", "vehicle", "device"}
    missed = []
    for line in (DATA / "deidgate-seed.jsonl").read_text().splitlines():
        doc = json.loads(line)
        text = doc["text"]
        got = arbitrate(DET.detect(Document(text)), 0.7, text)
        for s in doc["spans"]:
            if s["label"] in kinds and not any(f.start < s["end"] and s["start"] < f.end for f in got):
                missed.append(text[s["start"]:s["end"]])
    assert missed == []


@pytest.mark.parametrize("text", ["1" * 1_000_000, "1 " * 500_000, "abc.def-12/" * 90_000,
                                  "MRN " * 50_000], ids=lambda t: f"{t[:6]!r}x{len(t)}")
def test_linear_inputs(text):
    """Pathological long inputs finish (correctness only, no timing)."""
    assert isinstance(DET.detect(Document(text)), list)


from hypothesis import given, settings, strategies as st  # noqa: E402 - property tests below

_CHARS = st.sampled_from(list("0123456789 -()./:#@+xXabcMRNSphone\n\tİßé") + ["ext ", "MRN ", "call ", "mg"])


@settings(max_examples=150, deadline=None)
@given(st.lists(_CHARS, max_size=80).map("".join))
def test_candidates_are_sound(text):
    """On any text: spans lie inside it, likelihoods in 0..1, and a second run gives the same list."""
    first = DET.detect(Document(text))
    assert all(0 <= c.start < c.end <= len(text) and 0.0 <= c.likelihood <= 1.0 for c in first)
    assert DET.detect(Document(text)) == first
