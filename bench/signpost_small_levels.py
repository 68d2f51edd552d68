"""Every Signpost puzzle of a small grid with 1 and the last number given, graded: which
levels the size has at all.

Usage: python bench/signpost_small_levels.py [WxH ...]   (default: 2x2 2x3 3x3)

A puzzle is a path through every cell along arrow directions (any distance), the arrows
pointing along it, and a set of givens holding 1 and n (as Tatham's puzzles and ours do; the
last cell's arrow then plays no part). For each size this walks every such path up to the
grid's symmetries and every set of the other givens, keeps the puzzles with one solution
(counted by search), and counts them by level. ``deduce generate signpost`` refuses the
levels a size has none of (deduce/puzzles/signpost/generate.py, REACHABLE).
"""

from __future__ import annotations

import collections
import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import deduce
from deduce.puzzles.signpost.generate import _arrows, _moves
from deduce.puzzles.signpost.model import Signpost, format_puzzle


def paths(width: int, height: int) -> list[list[int]]:
    """Every path through all cells of the grid along arrow moves."""
    n = width * height
    moves = [[t for t, _ in _moves(width, height, c)] for c in range(n)]
    out: list[list[int]] = []

    def walk(path: list[int], used: int) -> None:
        if len(path) == n:
            out.append(list(path))
            return
        for t in moves[path[-1]]:
            if not used >> t & 1:
                path.append(t)
                walk(path, used | 1 << t)
                path.pop()

    for s in range(n):
        walk([s], 1 << s)
    return out


def symmetries(width: int, height: int) -> list[list[int]]:
    """Cell permutations of the grid's symmetries (rotations, reflections) keeping its shape."""
    out = []
    for flip_r, flip_c, swap in itertools.product((False, True), repeat=3):
        if swap and width != height:
            continue
        perm = []
        for cell in range(width * height):
            r, c = divmod(cell, width)
            r, c = (height - 1 - r) if flip_r else r, (width - 1 - c) if flip_c else c
            if swap:
                r, c = c, r
            perm.append(r * width + c)
        out.append(perm)
    return out


def main() -> None:
    sizes = sys.argv[1:] or ["2x2", "2x3", "3x3"]
    family = deduce.get_family("signpost")
    for size in sizes:
        width, height = (int(v) for v in size.split("x"))
        n = width * height
        start = time.process_time()
        every = paths(width, height)
        perms = symmetries(width, height)
        canon = {min(tuple(p[c] for c in path) for p in perms) for path in map(tuple, every)}
        levels: collections.Counter[str] = collections.Counter()
        for path in sorted(canon):
            arrows = _arrows(width, height, list(path), random.Random(0))  # last: no part
            middle = list(path[1:-1])
            for chosen in itertools.product((False, True), repeat=len(middle)):
                givens = [0] * n
                givens[path[0]], givens[path[-1]] = 1, n
                for cell, keep in zip(middle, chosen, strict=True):
                    if keep:
                        givens[cell] = path.index(cell) + 1
                text = format_puzzle(Signpost(width, height, arrows, tuple(givens)))
                result = deduce.solve(text, family)
                if result.status == "unique":
                    levels[result.effort.level] += 1
        took = time.process_time() - start
        print(
            f"{size}: {len(every)} paths, {len(canon)} up to symmetry; puzzles with one "
            f"solution by level: {dict(sorted(levels.items()))} ({took:.0f} s CPU)",
            flush=True,
        )


if __name__ == "__main__":
    main()
