"""Jigsaw Sudoku's rules: Sudoku's own (``deduce.rules.sudoku``), which read the regions as
they read boxes, without the uniqueness techniques, and the law of leftovers.

Unique Rectangles and BUG+1 argue that swapping two digits in a rectangle of two boxes makes a
second solution; over irregular regions the rectangle's corners can lie in three or four
regions, or two regions can hold opposite corners, and the swap then breaks a region. Rather
than a family-specific test of each rectangle, the rows that assume uniqueness are left out.

The box's hidden single is the region's here, and named so (``REGION_SINGLE``). The law of
leftovers comes just after claiming: SudokuWiki finds it "as useful as
Intersection Removal", and a player looks for it where the regions meet the lines, as there.
``TABLE`` keeps Sudoku's levels, so a level's name means the same in both families.
"""

from __future__ import annotations

from functools import partial

import attrs

from deduce.puzzles.jigsaw import REGION_SINGLE
from deduce.rule import Rule, Table, Technique
from deduce.rules.jigsaw.leftovers import NAME, law_of_leftovers
from deduce.rules.sudoku import HIDDEN_SINGLES, SINGLES
from deduce.rules.sudoku import TABLE as SUDOKU

_BOX = HIDDEN_SINGLES[0]
_REGION = attrs.evolve(
    _BOX,
    name=REGION_SINGLE,
    description="A digit with one place left in a region.",
    named=True,
)
_SINGLES = attrs.evolve(SINGLES, find=partial(SINGLES.find, box_name=REGION_SINGLE))


def _jigsaw(row: Technique) -> Technique:
    """Sudoku's row as a jigsaw reads it: the box's single renamed for regions."""
    return {_BOX.name: _REGION, SINGLES.name: _SINGLES}.get(row.name, row)


LEFTOVERS = Technique(
    NAME,
    2.9,
    law_of_leftovers,
    "The regions lying most inside a band of neighbouring rows or columns cover it but for a "
    "few cells and stick out at as many: those two groups hold the same digits.",
    search=False,
    weigh="weight",
)

TABLE = Table(
    levels=SUDOKU.levels,
    rows=(*(_jigsaw(row) for row in SUDOKU.rows if not row.assumes_unique), LEFTOVERS),
)

RULES: tuple[Rule, ...] = TABLE.rules
SEARCH_RULES: tuple[Rule, ...] = TABLE.search_rules
