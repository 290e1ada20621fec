"""The catalogue of entities and their precedence (Figure 111 of the Scrub chapter).

Level 1 is the highest precedence. An entity posts values only for its constituents, or for
itself when it has none. Protected entities (medical terms, verbs) win spans so that other
detectors' false positives lose them, but they are never replaced.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Entity:
    name: str
    level: int
    constituents: tuple[str, ...] = ()
    protected: bool = False
    #: the HIPAA / evaluation family this entity belongs to
    family: str = "OTHER"


_NAME_PARTS = ("first_name", "middle_name", "last_name", "nick_name", "title")
_ADDRESS_PARTS = ("street", "city", "state", "zip", "country")

CATALOGUE: dict[str, Entity] = {
    e.name: e
    for e in (
        Entity("identification_block", 1,
               _ADDRESS_PARTS + ("phone", "first_name", "middle_name", "last_name", "nick_name",
                                 "ssn", "title", "organization", "age", "date",
                                 "reference_number"), family="BLOCK"),
        Entity("mailing_label", 2, _ADDRESS_PARTS + _NAME_PARTS + ("organization",), family="BLOCK"),
        Entity("address_block", 3, _ADDRESS_PARTS, family="LOCATION"),
        Entity("full_name", 4, _NAME_PARTS, family="NAME"),
        Entity("location", 5, ("city", "state", "country"), family="LOCATION"),
        # level 6: the rest, all equal
        Entity("street", 6, family="LOCATION"),
        Entity("city", 6, family="LOCATION"),
        Entity("state", 6, family="LOCATION"),
        Entity("zip", 6, family="LOCATION"),
        Entity("country", 6, family="LOCATION"),
        Entity("place", 6, family="LOCATION"),
        Entity("phone", 6, family="CONTACT"),
        Entity("fax", 6, family="CONTACT"),
        Entity("email", 6, family="CONTACT"),
        Entity("url", 6, family="CONTACT"),
        Entity("ip_address", 6, family="CONTACT"),
        Entity("first_name", 6, family="NAME"),
        Entity("middle_name", 6, family="NAME"),
        Entity("last_name", 6, family="NAME"),
        Entity("nick_name", 6, family="NAME"),
        Entity("name", 6, family="NAME"),
        Entity("title", 6, family="NAME"),
        Entity("organization", 6, family="ORGANIZATION"),
        Entity("hospital", 6, family="ORGANIZATION"),
        Entity("ssn", 6, family="ID"),
        Entity("reference_number", 6, family="ID"),
        Entity("mrn", 6, family="ID"),
        Entity("account", 6, family="ID"),
        Entity("health_plan", 6, family="ID"),
        Entity("license", 6, family="ID"),
        Entity("vehicle", 6, family="ID"),
        Entity("device", 6, family="ID"),
        Entity("credit_card", 6, family="ID"),
        Entity("iban", 6, family="ID"),
        Entity("age", 6, family="AGE"),
        Entity("date", 6, family="DATE"),
        Entity("measurement", 6, protected=True, family="PROTECTED"),
        Entity("medical_term", 6, protected=True, family="PROTECTED"),
        Entity("verb", 6, protected=True, family="PROTECTED"),
    )
}


def entity(name: str) -> Entity:
    """Return the catalogue entry for `name`; unknown entities rank with 'the rest'."""
    found = CATALOGUE.get(name)
    if found is None:
        return Entity(name, 6, family="OTHER")
    return found


def level(name: str) -> int:
    return entity(name).level


def is_protected(name: str) -> bool:
    return entity(name).protected
