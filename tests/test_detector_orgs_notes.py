"""Institutions, places and clinical jargon as real nursing, case-management and discharge notes
write them (fictitious passages written for these tests; no real person). Table-driven: what the
location and organization detectors must flag, and what they must leave alone."""
import pytest

from scrub.arbiter import arbitrate
from scrub.detectors.locations import LocationDetector
from scrub.detectors.orgs import OrgDetector
from scrub.types import Document

DETS = (LocationDetector(), OrgDetector())


def flagged(text, threshold=0.7):
    cands = [c for d in DETS for c in d.detect(Document(text))]
    return [text[f.start:f.end] for f in arbitrate(cands, threshold, text)]


def covered(text, span, spans):
    s = text.index(span)
    e = s + len(span)
    return [x for x in spans if text.index(x) < e and s < text.index(x) + len(x)]


FLAGGED = [
    # (passage, what must be flagged whole or within one finding)
    ("PCP Dr. Alan Feinberg at Brigham and Women's.", "Brigham and Women's"),
    ("Pt had CABG at the Brigham in 2105.", "Brigham"),
    ("Followed at Brigham's cardiology clinic.", "Brigham's"),
    ("s/p CABG x3 in 2105 at Beth Israel.", "Beth Israel"),
    ("Transferred from Mass General for further w/u.", "Mass General"),
    ("Son works at Raytheon, visits on weekends.", "Raytheon"),
    ("Dtr is employed by Fidelity and is HCP.", "Fidelity"),
    ("VNA from Partners Home Care 2x/wk.", "Partners Home Care"),
    ("Referral faxed to VNA of Cape Cod for home PT.", "Cape Cod"),
    ("Son prefers short-term rehab; referrals sent to Hebrew Rehab, Newbridge on the Charles and Marina Bay.",
     "Hebrew Rehab"),
    ("Son prefers short-term rehab; referrals sent to Hebrew Rehab, Newbridge on the Charles and Marina Bay.",
     "Newbridge on the Charles"),
    ("Son prefers short-term rehab; referrals sent to Hebrew Rehab, Newbridge on the Charles and Marina Bay.",
     "Marina Bay"),
    ("Bed offer from Marina Bay Skilled Nursing, pt and family agree.", "Marina Bay Skilled Nursing"),
    ("Admitted from Greenbriar Nursing Home with SOB.", "Greenbriar Nursing Home"),
    ("Pt admitted from Maplewood Rest Home yesterday.", "Maplewood Rest Home"),
    ("Plan d/c to Spaulding Rehab when medically cleared.", "Spaulding Rehab"),
    ("Accepted at Spaulding for acute rehab.", "Spaulding"),
    ("Pt lives alone in Quincy in a 2nd floor apt.", "Quincy"),
    ("Daughter drove in from Worcester this am.", "Worcester"),
    ("Wife recently moved to Florida to be near family.", "Florida"),
    ("Pt was at St. Elizabeth's for 3 wks prior.", "St. Elizabeth's"),
    ("Pt followed at MGH for CHF.", "MGH"),
    ("Lives with daughter in Brockton.", "Brockton"),
    ("Pt seen at Dana-Farber for chemo.", "Dana-Farber"),
    ("Admitted to Mt. Auburn 2 wks ago.", "Mt. Auburn"),
    ("Seen at the Joslin Diabetes Center.", "Joslin Diabetes Center"),
    ("Pt works for the MBTA as a bus driver.", "MBTA"),
    ("Son lives out of state in New Hampshire.", "New Hampshire"),
    ("Pt discharged to Marina Bay Skilled Nursing and Rehab.", "Marina Bay Skilled Nursing"),
    ("Pt lives with wife in Milton; retired teacher at Lincoln Elementary.", "Lincoln Elementary"),
]


@pytest.mark.parametrize("text,span", FLAGGED)
def test_institutions_and_places_are_flagged(text, span):
    """Hospitals, rehabs, nursing homes, agencies, employers and towns as notes write them."""
    got = flagged(text)
    hit = covered(text, span, got)
    assert hit, f"{span!r} not flagged in {text!r}: {got}"
    s = text.index(span)
    assert min(text.index(h) for h in hit) <= s and max(text.index(h) + len(h) for h in hit) >= s + len(span), \
        f"{span!r} only partly flagged: {hit}"


NOT_FLAGGED = [
    # a whole passage, and no finding of these two detectors may be made in it
    "Seen by Cardiology and Pulmonary today; Social Work and Case Management following.",
    "Physical Therapy and Occupational Therapy evals pending. PT/OT recs: rehab.",
    "Transferred from ICU to CCU overnight, then back to MICU. Pt went to OR at 1400, to PACU after.",
    "Pt presented to the ED with CP. Admitted to Medicine. Stroke team paged.",
    "Insurance: Medicare A/B and BCBS supplement. MassHealth application pending with Medicaid.",
    "Foley d/c'd, Swan-Ganz pulled. Hx of Lyme disease and West Nile virus in the past.",
    "R/o Rocky Mountain spotted fever. Hx Down syndrome, Bell's palsy 2099.",
    "Came from Home. Discharged to Home with services. Rehab vs. Home discussed with family.",
    "Dispo: rehab vs. SNF. Case Management aware; Home Care referral placed.",
    "Pt seen in the Emergency Department and the Wound Care Clinic; Infusion Center appt Monday.",
    "Pt transferred to Acute Rehab; Inpatient Rehab screen and Subacute Rehab options reviewed.",
    "Palliative Care consult; Pain Service following. Nutrition consulted for TF recs.",
    "Code Blue called; Rapid Response Team at bedside. Trauma Surgery aware.",
    "Pt sent to Cath Lab, then to Interventional Radiology for PICC. Returned to Unit.",
    "Referral sent to Elder Services; Hospice Care discussed. Sent to PSC 4 for labs.",
    "Pt went to the OR at 0800, back to SICU by 1300; Transplant Surgery following.",
]


@pytest.mark.parametrize("text", NOT_FLAGGED)
def test_clinical_jargon_is_not_flagged(text):
    """Departments, services, units, insurers and programs, eponyms, devices: no identifier."""
    assert flagged(text) == []
