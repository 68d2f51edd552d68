"""Which grade levels 4x4 Sudoku puzzles can have: every puzzle, graded.

Usage: python bench/sudoku_levels_4x4.py

The 288 solution grids of 4x4 Sudoku fall into two classes under relabelling the digits,
permuting rows within a band, bands, columns within a stack, stacks, and transposing (96 and
192 grids); none of these changes which rules a solve needs. So every 4x4 puzzle is one of the
2 x 65,536 clue sets of one grid of each class, up to those symmetries. The script grades
every such clue set that has exactly one solution and prints the count per number of clues
and level. (Measured: 91,428 puzzles, 4 to 16 clues, all easy: singles alone solve them;
this is why ``deduce generate sudoku --size 4x4`` refuses any other level. About 4 minutes.)
"""

from __future__ import annotations

import collections
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import deduce
from deduce.puzzles.generating import solve
from deduce.puzzles.sudoku.generate import has_one_solution, parse_size
from deduce.puzzles.sudoku.model import Sudoku
from deduce.puzzles.sudoku.text import to_line


def grids() -> list[tuple[int, ...]]:
    """Every 4x4 solution grid, row by row."""
    out: list[tuple[int, ...]] = []

    def extend(grid: list[int]) -> None:
        i = len(grid)
        if i == 16:
            out.append(tuple(grid))
            return
        r, c = divmod(i, 4)
        for v in range(1, 5):
            if any(
                grid[j] == v
                and (j // 4 == r or j % 4 == c or (j // 8, j % 4 // 2) == (r // 2, c // 2))
                for j in range(i)
            ):
                continue
            extend([*grid, v])

    extend([])
    return out


def line_orders() -> list[list[int]]:
    """The 8 orders of four lines that keep the two bands (stacks) of two."""
    orders = []
    for bands in ((0, 1), (1, 0)):
        for first in itertools.permutations((0, 1)):
            for second in itertools.permutations((0, 1)):
                inner = (first, second)
                orders.append([bands[k] * 2 + inner[k][x] for k in range(2) for x in range(2)])
    return orders


def canonical(grid: tuple[int, ...]) -> tuple[int, ...]:
    """The least image of ``grid`` under the symmetries, digits relabelled by first use."""
    best = None
    orders = line_orders()
    for rows in orders:
        for cols in orders:
            for flip in (False, True):
                cells = [
                    grid[rows[c] * 4 + cols[r]] if flip else grid[rows[r] * 4 + cols[c]]
                    for r in range(4)
                    for c in range(4)
                ]
                names: dict[int, int] = {}
                image = tuple(names.setdefault(v, len(names) + 1) for v in cells)
                best = image if best is None or image < best else best
    assert best is not None
    return best


def main() -> None:
    family = deduce.get_family("sudoku")
    geo = parse_size("4x4")
    classes: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for grid in grids():
        classes.setdefault(canonical(grid), []).append(grid)
    print(
        f"{sum(len(g) for g in classes.values())} grids in {len(classes)} classes "
        f"({', '.join(str(len(g)) for g in classes.values())})"
    )
    counts: collections.Counter = collections.Counter()
    start = time.perf_counter()
    for members in classes.values():
        grid = members[0]
        for size in range(17):
            for cells in itertools.combinations(range(16), size):
                givens = {c: grid[c] for c in cells}
                if not has_one_solution(family, geo, givens):
                    continue
                text = to_line(Sudoku(geo, tuple(givens.get(c, 0) for c in range(16))))
                counts[size, solve(text, family).effort.level] += 1
    for (size, level), n in sorted(counts.items()):
        print(f"{size:2d} clues  {level:15} {n}")
    levels = sorted({level for _, level in counts})
    print(f"levels: {', '.join(levels)} ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
