"""Which nonogram levels exist at small sizes (every picture checked), and how long
``deduce generate nonogram --difficulty LEVEL --count 3 --seed 1`` takes for every level.

Usage:
  python bench/nonogram_levels.py --exhaustive [--max-cells 16]
      every picture of every size up to --max-cells cells (both sides at least 2): how many
      are unique and of which level; the levels no picture has are the ones
      ``deduce.puzzles.nonogram.generate.MISSING`` refuses.
  python bench/nonogram_levels.py --matrix [--size 10x10] [--count 3] [--seed 1]
      the processor and wall seconds of each level's generate command, run in a fresh process
      (the level x time matrix of bench/README.md).
"""

from __future__ import annotations

import argparse
import collections
import itertools
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deduce.families.nonogram import FAMILY  # noqa: E402
from deduce.puzzles.nonogram.generate import judge  # noqa: E402


def exhaustive(max_cells: int) -> None:
    """Print, for every size of at most ``max_cells`` cells, the unique puzzles per level."""
    print("| size | pictures | unique | " + " | ".join(FAMILY.levels) + " | missing levels |")
    print("|---|---|---|" + "---|" * len(FAMILY.levels) + "---|")
    for width, height in itertools.product(range(2, max_cells + 1), repeat=2):
        if width * height > max_cells:
            continue
        counts: collections.Counter[str] = collections.Counter()
        for bits in range(1 << (width * height)):
            text = format(bits, f"0{width * height}b")
            rows = [text[r * width : (r + 1) * width] for r in range(height)]
            _, result = judge(FAMILY, rows)
            counts[result.grade.level if result.status == "unique" else result.status] += 1
        unique = sum(counts[level] for level in FAMILY.levels)
        missing = [level for level in FAMILY.levels if not counts[level]]
        print(
            f"| {width}x{height} | {1 << (width * height)} | {unique} | "
            + " | ".join(str(counts[level]) for level in FAMILY.levels)
            + f" | {', '.join(missing) or '-'} |",
            flush=True,
        )


def matrix(size: str, count: int, seed: int) -> None:
    """Time ``deduce generate`` for every level in a fresh process each."""
    print(
        f"| level ({size}, --count {count} --seed {seed}) | made | tries | processor s | wall s |"
    )
    print("|---|---|---|---|---|")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for level in FAMILY.levels:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "deduce", "generate", "nonogram", "--difficulty", level,
             "--count", str(count), "--seed", str(seed), "--size", size],
            env=env, capture_output=True, text=True, check=False,
        )  # fmt: skip
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        made = len(done.stdout.split())
        tail = done.stderr.strip().splitlines()
        tries = tail[0].split(" from ")[-1].split(" tried")[0] if tail else "?"
        print(f"| {level} | {made} | {tries} | {cpu:.1f} | {wall:.1f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exhaustive", action="store_true")
    parser.add_argument("--max-cells", type=int, default=16)
    parser.add_argument("--matrix", action="store_true")
    parser.add_argument("--size", default="10x10")
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.exhaustive:
        exhaustive(args.max_cells)
    if args.matrix:
        matrix(args.size, args.count, args.seed)


if __name__ == "__main__":
    main()
