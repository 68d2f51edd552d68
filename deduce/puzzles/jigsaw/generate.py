"""New Jigsaw Sudoku puzzles: random regions, a random grid for them, then Sudoku's fill,
prune and harden.

1. Regions: a random map of N connected regions of N cells, shaped as setters draw them
   (``deduce.puzzles.jigsaw.layout``).
2. A grid: a randomised search for a solution of the empty grid with those regions
   (``deduce.puzzles.sudoku.grids``). A map can have none, and the search's nodes have a heavy
   tail, so it starts again a few times and then draws another map.
3. Givens: Sudoku's fill with that grid's digits (symmetric pairs, placed at random until the
   simplest rules decide every cell, so the puzzle has one solution), then Sudoku's prune
   (empty each pair whose removal search proves keeps one solution) and, toward a level
   above the candidate's, Sudoku's harden (``deduce.puzzles.sudoku.generate``, ``harden``):
   the same machinery as a plain Sudoku's, run with the jigsaw family's rules and search.

Jigsaw-X (``generate_x``): the same on the map with both diagonals as units too; a map that
leaves no X grid is found out by the grid's search and another drawn (measured, 30 random
maps of each side, three searches each: 9 of 9x9 had a grid, 1 of 6x6).

Candidate ``k`` of a seed depends only on the seed and ``k``. Puzzles are written in the
family's first form (the corpus JSON line, with ``"diagonals": true`` for a Jigsaw-X);
``--output-format`` gives the others.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial

from deduce.family import Family
from deduce.puzzles.generating import Wanted, generator, kept, square_side
from deduce.puzzles.jigsaw import REGION_SINGLE
from deduce.puzzles.jigsaw.layout import random_map
from deduce.puzzles.sudoku.generate import FILL_RULE_NAMES, fill, fill_rules, prune, written
from deduce.puzzles.sudoku.grids import random_solution
from deduce.puzzles.sudoku.model import Geometry, Sudoku, jigsaw_geometry
from deduce.puzzles.sudoku.toward import toward
from deduce.solving import Result

#: Searches for a grid on one map before another map is drawn (measured, 100 9x9 maps: 66
#: found a grid within one search's budget, and most of the rest within a second or third).
SEARCHES_PER_MAP = 3

#: The sides a jigsaw can have (the family reads 4 to 9).
SIDES = range(4, 10)

#: Sudoku's fill rules as a jigsaw names them: the box's hidden single is the region's.
FILL_RENAMED = {name: REGION_SINGLE for name in FILL_RULE_NAMES if name.endswith("(box)")}


def parse_side(size: str | None) -> int:
    """The side N for ``"7x7"`` or ``"7"`` (default 9); ParseError for anything else."""
    return square_side(
        size, 9, SIDES, "a jigsaw is square, e.g. 5x5, 7x7 or 9x9",
        f"a jigsaw's side is {SIDES[0]} to {SIDES[-1]}",
    )  # fmt: skip


def regions_and_grid(
    n: int, rng: random.Random, diagonals: bool = False
) -> tuple[Geometry, list[int]]:
    """A random region map of side ``n`` (with both ``diagonals`` as units too, when asked)
    with a random solution grid for it."""
    while True:
        geo = jigsaw_geometry(random_map(n, rng), diagonals)
        for _ in range(SEARCHES_PER_MAP):
            grid = random_solution(geo, rng)
            if grid is not None:
                return geo, grid


def writer(family: Family[Sudoku]) -> Callable[[Geometry, dict[int, int]], str]:
    """The family's corpus JSON line of a jigsaw with given regions and givens (a
    Jigsaw-X's with its flag)."""
    return partial(written, family, "json")


def make(family: Family[Sudoku], n: int, rng: random.Random, diagonals: bool = False) -> str:
    """A new jigsaw of side ``n`` with one solution (its JSON line), drawn with ``rng``; a
    Jigsaw-X with ``diagonals``."""
    geo, grid = regions_and_grid(n, rng, diagonals)
    pairs = fill(family, geo, rng, fill_rules(family, FILL_RENAMED), grid)
    return writer(family)(geo, prune(family, geo, pairs))


@generator
def generate(
    family: Family[Sudoku], wanted: Wanted, stats: dict[str, int] | None = None
) -> Iterator[str]:
    """Yield ``wanted.count`` jigsaws (the JSON line), of grade level ``wanted.difficulty``
    if given.

    Every puzzle has exactly one solution. A candidate above the level asked for is given
    clues until it falls to it (``soften``), one below it is worked up (``harden``); after
    ``max_tries`` candidates the generator stops (``stats["exhausted"]``). ParseError for a
    bad size.
    """
    return _made(family, wanted, stats, diagonals=False)


@generator
def generate_x(
    family: Family[Sudoku], wanted: Wanted, stats: dict[str, int] | None = None
) -> Iterator[str]:
    """Yield Jigsaw-X puzzles as ``generate`` yields jigsaws: each with one solution on its
    map with both diagonals as units too, its JSON line flagged (``"diagonals": true``)."""
    return _made(family, wanted, stats, diagonals=True)


def _made(
    family: Family[Sudoku], wanted: Wanted, stats: dict[str, int] | None, diagonals: bool
) -> Iterator[str]:
    n = parse_side(wanted.size)  # a bad size fails before any work
    write = writer(family)

    def one(rng: random.Random) -> tuple[str, Result | None] | None:
        return toward(family, make(family, n, rng, diagonals), wanted.difficulty, rng, write)

    return kept(one, family, wanted, stats)
