"""The time model's parameters: how a step's cost grows with its technique's weight and with
how few moves the grid offers, fitted once on people's solving times (Sudoku: 344 puzzles of
a Sudoku app's players, ``bench/human_calibration.py``; docs/grading.md).

The Sudoku minutes (``deduce.difficulty.sudoku_time``) use every field of ``MODEL``; the other
families' scores take the two powers of ``STEP_MODEL`` alone (``deduce.difficulty.availability``),
the only human measure of how much a scarce move costs, step by step, that deduce has.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class TimeModel:
    """A step costs ``(weight / easiest) ** technique_power * (open / moves) **
    search_power``: ``weight`` its rule's weight, ``easiest`` the weight of the easiest rule
    (a Sudoku hidden single in a box), ``open`` how much is left to do and ``moves`` how many
    moves are open (at least 1). A Sudoku solve's summed cost is multiplied by ``(hardest /
    easiest) ** hardest_power``, ``hardest`` the weight of its hardest step (``hardness``),
    and ``seconds_per_unit`` turns it into time (Sudoku only); ``guess_weight`` is the weight
    a guess is costed at."""

    technique_power: float
    search_power: float
    hardest_power: float
    seconds_per_unit: float
    easiest: float = 1.2
    guess_weight: float = 10.0

    def step_cost(self, weight: float, left: int, moves: int) -> float:
        """The cost of one step of rule weight ``weight`` with ``left`` still to do and
        ``moves`` moves open."""
        cost: float = (left / (moves or 1)) ** self.search_power * (
            weight / self.easiest
        ) ** self.technique_power
        return cost

    def hardness(self, hardest: float) -> float:
        """How much slower a whole solve goes when its hardest step weighs ``hardest``."""
        factor: float = (hardest / self.easiest) ** self.hardest_power
        return factor


#: Fitted on the 344 puzzles of ``cloud_sudoku_human_344.csv`` (``bench/human_calibration.py``),
#: with the singles counted in waves (``deduce.difficulty.sudoku_singles``).
MODEL = TimeModel(technique_power=1.0, search_power=0.5, hardest_power=0.25, seconds_per_unit=3.71)

#: The same fit with the moves counted before every step of one path (the engine's order), as
#: ``deduce.difficulty.availability`` counts them for the other families: the Sudoku model
#: before the waves (cross-validated rho 0.816 with the players' ``D_TO``; docs/grading.md).
STEP_MODEL = TimeModel(
    technique_power=1.0, search_power=0.75, hardest_power=0.0, seconds_per_unit=2.74
)
