"""What the process pool of ``deduce rate --jobs N`` costs: the command's own processor time
and its workers', and puzzles per second, for one job and several, alternated.

Writes ``--count`` distinct 9x9 Sudoku lines (as ``bench/rate_stream.py`` makes them) to a
temporary file, then rates it ``--repeat`` times with each ``--jobs`` value in turn, each run
in a fresh process, reading ``resource.getrusage`` for the command (``self``) and for its
workers (``children``). With one job the command does all the work; with more, the command's
time is what the pool adds (reading, sending, ordering, writing) beside the workers'.

    python bench/pool_cost.py --count 20000 --repeat 3 --jobs 1 2
"""

from __future__ import annotations

import argparse
import contextlib
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rate_stream import sudoku_stream


def one(path: str, jobs: int) -> dict[str, float]:
    """Rate ``path`` with ``jobs`` jobs in this process; the times it took."""
    from deduce.cli import main

    start = time.monotonic()
    with (
        open("/dev/null", "w") as out,
        contextlib.redirect_stdout(out),
        contextlib.suppress(SystemExit),
    ):
        main(["rate", "--jobs", str(jobs), "--family", "sudoku", path])
    wall = time.monotonic() - start
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {
        "wall": wall,
        "command": own.ru_utime + own.ru_stime,
        "workers": kids.ru_utime + kids.ru_stime,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--one", nargs=2, metavar=("FILE", "JOBS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.one[0], int(args.one[1]))))
        return
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(sudoku_stream(args.count, args.seed)) + "\n")
    runs: dict[int, list[dict[str, float]]] = {jobs: [] for jobs in args.jobs}
    try:
        for _ in range(args.repeat):
            for jobs in args.jobs:
                line = subprocess.run(
                    [sys.executable, __file__, "--one", handle.name, str(jobs)],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout.strip()
                runs[jobs].append(json.loads(line))
                print(f"jobs {jobs}: {runs[jobs][-1]}", flush=True)
    finally:
        Path(handle.name).unlink()
    base = None
    for jobs, found in runs.items():
        rate = statistics.median(args.count / r["wall"] for r in found)
        each = statistics.median((r["command"] + r["workers"]) / args.count for r in found)
        command = statistics.median(r["command"] for r in found)
        base = base or rate
        print(
            f"jobs {jobs}: {rate:,.0f} puzzles/s (median of {len(found)}, {rate / base:.2f}x), "
            f"{each * 1000:.3f} ms of processor time a puzzle, the command {command:.2f} s"
        )


if __name__ == "__main__":
    main()
