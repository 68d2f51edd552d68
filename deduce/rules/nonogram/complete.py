"""The complete line solver: every cell that is the same in all placements of a line's blocks
(that agree with its known cells) is settled.

It subsumes the simpler line rules, so it ranks above them: a solve reaches for it only
when they are stuck, and a puzzle it finishes is "line-solvable".
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.puzzles.nonogram.model import Nonogram
from deduce.rules.nonogram.scans import scan
from deduce.state import State
from deduce.step import Step


def line_solver(state: State[Nonogram], name: str, weight: float) -> Iterator[Step]:
    """Cells settled in every placement of a line's blocks; steps carry the rule's ``name``
    and ``weight`` (the family's table's) from the start."""
    return scan(
        state,
        "solver",
        None,
        "every placement of its blocks that fits the known cells agrees on them",
        costly=True,
        named=(name, weight),
    )
