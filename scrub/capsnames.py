"""Names written in capitals (or small letters) inside a normally cased document, read as names.

EHR headers, signatures and hurried notes put a name in capitals in a note that is otherwise
cased as English is ("Pt: ACHTERBERG, ROSALIND", "seen by Dr. OYELARAN", "wife ROSA at
bedside", "IGNATIUS BELLWEATHER, MD"). In such a note capitals are the shape of an abbreviation
(CABG, NSR, MAE), so a detector that reads them so misses the name. For a document with both
cases the engine hands the detectors a view of the same length in which a run of one to four
words in capitals is Capitalized ("Oyelaran", "Ashworth-Pike") when its context names a person:

- right after a title ("Dr.", "Mrs", "Rev.") or a kin or care-giver word ("wife", "son",
  "daughter-in-law", "roommate", "coordinator"), or one of these and an opening "(" or quote;
- right after a person's field label ("Pt:", "Patient:", "Name:", "Physician:", "RN:",
  "Signed by:", "From:");
- right before a credential (", MD", " RN", ", NNP-BC"), the run then possibly led by initials
  ("--K. ODUYA RN");
- alone in double quotes ("BILLY"), a nickname, when it is a listed first name.

Names typed in small letters after a kin word or a person's label ("wife mary", "Pt: okafor")
are Capitalized too when each word is a listed first name or surname that English mostly
Capitalizes or does not use ("mary", "okafor"; not "will", "hope").

Every word of the run must be no medical word or abbreviation, title, credential or state code;
an English word (of the commonest 50,000, mostly written in small letters) only if it is one of
the 1,000 commonest first names ("HOPE") or a listed surname of four letters or more ("PRICE").
The run ends before the first word that fails ("ACHTERBERG, ROSALIND MRN"). But after a title or
before a credential, at least one of its words must be a listed first name or surname: "Pt: NPO",
"wife HAS", "son (ICU RN)" stay as written. Offsets never move: only a letter's case changes.
"""
from __future__ import annotations

import re

import regex

from .truecase import NICK_CUES, NICK_IN_QUOTES, lower_aligned
from .templates import UNIT_ABBREV

#: words in capitals: letters, with inner hyphens or apostrophes ("ASHWORTH-PIKE", "O'BRIEN")
_CAPS = r"\p{Lu}[\p{Lu}'’]*\p{Lu}(?:-\p{Lu}[\p{Lu}'’]*\p{Lu})*"  # any alphabet: "CASTELLVÍ"
#: a run of words in capitals, a comma allowed after the first ("OYELADE, FOLASADE")
_RUN = rf"(?P<run>{_CAPS}(?:,?[ \t]+{_CAPS})?(?:[ \t]+{_CAPS}){{0,2}})(?![\w'’-])"
#: a person's field labels before a colon ("Pt:", "Physician:", "Signed by:")
_LABEL_FORMS = frozenset((
    "Pt PT Patient PATIENT Name NAME Physician PHYSICIAN Attending ATTENDING Provider PROVIDER Resident "
    "Surgeon SURGEON Referring REFERRING PCP Nurse NURSE RN LPN PCT NP PA MD From FROM To Attn ATTN "
    "Contact CONTACT HCP Guardian GUARDIAN Interpreter Caregiver").split() + [
    "Patient Name", "PATIENT NAME", "Signed by", "SIGNED BY", "Electronically signed by", "Dictated by",
    "DICTATED BY", "Emergency contact"])
_CREDENTIALS = (r"(?:MD|M\.D\.|RN|R\.N\.|NP|NP-C|FNP|FNP-BC|ANP|NNP-BC|PA-C|LPN|LCSW|LICSW|MSW|CNM|CRNA|"
                r"RPh|PharmD|DPT|OTR|SLP|PhD|DNP|CNS)")
#: credentials that are also clinical abbreviations ("PT" a patient or physical therapy, "DO"):
#: only where the line or the clause ends right after them
_SHORT_CREDENTIALS = r"(?:DO|PT|OT|PA|RD)"
#: a run (possibly led by initials) right before a credential that follows a comma or ends the
#: line or the clause ("BELLWEATHER, MD", "K. ODUYA RN", "MCCARTHY, PT x6655"; not
#: "NEW PT CONSULT", "WBAT, PT POD 0")
_BEFORE_CREDENTIAL = regex.compile(
    rf"(?<![\w'’])(?:[A-Z]\.[ \t]?){{0,2}}{_RUN}(?=(?:,[ \t]*{_CREDENTIALS}(?![\w-])(?![ \t]*\d)"
    rf"|,?[ \t]+(?:{_CREDENTIALS}|{_SHORT_CREDENTIALS})(?=[ \t]*(?:$|[,/|]|x\d))))", re.MULTILINE)
_CREDENTIAL_FORMS = frozenset((_CREDENTIALS[3:-1] + "|" + _SHORT_CREDENTIALS[3:-1]).replace("\\.", ".").split("|"))
#: a nick name in small letters in quotes after a kin word or a call ('Son "rich" called')
_QUOTED_LOW = regex.compile(r"(?<![\w'’-])(?i:" + NICK_CUES + ")" + NICK_IN_QUOTES)
#: what every match of _QUOTED_LOW holds (NICK_IN_QUOTES: a blank, a quote, a small letter): a
#: plain scan for it spares the case-blind search of its cues through most notes
_QUOTED_LOW_SCREEN = re.compile(r' ["“][a-z]')
_QUOTE_STOP = frozenset("""the a an my his her their your our me him it this that no yes ok okay home help""".split())
_QUOTED = regex.compile(r"[\"“](?P<run>\p{Lu}[\p{Lu}'’]+)[\"”]")

#: names typed in small letters after a kin word or a person's label ("wife mary", "Pt:
#: delacroix"): one to three words, not the start of an e-mail address (the names detector reads
#: "dr smith" itself)
_LOW = r"[a-z][a-z'’]*[a-z](?:-[a-z][a-z'’]*[a-z])*"

#: the context words, found in one pass of an Aho-Corasick automaton over the lower-cased text
#: (a regex alternation tried at every position cost 0.9 µs a character): each word's kinds
_TITLE_WORDS = ("dr", "mr", "mrs", "ms", "miss", "mx", "prof", "rev", "fr", "sr", "sister", "father",
                "pastor", "rabbi")
#: the titles as they are written: Capitalized or in small letters, in capitals only dotted
#: ("MS CENTER" is no title)
_TITLE_DOTTED = frozenset(["DR", "MR", "MRS", "MS"])
_TITLE_FORMS = frozenset([w.capitalize() for w in _TITLE_WORDS] + ["dr", "mr", "mrs", "ms"]) | _TITLE_DOTTED
_KIN_WORDS = ("wife husband son daughter mother mom mum father dad sister brother spouse partner "
              "fiance fiancee fiancé fiancée girlfriend boyfriend friend roommate neighbor neighbour "
              "grandson granddaughter grandmother grandfather grandma grandpa niece nephew aunt uncle "
              "cousin stepson stepdaughter son-in-law daughter-in-law sister-in-law brother-in-law "
              "mother-in-law father-in-law "
              "caregiver guardian coordinator dietitian dietician interpreter chaplain aide rph").split() + [
    "spoke w/", "spoke with", "talked w/", "talked with", "message left with", "left message with"]
_COLON = re.compile(r"[ \t]*:")
_RUN_AFTER = regex.compile(rf"[ \t]*[(\"“]?[ \t]*{_RUN}")
_LOW_AFTER = re.compile(rf"[ \t]*[(\"“]?[ \t]*(?P<run>{_LOW}(?:,?[ \t]+{_LOW})?(?:[ \t]+{_LOW})?)(?![\w'’-]|[.@/]\w)")
_LOW_WORD = re.compile(_LOW)
#: words in small letters that go on about a title rather than name its bearer ("Dr. aware")
_AFTER_TITLE_STOP = frozenset("""a an the and or but of on in at to for by with from as is was are were be been
has had have will would can could may might must shall should do does did not no yes ok re
aware notified called paged page informed updated here there office offices appt appointment note
notes order orders said says saw see sees seen came gave told asked wants wanted already also just
now then still again feels felt thinks agrees agreed recommends recommended states stated
reports reported""".split())
_CAPS_RE = regex.compile(_CAPS)
_AUTOMATON = None


def _contexts():
    global _AUTOMATON
    if _AUTOMATON is None:
        import ahocorasick
        kinds: dict[str, set[str]] = {}
        for kind, words in (("title", _TITLE_WORDS), ("kin", _KIN_WORDS),
                            ("label", [w.lower() for w in _LABEL_FORMS]),
                            ("credential", [w.lower() for w in _CREDENTIAL_FORMS])):
            for w in words:
                kinds.setdefault(w, set()).add(kind)
        a = ahocorasick.Automaton()
        for w, k in kinds.items():
            a.add_word(w, (frozenset(k), len(w)))
        a.make_automaton()
        _AUTOMATON = a
    return _AUTOMATON


#: a document needs this many lower-case letters to count as normally cased
MIN_LOWER = 40
#: at least MIN_LOWER lower-case letters, anywhere: one anchored match, not a generator of them
#: (a failed letter class after each run gives up at once: linear, no backtracking to speak of)
_ENOUGH_SMALL = re.compile(r"(?:[^a-z]*[a-z]){%d}" % MIN_LOWER)


def _eligible(word: str, lexicon) -> bool:
    """A word in capitals that may be a name: no medical word, title, credential or state code."""
    cap = word[0] + word[1:].lower()
    low = word.lower()
    if len(word) < 2 or lexicon.is_medical(low) or lexicon.is_medical(word) or lexicon.is_title(cap) \
            or lexicon.is_degree(word) or lexicon.is_degree(cap):
        return False
    if len(word) == 2 and lexicon.is_state(word):
        return False
    if UNIT_ABBREV.fullmatch(word):
        return False  # "MICU RN", "PACU RN": a unit's nurse
    share, band = lexicon.word_facts(low)
    if band is None or band >= 3 or (share or 0) >= 0.6:
        return True  # no word of the commonest 50,000, or one English mostly Capitalizes
    # an English word: one of the 1,000 commonest first names ("HOPE", "BILL"), or a listed
    # surname longer than three letters ("YOUNG", "PRICE"); "CAN", "HAS", "NEW" stay as written
    return lexicon.first_name_band(cap) == 0 or (len(word) > 3 and lexicon.is_surname(cap))


def _proper_low(word: str, lexicon) -> bool:
    """A word typed in small letters that is a name: a listed first name or surname that English
    mostly Capitalizes or does not use ("mary", "smith", "okafor"; not "will", "hope", "rose")."""
    if len(word) < 3 or lexicon.is_medical(word) or lexicon.is_title(word) or lexicon.is_degree(word):
        return False
    if "-" in word:  # "smith-jones": each part a name; "court-appointed" is none
        return all(_proper_low(p, lexicon) for p in word.split("-"))
    cap = word[0].upper() + word[1:]
    if not (lexicon.is_first_name(cap) or lexicon.is_surname(cap)):
        return False
    share, band = lexicon.word_facts(word)
    return band is None or band >= 3 or (share or 0) >= 0.6


def _foreign(word: str, lexicon) -> bool:
    """A word of five letters or more that no English word list knows at all ("DILNOZA",
    "CASTELLVÍ"): after a kin word or a person's label, a name the name lists lack."""
    return len(word) >= 5 and lexicon.word_facts(word.lower())[1] is None \
        and not lexicon.is_medical(word.lower()) and not lexicon.is_medical(word)


def _listed(word: str, lexicon) -> bool:
    cap = word[0] + word[1:].lower()
    parts = cap.replace("’", "'").split("-")
    return any(lexicon.is_first_name(p[0] + p[1:].lower()) or lexicon.is_surname(p[0] + p[1:].lower())
               for p in parts if len(p) >= 2)


def _after_capitals(text: str, c: int) -> bool:
    """Do two capitals (or a capital after an apostrophe) end the text before `c`, past blanks,
    a comma and blanks? Every run _BEFORE_CREDENTIAL finds ends so before its credential."""
    j = c
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    if j > 0 and text[j - 1] == ",":
        j -= 1
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    return j >= 2 and text[j - 1].isupper() and (text[j - 2].isupper() or text[j - 2] in "'’")


def caps_names(text: str, lexicon) -> list[tuple[int, int]]:
    """(start, end) of each word in capitals the view Capitalizes (see the module's doc)."""
    if _ENOUGH_SMALL.match(text) is None:
        return []
    out: list[tuple[int, int]] = []
    runs: list[tuple[int, int, bool]] = []  # (start, end, after a title or before a credential)
    lows: list[int] = []  # where a run in small letters may start
    titled_lows: list[int] = []  # ... right after a Capitalized title ("Dr. brown")
    credentials: list[int] = []  # where a credential starts
    # in small letters at the same offsets ("FIANCÉ" → "fiancé"; "İ", longer in small letters, kept)
    for end, (kinds, size) in _contexts().iter(lower_aligned(text)):
        start, end = end + 1 - size, end + 1
        before = text[start - 1] if start else ""
        if before.isalnum() or before == "_":
            continue
        nxt = text[end:end + 1]
        if "credential" in kinds and text[start:end] in _CREDENTIAL_FORMS:
            credentials.append(start)
        if "title" in kinds and before != "." and text[start:end] in _TITLE_FORMS:
            at = end + 1 if nxt == "." else end if nxt in (" ", "\t") and text[start:end] not in _TITLE_DOTTED else -1
            if at >= 0:
                m = _RUN_AFTER.match(text, at)
                if m is not None:
                    runs.append((m.start("run"), m.end("run"), True))
                elif nxt in (".", " ") and text[start:start + 1].isupper():
                    m = _LOW_AFTER.match(text, at)
                    if m is not None:
                        titled_lows.append(m.start("run"))
        if before == "-" or nxt.isalnum() or nxt in ("_", "-"):
            continue
        at = -1
        if "kin" in kinds:
            at = end
        if "label" in kinds and text[start:end] in _LABEL_FORMS:
            colon = _COLON.match(text, end)
            if colon is not None:
                at = colon.end()
        if at < 0:
            continue
        m = _RUN_AFTER.match(text, at)
        if m is not None:
            runs.append((m.start("run"), m.end("run"), False))
        m = _LOW_AFTER.match(text, at)
        if m is not None:
            lows.append(m.start("run"))
    # the credentials are rare: the runs before them are looked for in their lines only, and
    # only where one of them follows two capitals (a run's last letters) past ",", blanks
    lines_done: set[int] = set()
    for c in credentials:
        if not _after_capitals(text, c):
            continue
        lo = text.rfind("\n", 0, c) + 1
        if lo in lines_done:
            continue
        lines_done.add(lo)
        hi = text.find("\n", c)
        for m in _BEFORE_CREDENTIAL.finditer(text, lo, len(text) if hi < 0 else hi):
            if m.end("run") - m.start("run") > 3:  # "--KLM, CNM", "--AMW RN": initials, as written
                runs.append((m.start("run"), m.end("run"), True))  # the credential vouches as a title does
    for m in (_QUOTED_LOW.finditer(text) if _QUOTED_LOW_SCREEN.search(text) else ()):
        # 'Son "rich" called', 'calls out for "billy"': a nick name in quotes after a kin word
        for w in regex.finditer(r"[^\W\d_]+", m.group(1)):
            word = w.group()
            share = lexicon.capitalized_share(word)
            if len(word) >= 2 and not lexicon.is_medical(word) and word not in _QUOTE_STOP and (
                    share is None or share >= 0.5 or lexicon.is_first_name(word[:1].upper() + word[1:])):
                out.append((m.start(1) + w.start(), m.start(1) + w.end()))
    for m in _QUOTED.finditer(text):
        w = m.group("run")
        if len(w) >= 3 and _eligible(w, lexicon) and lexicon.is_first_name(w[0] + w[1:].lower()):
            out.append((m.start("run"), m.end("run")))
    for at in lows:
        m = _LOW_AFTER.match(text, at)
        for w in _LOW_WORD.finditer(text, m.start("run"), m.end("run")):
            if not _proper_low(w.group(), lexicon):
                break  # the run ends at its first word that is no name
            out.append((w.start(), w.end()))
    for at in titled_lows:
        # after a title any listed name is one, even an English word ("Dr. brown", "Rev. cash");
        # not a word that goes on about the title ("Dr. aware", "Dr. will see", "Dr. office")
        w = _LOW_WORD.match(text, at)
        word = w.group()
        if word in _AFTER_TITLE_STOP or lexicon.is_medical(word) or len(word) < 2:
            continue
        cap = word[0].upper() + word[1:]
        if lexicon.is_surname(cap) or lexicon.is_first_name(cap) or lexicon.word_facts(word)[1] is None:
            out.append(w.span())
            m = _LOW_AFTER.match(text, at)
            nxt_word = _LOW_WORD.search(text, w.end(), m.end("run"))
            if nxt_word is not None and _proper_low(nxt_word.group(), lexicon):
                out.append(nxt_word.span())
    for s, e, titled in sorted(set(runs)):
        words = [(w.start() + s, w.end() + s, w.group()) for w in _CAPS_RE.finditer(text[s:e])]
        # the run ends before its first word that can be no name ("ACHTERBERG, ROSALIND MRN")
        for k, (_, _, w) in enumerate(words):
            if not _eligible(w, lexicon):
                words = words[:k]
                break
        if not words:
            continue
        if not titled and not any(_listed(w, lexicon) or _foreign(w, lexicon) for _, _, w in words):
            continue
        out.extend((a, b) for a, b, _ in words)
    if out:
        # the same name in capitals again, alone ("daughters FAITH ASHWORTH-MBATHA and ... FAITH
        # asked about feeding"): a note that wrote it so once writes it so throughout
        named = {text[a:b] for a, b in out if b - a >= 3 and text[a:b].isupper()}
        if named:
            have = set(out)
            for m in _CAPS_RE.finditer(text):
                if m.group() in named and m.span() not in have and not (
                        m.start() and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "-'’")) \
                        and not (m.end() < len(text) and (text[m.end()].isalnum() or text[m.end()] == "-")):
                    out.append(m.span())
    return sorted(set(out))


def caps_names_view(text: str, lexicon) -> str | None:
    """`text` with the words of caps_names Capitalized (same length); None if there are none."""
    spans = caps_names(text, lexicon)
    if not spans:
        return None
    chars = list(text)
    for s, e in spans:
        up = text[s].upper()
        if len(up) == 1:
            chars[s] = up  # "mary" -> "Mary"
        for i in range(s + 1, e):
            c = text[i]
            low = c.lower()
            if len(low) == 1 and text[i - 1] not in "-'’":
                chars[i] = low
    return "".join(chars)
