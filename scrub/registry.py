"""The registry of detectors: versioned names → detector classes.

Scrub's own detectors are listed here; other packages add theirs through the
``scrub.detectors`` entry-point group (name = versioned detector name, value =
``module:Class``). A test snapshots the built-in names so a lost registration fails.
"""
from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from .errors import ScrubError

BUILTIN: dict[str, str] = {
    "scrub.names.v1": "scrub.detectors.names:NameDetector",
    "scrub.dates.v1": "scrub.detectors.dates:DateDetector",
    "scrub.ages.v1": "scrub.detectors.ages:AgeDetector",
    "scrub.phones.v1": "scrub.detectors.phones:PhoneDetector",
    "scrub.contact.v1": "scrub.detectors.contact:ContactDetector",
    "scrub.ids.v1": "scrub.detectors.ids:IdDetector",
    "scrub.locations.v1": "scrub.detectors.locations:LocationDetector",
    "scrub.orgs.v1": "scrub.detectors.orgs:OrgDetector",
    "scrub.medical.v1": "scrub.detectors.medical:MedicalTermDetector",
    "scrub.spacy.v1": "scrub.detectors.spacy_entities:SpacyEntityDetector",
}

#: the document-format classifier (letter / notes / delimited / text)
FORMAT_CLASSIFIER = "scrub.detectors.format:classify"


def _load(target: str, name: str):
    mod, _, attr = target.partition(":")
    try:
        return getattr(importlib.import_module(mod), attr)
    except (ImportError, AttributeError) as exc:
        raise ScrubError("E101", f"detector {name}: cannot load {target} ({type(exc).__name__})") from None


def available() -> dict[str, str]:
    """Every registered detector name → its import target, built-ins first, sorted."""
    found = dict(BUILTIN)
    for ep in sorted(entry_points(group="scrub.detectors"), key=lambda e: e.name):
        found.setdefault(ep.name, ep.value)
    return found


def resolve(name: str) -> str:
    """Accept a full versioned name or a short one ('names' → 'scrub.names.v1')."""
    names = available()
    if name in names:
        return name
    matches = sorted(n for n in names if n.split(".")[1:2] == [name] or n.split(".")[0] == name)
    if not matches:
        raise ScrubError("E102", f"unknown detector '{name}'; known: {', '.join(sorted(names))}")
    return matches[-1]


def detector_class(name: str):
    full = resolve(name)
    return _load(available()[full], full)


def format_classifier():
    return _load(FORMAT_CLASSIFIER, "format")
