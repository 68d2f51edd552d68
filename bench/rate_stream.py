"""Rating at a setter's scale: a stream of distinct puzzles piped into ``deduce rate -``.

Makes distinct puzzles as it goes and writes them into the standard input of
``python -m deduce rate - --jobs N``, counting the rows that come back, and samples the
resident memory of the command and its workers once a second. Reports puzzles per second
(the median of the per-window rates after warm-up, and overall), the processor time per
puzzle of the whole process tree (what the pool costs: on an idle machine N jobs run N times
as fast when it does not grow), the peak resident memory of the whole process tree, and the memory after the first minute against the end (flat memory
means the two agree).

- ``--family sudoku``: the Sudoku corpus lines (``../shared/corpora/sudoku``, or the
  bundled example when absent) with their digits renamed, rows swapped within bands, bands
  swapped and the grid transposed at random: every line a different puzzle of the same
  difficulty as its source.
- ``--family nonogram``: random 10x10 pictures (seeded), one JSON line each.

    python bench/rate_stream.py --family sudoku --count 1000000 --jobs 1 2
    python bench/rate_stream.py --family nonogram --count 100000 --jobs 1 2 --seconds 300

``--seconds`` stops a run after that long (a long prefix of the stream) and says so.
``--from-file`` writes the stream to a temporary file first (not timed) and rates the file:
on a machine with as many cores as jobs the feeding thread would otherwise take a share of
the cores the workers need, and the speed-up measured would be the feeder's, not the pool's.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpora" / "sudoku"
EXAMPLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def sudoku_sources() -> list[str]:
    found = []
    for name in ("royle17_first5000.txt", "easy50.txt"):
        path = CORPUS / name
        if path.exists():
            lines = [ln.split()[0] for ln in path.read_text().splitlines() if ln.strip()]
            found += [ln for ln in lines if len(ln) == 81][:5000]
    return found or [EXAMPLE]


def sudoku_stream(count: int, seed: int) -> Iterator[str]:
    """``count`` distinct 9x9 lines: corpus puzzles under random symmetries."""
    rng = random.Random(seed)
    sources = sudoku_sources()
    seen: set[str] = set()
    while len(seen) < count:
        grid = rng.choice(sources)
        digits = list("123456789")
        rng.shuffle(digits)
        table = str.maketrans("123456789", "".join(digits))
        bands = rng.sample(range(3), 3)
        rows = [b * 3 + r for b in bands for r in rng.sample(range(3), 3)]
        cells = [grid[r * 9 : r * 9 + 9] for r in rows]
        if rng.random() < 0.5:
            cells = ["".join(row[c] for row in cells) for c in range(9)]
        line = "".join(cells).translate(table)
        if line not in seen:
            seen.add(line)
            yield line


def nonogram_stream(count: int, seed: int, size: int = 10) -> Iterator[str]:
    """``count`` distinct random ``size`` x ``size`` nonograms, as JSON lines."""
    rng = random.Random(seed)
    seen: set[str] = set()

    def clue(cells: list[bool]) -> list[int]:
        runs, n = [], 0
        for filled in [*cells, False]:
            if filled:
                n += 1
            elif n:
                runs.append(n)
                n = 0
        return runs

    while len(seen) < count:
        grid = [[rng.random() < 0.55 for _ in range(size)] for _ in range(size)]
        rows = [clue(r) for r in grid]
        cols = [clue([grid[r][c] for r in range(size)]) for c in range(size)]
        line = json.dumps({"width": size, "height": size, "rows": rows, "cols": cols})
        if line not in seen:
            seen.add(line)
            yield line


def tree_rss_kb(pid: int) -> int:
    """Resident memory of ``pid`` and its children (kB)."""
    total = 0
    pids = [pid]
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        pids += [int(c) for c in children]
    except OSError:
        pass
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


def tree_cpu_s(pid: int) -> float:
    """Processor seconds (user + system) used so far by ``pid`` and its live children."""
    total = 0.0
    pids = [pid]
    with contextlib.suppress(OSError):
        pids += [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    tick = os.sysconf("SC_CLK_TCK")
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def run(
    family: str, count: int, jobs: int, seconds: float | None, seed: int, path: str | None = None
) -> dict:
    stream = sudoku_stream(count, seed) if family == "sudoku" else nonogram_stream(count, seed)
    if path is not None:
        stream = iter(())
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "deduce", "rate", path or "-", "--family", family),
            *("--jobs", str(jobs), "--time-limit", "10"),
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        bufsize=1,
    )
    assert proc.stdin is not None and proc.stdout is not None

    def feed() -> None:
        try:
            for line in stream:
                proc.stdin.write(line + "\n")
            proc.stdin.close()
        except (BrokenPipeError, ValueError):
            pass

    threading.Thread(target=feed, daemon=True).start()
    start = time.perf_counter()
    samples: list[tuple[float, int, int]] = []  # (seconds, rows, rss kB)
    done = 0
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(1.0):
            samples.append((time.perf_counter() - start, done, tree_rss_kb(proc.pid)))

    threading.Thread(target=sample, daemon=True).start()
    proc.stdout.readline()  # the header
    cut = False
    for _ in proc.stdout:
        done += 1
        if seconds is not None and time.perf_counter() - start > seconds:
            cut = True
            break
    took = time.perf_counter() - start
    cpu = tree_cpu_s(proc.pid)
    stop.set()
    proc.terminate()  # its workers notice their parent is gone and stop within a second
    proc.wait()
    warm = [s for s in samples if s[0] >= 10] or samples
    rates = [(b[1] - a[1]) / (b[0] - a[0]) for a, b in itertools.pairwise(warm) if b[0] > a[0]]
    after_minute = next((s[2] for s in samples if s[0] >= 60), None)
    return {
        "family": family,
        "jobs": jobs,
        "rated": done,
        "of": count,
        "cut": cut,
        "seconds": round(took, 1),
        "per_s": round(done / took, 1),
        "cpu_ms_each": round(1000 * cpu / max(done, 1), 2),
        "median_per_s": round(statistics.median(rates), 1) if rates else None,
        "peak_mb": round(max((s[2] for s in samples), default=0) / 1024, 1),
        "mb_at_60s": None if after_minute is None else round(after_minute / 1024, 1),
        "mb_at_end": round(samples[-1][2] / 1024, 1) if samples else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--family", choices=("sudoku", "nonogram"), default="sudoku")
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seconds", type=float, help="stop each run after this long")
    parser.add_argument("--repeat", type=int, default=1, help="runs per --jobs, alternated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--from-file", action="store_true", help="rate a file, not a pipe")
    args = parser.parse_args()
    path = None
    if args.from_file:
        made = sudoku_stream if args.family == "sudoku" else nonogram_stream
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            handle.writelines(line + "\n" for line in made(args.count, args.seed))
        path = handle.name
    print(f"load before: {os.getloadavg()}", flush=True)
    results: dict[int, list[dict]] = {j: [] for j in args.jobs}
    for _ in range(args.repeat):
        for jobs in args.jobs:
            found = run(args.family, args.count, jobs, args.seconds, args.seed, path)
            results[jobs].append(found)
            print(json.dumps(found), flush=True)
    print(f"load after: {os.getloadavg()}")
    if path is not None:
        os.unlink(path)
    for jobs, runs in results.items():
        rate = statistics.median(r["per_s"] for r in runs)
        peak = max(r["peak_mb"] for r in runs)
        print(
            f"{args.family} --jobs {jobs}: {rate:.1f} puzzles/s (median of {len(runs)}), "
            f"peak {peak:.0f} MB"
        )
    if 1 in results and 2 in results:
        one = statistics.median(r["per_s"] for r in results[1])
        two = statistics.median(r["per_s"] for r in results[2])
        print(f"speed-up with 2 jobs: {two / one:.2f}x")


if __name__ == "__main__":
    main()
