"""Rate Sudoku corpus files: puzzles per second, share solved without guessing, levels.

Usage: python bench/sudoku_rate.py [FILE ...] [--repeat 3] [--rules local|singles]

Default files: the Sudoku corpora in ../shared/corpora/sudoku/ (TSV files: the first column).
Times are wall clock in one process; the median of --repeat runs is printed.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import deduce

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "sudoku"
DEFAULT = [
    "easy50.txt",
    "tatham_solo_9x9.tsv",
    "sudoku_exchange_diabolical_sample40.tsv",
    "reference_ratings_calibration.tsv",
    "top95.txt",
    "norvig_hardest.txt",
    "forum_hardest_1106.txt",
]


def puzzles(path: Path) -> list[str]:
    """The puzzles of a corpus file (first field; header and comments skipped)."""
    lines = [ln.split("\t")[0].strip() for ln in path.read_text().splitlines() if ln.strip()]
    column = path.suffix == ".tsv"
    return [ln for i, ln in enumerate(lines) if not (column and i == 0) and not ln.startswith("#")]


def rate(texts: list[str], rules) -> tuple[float, collections.Counter, int]:
    start = time.perf_counter()
    levels: collections.Counter = collections.Counter()
    by_rules = 0
    for text in texts:
        result = deduce.solve(text, rules=rules)
        levels[result.grade.level] += 1
        by_rules += result.solved_by_rules
    return time.perf_counter() - start, levels, by_rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rules", choices=("all", "local", "singles"), default="all")
    args = parser.parse_args()
    family = deduce.get_family("sudoku")
    rules = None
    if args.rules == "singles":
        rules = tuple(r for r in family.rules if "single" in r.name)
    elif args.rules == "local":
        from deduce.rules.sudoku import LOCAL_RULES

        rules = LOCAL_RULES
    files = [Path(f) for f in args.files] or [CORPUS / name for name in DEFAULT]
    print(f"{'file':42} {'n':>5} {'seconds':>8} {'per s':>7} {'no guess':>8}  levels")
    for path in files:
        if not path.exists():
            print(f"{path.name:42} missing (../shared/corpora absent?)")
            continue
        texts = puzzles(path)
        runs = [rate(texts, rules) for _ in range(args.repeat)]
        seconds = statistics.median(r[0] for r in runs)
        _, levels, by_rules = runs[0]
        order = [lv for lv in family.levels if lv in levels]
        hist = " ".join(f"{lv}:{levels[lv]}" for lv in order)
        print(
            f"{path.name:42} {len(texts):5d} {seconds:8.2f} {len(texts) / seconds:7.1f} "
            f"{by_rules / len(texts):8.1%}  {hist}"
        )


if __name__ == "__main__":
    main()
