"""Killer Sudoku corpus benchmark: every puzzle of janko_killer_third.jsonl solved in process,
its status against the stored solution, its level, the share solved without a guess, how
often each rule fires, and the median time a puzzle per size (wall clock, and
the process's CPU time, which the other loads of a shared machine disturb less).

Usage: python bench/killer.py [--repeat 5] [--path FILE]

Each puzzle is solved --repeat times (counting solutions to two, as ``deduce rate`` does); its
time is the median of its runs, and the table gives the median of those per size. The machine
is shared, so read the times as noisy; run it more than once.
"""

from __future__ import annotations

import argparse
import collections
import json
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
    / "sudoku"
    / "janko_killer_third.jsonl"
)


def _solved_right(result: deduce.Result, record: dict) -> bool:
    stored = [v for row in record["solution"] for v in row]
    return result.status == "unique" and result.solution == stored


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--path", type=Path, default=CORPUS)
    args = parser.parse_args()
    if not args.path.exists():
        sys.exit(f"no corpus at {args.path}: it lives in ../shared/corpora")
    times, cpu = collections.defaultdict(list), collections.defaultdict(list)
    levels, rules, wrong = collections.Counter(), collections.Counter(), []
    total = by_rules = 0
    for line in args.path.read_text().splitlines():
        record = json.loads(line)
        runs, cpu_runs = [], []
        for _ in range(args.repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            result = deduce.solve(line, "killer")
            runs.append(time.perf_counter() - start)
            cpu_runs.append(time.process_time() - start_cpu)
        total += 1
        times[record["size"][0]].append(statistics.median(runs))
        cpu[record["size"][0]].append(statistics.median(cpu_runs))
        by_rules += result.solved_by_rules
        levels[result.effort.level] += 1
        rules.update(step.rule for step in result.log)
        if not _solved_right(result, record):
            wrong.append(f"{record['name']}: {result.status}")
    print(
        f"puzzles {total}; solved to the stored solution {total - len(wrong)}; "
        f"without a guess {by_rules} ({100 * by_rules / total:.1f}%)"
    )
    for line in wrong:
        print("  not solved to the stored solution:", line)
    print("levels:", ", ".join(f"{k} {v}" for k, v in levels.most_common()))
    print("rule steps:", ", ".join(f"{k} {v}" for k, v in rules.most_common()))
    for size in sorted(times):
        got = times[size]
        print(
            f"{size}x{size}: {len(got)} puzzles, median {1000 * statistics.median(got):.1f} ms, "
            f"max {1000 * max(got):.1f} ms, CPU median {1000 * statistics.median(cpu[size]):.1f} ms "
            f"(median of {args.repeat} runs each)"
        )


if __name__ == "__main__":
    main()
