"""Soundness checks shared by every family: no rule may remove a value of the true solution."""

from __future__ import annotations

from collections.abc import Sequence

from deduce.engine import _stamp, apply_step, makes_progress
from deduce.family import Family
from deduce.rule import Rule
from deduce.state import State
from deduce.step import Step


def check_step(family: Family, state: State, step, solution: Sequence[int], rule: str) -> None:
    """Fail when ``step`` places a wrong value or eliminates the true one."""
    puzzle = state.puzzle
    for var, value in step.placements:
        assert solution[var] == value, (
            f"{rule} placed {family.value_name(puzzle, var, value)} at {family.var_name(puzzle, var)}, "
            f"the solution has {family.value_name(puzzle, var, solution[var])}: {step.explanation}"
        )
    for var, value in step.eliminations:
        assert solution[var] != value, (
            f"{rule} eliminated the true value {family.value_name(puzzle, var, value)} "
            f"of {family.var_name(puzzle, var)}: {step.explanation}"
        )


def assert_sound(
    family: Family,
    puzzle,
    solution: Sequence[int],
    rules: Sequence[Rule] | None = None,
    every_rule: bool = True,
    max_steps: int = 100_000,
) -> set[str]:
    """Solve ``puzzle`` with the engine's order, checking every step against ``solution``.

    With ``every_rule``, every rule is also asked at every state along the way (not just the
    easiest productive one), so hard rules are checked on many positions. Returns the names
    of the rules that made a step.
    """
    rules = family.rules if rules is None else rules
    state = family.initial_state(puzzle)
    fired: set[str] = set()
    for _ in range(max_steps):
        if family.solved(state):
            break
        if every_rule:
            for rule in rules:
                for step in rule.find(state):
                    check_step(family, state, step, solution, rule.name)
                    fired.add(rule.name)
        found = round_steps(state, rules)
        if found is None:
            break
        rule, steps = found
        for step in steps:
            check_step(family, state, step, solution, rule.name)
            apply_step(family, state, step)
            fired.add(rule.name)
    return fired


def assert_sound_at_stalls(
    family: Family,
    puzzle,
    solution: Sequence[int],
    rules: Sequence[Rule],
    asked: Sequence[Rule],
    max_steps: int = 100_000,
) -> set[str]:
    """Solve with ``rules`` in the engine's order, checking every applied step; wherever the
    engine reaches one of the ``asked`` rules (the easier ones are stuck), ask every ``asked``
    rule for all its steps and check them too. When no rule makes progress, write in the
    solution's value of an open variable (as a lucky guess would) and go on, so positions
    beyond the rules' reach are checked as well. Returns the names of the rules that made a
    step. A rule that calls a position with a solution impossible fails the test.
    """
    from deduce.step import Step

    heavy = {r.name for r in asked}
    state = family.initial_state(puzzle)
    fired: set[str] = set()
    for _ in range(max_steps):
        if family.solved(state):
            break
        found = round_steps(state, rules)
        if found is None:
            var = min(
                (v for v, d in enumerate(state.domains) if d & (d - 1)),
                key=lambda v: state.domains[v].bit_count(),
            )
            apply_step(family, state, Step("truth", "", placements=((var, solution[var]),)))
            continue
        rule, steps = found
        if rule.name in heavy:
            for other in asked:
                for step in other.find(state):
                    check_step(family, state, step, solution, other.name)
                    fired.add(other.name)
        for step in steps:
            check_step(family, state, step, solution, rule.name)
            apply_step(family, state, step)
            fired.add(rule.name)
    return fired


def rule_round(family: Family, state: State) -> bool:
    """Apply every step the easiest progressing rule finds in ``state`` (a "round"): how the
    test positions of the rule tests are reached. False at a fixpoint."""
    found = round_steps(state, family.rules)
    if found is None:
        return False
    for step in found[1]:
        if makes_progress(state, step):
            apply_step(family, state, step)
    return True


def round_steps(state: State, rules: Sequence[Rule]) -> tuple[Rule, list[Step]] | None:
    """The easiest rule that makes progress in ``state`` and every step it finds there that
    makes progress (the engine applies only the first; the tests check them all)."""
    for rule in rules:
        steps = [_stamp(s, rule, 0) for s in rule.find(state) if makes_progress(state, s)]
        if steps:
            return rule, steps
    return None
