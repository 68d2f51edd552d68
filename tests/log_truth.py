"""A step is true when it is read: the check every family's logs are held to.

At the moment each step of a log is applied (the state rebuilt by ``deduce.show.replay``):

- every elimination it lists removes a value still there, every placement writes a value
  still possible (what it concludes is news);
- re-asked on that grid, the engine makes exactly this step: the same rule, sentence,
  placements and eliminations. So no rule easier than the step's made progress there, and
  everything the sentence cites was true of the grid it is read with.

Once search has begun (after the first guess) the rules are the family's search rules. A log
with a step of a rule that assumes a unique solution comes from a puzzle ``deduce.solve``
found to have one, so the engine is re-asked with ``known_unique`` there. A step of a ``sequence`` rule (search's
closure of the singles, the one documented exception: its steps are applied in the order one
call found them) must instead be one of the steps that the family's rule of the same name
finds on that grid.
"""

from __future__ import annotations

from typing import Any

from deduce.engine import makes_progress, next_step
from deduce.errors import Contradiction
from deduce.family import Family
from deduce.rule import Rule
from deduce.show.replay import replay
from deduce.state import State
from deduce.step import DEDUCTION, Log, Step


def same(a: Step, b: Step) -> bool:
    """Whether two steps say the same thing (their substeps, a probe's chain, included)."""
    return (a.rule, a.explanation, a.placements, a.eliminations, a.substeps) == (
        b.rule,
        b.explanation,
        b.placements,
        b.eliminations,
        b.substeps,
    )


def news(state: State, step: Step) -> list[str]:
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


def problems(family: Family, puzzle: Any, log: Log) -> list[str]:
    """Every way a step of ``log`` was not true when it was applied, one line each."""
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
        for line in news(state, step):
            found.append(f"{where}: {line}")
        rules: tuple[Rule, ...] = search_rules if searching else family.rules
        sequence = next((r for r in rules[:1] if r.sequence), None)
        if sequence is not None and step.rule not in {r.name for r in rules}:
            rule = by_name.get(step.rule)
            if rule is None or not any(same(step, s) for s in rule.find(state)):
                found.append(f"{where}: not a step of {step.rule!r} on its grid")
            continue
        try:
            again = next_step(state, rules, step.depth, known_unique)
        except Contradiction as exc:
            found.append(f"{where}: its grid is impossible: {exc}")
            continue
        if again is None:
            found.append(f"{where}: no rule makes progress on its grid")
        elif not same(again[1], step):
            found.append(
                f"{where}: on its grid the engine makes {again[1].rule!r}: "
                f"{again[1].explanation} (the log says: {step.explanation})"
            )
        elif not makes_progress(state, step):
            found.append(f"{where}: changes nothing")
    return found
