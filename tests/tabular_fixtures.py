"""Tables of Sweeney's thesis transcribed for the tabular tests (Figures 26-29, 34, 43, 44) and
paths of the ARX adult fixtures."""
from __future__ import annotations

from pathlib import Path

from scrub.tabular import Hierarchy, Table

DATA = Path(__file__).parent / "data" / "tabular"
ADULT_QI = ["sex", "age", "race", "marital-status", "education", "native-country", "workclass",
            "occupation", "salary-class"]


def adult_hierarchies(columns=ADULT_QI) -> dict[str, Hierarchy]:
    return {c: Hierarchy.from_csv(DATA / f"adult_hierarchy_{c}.csv", name=c) for c in columns}


# Figure 27's PT over {Ethnicity, ZIP}; Figures 28-29's hierarchies with suppression atop:
# E0 -> E1 (Person) -> *, Z0 -> Z1 (last digit 0) -> Z2 (last two digits 0) -> *.
FIG27_PT = [(e, z) for e in ("Asian", "Black", "White") for z in ("02138", "02139", "02141", "02142")]
ETHNICITY = Hierarchy.from_mapping({e: "Person" for e in ("Asian", "Black", "White")}, "Ethnicity")
ZIP = Hierarchy.from_rows([("02138", "02130", "02100"), ("02139", "02130", "02100"),
                           ("02141", "02140", "02100"), ("02142", "02140", "02100")], "ZIP")


def fig27_table(rows=FIG27_PT) -> Table:
    return Table(("Ethnicity", "ZIP"), tuple(tuple(r) for r in rows), "figure27")


# Figure 34's PT with the full birth dates of Figure 44 (years written with four digits).
FIG34 = [
    ("t1", "black", "9/20/1965", "male", "02141", "short of breath"),
    ("t2", "black", "2/14/1965", "male", "02141", "chest pain"),
    ("t3", "black", "10/23/1965", "female", "02138", "painful eye"),
    ("t4", "black", "8/24/1965", "female", "02138", "wheezing"),
    ("t5", "black", "11/7/1964", "female", "02138", "obesity"),
    ("t6", "black", "12/1/1964", "female", "02138", "chest pain"),
    ("t7", "white", "10/23/1964", "male", "02138", "short of breath"),
    ("t8", "white", "3/15/1965", "female", "02139", "hypertension"),
    ("t9", "white", "8/13/1964", "male", "02139", "obesity"),
    ("t10", "white", "5/5/1964", "male", "02139", "fever"),
    ("t11", "white", "2/13/1967", "male", "02138", "vomiting"),
    ("t12", "white", "3/21/1967", "male", "02138", "back pain"),
]
FIG34_COLUMNS = ("id", "Race", "BirthDate", "Gender", "ZIP", "Problem")

# Figure 43: Datafly's MGT for k=2 (t7 and t8 suppressed; birth date recoded to the year).
FIG43 = [
    ("black", "1965", "male", "02141", "short of breath"),
    ("black", "1965", "male", "02141", "chest pain"),
    ("black", "1965", "female", "02138", "painful eye"),
    ("black", "1965", "female", "02138", "wheezing"),
    ("black", "1964", "female", "02138", "obesity"),
    ("black", "1964", "female", "02138", "chest pain"),
    ("white", "1964", "male", "02139", "obesity"),
    ("white", "1964", "male", "02139", "fever"),
    ("white", "1967", "male", "02138", "vomiting"),
    ("white", "1967", "male", "02138", "back pain"),
]


def fig33_hierarchies() -> dict[str, Hierarchy]:
    """Figure 33's hierarchies with suppression. ZIP climbs 0213*, 021**, suppressed; the birth
    date five steps (month/year, year, half decade, decade, suppressed): the heights at which the
    thesis's own figures, Prec(MGT) = 0.750 and Prec(GT1) = 0.83, both come out."""
    births = {}
    for _, _, d, *_ in FIG34:
        m, _, y = d.split("/")
        half = int(y) - int(y) % 5
        births[d] = (f"{m}/{y}", y, f"{half}-{half + 4}", f"{int(y) - int(y) % 10}s")
    return {
        "Race": Hierarchy.from_mapping({"black": "person", "white": "person"}, "Race"),
        "BirthDate": Hierarchy.from_mapping(births, "BirthDate"),
        "Gender": Hierarchy.from_mapping({"male": "human", "female": "human"}, "Gender"),
        "ZIP": Hierarchy.from_rows([(z, z[:4] + "*", z[:3] + "**") for z in
                                    ("02138", "02139", "02141", "02142")], "ZIP"),
    }
