"""Forcing chains for Numbrix and Hidato: which suppositions a player tries when stuck.

A written number still missing a neighbour in the count (k needing k+1) has only a few free
neighbours that can take it; a player pencils it into one of them and follows the easy
deductions (``deduce.rules.forcing_chain``). Those with the fewest places are tried first,
then numbers that fit in only a few cells anywhere, lowest number first among equals.
"""

from __future__ import annotations

from deduce.puzzles.numbrix.model import Numbrix
from deduce.rules.numbrix.board import board, positions
from deduce.state import State, bits

#: A number with more places than this is not a telling supposition.
MOST_PLACES = 3


def suppositions(state: State[Numbrix]) -> list[tuple[int, int]]:
    """(cell, number) pairs to suppose, fewest alternatives first: a missing neighbour of a
    written number in one of the free cells next to it that can hold it, then a number in one
    of the few cells left for it."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    domains = state.domains
    neighbours, is_free = puzzle.geo.neighbours, bd.is_free
    options: list[tuple[int, int, int]] = []  # (alternatives, number, cell)
    for _, cell, missing in bd.open_ends:
        for m in missing:
            where = [o for o in neighbours[cell] if is_free[o] and domains[o] >> m & 1]
            if 1 < len(where) <= MOST_PLACES:
                options.extend((len(where), m, o) for o in where)
    pos = positions(state)
    for m in range(1, puzzle.n + 1):
        count = (pos[m] & bd.free_mask).bit_count()
        if 1 < count <= MOST_PLACES and m not in bd.where:
            options.extend((count, m, o) for o in bits(pos[m] & bd.free_mask))
    options.sort()
    return list(dict.fromkeys((cell, m) for _, m, cell in options))
