"""Scrub: de-identify free text with detectors that compete by precedence, replace what they
find with consistent pseudo-values, and make the result k-anonymous.

    >>> from scrub import Scrubber
    >>> findings = Scrubber().detect("Seen by Dr. Lang on 3/14/2024.")
"""
__version__ = "0.1.0"

from .errors import ScrubError  # noqa: E402
from .types import Candidate, Document, Finding  # noqa: E402


def __getattr__(name):  # the engine loads spaCy and word lists: import it only when asked
    if name == "Scrubber":
        from .engine import Scrubber
        return Scrubber
    raise AttributeError(name)


__all__ = ["Scrubber", "ScrubError", "Candidate", "Document", "Finding", "__version__"]
