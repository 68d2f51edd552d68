"""How long a person takes to solve a Sudoku, estimated from its Log: the ``minutes`` of its grade.

Each step of the rules-only solve costs

    (weight / easiest) ** technique_power  *  (open / max(singles, 1)) ** search_power

- ``weight`` is the step's rule weight (``deduce rules sudoku``) and ``easiest`` that of the
  easiest rule (a hidden single in a box): a harder technique takes longer to see and check;
- ``open`` is how many cells are still empty and ``singles`` how many hidden singles the grid
  offers just before the step (``deduce.difficulty.sudoku_singles``): with twenty singles
  open the next move is found at a glance, with one the whole grid is scanned, and a step
  no single could make (a naked single, a pair, a chain) is looked for with none to help.

The solve's cost is the sum over its steps, so a long solve costs more than a short one, and
``minutes`` is that sum times ``seconds_per_unit`` / 60. A solve that needs guessing adds
``log2(1 + guesses)`` steps at ``guess_weight`` with no single to help, a choice with no
human data behind it (no player of the data set's app met such a puzzle).

The parameters are fitted on 344 puzzles and the times people took over them (a Sudoku app's
players; see docs/grading.md and ``bench/human_calibration.py``, which fits them again).
"""

from __future__ import annotations

import math

from deduce.difficulty.sudoku_singles import hidden_singles
from deduce.difficulty.time_model import MODEL, TimeModel
from deduce.puzzles.sudoku.model import Sudoku
from deduce.step import Log


def effort(log: Log, puzzle: Sudoku, guesses: int | None = None, model: TimeModel = MODEL) -> float:
    """The solve's cost in the model's units (see the module); ``guesses`` is the log's
    guess count when the caller has it already."""
    open_cells = puzzle.givens.count(0) - sum(1 for v in puzzle.placed or () if v)
    cost, total = model.step_cost, 0.0
    for step, singles in hidden_singles(log, puzzle):
        total += cost(step.difficulty, open_cells, singles)
        open_cells -= len(step.placements)
    guesses = log.guess_count() if guesses is None else guesses
    if guesses:
        total += math.log2(1 + guesses) * model.step_cost(model.guess_weight, open_cells, 0)
    return total


def minutes(
    log: Log, puzzle: Sudoku, guesses: int | None = None, model: TimeModel = MODEL
) -> float:
    """The model's solving time for ``log``'s puzzle, in minutes (``guesses`` as for
    ``effort``)."""
    return effort(log, puzzle, guesses, model) * model.seconds_per_unit / 60
