"""Rule: a named, polynomial-time pattern search with a difficulty weight."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from deduce.state import State
from deduce.step import Step


@attrs.frozen
class Rule:
    """One deduction technique of one family.

    ``find(state)`` yields the Steps the rule can make in ``state``, the one a player would
    take first first (the engine applies only the first that makes progress, then asks the
    easiest rule again); it never guesses and never runs other rules. ``weight`` orders rules
    (easiest first) and feeds the grade; a step may carry a heavier difficulty of its own (a
    longer chain weighs more), never a lighter one.

    ``sequence`` marks a rule whose steps come in an order in which each is true on the grid
    the ones before it leave (search's closure of the singles); when it is the easiest rule of
    its list, the engine applies the steps of one call in that order instead of asking again
    after each (see ``deduce.engine.propagate``).

    ``resumable`` marks a rule whose generator, resumed after the engine applied the step it
    last yielded (the state's journal, ``State.changes``, has grown since), yields what a
    fresh call on the new grid would; resumed without a change, it goes on as any generator.
    While such a rule is the easiest of its list, the engine keeps drawing its steps from one
    generator instead of calling ``find`` again after each (the same steps, in the same order,
    without a call's set-up per step: Sudoku's hidden singles in boxes, most steps of an easy
    puzzle).

    ``assumes_unique`` marks a rule that is sound only for a puzzle with exactly one solution
    (Sudoku's unique rectangles: "were this so, two solutions would remain"). The engine uses
    such a rule only when its caller states that the puzzle is known to have one solution
    (``known_unique``); ``deduce.solving.solve`` establishes that by counting solutions before
    it trusts a log that used one, and solves again without them when the count is not one.

    ``in_search`` says whether search propagates with the rule at its nodes (a slow rule that
    only explains, or a plugin rule that is not worth its cost there, says False); plugged-in
    rules join search only when it is True, and always after the family's own search rules of
    the same weight and after its ``sequence`` rule (``deduce.registry``). ``origin`` is the
    distribution a plugged-in rule came from (``""``: built in), which an error names.
    """

    name: str
    weight: float
    find: Callable[[State[Any]], Iterable[Step]]
    description: str = ""
    sequence: bool = False
    assumes_unique: bool = False
    resumable: bool = False
    in_search: bool = True
    origin: str = ""

    def __repr__(self) -> str:
        return f"Rule({self.name!r}, weight={self.weight})"


def searched(rules: Iterable[Rule]) -> tuple[Rule, ...]:
    """The rules of ``rules`` that search propagates with (``Rule.in_search``), in order."""
    return tuple(rule for rule in rules if rule.in_search)
