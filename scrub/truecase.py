"""A cased view of a document written wholly in lower case or wholly in capitals.

Notes typed without capitals ("pt lives alone in quincy ma, son michael visits") hide the
strongest cue most detectors use, and notes typed in capitals make every word look like a name.
For such a document the engine hands the detectors a view of the same length (a text in
capitals is first put in small letters) in which the words that English writes Capitalized are
capitalized again:

- a word the common-word list shows mostly Capitalized ("quincy", "michael", "texas",
  "raytheon"; share of Capitalized uses 0.6 or more), or a listed first name or surname that is
  no common word, when it is no drug or medical word;
- an institution's name before its head word ("fairview community hospital", "mercy hospital",
  "hebrew rehab"): the head, the generic words before it, and a first word that English at least
  sometimes capitalizes;
- a street address ("22 orchard lane", "apt 2b"), and a state code before a ZIP ("ny 12545")
  or after a town and its comma ("quincy, ma").

A cased note's names written in small letters ("Dr. harriet lindqvist", "wife marie", "-- l.
nováková RN") get a narrower view (`small_names_view`): only the rules that read a title, a kin
word or a helper's role, a patient's field or a credential next to the name, since in a cased note
small letters are a word's own and the lists alone would Capitalize "walker" or "amber".

Offsets never move: a character is only swapped for its other case, and only where that keeps
one character. Findings therefore hold for the original text as they are.
"""
from __future__ import annotations

import re
from itertools import chain

#: a document is caseless when it has this many letters and not one capital
MIN_LETTERS = 40

_WORD = re.compile(r"(?<![0-9A-Za-z_])(?:[a-z][a-z'’]*[a-z]|[a-z])(?![0-9A-Za-z_])")
#: the matches of _WORD longer than three characters, and only those (a _WORD match is the
#: longest word from its start, so no longer one starts inside a shorter one); the first
#: class is searched in C, the lookbehind only tried at a letter
_LONG_WORD = re.compile(r"[a-z](?<![0-9A-Za-z_][a-z])[a-z'’]{3,}(?<=[a-z])(?![0-9A-Za-z_])")
#: a rescue service's heads, and (_CREW_AFTER) the crew's unit and number after them that make any
#: words before them its name ("harbor city fire & ems medic 7", "lakeview fire medic 7", "hill
#: country ems unit 3", "fenwick vol fire co engine 3"); "fire" is a head only then ("grease fire at work")
_RESCUE_HEADS = frozenset({"ems", "fire", "fire & ems", "fire and ems", "fire & rescue", "fire rescue", "ambulance",
                           "fire dept", "fire department", "fire co", "fire company", "fire dist", "fire district",
                           "rescue squad", "vol fire co", "vol fire dept", "volunteer fire dept",
                           "volunteer fire department", "volunteer fire company", "vol rescue squad",
                           "volunteer rescue squad"})
#: the heads of firms', agencies' and churches' names ("r&j roofing", "horizon services"): the
#: words before them must be proper ones, words no list knows, or words English Capitalizes at
#: least now and then
_FIRM_HEADS = frozenset("""services associates partners roofing plumbing construction landscaping trucking
freight logistics lumber foods farms dairy bakery apothecary pharmacy supply supplies imaging counseling
church parish chapel ministries synagogue mosque academy daycare preschool montessori library
ymca shelter pantry packaging taxi solutions tavern pub grill diner pediatrics cardiology""".split()) | {
    "funeral home", "recovery center", "treatment center", "home care", "home health", "visiting nurses",
    "visiting nurse assn", "visiting nurse association", "health ctr", "transplant ctr", "cancer ctr",
    "heart & vascular", "heart and vascular", "cardiology group", "cardiology associates",
    "police dept", "police department",
    # suppliers, rides, trades, eateries, homes and public bodies, as orgs.toml's service heads
    # name them ("coastline home medical", "carelink medical transport", "arctic breeze mechanical")
    "vna", "vns", "medical supply", "home medical", "medical transport", "medical transportation", "paratransit",
    "infusion", "infusion services", "specialty pharmacy", "rx", "mechanical", "molding", "manufacturing",
    "plastics", "staffing", "realty", "masonry", "auto body", "cold storage", "meatpacking", "poultry",
    "processors", "seafoods", "fisheries", "laundry", "software", "analytics", "hospitality house", "family house", "group home", "recovery housing", "outreach", "buffet",
    "bar & grill", "restaurant", "cafe", "bistro", "pizzeria", "steakhouse", "brewery", "taqueria",
    "dental", "lactation", "telehealth", "correctional center", "correctional facility", "detention center",
    "superior court", "district court", "probate court", "juvenile probation", "adult probation", "pallet co",
    "lumber co", "molding co", "home oxygen", "home visiting", "youth crisis program"} | _RESCUE_HEADS
_WORSHIP = frozenset({"church", "parish", "chapel", "ministries", "synagogue", "mosque"})
#: a church's words, in small letters no less its name's ("first congregational church")
_CHURCH_WORDS = frozenset("""first second third holy grace calvary bethel trinity greater
congregational baptist methodist lutheran presbyterian episcopal catholic pentecostal evangelical
orthodox unitarian ame adventist apostolic missionary reformed community bible united""".split())
_HEADS = re.compile(
    r"\b(?:hospital|medical center|med(?:ical)? ctr|med center|rehab ctr|nursing home|nursing center|rehab(?:ilitation)?(?: center| hospital)?"
    r"|home care|family practice|clinic|health center|elementary(?: school)?|high school|school"
    r"|skilled nursing|rest home|assisted living|senior living|healthcare|health care|institute|hospice"
    r"|infirmary|urgent care|hosp|manor|nursing (?:&|and) rehab(?:ilitation)?|transitional housing"
    r"|sober (?:house|living)|diabetes ctr|general(?= (?:ed|er|hosp|hospital)\b|[,.;)]|[ \t]*$)|"
    + "|".join(sorted(_FIRM_HEADS, key=lambda h: (-len(h), h))) + r")\b", re.M)  # (the longest first: "fire & ems")
_CREW_AFTER = re.compile(r"[ \t]+(?:medic|unit|engine|rescue|amb|ambulance|squad|truck|ladder|crew|rig)[ \t]*#?\d")
#: heads of two words that name a place whatever its words ("new horizons recovery center",
#: "maple crest nursing & rehab", "safe harbor transitional housing"): two words before them at
#: a name's boundary are its name, everyday or not
_PLACE_HEADS = frozenset({"recovery center", "treatment center", "nursing & rehab", "nursing and rehab",
                          "nursing & rehabilitation", "nursing and rehabilitation", "transitional housing",
                          "sober house", "sober living", "diabetes ctr"})
#: a firm's initials joined by "&" before a Capitalized letter ("r&J Roofing")
_AMP_INITIALS = re.compile(r"(?<![\w&])([a-z]{1,2})(?=&[A-Z])")
#: words that may stand between a name and its head ("fairview community hospital")
#: a town of two words whose second is a place's kind, after a place's cue, in small letters ("went home
#: to pine hollow,", "near pike hollow on 01/25", "vessel ran to gannet harbor,")
_SUFFIX_TOWN = re.compile(r"(?<![\w'’-])(?:in|from|near|to|outside)[ \t]+([a-z][a-z'’-]{2,})[ \t]+"
                          r"(hollow|falls|springs|heights|landing|harbor|harbour|bluff|bluffs|corners|junction|crossing"
                          r"|mills|gap|cove|haven|glen)(?=[ \t]*(?:[,;:.)]|$)|[ \t]+(?:on|near|and|in|at|w/|--?|approx|area)\b)",
                          re.MULTILINE)
#: a county's or a parish's name in small letters before its word ("tamarack county coroner")
_COUNTY = re.compile(r"(?<![\w'’.-])([a-z][a-z'’-]{2,}(?: [a-z][a-z'’-]{2,})?) (county|parish)(?![\w'’-])")
_GENERIC = frozenset("""community general memorial regional county university medical children's
women's womens childrens st saint mount mt valley city state family care health center
heart cancer eye surgical specialty and of""".split())
#: words that never start an institution's name
_STOP = frozenset("""a an the to at from in into on of for by with and or was is be been her his
their our your my its this that these those local nearest another other same outside home
psychiatric teaching state city county community veterans private public rehab nursing
wocn cwocn wocns ostomy wound anticoag coumadin infusion elder""".split())
_STREET = re.compile(
    r"\b\d{1,6}\s+(?!(?:mg|mcg|gm?|ml|cc|units?|u|meq|mmol|iu|kg|mm|cm|tabs?|caps?|puffs?|drops?"
    r"|min|mins|minutes?|hrs?|hours?|miles?|mi|km|days?|wks?|weeks?|mos?|months?|yrs?|years?|sec|secs)\s)"
    r"((?:[a-z][a-z'.]*\s+){0,3}?)"
    r"(street|st|avenue|ave|road|rd|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl"
    r"|terrace|ter|circle|cir|parkway|pkwy|highway|hwy|square|sq|trail|trl)\b\.?")
#: words after a street's comma that name a part of the address, no town ("14 elm st, apt 2",
#: "canal st, rear unit")
ADDRESS_PARTS = frozenset({"apt", "apartment", "unit", "suite", "ste", "fl", "floor", "rm", "room", "bldg", "lot",
                           "box", "rear", "lower", "upper", "basement", "front", "back"})
#: the town after a street's comma, ending its line ("22 orchard ln, vermillion bend\n")
_TOWN_LINE_END = re.compile(r",[ \t]*((?!(?:" + "|".join(sorted(ADDRESS_PARTS)) + r")\b)"
                            r"[a-z][a-z'’-]+(?:[ \t][a-z][a-z'’-]+){0,2})[ \t]*(?=\n|$)")
#: a unit and its number or letter; a letter only after a dot, a blank or "#" ("fl a", "apt #c"):
#: "fla" is Florida's abbreviation, not floor A
_UNIT = re.compile(r"\b(apt|apartment|unit|suite|ste|fl|floor|rm|room)(?:\.?\s*#?\s*(?=\d)|[.\s#][\s#]*)(\d+[a-z]?|[a-z]\d*)\b")
_CITY_STATE = re.compile(r"\b[A-Z][a-z]+, ([a-z]{2})\b(?!['’-])")
_TOWN_STATE = re.compile(r"\b([A-Z][a-z]+) ([a-z]{2})(?=[ \t]*(?:$|[,.;)]|\d{5}))", re.MULTILINE)
_TITLE = re.compile(r"(?<![\w.])(?:(dr|mr|mrs|ms|rev|prof|fr|ofc|sgt|det)\.(?= ?[a-z])|(dr)(?= [a-z]{3}))")
_NEXT_LOWER = re.compile(r" ([a-z][a-z'’-]+)")
_AFTER_TITLE = re.compile(r"\b(?:(?:Dr|Mr|Mrs|Ms|Rev|Prof|Fr|Ofc|Sgt|Det)\.|Dr) ([a-z][a-z'’-]+)")
_NEXT_WORD = re.compile(r"\b([A-Z][a-z]{2,}) ([a-z][a-z'’-]{2,})\b")
#: the end of a name's field: its line's end, a wide gap, a telephone or an age after it
_FIELD_END = re.compile(r"[ \t]*$|[ \t]{2,}|[ \t]+(?:\(?\d{3}\)?[ .-]?\d{3}-\d{4}|\d{1,3}[ \t]?(?:yo|y/o|yr)|(?:ph|tel|cell)\b)",
                        re.MULTILINE)
_MONTH_DAY = re.compile(
    r"(?<![\w/-])(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july"
    r"|august|september|october|november|december)\.? (?:\d{1,2}(?:(st|nd|rd|th|ST|ND|RD|TH)|(?=,? \d{4}))?"
    r"|(\d{4}))(?![\w/:-]|\.\d)")
_PERSON_FIELD = re.compile(
    r"(?im)^[ \t>*-]*(?:patient|pt|client|resident|res|member|name|patient name|pt name|(?:pt|patient) id|i/m|inmate)[ \t]*:[ \t]*"
    r"((?:[^\W\d_][\w'’-]+|[^\W\d_]\.?)(?:,?[ \t](?:[^\W\d_][\w'’-]+|[^\W\d_]\.?|\"[^\W\d_][\w'’.-]*\")){1,3})"
    r"(?=[ \t]*$|[ \t]{2,}|\t|[ \t]*,?[ \t]+(?:mrn|dob|d\.o\.b|age|sex|acct|unit|room|rm|bed)\b|[ \t]*\(|[ \t]*,[ \t]*\d)")
#: a patient's name without a field's colon, then the age or sex ("pt crystal long 19yo", "pt hope
#: fairweather  f 54", "PT BOND, GRACE   84F", "faith little, 74 yo f" at a line's start)
_PT_AGE = re.compile(
    r"(?im)(?:^|(?<=[.;][ \t]))[ \t>*-]*(?:(?:pt|patient|resident|client)[ \t]+)?"
    r"([a-z][a-z'’-]+,?[ \t][a-z][a-z'’-]+)"
    r"(?=[ \t]*,?[ \t]*\d{1,3}[ \t]?(?:yo|y/o|yr|y\.o\.|[mf])\b|[ \t]+[mf][ \t,]+\d{1,3}\b|[ \t]{2,}\d{1,3}[ \t]?[mf]\b)")
#: in a note without capitals, a first name and a surname before a carer's credential ("pulled 2105 by
#: joy hill rn", "this rn + will fairweather rn", "sky winterbourne, sn"), and the word before them
_NAME_CRED = re.compile(r"(?<![\w'’.-])(?:([a-z/+]+)[ \t]+)?([a-z][a-z'’-]+)[ \t]([a-z][a-z'’-]+),?[ \t]"
                        r"(?:rn|lpn|lvn|sn|cna|np|pa|pa-c|rrt|emt|paramedic|medic|md|crna|cnm)(?![\w'’-])")
#: the words before a carer's name and credential ("by joy hill rn", "+ will fairweather rn")
_BEFORE_NOT_FIRST = frozenset({"by", "to", "from", "w/", "+", "and", "with", "this", "per", "&"})
_NEXT_UNKNOWN = re.compile(r"(?<![\w'’-])([A-Z][a-z]{2,}) ((?:[^\W\d_A-Z][^\W\d_]+)(?:-[^\W\d_A-Z][^\W\d_]+)?)(?![\w'’-])")
_PART = re.compile(r"[^\W\d_]+")
_WORDS_OF = re.compile(r"[A-Za-z][a-z'’-]*")
#: a word of a name (its parts joined by apostrophes or hyphens) or an initial, with its stop
_NAME_TOKEN = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*\.?")
#: two or three words in small letters after a preposition of place ("lives in new britain")
_PLACE_AFTER = re.compile(r"(?<![\w'’-])(?:in|from|near|to|of|at) (?=([A-Za-z][a-z]+(?: [A-Za-z][a-z]+){1,2})(?![\w'’-]))")
#: a town's two or three words after "lives in", "visiting from" ("lives in kettle narrows;")
#: (or where a family member calls or drives from: "nephew called from dearbrook", "dtr calls from
#: pine hollow -", "driving in from cedar hollow,")
_LIVING = (r"(?<![\w'’-])(?:(?:lives|living|lived|resides|residing|moved|visiting|relocated|born|raised|staying|stays)"
           r"(?: alone| (?:w/|with) (?:\w+ )?\w+)? (?:in|from|to|near)"
           r"|(?:house|home|apartment|trailer|farm) in"
           r"|(?:called|calls|calling|phoned|phoning|(?:driving|drove|drives|flying|flew|coming|came)(?: her| him| them)?"
           r"(?: in| up| down| over)?)"
           r"(?: \d{4})? from) ")
_LIVES_IN = re.compile(_LIVING + r"([A-Za-z][a-z]+(?: [A-Za-z][a-z]+){1,2})"
                       r"(?=[ \t]*(?:[,;:.)]|[ \t]-[ \t]|[ \t]\(|$)|[ \t]+(?:(?:and|with|where|for|since|but|who)\b|w/))",
                       re.MULTILINE)
#: ... and a town of one word ("lives in hollisford,")
_LIVES_IN_ONE = re.compile(_LIVING + r"([a-z]+)(?=[ \t]*(?:[,;:.)]|[ \t]-[ \t]|$)|[ \t]+(?:(?:and|with|where|for|since|but)\b|w/))",
                           re.MULTILINE)
_TOWN_KIND = re.compile(r"\b([A-Z][a-z]+) (city|falls|twp|township|heights|springs|junction|corners|village"
                        r"|hills|narrows|landing|crossing|station)\b(?=[ \t]*(?:[,.;:)(]|$)|[ \t]+(?:and|area|region)\b)",
                        re.MULTILINE)
_TOWN_COMMA_STATE = re.compile(r"(?<![\w'’-])([a-z]+(?: [a-z]+)?), ([a-z]{2})(?=[ \t]*(?:[.,;)]|$|\d{5}|- ))", re.MULTILINE)
#: a place cue right before a town ("called from kilbride, ma", "lives in bossier ridge, la")
#: two-letter state codes that are also words of notes ("in, ok", "me, or"): after a town no
#: list knows they are not read as states
STATE_WORDS = frozenset({"in", "ok", "me", "or", "hi", "oh", "de"})
_TOWN_CUE_BEFORE = re.compile(r"(?:\b(?:from|in|near|to|of|outside)[ \t]+)$")
_PLACE_KINDS = frozenset("""township twp corners narrows falls heights springs village junction crossing
landing mills ridge hollow gap bluffs harbor harbour beach lakes hills grove station plains flats
forks gardens bay cove glen neck jct""".split())
_PLACE_LEADS = frozenset("""las los la el san santa santo port fort mount lake north south east west
new upper lower""".split())
#: a word in small letters before a Capitalized one that may be its surname ("mom grace Nguyen")
_BEFORE_CAPPED = re.compile(r"(?<![\w'’.-])([a-z]{3,}) ((?:[OD]['’])?[A-Z][a-z]{2,}(?:-[A-Z]?[a-z]+)?)(?![\w'’]| \d)")
#: a greeting or a thanks and the first name it addresses or signs, at a line's start: "hi ted -
#: please finish the form", "thanks, ted" or "thanks,\nted" ending its line
_GREETING = re.compile(r"(?m)^[ \t]*(?:(?:hi|hello|hey|dear)[ \t]+([a-z]+)(?=[ \t]*(?:[,:!]|[-–—][ \t]|$))"
                       r"|(?:thanks|thank you|thx|regards|best|cheers)[ \t]*[,!.]?[ \t]*\n?[ \t]*(?:--?[ \t]*)?"
                       r"([a-z]+)[ \t]*$)")
#: whom a greeting or a thanks addresses by role, no name ("thanks, doc")
_GREETED_ROLES = frozenset({"doc", "doctor", "nurse"})
#: first names that a person's role before them makes a name ("pt bill Mcandrew"), else everyday words
_NAME_NOUNS = frozenset({"will", "bill", "mark", "rose", "sue", "pat", "grant", "chase"})
#: first names that are everyday words far more often before a name ("will", "may", "see")
_NOT_FIRST = _NAME_NOUNS | frozenset({"may", "see", "saw", "said", "per", "can"})
#: a kin word and the word after it ("mother zephyrine")
#: kin words, in small letters ("mother", "dtr", "gf"), as an alternation
KIN_WORDS = (r"mother|father|mom|dad|wife|husband|hubby|son|daughter|dtr|sister|brother|girlfriend|boyfriend|gf|bf"
             r"|aunt|uncle|grandmother|grandfather|grandma|grandpa|niece|nephew|cousin|partner")
#: what a nick name in quotes follows ('friend "dot"', 'calls out for "billy"'), as an alternation
NICK_CUES = (KIN_WORDS + r"|friend|roommate|sponsor|neighbor|caregiver|goes by|known as|aka|prefers"
             r"|baby|baby boy|baby girl|infant|name chosen|name picked"
             r"|calls? out for|calling out for|asking for|asks for|nicknamed")
#: the nick name in quotes after one of NICK_CUES (group 1)
NICK_IN_QUOTES = r",? [\"“]([a-z][a-z'’-]+(?: [a-z][a-z'’-]+)?)[\"”]"
#: a person's role or kin word right before a name ("pt", "case mgr", "reentry coordinator", "ofc")
_PERSON_CUE = re.compile(r"(?<![\w'’-])(?:pt|patient|resident|client|inmate|detainee|coordinator|mgr|manager"
                         r"|counselor|caseworker|worker|sponsor|officer|ofc|deputy|dep\.|navigator|advocate"
                         r"|rn|lpn|cna|lcsw|msw|chaplain|interpreter|consultant|landlord|therapist|aide|doula|"
                         + KIN_WORDS + r")(?:[:,]?[ \t]+|[ \t]*\()$")
#: a Capitalized word (a surname, say) right after another
_SURNAME_NEXT = re.compile(r" ([A-Z][a-z'’]+(?:-[A-Z][a-z]+)?)(?![\w'’-])")
_KIN_NEXT = re.compile(r"(?<![\w'’-])(?:" + KIN_WORDS + r"|fianc[eé]e?|grand(?:d)?aughter|grandson|neice|friend"
                       r"|roommate|sponsor|caregiver|sitter|peer|pastor|chaplain|aide|hha|cna|pct|doula|neighbou?r"
                       r"|coworker|co-worker|landlord|foreman|supervisor|boss|coach|teacher)"
                       r"(?: \((?:hcp|poa|dpoa|hcpoa|proxy|guardian)\))?"
                       r" ([a-z][a-z'’-]+)(?![\w'’-])")
#: what follows a first name that is also a verb ("will", "may") after a kin word, never a verb's
#: object: a stop, or a word no verb's base form ("husband will but he called", "sister may.")
_NAME_THEN = re.compile(r"[ \t]*(?:[.,;:)(]|--|$)|[ \t]+(?:but|and|at|is|was|has|had|called|calls|visited|visits"
                        r"|aware|updated|states|stated|reports|reported|says|said|who|w/)(?![\w'’/-])",
                        re.MULTILINE)
#: a care giver's field, its value a surname, a comma and a first name ("slp: young, will")
_ROLE_FIELD = re.compile(r"(?im)(?:^|[ \t]{2,})[ \t>*-]*(?:(?:ordering|referring|attending|primary|covering|consulting)[ \t]+)?"
                         r"(?:slp|ot|pt|rn|lpn|md|np|pa|attending|ordering|referring"
                         r"|pcp|provider|therapist|nurse|physician|surgeon|author|signed by|seen by|caregiver|hcp"
                         r"|(?:emergency )?contact|clinician|counselor|case manager|sw|social worker)[ \t]*:[ \t]*"
                         r"([A-Za-z][a-z'’-]+), ([a-z][a-z'’-]+)(?: [a-z]\.?)?(?=[ \t]*$|[ \t]{2,}|\t)")
#: a listed surname in small letters after a Capitalized first name and before a credential
_CRED = r"(?i:md|m\.d\.|do|rn|np|pa|pa-c|phd|lpn|cnm|crna|dds)\b"
#: a credential in small letters right after a Capitalized name ("Will Brannigan mht")
_CRED_AFTER_NAME = re.compile(r"\b[A-Z][a-z'’-]+,? (emt(?:-[pbi])?|aemt|ccp|rn|md|np|lpn|mht|bht|rrt|crna|cnm|lcsw|licsw|msw|dpt|otr|otr/l|cna"
                              r"|cwocn|aprn|fnp|pharmd|rph|ccc-slp|lmhc|lpc|cadc)\b(?![/-])")
_CRED_AFTER = re.compile(r",?[ \t]+(?i:md|rn|np|pa|pa-c|lpn|mht|bht|rrt|crna|cnm|do|phd|lcsw|msw|slp|otr|dpt|cna"
                         r"|cadc|lmhc|lpc|licsw|cwocn|aprn|fnp|ccc-slp)\b")
_QUOTED_NICK = re.compile(r"(?<![\w'’-])(?:" + NICK_CUES + r"|called)(?: is| was| named)?" + NICK_IN_QUOTES)
_COMMA_NAME = re.compile(r"([a-z][a-z'’-]+), ([A-Za-z][a-z'’-]+)(?: [A-Za-z]\.?)?")
_GOES_BY = re.compile(r"(?<![\w'’-])(?:goes by|prefers to be called|likes to be called|known as|aka) ([a-z][a-z'’-]+)"
                      r"(?=[ \t]*(?:[.,;)]|$))", re.MULTILINE)
#: words after a name that end it ("rn long present", "rn ng aware")
_AFTER_NAME_WORDS = frozenset({"to", "at", "in", "on", "re", "aware", "notified", "paged", "called", "here", "for",
                               "present", "responded", "gave", "lead", "and", "covered", "covering", "relieved",
                               "assisted", "helped", "took"})
#: the roles after which an everyday word can be a first name ("cna bill hill"): titles of _TITLE_NO_DOT
_ROLE_TITLES = frozenset({"cna", "pct", "mht", "officer", "ofc", "coordinator", "deputy", "sgt", "rt", "co"})
_TITLE_NO_DOT = re.compile(r"(?<![\w'’.-])(?P<t>mrs|mr|ms|np|rn|md|dr|lpn|cnm|crna|" + "|".join(sorted(_ROLE_TITLES)) + r")"
                           r" ([a-z][a-z'’-]+(?: [a-z][a-z'’-]+)?)"
                           r"(?=[ \t]*(?:[.,;:)(+]|$|\d|[ \t](?:" + "|".join(sorted(_AFTER_NAME_WORDS)) + r")\b))",
                           re.MULTILINE)
#: the roles after which a common surname alone is a name ("rn long + lpn responded", "co young lead",
#: "struck mht hill on l shoulder", "pgy3, rt bond, 2 rns"): "co", a corrections officer
_SURNAME_ROLES = frozenset({"rn", "lpn", "officer", "ofc", "mht", "rt", "deputy", "sgt", "co"})
#: a common surname alone after what one does to a colleague ("per young - poss or", "notified hill,
#: aware", "PAGED SWAN (TRAUMA CHIEF)", "notified wood at 0130"), set off by what ends a mention
_VERB_SURNAME = re.compile(r"(?<![\w/-])(?:per|paged|re-?paged|notified|informed|d/w|updated"
                           r"|(?:updated|seen|examined|evaluated|assessed|called|paged|notified) by)[ \t]+([a-z][a-z'’-]{2,})"
                           r"(?=[ \t]*[,.;:(]|[ \t]+(?:-|–|aware\b|at[ \t]+(?:bedside|\d)|re\b|w/|@|\d"
                           r"|fellow\b|resident\b|attending\b|if\b)|[ \t]*$)", re.MULTILINE)
#: the same before a clinician's role in brackets, after "w/" or "by" too ("w/ bond (burn attending)",
#: "paged swan (trauma chief)"): a less common surname counts there
#: a clinician's role as a note puts it in brackets after the name (also the names detector's)
CLINICIAN_ROLES = r"(?:attending|fellow|resident|res|np|pa|md|rn|chief|intern|surgeon|nsgy|pgy\d)"
_ROLE_PAREN_SURNAME = re.compile(
    r"(?<![\w/-])(?:per|paged|re-?paged|notified|informed|d/w|updated|w/|with|by)[ \t]+([a-z][a-z'’-]{2,})"
    r"[ \t]*\((?:[a-z]+[ \t])?" + CLINICIAN_ROLES + r"\)")
#: the words of that place that are surnames but say when or how or what ("per day.", "per house", "per
#: faith"); the names detector reads them too (detectors.names._verb_named)
VERB_SURNAME_STOP = frozenset("""day days night nights call back child low high small best page ward house short
hand head foot case law power early late more most major minor general grant bill mark rule chart order shift
care son sons mar faith""".split())
#: a title in a cased note, then the name's words in small letters ("Dr. harriet lindqvist",
#: "DR young", "Mrs. kowalski"): up to three of them
_TITLE_RUN = re.compile(r"(?:d(?<![\w.]d)r\.?|D(?<![\w.]D)[Rr]\.|m(?<![\w.]m)(?:rs?|s)\.?|M(?<![\w.]M)(?:rs?\.?|s\.?|RS?\.|S\.))[ \t]([A-Za-z][a-z'’-]*(?:[ \t][a-z][a-z'’-]*){1,2}|[a-z][a-z'’-]*)")
#: words after a title that say what the doctor does ("Dr. will see pt", "dr may call")
_VERBS_AFTER_TITLE = frozenset("""will may can see saw said per says wants would should could did does has had
notified aware called paged""".split())
#: in a cased note, a kin word or a helper's role, then a first name in small letters and perhaps
#: its surname ("WIFE marie", "interpreter samir (ID", "Parents: desmond and"); matched on the note in
#: small letters, the name's case read in the note itself
_KIN_FIRST_WORDS = KIN_WORDS.split("|") + """fiance fiancee fiancé fiancée granddaughter grandson friend roommate
caregiver parent parents fob mob interpreter doula worker caseworker coordinator manager mgr sitter aide hha
chaplain pastor sponsor counselor navigator advocate guardian neighbor neighbour supervisor foreman boss teacher
coach principal landlord rep contact""".split()


def _alternation(words) -> str:
    """An alternation of `words` grouped by their first letter, longest first ("m(?:other|om)"):
    `re` then tries one branch at a letter, not every word (twice as fast)."""
    by: dict[str, list[str]] = {}
    for w in sorted(set(words), key=lambda w: (-len(w), w)):
        by.setdefault(w[0], []).append(re.escape(w[1:]))
    return "|".join(re.escape(k) + "(?:" + "|".join(v) + ")" for k, v in sorted(by.items()))


_KIN_FIRST = re.compile(r"(?<![\w'’-])(?:" + _alternation(_KIN_FIRST_WORDS) + r")"
                        r"(?:[ \t]+\((?:hcp|poa|dpoa|hcpoa|proxy|guardian)\))?:?[ \t]+"
                        r"([a-z][a-z'’-]+)(?![.@]\w)(?:[ \t]([a-z][a-z'’-]+))?(?![\w'’-]|[.@]\w)")
#: a first name that is an everyday word too ("will", "bill", "grant") after a kin word or a helper's role,
#: when what follows shows no modal and no noun: a surname, a pause, an -ing word or a word no verb follows
#: a modal with ("son will overseas w/ army", "fob will holding l leg", "husband will hill --", "spoke w/
#: pharmacist bill, refill", "hha: bill 5x/wk"); never "son will call", "wife will be here"
_KIN_NOUN_NAME = re.compile(r"(?<![\w'’-])(?:" + _alternation(_KIN_FIRST_WORDS + """pharmacist tech co cna hha rn lpn
officer ofc deputy sgt""".split()) + r")(?:[ \t]+\((?:hcp|poa|dpoa|hcpoa|proxy|guardian)\))?[:,]?[ \t]+"
                            r"(will|bill|grant|mark|rose|sue|pat|chase)(?:[ \t]*(?=[,;]|--|\.(?!\w)|\d)|[ \t]+([a-z][a-z'’-]+))")
_NOT_AFTER_MODAL = frozenset("""overseas at in here there and is was aware states stated said called present home with
w/ from away out today tonight""".split())
#: verbs (and words) a modal "will" or "may" leads ("son will call back", "wife will bring", "MOM WILL CALL",
#: "husband will cook"): after these the modal is no name; the names detector reads them too
MODAL_NEXT = frozenset("""call come visit stay bring pick take be have follow need help go return arrive check see
talk speak discuss update let get make keep drive fly try continue provide plan consider sign decide meet wait stop
like love want hold give leave move lose fall bear mind look read hear not also probably likely cook clean""".split())
#: (no part of an e-mail address: "contact: john.doerr@example.com")
#: in a cased note, a staff member's credential ("RN", "lmsw") and the name in small letters before
#: it ("-- wren adebayo-marsh, LMSW", "-- l. nováková RN", "-- tamsin w., RN", "report to will o'hare rn")
_CREDS = ("rn lpn lvn md np pa pa-c lmsw lcsw licsw msw rd rdn ibclc cpht rph pharmd rrt phn rnc-nic rnc cnm crna cna"
          " mht bht lpc lmhc cadc otr/l otr dpt slp ccc-slp cwocn aprn fnp fnp-c emt paramedic bsn msn").split()
#: (matched on the text in small letters; written in capitals or in small letters, but "DO" only in
#: capitals: "do" is a verb)
_CRED_WORD = re.compile(r"(?<![\w/.-])(?:" + _alternation(_CREDS + ["do"]) + r")(?![\w/-])")
_NAME_BEFORE_CRED = re.compile(
    r"(?:(?P<line>(?P<ls>(?:^|\n)[ \t>*-]*)|(?i:by|signed|from|with|w/|author|submitted by|seen by)[: \t]+)|(?<=[ (]))"
    r"(?P<n>(?:[^\W\d_A-Z][^\W\d_]*(?:['’-][^\W\d_]+)*\.?|[^\W\d_A-Z]\.)"
    r"(?:[ \t](?:[^\W\d_A-Z][^\W\d_]*(?:['’-][^\W\d_]+)*\.?|[^\W\d_A-Z]\.)){0,2})"
    r",?[ \t]+\Z")
#: services named after a title ("Dr. ortho", "per dr neuro"): no one's name
_SERVICE_WORDS = frozenset("""ent gi neuro pulm nephro vasc anes hosp ortho cards onc psych heme surg uro derm
peds ir rads ob gyn obgyn id icu er ed cardio gen endo rheum path plastics trauma renal neph card crit
onco hem hemonc resp pall palliative rehab wound nsgy nsurg ctsx cts sw slp pt ot medicine surgery cardiology
oncology urology neurology pulmonary nephrology oncall on-call covering team service fellow resident""".split())
#: a nick name in quotes right after a name the view has Capitalized ('Deshawn ("big d")', 'Marcus "boogie"')
_NICK_AFTER_CAP = re.compile(r"(?<![\w'’-])[A-Z][a-z'’-]+,?[ \t]?\(?[\"“]([a-z][a-z'’.-]*(?: [a-z][a-z'’.-]*)?)[\"”]"
                             r"(?:[ \t]([^\W\d_][\w'’-]*)(?![\w'’-]))?")
_NICK_BETWEEN = re.compile(r"\b([A-Z][a-z]+) [\"“]([a-z][a-z'’.-]*)[\"”] ([a-z][a-z'’-]+)(?![\w'’-])")
_INITIAL_CRED = re.compile(r"(?<![\w.])((?:[a-z]\.){1,2}) ?([A-Za-z][a-z'’-]+),? (?i:rn|md|np|lpn|pa-c|crna|cnm|rrt|mht|lcsw|msw|do|dpt|otr|slp|ot|pt"
                           r"|(?:m[sa],? )?ccc-slp|cadc|lmhc|lpc|cwocn|aprn|fnp|emt(?:-[pbi])?|aemt|ccp|paramedic)(?![\w-])")
#: an initial and a surname after a role, a title or a crew's label ("escorted by co t. love", "updated by nnp
#: t. love re:", "sheriff's dep. a. long", "(dr. s. little, ortho)", "-- rn d. long 0615", "crew: b. hill")
_ROLE_INITIAL = re.compile(r"[ \t]((?:[a-z]\.){1,2})[ \t]?([a-z][a-z'’-]+)(?![\w'’-])")
#: (the initial found first, the role then read right before it: an alternation of roles tried at
#: every character costs four times more)
_ROLE_BEFORE_INITIAL = re.compile(r"(?<![\w.])(?i:co|rn|lpn|nnp|np|pa|dep\.?|deputy|officer|ofc|sgt|dr\.?|tech|rt|crew:|md)"
                                  r"[ \t]*\Z")
_BEFORE_DEGREE = re.compile(r"(?<=[A-Z][a-z]) ([a-z]{2,}), " + _CRED)
#: a therapist's or a nurse's surname alone in brackets before a credential ("pt (long, dpt) - transfers")
_PAREN_SURNAME = re.compile(r"\(([a-z][a-z'’-]{2,}), (?:dpt|pta|pt|ot|otr|otr/l|cota|slp|rn|lpn|md|np|pa|pa-c|rrt|cna|atc)\)")
#: a signer's two words in small letters at a line's start before a credential ("jung-ho park, md")
_SIGNER_LINE = re.compile(r"(?m)(?:^[ \t>*-]*|[.;] - |(?i:from|to|cc|with|by|author|signed|shift|sitter|aide|cna|pct):[ \t]*)"
                          r"([A-Za-z][a-z'’]+(?:-[A-Za-z][a-z]+)?) ([A-Za-z][a-z'’]+(?:-[a-z]+)?)"
                          r"(?:, " + _CRED + r"| (?i:rn|lpn|md|np|emt(?:-[pbi])?|aemt|paramedic|cna|pct|mht|rrt)(?![\w-])[ \t]*\.?[ \t]*$)")
#: languages, Capitalized but no first names before a word ("dad english fluent")
_LANGUAGES = frozenset("""english spanish french polish italian german portuguese russian chinese
mandarin cantonese arabic haitian creole vietnamese korean japanese hindi urdu somali swahili
amharic tagalog greek hebrew farsi persian dutch ukrainian turkish bengali punjabi tamil telugu gujarati
nepali pashto dari tigrinya yoruba igbo khmer""".split())
#: clinical shorthand that the word lists take for names ("no spells or brady", "tachy to 190")
_JARGON = frozenset("""brady bradys tachy tachys desat desats nyha amber deacon marshal ranger oasis navidad
chole chol rami lido matrix""".split())
#: a newborn's name as charts give it ("baby boy wroblewski", "baby girl a price"): the surname
#: (matched on the text in small letters; the test before a word comes after its first letter,
#: so that `re` skips to the places where one of the words begins)
_BABY = re.compile(r"(?:b(?<![\w-]b)aby|i(?<![\w-]i)nfant|t(?<![\w-]t)win) (?:boy|girl)(?: [a-c])?,? ([a-z][a-z'’-]+)(?![\w'’-])")
#: words after "baby boy" that are no surname
_BABY_NOT = frozenset("""is was has had and or in at on to of with born doing now still tolerating
remains remained appears appeared continues weighs weighed being delivered admitted transferred
sleeping feeding crying resting stable""".split())
#: the articles that lead Arabic surnames ("Al-Sayed", "El-Amin", "Abu-Bakr")
_ARTICLES = frozenset({"al", "el", "abu", "abd", "bin", "ibn", "bint"})
_HYPHENED = re.compile(r"(?<![\w-])([A-Za-z][a-z]+)-([A-Za-z][a-z]+)(?![\w-])")
_SAINT = re.compile(r"(?<![\w.])(st|mt)\. (?=[A-Z])")
_DEGREE = re.compile(r"(?<=[A-Za-z]), (m\.d\.|md|r\.n\.|rn|np|ph\.d\.|phd|do|lpn|lcsw|msw|pa-c|dds)(?![\w])")
#: the kinds of firms and practices a proper name stands before ("Riverbend physical therapy",
#: "Northgate obstetrics", "Summit respiratory supply"): in the view they are Capitalized after a
#: word the view already Capitalized, so the organization detector reads the whole name
_FIRM_HEAD = re.compile(
    r"(?<![\w'’-])([A-Za-z][a-z'’]+) ((?:physical|occupational|speech) therapy|physiotherapy|obstetrics"
    r"(?: (?:&|and) gynecology)?|ob-gyn|ob/gyn|gynecology|orthopa?edics|cardiology|dermatology|oncology"
    r"|podiatry|urology|pediatrics|pediatric (?:group|assoc|associates|practice)|imaging|radiology"
    r"|dental(?: care| associates| group)?|dentistry"
    r"|orthodontics|internal medicine|family medicine|primary care|family care|women's health"
    r"|health partners|health plan|medical group|medical associates|associates|home medical"
    r"|(?:medical|respiratory|surgical) suppl(?:y|ies)|apothecary|pharmacy|drugs?|funeral home"
    r"|counseling|chiropractic|ambulance|home health|home infusion|public library|library"
    r"|early learning(?: center)?|learning center|child ?care(?: center)?|day ?care|montessori"
    r"|academy)(?![\w'’-])")
_COMPANY = re.compile(r"\b[A-Z][a-z]+ (corp|inc|llc|ltd|co(?=\.|[ \t]*(?:[,;)]|$)))\b", re.MULTILINE)
#: the town of a street's address before its ZIP, or its state's code and ZIP ("1188 Coal Hollow
#: Rd, castle junction 59721", "77 LANTERN HILL RD, ASHGROVE, ME 04419" read in small letters)
_STREET_TOWN_ZIP = re.compile(r"\d[^,\n]{2,30}\b(?i:st|rd|ave|dr|ln|ct|blvd|way|pl|ter|hwy|cir|pkwy|trl|street|road|avenue"
                              r"|drive|lane|court|place|circle|terrace)\.?,[ \t]+(?:(?i:apt|unit|ste|#)[^,\n]{1,8},[ \t]+)?"
                              r"([a-z]+(?: [a-z]+){0,2}),?[ \t]+(?:[A-Z]{2}\.?,?[ \t]+)?\d{5}(?:-\d{4})?(?![\w-])")
#: the town after a box's or a rural road's comma, up to the line's or the clause's end, a ZIP or a
#: parenthesis ("po box 88, briarwick 40979", "rr 2 box 14, dunmore flats", "4471 county rd 12,
#: otter bend.", "21550 avenue 48, almendro springs. almond orchard")
_BOX_TOWN = re.compile(
    r"(?:\b(?:p\.?[ ]?o\.?[ ]?box|(?:rr|hc|r\.r\.)[ ]?\d+,?[ ]box)[ ]\d+[a-z]?"
    r"|\b\d{1,6}[ ](?:[a-z][a-z'’.-]*[ ]){0,3}(?:st|rd|ave|dr|ln|ct|blvd|way|pl|hwy|road|street|avenue|drive|lane"
    r"|court|highway|route|rte|pike|trail|trl)\.?(?:[ ]\d+[a-z]?)?)"
    r"(?:,[ \t]*(?:apt|unit|lot|trlr|#)[^,\n]{1,8})?,[ \t]+([a-z][a-z'’-]+(?:[ \t][a-z][a-z'’-]+){0,2})"
    r"(?=[ \t]*(?:\n|$|[.;](?:[ \t\n]|$)|,?[ \t]*\d{5}(?![\w-])|\())")
#: a signer's initials in small letters before a credential, at a sign-off ("-- jk rn, nights",
#: "seen w/ jk rn")
_INITIALS_SIGNOFF = re.compile(r"(?m)(?:^[ \t]*-{1,2}[ \t]*|\bseen w/[ \t]+|\bsigned:?[ \t]+)([a-z]{2,3})"
                               r"[ \t]+(rn|lpn|md|np|rrt|cna|emt|lcsw|msw)\b")
_NOT_INITIALS = frozenset({"pt", "rn", "md", "ok", "no", "am", "pm", "ed", "or", "er", "np", "to", "by", "per", "and",
                           "the", "see", "icu", "lpn", "cna"})
#: a family firm after a Capitalized name ("Hadley & sons lumber"): its "& Sons" and the trade after
_FAMILY_FIRM = re.compile(r"\b[A-Z][a-z'’]+ (?:&|and) (sons?|daughters?|brothers|bros\.?)(?: ([a-z]{3,}))?\b")
_STATE_ZIP = re.compile(r"\b([a-z]{2})\.?,?\s+\d{5}(?:-\d{4})?\b")


def is_caseless(text: str) -> bool:
    """No capital letter at all, and enough letters to tell."""
    return caseless(text) == "lower"


def caseless(text: str) -> str | None:
    """"lower" for a text with no capital letter, "upper" for one with no small letter (with
    enough letters to tell), else None."""
    # str.islower/isupper: every cased character is small (capital), and there is one
    kind = "lower" if text.islower() else "upper" if text.isupper() else None
    if kind is None:
        return None
    # count letters only until there are enough (a whole-text generator cost more than the rest)
    n = 0
    for c in text:
        if c.isalpha():
            n += 1
            if n >= MIN_LETTERS:
                return kind
    return None


#: the first letter of a sentence after its stop (mostly_lower reads a line's first letter itself)
_SENTENCE_START = re.compile(r"[.!?][ \t]+[ \t>*-]*([^\W\d_])")
#: what may come before a line's first letter
_LINE_LEAD = " \t>*-"


def mostly_lower(text: str) -> bool:
    """A note typed in small letters with a few capitals here and there ("dr. PATEL", "dad
    Zbigniew"): four in five of its lines and sentences, and at least eight, begin in small
    letters. Such a text is read like one wholly in small letters, its capitals kept."""
    lower = upper = 0
    # The first letters of sentences after a stop, then those of lines: the two kinds never
    # overlap, and a literal-led search plus a walk over the lines cost a third of one pattern
    # with "^" tried at every character. A letter is what [^\W\d_] is: alphanumeric, no digit.
    for m in _SENTENCE_START.finditer(text):
        if m.group(1).islower():
            lower += 1
        else:
            upper += 1
    for line in text.split("\n"):
        c = line.lstrip(_LINE_LEAD)[:1]
        if c and c.isalnum() and not c.isdecimal():
            if c.islower():
                lower += 1
            else:
                upper += 1
    return lower >= 8 and lower >= 4 * upper


def lower_aligned(text: str) -> str:
    """The text in small letters, character for character (a letter whose small form is longer
    stays as it is)."""
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def _last_words(text: str, end: int, n: int = 3) -> list[tuple[int, int]]:
    """The spans of the last `n` `_WORD` matches before `end`, as a scan from the text's start
    finds them; from a window before `end` when it holds n + 1 (its first may be a word cut by
    the window's edge), else from the start."""
    lo = end - 200
    if lo > 0:
        words = [(w.start(), w.end()) for w in _WORD.finditer(text, lo, end)]
        if len(words) > n:
            return words[-n:]
    return [(w.start(), w.end()) for w in _WORD.finditer(text, 0, end)][-n:]


def _line_start(view: str, pos: int) -> bool:
    """Only blanks and dashes between the line's start and pos."""
    return not view[view.rfind("\n", 0, pos) + 1:pos].strip(" \t-–—")


def _surname_or_unknown(lexicon, w: str) -> bool:
    """A word in small letters that may be a surname: a listed one, or a word no common list holds."""
    return lexicon.is_surname(w[:1].upper() + w[1:]) or lexicon.capitalized_share(w) is None


def _first_and_surname(lexicon, f: str, l: str) -> bool:
    """A listed first name `f`, then a word `l` that may be its surname ("crystal long", "joy hill")."""
    return lexicon.is_first_name(f[:1].upper() + f[1:]) and _surname_or_unknown(lexicon, l)


def _name_boundary(text: str, start: int) -> bool:
    """A name may begin at `start`: the text's or a line's start, a colon, a dash, a comma, a
    parenthesis, a sentence's end or a word that never starts a name ("from", "at", "the") right
    before it."""
    pre = text[max(0, start - 24):start].rstrip(" \t")
    if not pre or pre[-1] in ":-,(;\n":
        return True
    last = pre.split()[-1]
    if last[-1] == "." and (last[:-1].isdigit() or len(last) > 4 and last[:-1].isalpha()):
        return True  # a sentence's end ("911 called 1630. harbor city fire & ems"), no "dr." or "st."
    return last in _STOP


def cased_view(text: str, lexicon, rules: frozenset[str] | None = None) -> str:
    """The view described above (same length as `text`). With `rules`, only the rules of those
    names (their patterns' names, as `SMALL_NAMES_RULES` gives them) run."""
    chars = list(text)
    #: the text in small letters: the same for the text and every view of it
    small = lower_aligned(text)
    dirty = [False]
    joined = [text]

    def _run(name, rx, src):
        return rx.finditer(src) if rules is None or name in rules else ()

    def _join() -> str:
        """The view as it stands (joined again only when a rule changed it)."""
        if dirty[0]:
            joined[0] = "".join(chars)
            dirty[0] = False
        return joined[0]

    def title(s: int, e: int) -> None:
        up = text[s].upper()
        if len(up) == 1 and chars[s] != up:
            chars[s] = up
            dirty[0] = True

    def upper(s: int, e: int) -> None:
        for i in range(s, e):
            up = text[i].upper()
            if len(up) == 1 and chars[i] != up:
                chars[i] = up
                dirty[0] = True

    memo: dict[str, bool] = {}

    def proper(word: str) -> bool:
        got = memo.get(word)
        if got is None:
            share = lexicon.capitalized_share(word)
            if word in _JARGON or lexicon.medical_kind(word) in ("drug", "medical"):
                got = False
            elif len(word) > 3 and word[1] == "'" and word[0] in "od":  # "O'Brien": its share
                got = lexicon.is_surname(word[:1].upper() + word[1:])   # counts no Capitalized form
            elif share is None:  # no common word: a listed name ("vasquez") or nothing
                cap = word[:1].upper() + word[1:]
                got = lexicon.is_first_name(cap) or lexicon.is_surname(cap) or lexicon.is_city(cap) \
                    or len(word) >= 4 and lexicon.is_world_city(cap)  # "from chennai", "in taichung"
            else:
                # a word mostly Capitalized in running text, and a listed name or place: the
                # shares are coarse and noisy ("agreed", "valve"), the lists keep them honest
                cap = word[:1].upper() + word[1:]
                got = share >= 0.9 or share >= 0.6 and (lexicon.is_first_name(cap) or lexicon.is_surname(cap)
                                        or lexicon.is_city(cap) or lexicon.is_state(cap)
                                        or lexicon.is_country(cap) or len(word) >= 4 and lexicon.is_world_city(cap))
            memo[word] = got
        return got

    for m in _run("_LONG_WORD", _LONG_WORD, text):
        w = m.group()
        # two- and three-letter words are abbreviations more often than names ("mae": moves
        # all extremities); longer ones by the lists
        if proper(w.replace("’", "'")):
            title(m.start(), m.end())
            if w[1] in "'’" and w[0] in "od":  # "o'brien" → "O'Brien"
                title(m.start() + 2, m.end())
    view = _join()
    for m in _run("_TITLE", _TITLE, text):  # "dr. kowalski", "dr price", "fr. okonkwo"
        if m.group(1):
            title(m.start(1), m.end(1))
            continue
        # "dr price" without its period: before a word already Capitalized, a listed surname or a
        # word no list knows ("dr aware" stays)
        nxt = _NEXT_LOWER.match(view, m.end(2))
        w = nxt.group(1) if nxt is not None else ""
        if nxt is None or _surname_or_unknown(lexicon, w) and lexicon.medical_kind(w) is None:
            title(m.start(2), m.end(2))
    def weak(name: list[tuple[int, int]], head: str, placeish: bool) -> bool:
        """A head's name that starts on an everyday word ("acting dose after"), unless a church's
        words or a place's head make it one."""
        first = text[name[0][0]:name[0][1]]
        share = lexicon.capitalized_share(first)
        return share is not None and share < 0.15 and not proper(first) and not (
            head in _WORSHIP and len(name) >= 2 and all(text[a:b] in _CHURCH_WORDS for a, b in name)) \
            and not (placeish and len(name) >= 2)

    for m in _run("_HEADS", _HEADS, text):
        firm = m.group() in _FIRM_HEADS
        crew = m.group() in _RESCUE_HEADS and _CREW_AFTER.match(text, m.end()) is not None
        if m.group() == "fire" and not crew:
            continue
        placeish = crew or m.group() in _PLACE_HEADS
        words = _last_words(text, m.start(), 5)
        name: list[tuple[int, int]] = []
        one: list[tuple[int, int]] = []
        proper_words = 0
        for s, e in reversed(words):
            w = text[s:e]
            gap = text[e:m.start() if not name else name[0][0]]
            if gap.strip(" ") not in ("", "-", "&") or proper_words and gap.strip(" ") == "-" and gap != "-" \
                    or gap.strip(" ") == "&" and gap != " & ":
                break  # punctuation between: not one name (a hyphen inside a word, "speech & language" are none)
            if w in _GENERIC:
                name.insert(0, (s, e))
                continue
            if w in _STOP:
                break
            if firm and not proper(w) and not (m.group() in _WORSHIP and w in _CHURCH_WORDS) \
                    and not (placeish and lexicon.medical_kind(w) is None):
                share = lexicon.capitalized_share(w)
                if share is not None and share < 0.3 or lexicon.medical_kind(w) is not None:
                    break  # "visiting nurse services", "social services": a service, no firm's name
            name.insert(0, (s, e))
            proper_words += 1
            if proper_words == 1:
                one = list(name)
            if proper_words == 3:
                break
        if proper_words > 1 and not _name_boundary(text, name[0][0]):
            name = one  # "pine hollow regional hospital" only after a colon, a dash, a line's start...
        if not name or text[name[0][0]:name[0][1]] in _GENERIC:
            continue
        if weak(name, m.group(), placeish):
            w1 = text[one[0][0]:one[0][1]] if one else ""
            if name == one or not one or weak(one, m.group(), placeish) or not (
                    proper(w1) or lexicon.word_band(w1) is None or (lexicon.capitalized_share(w1) or 0) >= 0.5):
                continue
            name = one  # "daily. first choice ashgrove manor": the name's word next to its head
        for s, e in name:
            title(s, e)
        for w in _WORD.finditer(text, m.start(), m.end()):
            (upper if w.group() in ("ems", "vna", "vns") else title)(w.start(), w.end())
    view = _join()
    for m in _run("_AMP_INITIALS", _AMP_INITIALS, view):  # "r&J Roofing" → "R&J Roofing"
        upper(m.start(1), m.end(1))
    for m in _run("_STREET", _STREET, text):
        for w in _WORD.finditer(text, m.start(1), m.end(2)):
            title(w.start(), w.end())
        t = _TOWN_LINE_END.match(text, m.end())
        if t is not None and not any(lexicon.medical_kind(w) is not None for w in t.group(1).split()):
            # "2200 lamplighter ave, dorsetville" ending its line: the town of the address
            for w in _WORD.finditer(text, t.start(1), t.end(1)):
                title(w.start(), w.end())
    for m in _run("_SUFFIX_TOWN", _SUFFIX_TOWN, text):  # "went home to pine hollow,"
        w = m.group(1)
        if w in _STOP or w in _GENERIC or lexicon.medical_kind(w) is not None or w in ("the", "his", "her", "their"):
            continue
        title(m.start(1), m.end(1))
        title(m.start(2), m.end(2))
    for m in _run("_COUNTY", _COUNTY, text):  # "notified tamarack county coroner", "marlow county ems"
        words = [(w.start(), w.end()) for w in _WORD.finditer(text, m.start(1), m.end(1))]
        ok = [text[a:b] not in _STOP and text[a:b] not in _GENERIC and text[a:b] not in ("via", "per")
              and lexicon.medical_kind(text[a:b]) is None and (
                  proper(text[a:b]) or (sh := lexicon.capitalized_share(text[a:b])) is None or sh >= 0.3
                  or lexicon.is_city(text[a:b].capitalize()) or lexicon.is_surname(text[a:b].capitalize()))
              for a, b in words]
        while words and not all(ok):
            words, ok = words[1:], ok[1:]  # "notified tamarack county": the county's own word only
        if words:
            for a, b in words:
                title(a, b)
            title(m.start(2), m.end(2))
    for m in _run("_UNIT", _UNIT, text):
        title(m.start(1), m.end(1))
        upper(m.start(2), m.end(2))
    for m in _run("_STATE_ZIP", _STATE_ZIP, text):
        if lexicon.is_state(m.group(1).upper()):
            upper(m.start(1), m.end(1))
            # the listed town of one to three words before it ("sweet springs, mo 65351")
            words = _last_words(text, m.start(), 3)
            for k in range(len(words)):
                a = words[k][0]
                town = text[a:words[-1][1]]
                if text[words[-1][1]:m.start()].strip(" ,") == "" and all(
                        text[x[1]:y[0]] == " " for x, y in zip(words[k:], words[k + 1:])) \
                        and lexicon.is_city(" ".join(w[:1].upper() + w[1:] for w in town.split())):
                    for b, e in words[k:]:
                        title(b, e)
                    break
    view = _join()
    for m in _run("_CITY_STATE", _CITY_STATE, view):  # "quincy, ma": after a town now capitalized
        if lexicon.is_state(m.group(1).upper()):
            upper(m.start(1), m.end(1))
    for m in _run("_TOWN_STATE", _TOWN_STATE, view):  # "Elkins wv": a listed town, then a state's code ending the line
        if lexicon.is_state(m.group(2).upper()) and lexicon.is_city(m.group(1)):
            upper(m.start(2), m.end(2))
    view = _join()
    for m in _run("_MONTH_DAY", _MONTH_DAY, view):  # "return nov 4": a month before its day
        mon = m.group(1)
        if mon in ("may", "mar") and not m.group(2):
            continue  # "may 2", "mar 4": a verb or the medication record before a number
        title(m.start(1), m.end(1))
    for m in _run("_AFTER_TITLE", _AFTER_TITLE, view):  # "Dr. lang", "Dr price": whatever follows a title is a name
        w = m.group(1)
        if rules is not None and (w in _STOP or lexicon.medical_kind(w) is not None
                                  or not _surname_or_unknown(lexicon, w)):
            continue
        title(m.start(1), m.end(1))
    for m in _run("_KIN_NEXT", _KIN_NEXT, view):  # "mother zephyrine": a word no list knows after a kin word
        w = m.group(1)
        if w in _NOT_FIRST and _NAME_THEN.match(view, m.end(1)) is not None \
                and lexicon.is_first_name(w[:1].upper() + w[1:]):
            title(m.start(1), m.end(1))  # "husband will but he called", "his sister may." (no verb after)
            continue
        if len(w) < 3 or w in _STOP or w in _NOT_FIRST or lexicon.medical_kind(w) is not None:
            continue
        share = lexicon.capitalized_share(w)
        first = lexicon.is_first_name(w[:1].upper() + w[1:])
        if share is None or share >= 0.15 and first:
            title(m.start(1), m.end(1))  # ("girlfriend joy price": a first name after a kin word)
        elif first and (nxt := _SURNAME_NEXT.match(view, m.end(1))) is not None \
                and lexicon.is_surname(nxt.group(1)):
            title(m.start(1), m.end(1))  # "son (hcp) price King": any first name before a surname
    view = _join()
    for m in _run("_NEXT_WORD", _NEXT_WORD, view):  # "Marjorie long": a listed surname after a first name
        first, last = m.group(1), m.group(2)
        cap = last[:1].upper() + last[1:]
        if first.lower() not in _LANGUAGES and lexicon.is_first_name(first) and lexicon.is_surname(cap) \
                and lexicon.medical_kind(last) not in ("drug", "medical"):
            share = lexicon.capitalized_share(last)
            if share is not None and share < 0.3 and lexicon.surname_band(cap) != 0 \
                    and _FIELD_END.match(view, m.end(2)) is None:
                # "mom Sunny present": an everyday word that is seldom a surname, but for one that
                # ends a name's field ("son Reginald fairweather 606-555-0129", "Odessa Mae fairweather   91yo")
                continue
            title(m.start(2), m.end(2))
        elif "-" in last and first.lower() not in _LANGUAGES and lexicon.is_first_name(first):
            # "Fatima al-sayed", "Omar el-amin", "Ana garcia-lopez": a hyphened surname after a first
            # name, led by an Arabic article or with a listed surname for a part
            parts = [(p.start() + m.start(2), p.end() + m.start(2)) for p in _PART.finditer(last)]
            words = [view[a:b] for a, b in parts]
            if len(words) == 2 and all(len(w) >= 2 and w not in _STOP and lexicon.medical_kind(w) is None
                                       for w in words) and (
                    words[0] in _ARTICLES or any(lexicon.is_surname(w[:1].upper() + w[1:])
                                                 and (lexicon.capitalized_share(w) or 1.0) >= 0.3 for w in words)):
                for a, b in parts:
                    title(a, b)
    for m in _run("_PERSON_FIELD", _PERSON_FIELD, view):  # "pt: okonkwo-reyes, Desmond   mrn": a patient's field
        named = False
        # written surname first ("pt: little, darnell j   mrn"): a listed surname and a listed
        # first name are the name's, however everyday the words
        comma = _COMMA_NAME.fullmatch(view, m.start(1), m.end(1))
        if comma is not None and lexicon.is_surname(comma.group(1)[:1].upper() + comma.group(1)[1:]) \
                and comma.group(1) not in _STOP and lexicon.medical_kind(comma.group(1)) is None:
            second = comma.group(2).lower()
            if lexicon.is_first_name(second[:1].upper() + second[1:]) or lexicon.capitalized_share(second) is None:
                named = True
                title(comma.start(1), comma.end(1))
        # a nick name in quotes makes the field a name ('pt: liberty "libby" twofeathers'): its
        # words are the name's when a list holds them as given names or surnames
        nicked = '"' in view[m.start(1):m.end(1)]
        for w in _PART.finditer(view, m.start(1), m.end(1)):
            word = w.group()
            if word[0].isupper():
                named = True
                continue
            cap = word[:1].upper() + word[1:]
            if nicked and word not in _STOP and lexicon.medical_kind(word) is None and (
                    view[w.start() - 1:w.start()] == '"' or lexicon.is_first_name(cap) or lexicon.is_surname(cap)):
                title(w.start(), w.end())
                named = True
                continue
            if len(word) < 2:
                if named:
                    title(w.start(), w.end())  # a middle initial ("Anna m")
                continue
            share = lexicon.capitalized_share(word)
            cap = word[:1].upper() + word[1:]
            if lexicon.medical_kind(word) in ("drug", "medical") and not lexicon.is_surname(cap):
                break
            if share is None or share >= 0.4 and (lexicon.is_surname(cap) or lexicon.is_first_name(cap)) \
                    or named and word not in _STOP and lexicon.is_surname(cap):
                # (after the name's first words, any listed surname: "pt: Dustin Lee young")
                title(w.start(), w.end())
                named = True
            else:
                break  # "pt: ok. no etoh": no name
    for m in _run("_PT_AGE", _PT_AGE, view):  # "pt crystal long 19yo": a first name and a surname, then the age
        words = [(w.start(), w.end(), w.group()) for w in _PART.finditer(view, m.start(1), m.end(1))]
        if len(words) != 2 or any(w[2] in _STOP or w[2] in _NOT_FIRST or lexicon.medical_kind(w[2]) is not None
                                  for w in words):
            continue
        first, last = (words[1], words[0]) if "," in view[m.start(1):m.end(1)] else (words[0], words[1])
        f, l = first[2], last[2]
        if first is words[1] and ((sh := lexicon.capitalized_share(f)) is None or sh >= 0.9):
            continue  # "pt fairweather, cornelius, 93 yo": a surname's comma and a plain first name, read as they are
        if _first_and_surname(lexicon, f, l):
            title(first[0], first[1])
            title(last[0], last[1])
    for m in _run("_NAME_CRED", _NAME_CRED, view):  # "by joy hill rn": a carer's first name and surname
        f, l = m.group(2), m.group(3)
        if f in _STOP or l in _STOP or l in _NOT_FIRST or lexicon.medical_kind(f) is not None \
                or lexicon.medical_kind(l) is not None:
            continue
        before = m.group(1)
        if not (before in _BEFORE_NOT_FIRST if before else _line_start(view, m.start(2))):
            continue  # after "by", "to", "+", or at a line's start (a sign-off): "pt will call rn" is a verb
        if _first_and_surname(lexicon, f, l):
            title(m.start(2), m.end(2))
            title(m.start(3), m.end(3))
    for m in _run("_BABY", _BABY, small):  # "baby boy wroblewski", "baby girl price": the family's name
        w = view[m.start(1):m.end(1)]
        if w.islower() and w not in _BABY_NOT and lexicon.medical_kind(w) is None \
                and _surname_or_unknown(lexicon, w):
            title(m.start(1), m.end(1))
            for k in _PART.finditer(view, m.start(), m.start(1)):  # "Baby Girl Price": the name's form
                if k.group() in ("baby", "infant", "twin", "boy", "girl"):
                    title(k.start(), k.end())
    view = _join()
    for m in _run("_NEXT_UNKNOWN", _NEXT_UNKNOWN, view):  # "Dwayne oyelaran", "Thandiwe zondi-price": a surname no list knows
        if not lexicon.is_first_name(m.group(1)):
            continue
        parts = [(p.start(), p.end()) for p in _PART.finditer(view, m.start(2), m.end(2))]
        kinds = []
        for s, e in parts:
            w = view[s:e]
            if lexicon.medical_kind(w) in ("drug", "medical"):
                break
            if lexicon.capitalized_share(w) is None:
                kinds.append("unknown")
            elif lexicon.is_surname(w[:1].upper() + w[1:]) and len(parts) > 1:
                kinds.append("listed")
            else:
                break
        else:
            if "unknown" in kinds:
                for s, e in parts:
                    title(s, e)
    view = _join()
    for m in _run("_PLACE_AFTER", _PLACE_AFTER, view):  # "lives in new britain": a town of two or three words
        words = m.group(1).split(" ")
        if all(w[:1].isupper() for w in words):
            continue  # Capitalized already
        for k in range(len(words), 1, -1):
            name = " ".join(w[:1].upper() + w[1:] for w in words[:k])
            if lexicon.is_city(name) and not any(w.lower() in _STOP for w in words[:k]):
                s0 = m.start(1)
                for w in words[:k]:
                    title(s0, s0 + len(w))
                    s0 += len(w) + 1
                break
    for m in _run("_LIVES_IN", _LIVES_IN, view):  # "lives in kettle narrows;", "lives in las palmitas and"
        words = m.group(1).split(" ")
        low = [w.lower() for w in words]
        if len(words) >= 2 and (low[-1] in _PLACE_KINDS or low[0] in _PLACE_LEADS) \
                and not any(w in _STOP or lexicon.medical_kind(w) is not None and w not in _PLACE_KINDS for w in low):
            # (a place's kind may be a medical word too: "bramble hollow")
            s0 = m.start(1)
            for w in words:
                title(s0, s0 + len(w))
                s0 += len(w) + 1
    for m in _run("_ROLE_FIELD", _ROLE_FIELD, view):  # "slp: young, will": a surname, its comma, a first name
        last, first = m.group(1).lower(), m.group(2)
        if lexicon.is_surname(last[:1].upper() + last[1:]) and lexicon.is_first_name(first[:1].upper() + first[1:]) \
                and last not in _STOP and lexicon.medical_kind(last) is None:
            title(m.start(1), m.end(1))
            title(m.start(2), m.end(2))
    for m in _run("_GREETING", _GREETING, view):  # "hi ted - please", "thanks, ted" ending its line
        g = 1 if m.group(1) else 2
        w = m.group(g)
        if len(w) < 2 or w in _STOP or w in _NOT_FIRST or w in _GREETED_ROLES or lexicon.medical_kind(w) is not None:
            continue
        share = lexicon.capitalized_share(w)
        cap = w[:1].upper() + w[1:]
        if (share is None or share >= 0.1) and (lexicon.is_first_name(cap) or lexicon.nickname_formals(cap)):
            # ("hi all -": a word English hardly ever Capitalizes is no one's name)
            title(m.start(g), m.end(g))
    for m in _run("_LIVES_IN_ONE", _LIVES_IN_ONE, view):  # "lives in hollisford,", "lives in pella,": a town
        w = m.group(1)
        if len(w) >= 4 and w not in _STOP and lexicon.medical_kind(w) is None and (
                len(w) >= 5 and lexicon.capitalized_share(w) is None or lexicon.is_city(w[:1].upper() + w[1:])):
            title(m.start(1), m.end(1))
    for m in _run("_TOWN_COMMA_STATE", _TOWN_COMMA_STATE, view):  # "unit 4c, hull, ma.": a listed town before its state
        town, st = m.group(1), m.group(2)
        if lexicon.is_state(st.upper()) and (
                lexicon.is_city(" ".join(w[:1].upper() + w[1:] for w in town.split()))
                or st not in STATE_WORDS and _TOWN_CUE_BEFORE.search(view, max(0, m.start() - 12), m.start())
                and all(len(w) >= 4 and lexicon.capitalized_share(w) is None for w in town.split())) \
                and not any(w in _STOP for w in town.split()) and lexicon.medical_kind(town) is None:
            # (a town no list knows after a place cue: "called from kilbride, ma")
            for w in _PART.finditer(view, m.start(1), m.end(1)):
                title(w.start(), w.end())
            upper(m.start(2), m.end(2))
    view = _join()
    for m in _run("_TOWN_KIND", _TOWN_KIND, view):  # "in Grantham city.", "Woodard twp": a town's kind
        if m.group(2) in ("twp", "township") or lexicon.is_city(m.group(1)) \
                or lexicon.capitalized_share(m.group(1).lower()) is None \
                or lexicon.is_city(m.group(1) + " " + m.group(2).capitalize()):
            title(m.start(2), m.end(2))
    for m in _run("_BEFORE_CAPPED", _BEFORE_CAPPED, view):  # "grace Nguyen": a listed first name before a surname
        w = m.group(1)
        share = lexicon.capitalized_share(w)
        cued = _PERSON_CUE.search(view, max(0, m.start() - 24), m.start()) is not None
        if w in _NOT_FIRST and (_CRED_AFTER.match(view, m.end()) or cued and w in _NAME_NOUNS):
            share = None  # "observer will Brannigan MHT", "pt will Kingsley-Abara": before a surname and
            # a credential, or after a person's role, a name
        elif w in _NOT_FIRST:
            continue
        if cued and share is not None and w not in _STOP:
            share = max(share, 0.1)  # "case mgr faith Mcallister-Obi": after a role any listed first name
        if cued and lexicon.is_city(m.group(2)) and lexicon.is_surname(m.group(2)):
            share = None if share is None else max(share, 0.1)  # "pt sky Abernathy": a town's name too
        if w not in _STOP and lexicon.is_first_name(w[:1].upper() + w[1:]) \
                and (share is None or share >= 0.1) and lexicon.medical_kind(w) is None \
                and (lexicon.is_surname(m.group(2)) or lexicon.capitalized_share(m.group(2).lower()) is None) \
                and (not lexicon.is_city(m.group(2)) or _CRED_AFTER.match(view, m.end()) or cued):
            # (a surname that is also a town's name, "esperanza Villanueva, CADC", before a credential)
            title(m.start(1), m.end(1))
    # a listed surname before a credential: "Jung-ho park, MD", and alone in brackets "(long, dpt)"
    for m in chain(_run("_BEFORE_DEGREE", _BEFORE_DEGREE, view), _run("_PAREN_SURNAME", _PAREN_SURNAME, view)):
        w = m.group(1)
        if w not in _STOP and lexicon.is_surname(w[:1].upper() + w[1:]) and lexicon.medical_kind(w) is None:
            title(m.start(1), m.end(1))
    for m in _run("_QUOTED_NICK", _QUOTED_NICK, view):  # 'friend "dot"', 'goes by "big mike"': a nick name in quotes
        words = [(w.start(), w.end()) for w in _PART.finditer(view, m.start(1), m.end(1))]
        if all(view[a:b] not in _STOP and lexicon.medical_kind(view[a:b]) is None for a, b in words):
            for a, b in words:
                title(a, b)
    for m in _run("_NICK_BETWEEN", _NICK_BETWEEN, view):  # 'Desmond "dez" harrowgate': a first name, its nick, a surname
        if not lexicon.is_first_name(m.group(1)):
            continue
        nick, last = m.group(2), m.group(3)
        if nick not in _STOP and lexicon.medical_kind(nick) is None:
            title(m.start(2), m.end(2))
            if last not in _STOP and lexicon.medical_kind(last) is None and _surname_or_unknown(lexicon, last):
                title(m.start(3), m.end(3))
    for m in _run("_NICK_AFTER_CAP", _NICK_AFTER_CAP, _join()):  # 'Deshawn ("big d")': a nick name after a name
        words = [(w.start(), w.end()) for w in _PART.finditer(text, m.start(1), m.end(1))]
        if all(text[a:b] not in _STOP and lexicon.medical_kind(text[a:b]) is None for a, b in words):
            for a, b in words:
                title(a, b)
            last = m.group(2)  # 'Esperanza "espy" domínguez': the surname after the nick name
            if last and last[:1].islower() and last not in _STOP and lexicon.medical_kind(last) is None \
                    and _surname_or_unknown(lexicon, last.split("-")[0]):
                title(m.start(2), m.end(2))
    for m in _run("_GOES_BY", _GOES_BY, view):  # "goes by bud.": the name a patient is called by
        w = m.group(1)
        if w not in _STOP and lexicon.medical_kind(w) is None and len(w) >= 2:
            title(m.start(1), m.end(1))
    for m in _run("_TITLE_NO_DOT", _TITLE_NO_DOT, view):  # "neighbor mrs kowalski", "w/ np jane doe": a name after it
        words = [(w.start(), w.end(), w.group()) for w in _PART.finditer(view, m.start(2), m.end(2))]
        a = words[0][2]
        if a in _STOP or lexicon.medical_kind(a) is not None:
            continue
        if len(words) == 2 and words[1][2] in _AFTER_NAME_WORDS:
            words = words[:1]  # "co young lead": the name, then what its bearer did
        cap = a[:1].upper() + a[1:]
        if len(words) == 2 and lexicon.is_first_name(cap) and (a not in _NOT_FIRST or (
                m.group("t") in _ROLE_TITLES and a in _NAME_NOUNS)) and words[1][2] not in _STOP \
                and words[1][2] not in _AFTER_NAME_WORDS and (
                lexicon.surname_band(words[1][2][:1].upper() + words[1][2][1:]) == 0
                or lexicon.capitalized_share(words[1][2]) is None) and lexicon.medical_kind(words[1][2]) is None:
            title(words[0][0], words[0][1])
            title(words[1][0], words[1][1])
        elif m.group("t") in ("mrs", "mr", "ms") and (lexicon.is_surname(cap) or lexicon.capitalized_share(a) is None):
            title(words[0][0], words[0][1])
        elif len(words) == 1 and m.group("t") in _SURNAME_ROLES and lexicon.surname_band(cap) == 0 \
                and a not in _NOT_FIRST and a not in _VERBS_AFTER_TITLE:
            title(words[0][0], words[0][1])  # "rn long + lpn responded": a common surname alone
    for m in _run("_VERB_SURNAME", _VERB_SURNAME, view):  # "per young - poss or", "paged swan (trauma chief)"
        w = m.group(1)
        if w in _STOP or w in _NOT_FIRST or w in VERB_SURNAME_STOP or w in _VERBS_AFTER_TITLE \
                or lexicon.medical_kind(w) is not None or lexicon.surname_band(w[:1].upper() + w[1:]) != 0:
            continue
        title(m.start(1), m.end(1))
    for m in _run("_ROLE_PAREN_SURNAME", _ROLE_PAREN_SURNAME, view):  # "w/ bond (burn attending)"
        w = m.group(1)
        if w in _STOP or w in _NOT_FIRST or w in VERB_SURNAME_STOP or w in _VERBS_AFTER_TITLE \
                or lexicon.medical_kind(w) is not None or (lexicon.surname_band(w[:1].upper() + w[1:])) not in (0, 1):
            continue
        title(m.start(1), m.end(1))
    for m in _run("_INITIAL_CRED", _INITIAL_CRED, view):  # "r. price, RN": an initial and a surname before a credential
        w = m.group(2).lower()
        if w not in _STOP and (lexicon.is_surname(w[:1].upper() + w[1:]) or len(w) >= 4 and (lexicon.capitalized_share(w) or 1.0) >= 0.6) \
                and lexicon.medical_kind(w) is None:  # (or a name no list knows: "g. lindqvist RN")
            upper(m.start(1), m.end(1))
            title(m.start(2), m.end(2))
    for m in _run("_ROLE_INITIAL", _ROLE_INITIAL, view):  # "escorted by co t. love": an initial and a surname after a role
        if not _ROLE_BEFORE_INITIAL.search(view, max(0, m.start() - 10), m.start() + 1):
            continue
        w = m.group(2)
        if w not in _STOP and w not in _VERBS_AFTER_TITLE and lexicon.medical_kind(w) is None \
                and lexicon.is_surname(w[:1].upper() + w[1:]):
            upper(m.start(1), m.end(1))
            title(m.start(2), m.end(2))
    for m in _run("_SIGNER_LINE", _SIGNER_LINE, view):
        a, b = m.group(1), m.group(2).lower()
        ka = lexicon.capitalized_share(a.split("-")[0].lower())
        if a.lower() not in _STOP and b not in _STOP and (a.lower() not in _NOT_FIRST or view[m.end(2)] == ","
                                                        or (lexicon.capitalized_share(b) or 1.0) >= 0.6) and (
                lexicon.is_surname(b[:1].upper() + b[1:]) or len(b) >= 4 and lexicon.capitalized_share(b) is None) \
                and (ka is None or ka >= 0.6 or lexicon.is_first_name(a[:1].upper() + a[1:])) \
                and lexicon.medical_kind(a) is None and lexicon.medical_kind(b) is None:
            title(m.start(1), m.end(1))
            title(m.start(2), m.end(2))
    view = _join()
    for m in _run("_HYPHENED", _HYPHENED, view):  # "oyelaran-Hughes": the unlisted half of a listed surname
        for g in (1, 2):
            w = m.group(g)
            if w[:1].islower() and len(w) > 2 and ((sh := lexicon.capitalized_share(w)) is None or sh >= 0.6) \
                    and m.group(3 - g)[:1].isupper():
                title(m.start(g), m.end(g))
    for m in _run("_SAINT", _SAINT, view):  # "st. John's Hospital"
        title(m.start(1), m.end(1))
    for m in _run("_DEGREE", _DEGREE, view):  # "Long, m.d." → "Long, M.D."
        upper(m.start(1), m.end(1))
    view = _join()
    for m in _run("_CRED_AFTER_NAME", _CRED_AFTER_NAME, view):  # "Will Brannigan mht" → "Will Brannigan MHT"
        upper(m.start(1), m.end(1))
    for m in _run("_COMPANY", _COMPANY, view):  # "Marina corp"
        title(m.start(1), m.end(1))
    for m in _run("_STREET_TOWN_ZIP", _STREET_TOWN_ZIP, view):  # "1188 Coal Hollow Rd, castle junction 59721"
        words = [(w.start(), w.end()) for w in _PART.finditer(view, m.start(1), m.end(1))]
        if all(view[a:b] not in _STOP and lexicon.medical_kind(view[a:b]) != "drug" for a, b in words):
            for a, b in words:  # (a town's word may be a medical one: "castle junction")
                title(a, b)
    for m in _run("_BOX_TOWN", _BOX_TOWN, small):  # "rr 2 box 14, dunmore flats": the address's town
        words = [(w.start(), w.end()) for w in _PART.finditer(small, m.start(1), m.end(1))]
        if words and small[words[0][0]:words[0][1]] not in ADDRESS_PARTS and all(
                small[a:b] not in _STOP and lexicon.medical_kind(small[a:b]) != "drug" for a, b in words):
            for a, b in words:
                title(a, b)
    for m in _run("_KIN_FIRST", _KIN_FIRST, small):  # a kin word before a first name in small letters
        w = m.group(1)
        if not view[m.start(1)].islower():
            continue
        cap = w[:1].upper() + w[1:]
        share = lexicon.capitalized_share(w)
        if w in _STOP or w in _NOT_FIRST or lexicon.medical_kind(w) is not None \
                or not lexicon.is_first_name(cap) or share is not None and share < 0.4:
            continue
        title(m.start(1), m.end(1))
        last = m.group(2)
        if last is None or not view[m.start(2)].islower() or last in _STOP or lexicon.medical_kind(last) is not None:
            continue
        share = lexicon.capitalized_share(last.split("-")[0])
        if share is None and len(last) >= 4 or lexicon.is_surname(last[:1].upper() + last[1:]) \
                and last not in _NOT_FIRST and last not in _VERBS_AFTER_TITLE:
            # (any listed surname after a listed first name: "worker grace love notified")
            for p in _PART.finditer(view, m.start(2), m.end(2)):
                title(p.start(), p.end())
    for m in _run("_KIN_NOUN_NAME", _KIN_NOUN_NAME, small):  # "son will overseas", "pharmacist bill, refill"
        if not view[m.start(1)].islower():
            continue
        nxt = m.group(2)
        last = nxt is not None and nxt not in _STOP and nxt not in _NOT_FIRST and nxt not in MODAL_NEXT \
            and nxt not in _VERBS_AFTER_TITLE and lexicon.medical_kind(nxt) is None \
            and _surname_or_unknown(lexicon, nxt.split("-")[0]) and lexicon.surname_band(nxt[:1].upper() + nxt[1:]) in (0, 1, None) \
            and (m.group(1) != "will" or (lexicon.capitalized_share(nxt) or 1.0) >= 0.3)  # ("husband will cook")
        if nxt is None or last or nxt in _NOT_AFTER_MODAL or len(nxt) >= 6 and nxt.endswith("ing") and nxt != "bring":
            title(m.start(1), m.end(1))
            if last and view[m.start(2)].islower():
                title(m.start(2), m.end(2))
    for c in _run("_SIGN_CRED", _CRED_WORD, small):  # a staff member's name in small letters before a credential
        cred = view[c.start():c.end()]
        if not (cred.isupper() or cred.islower() and cred != "do" or cred == "PharmD"):
            continue
        j = c.start() - 1
        while j >= 0 and view[j] in " \t,":
            j -= 1
        if view[j:j + 1] == ".":
            j -= 1
        while j > 0 and (view[j - 1].isalpha() or view[j - 1] in "'’-"):
            j -= 1
        if j < 0 or not view[j].islower():
            continue  # the word right before it is no word in small letters ("Smith RN")
        lo = max(0, view.rfind("\n", max(0, c.start() - 80), c.start()))
        m = _NAME_BEFORE_CRED.search(view, lo, c.start())
        if m is None:
            continue
        toks = [(p.start(), p.end(), p.group().rstrip(".")) for p in _NAME_TOKEN.finditer(view, m.start("n"), m.end("n"))]
        if m.group("line") is None and len(toks) < 2:
            continue  # within a line, one word before a credential is no one's name for sure
        ok = True
        for k, (a, b, t) in enumerate(toks):
            if len(t) == 1:
                continue  # an initial
            low = _PART.match(t).group()  # its first part ("o" of "o'hare")
            share = lexicon.capitalized_share(low)
            cap = t[:1].upper() + t[1:]
            listed = lexicon.is_first_name(cap) or lexicon.is_surname(cap)
            if t in _STOP or low in _STOP or lexicon.medical_kind(t) is not None or not (
                    share is None and len(t) >= 3 or share is not None and share >= 0.4 and listed
                    or k and lexicon.is_surname(cap) and (share is None or share >= 0.2)
                    or m.group("ls") is not None and listed):
                # (at a line's start, before a credential, any listed name: "-- hope little RN")
                ok = False
                break
        if not ok or all(len(t) == 1 for _, _, t in toks):
            continue
        for a, b, t in toks:
            if len(t) == 1:
                upper(a, b)
            else:
                for p in _PART.finditer(view, a, b):
                    title(p.start(), p.end())
    for m in _run("_TITLE_RUN", _TITLE_RUN, view):  # a title before a name in small letters
        words = list(_WORDS_OF.finditer(view, m.start(1), m.end(1)))
        first = words[0].group()
        for k, w in enumerate(words):
            word = w.group()
            if k == 2 and not lexicon.is_first_name(words[1].group().capitalize()):
                break  # a third word only after a first and a middle name ("dr. mary ann lee")
            if word[0].isupper():
                if not lexicon.is_first_name(word):
                    break  # "Dr. Oyelowo-Grant clinic": the surname, then no more of the name
                continue  # Capitalized already ("Dr. Harriet lindqvist")
            cap = word[:1].upper() + word[1:]
            share = lexicon.capitalized_share(word.split("-")[0].split("'")[0])
            if len(word) < 2 or word in _STOP or word in _SERVICE_WORDS or word in _VERBS_AFTER_TITLE \
                    or lexicon.medical_kind(word) is not None \
                    or not (share is None and (k or len(word) > 3) or lexicon.is_surname(cap)
                            or k and lexicon.is_first_name(cap) or share is not None and share >= 0.6) \
                    or k and share is not None and share < 0.6 and not (
                        len(first) == 1 or lexicon.is_first_name(first[:1].upper() + first[1:])):
                break  # (an everyday word after a surname: "dr oyelowo-grant ward")
            for p in _PART.finditer(view, w.start(), w.end()):
                title(p.start(), p.end())
    for m in _run("_INITIALS_SIGNOFF", _INITIALS_SIGNOFF, view):  # "-- jk rn": the signer's initials
        if m.group(1) not in _NOT_INITIALS and lexicon.medical_kind(m.group(1)) is None:
            upper(m.start(1), m.end(1))
            upper(m.start(2), m.end(2))
    for m in _run("_FAMILY_FIRM", _FAMILY_FIRM, view):  # "Hadley & Sons Lumber"
        title(m.start(1), m.end(1))
        if m.group(2) and m.group(2) not in _STOP and lexicon.medical_kind(m.group(2)) is None:
            title(m.start(2), m.end(2))
    view = _join()
    for m in _run("_FIRM_HEAD", _FIRM_HEAD, view):  # "Riverbend physical therapy": a firm's kind after its name
        lead = m.group(1)
        if lead.lower() in _STOP:
            continue
        if lead[0].islower():
            # "valleyview pharmacy": a word no list knows names the firm too
            if len(lead) < 4 or lexicon.capitalized_share(lead) is not None or lexicon.medical_kind(lead) is not None:
                continue
            title(m.start(1), m.end(1))
        for w in _WORD.finditer(view, m.start(2), m.end(2)):
            title(w.start(), w.end())
    return _join()


#: a code of letters and digits ("ML-55120438", "CA-2024-00117", "4B"): in a note in capitals it
#: keeps its capitals in the cased view, where the record-number templates look for them
_CODE_TOKEN = re.compile(r"(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Z])[A-Z0-9]+(?:-[A-Z0-9]+)*(?![\w-])")


#: the rules of the cased view that a cased note's names in small letters need: each reads a
#: title, a kin word, a field or a credential before or after the name (the others, which
#: Capitalize any word English mostly Capitalizes, would misread a cased note's small letters)
SMALL_NAMES_RULES = frozenset({"_INITIAL_CRED", "_BABY", "_PERSON_FIELD", "_TITLE_RUN", "_KIN_FIRST", "_SIGN_CRED"})


def small_names_view(text: str, lexicon) -> str | None:
    """A cased note with the names it writes in small letters Capitalized where a title, a kin
    word, a patient's field or a credential marks them ("Dr. harriet lindqvist", "WIFE marie",
    "Pt: juniper haddad-oyelowo, 38F", "-- wren adebayo-marsh, LMSW"); None when it has none."""
    view = cased_view(text, lexicon, rules=SMALL_NAMES_RULES)
    return None if view == text else view


def codes_as_written(text: str, view: str) -> str:
    """`view` with the codes of `text` (a note in capitals) as written there (same length)."""
    spans = [m.span() for m in _CODE_TOKEN.finditer(text)]
    if not spans:
        return view
    parts, last = [], 0
    for s, e in spans:
        parts.append(view[last:s])
        parts.append(text[s:e])
        last = e
    parts.append(view[last:])
    return "".join(parts)
