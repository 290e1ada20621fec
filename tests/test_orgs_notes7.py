"""Practices, funeral homes, transport firms and fields' values found whole; headings, levels of
care and mobility jargon left alone (fictitious passages written for these tests; no real person or
place of care). Table-driven: each rule has positives (the name must be flagged whole) and jargon
twins (no organization finding)."""
import pytest

from orgs_support import ORGS, check_degenerate, flagged, whole


FLAGGED = [
    # a practice's kind after a proper name, with a cue before it ("care with", "to") or none
    ("Prenatal care with Thistledown Women's Health (Dr. Oyelaran), 11 visits.", "Thistledown Women's Health"),
    ("Followed with Marrowfield Women's Health since 2090.", "Marrowfield Women's Health"),
    ("Rooming-in; pediatrician: Kestrelbrook Pediatric Associates.", "Kestrelbrook Pediatric Associates"),
    ("Newborn f/u at Glenhaven Pediatric Associates in 2 days.", "Glenhaven Pediatric Associates"),
    ("To: Dermatology - Birchwick Hollow Dermatology\nSent: Tue", "Birchwick Hollow Dermatology"),
    ("Referred to Orrin Vale Cardiology for Holter.", "Orrin Vale Cardiology"),
    ("Established with Quenby Ridge Primary Care last year.", "Quenby Ridge Primary Care"),
    # a practice's name on the line after a sender's "..., MD" line
    ("June 3, 2091\n\nMarisol Otero, MD\nTamsin Brook Primary Care\n\nRE: follow-up", "Tamsin Brook Primary Care"),
    ("Pell Adair, DO\nWillowmere Family Medicine\n", "Willowmere Family Medicine"),
    # funeral homes and medical transport firms
    ("Family has chosen Corbridge Funeral Home; arrangements complete.", "Corbridge Funeral Home"),
    ("Body released to Lindqvist-Hale Funeral Chapel at 0400.", "Lindqvist-Hale Funeral Chapel"),
    ("Mode: BLS ambulance (Wrenfield Medical Transport).", "Wrenfield Medical Transport"),
    ("Ride home booked with Harrowgate Medical Transportation for 1400.", "Harrowgate Medical Transportation"),
    # "& <Kind> Care" tails stay in the name
    ("Agency: Emberly Hospice & Palliative Care        Visit date: Monday", "Emberly Hospice & Palliative Care"),
    ("Accepted at Fallowmere Rehab & Skilled Nursing Center.", "Fallowmere Rehab & Skilled Nursing Center"),
    # fields' labels before a place's or firm's name
    ("RECEIVING FACILITY: Saltmarsh Acute Rehabilitation    BED: 12", "Saltmarsh Acute Rehabilitation"),
    ("Receiving facility: Pemberton Glen\nBed: 214", "Pemberton Glen"),
    ("Agency: Starling Cove Home Health\nDischarge: 2/2", "Starling Cove Home Health"),
]


@pytest.mark.parametrize("text,span", FLAGGED)
def test_flagged_whole(text, span):
    got = flagged(text)
    assert whole(text, span, got), f"{span!r} not flagged whole: {[text[a:b] for a, b in got]}"


NOT_FLAGGED = [
    # headings and levels of care name no one
    "Brief Hospital Course:\n# Pneumonia: treated with CTX.",
    "Hospital Course: uneventful. HOSPITAL COURSE by problem below.",
    "HOSPICE RN VISIT NOTE - ROUTINE HOME CARE\nLevel of care: Continuous Home Care x 24h.",
    "Home Care to resume. Routine Home Care level. Skilled Nursing 2x/wk.",
    "Agency: Routine Home Care\nFacility: Skilled Nursing",
    "Receiving facility: Acute Rehab\nAgency: VNA\nFacility: TBD\nAgency: none",
    # services and jargon twins of the practice kinds
    "Women's Health clinic f/u. Primary Care follow-up 2 wks. Acute Rehab screen sent.",
    "Appreciate Cardiology recs. Please Dermatology f/u. Consults: Peds Cardiology.",
    "Medical Transport arranged for 1300. BLS Medical Transport booked.",
    "Funeral Home called. The funeral home will pick up.",
    "pediatrician: Dr. Alvarez. PCP: Dr. Nwosu.",
    # a patient's transfer in therapy notes is no transfer of care
    "Toilet transfer to BSC mod A. Stand pivot transfer to WC with CGA. Bed transfer to RW min A.",
]


@pytest.mark.parametrize("text", NOT_FLAGGED)
def test_jargon_unflagged(text):
    got = flagged(text, dets=(ORGS,))
    assert not got, [text[a:b] for a, b in got]


@pytest.fixture(scope="module")
def engine(scrubber_nospacy):
    return scrubber_nospacy


#: notes typed in capitals or without capitals: the detectors read the engine's cased view
CASELESS = [
    ("INTERFACILITY TRANSFER FORM\nRECEIVING FACILITY: BRAMBLEWICK ACUTE REHABILITATION    BED: 4\n"
     "MODE: BLS AMBULANCE (TIDEWATER MEDICAL TRANSPORT)\nPLAN: CONT ASA. NO ETOH.",
     "BRAMBLEWICK ACUTE REHABILITATION"),
    ("INTERFACILITY TRANSFER FORM\nRECEIVING FACILITY: BRAMBLEWICK ACUTE REHABILITATION    BED: 4\n"
     "MODE: BLS AMBULANCE (TIDEWATER MEDICAL TRANSPORT)\nPLAN: CONT ASA. NO ETOH.",
     "TIDEWATER MEDICAL TRANSPORT"),
    ("vna skilled nursing visit - tewksbury home health\ndate: 1/9\npt: ok. no etoh.\nplan: cont.",
     "tewksbury home health"),
]


@pytest.mark.parametrize("text,span", CASELESS)
def test_caseless_notes_flagged_whole(engine, text, span):
    got = [(f.start, f.end) for f in engine.detect(text) if not f.protected]
    assert whole(text, span, got), f"{span!r} not flagged whole"


CASELESS_NOT = [
    "VNA SKILLED NURSING VISIT\nPT IS OK. NO ETOH.\nMODE: BLS AMBULANCE (PRIVATE MEDICAL TRANSPORT).\n"
    "RECEIVING FACILITY: ACUTE REHAB.",
    "vna skilled nursing visit - home health\nlevel: routine home care.\nplan: cont. no etoh.\n"
    "toilet transfer to bsc mod a.",
]


@pytest.mark.parametrize("text", CASELESS_NOT)
def test_caseless_jargon_unflagged(engine, text):
    got = [f for f in engine.detect(text) if f.entity in ("organization", "hospital")]
    assert not got, [text[f.start:f.end] for f in got]


def test_dash_ends_a_caseless_name(engine):
    text = "vna skilled nursing visit - tewksbury home health\ndate: 1/9\npt: ok. no etoh.\nplan: cont."
    got = [text[f.start:f.end] for f in engine.detect(text) if f.entity in ("organization", "hospital")]
    assert got == ["tewksbury home health"]


@pytest.mark.parametrize("unit,n", [("Agency: ", 100_000), ("facility: a ", 100_000), ("(a b medical transport ", 50_000),
                                    ("toilet transfer to ", 50_000), ("Aa Hospice & ", 50_000)])
def test_degenerate_inputs_stay_bounded(unit, n):
    check_degenerate(ORGS, unit, n)
