"""Rule: a named, polynomial-time pattern search with a difficulty weight; Technique and Table:
a family's rules, weights and levels written once, in one table."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
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


@attrs.frozen
class Technique:
    """One row of a family's table: a rule's name, weight, level, finder and description,
    and where it is used (Simon Tatham's "one table of level, name and solver" per game).

    The table is the one place a family writes its weights: ``rule`` is the engine's view of
    the row, made once. ``find`` receives the row's weight as the keyword ``weigh`` names
    (``"weight"``, or ``"base"`` for a chain whose steps weigh more the longer they are) when
    its steps carry their weight themselves, and the row's name as ``name`` when ``named``.
    ``level`` is the grade level a solve whose hardest step this rule made belongs to; empty,
    it is the level the family's thresholds give the weight (``Table.level_of``). ``solve``
    and ``search`` say whether the rules-only solve and search use the rule.
    """

    name: str
    weight: float
    find: Callable[..., Iterable[Step]]
    description: str
    level: str = ""
    solve: bool = True
    search: bool = True
    weigh: str = ""
    named: bool = False
    sequence: bool = False
    assumes_unique: bool = False
    resumable: bool = False
    rule: Rule = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        find = _bound(self.find, self.weigh, self.weight, self.name if self.named else None)
        rule = Rule(
            self.name,
            self.weight,
            find,
            self.description,
            sequence=self.sequence,
            assumes_unique=self.assumes_unique,
            resumable=self.resumable,
            in_search=self.search,
        )
        object.__setattr__(self, "rule", rule)


def _bound(
    find: Callable[..., Iterable[Step]], weigh: str, weight: float, name: str | None
) -> Callable[[State[Any]], Iterable[Step]]:
    """``find`` given the weight as the keyword ``weigh`` (when there is one) and ``name``
    (when not None) at every call. The engine calls a finder thousands of times a solve: a
    function spelling the usual keywords out costs a third of a partial's call, which makes
    a dict of them each time."""
    if weigh == "weight":
        if name is None:
            return lambda state: find(state, weight=weight)
        return lambda state: find(state, name=name, weight=weight)
    if weigh == "base":
        if name is None:
            return lambda state: find(state, base=weight)
        return lambda state: find(state, name=name, base=weight)
    bound: dict[str, object] = {weigh: weight} if weigh else {}
    if name is not None:
        bound["name"] = name
    return partial(find, **bound) if bound else find


@attrs.frozen
class Table:
    """A family's table: its grade levels and its techniques, from which its rule list, its
    search's rule list, its grade scale and ``deduce rules`` are built.

    ``levels`` are ``(lowest score, level)``, ascending (``deduce.difficulty.scale.Scale``'s
    thresholds); ``rows`` the techniques, written in any order (the rule list is ordered by
    weight, ties as written).
    """

    levels: tuple[tuple[float, str], ...]
    rows: tuple[Technique, ...]

    @property
    def rules(self) -> tuple[Rule, ...]:
        """The rules of a rules-only solve, easiest first."""
        return tuple(sorted((t.rule for t in self.rows if t.solve), key=lambda r: r.weight))

    @property
    def search_rules(self) -> tuple[Rule, ...]:
        """The rules search propagates with at every node, easiest first."""
        return tuple(sorted((t.rule for t in self.rows if t.search), key=lambda r: r.weight))

    def level_of(self, row: Technique) -> str:
        """The grade level ``row`` belongs to: its own, or the one its weight reaches."""
        if row.level:
            return row.level
        return [name for lowest, name in self.levels if row.weight >= lowest][-1]


def searched(rules: Iterable[Rule]) -> tuple[Rule, ...]:
    """The rules of ``rules`` that search propagates with (``Rule.in_search``), in order."""
    return tuple(rule for rule in rules if rule.in_search)
