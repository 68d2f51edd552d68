"""Which steps of ``explain`` draw the grid, so that it reads like a walkthrough.

By default (``KEY``) the grid is drawn at the first step, at every step harder than the
family's easiest level (a Sudoku's pointing or chain, a nonogram's probe; and every guess),
at every tenth step and at the last; the steps between are sentences only. ``ALL`` draws it
at every step (a 49-step easy Sudoku then prints about 1,500 lines), ``NONE`` at none. This
module needs no rich, so the command line can offer the choices without loading it.
"""

from __future__ import annotations

from collections.abc import Callable

from deduce.step import GUESS, Step

#: Which steps draw the grid: the walkthrough's key steps, every step, or none.
KEY, ALL, NONE = "key", "all", "none"
GRIDS = (KEY, ALL, NONE)
#: In a walkthrough, the grid is drawn at least every this many steps.
EVERY = 10


def shows_grid(
    mode: str, step: Step, number: int, last: bool, plain_step: Callable[[Step], bool]
) -> bool:
    """Whether the step numbered ``number`` (0 for a guess or a contradiction) draws the
    grid under ``mode``: in a walkthrough the first, every ``EVERY``-th, the last, every
    guess, and every step ``plain_step`` does not call plain."""
    if mode != KEY:
        return mode == ALL
    if step.kind == GUESS or last or number == 1 or (number and number % EVERY == 0):
        return True
    return bool(number) and not plain_step(step)
