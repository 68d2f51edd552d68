"""Backtracking with propagation at every node; solution counting that stops at a limit.

Search is what the engine falls back to when every rule is stuck. It tries the values of the
variable with the fewest left; a value whose branch runs into a contradiction is ruled out in
the parent (a proven elimination, logged as such) and the rules run again before the next
guess, the way a player who tried something and saw it fail carries on.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

import attrs

from deduce.engine import apply_step, propagate
from deduce.errors import Contradiction
from deduce.family import Family
from deduce.rule import Rule
from deduce.state import State, bits, popcount
from deduce.step import CONTRADICTION, GUESS, Log, Step


@attrs.define
class SearchResult:
    """What a search found: up to ``limit`` complete assignments and how many guesses it made.

    ``complete`` is False when ``max_nodes`` or ``max_seconds`` stopped the search before it
    could tell: then fewer solutions than exist may have been found.
    """

    solutions: list[list[int]] = attrs.Factory(list)
    guesses: int = 0
    nodes: int = 0
    complete: bool = True


def choose_variable(family: Family, state: State) -> int | None:
    """The undecided variable with the fewest values left (first such one), or None."""
    candidates: Iterable[int] = (
        family.branch_variables(state)
        if family.branch_variables is not None
        else range(len(state.domains))
    )
    best, best_count = None, 1 << 30
    domains = state.domains
    for var in candidates:
        d = domains[var]
        if d & (d - 1) == 0:
            continue
        n = popcount(d)
        if n < best_count:
            best, best_count = var, n
            if n <= 2:
                break
    return best


def search(
    family: Family,
    state: State,
    log: Log | None = None,
    limit: int = 2,
    rules: tuple[Rule, ...] | None = None,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> SearchResult:
    """Count solutions of ``state`` up to ``limit``, logging the way to the first one.

    The log gets every guess, every contradiction and every deduction until the first
    solution is found; the search for a second one (the uniqueness proof) is not logged.
    ``max_nodes`` and ``max_seconds`` bound the work; past either, search stops with what it
    has (``complete`` False).
    """
    result = SearchResult()
    rules = rules if rules is not None else (family.search_rules or family.rules)
    budget = _Budget(max_nodes, None if max_seconds is None else time.monotonic() + max_seconds)
    _search(family, state, log, limit, rules, 0, result, budget)
    return result


@attrs.frozen
class _Budget:
    """How far a search may go: a node count and a monotonic-clock deadline (None: no bound)."""

    nodes: int | None
    deadline: float | None

    def spent(self, result: SearchResult) -> bool:
        """Whether the search behind ``result`` has used up its budget."""
        if self.nodes is not None and result.nodes >= self.nodes:
            return True
        return self.deadline is not None and time.monotonic() >= self.deadline


def _search(
    family: Family,
    state: State,
    log: Log | None,
    limit: int,
    rules: tuple[Rule, ...],
    depth: int,
    result: SearchResult,
    budget: _Budget,
) -> None:
    puzzle = state.puzzle
    while True:
        log = log if not result.solutions else None
        result.nodes += 1
        try:
            if propagate(family, state, log, rules, depth):
                assignment = state.assignment()
                family.check_solution(puzzle, assignment)
                result.solutions.append(assignment)
                return
        except Contradiction as exc:
            if log is not None:
                log.append(Step("contradiction", str(exc), kind=CONTRADICTION, depth=depth))
            return
        if budget.spent(result):
            result.complete = False
            return
        if family.choose_guess is not None:
            guessed = family.choose_guess(state)
            if guessed is None:
                return
            var, value = guessed
        else:
            var = choose_variable(family, state)
            if var is None:
                return
            value = next(bits(state.domains[var]))
        name = f"{family.var_name(puzzle, var)} = {family.value_name(puzzle, var, value)}"
        child = state.copy()
        result.guesses += 1
        guess = Step(
            "guess", f"Guess {name}.", placements=((var, value),), kind=GUESS, depth=depth + 1
        )
        if log is not None:
            log.append(guess)
        found_before = len(result.solutions)
        try:
            apply_step(family, child, guess)
        except Contradiction as exc:
            if log is not None:
                log.append(Step("contradiction", str(exc), kind=CONTRADICTION, depth=depth + 1))
        else:
            _search(family, child, log, limit, rules, depth + 1, result, budget)
        if len(result.solutions) >= limit:
            return
        if not result.complete or budget.spent(result):
            result.complete = False
            return
        log = log if not result.solutions else None
        refuted = len(result.solutions) == found_before
        if log is not None and refuted:
            log.append(
                Step(
                    "contradiction",
                    f"Guessing {name} led to a contradiction, so it is ruled out.",
                    eliminations=((var, value),),
                    premises=(var,),
                    region=family.var_name(puzzle, var),
                    kind=CONTRADICTION,
                    depth=depth,
                )
            )
        try:
            state.remove(var, 1 << value, f"{family.var_name(puzzle, var)} has no value left")
        except Contradiction:
            return
