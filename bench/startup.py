"""How long the command takes to start: ``import deduce``, ``deduce --help``, ``deduce rules
sudoku`` and ``deduce solve`` of one easy Sudoku.

Usage: python bench/startup.py [--repeat 10]

Each command runs ``--repeat`` times in a fresh process (``python -m deduce``); the median wall
time and the median processor time (the child's) are printed beside those of ``python -c pass``
(the interpreter's own start), with the ``deduce`` modules each command imported (``python -X
importtime``), so a family or rule module loaded for ``--help`` shows at once, and whether
``rich`` was loaded. Each line ends with ``cpu LABEL SECONDS`` for ``bench/alternate.py``.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "import deduce": [sys.executable, "-c", "import deduce"],
    "deduce.solve (api)": [sys.executable, "-c", f"import deduce; deduce.solve({EASY!r})"],
    "deduce solve": [sys.executable, "-m", "deduce", "solve", EASY],
    "deduce --help": [sys.executable, "-m", "deduce", "--help"],
    "deduce rules sudoku": [sys.executable, "-m", "deduce", "rules", "sudoku"],
}


def median_seconds(command: list[str], repeat: int) -> tuple[float, float]:
    """The median wall and processor seconds of ``repeat`` runs of ``command``."""
    runs, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, capture_output=True, check=True)
        runs.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(runs), statistics.median(cpus)


def imported(command: list[str]) -> list[str]:
    """The modules ``command`` imports."""
    done = subprocess.run(
        [command[0], "-X", "importtime", *command[1:]], cwd=ROOT, capture_output=True, text=True
    )
    return [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    for label, command in COMMANDS.items():
        seconds, cpu = median_seconds(command, args.repeat)
        everything = imported(command) if "deduce" in label else []
        modules = [m for m in everything if m.startswith("deduce")]
        rich = "rich" if "rich" in everything else "no rich"
        families = sorted(
            {
                m.split(".")[2]
                for m in modules
                if m.count(".") >= 2 and m.split(".")[1] in ("families", "rules", "difficulty")
            }
        )
        print(
            f"{label:22} {seconds * 1000:7.1f} ms, {cpu * 1000:6.1f} ms CPU  {len(modules):3} deduce"
            f" modules, {rich}  families loaded: {', '.join(families) or 'none'}"
            f"  cpu {label.replace(' ', '_')} {cpu:.4f}"
        )


if __name__ == "__main__":
    main()
