"""The seed's Theorems 1 and 2: clue sets that can have no solution, found before any move.

Theorem 1: when every row and column has a count, both sums count the same cells, so they
must be equal. Theorem 2: doors in one row make the path visit every other row it touches
twice (out and back), and their own row holds both doors, so no row can have a count of 1
(the column version likewise).
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.path.model import PathPuzzle
from deduce.state import State
from deduce.step import Step


def count_sums(state: State[PathPuzzle]) -> Iterator[Step]:
    """Theorem 1: with every count given, the row counts and column counts must add up alike."""
    p: PathPuzzle = state.puzzle
    if min(p.row_counts) < 0 or min(p.col_counts) < 0:
        return
    rows, cols = sum(p.row_counts), sum(p.col_counts)
    if rows != cols:
        raise Contradiction(
            f"the row counts add up to {rows} but the column counts to {cols}; "
            "both count the cells of the path (Theorem 1)"
        )
    yield from ()


def doors_in_one_line(state: State[PathPuzzle]) -> Iterator[Step]:
    """Theorem 2: doors in one row (column) leave no row (column) a count of 1."""
    p: PathPuzzle = state.puzzle
    (ra, ca), (rb, cb) = p.doors
    for same, counts, kind in ((ra == rb, p.row_counts, "row"), (ca == cb, p.col_counts, "column")):
        if same and 1 in counts:
            k = counts.index(1) + 1
            raise Contradiction(
                f"both doors are in one {kind}, so the path goes into every other {kind} and "
                f"comes back, using at least two cells there, but {kind} {k} has a count of 1 "
                "(Theorem 2)"
            )
    yield from ()
