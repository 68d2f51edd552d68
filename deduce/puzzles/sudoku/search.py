"""A Sudoku's stuck state as a formula, for search that learns (``deduce.sat``).

One boolean per open cell and candidate ("r3c4 is 7"); every open cell holds exactly one of
its candidates, and every digit not yet placed in a unit goes in exactly one of the unit's
open cells that still allow it. A placed digit is no variable: it has already left its
peers' candidates.
"""

from __future__ import annotations

from deduce.errors import Contradiction
from deduce.puzzles.sudoku.model import Sudoku, symbol
from deduce.sat.cnf import Cnf
from deduce.sat.learner import Choice, Encoding
from deduce.state import State, bits


def encode(state: State[Sudoku]) -> Encoding:
    """The open cells of ``state`` and its units as a formula (Contradiction when a unit
    has no place left for a digit it still needs)."""
    geo = state.puzzle.geo
    domains, fixed = state.domains, state.fixed
    cnf = Cnf()
    lits: dict[tuple[int, int], int] = {}
    choices: list[Choice] = []
    for cell, d in enumerate(domains):
        if fixed[cell]:
            continue
        options = tuple((digit, cnf.new()) for digit in bits(d))
        for digit, lit in options:
            lits[cell, digit] = lit
        cnf.exactly_one([lit for _, lit in options])
        choices.append((cell, options))
    for unit, name in zip(geo.units, geo.unit_names, strict=True):
        placed = {domains[c].bit_length() - 1 for c in unit if fixed[c]}
        for digit in range(1, geo.n + 1):
            where = [lits[c, digit] for c in unit if (c, digit) in lits]
            if digit in placed:
                cnf.clauses.extend([-lit] for lit in where)
            elif not where:
                raise Contradiction(f"{name} has no place left for {symbol(digit)}")
            else:
                cnf.exactly_one(where)
    return Encoding(cnf, tuple(choices))
