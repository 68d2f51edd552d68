"""The propagation loop: apply the easiest rule that makes progress, then start again.

This ordering is what makes a log read like a player's solve and what gives a grade its
meaning: a hard rule is only used when every easier one is stuck.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from deduce.errors import Contradiction
from deduce.family import Family
from deduce.rule import Rule
from deduce.state import State
from deduce.step import Log, Step


def makes_progress(state: State, step: Step) -> bool:
    """Whether applying ``step`` to ``state`` would change it."""
    domains = state.domains
    for var, value in step.placements:
        if not state.fixed[var] or domains[var] != 1 << value:
            return True
    return any(domains[var] >> value & 1 for var, value in step.eliminations)


def apply_step(family: Family, state: State, step: Step) -> None:
    """Apply a step's placements and eliminations to ``state``.

    Raises Contradiction, in a player's words, when a conclusion empties a domain.
    """
    puzzle = state.puzzle
    for var, value in step.placements:
        if state.fixed[var] and state.domains[var] == 1 << value:
            continue
        if not state.domains[var] >> value & 1:
            raise Contradiction(
                f"{family.var_name(puzzle, var)} cannot be "
                f"{family.value_name(puzzle, var, value)}: that value was already ruled out"
            )
        state.domains[var] = 1 << value
        state.fixed[var] = True
        if family.on_place is not None:
            family.on_place(state, var, value)
    domains = state.domains
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


def _stamp(step: Step, rule: Rule, depth: int) -> Step:
    """The step with its rule's name and weight filled in where the rule left them out, and
    the search depth it was made at."""
    if step.rule and step.difficulty and step.depth == depth:
        return step
    stamped = copy.copy(step)  # a fresh copy, so filling in its fields changes no one else's
    object.__setattr__(stamped, "rule", step.rule or rule.name)
    object.__setattr__(stamped, "difficulty", step.difficulty or rule.weight)
    object.__setattr__(stamped, "depth", depth)
    return stamped


def next_steps(
    state: State, rules: Sequence[Rule], depth: int = 0
) -> tuple[Rule, list[Step]] | None:
    """The easiest rule that makes progress in ``state`` and the steps it makes (stamped with
    the search ``depth``).

    Does not change ``state``. Returns None at a fixpoint.
    """
    for rule in rules:
        if rule.batch:
            steps = [s for s in rule.find(state) if makes_progress(state, s)]
        else:  # only the first step is wanted: stop looking once there is one
            steps = [next((s for s in rule.find(state) if makes_progress(state, s)), None)]
            steps = steps if steps[0] is not None else []
        if steps:
            return rule, [_stamp(s, rule, depth) for s in steps]
    return None


def propagate(
    family: Family,
    state: State,
    log: Log | None = None,
    rules: Sequence[Rule] | None = None,
    depth: int = 0,
    max_steps: int | None = None,
) -> bool:
    """Apply rules, easiest first, until the puzzle is solved or no rule makes progress.

    Every applied step is appended to ``log`` (with ``depth``). Returns whether the state is
    solved. Raises Contradiction when the state turns out to be impossible.
    """
    rules = family.rules if rules is None else rules
    applied = 0
    while not family.solved(state):
        if max_steps is not None and applied >= max_steps:
            return False
        found = next_steps(state, rules, depth)
        if found is None:
            return False
        for step in found[1]:
            if not makes_progress(state, step):
                continue
            apply_step(family, state, step)
            applied += 1
            if log is not None:
                log.append(step)
    return True
