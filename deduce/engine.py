"""The propagation loop: apply the easiest rule that makes progress, then start again.

This ordering is what makes a log read like a player's solve and what gives a grade its
meaning: a hard rule is only used when every easier one is stuck.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from deduce import clock, journal
from deduce.errors import Contradiction, DeduceError, RuleError
from deduce.family import Family
from deduce.rule import Rule
from deduce.state import State
from deduce.step import Log, Step


def makes_progress(state: State[Any], step: Step) -> bool:
    """Whether applying ``step`` to ``state`` would change it."""
    domains = state.domains
    for var, value in step.placements:
        if not state.fixed[var] or domains[var] != 1 << value:
            return True
    return any(domains[var] >> value & 1 for var, value in step.eliminations)


class Placing(Protocol):
    """What applying a step needs of a family (a ``Family`` has it): the bookkeeping after a
    placement, and how a player names a variable and a value (for a contradiction's words)."""

    @property
    def on_place(self) -> Callable[[State[Any], int, int], None] | None: ...

    @property
    def var_name(self) -> Callable[[Any, int], str]: ...

    @property
    def value_name(self) -> Callable[[Any, int, int], str]: ...


def apply_step(family: Placing, state: State[Any], step: Step) -> None:
    """Apply a step's placements and eliminations to ``state``, noting each variable it
    narrows or writes in, and the values it takes away, in the state's journal
    (``State.changes``, ``State.gone``).

    Raises Contradiction, in a player's words, when a conclusion empties a domain.
    """
    puzzle = state.puzzle
    domains, fixed, changes, gone = state.domains, state.fixed, state.changes, state.gone
    for var, value in step.placements:
        if fixed[var] and domains[var] == 1 << value:
            continue
        if not domains[var] >> value & 1:
            raise Contradiction(
                f"{family.var_name(puzzle, var)} cannot be "
                f"{family.value_name(puzzle, var, value)}: that value was already ruled out"
            )
        gone.append(domains[var] & ~(1 << value))
        domains[var] = 1 << value
        fixed[var] = True
        changes.append(var)
        if family.on_place is not None:
            family.on_place(state, var, value)
    for var, value in step.eliminations:
        d = domains[var]
        if d >> value & 1:
            d &= ~(1 << value)
            if not d:
                raise Contradiction(
                    f"{family.var_name(puzzle, var)} has no possible value left "
                    f"once {family.value_name(puzzle, var, value)} is ruled out"
                )
            domains[var] = d
            changes.append(var)
            gone.append(1 << value)


def _stamp(step: Step, rule: Rule, depth: int) -> Step:
    """The step with its rule's name and weight filled in where the rule left them out, and
    the search depth it was made at."""
    if step.rule and step.difficulty and step.depth == depth:
        return step
    return step.stamped(step.rule or rule.name, step.difficulty or rule.weight, depth)


def next_step(
    state: State[Any], rules: Sequence[Rule], depth: int = 0, known_unique: bool = False
) -> tuple[Rule, Step] | None:
    """The easiest rule that makes progress in ``state`` and the first step it makes there
    (stamped with the search ``depth``), or None at a fixpoint. Does not change ``state``.
    Rules that assume a unique solution are skipped unless the caller states ``known_unique``.

    A rule's ``find`` is a generator: asking for its first step that makes progress stops its
    work there.
    """
    return _first_step(state, _asked(rules, known_unique), depth)


def _asked(rules: Sequence[Rule], known_unique: bool) -> list[tuple[Rule, Callable[..., Any]]]:
    """The rules to ask, with their ``find``, in order (once per propagation, not per step)."""
    return [(rule, rule.find) for rule in rules if known_unique or not rule.assumes_unique]


def _first_step(
    state: State[Any], asked: list[tuple[Rule, Callable[..., Any]]], depth: int
) -> tuple[Rule, Step] | None:
    for rule, find in asked:
        try:
            for step in find(state):
                if makes_progress(state, step):
                    return rule, _stamp(step, rule, depth)
        except Exception as exc:
            blame(rule, exc)
            raise
    return None


def blame(rule: Rule, error: Exception) -> None:
    """Raise RuleError naming ``rule`` for what it raised, when that is the rule's fault: any
    exception from a plugged-in rule; from a built-in one, anything but a DeduceError (a
    Contradiction found in the puzzle), a RecursionError (a puzzle too large) or a MemoryError.
    The deadline (``clock.TimeUp``) is never a rule's fault. Returns when the error is to go
    on as it is."""
    if isinstance(error, clock.TimeUp):
        return
    if rule.origin or not isinstance(error, DeduceError | RecursionError | MemoryError):
        raise RuleError(rule.name, rule.origin, error) from error


def propagate(
    family: Family[Any],
    state: State[Any],
    log: Log | None = None,
    rules: Sequence[Rule] | None = None,
    depth: int = 0,
    max_steps: int | None = None,
    known_unique: bool = False,
) -> bool:
    """Apply rules, easiest first, one step at a time, until the puzzle is solved or no rule
    makes progress.

    Each step is the first one the easiest progressing rule finds on the grid as it is, so
    every step is true when it is applied (and read): what it cites is still there, what it
    removes is still there to remove, and no easier rule could have made progress. A player's
    sweep of singles shows as singles one after another. The one exception is a ``sequence``
    rule that is the easiest of ``rules`` (search's singles closure): its steps come in an
    order in which each is true on the grid the ones before it leave, and they are applied
    in that order while each still makes progress (no easier rule exists to be skipped).
    A ``resumable`` rule's generator is kept across the steps it makes and drawn from again
    (what a fresh call would yield; see ``Rule``), wherever the rule is in the list.
    Every applied step is appended to ``log`` (with ``depth``). Rules that assume a unique
    solution take part only when ``known_unique``. Returns whether the state is solved. Raises
    Contradiction when the state turns out to be impossible, and ``deduce.clock.TimeUp`` when
    the solve's deadline passes (checked between steps).
    """
    rules = family.rules if rules is None else rules
    sequence = rules[0] if rules and rules[0].sequence else None
    asked = _asked(rules, known_unique)
    solved = family.is_solved if family.is_solved is not None else family.solved
    # A plain Log's list takes the steps directly (a subclass keeps its own ``append``).
    record = None if log is None else log.steps.append if type(log) is Log else log.append
    # The deadline is set around a whole solve, never inside one: read it once, and between
    # steps look at the clock only when there is one (``clock.check`` without its
    # context-variable read per step).
    deadline = clock.current()
    monotonic = time.monotonic
    domains, fixed = state.domains, state.fixed
    # Debugging (``DEDUCE_DEBUG=1``): after every step, that every change was journaled.
    checking = journal.CHECK
    if checking:
        journal.check(state)
    # Per rule: [rule, find, whether its generator is kept, its live generator or None (call
    # it afresh)]; a resumable rule's is kept, except beside a sequence rule.
    plan: list[list[Any]] = [
        [rule, find, rule.resumable and sequence is None, None] for rule, find in asked
    ]
    applied = 0
    while not solved(state):
        if max_steps is not None and applied >= max_steps:
            return False
        if deadline is not None and monotonic() >= deadline:
            raise clock.TimeUp
        steps = _sequence(state, sequence, depth) if sequence is not None else None
        if not steps:
            found = None
            for entry in plan:
                rule, find, keeps, drawn = entry
                try:
                    if drawn is None:
                        drawn = find(state)
                    for step in drawn:
                        placed = step.placements
                        if len(placed) == 1 and not step.eliminations:  # makes_progress, inlined
                            var, value = placed[0]
                            if fixed[var] and domains[var] == 1 << value:
                                continue
                        elif not makes_progress(state, step):
                            continue
                        if step.depth != depth or not step.difficulty or not step.rule:
                            step = _stamp(step, rule, depth)
                        found = rule, step
                        break
                except Exception as exc:
                    blame(rule, exc)
                    raise
                if keeps:  # kept while it yields; nothing on this grid: asked afresh
                    entry[3] = None if found is None else drawn
                if found is not None:
                    break
            if found is None:
                return False
            drawn = None  # a generator not kept is closed now, before its step is applied
            apply_step(family, state, found[1])  # known to make progress: no second look
            if checking:
                journal.check(state)
            applied += 1
            if record is not None:
                record(found[1])
            continue
        for step in steps:
            if (max_steps is not None and applied >= max_steps) or not makes_progress(state, step):
                break
            apply_step(family, state, step)
            if checking:
                journal.check(state)
            applied += 1
            if record is not None:
                record(step)
    return True


def propagate_plainly(
    family: Family[Any],
    state: State[Any],
    log: Log | None = None,
    rules: Sequence[Rule] | None = None,
    depth: int = 0,
    known_unique: bool = False,
) -> bool:
    """What ``propagate`` does, in its plainest words: find the easiest step that makes
    progress, apply it, log it, repeat; True once the puzzle is solved, False at a fixpoint.

    The readable definition ``propagate``'s shortcuts (the resumable rule's kept generator,
    the rules' Looks in the journal) must agree with: the project's tests compare their logs
    on corpus puzzles of every family. (A ``sequence`` rule is asked again after each step
    here, so the two agree on lists without one: the families' own ``rules``.)"""
    rules = family.rules if rules is None else rules
    solved = family.is_solved if family.is_solved is not None else family.solved
    while not solved(state):
        found = next_step(state, rules, depth, known_unique)
        if found is None:
            return False
        apply_step(family, state, found[1])
        if log is not None:
            log.append(found[1])
    return True


def _sequence(state: State[Any], rule: Rule, depth: int) -> list[Step]:
    """The steps of one call of sequence rule ``rule``, from the first that makes progress."""
    try:
        steps = list(rule.find(state))
        for i, step in enumerate(steps):
            if makes_progress(state, step):
                return [_stamp(s, rule, depth) for s in steps[i:]]
    except Exception as exc:
        blame(rule, exc)
        raise
    return []
