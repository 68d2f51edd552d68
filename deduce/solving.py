"""Solving one parsed puzzle: propagate with the rules, search when stuck, say what was found.

This is the body of ``deduce.solve`` and what the generators call to judge a candidate: it
takes a ``Puzzle`` (a Family value, the parsed data and the text) and knows no family.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import partial
from typing import Any

import attrs

from deduce import clock
from deduce.engine import apply_step, propagate
from deduce.errors import ArgumentError, ArgumentTypeError, Contradiction
from deduce.family import Family
from deduce.grade import Grade
from deduce.rating import ERROR as ERROR
from deduce.rating import MULTIPLE as MULTIPLE
from deduce.rating import NONE as NONE
from deduce.rating import STATUSES as STATUSES
from deduce.rating import UNIQUE as UNIQUE
from deduce.rating import UNKNOWN as UNKNOWN
from deduce.rating import Rating as Rating
from deduce.rating import SearchTally as SearchTally
from deduce.rating import SolveStatus as SolveStatus
from deduce.rating import Status as Status
from deduce.rule import Rule
from deduce.search import AUTO, LEARN, METHODS, search
from deduce.step import DEDUCTION, Log, Names, Step


@attrs.frozen(repr=False)
class Puzzle:
    """A parsed puzzle together with its family and the text it came from."""

    family: Family[Any]
    data: Any
    text: str

    @classmethod
    def read(cls, family: Family[Any], text: str) -> Puzzle:
        """Parse ``text`` as a puzzle of ``family`` (ParseError names what is wrong)."""
        return cls(family, family.parse(text), text.strip())

    def __str__(self) -> str:
        return self.family.format(self.data)

    def __repr__(self) -> str:
        text = self.text if len(self.text) <= 40 else self.text[:39] + "…"
        return f"Puzzle({self.family.name!r}, {text!r})"

    def names(self) -> Names:
        """How this puzzle names its variables and values (for a Log's JSON)."""
        return Names(
            partial(self.family.var_name, self.data), partial(self.family.value_name, self.data)
        )


@attrs.frozen(repr=False)
class Result:
    """The outcome of a solve.

    ``status`` is one of ``STATUSES``; ``solution`` the first solution found (an
    assignment, one value per variable) or None; ``solutions`` up to two of them;
    ``solved_by_rules`` whether the rules alone finished (no guessing); ``reason`` why there
    is no solution, or why the status is ``unknown``; ``search`` the work of the search that
    gave the answer (None when the rules alone did). ``effort`` is the grade of the work the
    log holds, whatever the status (what a generator compares candidates by); ``grade`` is
    that grade for a puzzle with one solution (or ``unknown``) and None for one with several
    or none: such a puzzle is not hard, it is broken. The repr, ``to_dict`` and the Rating say
    the same as ``grade``.
    """

    puzzle: Puzzle
    status: SolveStatus
    solution: list[int] | None
    solutions: list[list[int]]
    log: Log
    effort: Grade
    solved_by_rules: bool
    seconds: float
    reason: str = ""
    search: SearchTally | None = None

    @property
    def solution_text(self) -> str | None:
        """The solution in the family's one-line form (None when there is none)."""
        if self.solution is None:
            return None
        return self.puzzle.family.solution_text(self.puzzle.data, self.solution)

    @property
    def grade(self) -> Grade | None:
        """The puzzle's grade; None when it has no single solution (``multiple``, ``none``)."""
        return self.effort if self.status in (UNIQUE, UNKNOWN) else None

    def __repr__(self) -> str:
        level = None if self.grade is None else self.grade.level
        return (
            f"Result({self.puzzle.family.name!r}, status={self.status!r}, level={level!r}, "
            f"steps={len(self.log.deductions())}, seconds={self.seconds:.3f})"
        )

    def to_dict(self, *, log: bool = False) -> dict[str, Any]:
        """The machine-readable record shared by every family (``solve --json``, ``rate``;
        ``deduce.schema("record")`` describes it), JSON-ready: ``json.dumps`` takes it.

        With ``log=True`` it also holds ``"log"``, every step with its cells named as a
        player names them (``deduce.schema("log")``), and ``"values"``, the solution as a
        list of numbers (one per variable) for a program to read.
        """
        record = self._record()
        if log:
            record["values"] = self.solution
            record["log"] = self.log.to_dict()
        return record

    def _record(self) -> dict[str, Any]:
        return self.rating().to_dict()

    def rating(self, note: str = "") -> Rating:
        """What this solve tells a rater, as a small value (see ``Rating``)."""
        return Rating(
            family=self.puzzle.family.name,
            puzzle=self.puzzle.text,
            status=self.status,
            grade=self.grade,
            solution=self.solution_text,
            steps=len(self.log.deductions()),
            seconds=self.seconds,
            error=self.reason or None,
            note=note,
            search=self.search,
        )


def solve(
    puzzle: Puzzle,
    *,
    rules: Sequence[Rule] | None = None,
    guess: bool = True,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    search: str = AUTO,
) -> Result:
    """Solve with the family's rules (easiest first), falling back to search when stuck.

    Counts solutions up to two, so the status says whether the puzzle is fair. ``rules``
    replaces the family's rule list (to measure what a subset can do; search then propagates
    with it too); ``guess=False`` stops at the rules' fixpoint (status ``unknown`` when they do
    not finish); ``max_nodes`` and ``max_seconds`` bound the search (status ``unknown`` when
    it stops before it can tell). ``search`` is the search's method (``deduce.search.METHODS``:
    ``auto``, ``plain`` or ``learn``); ``learn`` for a family without a learning search, or
    without the SAT library installed, is an ArgumentError.

    Rules that assume a unique solution (``Rule.assumes_unique``) are tried as if the puzzle
    had one; when the log uses one of them, search counts the puzzle's solutions from its
    clues, and unless there is exactly one the puzzle is solved again without them.

    Inside a caller's ``clock.deadline`` that passes during the solve, it raises
    ``clock.TimeUp`` for that caller (``generate --time-limit``) rather than answer.
    """
    fam = puzzle.family
    check_method(fam, search)
    start = time.perf_counter()
    rule_list = fam.rules if rules is None else tuple(rules)
    assuming = {r.name for r in rule_list if r.assumes_unique}
    bounds = _Bounds(guess, max_nodes, max_seconds, start, search)
    caller = clock.current()
    with clock.deadline(max_seconds):
        run = _run(puzzle, rule_list, rules is not None, bounds, bool(assuming))
        if (
            assuming
            and any(s.rule in assuming for s in run.log.steps)
            and not run.timed_out
            and not has_one_solution(
                puzzle,
                max_nodes,
                _left(max_seconds, start),
                search,
                _sound_prefix(run.log, assuming),
            )
        ):
            run = _run(puzzle, rule_list, rules is not None, bounds, False)
    if caller is not None and time.monotonic() >= caller:
        raise clock.TimeUp  # the caller's deadline (``generate --time-limit``): it stops
    solutions, reason = run.solutions, run.reason
    status: SolveStatus
    if len(solutions) >= 2:
        status = MULTIPLE
    elif not run.complete:
        status = UNKNOWN
        reason = reason or _undecided(
            run.nodes, max_nodes, max_seconds, time.perf_counter() - start, bool(solutions)
        )
    else:
        status = UNIQUE if solutions else NONE
    return Result(
        puzzle=puzzle,
        status=status,
        solution=solutions[0] if solutions else None,
        solutions=solutions,
        log=run.log,
        effort=fam.grade(run.log),
        solved_by_rules=run.by_rules,
        seconds=time.perf_counter() - start,
        reason=reason,
        search=run.search,
    )


def check_method(family: Family[Any], method: str) -> None:
    """ArgumentError unless ``method`` is a search method ``family`` can run here."""
    if not isinstance(method, str):
        raise ArgumentTypeError(f"search must be a str, not {type(method).__name__}")
    if method not in METHODS:
        raise ArgumentError(f"search must be one of {', '.join(METHODS)}, not {method!r}")
    if method != LEARN:
        return
    if family.learn is None:
        raise ArgumentError(f"the {family.name} family has no search that learns (use plain)")
    if not family.learn.available():
        raise ArgumentError(
            "search 'learn' needs the SAT library python-sat, which is not installed "
            "(pip install python-sat)"
        )


@attrs.frozen
class _Bounds:
    """How a solve may search: whether at all, within what, and how."""

    guess: bool
    max_nodes: int | None
    max_seconds: float | None
    start: float
    method: str


@attrs.define
class _Run:
    """What one pass of the rules (and search, when they stall) found."""

    log: Log
    solutions: list[list[int]] = attrs.Factory(list)
    by_rules: bool = False
    complete: bool = True
    nodes: int = 0
    reason: str = ""
    timed_out: bool = False
    search: SearchTally | None = None
    searched: bool = False


def _left(max_seconds: float | None, start: float) -> float | None:
    """What is left of ``max_seconds`` since ``start`` (None: no bound)."""
    return None if max_seconds is None else max(max_seconds - (time.perf_counter() - start), 0.0)


def _run(
    puzzle: Puzzle,
    rule_list: tuple[Rule, ...],
    search_with_them: bool,
    bounds: _Bounds,
    known_unique: bool,
) -> _Run:
    """Propagate with ``rule_list`` (those assuming a unique solution only when
    ``known_unique``), then search when the rules stall (if ``bounds.guess``); search
    propagates with ``rule_list`` when ``search_with_them``, else with the family's search
    rules."""
    fam = puzzle.family
    max_nodes, max_seconds, start = bounds.max_nodes, bounds.max_seconds, bounds.start
    run = _Run(Log(fam.name, puzzle.text, names=puzzle.names()))
    try:
        state = fam.initial_state(puzzle.data)
        run.by_rules = propagate(fam, state, run.log, rule_list, known_unique=known_unique)
        if run.by_rules:
            solution = state.assignment()
            fam.check_solution(puzzle.data, solution)
            run.solutions = [solution]
        elif bounds.guess:
            run.searched = True
            found = search(
                fam,
                state,
                run.log,
                limit=2,
                rules=rule_list if search_with_them else None,
                max_nodes=max_nodes,
                max_seconds=_left(max_seconds, start),
                method=bounds.method,
            )
            run.solutions, run.complete, run.nodes = found.solutions, found.complete, found.nodes
            run.search = SearchTally.of(found)
            if not run.solutions and run.complete:
                run.reason = "no solution: every possibility leads to a contradiction"
        else:
            run.complete = False
            run.reason = "undecided: the rules alone do not finish and guessing was not allowed"
    except Contradiction as exc:
        run.reason = f"no solution: {exc}"
        run.solutions = []
    except clock.TimeUp:
        run.complete, run.timed_out = False, True
        run.reason = _time_ran_out(max_seconds, time.perf_counter() - start, run.searched)
    return run


def _time_ran_out(max_seconds: float | None, seconds: float, searched: bool) -> str:
    """Why a solve stopped on its time limit: one sentence wherever the limit fell."""
    when = "during search" if searched else "before search began"
    limit = "of the caller" if max_seconds is None else f"({max_seconds:g} s)"
    return f"undecided: the time limit {limit} ran out after {seconds:.2f} s, {when}"


def has_one_solution(
    puzzle: Puzzle,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    method: str = AUTO,
    steps: Sequence[Step] = (),
) -> bool:
    """Whether search, counting to two, finds exactly one solution (False when a bound stops
    it first). It starts from the clues with ``steps`` applied: steps every solution obeys
    (the rules' own, before any that assumes a unique solution), which leave less to search."""
    fam = puzzle.family
    try:
        state = fam.initial_state(puzzle.data)
        for step in steps:
            apply_step(fam, state, step)
        found = search(fam, state, None, limit=2, max_nodes=max_nodes, max_seconds=max_seconds,
                       method=method)  # fmt: skip
    except (Contradiction, clock.TimeUp):
        return False
    return found.complete and len(found.solutions) == 1


def _sound_prefix(log: Log, assuming: set[str]) -> list[Step]:
    """The log's steps before the first that assumes a unique solution or guesses: what holds
    in every solution of the puzzle, whatever their number."""
    prefix = []
    for step in log.steps:
        if step.rule in assuming or step.kind != DEDUCTION or step.depth:
            break
        prefix.append(step)
    return prefix


def _undecided(
    nodes: int, max_nodes: int | None, max_seconds: float | None, seconds: float, found: bool
) -> str:
    """Why a search stopped before it could tell: its node bound, or else the time limit
    (the search's own clock can stop it a moment before the solve's deadline fires)."""
    if max_nodes is None or nodes < max_nodes:
        ran_out = _time_ran_out(max_seconds, seconds, True)
        return ran_out + (", with one solution found" if found else "")
    count = f"{nodes} node" + ("" if nodes == 1 else "s")
    found_one = " with one solution found" if found else " before finding a solution"
    return f"undecided: the search stopped after {count}{found_one}"
