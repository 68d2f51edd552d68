"""Jigsaw Sudoku's rules: Sudoku's own (``deduce.rules.sudoku``), which read the regions as
they read boxes, without the uniqueness techniques.

Unique Rectangles and BUG+1 argue that swapping two digits in a rectangle of two boxes makes a
second solution; over irregular regions the rectangle's corners can lie in three or four
regions, or two regions can hold opposite corners, and the swap then breaks a region. Rather
than a family-specific test of each rectangle, the rows that assume uniqueness are left out.
``TABLE`` keeps Sudoku's levels, so a level's name means the same in both families.
"""

from __future__ import annotations

from deduce.rule import Rule, Table
from deduce.rules.sudoku import TABLE as SUDOKU

TABLE = Table(
    levels=SUDOKU.levels,
    rows=tuple(row for row in SUDOKU.rows if not row.assumes_unique),
)

RULES: tuple[Rule, ...] = TABLE.rules
SEARCH_RULES: tuple[Rule, ...] = TABLE.search_rules
