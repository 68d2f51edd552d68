"""The hook search calls when a family's stuck state is to be handed to a SAT solver.

A family supplies ``encode(state) -> Encoding`` (its stuck state as a formula, in
``deduce/puzzles/<family>/search.py``) and the check of a complete assignment;
``learner`` ties them to the solver and gives back what search expects: the solutions
found (checked against the puzzle), and the work done, counted as search is
(``deduce.search.SearchResult``: guesses, nodes, and the clauses learned).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from deduce.errors import Contradiction
from deduce.sat.cnf import Cnf
from deduce.sat.solver import available, count
from deduce.search import LEARN, SearchResult
from deduce.state import State, is_single, single_value

#: One open variable and, for each value it can take, the literal that holds when it does:
#: (variable, ((value, literal), ...)); in every model exactly one of those literals holds.
Choice = tuple[int, tuple[tuple[int, int], ...]]


#: What a count's figures leave out when Kissat found the first solution.
KISSAT_NOTE = "the first solution found by Kissat, whose own guesses and conflicts are not counted"


@attrs.frozen
class Encoding:
    """A stuck state as a formula: ``cnf`` and the ``choices`` of its open variables.

    ``attempts`` are sets of clauses that narrow the search to likely solutions (a picture
    as symmetric as its clues); a model found with them is still a model of ``cnf``, so they
    only change how fast a first solution is found. ``images`` are permutations of the
    puzzle's variables (``image[v]`` is where variable v goes) that map every solution to a
    solution, such as the turns of a picture whose clues turn into themselves; the image of
    a solution that differs from it is a second solution. ``nearby`` gives, for a
    solution, a candidate for another one close to it (or None), found by looking rather
    than searching (a nonogram's 2x2 swap); a candidate counts only once checked. ``first``
    builds another formula of the same solutions, its deciding variables numbered alike, for
    Kissat to look for a first one in when CaDiCaL has not found one (``deduce.sat.solver``).
    """

    cnf: Cnf
    choices: tuple[Choice, ...]
    attempts: tuple[tuple[list[int], ...], ...] = ()
    images: tuple[tuple[int, ...], ...] = ()
    nearby: Callable[[list[int]], list[int] | None] | None = None
    first: Callable[[], list[list[int]]] | None = None


@attrs.frozen
class Learner:
    """``Family.learn``: search with clause learning for a family that can encode its states.

    ``after`` is how many nodes the plain search spends before an automatic search hands
    over (``deduce.search``); ``noun`` names one open variable of the formula in the log
    ("open cell").
    """

    encode: Callable[[State[Any]], Encoding]
    check: Callable[[Any, list[int]], None]
    after: int
    noun: str = "open variable"

    def describe(self, count: int) -> str:
        """What the formula ranges over: ``1,521 open cells``."""
        return f"{count:,} {self.noun}{'' if count == 1 else 's'}"

    def available(self) -> bool:
        """Whether the SAT library is installed."""
        return available()

    def __call__(
        self, state: State[Any], limit: int, max_nodes: int | None, deadline: float | None
    ) -> SearchResult:
        """Count the solutions of ``state`` up to ``limit`` with the SAT solver."""
        started = time.perf_counter()
        try:
            encoding = self.encode(state)
        except Contradiction:
            return SearchResult(complete=True, method=LEARN, open=_open(state))
        base = [single_value(d) if is_single(d) else -1 for d in state.domains]
        solutions: list[list[int]] = []

        def found(model: list[int]) -> int:
            values = _decode(base, encoding.choices, model)
            for solution in (values, *(_image(values, g) for g in encoding.images)):
                if solution not in solutions:
                    self.check(state.puzzle, solution)
                    solutions.append(solution)
            near = encoding.nearby(values) if encoding.nearby and len(solutions) < limit else None
            if near is not None and near not in solutions and _solves(self.check, state, near):
                solutions.append(near)
            return len(solutions)

        decide = sorted({abs(lit) for _, options in encoding.choices for _, lit in options})
        tally = count(encoding.cnf, decide, found, limit, attempts=encoding.attempts,
                      first=encoding.first, max_nodes=max_nodes, deadline=deadline)  # fmt: skip
        return SearchResult(
            solutions=solutions[:limit],
            guesses=tally.decisions,
            nodes=tally.nodes,
            complete=tally.complete or len(solutions) >= limit,
            learned=tally.conflicts,
            method=LEARN,
            open=len(encoding.choices),
            seconds=time.perf_counter() - started,
            note=KISSAT_NOTE if tally.kissat else "",
        )


def learner(
    encode: Callable[[State[Any]], Encoding],
    check: Callable[[Any, list[int]], None],
    after: int,
    noun: str = "open variable",
) -> Learner:
    """The ``Family.learn`` hook of a family with encoding ``encode`` and solution check
    ``check`` (raising Contradiction), handed the search after ``after`` plain nodes; ``noun``
    names one open variable ("open cell")."""
    return Learner(encode, check, after, noun)


def _solves(check: Callable[[Any, list[int]], None], state: State[Any], values: list[int]) -> bool:
    """Whether ``values`` is a solution of the puzzle (a candidate, not yet trusted)."""
    try:
        check(state.puzzle, values)
    except Contradiction:
        return False
    return True


def _open(state: State[Any]) -> int:
    return sum(1 for d in state.domains if not is_single(d))


def _decode(base: list[int], choices: Sequence[Choice], model: list[int]) -> list[int]:
    """The assignment a model gives: ``base`` with every open variable's value."""
    true = {lit for lit in model if lit > 0}
    values = base.copy()
    for var, options in choices:
        for value, lit in options:
            if (lit in true) if lit > 0 else (-lit not in true):
                values[var] = value
                break
    return values


def _image(values: list[int], image: Sequence[int]) -> list[int]:
    """The assignment ``values`` moved by the permutation ``image``."""
    moved = values.copy()
    for var, value in enumerate(values):
        moved[image[var]] = value
    return moved
