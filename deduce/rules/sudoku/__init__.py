"""Sudoku rules, easiest first. Weights follow the Sudoku Explainer scale (1.0-10.0).

Local rules (Eppstein section 3.1): singles, locked candidates, subsets and fish, and the two
matching rules that subsume subsets and fish of every size.
"""

from __future__ import annotations

from functools import partial

from deduce.rule import Rule
from deduce.rules.sudoku.intersections import claiming, pointing
from deduce.rules.sudoku.matching import digit_matching, fish, subsets, unit_matching
from deduce.rules.sudoku.singles import hidden_singles, naked_singles

LOCAL_RULES: tuple[Rule, ...] = (
    Rule(
        "hidden single (box)",
        1.2,
        partial(hidden_singles, kind="box"),
        "A digit with one place left in a box.",
    ),
    Rule(
        "hidden single (row)",
        1.5,
        partial(hidden_singles, kind="row"),
        "A digit with one place left in a row.",
    ),
    Rule(
        "hidden single (column)",
        1.5,
        partial(hidden_singles, kind="column"),
        "A digit with one place left in a column.",
    ),
    Rule("naked single", 2.3, naked_singles, "A cell with one candidate left."),
    Rule(
        "pointing",
        2.6,
        pointing,
        "In a box, a digit confined to one line leaves the rest of the line.",
    ),
    Rule(
        "claiming",
        2.8,
        claiming,
        "In a line, a digit confined to one box leaves the rest of the box.",
    ),
    Rule(
        "naked pair",
        3.0,
        partial(subsets, kind="naked", size=2),
        "Two cells holding only the same two digits.",
    ),
    Rule(
        "X-wing",
        3.2,
        partial(fish, size=2),
        "A digit confined to the same two rows in two columns (or vice versa).",
    ),
    Rule(
        "hidden pair",
        3.4,
        partial(subsets, kind="hidden", size=2),
        "Two digits confined to the same two cells.",
    ),
    Rule(
        "naked triple",
        3.6,
        partial(subsets, kind="naked", size=3),
        "Three cells holding only three digits.",
    ),
    Rule(
        "swordfish", 3.8, partial(fish, size=3), "A digit confined to three rows in three columns."
    ),
    Rule(
        "hidden triple",
        4.0,
        partial(subsets, kind="hidden", size=3),
        "Three digits confined to three cells.",
    ),
    Rule(
        "naked quad",
        5.0,
        partial(subsets, kind="naked", size=4),
        "Four cells holding only four digits.",
    ),
    Rule("jellyfish", 5.2, partial(fish, size=4), "A digit confined to four rows in four columns."),
    Rule(
        "hidden quad",
        5.4,
        partial(subsets, kind="hidden", size=4),
        "Four digits confined to four cells.",
    ),
    Rule(
        "digit matching",
        5.6,
        digit_matching,
        "First matching rule: placements of a digit no rows×columns perfect matching uses (any fish).",
    ),
    Rule(
        "unit matching",
        5.7,
        unit_matching,
        "Second matching rule: candidates no digits×cells perfect matching of the unit uses (any subset).",
    ),
)

RULES: tuple[Rule, ...] = LOCAL_RULES

#: The rules search propagates with at every node: the singles. Measured on top95 and the
#: forum's hardest: more nodes than with every rule, but each so much cheaper that search is
#: 2.4-4 times faster (bench/sudoku_rate.py). The rules-only part of a solve uses all RULES.
SEARCH_RULES: tuple[Rule, ...] = tuple(r for r in LOCAL_RULES if "single" in r.name)
