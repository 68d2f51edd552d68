"""The Signpost grade against Simon Tatham's presets and his solver's work.

Usage: python bench/signpost_grade.py [FILE]

Default file: ../shared/corpora/signpost/tatham_signpost.tsv (20 puzzles of each of his
sizes, made by his generator). For every puzzle: our level and score, the rounds of
deduction the grade counts, the steps of the log, and the work of Tatham's own solver on it
(``bench/tatham_signpost.py``: his algorithm, its passes and the operations its loops run
through, which his C code's time follows). Prints a table per preset (how the levels fall,
the median score and work, Spearman's rho between our score and his solver's work within
the preset), then the share of the largest level and rho between score and size over all.
"""

from __future__ import annotations

import argparse
import collections
import csv
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import tatham_signpost
from sudoku_calibration import spearman

import deduce
from deduce.difficulty.signpost import rounds

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "signpost"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(CORPUS / "tatham_signpost.tsv"))
    args = parser.parse_args()
    with open(args.file) as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    levels = deduce.get_family("signpost").levels
    by: dict[str, list[dict[str, float]]] = collections.defaultdict(list)
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    every: list[tuple[int, float]] = []
    total: collections.Counter[str] = collections.Counter()
    for row in rows:
        corners = row["seed_id"].split("#")[0].endswith("c")
        preset = row["game_id"].split(":")[0] + ("" if corners else " free ends")
        result = deduce.solve(row["game_id"])
        work = tatham_signpost.solve(row["game_id"])
        assert work.solved and result.solved_by_rules, row["game_id"]
        by[preset].append(
            {
                "score": result.effort.score,
                "rounds": rounds(result.log),
                "steps": len(result.log.deductions()),
                "ops": work.ops,
                "passes": work.passes,
            }
        )
        counts[preset][result.effort.level] += 1
        total[result.effort.level] += 1
        every.append((result.puzzle.data.n, result.effort.score))
    print(
        f"| preset | n | {' | '.join(levels[:-1])} | median score | median rounds | "
        "median steps | median Tatham ops (passes) | rho(score, ops) | rho(score, passes) |"
    )
    print("|---" * (9 + len(levels) - 1) + "|")
    for preset, items in by.items():
        col = {k: [item[k] for item in items] for k in items[0]}
        spread = " | ".join(str(counts[preset][lv]) for lv in levels[:-1])
        print(
            f"| {preset} | {len(items)} | {spread} | {statistics.median(col['score']):.2f} | "
            f"{statistics.median(col['rounds']):.0f} | {statistics.median(col['steps']):.0f} | "
            f"{statistics.median(col['ops']):.0f} ({statistics.median(col['passes']):.0f}) | "
            f"{spearman(col['score'], col['ops']):.2f} | "
            f"{spearman(col['score'], col['passes']):.2f} |"
        )
    within = [spearman([i["score"] for i in v], [i["ops"] for i in v]) for v in by.values()]
    share = max(total.values()) / len(rows)
    print()
    print(f"levels over all {len(rows)}: {dict(total)}; the largest holds {share:.0%}")
    print(
        f"rho(score, ops) within a preset: mean {statistics.fmean(within):.2f}, "
        f"min {min(within):.2f}; rho(score, cells) over all: "
        f"{spearman([s for _, s in every], [c for c, _ in every]):.2f}"
    )


if __name__ == "__main__":
    main()
