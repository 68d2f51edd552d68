"""The rules of the X variants (Sudoku-X, Killer-X, Jigsaw-X): their plain family's table
with the diagonals' own hidden single, and without the techniques that assume uniqueness.

Every Sudoku rule reads ``Geometry.units``, which holds an X grid's two diagonals after the
boxes, so subsets, pointing and claiming between a diagonal and a box, strong links, wings
and chains (through ``Geometry.peers``) see the diagonals as they see any unit; Killer's rule
of 45 adds a diagonal up as it adds a row. What a diagonal needs of its own is the hidden
single rule of its kind, weighed as a row's or a column's (a line a player scans the same
way), and the singles search propagates with, which then looks along the diagonals too.

Unique Rectangles and BUG+1 are left out. A Unique Rectangle's argument swaps its two digits
in its four corners; a diagonal through one corner holds the other digit elsewhere (two
opposite corners, which hold the same digit, cannot both lie on one), so the swap breaks it,
and a rectangle touching a diagonal is no deadly pattern. BUG+1's argument (a grid of
bivalue cells with every digit twice in each unit has no single solution) is proved for
rows, columns and boxes; with two more units it is not, so it is not used either.
"""

from __future__ import annotations

from functools import partial

import attrs

from deduce.puzzles.sudoku.geometry import DIAGONAL_SINGLE
from deduce.rule import Table, Technique
from deduce.rules.jigsaw import TABLE as JIGSAW
from deduce.rules.killer import TABLE as KILLER
from deduce.rules.sudoku import TABLE as SUDOKU
from deduce.rules.sudoku.singles import hidden_singles

#: A line's hidden single, named for the diagonals (a row's and a column's weigh the same).
_LINE = next(row for row in SUDOKU.rows if row.name == "hidden single (column)")
HIDDEN_DIAGONAL = Technique(
    DIAGONAL_SINGLE,
    _LINE.weight,
    partial(hidden_singles, kind="diagonal"),
    "A digit with one place left in a diagonal (the main diagonal or the anti-diagonal).",
    search=False,
    weigh="weight",
)


def _with_diagonals(row: Technique) -> Technique:
    """``row`` as an X table holds it: search's singles closure looks along the diagonals."""
    if row.name != "singles":
        return row
    assert isinstance(row.find, partial)  # the closure with the other singles' weights
    return attrs.evolve(row, find=partial(row.find, diagonal=HIDDEN_DIAGONAL.weight))


def crossed_table(table: Table) -> Table:
    """The X variant's table of the family whose table is ``table``: its rows but those that
    assume uniqueness, the diagonal hidden single after the column's, on the same levels."""
    rows: list[Technique] = []
    for row in table.rows:
        if row.assumes_unique:
            continue
        rows.append(_with_diagonals(row))
        if row.name == _LINE.name:
            rows.append(HIDDEN_DIAGONAL)
    return Table(levels=table.levels, rows=tuple(rows))


SUDOKU_X = crossed_table(SUDOKU)
KILLER_X = crossed_table(KILLER)
JIGSAW_X = crossed_table(JIGSAW)
