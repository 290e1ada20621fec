"""The location detector (scrub.locations.v1): streets, PO boxes, units, cities, states, ZIPs,
countries, places (nursing homes, counties), whole address blocks (level 3) and "City, ST" (level 5).

Pattern-like forms are templates in templates/locations.toml; the list-driven forms are a few
compiled regex passes whose hits are judged against the lexicon (USPS suffixes, places, states,
countries), with the likelihoods of that file's [rules] table.
"""
from __future__ import annotations

import re
from itertools import chain
from bisect import bisect_right
from functools import cached_property, lru_cache
from pathlib import Path

import ahocorasick
import regex

from scrub.detector import Detector
from scrub.lexicon import Lexicon, read_tsv
from scrub.templates import MONTHS, WEEKDAYS, WING_AFTER, TemplateMatcher, load_rules
from scrub.truecase import ADDRESS_PARTS, STATE_WORDS
from scrub.types import Candidate, Document

#: two-letter USPS codes that are also words or degrees: they need a ZIP or a listed city before
AMBIGUOUS_STATES = frozenset({"IN", "OR", "ME", "OK", "PA", "MD", "DE", "HI", "MS", "AS", "GU"})

_W = r"[A-Z][\w'’-]*\.?"
#: abbreviations inside a street's name that end with a dot ("Mt. Vernon St", "So. Main St")
_NAME_ABBR = frozenset({"Mt", "Ft", "St", "Pt", "So", "No", "Ste", "Dr", "Rev", "Gen", "Pres"})  # a capitalized word, maybe abbreviated ("St.", "Mt.")
#: state codes that are also clinicians' degrees ("R. Sandoval, MD", "J. Warren, PA"): without a
#: ZIP or a street they are a state only where the town before them cannot be a person's name
DEGREE_STATES = frozenset({"MD", "PA"})
#: lower-case words that make the capitalized words after them a place ("from Erie, PA")
_PLACE_CUES = frozenset({"in", "from", "to", "at", "near", "of", "outside", "around", "via", "and"})
#: a street named without its house number after "on", "off", "at", "near" ("her apartment on
#: Blue Hill Ave", "lives off Main Street"): one to three Capitalized words (no capitals-only
#: jargon such as "PT", no dot inside) and a thoroughfare suffix. The cue's literal head keeps the
#: `re` scan cheap; the first word is checked in code (_NOT_A_NAME).
_BARE_SUFFIXES = ("Street", "St", "Avenue", "Ave", "Road", "Rd", "Boulevard", "Blvd", "Drive", "Lane", "Ln",
                  "Terrace", "Ter", "Parkway", "Pkwy", "Highway", "Hwy", "Turnpike", "Tpke", "Circle", "Cir",
                  "Court", "Ct", "Place", "Pl", "Way")
#: read back from a suffix found by the automaton: the cue and the name words right before it
_BARE_BEFORE = re.compile(
    r"(?<![\w'’-])(?:on|off|near|at|On|Off|Near|At)[ \t]+(?P<w>[A-Z][a-z'’-]+(?:[ \t]+[A-Z][a-z'’-]+){0,2})[ \t]+$")
#: the same in lower case or capitals ("from cvs on main st.", "LIVES ON ELM ST."): only the
#: suffixes that are no everyday word ("way", "court", "place", "drive" are), one or two name
#: words, and the street must end its phrase (punctuation, the line's end or a place word after)
_LC_SUFFIXES = ("street", "st", "avenue", "ave", "road", "rd", "boulevard", "blvd", "lane", "ln",
                "parkway", "pkwy", "terrace")
_LC_TAILS = (" ", ".", ",", ";", ":", ")", "\n", "\t")
_LC_TAIL = re.compile(r" ([a-zA-Z]{2,9})\.?$")
_BARE_BEFORE_LC = re.compile(
    r"(?<![\w'’-])(?:on|off|near|ON|OFF|NEAR|On|Off|Near)[ \t]+(?P<w>[a-z][a-z'’-]+(?:[ \t]+[a-z][a-z'’-]+)?"
    r"|[A-Z][A-Z'’-]+(?:[ \t]+[A-Z][A-Z'’-]+)?)[ \t]+$")
_LC_STREET_END = re.compile(
    r"\.?(?:[ \t]*(?:[.,;:)\n]|$)|[ \t]+(?:in|near|and|by|at|to|with|for|where|apt|unit|IN|NEAR|AND|BY|AT|TO|WITH|FOR|APT|UNIT|\#)(?![\w]))")
#: a street without its number inside an address list, a listed town after it ("(Rite Aid,
#: Mass Ave, Lexington"): the name follows a comma, a parenthesis or the line's start
_BARE_LISTED = re.compile(r"(?:^|[,(;][ \t]*)(?P<w>[A-Z][a-z'’-]+(?:[ \t]+[A-Z][a-z'’-]+){0,2})[ \t]+$", re.M)
#: the kinds of street that come first, as a street's name writes them (the pass's gate)
_PREFIX_KINDS = ("Avenue ", "AVENUE ", "Road ", "ROAD ", "Calle ", "CALLE ", "Camino ", "CAMINO ", "Avenida ",
                 "AVENIDA ", "Paseo ", "PASEO ", "Callej", "CALLEJ", "Carretera ", "CARRETERA ")
#: see LocationDetector._prefix_streets
_PREFIX_STREET = re.compile(
    r"(?<![\w.,/-])\d{1,6}[ \t]+(?:(?:[NSEW]|(?i:north|south|east|west))\.?[ \t]+)?(?:"
    r"(?P<kind>(?i:avenue|road))[ \t]+\d{1,4}(?:[ \t]?1/2)?[A-Za-z]?(?![\w/-])"
    r"|(?P<kind2>(?i:calle|camino|avenida|paseo|callejon|callejón|carretera))[ \t]+"
    r"(?:(?i:de|del|de[ \t]+la|de[ \t]+los|de[ \t]+las|la|las|los|el)[ \t]+)?[A-Z][\w'’-]+)")
#: a numbered road ("on Route 9 in Natick", "MVC ON RTE 128", "off I-95", "along Hwy 1"): the
#: automaton finds the road word; a place cue before it or a listed town after it is needed
_ROAD_WORDS = ("Route", "ROUTE", "route", "Rte", "RTE", "rte", "Hwy", "HWY", "hwy", "Highway", "HIGHWAY",
               "highway", "Interstate", "INTERSTATE", "interstate", "I-", "i-",
               # a county's road ("County Rd 612"; "Rd" only after "County" or "State") and Texas's
               # farm-to-market roads ("on FM 1516", four digits)
               "Rd", "RD", "Road", "ROAD", "rd", "road", "FM")
_ROAD = re.compile(r"(?:[A-Za-z]+\.?[ \t]*#?|[Ii]-)[ \t]*(?P<n>\d{1,4}[A-Za-z]?)(?![\w-]|\.\d)")
_ROAD_CUE = re.compile(
    r"(?<![\w'’-])(?:on|off|onto|near|along|via|at|from|to|take|took|taking|exit|down|up|of|crossing|"
    r"ON|OFF|ONTO|NEAR|ALONG|VIA|AT|FROM|TO|EXIT|OF|On|Off|Near|Along|Via|From|Took|Exit)"
    r"(?:[ \t]+(?:State|STATE|state|US|U\.S\.|the|THE))?[ \t]+$")
#: the kind of a numbered road right before its word ("State Route 614", "COUNTY RD"), a cue of its own
_ROAD_KIND = re.compile(r"(?<![\w'’-])(?:State|STATE|County|COUNTY|US|U\.S\.|county)[ \t]+$")
#: where on a road a scene is, right after it ("Route 9W at the bridge", "Hwy 50 NB", "I-95 mile marker 12")
_ROAD_AFTER = re.compile(r"[ \t]+(?:at[ \t]+the|near[ \t]+the|by[ \t]+the|mile[ \t]+marker|mm[ \t]*\d|exit[ \t]+\d"
                         r"|(?:north|south|east|west)bound|[NSEW]B\b)", re.IGNORECASE)
_ROAD_TOWN = re.compile(r"(?:[ \t]*,[ \t]*|[ \t]+(?:in|IN|near|NEAR)[ \t]+)(?P<t>[A-Za-z][\w'’-]*(?:[ \t]+[A-Za-z][\w'’-]*){0,2})")
#: a house number and one or two Capitalized words with no suffix, a listed town after a comma
#: ("1450 Broadway, Saugus")
_NO_SUFFIX_END = re.compile(r"[ \t]*,[ \t]*")
#: a town in lower case or capitals after a verb of living ("lives w/ son in framingham",
#: "PT LIVES IN WORCESTER", "moved to florida last yr"): the verb opens the phrase, "in", "to" or
#: "near" at most 32 characters later (within its sentence) introduces the town
_LIVE_WORDS = ("live", "lives", "living", "lived", "reside", "resides", "residing", "moved", "relocated")
_LIVE_IN = re.compile(
    r"(?:^|[ \t])(?:in|to|near|IN|TO|NEAR)[ \t]+(?P<w>[a-zA-Z][a-zA-Z'’-]*(?:[ \t]+[a-zA-Z][a-zA-Z'’-]*){0,2})")
#: words after a number that begin no street's name: a time or a count, then a preposition
#: ("@ 1500 per Dr Bell", "0800 by Dr Ames", "2 to Dr Ray")
_NUMBER_THEN_WORDS = frozenset({"per", "by", "to", "at", "via", "with", "w/", "from", "for", "and", "or",
                                "then", "until", "till", "on", "in", "of", "x", "after", "before", "when",
                                # a time, then what was done ("0300 PAGED DR MORROW", "1430 called Dr Lee")
                                "paged", "called", "notified", "informed", "updated", "texted", "seen", "spoke"})
#: a word in small letters (and maybe a second) after "in", "from", "near" (see _lower_towns)
_PREP_LOWER = re.compile(r"[ \t]+([a-z][a-z'’-]{2,})(?:[ \t]+([a-z][a-z'’-]{2,}))?(?![\w'’-])")


def _prep_lower_hits(text: str) -> list:
    """The matches of _PREP_LOWER right after "in", "from" or "near" (found with str.find: a
    pattern tried at every character costs several times more)."""
    hits = []
    for prep in ("in", "from", "near"):
        k = len(prep)
        pos = text.find(prep + " ")
        while pos >= 0:
            if pos == 0 or not (text[pos - 1].isalnum() or text[pos - 1] in "_'’-"):
                m = _PREP_LOWER.match(text, pos + k)
                if m is not None:
                    hits.append(m)
            pos = text.find(prep + " ", pos + k)
    hits.sort(key=lambda m: m.start())
    return hits
#: a town after a place of care's or a firm's kind word and a comma (see _firm_towns)
_FIRM_TOWN = regex.compile(
    r",(?<=(?i:(?<![\w-])(?:drugs?|pharmacy|imaging|regional|hospital|dialysis|institute|clinic|center|centre"
    r"|ctr|rehab|medical|healthcare|health|care|associates|group|services|partners|labs?|diagnostics"
    r"|radiology|general|memorial|hospice|apothecary|supply)|\#[ \t]?\d{1,6}),)[ \t]+"
    r"(?P<t>(?-i:[A-Z][a-z]+(?:[ \t][A-Z][a-z]+)?|[A-Z]{3,}(?:[ \t][A-Z]{3,})?))"
    r"(?=[ \t]*(?:[.,;:)\n]|$)|[ \t]+(?i:unit|campus|office|location|site|branch)\b)", regex.MULTILINE)
#: lower-case words that name no street before a suffix ("on call rd", "on the road")
_LC_NOT_A_NAME = frozenset({"call", "side", "high", "low", "long", "short", "other", "same", "my", "bed",
                            "floor", "unit", "room", "hall", "way", "foot", "feet", "left", "right",
                            "rt", "lt", "dirt", "wet"})
#: a state code and a ZIP after a blank, in lower case or capitals ("barnstable ma 02630")
_LC_ST_ZIP_AT = re.compile(r"(?<=[ \t])(?P<st>[a-z]{2}|[A-Z]{2})[ \t]{1,2}(?P<zip>\d{5}(?:-\d{4})?)(?![\w-])")
#: a house number, name words and (checked in code) a suffix, then the comma before a town
_LC_STREET_BEFORE = re.compile(
    r"(?<![\w.,/-])(?P<num>\d{1,6}[a-zA-Z]?)[ \t]+(?P<w>[a-zA-Z][a-zA-Z'’-]*(?:[ \t]+[a-zA-Z][a-zA-Z'’-]*){1,4})"
    r"\.?(?P<u>[ \t]*,?[ \t]*(?:apt|unit|ste|suite|APT|UNIT|STE|SUITE|\#)\.?[ \t]*\#?[\w-]{1,6})?[ \t]*,[ \t]*$")
#: a town right after a lower-case or capitals street ("on main st hyannis.")
_LC_TOWN_AFTER = re.compile(r"\.?[ \t]+(?P<t>[a-zA-Z][a-zA-Z'’-]*(?:[ \t]+[a-zA-Z][a-zA-Z'’-]*){0,2})")
#: "at Hope Lodge" right before "on <street>": Capitalized words, capitals or lower case (a
#: note in capitals reaches the detectors lower-cased: scrub.truecase)
_FACILITY_BEFORE = re.compile(
    r"(?<![\w'’-])(?:at|At|AT)[ \t]+(?P<f>[A-Z][a-z'’&-]+(?:[ \t]+[A-Z][a-z'’&-]+){0,2}"
    r"|[A-Z][A-Z'’&-]+(?:[ \t]+[A-Z][A-Z'’&-]+){0,2}|[a-z][a-z'’&-]+(?:[ \t]+[a-z][a-z'’&-]+){0,2})[ \t]+$")
_LIVE_STOP = re.compile(r"[.;:!?\n]")
#: words that open a capitalized phrase but name no street ("On His Way", "at The Court")
_NOT_A_NAME = frozenset({"His", "Her", "Their", "My", "Your", "Our", "The", "This", "That", "Its", "A",
                         "An", "One", "Each", "Every", "No", "Any", "Some", "Same"})
#: a town's public service after its name ("brought in by Boston EMS", "Quincy Fire", "Salem PD")
_SERVICES = ("EMS", "Fire", "Police", "PD", "FD", "Ambulance", "police")
#: a town's own public services: a first name before them is the town ("Lynn Police",
#: "Everett Fire"); a private ambulance firm may be named for anyone ("Mercy Ambulance")
_PUBLIC_SERVICES = frozenset({"EMS", "Fire", "Police", "PD", "FD", "police"})
#: a capitalized word inside a town's name: a dot only after the usual abbreviations, so that a
#: name never runs over a sentence's end ("moved to St. Louis. Lives in ...")
_TW = r"(?:(?:St|Ste|Ft|Mt|Pt)\.|[A-Z][\w'’-]*)"
_ORD = r"\d{1,3}(?:st|nd|rd|th)"
#: a house number and up to six capitalized words: the suffix among them is found in code
_STREET = regex.compile(
    r"(?<![\w.,/-])(?P<num>\d{1,6}[A-Za-z]?(?:-\d{1,4})?(?:[ \t]+1/2)?)[ \t]+"
    r"(?P<words>(?:" + _W + "|" + _ORD + r")(?:[ \t]+(?:" + _W + "|" + _ORD + r")){0,5})")
_UNIT_AFTER = regex.compile(
    r"\.?[ \t]*,?[ \t]*(?P<u>(?:(?-i:Apt|APT|Apartment|Suite|SUITE|Ste|STE|Unit|UNIT|Bldg|Building|Fl|Floor)"
    r"\.?[ \t]*#?|#)[ \t]*[\w-]{1,6})(?![\w])")
#: "City, ST 02151", "City, State", "CITY, ST"
_CSZ = regex.compile(
    r"(?<![\w'’-])(?P<city>" + _TW + r"(?:[ \t]+" + _TW + r"){0,3}),[ \t]*"
    r"(?P<st>[A-Z]{2}(?![\w'’-])|[A-Z][a-z]+\.?(?:[ \t]+[A-Z][a-z]+)?)"
    r"(?:[ \t]*,?[ \t]+(?P<zip>\d{5}(?:-\d{4})?)(?![\w-]))?")
#: "MA 02151" without a city before it
_ST_ZIP = regex.compile(r"(?P<st>[A-Z]{2})[ \t]+(?P<zip>\d{5}(?:-\d{4})?)(?![\w-])")
#: a Boston-style line "Huntington 18" (name then number) right above a City, ST line
_NAME_NUMBER_LINE = regex.compile(r"^[ \t]*(?P<s>" + _W + r"(?:[ \t]+" + _W + r"){0,3}[ \t]+\d{1,5}[A-Za-z]?)[ \t,]*$")
#: towns after a cue ("lives in Peabody", "from Fresno", "moved to Ohio")
_CUE = regex.compile(
    r"(?P<cue>\b(?:(?:lives?|living|lived|resides?|residing|resident|moved|moving|relocated|born|raised|"
    r"grew[ \t]+up|visiting|returned|transferred|transfer|drove|flew|travel(?:l?ed|l?ing)?|based|located|home)"
    r"[ \t]+(?:here[ \t]+)?(?:in|from|to|near|at|of)|from|near|outside(?:[ \t]+of)?|suburbs?[ \t]+of|area[ \t]+of|"
    r"(?:town|city|village)[ \t]+of|in|to|at)[ \t]+(?:the[ \t]+)?)"
    r"(?-i:(?P<w>" + _TW + r"(?:[ \t]+" + _TW + r"){0,2}))", regex.IGNORECASE)
#: cheap anchors (stdlib `re` with a literal head runs at memchr speed; `regex` scans of the
#: full patterns cost 50-250 ms per MB): the full patterns are then tried only there
#: the last digit (or letter) of a house number before the name: no lookbehind, so `re` tries it
#: with its first-character class only; the number's start is then found by walking back
#: after ", ID": the identifier it labels ("ID XQM 80417723", "ID# 4471", "ID on card")
#: before "ID" and five digits: what makes it an identifier's label, not Idaho and a ZIP
_ID_LABEL_BEFORE = re.compile(r"(?:\(|#|(?i:interpreter|employee|member|patient|pt|staff|badge|student|"
                              r"provider|subscriber|user|login|photo|state|picture|card)[ \t]*:?)[ \t]*$")
_ID_VALUE_AFTER = re.compile(r"[ \t]*(?:[:#][ \t]*)?(?:[A-Z]{1,4}[ \t-]?)?\d|[ \t]+(?:on|number|no\b|card|is)",
                             re.IGNORECASE)
#: month and weekday names: after a town they start a date, not a longer proper noun
_DATE_WORDS = frozenset(w.lower() for w in (*MONTHS, *WEEKDAYS))
#: a dose's unit after the number: "100 MCG SQ" is a dose given subcutaneously, no square
_DOSE_UNIT = re.compile(r"(?i)(?:mg|mcg|gm?|ml|cc|units?|u|meq|mmol|iu|kg|mm|cm|tabs?|caps?|puffs?|drops?)")
#: a time unit after a number, in capitals or small letters: an age or a duration ("5 YEAR WELL
#: CHILD"), no street; Capitalized it may name one ("5 Day Ave")
_TIME_UNIT = re.compile(r"(?i:years?|yrs?|months?|mos?|weeks?|wks?|days?|hours?|hrs?)")
_STREET_AT = re.compile(r"\d[A-Za-z]?[ \t]+(?=[A-Z]|\d{1,3}(?:st|nd|rd|th)\b)")
#: characters a house number's token may be made of (its start follows none of them)
_TOKEN_CHARS = frozenset("0123456789-.,/_" + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
#: a comma and the state after it, in one `re` pass with a literal head ("…, MA 02151")
_COMMA_AT = re.compile(
    r",[ \t]*(?P<st>[A-Z]{2}(?![\w'’-])|[A-Z][a-z]+\.?(?:[ \t]+[A-Z][a-z]+)?)"
    r"(?:[ \t]*,?[ \t]+(?P<zip>\d{5}(?:-\d{4})?)(?![\w-]))?")
_CITY_BEFORE = regex.compile(r"(?<![\w'’.-])(?P<city>" + _TW + r"(?:[ \t]+" + _TW + r"){0,3})$")
_STATE_AFTER = regex.compile(
    r"(?P<st>[A-Z]{2}(?![\w'’-])|[A-Z][a-z]+\.?(?:[ \t]+[A-Z][a-z]+)?)"
    r"(?:[ \t]*,?[ \t]+(?P<zip>\d{5}(?:-\d{4})?)(?![\w-]))?")
_ST_ZIP_AT = re.compile(r"(?<![\w,])[A-Z]{2}[ \t]+\d{5}")
#: the ZIP after a space (a literal head: memchr speed); "MA\t02151" falls back to _ST_ZIP_AT
_SP_ZIP_AT = re.compile(r" \d{5}")
#: a state's code or AP abbreviation after a comma, ending its clause ("…, ma - asked", "…, NJ.",
#: "…, fla, will call", "…, MI (~4 hr)"); the town and its cue before it are read in code
_COMMA_STATE_END = re.compile(
    r",[ \t]*(?P<st>[A-Za-z]{2}|[A-Za-z][a-z]{2,4}\.?)"
    r"(?=[ \t]*(?:$|[.,;:)(!?]|-)|[ \t]+(?:and|w/|with|for|since|where|until|area)(?![\w/]))", re.M)
#: the words that make the one to three words after them a town before its state ("lives in
#: bossier ridge, la", "called from kilbride, ma", "home is Dearfield, MI")
_STATE_TOWN_CUES = frozenset({"in", "from", "near", "is", "to"})
#: codes in small letters that are everyday words (the cased view's) or clinical abbreviations
#: ("…, in 2 days", "…, md aware", "…, dc home"): never a state after a comma
_LOWER_CODE_WORDS = STATE_WORDS | frozenset({"id", "as", "co", "mo", "ms", "md", "ne", "al", "gu", "mp", "vi",
                                             "pr", "dc"})
#: AP abbreviations that are words in small letters ("…, ill.", "…, mass")
_LOWER_AP_WORDS = frozenset("ill ind mass miss wash ore del ala kan neb mont colo ark".split())
#: words that never start or make up a town before a state's comma
_NOT_STATE_TOWN = frozenset("""the a an his her their my our your this that home house work rehab hospital
church bed room floor unit icu ed er or snf nh daughter son wife husband mother father""".split())
_CUE_AT = re.compile(r"[ (](?:in|from|to|at|near|of|outside)(?: the)? (?P<w>" + _TW + r"(?:[ \t]+" + _TW + r"){0,2})")
_CUE_CAP_AT = re.compile(r"(?:In|From|Near) (?P<w>" + _TW + r"(?:[ \t]+" + _TW + r"){0,2})")
#: a verb or noun before "in"/"to"/"at" that makes it a strong cue ("lives in", "moved to")
_STRONG_VERB = tuple(
    w + " " for w in ("live", "lives", "living", "lived", "reside", "resides", "residing", "resident",
                      "moved", "moving", "relocated", "born", "raised", "grew up", "visiting", "returned",
                      "transferred", "transfer", "drove", "flew", "traveled", "travelled", "traveling",
                      "travelling", "based", "located", "home", "town", "city", "village", "suburb",
                      "suburbs", "area", "outside", "here", "staying", "stays", "house", "trailer", "apartment",
                      "farm",
                      # where a family member calls or drives from ("nephew called from Dearbrook")
                      "called", "calls", "calling", "phoned", "phoning", "driving in", "drove in",
                      "flying in", "flew in", "coming in", "driving up", "driving down", "coming up"))
_TOWN_WORDS = regex.compile(r"(?-i:(?P<w>" + _TW + r"(?:[ \t]+" + _TW + r"){0,2}))")
#: a PO box's or a rural route's box: a street for the town after its comma
_BOX_WHYS = frozenset({"template:loc-po-box", "template:loc-rural-route"})
#: the end of a line (or of the text) after blanks
_LINE_END = re.compile(r"[ \t]*(?:\n|$)")
#: where the town after a street's comma ends: the line's end, a stop or a semicolon before a
#: blank or the line's end, or a parenthesis ("RR 2 Box 88, Vermillion Bend", "14 Beet Dump Rd, Vestrum.")
_STREET_TOWN_END = re.compile(r"[ \t]*(?:\n|$|[.;]+(?:[ \t]|\n|$)|[.;]?[ \t]*\()|[ \t]{2,}|\t")  # (a field's gap)
#: words after a street's comma that open no town of their own ("14 Elm St, Apt 2", "Canal St,
#: Rear Unit"; a town may start on a compass word: "East Harwich Landing")
_NOT_STREET_TOWN_WORDS = ADDRESS_PARTS | {"building", "side", "top"}
#: a ZIP code right after the town of a street's address ("..., Harlow 04871")
_ZIP_AFTER_TOWN = re.compile(r",?[ \t]+(\d{5}(?:-\d{4})?)(?![\w-])")
#: words that open a template's window (their lower, Capitalized and UPPER forms)
#: ("unit 4526 box 0671" opens at "box": a window reaches 64 characters back)
_TRIGGERS = ("box", "postcode", "plz", "apt", "apartment", "suite", "ste", "zip", "zipcode", "postal", "county",
             "parish", "borough", "township", "twp", "nursing", "rest home", "assisted", "rehab", "rehabilitation", "senior",
             "retirement", "manor", "apo", "fpo", "dpo")
def _forms(*words: str) -> frozenset[str]:
    return frozenset(f for w in words for f in (w, w.capitalize(), w.upper()))


#: the trigger words each template's match holds, as written (its windows are opened by those
#: only): case-sensitive templates take only the forms they can match ("Nursing", not "nursing")
_TEMPLATE_TRIGGERS = {
    "loc-po-box": _forms("box"), "loc-military-box": _forms("box"), "loc-rural-route": _forms("box"),
    "loc-apo": frozenset({"APO", "FPO", "DPO"}),
    "loc-unit": frozenset({"Apt", "APT", "Apartment", "Suite", "SUITE", "Ste", "STE"}),
    "loc-zip-labelled": _forms("zip", "zipcode", "postal"), "loc-zip4-labelled": _forms("zip", "zipcode"),
    "loc-postcode-labelled": _forms("zip", "postcode", "postal", "plz"), "loc-zip-said": _forms("zip"),
    "loc-county": frozenset({"County", "Parish", "Borough", "Township", "Twp", "TWP"}),
    "loc-care-home": frozenset({"Nursing", "Rest Home", "Assisted", "Rehab", "Rehabilitation", "Senior",
                                "Retirement", "Manor"})}
#: a label line: "Wingertweg 126" (name then number), "Ependes", "KOKKOLA", "Switzerland 8200"
_LABEL_STREET = regex.compile(r"[ \t>?|*-]*(?P<s>\p{Lu}[\w'’.-]*(?:[ \t]+[\p{L}][\w'’.-]*){0,3}[ \t]+\d{1,5}[A-Za-z]?)[ \t,]*")
_LABEL_TOWN = regex.compile(
    r"[ \t>?|*-]*(?P<t>\p{Lu}[\w'’.-]*(?:[ \t]+(?:\p{Lu}[\w'’.-]*|de|del|la|le|am|an|sur|upon)){0,3})"
    r"(?:,?[ \t]+(?P<z>\d{4,5}(?:-\d{3,4})?))?[ \t,]*")
_WEAK_CUES = frozenset({"in", "to", "at"})
#: the kinds of places that end a town's name ("Dorrance Township", "Ashby Corners")
_WORD_BACK = re.compile(r"[A-Za-z][A-Za-z'.-]*")
_PLACE_SUFFIXES = frozenset("""Township Twp Corners Corner Narrows Falls Heights Springs Village Junction
Crossing Landing Mills Mill Ridge Hollow Gap Bluffs Bluff Harbor Harbour Beach Lakes Lake Hills Grove Valley
Station Center Centre Plains Flats Park Port Point Creek Forks Fork Run Gardens Acres City Cove Bay Haven Glen
Shores Woods Ferry Ford""".split())
#: words that begin towns' names ("Las Palmitas", "Port Ewen", "Fort Ann")
_PLACE_ARTICLES = frozenset("""Las Los La El San Santa Santo Port Fort Mount Mt Lake North South East
West New Old Upper Lower Saint St""".split())
#: capitalized words after "lives in" that name no town ("lives in Section 8 housing")
_NOT_TOWN_WORDS = frozenset("""section senior assisted group housing apartment apt home house shelter
motel hotel trailer the a an his her their our same subsidized public independent""".split())
#: a verb of living right before a cue ("lives in", "resides in", "living alone in")
_LIVING_HEAD = re.compile(r"(?i)\b(?:lives?|living|lived|resides?|residing)[ \t]+(?:\w+[ \t]+)?$")
#: a home's field and the town after it (see LocationDetector._home_fields): its label read back
#: from each colon, the town matched after it
_HOME_LABEL = re.compile(r"(?im)(?:^|(?<=[|;.])[ \t]*|(?<=\.[ \t]))[ \t>*-]*(?:home|hometown|home[ \t]+town|residence|town)[ \t]*\Z")
_HOME_TOWN = re.compile(r"[ \t]*(?P<t>[A-Z][\w'’-]+(?:[ \t][A-Z][\w'’-]+)?)(?=[ \t]*(?:[.,;(]|$)|[ \t]{2}|\t)", re.M)


def _home_field_matches(text: str):
    i = text.find(":")
    while i >= 0:
        if _HOME_LABEL.search(text, max(0, i - 16), i):
            m = _HOME_TOWN.match(text, i + 1)
            if m is not None:
                yield m
        i = text.find(":", i + 1)
#: the parts of a building a compass word leads ("East Wing", "North Tower", "West Campus")
_BUILDING_PARTS = frozenset("""wing tower unit pod building bldg hall campus entrance lobby side annex pavilion
clinic floor""".split())
#: what may follow a town's name: punctuation, a conjunction, a preposition, the line's end
_TOWN_END = re.compile(r"(?:[ \t]*(?:[,;:.)!?]|$|\n)|[ \t]+\((?=[a-z~\d])|[ \t]+[-–—][ \t]|[ \t]+(?:(?:and|with|where|for|since|but|who|to|in|near|area"
                       # a time after the place ("house fire in Millbrook Falls on the night of", "near
                       # Pike Hollow on 01/25", "in Cobbs Landing early sat am")
                       r"|on|early|late|last|yesterday|today|tonight|approx|around|about)\b|w/|&|~))",
                       re.IGNORECASE | re.MULTILINE)
_CAP = regex.compile(r"[A-Z][\w'’.-]*|" + _ORD)


@lru_cache(maxsize=2)
def _automaton(directory: str):
    """One case-sensitive Aho-Corasick automaton of template triggers, states and countries.

    Names are keyed as listed (Capitalized) and in capitals, so no lower-cased copy of the text is
    needed and the words' own case is already judged. Values: (kind, length).
    """
    auto = ahocorasick.Automaton()
    def add(key: str, kind: str) -> None:
        if key and key not in auto:
            auto.add_word(key, (kind, len(key)))
    for t in _TRIGGERS:
        for form in (t, t.capitalize(), t.title(), t.upper()):
            add(form, "trigger")  # "Rest Home" as well as "Rest home"
    for w in _BARE_SUFFIXES:
        add(w, "suffix")  # as written: a street's suffix is Capitalized
    for w in _SERVICES:
        add(w, "service")
    # with the blank before them and the character after: the bare words ("st", "rd") lie
    # inside a great many words, which the automaton would report one by one
    for w in _LC_SUFFIXES:
        for form in (w, w.upper()):
            for tail in _LC_TAILS:
                add(" " + form + tail, "suffix_lc")
    for w in _ROAD_WORDS:
        if w.endswith("-"):
            add(w, "road")
        else:
            add(w + " ", "road")
            add(w + ".", "road")
    for w in _LIVE_WORDS:
        for form in (w, w.capitalize(), w.upper()):
            add(form, "live")
    d = Path(directory)
    for r in read_tsv(d / "states.tsv.gz"):
        add(r["name"], "state")
        add(r["name"].upper(), "state")
    for r in read_tsv(d / "countries.tsv.gz"):
        add(r["name"], "country")
        add(r["name"].upper(), "country")
    auto.make_automaton()
    return auto


_NONSPACE = re.compile(r"\S+")
_WORD = regex.compile(r"\w+")  # as gate_windows reads a word
_TOWN_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’.-]*")
_COMMA_TOWN = re.compile(r"[ \t]*,[ \t]*(?P<t>[A-Z][a-z]+(?:[ \t][A-Z][a-z]+){0,2})")
_TW_RE = re.compile(_TW)


def _windows(text: str, spans: list[tuple[int, int]], before: int, after: int) -> list[tuple[int, int]]:
    """gate_windows(text, <no pattern>, before, after, extra=spans) without its pattern's scan:
    the padded spans merged, each end moved past the word it falls in (64 characters at most)."""
    n = len(text)
    pads = sorted((s - before if s > before else 0, e + after if e + after < n else n) for s, e in spans)
    out: list[tuple[int, int]] = []
    for lo, hi in pads:
        if hi < n and hi > lo and text[hi - 1].isalnum() and text[hi].isalnum():
            word = _WORD.match(text, hi)
            hi = word.end() if word and word.end() - hi <= 64 else hi
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(hi, out[-1][1]))
        else:
            out.append((lo, hi))
    return out


#: a town and a state's code without a comma, ending a line or a clause: "ELKINS WV"
#: (the space first and the letter before it checked behind it: a literal first is sought at
#: memchr speed, where a leading lookbehind was tried at every character)
_CODE_END = re.compile(r" (?<=[a-zA-Z] )([A-Z]{2})(?=[ \t]*(?:$|[,.;)]))", re.MULTILINE)
#: a code before a lower-case word ("Sister in Nashua NH will come"): a town only after a
#: preposition of place (see _town_codes)
_CODE_MID = re.compile(r" ([A-Z]{2})(?=[ \t]+[a-z])")  # (a letter before: checked in code)
_PLACE_PREP = re.compile(r"(?:^|[^\w'’.-])(?:in|from|to|near|outside|of|at)[ \t]+\Z", re.IGNORECASE)
#: an address after a strong cue, in any country's form: "lives at 86036 Rua do Arenque 1634",
#: "his address: 450 Præstevænget 15, København V", "mail it to 1987 74 Diakou Street";
#: the house number, then words up to the line's or clause's end (see _cued_addresses)
_ADDR_CUE = re.compile(
    r"(?:\baddress(?:[ \t]+is|[ \t]+of[ \t]+[^\n:]{1,40}?[ \t]+is)?[ \t]*:?|\b(?:lives|living|resides|residing"
    r"|located|office[ \t]+is|restaurant[ \t]+is)[ \t]+at|\bmeet[ \t]+(?:you|me|us)[ \t]+at|\bdrops?[ \t]+you"
    r"[ \t]+off[ \t]+at|\bmail(?:ing|ed)?[ \t]+(?:it[ \t]+)?to)[ \t]+"
    r"(?P<a>\d{1,6}[ \t]+(?:\d{1,5}[ \t]+)?[^\W\d_][^\n,?;]{1,60}?)"
    r"(?=[ \t]*(?:[,?;\n]|$|\.(?:[ \t]|$)|[ \t]+(?:for|in|after|and|with|since)\b))", re.IGNORECASE)
#: a town and a ZIP at a line's end, no state: "Greenfield  01301" (see _town_zips)
_TOWN_ZIP = re.compile(r"(?<![\w'’.-])(?P<t>[A-Z][a-z]+(?: [A-Z][a-z]+)?)(?:,[ \t]*|[ \t]{2,})(?P<z>\d{5}(?:-\d{4})?)[ \t]*$",
                       re.MULTILINE)
_AT_CUE_WORDS = frozenset("lives living resides residing located is you me us off".split())
_TO_CUE_WORDS = frozenset("mail mailing mailed it".split())


def _address_cue_sites(text: str) -> list[tuple[int, bool]]:
    """Where an address cue of _ADDR_CUE may be: each "address" and each " at " or " to " after
    one of the cue's last words ("lives at", "office is at", "mail it to"), by literal search."""
    sites: list[tuple[int, bool]] = []  # (where, after a cue's last word)
    for lit in ("ddress", "DDRESS"):
        i = text.find(lit)
        while i >= 0:
            sites.append((i, False))
            i = text.find(lit, i + 6)
    for lits, words in (((" at ", " AT ", " At "), _AT_CUE_WORDS), ((" to ", " TO "), _TO_CUE_WORDS)):
        for lit in lits:
            i = text.find(lit)
            while i >= 0:
                before = text[max(0, i - 12):i].rsplit(None, 1)
                if before and before[-1].lower() in words:
                    sites.append((i, True))
                i = text.find(lit, i + 3)
    return sorted(sites)


#: the one or two capitalized words right before such a code
_TOWN_BEFORE = re.compile(r"(?<![\w'’.-])((?:[A-Z][a-z]+|[A-Z]{3,})(?: (?:[A-Z][a-z]+|[A-Z]{3,}))?)\Z")
#: a town in parentheses after a capitalized word: "Medical Center (Conneaut)"
_PAREN_TOWN = re.compile(r"\((?P<t>[A-Z][a-z]+(?: [A-Z][a-z]+){0,2})\)")
#: the word before it: capitalized or a number ("Center (Conneaut)", "Plant 4 (Chatsworth)")
_CAP_WORD_BEFORE = re.compile(r"(?<![\w'’.-])[A-Z0-9][\w'’.&-]* \Z")


def _start(m) -> int:
    return m.start()


def _words(s: str, base: int) -> list[tuple[int, int, str]]:
    return [(base + m.start(), base + m.end(), m.group()) for m in _NONSPACE.finditer(s)]


class LocationDetector(Detector):
    """Addresses, towns, states, ZIPs, countries and places, from templates and the lexicon."""

    name = "scrub.locations.v1"
    entities = ("street", "city", "state", "zip", "country", "place", "address_block", "location")
    template_families = ("locations",)

    DEFAULT_RULES = {"street": 0.90, "street_unit": 0.95, "street_name_number": 0.85,
                     "city_state_zip": 0.97, "city_state_zip_unlisted": 0.85, "city_state": 0.90,
                     "town_in_context": 0.85, "town_weak": 0.72, "ambiguous_town_in_context": 0.75,
                     "state_name": 0.80, "country": 0.80, "zip_after_state": 0.92,
                     "label_street": 0.80, "label_town": 0.80, "street_city": 0.85,
                     "street_no_number": 0.85, "town_service": 0.85,
                     "street_cued": 0.80, "town_lower": 0.75}

    @cached_property
    def rules(self) -> dict:
        out = dict(self.DEFAULT_RULES)
        out.update({k: float(v) for k, v in load_rules(self.settings.templates_dir, "locations").items()})
        return out

    @cached_property
    def lex(self) -> Lexicon:
        return Lexicon.default()

    # ------------------------------------------------------------------ judgements

    def _suffix(self, w: str) -> bool:
        return self.lex.is_street_suffix(w.rstrip(".")) or self.lex.is_street_suffix(w)

    def _everyday(self, w: str) -> bool:
        """A town name that is also an everyday word ("Reading", "Liberty")."""
        share = self.lex.capitalized_share(w)
        return share is not None and share < 0.5

    def _ambiguous_word(self, w: str) -> bool:
        """A town name that is also an everyday word or a first name ("Reading", "Marion")."""
        return self._everyday(w) or self.lex.first_name_band(w) == 0

    def _city_prefix(self, words: list[tuple[int, int, str]]) -> int:
        """How many leading words form a listed place (longest first), 0 for none."""
        for k in range(len(words), 0, -1):
            phrase = " ".join(w for _, _, w in words[:k]).rstrip(".,")
            if self.lex.is_city(phrase):
                return k
        return 0

    def _city_suffix(self, words: list[tuple[int, int, str]]) -> int:
        """How many trailing words form a listed place (longest first), 0 for none."""
        for k in range(len(words), 0, -1):
            phrase = " ".join(w for _, _, w in words[-k:])
            if self.lex.is_city(phrase):
                return k
        return 0

    def _state(self, st: str) -> bool:
        st = st.strip()
        if len(st) == 2:
            return st.isupper() and self.lex.is_state(st)
        return self.lex.is_state(st)

    # ------------------------------------------------------------------ detect

    def detect(self, doc: Document) -> list[Candidate]:
        text = doc.text
        if not text:
            return []
        n = len(text)
        triggers, names, suffixes, services, lc_suffixes, roads = [], [], [], [], [], []
        lives = []
        for end, (kind, length) in _automaton(str(self.lex.directory)).iter(text):
            s = end - length + 1
            if kind == "suffix_lc":  # " st." : the blank, the suffix, the character after it
                lc_suffixes.append((s + 1, end))
                continue
            if kind == "road":  # "Route ", "I-": a number follows
                if not (s > 0 and text[s - 1].isalnum()):
                    roads.append(s)
                continue
            if (s > 0 and text[s - 1].isalnum()) or (end + 1 < n and text[end + 1].isalnum()):
                continue
            if kind == "live":
                lives.append(end + 1)
                continue
            if kind == "trigger":
                triggers.append((s, end + 1, text[s:end + 1]))
            elif kind == "suffix":
                suffixes.append((s, end + 1))

            elif kind == "suffix_lc":
                lc_suffixes.append((s, end + 1))
            elif kind == "road":
                roads.append(s)
            elif kind == "service":
                services.append(s)
            else:
                names.append((s, end + 1, kind))
        out: list[Candidate] = []
        if triggers:
            out.extend(self._templates_near(text, triggers))
        streets = self._streets(text, out)
        if any(k in text for k in _PREFIX_KINDS):
            self._prefix_streets(text, streets, out)
        self._cued_addresses(text, out)
        if suffixes:
            self._bare_streets(text, suffixes, streets, out)
        tail = _LC_TAIL.search(text, max(0, n - 12))
        if tail and tail.group(1).lower() in _LC_SUFFIXES:
            lc_suffixes.append(tail.span(1))  # "... on main st" at the text's end
        if lc_suffixes:
            self._lc_streets(text, lc_suffixes, streets, out)
        if roads:
            self._roads(text, roads, streets, out)
        if services:
            self._services(text, services, out)
        boxes = [c for c in out if c.why in _BOX_WHYS]
        self._blocks(text, streets + boxes if boxes else streets, out)
        self._towns(text, out)
        if ":" in text:
            self._home_fields(text, out)
        if "(" in text:
            self._paren_towns(text, out)
        if ", " in text:
            self._firm_towns(text, out)
        self._town_codes(text, out)
        if "," in text:
            self._cued_town_states(text, out)
        if "  " in text or ", 0" in text or ", 1" in text:
            self._town_zips(text, out)
        if lives:
            self._lived_towns(text, lives, out)
        self._lower_towns(text, out)
        self._names(text, names, out)
        self._label_lines(doc, out)
        return out

    @cached_property
    def _groups(self) -> tuple[list[TemplateMatcher], dict[str, tuple[int, ...]], tuple[int, ...]]:
        """The templates grouped by the trigger words their matches hold, each group scanning
        only the windows of its own triggers: (matchers, trigger form → groups, groups opened
        by every trigger (templates not in _TEMPLATE_TRIGGERS))."""
        by: dict[frozenset[str] | None, list] = {}
        for t in self.templates:
            by.setdefault(_TEMPLATE_TRIGGERS.get(t.id), []).append(t)
        validators = self.validators()
        matchers, forms, every = [], {}, []
        for k, (words, ts) in enumerate(by.items()):
            matchers.append(TemplateMatcher(ts, self.name, validators))
            if words is None:
                every.append(k)
            else:
                for w in words:
                    forms.setdefault(w, []).append(k)
        return matchers, {w: tuple(v) for w, v in forms.items()}, tuple(every)

    @cached_property
    def _order(self) -> dict[str, int]:
        return {f"template:{t.id}": i for i, t in enumerate(self.templates)}

    def _templates_near(self, text: str, triggers: list[tuple[int, int, str]]) -> list[Candidate]:
        """The templates' candidates in windows around their own trigger words, in file order."""
        matchers, forms, every = self._groups
        spans: dict[int, list[tuple[int, int]]] = {}
        for a, b, w in triggers:
            for k in forms.get(w, ()) + every:
                spans.setdefault(k, []).append((a, b))
        out: list[Candidate] = []
        for k in sorted(spans):
            out.extend(matchers[k].match(text, _windows(text, spans[k], 64, 80)))
        if len(spans) > 1 and len(out) > 1:
            order = self._order
            out.sort(key=lambda c: order.get(c.why, -1))  # stable: the order found within a template
        return out

    def _label_lines(self, doc: Document, out: list[Candidate]) -> None:
        """Lines of a mailing label around a street, unit or PO box line: "Wingertweg 126" above
        "Suite 408", then "Ependes" (a town alone on its line), then "Switzerland 8200"."""
        streets = [c for c in out if c.entity == "street"]
        if not streets:
            return
        text = doc.text
        lines = doc.lines
        starts = [a for a, _ in lines]
        r = self.rules
        seen: set[int] = set()
        for c in streets:
            i = bisect_right(starts, c.start) - 1
            # the line above: "Word(s) number" is a street written number-last
            if i - 1 >= 0 and i - 1 not in seen:
                a, b = lines[i - 1]
                m = _LABEL_STREET.fullmatch(text, a, b)
                if m and not self.lex.is_title(m.group("s").split()[0].rstrip(".")):
                    seen.add(i - 1)
                    out.append(self._cand(m.start("s"), m.end("s"), "street", r["label_street"], "context:label_street"))
            # the lines below: a town alone, then a country with its postal code
            for j in range(i + 1, min(len(lines), i + 4)):
                if j in seen:
                    continue
                a, b = lines[j]
                m = _LABEL_TOWN.fullmatch(text, a, b)
                if not m:
                    if text[a:b].strip(" \t>?|*-") == "" and j == i + 1:
                        continue
                    break
                seen.add(j)
                w = m.group("t")
                ent = "country" if self.lex.is_country(w) else "state" if self.lex.is_state(w) else "city"
                out.append(self._cand(m.start("t"), m.end("t"), ent, r["label_town"], "context:label_town"))
                if m.group("z"):
                    out.append(self._cand(m.start("z"), m.end("z"), "zip", r["label_town"], "context:label_town"))

    def _cand(self, s: int, e: int, entity: str, like: float, why: str, parts=()) -> Candidate:
        return Candidate(s, e, entity, like, self.name, why, tuple(parts))

    def _streets(self, text: str, out: list[Candidate]) -> list[Candidate]:
        r = self.rules
        found = []
        for a in _STREET_AT.finditer(text):
            # the token's start: a house number is at most 12 characters and follows no word
            # character, dot, comma, slash or hyphen (the lookbehind of _STREET)
            st = a.start()
            lo = max(0, st - 13)
            while st > lo and (text[st - 1].isalnum() or text[st - 1] in "_.,/-"):
                st -= 1
            if text.startswith("1/2", st):
                # "15 1/2 Union Ave": a half house number after the whole one
                k = st
                while k > lo and text[k - 1] in " \t":
                    k -= 1
                j = k
                while j > max(0, k - 6) and text[j - 1].isdigit():
                    j -= 1
                if j < k < st:
                    st = j
            m = _STREET.match(text, st)  # its lookbehind rejects a token longer than that
            if m is None or m.end("num") > a.end():
                continue
            num = m.group("num")
            if num[-1] in "dhwmxyX":
                continue  # "30d Holter", "5x Weekly": a duration or a count, no house number
            ws = _words(m.group("words"), m.start("words"))
            if ws and (_DOSE_UNIT.fullmatch(ws[0][2]) or _TIME_UNIT.fullmatch(ws[0][2])
                       and (ws[0][2].isupper() or ws[0][2].islower())):
                continue  # "100 mcg SQ q8h", "2 units SC": a dose and its route, no street
            if ws and ws[0][2].lower() in _NUMBER_THEN_WORDS:
                continue  # "D/C'D @ 1500 PER DR BELL": a time, then whose order
            end = None
            for i in range(1, len(ws)):
                last = ws[i - 1][2]
                if last[-1] == "." and len(last) > 2 and not self._suffix(last) and last[:-1] not in _NAME_ABBR:
                    break  # a sentence ends inside: "Holter. PT" is no street name
                if self._suffix(ws[i][2]) and not (ws[i][2] == "VIA" and i >= 2):
                    # ("INTERPRETER # 44102 USED FOR THIS MTG VIA VIDEO": in capitals "via" is the word)
                    end = ws[i][1]
                    # "Elm Park Rd": a second suffix right after the first belongs to the name
                    if i + 1 < len(ws) and self._suffix(ws[i + 1][2]):
                        end = ws[i + 1][1]
                    # a trailing directional ("Main St NW")
                    break
            if end is None:
                end = self._no_suffix_end(text, ws)
                if end is None:
                    continue
            if text[end - 1] == "." and end < len(text) and (end == len(text) or text[end:end + 1] in "\n "):
                pass  # the abbreviation's dot belongs to the street
            like, why = r["street"], "context:street"
            u = _UNIT_AFTER.match(text, end)
            if u:
                end = u.end("u")
                like, why = r["street_unit"], "context:street_unit"
            c = self._cand(m.start("num"), end, "street", like, why)
            out.append(c)
            found.append(c)
        return found

    def _no_suffix_end(self, text: str, ws: list[tuple[int, int, str]]) -> int | None:
        """"1450 Broadway, Saugus": one or two Capitalized words (no medical word, no unit) right
        after the house number, then a comma and a listed town: the street's end."""
        for k in (1, 2):
            if len(ws) < k:
                return None
            w = ws[k - 1][2]
            if not w.isalpha() or not w[0].isupper() or w.isupper() or self.lex.is_medical(w) \
                    or self.lex.is_unit_designator(w) or self.lex.is_title(w):
                return None
            e = ws[k - 1][1]
            if e < len(text) and text[e] == "," and self._town_after(text, e) is not None:
                return e
        return None

    def _lower_towns(self, text: str, out: list[Candidate]) -> None:
        """A town typed in small letters after "in", "from" or "near" in a note that has capitals
        elsewhere ("home in framingham pt indep", "family from worcester"): a listed town English
        mostly Capitalizes (share 0.8 or more; "reading", "bath", "home" are everyday words),
        no first name of the commonest band ("marion"), no medical word; or a listed town of two
        words one of which English mostly Capitalizes ("new bedford")."""
        lex = self.lex
        like = self.rules["town_lower"]
        memo = self._lower_town_memo
        for m in _prep_lower_hits(text):
            w1, w2 = m.group(1), m.group(2)
            if w2 is not None:
                pair = f"{w1} {w2}"
                got = memo.get(pair)
                if got is None:
                    got = memo[pair] = lex.is_city(pair.title()) and not lex.is_medical(pair) and any(
                        (lex.capitalized_share(w) or 1.0) >= 0.5 for w in (w1, w2))
                if got:
                    out.append(self._cand(m.start(1), m.end(2), "city", like, "context:town_lower"))
                    continue
            got = memo.get(w1) if len(w1) > 3 else False
            if got is None:
                cap = w1[:1].upper() + w1[1:]
                share = lex.capitalized_share(w1)
                got = memo[w1] = share is not None and share >= 0.8 and lex.is_city(cap) \
                    and lex.first_name_band(cap) != 0 and not lex.is_medical(w1) and not lex.is_state(cap)
            if got:
                out.append(self._cand(m.start(1), m.end(1), "city", like, "context:town_lower"))

    @cached_property
    def _lower_town_memo(self) -> dict[str, bool]:
        return {}

    def _lived_towns(self, text: str, lives: list[int], out: list[Candidate]) -> None:
        """A town in lower case or capitals after a verb of living: "lives w/ son in framingham",
        "PT LIVES IN WORCESTER" (the Capitalized ones are _towns' work)."""
        like = self.rules["town_in_context"]
        lex = self.lex
        for v_end in lives:
            stop = _LIVE_STOP.search(text, v_end, v_end + 40)
            hi = stop.start() if stop else min(len(text), v_end + 40)
            pos = v_end
            while True:
                m = _LIVE_IN.search(text, pos, hi + 30)
                if m is None or m.start() >= hi:
                    break
                pos = m.start("w")
                words = m.group("w").split()
                if words[0][0].isupper() and not words[0].isupper():
                    break  # Capitalized: judged by _towns
                found = False
                for k in range(min(3, len(words)), 0, -1):
                    phrase = " ".join(words[:k])
                    if any(w[0].isupper() != words[0][0].isupper() or (w.isupper() != words[0].isupper())
                           for w in words[:k]):
                        continue  # one case throughout
                    if not lex.is_city(phrase) or any(w.lower() in _NOT_TOWN_WORDS for w in words[:k]):
                        continue  # ("LIVES IN NEW HOME": a house, though New Home is a town)
                    if k == 1 and (self._ambiguous_word(phrase) or lex.is_medical(phrase)):
                        continue
                    ws = m.start("w")
                    ent = "state" if lex.is_state(phrase) else "country" if lex.is_country(phrase) else "city"
                    out.append(self._cand(ws, ws + len(phrase), ent, like, "context:town_lived"))
                    found = True
                    break
                if found:
                    break

    def _bare_streets(self, text: str, suffixes: list[tuple[int, int]], streets: list[Candidate],
                      out: list[Candidate]) -> None:
        """A street without its house number after "on", "off", "at", "near" ("on Elm St"): read
        back from each suffix the automaton found."""
        like = self.rules["street_no_number"]
        covered = [(c.start, c.end) for c in streets]
        for ss, se in suffixes:
            lo = max(0, ss - 64)
            m = _BARE_BEFORE.search(text, lo, ss)
            town = None
            if m is None:
                m = _BARE_LISTED.search(text, lo, ss)
                if m is None:
                    continue
                end = se + 1 if se < len(text) and text[se] == "." else se
                town = self._town_after(text, end)
                if town is None:
                    continue
            ws = m.start("w")
            if m.group("w").split()[0] in _NOT_A_NAME:
                continue
            if any(a <= ws < b for a, b in covered):
                continue
            c = self._cand(ws, se, "street", like, "context:street_no_number")
            out.append(c)
            streets.append(c)
            if town is None and text[m.start():m.start() + 2] in ("on", "On"):
                self._facility_before(text, m.start(), out)
            if town is not None:
                out.append(self._cand(town[0], town[1], "city", self.rules["street_city"], "context:street_city"))

    def _town_after(self, text: str, end: int, cut=_COMMA_TOWN) -> tuple[int, int] | None:
        """The listed town (no everyday word or first name) after a comma at `end`, if any."""
        m = cut.match(text, end)
        if m is None:
            return None
        words = m.group("t").split()
        for k in range(min(len(words), 3), 0, -1):
            town = " ".join(words[:k])
            if self.lex.is_city(town) and not self._ambiguous_word(town):
                ts = m.start("t")
                return ts, ts + len(town)
        return None

    def _lc_town_after(self, text: str, se: int, upper: bool) -> tuple[int, int] | None:
        """"on main st hyannis.", "ON ELM ST QUINCY,": a listed town written in the street's case
        right after it, ending the phrase (no everyday word, first name or medical word)."""
        m = _LC_TOWN_AFTER.match(text, se)
        if m is None:
            return None
        words = m.group("t").split()
        if any(w.isupper() != upper or (not upper and not (w.islower() or w.istitle())) for w in words):
            return None  # (a cased view may have Capitalized the town: "on main st Hyannis.")
        for k in range(len(words), 0, -1):
            town = " ".join(words[:k])
            ts = m.start("t")
            te = ts + len(town)
            if not _LC_STREET_END.match(text, te):
                continue
            if not self.lex.is_city(town) or self.lex.is_medical(town):
                continue
            if k == 1 and self._ambiguous_word(town.capitalize()):
                continue
            return ts, te
        return None

    def _lc_streets(self, text: str, suffixes: list[tuple[int, int]], streets: list[Candidate],
                    out: list[Candidate]) -> None:
        """A street in lower case or capitals after "on", "off", "near" ("from cvs on main st.",
        "LIVES ON ELM ST."): the name's words are no pronoun, article or medical word, and the
        street ends its phrase."""
        like = self.rules["street_no_number"]
        lex = self.lex
        for ss, se in suffixes:
            suf = text[ss:se]
            if not (suf.islower() or suf.isupper()):
                continue
            m = _BARE_BEFORE_LC.search(text, max(0, ss - 40), ss)
            if m is None:
                continue
            words = m.group("w").split()
            if (words[0] == words[0].lower()) != suf.islower():
                continue  # the name and its suffix written alike
            if any(w.capitalize() in _NOT_A_NAME or w.lower() in _LC_NOT_A_NAME or lex.is_medical(w)
                   for w in words):
                continue
            e = _LC_STREET_END.match(text, se)
            town = None
            if e is None:
                town = self._lc_town_after(text, se, suf.isupper())
                if town is None:
                    continue
            end = se + 1 if se < len(text) and text[se] == "." and suf.lower() in ("st", "ave", "rd", "blvd", "ln", "pkwy") else se
            c = self._cand(m.start("w"), end, "street", like, "context:street_no_number")
            out.append(c)
            streets.append(c)
            if town is not None:
                out.append(self._cand(town[0], town[1], "city", self.rules["street_city"], "context:street_city"))
            if text[m.start():m.start() + 2] in ("ON", "On", "on"):
                self._facility_before(text, m.start(), out)

    def _facility_before(self, text: str, cue: int, out: list[Candidate]) -> None:
        """The named place a street locates: "staying at Hope Lodge on Beacon St", "MET HIM AT
        HOPE LODGE ON BEACON ST", "at hope lodge on beacon st": one to three words written alike
        (Capitalized, capitals or lower case) after "at", right
        before "on <street>", none an article, a pronoun or a medical word, one at least written
        Capitalized as often as a name is, the first no everyday word ("Hope Lodge", "Ronald
        McDonald House"; not "AT WORK ON MAIN ST", "at Bus Stop")."""
        m = _FACILITY_BEFORE.search(text, max(0, cue - 48), cue)
        if m is None:
            return
        words = m.group("f").split()
        lex = self.lex
        best = 0.0
        for i, w in enumerate(words):
            bare = w.strip("'’&-")
            if not bare or bare.capitalize() in _NOT_A_NAME or lex.is_medical(bare) or lex.is_title(bare):
                return
            share = lex.capitalized_share(bare.capitalize())
            if i == 0 and share is not None and share < 0.1:
                return  # "Work", "Home", "Bus Stop": opened by an everyday word
            best = max(best, 1.0 if share is None else share)
        if best >= 0.3:
            out.append(self._cand(m.start("f"), m.end("f"), "place", self.rules["street_no_number"],
                                  "context:place_on_street"))

    def _prefix_streets(self, text: str, streets: list[Candidate], out: list[Candidate]) -> None:
        """A house number before a street whose kind comes first: a numbered avenue or road of the
        rural West ("21550 Avenue 48", "14200 Road 24") and the Spanish kinds ("4418 E Calle
        Mirasol", "210 Camino del Rey")."""
        like = self.rules["street"]
        for m in _PREFIX_STREET.finditer(text):
            if (m.group("kind") or m.group("kind2"))[:1].isupper():  # a street's kind Capitalized as its name's
                c = self._cand(m.start(), m.end(), "street", like, "context:prefix_street")
                out.append(c)
                streets.append(c)

    def _roads(self, text: str, roads: list[int], streets: list[Candidate], out: list[Candidate]) -> None:
        """A numbered road after a place cue or before a listed town: "on Route 9 in Natick",
        "MVC ON RTE 128", "off I-95, Braintree". Interstates have one or two digits, or three
        after a 2-9 ("I-495"): "I-131", "I-125" are isotopes."""
        like = self.rules["street_no_number"]
        for s in roads:
            m = _ROAD.match(text, s)
            if m is None or (m.end() - s) > 18:
                continue
            num = m.group("n")
            word = text[s:m.start("n")].strip(" \t#.")
            if word in ("I-", "i-") and not (len(num) <= 2 and num.isdigit()
                                             or len(num) == 3 and num.isdigit() and num[0] != "1"):
                continue
            if word.islower() and word not in ("route", "rte", "hwy", "highway", "interstate", "i-", "rd", "road"):
                continue
            if len(num.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")) > 3 and word != "FM":
                continue  # four digits: a farm-to-market road's only
            cue = _ROAD_CUE.search(text, max(0, s - 24), s)
            town = None
            kind = _ROAD_KIND.search(text, max(0, s - 8), s)
            if word.lower().rstrip(".") in ("rd", "road") and kind is None or word == "FM" and cue is None:
                continue  # ("Rd 5" alone, "FM 20" without a place's cue: no road for sure)
            if cue is None:
                town = self._town_after(text, m.end(), _ROAD_TOWN)
                if town is None and not (kind is not None and (word[:1].isupper() or word in ("rd", "road"))
                                         or _ROAD_AFTER.match(text, m.end())):
                    continue  # ("MVC rollover, State Route 614", "Route 9W at the bridge", "Hwy 50 NB")
            if kind is not None:
                s = kind.start()  # "State Route 614" whole
            c = self._cand(s, m.end(), "street", like, "context:numbered_road")
            out.append(c)
            streets.append(c)
            if town is not None:
                out.append(self._cand(town[0], town[1], "city", self.rules["street_city"], "context:street_city"))

    def _services(self, text: str, services: list[int], out: list[Candidate]) -> None:
        """A listed town named by its service: "brought in by Boston EMS", "Quincy Fire"."""
        like = self.rules["town_service"]
        memo = self._service_memo
        for at in services:
            if not at or text[at - 1] not in " \t":
                continue
            lo = max(0, at - 40, text.rfind("\n", max(0, at - 40), at) + 1)
            toks = _words(text[lo:at], lo)
            cw = []
            for tok in reversed(toks[-3:]):
                if not _TW_RE.fullmatch(tok[2]):
                    break
                cw.append(tok)
            if not cw:
                continue
            cw.reverse()
            public = text[at:at + 7].split(None, 1)[0].rstrip(".,;:") in _PUBLIC_SERVICES
            key = ("+" if public else "") + " ".join(w for _, _, w in cw)
            k = memo.get(key)
            if k is None:
                k = self._city_suffix(cw)
                if k == 1 and (self._everyday(cw[-1][2]) if public else self._ambiguous_word(cw[-1][2])):
                    k = 0  # "Mercy Ambulance": a word or a first name, not surely a town
                if len(memo) > 50_000:
                    memo.clear()
                memo[key] = k
            if k:
                out.append(self._cand(cw[-k][0], cw[-1][1], "city", like, "context:town_service"))

    def _blocks(self, text: str, streets: list[Candidate], out: list[Candidate]) -> None:
        r = self.rules
        streets = sorted(streets, key=lambda c: (c.end, c.start))
        street_ends = [c.end for c in streets]
        state = self._state_memo
        for sm in _COMMA_AT.finditer(text):
            st = sm.group("st")
            ok = state.get(st)
            if ok is None:
                ok = state[st] = self._state(st)
                if len(state) > 50_000:
                    state.clear()
            if not ok:
                continue
            a, zp = sm, sm.group("zip")
            # up to four capitalized words right before the comma, on its line (read backwards:
            # a regex search over the window would retry at every start)
            lo = max(0, a.start() - 80, text.rfind("\n", max(0, a.start() - 80), a.start()) + 1)
            toks = _words(text[lo:a.start()], lo)
            cw = []
            for tok in reversed(toks[-4:]):
                if tok[2][:1] in "([" and _TW_RE.fullmatch(tok[2][1:]):
                    cw.append((tok[0] + 1, tok[1], tok[2][1:]))  # "(Conneaut, OH)": a parenthesis opens it
                    break
                if not _TW_RE.fullmatch(tok[2]):
                    break
                cw.append(tok)
            if not cw or (lo + 0 < cw[-1][0] and not text[cw[-1][0] - 1].isspace() and text[cw[-1][0] - 1] not in "(["):
                continue
            cw.reverse()
            m = sm
            k = self._city_suffix(cw)
            code = len(st) == 2
            if k == 0:
                if not zp:
                    continue
                k = 1
                like = r["city_state_zip_unlisted"]
            else:
                like = r["city_state_zip"] if zp else r["city_state"]
            if code and st in AMBIGUOUS_STATES and not zp and k == 0:
                continue
            if code and st.upper() == "ID" and not zp and _ID_VALUE_AFTER.match(text, m.end()):
                continue  # "Blue Cross, ID XQM 80417723", "..., ID on card": an identifier's label
            city_s, city_e = cw[-k][0], cw[-1][1]
            if code and st in DEGREE_STATES and not zp and self._named_person(text, toks, cw, k, streets, street_ends):
                continue
            parts = [self._cand(city_s, city_e, "city", like, "list:places"),
                     self._cand(m.start("st"), m.end("st"), "state", like, "list:states")]
            if zp:
                parts.append(self._cand(m.start("zip"), m.end("zip"), "zip", like, "context:zip_after_state"))
            start, end = city_s, m.end()
            # the street before it, on the same line or the line above, makes it an address block
            street = None
            i = bisect_right(street_ends, city_s) - 1
            if i >= 0:
                c = streets[i]
                gap = text[c.end:city_s]
                if len(gap) <= 4 and gap.strip(" \t,\n") == "" and gap.count("\n") <= 1:
                    street = c
            if street is None:
                ls = city_s  # the line break right before the town, past blanks only (no scan back)
                while ls > 0 and text[ls - 1] != "\n" and text[ls - 1].isspace():
                    ls -= 1
                ls = ls - 1 if ls > 0 and text[ls - 1] == "\n" else -1
                if ls > 0:
                    ps = text.rfind("\n", 0, ls) + 1
                    nm = _NAME_NUMBER_LINE.match(text[ps:ls])
                    if nm:
                        street = self._cand(ps + nm.start("s"), ps + nm.end("s"), "street",
                                            r["street_name_number"], "context:street_name_number")
                        out.append(street)
            for p in parts:
                out.append(p)
            if street is not None:
                parts.insert(0, street)
                start = street.start
                out.append(self._cand(start, end, "address_block", like, "context:address_block", parts))
            elif zp:
                out.append(self._cand(start, end, "address_block", like, "context:city_state_zip", parts))
            else:
                out.append(self._cand(start, end, "location", like, "context:city_state", parts))
        # "123 Elm Street, Springfield": a listed town after a street's comma, no state after it
        for c in streets:
            m = _COMMA_TOWN.match(text, c.end)
            if m is None:
                continue
            words = m.group("t").split()
            if _STREET_TOWN_END.match(text, m.end()) and words[0].lower() not in _NOT_STREET_TOWN_WORDS \
                    and not any(self.lex.is_medical(w.lower()) for w in words):
                # "RR 2 Box 88, Vermillion Bend" ending its line or clause: the address's town, listed or not
                ts = m.start("t")
                city = self._cand(ts, m.end(), "city", r["street_city"], "context:street_city")
                out.append(city)
                out.append(self._cand(c.start, city.end, "address_block", r["street_city"],
                                      "context:street_city", (c, city)))
                continue
            for k in range(len(words), 0, -1):
                town = " ".join(words[:k])
                unlisted = not self.lex.is_city(town)
                if unlisted and not (text[m.start("t"):m.start("t") + len(town)] == town
                                     and _ZIP_AFTER_TOWN.match(text, m.start("t") + len(town))):
                    continue  # a town no list knows only before its ZIP ("..., Castle Junction 59721")
                if not self._ambiguous_word(town) or unlisted:
                    ts = m.start("t")
                    city = self._cand(ts, ts + len(town), "city", r["street_city"], "context:street_city")
                    out.append(city)
                    out.append(self._cand(c.start, city.end, "address_block", r["street_city"],
                                          "context:street_city", (c, city)))
                    z = _ZIP_AFTER_TOWN.match(text, city.end)
                    if z is not None:  # "3308 Linden Ct Apt 2, Harlow 04871": the ZIP ends the address
                        out.append(self._cand(z.start(1), z.end(1), "zip", r["street_city"], "context:street_city"))
                    break
        zips = [a.start() for a in _SP_ZIP_AT.finditer(text)]
        if "\t" in text:
            hits = (_ST_ZIP.match(text, a.start()) for a in _ST_ZIP_AT.finditer(text))
        else:
            hits = (self._st_zip_before(text, sp) for sp in zips)
        for sp in zips:
            # "barnstable ma 02630": the state code right before the ZIP's blank(s)
            j = sp
            while j > sp - 2 and j > 0 and text[j - 1] == " ":
                j -= 1
            if j >= 3 and text[j - 1].isalpha():
                a = _LC_ST_ZIP_AT.match(text, j - 2)
                if a:
                    self._town_state_zip(text, a, out)
        for sp in zips:
            self._town_zip(text, sp + 1, streets, out)
        for m in hits:
            if m is None:
                continue
            if m.group("st") == "ID" and (_ID_LABEL_BEFORE.search(text, max(0, m.start("st") - 24), m.start("st"))
                                          or not self._town_before(text, m.start("st"))):
                continue  # "Interpreter: Ana Lima (ID 40318)", "interp Oksana ID 40817": an identifier's
                # label; Idaho only after one of its towns ("Boise ID 83702")
            if self._state(m.group("st")):
                like = r["zip_after_state"]
                out.append(self._cand(m.start("st"), m.end("st"), "state", like, "context:zip_after_state"))
                out.append(self._cand(m.start("zip"), m.end("zip"), "zip", like, "context:zip_after_state"))

    def _town_before(self, text: str, end: int) -> bool:
        """A listed town of one to three words ends right before `end` (past blanks and a comma)."""
        k = end
        while k > 0 and text[k - 1] in " \t,":
            k -= 1
        return next(self._listed_towns_ending(text, k), None) is not None

    def _listed_towns_ending(self, text: str, k: int):
        """The starts of the listed towns of three, two and one words (in that order, any case)
        that end at k."""
        lo = max(0, k - 40)
        words = list(_WORD_BACK.finditer(text[lo:k]))
        for n in (3, 2, 1):
            if len(words) >= n:
                a = lo + words[-n].start()
                if self.lex.is_city(" ".join(w[:1].upper() + w[1:].lower() for w in text[a:k].split())):
                    yield a

    def _town_zip(self, text: str, zs: int, streets: list[Candidate], out: list[Candidate]) -> None:
        """"NEW BEDFORD 02740", "..., new bedford, 02740": a ZIP right after the very town the ZIP
        list gives for it (any case, no state between): the town and the ZIP, and with a street
        just before them an address block."""
        ze = zs + 5
        four = text[ze + 1:ze + 5]
        plus4 = text[ze:ze + 1] == "-" and len(four) == 4 and four.isdigit()  # ("12555-31" has none)
        if ze < len(text) and (text[ze].isalnum() or text[ze] in "-/." and text[ze + 1:ze + 2].isdigit()):
            if not plus4:
                return
        if zs >= 2 and not text[zs - 2].isalpha() and text[zs - 2] != ",":
            return  # a number, not after a town
        got = self.lex.zip_city_state(text[zs:ze])
        if not got or not got[0]:
            return
        town = got[0]
        k = zs - 1
        while k > 0 and text[k - 1] in " \t,":
            k -= 1
        ts = k - len(town)
        if ts < 0 or text[ts:k].casefold() != town.casefold() or (ts > 0 and text[ts - 1].isalnum()):
            # a valid ZIP after another listed town ("Cold Harbor 02134", a neighbour's ZIP or a
            # typo): the town of one to three words ending right before it
            ts = next((a for a in self._listed_towns_ending(text, k)
                       if (a == 0 or not text[a - 1].isalnum())
                       and not self._ambiguous_word(text[a:k].split()[0].capitalize())), -1)
            if ts < 0:
                return
        like = self.rules["city_state_zip"]
        if plus4:
            ze += 5
        parts = [self._cand(ts, k, "city", like, "context:town_zip"),
                 self._cand(zs, ze, "zip", like, "context:town_zip")]
        out.extend(parts)
        start = ts
        for c in streets:
            gap = text[c.end:ts]
            if c.end <= ts and len(gap) <= 4 and gap.strip(" \t,") == "":
                parts.insert(0, c)
                start = c.start
                break
        out.append(self._cand(start, ze, "address_block" if start < ts else "location", like,
                              "context:town_zip", tuple(parts)))

    def _town_state_zip(self, text: str, a, out: list[Candidate]) -> None:
        """"barnstable ma 02630", "42 sandy neck rd, barnstable ma 02630", "QUINCY MA 02169": a
        state code and a ZIP after a listed town with no comma between (or in lower case, where
        no other pass reads them): the ZIP and the state carry the town, and a house number,
        name words and a USPS suffix before the town's comma are its street."""
        st = a.group("st")
        if not (st.islower() or (st.isupper() and text[a.start() - 1:a.start()] != ",")):
            return  # "Quincy, MA 02169" is the comma pass's
        if not self.lex.is_state(st.upper()):
            return
        lo = max(0, a.start() - 48, text.rfind("\n", max(0, a.start() - 48), a.start()) + 1)
        toks = _words(text[lo:a.start()], lo)
        if toks and st.islower() and toks[-1][2].endswith(",") and a.start() - toks[-1][1] <= 2:
            # "sweet springs, mo 65351": in small letters the comma pass reads nothing; the town's comma goes
            toks[-1] = (toks[-1][0], toks[-1][1] - 1, toks[-1][2][:-1])
        cw = []
        for tok in reversed(toks[-3:]):
            w = tok[2]
            if not w.isalpha() or (w.islower() != st.islower()) or (w.isupper() != st.isupper()):
                break
            cw.append(tok)
        if not cw:
            return
        cw.reverse()
        k = self._city_suffix(cw)
        if k == 0 or (k == 1 and self.lex.is_medical(cw[-1][2])):
            return
        r = self.rules
        like = r["city_state_zip"]
        city = self._cand(cw[-k][0], cw[-1][1], "city", like, "list:places")
        parts = [city, self._cand(a.start("st"), a.end("st"), "state", like, "list:states"),
                 self._cand(a.start("zip"), a.end("zip"), "zip", like, "context:zip_after_state")]
        out.extend(parts)
        start = city.start
        sm = _LC_STREET_BEFORE.search(text, max(lo - 64, 0, city.start - 64), city.start)
        if sm and self._suffix(sm.group("w").split()[-1]) and not any(
                self.lex.is_medical(w) for w in sm.group("w").split()[:-1]):
            street = self._cand(sm.start("num"), sm.end("u") if sm.group("u") else sm.end("w"), "street",
                                r["street_unit"] if sm.group("u") else r["street"], "context:street")
            out.append(street)
            parts.insert(0, street)
            start = street.start
        out.append(self._cand(start, a.end(), "address_block", like, "context:city_state_zip", parts))

    def _town_zips(self, text: str, out: list[Candidate]) -> None:
        """A listed town and a ZIP ending a line, with no state between ("Greenfield  01301",
        "Turners Falls, 01376"): an address's last line."""
        lex = self.lex
        for m in _TOWN_ZIP.finditer(text):
            town = m.group("t")
            if not lex.is_city(town) or (" " not in town and self._ambiguous_word(town)):
                continue
            z = self._cand(m.start("z"), m.end("z"), "zip", self.rules["city_state"], "context:town_zip")
            c = self._cand(m.start("t"), m.end("t"), "city", self.rules["city_state"], "context:town_zip")
            out.extend((c, z))

    def _cued_addresses(self, text: str, out: list[Candidate]) -> None:
        """A house number and the words after an address's cue ("lives at", "address:", "mail
        it to"), whatever the country's form: at least two words after the number, one of them
        Capitalized or not English-lettered, and no clinical measure ("lives at 2 story house")."""
        # the full pattern only in windows around cheap literal sites: a case-blind alternation
        # tried at every character cost 0.12 µs a character
        n = len(text)
        seen: set[tuple[int, int]] = set()
        done = -1
        for site, word in _address_cue_sites(text):
            if site < done:
                continue  # ("lives at lives at ...": one window per 40 characters at most)
            # the cue begins at an "address" site, or one to three words before an " at "/" to "
            # site ("lives at", "office is at", "drops you off at"): matched there, not searched
            m = None
            if not word:
                m = _ADDR_CUE.match(text, max(0, site - 1), min(n, site + 150))
            else:
                k = site
                for _ in range(3):
                    k = text.rfind(" ", max(0, k - 16), k)
                    st = k + 1 if k >= 0 else max(0, site - 16)
                    m = _ADDR_CUE.match(text, st, min(n, site + 100))
                    if m is not None or k < 0:
                        break
            if m is None:
                done = site + 40
                continue
            if m.span("a") in seen:
                continue
            seen.add(m.span("a"))
            a = m.group("a")
            words = a.split()
            if len(words) < 3 or _DOSE_UNIT.fullmatch(words[1]):
                continue
            if not any(w[:1].isupper() or not w.isascii() for w in words[1:]):
                continue
            out.append(self._cand(m.start("a"), m.end("a"), "street", self.rules["street_cued"],
                                  "context:street_cued"))

    def _town_codes(self, text: str, out: list[Candidate]) -> None:
        """"ELKINS WV", "Fresno CA": a listed town and a state's code with no comma between, ending
        a line or a clause; not a code that is also a word or a credential ("Smith PA", "Hope ME")."""
        lex = self.lex
        # the codes first (few), then the town before each
        for c in chain(_CODE_END.finditer(text), _CODE_MID.finditer(text)):
            st = c.group(1)
            if st in AMBIGUOUS_STATES or not lex.is_state(st):
                continue
            m = _TOWN_BEFORE.search(text, max(0, c.start() - 40), c.start())
            if m is None:
                continue
            if c.re is _CODE_MID and not (c.start() and text[c.start() - 1].isascii() and text[c.start() - 1].isalpha()
                                          and _PLACE_PREP.search(text, max(0, m.start(1) - 12), m.start(1))):
                continue
            town = m.group(1)
            if not lex.is_city(town) or (" " not in town and self._ambiguous_word(town)):
                continue
            like = self.rules["city_state"]
            parts = (self._cand(m.start(1), m.end(1), "city", like, "list:places"),
                     self._cand(c.start(1), c.end(1), "state", like, "list:states"))
            out.extend(parts)
            out.append(self._cand(m.start(1), c.end(1), "location", like, "context:town_code", list(parts)))

    def _cued_town_states(self, text: str, out: list[Candidate]) -> None:
        """"lives in bossier ridge, la;", "called from kilbride, ma -", "Home is Dearfield, MI (",
        "HOME IN CLEARFIELD JCT, PA.": one to three words after a place cue and before a comma and
        a state's code or AP abbreviation ending its clause: a town, listed or not, in any case.
        A code in small letters that is also a word ("…, in", "…, md") is not a state; one that
        is also a credential ("…, PA", "…, MD") not after a person's name ("to Dr. Ross, MD")."""
        lex = self.lex
        like = self.rules["city_state_cued"]
        for m in _COMMA_STATE_END.finditer(text):
            st = m.group("st")
            bare = st.rstrip(".")
            if len(bare) == 2:
                if not bare.isupper() and bare.lower() in _LOWER_CODE_WORDS:
                    continue
                if not bare.isupper() and not bare.islower():
                    continue  # "Me", "Pa": a word at a clause's start
                if not lex.is_state(bare.upper()):
                    continue
            elif not lex.is_state(bare[:1].upper() + bare[1:]) or bare.islower() and bare in _LOWER_AP_WORDS:
                continue  # "fla", "Calif." (AP abbreviations, read Capitalized) yes; "mass", "wash" no
            lo = max(0, m.start() - 60, text.rfind("\n", max(0, m.start() - 60), m.start()) + 1)
            toks = _words(text[lo:m.start()], lo)
            town: list[tuple[int, int, str]] = []
            cue = None
            for tok in reversed(toks[-4:]):
                w = tok[2]
                if w.lower() in _STATE_TOWN_CUES:
                    cue = tok
                    break
                if not _TOWN_TOKEN.fullmatch(w) or w.lower() in _NOT_STATE_TOWN or len(town) == 3:
                    break
                town.append(tok)
            if cue is None or not town or town[0][1] != m.start():
                continue
            town.reverse()
            phrase = " ".join(w for _, _, w in town)
            if lex.is_medical(phrase.lower()) or lex.is_state(phrase) or lex.is_country(phrase):
                continue
            if bare.upper() in DEGREE_STATES and bare.isupper() and (
                    lex.is_first_name(town[0][2]) or lex.is_title(town[0][2].rstrip("."))
                    or len(town[0][2].rstrip(".")) == 1):
                continue  # "to Frank Ross, MD", "to Dr. Ross, PA": a person and a credential
            parts = (self._cand(town[0][0], town[-1][1], "city", like, "context:cued_town_state"),
                     self._cand(m.start("st"), m.start("st") + len(bare), "state", like, "context:cued_town_state"))
            out.extend(parts)
            out.append(self._cand(town[0][0], parts[1].end, "location", like, "context:cued_town_state", list(parts)))

    def _firm_towns(self, text: str, out: list[Candidate]) -> None:
        """"Kessler Drug, Storm Lake.", "VALLEYVIEW PHARMACY #0319, CLINTONVILLE", "St. Brigid
        Regional, Altoona)": a listed town after the comma that follows a place of care's or a
        firm's kind word (or its store number), ending a clause or before "unit"/"campus"."""
        lex = self.lex
        like = self.rules["town_in_context"]
        for m in _FIRM_TOWN.finditer(text):
            t = m.group("t")
            if t.isupper():
                t = t.title()
            if not lex.is_city(t) or lex.is_medical(t) or lex.is_state(t) or lex.is_country(t):
                continue
            out.append(self._cand(m.start("t"), m.end("t"), "city", like, "context:firm_town"))

    def _paren_towns(self, text: str, out: list[Candidate]) -> None:
        """"St. Aurelia Medical Center (Conneaut)": a listed town alone in parentheses right after
        a capitalized name, where a facility's or a person's town is written; a town that is also
        an everyday word or a common first name is left alone ("(Main)", "(Florence)")."""
        lex = self.lex
        for m in _PAREN_TOWN.finditer(text):
            if not _CAP_WORD_BEFORE.search(text, max(0, m.start() - 40), m.start()):
                continue
            t = m.group("t")
            if not lex.is_city(t) or (" " not in t and self._ambiguous_word(t)) or lex.is_state(t):
                continue
            if lex.is_medical(t) or lex.is_country(t):
                continue
            out.append(self._cand(m.start("t"), m.end("t"), "city", self.rules["town_in_context"],
                                  "context:paren_town"))

    def _named_person(self, text: str, toks: list, cw: list, k: int, streets: list, street_ends: list) -> bool:
        """"Frank Tavares, MD": the words before a degree-like state code read as a person's name
        (an initial, a title or a first name before the town; or a lone town that is a common
        surname with no place cue or street before it), not as a town."""
        city_s = cw[-k][0]
        i = bisect_right(street_ends, city_s) - 1
        if i >= 0 and text[streets[i].end:city_s].strip(" \t,\n") == "" and city_s - streets[i].end <= 4:
            return False  # "12 Elm St, Bethesda, MD"
        before = [t for t in toks if t[1] <= city_s]
        if not before:
            # a town alone at the line's start: a person only if a common surname
            band = self.lex.surname_band(cw[-1][2]) if k == 1 else None
            return band is not None and band <= 1  # "Smith, MD" signing a note
        prev = before[-1][2]
        bare = prev.rstrip(".,")
        if prev.lower() in _PLACE_CUES or prev.endswith(("(", ":")):
            return False
        if len(bare) == 1 and bare.isupper():
            return True  # "R. Sandoval, MD", "J Warren, PA"
        if bare[:1].isupper() and (self.lex.is_title(bare) or self.lex.is_first_name(bare)):
            return True  # "Dr. Erie, MD", "Frank Tavares, MD"
        band = self.lex.surname_band(cw[-1][2]) if k == 1 else None
        return band is not None and band <= 1  # "seen by Smith, MD"

    @cached_property
    def _service_memo(self) -> dict:
        return {}

    @cached_property
    def _state_memo(self) -> dict:
        return {}

    @cached_property
    def _prefix_memo(self) -> dict:
        return {}

    @staticmethod
    def _st_zip_before(text: str, sp: int):
        """_ST_ZIP's match for the spaces ending at `sp` before five digits, if two capitals
        that follow no word character or comma stand right before it."""
        while sp > 0 and text[sp - 1] == " ":
            sp -= 1
        st = sp - 2
        if st < 0 or not ("A" <= text[st] <= "Z" and "A" <= text[st + 1] <= "Z"):
            return None
        if st > 0 and (text[st - 1].isalnum() or text[st - 1] in "_,"):
            return None
        return _ST_ZIP.match(text, st)

    def _towns(self, text: str, out: list[Candidate]) -> None:
        """Towns and states after a cue: "lives in Peabody", "from Fresno", "moved to Ohio"."""
        r = self.rules
        lex = self.lex
        hits = list(_CUE_AT.finditer(text))
        if "In " in text or "From " in text or "Near " in text:
            hits = sorted(hits + list(_CUE_CAP_AT.finditer(text)), key=_start)
        memo = self._prefix_memo
        for a in hits:
            if a.group()[0].isupper() and a.start() > 0 and (text[a.start() - 1].isalnum()):
                continue
            wtext = a.group("w")
            kk = memo.get(wtext)
            if kk is None:
                ws0 = wtext.split()
                kk = self._city_prefix([(0, 0, w) for w in ws0])
                if not kk:
                    w = ws0[0].rstrip(".,")
                    kk = -1 if len(w) > 2 and lex.is_state(w) else 0
                if len(memo) > 50_000:
                    memo.clear()
                memo[wtext] = kk
            ws = _words(wtext, a.start("w"))
            cue = a.group().strip().lower().split()[0]
            head = text[max(0, a.start() - 24):a.start() + (a.group()[0] in " (")]
            strong = head.lower().endswith(_STRONG_VERB)
            if cue == "of" and not strong:
                continue  # "of" is a cue only after "town of", "resident of", "outside of"
            if kk == 0:
                # neither a listed place nor a state: a town abroad, or an unlisted town after
                # "lives in", "visiting from" ("lives in Kettle Narrows;", "visiting from Taichung,")
                c = self._world_town(ws, cue, strong) or self._unlisted_town(text, ws, cue, strong)
                if c is not None:
                    out.append(c)
                continue
            m = a
            weak = cue in _WEAK_CUES and not strong
            k = max(kk, 0)
            if k:
                s, e = ws[0][0], ws[k - 1][1]
                while e > s and text[e - 1] in ".,'’":
                    e -= 1
                suffixed = k < len(ws) and ws[k][2].rstrip(".,;") in _PLACE_SUFFIXES \
                    and _TOWN_END.match(text, ws[k][0] + len(ws[k][2].rstrip(".,;")))
                if suffixed:
                    e = ws[k][0] + len(ws[k][2].rstrip(".,;"))  # "from Ashby Corners": the place's kind
                    weak = False  # ("in Dorrance Township;": a place's name, whatever the cue)
                phrase = text[s:e]
                amb = k == 1 and self._ambiguous_word(phrase)
                share = lex.capitalized_share(phrase) if k == 1 else None
                if weak and k < len(ws) and ws[k][2].rstrip(".,").lower() not in _DATE_WORDS:
                    # "in the Framingham Heart Study": the town names a longer proper noun
                    # (but "last in Brockton March 2171": a date follows the town)
                    like = 0.5
                elif weak:
                    # people are seldom "in" someone, often "to" or "at" someone's
                    like = (r["town_weak"] if cue == "in" else 0.5) if amb else r["town_weak"]
                else:
                    like = r["ambiguous_town_in_context"] if amb else r["town_in_context"]
                if share is not None and share < 0.2:
                    # "came from Home": an everyday word, capitalized; but after a verb of living,
                    # ending its clause, the town it is listed as ("machinist, lives in Media.")
                    like = min(like, r["town_weak"] if k == len(ws) and _LIVING_HEAD.search(head)
                               and _TOWN_END.match(text, e) and not lex.is_medical(phrase)
                               and phrase.lower() not in _NOT_TOWN_WORDS else 0.55)
                if weak and WING_AFTER.match(text, e):
                    continue  # "in the Cedar dayroom": a part of the home, no town
                ent = "state" if lex.is_state(phrase) else "country" if lex.is_country(phrase) else "city"
                out.append(self._cand(s, e, ent, like, f"context:{'town_weak' if weak else 'town_in_context'}"))
            else:
                w = ws[0][2].rstrip(".,")
                if len(w) > 2 and lex.is_state(w):
                    out.append(self._cand(ws[0][0], ws[0][0] + len(w), "state", r["state_name"], "list:states"))

    def _home_fields(self, text: str, out: list[Candidate]) -> None:
        """A town as a home's field gives it ("Home: Maquoketa.", "Hometown: Milbrook, 25 min
        drive"): a listed town, or words no common list holds, ending the field."""
        lex = self.lex
        for m in _home_field_matches(text):
            t = m.group("t")
            words = t.split()
            if any(w.lower() in _NOT_TOWN_WORDS or lex.is_medical(w) for w in words):
                continue
            if lex.is_city(t) or lex.is_state(t) or all(
                    ((sh := lex.capitalized_share(w)) is None or sh >= 0.9) and len(w) >= 4 for w in words):
                ent = "state" if lex.is_state(t) else "city"
                out.append(self._cand(m.start("t"), m.end("t"), ent, self.rules["label_town"], "context:home_field"))

    def _world_town(self, ws: list[tuple[int, int, str]], cue: str, strong: bool) -> Candidate | None:
        """A town abroad (Lexicon.is_world_city) after a cue: "son lives in Chennai", "flying in
        from Lviv", "brother in Taipei"; no everyday word or common first name ("to Reading", "to Sofia"),
        and "of" only after a strong verb ("resident of Cork", which _towns sees to); not the first
        words of a longer name ("lives in San Bernal"). `ws` are the cue's words, `strong` whether
        a verb of living or moving comes before it."""
        lex = self.lex
        for k in range(min(len(ws), 3), 0, -1):
            words = [w.rstrip(".,;:") for _, _, w in ws[:k]]
            if words[-1] != ws[k - 1][2] and k < len(ws):
                continue  # a stop inside the phrase
            phrase = " ".join(words)
            if not lex.is_world_city(phrase):
                continue
            s, e = ws[0][0], ws[k - 1][0] + len(words[-1])
            if k < len(ws) and words[-1] == ws[k - 1][2]:
                nxt = ws[k][2].rstrip(".,;:")
                if nxt not in _PLACE_SUFFIXES:
                    return None  # "lives in San Bernal": the first words of a longer name
                e = ws[k][0] + len(nxt)  # "lives in Las Tunas Heights": the place's kind with it
            elif k == 1 and (self._ambiguous_word(phrase) or lex.is_state(phrase)):
                return None
            weak = cue in _WEAK_CUES and not strong
            like = self.rules["town_weak"] if weak else self.rules["town_in_context"]
            return self._cand(s, e, "city", like, "context:town_abroad")
        return None

    def _unlisted_town(self, text: str, ws: list[tuple[int, int, str]], cue: str, strong: bool) -> Candidate | None:
        """Capitalized words `ws` no list holds after a cue, ending their phrase: a town when the last
        is a place's kind ("Township", "Corners"), the first a place's article ("Las Palmitas", "Port
        Ewen"), or, after a strong cue only ("lives in", "resides in", "visiting from"), every word
        one that English never writes in small letters. After "in" without a verb of living, a name
        of two words with a place's kind ("kids in Garden Cove;", "dad on the way from Port Halvorsen,")."""
        if cue in ("of", "at") or not strong and cue == "to":
            return None
        lex = self.lex
        for k in range(min(len(ws), 3), 0, -1):
            words = [w.rstrip(".,;") for _, _, w in ws[:k]]
            s, e = ws[0][0], ws[k - 1][0] + len(words[-1])
            if not _TOWN_END.match(text, e):
                continue
            if any(not w[:1].isupper() or w.lower() in _NOT_TOWN_WORDS or lex.is_medical(w) for w in words) \
                    or words[-1].lower() in _BUILDING_PARTS:
                continue  # ("seen in East Wing", "in North Tower"): a part of a building
            if words[-1] in _PLACE_SUFFIXES and k >= 2 or words[0] in _PLACE_ARTICLES and k >= 2 or strong and all(
                    ((sh := lex.capitalized_share(w)) is None or sh >= 0.9) and len(w) >= 4 and not (w.isupper() and len(w) <= 5)
                    and not lex.is_first_name(w) and not lex.is_surname(w) for w in words):
                return self._cand(s, e, "city", self.rules["town_weak"], "context:town_unlisted")
        return None

    def _names(self, text: str, names: list[tuple[int, int, str]], out: list[Candidate]) -> None:
        """States and countries written as listed (or in capitals), from the automaton's hits."""
        r = self.rules
        names.sort(key=lambda h: (h[0], -h[1]))
        last = -1
        for s, e, kind in names:
            if s < last:
                continue  # leftmost-longest: "New Mexico" over "Mexico"
            last = e
            w = text[s:e]
            like = r["country"] if kind == "country" else r["state_name"]
            if " " not in w and self._ambiguous_word(w):
                like = 0.55
            out.append(self._cand(s, e, kind, like, f"list:{kind}s" if kind == "state" else "list:countries"))
