"""New Killer Sudoku puzzles: a random grid, random cages over it, made unique, then worked
toward a level.

1. A grid: a random solution of the empty Sudoku (``deduce.puzzles.sudoku.grids``).
2. Cages: drawn as setters draw them (``deduce.puzzles.killer.caging``: sizes weighted as in
   the corpus, compact, no repeated digit), each with the sum of its digits. No givens unless
   asked for (``givens``: that many cells of the grid, drawn at random, are shown).
3. One solution: while search finds a second solution, a cell where it differs from the grid
   (tried in a random order) goes to a neighbouring cage (moved, when its own cage keeps two cells or more, or
   exchanged for a cell of that cage) so that the second solution breaks a new total; when
   no such change of any such cell does, one is split off as a cage of its own (its total is then its
   digit, which the second solution does not have). Each change removes the second solution
   found, and the search runs again; after ``REPAIRS`` changes the candidate is dropped.
4. Toward a level: random cages give mostly easy puzzles (as the corpus's are), so a
   candidate below the level asked for is worked up: two neighbouring cages that can be one
   (``MAX_CAGE`` cells, no digit twice) are merged, the result made unique again (step 3),
   and the change kept when the engine grades it no harder than the target and no easier
   than before (``deduce.puzzles.generating.judge``). A candidate above the level is dropped.

Killer-X (``generate_x``): the same on the X grid (the grid's digits, and the search that makes
the cages unique, see both diagonals as units too).

Candidate ``k`` of a seed depends only on the seed and ``k``. Puzzles are written in the
family's first form, the corpus JSON line (with ``"diagonals": true`` for a Killer-X).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from deduce.errors import ArgumentError, Contradiction
from deduce.family import Family
from deduce.puzzles.adjacency import connected, neighbours
from deduce.puzzles.generating import Wanted, generator, judge, kept, solve, square_side
from deduce.puzzles.killer.caging import (
    MAX_CAGE,
    SIZES,
    Cages,
    merged,
    merges,
    owners,
    pieces,
    random_cages,
)
from deduce.puzzles.killer.model import Cage, Killer, initial_state
from deduce.puzzles.sudoku.grids import random_solution
from deduce.puzzles.sudoku.model import Geometry, box_shape, geometry
from deduce.search import search
from deduce.solving import Result

#: Changes that may be made to restore one solution before a candidate is dropped.
REPAIRS = 40

#: The same after a merge toward a level: a merge that needs more is dropped (measured: the
#: search for a second solution of a puzzle of big cages can take seconds, and a merge that
#: needs many changes is mostly undone by them).
MERGE_REPAIRS = 4

#: Search nodes allowed to find a second solution or prove there is none.
NODE_BUDGET = 5_000

#: Merges one candidate gets to reach its level before the generator starts over.
MOVES = 60


def parse_side(size: str | None) -> int:
    """The side N for ``"6x6"`` or ``"6"`` (default 9); ParseError for anything else."""
    made = "the killer generator makes " + ", ".join(f"{n}x{n}" for n in sorted(SIZES))
    return square_side(size, 9, SIZES, made, made)


def random_grid(geo: Geometry, rng: random.Random) -> list[int]:
    """A random solution grid of the Sudoku grid ``geo`` (its usual boxes, and an X grid's
    diagonals)."""
    while True:
        grid = random_solution(geo, rng)
        if grid is not None:
            return grid


def killer(geo: Geometry, grid: list[int], cages: Cages, givens: dict[int, int]) -> Killer:
    """The Killer on the grid ``geo`` with these cages (totals from ``grid``) and givens."""
    n = geo.n
    made = tuple(Cage(sum(grid[c] for c in cage), tuple(sorted(cage))) for cage in cages)
    cage_of = owners(cages, n)
    cells = tuple(givens.get(c, 0) for c in range(n * n))
    return Killer(geo, cells, "killer", cages=made, cage_of=tuple(cage_of))


def second_solution(family: Family[Killer], puzzle: Killer, grid: list[int]) -> list[int] | None:
    """A solution other than ``grid``, or None when search proves there is none; raises
    Contradiction when search cannot tell within ``NODE_BUDGET`` nodes."""
    found = search(family, initial_state(puzzle), None, limit=2, max_nodes=NODE_BUDGET)
    other = [s for s in found.solutions if s != grid]
    if other:
        return other[0]
    if not found.complete:
        raise Contradiction("search ran out of nodes")
    return None


def _holds(values: list[int], grid: list[int], cage: list[int]) -> bool:
    digits = [values[c] for c in cage]
    return len(set(digits)) == len(digits) and sum(digits) == sum(grid[c] for c in cage)


def fixed(grid: list[int], other: list[int], n: int, cages: Cages, rng: random.Random) -> Cages:
    """The cages changed so that ``other`` breaks them (see the module, step 3)."""
    differ = [c for c in range(n * n) if grid[c] != other[c]]
    owner = owners(cages, n)
    for cell in rng.sample(differ, len(differ)):
        home = owner[cell]
        rest = [c for c in cages[home] if c != cell]
        changes = [
            (host, pair)
            for host in sorted({owner[x] for x in neighbours(cell, n)} - {home})
            for pair in _reshaped(grid, n, rest, cages[host], cell)
            if not all(_holds(other, grid, cage) for cage in pair)
        ]
        if changes:
            host, pair = rng.choice(changes)
            return [c for k, c in enumerate(cages) if k not in (home, host)] + list(pair)
    cell = rng.choice(differ)
    home = owner[cell]
    rest = [c for c in cages[home] if c != cell]
    return [*(c for k, c in enumerate(cages) if k != home), *pieces(rest, n), [cell]]


def _reshaped(
    grid: list[int], n: int, rest: list[int], host: list[int], cell: int
) -> list[tuple[list[int], ...]]:
    """The ways to give ``cell`` (its cage less it is ``rest``) to the neighbouring cage
    ``host``: moved alone when ``rest`` keeps two cells or more, or exchanged for a cell of
    ``host``; each as the two new cages, both connected with no digit twice."""
    out: list[tuple[list[int], ...]] = []
    if len(rest) >= 2 and len(host) < MAX_CAGE:
        out.append((rest, sorted([*host, cell])))
    for swap in host:
        out.append((sorted([*rest, swap]), sorted([*(c for c in host if c != swap), cell])))
    return [pair for pair in out if all(_cage_ok(grid, n, cage) for cage in pair)]


def _cage_ok(grid: list[int], n: int, cage: list[int]) -> bool:
    return len({grid[c] for c in cage}) == len(cage) and connected(cage, n)


def unique(
    family: Family[Killer],
    geo: Geometry,
    grid: list[int],
    cages: Cages,
    givens: dict[int, int],
    rng: random.Random,
    repairs: int = REPAIRS,
) -> Cages | None:
    """The cages changed until the puzzle has one solution (None after ``repairs`` changes,
    or when search cannot tell)."""
    for _ in range(repairs + 1):
        try:
            other = second_solution(family, killer(geo, grid, cages, givens), grid)
        except Contradiction:
            return None
        if other is None:
            return cages
        cages = fixed(grid, other, geo.n, cages, rng)
    return None


def make(
    family: Family[Killer], geo: Geometry, shown: int, rng: random.Random
) -> tuple[list[int], Cages, dict[int, int]] | None:
    """A new Killer on the grid ``geo`` with ``shown`` givens and one solution: its grid,
    cages and givens (None when the cages could not be made unique)."""
    n = geo.n
    grid = random_grid(geo, rng)
    givens = {c: grid[c] for c in rng.sample(range(n * n), shown)}
    cages = unique(family, geo, grid, random_cages(grid, n, rng), givens, rng)
    return None if cages is None else (grid, cages, givens)


def harden(
    family: Family[Killer],
    geo: Geometry,
    made: tuple[list[int], Cages, dict[int, int]],
    result: Result,
    target: str,
    rng: random.Random,
) -> tuple[str, Result] | None:
    """The candidate's cages merged, pair by pair, until its level is ``target`` (see the
    module, step 4); None when ``MOVES`` merges do not get there."""
    grid, cages, givens = made
    levels = family.levels
    text = family.format(killer(geo, grid, cages, givens))
    for _ in range(MOVES):
        if result.effort.level == target:
            return text, result
        pairs = merges(grid, geo.n, cages)
        if not pairs:
            return None
        trial = unique(
            family, geo, grid, merged(cages, *rng.choice(pairs)), givens, rng, MERGE_REPAIRS
        )
        if trial is None:
            continue
        trial_text = family.format(killer(geo, grid, trial, givens))
        judged = judge(family, trial_text, target)
        if judged is not None and judged.effort.score >= result.effort.score:
            cages, text, result = trial, trial_text, judged
    return (text, result) if levels.index(result.effort.level) == levels.index(target) else None


@generator
def generate(
    family: Family[Killer], wanted: Wanted, stats: dict[str, int] | None = None, givens: int = 0
) -> Iterator[str]:
    """Yield ``wanted.count`` Killers (the JSON line), of grade level ``wanted.difficulty``
    if given, with ``givens`` digits shown (none by default).

    Every puzzle has exactly one solution. A candidate below the level asked for is worked
    toward it (merged cages); one above it is dropped; after ``max_tries`` candidates the
    generator stops (``stats["exhausted"]``). ParseError for a bad size; ArgumentError for a
    number of givens the grid cannot hold.
    """
    return _made(family, wanted, stats, givens, diagonals=False)


@generator
def generate_x(
    family: Family[Killer], wanted: Wanted, stats: dict[str, int] | None = None, givens: int = 0
) -> Iterator[str]:
    """Yield Killer-X puzzles as ``generate`` yields Killers: each with one solution on the
    grid with both diagonals as units too, its JSON line flagged (``"diagonals": true``)."""
    return _made(family, wanted, stats, givens, diagonals=True)


def _made(
    family: Family[Killer],
    wanted: Wanted,
    stats: dict[str, int] | None,
    givens: int,
    diagonals: bool,
) -> Iterator[str]:
    difficulty = wanted.difficulty
    n = parse_side(wanted.size)  # a bad size fails before any work
    geo = geometry(*box_shape(n), diagonals)
    if not 0 <= givens <= n * n:
        raise ArgumentError(f"givens must be 0 to {n * n} for a {n}x{n} killer, not {givens}")
    levels = family.levels

    def one(rng: random.Random) -> tuple[str, Result | None] | None:
        made = make(family, geo, givens, rng)
        if made is None:
            return None
        text = family.format(killer(geo, *made))
        if not difficulty:
            return text, None
        result = solve(text, family)
        if levels.index(result.effort.level) < levels.index(difficulty):
            return harden(family, geo, made, result, difficulty, rng)
        return text, result

    return kept(one, family, wanted, stats)
