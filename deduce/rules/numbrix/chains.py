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

#: The tiers of suppositions, by how many places the supposed number has: two, then three,
#: then (Hidato only, whose numbers have up to eight neighbours, not four) four or five; more
#: is not a telling supposition.
TIERS = ((2, 2), (3, 3), (4, 5))
NUMBRIX_TIERS = TIERS[:2]


def suppositions(state: State[Numbrix]) -> list[list[tuple[int, int]]]:
    """(cell, number) pairs to suppose, in tiers by how many places the number has (fewest
    first, ``TIERS``): a missing neighbour of a written number in one of the free cells next
    to it that can hold it, or a number in one of the few cells left for it anywhere."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    domains = state.domains
    neighbours, is_free = puzzle.geo.neighbours, bd.is_free
    options: list[tuple[int, int, int]] = []  # (alternatives, number, cell)
    for _, cell, missing in bd.open_ends:
        for m in missing:
            where = [o for o in neighbours[cell] if is_free[o] and domains[o] >> m & 1]
            options.extend((len(where), m, o) for o in where)
    pos = positions(state)
    for m in range(1, puzzle.n + 1):
        if m not in bd.where:
            places = pos[m] & bd.free_mask
            options.extend((places.bit_count(), m, o) for o in bits(places))
    options.sort()
    kinds = TIERS if puzzle.king else NUMBRIX_TIERS
    tiers: list[dict[tuple[int, int], None]] = [{} for _ in kinds]
    seen: set[tuple[int, int]] = set()
    for count, m, cell in options:  # each pair once, in the first tier it falls in
        tier = next((i for i, (low, high) in enumerate(kinds) if low <= count <= high), None)
        if tier is not None and (cell, m) not in seen:
            seen.add((cell, m))
            tiers[tier][cell, m] = None
    return [list(tier) for tier in tiers]
