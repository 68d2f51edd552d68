"""Time the Sudoku generator: seconds per puzzle at each size, and the givens it leaves.

Usage: python bench/sudoku_generate.py [--count 10] [--seed 1] [SIZE ...]

Default sizes: 4x4 6x6 8x8 9x9 12x12 (16x16 takes tens of seconds a puzzle; name it to time
it). One process, wall clock; each puzzle is timed once (the candidates differ, so the spread
is the generator's own: restarts of the fill, length of the uniqueness proofs).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deduce.puzzles.sudoku.generate import candidate

DEFAULT_SIZES = ["4x4", "6x6", "8x8", "9x9", "12x12"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", default=DEFAULT_SIZES)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    candidate(args.seed, 0, "4x4")  # import and warm up
    print(f"{'size':6} {'n':>3} {'median s':>9} {'mean s':>8} {'max s':>7} {'givens':>7}")
    for size in args.sizes:
        times, givens = [], []
        for k in range(args.count):
            start = time.perf_counter()
            text = candidate(args.seed, k, size)
            times.append(time.perf_counter() - start)
            givens.append(sum(ch != "." for ch in text))
        print(
            f"{size:6} {args.count:3d} {statistics.median(times):9.3f} "
            f"{statistics.mean(times):8.3f} {max(times):7.2f} {statistics.mean(givens):7.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
