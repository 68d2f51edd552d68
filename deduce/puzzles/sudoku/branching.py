"""Where search guesses on a Sudoku (and its variants): the cell whose guess settles most."""

from __future__ import annotations

from deduce.puzzles.sudoku.model import Sudoku
from deduce.state import State


def branch_cells(state: State[Sudoku]) -> list[int]:
    """The cell search should guess on: fewest candidates, and among those the one whose
    candidates the most open peers share (a guess there settles the most).

    Measured on the hard corpora, this halves the search tree of "first cell with fewest
    candidates" (bench/sudoku_rate.py).
    """
    domains, fixed = state.domains, state.fixed
    fewest, cells = 1 << 30, []
    for cell, d in enumerate(domains):
        if fixed[cell]:
            continue
        n = d.bit_count()
        if n < 2 or n > fewest:
            continue
        if n < fewest:
            fewest, cells = n, [cell]
        else:
            cells.append(cell)
    if len(cells) < 2:
        return cells
    peers = state.puzzle.geo.peers
    best, most = cells[0], -1
    for cell in cells:
        d = domains[cell]
        shared = sum(1 for p in peers[cell] if domains[p] & d and not fixed[p])
        if shared > most:
            best, most = cell, shared
    return [best]
