"""Forcing chains for Path puzzles: which suppositions a player tries when stuck.

A player stuck on a Path puzzle looks at the tightest clued lines, those with only a few
ways left to place their used cells, pencils the path through a cell of one, and follows
the easy deductions (``deduce.rules.forcing_chain``); when they contradict themselves, the
cell is unused. The lines with the fewest ways come first; a line with more ways than
``MOST_WAYS`` is not telling, and is left to search.

Both bounds also keep chains cheap where none is found and search follows (every
supposition is followed before search starts). Measured on the corpus (the chains' own
time over every stuck state, ``bench/path.py``'s puzzles): cells supposed used in lines of
at most 4 ways refute as many suppositions as cells supposed used or unused (3) in 0.10 s
against 0.17 s; 12 ways would refute one puzzle more (sat-7x7_2) for 0.31 s.
"""

from __future__ import annotations

from deduce.puzzles.path.model import BOTH, USED, PathPuzzle
from deduce.rules.path.lines import open_line_ways
from deduce.state import State

#: A clued line with more ways than this to place its used cells is not a telling place
#: for a supposition.
MOST_WAYS = 4


def suppositions(state: State[PathPuzzle]) -> list[list[tuple[int, int]]]:
    """(cell, used) pairs to suppose, in one tier: the undecided cells of the clued lines
    with at most MOST_WAYS arrangements left, fewest first, each cell once."""
    doms = state.domains
    tight = [
        (ways, k, line.cells) for k, line, _, ways in open_line_ways(state) if ways <= MOST_WAYS
    ]
    tight.sort()
    cells = dict.fromkeys(c for *_, line_cells in tight for c in line_cells if doms[c] == BOTH)
    return [[(c, USED) for c in cells]]
