"""Every default of the replacement strategies, written here and only here.

The `[replace]` section of the TOML configuration holds options for all entities; a
`[replace.<entity>]` section chooses one entity's strategy and its parameters. The block below is
valid TOML and equals the defaults (a test reads it back):

    [replace]
    names = ""              # shortcut: strategy for every name entity (first_name, middle_name,
                            #   last_name, nick_name, name), e.g. "sprees"
    nicknames = false       # a nickname becomes a short form of the pseudonym of its formal name
                            #   (Dot → Dorothy from the nickname list: Dorothy → Kathel, Dot → Kath)
    nickname_of = {}        # the user's own pairs, e.g. { Dot = "Virginia" }: with nicknames = true
                            #   "Dot" becomes a short form of Virginia's pseudonym
    sweep = true            # replace exact occurrences (same case, capitals, capitalized) of a
                            #   replaced original that no finding covered, so no original survives
    redacted = "[REDACTED]" # the text of the "redact" strategy
    tag = "[{ENTITY}]"      # the text of the "tag" strategy: {ENTITY} upper-cased entity, {entity} as is
    fallback = "tag"        # strategy of an entity this table does not know

    [replace.first_name]    # likewise middle_name, last_name, nick_name, name
    strategy = "pseudonym"  # pseudonym: real names drawn by frequency from the 6,000 commonest first
                            #   names (sex kept where the name tells it) and 30,000 commonest surnames;
                            # sprees: made-up names spliced from real ones, in no list
    temper = 0.5            # draw weight = frequency ** temper (1 = by raw frequency; lower values
                            #   spread the draws, so two people of one letter rarely share a pseudonym)

    [replace.full_name]     # likewise identification_block, mailing_label, address_block, location
    strategy = "parts"      # each constituent by its own strategy; "tag" etc. suppress the whole

    [replace.title]
    strategy = "keep"

    [replace.date]
    strategy = "keep_month_year"   # "Wednesday, February 2, 1994" → "February, 1994"; 05/26/86 → 05/86
                                   # keep_year: → "1994"; shift: every date of one subject (doc.subject,
                                   # else doc.id) moves by one keyed number of days, format kept
    shift_days = 365        # shift: offset drawn in [-shift_days, +shift_days], never 0
    day_first = false       # read 03/04/05 as day/month/year
    century_pivot = 30      # two-digit years below it are 20xx, others 19xx (keep_year writes 4 digits)
    no_year = "tag"         # keep_year on a date with no year ("March 1st")

    [replace.age]
    strategy = "cap"        # ages above max_age become "90 or older" in the original's style; others kept
    max_age = 89

    [replace.phone]         # likewise fax, mrn, reference_number, account, health_plan, license,
    strategy = "shape"      #   vehicle, device, credit_card, iban: digits → keyed digits, letters →
    keep_prefix = true      #   keyed letters of the same case (a phone's letters are labels: kept),
                            #   punctuation kept; a label prefix ("CH#", "MRN:", "Acct no.") kept;
                            #   never equal to the original; a card number never passes Luhn

    [replace.ssn]
    strategy = "ssn"        # shape kept, area number 9xx (never issued as an SSN)

    [replace.email]
    strategy = "pseudonym"  # keyed local part of the same shape, domain under .example

    [replace.url]
    strategy = "pseudonym"  # scheme, www, port and path layout kept, host under .example

    [replace.ip_address]
    strategy = "documentation"  # 192.0.2.x / 198.51.100.x / 203.0.113.x, 2001:db8::

    [replace.street]
    strategy = "pseudonym"  # name words → listed surnames (streets are mostly named after people),
                            #   house numbers keyed, suffixes and unit designators kept

    [replace.city]          # likewise place
    strategy = "pseudonym"  # a real city of the same (or replaced) state; "state": the state's name

    [replace.state]
    strategy = "keep"       # HIPAA Safe Harbor keeps states; "pseudonym" draws another (style kept)

    [replace.country]
    strategy = "keep"

    [replace.zip]
    strategy = "zip3"       # first three digits, "000" where that area holds min_population or fewer
    min_population = 20000  #   (three-digit ZIP populations shipped with the word lists)
    pad = true              # 02151 → 02100: zeros to the width written (Figure 108); false → 021

    [replace.hospital]
    strategy = "pseudonym"  # a real hospital's name (CMS list); a short name ("Brigham's") a surname

    [replace.organization]
    strategy = "pseudonym"  # keeps a kind word ("Marina Corp" → "Garlaw Corp", "X Nursing Home"),
                            #   a proper name without one becomes a surname ("Bayada" → "Quaid") ...
    fallback = "blank"      #   ... and suppresses the rest (Figure 108 drops the gymnastics team)

Every entity also takes the suppression strategies "keep", "blank", "redact" and "tag".
"""
from __future__ import annotations

from typing import Any

SUPPRESS = ("keep", "blank", "redact", "tag")

GLOBAL: dict[str, Any] = {
    "names": "",
    "nicknames": False,
    "nickname_of": {},
    "sweep": True,
    "redacted": "[REDACTED]",
    "tag": "[{ENTITY}]",
    "fallback": "tag",
}

NAME_ENTITIES = ("first_name", "middle_name", "last_name", "nick_name", "name", "full_name")
NUMBER_ENTITIES = ("phone", "fax", "mrn", "reference_number", "account", "health_plan", "license",
                   "vehicle", "device", "credit_card", "iban")
COMPOSITE_ENTITIES = ("identification_block", "mailing_label", "address_block", "location")

_NAME = {"strategy": "pseudonym", "temper": 0.5}
_NUMBER = {"strategy": "shape", "keep_prefix": True}

#: per entity: its default options; the first key is always "strategy"
ENTITY: dict[str, dict[str, Any]] = {
    **{e: dict(_NAME) for e in NAME_ENTITIES},
    "full_name": {"strategy": "parts"},
    "title": {"strategy": "keep"},
    "date": {"strategy": "keep_month_year", "shift_days": 365, "day_first": False,
             "century_pivot": 30, "no_year": "tag"},
    "age": {"strategy": "cap", "max_age": 89},
    **{e: dict(_NUMBER) for e in NUMBER_ENTITIES},
    "ssn": {"strategy": "ssn"},
    "email": {"strategy": "pseudonym"},
    "url": {"strategy": "pseudonym"},
    "ip_address": {"strategy": "documentation"},
    "street": {"strategy": "pseudonym"},
    "city": {"strategy": "pseudonym"},
    "place": {"strategy": "pseudonym"},
    "state": {"strategy": "keep"},
    "country": {"strategy": "keep"},
    "zip": {"strategy": "zip3", "min_population": 20000, "pad": True},
    "hospital": {"strategy": "pseudonym"},
    "organization": {"strategy": "pseudonym", "fallback": "blank"},
    **{e: {"strategy": "parts"} for e in COMPOSITE_ENTITIES},
}

#: the strategies each entity accepts besides SUPPRESS
STRATEGIES: dict[str, tuple[str, ...]] = {
    **{e: ("pseudonym", "sprees") for e in NAME_ENTITIES},
    "full_name": ("parts",),
    "title": (),
    "date": ("keep_month_year", "keep_year", "shift"),
    "age": ("cap",),
    **{e: ("shape",) for e in NUMBER_ENTITIES},
    "ssn": ("ssn", "shape"),
    "email": ("pseudonym",),
    "url": ("pseudonym",),
    "ip_address": ("documentation",),
    "street": ("pseudonym", "sprees"),
    "city": ("pseudonym", "sprees", "state"),
    "place": ("pseudonym", "sprees", "state"),
    "state": ("pseudonym",),
    "country": (),
    "zip": ("zip3", "shape"),
    "hospital": ("pseudonym", "sprees"),
    "organization": ("pseudonym", "sprees"),
    **{e: ("parts",) for e in COMPOSITE_ENTITIES},
}

#: names of the lexicon's weighted lists this package draws from
LISTS = {
    "female": "first_names_female",
    "male": "first_names_male",
    "first": "first_names",
    "surname": "surnames",
    "hospital": "hospitals",
    "city": "places",
    "street": "streets",
}
