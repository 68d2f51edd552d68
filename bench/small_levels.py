"""Which levels exist on the smallest boards: every puzzle of a size, graded.

Usage: python bench/small_levels.py [numbrix 2x2 2x3 3x3] [hidato 2x2 2x3] [path 2x2 2x3 3x3]

With no arguments, the sizes the generators refuse levels for (``REACHABLE`` in
``deduce/puzzles/numbrix/generate.py`` and ``deduce/puzzles/path/generate.py``). For Numbrix
and Hidato (no holes): every Hamiltonian path of the board and every set of its cells given
as clues; for Path: every self-avoiding path between two distinct border cells and every
set of hidden row and column counts. Each puzzle is solved (rules, then search counting to
two); the levels of those with one solution are counted. Sizes are WxH for Numbrix and
Hidato (as their ``--size``) and ROWSxCOLS for Path (as its ``--size``).
"""

from __future__ import annotations

import itertools
import json
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import deduce  # noqa: E402

DEFAULT = {
    "numbrix": ["2x2", "2x3", "3x3"],
    "hidato": ["2x2", "2x3"],
    "path": ["2x2", "2x3", "3x3"],
}


def neighbours(rows: int, cols: int, king: bool) -> dict[int, list[int]]:
    """Each cell's neighbours (rook or king steps)."""
    out: dict[int, list[int]] = {}
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if king:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    for r, c in itertools.product(range(rows), range(cols)):
        out[r * cols + c] = [
            (r + dr) * cols + c + dc
            for dr, dc in steps
            if 0 <= r + dr < rows and 0 <= c + dc < cols
        ]
    return out


def simple_paths(near: dict[int, list[int]], start: int) -> Iterator[list[int]]:
    """Every self-avoiding path from ``start`` (one cell or more)."""
    path = [start]
    seen = {start}

    def walk() -> Iterator[list[int]]:
        yield list(path)
        for nxt in near[path[-1]]:
            if nxt not in seen:
                path.append(nxt)
                seen.add(nxt)
                yield from walk()
                path.pop()
                seen.discard(nxt)

    return walk()


def numbrix_puzzles(width: int, height: int, king: bool) -> Iterator[str]:
    """Every clue set of every Hamiltonian path of the board, as puzzle text."""
    near = neighbours(height, width, king)
    n = width * height
    game = "hidato" if king else "numbrix"
    for start in range(n):
        for path in simple_paths(near, start):
            if len(path) != n:
                continue
            number = {cell: k + 1 for k, cell in enumerate(path)}
            for mask in range(1 << n):
                grid = [
                    [
                        number[r * width + c] if mask >> (r * width + c) & 1 else 0
                        for c in range(width)
                    ]
                    for r in range(height)
                ]
                yield json.dumps({"family": game, "size": [height, width], "grid": grid})


def path_puzzles(rows: int, cols: int) -> Iterator[str]:
    """Every set of hidden counts of every door-to-door path, as puzzle text."""
    near = neighbours(rows, cols, False)
    border = [
        r * cols + c
        for r, c in itertools.product(range(rows), range(cols))
        if r in (0, rows - 1) or c in (0, cols - 1)
    ]
    for a in border:
        for path in simple_paths(near, a):
            b = path[-1]
            if len(path) < 2 or b not in border or b < a:
                continue
            row_counts = [sum(1 for x in path if x // cols == r) for r in range(rows)]
            col_counts = [sum(1 for x in path if x % cols == c) for c in range(cols)]
            counts = row_counts + col_counts
            for mask in range(1 << len(counts)):
                shown = [-1 if mask >> i & 1 else v for i, v in enumerate(counts)]
                yield json.dumps(
                    {
                        "rows": rows,
                        "cols": cols,
                        "doors": [divmod(a, cols), divmod(b, cols)],
                        "row_counts": shown[:rows],
                        "col_counts": shown[rows:],
                    }
                )


def survey(family: str, size: str) -> str:
    """One line: the levels of every unique puzzle of ``family`` at ``size``."""
    x, y = (int(v) for v in size.split("x"))
    texts = path_puzzles(x, y) if family == "path" else numbrix_puzzles(x, y, family == "hidato")
    start = time.process_time()
    levels: Counter[str] = Counter()
    total = 0
    for text in texts:
        total += 1
        result = deduce.solve(text, family)
        if result.status == "unique" and result.grade is not None:
            levels[result.grade.level] += 1
    seconds = time.process_time() - start
    found = ", ".join(f"{level} {n}" for level, n in levels.most_common())
    return f"{family} {size}: {total} puzzles, {sum(levels.values())} unique: {found} ({seconds:.0f} s cpu)"


def main() -> None:
    args = sys.argv[1:]
    jobs: list[tuple[str, str]] = []
    family = None
    for arg in args:
        if arg in DEFAULT:
            family = arg
        elif family is None:
            sys.exit(f"name a family before {arg}")
        else:
            jobs.append((family, arg))
    if not args:
        jobs = [(f, s) for f, sizes in DEFAULT.items() for s in sizes]
    for family_name, size in jobs:
        print(survey(family_name, size), flush=True)


if __name__ == "__main__":
    main()
