"""Forcing chains for Path puzzles: which suppositions a player tries when stuck.

A player stuck on a Path puzzle looks at the tightest clued lines, those with only a few
ways left to place their used cells, and pencils a cell of one in as used or as unused, then
follows the easy deductions (``deduce.rules.forcing_chain``). The lines with the fewest
ways come first; a line with more ways than ``MOST_WAYS`` is not telling, and is left to
search.

The bound is also what keeps chains cheap where none is found and search follows (every
supposition is followed before search starts): on the corpus (``bench/path.py``), a bound of
12 ways refutes one more puzzle (sat-7x7_2) than 4 but costs a fifth more time over all;
4 costs about a twentieth.
"""

from __future__ import annotations

from deduce.puzzles.path.model import BOTH, UNUSED, USED, PathPuzzle
from deduce.rules.path.lines import clued_lines, count
from deduce.state import State

#: A clued line with more ways than this to place its used cells is not a telling place
#: for a supposition.
MOST_WAYS = 4


def suppositions(state: State[PathPuzzle]) -> list[tuple[int, int]]:
    """(cell, used or unused) pairs to suppose: the undecided cells of the clued lines with
    at most MOST_WAYS arrangements left, fewest first, each cell once."""
    p: PathPuzzle = state.puzzle
    doms = state.domains
    known = doms.__getitem__
    tight: list[tuple[int, int, tuple[int, ...]]] = []
    for k, line, want, memo in clued_lines("count", p):
        if BOTH not in map(known, line.cells):
            continue
        key = bytes(map(known, line.depends))
        ways = memo.get(key)
        if ways is None:
            ways = memo[key] = count(doms, line, p.door_cells, want)
        if ways <= MOST_WAYS:
            tight.append((ways, k, line.cells))
    tight.sort()
    cells = dict.fromkeys(c for *_, line_cells in tight for c in line_cells if doms[c] == BOTH)
    return [(c, value) for c in cells for value in (USED, UNUSED)]
