"""Can the Log tell who gives up? A model of Cloud Sudoku's completion rate from the solve,
combined with the minutes, cross-validated against ``D_TR`` (``D_TO`` over the completion
rate; ``bench/human_ceiling.py``).

Usage: python bench/human_completion.py [--repeats 20] [--folds 5] [--seed 1]

Each of the 344 puzzles' completion rate is recovered from ``D_TR / D_TO`` (finishers over
starters, ``human_data.completion``). A completion model is ``log rate = a +
b x`` or ``a + b log hardest + c x``, with ``x`` one of ``FEATURES``: what the solve says about
giving up (the hardest step, the steps taken where no hidden single was open, the scarcest
wave, the longest run of waves with at most two singles, the empty cells, what the first
``START`` cells cost, the minutes). It is fitted by least squares weighted by each rate's
binomial precision (starters scaled to the later finishers, ``human_data``), and predicts
``D_TR`` as ``minutes / rate``. Repeated k-fold cross-validation (the seed and folds of
``human_calibration.py``): in each training part every candidate is fitted and the one whose
prediction ranks the training part closest to ``D_TR`` is chosen; the figure is the mean rho
on the held-out folds, beside the minutes alone on the same folds. Every candidate's own
cross-validated rho is printed too: those were all looked at, so the best of them is an
optimistic figure, and the nested one is the fair one. The held-out puzzles
(``bench/data/cloud_sudoku_1189_seconds.csv``) are not read: they have no completion rate.
"""

from __future__ import annotations

import math
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from human_data import completion, hardest, options, read_people, solve_all, splits
from sudoku_calibration import spearman

from deduce import Result
from deduce.difficulty.sudoku_singles import counts
from deduce.difficulty.time_model import MODEL
from deduce.puzzles.sudoku.text import parse
from deduce.step import Step

#: The cells whose cost makes the start's cost (about a third of a 17-clue solve's cells).
START = 20
Wave = tuple[int, int, int, Step | None]


def move_cost(wave: Wave) -> float:
    """What one move of ``wave`` costs in the time model (before the hardest step's factor)."""
    left, singles, _, step = wave
    if step is None:
        return float(MODEL.step_cost(MODEL.easiest, left, singles))
    return float(MODEL.step_cost(step.difficulty, left, 0))


def start_cost(waves: list[Wave]) -> float:
    """What the first ``START`` cells placed cost."""
    cost, done = 0.0, 0
    for wave in waves:
        if done >= START:
            break
        cells = min(wave[2], START - done) if wave[3] is None else 1
        cost += cells * move_cost(wave)
        done += wave[2]
    return cost


def longest_scarce_run(waves: list[Wave]) -> int:
    """The most waves in a row with at most two singles open (a step taken counts as 0)."""
    run = best = 0
    for wave in waves:
        run = run + 1 if wave[1] <= 2 else 0
        best = max(best, run)
    return best


FEATURES: dict[str, Callable[[Result, list[Wave]], float]] = {
    "hardest step": lambda r, w: math.log(hardest(r.log)),
    "steps with no single open": lambda r, w: math.log1p(sum(x[3] is not None for x in w)),
    "scarcest wave": lambda r, w: math.log(max(x[0] / x[1] for x in w if x[3] is None)),
    "longest scarce run": lambda r, w: math.log1p(longest_scarce_run(w)),
    "empty cells": lambda r, w: math.log(w[0][0]),
    "the start's cost": lambda r, w: math.log(start_cost(w)),
    "minutes": lambda r, w: math.log(r.grade.minutes or 1.0),
}


def weighted_fit(xs: list[list[float]], ys: list[float], ws: list[float]) -> list[float]:
    """Least squares of ``ys`` on ``xs`` (rows, with a leading 1) weighted by ``ws``, solved
    by Gaussian elimination on the normal equations (a handful of columns)."""
    p = len(xs[0])
    rows = [[sum(w * x[a] * x[b] for x, w in zip(xs, ws, strict=True)) for b in range(p)]
            + [sum(w * x[a] * y for x, y, w in zip(xs, ys, ws, strict=True))]
            for a in range(p)]  # fmt: skip
    for col in range(p):
        pivot = max(range(col, p), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(p):
            if r != col:
                f = rows[r][col] / rows[col][col]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[a][p] / rows[a][a] for a in range(p)]


def candidates() -> list[tuple[str, ...]]:
    """Every feature alone, and the hardest step with each other one."""
    alone = [(name,) for name in FEATURES]
    return alone + [("hardest step", name) for name in FEATURES if name != "hardest step"]


def main() -> None:
    args = options(__doc__).parse_args()
    people = read_people()
    rows, tr = people.rows, people.tr
    done = completion(people)
    rates, starters = done.rates, done.starters
    weights = [n * c / (1 - c) for n, c in zip(starters, rates, strict=True)]
    results = solve_all(people)
    waves = [list(counts(r.log, parse(r.log.puzzle))) for r in results]
    minutes = [r.grade.minutes or 0.0 for r in results]
    values = {name: [f(r, w) for r, w in zip(results, waves, strict=True)]
              for name, f in FEATURES.items()}  # fmt: skip
    log_rates = [math.log(c) for c in rates]

    def predict(model: tuple[str, ...], train: list[int], idx: list[int]) -> list[float]:
        xs = [[1.0, *(values[name][i] for name in model)] for i in range(len(rows))]
        fit = weighted_fit([xs[i] for i in train], [log_rates[i] for i in train],
                           [weights[i] for i in train])  # fmt: skip
        return [minutes[i] / math.exp(sum(b * x for b, x in zip(fit, xs[i], strict=True)))
                for i in idx]  # fmt: skip

    held: dict[tuple[str, ...], list[float]] = {m: [] for m in candidates()}
    nested: list[float] = []
    alone: list[float] = []
    chosen: dict[tuple[str, ...], int] = {}
    for train, test in splits(len(rows), args.repeats, args.folds, args.seed):
        truth = [tr[i] for i in test]
        best = max(candidates(),
                   key=lambda m: spearman(predict(m, train, train), [tr[i] for i in train]))  # fmt: skip
        chosen[best] = chosen.get(best, 0) + 1
        for model in candidates():
            held[model].append(spearman(predict(model, train, test), truth))
        nested.append(spearman(predict(best, train, test), truth))
        alone.append(spearman([minutes[i] for i in test], truth))
    print(f"{args.repeats} x {args.folds}-fold cross-validation, mean rho with D_TR on the "
          f"held-out folds: the minutes alone {statistics.fmean(alone):.3f}; the minutes over "
          f"the completion model chosen in each training part {statistics.fmean(nested):.3f}")  # fmt: skip
    top = sorted(chosen.items(), key=lambda kv: -kv[1])[:4]
    print("  chosen:", "; ".join(f"{' + '.join(m)} {n}" for m, n in top))
    print("each candidate's own cross-validated rho with D_TR (all looked at: optimistic):")
    for model, rhos in sorted(held.items(), key=lambda kv: -statistics.fmean(kv[1])):
        print(f"  {' + '.join(model)}: {statistics.fmean(rhos):.3f}")
    print("rho with the completion rate, all 344:",
          ", ".join(f"{name} {spearman(v, rates):+.3f}" for name, v in values.items()))  # fmt: skip


if __name__ == "__main__":
    main()
