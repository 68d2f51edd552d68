"""State: what is still possible for every variable of a puzzle, as int bitmasks.

Value ``v`` of a variable is possible when bit ``v`` of its domain is set. A family decides what
its variables are (Sudoku: a cell's digit; Nonogram: a cell's colour) and may keep extra
bookkeeping in ``fixed`` (variables a player has written in, as opposed to merely narrowed).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Generic, TypeVar

import attrs

from deduce.errors import Contradiction


def bits(mask: int) -> Iterator[int]:
    """Yield the values (bit positions) set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def single_value(mask: int) -> int:
    """The one value in a singleton ``mask``."""
    return mask.bit_length() - 1


def is_single(mask: int) -> bool:
    """Whether ``mask`` holds exactly one value."""
    return mask != 0 and mask & (mask - 1) == 0


def popcount(mask: int) -> int:
    """How many values ``mask`` holds."""
    return mask.bit_count()


@attrs.define(slots=True, eq=False)
class Look:
    """Where one rule last looked (``deduce.journal``): ``seen``, the journal position it has
    caught up with, and ``clean``, the parts of the grid (bit ``i`` = part ``i``, as the rule
    numbers them) where it looked at that position and found nothing."""

    seen: int
    clean: int


@attrs.define(slots=True, eq=False)
class Values:
    """Where each value may still go, kept up to date from the journal (``State.values``,
    ``deduce.journal.value_places``): ``read`` the journal position it is up to date with,
    ``versions[v]`` the position just after the last change that took ``v`` somewhere,
    ``places[v]`` the bitmask of the variables not written in whose domain holds ``v``."""

    read: int
    versions: list[int]
    places: list[int]


#: The puzzle type of a family (a Sudoku, a Nonogram, ...).
P = TypeVar("P")


class State(Generic[P]):
    """Mutable knowledge about one puzzle: a domain bitmask per variable.

    ``puzzle`` is the immutable puzzle (``State[Sudoku]`` names its type for a rule);
    ``domains[i]`` the values variable ``i`` can still take; ``fixed[i]`` whether variable
    ``i`` has been written in (placed). ``extra`` is a small dict a family may use for derived
    bookkeeping; it is shallow-copied with the state, so families must store immutable values
    there (or copy on write). ``memo`` holds tables derived from the current grid
    (``deduce.memo.last``); a copy starts with an empty one. Copying is cheap: three lists and
    two small dicts.

    ``changes`` is the journal of the variables whose domain shrank or that were written in,
    in order, and ``gone`` beside it the values each change took away (0 when it only wrote
    the variable in): ``remove``, ``restrict``, the engine's ``apply_step`` and Sudoku's
    ``on_place`` append to both (``note``), so a rule can re-examine only what changed since it
    last looked (``looks``, by rule name: see ``deduce.journal``). Code that narrows
    ``domains`` by hand must note what it narrowed (``deduce.journal.CHECK`` catches it when it
    does not). A copy starts with an empty journal, an empty ``memo`` and no ``values``, and
    keeps the Looks that were up to date (as of its own position 0).

    The typed side channels: ``quiet`` is True while search runs the rules where nobody reads
    the steps (the proof of uniqueness: a rule may leave out what only explains them);
    ``values`` is ``deduce.journal``'s table of where each value may go; ``checked`` the grid
    ``deduce.journal.CHECK`` last compared. Probing (``deduce.rules.nonogram.probing``)
    keeps three, copied with the state as ``extra`` is: ``probe_outcomes`` the probes it ran
    (the grid, the outcomes by (variable, value), the State that made them),
    ``probe_best`` the variable its last round that found nothing would have search guess
    on (with that round's grid), ``probe_from`` where its next round starts.
    """

    __slots__ = (
        "changes",
        "checked",
        "domains",
        "extra",
        "fixed",
        "gone",
        "looks",
        "memo",
        "probe_best",
        "probe_from",
        "probe_outcomes",
        "puzzle",
        "quiet",
        "values",
    )

    def __init__(self, puzzle: P, domains: list[int], fixed: list[bool] | None = None) -> None:
        self.puzzle = puzzle
        self.domains = domains
        self.fixed = fixed if fixed is not None else [False] * len(domains)
        self.extra: dict[str, Any] = {}
        self.memo: dict[str, Any] = {}
        self.changes: list[int] = []
        self.gone: list[int] = []
        self.looks: dict[str, Look] = {}
        self.quiet = False
        self.values: Values | None = None
        self.checked: tuple[int, tuple[tuple[int, ...], tuple[bool, ...]]] | None = None
        self.probe_outcomes: tuple[bytes, Any, State[Any]] | None = None
        self.probe_best: tuple[bytes, int] | None = None
        self.probe_from = 0

    def copy(self) -> State[P]:
        """An independent copy (the puzzle is shared)."""
        other: State[P] = State.__new__(State)
        other.puzzle = self.puzzle
        other.domains = self.domains.copy()
        other.fixed = self.fixed.copy()
        other.extra = self.extra.copy()
        other.memo = {}
        other.changes = []
        other.gone = []
        now = len(self.changes)
        other.looks = (
            {name: Look(0, look.clean) for name, look in self.looks.items() if look.seen == now}
            if self.looks
            else {}
        )
        other.quiet = self.quiet
        other.values = None
        other.probe_outcomes = self.probe_outcomes
        other.probe_best = self.probe_best
        other.probe_from = self.probe_from
        # The grid a debug check compares against (``deduce.journal.CHECK``): the copy's own.
        other.checked = (
            None if self.checked is None else (0, (tuple(other.domains), tuple(other.fixed)))
        )
        return other

    def note(self, var: int, gone: int) -> None:
        """Journal a change: ``var`` lost the values in ``gone`` (0: it was only written in)."""
        self.changes.append(var)
        self.gone.append(gone)

    def remove(self, var: int, mask: int, reason: str = "") -> bool:
        """Remove the values in ``mask`` from ``var``; True when something changed.

        Raises Contradiction when the domain becomes empty.
        """
        d = self.domains[var]
        nd = d & ~mask
        if nd == d:
            return False
        if not nd:
            raise Contradiction(reason or f"variable {var} has no possible value left")
        self.domains[var] = nd
        self.changes.append(var)
        self.gone.append(d & mask)
        return True

    def restrict(self, var: int, mask: int, reason: str = "") -> bool:
        """Keep only the values in ``mask`` for ``var``; True when something changed."""
        return self.remove(var, ~mask, reason)

    def value(self, var: int) -> int | None:
        """The value of ``var`` when only one is possible, else None."""
        d = self.domains[var]
        return single_value(d) if is_single(d) else None

    def all_single(self) -> bool:
        """Whether every variable has exactly one possible value."""
        return all(d and d & (d - 1) == 0 for d in self.domains)

    def assignment(self) -> list[int]:
        """The value of every variable; only meaningful when ``all_single()``."""
        return [d.bit_length() - 1 for d in self.domains]
