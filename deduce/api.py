"""The public API: load, solve, check, rate, explain, hint, generate.

Everything a puzzle app needs without the CLI: results are plain values, the Log is the
explanation, and the Grade says how hard the puzzle is.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from deduce import solving
from deduce.engine import next_step as engine_next_step
from deduce.errors import ParseError
from deduce.family import Family
from deduce.grade import Grade
from deduce.registry import detect_family, get_family
from deduce.rule import Rule
from deduce.solving import MULTIPLE, NONE, UNIQUE, UNKNOWN, Puzzle, Result
from deduce.state import State
from deduce.step import Log, Step

__all__ = ["MULTIPLE", "NONE", "UNIQUE", "UNKNOWN", "Puzzle", "Result"]


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
    return fam.generate(fam, **options)
