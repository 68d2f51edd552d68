"""Backtracking with propagation at every node; solution counting that stops at a limit.

Search is what the engine falls back to when every rule is stuck. It tries the values of the
variable with the fewest left; a value whose branch runs into a contradiction is ruled out in
the parent (a proven elimination, logged as such) and the rules run again before the next
guess, the way a player who tried something and saw it fail carries on.

A family that knows several good ways to choose a guess (``Family.guess_strategies``) gets a
portfolio: one search per way, taking turns a node at a time, until one of them finishes.
Backtracking search has heavy tails (one early wrong guess can cost more than the whole of a
search that guessed differently), and which way of guessing avoids them differs from puzzle to
puzzle; taking turns costs at most as many nodes as the best way for the puzzle at hand times
the number of ways, where sticking to one way can cost everything. Solutions found by any of
the searches count, so two that find different solutions show that there are several.

A family that can write its stuck state as a formula (``Family.learn``, see ``deduce.sat``)
also gets a search that learns: a SAT solver that keeps a clause from every conflict and
jumps back to where the conflict began. ``method`` chooses: ``plain`` (the backtracking
above), ``learn`` (straight to the solver), or ``auto`` (the default: plain search first, and
when it has spent the family's budget of nodes without finishing, the solver takes over from
the stuck state). Either way the log of the rules' steps up to the stuck state is the same;
what a learning search finds is logged as one search step with its counts, never as a rule's
deduction.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

from deduce.clock import TimeUp
from deduce.engine import apply_step, propagate
from deduce.errors import Contradiction
from deduce.family import Family
from deduce.memo import forget_grid
from deduce.rule import Rule, searched
from deduce.state import State, bits, popcount
from deduce.step import CONTRADICTION, GUESS, Log, Step

#: Backtracking search (the family's guesses, propagating with its rules at every node).
PLAIN = "plain"
#: Search with clause learning (a SAT solver over the family's encoding of the stuck state).
LEARN = "learn"
#: Plain search, then search that learns once plain search has spent the family's budget.
AUTO = "auto"
METHODS = (AUTO, PLAIN, LEARN)

#: Picks the next guess of a search: (variable, value), or None when there is nothing to guess.
Chooser = Callable[[State[Any]], "tuple[int, int] | None"]


@attrs.define
class SearchResult:
    """What a search found: up to ``limit`` complete assignments and how many guesses it made.

    ``complete`` is False when ``max_nodes`` or ``max_seconds`` stopped the search before it
    could tell: then fewer solutions than exist may have been found. ``method`` is the
    search that gave the answer (``plain`` or ``learn``); a learning search also counts the
    clauses it ``learned``, the ``open`` variables it ranged over and its ``seconds``, and
    ``note`` says what its counts leave out (a helper solver that does not report its own).
    """

    solutions: list[list[int]] = attrs.Factory(list)
    guesses: int = 0
    nodes: int = 0
    complete: bool = True
    learned: int = 0
    method: str = PLAIN
    open: int = 0
    seconds: float = 0.0
    note: str = ""


def choose_variable(family: Family[Any], state: State[Any]) -> int | None:
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
    family: Family[Any],
    state: State[Any],
    log: Log | None = None,
    limit: int = 2,
    rules: tuple[Rule, ...] | None = None,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    method: str = AUTO,
) -> SearchResult:
    """Count solutions of ``state`` up to ``limit``, logging the way to the first one.

    The log gets every guess, every contradiction and every deduction until the first
    solution is found; the search for a second one (the uniqueness proof) is not logged.
    ``max_nodes`` and ``max_seconds`` bound the work; past either, search stops with what it
    has (``complete`` False). ``method`` is one of ``METHODS`` (see the module's docstring);
    without a learning search for the family (or its library), every method is plain.
    """
    hook = family.learn if method != PLAIN else None
    if hook is None or not hook.available():
        return _plain(family, state, log, limit, rules, max_nodes, max_seconds)
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    spent = 0
    if method == AUTO:
        budget = hook.after if max_nodes is None else min(max_nodes, hook.after)
        scratch = None if log is None else Log(log.family, log.puzzle, names=log.names)
        tried = _plain(family, state.copy(), scratch, limit, rules, budget, max_seconds)
        if tried.complete or len(tried.solutions) >= limit or budget == max_nodes:
            if log is not None and scratch is not None:
                log.steps.extend(scratch.steps)
            return tried
        spent = tried.nodes
        if deadline is not None and time.monotonic() >= deadline:
            if log is not None and scratch is not None:
                log.steps.extend(scratch.steps)
            return tried
    found: SearchResult = hook(
        state, limit, None if max_nodes is None else max_nodes - spent, deadline
    )
    if log is not None:
        log.append(learn_step(state, found, hook.describe(found.open)))
    return found


def learn_step(state: State[Any], found: SearchResult, ranged: str) -> Step:
    """The one search step that stands for a learning search: a guess placing the first
    solution's open values, a contradiction when there is none (or, stopped by a bound
    before any, a guess that places nothing), with the search's counts as its tally."""
    tally = (("guesses", found.guesses), ("nodes", found.nodes), ("learned", found.learned))
    work = (
        f"after {found.guesses:,} guess{'' if found.guesses == 1 else 'es'} and "
        f"{found.learned:,} conflict{'' if found.learned == 1 else 's'}, each teaching it "
        "a clause"
    ) + (f" ({found.note})" if found.note else "")
    start = f"Search that learns from its conflicts, over {ranged},"
    rule = "learning search"
    if not found.solutions and found.complete:
        return Step(rule, f"{start} shows that no solution fits, {work}.",
                    kind=CONTRADICTION, tally=tally)  # fmt: skip
    if not found.solutions:
        return Step(rule, f"{start} stopped before finding a solution, {work}.",
                    kind=GUESS, depth=1, tally=tally)  # fmt: skip
    first = found.solutions[0]
    domains = state.domains
    fixed = state.fixed
    placed = tuple(
        (var, value)
        for var, value in enumerate(first)
        if not fixed[var] or domains[var] & (domains[var] - 1)
    )
    several = len(found.solutions) > 1
    what = "two solutions; the first is filled in" if several else "the solution"
    if not several and not found.complete:
        what = "a solution (not yet shown to be the only one)"
    return Step(rule, f"{start} found {what}, {work}.", placements=placed, kind=GUESS,
                depth=1, tally=tally)  # fmt: skip


def _plain(
    family: Family[Any],
    state: State[Any],
    log: Log | None,
    limit: int,
    rules: tuple[Rule, ...] | None,
    max_nodes: int | None,
    max_seconds: float | None,
) -> SearchResult:
    """Backtracking search (a portfolio when the family has several ways to guess)."""
    rules = rules if rules is not None else (family.search_rules or searched(family.rules))
    budget = _Budget(max_nodes, None if max_seconds is None else time.monotonic() + max_seconds)
    if family.guess_strategies:
        return _portfolio(family, state, log, limit, rules, budget, family.guess_strategies)
    result = SearchResult()
    for _ in _search(family, state, log, limit, rules, 0, result, budget, _chooser(family)):
        pass
    return result


def _chooser(family: Family[Any]) -> Chooser:
    """The family's own choice of guess, else the variable with the fewest values left and
    its lowest value."""
    if family.choose_guess is not None:
        return family.choose_guess

    def fewest_values(state: State[Any]) -> tuple[int, int] | None:
        var = choose_variable(family, state)
        return None if var is None else (var, next(bits(state.domains[var])))

    return fewest_values


def _portfolio(
    family: Family[Any],
    state: State[Any],
    log: Log | None,
    limit: int,
    rules: tuple[Rule, ...],
    budget: _Budget,
    strategies: tuple[Chooser, ...],
) -> SearchResult:
    """One search of ``state`` per strategy, taking turns a node at a time, until one of them
    finishes, ``limit`` different solutions are known, or ``budget`` is spent. ``log`` gets the
    way to the first solution of the search that found one first (or, when there is none, the
    steps of the search that finished)."""
    runs = []
    for choose in strategies:
        result = SearchResult()
        scratch = Log(log.family, log.puzzle) if log is not None else None
        own = _Budget(None, budget.deadline)
        steps = _search(family, state.copy(), scratch, limit, rules, 0, result, own, choose)
        runs.append((result, scratch, steps))
    total = SearchResult(complete=False)
    adopted: Log | None = None
    last = runs[0][1]
    ended_runs: set[int] = set()  # all of them ended unfinished: a caller's deadline passed
    while not total.complete and not budget.spent(total) and len(ended_runs) < len(runs):
        for index, (result, scratch, steps) in enumerate(runs):
            before = result.nodes
            ended = next(steps, _ENDED) is _ENDED
            if ended:
                ended_runs.add(index)
            total.nodes += result.nodes - before
            for solution in result.solutions:
                if solution not in total.solutions:
                    total.solutions.append(solution)
            if adopted is None and result.solutions:
                adopted = scratch
            if (ended and result.complete) or len(total.solutions) >= limit:
                total.complete, last = True, scratch
                break
    total.guesses = sum(result.guesses for result, _, _ in runs)
    chosen = adopted or last
    if log is not None and chosen is not None:
        log.steps.extend(chosen.steps)
    return total


_ENDED = object()


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


def _dead_end(rules: tuple[Rule, ...], exc: Contradiction) -> str:
    """The sentence of a node's contradiction. Search's singles closure (a ``sequence`` rule)
    finds its singles and their contradiction in one call, and the singles before the
    contradiction are not logged: the sentence says they were followed, so it cites nothing
    the log does not show."""
    if rules and rules[0].sequence:
        return f"The singles that follow lead to a dead end: {exc}."
    return str(exc)


def _search(
    family: Family[Any],
    state: State[Any],
    log: Log | None,
    limit: int,
    rules: tuple[Rule, ...],
    depth: int,
    result: SearchResult,
    budget: _Budget,
    choose: Chooser,
) -> Iterator[None]:
    """The search below ``state``, pausing at the start of every node (so that searches can
    take turns); ``result`` collects what it finds."""
    puzzle = state.puzzle
    while True:
        log = log if not result.solutions else None
        yield
        result.nodes += 1
        # Nobody reads the steps of a search that logs nothing (the proof of uniqueness):
        # a rule may then leave out what only explains them (a nonogram probe's chain).
        state.quiet = log is None
        try:
            if propagate(family, state, log, rules, depth):
                assignment = state.assignment()
                family.check_solution(puzzle, assignment)
                result.solutions.append(assignment)
                return
        except Contradiction as exc:
            if log is not None:
                log.append(
                    Step("contradiction", _dead_end(rules, exc), kind=CONTRADICTION, depth=depth)
                )
            return
        except TimeUp:  # the solve's deadline passed inside propagation
            result.complete = False
            return
        if budget.spent(result):
            result.complete = False
            return
        guessed = choose(state)
        if guessed is None:
            return
        var, value = guessed
        name = f"{family.var_name(puzzle, var)} = {family.value_name(puzzle, var, value)}"
        child = state.copy()
        forget_grid(state)
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
            yield from _search(family, child, log, limit, rules, depth + 1, result, budget, choose)
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
