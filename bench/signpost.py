"""Signpost corpus benchmark: time per puzzle by size, steps per log, share solved without
guessing.

Usage: python bench/signpost.py [--repeat 5] [FILE]

Default file: ../shared/corpora/signpost/tatham_signpost.tsv. Every puzzle is solved in
process (counting solutions to two) --repeat times; the per-puzzle time is the median of
its runs (CPU time); the table gives the mean and the max of those medians per size, and the
mean number of steps (deductions) of a log. For old against new, alternated, with a file of
one size: ``python bench/alternate.py main HEAD -- bench/signpost.py --repeat 10 FILE`` (the
``cpu SIZE SECONDS`` lines, the sum of a size's medians, time the solving alone).
"""

from __future__ import annotations

import argparse
import collections
import csv
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import deduce

CORPUS = (
    Path(__file__).resolve().parent.parent.parent
    / "shared"
    / "corpora"
    / "signpost"
    / "tatham_signpost.tsv"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(CORPUS))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with open(args.file) as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    deduce.solve(rows[0]["game_id"])  # import and warm up
    groups: dict[str, list[float]] = collections.defaultdict(list)
    no_guess: collections.Counter = collections.Counter()
    correct: collections.Counter = collections.Counter()
    levels: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    steps: dict[str, list[int]] = collections.defaultdict(list)
    for row in rows:
        corners = row["seed_id"].split("#")[0].endswith("c")  # Tatham's "ends in corners" flag
        size = row["game_id"].split(":")[0] + ("" if corners else " free ends")
        times = []
        for _ in range(args.repeat):
            start = time.process_time()
            result = deduce.solve(row["game_id"])
            times.append(time.process_time() - start)
        groups[size].append(statistics.median(times))
        no_guess[size] += result.solved_by_rules
        correct[size] += result.status == "unique" and result.solution_text == row["solution"]
        levels[size][result.effort.level] += 1
        steps[size].append(len(result.log.deductions()))
    print(
        f"{'size':16} {'n':>3} {'mean ms':>8} {'max ms':>8} {'steps':>6} {'no guess':>9} "
        f"{'correct':>8}  levels"
    )
    for size, times in groups.items():
        n = len(times)
        hist = " ".join(f"{k}:{v}" for k, v in sorted(levels[size].items()))
        print(
            f"{size:16} {n:3d} {1000 * statistics.mean(times):8.1f} {1000 * max(times):8.1f} "
            f"{statistics.mean(steps[size]):6.1f} {no_guess[size] / n:9.0%} "
            f"{correct[size]:5d}/{n}  {hist}"
        )
    for size, times in groups.items():  # for bench/alternate.py: the solving alone, by size
        print(f"cpu {size.replace(' ', '_')} {sum(times):.4f}")
    every = [k for counts in steps.values() for k in counts]
    print(f"steps over all {len(every)}: {sum(every)} (mean {statistics.mean(every):.1f})")


if __name__ == "__main__":
    main()
