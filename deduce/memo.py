"""Remembering derived answers: per grid (on the State), or in a cache with a size bound.

Two kinds of memory serve the rules, and this module is the one place that provides them:

- ``last(state, name, compute)``: several rules read the same derived table of the same grid
  one after another (the engine asks them in turn until one makes progress); the table is
  computed once per grid and kept on that State, so it goes when the State goes, or when
  ``forget_grid`` lets it go (search, for every node it searches below).
- ``per_version(state, name, compute)``: the same, kept while the state's journal of changes
  (``State.changes``) has not grown, for a family that journals every change.
- ``quiet(state, name, touch)``: where a rule looked and found nothing, kept on the State
  with the position in its journal of changes (``State.changes``) it was true at; a rule asked
  again looks again only where the grid changed since (the same steps, in the same order).
  ``quiet_values`` does the same by value (a digit of a Sudoku), from ``value_versions``.
- ``Bounded``: answers that are worth keeping across grids and puzzles (a line's arrangements
  for one clue and one set of domains) live in a dictionary with a size bound, so a run over
  millions of puzzles holds a flat amount of memory.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Generic, TypeVar, cast

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
    return _kept(state, name, len(state.changes), compute)


#: Where ``last`` and ``per_version`` keep their tables in ``State.memo``: apart from the
#: records that stay true as the grid changes (``quiet``), so that ``forget_grid`` can drop them.
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


def quiet(state: State[Any], name: str, touch: Sequence[int]) -> list[int]:
    """The record of where rule ``name`` found nothing on ``state``, brought up to date: a
    two-item list ``[version, mask]`` kept in ``state.memo``.

    Bit ``i`` of ``mask`` stands for part ``i`` of the grid (a unit, a line, a box: the rule
    says); the rule sets it when it looks at part ``i`` and finds nothing there
    (``record[1] |= 1 << i``), and skips the parts whose bit is set. ``touch[var]`` is the
    mask of the parts a change of variable ``var`` can alter: the variables in
    ``state.changes`` since the record's version clear their parts' bits here, so a part
    is skipped only while nothing it depends on has changed. A copy of the state starts with
    no record (nothing skipped).
    """
    record: list[int] | None = state.memo.get(name)
    changes = state.changes
    now = len(changes)
    if record is None:
        record = state.memo[name] = [now, 0]
        return record
    seen, mask = record
    if seen != now:
        if mask:
            touched = 0
            for var in changes[seen:]:
                touched |= touch[var]
            record[1] = mask & ~touched
        record[0] = now
    return record


def entries_to_fill(
    state: State[Any], name: str, size: int, touched: Callable[[list[int]], Iterable[int]]
) -> list[Any]:
    """The per-state table ``name`` of ``size`` entries, each the answer for one part of the
    grid (a unit, a digit), with None for the parts to compute afresh: all of them at first,
    then those that ``touched(changed)`` names for the variables changed since the table was
    last brought up to date (``state.changes``). The caller fills the None entries in place.
    """
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


def _values_kept(state: State[Any], size: int) -> list[Any]:
    """``[read, versions, places]`` of ``state``, brought up to date with the journal (see
    ``value_versions`` and ``value_places``)."""
    changes = state.changes
    now = len(changes)
    kept: list[Any] | None = state.memo.get("values")
    if kept is None:
        places = [0] * size
        for var, (d, f) in enumerate(zip(state.domains, state.fixed, strict=True)):
            if not f:
                while d:
                    low = d & -d
                    places[low.bit_length() - 1] |= 1 << var
                    d ^= low
        kept = state.memo["values"] = [now, [now] * size, places]
        return kept
    read, versions, places = kept
    if read != now:
        domains, fixed, gone = state.domains, state.fixed, state.gone
        for position in range(read, now):
            var = changes[position]
            taken = gone[position]
            if fixed[var]:
                taken |= domains[var]  # written in: no longer open for its own value either
            clear = ~(1 << var)
            while taken:
                low = taken & -taken
                value = low.bit_length() - 1
                places[value] &= clear
                versions[value] = position + 1
                taken ^= low
        kept[0] = now
    return kept


def value_versions(state: State[Any], size: int) -> list[int]:
    """For every value ``v`` below ``size``, the journal position (``len(state.changes)``)
    just after the last change that took ``v`` from a variable's domain or wrote in a
    variable holding ``v``: what a record of "nothing for value v at version V" is checked
    against (``quiet_values``).

    Kept on the state, brought up to date from the journal's new entries (``State.gone``); a
    copy of the state starts afresh. Do not change the list."""
    return _values_kept(state, size)[1]  # type: ignore[no-any-return]


def value_places(state: State[Any], size: int) -> list[int]:
    """For every value ``v`` below ``size``, the bitmask of the variables not written in whose
    domain still holds ``v`` (kept up to date as ``value_versions``). Do not change the list."""
    return _values_kept(state, size)[2]  # type: ignore[no-any-return]


def quiet_values(state: State[Any], name: str, size: int) -> list[int]:
    """``quiet`` by value: the record ``[version, mask]`` of the values (bit ``v``) for which
    rule ``name`` found nothing, each kept while no domain has lost ``v`` since
    (``value_versions``). A rule whose findings for a value depend only on where that value
    may go (Sudoku's single-digit patterns) skips the values set here and sets those it
    looks at and finds nothing for."""
    versions = value_versions(state, size)
    now = len(state.changes)
    record: list[int] | None = state.memo.get(name)
    if record is None:
        record = state.memo[name] = [now, 0]
        return record
    seen, mask = record
    if seen != now:
        left = mask
        while left:
            low = left & -left
            if versions[low.bit_length() - 1] > seen:
                mask ^= low
            left ^= low
        record[0], record[1] = now, mask
    return record


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


def bounded(limit: int) -> Callable[[Callable[..., V]], Callable[..., V]]:
    """Decorator: remember a function's answers by its (hashable) arguments in a ``Bounded``
    of ``limit`` entries: what ``functools.cache`` does, with flat memory however many
    distinct puzzles (or clues) a long run meets."""

    def wrap(func: Callable[..., V]) -> Callable[..., V]:
        answers: Bounded[Hashable, V] = Bounded(limit)

        @functools.wraps(func)
        def cached(*args: Hashable) -> V:
            try:
                return answers[args]
            except KeyError:
                found = answers[args] = func(*args)
                return found

        cached.cache = answers  # type: ignore[attr-defined]
        return cached

    return wrap
