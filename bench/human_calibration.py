"""Fit the Sudoku time model (``deduce.difficulty.sudoku_time``) on people's solving times, and
say how well it predicts puzzles it was not fitted on.

Usage: python bench/human_calibration.py [--repeats 20] [--folds 5] [--seed 1] [--held-out FILE]
                                        [--choose-by D_TO|D_TR]

Reads ../shared/corpora/sudoku/cloud_sudoku_human_344.csv (344 puzzles; ``D_TO`` from the
time the app's players took, ``D_TR`` from that time and the share who finished; see
SOURCES.md there) and bench/data/cloud_sudoku_344_seconds.csv (their mean solving times).

The model's three exponents (technique, search and hardest power) are chosen on a grid by
Spearman's rho with ``D_TO``: repeated k-fold cross-validation (``--repeats`` shufflings,
``--folds`` folds each) chooses them on each training part and measures rho with ``D_TO`` and
``D_TR`` on the held-out fold; the figures printed are the means over every held-out fold.
Among exponents within ``TIE`` of the best rho the smaller technique power, then the smaller
hardest power is taken (the tamer growth for the hard techniques the data hardly holds). Then
the exponents chosen on all 344 and the seconds per unit (the median of mean seconds over the
model's cost) are printed beside the package's ``MODEL``, with the rho of the package's own
minutes and scores.

``--choose-by D_TR`` chooses the exponents by rho with ``D_TR`` instead (in the folds and on
all 344), to see what a time model aimed at the completion-weighted figure would reach.

``--held-out FILE`` also prints the rho of the package's minutes and scores with the mean
seconds of the puzzles in FILE (``bench/data/cloud_sudoku_1189_seconds.csv``: the same
players' other puzzles), which nothing here is fitted on.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import attrs
from human_data import hardest, options, read_people, solve_all, splits
from sudoku_calibration import spearman

import deduce
from deduce.difficulty.sudoku import minutes_score
from deduce.difficulty.sudoku_time import MODEL, TimeModel, effort
from deduce.puzzles.sudoku.text import parse

TECHNIQUE_POWERS = (1.0, 1.5, 2.0, 2.5, 3.0, 4.0)
SEARCH_POWERS = (0.25, 0.5, 0.75, 1.0, 1.25)
HARDEST_POWERS = (0.0, 0.25, 0.5, 0.75, 1.0, 1.5)
TIE = 0.005

Params = tuple[float, float, float]


def choose(costs: dict[Params, list[float]], target: list[float], among: list[int]) -> Params:
    """The exponents whose costs rank ``among`` closest to ``target`` (see the module)."""
    rho = {p: spearman([c[i] for i in among], [target[i] for i in among]) for p, c in costs.items()}
    best = max(rho.values())
    return min((p for p in rho if rho[p] >= best - TIE), key=lambda p: (p[0], p[2], -rho[p]))


@attrs.frozen
class Target:
    """What the fit is measured against, one entry a puzzle: ``D_TO``, ``D_TR``, the mean
    seconds, and the weight of the solve's hardest step (for the score)."""

    to: list[float]
    tr: list[float]
    seconds: list[float]
    hardest: list[float]


def cross_validate(
    costs: dict[Params, list[float]], target: Target, args: argparse.Namespace
) -> tuple[dict[str, float], dict[Params, int]]:
    """Mean held-out rho of the cost and of the score it makes with D_TO and D_TR, and how
    often each choice was made. The score's seconds per unit is fitted on the training part
    too (the median of mean seconds over cost), as the package's is on all 344."""
    held: dict[str, list[float]] = {}
    chosen: dict[Params, int] = {}
    for train, test in splits(len(target.to), args.repeats, args.folds, args.seed):
        p = choose(costs, target.tr if args.choose_by == "D_TR" else target.to, train)
        chosen[p] = chosen.get(p, 0) + 1
        per_unit = statistics.median(target.seconds[i] / costs[p][i] for i in train)
        cost = [costs[p][i] for i in test]
        score = [minutes_score(target.hardest[i], costs[p][i] * per_unit / 60) for i in test]
        for name, xs in (("cost", cost), ("score", score)):
            for label, ys in (("D_TO", target.to), ("D_TR", target.tr)):
                rho = spearman(xs, [ys[i] for i in test])
                held.setdefault(f"{name} {label}", []).append(rho)
    return {k: statistics.fmean(v) for k, v in held.items()}, chosen


def main() -> None:
    parser = options(__doc__)
    parser.add_argument("--held-out", type=Path, help="a CSV of other puzzles' mean seconds")
    parser.add_argument("--choose-by", choices=("D_TO", "D_TR"), default="D_TO")
    args = parser.parse_args()
    people = read_people()
    rows, to, tr, seconds = people.rows, people.to, people.tr, people.seconds
    results = solve_all(people)
    solves = [(res.log, parse(res.log.puzzle)) for res in results]
    costs = {
        (tp, sp, hp): [effort(log, p, model=TimeModel(tp, sp, hp, 1.0)) for log, p in solves]
        for tp in TECHNIQUE_POWERS
        for sp in SEARCH_POWERS
        for hp in HARDEST_POWERS
    }
    tops = [hardest(log) for log, _ in solves]
    means, chosen = cross_validate(costs, Target(to, tr, seconds, tops), args)
    print(
        f"{args.repeats} x {args.folds}-fold cross-validation, exponents chosen by rho with "
        f"{args.choose_by} on each training part; mean Spearman rho on the held-out folds: "
        f"the model's cost: D_TO {means['cost D_TO']:.3f}, D_TR {means['cost D_TR']:.3f}; "
        f"the score: D_TO {means['score D_TO']:.3f}, D_TR {means['score D_TR']:.3f}"
    )
    print("  chosen (technique, search, hardest power): times", dict(sorted(chosen.items())))
    tp, sp, hp = choose(costs, tr if args.choose_by == "D_TR" else to, list(range(len(rows))))
    per_unit = statistics.median(s / c for s, c in zip(seconds, costs[tp, sp, hp], strict=True))
    print(
        f"on all {len(rows)}: technique_power {tp}, search_power {sp}, hardest_power {hp}, "
        f"seconds_per_unit {per_unit:.2f} (the package: {MODEL.technique_power}, "
        f"{MODEL.search_power}, {MODEL.hardest_power}, {MODEL.seconds_per_unit})"
    )
    grades = [res.grade for res in results]
    minutes = [g.minutes or 0.0 for g in grades]
    for name, xs in (("minutes", minutes), ("score", [g.score for g in grades])):
        print(
            f"the package's {name}: rho with D_TO {spearman(xs, to):.3f}, D_TR "
            f"{spearman(xs, tr):.3f}, mean seconds {spearman(xs, seconds):.3f}"
        )
    print(
        f"minutes: median {statistics.median(minutes):.1f} (people: "
        f"{statistics.median(seconds) / 60:.1f}), quartiles "
        f"{statistics.quantiles(minutes)[0]:.1f}-{statistics.quantiles(minutes)[2]:.1f} (people: "
        f"{statistics.quantiles(seconds)[0] / 60:.1f}-{statistics.quantiles(seconds)[2] / 60:.1f})"
    )
    if args.held_out:
        held_out(args.held_out)


def held_out(path: Path) -> None:
    """Print the rho of the package's minutes and scores with the mean seconds in ``path``
    (columns ``puzzle`` and ``mean_seconds``; ``#`` lines are notes)."""
    with path.open(newline="") as f:
        rows = list(csv.DictReader(ln for ln in f if not ln.startswith("#")))
    grades = [deduce.solve(r["puzzle"], "sudoku").grade for r in rows]
    seconds = [float(r["mean_seconds"]) for r in rows]
    minutes = [g.minutes or 0.0 for g in grades]
    print(
        f"held out ({len(rows)} puzzles of {path.name}): rho with mean seconds, minutes "
        f"{spearman(minutes, seconds):.3f}, score {spearman([g.score for g in grades], seconds):.3f}"
    )


if __name__ == "__main__":
    main()
