"""Signpost generation by size and level: can ``deduce generate`` make each, and how fast.

Usage: python bench/signpost_generate.py [--sizes 4x4,5x5,6x6,7x7] [--count 3] [--seed 1]
                                         [--limit 120]

For every size and every level ``deduce rules signpost`` lists, runs
``python -m deduce generate signpost --size S --difficulty L --count C --seed N`` in its own
process (as a user would) with a time limit, and prints a table of CPU seconds (user +
system of the child), ``refused`` when the generator refuses the level up front, and
``gave up`` / ``timeout`` otherwise. Every puzzle made is checked again: one solution
(counted by search) and the level asked for.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import deduce  # noqa: E402
from deduce.solving import Puzzle, has_one_solution  # noqa: E402


def run(size: str, level: str, count: int, seed: int, limit: float) -> str:
    """One cell of the table."""
    command = [sys.executable, "-m", "deduce", "generate", "signpost", "--size", size,
               "--difficulty", level, "--count", str(count), "--seed", str(seed)]  # fmt: skip
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit, env=env)
    except subprocess.TimeoutExpired:
        return f"timeout ({limit:.0f} s)"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode == 2:
        return "refused"
    made = done.stdout.split()
    family = deduce.get_family("signpost")
    for text in made:
        assert has_one_solution(Puzzle.read(family, text)), text
        assert deduce.solve(text).effort.level == level, text
    if done.returncode != 0:
        return f"gave up ({len(made)}/{count}, {cpu:.1f} s)"
    return f"{cpu:.1f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4x4,5x5,6x6,7x7")
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=120.0)
    args = parser.parse_args()
    levels = deduce.get_family("signpost").levels
    sizes = args.sizes.split(",")
    print("| level | " + " | ".join(sizes) + " |")
    print("|---" * (len(sizes) + 1) + "|")
    for level in levels:
        cells = [run(size, level, args.count, args.seed, args.limit) for size in sizes]
        print(f"| {level} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
