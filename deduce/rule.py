"""Rule: a named, polynomial-time pattern search with a difficulty weight."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from deduce.state import State
from deduce.step import Step


@attrs.frozen
class Rule:
    """One deduction technique of one family.

    ``find(state)`` yields the Steps the rule can make in ``state``; it never guesses and never
    runs other rules. ``weight`` orders rules (easiest first) and feeds the grade. When
    ``batch`` is true the engine applies every step one call yields (they were all derived from
    the same state, so all are sound); otherwise only the first.
    """

    name: str
    weight: float
    find: Callable[[State], Iterable[Step]]
    description: str = ""
    batch: bool = True

    def __repr__(self) -> str:
        return f"Rule({self.name!r}, weight={self.weight})"
