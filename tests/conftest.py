"""Shared fixtures: one engine per test session (spaCy and the word lists load once)."""
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return DATA


@pytest.fixture(scope="session")
def scrubber():
    """The default engine, spaCy included."""
    from scrub.engine import Scrubber
    return Scrubber()


@pytest.fixture(scope="session")
def scrubber_nospacy():
    """The engine without the spaCy detector (fast, for tests where spaCy is not the point)."""
    from scrub.engine import Scrubber
    return Scrubber(spacy=False)
