"""Nonogram rules, easiest first, in the order a player learns them, in the family's table
(``TABLE``: the one place their weights and the grade's thresholds are written).

The simple line rules: simple boxes, simple spaces, the completed line, edge forcing, joining
and splitting; the complete line solver, which subsumes them; probing, the hardest rule that
does not guess. Search propagates with the line solver and probing alone.
"""

from __future__ import annotations

from deduce.rule import Rule, Table, Technique
from deduce.rules.nonogram.complete import line_solver
from deduce.rules.nonogram.forcing import edge_forcing, joining_and_splitting
from deduce.rules.nonogram.probing import probing
from deduce.rules.nonogram.simple import completed_lines, simple_boxes, simple_spaces

_PROBING = Technique(
    "probing",
    4.0,
    probing,
    "If a cell's value makes line logic contradict itself, the cell has the other value.",
)


TABLE = Table(
    levels=(
        (0.0, "line-simple"),
        (2.0, "line-solvable"),
        (_PROBING.weight, "needs-probing"),
        (_PROBING.weight + 0.5, "deep-probing"),
    ),
    rows=(
        Technique(
            "simple boxes",
            1.0,
            simple_boxes,
            "A block covers the overlap of its leftmost and rightmost places.",
            search=False,
            weigh="weight",
            named=True,
        ),
        Technique(
            "simple spaces",
            1.1,
            simple_spaces,
            "A cell no block can reach is empty.",
            search=False,
            weigh="weight",
            named=True,
        ),
        Technique(
            "completed line",
            1.2,
            completed_lines,
            "All filled cells found: the rest are empty; all open cells needed: fill them.",
            search=False,
            weigh="weight",
            named=True,
        ),
        Technique(
            "edge forcing",
            1.4,
            edge_forcing,
            "A filled cell near an edge or a wall pulls its block along (glue).",
            search=False,
            weigh="weight",
            named=True,
        ),
        Technique(
            "joining and splitting",
            1.6,
            joining_and_splitting,
            "Runs that must join, must stay apart, or are already complete.",
            search=False,
            weigh="weight",
            named=True,
        ),
        Technique(
            "line solver",
            2.5,
            line_solver,
            "A cell that is the same in every placement of a line's blocks is settled.",
            weigh="weight",
            named=True,
        ),
        _PROBING,
    ),
)

RULES: tuple[Rule, ...] = TABLE.rules
SEARCH_RULES: tuple[Rule, ...] = TABLE.search_rules
