"""The secret key (file, environment, fresh) and the keyed draws every pseudo-value comes from."""
from __future__ import annotations

import hashlib
import hmac

import pytest

from scrub.errors import ScrubError
from scrub.replace import FRESH_KEY_NOTICE, Keyed, WeightedTable, load_key, normalize


def test_key_file_wins(tmp_path, monkeypatch):
    """A key file is read as bytes (trailing newline dropped) and wins over the environment."""
    p = tmp_path / "key"
    p.write_bytes(b"s3cret-key-bytes\n")
    monkeypatch.setenv("SCRUB_KEY", "environment-key")
    assert load_key(p) == (b"s3cret-key-bytes", False)


def test_key_from_environment(monkeypatch):
    """With no file, the environment variable gives the key."""
    monkeypatch.setenv("SCRUB_KEY", "environment-key")
    assert load_key() == (b"environment-key", False)
    monkeypatch.setenv("OTHER_KEY", "another-environment-key")
    assert load_key(env="OTHER_KEY") == (b"another-environment-key", False)


def test_fresh_key_when_none(monkeypatch):
    """With neither, a fresh 32-byte key, different each time, flagged as fresh; the notice the
    caller prints does not hold it."""
    monkeypatch.delenv("SCRUB_KEY", raising=False)
    (a, fa), (b, fb) = load_key(), load_key()
    assert fa and fb and len(a) == 32 and a != b
    assert a.hex() not in FRESH_KEY_NOTICE and "fresh random key" in FRESH_KEY_NOTICE


@pytest.mark.parametrize("content, code", [(None, "E700"), (b"k3y\n", "E702")],
                         ids=["missing", "too-short"])
def test_bad_key_file(tmp_path, content, code):
    """A missing or too short key file is refused with a code, never echoing the key."""
    p = tmp_path / "key"
    if content is not None:
        p.write_bytes(content)
    with pytest.raises(ScrubError) as exc:
        load_key(p)
    assert exc.value.code == code and "k3y" not in exc.value.message


@pytest.mark.parametrize("original, name, expected", [
    ("Virginia", True, "virginia"),
    ("VIRGINIA", True, "virginia"),
    ("Virginia's", True, "virginia"),
    ("Virginia’s", True, "virginia"),
    ("Dr. Lang", True, "lang"),
    ("DR LANG'S", True, "lang"),
    ("Patrick  Hayes,\nM.D.", True, "patrick hayes"),
    ("Hodgkins'", True, "hodgkins"),
    ("  St. John's Hospital ", False, "st. john's hospital"),
    ("Marina Corp's", False, "marina corp"),
])
def test_normalize(original, name, expected):
    """The keyed form: casefolded, one space, no possessive, no titles or degrees for names."""
    assert normalize(original, name=name) == expected


def test_keyed_is_hmac_sha256():
    """Draws are HMAC-SHA256 of family and value under the key (no Python hash, no salt)."""
    k = Keyed(b"key")
    expect = hmac.new(b"key", "first\x1fvirginia\x1f0\x1f0".encode(), hashlib.sha256).digest()
    assert k.digest("first", "virginia") == expect
    assert k.digest("first", "virginia") != k.digest("last", "virginia")
    assert k.digest("first", "virginia") != Keyed(b"other").digest("first", "virginia")


def test_weighted_table_follows_weights():
    """Values are drawn in proportion to their weights; temper flattens them."""
    t = WeightedTable.build([("a", 3.0), ("b", 1.0), ("zero", 0.0)])
    assert t.values == ("a", "b")
    k = Keyed(b"key")
    draws = [k.choose(t, "f", str(i)) for i in range(4000)]
    assert 0.70 < draws.count("a") / 4000 < 0.80
    flat = WeightedTable.build([("a", 9.0), ("b", 1.0)], temper=0.5)
    assert flat.cumulative == (3.0, 4.0)


def test_symbols_uniform_and_exact():
    """Keyed symbols come in the count asked, from the alphabet, all digits appearing."""
    s = Keyed(b"key").symbols("0123456789", 1000, "d", "v")
    assert len(s) == 1000 and set(s) == set("0123456789")
    assert max(s.count(c) for c in set(s)) < 140


def test_empty_key_refused():
    """An empty key is refused (E703)."""
    with pytest.raises(ScrubError) as exc:
        Keyed(b"")
    assert exc.value.code == "E703"
