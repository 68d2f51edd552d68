"""Replay a Log: the state before every step, rebuilt from the puzzle and the Log alone.

Renderers (terminal, SVG) draw a step on the grid as it was just before the step, so they
need these states; a Log from disk is enough to make them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from deduce.engine import apply_step
from deduce.errors import Contradiction
from deduce.family import Family
from deduce.state import P, State
from deduce.step import CONTRADICTION, GUESS, Log, Step


def replay(family: Family[P], puzzle: P, log: Log) -> Iterator[tuple[State[P], Step]]:
    """Yield ``(state before the step, step)`` for every step of ``log``, in order.

    Search is followed by depth: a guess opens a copy of the state one level down, a
    contradiction without conclusions closes that level, and a contradiction that rules a
    value out applies it at its own level. The yielded state is a copy the caller may keep.
    """
    stack: list[State[P]] = [family.initial_state(puzzle)]
    for step in log.steps:
        if step.kind == GUESS:
            del stack[max(step.depth, 1) :]
            parent = stack[-1]
            yield parent.copy(), step
            child = parent.copy()
            _apply(family, child, step)
            stack.append(child)
            continue
        del stack[step.depth + 1 :]
        state = stack[-1]
        yield state.copy(), step
        if step.kind != CONTRADICTION or step.eliminations:
            _apply(family, state, step)


def _apply(family: Family[P], state: State[P], step: Step) -> None:
    with contextlib.suppress(Contradiction):  # the log's next step records the contradiction
        apply_step(family, state, step)
