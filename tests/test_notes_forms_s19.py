"""Organizations a note typed without capitals (or wholly in capitals) names in everyday words,
where a cue says one follows: a store, a ride, a school or an agency after "at", "to", "for",
"attends" or "outside" ("filled at cornerstone pharmacy", "drives for blue line taxi", "pt goes to
little acorns learning center"), and an insurer after an insurance field's label ("insurance:
sunridge health"), a name with "&" inside ("brightwater speech & language clinic"); a first name
that is an everyday word after a person's role ("pt bill mcandrew", "landlord (will brennan)");
a stay's first day before its length ("admitted 9/15 x 3 days"); a sign-off's initials before its
time ("-- dl rn 1015"); and the look-alikes they must leave alone: whose store it is ("sent to pt's
pharmacy", "from retail pharmacy", "for extra imaging"), a hand-off to an ambulance crew,, a field that names none ("insurance: no precert needed").

Every passage is fictitious and hand-written in the style of clinical notes. Each row names the
text the whole pipeline (without spaCy, at the default threshold 0.7) must cover and the text it
must leave alone.
"""
from __future__ import annotations

from orgs_support import ICU_CAPS as _CAPS
from orgs_support import ICU_LOW as _LOW
from orgs_support import note_forms_test

# (passage, [text that must be covered whole], [text that must not be touched])
CASES = [
    # ---- a store, a ride, a school or an agency after its cue, its words everyday ones
    (_LOW + "mom's meds filled at cornerstone pharmacy; methadone dosed daily at clinic.",
     ["cornerstone pharmacy"], ["methadone"]),
    (_LOW + "abx x 5 more days sent to desert bloom pharmacy. ibuprofen prn.", ["desert bloom pharmacy"],
     ["ibuprofen"]),
    (_CAPS + "RETIRED BAKER. FILLS MEDS AT CORNERSTONE DRUG, FAMILY REPORTS HE SKIPS DOSES.",
     ["CORNERSTONE DRUG"], ["FAMILY"]),
    (_LOW + "pt works 2nd shift at maple leaf packaging warehouse.", ["maple leaf packaging"], []),
    (_CAPS + "RIDE: HUSBAND DRIVES; HE WORKS NIGHTS AT CASTLEFORD PACKAGING SO NEEDS D/C BY 1300.",
     ["CASTLEFORD PACKAGING"], ["SO NEEDS"]),
    (_LOW + "back to part-time at harborview hardware since last month.", ["harborview hardware"], []),
    (_LOW + "mom asked re: daycare - pt goes to little acorns learning center, mom will call.",
     ["little acorns learning center"], []),
    (_CAPS + "REFERRAL MADE TO BRIGHT STEPS EARLY INTERVENTION, COORDINATOR TO CALL.",
     ["BRIGHT STEPS EARLY INTERVENTION"], ["COORDINATOR"]),
    (_CAPS + "CALLED ROADRUNNER WHEELCHAIR VAN DISPATCH FOR PICKUP AT 1500.", ["ROADRUNNER WHEELCHAIR VAN"], []),
    (_CAPS + "SPIRITUAL CARE PAGED, PANDIT FROM SRI GANESHA TEMPLE TO COME 6/14.", ["SRI GANESHA TEMPLE"], []),
    # ---- whose store or ride it is, or what kind: no name
    (_LOW + "lanthanum 500 mg tid; rx sent to pt's pharmacy. called pt's usual pharmacy.", [],
     ["pharmacy"]),
    (_LOW + "bridge supply of 10 tabs from retail pharmacy, paid by unit.", [], ["retail pharmacy"]),
    (_LOW + "there is no need for extra imaging or blood tests.", [], ["extra imaging"]),
    (_LOW + "medical clearance for court transport pending am ciwa.", [], ["court transport"]),
    (_LOW + "resident asks to attend mass - activities can arrange wheelchair van 2nd sundays.", [],
     ["activities can arrange"]),
    (_CAPS + "REPORT GIVEN TO CITY EMS FROM HOME, CREW AT BEDSIDE.", [], ["EMS"]),
    # ---- an insurer after an insurance field's label
    (_LOW + "insurance: sunridge health   member id: 4471\nec: sister", ["sunridge health"], ["sister"]),
    (_CAPS + "INS: LONE STAR MUTUAL HEALTH MEMBER # LSM-00482219. PT DRIVES.", ["LONE STAR MUTUAL HEALTH"], []),
    (_CAPS + "INSURANCE: KEYSTONE SENIOR ADVANTAGE   MBR ID: KSA882100", ["KEYSTONE SENIOR ADVANTAGE"], []),
    ("Housing: bed held.\n - Insurance: enrolled in Bluestem Health Plan as of 3/1.", ["Bluestem Health Plan"],
     ["enrolled"]),
    (_LOW + "insurance: no precert needed for traditional medicare; 3-midnight stay.", [], ["precert"]),
    # ---- "&" inside a name in small letters
    (_LOW + "plan: cont st 1h/day. outpt st at brightwater speech & language clinic once dc'd.",
     ["brightwater speech & language clinic"], ["plan"]),
    (_LOW + "outpt pt already scheduled at northshore sports & spine clinic feb 9.",
     ["northshore sports & spine clinic"], []),
    # ---- a first name that is an everyday word after a person's role
    (_LOW + "pt bill mcandrew  mrn 6619034  64m, here for c3.", ["bill mcandrew"], []),
    (_LOW + "says landlord (will brennan) gave 30 day notice.", ["will brennan"], []),
    (_LOW + "lactation consultant hope o'brien ibclc saw pt 0930.", ["hope o'brien"], []),
    (_LOW + "pt will see dr in am. rn will call.", [], ["will see", "will call"]),
    # ---- a common surname alone after "rn" in a note in capitals or small letters; a first name
    # and surname after a credential written without its period
    (_CAPS + "DORM 5 OFFICER: INMATE UNRESPONSIVE. RN LONG + LPN RESPONDED W/ AED.", ["LONG"], ["LPN"]),
    (_CAPS + "FLOWN IN -- FLT RN PRICE GAVE REPORT AT BEDSIDE.", ["PRICE"], []),
    (_LOW + "d/w np jane doe. rn will call back. report by floor rn prior to transfer. rn escort.",
     ["jane doe"], ["will call", "prior", "escort"]),
    # ---- a town after a home's or a stay's "in"
    ("Home: 2 story townhouse in Oakmere, bedroom upstairs.", ["Oakmere"], ["Home"]),
    (_CAPS + "HOME: 1 STORY HOUSE IN LAS PALOMAS, 2 STEPS TO ENTER.", ["LAS PALOMAS"], ["STEPS"]),
    (_LOW + "bib ems from home in dunhollow\ncc abd pain", ["dunhollow"], ["abd pain"]),
    ("Lives in a 2nd floor walk-up apartment in Port Ellery. 14 stairs, rail on R.", ["Port Ellery"], ["stairs"]),
    ("Pt is home in 2 days if stable. Went home in the evening.", [], ["evening"]),
    # ---- a stay's first day before its length; a sign-off's initials before the time
    ("Interval hx: admitted 9/15 x 3 days for neutropenic fever.", ["9/15"], []),
    ("Ondansetron: took 1/2 x 3 days, then stopped.", [], ["1/2"]),
    (_LOW + "denies si/hi.\n-- dl rn 1015\n", ["dl"], ["rn"]),
]


test_note_forms = note_forms_test(CASES)
