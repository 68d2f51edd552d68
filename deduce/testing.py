"""The checks every family's rules and logs pass, for a family's own tests (deduce's included).

**Soundness**: no rule may remove a value of the true solution. ``assert_sound`` solves a
puzzle in the engine's order and checks every step against a known solution (and, with
``every_rule``, asks every rule at every state on the way); ``assert_sound_at_stalls`` checks
the heavy rules wherever the engine reaches them, writing in the solution's value when all
rules are stuck so that positions beyond the rules' reach are checked too.

**A step is true when it is read**: at the moment each step of a log is applied (the state
rebuilt by ``deduce.show.replay``)

- every elimination it lists removes a value still there, every placement writes a value
  still possible (what it concludes is news);
- re-asked on that grid, the engine makes exactly this step: the same rule, sentence,
  placements and eliminations. So no rule easier than the step's made progress there, and
  everything the sentence cites was true of the grid it is read with.

Once search has begun (after the first guess) the rules are the family's search rules. A log
with a step of a rule that assumes a unique solution comes from a puzzle ``deduce.solve``
found to have one, so the engine is re-asked with ``known_unique`` there. A step of a
``sequence`` rule (search's closure of the singles, the one documented exception: its steps
are applied in the order one call found them) must instead be one of the steps that the
family's rule of the same name finds on that grid. ``problems`` lists every way a log breaks
this, one line each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deduce.engine import apply_step, makes_progress, next_step
from deduce.errors import Contradiction
from deduce.family import Family
from deduce.rule import Rule
from deduce.show.replay import replay
from deduce.state import State
from deduce.step import DEDUCTION, Log, Step

# --- soundness ------------------------------------------------------------------------------


def check_step(
    family: Family[Any], state: State[Any], step: Step, solution: Sequence[int], rule: str
) -> None:
    """Fail (``AssertionError``) when ``step`` places a wrong value or eliminates the true
    one, naming ``rule``, the value and the variable."""
    puzzle = state.puzzle
    for var, value in step.placements:
        assert solution[var] == value, (
            f"{rule} placed {family.value_name(puzzle, var, value)} at "
            f"{family.var_name(puzzle, var)}, the solution has "
            f"{family.value_name(puzzle, var, solution[var])}: {step.explanation}"
        )
    for var, value in step.eliminations:
        assert solution[var] != value, (
            f"{rule} eliminated the true value {family.value_name(puzzle, var, value)} "
            f"of {family.var_name(puzzle, var)}: {step.explanation}"
        )


def assert_sound(
    family: Family[Any],
    puzzle: Any,
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
    family: Family[Any],
    puzzle: Any,
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


def rule_round(family: Family[Any], state: State[Any]) -> bool:
    """Apply every step the easiest progressing rule finds in ``state`` (a "round"): how a
    rule test reaches its position. False at a fixpoint."""
    found = round_steps(state, family.rules)
    if found is None:
        return False
    for step in found[1]:
        if makes_progress(state, step):
            apply_step(family, state, step)
    return True


def round_steps(state: State[Any], rules: Sequence[Rule]) -> tuple[Rule, list[Step]] | None:
    """The easiest rule that makes progress in ``state`` and every step it finds there that
    makes progress, each with its rule's name and weight where the rule left them out (the
    engine applies only the first; the checks look at them all)."""
    for rule in rules:
        steps = [
            s.stamped(s.rule or rule.name, s.difficulty or rule.weight, 0)
            for s in rule.find(state)
            if makes_progress(state, s)
        ]
        if steps:
            return rule, steps
    return None


# --- a step is true when it is read ---------------------------------------------------------


def same(a: Step, b: Step) -> bool:
    """Whether two steps say the same thing (their substeps, a probe's chain, included)."""
    return (a.rule, a.explanation, a.placements, a.eliminations, a.substeps) == (
        b.rule,
        b.explanation,
        b.placements,
        b.eliminations,
        b.substeps,
    )


def news(state: State[Any], step: Step) -> list[str]:
    """What in ``step`` was already so on ``state`` (empty when all of it is news)."""
    stale = []
    for var, value in step.eliminations:
        if not state.domains[var] >> value & 1:
            stale.append(f"eliminates {var}={value}, already gone")
    for var, value in step.placements:
        if not state.domains[var] >> value & 1:
            stale.append(f"places {var}={value}, already ruled out")
        elif state.fixed[var]:
            stale.append(f"places {var}={value}, already written in")
    return stale


def problems(family: Family[Any], puzzle: Any, log: Log) -> list[str]:
    """Every way a step of ``log`` was not true when it was applied, one line each (see the
    module's docstring); empty for a true log."""
    found: list[str] = []
    search_rules = family.search_rules or family.rules
    by_name = {r.name: r for r in family.rules}
    number = 0
    searching = False
    known_unique = any(s.rule in by_name and by_name[s.rule].assumes_unique for s in log.steps)
    for state, step in replay(family, puzzle, log):
        if step.kind != DEDUCTION:
            searching = True
            continue
        number += 1
        where = f"step {number} ({step.rule}, depth {step.depth})"
        found += [f"{where}: {line}" for line in news(state, step)]
        rules = search_rules if searching else family.rules
        found += _untrue(state, step, rules, by_name, known_unique, where)
    return found


def _untrue(
    state: State[Any],
    step: Step,
    rules: tuple[Rule, ...],
    by_name: dict[str, Rule],
    known_unique: bool,
    where: str,
) -> list[str]:
    """How ``step`` is not the step the engine makes on its grid (``problems``)."""
    sequence = next((r for r in rules[:1] if r.sequence), None)
    if sequence is not None and step.rule not in {r.name for r in rules}:
        rule = by_name.get(step.rule)
        if rule is None or not any(same(step, s) for s in rule.find(state)):
            return [f"{where}: not a step of {step.rule!r} on its grid"]
        return []
    try:
        again = next_step(state, rules, step.depth, known_unique)
    except Contradiction as exc:
        return [f"{where}: its grid is impossible: {exc}"]
    if again is None:
        return [f"{where}: no rule makes progress on its grid"]
    if not same(again[1], step):
        return [
            f"{where}: on its grid the engine makes {again[1].rule!r}: "
            f"{again[1].explanation} (the log says: {step.explanation})"
        ]
    if not makes_progress(state, step):
        return [f"{where}: changes nothing"]
    return []
