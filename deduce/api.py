"""The public API: load, solve, check, rate, explain, hint, mistakes, generate, and the JSON
schemas.

Everything a puzzle app needs without the CLI: results are plain values, the Log is the
explanation, and the Grade says how hard the puzzle is.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from importlib.resources import files
from typing import Any

from deduce import solving
from deduce.engine import next_step as engine_next_step
from deduce.errors import ParseError
from deduce.family import Family
from deduce.grade import Grade
from deduce.registry import detect_family, get_family
from deduce.rule import Rule
from deduce.search import choose_variable
from deduce.show.hints import Hint, Mistake, step_hint
from deduce.show.mistakes import find_mistakes, mistakes_text
from deduce.solving import MULTIPLE, NONE, UNIQUE, UNKNOWN, Puzzle, Result
from deduce.state import State
from deduce.step import Log, Step

__all__ = ["MULTIPLE", "NONE", "UNIQUE", "UNKNOWN", "Hint", "Mistake", "Puzzle", "Result"]


def load(text: str, family: str | Family | None = None) -> Puzzle:
    """Parse puzzle ``text``; the family is detected from the text unless named.

    Raises ParseError with a one-line message naming the problem and its position.
    """
    text = text.strip("\n")
    if not text.strip():
        raise ParseError("empty input: no puzzle given")
    fam = _family(family) if family is not None else detect_family(text)
    return Puzzle.read(fam, text)


def _family(family: str | Family) -> Family:
    return family if isinstance(family, Family) else get_family(family)


def _as_puzzle(puzzle: Puzzle | str, family: str | Family | None) -> Puzzle:
    return puzzle if isinstance(puzzle, Puzzle) else load(puzzle, family)


def solve(
    puzzle: Puzzle | str,
    family: str | Family | None = None,
    *,
    rules: Sequence[Rule] | None = None,
    guess: bool = True,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> Result:
    """Solve with the family's rules (easiest first), falling back to search when stuck.

    Counts solutions up to two, so the status says whether the puzzle is fair: ``unique``,
    ``multiple``, ``none``, or ``unknown`` when a bound stopped the search (or guessing was
    not allowed) before it could tell. ``rules`` replaces the family's rule list (to measure
    what a subset can do); ``guess=False`` stops at the rules' fixpoint; ``max_nodes`` and
    ``max_seconds`` bound the search.
    """
    return solving.solve(
        _as_puzzle(puzzle, family),
        rules=rules,
        guess=guess,
        max_nodes=max_nodes,
        max_seconds=max_seconds,
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
    found = engine_next_step(state, family.rules)
    return found[1] if found else None


def read_progress(puzzle: Puzzle | str, progress: str, family: str | Family | None = None) -> State:
    """The state of a player's grid (``progress``, in the family's progress form: see the
    README) for ``puzzle``. What the player wrote is kept in ``state.extra["entries"]``.

    Raises ParseError when the grid does not fit the puzzle.
    """
    p = _as_puzzle(puzzle, family)
    fam = p.family
    if fam.parse_progress is not None:
        return fam.parse_progress(p.data, progress)
    return fam.initial_state(fam.parse(progress))


def _solution(result: Result) -> list[int]:
    if result.status != UNIQUE or result.solution is None:
        raise ParseError(
            f"the puzzle has {'no solution' if result.status == NONE else 'several solutions'}"
            if result.status in (NONE, MULTIPLE)
            else f"the puzzle's solution was not found ({result.reason or 'stopped'})"
        )
    return result.solution


def mistakes(
    puzzle: Puzzle | str, progress: str, family: str | Family | None = None
) -> tuple[Mistake, ...]:
    """The player's wrong entries in ``progress``, each named as theirs ("your 9 at r3c3
    repeats the 9 at r7c3") without revealing the right value. Pencil marks are wrong only
    when they leave out the right value. Raises ParseError when the grid does not fit the
    puzzle or the puzzle has no single solution."""
    p = _as_puzzle(puzzle, family)
    state = read_progress(p, progress)
    return find_mistakes(p.family, p.data, state, _solution(solve(p)))


def hint(
    puzzle: Puzzle | str,
    progress: str | None = None,
    level: int = 4,
    family: str | Family | None = None,
    *,
    max_seconds: float | None = None,
) -> Hint:
    """A hint for the player's grid ``progress`` (default: the givens), up to ``level``:
    1 where to look, 2 the technique, 3 the values and cells the step changes, 4 the whole
    deduction. The Hint holds the text and the cells to highlight at each level, and the step.

    Wrong entries come first: the hint then names them (``Hint.mistakes``) and says to fix
    them. Raises ParseError when the grid does not fit the puzzle or the puzzle has no single
    solution.
    """
    p = _as_puzzle(puzzle, family)
    result = solve(p, max_seconds=max_seconds)
    state = read_progress(p, progress) if progress is not None else p.family.initial_state(p.data)
    return hint_for(result, state, level)


def hint_for(result: Result, state: State, level: int = 4) -> Hint:
    """The hint for a player's ``state`` of the puzzle ``result`` solved (see ``hint``)."""
    fam, data = result.puzzle.family, result.puzzle.data
    if not 1 <= level <= 4:
        raise ValueError(f"a hint level is 1 to 4, not {level}")
    wrong = find_mistakes(fam, data, state, _solution(result))
    if wrong:
        cells = tuple(m.cell for m in wrong)
        return Hint(
            texts=(mistakes_text(wrong),),
            cells=(cells,),
            names=(tuple(m.name for m in wrong),),
            mistakes=wrong,
        )
    if fam.solved(state):
        return Hint(texts=("The grid is already solved.",), solved=True)
    step = next_step(fam, state)
    if step is None:
        var = choose_variable(fam, state)
        where = fam.var_name(data, var) if var is not None else "the grid"
        return Hint(
            texts=(
                "No technique deduce knows applies here: the next step needs a guess "
                f"(try {where}, it has the fewest possibilities).",
            ),
            cells=((var,),) if var is not None else (),
            names=((where,),) if var is not None else (),
        )
    return step_hint(fam, data, step, level, state)


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) deduce ships for ``"log"`` (a Log's JSON, what
    ``explain --json`` prints) or ``"record"`` (``Result.to_dict()``, a line of ``solve
    --json`` and ``rate --format jsonl``); the record's ``log`` refers to the log schema by its
    ``$id``, ``log.schema.json``."""
    if name not in ("log", "record"):
        raise ValueError(f"no schema called {name!r} (schemas: log, record)")
    text = (files("deduce") / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    found: dict[str, Any] = json.loads(text)
    return found


def generate(family: str | Family, **options: Any) -> Iterator[str]:
    """Puzzle texts made by the family's generator (options are the family's own)."""
    fam = _family(family)
    if fam.generate is None:
        raise ParseError(f"the {fam.name} family has no generator")
    return fam.generate(fam, **options)
