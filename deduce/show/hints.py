"""Hint levels: how much of a step to reveal, from "where to look" to the whole deduction."""

from __future__ import annotations

from typing import Any

from deduce.family import Family
from deduce.step import Step

LEVELS = ("where to look", "which technique", "the cells involved", "the whole deduction")


def hint_levels(family: Family, puzzle: Any, step: Step) -> list[str]:
    """The four hint texts of ``step``: 1 where to look, 2 which technique, 3 the cells, 4 all."""
    cells = list(
        dict.fromkeys(
            [*step.premises, *(v for v, _ in step.placements), *(v for v, _ in step.eliminations)]
        )
    )
    names = ", ".join(family.var_name(puzzle, v) for v in cells[:30])
    return [
        f"Look at {step.region or 'the grid'}.",
        f"Technique: {step.rule}.",
        f"Cells involved: {names}{' ...' if len(cells) > 30 else ''}.",
        step.explanation,
    ]


def hint_text(family: Family, puzzle: Any, step: Step, level: int) -> str:
    """The hint up to ``level`` (1-4), one line per level."""
    return "\n".join(hint_levels(family, puzzle, step)[:level])
