"""How long a person takes to solve a Sudoku, estimated from its Log: the ``minutes`` of its grade.

The solve is read as a person who places every hidden single in sight goes through it, in
waves (``deduce.difficulty.sudoku_singles``): each wave places all the hidden singles the
grid holds, and where none is left the Log's next step (a naked single, a pair, a chain)
is taken. Each cell a wave places costs

    (open / singles) ** search_power

and each step taken where no single was open costs

    (weight / easiest) ** technique_power  *  open ** search_power

- ``open`` is how many cells are still empty and ``singles`` how many hidden singles (digit
  and unit) the grid offers at the wave: with twenty open the next move is found at a
  glance, with one the whole grid is scanned, and a step no single could make is looked for
  with none to help;
- ``weight`` is the step's rule weight (``deduce rules sudoku``) and ``easiest`` that of the
  easiest rule (a hidden single in a box): a harder technique takes longer to see and check.

The solve's cost is the sum, so a long solve costs more than a short one, times
``(hardest / easiest) ** hardest_power`` with ``hardest`` the weight of the solve's hardest
step: a puzzle that needs a harder technique is solved more slowly throughout (its solver
pencil-marks, checks, hesitates). ``minutes`` is that cost times ``seconds_per_unit`` / 60. A
solve that needs guessing adds ``log2(1 + guesses)`` steps at ``guess_weight`` with no single
to help, a choice with no human data behind it (no player of the data set's app met such a
puzzle).

The parameters are fitted on 344 puzzles and the times people took over them (a Sudoku app's
players; see docs/grading.md and ``bench/human_calibration.py``, which fits them again).
"""

from __future__ import annotations

import math

from deduce.difficulty.sudoku_singles import counts
from deduce.difficulty.time_model import MODEL, TimeModel
from deduce.puzzles.sudoku.model import Sudoku
from deduce.step import DEDUCTION, Log


def effort(
    log: Log,
    puzzle: Sudoku,
    guesses: int | None = None,
    model: TimeModel = MODEL,
    hardest: float | None = None,
) -> float:
    """The solve's cost in the model's units (see the module); ``guesses`` is the log's
    guess count and ``hardest`` the weight of its hardest rules-only step, when the caller
    has them already."""
    cost, search, total = model.step_cost, model.search_power, 0.0
    left = puzzle.givens.count(0) - sum(1 for v in puzzle.placed or () if v)
    for before, singles, placed, step in counts(log, puzzle):
        if step is None:  # each cell costs step_cost(easiest, before, singles), inlined
            total += placed * (before / singles) ** search
        else:
            total += cost(step.difficulty, before, 0)
        left = before - placed
    if hardest is None:
        hardest = max((s.difficulty for s in log.steps if s.kind == DEDUCTION and not s.depth),
                      default=model.easiest)  # fmt: skip
    total *= model.hardness(hardest)
    guesses = log.guess_count() if guesses is None else guesses
    if guesses:
        total += math.log2(1 + guesses) * cost(model.guess_weight, left, 0)
    return total


def minutes(
    log: Log,
    puzzle: Sudoku,
    guesses: int | None = None,
    model: TimeModel = MODEL,
    hardest: float | None = None,
) -> float:
    """The model's solving time for ``log``'s puzzle, in minutes (``guesses`` and
    ``hardest`` as for ``effort``)."""
    return effort(log, puzzle, guesses, model, hardest) * model.seconds_per_unit / 60
