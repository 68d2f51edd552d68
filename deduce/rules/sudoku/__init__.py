"""Sudoku rules, easiest first. Weights follow the Sudoku Explainer scale (1.0-10.0)."""

from __future__ import annotations

from functools import partial

from deduce.rule import Rule
from deduce.rules.sudoku.singles import hidden_singles, naked_singles

RULES: tuple[Rule, ...] = (
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
)
