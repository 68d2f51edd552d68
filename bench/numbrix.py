"""Numbrix and Hidato corpus benchmark: per corpus and difficulty label, the share solved by
the rules alone, the share handled correctly with search, mean and max time.

Usage: python bench/numbrix.py [--repeat 5] [--slowest 5]

Corpora: ../shared/corpora/numbrix/numbrix_public.jsonl and hidato/hidato_public.jsonl.
Every puzzle is solved in process (counting solutions to two) --repeat times; its time is
the median of its runs; the table gives the mean and the max of those medians per group.
"Rules alone" is the share of the unique puzzles (column "unique") that the rules finish
without a guess (a puzzle with several solutions always needs one); "rules + search" the
share of all puzzles handled correctly: a unique one solved to its stored solution, one with
several solutions reported as such, the contradictory one (a duplicated given) rejected with
a one-line error. Groups are the corpus's difficulty label (Parade's, when the source names
it) or "unlabelled", then the 15x15 boards apart.
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
from deduce.errors import DeduceError

CORPORA = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"


def _stored(record: dict) -> str | None:
    if record["solution"] is None:
        return None
    return "/".join(" ".join("#" if v < 0 else str(v) for v in row) for row in record["solution"])


def _group(record: dict) -> str:
    if record["size"] == [15, 15]:
        return "15x15 (sparse)"
    return record["difficulty"] or "unlabelled"


def run(family: str, path: Path, repeat: int) -> tuple[list, list]:
    """Rows of (group, seconds, by rules, correct, level, unique) and timings by name."""
    rows, timings = [], []
    for line in path.read_text().splitlines():
        record = json.loads(line)
        times, result, error = [], None, None
        for _ in range(repeat):
            start = time.perf_counter()
            try:
                result = deduce.solve(line, family)
            except DeduceError as exc:
                error = str(exc)
            times.append(time.perf_counter() - start)
        seconds = statistics.median(times)
        expected = record["n_solutions"]
        if error is not None:
            correct, by_rules, level = expected == "0", False, "error"
            result = None
        else:
            by_rules = result.solved_by_rules and result.status == "unique"
            level = result.effort.level
            if expected == "1":
                correct = result.status == "unique" and result.solution_text == _stored(record)
            else:  # ">=2", or the 15x15 boards the corpus left open
                correct = result.status == "multiple"
        rows.append((_group(record), seconds, by_rules, correct, level, expected == "1"))
        timings.append((seconds, record["name"]))
    return rows, timings


def _line(family: str, label: str, items: list) -> str:
    n = len(items)
    unique = sum(r[5] for r in items)
    alone = f"{sum(r[2] for r in items) / unique:.0%}" if unique else "-"
    times = [r[1] for r in items]
    return (
        f"{family:8} {label:15} {n:3d} {unique:6d} {alone:>11} "
        f"{sum(r[3] for r in items) / n:12.0%} {1000 * statistics.mean(times):8.1f} "
        f"{1000 * max(times):8.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--slowest", type=int, default=5)
    args = parser.parse_args()
    deduce.solve("1 0 3/0 0 0", "numbrix")  # import and warm up
    print(
        f"{'corpus':8} {'label':15} {'n':>3} {'unique':>6} {'rules alone':>11} "
        f"{'rules+search':>12} {'mean ms':>8} {'max ms':>8}  our levels"
    )
    slow = []
    for family in ("numbrix", "hidato"):
        rows, timings = run(family, CORPORA / family / f"{family}_public.jsonl", args.repeat)
        slow.extend((s, f"{family}/{name}") for s, name in timings)
        groups: dict[str, list] = collections.defaultdict(list)
        for row in rows:
            groups[row[0]].append(row)
        for label in sorted(groups, key=lambda g: (g.startswith("15x15"), g == "unlabelled", g)):
            items = groups[label]
            levels = collections.Counter(r[4] for r in items)
            hist = " ".join(f"{k}:{v}" for k, v in sorted(levels.items()))
            print(_line(family, label, items) + f"  {hist}")
        print(_line(family, "all", rows))
    print(
        "slowest:",
        ", ".join(f"{name} {1000 * s:.0f} ms" for s, name in sorted(slow)[::-1][: args.slowest]),
    )


if __name__ == "__main__":
    main()
