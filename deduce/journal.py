"""What changed since a rule last looked: the one way a rule pays only for what changed.

Every change of a grid is journaled on its State (``State.changes``: the variable, in order;
``State.gone`` beside it: the values it lost, 0 when it was only written in). A rule keeps a
``Look`` on the State under its own name: the journal position it last caught up with, and the
parts of the grid (units, lines, boxes, values: the rule says which bit is which) where it
looked and found nothing. ``look(state, name, touch)`` brings the Look up to date (the parts a
change touched since are dirty again) and hands it to the rule, which skips the clean parts and
marks clean (``look.clean |= 1 << part``) each part it scans and finds nothing in. A rule that
stops early (the engine closes it after its first step that makes progress) has simply not
marked the parts it did not reach: they are scanned next time. A rule that yields a step has
found something there, so it does not mark that part.

The engine's copies keep it exact: ``State.copy`` carries over the Looks that were up to date
(the copy's grid is the one they describe) and drops the others, so a search node's child
starts where its parent's rules left off, and never from a stale position.

A change that is not journaled would make a Look skip a part that did change. ``CHECK`` (on
with ``DEDUCE_DEBUG=1``, and in the project's tests) makes every catching-up compare the grid
with the one it last saw and raise ``UnjournaledChange`` naming the variables that changed
without a note (code that writes ``state.domains`` by hand must call ``state.note``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from deduce.state import Look, State, Values

#: Whether catching up also checks that every change was journaled (slow: a debug aid).
CHECK = os.environ.get("DEDUCE_DEBUG", "") not in ("", "0")


class UnjournaledChange(AssertionError):
    """A domain changed without a note in the State's journal: the code that changed it is
    wrong (a rule reading the journal would miss the change)."""


__all__ = [
    "Look",
    "UnjournaledChange",
    "changed",
    "check",
    "look",
    "look_by_value",
    "touch_of",
    "value_places",
    "value_versions",
]


def look(state: State[Any], name: str, touch: Sequence[int], written_only: bool = False) -> Look:
    """Rule ``name``'s Look on ``state``, brought up to date: ``touch[var]`` is the mask of the
    parts (bit ``i`` = part ``i``) a change of variable ``var`` can alter, and each change
    journaled since the Look's position makes those parts dirty again (not ``clean``).
    ``written_only``: the rule's findings depend only on which variables are written in and
    their values (a full house), so only the changes of variables now written in count.

    The first Look of a state (or of a copy made while the rule was behind) has nothing clean.
    """
    if CHECK:
        check(state)
    found = state.looks.get(name)
    now = len(state.changes)
    if found is None:
        found = state.looks[name] = Look(now, 0)
        return found
    if found.seen != now:
        clean = found.clean
        if clean:
            if written_only:
                fixed = state.fixed
                for var in state.changes[found.seen :]:
                    if fixed[var]:
                        clean &= ~touch[var]
            else:
                for var in state.changes[found.seen :]:
                    clean &= ~touch[var]
            found.clean = clean
        found.seen = now
    return found


def touch_of(parts: Sequence[Sequence[int]], size: int) -> list[int]:
    """The ``touch`` argument of ``look`` for parts given as lists of variables: for each of
    ``size`` variables, the mask of the parts that hold it."""
    touch = [0] * size
    for index, part in enumerate(parts):
        for var in part:
            touch[var] |= 1 << index
    return touch


def changed(state: State[Any], name: str) -> Sequence[int] | None:
    """The variables journaled since rule ``name`` last called ``changed`` on ``state`` (in
    journal order, repeats kept), or None the first time (look everywhere). The position moves
    to now: a rule that may stop before it has dealt with them should use ``look`` instead."""
    if CHECK:
        check(state)
    found = state.looks.get(name)
    now = len(state.changes)
    if found is None:
        state.looks[name] = Look(now, 0)
        return None
    since, found.seen = found.seen, now
    return state.changes[since:now]


def look_by_value(state: State[Any], name: str, size: int) -> Look:
    """``look`` by value: part ``v`` is value ``v`` (below ``size``), dirty again once any
    variable loses ``v`` or is written in holding it (``value_versions``). For a rule whose
    findings for a value depend only on where that value may go (Sudoku's single-digit
    patterns)."""
    versions = value_versions(state, size)
    found = state.looks.get(name)
    now = len(state.changes)
    if found is None:
        found = state.looks[name] = Look(now, 0)
        return found
    if found.seen != now:
        seen, clean = found.seen, found.clean
        left = clean
        while left:
            low = left & -left
            if versions[low.bit_length() - 1] > seen:
                clean ^= low
            left ^= low
        found.seen, found.clean = now, clean
    return found


def _values(state: State[Any], size: int) -> Values:
    """The state's ``Values``, brought up to date with the journal."""
    if CHECK:
        check(state)
    changes = state.changes
    now = len(changes)
    kept: Values | None = state.values
    if kept is None or len(kept.places) != size:
        places = [0] * size
        for var, (d, f) in enumerate(zip(state.domains, state.fixed, strict=True)):
            if not f:
                while d:
                    low = d & -d
                    places[low.bit_length() - 1] |= 1 << var
                    d ^= low
        kept = state.values = Values(now, [now] * size, places)
        return kept
    if kept.read != now:
        versions, places = kept.versions, kept.places
        domains, fixed, gone = state.domains, state.fixed, state.gone
        for position in range(kept.read, now):
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
        kept.read = now
    return kept


def value_versions(state: State[Any], size: int) -> list[int]:
    """For every value ``v`` below ``size``, the journal position (``len(state.changes)``)
    just after the last change that took ``v`` from a variable's domain or wrote in a
    variable holding ``v``: what a Look by value is checked against (``look_by_value``).

    Kept on the state, brought up to date from the journal's new entries (``State.gone``); a
    copy of the state starts afresh. Do not change the list."""
    return _values(state, size).versions


def value_places(state: State[Any], size: int) -> list[int]:
    """For every value ``v`` below ``size``, the bitmask of the variables not written in whose
    domain still holds ``v`` (kept up to date as ``value_versions``). Do not change the list."""
    return _values(state, size).places


def check(state: State[Any]) -> None:
    """Raise UnjournaledChange when a variable's domain or written-in mark differs from the
    grid last checked without a journal entry since; then remember the grid as it is."""
    now = len(state.changes)
    grid = (tuple(state.domains), tuple(state.fixed))
    before = state.checked
    state.checked = (now, grid)
    if before is None or before[0] > now:
        return
    position, (domains, fixed) = before
    noted = set(state.changes[position:])
    wrong = [
        var
        for var, (d, f) in enumerate(zip(domains, fixed, strict=True))
        if (d != state.domains[var] or f != state.fixed[var]) and var not in noted
    ]
    if wrong:
        raise UnjournaledChange(
            f"variables {wrong[:8]} changed without a note in the State's journal "
            "(code that writes state.domains or state.fixed must call state.note)"
        )
