"""Janko Hidoku and public Numbrix corpora: how many the rules finish without guessing, the
level distribution, the hardest rule each needs, how often each rule fires, guesses per
puzzle and the slowest solve.

Usage: python bench/hidato_corpus.py [hidato|numbrix ...] [--repeat 1] [--stuck]

Corpora: ../shared/corpora/hidato/janko_hidoku_third.jsonl (170 Janko Hidoku, with the site's
solutions) and ../shared/corpora/numbrix/numbrix_public.jsonl (the unique ones). Each puzzle
is solved in process (counting solutions to two) --repeat times; its time is the median
of its processor times (user + system of this process: the machine is shared).
``--stuck`` lists the puzzles that need guessing, with their guesses.
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

CORPORA = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"
FILES = {
    "hidato": CORPORA / "hidato" / "janko_hidoku_third.jsonl",
    "numbrix": CORPORA / "numbrix" / "numbrix_public.jsonl",
}


def _stored(record: dict) -> str:
    return "/".join(" ".join("#" if v < 0 else str(v) for v in row) for row in record["solution"])


def _unique(family: str) -> list[dict]:
    records = [json.loads(line) for line in FILES[family].read_text().splitlines()]
    return [r for r in records if r.get("n_solutions") == "1" and r.get("solution")]


def measure(family: str, repeat: int, stuck: bool) -> None:
    """Print the figures of one corpus."""
    levels: collections.Counter[str] = collections.Counter()
    hardest: collections.Counter[str] = collections.Counter()
    fired: collections.Counter[str] = collections.Counter()
    guesses: collections.Counter[int] = collections.Counter()
    timings, wrong, alone = [], [], 0
    records = _unique(family)
    for record in records:
        line = json.dumps(record)
        times = []
        for _ in range(repeat):
            start = time.process_time()
            result = deduce.solve(line, family)
            times.append(time.process_time() - start)
        timings.append((statistics.median(times), record["name"]))
        if result.status != "unique" or result.solution_text != _stored(record):
            wrong.append(record["name"])
        levels[result.effort.level] += 1
        if result.solved_by_rules:
            hardest[result.effort.hardest_rule or "-"] += 1
        alone += result.solved_by_rules
        count = sum(s.guess_count for s in result.log.steps)
        guesses[count] += 1
        if stuck and not result.solved_by_rules:
            print(f"  stuck {record['name']} {record['size']} guesses={count}")
        for step in result.log.deductions():
            if step.depth == 0:
                fired[step.rule] += 1
    n = len(records)
    print(f"{family}: {n} unique puzzles, {alone} without guessing ({alone / n:.1%}), "
          f"wrong {len(wrong)} {wrong[:5]}")  # fmt: skip
    print("  levels: " + ", ".join(f"{k} {v}" for k, v in sorted(levels.items())))
    print("  hardest rule (solved without guessing): "
          + ", ".join(f"{k} {v}" for k, v in hardest.most_common()))  # fmt: skip
    print("  guesses per puzzle: " + ", ".join(f"{k}: {v}" for k, v in sorted(guesses.items())))
    print("  steps per rule (outside search): "
          + ", ".join(f"{k} {v}" for k, v in fired.most_common()))  # fmt: skip
    secs = sorted(timings, reverse=True)
    print(f"  time: median {statistics.median(t for t, _ in timings):.3f} s, total "
          f"{sum(t for t, _ in timings):.1f} s, slowest "
          + ", ".join(f"{name} {t:.2f} s" for t, name in secs[:3]))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("families", nargs="*", default=["hidato", "numbrix"])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--stuck", action="store_true")
    args = parser.parse_args()
    for family in args.families:
        measure(family, args.repeat, args.stuck)


if __name__ == "__main__":
    main()
