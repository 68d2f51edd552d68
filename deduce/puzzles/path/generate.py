"""Making Path puzzles: a random self-avoiding path between two border cells, its counts,
then clues hidden one at a time while the solution stays unique.

Uniqueness and the grade are decided by the engine itself (rules, then search counting to
two), so every puzzle made is fair and its level is the one ``deduce rate`` reports.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import Any

from deduce.engine import propagate
from deduce.errors import Contradiction, ParseError
from deduce.family import Family
from deduce.puzzles.generating import Wanted, generator, kept
from deduce.puzzles.path.model import PathPuzzle
from deduce.puzzles.path.text import build, to_json
from deduce.search import search
from deduce.solving import UNIQUE, Puzzle, Result
from deduce.solving import solve as solve_puzzle

DEFAULT_SIZE = (6, 6)
#: The levels every puzzle of the smallest grids falls on, by (shorter side, longer side):
#: ``bench/small_levels.py`` grades every set of hidden counts of every door-to-door path.
#: A level missing here is refused up front; 2x5 and 3x3 already reach every level.
REACHABLE = {
    (2, 2): ("easy",),
    (2, 3): ("easy", "medium", "hard"),
    (2, 4): ("easy", "medium", "hard"),
}


def parse_size(size: str | None) -> tuple[int, int]:
    """``"7x5"`` (rows x columns) or ``"6"``; the default is 6x6."""
    if not size:
        return DEFAULT_SIZE
    parts = size.lower().split("x")
    try:
        dims = [int(x) for x in parts]
    except ValueError:
        raise ParseError(f"bad size {size!r}: expected ROWSxCOLS such as 6x6") from None
    rows, cols = (dims[0], dims[0]) if len(dims) == 1 else dims[:2]
    if len(dims) > 2 or not (2 <= rows <= 12 and 2 <= cols <= 12):
        raise ParseError(f"bad size {size!r}: sides from 2 to 12")
    return rows, cols


def _border(rows: int, cols: int) -> list[tuple[int, int]]:
    return [
        (r, c) for r in range(rows) for c in range(cols) if r in (0, rows - 1) or c in (0, cols - 1)
    ]


def random_path(rows: int, cols: int, rng: random.Random) -> list[tuple[int, int]]:
    """A random self-avoiding path from a border cell to another, covering 40-80% of cells.

    The walk prefers the neighbour with the fewest free neighbours (Warnsdorff's rule, with
    random ties and some noise), which keeps it from walling itself in early.
    """
    target = int(rows * cols * rng.uniform(0.4, 0.8))
    border = _border(rows, cols)
    while True:
        start = rng.choice(border)
        path = [start]
        seen = {start}
        while True:
            r, c = path[-1]
            if len(path) >= max(target, 2) and (r in (0, rows - 1) or c in (0, cols - 1)):
                return path
            free = [
                (r + dr, c + dc)
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr, c + dc) not in seen
            ]
            if not free:
                break

            def onward(cell: tuple[int, int], seen: set[tuple[int, int]] = seen) -> float:
                y, x = cell
                n = sum(
                    0 <= y + dy < rows and 0 <= x + dx < cols and (y + dy, x + dx) not in seen
                    for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1))
                )
                return n + rng.random() * 2.5

            step = min(free, key=onward)
            path.append(step)
            seen.add(step)


def counts_of(path: list[tuple[int, int]], rows: int, cols: int) -> PathPuzzle:
    """The fully clued puzzle whose solution is ``path``."""
    row_counts = [0] * rows
    col_counts = [0] * cols
    for r, c in path:
        row_counts[r] += 1
        col_counts[c] += 1
    return build(rows, cols, [path[0], path[-1]], tuple(row_counts), tuple(col_counts), form="json")


def _unique(family: Family[Any], puzzle: PathPuzzle, max_nodes: int = 5000) -> Result | None:
    """The engine's solve of ``puzzle`` when its solution is unique, else None.

    Search is bounded; a puzzle whose uniqueness is not settled within ``max_nodes`` nodes
    counts as not unique.
    """
    state = family.initial_state(puzzle)
    try:
        solved = propagate(family, state)
    except Contradiction:
        return None
    if not solved:
        found = search(family, state, None, limit=2, max_nodes=max_nodes)
        if len(found.solutions) != 1 or found.nodes >= max_nodes:
            return None
    result = solve_puzzle(Puzzle(family, puzzle, to_json(puzzle)))
    return result if result.status == UNIQUE else None


def hide_clues(
    family: Family[Any], puzzle: PathPuzzle, rng: random.Random, share: float = 0.5
) -> PathPuzzle:
    """Hide up to ``share`` of the counts, in random order, each only if the solution stays
    unique."""
    rows, cols = list(puzzle.row_counts), list(puzzle.col_counts)
    slots = [("r", i) for i in range(puzzle.rows)] + [("c", j) for j in range(puzzle.cols)]
    rng.shuffle(slots)
    budget = int(len(slots) * share)
    for kind, k in slots:
        if budget <= 0:
            break
        line = rows if kind == "r" else cols
        kept = line[k]
        line[k] = -1
        trial = build(
            puzzle.rows, puzzle.cols, list(puzzle.doors), tuple(rows), tuple(cols), form="json"
        )
        if _unique(family, trial) is None:
            line[k] = kept
        else:
            budget -= 1
    return build(
        puzzle.rows, puzzle.cols, list(puzzle.doors), tuple(rows), tuple(cols), form="json"
    )


def candidate(
    family: Family[Any], rows: int, cols: int, rng: random.Random
) -> tuple[str, Result] | None:
    """One Path puzzle on a random door-to-door path, some counts hidden, with its solve.

    None when the full counts of the path already allow another solution.
    """
    puzzle = counts_of(random_path(rows, cols, rng), rows, cols)
    if _unique(family, puzzle) is None:
        return None
    puzzle = hide_clues(family, puzzle, rng, rng.uniform(0.0, 0.6))
    result = _unique(family, puzzle)
    return None if result is None else (to_json(puzzle), result)


def refuse_impossible(rows: int, cols: int, level: str) -> None:
    """ParseError when no puzzle of a ``rows`` x ``cols`` grid has grade ``level``
    (``REACHABLE``)."""
    reachable = REACHABLE.get((min(rows, cols), max(rows, cols)))
    if reachable is not None and level not in reachable:
        raise ParseError(
            f"path {rows}x{cols} has no {level} puzzles: every puzzle of that size is "
            f"{_either(reachable)} (bench/small_levels.py grades them all)"
        )


@generator
def generate(
    family: Family[Any], wanted: Wanted, stats: dict[str, Any] | None = None
) -> Iterator[str]:
    """Yield ``wanted.count`` Path puzzles (JSON lines) with a unique solution, of the named
    grade level when ``wanted.difficulty`` is given; ``stats["tried"]`` counts the candidates
    made."""
    rows, cols = parse_size(wanted.size)
    if wanted.difficulty is not None:
        refuse_impossible(rows, cols, wanted.difficulty)
    return kept(functools.partial(candidate, family, rows, cols), family, wanted, stats)


def _either(levels: tuple[str, ...]) -> str:
    """``easy, medium or hard``."""
    return " or ".join([", ".join(levels[:-1]), levels[-1]] if len(levels) > 1 else levels)
