"""Identifiers as MIMIC-era ICU, coronary-care and NICU nursing notes sign and head them, typed in
small letters or capitals: a first name and its initial alone on the sign-off line before the
credential, and a header's date between slashes.

Every passage is fictitious and hand-written in the style of clinical notes. Each row names the
text the whole pipeline (without spaCy, at the default threshold 0.7) must cover and the text it
must leave alone.
"""
from __future__ import annotations

from orgs_support import ICU_CAPS as _CAPS
from orgs_support import ICU_LOW as _LOW
from orgs_support import note_forms_test

# (passage, [text that must be covered whole], [text that must not be touched])
CASES = [
    # ---- sign-off lines: a first name (listed, or no ordinary word after the dashes) and an initial
    (_LOW + "-- jen t rn\n", ["jen t"], ["rn"]),
    (_LOW + "-- ana r, rn", ["ana r"], ["rn"]),
    (_CAPS + "-- TOM H, RN\n", ["TOM H"], ["RN"]),
    (_LOW + "faith rn\n", ["faith"], ["rn"]),
    (_LOW + "— Brenda L, LPN\n", ["Brenda L"], ["LPN"]),
    (_LOW + "-- zephyrine rn\n", ["zephyrine"], []),
    # a role or a shift before the credential is no name
    (_LOW + "-- night rn\n", [], ["night"]),
    (_LOW + "-- charge rn\n", [], ["charge"]),
    (_LOW + "pain rn\n", [], ["pain"]),
    (_CAPS + "-- NIGHT RN\n", [], ["NIGHT"]),
    # ---- a header's date between slashes, and its shift's hours
    ("csru nursing note / 6-2-2147 / 1900-0700\npt resting.", ["6-2-2147"], ["1900-0700"]),
    ("CSRU NURSING NOTE / 6-2-2147 / 1900-0700\nPT RESTING.", ["6-2-2147"], ["1900-0700"]),
    ("took 2-3 / day of the tabs", [], ["2-3"]),
]


test_note_forms = note_forms_test(CASES)
