"""Hint levels: how much of a step to reveal, from "where to look" to the whole deduction.

Each level adds something the ones before did not say: 1 the region to look at, 2 the
technique, 3 the cells the step changes and the digits (values) it rules out, without saying
how and without the values it places (a placed value named at level 3 would make it level 4
without the reason), 4 the step's own sentence. Each level also names the cells to highlight, so an app (or the
step page) can show a hint as a player would give it: first the place, then the pattern.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from deduce.family import Family
from deduce.state import P, State
from deduce.step import Step

LEVELS = ("where to look", "which technique", "the cells involved", "the whole deduction")
#: More cells than this are summed up ("12 cells") rather than listed.
LISTED = 12


@attrs.frozen
class Mistake:
    """One wrong entry of a player's grid: the variable (``cell``), its name and a sentence
    that names the player's entry without revealing the right value."""

    cell: int
    name: str
    text: str


@attrs.frozen
class Hint:
    """A hint for a player's grid, revealed up to a level.

    ``texts`` holds one sentence per level revealed (level 1 first); ``cells`` the variables to
    highlight at each of those levels and ``names`` their names (``r3c4``). ``step`` is the
    step the hint leads to (None when the grid has mistakes, is solved, or needs a guess);
    ``mistakes`` the player's wrong entries, which come before any hint; ``solved`` whether the
    grid is already finished.
    """

    texts: tuple[str, ...]
    cells: tuple[tuple[int, ...], ...] = ()
    names: tuple[tuple[str, ...], ...] = ()
    step: Step | None = attrs.field(default=None, repr=False)
    mistakes: tuple[Mistake, ...] = ()
    solved: bool = False

    @property
    def level(self) -> int:
        """How many levels this hint reveals."""
        return len(self.texts)

    def __str__(self) -> str:
        return "\n".join(self.texts)


def names_text(names: Sequence[str]) -> str:
    """``r1c1, r1c2 and r1c3``; past ``LISTED`` names, the first ones and how many more."""
    shown = list(names[:LISTED])
    if len(names) > LISTED:
        return f"{', '.join(shown)} and {len(names) - LISTED} more"
    if len(shown) > 1:
        return f"{', '.join(shown[:-1])} and {shown[-1]}"
    return "".join(shown)


def _unique(items: Iterable[int]) -> list[int]:
    return list(dict.fromkeys(items))


def unplaced(step: Step) -> Step:
    """``step`` as level 3 may draw it: the cells it settles still marked as read, their values
    not placed."""
    settled = tuple(v for v, _ in step.placements)
    return attrs.evolve(step, placements=(), premises=tuple(_unique([*step.premises, *settled])))


def hint_levels(
    family: Family[P], puzzle: P, step: Step, state: State[P] | None = None
) -> list[tuple[str, tuple[int, ...]]]:
    """(text, cells to highlight) for each of the four levels of ``step``, taken on ``state``
    (the grid before the step): level 3 names as the pattern only the cells that still
    hold one of the step's values there (none for a hidden single: the unit is level 1's)."""

    def name(var: int) -> str:
        return family.var_name(puzzle, var)

    placed = _unique(v for v, _ in step.placements)
    removed = [v for v in _unique(v for v, _ in step.eliminations) if v not in placed]
    targets = placed + removed
    pattern = [v for v in _unique(step.premises) if v not in targets]
    if state is not None:
        mask = 0
        for _, x in (*step.placements, *step.eliminations):
            mask |= 1 << x
        pattern = [v for v in pattern if not state.fixed[v] and state.domains[v] & mask]
    values = list(dict.fromkeys(family.value_name(puzzle, v, x) for v, x in step.eliminations))
    parts = []
    if pattern and len(pattern) <= 8:
        parts.append(f"The pattern: {names_text([name(v) for v in pattern])}.")
    if values and all(len(x) <= 2 and x.isalnum() for x in values):
        parts.append(f"It is about {names_text(values)}.")
    if placed:
        parts.append(f"It settles {names_text([name(v) for v in placed])}.")
    if removed:
        parts.append(f"It rules out candidates in {names_text([name(v) for v in removed])}.")
    look = tuple(_unique(step.premises)) or tuple(targets)
    involved = tuple(_unique([*step.premises, *targets]))
    return [
        (f"Look at {step.region or 'the grid'}.", look),
        (f"Technique: {step.rule}.", look),
        (" ".join(parts) or f"Look again at {step.region or 'the grid'}.", involved),
        (step.explanation, involved),
    ]


def step_hint(
    family: Family[P], puzzle: P, step: Step, level: int = 4, state: State[P] | None = None
) -> Hint:
    """The hint leading to ``step`` on ``state``, revealed up to ``level`` (1-4)."""
    if not 1 <= level <= len(LEVELS):
        raise ValueError(f"a hint level is 1 to {len(LEVELS)}, not {level}")
    levels = hint_levels(family, puzzle, step, state)[:level]
    return Hint(
        texts=tuple(text for text, _ in levels),
        cells=tuple(cells for _, cells in levels),
        names=tuple(tuple(family.var_name(puzzle, v) for v in cells) for _, cells in levels),
        step=step,
    )
