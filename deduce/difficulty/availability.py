"""How many moves a solve had open at each step, read off the Log alone, for any family; and
the cost of a solve by the time model's shape (``deduce.difficulty.time_model``).

A step is *ready* once the last of the variables it reads (its premises) has been set by an
earlier step, or from the start when no earlier step set any: from then on a player could
have made it. The moves open at a step are the steps from it on that are ready by then, the
step itself included. This is what the Log records, so it counts the moves the solve went on
to make, not every move the grid allowed: a move the solve never needed is not counted, and
a family whose steps leave out part of what they read (a Sudoku hidden single names its
unit, not the digits outside it that rule the other cells out) looks readier than it was.
Sudoku counts its singles on the grid instead (``deduce.difficulty.sudoku_singles``).

A step costs ``TimeModel.step_cost`` with ``left`` the steps still to make and ``open`` the
moves open: a hard step costs more, and so does a step taken when few
moves were open among many still to make. The powers are the ones fitted on people's
Sudoku times with the moves counted step by step as here (``STEP_MODEL``); the families have
no human data of their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from deduce.difficulty.time_model import STEP_MODEL, TimeModel
from deduce.step import DEDUCTION, Log, Step


def rules_only(log: Log) -> list[Step]:
    """The deductions of ``log`` made with no guess pending."""
    return [s for s in log.steps if s.kind == DEDUCTION and not s.depth]


def open_moves(steps: Sequence[Step]) -> list[int]:
    """For each step, how many moves were open just before it (see the module)."""
    set_at: dict[int, int] = {}
    starts = [0] * (len(steps) + 1)  # + at a step's ready index, - after the step
    for j, step in enumerate(steps):
        ready = 0
        for var in step.premises:
            when = set_at.get(var)
            if when is not None and when >= ready:
                ready = when + 1
        starts[ready] += 1
        starts[j + 1] -= 1
        for var, _ in step.placements:
            set_at[var] = j
        for var, _ in step.eliminations:
            set_at[var] = j
    counts, running = [], 0
    for i in range(len(steps)):
        running += starts[i]
        counts.append(running)
    return counts


def effort(steps: Sequence[Step], model: TimeModel = STEP_MODEL) -> float:
    """The cost of a solve made of ``steps`` (see the module)."""
    cost, left, total = model.step_cost, len(steps), 0.0
    for step, moves in zip(steps, open_moves(steps), strict=True):
        total += cost(step.difficulty, left, moves)
        left -= 1
    return total
