"""The family x level matrix of the generators: how long ``deduce generate F --difficulty L
--count 3 --seed 1`` takes for every family F and every level L that ``deduce rules F`` lists,
and that what it prints is right.

Usage: python bench/generate_levels.py [--count 3] [--seed 1] [--budget 120] [--size WxH]
                                       [FAMILY ...]

Default: every registered family, each at its generator's default size (``--size`` for all).
Each cell runs the command (``python -m deduce`` from this checkout), stops it after
``--budget`` seconds, then re-solves every puzzle it printed with the engine and its search
(counting solutions to two, so "unique" is proved, not assumed): each must have exactly one
solution and re-rate to the level asked for. A level the generator refuses up front shows the
command's message. Prints one row per cell (wall clock of the whole command, processor time
of the command's process, load average beside: the machine is shared), then a matrix.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import deduce  # noqa: E402
from deduce.registry import family_names  # noqa: E402


def children_cpu() -> float:
    """Processor seconds used so far by this script's finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_cell(
    family: str, level: str, count: int, seed: int, budget: float, size: str | None
) -> tuple[str, str]:
    """One cell of the matrix: (the row printed, the short form for the matrix)."""
    command = [sys.executable, "-m", "deduce", "generate", family, "--difficulty", level]
    command += ["--count", str(count), "--seed", str(seed)]
    if size:
        command += ["--size", size]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start, cpu = time.perf_counter(), children_cpu()
    try:
        done = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, timeout=budget, env=env
        )
        out, err, code = done.stdout, done.stderr, done.returncode
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else exc.stdout or ""
        err, code = f"stopped after {budget:.0f} s", None
    seconds, cpu = time.perf_counter() - start, children_cpu() - cpu
    made = [line for line in out.splitlines() if line.strip()]
    right = 0
    wrong = []
    for text in made:
        result = deduce.solve(text, family)
        if result.status == "unique" and result.grade is not None and result.grade.level == level:
            right += 1
        else:
            got = result.grade.level if result.grade is not None else "-"
            wrong.append(f"{result.status}/{got}")
    last = err.strip().splitlines()[-1] if err.strip() else ""
    row = (
        f"{family:9} {level:15} exit {code}  {len(made)}/{count} in {seconds:6.1f} s "
        f"(cpu {cpu:5.1f} s), {right} unique and re-rated to the level"
        + (f" (wrong: {', '.join(wrong)})" if wrong else "")
        + f", load {os.getloadavg()[0]:.1f}  ({last})"
    )
    if code == 2:
        short = "refused"
    elif right == count and not wrong:
        short = f"{seconds:.1f} s"
    else:
        short = f"{right}/{count} in {seconds:.0f} s" + (" WRONG" if wrong else "")
    return row, short


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("families", nargs="*", default=None)
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=120.0)
    parser.add_argument("--size", default=None)
    args = parser.parse_args()
    families = args.families or family_names()
    matrix: dict[str, dict[str, str]] = {}
    for name in families:
        family = deduce.get_family(name)
        for level in family.levels:
            row, short = one_cell(name, level, args.count, args.seed, args.budget, args.size)
            print(row, flush=True)
            matrix.setdefault(name, {})[level] = short
    print()
    for name, cells in matrix.items():
        print(f"| {name} | " + " | ".join(f"{lv}: {s}" for lv, s in cells.items()) + " |")


if __name__ == "__main__":
    main()
