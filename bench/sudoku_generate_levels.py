"""The level x time matrix of the Sudoku generator: how long ``deduce generate sudoku
--difficulty LEVEL --count 3 --seed 1`` takes for every level, and that what it makes is right.

Usage: python bench/sudoku_generate_levels.py [--count 3] [--seed 1] [--budget 300] [SIZE ...]

Default size 9x9. For each level the family lists, runs the command (``python -m deduce``
from this checkout) with ``--size SIZE``, stopped after ``--budget`` seconds, then re-solves
every puzzle it printed: each must have exactly one solution and re-rate to the level. Wall
clock of the whole command, with the load average beside (the machine is shared, and the
times scale with it). A level refused for the size shows the command's message.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import deduce  # noqa: E402


def one_level(level: str, size: str, count: int, seed: int, budget: float) -> str:
    """One row of the matrix."""
    command = [sys.executable, "-m", "deduce", "generate", "sudoku", "--difficulty", level]
    command += ["--count", str(count), "--seed", str(seed), "--size", size]
    start = time.perf_counter()
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=budget)
        out, err, code = done.stdout, done.stderr, done.returncode
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else exc.stdout or ""
        err, code = f"stopped after {budget:.0f} s", None
    seconds = time.perf_counter() - start
    made = [line for line in out.splitlines() if line.strip()]
    checked = [deduce.solve(text, "sudoku") for text in made]
    right = sum(1 for r in checked if r.status == "unique" and r.effort.level == level)
    last = err.strip().splitlines()[-1] if err.strip() else ""
    return (
        f"{size:6} {level:15} exit {code}  {len(made)}/{count} in {seconds:6.1f} s, "
        f"{right} unique and re-rated to the level, load {os.getloadavg()[0]:.1f}  ({last})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", default=["9x9"])
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=300.0)
    args = parser.parse_args()
    family = deduce.get_family("sudoku")
    for size in args.sizes:
        for level in family.levels:
            print(one_level(level, size, args.count, args.seed, args.budget), flush=True)


if __name__ == "__main__":
    main()
