"""The names detector (scrub.names.v1): full names and their parts, from word lists, capitals and context.

One regex pass finds runs of capitalized words (initials, quoted nick names and name particles
included); each run is cut into name segments, and each segment is scored by the first evidence
rule of templates/names.toml it satisfies. Word-list facts come from `scrub.lexicon` (memoized
per word), so the per-document cost is one scan plus a few dictionary look-ups per capitalized word.
"""
from __future__ import annotations

import bisect
import re
import threading
from dataclasses import dataclass, replace
from functools import cached_property

import regex

from scrub.detector import Detector
from scrub.errors import ScrubError
from scrub.templates import MONTHS, UNIT_ABBREV, WDAYS, WEEKDAYS, WING_AFTER, Template, load_templates
from scrub.truecase import CLINICIAN_ROLES, MODAL_NEXT, VERB_SURNAME_STOP, lower_aligned
from scrub.types import Candidate, Document

# ----------------------------------------------------------------------------- shapes

_W = r"\p{Lu}[\p{L}\p{M}]*+(?:[-'’]\p{L}[\p{L}\p{M}]*+)*+"
# a capitalized word, optionally closed by a period (initial, title, sentence end), or a quoted word
_TOK = rf"(?:[\"“'‘](?P<q>{_W})[\"”'’](?![\p{{L}}])|(?P<w>{_W})(?P<p>\.)?)"
# name particles written in lower case inside a name ("Frank van Graves", "Maria de la Cruz")
_PARTICLE = r"(?:van|von|der|den|de|del|della|la|le|da|di|du|dos|das|bin|ibn|al|el|ter|ten)"
_SEP = rf"(?:[ \t]*+(?P<c>,)[ \t]*+|[ \t]++(?:{_PARTICLE}[ \t]++){{0,3}}|(?<=\.))"
#: a run of capitalized tokens on one line. A name has at most a few words: a run stops after 8
#: tokens, so a long line of capitals costs no more than many short runs; every quantifier is
#: possessive or bounded, so the scan stays linear. The repeated groups' captures give the tokens
#: without a second pass.
#: inside a run, a nick name in quotes may be written in lower case when a capitalized word follows
#: ('Mrs. Esperanza "chata" Villalobos': how a lower-case note reads through the cased view)
_TOK_IN = (rf"(?:[\"“'‘](?:(?P<q>{_W})[\"”'’](?![\p{{L}}])|(?P<q>\p{{Ll}}[\p{{L}}\p{{M}}]*+)[\"”'’](?=[ \t]+\p{{Lu}}))"
           rf"|(?P<w>{_W})(?P<p>\.)?)")
RUN_RE = regex.compile(rf"(?<![\p{{L}}\p{{M}}\d])(?<!\p{{L}}['’])(?:{_TOK})(?:{_SEP}{_TOK_IN}){{0,7}}+")
#: lower-case words after a context word ("patient john smith", "dr. lang")
_LOWER_WORD = r"\p{Ll}[\p{Ll}\p{M}]*+(?:[-'’]\p{Ll}+)?"
EPONYM_HEADS = frozenset("""
disease syndrome sign signs test score scale catheter tube lymphoma palsy sarcoma tumor tumour
fundoplication pouch maneuvers equation type types
procedure operation maneuver manoeuvre reflex phenomenon criteria classification fracture node
nodes cell cells law triad ulcer esophagus thyroiditis encephalopathy ataxia chorea dementia
dystrophy anomaly malformation bag stockings hose drain needle forceps position incision repair
staging grade method technique formula equation index curve line duct canal gland body bodies
granules nodule nodules dx dz disorder contracture neuroma neuralgia aneurysm hernia cyst diverticulum
phenomenon effect virus infection agar stain staining solution cocktail regimen protocol
drains tubes catheters needles lens lenses fissure fissures aqueduct level levels tear tears nodes
fall disability hump fingers inventory
""".split())
#: words heading an organization or place: a listed name right before one is part of a phrase
ORG_HEADS = frozenset("""
corp corporation inc incorporated llc ltd co company companies group hospital hospitals clinic
clinics center centre centers medical health healthcare university college school academy
institute foundation association society church county city town village street st avenue ave
road rd boulevard blvd drive dr lane ln court ct place pl square parkway highway way bank trust
team club department dept unit ward wing building hall house home homes services service care
pharmacy labs laboratory laboratories partners associates insurance mutual fund agency navy army
marines marine corps guard veterans
""".split())
#: names of scales, signs, positions, devices and tubes that nursing notes write alone ("Braden 18",
#: "Foley draining"); a hand list because the medical lists hold few of them. Common surnames
#: (Morse, Allen, Murphy) are left out: they are eponyms only before "scale", "sign", "test"
CLINICAL_EPONYMS = frozenset("""
hicks braxton-hicks holter doppler posey hoyer stryker bovie shiley bivona passy-muir zoll penrose alaris
foley braden glasgow apgar kernig brudzinski babinski romberg trendelenburg jackson-pratt hemovac
swan swan-ganz hickman groshong dobhoff kerlix coban tegaderm steri-strips glucerna wong-baker flacc
rass cam-icu gcs nihss barthel karnofsky ecog lachman mcmurray phalen tinel finkelstein mcburney
rovsing psoas obturator grey-turner chvostek trousseau kussmaul cheyne-stokes korotkoff snellen
rinne valsalva heimlich dubowitz mallampati cormack-lehane yankauer pleur-evac ambu venturi pyxis
omnicell accu-chek glucometer
homans lhermitte spurling nikolsky gowers kehr auspitz koebner westermark
nissen whipple hartmann billroth kocher pfannenstiel bosniak hoffmann cockcroft-gault child-pugh
mediport port-a-cath portacath amsler carina ballard mini-cog minicog
roux-en-y guillain-barre guillain-barré gleason breslow mohs leopold leopolds timi sylvian fleischner
thessaly impella raynaud raynaud's sjogren sjögren sjogren's behcet behçet heberden
dix-hallpike koebner auspitz rovsing couvelaire kussmaul virchow achilles
forrest vanderbilt paris hoehn yahr hasson quinton bhutani hunt-hess rumack-matthew prisma
berg jamar tinetti aspen huber hazelbaker bayley finnegan schmitt-thompson payne-martin mosteller holliday-segar dakin dakin's
morse barlow ortolani geri symphony
""".split())
#: capitalized words of clinical notes that never stand alone as a name (headings, abbreviations)
CLINICAL_STOP = frozenset("""
patient pt pts plan assessment impression history hpi ros pmh psh fh sh exam physical diagnosis
diagnoses allergies allergy medications meds vitals labs lab denies reports admits states noted
note notes follow followup return discharge admission admitted chief complaint subjective
objective general neuro cardiac cv resp respiratory gi gu skin heent neck chest abdomen abd
extremities ext psych musculoskeletal msk pain none negative positive normal stable continue
start stop increase decrease check recommend recommendations summary results result findings
problem problems procedure procedures indication indications technique comparison signed
dictated transcribed cc re dear sincerely regards thanks thank yours cordially attending
resident fellow nurse doctor physician provider service team unit floor room bed ok yes no
am pm the a an and or of in on at to for with by from as is was be mother father son daughter
wife husband sister brother christmas easter thanksgiving halloween hanukkah ramadan passover
kwanzaa tel tele fax phone cell mobile pager beeper medicaid medicare masshealth medi-cal tricare thora biba fhx shx pmhx pshx hx
senna colace percocet vicodin kcl riss ssi nph miralax tues thurs thur weds
portal reg nitro stepdown step-down mets tiva pacer afeb multiplanar thu tue advice mgr blood
catholic orthodox neph sensi sensis nephro brady tachy pulm triage abi tbi nil ab anes noc nare nares
""".split()) | frozenset(MONTHS) | frozenset(WEEKDAYS)
#: weekdays written short, the halves of a span of days ("Mon-Fri", "Sat-Sun"), no double surname
_WEEKDAY_SHORT = frozenset(WDAYS)
#: English function words (closed classes): capitalized only at a sentence start, never a name
#: without a title, whatever the name lists say ("The" and "Will" are listed first names)
FUNCTION_WORDS = frozenset("""
a an the this that these those there here he she it we they you i me him her us them his hers its
our their your my mine who whom whose which what when where why how if then than so but and or nor
not no yes yet also as at by for from in into of off on onto out over to up upon with within
without about above after against along among around before behind below beneath beside between
beyond during except inside near since through throughout toward towards under until unlike via
is are was were be been being am do does did done has have had having can could shall should will
would may might must ought let lets all any both each either every few many most much neither none
other others some such per plus via whether while although though because unless once again still
just only even very too oh ah hi hello hey ok okay please thanks god lord jesus christ
""".split())
#: peoples and nationalities, capitalized mid-sentence but never a name ("a 55-year-old Asian male")
DEMONYMS = frozenset("""
asian african american caucasian hispanic latino latina latinx white black european indian native
hawaiian pacific islander alaskan arab arabic jewish hebrew chinese japanese korean vietnamese
filipino thai cambodian laotian hmong indonesian malaysian pakistani bangladeshi nepali tibetan
mexican cuban dominican puerto rican salvadoran guatemalan honduran colombian venezuelan peruvian
brazilian argentinian argentine chilean haitian jamaican canadian british english irish scottish
welsh french german dutch italian spanish portuguese greek polish russian ukrainian czech slovak
hungarian romanian serbian croatian bosnian albanian turkish iranian persian iraqi syrian lebanese
egyptian moroccan somali ethiopian eritrean nigerian ghanaian kenyan sudanese swedish norwegian
danish finnish icelandic swiss austrian belgian ashkenazi caribbean hindu muslim christian catholic
protestant baptist methodist lutheran mormon buddhist sikh amish
mandarin cantonese creole tagalog farsi hindi urdu swahili amharic bengali punjabi tamil telugu
gujarati marathi malayalam kannada nepali pashto dari tigrinya oromo yoruba igbo hausa khmer lao
""".split())
#: words that make the capitalized word after them a place ("St. Vincent's", "Mount Auburn")
PLACE_PREFIX = frozenset("""
st ste saint sainte mt mount fort ft lake port san santa santo sao los las new north south east
west camp cape glen point
""".split())
_PLACE_ABBREV = frozenset({"st", "ste", "saint", "sainte", "mt", "mount", "ft", "san", "santa", "santo",
                           "sao", "los", "las"})
#: books of the Bible a chaplain's note cites ("read Psalm 23"): never a name alone
SCRIPTURE = frozenset("""
psalm psalms proverbs genesis exodus leviticus deuteronomy ecclesiastes lamentations corinthians
galatians ephesians philippians colossians thessalonians hebrews romans revelation revelations
""".split())
#: Roman numerals of a class or a stage ("NYHA II-III", "Stage IV"): never part of a name
_ROMAN_RE = re.compile(r"(?:[IVX]{2,}|[IVX]+-[IVX]+)(?:-[IVX]+)*")
#: services and units that carry a pager ("ICU / pager 4-1234"): no one's initials
_SERVICE_ABBREV = frozenset({"CT", "IR", "EP", "ICU", "CCU", "TCU", "ENT", "OB", "GYN", "MRI", "EKG", "ECG",
                             "EEG", "EMG", "RRT", "ACS", "CM", "SW", "OT", "PT", "RT", "LAB", "OR", "ED", "ER"})
#: the second half of a compound that makes a name an adjective ("Parkinson-like", "Smith-type")
_COMPOUND_TAIL_RE = re.compile(r"-(?i:like|type|style|induced|related|associated|based|speaking|born|esque|"
                               r"positive|negative|shaped|sized|era|ish|ian)(?![\w'’-])")
_HYPHEN_HALF_RE = regex.compile(r"-[\p{L}\p{M}][\p{L}\p{M}'’]*")
_HALF_BEFORE_RE = regex.compile(r"[\p{L}\p{M}][\p{L}\p{M}'’]*-\Z")


def _hyphen_whole(text: str, c: Candidate) -> Candidate:
    """A name found as one half of a hyphened word ("whitfield" in "park-whitfield") spans the
    whole word: no name ends inside one ("Parkinson-like" stays as found)."""
    s, e = c.start, c.end
    while e < len(text) - 1 and text[e] == "-" and not _COMPOUND_TAIL_RE.match(text, e):
        m = _HYPHEN_HALF_RE.match(text, e)
        if m is None:
            break
        e = m.end()
    while s >= 2 and text[s - 1] == "-":
        m = _HALF_BEFORE_RE.search(text, max(0, s - 40), s)
        if m is None or m.start() > 0 and (text[m.start() - 1].isalnum() or text[m.start() - 1] == "-"):
            break
        s = m.start()
    if (s, e) == (c.start, c.end) or not text[s].isalpha():
        return c
    return Candidate(s, e, c.entity, c.likelihood, c.detector, c.why, c.parts)


#: a surname's initial after a name, ending a line or before a comma ("maddie l., rn"); or a
#: generation's suffix ("Frank Jr.", "Ruiz, Sr.")
_INITIAL_AFTER_RE = re.compile(r"[ \t]+[A-Za-z]\.(?=[ \t]*,|[ \t]*$)|,?[ \t]+(?:Jr|Sr|JR|SR)\.?(?![\w'’-])",
                               re.MULTILINE)
#: a middle initial without its period ending a field's "Last, First" ("LITTLE, DARNELL J     MRN")
_FIELD_INITIAL_RE = re.compile(r"[ \t]+[A-Za-z](?=[ \t]{2,}|\t|[ \t]*$)", re.MULTILINE)
#: words of a shift or a staff's role before a credential ("Day Shift RN", "Charge RN", "Float RN")
_SHIFT_WORDS = frozenset({"shift", "shifts", "charge", "float", "staff", "primary", "night", "nights",
                          "days", "evening", "evenings", "nursing", "note", "unit", "team", "travel"})
#: the abbreviations of hospital units ("MICU", "NSICU", "CVICU", "PACU", "SDU", "IMCU"): never a name
_UNIT_RE = UNIT_ABBREV
#: sequences of initials that are abbreviations, not people
INITIAL_STOP = frozenset({"US", "UK", "PO", "AM", "PM", "DC", "NY", "LA", "OD", "OS", "OU", "IV",
                          "IM", "SQ", "BP", "HR", "RR", "GI", "GU", "ER", "OR", "ED", "DR", "MR",
                          "EU", "UN", "AD", "BC", "PS", "NB", "QD", "ID", "MD", "RN", "NP", "PA"})

_DEGREE_MIXED = frozenset({"phd", "pharmd", "psyd", "dmd", "msn", "bsn"})
#: degree words that stay degrees even when written like a name
_DEGREE_WORDS = frozenset({"esquire", "esq", "junior", "senior"})
#: compass words: after a number a ward or a wing ("Unit: 11 West", "6 North"), no surname
_COMPASS = frozenset({"north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest"})
#: Roman numerals written like an initial ("Cat I", "Type II"): after an ordinary word, a class
_ROMAN_INITIALS = frozenset({"I", "V", "X"})
#: family members and the people a note names by first name ("Son Will calling", "wife Rose at
#: bedside", "HCP Frank"): after one of them a capitalized listed first name is a first name even
#: when it is also an ordinary word, a function word or a month ("Will", "May", "June")
KIN = frozenset("""
son daughter wife husband mother father brother sister niece nephew grandson granddaughter
grandmother grandfather grandma grandpa aunt uncle cousin friend partner fiance fiancé fiancee
boyfriend girlfriend dtr stepson stepdaughter stepmother stepfather son-in-law daughter-in-law
sister-in-law brother-in-law mother-in-law father-in-law hcp proxy caregiver neighbor
grandaughter neice daugther girlfreind boyfreind hubby sitter pastor peer mom dad fob stepdad stepmom
""".split())
#: what patients call family and staff ("calls out for \"Mama\"", "asking for Nana"): alone, no name
ADDRESS_WORDS = frozenset("""
mama mom momma mommy mum mummy ma papa pop pops dad daddy pa nana nanna nonna nonno grandma grandpa
granny gramma grammy gram gramps auntie baby babe honey sweetie sweetheart doc doctor nurse
""".split())
#: family words in the plural: the word after them is a name only before what family members do
_PLURAL_KIN = frozenset({"daughters", "sons", "sisters", "brothers", "parents", "sitters"})
#: the family words of the lower-case names (`_lower`): KIN and what else a note calls the family
#: members and sitters it names by first name alone ("mom faith", "dad bill", "sitter precious")
_LOWER_KIN = KIN | frozenset({"mom", "dad", "mum", "stepmom", "stepdad", "sitter", "roommate", "ex-wife",
                              "ex-husband"}) | _PLURAL_KIN
#: a second family member after "and" ("daughters hope and faith at bedside"): group w
_AND_KIN_NAME_RE = re.compile(r"[ \t]+and[ \t]+(?P<w>[a-z][a-z'’-]{2,})(?![\w'’-])")
#: what follows a family member's first name in a note: a visit, a call, a place at the bedside,
#: another family member, or a comma ("wife peg at bedside", "dad bill called x1"); not a sentence's
#: end ("father present.", "mom faith\n" may be a word or a heading)
_VISIT_AFTER_RE = re.compile(
    r"[ \t]*(?:[,;)]|(?i:at[ \t]+(?:bedside|bs|the[ \t]+bedside|home|work)|@[ \t]*(?:bs|bedside)"
    r"|called|calls|calling|phoned|visited|visiting|visits|here|in[ \t]+to|updated|aware|present|stayed|staying"
    r"|and[ \t]+(?:son|daughter|dtr|wife|husband|mom|dad|brother|sister|grand\w+|\w+[ \t]+(?:at|here|visited|called))"
    r"|works|lives|drove|driving|spent|came|left|states|stated|says|said|asked|asking|wants|requests|is[ \t]+(?:hcp|proxy|here|at)"
    r"|arrived|arrives|who[ \t]+(?:drove|lives|visited|called|is|was|came|brought|stayed))(?!\w))",
    re.M)
#: what follows a staff member's or a contact's name in a note: a notice, a credential, a page
#: ("liaison joy little called back", "social worker grace love notified", "rn joy masterson rn")
_STAFF_AFTER_RE = re.compile(r"[ \t]+(?:(?i:notified|informed|paged|covered|covering|following|"
                             r"aware|called|calls|rn|lpn|lvn|np|md|pct|cna|msw|lcsw|ibclc|walked|saw|reviewed"
                             r"|responded)(?![\w-]))")
#: the titles before a surname alone, never before a word ("mrs hill", not "dr office")
_MISTER = frozenset({"mr", "mrs", "ms", "miss", "mister"})
#: stop words that are also real given names, allowed back after a kin word (see KIN)
_KIN_STOP = frozenset(FUNCTION_WORDS) | frozenset(MONTHS)
#: what may stand between a first name and a nick name in quotes or parentheses ("Dorothy ("Dot")")
_NICK_OPEN = frozenset("(\"'“‘")
#: field labels in capitals that follow a name on a header line ("Chuck Okonkwo DOB 05/17/2041")
_FIELD_LABELS = frozenset({"DOB", "MRN", "SSN", "DOS", "DOA", "DOD", "MR", "ACCT", "AGE", "SEX", "RM",
                           "ROOM", "BED", "PCP", "TEL", "PH", "FAX", "ADM", "MRN#", "DOB:", "CSN", "FIN"})
#: what a nurse's service is called ("Nurse Line", "Nurse Triage", "Nurse Station")
_NURSE_SERVICES = frozenset({"line", "triage", "station", "visit", "call", "advice", "navigator", "manager",
                             "educator", "practitioner", "note", "notes", "practice", "coordinator", "clinic",
                             "home", "family", "visitor", "visiting", "liaison", "specialist", "consultant"})
#: a role's noun after a word ("Case Manager", "Care Coordinator"): that word is the role's, no name
_ROLE_AFTER_RE = re.compile(r"[ \t]+(?:Manager|MANAGER|Mgr|MGR|Coordinator|COORDINATOR|Worker|WORKER|Navigator"
                            r"|NAVIGATOR|Supervisor|SUPERVISOR|Director|DIRECTOR)\b")
#: the number of an organization's post or chapter after its word ("Post 112", "Chapter #19")
_POST_NUMBER_RE = re.compile(r"[ \t]*#?[ \t]*\d")
#: the parts of a care home that a tree or a person names ("Cedar Wing", "Juniper Cottage")
_HOME_PARTS = frozenset({"wing", "dayroom", "cottage"})
#: a name and the kin word in parentheses after it ("Will Brown (father)")
_KIN_AFTER_RE = re.compile(r"(?<![\w'’-])(?P<n>[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+){0,2})[ \t]*\((?P<k>[A-Za-z-]+)\)")
#: an interpreter's line: its language and mode, the interpreter's name, the number ("Interpreter:
#: Spanish, in person, Hector Almonte ID INT-2291")
#: a name alone after what one does to a colleague ("per Young, start low dose", "Paged Gay (trauma
#: NP)", "notified Hill at 0130", "Notified Cross's fellow"), set off by what ends a mention
_VERB_NAME_BODY = (
    # (grouped by first letter: `re` tries one branch where a word starts, not each verb in turn)
    r"(?:(?i:p(?:er|aged(?:[ \t]+by)?)|re-?paged|notified(?:[ \t]+by)?|informed|d(?:/w|iscussed[ \t]+w(?:ith|/))"
    r"|s(?:poke[ \t]+w(?:ith|/)|een[ \t]+by)|updated(?:[ \t]+by)?|e(?:xamined|valuated)[ \t]+by|assessed[ \t]+by"
    r"|called[ \t]+by)|res)[ \t]+(?P<n>[A-Z][a-z]+(?:-[A-Z][a-z]+)?|[A-Z]{3,}(?:-[A-Z]{2,})?)(?:['’][sS](?=[ \t]))?"
    r"(?=[ \t]*[,.;:(]|[ \t]+(?:-|–|aware\b|at[ \t]+(?:bedside|\d)|re\b|for\b|who\b|w/|@|\d|via\b"
    r"|fellow\b|resident\b|attending\b|team\b|service\b|if\b)|[ \t]*$)")
#: (led by the blank or bracket before the verb: a class the scan skips to, many times faster than a
#: lookbehind before an alternation; the text's first word is matched on its own)
_VERB_NAME_RE = re.compile(r"[\s(\[]" + _VERB_NAME_BODY, re.M)
_VERB_NAME_AT_START = re.compile(_VERB_NAME_BODY, re.M)
#: a clinician's role in brackets after the name ("(trauma NP)", "(fellow)"): even an eponym's name
#: ("Paged Swan (trauma chief)") is a person's there
_ROLE_PAREN_AFTER_RE = re.compile(r"[ \t]*\((?:[A-Za-z]+[ \t])?(?i:" + CLINICIAN_ROLES + r")\)")
#: a name after "w/" or "by" before such a role ("dsg change w/ Bond (burn attending)")
_WITH_ROLE_RE = re.compile(r"[\s(\[](?:[Ww]/|[Ww]ith|[Bb]y)[ \t]+(?P<n>[A-Z][a-z]+(?:-[A-Z][a-z]+)?)(?=[ \t]*\()")
#: ... and in capitals ("ok per DON": the director of nursing)
_VERB_NAME_CAPS_STOP = frozenset({"don", "adon", "mod", "nod", "hos", "cno", "ceo", "coo"})
_INTERPRETER_RE = re.compile(r"(?im)\binterp(?:reter)?\b[^\n]{0,50}?[,:][ \t]*(?P<n>(?-i:[A-Z][\w'’-]+(?:[ \t]+(?!ID\b)[A-Z][\w'’-]+){1,2}))"
                             r"[ \t]*,?[ \t]+(?:ID\b|\#)")
_NAME_WORD_RE = re.compile(r"[^\W\d_][\w'’-]*")
#: a nick name in quotes and parentheses after an age and sex ('83 yo F ("Nell")', "91 y/o M (“Butch”)")
_AGE_NICK_RE = re.compile(r"\b\d{1,3}[ -]?(?:yo|y/o|y\.o\.|yr old|year[- ]old)(?:[ \t]+(?:[FMfm]|female|male|woman|man))?"
                          r"[ \t]+\([\"“]([A-Z][a-z'’-]+|[a-z][a-z'’-]+)[\"”]\)")
#: a field's value after its label ("Imogen Smith   Rm 31", "Bed 2", "Room: 4112-B")
_FIELD_VALUE_RE = re.compile(r"[ \t]*[:#]?[ \t]*\d")
#: the dashes that open a staff sign-off at a line's start ("--TMcCarthy, PT", "-JSmith RN")
_SIGNOFF_DASH = frozenset("-–—~")
#: the credentials that let initials at a line's start sign off without a dash ("fk rn", "HK RN 0615")
_BARE_SIGNOFF_CREDS = frozenset({"rn", "lpn", "lvn", "cna", "pct", "np", "rrt", "mht", "lcsw", "msw", "cnm", "ibclc"})
_NO_VOWEL_RE = re.compile(r"[b-df-hj-np-tv-xzB-DF-HJ-NP-TV-XZ]{2,3}")
#: capitals after a sign-off's dashes that are words, not initials ("--OK", "--END")
_SIGNOFF_WORDS = frozenset({"OK", "NO", "SO", "HI", "YES", "END", "AND", "THE", "ALL", "PER", "VIA", "OR", "ER",
                            "ED", "IV", "PO", "GI", "GU", "IM", "SQ", "PR", "NG", "OG", "CT", "US", "BP", "HR",
                            "RR", "UA", "DC", "MD", "RN", "NP", "PA", "PT", "OT", "RT", "SW", "CM", "TO", "AT"})


@dataclass(frozen=True)
class WordInfo:
    """What the lists say about one word (case as written, possessive stripped)."""

    first: bool  # a listed first name
    last: bool  # a listed surname
    nick: bool  # a listed nick name
    common: bool  # also an ordinary lower-case word (Frank, Long, Hope)
    medical: bool
    stop: bool  # never a name without a title (headings, months, organization heads)
    place: bool = False  # also a state (Virginia) or a people (Asian, White): never a name alone
    eponym: bool = False  # a name that also names a disease (Graves, Hodgkin, Addison)
    first_band: int | None = None  # the lexicon's band: 0 commonest ... 2 rare, None unlisted
    last_band: int | None = None
    #: also a drug ("Allegra", "Lyrica") or another medical word ("Iris") by the medical lists
    drug: bool = False
    medword: bool = False
    share: float | None = None  # how often the word is written Capitalized; None: no English word
    word_band: int | None = None  # 0: among the 1,000 commonest English words ... None: not listed

    @property
    def listed(self) -> bool:
        return self.first or self.last or self.nick

    @property
    def capable(self) -> bool:
        """May stand in a name: listed, or an unknown word that is no ordinary word."""
        if self.stop:
            return False
        if self.listed:
            return True
        return not self.common and not self.medical


# flags of the run screen (see NameDetector.flag); KIN: no name alone, but a first name after a
# ("Son Will"); GLUED: an initial glued to a listed surname, a name at a sign-off ("--TMcCarthy")
_NOTHING, _UNKNOWN, _AMBIGUOUS, _NAME, _TITLE, _CONTEXT, _WEAK, _KIN, _GLUED = range(9)


class _Tok:
    """One token of a run, with its word-list facts looked up once (slotted: runs are hot)."""

    __slots__ = ("start", "end", "word", "period", "quoted", "possessive", "comma_before",
                 "initial", "title", "context", "capable", "info", "kin")

    def __init__(self, start, end, facts):
        self.start = start
        self.end = end  # end of the word (without the period or the possessive)
        # the rest depends on the run's words alone: worked out once per run as written
        # (NameDetector._tokens memoizes it) and unpacked here
        (self.word, self.period, self.quoted, self.possessive, self.comma_before,
         self.initial, self.title, self.context, self.info, self.capable) = facts
        self.kin = False  # right after a kin word ("Son Will"): set by the run

    @staticmethod
    def facts(word, period, quoted, possessive, comma_before, kind) -> tuple:
        """What __init__ takes after the offsets: the word (without quotes, period and
        possessive), its punctuation, and what its kind (title, context, info) makes of it."""
        initial = len(word) == 1 and word.isupper()
        title, context, info = kind
        if initial:
            info = None
        return (word, period, quoted, possessive, comma_before, initial,
                title and len(word) > 1 and not quoted, context and not quoted, info,
                True if (info is None or quoted) else info.capable)

    @property
    def span_end(self) -> int:
        """End including an initial's period, which belongs to the name ("James T.")."""
        return self.end + 1 if self.period and self.initial else self.end


_RULE_IDS = ("names.title", "names.degree", "names.context", "names.context_unlisted",
             "names.quoted_nick", "names.first_last", "names.first_last_ambiguous", "names.middle_initial",
             "names.first_last_common", "names.initials_last", "names.first_initial",
             "names.last_comma_first", "names.all_caps", "names.lower_pair",
             "names.cap_pair_unlisted", "names.cap_pair_foreign", "names.in_phrase", "names.first_alone",
             "names.first_alone_ambiguous", "names.first_alone_initial", "names.first_alone_start",
             "names.last_alone", "names.last_alone_weak",
             "names.initials_context", "names.signoff_initials", "names.field")


class _Lists:
    """The lexicon seen through the few questions this detector asks; a question the installed
    lexicon cannot answer (an older version, no word lists at all) answers None."""

    def __init__(self, lex=None):
        self._lex = lex

    def __getattr__(self, name):
        fn = getattr(self._lex, name, None) if self._lex is not None else None
        if fn is None:
            fn = _none
        setattr(self, name, fn)  # look the method up once
        return fn


def _none(*args, **kwargs):
    return None


class NameDetector(Detector):
    name = "scrub.names.v1"
    entities = ("full_name", "first_name", "middle_name", "last_name", "nick_name", "title", "name")
    template_families = ("names",)

    def __init__(self, settings=None):
        super().__init__(settings)
        self._cache: dict[str, WordInfo] = {}
        self._kinds: dict[str, tuple] = {}
        self._flags: dict[str, int] = {}
        self._runs: dict[tuple[str, bool], tuple] = {}  # token shapes per run (see _tokens)
        self._sounds_memo: dict[str, bool] = {}
        self._city_memo: dict[str, bool] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ configuration

    @cached_property
    def rules(self) -> dict[str, Template]:
        ts = self.templates
        if not ts and self.settings.templates_dir is not None:
            # a templates folder without names.toml: fall back to the bundled rules
            ts = load_templates(None, family="names")
        rules = {t.id: t for t in ts}
        for rid in _RULE_IDS:
            if rid not in rules:
                raise ScrubError("E610", f"names.toml: rule '{rid}' is missing (the names detector needs it)")
        return rules

    def like(self, rid: str) -> float:
        return self.rules[rid].likelihood

    @cached_property
    def titles(self) -> frozenset[str]:
        return frozenset(c.lower().rstrip(".") for c in self.rules["names.title"].context)

    @cached_property
    def degree_re(self):
        # ", M.D." / " MD" / ", PA-C" right after the name, and not the start of a longer word.
        # The credentials as a prefix tree in small letters: matched case-blind, it tries the
        # longest credential first as the alternation sorted longest first did, for a few
        # letters per attempt instead of every credential in turn
        degs = {c.lower() if len(c.lower()) == len(c) else c for c in self.rules["names.degree"].context}
        return regex.compile(rf"[ \t]*,?[ \t]*(?:{_trie_regex(degs, blank=None)})(?![\p{{L}}\d-])",
                             regex.IGNORECASE)

    @cached_property
    def _context_sets(self) -> tuple[frozenset[str], frozenset[str]]:
        strong = frozenset(c.lower() for c in self.rules["names.context_unlisted"].context)
        every = frozenset(c.lower() for c in self.rules["names.context"].context)
        return strong, every - strong

    @cached_property
    def _context_by_last(self) -> dict[str, tuple[tuple[int, str, str], ...]]:
        """Context phrases by their last word: (words, phrase, 'strong'|'weak'), longest first."""
        strong, weak = self._context_sets
        by: dict[str, list[tuple[int, str, str]]] = {}
        for strength, phrases in (("strong", strong), ("weak", weak)):
            for p in phrases:
                words = p.split()
                if words:
                    by.setdefault(words[-1], []).append((len(words), " ".join(words), strength))
        return {k: tuple(sorted(v, key=lambda x: (-x[0], x[2] != "strong", x[1]))) for k, v in by.items()}

    @cached_property
    def lower_key_re(self):
        """A title (group t) or strong context word (group k) in lower-cased text, then a word.

        The stdlib `re` on a lower-cased copy is several times faster here than a case-blind
        `regex` scan, and this runs over every character of the document.
        """
        strong, _ = self._context_sets
        return re.compile(rf"(?<!\w)(?:(?P<t>{_trie_regex(self.titles)})\.?|(?P<k>{_trie_regex(strong)}))"
                          r"(?:[ \t]*:?[ \t]+|[ \t]+\()(?=[^\W\d_])")

    @cached_property
    def lex(self):
        try:
            from scrub.lexicon import Lexicon
        except ImportError:  # word lists not installed: context and shape rules still work
            return _Lists()
        return _Lists(Lexicon.default())

    # ------------------------------------------------------------------ word facts

    def info(self, word: str) -> WordInfo:
        """Word-list facts for a word as written; memoized (the lexicon is the slow part)."""
        got = self._cache.get(word)
        if got is not None:
            return got
        lex = self.lex
        low = word.lower()
        # look names up in their usual spelling: "GRAVES" and "graves" as "Graves"
        cap = word if (word[:1].isupper() and not word.isupper()) else word[:1].upper() + word[1:].lower()
        # An ordinary word is a listed English word people mostly write in lower case; names
        # (Virginia, Townsend) are listed words too, but mostly written with a capital
        facts = lex.word_facts(low)  # (capitalized share, word band) with one look-up
        share, wband = facts if facts is not None else (lex.capitalized_share(low), lex.word_band(low))
        common = share is not None and share < 0.5
        # The name lists are long (Census: "Human", "Patient" and "Plan" are surnames, "The" a
        # first name): a rare listing of a word people mostly write in lower case does not count
        ordinary = share is not None and share < 0.3 and wband is not None and wband <= 1

        def counts(band):
            return band is not None and (band <= 1 or not ordinary) and low not in FUNCTION_WORDS

        fband, lband = lex.first_name_band(cap), lex.surname_band(cap)
        first = counts(fband)
        last = counts(lband)
        halves = word.split("-")
        if not last and len(halves) > 1 and all(len(p) > 1 for p in halves):
            # double-barrelled surnames: any listed half counts ("X-Ray" is no such name)
            last = any(counts(lex.surname_band(p)) for p in halves) \
                and not any(p.lower() in CLINICAL_STOP or p.lower() in _WEEKDAY_SHORT for p in halves) and not all(
                (sh := lex.capitalized_share(p.lower())) is not None and sh < 0.3
                and (wb := lex.word_band(p.lower())) is not None and wb <= 1 for p in halves)
                # ("Co-Treat", "Post-op": two ordinary words, whatever the surname lists hold)
        if not first and len(halves) == 2 and all(len(p) > 1 for p in halves):
            # double first names ("Mary-Kate", "jean-paul"): both halves listed first names
            bands = [lex.first_name_band(p[:1].upper() + p[1:].lower()) for p in halves]
            if all(b is not None and b <= 1 and p.lower() not in FUNCTION_WORDS for b, p in zip(bands, halves)):
                first, fband = True, max(bands)
        nick = bool(lex.nickname_formals(cap)) and low not in FUNCTION_WORDS
        # eponyms and medical words that are also common names (Graves, Long) are not `medical`
        medical = bool(lex.is_medical(low))
        kind = lex.medical_kind(cap)
        eponym = kind == "eponym" or low in CLINICAL_EPONYMS
        # organization heads stop a name, unless they are common surnames ("Gregory House, MD")
        org_head = low in ORG_HEADS and not (lband is not None and lband <= 1 and last)
        # a degree of the long public list that is also a name mostly written with a capital
        # ("Obi", "Ciro") is no degree when written as a name
        degree = bool(lex.is_degree(low)) and not (
            word[:1].isupper() and not word.isupper() and len(word) >= 3 and (first or last)
            and share is not None and share >= 0.6 and low not in _DEGREE_WORDS)
        stop = (low in CLINICAL_STOP or org_head or low in _PLACE_ABBREV or low in self.titles
                or low in FUNCTION_WORDS or degree or low in SCRIPTURE or _ROMAN_RE.fullmatch(word) is not None
                or _PLURAL_ACRONYM_RE.fullmatch(word) is not None  # "METs", "UTIs", "PEs"
                or _ACRONYM_COMPOUND_RE.fullmatch(word) is not None  # "MRI-fusion", "CT-guided"
                # a short word in capitals is an abbreviation ("DOB", "MRN", "PT", "RA") unless it
                # is a common name ("LEE", "ANN")
                or (word.isupper() and len(word) <= 4 and not (first or last or nick))
                or (word.isupper() and len(word) <= 3 and not ((fband is not None and fband <= 1 and first)
                                                               or (lband is not None and lband <= 1 and last))))
        place = bool(lex.is_state(cap))
        got = WordInfo(first, last, nick, common, medical, stop, place or low in DEMONYMS,
                       eponym, fband if first else None, lband if last else None,
                       kind == "drug", kind == "medical", share, wband)
        with self._lock:
            if len(self._cache) > 200_000:  # bound memory on endless streams of new words
                self._cache.clear()
                self._kinds.clear()
                self._flags.clear()
                self._sounds_memo.clear()
                self._city_memo.clear()
            self._cache[word] = got
        return got

    def _sounds(self, word: str) -> bool:
        """Sounds like a listed name (phonetic key); asked only after a strong context word, so
        it is not part of WordInfo: the phonetic keys were a fifth of a new word's cost."""
        got = self._sounds_memo.get(word)
        if got is None:
            cap = word if (word[:1].isupper() and not word.isupper()) else word[:1].upper() + word[1:].lower()
            got = bool(self.lex.sounds_like_name(cap))
            self._sounds_memo[word] = got
        return got

    def _city(self, word: str) -> bool:
        """Also a US place name (Boston, Quincy, Austin); asked only of a lone name after "in" or
        in title case, so it is looked up then, not for every new word."""
        got = self._city_memo.get(word)
        if got is None:
            cap = word if (word[:1].isupper() and not word.isupper()) else word[:1].upper() + word[1:].lower()
            got = bool(self.lex.is_city(cap))
            self._city_memo[word] = got
        return got

    # ------------------------------------------------------------------ detection

    def detect(self, doc: Document) -> list[Candidate]:
        text = doc.text
        out: list[Candidate] = []
        # hot loop (one pass per run of capitals): methods and the flag memo bound to locals
        flag, flags, worth, tokens, run = self.flag, self._flags, self._worth, self._tokens, self._run
        for m in RUN_RE.finditer(text):
            # Cheap screen before any per-token work: most runs hold no possible name
            s, e = m.span()
            w = m.group("w")
            if w is not None and e - s <= len(w) + 1:
                # one word (the common case): its last capture is its only one. Half of all runs
                # are one word that can be no name ("The", "BP"): rejected on the memo alone
                f = flags.get(w)
                if f is None:
                    f = flag(w)
                if f != _NAME and (f == _NOTHING or f == _TITLE or f == _CONTEXT
                                   or not worth(text, s, (w,), (f,))):
                    continue
            else:
                words = m.captures("w")
                if not m.captures("q") and not worth(text, s, words, [flags.get(x) or flag(x) for x in words]):
                    continue
            toks = tokens(m)
            if toks and s > 1 and text[s - 1] == "/" and text[s - 2] in "wW" and toks[0].word in ("O", "o"):
                toks = toks[1:]  # "W/O WALKER": the "o" of "without", no initial
            if toks:
                out.extend(run(text, toks))
        out.extend(self._lower(text))
        if "ame:" in text or "AME:" in text or "ame :" in text or "AME :" in text:
            out.extend(self._field(text))  # (a name field's label: searched only where one is)
        if "t:" in text or "T:" in text or "D:" in text or "d:" in text:
            out.extend(self._patient_field(text))
        out.extend(self._small_title(text))
        if out and (", " in text or " and " in text or " & " in text):
            out.extend(self._coordinated(text, out))
        if out and " and " in text:
            out.extend(self._and_kin(text, out))
        if "(" in text or '"' in text or "“" in text:
            # "olusegun adeyemo  (segun)", 'Vasquez, Rolando "Ro"': a nick name in parentheses or
            # quotes after any full name found, unless the nick name was found on its own ("Robert ('Bob')")
            starts = None
            for k, c in enumerate(out):
                if c.entity == "full_name" and _PAREN_NEXT_RE.match(text, c.end) and not any(
                        p.entity == "nick_name" for p in c.parts):
                    if starts is None:
                        starts = {x.start for x in out}
                    n = _NICK_AFTER_RE.match(text, c.end)
                    if n is not None and n.start(2 if n.group(2) else 4) not in starts:
                        out[k] = self._with_nick(text, c)
        if '("' in text or "(“" in text:
            out.extend(self._age_nick(text))
        out.extend(self._called(text))
        if ")" in text or "nterp" in text or "NTERP" in text:
            out.extend(self._role_marked(text))
        out.extend(self._verb_named(text))
        if "-" in text:
            out = [_hyphen_whole(text, c) if text[c.end:c.end + 1] == "-" or text[c.start - 1:c.start] == "-" else c
                   for c in out]
        for k, c in enumerate(out):
            if text[c.end:c.end + 1] in (" ", ",", "\t") and c.entity in ("first_name", "full_name") \
                    and text[c.end - 1:c.end].isalpha():
                m = _INITIAL_AFTER_RE.match(text, c.end)
                if m is None and c.entity == "full_name" and ", " in text[c.start:c.end]:
                    m = _FIELD_INITIAL_RE.match(text, c.end)
                if m is not None:  # "maddie l., rn", "- GRACIELA O., LPN", "Frank Jr."
                    out[k] = Candidate(c.start, m.end(), c.entity, c.likelihood, c.detector, c.why, c.parts)
        return out

    def _age_nick(self, text: str) -> list[Candidate]:
        """The name a patient goes by, in quotes after the age and sex ('83 yo F ("Nell")')."""
        out = []
        rid = "names.context"
        like, why = self.like(rid), f"template:{rid}"
        for m in _AGE_NICK_RE.finditer(text):
            info = self.info(m.group(1))
            if info.stop or info.medical or info.drug or not (info.first or info.nick or info.share is None):
                continue
            nick = Candidate(m.start(1), m.end(1), "nick_name", like, self.name, why)
            out.append(Candidate(m.start(1), m.end(1), "full_name", like, self.name, why, (nick,)))
        return out

    def _called(self, text: str) -> list[Candidate]:
        """The name someone goes by, after what says so ('goes by "Reg"', '(aka "Tiny")', 'prefers
        to be called "KJ"') or in quotes after a family word or a helper's ('grandson "tiny"',
        'interpreter "lan"'): a word in quotes, or a capitalized one after a cue."""
        out = []
        rid = "names.context"
        like, why = self.like(rid), f"template:{rid}"
        # the cues' first words in small letters first (a case-blind alternation tried at every
        # character costs several times more), the whole cue then matched where one starts
        found = [(m, True) for h in _CALLED_HEAD_RE.finditer(lower_aligned(text))
                 if (m := _CALLED_CUE_RE.match(text, h.start())) is not None]
        if '"' in text or "“" in text or "'" in text or "‘" in text:
            # a word in quotes after a family word or a helper's: the rare quotes first, then the
            # word before each (a pattern led by any word would be tried at every word)
            for m in _QUOTED_WORD_RE.finditer(text):
                w = _WORD_BEFORE_RE.search(text, max(0, m.start() - 24), m.start())
                if w is not None and (w.group(1).lower() in _LOWER_KIN or w.group(1).lower() in _CALLED_ROLES):
                    found.append((m, False))
        for m, cued in found:
            s, e = m.span("n")
            word = m.group("n")
            quoted = text[s - 1:s] in _QUOTES
            if cued and not quoted and not word[:1].isupper():
                continue
            info = self.info(word)
            if info.medical or info.drug:
                continue
            if cued and m.group()[:4].lower() == "pref" and not (
                    self._given_in_quotes(word) or word[:1].isupper() and not info.common):
                continue  # 'prefers "quiet"': what a patient prefers is a name only if it reads as one
            if not (quoted and (info.first or info.nick or self._given_in_quotes(word))) and (
                    info.stop or info.place or info.common and not quoted and not (info.first or info.nick)):
                continue  # (in quotes after a cue, a listed name even if a short word: "Reg", "Al")
            nick = Candidate(s, e, "nick_name", like, self.name, why)
            out.append(Candidate(s, e, "full_name", like, self.name, why, (nick,)))
        return out

    def _role_marked(self, text: str) -> list[Candidate]:
        """A name that its role marks: "Will Brown (father)", "Hope Brown (mother)" (a kin word in
        parentheses after it), and the interpreter named on an interpreter's line before the
        interpreter's number ("Interpreter: Polish, phone, Ewa Sadowska ID #40517")."""
        out = []
        rid = "names.context"
        like, why = self.like(rid), f"template:{rid}"
        for rx in (_KIN_AFTER_RE, _INTERPRETER_RE):
            for m in rx.finditer(text):
                if rx is _KIN_AFTER_RE and m.group("k").lower() not in KIN:
                    continue
                words = [(w.start(), w.end(), w.group()) for w in _NAME_WORD_RE.finditer(text, m.start("n"), m.end("n"))]
                infos = [self.info(w) for _, _, w in words]
                if any(i.stop and self.flag(w) != _KIN or i.medical or i.drug for i, (_, _, w) in zip(infos, words)) or not any(
                        i.first or i.last or i.nick or i.share is None for i in infos):
                    continue
                roles = (["first_name" if infos[0].first and not infos[0].last else "last_name"] if len(words) == 1
                         else ["first_name"] + ["middle_name"] * (len(words) - 2) + ["last_name"])
                parts = tuple(Candidate(a, b, role, like, self.name, why) for (a, b, _), role in zip(words, roles))
                out.append(Candidate(words[0][0], words[-1][1], "full_name", like, self.name, why, parts))
        return out

    def _verb_named(self, text: str) -> list[Candidate]:
        """A listed name, or a word no list knows written like one, alone after what one does to a
        colleague ("per Young,", "Paged Gay (trauma NP)", "notified Lindqvist at 0130"): the
        ordinary words that are common surnames too (Young, Hill, Price) among them."""
        out = []
        rid = "names.context"
        like, why = self.like(rid), f"template:{rid}"
        strong, weak = self._context_sets  # ("per STUDENT", "notified Patient"): a role, no name
        found = list(_VERB_NAME_RE.finditer(text))
        first = _VERB_NAME_AT_START.match(text)
        if first is not None:
            found.insert(0, first)
        if "(" in text:
            found += [m for m in _WITH_ROLE_RE.finditer(text) if _ROLE_PAREN_AFTER_RE.match(text, m.end("n"))]
        for m in found:
            word = m.group("n")
            i = self.info(word)
            if i.stop or i.medical or i.medword or i.drug or i.place \
                    or i.eponym and not _ROLE_PAREN_AFTER_RE.match(text, m.end("n")) \
                    or word.lower() in VERB_SURNAME_STOP or word.lower() in strong or word.lower() in weak or word.isupper() and word.lower() in _VERB_NAME_CAPS_STOP or word.lower() in KIN or len(word) < 3:
                continue
            if not ((i.last and (i.last_band or 0) <= 1) or (i.first and (i.first_band or 0) <= 1)
                    or (not i.listed and i.share is not None and i.share >= 0.9)):
                continue
            s, e = m.span("n")
            out.append(Candidate(s, e, "last_name" if i.last or not i.first else "first_name", like, self.name, why))
        return out

    def _small_title(self, text: str) -> list[Candidate]:
        """A title typed in small letters before a Capitalized name ("from dr. Ahmadzai", "d/w
        dr. Lindgren"): the period after "dr." must not make the name a sentence's first word.
        Any word may follow a title as a name ("dr. Long"), but no function, clinical or heading
        word ("hx of ms. Pt states")."""
        out = []
        rid = "names.title"
        like, why = self.like(rid), f"template:{rid}"
        for m in _SMALL_TITLE_RE.finditer(text):
            end = m.start("n")
            for w in _NONSPACE_RUN_RE.finditer(text, m.start("n"), m.end("n")):
                word, i = w.group(), self.info(w.group())
                if word.lower() in FUNCTION_WORDS or i.stop or i.medical and not (i.first or i.last) \
                        or word.isupper() and len(word) <= 3:
                    break
                end = w.end()
            if end == m.start("n"):
                continue
            one = " " not in text[m.start("n"):end] and "\t" not in text[m.start("n"):end]
            out.append(Candidate(m.start(), end, "full_name", like, self.name, why,
                                 (Candidate(m.start(), m.end("t"), "title", like, self.name, why),
                                  Candidate(m.start("n"), end, "last_name" if one else "full_name",
                                            like, self.name, why))))
        return out

    def _field(self, text: str) -> list[Candidate]:
        """The value of a person's name field at a line's start ("Name: Åsa Laine", "Patient name:
        hyuuma t. maida", "Emergency contact name: Ola Nordmann"): up to five words to the line's
        end or to a wide gap before the next field ("Name: thorsdottir, sigrun     Unit 4B"), whatever the lists say of them ("Asa" is also aspirin's abbreviation), unless the
        value says there is none ("Unknown", "N/A", "see above")."""
        rid = "names.field"
        like, why = self.like(rid), f"template:{rid}"
        out = []
        for m in _FIELD_RE.finditer(text):
            v = m.group("v")
            first = v.split(None, 1)[0].strip(".,").lower()
            if first in _FIELD_NONE or first in FUNCTION_WORDS:
                continue
            words = [w.strip(".,") for w in v.replace(",", " ").split()]
            if any(w.lower() in _FIELD_NONE for w in words):
                continue
            ws = [(w.start(), w.end()) for w in _FIELD_WORD_RE.finditer(text, m.start("v"), m.end("v"))]
            out.append(self._field_value(text, m, ws, like, why))
        return out

    def _field_value(self, text: str, m, ws: list[tuple[int, int]], like: float, why: str) -> Candidate:
        """A name field's value (group "v" of `m`) with its words `ws` as parts, for posting:
        "Laine, Åsa" is surname first, else the last word is; "J." is a middle initial."""
        last = ws[0] if "," in m.group("v") else ws[-1]
        parts = tuple(Candidate(a, b, "last_name" if (a, b) == last else
                                "middle_name" if text[b - 1] == "." and b - a == 2 else "first_name",
                                like, self.name, why) for a, b in ws)
        return Candidate(m.start("v"), m.end("v"), "full_name", like, self.name, why,
                         parts if len(parts) > 1 else ())

    def _patient_field(self, text: str) -> list[Candidate]:
        """A patient's field at a line's start or after a wide gap, its value a name of two to four
        Capitalized words before the line's end, a wide gap or the next field ("Patient:
        Okonkwo-Reyes, Desmond   MRN 00482213", "PT ID: KOWALCZYK, ANNA M   DOB ..."): the words
        are parts whatever the lists say, unless one is an everyday word seldom Capitalized
        ("Patient: Doing Well"), a function, clinical or medical word."""
        rid = "names.field"
        like, why = self.like(rid), f"template:{rid}"
        out = []
        for m in _patient_fields(text):
            ws = [(w.start(), w.end()) for w in _FIELD_WORD_RE.finditer(text, m.start("v"), m.end("v"))]
            ok = True
            small = m.group("v")[0].islower()
            everyday = 0
            for a, b in ws:
                w = text[a:b].rstrip(".")
                if len(w) == 1:
                    continue  # an initial
                i = self.info(w)
                low = w.lower()
                if small:
                    # in small letters the words must look like names: listed ones (one everyday
                    # word at most: "price, faith") or words no English list knows ("oyelade")
                    named = i.first or i.last or i.nick
                    everyday += bool(i.common and (i.word_band is None or i.word_band <= 2))
                    if not (named or not i.common and len(w) >= 3) or everyday > 1 or i.place and not named \
                            or i.medword or i.medical or i.drug or i.eponym:
                        ok = False
                        break
                if low in FUNCTION_WORDS or low in _FIELD_NONE or low in CLINICAL_STOP or i.stop \
                        or (i.medical or i.drug) and not (i.first or i.last):
                    ok = False
                    break
                share = self.lex.capitalized_share(low)
                if share is not None and share <= 0.2 and not (i.first or i.last):
                    ok = False  # "Patient: Doing Well", "PT: STABLE OVERNIGHT"
                    break
            if ok and ws:
                out.append(self._field_value(text, m, ws, like, why))
        return out

    def _coordinated(self, text: str, found: list[Candidate]) -> list[Candidate]:
        """Unlisted words coordinated with a name found ("Drs. Okafor and Lindqvist", "founders:
        Monjeau, Graves and Reed"): a capitalized word that is no ordinary, clinical or place
        word, joined to a name by a comma, "and", "&" or "or", is a surname of the same list."""
        rid = "names.coordinated"
        like = self.like(rid)
        have = {(c.start, c.end) for c in found}
        queue = [c for c in found if c.likelihood >= 0.7]
        out: list[Candidate] = []
        # where the found candidates lie (sorted starts and the running end before each), so
        # that "does a hit overlap one" is a bisection, not a scan (linear in long documents)
        spans = sorted((c.start, c.end) for c in found)
        starts = [a for a, _ in spans]
        reach, far = [], -1
        for _, b in spans:
            far = max(far, b)
            reach.append(far)

        def taken(s: int, e: int) -> bool:
            k = bisect.bisect_left(starts, e) - 1  # the last candidate starting before e
            return k >= 0 and reach[k] > s

        while queue:
            c = queue.pop()
            hits = []
            m = _COORD_AFTER_RE.match(text, c.end)
            if m:
                hits.append(m.span(1))
            m = _COORD_BEFORE_RE.search(text, max(0, c.start - 40), c.start)
            if m:
                hits.append(m.span(1))
            for s, e in hits:
                if (s, e) in have or taken(s, e):
                    continue
                word = text[s:e]
                i = self.info(word)
                if not i.capable or i.listed and (i.common or i.medical) or i.place or i.eponym \
                        or i.drug or i.medical or i.stop or word.lower() in CLINICAL_EPONYMS \
                        or self.flag(word) not in (_NAME, _UNKNOWN):
                    continue
                new = Candidate(s, e, "last_name", like, self.name, f"template:{rid}")
                have.add((s, e))
                out.append(new)
                queue.append(new)
        return out

    def flag(self, raw: str) -> int:
        """What a word may contribute to a name, for the screen of runs: NAME (listed, no ordinary
        word), AMBIGUOUS (listed, also an ordinary word), WEAK (listed, but an eponym, a state or a
        people), UNKNOWN (unlisted, no ordinary word, mixed case), TITLE, CONTEXT, or NOTHING."""
        got = self._flags.get(raw)
        if got is None:
            word = raw[:-2] if len(raw) > 2 and raw[-2] in "'’" and raw[-1] in "sS" else raw
            title, context, info = self.kind(word)
            if title:
                got = _TITLE
            elif context:
                got = _CONTEXT
            elif not info.listed and self._glued_shape(word):
                got = _GLUED
            elif not info.capable:
                got = _KIN if self._kin_name(word) else _NOTHING
            elif info.listed:
                if info.eponym or info.place or info.drug:
                    got = _WEAK
                else:
                    got = _AMBIGUOUS if (info.common or info.medical) else _NAME
            elif not word.isupper():
                got = _UNKNOWN
            else:
                got = _NOTHING
            self._flags[raw] = got
        return got

    def _worth(self, text: str, pos: int, words: list[str], flags: list[int]) -> bool:
        """Can this run hold a name at all? Decided from the words' flags, before any tokens."""
        if len(flags) == 1:
            f = flags[0]
            if f == _NAME:
                return True
            if f == _AMBIGUOUS:  # "Hope", "Daily": alone at a sentence start it says nothing
                return (not self._sentence_initial(text, pos) or self._context_before(text, pos) is not None
                        or self._after_name(text, pos))  # "Dorothy (Dot)"
            if f == _UNKNOWN or f == _WEAK:  # "Foley", "California" alone: only after "Patient:"
                return self._context_before(text, pos) == "strong"
            if f == _GLUED:  # "--TMcCarthy": at a sign-off only
                return self._glued(text, pos, words[0])
            if f == _KIN:  # "Will" names nobody alone, but "son Will" does
                return self._kin_before(text, pos, False)
            return False
        if _NAME in flags or _AMBIGUOUS in flags or _WEAK in flags:
            return True
        if _KIN in flags:
            k = flags.index(_KIN)
            if (words[k - 1].lower() in KIN) if k else self._kin_before(text, pos, False):
                return True
        if flags[0] == _GLUED and self._glued(text, pos, words[0]):
            return True  # "--TMcCarthy, PT"
        if _TITLE in flags:
            return flags.count(_TITLE) < len(flags)  # a title with something after it
        if flags.count(_UNKNOWN) >= 2 or (_UNKNOWN in flags and _CONTEXT in flags):
            return True
        if _UNKNOWN in flags or all(len(w) == 1 for w in words):
            return self._context_before(text, pos) is not None  # "cc: J.T.", "RE: Rubija"
        return False

    def kind(self, word: str) -> tuple[bool, bool, WordInfo]:
        """(is a title, is a strong context word, word facts), memoized per word as written."""
        got = self._kinds.get(word)
        if got is None:
            low = word.lower()
            got = (low in self.titles, low in self._context_sets[0], self.info(word))
            self._kinds[word] = got
        return got

    def _tokens(self, m) -> list[_Tok]:
        """The tokens of one run match; their shapes are memoized per run as written (a name
        recurs through a document), at offsets from the run's start."""
        base, end = m.span()
        text = m.string
        key = (m.group(), text[end:end + 1] == "/")
        shapes = self._runs.get(key)
        if shapes is None:
            facts = _Tok.facts
            shapes = tuple((s - base, e - base, facts(word, period, q, poss, comma, kind))
                           for s, e, word, period, q, poss, comma, kind in self._shapes(m))
            with self._lock:
                if len(self._runs) > 100_000:  # bound memory on endless streams of new runs
                    self._runs.clear()
                self._runs[key] = shapes
        return [_Tok(s + base, e + base, facts) for s, e, facts in shapes]

    def _shapes(self, m) -> list[tuple]:
        """The tokens of one run match, from the spans its repeated groups captured."""
        spans = m.spans("w")
        quoted = m.spans("q")
        if quoted:
            spans = sorted([(a, b, False) for a, b in spans] + [(a, b, True) for a, b in quoted])
        else:
            spans = [(a, b, False) for a, b in spans]
        periods = set(m.starts("p"))
        commas = m.starts("c")
        text = m.string
        out: list[tuple] = []
        ci = 0
        prev_end = -1
        for s, e, q in spans:
            comma = False
            while ci < len(commas) and commas[ci] < s:
                comma = comma or commas[ci] >= prev_end
                ci += 1
            word = text[s:e]
            if len(word) == 1 and text[e:e + 1] == "/":
                break  # "D/C", "S/P": an abbreviation, no initial; it ends the run's names
            poss = False
            if len(word) > 2 and word[-2] in "'’" and word[-1] in "sS":
                word, e, poss = word[:-2], e - 2, True
            out.append((s, e, word, (e + 2 * poss) in periods, q, poss, comma, self.kind(word)))
            prev_end = e
        return out

    def _run(self, text: str, toks: list[_Tok]) -> list[Candidate]:
        """Cut a run into segments of name-capable tokens and score each."""
        out: list[Candidate] = []
        segs: list[tuple[int, int, str]] = []  # (first index, end index, what came before)
        i, n = 0, len(toks)
        for k in range(1, n):
            t, prev = toks[k], toks[k - 1]
            if not t.capable and t.info is not None and not t.comma_before and not t.quoted \
                    and prev.capable and prev.info is not None and prev.info.first and not prev.period \
                    and not t.info.stop and not t.info.medical and t.word[:1].isupper() and not t.word.isupper() \
                    and t.word.lower() not in FUNCTION_WORDS and self._degree_at(text, t.end):
                # "Ignatius Bellweather, MD": a first name, then any Capitalized word before a
                # degree is the surname, though the web lists know it in small letters
                t.capable = True
        before = "run"  # "run": look at the text before; "context"; "title" handled inside
        while i < n:
            t = toks[i]
            if not t.capable and t.info is not None and not t.initial and (
                    (before == "context" and toks[i - 1].word.lower() in KIN)
                    or (i == 0 and before == "run" and self._kin_before(text, t.start, False))) \
                    and self.flag(t.word) == _KIN and not _date_word(text, t) and not _modal_next(text, t):
                # "Son Will calling", "daughter May visited": a listed first name after a kin word
                self._make_first(t, common=True)
                t.kin = True
            elif before == "context" and toks[i - 1].word.lower() in KIN:
                t.kin = True
            elif not t.capable and t.info is not None and t.word.lower() in _MONTH_FIRSTS \
                    and i + 1 < n and toks[i + 1].capable and not toks[i + 1].comma_before \
                    and toks[i + 1].info is not None and (toks[i + 1].info.last or toks[i + 1].info.share is None) \
                    and not toks[i + 1].info.stop and not toks[i + 1].initial \
                    and not t.period and not _date_word(text, t) and not _MONTH_PREP.search(text, max(0, t.start - 12), t.start):
                # "June Smith visited", "Called April Oyelaran": a month that is a first name,
                # before a surname, and not after "in", "since", "last"... ("In June Smith was")
                self._make_first(t)
            elif not t.capable and t.info is not None and not t.period and self.flag(t.word) == _KIN \
                    and self._everyday_first(text, toks, i):
                self._make_first(t)  # "Dr. Will Franklin", "pt Will Kingsley-Abara", "SLP: Young, Will"
            elif i == 0 and not t.capable and self.flag(t.word) == _GLUED and self._glued(text, t.start, t.word):
                t.capable = True  # "--JSmith RN": "jsmith" is an ordinary word of the web lists
            if _context(t) and i + 1 < n and toks[i + 1].comma_before \
                    and t.word.lower() in self._context_creds and t.word.lower() not in _DEGREE_AMBIGUOUS:
                # "Joy E., RN, Anticoagulation Management": a credential, then the service
                before = "segment"
                i += 1
                continue
            if _context(t) and not (i + 1 < n and not toks[i + 1].comma_before
                                            and _title(t)) and not _SLASH_WORD_RE.match(text, t.end) \
                    and not (t.start >= 3 and text[t.start - 1] == "/" and text[t.start - 3:t.start - 1].isalpha()):
                # ("PT/OT Co-Treat", "Pt/family aware": a discipline or a pair, no context)
                before = "context"
                i += 1
                continue
            if not _capable(t) and not _title(t):
                before = "place" if t.word.lower() in PLACE_PREFIX else "phrase"
                i += 1
                continue
            j = i + 1
            # a title only leads; a token with a sentence-final period or a comma closes a segment
            while j < n:
                prev, cur = toks[j - 1], toks[j]
                if cur.comma_before or _title(cur) or _context(cur):
                    break
                if prev.period and not prev.initial and not _title(prev):
                    break
                if prev.possessive:
                    break
                # (but "Nurse Practitioner Sarah Reyes": the title's word is no name when names follow)
                after_title = (j == i + 1 and prev.title and cur.word.lower() not in FUNCTION_WORDS
                               and not (j + 1 < n and toks[j + 1].capable and not toks[j + 1].comma_before
                                        and not cur.period))
                # after a title any word is a name ("Dr. House", "Dr. Long")
                if j == i + 1 and prev.title and not _capable(cur) and not cur.period and cur.info is not None \
                        and j + 1 < n and not toks[j + 1].comma_before and toks[j + 1].info is not None \
                        and toks[j + 1].info.last and not toks[j + 1].info.medical and not toks[j + 1].initial \
                        and toks[j + 1].word[:1].isupper() and self.flag(cur.word) == _KIN:
                    # "Dr. Will Price", "Ofc. Will Price": an everyday first name between a title and a surname
                    self._make_first(cur)
                    toks[j + 1].capable = True
                if not _capable(cur) and not after_title and not self._bridge(toks, j):
                    break
                j += 1
            segs.append((i, j, before))
            closer = toks[j - 1]
            # after "... Susan. Seen" the next word opens a sentence: judge it like a run's start
            before = "run" if closer.period and not closer.initial and not closer.title else "segment"
            i = j
        for k, (i, j, before) in enumerate(segs):
            # (a field label in capitals after a name is no title-case phrase: "Chuck Okonkwo DOB")
            after_phrase = j < n and not toks[j].comma_before and not _capable(toks[j]) \
                and not _context(toks[j]) and not _title(toks[j]) \
                and not toks[j - 1].period and toks[j].word not in _FIELD_LABELS \
                and not (toks[j].word.upper() in _FIELD_LABELS and _FIELD_VALUE_RE.match(text, toks[j].end))
            # "Graves, Frank R." : a lone surname, a comma, then a first name (and initials)
            if (k + 1 < len(segs) and j - i == 1 and segs[k + 1][0] == j and toks[j].comma_before
                    and not toks[i].period):
                i2, j2, _ = segs[k + 1]
                head, nxt = self.info(toks[i].word), self.info(toks[j].word)
                e2 = i2 + 1
                while e2 < j2 and e2 - i2 < 3 and toks[e2].initial:
                    e2 += 1  # the first name's initials; what follows ("DOB") is left as it was
                # (a word made a first name where it stands: "Pt: Brown, Will   MRN")
                nxt_first = nxt.first or toks[j].info is not None and toks[j].info.first
                if head.last and nxt_first and not self._degree_at(text, toks[i].end) \
                        and toks[j].word.upper() not in _LIMB_ABBREV \
                        and not text[max(0, toks[i].start - 2):toks[i].start].startswith("&"):
                    # ("MAE, LE 5/5": limbs; "Stamping & Forge, Castle Pines": a firm's last word)
                    c = self._comma_name(toks[i], toks[i2:e2])
                    if c is not None:
                        out.append(c)
                        segs[k + 1] = (e2, j2, "segment")
                        continue
            if i >= j:
                continue
            lead = -1
            if before == "run" and not _title(toks[i]):
                lead = _lead_initial(text, toks[i].start)
            if lead >= 0:
                c = self._after_initial(text, toks[i:j], lead, after_phrase)
            else:
                c = self._segment(text, toks[i:j], before, after_phrase)
            if c is not None:
                out.append(c)
        return out

    def _make_first(self, t: _Tok, **facts) -> None:
        """Read a token whose word is an everyday one ("Will", "June") as the first name it is
        also listed as."""
        t.info = replace(t.info, first=True, stop=False,
                         first_band=self.lex.first_name_band(t.word[:1] + t.word[1:].lower()), **facts)
        t.capable = True

    def _everyday_first(self, text: str, toks: list[_Tok], i: int) -> bool:
        """Is the token at i, a listed first name that is an everyday word ("Will"), a first name
        where it stands? After a title or before a surname and its credential ("Dr. Will Franklin",
        "Will Bond RRT", "signed: Will Hargrove, RN"), after a strong context before a surname
        ("pt Will Kingsley-Abara"), or after a field's surname and its comma ("SLP: Young, Will")."""
        t, n = toks[i], len(toks)
        nxt = toks[i + 1] if i + 1 < n else None
        if nxt is not None and nxt.capable and not nxt.comma_before and nxt.info is not None \
                and nxt.info.last and not nxt.info.stop and not nxt.initial and not _date_word(text, t) and (
                    i > 0 and _title(toks[i - 1]) and not t.comma_before
                    or self._degree_at(text, nxt.end) and (
                        self._line_start(text, t.start) or not self._sentence_initial(text, t.start)
                        or self._context_before(text, t.start) == "strong")):
            return True
        if i == 0 and nxt is not None and nxt.capable and not nxt.comma_before and not nxt.initial \
                and nxt.info is not None and not nxt.info.stop and not nxt.info.medical \
                and not _date_word(text, t) and self._context_before(text, t.start) == "strong":
            return True
        if not (t.comma_before and (i == 1 or i == 2 and _context(toks[0]))):
            return False
        first = toks[i - 1]
        # the field's value ends after it: the run's end, an initial, a field's label or two blanks
        # ("Pt: Brown, Will   MRN 5520", "PT: BROWN, WILL A", "SLP: Young, Will")
        end = i + 1 == n or toks[i + 1].initial or toks[i + 1].word.upper().rstrip(":#") in _FIELD_LABELS \
            or "  " in text[t.end:toks[i + 1].start] or "\t" in text[t.end:toks[i + 1].start]
        return end and first.capable and first.info is not None and first.info.last \
            and self._context_before(text, first.start) == "strong"

    def _after_initial(self, text: str, seg: list[_Tok], lead: int, after_phrase: bool) -> Candidate | None:
        """A name after an initial in lower case ("triage rn: k. Szczepanski", "-- t. Nwachukwu"):
        how a note in capitals or in lower case reads through the cased view. The initial joins
        the name; a listed surname after it is a name as after a capitalized initial."""
        t = seg[0]
        i = t.info
        if len(seg) == 1 and i is not None and i.last and not (
                i.common or i.stop or i.medical or i.eponym or i.drug or i.place) and not self._eponym(text, t):
            rid = "names.initials_last"
            c = Candidate(t.start, t.span_end, "last_name", self.like(rid), self.name, f"template:{rid}")
        else:
            c = self._segment(text, seg, "run", after_phrase)
            if c is None:
                return None
        like, why = c.likelihood, c.why
        parts = c.parts if c.parts else (replace(c, entity="last_name"),)
        return Candidate(lead, c.end, "full_name", like, self.name, why,
                         (Candidate(lead, lead + 2, "first_name", like, self.name, why),) + tuple(parts))

    @staticmethod
    def _bridge(toks: list[_Tok], j: int) -> bool:
        """An ordinary word between a first name and a surname is a middle name ("Frank Red Graves")."""
        cur = toks[j]
        if cur.info is None or cur.info.stop or cur.info.medical or j + 1 >= len(toks):
            return False
        prev, nxt = toks[j - 1], toks[j + 1]
        return (not nxt.comma_before and not prev.period and nxt.info is not None and nxt.info.last
                and prev.info is not None and (prev.info.first or prev.info.nick))

    @cached_property
    def _degree_first(self) -> frozenset[str]:
        """The letters a credential can start with, either case: most names are followed by none."""
        return frozenset(c for d in self.rules["names.degree"].context if d for c in (d[0].lower(), d[0].upper()))

    def _degree_at(self, text: str, pos: int) -> bool:
        k = pos
        while k < len(text) and text[k] in " \t,":
            k += 1
        if k >= len(text) or text[k] not in self._degree_first:
            return False  # what follows starts no credential: skip the regex
        m = self.degree_re.match(text, pos)
        if not m:
            return False
        deg = m.group().strip(" \t,")
        # "Do", "Pt", "Ot" are words, not credentials; credentials carry two capitals or a period
        return sum(ch.isupper() for ch in deg) >= 2 or deg.endswith(".") or deg.lower() in _DEGREE_MIXED

    def _context_before(self, text: str, pos: int) -> str | None:
        """'strong' or 'weak' when a context word (of up to four words) ends right before pos."""
        if pos == 0 or text[pos - 1] not in _CTX_TRAIL:
            return None  # a context word is set off by a space, a colon or a quote
        # The common answer is None: the word before is no context word's last word. Found here
        # with a few character steps, before the slicing and splitting of the exact test below
        j = pos - 1
        while j >= 0 and text[j] in _CTX_TRAIL:
            j -= 1
        if j < 0 or pos - 1 - j > 12:
            return None
        k, lo = j, max(0, j - 30)
        while k > lo and not text[k - 1].isspace():
            k -= 1
        last = text[k:j + 1].lower().lstrip("([{\"'")
        by = self._context_by_last
        if last not in by and last.rstrip(".") not in by:
            return None
        window = text[max(0, pos - 40):pos]
        stripped = window.rstrip(" \t:#-'\"‘“(")
        if not stripped or not (stripped[-1].isalpha() or stripped[-1] in "/."):
            return None  # context words end in a letter ("w/", "Dr." aside)
        if len(stripped) < len(window) - 12 or "\n" in window[len(stripped):]:
            return None
        words = stripped[-30:].lower().rsplit("\n", 1)[-1].split()[-4:]  # on the name's line only
        if not words:
            return None
        if len(words) >= 2 and words[-2][-1:].isdigit() and len(words[-1].rstrip(".")) <= 3:
            return None  # "38 cm. Leopold", "2 pa": a number's unit, no credential
        last = words[-1].lstrip("([{\"'")
        cands = self._context_by_last.get(last) or self._context_by_last.get(last.rstrip("."))
        if not cands:
            return None  # no context phrase ends in this word: the common case, decided at once
        for size, phrase, strength in cands:  # longest phrase first, strong before weak
            if size <= len(words):
                got = " ".join(words[-size:]).lstrip("([{\"'")
                if got == phrase or got.rstrip(".") == phrase and (
                        phrase in self.titles and len(phrase) <= 5 or phrase in _DOTTED_CONTEXT):
                    return strength  # "Dr.", "dtr."; "daughter." ends a sentence
                if got.rstrip(".") == phrase and len(phrase) <= 3:
                    # "per pt. Orient to unit rules": the stop may end a sentence; a word after it
                    # is a name only as a weak context's ("pt. Kowalczyk", not "pt. Last assessed")
                    return "weak"
        return None

    def _kin_name(self, word: str) -> bool:
        """A stop word that is also a common given name ("Will", "May", "June", "August"): a name
        only right after a kin word (see KIN)."""
        low = word.lower()
        if low not in _KIN_STOP or low in KIN or len(word) < 3:
            return False
        cap = word[:1].upper() + word[1:].lower()
        return self.lex.first_name_band(cap) == 0 or bool(self.lex.nickname_formals(cap))

    @staticmethod
    def _kin_before(text: str, pos: int, colon: bool = True) -> bool:
        """A kin word (son, wife, HCP ...) right before pos ("son Will", "HCP: Frank", "wife, Rose");
        without `colon`, not across a colon ("Son: Will call back" is a heading and a modal)."""
        j = pos - 1
        lo = max(0, pos - 4)
        while j >= lo and text[j] in (" \t:,(" if colon else " \t,("):
            j -= 1
        if j == pos - 1 or j < 0 or not text[j].isalpha():
            return False
        k, lo = j, max(0, j - 16)
        while k > lo and (text[k - 1].isalpha() or text[k - 1] == "-"):
            k -= 1
        return (k == 0 or not text[k - 1].isalnum()) and text[k:j + 1].lower() in KIN

    def _after_name(self, text: str, pos: int) -> bool:
        """A listed name, then an opening quote or parenthesis, right before pos: the word at pos
        is a nick name ("Dorothy ("Dot")", "Margaret (Peggy)", "Robert 'Bob'")."""
        j = pos - 1
        if j < 0 or text[j] not in _NICK_OPEN:
            return False
        lo = max(0, pos - 4)
        while j >= lo and (text[j] in _NICK_OPEN or text[j] in " \t"):
            j -= 1
        if j < 0 or not text[j].isalpha() or text[j + 1] not in " \t(":
            return False
        k, lo = j, max(0, j - 30)
        while k > lo and (text[k - 1].isalpha() or text[k - 1] in "-'’"):
            k -= 1
        word = text[k:j + 1]
        if not word[:1].isupper() or word.isupper() or (k > 0 and text[k - 1].isalnum()):
            return False
        i = self.info(word)
        return (i.first or i.nick or i.last) and i.capable and not (
            i.medical or i.eponym or i.place or i.drug or i.medword)

    def _nick_after_name(self, text: str, t: _Tok) -> Candidate | None:
        """The nick name at a site _after_name found, when the word can be one: a quoted listed
        name or no ordinary word; unquoted, a listed first or nick name closed by ')'."""
        i = t.info
        if i.stop or i.place or i.eponym or i.drug:
            return None
        if t.quoted:
            if not (i.listed or i.capable):
                return None
        elif not ((i.first or i.nick) and text[t.end:t.end + 1] == ")"):
            return None
        rid = "names.quoted_nick"
        return Candidate(t.start, t.end, "nick_name", self.like(rid), self.name, f"template:{rid}")

    def _glued_shape(self, word: str) -> bool:
        """An initial glued to a listed surname ("TMcCarthy", "JSmith"); a name only where
        _glued finds a sign-off."""
        if len(word) < 4 or not (word[0].isupper() and word[1].isupper() and word[2].islower()):
            return False
        i = self.info(word[1:])
        return i.last and not (i.stop or i.medical or i.place or i.drug or i.eponym)

    def _glued(self, text: str, pos: int, word: str) -> bool:
        """A sign-off with its initial glued to a listed surname ("--TMcCarthy, PT", "-JSmith RN",
        "--MJones"): after a dash at a line's start, or before a credential."""
        if not self._glued_shape(word):
            return False
        j = pos - 1
        dashes = 0
        while j >= 0 and text[j] in _SIGNOFF_DASH and dashes < 3:
            j -= 1
            dashes += 1
        while j >= 0 and text[j] in " \t":
            j -= 1
        return bool((dashes and (j < 0 or text[j] in "\n\r")) or self._degree_at(text, pos + len(word)))

    @staticmethod
    def _sentence_initial(text: str, pos: int) -> bool:
        j = pos - 1
        while j >= 0 and text[j] in " \t":
            j -= 1
        return j < 0 or text[j] in "\n\r.!?:;•*#>-–—|([{\"“'‘="

    def _next_word(self, text: str, pos: int) -> str:
        m = _NEXT_RE.match(text, pos)
        return m.group(1).lower() if m else ""

    def _eponym(self, text: str, t: _Tok) -> bool:
        """'Hodgkin's lymphoma', 'Down syndrome', 'Foley catheter': a name used as a medical term."""
        nxt = self._next_word(text, t.end)
        if not nxt:
            return False
        if nxt in EPONYM_HEADS:
            return True
        if len(nxt) >= 6 and text[t.end:t.end + 1] in " \t" and (t.info is None or not t.info.first) \
                and self.lex.medical_kind(nxt) in ("medical", "disease") and nxt not in CLINICAL_STOP:
            return True  # "Hashimoto hypothyroidism", "Parkinson disease": a disease's eponym
        possessive = t.possessive or text[t.end:t.end + 1] in ("'", "’")
        return possessive and (bool(self.lex.is_medical(nxt)) or (t.info is not None and t.info.eponym)) \
            and nxt not in CLINICAL_STOP

    # ------------------------------------------------------------------ scoring

    def _segment(self, text: str, seg: list[_Tok], before: str, after_phrase: bool) -> Candidate | None:
        title = seg[0] if _title(seg[0]) else None
        names = seg[1:] if title else seg
        if not names:
            return None
        # a sentence-final period closes the name: "... Graves. Patient" keeps "Graves"
        last = names[-1]
        start_pos = seg[0].start
        ctx = None
        initial_pos = False
        if before == "context" or names[0].kin:
            ctx = "strong"
        elif before == "run":  # the start of a run, or of a sentence inside one
            ctx = self._context_before(text, start_pos)
            initial_pos = ctx is None and self._sentence_initial(text, start_pos)
        infos = [t.info for t in names]
        if title is None and len(names) == 2 and ctx != "strong" and names[1].word.lower() in _HOME_PARTS:
            return None  # "Unit: Cedar Wing", "Juniper Wing": a part of the home named for a tree
        if title is None and len(names) == 1 and ctx == "strong" and _ROLE_AFTER_RE.match(text, names[0].end) \
                and not names[0].quoted and infos[0] is not None and infos[0].common:
            return None  # "RN Case Manager", "MSW Care Coordinator": a role after a credential, no name
        if title is None and len(names) == 1:
            only = names[0]
            if only.word.lower() in ADDRESS_WORDS:
                return None  # "calls out for Mama": how a patient calls someone, no name
            if ctx != "strong" and WING_AFTER.match(text, only.end):
                return None  # "Magnolia Wing", "the Cedar dayroom": a part of the home named for a tree
            if ctx == "strong" and not only.kin and self._kin_before(text, start_pos):
                only.kin = True  # "son Michael": a first name, whatever the surname lists say
            if only.kin and only.info is not None and only.info.stop is False and self.flag(only.word) == _KIN \
                    and only.word.lower() not in DEMONYMS:
                # "Son Will": a full name without parts, so that the engine's posting does not
                # carry the value to every "will" of the note (it posts parts, and full names
                # only through their parts)
                rid = "names.context"
                return Candidate(only.start, only.end, "full_name", self.like(rid), self.name, f"template:{rid}")
            if only.info is not None and (only.quoted or text[start_pos - 1:start_pos] == "(") \
                    and self._after_name(text, start_pos):
                c = self._nick_after_name(text, only)
                if c is not None:
                    return c
            if self.flag(only.word) == _GLUED and self._glued(text, start_pos, only.word):
                rid = "names.initials_last"
                like, why = self.like(rid), f"template:{rid}"
                return Candidate(only.start, only.end, "full_name", like, self.name, why, (
                    Candidate(only.start, only.start + 1, "first_name", like, self.name, why),
                    Candidate(only.start + 1, only.end, "last_name", like, self.name, why)))
        words_all_caps = all(t.word.isupper() and len(t.word) > 1 for t in names if not t.initial)

        if title is not None:
            if title.word.lower() == "fr" and _AFTER_NUMBER_RE.search(text, max(0, title.start - 4), title.start):
                return None  # "two 19 Fr Blake drains": a catheter's French size, no Father
            if title.word.isupper() and all(t.word.isupper() and len(t.word) > 1 for t in names) \
                    and all(i is None or not i.listed for i in infos):
                return None  # "Fields, Jordan MS CCC-SLP": a degree, then a credential
            if any(t.word.isupper() and len(t.word) > 1 for t in names) and not title.word.isupper():
                # "Dr. HPI" style: a capitalized title before an abbreviation is no name
                if all(i is None or not i.listed for i in infos):
                    return None
            if title.word.lower() == "nurse" and not title.period and names[0].word.lower() in _NURSE_SERVICES:
                return None  # "OB Nurse Line", "Nurse Triage": a service of nurses, no person
            return self._full(seg, title, names, "names.title")
        if ctx != "strong" and _NEGATION_BEFORE_RE.search(text, max(0, start_pos - 10), start_pos):
            return None  # "NO FRANK BLOOD", "no Jacksonian march": what is absent is no person
        if title is None and len(names) == 1:
            w = names[0].word
            if w.lower() in _MOBILITY_AIDS and (_AID_BEFORE_RE.search(text, max(0, start_pos - 24), start_pos)
                                               or _AID_AFTER_RE.match(text, names[0].end)):
                return None  # "needs walker + assist", "PT: walker, assist x1", "HEMI-WALKER"
            inf = names[0].info
            if w.isupper() and len(w) >= 3 and (inf is None or not (
                    (inf.first_band is not None and inf.first_band <= 1)
                    or (inf.last_band is not None and inf.last_band <= 1))) \
                    and _ROMAN_AFTER_RE.match(text, names[0].end):
                return None  # "NYHA IV", "CCS III": a class, no name with a suffix
            if start_pos and text[start_pos - 1] == "/" and ctx != "strong":
                return None  # "O+/Ab neg": a pair of abbreviations
            if ctx != "strong" and (_SIGN_AFTER_RE.match(text, names[0].end) or _CLASS_AFTER_RE.match(text, names[0].end)):
                return None  # "Neer +, Hawkins +": an exam sign; "Marsh 3b": a class
            if ctx != "strong" and _SCORE_LIST_BEFORE_RE.search(text, max(0, start_pos - 6), start_pos) \
                    and _SMALL_NUMBER_AFTER_RE.match(text, names[0].end):
                return None  # "Hunt-Hess 3, Fisher 3": a list of grades
            if "-" in w and _DEMONYM_COMPOUND_RE.fullmatch(w):
                return None  # "Greek-speaking", "Parkinson-like": an adjective
        if title is None and _FIRM_AMP_AFTER_RE.match(text, names[-1].end):
            return None  # "Pembleton & Sons Funeral Home": a firm's name (the orgs detector's)
        if title is None and ctx != "strong":
            firm = _FIRM_PAIR_AFTER_RE.match(text, names[-1].end)
            if firm and (firm.group(1).lower() in ORG_HEADS or firm.group(1).lower().endswith(_PRACTICE_ENDS)):
                return None  # "Kessler & Doyle Orthopaedics": two names before a practice's word
        if len(names) == 1:
            only = names[0]
            if only.initial or (ctx != "strong" and only.info is not None and not only.info.listed):
                return None  # a lone unlisted word needs a context announcing a name
        if title is None and len(names) == 2 and ctx != "strong":
            a, b = names
            if _SIGN_AFTER_RE.match(text, b.end) and not (a.info is not None and a.info.first_band == 0):
                return None  # "Grey Turner neg", "Dix Hallpike +": a sign and its result
            if _DEMONYM_COMPOUND_RE.fullmatch(b.word):
                return None  # "R Hickman-type catheter": a side and a kind of device
            if b.initial and not b.period and b.word in "ABCDE" and _GRADE_LETTER_END_RE.match(text, b.end) \
                    and not (a.info is not None and a.info.first_band == 0):
                return None  # "Balthazar E, CTSI 8": a grade's letter, no initial
            if _ROMAN_AFTER_RE.match(text, b.end) and any(
                    t.word.isupper() and len(t.word) >= 3 and (t.info is None or not t.info.listed or (
                        t.info.first_band in (None, 2) and t.info.last_band in (None, 2))) for t in names):
                return None  # "DOE NYHA II": an abbreviation's class, no name with a suffix
            if b.initial and not b.period and b.word in ("R", "L") and a.info is not None and a.info.eponym:
                return None  # "Hickman R chest": a device and its side
            if b.word.lower() in DEMONYMS and self._sentence_initial(text, start_pos) \
                    and not self.lex.is_first_name(a.word) and (self.lex.capitalized_share(a.word) or 1.0) <= 0.05:
                return None  # "Speaks English/Russian": a verb and a language
        if self._eponym(text, last) and ctx != "strong":
            return None
        if len(names) == 1 and last.info is not None and last.info.eponym and _DEVICE_ACT_RE.match(text, last.end):
            return None  # "Foley d/c'd", "Nurse: Foley removed": the device, whatever came before
        if all(t.initial for t in names):
            if "".join(t.word for t in names) in INITIAL_STOP:
                return None
            if ctx is not None and len(names) >= 2 and all(t.period for t in names):
                return Candidate(names[0].start, names[-1].span_end, "name",
                                 self.like("names.initials_context"), self.name,
                                 "template:names.initials_context")
            return None
        if len(names) == 1 and _UNIT_RE.fullmatch(last.word) or last.word.lower() in _SHIFT_WORDS:
            return None  # "MICU RN Progress Note", "SICU Day Shift RN Note": a unit's or shift's staff
        if last.word.lower() in ("post", "chapter", "lodge") and _POST_NUMBER_RE.match(text, last.end):
            return None  # "American Legion Post 112", "DAV Chapter 19": an organization's unit
        if len(names) == 1 and title is None and last.word.lower() in _COMPASS \
                and _AFTER_NUMBER_RE.search(text, max(0, last.start - 4), last.start):
            return None  # "accepted by 7 South RN": a ward's nurse
        if self._degree_at(text, last.span_end if last.initial else last.end) and not last.possessive and not (
                len(names) == 1 and last.info is not None and last.info.common
                and _ROMAN_AFTER_RE.match(text, last.end)):  # "Cat II", "Type III": a class
            dm = _DEGREE_WORD_RE.match(text, last.span_end if last.initial else last.end)
            if dm and dm.group(1).lower() in _DEGREE_AMBIGUOUS and not all(
                    t.initial or (t.info is not None and (t.info.first or t.info.last)) for t in names):
                pass  # "OTOLARYNGOLOGY NEW PT CONSULT": a patient, no physical therapist
            elif all(_capable(t) for t in names) and (len(names) >= 2 or infos[-1].listed):
                return self._full(seg, None, names, "names.degree")
        if len(names) == 2 and names[0].quoted and infos[1] is not None and infos[1].last:
            return self._full(seg, None, names, "names.quoted_nick")
        if len(names) == 1 and names[0].word.lower() in DEMONYMS and title is None:
            return None  # "dad English fluent", "mom Spanish speaking": a language, no name
        if ctx == "strong" and not (len(names) == 1 and words_all_caps and len(names[0].word) <= 4):
            if any(i is not None and (i.listed or self._sounds(t.word)) for t, i in zip(names, infos)):
                return self._full(seg, None, names, "names.context")
            if not words_all_caps and all(i is None or (not i.common and not i.medical) for i in infos):
                return self._full(seg, None, names, "names.context_unlisted")
        if (after_phrase and not words_all_caps) or before == "place":
            if any(i is not None and i.listed for i in infos) and len(names) >= 1 and not initial_pos:
                return self._full(seg, None, names, "names.in_phrase")
            return None
        if len(names) == 1 and title is None and _GOES_BY_BEFORE.search(text, max(0, start_pos - 24), start_pos) \
                and names[0].info is not None and not (names[0].info.stop or names[0].info.medical
                                                      or names[0].info.drug or names[0].info.place):
            rid = "names.context"  # "goes by Bud", "known as Tink": whatever word follows is a name
            like, why = self.like(rid), f"template:{rid}"
            return Candidate(names[0].start, names[0].end, "full_name", like, self.name, why,
                             (Candidate(names[0].start, names[0].end, "nick_name", like, self.name, why),))
        if ctx == "weak" and not words_all_caps and (any(
                i is not None and i.listed and not i.common and not i.place and not i.eponym for i in infos)
                or (len(names) == 1 and names[0].quoted and (infos[0].first or infos[0].nick)
                    and not infos[0].stop and not infos[0].place and not infos[0].eponym)):
            # ('calls out for "Dot"': a name in quotes after a person's context is a name
            # even when it is also an ordinary word)
            return self._full(seg, None, names, "names.context")
        if len(names) >= 2:
            return self._multi(seg, names, infos, initial_pos, words_all_caps)
        return self._single(text, names[0], infos[0], initial_pos, words_all_caps, before)

    def _multi(self, seg, names, infos, initial_pos, all_caps) -> Candidate | None:
        head, tail = names[0], names[-1]
        if len(names) == 2 and tail.initial and tail.word in "AI" and head.word.lower() in _ASSIST_LEVELS:
            return None  # "+ MAX A.", "mod I": an assist level, no "Max A."
        if len(names) == 2 and not head.initial and self.lex.is_state(f"{head.word} {tail.word}"):
            return None  # "Rhode Island", "New Hampshire": a state, whatever the name lists hold
        hi, ti = infos[0], infos[-1]
        if all(t.initial for t in names[:-1]) and ti is not None:
            if "".join(t.word for t in names[:-1]) in INITIAL_STOP:
                return None
            if ti.last and not ti.common and not (ti.eponym or ti.drug or ti.place):
                # ("6.1 L. Swan-Ganz": a unit, then a device; no "L. Swan-Ganz")
                return self._full(seg, None, names, "names.initials_last")
            return None
        if hi is None:
            return None
        if (len(names) == 3 and names[1].initial and ti is not None
                and (names[1].period or (names[1].word not in ("A", "I") and not all_caps
                                         and not initial_pos))
                and all(not i.common and not i.stop and not i.medical and not i.place for i in (hi, ti))):
            # ("Szabina J Gelencsér": a middle initial without its period, mid-sentence)
            if (hi.first or hi.nick) and ti.last:
                return self._full(seg, None, names, "names.first_last")
            return self._full(seg, None, names, "names.middle_initial")
        if tail.initial:
            # "Julie M.", and "Robert G" / "Paul M's" when the first name is no ordinary word
            if hi.common and tail.word in _ROMAN_INITIALS:
                return None  # "Cat I.", "Grade I.": a category, no "Cat" with an initial
            if names[0].word.upper() == "ASIA" and tail.word in "ABCDE":
                return None  # "C5 ASIA A": a spinal cord injury's grade
            if len(names) == 2 and (hi.first or hi.nick) and (
                    tail.period or tail.possessive or (not hi.common and not hi.medical)):
                return self._full(seg, None, names, "names.first_initial")
            return None
        middle_ok = all(t.initial or (i is not None and not i.stop) for t, i in zip(names[1:-1], infos[1:-1]))
        if not middle_ok:
            return None
        if all_caps:
            if (hi.first or hi.nick) and ti.last and not hi.common and not ti.common:
                return self._full(seg, None, names, "names.all_caps")
            return None
        if (hi.first or hi.nick) and (ti.last or (not ti.listed and ti.capable)):
            # Ordinary words (Frank, Graves) weaken the evidence; a capital mid-sentence is
            # evidence of its own, so one ordinary word is forgiven unless the pair opens a sentence
            commons = hi.common + (ti.common or ti.medical)
            rid = ("names.first_last", "names.first_last_ambiguous", "names.first_last_common")[commons]
            return self._full(seg, None, names, rid)
        if all(i is not None and not i.common and not i.medical and not i.stop and not i.place
               for i in infos):
            if hi.listed or ti.listed:
                return self._full(seg, None, names, "names.first_last_ambiguous")
            if all(i.share is None for i in infos) and len(names) == 2:
                # two words no English list holds ("Przemek Kucharski"): a name from elsewhere
                return self._full(seg, None, names, "names.cap_pair_foreign")
            if not initial_pos:
                return self._full(seg, None, names, "names.cap_pair_unlisted")
        return None

    def _single(self, text, t: _Tok, i: WordInfo | None, initial_pos: bool, all_caps: bool,
                before: str = "run"):
        if i is None or all_caps or t.quoted:
            return None
        if i.place or i.eponym or i.drug:
            return None  # "California", "Asian", "Foley", "Allegra" alone: unless posting says otherwise
        if _SIGN_BEFORE_RE.search(text, max(0, t.start - 14), t.start):
            return None  # "neg Homans", "positive Tinel", "no Hoffmann": an examination's sign
        if _SCORE_AFTER_RE.match(text, t.end):
            return None  # "Morse 55.", "Braden 16,": a scale's score
        if _ARTICLE_BEFORE_RE.search(text, max(0, t.start - 6), t.start) and not t.possessive \
                and _FUNCTION_AFTER_RE.match(text, t.end):
            return None  # "the Nobel by spring", "a Grant": an article makes it a thing
        if _RISE_AFTER_RE.match(text, t.end):
            return None  # "TEMP ROSE TO 38.3": a verb before its number
        if t.word.lower() in _COMPASS and _AFTER_NUMBER_RE.search(text, max(0, t.start - 4), t.start):
            return None  # "Unit: 11 West", "on 6 North": a ward
        if t.word.lower() in _MONTH_ABBREVS and _MONTH_PREP.search(text, max(0, t.start - 12), t.start):
            return None  # "in Jan.", "since Jan": the month (the date detector's)
        if t.word.lower() in _COMPASS and _REGION_BEFORE_RE.search(text, max(0, t.start - 8), t.start):
            return None  # "the Middle East", "the Far East": a region
        # A capitalized word right after another capitalized ordinary word is title case
        # ("Labor Day", "Secretly Love"), not a name, when it is an ordinary word itself
        title_case = before == "phrase" and not all_caps
        if t.possessive and _PLACE_PREP_RE.search(text, max(0, t.start - 6), t.start):
            return None  # "at Brigham's", "to Children's": a hospital or a shop, not a person
        if (title_case or _CITY_PREP_RE.search(text, max(0, t.start - 8), t.start)) and self._city(t.word):
            return None  # "lives in Quincy", "Greater Boston": the place (the location detector's)
        if i.first or i.nick:
            ent = "first_name" if i.first else "nick_name"
            if i.last and i.first and (i.last_band or 0) < (i.first_band or 0):
                ent = "last_name"  # "Smith" is listed as both, but far more often a surname
            if i.common or i.medical or i.medword:
                if initial_pos:
                    rid = "names.first_alone_initial"
                elif title_case or not (i.first_band == 0 or (i.nick and (i.word_band or 0) >= 1)):
                    return None  # "Wisdom", "Baby": rare names that are ordinary words
                else:
                    rid = "names.first_alone_ambiguous"
            else:
                rid = "names.first_alone_start" if initial_pos else "names.first_alone"
            return Candidate(t.start, t.end, ent, self.like(rid), self.name, f"template:{rid}")
        if i.last and not i.common and not i.medical and (not initial_pos or (
                (i.share is None or i.share >= 0.9) and text[t.start - 1:t.start] == "(" and text[t.end:t.end + 1] == ")"
                and not self._city(t.word))):
            # ("Team aware (Kowalczyk)": a surname written with a capital, alone in parentheses)
            rid = "names.last_alone" if (i.share is None or i.share >= 0.8) else "names.last_alone_weak"
            return Candidate(t.start, t.end, "last_name", self.like(rid), self.name, f"template:{rid}")
        return None

    def _full(self, seg: list[_Tok], title: _Tok | None, names: list[_Tok], rid: str) -> Candidate:
        like = self.like(rid)
        why = f"template:{rid}"
        parts: list[Candidate] = []
        if title is not None:
            parts.append(Candidate(title.start, title.end + (1 if title.period else 0), "title", like,
                                   self.name, why))
        roles = self._roles(names, title is not None)
        for t, role in zip(names, roles):
            parts.append(Candidate(t.start, t.span_end, role, like, self.name, why))
        # '"Red" Graves' includes the opening quote, so that no quote is left inside the name
        start = parts[0].start - (1 if names[0].quoted and title is None and len(names) > 1 else 0)
        end = parts[-1].end
        return Candidate(start, end, "full_name", like, self.name, why, tuple(parts))

    def _roles(self, names: list[_Tok], titled: bool) -> list[str]:
        if len(names) == 1:
            t = names[0]
            if t.quoted:
                return ["nick_name"]
            i = t.info or self.info(t.word)
            if t.kin and not titled and (i.first or i.nick):
                return ["first_name" if i.first else "nick_name"]  # "Son Michael", "wife Dot"
            if titled or i.last or not (i.first or i.nick):
                return ["last_name"]
            return ["first_name" if i.first else "nick_name"]
        roles = ["first_name"] + ["middle_name"] * (len(names) - 2) + ["last_name"]
        for k, t in enumerate(names):
            if t.quoted:
                roles[k] = "nick_name"
        return roles

    def _comma_name(self, last: _Tok, rest: list[_Tok]) -> Candidate | None:
        rid = "names.last_comma_first"
        like = self.like(rid)
        why = f"template:{rid}"
        parts = [Candidate(last.start, last.end, "last_name", like, self.name, why),
                 Candidate(rest[0].start, rest[0].end, "first_name", like, self.name, why)]
        for t in rest[1:]:
            parts.append(Candidate(t.start, t.span_end, "middle_name", like, self.name, why))
        return Candidate(last.start, parts[-1].end, "full_name", like, self.name, why, tuple(parts))

    def _lower(self, text: str) -> list[Candidate]:
        """Lower-case names right after a title or a strong context word ("pt john smith", "dr. lang",
        "pt name: grace t. mcallister", "nurse bill Okonkwo": a surname the cased view capitalized)."""
        out = []
        rid = "names.lower_pair"
        like = self.like(rid)
        why = f"template:{rid}"
        low = lower_aligned(text)  # (a letter whose lower case is longer, "İ", kept: the same offsets)
        for k in self.lower_key_re.finditer(low):
            m = _LOWER_WORDS_RE.match(text, k.end())
            if m is None:
                continue
            title = k.group("t")
            kin = k.group("k") in _LOWER_KIN
            if k.group("k") in _PLURAL_KIN and not _VISIT_AFTER_RE.match(text, m.end("a")):
                continue  # "daughters hope for recovery", "parents will call": the verb after a plural
            # a label with its colon ("pt:", "name:", "husband:") announces a field's value
            label = ":" in low[k.end("t" if title else "k"):k.end()]
            got = self._lower_special(text, m, title, kin, label)
            if got is not None:
                if got:
                    out.append(got)
                continue
            if m.group("a")[0].isupper() and not m.group("n"):
                continue  # a capitalized first name: the runs' (here only before a quoted nick name)
            if m.group("a").lower() in _MOBILITY_AIDS and not title and (
                    _AID_AFTER_RE.match(text, m.end("a")) or not (kin or m.group("b"))):
                continue  # "pt: walker, assist x1": the aid, whatever the label
            groups = [g for g in ("a", "b", "c") if m.group(g)]
            if m.group("c") and m.start("c") - m.end("b") > 1 and text[m.end("b"):m.start("c")].strip(" \t") == "":
                groups.pop()  # "faith young  dob": two blanks end the name's field
            infos = {g: self.info(m.group(g)) for g in groups}
            if any(i.stop or i.medical for i in infos.values()):
                groups = groups[:next(k for k, g in enumerate(groups) if infos[g].stop or infos[g].medical)]
            # an ordinary word of the web lists that English rarely uses ("mcallister") is no ordinary word here
            cm = {g: i.common and (i.word_band is None or i.word_band <= 2) for g, i in infos.items()}
            a = infos.get("a")
            first_a = a is not None and (a.first or a.nick) and not a.place and not a.drug
            unlisted_b = False
            if len(groups) >= 2 and (title or kin or label or k.group("k") is not None) and "b" in infos:
                b_ = infos["b"]
                if not b_.listed and not b_.common and len(m.group("b")) >= 4 and not (
                        b_.stop or b_.medical or b_.drug or b_.place):
                    infos["b"] = replace(b_, last=True)  # "per rn charity mbeki": a surname no list holds
                    unlisted_b = True
            keep: list[str] = []
            if len(groups) >= 2 and m.group("i") and first_a and infos["b"].last and cm["a"] + cm["b"] <= 1:
                keep = ["a", "i", "b"]  # "grace t. mcallister": a middle initial is a name's shape
            elif m.group("i"):
                keep = []
            elif len(groups) >= 3 and first_a and infos["c"].last and cm["a"] + cm["c"] <= 1 \
                    and (infos["b"].listed or not cm["b"]):
                keep = ["a", "b", "c"]
            elif len(groups) >= 2 and first_a and infos["b"].last \
                    and cm["a"] + cm["b"] <= (2 if label and len(groups) == 2
                                              and _FIELD_END_RE.match(text, m.end("b")) is not None
                                              or kin and _VISIT_AFTER_RE.match(text, m.end("b")) is not None
                                              or (kin or title or k.group("k") is not None)
                                              and _STAFF_AFTER_RE.match(text, m.end("b")) is not None
                                              else 1 if title or kin or unlisted_b else 0):
                # ("daughter faith mcallister": a kin word is a title's match; "pt: gay black, 47 y/o f":
                # a label's field holds a name even of two ordinary words; so does a family word before
                # what family members do: "daughter-in-law patience brown arrived")
                keep = ["a", "b"]
            elif groups and title and infos["a"].last and not cm["a"]:
                keep = ["a"]
            elif groups and title and k.group("t") in _MISTER and infos["a"].last and not infos["a"].place:
                keep = ["a"]  # "the director mrs hill": after Mr, Mrs or Ms a surname, even a word
            elif groups and title and text[k.end("t"):k.end("t") + 1] == "." and self._possessive_surname(
                    text, m):
                keep = ["a"]  # "Dr. fields' office", "Dr. price's nurse": a title's possessive surname
            elif (groups and not title and infos["a"].first and not infos["a"].common
                  and not infos["a"].place and (infos["a"].first_band or 0) <= 1):
                keep = ["a"]  # "wife jane called", "per rn kelly": a common first name alone
            elif (groups and kin and a.first and a.first_band == 0 and not a.place and not a.drug
                  and not a.medword and not a.eponym and not a.last_band == 0):
                keep = ["a"]  # "son mark", "daughter grace": a common first name after a kin word
            elif (groups and kin and a.first and len(m.group("a")) >= 3 and _visitor_first(a)
                  and _VISIT_AFTER_RE.match(text, m.end("a"))):
                keep = ["a"]  # "wife peg at bedside", "dad bill called": a first name that is also a
                # word, after a family word and before what family members do
            if not keep and a is not None and (a.first or a.nick) and not a.place and not a.drug \
                    and low[k.end() - 1] == "(" and text[m.end("a"):m.end("a") + 1] == ")" and (
                    kin or k.group("k") not in _SAYING and not a.medical and not a.medword
                    and not (a.common and (a.word_band or 0) <= 1)):
                keep = ["a"]  # "wife (faith) called", "educator (yolanda) saw pt": a name in parentheses
            if not keep and not title and len(groups) >= 2 and low[k.end() - 1] == "(" \
                    and text[m.end("b"):m.end("b") + 1] == ")" and a is not None and (a.first or a.nick) \
                    and (infos["b"].last or not infos["b"].common) and cm["a"] + cm["b"] == 0 \
                    and k.group("k") not in _SAYING:
                keep = ["a", "b"]  # "case mgmt (tamsin oduya) reviewing"
            if not keep:
                continue
            if keep[0] == "a" and m.group("n") and (keep == ["a"] or keep[-1] != "a"):
                ni = self.info(m.group("n"))
                if (ni.first or ni.nick) and not (ni.stop or ni.medical or ni.drug or ni.place):
                    keep.insert(1, "n")  # 'pt: eleanor "nell" fitzpatrick'
            names = [g for g in keep if g not in ("i", "n")]
            a_end = m.end("a") - (2 if keep == ["a"] and m.group("a")[-2:] in ("'s", "’s") else 0)
            roles = (["last_name" if title else "first_name"] if len(names) == 1 else
                     ["first_name"] + ["middle_name"] * (len(names) - 2) + ["last_name"])
            roles = iter(roles)
            parts = [Candidate(m.start(g), (a_end if g == "a" else m.end(g)) + (g == "i"),
                               {"i": "middle_name", "n": "nick_name"}.get(g) or next(roles),
                               like, self.name, why) for g in keep]
            if title:
                t_end = k.end("t") + (1 if text[k.end("t"):k.end("t") + 1] == "." else 0)
                parts.insert(0, Candidate(k.start("t"), t_end, "title", like, self.name, why))
            out.append(self._with_nick(text, Candidate(parts[0].start, parts[-1].end, "full_name", like,
                                                        self.name, why, tuple(parts))))
        out.extend(self._lower_degree(text, low))
        out.extend(self._signoff_initials(text))
        return out

    def _and_kin(self, text: str, found: list[Candidate]) -> list[Candidate]:
        """The second of two family members named in small letters ("daughters hope and faith at
        bedside", "sons Mike and will called"): a listed first name after "and" that follows a name
        found after a family word, itself before what family members do."""
        out = []
        rid = "names.lower_pair"
        like, why = self.like(rid), f"template:{rid}"
        for c in found:
            m = _AND_KIN_NAME_RE.match(text, c.end)
            if m is None:
                continue
            before = text[max(0, c.start - 16):c.start].lower().split()
            if not before or before[-1].rstrip(":") not in _LOWER_KIN:
                continue
            w = m.group("w")  # (in small letters: the pattern's)
            if w in _LOWER_KIN or w in ADDRESS_WORDS:
                continue  # "wife Mai Vuong and son aware": a family word, no name
            info = self.info(w)
            if not (info.first or self._kin_name(w)) or info.medical or not _visitor_first(info) \
                    or not _VISIT_AFTER_RE.match(text, m.end("w")):
                continue
            out.append(Candidate(m.start("w"), m.end("w"), "full_name", like, self.name, why))
        return out

    def _lower_special(self, text: str, m, title, kin: bool, label: bool):
        """The lower-case shapes that are no first-name-and-surname run: an initial and a surname
        ("rn j. ko"), a surname, a comma and a first name ("pt: grant, William"), and a name of
        the stop list after a kin word ("husband will black (cell ...)", "daughter june lives next
        door"). None: not such a shape (the caller goes on); False: such a shape, but no name."""
        rid = "names.lower_pair"
        like, why = self.like(rid), f"template:{rid}"
        a = m.group("a")
        if len(a) == 1 and m.end() == m.end("a") and text[m.end():m.end() + 1] == ".":
            s = _LOWER_INITIAL_RE.match(text, m.end())
            if s is None:
                return False
            si = self.info(s.group("s"))
            unlisted = label and not si.listed and not si.common and len(s.group("s")) >= 4
            if not (si.last or unlisted) or si.stop or si.medical or si.drug or si.place or si.eponym or si.medword \
                    or (si.common and si.word_band is not None and si.word_band <= 1
                        and _FIELD_END_RE.match(text, s.end("s")) is None):
                return False  # ("rn m. park" at a line's end: a surname that is also a word)
            parts = (Candidate(m.start("a"), m.end("a") + 1, "first_name", like, self.name, why),
                     Candidate(s.start("s"), s.end("s"), "last_name", like, self.name, why))
            return Candidate(m.start("a"), s.end("s"), "full_name", like, self.name, why, parts)
        if kin and not title and self._kin_name(a):
            # "will", "june": names only after a kin word, and then only where a name's field ends
            # (a surname before a contact's parenthesis) or, for a month, before no number
            b = m.group("b")
            if b is not None and not m.group("n") and not m.group("i"):
                bi = self.info(b)
                if bi.last and not (bi.stop or bi.medical or bi.drug or bi.eponym) \
                        and _FIELD_END_RE.match(text, m.end("b")) is not None:
                    parts = (Candidate(m.start("a"), m.end("a"), "first_name", like, self.name, why),
                             Candidate(m.start("b"), m.end("b"), "last_name", like, self.name, why))
                    return Candidate(m.start("a"), m.end("b"), "full_name", like, self.name, why, parts)
            month = a.lower() in _MONTH_SET
            if (month and a.lower() != "may" and not _DIGIT_NEXT_RE.match(text, m.end("a"))) \
                    or (not month and _VISIT_AFTER_RE.match(text, m.end("a"))):
                # ("brother will called": no modal before a past tense or a bedside)
                # a full name without parts: posting carries no "june" to the note's dates
                return Candidate(m.start("a"), m.end("a"), "full_name", like, self.name, why)
            return False
        if not title and not kin and m.end() == m.end("a") and text[m.end():m.end() + 1] == ",":
            f = _LOWER_COMMA_RE.match(text, m.end())
            if f is None:
                return None
            ai, fi = self.info(a), self.info(f.group("f"))
            if not (ai.last and (fi.first or fi.nick)) or any(
                    i.stop or i.medical or i.drug or i.place or i.eponym for i in (ai, fi)):
                return None
            commons = sum(i.common and (i.word_band is None or i.word_band <= 2) for i in (ai, fi))
            if commons > (1 if label else 0):
                return None
            parts = (Candidate(m.start("a"), m.end("a"), "last_name", like, self.name, why),
                     Candidate(f.start("f"), f.end("f"), "first_name", like, self.name, why))
            return self._with_nick(text, Candidate(m.start("a"), f.end("f"), "full_name", like, self.name,
                                                    why, parts))
        return None

    def _given_in_quotes(self, word: str) -> bool:
        """A word any name list knows as a given or a pet name, however ordinary ("Will", "Junior",
        "Sunny", "Bunny"): a name when it stands in quotes where a nick name goes."""
        if word.lower() in _QUOTED_NOT_GIVEN or len(word) < 2:
            return False
        cap = word[:1].upper() + word[1:].lower()
        return bool(self.lex.nickname_formals(cap)) or self.lex.first_name_band(cap) is not None

    def _with_nick(self, text: str, c: Candidate) -> Candidate:
        """A name with the nick name that follows it in quotes or parentheses ('William ("bill")')."""
        n = _NICK_AFTER_RE.match(text, c.end)
        if n is None:
            return c
        g = 2 if n.group(2) else 4
        if g == 2 and bool(n.group(1)) != bool(n.group(3)):
            return c  # an unbalanced quote
        word = n.group(g)
        quoted = g == 4 or bool(n.group(1))
        # (in quotes right after the name, a word no list knows is its nick name too: 'Rolando "Ro"',
        # 'LITTLE, MARCUS "BOOGIE"'; so are initials: 'Kingston Adebayo-Reid ("KJ")', 'delaney ("mk")',
        # 'tremaine "t.j."'; and two words in capitals, one of them a name's or an initial: '"BIG J"')
        words = word.split()
        if len(words) == 2:
            infos = [self.info(w) for w in words]
            if not quoted or any(i.stop and len(w) > 1 or i.medical or i.drug or i.place for w, i in zip(words, infos)) \
                    or not any(len(w) == 1 or i.first or i.nick or i.share is None for w, i in zip(words, infos)):
                return c
        else:
            ni = self.info(word.replace(".", ""))
            initials = quoted and ("." in word or 2 <= len(word) <= 3 and (
                word.isupper() and word not in _SIGNOFF_WORDS or not ni.listed and _NO_VOWEL_RE.fullmatch(word)))
            # (in quotes, a word mostly capitalized where it is written is a nick name too: "BOOGIE";
            # a stop word only when it is a given name: 'Jerome Little Jr., "Junior"')
            given = quoted and self._given_in_quotes(word)  # 'Reyes ("Will")': any given or pet name
            if not initials and (not (ni.first or ni.nick or given or quoted and word[:1].isupper() and (
                    ni.share is None or ni.share >= 0.5))
                                 or ni.stop and not given and not (quoted and ni.first and word.lower() not in FUNCTION_WORDS)
                                 or ni.medical or ni.drug or ni.place or ni.eponym):
                return c
        nick = Candidate(n.start(g), n.end(g), "nick_name", c.likelihood, self.name, c.why)
        return Candidate(c.start, n.end(g), c.entity, c.likelihood, self.name, c.why,
                         (c.parts or (c,)) + (nick,))

    @cached_property
    def _lower_degree_re(self):
        """Credentials in lower case that name a person's profession alone ("np", "rn", "licsw"),
        not the short words ("pt", "do", "pa") that stand for other things in notes."""
        degs = sorted({c.lower() for c in self.rules["names.degree"].context} - _DEGREE_AMBIGUOUS,
                      key=len, reverse=True)
        # (a space or a comma first: a class the scan skips to in C, where a lookbehind is tried everywhere)
        return re.compile(r"[ \t,](" + _trie_regex(degs) + r")(?![\w-])", re.IGNORECASE)

    @cached_property
    def _lower_degree_low_re(self):
        """_lower_degree_re without IGNORECASE, for the lower-cased copy of an ASCII text, where it
        finds the same credentials in well under half the time; None if a credential is not ASCII
        (a case-blind letter outside ASCII may match an ASCII one: "ſ" an "s")."""
        pattern = self._lower_degree_re.pattern
        return re.compile(pattern) if pattern.isascii() else None

    @staticmethod
    def _line_start(text: str, pos: int) -> bool:
        """Nothing but blanks, dashes and bullets between the line's start and pos."""
        j = pos - 1
        while j >= 0 and text[j] in " \t-–—*>":
            j -= 1
        return j < 0 or text[j] == "\n"

    def _possessive_surname(self, text: str, m) -> bool:
        """Is the lower-case word after a title a listed surname in the possessive ("fields'",
        "price's")? A common word then is still the titled person's name."""
        a = m.group("a")
        stem = a[:-2] if a[-2:] in ("'s", "’s") else a if text[m.end("a"):m.end("a") + 1] in ("'", "’") else None
        if not stem or stem in FUNCTION_WORDS:
            return False
        i = self.info(stem)
        return i.last and not (i.stop or i.medical or i.drug)

    def _lower_degree(self, text: str, low: str) -> list[Candidate]:
        """A first name and a surname in lower case before a credential ("w/ gwen ferraro np").
        `low`: text.lower(), of the same length."""
        out = []
        rid = "names.lower_pair"
        like, why = self.like(rid), f"template:{rid}"
        fast = self._lower_degree_low_re
        for d in fast.finditer(low) if fast is not None and text.isascii() else self._lower_degree_re.finditer(text):
            s = d.start(1)
            j = s - 1
            while j > 0 and text[j] in " \t,":
                j -= 1
            if j == s - 1:
                continue  # no word right before: the common case, decided at once
            if text[j] == "." and j > 0:
                j -= 1  # an initial's period ("-- jen t. rn")
            if not ("a" <= text[j] <= "z" or "A" <= text[j] <= "Z"):
                continue  # (a word in capitals: only a sign-off's, _SIGNER_BEFORE_RE at its line's start)
            m = _PAIR_BEFORE_RE.search(text, max(0, s - 48), s)
            if m is None:
                one = _SIGNER_BEFORE_RE.search(text, max(0, s - 40), s)
                if one is not None and _SIGNOFF_END_RE.match(text, d.end(1)):
                    c = self._lone_signer(text, one, like, why)
                    if c is not None:
                        out.append(c)
                        continue
                m = _INITIAL_SURNAME_BEFORE_RE.search(text, max(0, s - 48), s)
                if m is not None:
                    b = self.info(m.group(2))
                    if (b.last or (not b.listed and not b.common and len(m.group(2)) >= 4)) and not (
                            b.stop or b.medical or b.place or b.drug or b.eponym
                            or b.common and (b.word_band is None or b.word_band <= 1)):
                        # "j. kowalewska-tran rn": an initial and a surname before a credential
                        parts = (Candidate(m.start(1), m.end(1), "first_name", like, self.name, why),
                                 Candidate(m.start(2), m.end(2), "last_name", like, self.name, why))
                        out.append(Candidate(m.start(1), m.end(2), "full_name", like, self.name, why, parts))
                continue
            a, b = self.info(m.group(1)), self.info(m.group(2))
            if any(i.stop or i.medical or i.place or i.drug or i.eponym for i in (a, b)):
                continue
            if "-" in m.group(1) and not (a.first or a.nick):
                halves = [self.info(h) for h in m.group(1).split("-")]
                if any(h.first for h in halves) or all(not h.common for h in halves):
                    a = replace(a, first=True)  # "wen-hsuan liao, MD": a hyphened first name
            if not ((a.first or a.nick) and b.last):
                # "thandiwe mokoena, MD" signing at a line's start: a surname no list has, a word
                # no English list knows or one English mostly Capitalizes ("lindqvist")
                if not ((a.first or a.nick or a.word_band is None)
                        and (b.word_band is None or (b.share or 0) >= 0.6) and not b.listed
                        and not a.common and len(m.group(1)) >= 3 and len(m.group(2)) >= 4
                        and _LINE_LEAD_RE.search(text, max(0, m.start() - 30), m.start())):
                    continue
            if (a.common and (a.word_band or 0) <= 2) + (b.common and (b.word_band or 0) <= 2) > 1:
                continue
            parts = (Candidate(m.start(1), m.end(1), "first_name", like, self.name, why),
                     Candidate(m.start(2), m.end(2), "last_name", like, self.name, why))
            out.append(Candidate(m.start(1), m.end(2), "full_name", like, self.name, why, parts))
        return out

    def _lone_signer(self, text: str, m, like: float, why: str) -> Candidate | None:
        """One word in small letters alone at its line's start before a credential ("anneliese RN",
        "-tina RN", "hollis, RN"): a listed first name that is no everyday word, or a word that no
        list knows. As a sign-off (names.signoff_line), with its initial, any listed first name
        ("-- jen t rn", "faith rn") and, after dashes, any word no list of words holds."""
        w = m.group(1)
        rule = self.rules.get("names.signoff_line")  # (absent from an older release's templates)
        if rule is not None:
            c = self.info(w[:1].upper() + w[1:].lower())
            dashed = any(ch in "-–—~" for ch in text[m.start():m.start(1)])
            if not (c.stop or c.medical or c.drug or c.medword or c.place) and (
                    c.first or c.nick or dashed and not c.common and len(w) >= 3):
                return Candidate(m.start(1), m.end(2) if m.group(2) else m.end(1), "first_name",
                                 rule.likelihood, self.name, f"template:{rule.id}")
        if m.group(2) or not w.islower():
            return None
        i = self.info(w)
        if w in FUNCTION_WORDS or i.stop or i.medical or i.medword or i.place or i.drug or i.eponym:
            return None
        if (i.first or i.nick) and not (i.common and (i.word_band is None or i.word_band <= 2)) \
                or not i.listed and not i.common and len(w) >= 4:
            return Candidate(m.start(1), m.end(1), "first_name", like, self.name, why)
        return None

    def _signoff_initials(self, text: str) -> list[Candidate]:
        """A sign-off by initials alone on its line ("-- mbd", "--KLM, CNM", "-JT RN", "- R.S., RN"): two or
        three letters after a dash at the line's start, alone or before a credential (one dash
        needs the credential: "- DNR" is a list item)."""
        out = []
        rid = "names.signoff_initials"
        like, why = self.like(rid), f"template:{rid}"
        creds = self._context_creds
        for m in _signoff_matches(text):
            dash, ini, cred, pager = m.group(1), m.group(2), m.group(5), m.group(6)
            if cred is not None and cred.lower().rstrip(".") not in creds:
                continue
            if ini is None:
                c = self._signoff_dotted(m, dash, cred)
                if c is not None:
                    out.append(c)
                continue
            if not (ini.islower() or ini.isupper()):
                continue
            if pager is not None:
                if not ini.isupper() or ini.lower() in self._context_sets[0] or ini in _SERVICE_ABBREV \
                        or ini in INITIAL_STOP or ini.lower() in creds or ini.lower() in FUNCTION_WORDS:
                    continue  # "SW / pager", "ICU / pager": a role or a unit
                out.append(Candidate(m.start(2), m.end(2), "name", like, self.name, why))
                continue  # "PV / pager 617-...": initials in capitals before their pager
            elif dash is None and not _bare_signoff(text, m, ini, cred):
                continue  # without a dash, only vowelless initials before a carer's credential ("jk rn")
            elif cred is None and (dash == "-" or _NONSPACE_RE.search(text, m.end()) is not None):
                continue  # alone, initials sign off only the note's last line
            low = ini.lower()
            if low in creds or ini.upper() in INITIAL_STOP or ini.upper() in _SERVICE_ABBREV \
                    or _UNIT_RE.fullmatch(ini.upper()) or low in CLINICAL_STOP:
                continue
            i = self.info(ini)
            if i.listed and not (ini.isupper() or len(ini) == 3) and cred is None:
                continue  # "-- al": a word or a name, no initials ("-lb rn" has its credential)
            strong = ini.isupper() and len(ini) == 2 and len(dash or "") >= 2 and ini not in _SIGNOFF_WORDS \
                and ini not in _SERVICE_ABBREV  # "--MY", "--JK": two capitals after a double dash
            if not strong and text[text.rfind("\n", 0, m.start()) + 1:m.start()].strip():
                continue  # after a sentence on the same line, only two capitals sign off
            if low in FUNCTION_WORDS and not strong or (cred is None and (
                    i.medical or i.medword or i.drug) or cred is None and not strong and (
                    (i.common and (i.word_band or 0) <= 1) or i.medical or i.medword or i.drug)):
                continue  # "-- ok", "-- end"
            out.append(Candidate(m.start(2), m.end(2), "name", like, self.name, why))
        return out

    def _signoff_dotted(self, m, dash, cred) -> Candidate | None:
        """"-- k.dasilva rn", "k. dasilva, rn": an initial, its period and a listed surname, after a
        sign-off's dashes or before a credential."""
        if dash is None and cred is None:
            return None
        sur = m.group(4)
        if not (sur.islower() or sur[1:].islower() or sur.isupper()):
            return None
        i = self.info(sur)
        # (between a sign-off's dashes and a credential, a surname no list holds: "-- O. BELLWETHER RN")
        if not (i.last or dash is not None and cred is not None and len(sur) >= 3 and not (
                i.common and (i.word_band is None or i.word_band <= 2))) \
                or i.stop or i.medical or i.drug or i.place or i.eponym or i.medword \
                or (i.common and (i.word_band is None or i.word_band <= 1)):
            return None
        rid = "names.initials_last"
        like, why = self.like(rid), f"template:{rid}"
        return Candidate(m.start(3), m.end(4), "full_name", like, self.name, why, (
            Candidate(m.start(3), m.end(3) + 1, "first_name", like, self.name, why),
            Candidate(m.start(4), m.end(4), "last_name", like, self.name, why)))

    @cached_property
    def _context_creds(self) -> frozenset[str]:
        return frozenset(c.lower().rstrip(".") for c in self.rules["names.degree"].context)


#: what nurses write right after a device or scale ("Foley d/c'd", "Foley D/C", "Foley removed")
_DEVICE_ACT_RE = regex.compile(r"(?i:[ \t]*+(?:d/?c\b|dc'?d\b|removed|placed|inserted|draining|drained|changed"
                               r"|discontinued|in[ \t]+place|intact|patent|flushed|to[ \t]+gravity|catheter"
                               r"|cath\b|bag\b|care\b|output|irrigated|secured))")
_CTX_TRAIL = frozenset(" \t:#-'\"‘“(")  # what may stand between a context word and the name
_ROMAN_AFTER_RE = re.compile(r"[ \t]*,?[ \t]*(?:II|III|IV)\b")
_AFTER_NUMBER_RE = re.compile(r"\d[ \t]*\Z")
#: context words that may be written with a period and still lead a name ("Prof.", "Rev.")
_DOTTED_CONTEXT = frozenset({"prof", "rev", "miss", "mister", "doctor", "sister", "dtr", "sra", "srta",
                             "mme", "mlle", "dame", "madam", "attn", "aka", "dep"})
#: "& Doyle Orthopaedics", "and Lowe Associates": a second name and a firm's word after a surname
_FIRM_PAIR_AFTER_RE = re.compile(r"[ \t]*(?:&|and)[ \t]+[A-Z][\w'’-]+[ \t]+([A-Z][a-z]+)\b")
_PRACTICE_ENDS = ("ology", "iatry", "iatrics", "paedics", "pedics", "dentistry", "surgery", "law", "medicine")
_GRADE_LETTER_END_RE = re.compile(r"[ \t]*[,;)]")
#: a sign's result right after one word: "Hawkins +", "Hawkins (+)", "Tinel (-)"
_SIGN_AFTER_RE = re.compile(r"\)?[ \t]*(?:\(\s*[+-]\s*\)|[+-](?=[ \t]*(?:[,;.)/]|$|[RL]\b|bilat))"
                            r"|(?i:neg|pos|negative|positive|equivocal|absent|present|intact|deferred|not[ \t]+done)(?=[ \t]*(?:[,;.)/]|$|[RL]\b|bilat|b/l)))",
                            re.MULTILINE)
#: a class with a letter after one word: "Marsh 3b", "Forrest IIa"
_CLASS_AFTER_RE = re.compile(r"[ \t]+(?:\d[a-c]|I{1,3}[ab]|IV[ab])(?![\w/-])|[ \t]+(?:I{1,3}|IV|V|VI)"
                             r"(?=[ \t]*(?:[,;.)]|$|[ \t]+[a-z]))", re.MULTILINE)
_SIGN_BEFORE_RE = re.compile(r"(?<![\w])(?:neg|pos|negative|positive|no|without|w/o|sonographic|\(\+\)|\(-\))[ \t]*\Z",
                             re.IGNORECASE)
#: a negation right before a capitalized phrase: "NO FRANK BLOOD", "no Jacksonian march"
_NEGATION_BEFORE_RE = re.compile(r"(?<![\w/])(?:no|without|w/o)[ \t]+\Z", re.IGNORECASE)
#: a bare score ending its phrase after a lone word: "Morse 55.", "FALL RISK: MORSE 35."
_SCORE_AFTER_RE = re.compile(r"[ \t]+\d{1,3}(?:[,;:.)]|[ \t]*$|-\d(?!\d)|/\d{1,3}(?![\d/])"
                             # "Morse 45 high risk", "MORSE 60 HIGH.", "Morse 45 (at risk)"
                             r"|[ \t]*[(-]?[ \t]*(?i:high|low|moderate|mod|medium|med|hi|at)[ \t]+(?i:risk)\b"
                             r"|[ \t]+(?i:high|low|moderate|mod|medium|hi)[ \t]*(?:[,;:.)]|$))", re.MULTILINE)
_PLURAL_ACRONYM_RE = re.compile(r"[A-Z]{2,}s")
#: "& Sons", "& Daughters", "& Co." after a surname: the name of a firm
_FIRM_AMP_AFTER_RE = re.compile(r"[ \t]*&[ \t]*(?:sons?|daughters?|bros\.?|brothers|co\.?|company|associates|"
                                r"partners)\b", re.IGNORECASE)
#: the limbs of a neurological exam, written short ("MAE, LE 5/5", "RUE, LLE")
_LIMB_ABBREV = frozenset({"LE", "UE", "RLE", "LLE", "RUE", "LUE", "BLE", "BUE", "LES", "UES"})
#: mobility aids that are also surnames, and what shows them to be the aid
_MOBILITY_AIDS = frozenset({"walker", "cane", "rollator"})
_ASSIST_LEVELS = frozenset({"max", "mod", "min", "maximal", "moderate", "minimal", "total", "contact"})
_AID_BEFORE_RE = re.compile(r"(?:\b(?:with|w/|w/o|without|no|needs|needed|using|uses|used|via|rolling|front-wheeled|"
                            r"wheeled|fww|rw|pt|ot|standard|quad|single-point|hemi|belt|his|her|own|new|and|or)[ \t:-]*"
                            r"|[-+&][ \t]*)\Z", re.IGNORECASE)
_AID_AFTER_RE = re.compile(r"[ \t]*(?:[,+&]|and|with|w/)?[ \t]*(?:assist|min|mod|max|sba|cga|supervision|x[ \t]?\d|"
                           r"at all times|for ambulation|independently|at bedside|at b/?s\b|in reach|within reach|parked|delivered|"
                           r"ordered|issued|already|brought|provided|adjusted)", re.IGNORECASE)
#: a grade just before in a list: "Hunt-Hess 3, Fisher 3"
_SCORE_LIST_BEFORE_RE = re.compile(r"\d[ \t]*[,;/][ \t]*\Z")
_SMALL_NUMBER_AFTER_RE = re.compile(r"[ \t]+\d{1,2}(?![\d/:.-])")
#: a capitalized word, a hyphen and a lower-case adjective's tail: "Greek-speaking", "Hashimoto-related"
_DEMONYM_COMPOUND_RE = re.compile(r"[A-Z][a-z]+-(?:speaking|speaker|born|related|like|type|induced|"
                                  r"associated|positive|negative|based|style|esque|american|canadian|language|"
                                  r"languages|lang|dominant|fluent)")
#: a word joined to a name by a comma or a conjunction, itself ending the list or followed by one
_COORD_WORD = r"(\p{Lu}[\p{Ll}\p{M}]+(?:[-'’]\p{Lu}[\p{Ll}\p{M}]+)?)"
_COORD_AFTER_RE = regex.compile(r"(?:,[ \t]*(?:(?:and|or|&)[ \t]+)?|[ \t]+(?:and|or|&)[ \t]+)" + _COORD_WORD +
                                r"(?![\p{L}\p{M}\d'’.-]|[ \t]+\p{Lu})")
_COORD_BEFORE_RE = regex.compile(r"(?<![\p{L}\p{M}\d'’.-]|\p{Lu}[\p{L}.]*[ \t])" + _COORD_WORD +
                                 r"(?:[ \t]*,[ \t]*|[ \t]+(?:and|or|&)[ \t]+)\Z")
_ACRONYM_COMPOUND_RE = re.compile(r"[A-Z]{2,}-[a-z][a-z-]*")
#: a verb's number after an ordinary word that is also a name: "TEMP ROSE TO 38.3", "fell to 82"
_RISE_AFTER_RE = re.compile(r"[ \t]+(?:to|from|by|above|over|under|into)[ \t]+[~<>]?\d", re.IGNORECASE)
#: what may follow a thing named after an article: "the Nobel by spring" (not "the Sokolov novel")
_FUNCTION_AFTER_RE = re.compile(r"[ \t]*(?:[.,;:!?)\n]|(?:by|in|on|at|for|to|and|or|of|from|with|was|is)\b)",
                                re.IGNORECASE)
#: an article right before: "the Nobel", "a Grant"
_ARTICLE_BEFORE_RE = re.compile(r"(?<![\w])(?:the|a|an)[ \t]+\Z", re.IGNORECASE)
_SLASH_WORD_RE = re.compile(r"/[^\W\d_]{2}")
_CITY_PREP_RE = regex.compile(r"(?i:\b(?:in|from|near))[ \t]+\Z")
_PLACE_PREP_RE = regex.compile(r"(?i:\b(?:at|to|from|in))[ \t]+\Z")
_NEXT_RE = regex.compile(r"(?:['’][sS]?)?[ \t]*+(\p{L}++)")
#: after a lower-case first word, a surname the cased view capitalized ("nurse bill Okonkwo-Reyes")
_CAP_WORD = r"\p{Lu}[\p{Ll}\p{M}]*+(?:[-'’]\p{L}\p{Ll}*+)?"
_LOWER_WORDS_RE = regex.compile(rf"(?P<a>{_LOWER_WORD}|{_CAP_WORD}(?=[ \t]+[\"“'‘]\p{{Ll}}))(?:[ \t]+[\"“'‘](?P<n>{_LOWER_WORD})[\"”'’](?=[ \t]))?"
                                rf"(?:[ \t]+(?P<i>\p{{Ll}})\.(?=[ \t]+\p{{L}}))?"
                                rf"(?:[ \t]+(?:(?P<b>{_LOWER_WORD})(?:[ \t]+(?P<c>{_LOWER_WORD}))?"
                                rf"|(?P<b>{_CAP_WORD})))?(?![\p{{L}}\d])")
#: after a lone lower-case letter: its period and a surname ("rn j. ko", "rn: k.dasilva")
_LOWER_INITIAL_RE = regex.compile(rf"\.[ \t]?(?P<s>{_LOWER_WORD}|{_CAP_WORD})(?![\p{{L}}\d])")
#: after a lower-case surname: a comma and the first name ("pt: grant, William")
_LOWER_COMMA_RE = regex.compile(rf",[ \t]*(?P<f>{_LOWER_WORD}|{_CAP_WORD})(?![\p{{L}}\d.])")
#: a nick name right after a name: in quotes, in parentheses, or both ('grant, William ("bill")')
#: short words the name lists hold (the Census lists "The" as a first name) that are no name in quotes
_QUOTED_NOT_GIVEN = frozenset("the a an and or of to in on at for is it my me we he she his her no yes ok".split())
_PAREN_NEXT_RE = re.compile(r"[ \t]*(?:,[ \t]*)?[(\"“]")
#: the name someone goes by (group n), after what says so, in quotes or not ('goes by "Reg"',
#: 'aka Tiny'); or in quotes after a family word or a helper's ('grandson "tiny"'), found from the
#: quotes back to the word before them
_CALLED_NAME = r"(?P<n>[A-Za-z](?:[a-z]|['’](?=[a-z])){1,14}|[A-Z]{2,3}|[a-z]{2,3})"  # (an apostrophe inside only)
_QUOTES = frozenset("\"“'‘")
_CALLED_HEAD_RE = re.compile(r"goes|go[ \t]|be[ \t]|aka|a\.k|known|nick|pref")
_CALLED_CUE_RE = re.compile(r"(?i:(?<![\w'’-])(?:goes[ \t]+by|go[ \t]+by|be[ \t]+called|a\.?k\.?a\.?"
                            r"|known[ \t]+as|nick[ \t-]?named?:?"
                            r"|pref(?:ers|\.|erred(?:[ \t]+name)?:?)?(?=[ \t]+[\"“'‘]))[ \t]+)[\"“'‘]?" + _CALLED_NAME
                            + r"[\"”'’]?(?![\w'’-])")
_QUOTED_WORD_RE = re.compile(r"(?<=[ \t])[\"“'‘]" + _CALLED_NAME + r"[\"”'’](?![\w'’-])")
_WORD_BEFORE_RE = re.compile(r"(?<![\w'’-])([A-Za-z-]{3,16})[ \t]+\Z")
#: helpers a note names by a word in quotes ('interpreter "lan"', 'sitter "Bea"')
#: (the family words and sitters are _LOWER_KIN's)
_CALLED_ROLES = frozenset({"interpreter", "interp", "aide", "chaplain", "volunteer", "caseworker", "driver"})
#: (a word, a word in capitals, or initials with periods; in quotes, a second capitalized word or
#: initial: '"BIG J"', '("Auntie Van")')
_NICK_WORD = r"(?:[A-Za-z][a-z]+|[A-Z]{2,12}|[A-Za-z]\.[A-Za-z]\.?)"
_NICK_AFTER_RE = re.compile(r"[ \t]*(?:\([ \t]*([\"“'‘]?)(" + _NICK_WORD + r"(?:[ \t][A-Z][A-Za-z]{0,11})?)"
                            r"([\"”'’]?)[ \t]*\)|,?[ \t]*[\"“'‘](" + _NICK_WORD + r"(?:[ \t][A-Z][A-Za-z]{0,11})?)[\"”'’])")
#: what ends a name's field on a header or contact line: the line's end, a parenthesis, a comma and
#: a number (an age, a phone), a gap of two blanks, or the next field's label ("gay black, 47 y/o")
_FIELD_END_RE = re.compile(r"(?:[ \t]*(?:[\n\r(]|\Z|,[ \t]*\(?\d|(?:dob|d\.o\.b\.?|mrn|age|sex)\b)|[ \t]{2})",
                           re.IGNORECASE)
#: two lower-case words right before a credential ("gwen ferraro np", "gwen ferraro, np")
#: an initial, its period and a surname in lower case right before a credential ("j. kowalewska-tran rn")
_INITIAL_SURNAME_BEFORE_RE = re.compile(r"(?:^|(?<=[\s(/-]))([a-z]\.(?:[a-z]\.)?)[ \t]?([a-z][a-z'’]+(?:-[a-z][a-z'’]+)?)[ \t,]*$")
#: a lone word in small letters at its line's start (after dashes) before a credential
#: (and its initial: "-- jen t rn", "tom h, RN" in the cased view of a note in capitals)
_SIGNER_BEFORE_RE = re.compile(r"(?:^|\n)[ \t>*~–—-]*([A-Za-z](?:[a-z'’]+|[A-Z'’]+)(?:-[a-z]+)?)(?:[ \t]+([A-Za-z])\.?)?"
                               r"[ \t]*,?[ \t]+\Z")
#: what may follow a sign-off's credential on its line: a pager, a time, nothing
_SIGNOFF_END_RE = re.compile(r"[ \t,./#x()\d:-]*(?:$|\n)")
#: (a surname of two letters at least: "jen t rn" is a first name and an initial, _SIGNER_BEFORE_RE's)
_PAIR_BEFORE_RE = re.compile(r"(?<![\w'’.])(?<!\w-)([a-z][a-z'’]*(?:-[a-z]+)?)(?:[ \t]+[a-z]\.)?[ \t]+([a-z][a-z'’]+(?:-[a-z]+)?)[ \t]*,?[ \t]+\Z")
#: what may stand before a signer's name at its line's start: blanks, dashes, a "Read by:" label
_LINE_LEAD_RE = re.compile(r"(?:^|\n)[ \t>*-]*(?:[A-Za-z ]{2,24}:[ \t]*)?\Z")
_NONSPACE_RE = re.compile(r"\S")
_DIGIT_NEXT_RE = re.compile(r"[ \t]*\d")
#: a sign-off line: dashes, two or three letters, maybe a credential ("-- mbd", "--KLM, CNM")
#: or an initial glued by its period to a surname ("-- k.dasilva rn"); or initials before a pager
#: ("PV / pager 617-555-0100", dashes optional there)
_SIGNOFF_RE = re.compile(r"(?:^[ \t]*|(?<=[.!?])[ \t]+(?=[-~–—]))(-{1,3}|~{1,2}|–|—)?[ \t]*(?:((?:[A-Za-z]\.){2,3}(?=[ \t,])|[A-Za-z]{2,3})|([A-Za-z])\.[ \t]?([A-Za-z][a-z'’]+(?:-[A-Za-z][a-z]+)?))"
                         r"(?:[ \t]*,?[ \t]+([A-Za-z][A-Za-z.-]{1,6}))?"
                         r"(?:[ \t]*/[ \t]*(pager|pgr|beeper|bpr)\b[ \t.:#]*\(?\d[\d() .-]{3,16})?"
                         # after a credential, the signer's role or place ("-KV, PA coordinator, <Clinic>",
                         # "-- dee, rn / triage line")
                         # or, in brackets, the signer's name in full ("-- DW, RN (Dawn Whitlock)")
                         r"(?(5)(?:(?:[ \t]*[/,][ \t]*|[ \t]+)\(?[A-Za-z][A-Za-z0-9 ,&./'’-]{0,50}\)?"
                         # or the time it was signed ("-- dl rn 1015", "-- JK RN 07:40")
                         r"|[ \t]+@?[ \t]*(?:[01]\d|2[0-3]):?[0-5]\d)?)[ \t]*$",
                         re.MULTILINE | re.IGNORECASE)
#: a sentence's stop before the blanks and dash of a sign-off on the same line ("Thanks. --JK")
_STOP_DASH_RE = re.compile(r"[.!?](?=[ \t]+[-~–—])")
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _signoff_matches(text: str):
    """The matches of _SIGNOFF_RE.finditer(text), found line by line. A match ends its line, so
    a line holds one at most: at its start, else after the first stop that takes one. A line's
    start is tried only when its first word, past blanks and dashes, can open one (two or three
    letters alone, or a letter and a period: most lines open with a longer word), and a stop only
    where a blank and a dash follow it; the pattern's lookbehind was tried at every character."""
    def letter(c: str) -> bool:
        return c in _ASCII_LETTERS or c > "\x7f"  # (case-blind, [A-Za-z] takes "ſ", "K", "ı")

    stops = [m.end() for m in _STOP_DASH_RE.finditer(text)]
    k = 0
    pos, n = 0, len(text)
    while True:
        nl = text.find("\n", pos)
        end = n if nl < 0 else nl
        w = text[pos:end].lstrip(" \t").lstrip("-~–—").lstrip(" \t")[:4]
        m = None
        if len(w) >= 2 and letter(w[0]) and (w[1] == "." or letter(w[1]) and (
                len(w) == 2 or not letter(w[2]) or len(w) == 3 or not letter(w[3]))):
            m = _SIGNOFF_RE.match(text, pos)
        if m is None:
            while k < len(stops) and stops[k] < pos:
                k += 1
            j = k
            while m is None and j < len(stops) and stops[j] < end:
                m = _SIGNOFF_RE.match(text, stops[j])
                j += 1
        if m is not None:
            yield m
        if nl < 0:
            return
        pos = nl + 1
#: credentials that are also notes' words or abbreviations ("pt", "ot", "do", "pa", "od")
_DEGREE_WORD_RE = re.compile(r"[ \t]*,?[ \t]*([A-Za-z][A-Za-z-]*)")
#: what a nick name follows ("goes by Bud", "known as Tink", "aka Smitty")
_GOES_BY_BEFORE = re.compile(r"(?i:goes[ \t]+by|known[ \t]+as|aka|a\.k\.a\.|nicknamed|prefers[ \t]+to[ \t]+be[ \t]+called"
                             r"|likes[ \t]+to[ \t]+be[ \t]+called|calls[ \t]+(?:himself|herself))[ \t]+[\"“']?\Z")
#: context words that report speech, not a role: "said (jokingly)"
_SAYING = frozenset({"said", "says", "told", "called", "according to", "caller"})
_DEGREE_AMBIGUOUS = frozenset({"do", "pt", "ot", "pa", "od", "rd", "jr", "sr", "ii", "iii", "iv", "slp", "mph",
                               "mba", "rt", "ma", "cc"})


def _trie_regex(words, blank: str | None = r"[ \t]+") -> str:
    """An alternation of words factored into a prefix tree, so a scan tries a few letters per position.

    A word's blank is written as `blank` (None: as the blank itself). At each node the longer
    words are tried first (an optional group is greedy), so the longest word that leads to a
    match wins, as in an alternation sorted longest first."""
    trie: dict = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node) -> str:
        end = "" in node
        branches = [(blank if ch == " " and blank is not None else regex.escape(ch)) + emit(sub)
                    for ch, sub in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if end else body
    return emit(trie)


_MONTH_SET = frozenset(MONTHS)
#: a month's short forms that are also first names ("Jan", "Jun")
_MONTH_ABBREVS = frozenset({"jan", "jun", "jul", "aug", "dec", "apr", "may"})
_REGION_BEFORE_RE = re.compile(r"(?:Middle|Far|Near|Mid|Pacific|Deep)[ \t]+\Z")
_CAP_NAME = r"\p{Lu}[\p{Ll}\p{M}'’]+(?:-\p{Lu}?[\p{Ll}\p{M}'’]+)*"
#: a title in small letters, then one or two Capitalized words (see _small_title)
_SMALL_TITLE_RE = regex.compile(r"(?<![\w.'’-])(?P<t>dr|mr|mrs|ms|prof)\.?[ \t]+"
                                r"(?P<n>" + _CAP_NAME + r"(?:[ \t]" + _CAP_NAME + r")?)(?![\w'’-])")
#: a person's name field at a line's start and its value to the line's end (see _field): words
#: of letters (any alphabet), initials, hyphens and apostrophes, one comma ("Laine, Åsa")
_FIELD_WORD = r"\p{L}[\p{L}\p{M}'’-]*\.?"
_FIELD_WORD_RE = regex.compile(_FIELD_WORD)
_NONSPACE_RUN_RE = re.compile(r"\S+")
_FIELD_RE = regex.compile(
    r"(?im)^[ \t>*-]*(?:(?:patient|pt\.?|client|resident|member|insured|subscriber|guarantor|full|legal|"
    r"preferred|maiden|(?:emergency[ \t]+)?contact|parent|guardian|mother'?s|father'?s|spouse'?s?|your)[ \t]+)?"
    r"name[ \t]*:[ \t]*(?P<v>" + _FIELD_WORD + r"(?:,?[ \t]" + _FIELD_WORD + r"){0,4})(?:[ \t]*$|[ \t]{2,}|\t)")
#: a patient's field and its value of Capitalized words (see NameDetector._patient_field)
_CAPWORD_FIELD = r"\p{Lu}[\p{L}\p{M}'’-]*\.?"
_PATIENT_LABELS = frozenset({"patient", "pt", "client", "resident", "member", "decedent"})
_PATIENT_VALUE_RE = regex.compile(
    r"[ \t]*(?P<v>" + _CAPWORD_FIELD + r"(?:,?[ \t]" + _CAPWORD_FIELD + r"){1,3})"
    r"(?=[ \t]*$|[ \t]{2,}|\t|[ \t]*,?[ \t]+(?i:mrn|dob|d\.o\.b|age|sex|acct|unit|room|rm|bed)\b|[ \t]*\()",
    regex.MULTILINE)
#: the same value typed in small letters ("Patient: oyelade, folasade    MRN ...")
_LOWWORD_FIELD = r"\p{Ll}[\p{Ll}\p{M}'’-]*\.?"
_PATIENT_VALUE_LOW_RE = regex.compile(
    r"[ \t]*(?P<v>" + _LOWWORD_FIELD + r"(?:,?[ \t]" + _LOWWORD_FIELD + r"){1,3})"
    r"(?=[ \t]*$|[ \t]{2,}|\t|[ \t]*,?[ \t]+(?i:mrn|dob|d\.o\.b|age|sex|acct|unit|room|rm|bed)\b)",
    regex.MULTILINE)


def _word_before(text: str, pos: int) -> tuple[int, int]:
    """The letters right before `pos`, past blanks: (start, end); empty (end, end) if none."""
    j = pos
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    k = j
    while k > 0 and text[k - 1].isalpha():
        k -= 1
    return k, j


def _patient_fields(text: str) -> list:
    """The values (_PATIENT_VALUE_RE matches) of patients' fields: a label of _PATIENT_LABELS
    (or "pt id", "patient id") and its colon at a line's start or after a wide gap. Found from
    the colons with str.find: a pattern tried at every character costs several times more."""
    out = []
    pos = text.find(":")
    while pos >= 0:
        k, j = _word_before(text, pos)
        word = text[k:j].lower()
        if word == "id":
            k2, i = _word_before(text, k)
            if i < k and text[k2:i].lower() in ("pt", "patient"):
                word, k = "pt", k2
        if word in _PATIENT_LABELS:
            b = k
            while b > 0 and text[b - 1] in " \t>*-":
                b -= 1
            if b == 0 or text[b - 1] in "\n\r" or k - b >= 2 and text[b:k].strip(">*-") == "" and text[b:k].count(" ") + text[b:k].count("\t") * 2 >= 2:
                m = _PATIENT_VALUE_RE.match(text, pos + 1) or _PATIENT_VALUE_LOW_RE.match(text, pos + 1)
                if m is not None:
                    out.append(m)
        pos = text.find(":", pos + 1)
    return out
#: a name field's values that name no one
_FIELD_NONE = frozenset("""unknown unk none n/a na not no same see above below refused declined pending
tbd patient pt self anonymous unavailable withheld deceased other""".split())
#: months that are also women's first names ("June Smith", "April Oyelaran", "May Chen")
_MONTH_FIRSTS = frozenset({"april", "may", "june", "jan"})
#: words before a month that make it the month ("in June", "since April", "last May")
_MONTH_PREP = re.compile(r"(?:^|[^\w'’])(?:in|since|of|by|until|till|thru|through|during|from|to|before|after|"
                         r"last|next|early|mid|late|this|each|every|around|circa)[ \t]+\Z", re.IGNORECASE)


def _bare_signoff(text: str, m, ini: str, cred: str | None) -> bool:
    """A sign-off _SIGNOFF_RE matched without its dash that still signs: two or three letters
    without a vowel before a carer's credential, nothing after but the time ("fk rn 0615"), not
    "bp rn" or "hd rn note"."""
    return cred is not None and cred.lower().rstrip(".") in _BARE_SIGNOFF_CREDS \
        and _NO_VOWEL_RE.fullmatch(ini) is not None and ini.upper() not in _SIGNOFF_WORDS \
        and not text[m.end(5):m.end()].strip(" \t@:0123456789")


def _visitor_first(info) -> bool:
    """The word-list facts of a family member's first name that may also be a word ("peg",
    "hope"): a common or fairly common first name (band 0 or 1), no place, drug, medical word or
    eponym."""
    return (info.first_band or 0) <= 1 and not (info.place or info.drug or info.medword or info.eponym)


_NEXT_WORD_RE = re.compile(r"[ \t]+([A-Za-z]+)")


def _modal_next(text: str, t: _Tok) -> bool:
    """A modal that is also a name ("Will", "May") before a verb it leads, written in the same case
    as the verb or in capitals ("MOM WILL CALL", "son Will call back")."""
    if t.word.lower() not in ("will", "may", "can"):
        return False
    m = _NEXT_WORD_RE.match(text, t.end)
    if m is None:
        return False
    w = m.group(1)
    return w.lower() in MODAL_NEXT and (w.islower() or w.isupper() and t.word.isupper()
                                          or w.istitle() and t.word.istitle())  # ("MOM Will Call": one case)


def _date_word(text: str, t: _Tok) -> bool:
    """A month before a number ("May 3"): a date, even after a kin word."""
    if t.word.lower() not in _MONTH_SET:
        return False
    k = t.end
    while k < len(text) and text[k] in " \t":
        k += 1
    return k < len(text) and text[k].isdigit()


def _lead_initial(text: str, pos: int) -> int:
    """The start of an initial in lower case right before pos ("k. Szczepanski"), or -1: one small
    letter and a period, set off by a space, a line's start, a colon or a dash before it."""
    if pos < 4 or text[pos - 1] not in " \t":
        return -1
    j = pos - 1
    while j > 0 and pos - j < 4 and text[j - 1] in " \t":
        j -= 1
    if j < 3 or text[j - 1] != "." or not ("a" <= text[j - 2] <= "z"):
        return -1
    k = j - 2
    if k > 0 and not (text[k - 1] in " \t\n\r:-–—(,"):
        return -1
    return k


def _title(t: _Tok) -> bool:
    return t.title


def _context(t: _Tok) -> bool:
    return t.context


def _capable(t: _Tok) -> bool:
    return t.capable
