"""The public API: load, solve, check, rate, explain, hint, generate.

Everything a puzzle app needs without the CLI: results are plain values, the Log is the
explanation, and the Grade says how hard the puzzle is.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import attrs

from deduce.difficulty.grade import Grade
from deduce.engine import next_steps, propagate
from deduce.errors import Contradiction, ParseError
from deduce.family import Family, detect_family, get_family
from deduce.search import search
from deduce.state import State
from deduce.step import Log, Step

UNIQUE = "unique"
MULTIPLE = "multiple"
NONE = "none"
#: The search hit its node limit before it could tell how many solutions there are.
UNKNOWN = "unknown"


@attrs.frozen
class Puzzle:
    """A parsed puzzle together with its family and the text it came from."""

    family: Family
    data: Any
    text: str

    def __str__(self) -> str:
        return self.family.format(self.data)


@attrs.frozen
class Result:
    """The outcome of a solve.

    ``status`` is ``unique``, ``multiple``, ``none``, or ``unknown`` when ``max_nodes`` stopped
    the search before it could tell; ``solution`` the first solution found
    (an assignment, one value per variable) or None; ``solutions`` up to two of them;
    ``solved_by_rules`` whether the rules alone finished (no guessing); ``reason`` why there
    is no solution, when there is none.
    """

    puzzle: Puzzle
    status: str
    solution: list[int] | None
    solutions: list[list[int]]
    log: Log
    grade: Grade
    solved_by_rules: bool
    seconds: float
    reason: str = ""

    @property
    def solution_text(self) -> str | None:
        """The solution in the family's one-line form (None when there is none)."""
        if self.solution is None:
            return None
        return self.puzzle.family.solution_text(self.puzzle.data, self.solution)

    def to_dict(self) -> dict[str, Any]:
        """The machine-readable record shared by every family (``solve --json``, ``rate``)."""
        return {
            "family": self.puzzle.family.name,
            "puzzle": self.puzzle.text,
            "status": self.status,
            "solution": self.solution_text,
            "grade": self.grade.to_dict(),
            "steps": len(self.log.deductions()),
            "seconds": round(self.seconds, 4),
            "error": self.reason or None,
        }


def load(text: str, family: str | Family | None = None) -> Puzzle:
    """Parse puzzle ``text``; the family is detected from the text unless named.

    Raises ParseError with a one-line message naming the problem and its position.
    """
    text = text.strip("\n")
    if not text.strip():
        raise ParseError("empty input: no puzzle given")
    fam = _family(family) if family is not None else detect_family(text)
    return Puzzle(fam, fam.parse(text), text.strip())


def _family(family: str | Family) -> Family:
    return family if isinstance(family, Family) else get_family(family)


def _as_puzzle(puzzle: Puzzle | str, family: str | Family | None) -> Puzzle:
    return puzzle if isinstance(puzzle, Puzzle) else load(puzzle, family)


def solve(
    puzzle: Puzzle | str,
    family: str | Family | None = None,
    *,
    rules: tuple | None = None,
    guess: bool = True,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> Result:
    """Solve with the family's rules (easiest first), falling back to search when stuck.

    Counts solutions up to two, so the status says whether the puzzle is fair. ``rules``
    replaces the family's rule list (to measure what a subset can do); ``guess=False`` stops
    at the rules' fixpoint; ``max_nodes`` and ``max_seconds`` bound the search (status
    ``unknown`` when it stops before it can tell).
    """
    p = _as_puzzle(puzzle, family)
    fam = p.family
    start = time.perf_counter()
    log = Log(fam.name, p.text)
    rule_list = fam.rules if rules is None else tuple(rules)
    reason = ""
    solutions: list[list[int]] = []
    by_rules = False
    complete = True
    nodes = 0
    try:
        state = fam.initial_state(p.data)
        by_rules = propagate(fam, state, log, rule_list)
        if by_rules:
            solution = state.assignment()
            fam.check_solution(p.data, solution)
            solutions = [solution]
        elif guess:
            search_rules = rules if rules is not None else None
            found = search(
                fam,
                state,
                log,
                limit=2,
                rules=search_rules,
                max_nodes=max_nodes,
                max_seconds=max_seconds,
            )
            solutions = found.solutions
            complete = found.complete
            nodes = found.nodes
            if not solutions and complete:
                reason = "no solution: every possibility leads to a contradiction"
    except Contradiction as exc:
        reason = f"no solution: {exc}"
        solutions = []
    if len(solutions) >= 2:
        status = MULTIPLE
    elif not complete:
        status = UNKNOWN
        count = f"{nodes} node" + ("" if nodes == 1 else "s")
        if max_nodes is not None and nodes >= max_nodes:
            bound = count
        else:
            bound = f"{max_seconds:g} s ({count})"
        found_one = " with one solution found" if solutions else " before finding a solution"
        reason = f"undecided: the search stopped after {bound}{found_one}"
    elif solutions:
        status = UNIQUE
    else:
        status = NONE
    if not guess and not by_rules and not reason:
        status = "stuck"
    return Result(
        puzzle=p,
        status=status,
        solution=solutions[0] if solutions else None,
        solutions=solutions,
        log=log,
        grade=fam.grade(log),
        solved_by_rules=by_rules,
        seconds=time.perf_counter() - start,
        reason=reason,
    )


def check(puzzle: Puzzle | str, family: str | Family | None = None) -> Result:
    """Whether the puzzle has one solution, several or none, and whether rules alone suffice."""
    return solve(puzzle, family)


def rate(puzzle: Puzzle | str, family: str | Family | None = None) -> Grade:
    """The puzzle's grade (from the log of a solve)."""
    return solve(puzzle, family).grade


def explain(puzzle: Puzzle | str, family: str | Family | None = None) -> Log:
    """The log of a solve: every step with its explanation, in order."""
    return solve(puzzle, family).log


def next_step(family: Family, state: State) -> Step | None:
    """The first step of the easiest rule that makes progress in ``state`` (None when stuck)."""
    found = next_steps(state, family.rules)
    return found[1][0] if found else None


def hint(
    puzzle: Puzzle | str, progress: str | None = None, family: str | Family | None = None
) -> Step | None:
    """The next step a player should take from ``progress`` (their grid; default: the givens).

    Raises Contradiction when the progress is itself impossible.
    """
    p = _as_puzzle(puzzle, family)
    fam = p.family
    if progress is not None and fam.parse_progress is not None:
        state = fam.parse_progress(p.data, progress)
    else:
        state = fam.initial_state(p.data)
    return next_step(fam, state)


def generate(family: str | Family, **options: Any) -> Iterator[str]:
    """Puzzle texts made by the family's generator (options are the family's own)."""
    fam = _family(family)
    if fam.generate is None:
        raise ParseError(f"the {fam.name} family has no generator")
    return fam.generate(**options)
