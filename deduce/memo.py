"""Remembering derived answers: per grid (on the State), or in a cache with a size bound.

Two kinds of memory serve the rules, and this module is the one place that provides them:

- ``last(state, name, compute)``: several rules read the same derived table of the same grid
  one after another (the engine asks them in turn until one makes progress); the table is
  computed once per grid and kept on that State, so it goes when the State goes, or when
  ``forget_grid`` lets it go (search, for every node it searches below).
- ``per_version(state, name, compute)``: the same, kept while the state's journal of changes
  (``State.changes``) has not grown, for a family that journals every change.
- ``entries_to_fill(state, name, size, touched)``: a table per part of the grid, entries
  made None again where the journal says the grid changed. (Where a rule looked and found
  nothing is ``deduce.journal``'s Look.)
- ``Bounded``: answers that are worth keeping across grids and puzzles (a line's arrangements
  for one clue and one set of domains) live in a dictionary with a size bound, so a run over
  millions of puzzles holds a flat amount of memory.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Generic, TypeVar, cast

from deduce import journal
from deduce.state import P, State

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
T = TypeVar("T")


def last(state: State[P], name: str, compute: Callable[[State[P]], T]) -> T:
    """``compute(state)``, remembered on ``state`` while its grid (domains and written-in
    variables) stays the same; each ``name`` keeps one answer."""
    return _kept(state, name, (tuple(state.domains), tuple(state.fixed)), compute)


def per_version(state: State[P], name: str, compute: Callable[[State[P]], T]) -> T:
    """``compute(state)``, remembered on ``state`` until its journal (``State.changes``)
    grows: ``last`` without comparing the whole grid, for a family whose every change of the
    grid is journaled (Sudoku's: the engine, ``State.remove`` and its ``on_place``)."""
    if journal.CHECK:
        journal.check(state)
    return _kept(state, name, len(state.changes), compute)


#: Where ``last`` and ``per_version`` keep their tables in ``State.memo``: apart from the
#: records that stay true as the grid changes (``entries_to_fill``), so that ``forget_grid``
#: can drop them.
_GRID = "tables of this grid"


def _kept(state: State[P], name: str, key: object, compute: Callable[[State[P]], T]) -> T:
    """``compute(state)`` kept in the state's grid tables under ``name`` with ``key``, while
    the key is the same."""
    tables: dict[str, tuple[object, Any]] | None = state.memo.get(_GRID)
    if tables is None:
        tables = state.memo[_GRID] = {}
    seen = tables.get(name)
    if seen is not None and seen[0] == key:
        return cast(T, seen[1])  # what compute gave for this name
    found = compute(state)
    tables[name] = (key, found)
    return found


def forget_grid(state: State[Any]) -> None:
    """Let go of the tables ``last`` and ``per_version`` keep for the state's grid as it is.

    Search calls it on a node's state before it searches below it: the node's grid changes
    (its guess is ruled out) before any rule reads the node again, so those tables would
    only be computed afresh, and a deep search would otherwise hold one set per node on its
    way down (a 40x40 Path: about 2 MB a node)."""
    state.memo.pop(_GRID, None)


def entries_to_fill(
    state: State[Any], name: str, size: int, touched: Callable[[list[int]], Iterable[int]]
) -> list[Any]:
    """The per-state table ``name`` of ``size`` entries, each the answer for one part of the
    grid (a unit, a digit), with None for the parts to compute afresh: all of them at first,
    then those that ``touched(changed)`` names for the variables changed since the table was
    last brought up to date (``state.changes``). The caller fills the None entries in place.
    """
    if journal.CHECK:
        journal.check(state)
    changes = state.changes
    now = len(changes)
    table = state.memo.get(name)
    if table is None:
        entries: list[Any] = [None] * size
        state.memo[name] = [now, entries]
        return entries
    seen, entries = table
    if seen != now:
        for index in touched(changes[seen:]):
            entries[index] = None
        table[0] = now
    return entries


class Bounded(dict[K, V], Generic[K, V]):
    """A dictionary that forgets its oldest half when it grows past ``limit`` entries.

    Lookups cost what a dict's do; the bound keeps memory flat however many distinct keys
    a long run meets (oldest first is by insertion, which is how these caches fill).
    """

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def __setitem__(self, key: K, value: V) -> None:
        if len(self) >= self.limit and key not in self:
            for old in list(self)[: self.limit // 2 or 1]:
                del self[old]
        super().__setitem__(key, value)


#: The bound of a cache keyed by a whole puzzle (its lines, its neighbours): a solve asks it
#: again and again for its own puzzle, and a batch never comes back to an earlier one.
PER_PUZZLE = 64


#: No arguments asked yet (a value no arguments tuple equals).
_NONE = object()


def bounded(limit: int) -> Callable[[Callable[..., V]], Callable[..., V]]:
    """Decorator: remember a function's answers by its (hashable) arguments in a ``Bounded``
    of ``limit`` entries: what ``functools.cache`` does, with flat memory however many
    distinct puzzles (or clues) a long run meets."""

    def wrap(func: Callable[..., V]) -> Callable[..., V]:
        answers: Bounded[Hashable, V] = Bounded(limit)
        # The last arguments asked and their answer, in one tuple (replaced whole, so a
        # thread never reads one's arguments with another's answer). A solve asks again and
        # again with its own puzzle object, so ``==`` finds it by identity at once, where
        # the dict would compare it field by field with an equal puzzle parsed earlier.
        last: tuple[Any, Any] = (_NONE, None)

        @functools.wraps(func)
        def cached(*args: Hashable) -> V:
            nonlocal last
            seen = last
            if args == seen[0]:
                last = (args, seen[1])  # an equal puzzle's answer: found by identity next
                return seen[1]  # type: ignore[no-any-return]
            try:
                found = answers[args]
            except KeyError:
                found = answers[args] = func(*args)
            last = (args, found)
            return found

        cached.cache = answers  # type: ignore[attr-defined]
        return cached

    return wrap
