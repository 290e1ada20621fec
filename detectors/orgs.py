"""The organization detector (scrub.orgs.v1): hospitals (CMS list and the short forms people
write: "the Brigham", "Brigham's", "St. Vincent's", "Mt. Sinai"), clinics, companies, schools, teams.

Hospitals are Aho-Corasick scans of the lexicon's CMS table and of the distinctive cores of its
names; facilities, companies and schools are one regex pass for a capitalized proper name before
a head word of templates/orgs.toml's hand lists; teams and "University of X" are templates.
"""
from __future__ import annotations

import re
from functools import cached_property, lru_cache
from pathlib import Path

import ahocorasick
import regex

from scrub.detector import Detector
from scrub.lexicon import Lexicon, PhraseTable, read_tsv
from scrub.templates import load_templates, gate_windows, load_rules
from scrub.types import Candidate, Document

#: words a CMS name is made of besides its proper core ("Hospital", "Medical Center", "Inc")
_CMS_HEAD = regex.compile(
    r"(?i)(?:[ ,]+(?:the|of|at|and|&|inc\.?|llc|cah|ltd|lp|corp\.?|hospitals?|hosp|medical|"
    r"health|healthcare|center|centre|ctr|campus|system|systems|services|clinics?|regional|"
    r"memorial|community|general|district|county|institute|authority|care|acute|critical|access|"
    r"specialty|rehabilitation|rehab|children'?s|women'?s|cancer|heart|behavioral|psychiatric|"
    r"surgical|surgery|orthopedic|long|term|nursing|home|university|area|city|association|"
    r"st\.?|saint|(?:\([^)]*\)))+)$")
_CMS_LEAD = regex.compile(r"(?i)^(?:the|memorial|university of|univ of)\s+")
_SAINT = regex.compile(
    r"(?-i:(?<![\w.])(?P<s>(?:St|Ste|Saint|Mt|Mount)\.?[ \t]+[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)?(?P<poss>['’]s)?))(?![\w'’])")
#: the kind words after a saint's name ("St. Brendan's Regional", "Saint Luke's rehab"), any case
_SAINT_TAIL = regex.compile(
    r"(?:[ \t]+(?i:regional|general|memorial|community|medical[ \t]+center|medical[ \t]+ctr|med[ \t]+ctr"
    r"|hospital|hosp|rehab|rehabilitation|health[ \t]+center|healthcare|hospice|nursing[ \t]+home|medical)"
    # a care home's kind, Capitalized as its name's ("St. Benedict's Home", "ST. CASIMIR HOME";
    # "from St. Mary's home today" is the hospital and a word)
    r"|[ \t]+(?:Home|HOME|Manor|MANOR|Villa|VILLA|Residence|RESIDENCE))+"
    r"(?![\w'’-])")
#: "the Brigham", "at Brigham's": a capitalized word after one of these (stdlib `re`, no lookbehind)
_LEAD_WORD = re.compile(r"[A-Z][a-z]{3,}")
_PAIR_AFTER = re.compile(r" ([A-Z][a-z]+)(?![\w-])")
#: the word before it, ending where its spaces begin
_LEAD_BEFORE = re.compile(r"(?<!\w)(?:the|at|to|from|in)$")


def _AFTER_NAME(c: str) -> bool:
    """A character that may not follow a name read whole: a word character, apostrophe or hyphen."""
    return c.isalnum() or c in "_'’-"
#: words of a ward's teams that are no department ("Rapid Response Team", "Code Blue team")
_TEAM_WORDS = frozenset({"rapid", "response", "code", "blue", "consult", "consulting", "primary", "covering",
                         "night", "float", "resource", "lift", "iv", "picc", "airway", "sepsis", "swat",
                         "street", "mobile", "crisis", "outreach", "response"})
_JOINERS = frozenset({"the", "a", "an", "our", "of", "and", "&", "for", "de", "la"})
_NONSPACE = re.compile(r"\S+")
_CAPTOK = re.compile(r"(?:[A-Z][\w'’&-]*\.?|(?:[A-Z]\.)+|\d{1,3}(?:st|nd|rd|th))")
#: " at X", " to X", " @ X" with a capital after: where a place of care may follow a verb
#: leading words that are generic alone but begin a name before a word that is not ("South Shore
#: Rehab", "New Dawn Recovery Services", "New Horizons Refugee Services", "Evening Star Hospice")
_LEADS_OF_NAMES = frozenset({"north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest",
                             "new", "evening", "morning"})
#: a month/day (and year) ending a cue's head: "discharged 3/31 "
_DATE_TAIL = re.compile(r" \d{1,2}/\d{1,2}(?:/\d{2,4})? $")
_CARE_AT = re.compile(r" (at|to|@|in|from|for|by|with|via)(?: the| our)? (?=[A-Z])")
#: a facility's kind word before its head, after which two everyday words still name it
_PLACE_KIND_WORDS = frozenset({"diabetes", "recovery", "treatment", "transitional", "sober", "addiction",
                               "wellness", "dialysis", "wound", "cancer", "kidney", "sleep", "pain"})
#: the preposition before a place of care's name ("from desert palms rehab", "at harbor recovery clinic")
_CARE_PREP_BEFORE = re.compile(r"(?<![\w'’-])(?:from|at|to)[ \t]+$")
_PLACE_KIND_HEADS = frozenset({"recovery center", "treatment center", "recovery services", "wellness center"})
#: verbs of a ride, before "via" ("arrived via Coastal Care Transport")
_RIDE_VERBS = ("arrived ", "transported ", "brought ", "brought in ", "picked up ", "came ", "transferred ",
               "arrives ", "arriving ", "came in ", "presented ")
#: a verb or noun before "at"/"for"/"by" that names an employer ("works at Raytheon")
#: a job's hours between its verb and the workplace's "at" ("works evening shifts at", "works nights at",
#: "works part time at", "works 3 days/wk at")
_SHIFT_AT = re.compile(r"\b(?:works|worked|working)[ \t]+(?:(?:evening|night|day|overnight|weekend|double|split|early"
                       r"|late|part|full|[0-9]+)[ \t/-]*(?:shifts?|time|days?(?:/wk)?|hrs?|hours)|nights|days|weekends|"
                       r"overnights|evenings|part[ \t-]time|full[ \t-]time)[ \t]+$")
_EMPLOY_VERBS = tuple(v + " " for v in (
    "works", "worked", "working", "work", "employed", "employee", "job", "retired", "retiring",
    "retire", "retires",
    "teaches", "taught", "teacher", "volunteers", "volunteered", "employer", "employment",
    # a past employer: "formerly with", "laid off from", "retired from", "previously at"
    "formerly", "previously", "laid off", "let go", "resigned",
    # school and the trade's own words: "a student at Harmon Tech", "stocks shelves at", "eng at"
    "student", "students", "intern", "interns", "apprentice", "shelves", "deliveries",
    "delivers", "contractor", "eng", "mgr", "staffing",
    # a driver's or a shift worker's firm: "drives for Blue Line Taxi", "2nd shift at Maple Leaf Packaging"
    "drives", "drove", "driver", "driving", "shift"))
#: words inside a name after a cue: "Newbridge on the Charles", "Brigham and Women's"
_NAME_JOINERS = frozenset({"&", "and", "of", "on", "the", "at"})
_NEXT_CAP = re.compile(r"[ \t]*(?:and[ \t]+|or[ \t]+)?([A-Z])")
_NUMBER_AFTER = re.compile(r"[ \t#]+\d")
#: "& Gutter" after a trade's word: the second trade of the name
_AMP_WORD = re.compile(r"[ \t]*&[ \t]*([A-Z][a-z]+|[A-Z]{2,3})(?![\w'’-])")
#: a small number after a company's word makes it a class ("Grade Group 2"), no name
#: a ventilator mode's letters before "PC" and the settings after ("AC PC 18/6", "SIMV PC 20/5")
_MODE_BEFORE = re.compile(r"(?<![\w])(?:AC|SIMV|IMV|CMV|A/C|PRVC|APRV|BiPAP|CPAP)[ \t]+\Z")
_SETTING_AFTER = re.compile(r"[ \t]+\d")
_CLASS_AFTER = re.compile(r"[ \t]+\d{1,2}(?![\w./-])")
_CLAUSE = re.compile(r"[^.;:()\n]{0,120}")
_THE_CAP = re.compile(r"[ \t]+the[ \t]+[A-Z]")
_CARE_VERBS = tuple(v + " " for v in (
    "seen", "admitted", "treated", "presented", "evaluated", "transferred", "consulted", "followed",
    "diagnosed", "visited", "visit", "referred", "hospitalized", "discharged", "managed", "attended",
    "operated", "delivered", "examined", "scanned", "imaged", "biopsied", "readmitted", "follow-up",
    "f/u", "appt", "appointment", "surgery", "care", "stay", "reviewed", "conducted", "came", "went",
    "performed", "obtained", "case", "tests", "labs", "imaging", "see",
    # placement after discharge: "referrals sent to", "accepted at", "bed offer from", "d/c to"
    "sent", "referral", "referrals", "accepted", "placement", "placed", "offer", "d/c", "dc",
    "d/c'd", "discharge", "faxed", "screened", "screening", "rehab", "transfer",
    # a stay and a ride: "staying at Harbor Family House", "arrived via Coastal Care Transport"
    "staying", "arrived", "transported", "brought", "picked up"))
_ACRONYM = re.compile(r"[A-Z]{2,6}(?:-[A-Z][\w]*)?")
_MONTHS_DAYS = frozenset("january february march april may june july august september october november "
                         "december jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday "
                         "wednesday thursday friday saturday sunday mon tue wed thu fri sat sun".split())
_INSTITUTION = frozenset({"General", "County", "City", "Memorial", "Community", "Regional", "Central",
                          "University", "Municipal", "Metropolitan", "District", "Veterans", "Children's",
                          "Childrens", "Children’s", "Women's", "Women’s"})
_INSTITUTION_LOW = frozenset({"general", "county", "city", "memorial", "community", "regional", "central",
                              "university", "municipal", "metropolitan", "district", "veterans"})
_HOSPITAL_HEADS = frozenset({"Hospital", "Hosp", "Hosp.", "Medical Center", "Medical Centre", "Infirmary"})
_JOINERS_CAP = frozenset({"The", "A", "An", "Our", "Your", "His", "Her", "Their", "This", "That"})
#: a capitalized word with a dot that ends no sentence: "St.", "Mt.", "J.", "Inc." ("Bay." does)
_ABBREV = re.compile(r"[A-Z][a-z]?\.|(?:[A-Z]\.)+|(?:Ste|Inc|Mtn|Bros|Ltd|Ave|Hosp|Med|Ctr|ST|STE|MT)\.")
_OUR_LADY = re.compile(r"(?i:our[ \t]+lady)[ \t]+(?i:of|of[ \t]+the|queen[ \t]+of)[ \t]+(?:[A-Z][\w'’-]+)"
                       r"(?:[ \t]+(?:[A-Z][\w'’-]+|of|the))*?(?:[ \t]+(?i:church|parish|chapel|shrine))?(?![\w'’-])")
#: heads of places of care that a name of two everyday words may lead, even in a note typed
#: without capitals ("pine hollow hospice", "maple grove nursing home")
_CARE_HOME_HEADS = frozenset({"hospice", "nursing home", "rest home", "assisted living", "manor",
                              "rehabilitation center", "rehab center", "nursing center", "care center"})
#: a Capitalized word and a preposition opening a name found: the sentence's verb ("Works for")
_VERB_LEAD = re.compile(r"([A-Z][a-z]+)[ \t]+(?:for|at|with|to|by|from|in|into|on|through|via)[ \t]+(?=[A-Z])")
_LEAD_VERBS = frozenset("""works worked working referred refer lives lived living goes went sent transferred
employed retired attends attended volunteers volunteered stays stayed staying moved discharged admitted
followed enrolled linked connected applied called spoke talked met seen coming comes returned""".split())
#: "Mass General", "Mass. General": a state's name or AP abbreviation before "General"
_STATE_GENERAL = re.compile(r"(?<![\w'’-])(?P<st>[A-Z][a-z]+\.?(?: [A-Z][a-z]+)?) General(?!\w)")
_TRIGGER_WORDS = frozenset({"team", "Team", "TEAM", "squad", "Squad", "club", "Club", "CLUB", "league", "League",
                            "University", "UNIVERSITY", "College", "COLLEGE", "Institute", "School", "SCHOOL",
                            "Academy",
                            # a Spanish-named place, its kind first ("Iglesia San Judas Tadeo")
                            "Iglesia", "IGLESIA", "iglesia", "Farmacia", "FARMACIA", "farmacia", "Clinica",
                            "CLINICA", "clinica", "Clínica", "CLÍNICA", "clínica", "Parroquia", "PARROQUIA",
                            "parroquia", "Centro", "CENTRO", "centro", "Escuela", "ESCUELA", "Templo", "TEMPLO",
                            "templo", "Misión", "Mision",
                            # a veterans' or fraternal organization's post ("American Legion Post 112")
                            "Legion", "LEGION", "VFW", "DAV", "AMVETS", "Elks", "ELKS", "Moose", "MOOSE"})
#: a coverage's rank, a capitalized name and its member number: "secondary Harvest Commonwealth, ID"
_RANKED_INSURER = re.compile(
    r"(?<![\w-])(?i:primary|secondary|tertiary|supplemental|supplement)(?:[ \t]+(?i:insurance|coverage|ins\.?|payer))?"
    r"[ \t]*:?[ \t]+(?P<n>[A-Z][\w'’&.-]*(?:[ \t]+(?:&[ \t]+)?(?!(?i:member|policy|group|subscriber|id)\b)[A-Z][\w'’&.-]*){0,3})(?!\w)"
    r"(?=[ \t]*[,(-]?[ \t]*(?i:id\b|member|policy|group|grp|subscriber|plan[ \t]*#|#))")
#: the ranks of _RANKED_INSURER, in small letters ("supplement" also of "supplemental")
_RANKS = ("primary", "secondary", "tertiary", "supplement")
_FIRM_TAIL = re.compile(r"[ \t]+(?:Associates|Group|Partners|Laboratories|Laboratory|Labs?|Services|Consultants)(?![\w'’-])")
_LEGAL_TAIL = re.compile(r",?[ \t]+(?:Inc\.?|LLC|L\.L\.C\.|Ltd\.?|Corp\.?|Co\.|LLP|PLLC|P\.C\.|PC)(?![\w])")
#: a ward's or a schedule's words after a trade and "at"/"for": no employer ("nurse at Bedside")
_WARD_WORDS = frozenset({"bedside", "discharge", "home", "triage", "intake", "admission", "admissions",
                         "night", "nights", "day", "days", "weekend", "weekends", "work", "rehab", "dialysis",
                         "clinic", "hospital", "icu", "er", "ed", "or", "shift", "change", "report", "rounds"})
_CLASS_NAME_AFTER = re.compile(r"[ \t]+(?i:grade|classification|criteria)\b")
_WORT_AFTER = re.compile(r"[ \t]+(?i:wort)\b")
#: town-only heads that are everyday words too: the town's own words must be ones English mostly
#: Capitalizes ("Laconia Fire", "Hollis Police"; not "House Fire", "Brush Fire")
_WORD_TOWN_HEADS = frozenset({"Fire", "Police"})
#: service heads read only after a listed town's name ("Quincy PD", "Framingham FD", "Laconia Fire")
_TOWN_ONLY_HEADS = frozenset({"PD", "FD", "WIC"}) | _WORD_TOWN_HEADS
#: a residence's heads, and the kind of care that may follow its name ("Rosewood Gardens assisted
#: living", "Maple Terrace ALF"): a town's name before them then names the home
_RESIDENCE_HEADS = frozenset({"Gardens", "Terrace", "Manor", "Village", "Place", "Commons", "Estates", "Residence",
                              "Residences", "Pointe"})
_CARE_KIND_AFTER = re.compile(r"[ \t]+(?:\(?(?i:assisted[ \t]+living|alf|snf|senior[ \t]+living|nursing[ \t]+home"
                              r"|memory[ \t]+care|skilled[ \t]+nursing|rest[ \t]+home|group[ \t]+home)\b)")
#: a family firm's heads, after which its trade may follow ("Marchetti & Sons Plumbing")
_FAMILY_HEADS = frozenset({"& Sons", "& Son", "and Sons", "& Daughters", "Brothers", "Bros", "Bros."})
_NEXT_CAP_WORD = re.compile(r"[ \t]+([A-Z][a-z]+)(?![\w'’-])")
_STORE_HEADS = frozenset({"Pharmacy", "Drug", "Drugs", "Apothecary", "Specialty Pharmacy", "Infusion Pharmacy"})
_STORE_NUMBER = re.compile(r"[ \t]*(?:#|no\.|store)[ \t]*\d{1,6}(?![\w-])", re.IGNORECASE)
_FUNCTION_LEADS = frozenset({"also", "our", "his", "her", "their", "my", "your", "this", "that", "the", "a",
                             "an", "and", "or", "new", "same", "whole", "entire", "care", "home", "school"})
_LEAD_PREPOSITIONS = frozenset({"from", "at", "to", "in", "with", "for", "by", "per", "via", "of", "into", "back"})
#: heads after which one everyday word names a hospital's department ("Device Clinic")
_DEPARTMENT_HEADS = frozenset({"Clinic", "Clinics", "Center", "Centre", "Health Plan"})  # heads as listed
_GENERAL_AT = re.compile(r" General(?!\w)")
#: a department's or a trade's word after "General": "General Surgery", "general medicine"
_GENERAL_NEXT = re.compile(r"[ \t]+(?i:surgery|surgical|medicine|medical|pediatrics|psychiatry|practice|"
                           r"practitioner|hospital|anesthesia|counsel|contractor|store|manager|dynamics|electric)\b")
#: a vessel's mark before its name: "F/V Aurora Dawn", "the m/v sea lark" (_vessels)
_VESSEL = re.compile(r"(?<![\w/])(?:[FfMm]/[Vv])[ \t]+[\"“']?")
_VESSEL_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
#: words of the sentence after a vessel's name, besides _LOW_STOP's ("from F/V Aurora Dawn off Kodiak")
_VESSEL_STOP = frozenset({"off", "near", "out", "w", "crew", "captain", "skipper", "deck", "boat", "vessel", "dock"})
#: a hospital's name before "General" or "Regional", after "to", "at" or "from" (_cued_generals)
_CUED_GENERAL = re.compile(r"(?<![\w'’-])(?:to|at|from|@)[ \t]+(?:the[ \t]+)?"
                           r"(?P<n>[A-Z][a-z'’]+(?:[ \t][A-Z][a-z'’]+){0,2})[ \t](?:General|Regional|Memorial)(?![\w'’-])")
_CAP_GOES_ON = re.compile(r"[ \t]+[A-Z]")
#: a service after "Regional": "Regional Anesthesia", "regional block"
_REGIONAL_NEXT = re.compile(r"[ \t]+(?i:anesthesia|anaesthesia|block|nerve|office|manager|director|sales|center"
                            r"|medical|hospital|health)\b")
_COMMA_TOWN = re.compile(r", (?P<t>[A-Z][a-z]+(?: [A-Z][a-z]+){0,2})")
#: "retired Boston Globe pressman": a word of past or other employment before capitalized words
_JOB_CUE = re.compile(r"(?:etired|ormer|x-)[ \t]*(?=[A-Z])")
_JOB_LEADS = ("retired", "former", "ex-")
_CAP_RUN = re.compile(r"(?:[A-Z][\w'’&.-]*[ \t]+){1,4}")
_LOWER_WORDS = re.compile(r"[a-z]+(?:[ \t]+[a-z]+)?")
#: "HHPT (Bayada)", "VNA (Amedisys)", "hospice (Care Dimensions)": an agency named in parentheses
_PAREN_CAP = re.compile(r"\([ \t]*[A-Z]")
_AGENCY_NAME = re.compile(r"(?P<n>[A-Z][\w'’&.-]*(?:[ \t]+(?:[A-Z][\w'’&.-]*|&|of|and|the)){0,4})"
                          r"(?:[ \t]*\)|[ \t]+(?:night|day|evening|first|second|third|1st|2nd|3rd)?[ \t]*shifts?[ \t]*\))")
#: the home-care words before it (lower case; the character before must end a word)
_AGENCY_CUES = ("vna", "vns", "hha", "hh", "hhpt", "hhot", "hhrn", "hhs", "pca", "home health",
                "home-health", "homehealth", "home care", "home-care", "homecare", "homemaker", "hospice",
                "services", "agency", "infusion",
                # a place of care named in parentheses: "urgent care (Lahey)", "pharmacy (Rite Aid)"
                "urgent care", "urgent-care", "urgentcare", "walk-in", "clinic", "pharmacy", "lab",
                # the employer in parentheses after work ("en route from work (Consolidated Freight
                # night shift)", "AT WORK (MIDLAND STEEL FABRICATORS)")
                "at work", "from work", "employer", "employed")
#: cues after which a parenthesis may name a service ("clinic (Heart Failure)") as well as a place
#: words in capitals that end a name read backwards in a note written in capitals
_CAPS_STOP = frozenset({"FROM", "TO", "AT", "IN", "WITH", "BY", "FOR", "ON", "VIA", "INTO", "YO", "Y/O", "YOF",
                        "YOM", "F", "M", "PT", "PT'S", "IS", "WAS", "LIVES", "RESIDES", "RESIDENT", "ADMITTED",
                        "TRANSFERRED", "SENT", "SEEN", "FOLLOWED", "HPI:", "CC:", "HX", "PMH", "S/P", "W/",
                        "A", "AN"})
#: the cues of _AGENCY_CUES after which the name is an employer's, of everyday words or not
_EMPLOYER_CUES = frozenset({"at work", "from work", "employer", "employed"})
_WORK_STATUS = frozenset({"duty", "time", "leave", "status", "restrictions", "restricted", "shift", "shifts",
                          "hours", "days", "nights", "remote", "home", "fmla", "diem", "off"})
_SERVICE_CUES = frozenset({"urgent care", "urgent-care", "urgentcare", "walk-in", "clinic", "pharmacy", "lab"})
#: " at Needham", " Chelsea": a town after a facility's name
_AT_TOWN = re.compile(r"[ \t]+at[ \t]+(?P<t>[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+){0,2})")
_SP_TOWN = re.compile(r"[ \t]+(?P<t>[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+){0,2})")
#: "Dr. Lisa Marchetti, MGH": a clinician's name and a comma or parenthesis before an initialism
_DR_BEFORE = re.compile(r"(?:Dr\.?|MD|DO|NP|PA)[ \t]+[A-Z][\w'’.-]*(?:[ \t]+[A-Z][\w'’.-]*){0,3}[ \t]*[,(/][ \t]*$"
                        r"|(?:MD|DO|NP|PA-C|RN)[ \t]*[,(/][ \t]*$")
#: "BCBS MA": a state's postal code after an insurer's name
_STATE_CODE = re.compile(r"[ \t]+([A-Z]{2})(?![\w'’-])")
_WORD_CODES = frozenset({"OR", "IN", "ME", "OK", "HI", "AS", "ID", "OH", "PA", "MD", "DE"})
#: "AARP/": a name in capitals joined to an insurer's by a slash
_SLASH_BRAND = re.compile(r"(?<![\w'’-])([A-Z][A-Za-z]{2,})/$")
#: "BWH MRN:", "MGH #": a hospital's record number after its initials
_RECORD_AFTER = re.compile(r"[ \t]*(?:MRN|Mrn|mrn|MR#|MR #|Med(?:ical)? Rec(?:ord)?s?\b|Unit (?:No|#)|#[ \t]*\d)")
#: a lower-case acronym after at/to/from in a note typed without capitals ("seen at bmc on 1/30")
_LOW_ACRONYM = re.compile(r"(?<![\w'’-])(?:at|to|from|@)[ \t]+(?:the[ \t]+)?([a-z]{3,5})(?![\w'’-])")
_VOWELS = frozenset("aeiouy")
#: a joiner and a capitalized word after a word in small letters ("newbridge on the Charles")
_LOW_JOINED = re.compile(r"[ \t]+(?:on|of|at)[ \t]+(?:the[ \t]+)?[A-Z]")
_NEXT_LOW = re.compile(r"[ \t]*([a-z])")
#: "UMass", "UConn": "U" and a state's short name (checked against the states' list)
_U_STATE = re.compile(r"U([A-Z][a-z]{2,6})")
#: a hospital's kind word after a name in small letters ("cape cod hosp", "lowell general hospital")
_LOW_KIND = re.compile(r"[ \t]+(?:hosp\.?|hospital|medical center|med ctr|med center|healthcare|health care)(?![\w'’-])")
#: at/to/from before a name in small letters, ending where its spaces begin
_LOW_CUE = re.compile(r"(?<![\w'’-])(?:at|to|from|@)[ \t]+(?:the[ \t]+)?$")
_LOW_STATE_GENERAL = re.compile(r"(?<![\w'’-])(?:at|to|from|@)[ \t]+(?:the[ \t]+)?(?P<st>[a-z]{2,13}\.?)[ \t]+general(?![\w'’-])")
#: a word before a care head in small letters ("partners home care", "fresenius kidney care")
_LOW_CARE_HEAD = re.compile(r"(?<![\w'’.-])(?:from|at|with|by|via|thru|through|w/)[ \t]+(?:the[ \t]+)?([a-z][a-z'’]+)[ \t]+(?:home care|home health(?: care)?|homecare|"
                            r"kidney care|kidney center|dialysis center|health care|healthcare|medical center|"
                            r"nursing home|nursing center|rehab center|rehabilitation center)(?![\w'’-])")
#: "visiting nurse assoc of", "vna of", "hospice of" in small letters: a place's name follows
_LOW_OF_HEAD = re.compile(r"(?<![\w'’-])(?:visiting nurses?(?: assoc(?:iation)?\.?| association)|vna|vns|hospice)"
                          r"[ \t]+of[ \t]+(?:the[ \t]+)?")
_OF_PLACE = re.compile(r"[ \t]+of[ \t]+(?P<t>[A-Z]{2}(?![\w.])|[A-Z][a-z]+(?:\.(?=[ \t]+[A-Z]))?(?:[ \t]+[A-Z][a-z]+){0,2})")
_COMPASS = frozenset({"north", "south", "east", "west"})
#: "of Cape Cod", "of the North Shore", "OF GREATER LOWELL": the place after "VNA"/"Hospice"
_OF_NAME = re.compile(r"[ \t]+(?:of|OF)[ \t]+(?:(?:the|THE)[ \t]+)?"
                      r"(?P<t>[A-Z][\w'’.-]*(?:[ \t]+(?:[A-Z][\w'’.-]*|&))*)")
#: lower-case words before a lower-case head, read backwards ("st. columbkille", "framingham state")
_LOW_TOKEN = re.compile(r"[a-z][a-z'’.-]*")
_SAINT_LOW = frozenset({"st", "st.", "ste", "ste.", "saint"})
_PREV_CAP = re.compile(r"(?<![\w'’.-])([A-Z][a-z]+)[ \t]$")
_NEXT_WORD = re.compile(r"[ \t]+([\w/-]+)")
_SCHOOL_FILLERS = frozenset({"state", "community", "technical", "tech", "junior"})
#: the word after a chain's name that makes it a clinical word ("from CVS standpoint")
_CHAIN_NOT = frozenset({"standpoint", "perspective", "wise", "point", "exam", "review", "side", "status",
                        "system", "systems", "ros", "neg", "negative", "wnl", "stable", "unremarkable"})
#: the words before a chain's name that make it a place ("from cvs", "at the Quest")
_CHAIN_CUE = re.compile(r"(?:(?<![a-z0-9])(?:at|from|to|via|with|by|for|@)(?: the)?|@)$")
_CHAIN_AFTER = frozenset({"pharmacy", "pharm", "rx", "lab", "labs", "store", "distribution", "warehouse",
                          "diagnostics", "specialty", "mail-order"})
_EXTRA_KINDS = frozenset({"worship_low", "school_low", "of_only", "camel", "chain", "insurer"})
#: kind words that may follow a facility's head in its name ("Pondview Health Care Center",
#: "Elm Clinic Home Care"); the name ends on the last of `_TAIL_ENDS` among them
_TAIL_WORDS = frozenset({"Center", "Centre", "Care", "Health", "Healthcare", "Clinic", "Home", "Rehab",
                         "Rehabilitation", "Nursing", "Living", "Services", "Associates", "Group", "Partners", "And", "&"})
_TAIL_ENDS = frozenset({"Center", "Centre", "Care", "Health", "Healthcare", "Clinic", "Home", "Living",
                        "Services", "Associates", "Group", "Rehab", "Rehabilitation", "Partners"})
#: one-word service heads a town's name may stand before in a firm's name ("Valley Imaging",
#: "Salem Apothecary", "Lowell Plastics"); "Boston Shelter", "Quincy Court" stay the town's
_TOWN_FIRM_HEADS = frozenset({"Imaging", "Apothecary", "Plastics", "Textiles", "Foods", "Bakery", "Dairy",
                              "Supply", "Supplies", "DME", "Drug", "Drugs", "Counseling", "Counselling",
                              "Chiropractic", "Montessori", "Collective", "Collaborative", "Dialysis",
                              "Paving", "Roofing", "Construction", "Landscaping", "Plumbing", "Trucking",
                              "Motors", "Manufacturing", "Logistics", "Freight", "Staffing", "Realty",
                              "Contractors", "Contracting", "Builders", "Masonry", "Aviation", "Electric",
                              "Physiotherapy", "Mutual", "Police Department", "Police Dept",
                              "Fire Department", "Fire Dept", "Castings", "Foundry", "Lumber", "Processing",
                              "Packing", "Oxygen", "Home Oxygen"})
_TAIL_TOKEN = re.compile(r"[ \t]+([A-Za-z&]+)")
#: the first letter of a line or sentence: in a note typed without capitals (the engine's cased view
#: of it), most are small
_SENTENCE_START = re.compile(r"[.!?\n][ \t]*([A-Za-z])")
_WORD_ANY = re.compile(r"[(\"“]?[A-Za-z][\w'’&-]*[.,;:)]?")
#: words that end a name read in a note without capitals (prepositions, pronouns, verbs, time)
_LOW_STOP = frozenset("""a an the his her my their our your its this that at to from in into on of for by
with and or but as x since until till while where when who which then now prior before after ago yrs
years yr months wks weeks days is was were be been has had have will would pt patient he she they
currently still also full part time so because bc though although if unless""".split())
#: a word of employment before at/for/from/by in a note without capitals ("machinist from ...")
_LOW_EMPLOY = re.compile(r"(?<![\w-])(works?|worked|working|employed|employee|retired|job)[ \t]+"
                         r"(?:(?:part|full)[ -]time[ \t]+|nights[ \t]+|days[ \t]+|weekends[ \t]+|"
                         r"as[ \t]+an?[ \t]+[a-z]+[ \t]+)?(at|for|from|by|with)[ \t]+(?:the[ \t]+)?")
#: a signature's credential at the end of the line before a practice's name ("Ana Ruiz, MD")
_CREDENTIAL_END = re.compile(r",[ \t]*(?:M\.?D|D\.?O|N\.?P|FNP(?:-BC)?|ANP|PA-C|PA|R\.?N|DNP|Ph\.?D|MPH|"
                             r"LICSW|LCSW|MSW|FACP|FACC|FAAP|MBBS)\.?[ \t]*$")
#: a line that is a clinician's name after "Dr." (an addressee: "Dr. Ana Ruiz" then her practice)
_DR_LINE = re.compile(r"[ \t]*(?:Dr\.?|Doctor)[ \t]+[A-Z][\w'’.-]*(?:[ \t]+[A-Z][\w'’.-]*){0,3}[ \t,]*$")
#: a word after a facility's head that makes it a heading or an adjective ("Brief Hospital Course:",
#: "Hospital Acquired"), no name
_HEAD_HEADING = re.compile(r"[ \t]+(?:course|acquired)(?![\w'’-])", re.I)
#: a practice's cue before its name: at/@/with/from/to/by or a field's colon ("Prenatal care with")
_PRACTICE_CUE = re.compile(r"(?:(?<![\w'’-])(?:at|At|AT|with|With|WITH|w/|from|From|to|To|by)|@|:|\()[ \t]*$")
#: a first word before a practice's kind that names no practice ("Please Dermatology f/u")
_PRACTICE_NOT_FIRST = frozenset({"Please", "Also", "Note", "Attn", "Per", "Re", "Fwd", "Cc", "Dear"})
#: the word before "transfer to" that makes it a patient's move, no transfer of care ("toilet
#: transfer to BSC", "stand pivot transfer to w/c")
_MOBILITY_TRANSFER = frozenset({"toilet", "commode", "tub", "shower", "bed", "chair", "car", "pivot", "board",
                                "stand", "sit", "supine", "w/c", "wc", "wheelchair", "bench", "mat", "floor",
                                "toileting", "squat", "slide", "sliding", "lateral", "mechanical", "lift", "hoyer",
                                "dependent", "assisted", "assist", "stretcher", "recliner", "sit-to-stand"})
_TRANSFER_BEFORE = re.compile(r"([\w/-]+)[ \t]+transfers?[ \t]+$")
#: a field's value: words single-spaced up to two spaces, a line's end or a mark
_FIELD_VALUE = re.compile(r"[^\s,;:()|]+(?:[ ](?=[^\s,;:()|])[^\s,;:()|]+){0,6}")
#: "(coastline medical transport)": a parenthesized name in a note without capitals
_LOW_PAREN = re.compile(r"\(([A-Za-z][\w'’&-]*(?:[ \t]+[A-Za-z&][\w'’&-]*){1,5})\)")
#: a street address opening the next line ("400 Quarry Landing Drive, Suite 210"): the line above
#: it may be a letterhead
_ADDRESS_NEXT = re.compile(r"\n[ \t]*\d{1,6}[A-Za-z]?[ \t]+[A-Za-z]")
#: where a letterhead's name ends on its line: a dash before its unit or department, a bar, a comma
_LETTER_CUT = re.compile(r" [-–—|] |[,;(\t]")
#: words of a note's title or a department's, no name's: a first line made with one is no letterhead
_NOTE_WORDS = frozenset("""note notes progress report summary assessment evaluation eval consult consultation
letter discharge admission history physical plan instructions education orders order record records visit
encounter intake procedure operative flowsheet form request referral department dept division section unit
service program daily interim addendum update transfer""".split())
#: words after a hospital's initials that make them a clinical test's ("CCHD screen passed")
_INITIALS_TEST = frozenset({"screen", "screening", "screens", "test", "testing", "tests", "score", "scores",
                            "negative", "positive", "neg", "pos", "passed", "failed", "pass", "fail", "result",
                            "results", "level", "levels", "panel", "protocol", "criteria", "scale",
                            "n/a", "na", "pending", "done", "deferred", "ordered", "sent", "wnl", "nl"})
_NEXT_AFTER_DASH = re.compile(r"[ \t]*[-–:][ \t]*([A-Za-z]+)")
#: kinds of workplaces, homes and suppliers whose names are everyday words more often: one of the
#: name's words must be a proper one (_LOW_SUPPLY's last alternatives, the longest first)
_STRICT_SUPPLY = frozenset({"lumber", "co-op", "cooperative", "stables", "riding stables", "packing", "vineyard",
                            "vineyards", "winery", "orchard", "orchards", "group home", "funeral home",
                            "home hospice", "dme"})
#: a supplier's kind in small letters ("coastal medical supply"): the words before name the firm
_LOW_SUPPLY = re.compile(r"(?i:(?:medical|surgical)[ \t]+(?:suppl(?:y|ies)|equipment)"
                         # care services a firm of everyday words provides ("order sent to airwell
                         # respiratory", "home health - bright path home care", "called golden age meal services")
                         r"|home[ \t]+care|home[ \t]+health(?:[ \t]+care)?|respite[ \t]+program|meal[ \t]+services"
                         r"|health[ \t]+plan|respiratory(?:[ \t]+supply)?|home[ \t]+medical|home[ \t]+infusion"
                         r"|pediatric[ \t]+nursing|nursing[ \t]+services|medivan|senior[ \t]+services"
                         r"|elder[ \t]+services|dialysis[ \t]+(?:center|ctr|unit)"
                         # shelters and recovery residences ("from new beginnings women's shelter")
                         r"|(?:women'?s[ \t]+|men'?s[ \t]+|family[ \t]+)?shelter|recovery[ \t]+house|sober[ \t]+house"
                         r"|sober[ \t]+living|treatment[ \t]+(?:program|services|center)|recovery[ \t]+(?:services|center)"
                         r"|residential[ \t]+services"
                         # a firm's legal form ("part time at tri-state pallet inc"; "co" is a county's too)
                         r"|inc|llc|corp|company"
                         # stores, rides, schools and agencies a cue names ("filled at cornerstone
                         # pharmacy", "drives for blue line taxi", "attends little acorns daycare")
                         r"|pharmacy|apothecary|drugs?|day[ \t]?care|child[ \t]?care[ \t]+center|learning[ \t]+center"
                         r"|early[ \t]+intervention|hospice|taxi|cab(?:[ \t]+co|[ \t]+company)?|transit|paratransit"
                         r"|(?:medical[ \t]+)?transport(?:ation)?|wheelchair[ \t]+van|hardware|tavern|buffet"
                         r"|network|collaborative|alliance|housing[ \t]+authority|mission|inn|lodge|oxygen"
                         r"|dental|diagnostics|laboratories|imaging|orthopedics|physical[ \t]+therapy|insurance"
                         r"|probation|ambulance|medflight|air[ \t]+rescue|flight[ \t]+services|temple|tabernacle"
                         r"|ymca|college|montessori|preschool|packaging|market|solutions|systems"
                         # workplaces, homes and suppliers whose names are everyday words more often
                         # (_STRICT_SUPPLY: "at heartland farmers co-op", "from sunvale home hospice")
                         r"|" + "|".join(re.escape(k).replace(r"\ ", r"[ \t]+")
                                         for k in sorted(_STRICT_SUPPLY, key=lambda k: (-len(k), k)))
                         + r")(?![\w'’-])")
#: a clinic's or hospital's kinds in small letters ("f/u w/ harbor point cardiology associates",
#: "transported to lower cape coastal medical center", "flown from wessagusset memorial")
_LOW_CARE = re.compile(r"(?i:(?:medical|health|care|burn|cancer|trauma|heart|eye|kidney|transplant|rehab|rehabilitation"
                       r"|psychiatric|children's|childrens|university)[ \t]+(?:center|centre|ctr|institute|pavilion|hosp|hospital)"
                       r"|med[ \t]+ctr"
                       r"|family[ \t]+(?:health|medicine|practice)|health|memorial|pavilion|kids[ \t]+care"
                       r"|(?:podiatry|cardiology|orthopedic|orthopaedic|ob/gyn|obgyn|pediatric|surgical|urology"
                       r"|dermatology|women's|womens)[ \t]+(?:group|associates|partners|pavilion))(?![\w'’/-])")
#: an insurer's words after its kind in a note without capitals ("lone star mutual health")
_KIND_TAILS = frozenset({"health", "plan", "insurance", "group", "partners", "co", "company"})
#: words that say which store, ride or supply it is, never its name ("another pharmacy", "police
#: transport", "durable medical equipment")
_LOW_SUPPLY_NOT = frozenset("""another retail usual regular same on-call hosp police sheriff advocate mail
mail-order specialty compounding nearby closest nearest preferred different can will may must should could
would extra additional further repeat more any court on-site onsite durable home hospital level tertiary
quaternary continued continue continuing ongoing current""".split())
_LOW_CUES = frozenset({"to", "from", "at", "via", "with", "by", "thru", "through", "called", "contacted", "faxed",
                       "for", "outside", "attends", "of", "uses", "using",
                       "-", "payer", "payor", "insurer", "carrier"})
#: cues that are no word, read right before the words of a name ("f/u w/ harbor point cardiology associates")
_MARK_CUES = ("w/ ", " @ ")
#: a field's label of one to three words at its line's start, right before a supplier's name
#: ("dme: apex respiratory solutions", "transport to hd: ride-right medicaid transport")
_LABEL_BEFORE = re.compile(r"(?m)^[ \t]*[a-z][a-z0-9/&]*(?:[ \t]+[a-z][a-z0-9/&]*){0,2}[ \t]*:[ \t]*\Z")
_FIRM_LABEL_WORDS = frozenset({"dme", "vendor", "supplier", "pharmacy", "transport", "transportation", "agency",
                               "insurance", "insurer", "ins", "carrier", "payer", "payor", "employer", "employment",
                               "company", "church", "school", "ride", "rides"})
#: words that say what kind of care service it is, never its name ("medical respite program",
#: "private duty nursing", "wheelchair medivan", "outpt dialysis unit")
_SERVICE_KIND_WORDS = frozenset("""private local skilled outpatient inpatient pediatric adult hospice
palliative medicare medicaid wheelchair ambulance stretcher van duty peritoneal hemo in-center community
county state agency outside continuous routine inpt outpt respite meal meals vna vns visiting
homeless domestic violence dv emergency overflow women's womens men's mens family youth""".split())
_NEVER = re.compile(r"\x00\x01\x00")  # gate_windows then uses only its `extra` spans
_CAPWORD = r"(?:[A-Z][\w'’&-]*\.?|[A-Z]\.(?:[ \t]?[A-Z]\.)*)"


#: the words a hospital's name ends with that name no one ("Hospital", "Medical Center", "Inc"):
#: "Brigham and Women's Hospital" is written "Brigham and Women's"
_CMS_TAIL = regex.compile(
    r"(?i)(?:[ ,]+(?:inc\.?|llc|cah|ltd|lp|corp\.?|corporation|hospitals?|hosp|medical|health|healthcare|"
    r"center|centre|ctr|campus|system|systems|services|clinics?|(?:\([^)]*\))))+$")
_CORE_JOINER_END = regex.compile(r"(?i)[ ,]+(?:the|of|at|and|&|for)$")


def _minimal_core(name: str) -> str:
    core = _CMS_LEAD.sub("", _CMS_TAIL.sub("", name)).strip()
    return _CORE_JOINER_END.sub("", core).strip()


#: "Umass Memorial Healthcare-Marlborough Hospital", "... Medical Center/university Campus": a
#: slash, or a hyphen after a kind word, joins two names; the first is written alone
_CMS_SEGMENT = regex.compile(r"(?i)(?<=\b(?:hospitals?|healthcare|health|center|centre|system|medical center))-(?=[a-z])|/")


@lru_cache(maxsize=2)
def _cms_names(directory: str) -> tuple[tuple[dict, str], ...]:
    """(row, name) of each CMS hospital: its name before a comma, and the first of two names it
    joins ("Umass Memorial Healthcare" of "Umass Memorial Healthcare-Marlborough Hospital")."""
    out = []
    for r in read_tsv(Path(directory) / "hospitals.tsv.gz"):
        name = r["name"].split(",")[0].strip()
        out.append((r, name))
        first = _CMS_SEGMENT.split(name)[0].strip()
        if first != name and len(first.split()) >= 2:
            out.append((r, first))
    return tuple(out)


@lru_cache(maxsize=2)
def _cms_core_words(directory: str, generic: frozenset[str]) -> frozenset[str]:
    """The capitalized words of CMS cores that are no generic word ("Hopkins" of "Johns Hopkins"),
    for a health system's brand: "Hopkins Medicine", "Penn Medicine"."""
    out = set()
    for _, name in _cms_names(directory):
        core = _minimal_core(name)
        for w in core.split():
            if len(w) >= 4 and w.isalpha() and w[0].isupper() and w[1:].islower() and w.lower() not in generic:
                out.add(w)
    return frozenset(out)


@lru_cache(maxsize=2)
def _cms_cores(directory: str, generic: frozenset[str] = frozenset()
               ) -> tuple[PhraseTable, frozenset[str], frozenset[str]]:
    """The distinctive cores of CMS hospital names and the single words that lead them.

    "Brigham and Women's Hospital" → core "Brigham and Women's", lead word "Brigham";
    "Johns Hopkins Hospital" → "Johns Hopkins". A core is also the name less only its institution
    words ("Brigham and Women's"), unless every word of it is `generic` ("University Hospital").
    Built once per process from the list (5,000 rows).
    """
    items, leads, full, pairs = [], set(), [], set()
    for r, name in _cms_names(directory):
        core = _CMS_LEAD.sub("", _CMS_HEAD.sub("", name)).strip()
        core = _CMS_HEAD.sub("", core).strip()
        words = core.split()
        if not words:
            continue
        if name == r["name"].split(",")[0].strip():
            full.append((r["name"], ("listed", r["name"])))
        core = _CORE_JOINER_END.sub("", core).strip()  # "Brigham and" is no name
        words = core.split()
        if len(words) >= 2 and core.lower() != name.lower() \
                and not all(w.lower().strip(".") in generic for w in words):
            items.append((core, ("core", r["name"])))
        least = _minimal_core(name)
        if len(least.split()) >= 2 and least.lower() not in (name.lower(), core.lower()) \
                and not all(w.lower().strip(".") in generic for w in least.split()):
            items.append((least, ("core", r["name"])))
        if not words:
            continue
        if words[0][:1].isupper() and words[0].isalpha() and len(words[0]) >= 4:
            leads.add(words[0])
            # "Beth Israel" of "Beth Israel Deaconess": the two leading words of a longer core
            if len(words) >= 3 and words[1][:1].isupper() and words[1].isalpha() \
                    and words[1].lower() not in generic and words[0].lower() not in generic:
                pairs.add(words[0] + " " + words[1])
    # one automaton for listed names and cores: one scan of the text instead of two
    return PhraseTable.build(sorted(full) + sorted(items)), frozenset(leads), frozenset(pairs)


_INITIAL_DROP = re.compile(r"(?i)\([^)]*\)|\b(?:inc|llc|corp|corporation|ltd|lp|the)\b\.?")
_INITIAL_SPLIT = re.compile(r"[\s/-]+")
_INITIAL_JOINERS = frozenset({"and", "of", "the", "at", "&", "for", "in", "on"})


@lru_cache(maxsize=2)
def _cms_initials(directory: str, exclude: frozenset[str]) -> frozenset[str]:
    """The initials of multi-word CMS hospital names ("Beth Israel Deaconess Medical Center" →
    "BIDMC", "Brigham and Women's Hospital" → "BWH"), 3 to 6 letters, joiners skipped, less
    `exclude` (clinical abbreviations, states, the site acronyms)."""
    out = set()
    for r in read_tsv(Path(directory) / "hospitals.tsv.gz"):
        name = _INITIAL_DROP.sub(" ", r["name"].split(",")[0])
        words = [w for w in _INITIAL_SPLIT.split(name) if w and w.lower() not in _INITIAL_JOINERS]
        if 3 <= len(words) <= 6 and all(w[0].isalpha() for w in words):
            out.add("".join(w[0].upper() for w in words))
    return frozenset(out - exclude)


@lru_cache(maxsize=2)
def _cms_single_cores(directory: str, generic: frozenset[str]) -> frozenset[str]:
    """Lower-case one-word cores of CMS names that are no hospital's own town: "Mclean Hospital
    Corporation" (Belmont) gives "mclean"; "Boston Medical Center" (Boston) gives nothing, since
    "transferred to Boston" names the town."""
    cores: dict[str, bool] = {}
    for r in read_tsv(Path(directory) / "hospitals.tsv.gz"):
        core = _minimal_core(r["name"].split(",")[0].strip())
        if " " in core or not core.isalpha() or len(core) < 4 or core.lower() in generic:
            continue
        key = core.lower()
        cores[key] = cores.get(key, True) and key != r["city"].lower()
    return frozenset(k for k, ok in cores.items() if ok)


def _cue_before(text: str, paren: int, cues) -> str | None:
    """The first cue of `cues` (in small letters) that ends, blanks aside, before the parenthesis
    at `paren`, if it is a word of its own there ("VNA (", "at work ("; not "MHHS (")."""
    b = paren
    while b > 0 and text[b - 1] in " \t":
        b -= 1
    pre = text[max(0, b - 12):b].lower()
    cue = next((c for c in cues if pre.endswith(c)), None)
    if cue is None or b - len(cue) > 0 and text[b - len(cue) - 1].isalnum():
        return None
    return cue


def _split_and(toks: list[tuple[int, int, str]]) -> list[list[tuple[int, int, str]]]:
    """The names of a run joined by "and" ("Newbridge on the Charles and Marina Bay"); "&" stays
    inside a name ("Northeast Roofing & Gutter", "Johnson & Johnson")."""
    parts, cur = [], []
    for t in toks:
        if t[2] in ("and", "And") and cur:
            parts.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur:
        parts.append(cur)
    out = []
    for p in parts:
        while p and p[-1][2] in _NAME_JOINERS:
            p = p[:-1]
        while p and p[0][2] in _NAME_JOINERS:
            p = p[1:]
        if p:
            out.append(p)
    return out


class OrgDetector(Detector):
    """Hospitals, clinics, companies, schools and teams, from the CMS list and head words."""

    name = "scrub.orgs.v1"
    entities = ("organization", "hospital")
    template_families = ("orgs",)

    DEFAULT_RULES = {"hospital_listed": 0.95, "hospital_core": 0.88, "hospital_word": 0.82,
                     "facility": 0.90, "town_facility": 0.85, "care_cue": 0.78, "employer": 0.80, "institution": 0.75, "state_general": 0.85, "saint": 0.80, "company": 0.88,
                     "school": 0.88, "practice": 0.82, "employer_job": 0.80, "agency": 0.80,
                     "hospital_initials": 0.85, "worship": 0.85, "chain": 0.85, "chain_cue": 0.80,
                     "camel_brand": 0.80, "of_place": 0.90,
                     "short_form": 0.80, "service": 0.85, "insurer": 0.88, "field_org": 0.85,
                     "eatery": 0.85, "letterhead": 0.88}

    @cached_property
    def rules(self) -> dict:
        out = dict(self.DEFAULT_RULES)
        out.update({k: float(v) for k, v in load_rules(self.settings.templates_dir, "orgs").items()})
        return out

    @cached_property
    def lists(self) -> dict:
        return load_rules(self.settings.templates_dir, "orgs", table="lists")

    @cached_property
    def lex(self) -> Lexicon:
        return Lexicon.default()

    @cached_property
    def _generic(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.lists.get("generic", ()))

    @cached_property
    def _generic_joiners(self) -> frozenset[str]:
        return self._generic | _JOINERS

    @cached_property
    def _acronyms(self) -> frozenset[str]:
        return frozenset(self.lists.get("site_acronyms", ()))

    @cached_property
    def _heads(self) -> dict[str, str]:
        """head phrase → kind, for the one compiled pass."""
        out: dict[str, str] = {}
        for kind, key in (("facility", "facility_heads"), ("school", "schools"), ("company", "legal_forms"),
                          ("worship", "worship_heads"), ("service", "service_heads"),
                          ("eatery", "eatery_heads")):
            for h in self.lists.get(key, ()):
                out.setdefault(h, kind)
        return out

    @cached_property
    def _practice_heads(self) -> frozenset[str]:
        """Heads that are also services' names ("Medicine"): read only after "at"."""
        return frozenset(h for h in self.lists.get("practice_heads", ()) if h not in self._heads)

    @cached_property
    def _practice_kinds(self) -> frozenset[str]:
        """Practice heads read after a proper name without a cue ("<Name> Dermatology")."""
        return frozenset(self.lists.get("practice_kinds", ()))

    @cached_property
    def _kind_words(self) -> tuple[frozenset[str], int]:
        """Heads of places of care, firms and practices in small letters (a field's value ends in
        one), and the most words one has."""
        lists = self.lists
        heads = set()
        for key in ("facility_heads", "practice_heads", "of_heads", "service_heads", "legal_forms", "schools"):
            heads.update(h.lower().rstrip(".") for h in lists.get(key, ()))
        heads -= {"center", "centre", "medical", "medicine", "house", "health", "service", "law", "company",
                  "group", "partners", "bank", "transit", "electric", "co", "ag", "lp", "pc"}
        return frozenset(heads), max(len(h.split()) for h in heads)

    @cached_property
    def _field_labels(self) -> tuple[frozenset[str], int]:
        """The fields' labels before a place's or a practice's name (small letters, single-spaced),
        and the most words one has."""
        labels = self._place_labels | {" ".join(w.lower().split()) for w in self.lists.get("practice_labels", ())}
        return frozenset(labels), max(len(w.split()) for w in labels)

    def _labels_in(self, text: str):
        """(label, value start) of each field's label before a colon ("Receiving facility: "):
        the words before each colon looked up whole (no scan of the text by a pattern)."""
        labels, most = self._field_labels
        n = len(text)
        ends = self._label_ends
        colons = []
        i = text.find(":")
        while i >= 0:
            # a label's last word before the colon (or one space and the colon)
            if text[max(0, i - 15):i].lower().endswith(ends) \
                    or text[i - 1:i] == " " and text[max(0, i - 16):i - 1].lower().endswith(ends):
                colons.append(i)
            i = text.find(":", i + 1)
        for i in colons:
            lo = max(0, i - 8 - 12 * most)
            parts = text[lo:i].split()
            if lo > 0 and parts and not text[lo - 1].isspace():
                parts = parts[1:]  # a word cut by the window
            parts = [w.lower() for w in parts[-most:]]
            for k in range(len(parts), 0, -1):
                label = " ".join([parts[-k].lstrip("(\"“[*•-")] + parts[len(parts) - k + 1:])
                if label in labels:
                    v = i + 1
                    while v < n and text[v] in " \t":
                        v += 1
                    yield label, v
                    break

    @cached_property
    def _label_ends(self) -> tuple[str, ...]:
        """The last words of the fields' labels (each colon after one is looked at)."""
        return tuple(sorted({w.split()[-1] for w in self._field_labels[0]}))  # for str.endswith

    @cached_property
    def _job_nouns(self) -> frozenset[str]:
        return frozenset(self.lists.get("job_nouns", ()))

    @cached_property
    def _job_ends(self) -> tuple[str, ...]:
        """A trade's word and a space, the end of the words before "at"/"for" that name an
        employer ("a cashier at Market Basket", "driver for Coastline"), for str.endswith."""
        return tuple(sorted(" " + j + " " for j in self._job_nouns))

    @cached_property
    def _denominations(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.lists.get("denominations", ()))

    @cached_property
    def _of_heads(self) -> frozenset[str]:
        return frozenset(self.lists.get("of_heads", ()))

    @cached_property
    def _chain_forms(self) -> dict[str, bool]:
        """Each chain's name in lower case → whether it is read without a cue: a phrase of several
        words, or one word mostly written capitalized that is no town or clinical abbreviation."""
        lex = self.lex
        abbrev = {w.lower() for w in self.lists.get("clinical_abbreviations", ())}
        out = {}
        for h in self.lists.get("chains", ()):
            key = h.lower()
            if " " in key or "&" in key:
                out[key] = True
                continue
            share = lex.capitalized_share(key)
            out[key] = (share is None or share >= 0.5) and not lex.is_city(key) and key not in abbrev \
                and not lex.is_medical(key)
        return out

    def _everyday(self, w: str) -> bool:
        """A word seldom capitalized that is no listed name or town ("Device", "Wound")."""
        lex = self.lex
        if w.endswith(("'s", "’s", "s'", "s’")):
            return False  # "Children's Clinic": a possessive names whose it is
        share = lex.capitalized_share(w)
        return share is not None and share <= 0.2 and not (
            lex.is_first_name(w) or lex.is_surname(w) or lex.is_city(w) and share > 0.05)  # ("Transfer", PA)

    def _opening_verb(self, text: str, tok: tuple[int, int, str]) -> bool:
        """The first word of a sentence or a line that is an everyday word seldom capitalized and
        no name or town ("Attends", "Member", "Resides"): capitalized only for where it stands."""
        s, _, w = tok
        if w.lower() in _LEAD_PREPOSITIONS:
            return True  # "From Cedar Pointe Healthcare": a preposition opening the sentence
        before = text[max(0, s - 3):s].rstrip(" \t")
        if before and before[-1] not in ".!?:;\n" and s - 3 > 0:
            return False
        if not w[:1].isupper() or not w[1:].islower():
            return False
        lex = self.lex
        if lex.is_first_name(w) or lex.is_surname(w) or lex.is_city(w) or w.lower() in self._generic_joiners:
            return False
        share = lex.capitalized_share(w)
        return share is not None and share < 0.15

    def _plain_words(self, words: list[str], clinical: bool = False) -> bool:
        """Words that name no one: each a generic or medical word or an everyday word hardly ever
        capitalized ("Heart Failure", "Weight Loss"): a department, not an identifier. With
        `clinical`, one of them must be a generic or medical word ("Expert Health", "Partners
        Home Care" are companies' names)."""
        lex = self.lex
        generic_j = self._generic_joiners
        seen = False
        for w in words:
            low = w.lower().strip(".,")
            if low in generic_j or w in self._acronyms:
                seen = seen or low not in _JOINERS
                continue
            share = lex.capitalized_share(w)
            if share is not None and share <= 0.05:
                seen = seen or clinical and not seen and lex.is_medical(w)
                continue
            if not lex.is_medical(w):
                return False
            seen = True
        return seen or not clinical

    @cached_property
    def _job_modifiers(self) -> frozenset[str]:
        return frozenset(self.lists.get("job_modifiers", ()))

    @cached_property
    def _initials(self) -> tuple[frozenset[str], frozenset[str]]:
        """CMS hospital initials: (read alone, read only in a hospital's context). Alone: four
        letters or more and no English word ("BIDMC", "NWMC"); the rest ("MGH", "BWH") only after
        "at"/"from", after a clinician's name, or before a town ("MGH Chelsea")."""
        lex = self.lex
        exclude = {w.upper() for w in self.lists.get("clinical_abbreviations", ())}
        exclude |= {w.upper() for w in self._acronyms} | {w.upper() for w in self._generic}
        exclude |= {h.upper() for h in self._heads} | set(_TRIGGER_WORDS)
        every = _cms_initials(str(lex.directory), frozenset(exclude))
        kept = [w for w in every if not lex.is_medical(w) and not lex.is_state(w)
                and not lex.is_degree(w) and not lex.is_title(w) and not lex.is_country(w)]
        alone = frozenset(w for w in kept if len(w) >= 4 and not lex.is_common_word(w))
        return alone, frozenset(kept) - alone

    @cached_property
    def _single_heads(self) -> frozenset[str]:
        """One-word heads: a word of a name is never one of them ("Elm Clinic and Riverside ...")."""
        heads = [h for h, kind in self._heads.items() if " " not in h and kind not in ("service", "eatery")]
        return frozenset(heads) | frozenset(h.upper() for h in heads)

    @cached_property
    def _company_words(self) -> frozenset[str]:
        """Legal forms and company words that may stand inside a facility's name ("Partners
        Home Care", "Associates Health Center"): reading back, they do not end the name."""
        forms = {h for h, kind in self._heads.items() if kind == "company" and " " not in h}
        return frozenset(forms | {h.upper() for h in forms})

    @cached_property
    def _head_auto(self):
        """Case-sensitive automaton of the heads as listed and in capitals, and the lower-case
        heads a town may stand before. Values: (kind, length, head as listed)."""
        auto = ahocorasick.Automaton()
        for h, kind in sorted(self._heads.items()):
            for form in (h, h.upper()):
                if form not in auto:
                    auto.add_word(form, (kind, len(form), h))
        for h in self.lists.get("town_heads", ()):
            if h not in auto:
                auto.add_word(h, ("town", len(h), h))
        for h in sorted(self._practice_heads):
            if h not in auto:
                auto.add_word(h, ("practice", len(h), h))
        alone, ctx = self._initials
        for w in sorted(alone | ctx):
            if w not in auto:
                auto.add_word(w, ("initials", len(w), w))
        # the templates' trigger words (teams, schools): their windows come from the same pass
        for w in sorted(_TRIGGER_WORDS):
            if w not in auto:
                auto.add_word(w, ("trigger", len(w), w))
        # the leading words of CMS cores ("the Brigham"): found in the same pass; a key that is
        # also a head is both (its value's last field says so)
        values = {}
        for key in auto.keys():
            values[key] = auto.get(key) + (False,)
        _, leads, _ = _cms_cores(str(self.lex.directory), self._generic_joiners)
        for w in sorted(leads):
            if _LEAD_WORD.fullmatch(w):
                values[w] = values[w][:3] + (True,) if w in values else ("lead", len(w), w, True)
        # words read by their own rules (`extra` of _head_hits): a key already taken keeps its
        # kind and gains the other in a sixth field ("Health" is a head and a camel-case tail)
        other: dict[str, set[str]] = {}

        def add(key: str, kind: str) -> None:
            if key not in values:
                values[key] = (kind, len(key), key, False)
            elif values[key][0] != kind:
                other.setdefault(key, set()).add(kind)
        lists = self.lists
        for h in lists.get("worship_heads", ()):
            add(h.lower(), "worship_low")
        for h in lists.get("school_heads_lower", ()):
            add(h, "school_low")
        for h in ("VNA", "VNS"):
            add(h, "of_only")
        for h in lists.get("camel_tails", ()):
            add(h, "camel")
        for h in lists.get("chains", ()):
            for form in {h, h.lower(), h.upper()}:
                add(form, "chain")
        for h in lists.get("insurers", ()):
            for form in {h, h.lower(), h.upper()}:
                add(form, "insurer")
        auto = ahocorasick.Automaton()
        for key in sorted(values):
            auto.add_word(key, values[key] + (frozenset(other.get(key, ())),))
        auto.make_automaton()
        return auto

    def validators(self) -> dict:
        return {"team_name": self._team_name}

    def _team_name(self, span: str) -> bool | None:
        """A team named by a service ("Stroke team", "Rapid Response Team") names no one."""
        words = span.split()[:-1]
        generic_j = self._generic_joiners
        if all(w.lower().strip(".") in generic_j or w.lower() in _TEAM_WORDS or w in self._acronyms
               for w in words):
            return False
        if words and self._plain_words(words, clinical=True):
            return False  # "Bereavement team", "Chaplaincy Support team": everyday and medical words
        if words and span.split()[-1].islower() and all(
                self._everyday(w) or w.lower() in _LEAD_PREPOSITIONS or w.lower() in _FUNCTION_LEADS for w in words):
            return False  # "Also club team", "Our team": everyday words, no team's name
        return None

    # ------------------------------------------------------------------ detect

    def detect(self, doc: Document) -> list[Candidate]:
        text = doc.text
        if not text:
            return []
        heads, trig, lead_hits, inits, extra = self._head_hits(text)
        windows = gate_windows(text, _NEVER, 110, 40, extra=trig) if trig else []
        out: list[Candidate] = list(self.matcher.match(text, windows)) if windows else []
        r = self.rules
        lex = self.lex
        table, _, self_pairs = _cms_cores(str(lex.directory), self._generic_joiners)
        caseless = self._caseless_view(text)
        low_cms: list[tuple[int, int]] = []
        for s, e, (kind, _) in table.find(text):
            if not text[s].isupper():
                if caseless:
                    low_cms.append((s, e))
            else:
                e = self._town_after(text, self._poss(text, e))
                if kind == "listed":
                    out.append(Candidate(s, e, "hospital", r["hospital_listed"], self.name,
                                         "list:hospitals"))
                else:
                    out.append(Candidate(s, e, "hospital", r["hospital_core"], self.name,
                                         "list:hospital_cores"))
        self._lead_words(text, lead_hits, out, self_pairs)
        self._saints(text, out)
        self._heads_pass(text, heads, out, caseless)
        if ":" in text:
            self._field_orgs(text, out, caseless)
        self._care_cue(text, out, caseless)
        if inits:
            self._initials_pass(text, inits, out)
        if "(" in text:
            self._agencies(text, out)
        if extra:
            self._extra_sites(text, extra, out)
        if "etired" in text or "ormer" in text or "x-" in text:
            self._job_employers(text, out)
        self._letterheads(text, out, caseless)
        if caseless:
            self._caseless_suppliers(text, out)
            self._caseless_names(text, out)
            if "(" in text:
                self._caseless_parens(text, out)
            self._caseless_hospitals(text, low_cms, out)
        if "U" in text:
            self._state_universities(text, out)
        self._ranked_insurers(text, out)  # (it checks for a rank word in any case first)
        if "Our Lady" in text or "OUR LADY" in text or "our lady" in text:
            # a parish named for Mary ("Our Lady of the Snows", "Our Lady of Lourdes Church")
            for m in _OUR_LADY.finditer(text):
                out.append(Candidate(m.start(), m.end(), "organization", r["worship"], self.name,
                                     "context:worship"))
        if "rade" in text or "lassification" in text or "riteria" in text:
            # "Los Angeles grade B", "Seattle criteria": a classification named for a place, no one's place
            out = [c for c in out if not _CLASS_NAME_AFTER.match(text, c.end)]
        for g in _GENERAL_AT.finditer(text):
            m = _STATE_GENERAL.search(text, max(0, g.start() - 24), g.end())
            if m is None:
                continue
            if lex.is_state(m.group("st")) or lex.is_state(m.group("st").rstrip(".") + ".") \
                    or self._town_general(text, m.group("st"), m.end()):
                out.append(Candidate(m.start(), self._poss(text, m.end()), "hospital", r["state_general"],
                                     self.name, "context:state_general"))
        if "/v" in text or "/V" in text:
            self._vessels(text, out, caseless)
        if "General" in text or "Regional" in text or "Memorial" in text:
            self._cued_generals(text, out)
        return [self._verb_trimmed(text, c) for c in out]

    def _vessels(self, text: str, out: list[Candidate], caseless: bool = False) -> None:
        """A fishing or motor vessel's name after "F/V" or "M/V" ("washed overboard from F/V Aurora
        Dawn", "carried by 2 crew from the f/v sea lark, tied up"): up to three words, to a stop or
        a word of the sentence ("while", "at", "in")."""
        for m in _VESSEL.finditer(text):
            words = []
            for w in _VESSEL_WORD.finditer(text, m.end(), min(len(text), m.end() + 48)):
                if w.start() != (words[-1].end() + 1 if words else m.end()):
                    break  # one blank between the name's words
                if w.group().lower() in _LOW_STOP or w.group().lower() in _VESSEL_STOP \
                        or not (caseless or w.group()[0].isupper()) or self.lex.is_medical(w.group()):
                    break  # (in a cased note the name is Capitalized: "M/V ratio" is no boat)
                words.append(w)
                if len(words) == 3 or text[w.end():w.end() + 1] in ",.;:)":
                    break
            if words:
                out.append(Candidate(words[0].start(), words[-1].end(), "organization", self.rules["service"],
                                     self.name, "context:vessel"))

    def _cued_generals(self, text: str, out: list[Candidate]) -> None:
        """"sent via ambulance to Kenwood Lakes General", "prior delivery at Fairhaven Regional",
        "deliveries all at Carney Memorial",
        "admitted 9/15 x 3 days to Bramford General": a hospital's name of one to three
        capitalized words and "General" or "Regional" after "to", "at" or "from", at least one word
        a proper one (no title, month or department after it: "Attorney General", "to General
        Surgery", "at Regional Anesthesia")."""
        lex = self.lex
        generic_j = self._generic_joiners
        for m in _CUED_GENERAL.finditer(text):
            words = m.group("n").split()
            if _GENERAL_NEXT.match(text, m.end()) or _REGIONAL_NEXT.match(text, m.end()) \
                    or _CAP_GOES_ON.match(text, m.end()):
                continue  # (a longer name goes on: "from Milbrook Regional ED" is the care cue's)
            if any(w.lower().rstrip(".") in generic_j or w.lower() in _MONTHS_DAYS or lex.is_title(w)
                   or lex.is_medical(w) for w in words):
                continue
            if not any((sh := lex.capitalized_share(w)) is None or sh >= 0.5 or lex.is_city(w) for w in words):
                continue  # "to Central Regional": everyday words
            out.append(Candidate(m.start("n"), self._poss(text, m.end()), "hospital", self.rules["hospital_word"],
                                 self.name, "context:cued_general"))

    def _verb_trimmed(self, text: str, c: Candidate) -> Candidate:
        """A name that starts with a sentence's verb and its preposition ("Works for Liberty
        Mutual", "Referred to Bayside Services") starts after them."""
        m = _VERB_LEAD.match(text, c.start, c.end)
        if m is None or m.group(1).lower() not in _LEAD_VERBS or m.end() >= c.end:
            return c  # ("Housing for Hope", "Meals on Wheels": a name's own words)
        return Candidate(m.end(), c.end, c.entity, c.likelihood, c.detector, c.why, c.parts)

    def _ranked_insurers(self, text: str, out: list[Candidate]) -> None:
        """"secondary Harvest Commonwealth, ID HCH661": a capitalized name after a coverage's rank
        and before its member number; no public program ("primary Medicare, ID ...")."""
        lex = self.lex
        if text.isascii():
            # the pattern's search costs a lookbehind at every character: first make sure a rank
            # word is there at all (in an ASCII text its case-blind letters are ASCII letters)
            lowered = text.lower()
            if not any(rank in lowered for rank in _RANKS):
                return
        for m in _RANKED_INSURER.finditer(text):
            words = m.group("n").split()
            low = " ".join(words).lower()
            if low in self._public_programs or words[0].lower() in self._public_programs:
                continue
            if all(w.lower().strip(".") in self._generic_joiners or (lex.capitalized_share(w) or 1.0) < 0.3
                   for w in words):
                continue  # "secondary Insurance, ID ...": everyday words, no insurer's name
            out.append(Candidate(m.start("n"), m.end("n"), "organization", self.rules["field_org"], self.name,
                                 "context:ranked_insurer"))

    def _town_general(self, text: str, town: str, end: int) -> bool:
        """"Rockingham General", "Lowell General": a listed town (no everyday word) before
        "General", no department's word after it ("General Surgery")."""
        lex = self.lex
        if not lex.is_city(town) or lex.is_medical(town):
            return False
        share = lex.capitalized_share(town.split()[-1])
        if share is not None and share < 0.5:
            return False  # "Dollar General"? no town; "Union General" an everyday word
        nxt = _GENERAL_NEXT.match(text, end)
        return nxt is None

    def _state_universities(self, text: str, out: list[Candidate]) -> None:
        """"UMass Amherst", "UConn", "UMass Memorial": "U" before a state's short name is its
        university (and the hospital named for it); a town or institution word after belongs to it."""
        lex = self.lex
        n = len(text)
        for m in _U_STATE.finditer(text):
            st = m.group(1)
            if m.start() > 0 and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_'’.-") \
                    or m.end() < n and _AFTER_NAME(text[m.end()]):
                continue  # a whole word only
            if not (lex.is_state(st) or lex.is_state(st + ".")):
                continue
            end, ent = m.end(), "organization"
            nxt = _SP_TOWN.match(text, end)
            if nxt is not None:
                first = nxt.group("t").split()[0]
                if first in _INSTITUTION or first in ("Medical", "Health", "Healthcare"):
                    end, ent = nxt.start("t") + len(first), "hospital"  # "UMass Memorial"
                else:
                    words = nxt.group("t").split()
                    for k in range(len(words), 0, -1):
                        town = " ".join(words[:k])
                        share = lex.capitalized_share(town)
                        if lex.is_city(town) and (share is None or share >= 0.5):
                            end = nxt.start("t") + len(town)  # "UMass Amherst"
                            break
            out.append(Candidate(m.start(), self._poss(text, end), ent, self.rules["school"], self.name,
                                 "context:state_university"))

    def _initials_pass(self, text: str, hits: list[tuple[int, int]], out: list[Candidate]) -> None:
        """"BIDMC", "(Dr. Pappas, BWH)", "f/u at MGH", "MGH Chelsea": a CMS hospital's initials,
        whole words in capitals; a town after them is part of the name as written."""
        alone, ctx = self._initials
        like = self.rules["hospital_initials"]
        n = len(text)
        for s, e in hits:
            if e < n and (text[e] in "'’-/&" and e + 1 < n and text[e + 1].isalnum()):
                continue  # "BWH-like", "MGH/BWH" is still read: only a joined word is skipped
            w = text[s:e]
            nxt = _NEXT_WORD.match(text, e)
            dash = _NEXT_AFTER_DASH.match(text, e)
            if (nxt is not None and nxt.group(1).lower() in _INITIALS_TEST) or (
                    dash is not None and dash.group(1).lower() in _INITIALS_TEST):
                continue  # "CCHD screen passed", "CCHD - passed": a test's initials, no hospital's
            end = self._town_after(text, e)
            if end == e:
                m = _SP_TOWN.match(text, e)
                if m:
                    words = m.group("t").split()
                    for k in range(len(words), 0, -1):
                        if self.lex.is_city(" ".join(words[:k])):
                            end = m.start("t") + len(" ".join(words[:k]))
                            break
            if end == e and (b := self.lex.word_band(w.lower())) is not None and b <= 1 \
                    and not any(c.islower() for c in text[max(0, s - 24):s]):
                continue  # "TO SEE FAMILY": in capitals, an everyday word that spells initials
            if w not in alone and end == e:
                before = text[max(0, s - 8):s]
                if not (before.endswith(("at ", "@ ", "@", "from ", "to ", "At ", "From ", "AT ", "FROM ", "TO "))
                        or _DR_BEFORE.search(text, max(0, s - 60), s)
                        or _RECORD_AFTER.match(text, e)
                        or text[s - 1:s] == "(" and text[e:e + 1] == ")"):
                    continue  # "BWH MRN: 318...", "(BWH)": a hospital's record or its name aside
            out.append(Candidate(s, self._poss(text, end), "hospital", like, self.name, "list:hospital_initials"))

    def _agencies(self, text: str, out: list[Candidate]) -> None:
        """"HHPT (Bayada)", "VNA (Amedisys)": a proper name in parentheses after a home-care word;
        no service, month, town or abbreviation ("services (PT/OT)", "HHA (Mon/Thu)")."""
        lex = self.lex
        generic_j = self._generic_joiners
        for p in _PAREN_CAP.finditer(text):
            cue = _cue_before(text, p.start(), _AGENCY_CUES)
            if cue is None:
                continue  # (nor "MHHS (": the cue must be a word of its own)
            service = cue in _SERVICE_CUES
            m = _AGENCY_NAME.match(text, p.end() - 1)
            if m is None:
                continue
            phrase = m.group("n")
            words = phrase.split()
            if any(c.isdigit() for c in phrase) or words[0] in _JOINERS_CAP:
                continue
            if len(words) == 1 and (len(phrase) <= 4 and phrase.isupper() or lex.is_medical(phrase)):
                continue
            if all(w.lower().strip(".") in generic_j or w.upper() in self._acronyms
                   or w.lower().strip(".") in _MONTHS_DAYS for w in words) \
                    or service and self._plain_words(words, clinical=True):
                continue  # "clinic (Heart Failure)": a service
            if lex.is_city(phrase) or lex.is_state(phrase) or lex.is_country(phrase) or lex.is_title(words[0]):
                continue
            share = lex.capitalized_share(words[0])
            if len(words) == 1 and share is not None and share < 0.3:
                continue  # "(Yes)", "(None)", "(pending)"
            if cue in _EMPLOYER_CUES and any(w.lower() in _WORK_STATUS for w in words):
                continue  # "back at work (Light Duty)", "from work (Part Time)": a work status
            if len(words) > 1 and cue not in _EMPLOYER_CUES \
                    and all(w.lower() in generic_j or (lex.capitalized_share(w) or 1.0) < 0.3
                            for w in words if w.lower() not in ("of", "and", "&", "the")) \
                    and not any(w.lower() in generic_j for w in words):
                continue  # "(Rolling Walker)", "(Shower Chair)": things, no agency
            out.append(Candidate(m.start("n"), m.start("n") + len(phrase), "organization",
                                 self.rules["agency"], self.name, "context:agency"))

    def _job_employers(self, text: str, out: list[Candidate]) -> None:
        """"retired Boston Globe pressman", "former Raytheon engineer": capitalized words between
        a word of employment and a trade name an employer (no subject, language or service)."""
        lex = self.lex
        jobs = self._job_nouns
        mods = self._job_modifiers
        for c in _JOB_CUE.finditer(text):
            word_end = c.start() + len(c.group().rstrip(" \t"))
            lead = text[max(0, word_end - 7):word_end].lower()
            if not lead.endswith(_JOB_LEADS):
                continue
            b = word_end - next(len(x) for x in _JOB_LEADS if lead.endswith(x))
            if b > 0 and (text[b - 1].isalnum() or text[b - 1] == "-" and text[max(0, b - 5):b].lower() != "semi-"):
                continue  # "unretired", "non-former"; "semi-retired" is read
            run = _CAP_RUN.match(text, c.end())
            if run is None:
                continue
            low = _LOWER_WORDS.match(text, run.end())
            if low is None:
                continue
            trade = low.group()
            first = trade.split()[0]
            if trade not in jobs and first not in jobs:
                continue
            words = run.group().split()
            if words[-1].endswith((".", ",")) and words[-1] not in ("U.S.",):
                continue
            if any(w in mods or w.upper() in self._acronyms or w.lower() in self._generic for w in words):
                continue
            phrase = " ".join(words)
            if lex.is_city(phrase) or lex.is_state(phrase) or lex.is_country(phrase) \
                    or lex.is_title(words[0]) or words[0].lower() in _MONTHS_DAYS:
                continue
            if any(lex.is_medical(w) for w in words):
                continue
            s = run.start()
            out.append(Candidate(s, s + len(phrase), "organization", self.rules["employer_job"],
                                 self.name, "context:employer_job"))

    def _care_cue(self, text: str, out: list[Candidate], caseless: bool = False) -> None:
        """A proper name where care is received: "admitted to Cedars-Sinai", "seen at UCSF",
        "treated at NYU Langone". The verb says a place of care follows; the words must be no
        title, month, town, state, country or department."""
        r = self.rules
        lex = self.lex
        generic_j = self._generic_joiners
        singles = _cms_single_cores(str(lex.directory), generic_j)
        n = len(text)
        for a in _CARE_AT.finditer(text):
            cue = a.group(1)
            head = text[max(0, a.start() - 24):a.start() + 1].lower()
            if cue == "via" and not head.endswith(_RIDE_VERBS):
                continue  # "arrived via Coastal Care Transport"; "referrals sent via Allscripts" is no ride
            by_trade = False
            if cue in ("for", "by", "with"):
                # "works for Raytheon", "employed by Fidelity": an employer, not a clinician
                if not head.endswith(_EMPLOY_VERBS):
                    if not (cue == "for" and head.endswith(self._job_ends)):
                        continue
                    by_trade = True
                why, like = "context:employer", r["employer"]
            elif head.endswith(_EMPLOY_VERBS) or cue == "at" and head.endswith(self._job_ends):
                by_trade = not head.endswith(_EMPLOY_VERBS)
                # also a trade before "at"/"for": "a cashier at Market Basket", "driver for Uber"
                why, like = "context:employer", r["employer"]
            elif head.endswith(_CARE_VERBS) or (
                    (d := _DATE_TAIL.search(head)) is not None and head[:d.start() + 1].endswith(_CARE_VERBS)):
                # ("discharged 3/31 from <Name> General": a date between the verb and its cue)
                if cue == "to" and "transfer" in head:
                    tb = _TRANSFER_BEFORE.search(head)
                    if tb is not None and tb.group(1) in _MOBILITY_TRANSFER:
                        continue  # "toilet transfer to BSC": a patient's move, no place of care
                why, like = "context:care_cue", r["care_cue"]
            elif cue == "at" and _SHIFT_AT.search(head):
                # "works evening shifts at Lucky Dragon Buffet", "works nights at": the job's hours
                # between the verb and its place
                why, like = "context:employer", r["employer"]
            else:
                # "seen by Dr. Nguyen at UCSF": the verb a few words back, in the same clause
                far = text[max(0, a.start() - 48):a.start()].lower()
                cut = max(far.rfind(","), far.rfind(";"), far.rfind("\n"))
                far = far[cut + 1:]
                if " by " not in far or not any(v in far for v in _CARE_VERBS):
                    continue
                why, like = "context:care_cue", r["care_cue"]
            # "referrals sent to Hebrew Rehab, Newbridge on the Charles and Marina Bay": a list
            # of names, each judged alone
            pos = a.end()
            for _ in range(4):
                toks, more = self._name_after(text, pos, caseless)
                if toks and len(toks) == 1 and _NUMBER_AFTER.match(text, toks[0][1]):
                    w = toks[0][2]
                    if why == "context:care_cue" and cue in ("at", "to", "from") and w.lower() in singles \
                            and w[1:].lower() != w[1:] and not lex.is_state(w):
                        # "hospitalized at McLean 2079": a hospital's core, then a year
                        out.append(Candidate(toks[0][0], toks[0][1], "hospital", r["hospital_word"],
                                             self.name, "context:care_hospital"))
                    break  # "sent to PSC 7951": an address or a code, no name
                # "Newbridge on the Charles and Marina Bay": two names, each its own candidate (a
                # joiner left alone between two findings would be posted as a name of its own)
                for part in _split_and(toks):
                    if len(part) > 1 and part[0][2] in self._acronyms:
                        # "referred to RD Imani Boateng": a role before a person, no firm's word;
                        # "placed in AIIR Rm 2": a room
                        while part and part[0][2] in self._acronyms:
                            part = part[1:]
                        if len(part) < 2:
                            continue
                    if by_trade and part[0][2].lower() in _WARD_WORDS:
                        continue  # "specialist at Bedside", "coordinator for Discharge Planning"
                    if len(part) > 1 and part[-1][2].isupper() and part[-1][2].lower() in self._credentials:
                        continue  # "referral to Greta Novak IBCLC": a person and her credential
                    if self._proper(part, town_ok=why == "context:employer" and cue != "in"):
                        out.append(Candidate(part[0][0], part[-1][1], "organization", like, self.name, why))
                    elif why == "context:care_cue" and len(part) == 1 and cue in ("at", "to", "from") \
                            and part[0][2].lower() in singles and not lex.is_state(part[0][2]):
                        # "hospitalized at McLean": a CMS name's one-word core though a town
                        # bears it too (not "to Boston": Boston Medical Center is in Boston)
                        out.append(Candidate(part[0][0], part[0][1], "hospital", r["hospital_word"],
                                             self.name, "context:care_hospital"))
                if not toks or more is None:
                    break
                pos = more

    def _name_after(self, text: str, pos: int, caseless: bool = False
                    ) -> tuple[list[tuple[int, int, str]], int | None]:
        """The capitalized words of a name at `pos` (joiners inside: "Newbridge on the Charles",
        "Brigham and Women's"), and where a next name of a list begins (after its comma), if any.
        In a note typed without capitals (`caseless`), a name of a list may begin with a word no
        list knows ("newbridge on the Charles"), a joiner and a capitalized word after it."""
        toks: list[tuple[int, int, str]] = []
        more = None
        caps = 0
        for m in _NONSPACE.finditer(text, pos, min(len(text), pos + 80)):
            t = m.group()
            core = t.rstrip(",.;:)?!")
            if _CAPTOK.fullmatch(core) or _ACRONYM.fullmatch(core) \
                    or caseless and not toks and pos > 2 and text[pos - 2] == "," and self._unknown_low(core) \
                    and _LOW_JOINED.match(text, m.end()):
                toks.append((m.start(), m.start() + len(core), core))
                caps += 1
                # a head ends the name ("Elm Clinic and Riverside ..." is two names)
                if caps >= 4 or core != t or core in self._single_heads:
                    if t.endswith(",") and len(t) - len(core) == 1:
                        # a list goes on only where it ends with "and"/"or" in the same clause
                        nxt = _NEXT_CAP.match(text, m.end())
                        if nxt is None and caseless:
                            nxt = _NEXT_LOW.match(text, m.end())
                        clause = _CLAUSE.match(text, m.end())
                        if nxt and clause and (" and " in clause.group().lower() or " or " in clause.group()):
                            more = nxt.start(1)
                    break
            elif toks and (t in ("&", "and", "of") or t == "the" and toks[-1][2] in ("of", "on", "at")
                           or t in ("on", "at") and _THE_CAP.match(text, m.end())):
                toks.append((m.start(), m.end(), t))
            elif toks and t == "at" and toks[-1][2] not in _NAME_JOINERS:
                # "Wingate at Needham", "Hebrew SeniorLife at Dedham": a facility and its town
                town = self._town_at(text, m.start() - 1)
                if town is None or all(w.lower().strip(".") in self._generic_joiners
                                       or w in self._acronyms for _, _, w in toks):
                    break
                toks.append((m.start(), m.end(), t))
                toks.append((town[0], town[1], text[town[0]:town[1]]))
                break
            else:
                break
        while toks and toks[-1][2] in _NAME_JOINERS:
            toks.pop()
        return toks, more

    def _proper(self, toks: list[tuple[int, int, str]], town_ok: bool = False) -> bool:
        """Words that name a place of care or an employer: no title, month, town or department."""
        lex = self.lex
        words = [w for _, _, w in toks]
        if any(sum(c.isdigit() for c in w) >= 3 for w in words):
            return False  # an account or record number, no name
        first = words[0].rstrip(".")
        if lex.is_title(first) and not (town_ok and first in _INSTITUTION and len(words) >= 2) \
                or first.lower() in _MONTHS_DAYS or first in ("I", "A", "The"):
            return False  # an employer may be "General Dynamics", a clinician "General Smith" no
        generic_j = self._generic_joiners
        if all(w.lower().strip(".") in generic_j or w in self._acronyms for w in words):
            return False
        if len(words) >= 2 and words[-1] in self._single_heads and self._plain_words(words, clinical=True):
            return False  # "referred to Weight Loss Center": a department
        phrase = " ".join(words)
        if not town_ok and (lex.is_city(phrase) or lex.is_state(phrase) or lex.is_country(phrase)):
            return False  # a town is the location detector's ("works at Fidelity" is no town)
        return True

    @staticmethod
    def _poss(text: str, e: int) -> int:
        """Take a possessive "'s" after a name into the span ("Brigham's")."""
        if text[e:e + 2] in ("'s", "’s") and (e + 2 == len(text) or not text[e + 2].isalnum()):
            return e + 2
        return e

    def _lead_words(self, text: str, hits: list[tuple[int, int]], out: list[Candidate],
                    pairs: frozenset[str] = frozenset()) -> None:
        """"the Brigham", "at Brigham's": a CMS core's leading word in a hospital's place.

        `hits` are the leading words found by the heads' pass, after a space or tab; the word
        before must be "the", "at", "to", "from" or "in" (what _LEAD_AT reads, without its scan)."""
        n = len(text)
        for s, e in hits:
            if text[e:e + 2] in ("'s", "’s") and (e + 2 == n or not _AFTER_NAME(text[e + 2])):
                poss = True
            elif e == n or not _AFTER_NAME(text[e]):
                poss = False
            else:
                continue
            b = s
            while b > 0 and text[b - 1] in " \t":
                b -= 1
            if not _LEAD_BEFORE.search(text, max(0, b - 4), b):
                continue
            w = text[s:e]
            pair = _PAIR_AFTER.match(text, e) if not poss else None
            if pair and w + " " + pair.group(1) in pairs:
                # "at Beth Israel": the two leading words of a listed hospital's core
                out.append(Candidate(s, self._poss(text, pair.end()), "hospital", self.rules["hospital_word"],
                                     self.name, "context:hospital_pair"))
                continue
            before = text[max(0, s - 5):s].lower()
            the = before.rstrip().endswith("the")
            if not (the or poss):
                continue
            # an everyday word or a town is not read as a hospital ("the Valley", "the Park")
            share = self.lex.capitalized_share(w)
            if share is not None and share < 0.5 or self.lex.is_city(w) and not poss:
                continue
            out.append(Candidate(s, e + 2 if poss else e, "hospital", self.rules["hospital_word"], self.name,
                                 "context:hospital_word"))

    def _saints(self, text: str, out: list[Candidate]) -> None:
        if "St" not in text and "Mt" not in text and "Mount" not in text and "Saint" not in text:
            return  # every match begins with one of these
        for m in _SAINT.finditer(text):
            s, e = m.span("s")
            phrase = m.group("s")
            # "St. Louis" is a town (the location detector's), unless written as a possessive
            if not m.group("poss") and self.lex.is_city(phrase.replace("Saint", "St")):
                continue
            if _WORT_AFTER.match(text, e):
                continue  # "St John's wort": an herb
            tail = _SAINT_TAIL.match(text, e)
            if tail is not None:
                e = tail.end()  # "St. Brendan's regional", "SAINT BRENDAN'S REHAB": the kind with it
            out.append(Candidate(s, e, "hospital", self.rules["saint"], self.name, "context:saint"))

    def _head_hits(self, text: str) -> tuple[dict[int, tuple[int, str, str]], list[tuple[int, int]],
                                             list[tuple[int, int]], list[tuple[int, int]],
                                             list[tuple[str, int, int]]]:
        """One Aho-Corasick pass: heads (end → (start, kind, head), the longest per end), the
        spans of the templates' trigger words, those of CMS cores' leading words after a space,
        those of CMS hospitals' initials and the sites of the other rules (kind, start, end):
        camel-case brands, chains, lower-case worship and school heads, "VNA of"."""
        n = len(text)
        hits: dict[int, tuple[int, str, str]] = {}
        trig: list[tuple[int, int]] = []
        leads: list[tuple[int, int]] = []
        inits: list[tuple[int, int]] = []
        extra: list[tuple[str, int, int]] = []
        for end, (kind, length, head, lead, also) in self._head_auto.iter(text):
            s, e = end - length + 1, end + 1
            if lead:
                if s > 0 and text[s - 1] in " \t":
                    leads.append((s, e))
                if kind == "lead":
                    continue
            if s > 0 and text[s - 1].isalnum():
                if (kind == "camel" or "camel" in also) and text[s - 1].islower() \
                        and (e == n or not _AFTER_NAME(text[e])):
                    extra.append(("camel", s, e))  # "SeniorLife": a tail after a lower-case letter
                continue
            if e < n and text[e].isalnum():
                continue
            if kind in _EXTRA_KINDS or also:
                for k in ({kind} | also) & _EXTRA_KINDS - {"camel"}:
                    extra.append((k, s, e))
                if kind in _EXTRA_KINDS:
                    continue
            if kind == "initials":
                inits.append((s, e))
                continue
            if kind == "trigger" or head in _TRIGGER_WORDS:
                trig.append((s, e))
                if kind == "trigger":
                    continue
            if e not in hits or s < hits[e][0]:
                hits[e] = (s, kind, head)  # the longest head ending here ("Regional Medical Center")
        return hits, trig, leads, inits, extra

    def _heads_pass(self, text: str, hits: dict, out: list[Candidate], caseless: bool = False) -> None:
        """A proper name before a head word ("Elm Clinic", "Marina Corp", "Lincoln High School"),
        or a town before a lower-case head ("Dallas clinic"). The heads are one Aho-Corasick scan;
        the name is read backwards from each head over at most five words."""
        r = self.rules
        generic = self._generic
        generic_j = self._generic_joiners
        lex = self.lex
        single_heads = self._single_heads
        shorts: set[str] = set()
        of_heads = self._of_heads
        brands = _cms_core_words(str(lex.directory), self._generic_joiners)
        for e in sorted(hits):
            hs, kind, head = hits[e]
            if head == "Medicine" and kind == "practice":
                pm = _PREV_CAP.search(text, max(0, hs - 24), hs)
                if pm is not None and pm.group(1) in brands and not lex.is_medical(pm.group(1)) \
                        and (lex.capitalized_share(pm.group(1)) or 1.0) >= 0.5:
                    # "Hopkins Medicine", "Penn Medicine": a health system's brand on a CMS core's word
                    out.append(Candidate(pm.start(1), e, "hospital", r["hospital_word"], self.name,
                                         "context:system_brand"))
                    continue
            signed = kind == "practice" and self._signature_line(text, hs, e)
            if kind == "practice" and not signed and head not in self._practice_kinds \
                    and not any(c in text[max(0, hs - 70):hs] for c in ("at ", "@", "with ", "w/", "from ", "to ",
                                                                         "To ", "by ", ":")):
                continue  # read only after a cue or on a signature's line: no walk back without one
            if kind != "town" and _HEAD_HEADING.match(text, e):
                continue  # "Brief Hospital Course:": a heading, no name
            if hs > 0 and text[hs - 1] == "-":
                continue  # "IN-CLINIC", "post-hospital": a hyphened word, no name before the head
            if kind == "company" and (text[e:e + 1] == ":" or _CLASS_AFTER.match(text, e)
                                      or _MODE_BEFORE.search(text, max(0, hs - 8), hs) and _SETTING_AFTER.match(text, e)):
                # "AC PC 18/6": a ventilator's mode and its settings, no professional corporation
                continue  # a field's label ("Insurance: Medicare") or a class ("Grade Group 2"), no name
            # walk back over the words before the head, on the same line
            lo = max(0, hs - 120)
            line_start = text.rfind("\n", lo, hs) + 1
            seg = text[max(lo, line_start):hs]
            toks = list(_NONSPACE.finditer(seg))
            base = max(lo, line_start)
            name: list[tuple[int, int, str]] = []
            caps = 0
            for j in range(len(toks) - 1, -1, -1):
                t = toks[j].group()
                if j == len(toks) - 1 and kind == "company" and t.endswith(","):
                    t = t[:-1]
                elif t.endswith((",", ";", ":", ")", "(")):
                    break
                elif t.endswith(".") and not _ABBREV.fullmatch(t):
                    break  # a sentence ends there ("CV: RRR. Labs"); "St.", "Mt.", "J." do not
                if t in single_heads and kind != "town" and t not in self._company_words or caps >= 5:
                    break
                if t in _CAPS_STOP:
                    break  # a note in capitals: "92 YO F FROM SUNNY ACRES NURSING HOME" begins at SUNNY
                if t[:1] in "(\"“" and len(t) > 1 and _CAPTOK.fullmatch(t[1:]) and t[1:] not in _CAPS_STOP:
                    # "(Pioneer Valley Paving)": a parenthesis or quote opens the name
                    name.append((base + toks[j].start() + 1, base + toks[j].start() + len(t), t[1:]))
                    break
                if _CAPTOK.fullmatch(t):
                    caps += 1
                elif t.lower() not in _JOINERS or not name and not (
                        t == "&" and j > 0 and head != "Health" and _CAPTOK.fullmatch(toks[j - 1].group())
                        and not lex.is_title(toks[j - 1].group())):
                    # ("Willowbrook Care & Rehab": an ampersand may join the head to the name;
                    # "Camp Director & Health Staff" no)
                    break
                name.append((base + toks[j].start(), base + toks[j].start() + len(t), t))
            name.reverse()
            if name and name[-1][2] == "&" and sum(1 for w in name if _CAPTOK.fullmatch(w[2])) < 2:
                continue  # "ORIENTED TO SELF & PLACE": an ampersand joins a head only to a name of two words
            words_all = list(name)
            # leading generic words and joiners are not part of the name ("The Elm Clinic")
            k = 0
            while k < len(name) and (name[k][2].lower().rstrip(".") in generic_j
                                     or name[k][2] in self._acronyms or name[k][2] in self._disease_abbrevs
                                     or caseless and name[k][2].upper() in self._acronyms):
                if name[k][2].lower() in _LEADS_OF_NAMES and k + 1 < len(name) \
                        and name[k + 1][2].lower().rstrip(".") not in generic_j and _CAPTOK.fullmatch(name[k + 1][2]):
                    break  # "South Shore Rehab", "North Shore Medical": a region's name
                k += 1
            name = name[k:]
            if len(name) >= 2 and self._opening_verb(text, name[0]):
                name = name[1:]  # "Attends Lakeview Middle School", "Member of St. Brendan's Parish"
                while name and name[0][2] in _JOINERS:
                    name = name[1:]
            if kind == "worship":
                # "Twelfth Baptist Church", "St. Columbkille Parish"; "the Catholic Church" names no one
                denom = self._denominations
                if name and not all(w[2].lower().strip(".") in denom or w[2].lower().strip(".") in generic_j
                                    for w in name):
                    end = self._poss(text, e)
                    of = _OF_PLACE.match(text, end)
                    if of and (lex.is_state(of.group("t")) or lex.is_city(of.group("t"))):
                        end = of.end()  # "First Congregational Church of Wilbraham"
                    out.append(Candidate(name[0][0], end, "organization", r["worship"],
                                         self.name, "context:worship"))
                continue
            if (not name or kind == "facility" and head in of_heads) and ("of" in text[e:e + 6]
                                                                          or "OF" in text[e:e + 6]):
                # "Visiting Nurse Association of Cape Cod", "Hospice of the North Shore"
                of = self._of_name(text, self._poss(text, e))
                if of is not None and (not name or len(name) == len(words_all)):
                    first = [w for w in words_all if w[2] not in _JOINERS_CAP]
                    start = first[0][0] if first else hs
                    ent = "hospital" if head.lower().startswith("hosp") else "organization"
                    out.append(Candidate(start, of, ent, r[kind] if name else r["of_place"], self.name,
                                         "context:of_place"))
                    continue
            if name and kind == "facility" and head not in _HOSPITAL_HEADS \
                    and self._plain_words([w[2] for w in words_all], clinical=True):
                continue  # "Heart Failure Clinic", "Weight Loss Center": a department
            if len(name) == 1 and kind == "facility" and (
                    head in _DEPARTMENT_HEADS or head == "Health" and text.startswith(" Plan", e)) and len(words_all) == 1 \
                    and self._everyday(name[0][2]):
                continue  # "Device Clinic", "Wound Clinic", "Memory Center": a department
            if not name:
                # "General Hospital", "County Medical Center": institution words with a hospital
                # head name one place; a department ("Emergency Department") has no such head
                inst = [w for w in words_all if w[2] in _INSTITUTION]
                if kind == "facility" and inst and head in _HOSPITAL_HEADS and len(words_all) <= 3:
                    out.append(Candidate(words_all[0][0] if words_all[0][2] not in _JOINERS_CAP else inst[0][0],
                                         self._poss(text, e), "hospital", r["institution"], self.name,
                                         "context:institution"))
                continue  # a department: "Cardiology Clinic", "Emergency Department"
            if head in _TOWN_ONLY_HEADS and not (lex.is_city(" ".join(w[2] for w in name)) or (
                    len(name) >= 2 and name[-1][2].rstrip(".") in ("County", "Co"))):
                continue  # "PD", "FD", "WIC" name an office only after its town or county ("Quincy PD",
                # "Harlan County WIC"; "on PD": dialysis)
            if head in _WORD_TOWN_HEADS and any(
                    (sh := lex.capitalized_share(w[2])) is not None and sh < 0.5 for w in name):
                continue  # "House Fire", "Brush Fire": a town's name that is also a word, before a fire
            if kind == "service" and head not in _TOWN_ONLY_HEADS \
                    and not (head in _STORE_HEADS and _STORE_NUMBER.match(text, self._poss(text, e))):
                words = [w[2] for w in name]
                share = lex.capitalized_share(words[0]) if "&" not in words[0] else None  # "R&J": initials
                if self._plain_words(words, clinical=True) or all(w.lower() in generic_j for w in words) \
                        or len(words) == 1 and (share is not None and share < (0.3 if " " not in head else 0.1)
                                                or lex.is_medical(words[0])
                                                or words[0].lower().startswith(("post", "pre"))):
                    continue  # "Social Work Services", "Homeless Shelter", "Environmental Services"
                if head.startswith("Law") and words[-1].endswith(("'s", "’s")) and words[-1].lower() not in generic:
                    continue  # "Ohm's Law": an eponym's law, no firm ("Carrow's Apothecary" is one)
                if (lex.is_city(" ".join(words)) or lex.is_state(" ".join(words))) and " " not in head \
                        and head not in _TOWN_FIRM_HEADS and not (
                            head.title() in _RESIDENCE_HEADS and _CARE_KIND_AFTER.match(text, self._poss(text, e))):
                    continue  # "Boston Shelter": a town's, the location detector's ("Summit
                    # Respiratory Supply", "Valley Imaging", "Keystone Home Medical" are firms)
            if kind == "eatery":
                # "<Name>'s Oyster Bar", "<Surname> Grill": a possessive or a proper name no list
                # knows before the head ("Grab Bar", "Salad Bar", "Chinese Restaurant" name no one)
                if any(self._eatery_name(w[2]) for w in name):
                    out.append(Candidate(name[0][0], self._poss(text, e), "organization", r["eatery"], self.name,
                                         "context:eatery"))
                continue
            if caseless and kind == "facility" and all(
                    (lex.capitalized_share(w[2]) or 1.0) < 0.5 for w in name) and (
                    len(name) == 1 or head not in _HOSPITAL_HEADS and head.lower() not in _CARE_HOME_HEADS) \
                    and not ((len(words_all) >= 3 and words_all[-1][2].lower() in _PLACE_KIND_WORDS
                              or len(words_all) >= 2 and head.lower() in _PLACE_KIND_HEADS
                              # "adm from desert palms rehab", "enrolled at harbor recovery clinic": two
                              # words of a name after where care is had
                              or len(name) >= 2 and _CARE_PREP_BEFORE.search(text, max(0, name[0][0] - 8), name[0][0]))
                             and any((lex.capitalized_share(w[2]) or 1.0) >= 0.05 for w in name)):
                continue  # a note without capitals: "Bridge Clinic" is an everyday word the cased view raised
                # (but "Desert Sky Diabetes Ctr", "New Horizons Recovery Center": two words and a kind)
            if kind == "practice":
                # "at Lakeside Medicine", "care with <Name> Women's Health": after a cue, on a
                # signature's line, or a practice's kind after a proper name; no medical word in it
                at = text[max(0, name[0][0] - 4):name[0][0]].endswith(("at ", "@ ", "At "))
                cue = at or _PRACTICE_CUE.search(text, max(0, name[0][0] - 8), name[0][0]) is not None \
                    or _DR_BEFORE.search(text, max(0, name[0][0] - 60), name[0][0]) is not None
                # (a clinician's name and its comma: "Referring: Dr. Patricia Lamb, <Name> Oncology")
                if not (signed or cue or head in self._practice_kinds):
                    continue
                if signed and text[text.rfind("\n", 0, name[0][0]) + 1:name[0][0]].strip():
                    continue  # on a signature's line, the name opens it
                words = [w for _, _, w in name]
                if any(lex.is_medical(w) for w in words) or lex.is_title(words[0].rstrip(".")) \
                        or words[0].lower().rstrip(".") in _MONTHS_DAYS or words[0] in _PRACTICE_NOT_FIRST:
                    continue
                shares = [lex.capitalized_share(w) for w in words]
                if at and all(x is not None and x < 0.5 for x in shares) and self._plain_words(words):
                    continue  # "at Nuclear Medicine"
                if not at and (self._plain_words(words) or len(words) == 1 and shares[0] is not None
                               and shares[0] < (0.15 if cue or signed else 0.5)):
                    continue  # "Appreciate Cardiology recs", "Advanced Dermatology" without a cue
                if len(name) == 1 and lex.is_state(name[0][2]):
                    continue  # "at Texas Medical": a state's, the location detector's
                end = self._poss(text, e)
                amp = _AMP_WORD.match(text, end)
                if amp and (amp.group(1) in self._practice_heads
                            or amp.group(1).lower().endswith(("ology", "iatry", "iatrics", "surgery"))):
                    end = amp.end()  # "Cascadia Oncology & Hematology": a second specialty
                out.append(Candidate(name[0][0], end, "organization", r["practice"], self.name,
                                     "context:practice"))
                continue
            if kind == "town" and _ACRONYM.fullmatch(name[-1][2]) and name[-1][2] not in self._acronyms \
                    and name[-1][2].lower() not in generic:
                # "UCLA clinic", "UCSF med center": an institution's initials before a lower-case head
                out.append(Candidate(name[-1][0], e, "organization", r["town_facility"], self.name,
                                     "context:acronym_facility"))
                continue
            if kind == "town":
                town = " ".join(w for _, _, w in name[-2:])
                if not lex.is_city(town):
                    town = name[-1][2]
                    halves = town.split("-")
                    if not lex.is_city(town) and not (
                            len(halves) == 2 and all(h[:1].isupper() and lex.is_city(h) for h in halves)):
                        continue  # (two towns joined: "Newton-Wellesley ED")
                    name = name[-1:]
                else:
                    name = name[-2:]
                out.append(Candidate(name[0][0], e, "organization", r["town_facility"], self.name,
                                     "context:town_facility"))
                continue
            ent = "hospital" if kind == "facility" and head.lower().startswith("hosp") else "organization"
            end = self._poss(text, e)
            if kind == "facility" or kind == "service" and head.lower() in ("nursing", "dialysis"):
                tail = self._kind_tail(text, end)
                end = self._town_after(text, tail)
                if end == tail:
                    town = self._town_at(text, end)
                    if town is None and head in self._chain_heads:
                        town = self._bare_town(text, end)
                    if town is not None:
                        end = town[1]  # "South Shore Rehab at Braintree", "... Kidney Care Shrewsbury"
                    else:
                        of = _OF_PLACE.match(text, end)
                        if of and (lex.is_state(of.group("t")) or lex.is_city(of.group("t"))):
                            end = of.end()  # "Neighborhood Health Plan of RI"
                firm = _FIRM_TAIL.match(text, end)
                if firm:
                    end = firm.end()  # "Pinnacle Dermatopathology Associates": a firm's word after the head
                legal = _LEGAL_TAIL.match(text, end)
                if legal:
                    end = legal.end()  # "Maplewood Nursing & Rehab, LLC": its legal form with it
            elif kind == "service":
                amp = _AMP_WORD.match(text, end)
                if amp and amp.group(1).lower() not in generic_j:
                    end = amp.end()  # "Northeast Roofing & Gutter", "Valley Plumbing & Heating"
                of = _OF_PLACE.match(text, end)
                if of and (lex.is_state(of.group("t")) or lex.is_city(of.group("t"))):
                    end = of.end()  # "Legal Services of Worcester"

            if head in _FAMILY_HEADS:
                more = _NEXT_CAP_WORD.match(text, end)
                if more is not None and self._heads.get(more.group(1)) in ("service", "company", "facility"):
                    end = more.end()  # "Marchetti & Sons Plumbing": the trade after the family
            if head in _STORE_HEADS:
                store = _STORE_NUMBER.match(text, end)
                if store is not None:
                    end = store.end()  # "Mercado Pharmacy #12", "Bellwether Drug #207": the store's number
            out.append(Candidate(name[0][0], end, ent, r[kind], self.name, f"context:{kind}"))
            if kind == "facility" and len(name) >= 2 and name[-1][1] < e:
                self._short_forms(text, name, hs, ent, out, shorts)

    @cached_property
    def _disease_abbrevs(self) -> frozenset[str]:
        return frozenset(self.lists.get("disease_abbreviations", ()))

    def _eatery_name(self, w: str) -> bool:
        """A word that names a restaurant's owner or brand: a possessive of a word mostly written
        capitalized ("Halvorsen's"), or a word no list knows."""
        lex = self.lex
        if w.endswith(("'s", "’s")) and len(w) > 3:
            base = w[:-2]
            share = lex.capitalized_share(base)
            return base.lower() not in self._generic_joiners and not lex.is_title(base) \
                and (share is None or share >= 0.5) and not lex.is_medical(base)
        return w.isalpha() and lex.capitalized_share(w) is None and not lex.is_medical(w) \
            and w.lower() not in self._denominations

    @cached_property
    def _letter_kinds(self) -> tuple[dict[str, str], int, frozenset[str]]:
        """Every head in small letters → its kind (facility, practice, service, company...), the
        most words one has and their last words: what a letterhead's name may end with."""
        out: dict[str, str] = {}
        for h, kind in self._heads.items():
            # (a head read only after a town's name makes no letterhead of any words: "Kitchen Fire")
            if kind not in ("school", "worship") and h not in _TOWN_ONLY_HEADS:
                out.setdefault(h.lower().rstrip("."), kind)
        for h in self._practice_heads:
            out.setdefault(h.lower(), "practice")
        return out, max(len(h.split()) for h in out), frozenset(h.split()[-1] for h in out)

    def _letterheads(self, text: str, out: list[Candidate], caseless: bool) -> None:
        """A letterhead: the document's first line ("<Name> Psychiatric Pavilion - 3 North",
        "<NAME> NEURODIAGNOSTICS - EMG LABORATORY") or a line above a street address ("<Name>
        Heart & Vascular" / "400 <Street> Drive"), a name ending in a kind word before a dash, a
        comma or the line's end. Where it stands tells it is a name, even of everyday words."""
        n = len(text)
        first = 0
        if text[0].isspace():
            first = n - len(text.lstrip())
        nl = text.find("\n", first)
        if nl < 0:
            self._letterhead(text, first, n, out, caseless)
            return
        lines = {(first, nl)}
        for a in _ADDRESS_NEXT.finditer(text):
            if a.start() > 0 and self._street_line(text, a.start() + 1):
                lines.add((text.rfind("\n", 0, a.start()) + 1, a.start()))
        for ls, le in sorted(lines):
            self._letterhead(text, ls, le, out, caseless)

    def _street_line(self, text: str, pos: int) -> bool:
        """A line opening at `pos` with a number and words up to a street's suffix."""
        end = text.find("\n", pos)
        words = text[pos:end if end >= 0 else min(len(text), pos + 80)].split()[:8]
        return len(words) >= 3 and any(self.lex.is_street_suffix(w.strip(".,")) for w in words[2:])

    def _letterhead(self, text: str, ls: int, le: int, out: list[Candidate], caseless: bool) -> None:
        cut = _LETTER_CUT.search(text, ls, min(le, ls + 82))
        ce = cut.start() if cut else le
        if ce - ls > 80 or ce - ls < 5:
            return
        while ce > ls and text[ce - 1] in " \t":
            ce -= 1
        if ce - ls < 5:
            return
        kinds, most, lasts = self._letter_kinds
        if text[ls:ce].rsplit(None, 1)[-1].lower().rstrip(".") not in lasts:
            return  # the cheap test first: the line's last word ends no kind
        toks = [(m.start(), m.end(), m.group()) for m in _NONSPACE.finditer(text, ls, ce)]
        if not 2 <= len(toks) <= 7 or any(t != "&" and not t.replace("'", "").replace("’", "")
                                          .replace("-", "").replace(".", "").isalpha() for _, _, t in toks):
            return
        low = [t.lower().rstrip(".") for _, _, t in toks]
        if not caseless and any(t[:1].islower() and t not in _JOINERS for _, _, t in toks):
            return  # a sentence, no name
        ks = [k for k in range(min(most, len(low) - 1), 0, -1) if " ".join(low[-k:]) in kinds]
        if not ks:
            return
        k = ks[0]
        kind = kinds[" ".join(low[-k:])]
        name = toks[:-k]
        generic_j = self._generic_joiners
        while name and name[0][2].lower() in _JOINERS:
            name = name[1:]
        while name and name[-1][2].lower() in _JOINERS and name[-1][2] != "&":
            name = name[:-1]
        if not name or len(name) > 5:
            return
        lex = self.lex
        words = [w for _, _, w in name if w.lower() not in _JOINERS and w != "&"]
        if not words or any(w.lower() in _NOTE_WORDS or w.lower() in _MONTHS_DAYS for w in words) \
                or lex.is_title(words[0].rstrip(".")):
            return
        if not any(w.lower().rstrip(".") not in generic_j and w.upper() not in self._acronyms
                   and w not in self._disease_abbrevs and not lex.is_medical(w) for w in words):
            return  # "Wound Care Center", "IBD Center": a department's heading
        ent = "hospital" if kind in ("facility", "practice") else "organization"
        out.append(Candidate(name[0][0], toks[-1][1], ent, self.rules["letterhead"], self.name,
                             "context:letterhead"))
        if len(name) >= 2:
            self._short_forms(text, name, toks[-k][0], ent, out, set())

    def _caseless_suppliers(self, text: str, out: list[Candidate]) -> None:
        """"order sent to coastal medical supply": in a note typed without capitals, the words
        between a cue (to/from/at/via/with/by, "w/", a firm's field label) and a supplier's kind
        (_LOW_SUPPLY) or a clinic's (_LOW_CARE) name the firm, unless they are generic, medical or a
        pronoun ("from local medical supply", "to his medical supply")."""
        for m in _LOW_SUPPLY.finditer(text):
            self._caseless_supplier(text, m, "organization", out)
        for m in _LOW_CARE.finditer(text):
            self._caseless_supplier(text, m, "hospital", out)

    def _caseless_supplier(self, text: str, m: re.Match, entity: str, out: list[Candidate]) -> None:
        """One supplier's (or clinic's) kind `m`: the words between a cue and it name the firm."""
        lex = self.lex
        generic_j = self._generic_joiners
        toks = self._low_words_before(text, m.start(), 4)
        cue = max((j for j, t in enumerate(toks) if t[2] in _LOW_CUES), default=None)
        if cue is None and toks and text[max(0, toks[0][0] - 3):toks[0][0]] in _MARK_CUES:
            cue = -1
        if cue is None:
            lab = _LABEL_BEFORE.search(text, max(0, toks[0][0] - 40), toks[0][0]) if toks else None
            if lab is None or not _FIRM_LABEL_WORDS.intersection(lab.group().replace(":", " ").split()) \
                    or not any((lex.capitalized_share(t[2]) or 1.0) >= 0.15 for t in toks) \
                    or any(t[2].startswith("non-") for t in toks):
                return  # ("plan: call transport", "a: probable dental abscess")
            cue = -1  # "dme: apex respiratory solutions", "o2 vendor: airway home medical"
        name = toks[cue + 1:]
        if name and name[0][2] == "the":
            name = name[1:]
        if not 1 <= len(name) <= 3 or max(len(t[2]) for t in name) < 4 or text[m.end():m.end() + 1] == ":":
            return  # (a field's label: "insurance: medicare")
        if any(t[2].endswith(".") or t[2].endswith(("'s", "’s")) and t[2] not in generic_j
               or t[2].startswith(("pre-", "post-"))
               or t[2] in _LOW_SUPPLY_NOT or t[2] in _LOW_STOP or t[2] in _MONTHS_DAYS for t in name):
            return  # "sent to pt's pharmacy", "copy to son. hospice", "from retail pharmacy"
        kinds = [(t[2] in generic_j and not (k == 0 and t[2] == "new" and len(name) > 1))  # ("new covenant")
                 or t[2] in _INSTITUTION_LOW or t[2] in _SERVICE_KIND_WORDS or lex.is_medical(t[2])
                 for k, t in enumerate(name)]
        w0 = name[0][2]
        if all(kinds) or kinds[0] and not (
                len(name) >= 2 and w0 in generic_j and w0 not in _SERVICE_KIND_WORDS and w0 not in _INSTITUTION_LOW
                and not lex.is_medical(w0) and (lex.capitalized_share(w0) or 0) >= 0.15):
            # a kind word may follow the name's own ("cornerstone family pharmacy", "apex
            # respiratory solutions"), never lead it ("county medical transport") but for a
            # word names often start with ("blue line taxi")
            return
        if (m.group().lower() == "health" or " ".join(m.group().lower().split()) in _STRICT_SUPPLY) and not any(
                not k and (lex.capitalized_share(t[2]) or 1.0) >= 0.4 for k, t in zip(kinds, name)):
            return  # "health" after everyday words: "agrees to call behavioral health", "for veteran health"
        out.append(Candidate(name[0][0], m.end(), entity, self.rules["facility"], self.name,
                             "context:caseless_supplier"))

    def _field_orgs(self, text: str, out: list[Candidate], caseless: bool = False) -> None:
        """"RECEIVING FACILITY: <Name> Acute Rehabilitation", "Agency: <Name> Hospice & Palliative
        Care", "pediatrician: <Name> Pediatric Associates": a field's value that ends in a kind word
        after a name's word, or (after a place's label) a bare proper name; not a level of care,
        service or person ("Agency: Routine Home Care", "pediatrician: Dr. <Name>")."""
        lex = self.lex
        generic_j = self._generic_joiners
        places = self._place_labels
        kinds, most = self._kind_words
        for label, at in self._labels_in(text):
            vm = _FIELD_VALUE.match(text, at)
            if vm is None:
                continue
            toks = [(m.start(), m.end(), m.group()) for m in _NONSPACE.finditer(text, vm.start(), vm.end())]
            cut = next((j for j, t in enumerate(toks) if not any(c.isalnum() for c in t[2]) and t[2] != "&"
                        or j and t[2].endswith(".") and not _ABBREV.fullmatch(t[2])), None)
            if cut is not None:
                if toks[cut][2].endswith(".") and any(c.isalnum() for c in toks[cut][2]):
                    toks = toks[:cut + 1]
                    a, b, t = toks[-1]
                    toks[-1] = (a, b - 1, t[:-1])
                else:
                    toks = toks[:cut]
            if toks:
                a, b, t = toks[-1]
                t2 = t.rstrip(".")
                if t2 != t and not _ABBREV.fullmatch(t):
                    toks[-1] = (a, a + len(t2), t2)
            if not toks or len(toks) > 6:
                continue
            words = [t for _, _, t in toks]
            low = [w.lower() for w in words]
            kind_at = None
            for j in range(len(low) - 1, 0, -1):
                ks = [k for k in range(1, most + 1) if j + k <= len(low) and " ".join(low[j:j + k]) in kinds]
                if ks:
                    kind_at = j
                    last = j + max(ks)
                    # capitalized words and joiners after the kind stay in the name ("& Palliative
                    # Care"); "booked 1/10" does not
                    while last < len(words) and (words[last][:1].isupper() or words[last] in ("&", "and")
                                                 or caseless and low[last] in _KIND_TAILS):
                        last += 1
                    while last > j + 1 and words[last - 1] in ("&", "and"):
                        last -= 1
                    toks, words, low = toks[:last], words[:last], low[:last]
                    break
            if kind_at is not None:
                if not caseless:  # "Insurance: enrolled in Bluestem Health Plan": the name is Capitalized
                    lead = next((j for j, w in enumerate(words[:kind_at]) if not w[:1].islower()), kind_at)
                    toks, words, low, kind_at = toks[lead:], words[lead:], low[lead:], kind_at - lead
                name = words[:kind_at]
            elif label in places or label.split()[-1] in places:
                name = words
                if caseless and label in self._firm_labels:
                    # "employer: lindqvist cold storage" in a note without capitals: one word at
                    # least that English capitalizes or no list knows, none a medical word
                    if not any((lex.capitalized_share(w) or 1.0) >= 0.5 for w in low if w not in _JOINERS) \
                            or any(lex.is_medical(w) for w in low) or low[0] in _LOW_STOP or low[0] in ("no", "not"):
                        continue
                elif any(w[:1].islower() and w.lower() not in _JOINERS for w in words) \
                        or len(words) == 1 and len(words[0]) <= 4 and words[0].isupper():
                    continue  # "Agency: none", "Facility: TBD"
                shares = [lex.capitalized_share(w) for w in words if w.lower() not in _JOINERS]
                low_share = [x is not None and x < 0.5 for x in shares]
                if low_share and (all(low_share) or label not in self._firm_labels and any(low_share)):
                    continue  # everyday words: "Facility: Pending", "Agency: Same as before"
                if " ".join(words).lower() in self._public_programs or words[0].lower() in self._public_programs \
                        or " ".join(low) in self._insurer_brands:
                    continue  # "Insurer: Medicare", "Carrier: MassHealth Standard", "Insurance: Aetna"
            else:
                continue
            core = [w for w in name if w.lower() not in _JOINERS]
            if not core or any(c.isdigit() for w in core for c in w) or self._plain_words(core) \
                    or all(w.lower().strip(".") in generic_j or w.upper() in self._acronyms for w in core):
                continue  # "Agency: VNA skilled nursing", "Receiving facility: Acute Rehab"
            first = core[0].rstrip(".")
            if lex.is_title(first) or first.lower() in _MONTHS_DAYS \
                    or any(lex.is_medical(w) and w.lower() not in generic_j for w in core):
                continue
            phrase = " ".join(words)
            if kind_at is None and (lex.is_city(phrase) or lex.is_state(phrase) or lex.is_country(phrase)):
                continue  # a town is the location detector's
            tail = " ".join(low[kind_at:]) if kind_at is not None else ""
            ent = "hospital" if tail.startswith(("hosp", "rehab", "nursing", "clinic", "medical center",
                                                 "skilled", "acute rehab", "pediatric", "women")) \
                or any(x in tail for x in ("rehab", "hospital", "medical center")) else "organization"
            out.append(Candidate(toks[0][0], toks[-1][1], ent, self.rules["field_org"], self.name,
                                 "context:field_org"))

    @cached_property
    def _credentials(self) -> frozenset[str]:
        """The degrees and credentials signed after a name (the names templates' "names.degree"
        context: "MD", "RN", "IBCLC", "CWOCN"), in small letters."""
        found = [t for t in load_templates(self.settings.templates_dir, "names") if t.id == "names.degree"]
        return frozenset(c.lower() for t in found for c in t.context)

    @cached_property
    def _insurer_brands(self) -> frozenset[str]:
        """The national insurers' names (lists.insurers) in small letters: alone, a brand no one."""
        return frozenset(" ".join(w.lower().split()) for w in self.lists.get("insurers", ()))

    @cached_property
    def _firm_labels(self) -> frozenset[str]:
        return frozenset(" ".join(w.lower().split()) for w in self.lists.get("firm_labels", ()))

    @cached_property
    def _public_programs(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.lists.get("public_programs", ()))

    @cached_property
    def _place_labels(self) -> frozenset[str]:
        """The labels after which a bare proper name is read: places' and firms' (firm_labels)."""
        return frozenset(" ".join(w.lower().split()) for key in ("place_labels", "firm_labels")
                         for w in self.lists.get(key, ()))

    def _caseless_parens(self, text: str, out: list[Candidate]) -> None:
        """"bls ambulance (coastline medical transport)": in a note typed without capitals, a name
        in parentheses ending in a facility's or firm's kind of two words or more."""
        lex = self.lex
        generic_j = self._generic_joiners
        kinds, most = self._kind_words
        for m in _LOW_PAREN.finditer(text):
            words = m.group(1).split()
            low = [w.lower() for w in words]
            if _cue_before(text, m.start(), _EMPLOYER_CUES) is not None:
                # "fob at work (midland steel fabricators)": the employer; no work status ("at work
                # (light duty)"), time or thing ("at work (box cutter)"): one word must be a name's
                if not any(w in _WORK_STATUS or w in _MONTHS_DAYS or w in _LOW_STOP for w in low) \
                        and any((self.lex.capitalized_share(w) or 1.0) >= 0.3 for w in low):
                    out.append(Candidate(m.start(1), m.end(1), "organization", self.rules["employer"],
                                         self.name, "context:caseless_employer"))
                continue
            for j in range(1, len(words)):
                tail = " ".join(low[j:])
                if " " in tail and tail in kinds:
                    name = [w for w in low[:j] if w not in _JOINERS]
                    if name and not any(w in generic_j or w in _LOW_STOP or w.upper() in self._acronyms
                                        or w in _MONTHS_DAYS or lex.is_medical(w) or w in ("via", "per")
                                        for w in name) and max(len(w) for w in name) >= 4:
                        out.append(Candidate(m.start(1), m.end(1), "organization", self.rules["facility"],
                                             self.name, "context:caseless_paren"))
                    break

    @staticmethod
    def _caseless_view(text: str) -> bool:
        """A note typed without capitals (or the engine's cased view of one typed in capitals):
        most of its lines and sentences begin with a small letter."""
        starts = [m.group(1) for m in _SENTENCE_START.finditer(text, 0, min(len(text), 6000))]
        starts += [c for c in text[:1] if c.isalpha()]
        return len(starts) >= 3 and sum(c.islower() for c in starts) >= 0.7 * len(starts)

    @cached_property
    def _low_job(self) -> re.Pattern:
        """A trade before at/for/from/with in small letters ("machinist from ")."""
        jobs = sorted(self._job_nouns, key=len, reverse=True)
        return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, jobs)) + r")[ \t]+(?:at|for|from|with)[ \t]+"
                          r"(?:the[ \t]+)?")

    @cached_property
    def _low_heads(self) -> re.Pattern:
        """The one-word heads of facilities, services, companies and schools in small letters."""
        words = sorted({h.lower() for h, kind in self._heads.items()
                        if " " not in h and "." not in h and kind not in ("worship", "eatery") and len(h) >= 4
                        and h not in _TOWN_ONLY_HEADS  # ("house fire", "state police": no town's test here)
                        and h.lower() not in ("group", "partners", "bank", "home", "rehab",
                                              "rehabilitation", "service", "services", "works",
                                              "collaborative", "pavilion", "diagnostics")})
        return re.compile(r"(?<![\w'’-])(?:" + "|".join(map(re.escape, words)) + r")(?![\w'’-])")

    @staticmethod
    def _low_words(text: str, s: int, e: int) -> list[tuple[int, int, str]]:
        """Up to three words of a name in [s, e), read forwards on one line up to a stop word or
        a punctuation mark (the word before the mark is the name's last)."""
        toks: list[tuple[int, int, str]] = []
        prev = s
        for m in _WORD_ANY.finditer(text, s, e):
            if text[prev:m.start()].strip(" \t") or len(toks) >= 3:
                break  # a line break or another character between the words
            w = m.group()
            core = w.strip("(\"“.,;:)")
            if core.lower() in _LOW_STOP:
                break
            a = m.start() + len(w) - len(w.lstrip("(\"“"))
            toks.append((a, a + len(core), core))
            prev = m.end()
            if w[-1] in ".,;:)":
                break
        return toks

    def _caseless_names(self, text: str, out: list[Candidate]) -> None:
        """Names in a note typed without capitals, where case tells nothing: a head word in small
        letters after words the cased view capitalized ("Dr. Baker at Chicopee community health",
        "(pioneer Valley paving)"), and an employer after a word of work ("retired machinist from
        ge aviation in Lynn"), unless its words are plain ("works at home", "nurse from the floor")."""
        lex = self.lex
        generic_j = self._generic_joiners
        r = self.rules
        for m in self._low_heads.finditer(text):
            hs, e = m.span()
            toks = self._low_words_before(text, hs, 4)
            toks = [(a, b, text[a:b]) for a, b, _ in toks]
            for k in range(len(toks) - 1, -1, -1):
                if not any(c.isalpha() for c in toks[k][2]):
                    toks = toks[k + 1:]  # "visit - merrimack home health": a dash ends the name
                    break
            while toks and (toks[0][2].lower().strip("(\"“") in _LOW_STOP or not toks[0][2].strip("(\"“")
                            or toks[0][2].lower() in _LEAD_VERBS):  # ("pt attends saguaro Valley community college")
                toks = toks[1:]
            if text[e:e + 1] == ":":
                continue  # a field's label ("insurance: medicare")
            for k in range(len(toks) - 1, -1, -1):
                if toks[k][2].lower() in _LOW_STOP or toks[k][2][-1:] in ".,;:)":
                    toks = toks[k + 1:]
                    break
            while toks and toks[0][2].lower() in generic_j:
                toks = toks[1:]
            words = [w for _, _, w in toks]
            if not words or not any(w[:1].isupper() for w in words) or self._plain_words(words, clinical=True):
                continue
            out.append(Candidate(toks[0][0], e, "organization", r["service"], self.name, "context:caseless_head"))
        for m in _LOW_EMPLOY.finditer(text):
            self._caseless_employer(text, m.end(), out)
        for m in self._low_job.finditer(text):
            self._caseless_employer(text, m.end(), out, trade=True)

    def _caseless_employer(self, text: str, pos: int, out: list[Candidate], trade: bool = False) -> None:
        lex = self.lex
        toks = self._low_words(text, pos, min(len(text), pos + 60))
        words = [w for _, _, w in toks]
        if not words or any(w in self._job_modifiers or w.capitalize() in self._job_modifiers for w in words):
            return
        phrase = " ".join(words)
        if any(c.isdigit() for c in phrase) or lex.is_city(phrase) \
                or lex.is_state(phrase) or lex.is_country(phrase) or words[0].lower() in _MONTHS_DAYS:
            return
        if self._plain_words(words) and not (trade and self._store_name(words)):
            return
        out.append(Candidate(toks[0][0], toks[-1][1], "organization", self.rules["employer"], self.name,
                             "context:caseless_employer"))

    def _unknown_low(self, word: str) -> bool:
        """A word in small letters that no list knows (no English word, name, town or medical
        word): in a note typed without capitals, a proper name the cased view could not restore."""
        lex = self.lex
        return len(word) >= 5 and word.isalpha() and word.islower() and lex.capitalized_share(word) is None \
            and not lex.is_medical(word) and not lex.is_city(word.title())

    def _store_name(self, words: list[str]) -> bool:
        """"cashier at market basket": everyday words after a trade and "at" that name a firm,
        not a workplace ("cashier at grocery store", "nurse at nursing home"): two or three
        words, none generic, medical or a workplace's noun, the last no plural or trade."""
        if not 2 <= len(words) <= 3:
            return False
        places = self._workplaces
        generic_j = self._generic_joiners
        for w in words:
            low = w.lower()
            if low in generic_j or low in self._job_nouns or low in _LOW_STOP or not low.isalpha() \
                    or self.lex.is_medical(low):
                return False
        last = words[-1].lower()
        return last not in places and not last.endswith(("s", "ing"))

    @cached_property
    def _workplaces(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.lists.get("workplace_nouns", ()))

    def _caseless_hospitals(self, text: str, low_cms: list[tuple[int, int]], out: list[Candidate]) -> None:
        """Hospitals in a note typed without capitals (or in capitals, read in small letters):
        a CMS name or core before a hospital's kind word or after at/to/from ("cape cod hosp",
        "at brigham and women's"), "<state> general" after one ("at mass general"), a CMS
        hospital's initials after one ("seen at bmc"), a company's word before a care head
        ("from partners home care") and "visiting nurse assoc of <place>"."""
        lex = self.lex
        r = self.rules
        for s, e in low_cms:
            k = _LOW_KIND.match(text, e)
            if k is not None:
                out.append(Candidate(s, k.end(), "hospital", r["hospital_core"], self.name, "context:caseless_hospital"))
            elif _LOW_CUE.search(text, max(0, s - 14), s) and not lex.is_city(text[s:e].title()):
                out.append(Candidate(s, self._poss(text, e), "hospital", r["hospital_core"], self.name,
                                     "context:caseless_hospital"))
        alone, ctx = self._initials
        inits = alone | ctx
        for m in _LOW_ACRONYM.finditer(text):
            w = m.group(1)
            up = w.upper()
            if up not in inits or w in _LOW_STOP or w in _MONTHS_DAYS or lex.is_medical(w) or lex.is_medical(up):
                continue
            if lex.is_common_word(w) and _VOWELS.intersection(w):
                continue  # "at ten", "to see": an English word, no initials
            out.append(Candidate(m.start(1), m.end(1), "hospital", r["hospital_initials"], self.name,
                                 "context:caseless_initials"))
        for m in _LOW_STATE_GENERAL.finditer(text) if " general" in text else ():
            st = m.group("st")
            if lex.is_state(st.title()) or lex.is_state(st.rstrip(".").title() + ".") \
                    or self._town_general(text, st.title(), m.end()):
                out.append(Candidate(m.start("st"), self._poss(text, m.end()), "hospital", r["state_general"],
                                     self.name, "context:state_general"))
        company = {h.lower() for h, kind in self._heads.items() if kind == "company" and " " not in h} \
            - {"group", "company", "bank", "insurance", "foundation", "labs", "laboratories"}
        for m in _LOW_CARE_HEAD.finditer(text):
            w = m.group(1)
            share = lex.capitalized_share(w)
            if w in company and w not in self._generic or share is None and len(w) >= 4 and not lex.is_medical(w) \
                    and not lex.is_city(w.title()):
                out.append(Candidate(m.start(1), m.end(), "organization", r["facility"], self.name,
                                     "context:caseless_company"))
        for m in _LOW_OF_HEAD.finditer(text) if " of " in text else ():
            toks = self._low_words(text, m.end(), min(len(text), m.end() + 50))
            words = [t for _, _, t in toks]
            if not words or any(c.isdigit() for w in words for c in w) or words[0].lower() in _MONTHS_DAYS \
                    or any(lex.is_medical(w.lower()) for w in words):
                continue
            out.append(Candidate(m.start(), toks[-1][1], "organization", r["of_place"], self.name,
                                 "context:of_place"))

    def _kind_tail(self, text: str, end: int) -> int:
        """Where a facility's name ends when more kind words follow its head: "Pondview Health
        Care" + " Center", "Elm Clinic" + " Home Care", "Elm Hospice" + " & Palliative Care" (after
        "&"/"and", generic words too); on the last of them that may end a name."""
        best, pos = end, end
        joined = False
        for _ in range(5):
            m = _TAIL_TOKEN.match(text, pos)
            if m is None:
                break
            w = m.group(1)
            wt = w[:1].upper() + w[1:].lower()  # in any case: "MAPLE CREST NURSING & REHAB", "nursing & rehab"
            if wt not in _TAIL_WORDS and not (joined and w[:1].isupper() and w.lower() in self._generic):
                break
            joined = joined or w in ("&", "and", "AND")
            pos = m.end()
            if wt in _TAIL_ENDS:
                best = pos
        if best < len(text) and _AFTER_NAME(text[best]):
            return end
        return best

    @staticmethod
    def _signature_line(text: str, hs: int, e: int) -> bool:
        """A practice's head on the line after a clinician's signed name ("Ana Ruiz, MD" then
        "Warwick Primary Care"), closing its own line."""
        nl = text.rfind("\n", 0, hs)
        if nl <= 0 or text[e:text.find("\n", e) if "\n" in text[e:e + 80] else e + 80].strip(" \t,"):
            return False
        prev = text.rfind("\n", 0, nl) + 1
        return _CREDENTIAL_END.search(text, prev, nl) is not None or _DR_LINE.match(text, prev, nl) is not None

    def _short_forms(self, text: str, name: list[tuple[int, int, str]], head_start: int, ent: str,
                     out: list[Candidate], done: set[str]) -> None:
        """"Park Avenue Health Center - Park Avenue accepted": a facility's name of two words or more
        written again without its head nearby in the note (as written, whole words)."""
        cut = max((k for k, t in enumerate(name) if t[2] == "and"), default=-1)
        name = name[cut + 1:]  # "Youville House and Park Avenue Health Center": the last name
        words = [w for _, _, w in name]
        if len(words) < 2 or words[-1].endswith((".", "'s", "’s")) or text[name[-1][1]:head_start].strip():
            return
        short = text[name[0][0]:name[-1][1]]
        if "\n" in short or len(short) < 6 or short in done:
            return
        done.add(short)
        n = len(text)
        # read within the same note: up to 4,000 characters on either side (bounded work per name)
        pos, stop, seen = max(0, name[0][0] - 4000), min(n, name[-1][1] + 4000), 0
        while seen < 20:
            i = text.find(short, pos, stop)
            if i < 0:
                break
            j = i + len(short)
            pos = j
            seen += 1
            if i == name[0][0] or i > 0 and (text[i - 1].isalnum() or text[i - 1] in "'’-") \
                    or j < n and _AFTER_NAME(text[j]):
                continue
            out.append(Candidate(i, j, ent, self.rules["short_form"], self.name, "context:short_form"))

    def _of_name(self, text: str, end: int) -> int | None:
        """Where " of <Place>" after a facility's head ends ("VNA of Cape Cod"), if the place is a
        proper name (no title, month, department or everyday words: "Hospital of choice")."""
        m = _OF_NAME.match(text, end)
        if m is None:
            return None
        words = m.group("t").split()
        while words and words[-1] == "&":
            words.pop()
        words = words[:3]
        words[-1] = words[-1].rstrip(".,;:")
        if not words[-1]:
            return None
        first = words[0].rstrip(".")
        if self.lex.is_title(first) or first.lower() in _MONTHS_DAYS:
            return None
        if self._plain_words(words) and not (len(words) >= 2 and first.lower() in _COMPASS):
            return None  # "Hospital of choice"; "of the North Shore" is a region's name
        s = m.start("t")
        return s + len(" ".join(words)) if m.group("t").startswith(" ".join(words)) else None

    def _extra_sites(self, text: str, sites: list[tuple[str, int, int]], out: list[Candidate]) -> None:
        """Rules at sites of the heads' pass: camel-case brands ("Hebrew SeniorLife"), pharmacy and
        lab chains in any case ("from cvs on main st"), lower-case houses of worship ("st.
        columbkille parish") and schools ("framingham state univ"), "VNA of Cape Cod"."""
        r = self.rules
        lex = self.lex
        n = len(text)
        for kind, s, e in sites:
            if kind == "of_only":
                of = self._of_name(text, e)
                if of is not None:
                    out.append(Candidate(s, of, "organization", r["of_place"], self.name, "context:of_place"))
            elif kind == "camel":
                ws = s - 1
                while ws > 0 and s - ws < 20 and text[ws - 1].isalpha():
                    ws -= 1
                if not text[ws].isupper() or ws > 0 and (text[ws - 1].isalnum() or text[ws - 1] in "-_'’"):
                    continue
                word = text[ws:e]
                if word.isupper() or lex.is_medical(word) or lex.is_medical(word.lower()):
                    continue
                lead = text[ws:s]
                if lex.is_state(lead) or lex.is_state(lead + "."):
                    continue  # "MassHealth": a state's program, no one's place
                start = ws
                # "Hebrew SeniorLife": one capitalized word before it that is mostly written so
                pm = _PREV_CAP.search(text, max(0, ws - 24), ws)
                if pm is not None:
                    w = pm.group(1)
                    share = lex.capitalized_share(w)
                    if w not in _JOINERS_CAP and w.lower() not in self._generic_joiners and not lex.is_title(w) \
                            and w.lower() not in _MONTHS_DAYS and (share is None or share >= 0.5):
                        start = pm.start(1)
                town = self._town_at(text, e)  # "Hebrew SeniorLife at Dedham"
                out.append(Candidate(start, town[1] if town else e, "organization", r["camel_brand"], self.name,
                                     "context:camel_brand"))
            elif kind == "chain":
                key = text[s:e].lower()
                ok = self._chain_forms.get(key)
                if ok is None:
                    continue
                nxt = _NEXT_WORD.match(text, e)
                after = nxt.group(1).lower() if nxt else ""
                if after in _CHAIN_NOT or text[e:e + 1] == ":":
                    continue
                if not ok:
                    cue = _CHAIN_CUE.search(text[max(0, s - 14):s].rstrip().lower())
                    # alone in parentheses, where a note says where a test was done ("(labcorp)")
                    paren = text[s - 1:s] == "(" and text[e:e + 1] == ")" and key != "cvs"  # (the system)
                    if not (cue or paren or after in _CHAIN_AFTER):
                        continue
                store = _STORE_NUMBER.match(text, e)  # "CVS #4418": the store's number with it
                out.append(Candidate(s, store.end() if store else e, "organization",
                                     r["chain"] if ok else r["chain_cue"], self.name, "list:chains"))
            elif kind == "insurer":
                if any(a <= s and e <= b and (a, b) != (s, e) for k2, a, b in sites if k2 == "insurer"):
                    continue  # "Blue Cross" of "Blue Cross Blue Shield": the longest only
                word = text[s:e]
                of = _OF_PLACE.match(text, e)
                end = of.end() if of and (lex.is_state(of.group("t")) or lex.is_state(of.group("t") + ".")
                                           or lex.is_city(of.group("t"))) else e
                if end == e:
                    code = _STATE_CODE.match(text, e)
                    if code and code.group(1) not in _WORD_CODES and lex.is_state(code.group(1)):
                        end = code.end()  # "BCBS MA": a plan of one state
                start = s
                if end == e and s >= 3 and text[s - 1] == "/":
                    co = _SLASH_BRAND.search(text, max(0, s - 12), s)
                    if co and not lex.is_medical(co.group(1)) and co.group(1) not in self._acronyms:
                        start = co.start(1)  # "AARP/UnitedHealthcare": a co-branded plan
                if end == e and start == s and (" " not in word or word.islower()
                                                or any(w.lower() in self._generic_joiners for w in word.split())):
                    continue  # "BCBS supplement", "Aetna", "Blue Cross": a national brand alone
                out.append(Candidate(start, end, "organization", r["insurer"], self.name, "list:insurers"))
            elif kind == "worship_low":
                toks = self._low_words_before(text, s, 3)
                for j, (ts, te, t) in enumerate(toks):
                    if t in _SAINT_LOW and 1 <= len(toks) - j - 1 <= 2:
                        out.append(Candidate(ts, e, "organization", r["worship"], self.name, "context:worship"))
                        break
            elif kind == "school_low":
                toks = self._low_words_before(text, s, 4)
                while toks and toks[-1][2] in _SCHOOL_FILLERS:
                    toks = toks[:-1]
                for k in (2, 1):
                    if len(toks) >= k and lex.is_city(" ".join(t for _, _, t in toks[-k:])):
                        out.append(Candidate(toks[-k][0], e, "organization", r["school"], self.name,
                                             "context:town_school"))
                        break

    @staticmethod
    def _low_words_before(text: str, s: int, most: int) -> list[tuple[int, int, str]]:
        """Up to `most` words before `s` on its line, separated by single spaces or tabs (as
        written: lower or upper case), nearest last."""
        toks: list[tuple[int, int, str]] = []
        pos = s
        while len(toks) < most and pos > 1 and text[pos - 1] in " \t":
            b = pos - 1
            a = b
            while a > 0 and (text[a - 1].isalpha() or text[a - 1] in "'’.-") and b - a < 30:
                a -= 1
            if a == b:
                break
            toks.append((a, b, text[a:b].lower()))
            pos = a
        toks.reverse()
        return toks

    @cached_property
    def _chain_heads(self) -> frozenset[str]:
        return frozenset(self.lists.get("chain_unit_heads", ()))

    def _bare_town(self, text: str, end: int) -> tuple[int, int] | None:
        """The span of a listed town right after a chain's unit ("Kidney Care Shrewsbury"), a
        word mostly written capitalized, ending at a punctuation mark or the line's end."""
        m = _SP_TOWN.match(text, end)
        if m is None:
            return None
        words = m.group("t").split()
        for k in range(len(words), 0, -1):
            town = " ".join(words[:k])
            share = self.lex.capitalized_share(town)
            t_end = m.start("t") + len(town)
            if self.lex.is_city(town) and (share is None or share >= 0.5) \
                    and (t_end == len(text) or text[t_end] in ".,;:)\n"):
                return m.start("t"), t_end
        return None

    def _town_at(self, text: str, end: int) -> tuple[int, int] | None:
        """The span of a listed town in " at <Town>" at `end`, if any."""
        m = _AT_TOWN.match(text, end)
        if m is None:
            return None
        words = m.group("t").split()
        for k in range(len(words), 0, -1):
            if self.lex.is_city(" ".join(words[:k])):
                s = m.start("t")
                return s, s + len(" ".join(words[:k]))
        return None

    def _town_after(self, text: str, end: int) -> int:
        """"Johns Hopkins Hospital, Baltimore": a listed town after a facility's comma is part of
        its name as written (the town alone would give the facility away)."""
        m = _COMMA_TOWN.match(text, end)
        if m is None:
            return end
        words = m.group("t").split()
        for k in range(len(words), 0, -1):
            if self.lex.is_city(" ".join(words[:k])):
                if k < len(words):
                    return end  # "Lakeview Nursing Home, Jane Smith": a name, not a town
                return m.start("t") + len(" ".join(words[:k]))
        return end
