"""How well the Sudoku grade orders puzzles: Spearman rho against Sudoku Explainer, HoDoKu and
PADS, and the median score at each of Simon Tatham's six Solo levels.

Usage: python bench/sudoku_calibration.py [--rules all|local] [--list]

Reads ../shared/corpora/sudoku/reference_ratings_calibration.tsv (135 puzzles, SE ratings for
116 of them; see SOURCES.md there) and tatham_solo_9x9.tsv (30 puzzles per level). Targets
(issue 3): rho(score, SE) >= 0.93 over the rated puzzles and >= 0.8 among those with SE >= 6;
the median score strictly rising through Tatham's levels. ``--list`` prints every puzzle's
score beside its ratings.
"""

from __future__ import annotations

import argparse
import csv
import itertools
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import attrs

import deduce

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "sudoku"
PADS_LEVELS = ("easy", "moderate", "tricky", "difficult", "evil", "fiendish", "impossible")
TATHAM_LEVELS = ("trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable")


def ranks(values: list[float]) -> list[float]:
    """1-based ranks, ties sharing the mean of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rho: Pearson's correlation of the ranks (ties averaged)."""
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5
    return cov / var if var else float("nan")


def read_tsv(name: str) -> list[dict[str, str]]:
    with (CORPUS / name).open(newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", choices=("all", "local"), default="all")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    family = deduce.get_family("sudoku")
    if args.rules == "local":
        from deduce.rules.sudoku import LOCAL_RULES

        family = attrs.evolve(family, rules=LOCAL_RULES)
    if not (CORPUS / "reference_ratings_calibration.tsv").exists():
        sys.exit(f"{CORPUS} not found (../shared/corpora is absent)")

    rows = read_tsv("reference_ratings_calibration.tsv")
    scored = []
    for row in rows:
        result = deduce.solve(row["puzzle"], family=family)
        scored.append((row, result.grade))
    if args.list:
        for row, grade in sorted(scored, key=lambda x: x[1].score):
            print(
                f"{grade.score:6.2f} {grade.level:15} SE {row['se_rating'] or '-':>4} "
                f"{row['se_hardest_technique'] or '-':5} HoDoKu {row['hodoku_score'] or '-':>6} "
                f"PADS {row['pads_difficulty']:10} {grade.hardest_rule} ({grade.guesses} guesses)"
            )
    rated = [(row, g) for row, g in scored if row["se_rating"]]
    se = [float(row["se_rating"]) for row, _ in rated]
    ours = [g.score for _, g in rated]
    hard = [(float(row["se_rating"]), g.score) for row, g in rated if float(row["se_rating"]) >= 6]
    print(f"rules: {args.rules}")
    print(f"Spearman rho, score vs SE rating, {len(rated)} rated puzzles: {spearman(se, ours):.3f}")
    print(
        f"Spearman rho, score vs SE rating, {len(hard)} puzzles with SE >= 6: "
        f"{spearman([a for a, _ in hard], [b for _, b in hard]):.3f}"
    )
    for column, convert in (
        ("hodoku_score", float),
        ("pads_difficulty", PADS_LEVELS.index),
    ):
        pairs = [(convert(row[column]), g.score) for row, g in scored if row[column]]
        print(
            f"Spearman rho, score vs {column}, {len(pairs)} puzzles: "
            f"{spearman([a for a, _ in pairs], [b for _, b in pairs]):.3f}"
        )
    for floor in (0, 6):
        for column, convert in (("hodoku_score", float), ("pads_difficulty", PADS_LEVELS.index)):
            pairs = [
                (convert(row[column]), float(row["se_rating"]))
                for row, _ in rated
                if row[column] and float(row["se_rating"]) >= floor
            ]
            print(
                f"(for comparison: {column} vs SE, {len(pairs)} puzzles with SE >= {floor}: "
                f"{spearman([a for a, _ in pairs], [b for _, b in pairs]):.3f})"
            )
    guessing = sum(1 for _, g in scored if g.guesses)
    print(
        f"needing search: {guessing} of {len(scored)} (PADS stalls on "
        f"{sum(1 for row, _ in scored if row['pads_difficulty'] == 'impossible')})"
    )

    tatham = read_tsv("tatham_solo_9x9.tsv")
    by_level: dict[str, list] = {level: [] for level in TATHAM_LEVELS}
    for row in tatham:
        by_level[row["tatham_level"]].append(deduce.solve(row["game_id"], family=family).effort)
    print("Tatham level: median score (our levels)")
    medians = []
    for level in TATHAM_LEVELS:
        grades = by_level[level]
        med = statistics.median(g.score for g in grades)
        medians.append(med)
        counts: dict[str, int] = {}
        for g in grades:
            counts[g.level] = counts.get(g.level, 0) + 1
        print(f"  {level:13} {med:6.2f}  {counts}")
    rising = all(a < b for a, b in itertools.pairwise(medians))
    print(f"medians strictly rising: {rising}")


if __name__ == "__main__":
    main()
