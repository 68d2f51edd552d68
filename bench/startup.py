"""How long the command takes to start: ``deduce --help`` and ``deduce rules sudoku``.

Usage: python bench/startup.py [--repeat 10]

Each command runs ``--repeat`` times in a fresh process (``python -m deduce``); the median wall
time is printed beside that of ``python -c pass`` (the interpreter's own start), and the
``deduce`` modules each command imported (``python -X importtime``), so a family or rule module
loaded for ``--help`` shows at once.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "deduce --help": [sys.executable, "-m", "deduce", "--help"],
    "deduce rules sudoku": [sys.executable, "-m", "deduce", "rules", "sudoku"],
}


def median_seconds(command: list[str], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, capture_output=True, check=True)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def imported(command: list[str]) -> list[str]:
    """The ``deduce`` modules ``command`` imports."""
    done = subprocess.run(
        [command[0], "-X", "importtime", *command[1:]], cwd=ROOT, capture_output=True, text=True
    )
    names = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()]
    return [n for n in names if n.startswith("deduce")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    for label, command in COMMANDS.items():
        seconds = median_seconds(command, args.repeat)
        modules = imported(command) if "deduce" in label else []
        families = sorted(
            {
                m.split(".")[2]
                for m in modules
                if m.count(".") >= 2 and m.split(".")[1] in ("families", "rules", "difficulty")
            }
        )
        print(
            f"{label:22} {seconds * 1000:7.1f} ms  {len(modules):3} deduce modules"
            f"  families loaded: {', '.join(families) or 'none'}"
        )


if __name__ == "__main__":
    main()
