"""A small lexicon for the replacement tests, read from tests/data/replace_lexicon.tsv (real
Census 1990 names and CMS hospitals; see tests/data/LICENSES.md), with the methods of
scrub.lexicon.Lexicon that scrub.replace uses."""
from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data"


class FixtureLexicon:
    def __init__(self, path: Path = DATA / "replace_lexicon.tsv"):
        self.lists: dict[str, list[tuple[str, float]]] = {}
        self.nicks: dict[str, list[str]] = {}
        self.zip3: dict[str, int] = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line or line.startswith("#"):
                continue
            name, value, weight = line.split("\t")
            if name == "nicknames":
                nick, formal = value.split("|")
                self.nicks.setdefault(nick.casefold(), []).append(formal)
            elif name == "zip3":
                self.zip3[value] = int(weight)
            else:
                self.lists.setdefault(name, []).append((value, float(weight)))
        self.female = {v.casefold() for v, _ in self.lists["first_names_female"]}
        self.male = {v.casefold() for v, _ in self.lists["first_names_male"]}
        self.surnames = {v.casefold() for v, _ in self.lists["surnames"]}

    def weighted(self, list_name: str) -> list[tuple[str, float]]:
        if list_name == "first_names":
            return self.lists["first_names_female"] + self.lists["first_names_male"]
        return list(self.lists.get(list_name, []))

    def sex_of(self, first: str) -> str | None:
        f, m = first.casefold() in self.female, first.casefold() in self.male
        return "F" if f and not m else "M" if m and not f else None

    def is_first_name(self, word: str) -> bool:
        return word.casefold() in self.female or word.casefold() in self.male

    def is_surname(self, word: str) -> bool:
        return word.casefold() in self.surnames

    def nickname_formals(self, nick: str) -> list[str]:
        return list(self.nicks.get(nick.casefold(), []))

    def zip3_population(self, zip3: str) -> int | None:
        return self.zip3.get(zip3)
