"""The documented defaults are the defaults: the TOML block in scrub.replace.defaults reads back
to exactly the values the code uses."""
from __future__ import annotations

import re
import tomllib

from scrub.replace import defaults


def documented() -> dict:
    lines = [l[4:] for l in defaults.__doc__.splitlines() if l.startswith("    ")]
    return tomllib.loads("\n".join(lines))["replace"]


def likewise() -> dict[str, str]:
    """entity → the documented section standing for it ("# likewise fax, mrn, ...")."""
    out: dict[str, str] = {}
    section = None
    for line in defaults.__doc__.splitlines():
        m = re.match(r"\s+\[replace\.(\w+)\]", line)
        if m:
            section, listing = m.group(1), False
        if section and "#" in line:
            comment = line.split("#", 1)[1]
            if "likewise" in comment:
                listing = True
                comment = comment.split("likewise", 1)[1]
            if listing:
                for word in re.findall(r"[a-z_]+", comment.split(":")[0]):
                    out.setdefault(word, section)
                if ":" in comment:
                    listing = False
    return out


def test_documented_defaults_equal_code():
    """Every key of the documented block has the code's default, and every entity is documented
    itself or in a "likewise" list under a section with the same defaults."""
    doc = documented()
    glob = {k: v for k, v in doc.items() if not isinstance(v, dict) or k in defaults.GLOBAL}
    assert glob == defaults.GLOBAL
    alias = likewise()
    for entity, opts in defaults.ENTITY.items():
        section = entity if entity in doc else alias.get(entity)
        assert section in doc, f"{entity} is not documented"
        assert doc[section] == opts, entity
