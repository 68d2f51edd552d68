"""Remembering derived answers: per grid (on the State), or in a cache with a size bound.

Two kinds of memory serve the rules, and this module is the one place that provides them:

- ``last(state, name, compute)``: several rules read the same derived table of the same grid
  one after another (the engine asks them in turn until one makes progress); the table is
  computed once per grid and kept on that State, so it goes when the State goes.
- ``Bounded``: answers that are worth keeping across grids and puzzles (a line's arrangements
  for one clue and one set of domains) live in a dictionary with a size bound, so a run over
  millions of puzzles holds a flat amount of memory.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar, cast

from deduce.state import P, State

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
T = TypeVar("T")


def last(state: State[P], name: str, compute: Callable[[State[P]], T]) -> T:
    """``compute(state)``, remembered on ``state`` while its grid (domains and written-in
    variables) stays the same; each ``name`` keeps one answer."""
    key = (tuple(state.domains), tuple(state.fixed))
    seen = state.memo.get(name)
    if seen is not None and seen[0] == key:
        return cast(T, seen[1])  # what compute gave for this name
    found = compute(state)
    state.memo[name] = (key, found)
    return found


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
