"""scrub.tabular: measure a table's re-identification risk and generalize/suppress it until it is
safe with the least distortion (Sweeney's thesis, Chapters 4-6; ARX's metrics). Independent of the
text engine; the text side (issue 6) calls `anonymize` on its subject table.

Python API (tables: a `Table`, a pandas DataFrame, a list of dicts, or a list of lists whose first
row is the header; every value a string):

    from scrub.tabular import Hierarchy, anonymize, assess_risk

    hierarchies = {
        "age": Hierarchy.for_ages(widths=(5, 10, 20)),     # 47 -> 45-49 -> 40-49 -> 40-59 -> *
        "zip": Hierarchy.for_zip(digits=5),                # 02138 -> 0213* -> ... -> *
        "birth": Hierarchy.for_dates("%Y-%m-%d"),          # day -> YYYY-MM -> YYYY -> 1960-1969 -> *
        "sex": Hierarchy.from_mapping({"male": "human", "female": "human"}),
        "race": Hierarchy.from_csv("adult_hierarchy_race.csv"),   # ARX CSV, delimiter sniffed
    }
    result = anonymize(rows, qi=["age", "zip", "sex"], hierarchies=hierarchies, k=5,
                       suppression=0.02, metric="loss",          # or "precision"
                       algorithm="optimal")                      # or "datafly" (weights=profile)
    result.levels        # {"age": 2, "zip": 1, "sex": 0}: chosen level per QI column
    result.rows          # generalized rows, input order, suppressed QI cells "*"
    result.suppressed    # tuple[bool], aligned with the input rows
    result.k, result.precision, result.loss, result.classes, result.nodes_checked
    result.release_rows(key)   # rows in keyed random order (thesis 5.5.1)
    result.report()            # JSON-ready report: levels, suppressed, k, precision, loss, ...
    Hierarchy.generalize(value, level) -> str

    anonymize(..., previous=old_report, previous_mode="generalize" | "join")  # thesis 5.5.2-5.5.3
    assess_risk(rows, qi, population_size=N, population=pop_rows)   # dict, keys of `scrub risk`

Measurement (pure; module `metrics`): equivalence_classes, class_sizes, k_anonymity,
sample_uniques, precision (Prec, Prec_w), precision_cells, equation3_weights, loss (ARX),
discernibility, average_class_size. Risk (module `risk`): risk_from_sizes, pitman, zayatz, snb,
dankar, distinct_probability{,_uniform,_poisson,_kl}, kl_from_uniform (Koot et al.).
Population (module `kmap`): presence (k-map, δ-presence), optimal_k_map, optimal_delta_presence.
Search (module `search`): optimal (true optimum, pruned lattice), datafly, anonymity_level_to_k.
Command line (module `cli`): `scrub table` and `scrub risk`, registered by `register(subparsers)`.
Errors: ScrubError codes E500-E599, one line naming the file, column or line, never a value:
E501-E504 malformed hierarchy (ragged, empty, two tops, two parents, listed twice), E505 hierarchy
file unreadable, E506-E507 builder parameters / a value a built hierarchy refuses, E508 value
missing from its hierarchy, E509 level out of range, E510 bad --hierarchy / --hierarchy-dir,
E511 no such column, E512-E514 unreadable / headerless / ragged CSV, E515 empty QI, E516 no
hierarchy for a QI column, E517 bad k (below 1 or above the table), E518 suppression outside 0..1,
E519 unknown metric, E520 lattice too large, E521 nothing satisfies the model, E522-E524 Datafly
(profile, unreachable k, anonymity level), E525-E528 previous release, E529 bad --levels,
E530-E532 k-map / δ-presence, E533 cannot write output, E540-E545 measurement and risk input.

Choices worth knowing: the optimum is ARX's (suppressed records count as fully generalized in
every metric; ties go to the lower node, then the smaller level vector); a hierarchy built by a
rule has as leaves the column's distinct values, which is the L of ARX's loss for it.
"""
from .api import Result, anonymize, assess_risk
from .hierarchy import SUPPRESSED, Hierarchy, load_hierarchies
from .metrics import (average_class_size, class_sizes, discernibility, equation3_weights,
                      equivalence_classes, k_anonymity, loss, precision, precision_cells,
                      sample_uniques)
from .search import anonymity_level_to_k
from .table import Table, read_csv, to_table

__all__ = ["Hierarchy", "SUPPRESSED", "Table", "Result", "anonymize", "assess_risk",
           "load_hierarchies", "read_csv", "to_table", "equivalence_classes", "class_sizes",
           "k_anonymity", "sample_uniques", "precision", "precision_cells", "equation3_weights",
           "loss", "discernibility", "average_class_size", "anonymity_level_to_k"]
