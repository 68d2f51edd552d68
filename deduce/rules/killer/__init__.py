"""Killer Sudoku's rules: the cage rules, then every Sudoku rule over the same grid.

Weights are on Sudoku's scale (Sudoku Explainer's, 1.0-10.0), so a Killer's level means
what a Sudoku's does. The cage rules come where a Killer player reaches for them: a cage's
combinations at a glance (with the box singles), the rule of 45 with one cell left over
just after the line singles, with two or three cells as a subset would, a cage the rule of
45 splits in two just after (SudokuWiki's order: innies and outies, then cage splitting),
a digit a cage must hold confined to one unit as pointing is, and a digit a unit can only
put in one cage as claiming is (SudokuWiki's cage/unit overlap, both types). Sudoku's rules that assume
one solution (Unique Rectangles, BUG+1) are left out: their argument swaps digits between
cells, which a cage's total can forbid. ``TABLE`` is the one place these weights are written.
"""

from __future__ import annotations

from functools import partial

from deduce.rule import Rule, Table, Technique
from deduce.rules.killer.cages import cage_combination, cage_unit_interaction
from deduce.rules.killer.innies import NAMES, rule_of_45
from deduce.rules.killer.overlap import NAME as MUST_CONTAIN
from deduce.rules.killer.overlap import cage_must_contain
from deduce.rules.killer.splitting import NAME as SPLITTING
from deduce.rules.killer.splitting import cage_splitting
from deduce.rules.sudoku import TABLE as SUDOKU

CAGES: tuple[Technique, ...] = (
    Technique(
        "cage combination",
        1.3,
        cage_combination,
        "A cage's cells keep only the digits its combinations (digit sets adding up to its "
        "total) can put there with the candidates left.",
    ),
    Technique(
        NAMES[1],
        1.6,
        partial(rule_of_45, sizes=(1,)),
        "Rule of 45: a row, column or box, or two or three neighbouring rows, columns or boxes, "
        "adds up to 45 a unit; the cages inside or overlapping it leave one cell whose digit "
        "that fixes.",
    ),
    Technique(
        NAMES[2],
        2.5,
        partial(rule_of_45, sizes=(2, 3)),
        "Rule of 45 with two or three cells left over: they add up to a known total, as a cage.",
        search=False,
    ),
    Technique(
        SPLITTING,
        2.6,
        cage_splitting,
        "Rule of 45 leaving part of one cage: that part adds up to a known total, so the rest "
        "of the cage adds up to the cage's total less it; the split cage keeps what fillings "
        "with both parts' totals use.",
        search=False,
    ),
    Technique(
        "cage/unit interaction",
        2.7,
        cage_unit_interaction,
        "A digit every combination of a cage uses, confined in the cage to one row, column or "
        "box, leaves the rest of that unit.",
        search=False,
    ),
    Technique(
        MUST_CONTAIN,
        2.7,
        cage_must_contain,
        "A digit a row, column or box can only put in cells of one cage: the cage holds it "
        "there, and keeps only the fillings that do.",
        search=False,
    ),
)

#: Killer's table: the cage rules and Sudoku's, on Sudoku's levels.
TABLE = Table(
    levels=SUDOKU.levels,
    rows=(*CAGES, *(t for t in SUDOKU.rows if not t.assumes_unique)),
)
RULES: tuple[Rule, ...] = TABLE.rules
SEARCH_RULES: tuple[Rule, ...] = TABLE.search_rules
