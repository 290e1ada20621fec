"""The engine: registry, plug-ins through entry points, posting, order independence."""
import sys
import textwrap

import pytest

from scrub import registry
from scrub.config import Config
from scrub.engine import Scrubber, post
from scrub.errors import ScrubError
from scrub.types import Candidate, Finding

BUILTIN_NAMES = [
    "scrub.ages.v1", "scrub.contact.v1", "scrub.dates.v1", "scrub.ids.v1", "scrub.locations.v1",
    "scrub.medical.v1", "scrub.names.v1", "scrub.orgs.v1", "scrub.phones.v1", "scrub.spacy.v1",
]


def test_registry_snapshot():
    """Every built-in detector stays registered under its versioned name and loads."""
    assert sorted(registry.BUILTIN) == BUILTIN_NAMES
    for name in BUILTIN_NAMES:
        cls = registry.detector_class(name)
        assert cls.name == name


def test_short_names_resolve_and_unknown_names_fail():
    """'names' means scrub.names.v1; an unknown name is a coded error listing the known ones."""
    assert registry.resolve("names") == "scrub.names.v1"
    with pytest.raises(ScrubError) as exc:
        registry.resolve("nosuch")
    assert exc.value.code == "E102" and "scrub.names.v1" in exc.value.message


def test_entry_point_plugin_is_found_and_runs(tmp_path, monkeypatch):
    """A detector installed by another package (an entry point) is registered and proposes."""
    pkg = tmp_path / "badge_plugin.py"
    pkg.write_text(textwrap.dedent('''
        import re
        from scrub.detector import Detector
        from scrub.types import Candidate
        class BadgeDetector(Detector):
            name = "hospital.badge.v1"
            entities = ("reference_number",)
            def detect(self, doc):
                return [Candidate(m.start(), m.end(), "reference_number", 0.95, self.name, "template:badge")
                        for m in re.finditer(r"BDG-\\d{4}", doc.text)]
    '''))
    dist = tmp_path / "badge_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: badge-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[scrub.detectors]\nhospital.badge.v1 = badge_plugin:BadgeDetector\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "hospital.badge.v1" in registry.available()
    s = Scrubber(detectors=["hospital.badge.v1"], spacy=False)
    found = s.detect("Badge BDG-1234 was scanned.")
    assert [(f.start, f.end, f.detector) for f in found] == [(6, 14, "hospital.badge.v1")]
    sys.modules.pop("badge_plugin", None)


def test_posting_raises_later_mentions():
    """A first name confirmed inside a full name marks its later mentions, any case, possessive too."""
    text = "RE: Virginia Townsend\nI saw VIRGINIA and Virginia's mother in Virginia Beach."
    first = Candidate(4, 12, "first_name", 0.9, "names")
    last = Candidate(13, 21, "last_name", 0.9, "names")
    f = Finding(4, 21, "full_name", 0.9, "names", parts=(first, last))
    got = sorted({(c.start, c.end, c.entity) for c in post(text, [f], 0.9)})
    spans = [text[s:e] for s, e, _ in got]
    assert spans == ["Virginia", "Townsend", "VIRGINIA", "Virginia", "Virginia"]
    assert all(e in ("first_name", "last_name") for _, _, e in got)


def test_posting_keeps_case_for_common_lowercase_values():
    """A value found in lower case (a common word) is posted only in that case."""
    text = "seen by frank today; Frank was frank about it."
    f = Finding(8, 13, "first_name", 0.9, "names")
    assert [text[c.start:c.end] for c in post(text, [f], 0.9)] == ["frank", "frank"]


@pytest.mark.parametrize("text, name, posted", [
    ("Wife Rose at bedside. BP rose to 150s. Rose updated.", "Rose", ["Rose", "Rose"]),
    ("Husband Frank in. frank blood in Foley; Frank aware.", "Frank", ["Frank", "Frank"]),
    ("Daughter Hope called. We hope for rehab. HOPE agreed.", "Hope", ["Hope"]),
    ("Seeing Kowalski; kowalski in clinic later.", "Kowalski", ["Kowalski", "kowalski"]),
])
def test_posting_keeps_case_for_names_that_are_also_words(text, name, posted):
    """A capitalized value that is also an ordinary word ("Rose", "Frank", "Hope") is posted
    only as written, so "BP rose" and "frank blood" stay; a plain surname in any case."""
    s = text.index(name)
    f = Finding(s, s + len(name), "first_name", 0.9, "names")
    assert [text[c.start:c.end] for c in post(text, [f], 0.9)] == posted


@pytest.mark.parametrize("text, full, short", [
    ("Referred to Park Avenue Health Center. Park Avenue accepted.", "Park Avenue Health Center",
     ["Park Avenue"]),
    ("Bed at Spaulding Rehabilitation Hospital; Spaulding called back.",
     "Spaulding Rehabilitation Hospital", ["Spaulding"]),
    ("Heart Failure Clinic f/u; Heart Failure nurse to call.", "Heart Failure Clinic", []),
    ("Cape Cod Hospital notes; Cape Cod ED visit.", "Cape Cod Hospital", ["Cape Cod"]),
    ("Children's Hospital records; children's dose.", "Children's Hospital", []),
    ("Brigham and Women's Hospital; Brigham aware.", "Brigham and Women's Hospital", []),
])
def test_posting_short_forms_of_places(text, full, short):
    """An organization named in full posts its name part, as written, for the short form a note
    uses later; nothing is posted when only generic or ordinary words are left."""
    s = text.index(full)
    f = Finding(s, s + len(full), "organization", 0.9, "orgs")
    got = [text[c.start:c.end] for c in post(text, [f], 0.9)]
    assert got == [full] + short


def test_protected_findings_post_nothing():
    """Medical terms are never posted as names."""
    text = "Hodgkins disease; Hodgkins again"
    f = Finding(0, 8, "medical_term", 0.9, "medical", protected=True)
    assert post(text, [f], 0.9) == []


def test_threshold_outside_range_is_an_error():
    """A threshold of 1.5 is refused with a coded error."""
    with pytest.raises(ScrubError) as exc:
        Scrubber(threshold=1.5, spacy=False)
    assert exc.value.code == "E130"


def test_parallel_equals_sequential_equals_precedence_order(scrubber_nospacy, data_dir):
    """Running detectors in threads, in order, or in precedence order gives the same findings."""
    import json
    text = json.loads((data_dir / "scrub-letter.jsonl").read_text().splitlines()[0])["text"]
    seq = scrubber_nospacy.detect(text)
    par = Scrubber(spacy=False, parallel=True)
    assert par.detect(text) == seq
    rev = Scrubber(spacy=False)
    rev.detectors = list(reversed(rev.detectors))
    assert rev.detect(text) == seq
    assert seq, "the sample letter must yield findings"


def test_empty_document_has_no_findings(scrubber_nospacy):
    """An empty or blank document is no error: no findings."""
    assert scrubber_nospacy.detect("") == []
    assert scrubber_nospacy.detect("  \n ") == []


def test_config_unknown_key_names_file(tmp_path):
    """A config with an unknown [detect] key names the file and key."""
    p = tmp_path / "c.toml"
    p.write_text("[detect]\nthreshhold = 0.8\n")
    with pytest.raises(ScrubError) as exc:
        Config.load(p)
    assert exc.value.code == "E123" and "c.toml" in exc.value.message and "threshhold" in exc.value.message
