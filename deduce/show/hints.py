"""Hint levels: how much of a step to reveal, from "where to look" to the whole deduction.

Each level adds one thing the ones before did not say, and no level names a cell or a value
that only a later level may reveal:

1. **where to look, and the technique** (``Look at box 1: hidden single (box).``): a place
   that does not give the answer away: the step's region (the unit of a hidden single, the
   start of a chain) unless it names a cell the step changes; then a wider place holding
   that cell (a Sudoku's box, ``Family.hint_area``), or the grid. Never a cell or value the
   step settles or rules out.
2. **which digits**: the values the pattern is about (a chain's digits, a pair's digits), or
   those the step changes, without where.
3. **the pattern**: the cells the pattern really rests on (a chain's or loop's own cells,
   as it links them; for a step without links, the cells it read that still hold one of its
   values), and the cells it changes, without the values it places (a placed value named
   here would make it level 4 without the reason).
4. **the whole deduction**: the step's own sentence, its conclusion included.

Each level also names the cells to highlight, so an app (or the step page) can show a hint as
a player would give it: first the place, then the pattern.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import attrs

from deduce.family import Family
from deduce.state import P, State
from deduce.step import Step

LEVELS = ("where to look", "which digits", "the cells involved", "the whole deduction")
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


def _values(family: Family[P], puzzle: P, step: Step) -> list[str]:
    """What the step is about: its chain's digits (the labels of its links), else the values
    it places and rules out; short names only (``6``, not a nonogram's ``filled``)."""
    pairs = (*step.placements, *step.eliminations)
    names = list(dict.fromkeys(family.value_name(puzzle, v, x) for v, x in pairs))
    if step.link_labels:
        labels = step.link_labels
        if all(len(x) == 1 for x in names):  # one character a value: "26" labels 2 and 6
            labels = tuple(x for label in labels for x in label)
        names = list(dict.fromkeys(labels))
    return names if all(x.isdigit() or (len(x) == 1 and x.isalnum()) for x in names) else []


def _pattern(step: Step, targets: list[int], state: State[P] | None) -> list[int]:
    """The cells the pattern rests on, none of the step's targets: a chain's linked cells in
    chain order; for a step without links, the cells it read that (on ``state``) still hold
    one of its values (none for a hidden single: its unit is level 1's)."""
    if step.links:
        linked = _unique(v for link in step.links for v in link)
        return [v for v in linked if v not in targets]
    pattern = [v for v in _unique(step.premises) if v not in targets]
    if state is not None:
        mask = 0
        for _, x in (*step.placements, *step.eliminations):
            mask |= 1 << x
        pattern = [v for v in pattern if not state.fixed[v] and state.domains[v] & mask]
    return pattern if len(pattern) <= 8 else []


def _area(family: Family[P], puzzle: P, step: Step, targets: list[int]) -> str:
    """Where level 1 sends the player: the step's region unless it names one of the cells
    the step changes, else the family's wider area of the first, else the grid."""
    named = set(re.findall(r"\w+", step.region))
    if step.region and not named & {family.var_name(puzzle, v) for v in targets}:
        return step.region
    if targets and family.hint_area is not None:
        return family.hint_area(puzzle, targets[0])
    return "the grid"


def _count(changed: int) -> str:
    """Level 2 where the values have no short names (a nonogram's, a path's): how much the
    step decides."""
    return f"It decides {changed} {'place' if changed == 1 else 'places'} there."


def _looked_at(step: Step, area: str, names: list[str], targets: list[int]) -> tuple[int, ...]:
    """The cells level 1 highlights: those its area names (a chain's start), else the cells
    the step read when the area is its region, they draw no chain, and they are so many that
    the few it changes hide among them (a hidden single's unit), else none."""
    words = set(re.findall(r"\w+", area))
    premises = _unique(step.premises)
    named = tuple(v for v, n in zip(step.premises, names, strict=True) if n in words)
    if named:
        return tuple(_unique(named))
    if area == step.region and not step.links and len(premises) >= 3 * max(1, len(targets)):
        return tuple(premises)
    return ()


def hint_levels(
    family: Family[P], puzzle: P, step: Step, state: State[P] | None = None
) -> list[tuple[str, tuple[int, ...]]]:
    """(text, cells to highlight) for each of the four levels of ``step``, taken on ``state``
    (the grid before the step); see the module's docstring for what each level says."""

    def name(var: int) -> str:
        return family.var_name(puzzle, var)

    placed = _unique(v for v, _ in step.placements)
    removed = [v for v in _unique(v for v, _ in step.eliminations) if v not in placed]
    targets = placed + removed
    pattern = _pattern(step, targets, state)
    values = _values(family, puzzle, step)
    area = _area(family, puzzle, step, targets)
    parts = []
    if pattern:
        parts.append(f"The pattern rests on {names_text([name(v) for v in pattern])}.")
    if placed:
        parts.append(f"It settles {names_text([name(v) for v in placed])}.")
    if removed:
        parts.append(f"It rules out candidates in {names_text([name(v) for v in removed])}.")
    look = _looked_at(step, area, [name(v) for v in step.premises], targets)
    involved = tuple(_unique([*look, *pattern, *targets]))
    about = f"It is about {names_text(values)}." if values else _count(len(targets))
    return [
        (f"Look at {area}: {step.rule}.", look),
        (about, look),
        (" ".join(parts) or f"Look again at {area}.", involved),
        (step.explanation, tuple(_unique([*step.premises, *targets]))),
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
