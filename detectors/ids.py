"""The identifier detector (scrub.ids.v1): SSNs, record, account, plan, licence, vehicle, device,
card and IBAN numbers.

Shapes with checksums are templates (templates/ids.toml) validated here; labelled numbers
("MRN: 998877", "Acct # ...", "Member ID ...") are found by one label pass in code, because a
label decides what a number is: "500 mg", "x3", "ICD-10 E11.9" or "CPT 99213" carry no
identifier label and never come out of it.
"""
from __future__ import annotations

from functools import cached_property

import re

import ahocorasick
import regex

from scrub.detector import Detector
from scrub.detectors import _scan
from scrub.templates import TemplateMatcher, gate_windows, load_rules
from scrub.types import Candidate, Document

# ------------------------------------------------------------------------------ checksums

#: published sample and advertising numbers: never a real person's
SAMPLE_SSNS = {"123456789", "078051120", "219099999", "457555462", "111111111", "222222222",
               "333333333", "444444444", "555555555", "777777777", "888888888", "987654321"}
#: card numbers that payment networks publish for testing
SAMPLE_CARDS = {"4111111111111111", "4012888888881881", "4222222222222", "5555555555554444",
                "5105105105105100", "378282246310005", "371449635398431", "6011111111111117",
                "6011000990139424", "3530111333300000", "3566002020360505", "30569309025904",
                "38520000023237", "4000056655665556", "5200828282828210"}


def _digits(s: str) -> str:
    return "".join(filter(str.isdigit, s))  # C-level filter: validators run on every match


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def ssn(s: str) -> bool | None:
    """SSA rules: no area 000 or 666, no group 00, no serial 0000; sample numbers are not PHI.

    Areas 900-999 are left alone: they are ITINs, still a person's identifier.
    """
    d = _digits(s)
    if len(d) != 9 or d in SAMPLE_SSNS:
        return False
    if d[:3] in ("000", "666") or d[3:5] == "00" or d[5:] == "0000":
        return False
    return None


def luhn(s: str) -> bool | None:
    """A card number: the Luhn check holding makes it certain; a published test card drops it."""
    d = _digits(s)
    if d in SAMPLE_CARDS or len(set(d)) == 1:
        return False
    return True if 13 <= len(d) <= 19 and luhn_ok(d) else None


def iban(s: str) -> bool | None:
    """ISO 13616 mod-97: the check holds (certain) or the match is not an IBAN."""
    code = "".join(s.split()).upper()
    if not 15 <= len(code) <= 34 or not code[:2].isalpha() or not code[2:4].isdigit():
        return False
    moved = code[4:] + code[:4]
    num = "".join(str(int(ch, 36)) for ch in moved)
    return True if int(num) % 97 == 1 else False


_VIN_VALUES = {**{str(i): i for i in range(10)},
               **dict(zip("ABCDEFGH", range(1, 9))), **dict(zip("JKLMN", range(1, 6))),
               "P": 7, "R": 9, **dict(zip("STUVWXYZ", range(2, 10)))}
_VIN_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def vin(s: str) -> bool | None:
    """ISO 3779 VIN: capitals and digits, both present; the North American check digit → certain."""
    if not (s.isupper() and any(c.isdigit() for c in s) and any(c.isalpha() for c in s)):
        return False
    total = sum(_VIN_VALUES[c] * w for c, w in zip(s, _VIN_WEIGHTS))
    check = "X" if total % 11 == 10 else str(total % 11)
    return True if s[8] == check else None


def npi(s: str) -> bool | None:
    """US National Provider Identifier: Luhn over '80840' + the ten digits."""
    return True if luhn_ok("80840" + s) else None


def dea(s: str) -> bool | None:
    """DEA registration: (d1 + d3 + d5) + 2 (d2 + d4 + d6) ends in d7."""
    d = [int(c) for c in s[2:]]
    return True if (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 == d[6] else None


#: prefixes of medical codes, markers and scales that look like "ABC-1234" but name no one
MEDICAL_CODES = {"ICD", "CPT", "HCPCS", "DRG", "LOINC", "SNOMED", "NDC", "COVID", "SARS", "HLA",
                 "HIV", "HPV", "HSV", "HBV", "HCV", "CMV", "EBV", "RSV", "BRCA", "CA", "CD", "IL",
                 "NYHA", "ECOG", "GCS", "APGAR", "PHQ", "GAD", "MMSE", "MOCA", "FEV", "FVC",
                 "DLCO", "TNM", "PD", "HER", "EGFR", "ALK", "KRAS", "BRAF", "CYP", "UGT", "G",
                 "T", "N", "M", "ASA", "MRSA", "VRE", "ESBL", "DVT", "PE", "MI", "EF", "LV", "RV",
                 "ISO", "IEC", "DSM", "WHO", "AJCC", "FIGO", "USP", "UTC", "GMT", "AM", "PM",
                 "Q", "X", "K", "MG", "ML", "IV", "IM", "PO", "SQ", "HR", "BP", "RR", "O",
                 # vital signs and lab labels written against their value ("HR110", "PLT250")
                 "P", "TEMP", "WT", "HT", "SAT", "SPO", "UOP", "CVP", "MAP", "GLU", "BS", "FS",
                 "FSBS", "BG", "CBG", "NA", "CL", "BUN", "CR", "WBC", "HGB", "HCT", "PLT", "INR",
                 "PTT", "LDL", "HDL", "TSH", "ALT", "AST", "ALP", "BNP", "CRP", "ESR", "CK",
                 "LDH", "PSA", "GFR", "EGFR", "A", "B", "C", "D", "E", "F", "L", "S", "V", "R",
                 "CPAP", "BIPAP", "PEEP", "FIO", "TV", "VT", "PS", "ABG", "VBG", "NPO", "BMI",
                 # drug formulations written against a strength ("Toprol XL-100", "ER-500")
                 "XL", "XR", "ER", "SR", "CR", "DR", "LA", "CD", "ODT", "HCT", "EC", "IR"}


def long_number(s: str) -> bool | None:
    """A bare run of 7+ digits names a record, an account or a person, unless it is all one digit."""
    return False if len(set(s)) == 1 else None


_CAPS = re.compile(r"[A-Z]+")


def coded(s: str) -> bool | None:
    """An 'ABC-1234' code names someone unless its prefix is a medical code or scale (and the
    code is not one of three groups and six digits or more, which no code or scale is)."""
    head = _CAPS.match(s)
    if head and head.group() in MEDICAL_CODES:
        # a lone letter heads spine levels, ICD chapters and variants ("L4-5", "C5-6"), never
        # with five digits; a pathology or accession number does ("S24-18873", "A23-004417")
        digits = sum(c.isdigit() for c in s)
        if len(head.group()) == 1 and digits >= 5 and "-" in s:
            return None
        if s.count("-") >= 2 and digits >= 6 or digits >= 7:
            return None  # "CA-2024-00117", "ML-55120438": a case's or an order's number; no code,
            # marker or scale has that shape
        return False
    return None


# ------------------------------------------------------------------------------ labels

#: after a label with no mark (no ":", "#" or "number"), a value in an identifier's shape: a dash
#: and six digits, or seven digits ("51-0098213", "bh-55213" has five: with letters, five)
_BARE = (r"(?=[ \t]+(?:(?=[a-z0-9]*-)(?=(?:[a-z-]*\d){6})|(?=[a-z]{1,4}-?\d{5})|\d{7})[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9]))*"
         r"(?![\w-]))")
#: label → entity. Longer labels first inside each alternation; all are matched case-blind.
_LABELS: tuple[tuple[str, str, bool], ...] = (
    # (entity, label regex, strong) — strong labels name the kind of number outright
    ("ssn", r"ssn|ss\s?\#|soc(?:ial)?\.?\s+sec(?:urity)?\.?(?:\s+(?:number|no\.?|\#))?"
            r"|social(?:\s+(?:number|no\.?|\#))?", True),
    ("mrn", r"mrn|mr\s?\#|medical\s+record(?:\s+(?:number|no\.?|\#))?|med\.?\s+rec(?:ord)?\.?"
            r"|record\s*(?:number|no\.?|\#)|chart\s*(?:number|no\.?|\#)|ch\s?\#"
            r"|unit\s+(?:number|no\.?)|hospital\s+(?:number|no\.?|\#)|hosp\.?\s*(?:number|no\.?|\#)|patient\s+(?:id|number|no\.?)"
            r"|pt\.?\s+(?:id|\#)|patient\s+\#|empi|pid|mpi|unit\s+no\.?"
            r"|(?:hospice|home\s+health|agency|client)\s*(?:\#|no\.|number)", True),
    ("account", r"acct\.?|account(?:\s+(?:number|no\.?|\#))?|billing\s+(?:number|no\.?|\#)"
                r"|invoice(?:\s+(?:number|no\.?|\#))?|fin|csn|har|hospital\s+account", True),
    ("health_plan", r"member\s+id|member\s*(?:\#|no\.|number)|insurance(?:\s+(?:id|number|no\.?|policy|plan))*"
                    r"|ins\.?(?:\s+(?:policy|plan|id))?|(?:health\s+)?policy(?:\s+(?:id|number|no\.?))?"
                    r"|(?:health\s+|insurance\s+|prescription\s+)?plan(?:\s+(?:id|number|no\.?))?"
                    r"|health\s+id|hmo(?:\s+id)?|medicare|medicaid|subscriber(?:\s+id)?"
                    r"|group\s+(?:number|no\.?|\#)|group(?=[ \t]*:)|group(?=[ \t]+\d{4,})|beneficiary(?:\s+id)?|coverage\s+id|mbi|hicn"
                    # a member's number with no mark when it has an identifier's shape ("member CHC-7719-0042-3")
                    r"|mbr(?:\s*(?:\#|no\.|id))?|member" + _BARE, True),
    ("license", r"driver'?s?\s+licen[cs]e(?:\s+(?:number|no\.?|\#))?|licen[cs]e(?:\s+(?:number|no\.?|\#))?"
                r"|lic\.?\s*\#|dl\s*\#?|npi|dea(?:\s+(?:number|no\.?|\#))?", True),
    ("vehicle", r"vin|license\s+plate|plate(?:\s+(?:number|no\.?|\#))?|tag\s+(?:number|no\.?|\#)", True),
    ("device", r"serial(?:\s+(?:number|no\.?|\#))?|s/n|sn|device\s+(?:id|number|no\.?|\#)|udi"
               r"|implant\s+id|model\s+(?:number|no\.?|\#)"
               # an implant's or a drug's lot ("LOT 7H2209KF", "lot 1062841-A"): four characters at least
               r"|lot(?:\s*(?:number|no\.?|\#))?(?=[ \t:#]*[a-z0-9-]{4,})", True),
    ("credit_card", r"credit\s+card(?:\s+(?:number|no\.?|\#))?|card(?:\s+(?:number|no\.?|\#))?"
                    r"|visa|mastercard|amex|cc", True),
    ("iban", r"iban", True),
    # an officer's badge and a juror's number are short: strong labels ("badge 217")
    ("reference_number", r"badge(?:\s*(?:number|no\.?|\#))?|juror(?:\s*(?:number|no\.?|\#))?", True),
    # a jail's or a prison's numbers for a person ("DOC #: 88-40217", "Booking: 24-55012", "Inmate
    # ID 447781", "INC # 03-051177"): the department of corrections' only before its number's mark
    ("reference_number", r"booking(?:\s*(?:number|no\.?|\#|id))?|bkg(?=[ \t]*[:#])|inmate(?:\s*(?:id|number|no\.?|\#))?"
                         r"|detainee\s*(?:id|number|no\.?|\#)|offender\s*(?:id|number|no\.?|\#)"
                         r"|doc(?=[ \t]*(?:\#|no\b|number|:))(?:\s*(?:number|no\.?|\#))?|inc\s*\#"
                         r"|incident(?=[ \t]*:)|alien\s+(?:number|no\.?|\#)", True),
    ("reference_number", r"id|ref\.?(?:\s+(?:code|number|no\.?|\#))?|reference(?:\s+(?:code|number|no\.?|\#))?"
                         r"|acc\.?\s*(?:number|no\.?|\#)|case\s*(?:number|no\.?|\#)|docket(?:\s*(?:number|no\.?|\#))?|claim(?:\s+(?:number|no\.?|\#))?|accession(?:\s+(?:number|no\.?|\#))?"
                         r"|specimen\s*(?:number|no\.?|\#|id)|order\s*(?:number|no\.?|\#)"
                         r"|encounter\s*(?:number|no\.?|\#|id)|visit\s*(?:number|no\.?|\#|id)"
                         r"|(?:study|participant|subject|enrollment|confirmation|access)\s+(?:code|id|number|no\.?)"
                         r"|job\s*(?:number|no\.?|\#)|dictation\s*(?:number|no\.?|\#|id)|record"
                         # case and report numbers of agencies, courts, labs and transports: "badge #4471",
                         # "incident #24-11873", "surgical pathology no. S22-4417", "tail N418AE"
                         r"|tail(?:\s*(?:number|no\.?|\#))?|tracking(?:\s*(?:number|no\.?|\#))?"
                         r"|(?:probation|parole|court|case|dcf|dss|cps|aps)\s+file(?:\s*(?:number|no\.?|\#))?"
                         r"|auth(?:orization)?(?:\s*(?:number|no\.|\#|code))?|(?:prior\s+auth|pa)\s*(?:number|no\.|\#)"
                         r"|(?:incident|intake|report|complaint|citation|warrant|booking|inmate|run"
                         r"|referral|trip|ticket|requisition|req|study|exam|procedure|(?:surgical\s+)?pathology|path"
                         r"|file|photo|image|bkg|pending)"
                         r"\s*(?:number|no\.|\#)"
                         # a case's, a trip's or a booking's number with no mark, in an identifier's shape
                         # ("(case 51-0098213)", "trip bh-55213", "bkg 88-031942")
                         r"|(?:case|trip|bkg|booking|claim|confirmation|conf)" + _BARE, False),
)
_GROUP = {f"l{i}": (ent, strong) for i, (ent, _, strong) in enumerate(_LABELS)}
#: the value: letters and digits with single inner separators, holding a digit (checked by a
#: lookahead so a label followed by a plain word is given up at once and the scan moves on)
_VALUE = r"(?=[\w./-]{0,32}\d)(?P<v>[a-z0-9](?:[a-z0-9]|[-/.](?=[a-z0-9])){1,31})"
#: a plan's or a card's number printed as capitals then spaced digit groups ("Member ID HPX 6620
#: 1198 04", "Subscriber ID XJH 884 1209"): the capitals are case-sensitive, seven digits at
#: least (a dose pair such as "NS 100 75" has fewer), and the label must name a number (an ID,
#: a "#", a member or a policy: "Plan: ABG 0400 0800" lists times; see _SPACED_LABEL)
_SPACED = r"(?P<v>(?-i:[A-Z]{1,4}|\d[A-Z]{1,3}|[A-Z]{1,3}\d{1,4})[ \t]\d{2,9}(?:[ \t-]\d{1,7}){0,4})(?![\w-])"
_SPACED_DIGITS = 7
#: a site's letters, a blank and a dashed number, in any case ("MRN HP 0082-3317", in a note in
#: capitals read through its cased view as "mrn hp 0082-3317")
_SPACED_DASHED = r"(?P<v>[a-z]{1,3}[ \t]\d{2,6}-\d{2,6})(?![\w-])"
_SPACED_LABEL = re.compile(r"id|#|num|no\b|number|member|subscriber|policy|medicare|medicaid|beneficiary|"
                           r"acc|card|mrn|ssn|soc|hicn|mbi", re.IGNORECASE)
#: between label and value: ":", "#", "=", "(", white space, "is", "was", "under"... at most twice
_SEP = (r"(?:(?:[ \t]*[:#=(][ \t]*|\s+(?:(?:is|was|of|reads|under|as|listed\s+as|on\s+file(?:\s+is)?)"
        r"\s+)?)){1,2}")
_LABEL_RE = regex.compile(
    r"(?<![\w/])(?:" + "|".join(f"(?P<l{i}>{pat})" for i, (_, pat, _) in enumerate(_LABELS)) + r")"
    r"(?:[ \t]+(?:number|num|no\.?|id|code|policy|plan))?"
    # a qualifier in parentheses naming whose number it is: "MRN (SARMC): 00-612-7745"
    r"(?:[ \t]*\([A-Za-z][A-Za-z&]{1,11}\)(?=[ \t]*[:#]))?"
    r"(?:" + _SEP + r"|(?<=\#))(?:\#[ \t]*)?(?:" + _SPACED + "|" + _SPACED_DASHED + "|" + _VALUE + r")(?![\w-])",
    regex.IGNORECASE | regex.V0)
#: the first word of every label: an Aho-Corasick pass finds where a label may start, and the
#: label pattern is tried only there (one big alternation tried at every character is slow)
_LABEL_HEADS = ("ssn", "ss", "soc", "social", "mrn", "mr", "medical", "med", "record", "chart",
                "ch", "unit", "hospital", "hosp", "patient", "pt", "acct", "account", "billing", "invoice",
                "member", "insurance", "ins", "health", "policy", "prescription", "plan", "hmo",
                "medicare", "medicaid", "subscriber", "group", "beneficiary", "coverage", "driver",
                "license", "licence", "lic", "dl", "npi", "dea", "vin", "plate", "tag", "serial",
                "s/n", "sn", "device", "udi", "implant", "model", "lot", "credit", "card", "visa",
                "mastercard", "amex", "cc", "iban", "id", "ref", "reference", "case", "claim",
                "accession", "specimen", "order", "encounter", "visit", "study", "participant",
                "subject", "enrollment", "confirmation", "access", "empi", "pid", "mpi", "fin", "csn",
                "har", "job", "dictation", "acc", "mbi", "hicn", "docket", "badge", "juror", "tail", "incident",
                "intake", "report", "complaint", "citation", "warrant", "booking", "inmate", "auth",
                "authorization", "referral", "trip", "ticket", "requisition", "req", "exam", "procedure",
                "surgical", "pathology", "path", "run", "tracking", "probation", "parole", "court",
                "dcf", "dss", "cps", "aps", "hospice", "home", "agency", "client", "pa", "prior",
                "detainee", "offender", "doc", "inc", "alien", "file", "photo", "image", "bkg", "pending", "mbr",
                "conf")


#: an officer's badge or an interpreter's number after the name, marked by "#" or "ID" alone ("Ofc Kyle
#: Drummond #3307", "Sgt. Wanda King #2218", "interp line used, interp #20571", "Interpreter: Hector
#: Benavides (#S-2207)", "interpreter Hoa Lam ID VT-3390"): three digits are enough there
_BADGE_MARK = re.compile(r"(?<=[ \t(])(?:\#[ \t]*|(?:ID|id)[ \t]*[#:]?[ \t]*)(?P<v>(?:[A-Za-z]{1,3}-?)?\d{3,8})(?![\w-])")
_BADGE_ROLE = re.compile(r"(?i)(?<![\w/])(?:ofc|officer|sgt|sergeant|deputy|dep|det|detective|trooper|cpl|corporal"
                         r"|capt|interp|interpreter)\b[^\n#]{0,48}\Z")
#: the words before a "#" that number a place or a line, not a person ("rm #412", "cell #3")
_NOT_BADGE_BEFORE = frozenset("rm room bed unit cell pod ext apt suite pager phone tel line box lot".split())
#: a device maker's name right before a model number ("Olympus CF-HQ190L", "BF-UC190F linear EBUS")
_MAKER_BEFORE = re.compile(
    r"(?:olympus|pentax|fujifilm|fuji|storz|stryker|medtronic|zimmer|biomet|depuy|boston\s+scientific"
    r"|abbott|philips|siemens|cook|bard|edwards|biotronik|ge|hologic|karl\s+storz|smith\s*&\s*nephew)"
    r"[ \t]+(?:[A-Z]{1,4}-)?$", re.IGNORECASE)


def _model_number(text: str, s: int) -> bool:
    """A code that is a device's model: glued to a model family's letters ("CF-HQ190L": no number
    in the code's own pattern starts there) or right after a maker's name."""
    if s >= 2 and text[s - 1] == "-" and text[s - 2].isalpha():
        k = s - 2
        while k > 0 and text[k - 1].isalpha():
            k -= 1
        return k == 0 or not (text[k - 1].isalnum() or text[k - 1] == "-")  # "CF-", not "22CR-AB-"
    return _MAKER_BEFORE.search(text, max(0, s - 28), s) is not None


def _heads_automaton():
    auto = ahocorasick.Automaton()
    for h in _LABEL_HEADS:
        auto.add_word(h, len(h))
    auto.make_automaton()
    return auto


_HEADS = _heads_automaton()
#: a Medicare Beneficiary Identifier in CMS's published format (cms.gov, "Understanding the
#: MBI"): 11 characters, digit 1-9, letter, letter or digit, digit, letter, letter or digit,
#: digit, letter, letter, digit, digit; letters never S, L, O, I, B, Z; printed with dashes after
#: the 4th and 7th. The shape alone names a person's plan number, label or not.
_MBI_L = "AC-HJKMNP-RT-Y"
_MBI = re.compile(
    rf"(?<![\w-])[1-9][{_MBI_L}][{_MBI_L}0-9]\d(?P<d>-?)[{_MBI_L}][{_MBI_L}0-9]\d(?P=d)[{_MBI_L}]{{2}}\d\d(?![\w-])")
#: digits, letters, digits: "22-JV-0117", "19-PR-3321" (boundaries checked in code: a leading
#: lookbehind would be tried at every character)
_DASHED_CODE = re.compile(r"\d{2,4}-[A-Z]{1,4}-\d{3,8}")
#: the middle of every _DASHED_CODE match, led by a literal (a scan for it runs at C speed; the
#: code's own scan tries its digit class at every character): searched for first
_DASHED_MIDDLE = re.compile(r"-[A-Z]{1,4}-\d")
_DIGIT = regex.compile(r"\d")
_ANY_DIGIT = re.compile(r"\d")  # stdlib: one scan of a text for any (Unicode) digit
#: spaced groups that continue an SSN or card number after its label ("402 19 8877")
_MORE_GROUPS = regex.compile(r"(?:[ \t]\d{2,7}){1,4}(?![\w-])")
_GLUED_MRN = regex.compile(r"(?-i:MRN)[#:]?\s*(?P<v>[A-Z0-9](?:[A-Z0-9]|-(?=[A-Z0-9])){3,24})(?![\w-])")
_SIGNATURE = regex.compile(
    r"(?<=\w[.,]?\s*,?\s*)(?:M\.D\.|MD|D\.O\.|DO|R\.N\.|RN|N\.P\.|NP|PA-C|Ph\.D\.|PhD|DDS|DMD|"
    r"PharmD|MBBS|FACP|FACS|MPH)\.?[ \t]+(?P<v>\d{4,10})[ \t]*$", regex.MULTILINE)
#: every templated identifier holds three digits in a row, with at most ~20 letters before
#: them ("CRIMSON-0447") and a few groups after; context words are looked up in the whole
#: text, so windows need not hold them. Near digit runs are chained into one hit.
_DIGIT_GATE = regex.compile(r"\d{3}(?:[^\n]{0,24}?\d{3})*")
_BEFORE, _AFTER = 24, 24
#: where each template can start, for the exact regex it was checked against (see
#: detectors/_scan.py). "digits:LO-HI": at a run of LO..HI digits after no letter or digit
#: ("digits:3-3a": not followed by a letter); "word": at a word start with a letter at most 24
#: letters, digits or hyphens before a 3-digit run; "iban": at 'two letters, two digits';
#: "vin"/"dea": at such a word start whose word has the template's length.
_ANCHOR_RULES = {
    "ssn-dashed": ("a58d0ba9a457", "digits:3-3a"), "ssn-spaced": ("dfb2b7241900", "digits:3-3a"),
    "ssn-plain": ("fa8d9a100fff", "digits:9-9"), "credit-card": ("c558a3f5fc27", "digits:4-19"),
    "npi": ("0aa0ddaed886", "digits:10-10"), "long-number": ("45a409219dc5", "digits:7-18"),
    "iban": ("247fb7e49be8", "iban"), "vin": ("100ad01f4da6", "vin"),
    "dea": ("07c14eb7043d", "dea"), "coded-identifier": ("9e8ab55d7fb2", "word"),
}
#: a value followed by one of these is a measurement, not an identifier
_UNIT_AFTER = regex.compile(
    r"[ \t]*(?:mg|mcg|ug|g|gm|kg|lbs?|ml|cc|l|units?|iu|meq|mmol|mmhg|bpm|%|x|times|tabs?|tablets?|"
    r"caps?|days?|weeks?|wks?|months?|years?|yrs?|hours?|hrs?|min|cm|mm|in|ft)\b", regex.IGNORECASE)
#: the next field's label after a value ("unit: 8 west", "rm # 4"): no measurement's unit
_LABEL_NEXT = regex.compile(r"[ \t]*[A-Za-z]+[ \t]*[:#]")
_DATE_LIKE = regex.compile(r"\d{1,2}[/.-]\d{1,2}(?:[/.-](?:\d{2}|\d{4}))?$|(?:19|20)\d\d[/.-]\d{1,2}[/.-]\d{1,2}$")
_RATIO = regex.compile(r"\d{2,3}/\d{2,3}$")
_FREQUENCY = regex.compile(r"\d{1,2}[wWxXdD]\d{1,2}")


def _could_be_date(value: str) -> bool:
    """A date's shape holding a month and a day ("03-09-2016", "12/1"); not "33-09-5816"."""
    parts = [int(x) for x in re.split(r"[/.-]", value) if x.isdigit()]
    if len(parts) < 2:
        return True
    a, b = parts[0], parts[1]
    if len(str(parts[0])) == 4:  # year first: "2016-09-03"
        return len(parts) > 2 and 1 <= b <= 12 and 1 <= parts[2] <= 31
    return 1 <= a <= 31 and 1 <= b <= 31 and (a <= 12 or b <= 12)


def _plausible(value: str, strong: bool) -> bool:
    """A labelled value reads as an identifier: enough digits, not a date, ratio or year."""
    digits = sum(ch.isdigit() for ch in value)
    alnum = sum(ch.isalnum() for ch in value)
    if digits < 2 or alnum < 3:
        return False
    if _DATE_LIKE.match(value) and _could_be_date(value) or _RATIO.match(value) or _FREQUENCY.fullmatch(value):
        return False  # ("SN 2w4": skilled nursing twice a week for four weeks)
    if not strong:
        # weak labels ("ID", "record"): a 4+-digit number or a letters-and-digits code
        if digits < 4 and not (digits >= 3 and any(ch.isalpha() for ch in value)):
            return False
        if value.isdigit() and len(value) == 4 and value[:2] in ("19", "20"):
            return False  # a year
    return True


class IdDetector(Detector):
    """Identifiers: checksummed shapes from templates, labelled numbers from one label pass."""

    name = "scrub.ids.v1"
    entities = ("ssn", "mrn", "reference_number", "account", "health_plan", "license", "vehicle",
                "device", "credit_card", "iban")
    template_families = ("ids",)

    DEFAULT_RULES = {"dashed_code": 0.75, "labelled": 0.92, "labelled_generic": 0.85, "glued_mrn": 0.90,
                     "signature_number": 0.80, "mbi": 0.85}

    def validators(self) -> dict:
        return {"ssn": ssn, "luhn": luhn, "iban": iban, "vin": vin, "npi": npi, "dea": dea,
                "coded": coded, "long_number": long_number}

    @cached_property
    def rules(self) -> dict:
        found = load_rules(self.settings.templates_dir, "ids")
        return {**self.DEFAULT_RULES, **{k: float(found[k]) for k in found if k in self.DEFAULT_RULES}}

    @cached_property
    def _matchers(self) -> dict[str, TemplateMatcher]:
        """One matcher per anchor kind; "search" holds the templates without a checked rule."""
        groups = _scan.split_by_anchor(self.matcher._compiled, _ANCHOR_RULES)
        return {k: TemplateMatcher(ts, self.name, self.validators()) for k, ts in groups.items()}

    @cached_property
    def _kinds(self) -> list[tuple[str, TemplateMatcher, tuple[int, int, bool] | None]]:
        """(anchor kind, matcher, (lo, hi, no letter after) of a "digits:LO-HI[a]" kind or None)."""
        out = []
        for kind, matcher in self._matchers.items():
            bounds = None
            if kind.startswith("digits:"):
                lo, hi = kind[7:].rstrip("a").split("-")
                bounds = (int(lo), int(hi), kind.endswith("a"))
            out.append((kind, matcher, bounds))
        return out

    def _templated(self, text: str) -> list[Candidate]:
        """Template candidates: anchored where the class scan allows, else searched in windows."""
        cls = _scan.classes(text)
        if cls is None:
            return self.matcher.match(text, gate_windows(text, _DIGIT_GATE, _BEFORE, _AFTER, long_runs=40))
        n = len(text)
        word = _scan._WORD
        runs = [(m.start(), m.end()) for m in _scan._RUN3.finditer(cls)]
        if not runs and cls.find(b"aa00") < 0:
            # every template holds three digits in a row (the searched ones: the digit gate),
            # except an IBAN, anchored at 'two letters, two digits'
            return []
        free = [(s, e) for s, e in runs if s == 0 or cls[s - 1] not in word]
        words = None
        out: list[Candidate] = []
        for kind, matcher, bounds in self._kinds:
            if kind == "search":
                out += matcher.match(text, gate_windows(text, _DIGIT_GATE, _BEFORE, _AFTER, long_runs=40))
                continue
            if bounds is not None:
                lo, hi, no_letter = bounds
                starts = [s for s, e in free if lo <= e - s <= hi and not (no_letter and e < n and cls[e] == _scan._A)]
                if not starts:
                    continue
            elif kind == "iban":
                starts = _scan.iban_heads(cls)
            else:
                if words is None:
                    words = _scan.token_starts_before(cls, [s for s, _ in runs], 24)
                if kind == "word":
                    starts = [p for p in words if cls[p] == _scan._A]
                else:  # a word of exactly 17 (VIN) or 9 (DEA) letters and digits
                    size = 17 if kind == "vin" else 9
                    starts = [p for p in words
                              if (p + size == n or (p + size < n and cls[p + size] not in word))
                              and not cls[p:p + size].translate(None, b"a0")
                              and (size == 17 or cls[p + 2:p + 9] == b"0000000")]
            out += matcher.match_at(text, _scan.anchors(starts, n))
        if len(out) < 2:
            return out
        order = self._order
        return sorted(out, key=lambda c: order.get(c.why, len(order)))  # as one scan gave them

    @cached_property
    def _order(self) -> dict[str, int]:
        """why → the place of its template in the file (see _scan.in_template_order)."""
        return {f"template:{t.id}": k for k, t in enumerate(self.templates)}

    @staticmethod
    def _signatures(text: str):
        """Matches of the signature-number pattern ("Jane Roe, MD 12345" at a line's end).

        Tried only at runs of 4-10 digits after a blank and before the end of their line (the
        class scan's runs); the whole-text search when the class string is refused.
        """
        cls = _scan.classes(text)
        if cls is None:
            yield from _SIGNATURE.finditer(text)
            return
        n = len(text)
        for m in _scan._RUN3.finditer(cls):
            s, e = m.span()
            if not (4 <= e - s <= 10 and s and cls[s - 1] in (32, 9)):
                continue
            j = e
            while j < n and cls[j] in (32, 9):
                j += 1
            if j < n and cls[j] != 10:
                continue
            k = s - 1
            while k > 0 and cls[k - 1] in (32, 9):
                k -= 1
            found = _SIGNATURE.search(text, max(0, k - 10), j)
            if found and found.span("v") == (s, e):
                yield found

    @staticmethod
    def _mbis(text: str):
        """Matches of the MBI pattern, tried only where its last four characters ('two letters,
        two digits': the class string's b"aa00") end it, 11 or 13 characters from its start."""
        cls = _scan.classes(text)
        if cls is None:
            yield from _MBI.finditer(text)
            return
        i = cls.find(b"aa00", 7)
        last = -1
        while i >= 0:
            for st in (i - 7, i - 9):
                if st > last and st >= 0 and cls[st] == _scan._ZERO:
                    m = _MBI.match(text, st)
                    if m:
                        last = m.end()
                        yield m
                        break
            i = cls.find(b"aa00", i + 1)

    @staticmethod
    def _labelled(text: str):
        """Matches of the label pattern, tried only where a label's first word starts.

        (One Aho-Corasick pass over the whole text: the automaton copies its input on every
        call, so calling it per window would cost the whole text each time.)
        """
        lower = text.lower()
        if len(lower) != len(text):
            lower = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
        last_end = -1
        n = len(text)
        cls = _scan.classes(text)
        for end, length in _HEADS.iter(lower):
            start = end - length + 1
            if start < last_end or (start > 0 and (lower[start - 1].isalnum() or lower[start - 1] == "/")):
                continue
            if end + 1 < n and lower[end + 1].isalpha():
                continue  # a longer word ("idea", "ordered", "planned"): no label starts here
            if (cls.find(b"0", start, start + 72) < 0) if cls is not None else not _DIGIT.search(text, start, start + 72):
                continue  # no value can follow: skip the costly label pattern
            m = _LABEL_RE.match(text, start, min(n, start + 160))
            if m:
                last_end = m.end()
                yield m

    def detect(self, doc: Document) -> list[Candidate]:
        text = doc.text
        if not _ANY_DIGIT.search(text):
            return []  # every template, label value, glued MRN and signature number holds digits
        rules = self.rules
        out = [c for c in self._templated(text) if not (
            c.why == "template:coded-identifier" and _model_number(text, c.start))]
        for m in self._labelled(text):
            ent, strong = next(_GROUP[g] for g in _GROUP if m.group(g) is not None)
            s, e = m.span("v")
            value = m.group("v")
            while value and value[-1] in "./-":
                value, e = value[:-1], e - 1
            if ent in ("ssn", "credit_card", "account", "health_plan", "iban") and value.isdigit():
                more = _MORE_GROUPS.match(text, e)
                if more:
                    e = more.end()
                    value = text[s:e]
            if " " in value and not value.isdigit() and not (
                    # a record's own label ("MRN HP 55-0217") vouches for five digits and a dash
                    ent == "mrn" and "-" in value and sum(ch.isdigit() for ch in value) >= 5) and not (
                    # a plate ("plate 7K 4419"): two groups of letters and digits
                    ent == "vehicle" and any(ch.isalpha() for ch in value) and sum(ch.isdigit() for ch in value) >= 3) and (
                    sum(ch.isdigit() for ch in value) < _SPACED_DIGITS
                    or not _SPACED_LABEL.search(text, m.start(), s)):
                continue
            if not _plausible(value, strong) or _UNIT_AFTER.match(text, e) and not (
                    _LABEL_NEXT.match(text, e) or value.count("-") >= 2):
                continue  # ("mrn: 7120-0459-88 unit: 8 west": the next field's label, no dose's unit)
            if ent == "credit_card" and luhn(value) is False:
                continue  # a published test card is nobody's, whatever its label says
            if ent == "credit_card" and not 12 <= len(_digits(value)) <= 19:
                ent = "account"  # "card 12345": a membership or loyalty card number
            like = rules["labelled"] if strong else rules["labelled_generic"]
            out.append(Candidate(s, e, ent, like, self.name, f"context:label-{ent}"))
        if len(text) >= 11:
            like = rules["mbi"]
            for m in self._mbis(text):
                if any(c.start < m.end() and m.start() < c.end for c in out):
                    continue  # labelled already
                out.append(Candidate(m.start(), m.end(), "health_plan", like, self.name, "context:mbi-format"))
        for m in _GLUED_MRN.finditer(text):
            if sum(ch.isdigit() for ch in m.group("v")) >= 3:
                out.append(Candidate(*m.span("v"), "mrn", rules["glued_mrn"], self.name,
                                     "context:glued-mrn"))
        if "-" in text and _DASHED_MIDDLE.search(text):
            for m in _DASHED_CODE.finditer(text):
                s, e = m.span()
                if (s and (text[s - 1].isalnum() or text[s - 1] in "-_")) or (e < len(text) and (text[e].isalnum() or text[e] in "-_")):
                    continue
                out.append(Candidate(s, e, "reference_number", rules["dashed_code"], self.name,
                                     "context:dashed-code"))
        if "#" in text or "ID" in text or "id" in text:
            like = rules["labelled"]
            for m in _BADGE_MARK.finditer(text):
                if not _BADGE_ROLE.search(text, max(0, m.start() - 72), m.start()):
                    continue
                s, e = m.span("v")
                before = text[max(0, s - 24):s].rstrip(" \t#:(").rsplit(None, 1)
                if before and before[-1].lower().rstrip(".:") in _NOT_BADGE_BEFORE:
                    continue
                v = m.group("v")
                if v.isdigit() and len(v) == 4 and v[:2] <= "23" and v[2:] <= "59" and "#" not in text[m.start():s]:
                    continue  # "interpreter ID 1400": a time more likely than a number
                out.append(Candidate(s, e, "reference_number", like, self.name, "context:badge-number"))
        for m in self._signatures(text):
            v = m.group("v")
            if len(v) == 4 and v[:2] <= "23" and v[2:] <= "59":
                continue  # "Tina Wolf RN 1930": the time a nurse signed, not a number
            out.append(Candidate(*m.span("v"), "reference_number", rules["signature_number"],
                                 self.name, "context:signature-number"))
        return out
