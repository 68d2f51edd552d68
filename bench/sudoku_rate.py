"""Rate Sudoku corpus files: time per puzzle, share solved without guessing, levels.

Usage:
  python bench/sudoku_rate.py [FILE ...] [--repeat 3] [--rules all|local|singles] [--limit N]
  python bench/sudoku_rate.py --compare [FILE ...] [--repeat 3] [--limit N]

Default files: the Sudoku corpora in ../shared/corpora/sudoku/ (TSV files: the first column).
Every puzzle is rated to a solution with its grade (search when the rules get stuck). Times
are wall clock in one process; the median of --repeat runs is printed. ``--rules local`` rates
with the local rules only (Eppstein section 3.1: singles to the matching rules), search
unchanged; ``--compare`` prints local and all rules side by side for each file: mean time per
puzzle and the share solved without guessing.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

import attrs

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
HARD = [
    "top95.txt",
    "norvig_hardest.txt",
    "sudoku_exchange_diabolical_sample40.tsv",
    "reference_ratings_calibration.tsv",
    "forum_hardest_1106.txt",
    "top1465.txt",
    "forum_hardest_1905_11plus_first5000.txt",
]


def puzzles(path: Path) -> list[str]:
    """The puzzles of a corpus file (first field; header and comments skipped)."""
    lines = [ln.split("\t")[0].strip() for ln in path.read_text().splitlines() if ln.strip()]
    column = path.suffix == ".tsv"
    return [ln for i, ln in enumerate(lines) if not (column and i == 0) and not ln.startswith("#")]


def family_with(rules: str):
    """The Sudoku family, with its rules cut down to ``local`` or ``singles`` if asked."""
    family = deduce.get_family("sudoku")
    if rules == "local":
        from deduce.rules.sudoku import LOCAL_RULES

        return attrs.evolve(family, rules=LOCAL_RULES)
    if rules == "singles":
        return attrs.evolve(family, rules=tuple(r for r in family.rules if "single" in r.name))
    return family


def rate(texts: list[str], family) -> tuple[float, collections.Counter, int, float]:
    """Seconds to rate every puzzle, the levels, how many the rules alone finished, and the
    processor seconds (less sensitive to other load on the machine than the wall clock)."""
    start, cpu = time.perf_counter(), time.process_time()
    levels: collections.Counter = collections.Counter()
    by_rules = 0
    for text in texts:
        result = deduce.solve(text, family=family)
        assert result.status == "unique", f"{text}: {result.status}"
        levels[result.effort.level] += 1
        by_rules += result.solved_by_rules
    return time.perf_counter() - start, levels, by_rules, time.process_time() - cpu


def files_from(args, default: list[str]) -> list[Path]:
    return [Path(f) for f in args.files] or [CORPUS / name for name in default]


def table(args) -> None:
    family = family_with(args.rules)
    print(f"rules: {args.rules}; median of {args.repeat} runs")
    print(
        f"{'file':42} {'n':>5} {'seconds':>8} {'cpu s':>6} {'ms each':>8} {'per s':>7} "
        f"{'no guess':>8}  levels"
    )
    for path in files_from(args, DEFAULT):
        if not path.exists():
            print(f"{path.name:42} missing (../shared/corpora absent?)")
            continue
        texts = puzzles(path)[: args.limit]
        runs = [rate(texts, family) for _ in range(args.repeat)]
        seconds = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[3] for r in runs)
        _, levels, by_rules, _ = runs[0]
        order = [lv for lv in family.levels if lv in levels]
        hist = " ".join(f"{lv}:{levels[lv]}" for lv in order)
        print(
            f"{path.name:42} {len(texts):5d} {seconds:8.2f} {cpu:6.2f} "
            f"{1000 * seconds / len(texts):8.1f} {len(texts) / seconds:7.1f} "
            f"{by_rules / len(texts):8.1%}  {hist}"
        )


def compare(args) -> None:
    local, full = family_with("local"), family_with("all")
    print(f"local rules vs all rules; median of {args.repeat} runs")
    print(
        f"{'file':42} {'n':>5} {'ms local':>9} {'ms all':>7} {'no guess local':>15} "
        f"{'no guess all':>13}"
    )
    for path in files_from(args, HARD):
        if not path.exists():
            print(f"{path.name:42} missing (../shared/corpora absent?)")
            continue
        texts = puzzles(path)[: args.limit]
        cells = []
        for family in (local, full):
            runs = [rate(texts, family) for _ in range(args.repeat)]
            cells.append((statistics.median(r[0] for r in runs), runs[0][2]))
        (t_local, n_local), (t_all, n_all) = cells
        n = len(texts)
        print(
            f"{path.name:42} {n:5d} {1000 * t_local / n:9.1f} {1000 * t_all / n:7.1f} "
            f"{n_local / n:15.1%} {n_all / n:13.1%}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rules", choices=("all", "local", "singles"), default="all")
    parser.add_argument("--limit", type=int, default=None, help="rate the first N of each file")
    parser.add_argument("--compare", action="store_true")
    args = parser.parse_args()
    deduce.solve("." * 80 + "1")  # imports out of the timing
    (compare if args.compare else table)(args)


if __name__ == "__main__":
    main()
