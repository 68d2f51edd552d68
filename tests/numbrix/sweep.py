"""Every Numbrix/Hidato rule asked at every state of a solve, against a known solution."""

from __future__ import annotations

from deduce.engine import apply_step, next_step
from deduce.step import Step
from deduce.testing import check_step

#: Rules checked where a solve uses them, not at every state: a forcing chain follows many
#: suppositions, and asked at every state of a sparse 15x15 board it costs minutes; each of
#: its chains is made of the other rules' steps, which are checked at every state.
WHERE_USED = {"forcing chain"}


def sweep(family, puzzle, solution) -> set[str]:
    """Check every rule at every state (``WHERE_USED`` where the engine makes their step);
    write in a true value where the rules stall."""
    state = family.initial_state(puzzle)
    fired = set()
    while not family.solved(state):
        for rule in family.rules:
            if rule.name in WHERE_USED:
                continue
            for step in rule.find(state):
                check_step(family, state, step, solution, rule.name)
                fired.add(rule.name)
        found = next_step(state, family.rules)
        if found is not None and found[0].name in WHERE_USED:
            check_step(family, state, found[1], solution, found[0].name)
            fired.add(found[0].name)
        if found is None:
            cell = min(
                (c for c in puzzle.geo.cells if not state.fixed[c]),
                key=lambda c: state.domains[c].bit_count(),
            )
            found = None, Step("guess", "", placements=((cell, solution[cell]),))
        apply_step(family, state, found[1])
    assert state.assignment() == list(solution)
    return fired
