"""A generator of letters and notes about subjects who share towns, ages and birth years, built
from templates and real name and place lists, with the position of every identifier known.

Names: US Census 1990 first names by sex and surnames (tests/data/replace_lexicon.tsv); towns and
their ZIP codes: USPS via the `zipcodes` package (tests/data/corpus_towns.tsv); hospitals: CMS.
Deterministic for a seed. Also a command line, for the benchmarks:

    python tests/corpus_gen.py --subjects 2000 --out /tmp/corpus.jsonl [--mb 100]
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import random
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).parent / "data"
CARE_YEAR = 2021

MONTHS = ("January February March April May June July August September October November "
          "December").split()


@dataclass(frozen=True)
class Subject:
    id: str
    first: str
    last: str
    sex: str          # "M" or "F"
    age: int          # at the visits (all in CARE_YEAR)
    birth: dt.date
    town: str
    state: str
    zip: str
    street: str
    house: int

    @property
    def truth(self) -> dict[str, str]:
        """The quasi-identifiers the letters state, as scrub.fielded spells them."""
        return {"age": str(self.age), "sex": self.sex, "zip": self.zip,
                "city": f"{self.town}, {self.state}", "state": self.state,
                "birth_year": str(self.birth.year)}


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    label: str        # NAME, DATE, DOB, AGE, SEX, STREET, CITY, STATE, ZIP, PHONE, HOSPITAL
    value: str


@dataclass(frozen=True)
class Letter:
    id: str
    subject: str
    text: str
    spans: tuple[Span, ...]

    def to_json(self) -> dict:
        return {"id": self.id, "subject": self.subject, "text": self.text,
                "spans": [[s.start, s.end, s.label] for s in self.spans]}


def _lists() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in (DATA / "replace_lexicon.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, value, _ = line.split("\t")
            out.setdefault(name, []).append(value)
    return out


def _towns() -> list[tuple[str, str, str]]:
    rows = []
    for line in (DATA / "corpus_towns.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            town, state, zipc = line.split("\t")
            rows.append((town, state, zipc))
    return rows


def make_subjects(n: int, seed: int = 7, towns: int = 5, ages: tuple[int, ...] = (
        34, 36, 41, 47, 48, 52, 63, 67, 71), id_prefix: str = "P") -> list[Subject]:
    """`n` subjects living in `towns` towns (one or two ZIPs each), of a few ages: many share
    a town, an age and so a birth year, as patients of one practice do."""
    rng = random.Random(seed)
    lists = _lists()
    places = _towns()
    by_town: dict[tuple[str, str], list[str]] = {}
    for town, state, zipc in places:
        by_town.setdefault((town, state), []).append(zipc)
    chosen = rng.sample(sorted(by_town), towns)
    out = []
    for i in range(n):
        sex = rng.choice("MF")
        first = rng.choice(lists["first_names_male" if sex == "M" else "first_names_female"])
        last = rng.choice(lists["surnames"])
        age = rng.choice(ages)
        birth_month = rng.randint(1, 12)
        birth_day = rng.randint(1, 28)
        # the visits are in March of CARE_YEAR: a birthday after March is still to come
        year = CARE_YEAR - age - (1 if birth_month > 3 else 0)
        town, state = chosen[rng.randrange(len(chosen))]
        zipc = rng.choice(by_town[(town, state)])
        street = rng.choice(lists["surnames"]).title() + rng.choice(
            [" Street", " Avenue", " Road"])
        out.append(Subject(f"{id_prefix}{i:04d}", first.title(), last.title(), sex, age,
                           dt.date(year, birth_month, birth_day), town, state, zipc, street,
                           rng.randint(2, 480)))
    return out


# Templates: {field} is filled and its span recorded with the label in LABELS.
TEMPLATES = (
    """{visit}

{doc_first} {doc_last}, M.D.
{hospital}
{house} {street}
{town}, {state} {zip}

RE: {first} {last}
DOB {dob}

Dear Dr. {doc_last}:

I saw {title} {last} in clinic today. {He} is a {age} year old {sexword} from {town2} who
came for follow up of hypertension. {He} reports no chest pain. Please call {his} daughter
at {phone} if you need anything.

Sincerely,
{sign_first} {sign_last}, M.D.
""",
    """Patient: {first} {last}    DOB: {dob}
Date of visit: {visit}
{age_n} yo {mf} seen for diabetes follow up. Lives at {house} {street}, {town}, {state} {zip}.
{He} checks {his} sugars twice a day and is doing well.
""",
    """{visit}

To whom it may concern,

{title} {first} {last}, a {age}-year-old {sexword} of {town}, {state} {zip}, has been under my
care at {hospital}. {He} may return to work next week.

{sign_first} {sign_last}, M.D.
""",
)
LABELS = {"visit": "DATE", "dob": "DOB", "doc_first": "NAME", "doc_last": "NAME",
          "sign_first": "NAME", "sign_last": "NAME", "first": "NAME", "last": "NAME",
          "hospital": "HOSPITAL", "house": "STREET", "street": "STREET", "town": "CITY",
          "town2": "CITY", "state": "STATE", "zip": "ZIP", "age": "AGE", "age_n": "AGE",
          "title": "SEX", "He": "SEX", "his": "SEX", "sexword": "SEX", "mf": "SEX",
          "phone": "PHONE"}


def _fill(template: str, values: dict[str, str]) -> tuple[str, tuple[Span, ...]]:
    out: list[str] = []
    spans = []
    pos = 0
    i = 0
    while True:
        j = template.find("{", i)
        if j < 0:
            out.append(template[i:])
            break
        k = template.index("}", j)
        out.append(template[i:j])
        pos += j - i
        name = template[j + 1:k]
        value = values[name]
        out.append(value)
        spans.append(Span(pos, pos + len(value), LABELS[name], value))
        pos += len(value)
        i = k + 1
    return "".join(out), tuple(spans)


def make_letters(subjects: list[Subject], seed: int = 11, per_subject: tuple[int, int] = (1, 3)
                 ) -> list[Letter]:
    """Letters and notes about each subject, in subject order; ids `<subject>-<n>`."""
    rng = random.Random(seed)
    lists = _lists()
    letters = []
    for s in subjects:
        for n in range(rng.randint(*per_subject)):
            visit = dt.date(CARE_YEAR, 3, rng.randint(1, 28))
            he = "He" if s.sex == "M" else "She"
            values = {
                "visit": f"{MONTHS[visit.month - 1]} {visit.day}, {visit.year}",
                "dob": s.birth.strftime("%m/%d/%Y"),
                "doc_first": rng.choice(lists["first_names_female"] + lists["first_names_male"]).title(),
                "doc_last": rng.choice(lists["surnames"]).title(),
                "sign_first": rng.choice(lists["first_names_female"] + lists["first_names_male"]).title(),
                "sign_last": rng.choice(lists["surnames"]).title(),
                "first": s.first, "last": s.last,
                "hospital": rng.choice(lists["hospitals"]),
                "house": str(s.house), "street": s.street, "town": s.town, "town2": s.town,
                "state": s.state, "zip": s.zip, "age": str(s.age), "age_n": str(s.age),
                "title": "Mr." if s.sex == "M" else rng.choice(["Mrs.", "Ms."]),
                "He": he, "his": "his" if s.sex == "M" else "her",
                "sexword": "man" if s.sex == "M" else "woman", "mf": s.sex,
                "phone": f"(617) 555-{rng.randint(100, 199):04d}",
            }
            text, spans = _fill(TEMPLATES[rng.randrange(len(TEMPLATES))], values)
            letters.append(Letter(f"{s.id}-{n + 1}", s.id, text, spans))
    return letters


def write_jsonl(letters: list[Letter], path: Path, with_spans: bool = False) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for lt in letters:
            obj = lt.to_json() if with_spans else {"id": lt.id, "subject": lt.subject,
                                                    "text": lt.text}
            fh.write(json.dumps(obj, ensure_ascii=False) + "\n")


def write_folder(letters: list[Letter], folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for lt in letters:
        (folder / f"{lt.id}.txt").write_text(lt.text, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--subjects", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--mb", type=float, default=0.0,
                    help="repeat subjects (with new ids) until the file holds this many MB")
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    target = int(args.mb * 1e6)
    written = 0
    # one batch of letters, repeated under new subject ids until the size is reached (large
    # benchmark inputs in seconds; a batch's subjects share towns and ages with each other)
    letters = make_letters(make_subjects(args.subjects, args.seed, id_prefix="P"),
                           args.seed + 1000)
    batch = 0
    with open(args.out, "w", encoding="utf-8") as fh:
        while True:
            lines = [json.dumps({"id": f"B{batch}{lt.id}", "subject": f"B{batch}{lt.subject}",
                                 "text": lt.text}, ensure_ascii=False) + "\n" for lt in letters]
            block = "".join(lines)
            fh.write(block)
            written += len(block.encode("utf-8"))
            batch += 1
            if written >= target:
                break


if __name__ == "__main__":
    main()
