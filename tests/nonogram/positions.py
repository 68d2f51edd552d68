"""Nonogram positions for rule tests: a state from a picture and a grid of what is known, and
every filling of a line by brute force (the oracle the line rules are checked against)."""

from __future__ import annotations

import itertools

import deduce
from deduce.puzzles.nonogram.model import D_EMPTY, D_FILLED, D_OPEN, clues_of
from deduce.puzzles.nonogram.text import parse

NONOGRAM = deduce.get_family("nonogram")

#: A grid character and the cell domain it stands for: filled, empty, still open.
CODE = {"#": D_FILLED, ".": D_EMPTY, "?": D_OPEN}


def state_of(picture: list[str], grid: list[str]):
    """The state of the puzzle whose solution is ``picture``, with ``grid``'s cells known."""
    puzzle = parse("\n".join(picture))
    state = NONOGRAM.initial_state(puzzle)
    state.domains = [CODE[ch] for row in grid for ch in row]
    return state


def placements_of(clue, cells):
    """Every filling of ``cells`` that shows ``clue`` (brute force)."""
    out = []
    for bits in itertools.product("01", repeat=len(cells)):
        word = "".join(bits)
        if clues_of(word) == clue and all(
            cells[i] & (D_FILLED if b == "1" else D_EMPTY) for i, b in enumerate(word)
        ):
            out.append(word)
    return out
