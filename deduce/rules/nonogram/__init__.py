"""Nonogram rules, easiest first, in the order a player learns them.

Weights: simple boxes (1.0), simple spaces (1.1), the completed line (1.2), edge forcing
(1.4), joining and splitting (1.6): the simple line rules; the complete line solver (2.5),
which subsumes them; probing (4.0), the hardest rule that does not guess.
"""

from __future__ import annotations

from deduce.rule import Rule
from deduce.rules.nonogram.complete import SOLVER, line_solver
from deduce.rules.nonogram.forcing import FORCING, JOINING, edge_forcing, joining_and_splitting
from deduce.rules.nonogram.probing import probing
from deduce.rules.nonogram.simple import (
    BOXES,
    COMPLETED,
    SPACES,
    completed_lines,
    simple_boxes,
    simple_spaces,
)

LINE_SOLVER = Rule(
    *SOLVER,
    line_solver,
    "A cell that is the same in every placement of a line's blocks is settled.",
)

PROBING = Rule(
    "probing",
    4.0,
    probing,
    "If a cell's value makes line logic contradict itself, the cell has the other value.",
)

RULES: tuple[Rule, ...] = (
    Rule(
        *BOXES,
        simple_boxes,
        "A block covers the overlap of its leftmost and rightmost places.",
    ),
    Rule(*SPACES, simple_spaces, "A cell no block can reach is empty."),
    Rule(
        *COMPLETED,
        completed_lines,
        "All filled cells found: the rest are empty; all open cells needed: fill them.",
    ),
    Rule(
        *FORCING,
        edge_forcing,
        "A filled cell near an edge or a wall pulls its block along (glue).",
    ),
    Rule(
        *JOINING,
        joining_and_splitting,
        "Runs that must join, must stay apart, or are already complete.",
    ),
    LINE_SOLVER,
    PROBING,
)
