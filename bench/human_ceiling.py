"""How much of Cloud Sudoku's ``D_TR`` a model of solving time can reach: the completion rate
it folds in, recovered from the data, and how much of that rate is noise.

Usage: python bench/human_ceiling.py [--draws 200] [--seed 1]

``D_TR / D_TO`` on the 344 puzzles (../shared/corpora/sudoku/cloud_sudoku_human_344.csv) is,
for every one of them, a fraction with a small denominator (found as the smallest ``n`` with
``D_TO * n / f`` equal to ``D_TR`` to the file's four decimals, ``human_data.completion``):
starters over finishers, so ``D_TR = D_TO / completion rate``. The fraction is reduced, so its
denominator is a lower bound on the starters; the same puzzles' finishers a year later
(bench/data/cloud_sudoku_344_seconds.csv) give the scale. Printed: the recovered starters,
the completion rate's spread across puzzles against the binomial noise of that many starters
(its reliability: the share of its variance that is the puzzle's), the rho of the package's
minutes and of the hardest step with the completion rate, the cross-validated rho with
``D_TR`` of the minutes over a completion rate fitted on the hardest step, and the rho with ``D_TR`` a
predictor would reach that knew ``D_TO`` exactly, or had the minutes' rho with it, and knew
each puzzle's true completion rate as well as these counts allow (the observed rate shrunk
toward the mean by its reliability), each over ``--draws`` binomial redraws of the counts.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from human_data import (
    MAX_STARTERS,
    completion,
    hardest,
    later_finishers,
    options,
    read_people,
    solve_all,
    splits,
    starters_and_finishers,
)
from sudoku_calibration import spearman


def binomial_sd(rates: list[float], starters: list[int]) -> float:
    """The typical binomial noise of a completion rate measured on that many starters."""
    return math.sqrt(
        statistics.fmean(c * (1 - c) / n for c, n in zip(rates, starters, strict=True))
    )


def reliability(rates: list[float], starters: list[int]) -> float:
    """The share of the completion rate's variance across puzzles not explained by the
    binomial noise of each puzzle's starters."""
    return max(0.0, 1 - binomial_sd(rates, starters) ** 2 / statistics.pvariance(rates))


def completion_fit(
    minutes: list[float], hardest: list[float], rates: list[float], tr: list[float]
) -> tuple[float, float]:
    """Mean held-out rho (20 shufflings of 5 folds) with D_TR of ``minutes / rate`` where
    the rate is ``log rate = a + b log hardest`` fitted on the training folds, and the same
    folds' rho of the minutes alone."""
    fitted: list[float] = []
    alone: list[float] = []
    x = [math.log(h) for h in hardest]
    y = [math.log(c) for c in rates]
    for train, test in splits(len(rates)):
        fit = statistics.linear_regression([x[i] for i in train], [y[i] for i in train])
        pred = [minutes[i] / math.exp(fit.intercept + fit.slope * x[i]) for i in test]
        fitted.append(spearman(pred, [tr[i] for i in test]))
        alone.append(spearman([minutes[i] for i in test], [tr[i] for i in test]))
    return statistics.fmean(fitted), statistics.fmean(alone)


def noisy(values: list[float], rho: float, rng: random.Random) -> list[float]:
    """``values`` with random error added so that their rank correlation drops to about
    ``rho`` (normal scores, Pearson-to-Spearman by the usual 6/pi arcsin)."""
    r = 2 * math.sin(math.pi * rho / 6)
    ranks = _normal_scores(values)
    scale = math.sqrt(1 / r**2 - 1)
    return [z + rng.gauss(0, scale) for z in ranks]


def on_scale(scores: list[float], logs: list[float]) -> list[float]:
    """``scores`` moved to the mean and spread of ``logs`` and exponentiated."""
    mu, sd = statistics.fmean(scores), statistics.pstdev(scores)
    mean, spread = statistics.fmean(logs), statistics.pstdev(logs)
    return [math.exp(mean + spread * (z - mu) / sd) for z in scores]


def _normal_scores(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    dist = statistics.NormalDist()
    scores = [0.0] * len(values)
    for rank, i in enumerate(order):
        scores[i] = dist.inv_cdf((rank + 0.5) / len(values))
    return scores


def seconds_noise(minutes: list[float], seconds: list[float], players: list[int]) -> None:
    """Print how the model's squared residual in log mean seconds grows with one over the
    players who finished (the sampling noise of a mean: its slope is a player's own variance),
    with a 90% bootstrap interval of that slope."""
    x = [math.log(m) for m in minutes]
    y = [math.log(s) for s in seconds]
    rng = random.Random(1)

    def slope(idx: list[int]) -> tuple[float, float]:
        fit = statistics.linear_regression([x[i] for i in idx], [y[i] for i in idx])
        r2 = [(y[i] - fit.intercept - fit.slope * x[i]) ** 2 for i in idx]
        noise = statistics.linear_regression([1 / players[i] for i in idx], r2)
        return noise.slope, noise.intercept

    every = list(range(len(x)))
    per_player, rest = slope(every)
    draws = [slope([rng.randrange(len(x)) for _ in every])[0] for _ in range(300)]
    low, *_, high = statistics.quantiles(draws, n=20)
    print(
        f"log mean seconds: variance {statistics.pvariance(y):.3f}; the minutes' squared "
        f"residual = {rest:.3f} + {per_player:.2f} / players (slope 90% bootstrap "
        f"{low:.2f}-{high:.2f}; players median {statistics.median(players)})"
    )


MEAN_POWERS = (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0)


def mean_factor_fit(minutes: list[float], hardest: list[float], seconds: list[float]) -> None:
    """Print the mean held-out rho (20 shufflings of 5 folds) with the mean seconds of
    ``minutes * (hardest / 1.2) ** k``, ``k`` chosen in ``MEAN_POWERS`` on the training folds
    (a mean is pulled by slow players, more on hard puzzles), beside the minutes alone."""
    grown: list[float] = []
    alone: list[float] = []

    def pred(k: float, idx: list[int]) -> list[float]:
        return [minutes[i] * (hardest[i] / 1.2) ** k for i in idx]

    for train, test in splits(len(minutes)):
        truth = [seconds[i] for i in train]
        k = max(MEAN_POWERS, key=lambda k: spearman(pred(k, train), truth))
        grown.append(spearman(pred(k, test), [seconds[i] for i in test]))
        alone.append(spearman(pred(0.0, test), [seconds[i] for i in test]))
    print(
        f"cross-validated rho with mean seconds: minutes * (hardest / 1.2) ** k "
        f"{statistics.fmean(grown):.3f}, the minutes alone {statistics.fmean(alone):.3f}"
    )


def perturbed_denominators(to: list[float], tr: list[float]) -> list[int]:
    """The reduced starters of the ratios each moved by a random 1-3%, where a fraction below
    ``MAX_STARTERS`` is found: a check that the real ones' small denominators are no accident
    of the search (any number is near some fraction with a large enough denominator)."""
    rng = random.Random(1)
    found = []
    for a, b in zip(to, tr, strict=True):
        moved = round(b * (1 + rng.choice((-1, 1)) * rng.uniform(0.01, 0.03)), 4)
        with contextlib.suppress(ValueError):
            found.append(starters_and_finishers(a, moved)[0])
    return found


def main() -> None:
    parser = options(__doc__, folds=False)
    parser.add_argument("--draws", type=int, default=200)
    args = parser.parse_args()
    people = read_people()
    rows, to, tr = people.rows, people.to, people.tr
    done = completion(people)
    fractions, rates, starters = done.fractions, done.rates, done.starters
    later = later_finishers()
    largest = max(n for n, _ in fractions)
    moved = perturbed_denominators(to, tr)
    print(
        f"D_TR / D_TO is starters / finishers on all {len(rows)} (denominators below "
        f"{MAX_STARTERS}); reduced starters median {statistics.median(n for n, _ in fractions)}, "
        f"largest {largest}; finishers at most the later count on "
        f"{sum(f <= p for (_, f), p in zip(fractions, later, strict=True))}; ratios moved "
        f"1-3%: {len(moved)} such fractions, median starters {statistics.median(moved)}, "
        f"{sum(n <= largest for n in moved)} with at most {largest}; "
        f"scaled to the later finishers median {statistics.median(starters)}; completion rate "
        f"median {statistics.median(rates):.2f}, quartiles "
        f"{statistics.quantiles(rates)[0]:.2f}-{statistics.quantiles(rates)[2]:.2f}"
    )
    rel = reliability(rates, starters)
    print(
        f"completion rate: sd across puzzles {statistics.pstdev(rates):.3f}, binomial noise "
        f"sd {binomial_sd(rates, starters):.3f}; "
        f"reliability {rel:.2f}"
    )
    print(
        f"rho(D_TO, D_TR) {spearman(to, tr):.3f}; rho(D_TO, completion) {spearman(to, rates):.3f}"
    )
    grades = solve_all(people)
    minutes = [g.grade.minutes or 0.0 for g in grades]
    tops = [hardest(g.log) for g in grades]
    print(
        f"rho with the completion rate: minutes {spearman(minutes, rates):.3f}, hardest step "
        f"{spearman(tops, rates):.3f}; minutes with D_TO {spearman(minutes, to):.3f}, "
        f"D_TR {spearman(minutes, tr):.3f}"
    )
    seconds = people.seconds
    print(
        f"rho with the 344's mean seconds: D_TO {spearman(to, seconds):.3f}, the minutes "
        f"{spearman(minutes, seconds):.3f}"
    )
    seconds_noise(minutes, seconds, later)
    mean_factor_fit(minutes, tops, seconds)
    fitted, alone = completion_fit(minutes, tops, rates, tr)
    print(
        f"cross-validated rho with D_TR: the minutes over a completion rate fitted on the "
        f"hardest step {fitted:.3f}, the minutes alone {alone:.3f}"
    )
    ceiling(to, tr, rates, starters, rel, spearman(minutes, to), args)


def ceiling(
    to: list[float],
    tr: list[float],
    rates: list[float],
    starters: list[int],
    rel: float,
    minutes_rho: float,
    args: argparse.Namespace,
) -> None:
    """Print the rho with D_TR of the oracle predictors the module describes."""
    rng = random.Random(args.seed)
    mean = statistics.fmean(rates)
    truth = [mean + rel * (c - mean) for c in rates]
    exact: list[float] = []
    realistic: list[float] = []
    for _ in range(args.draws):
        drawn = [
            max(1, sum(rng.random() < c for _ in range(n))) / n
            for c, n in zip(truth, starters, strict=True)
        ]
        target = [a / c for a, c in zip(to, drawn, strict=True)]
        oracle = [a / c for a, c in zip(to, truth, strict=True)]
        exact.append(spearman(oracle, target))
        guess = on_scale(noisy(to, minutes_rho, rng), [math.log(a) for a in to])
        realistic.append(spearman([g / c for g, c in zip(guess, truth, strict=True)], target))
    print(
        f"rho with a redrawn D_TR ({args.draws} draws), knowing the true completion rate: "
        f"with D_TO exact {statistics.fmean(exact):.3f}, with D_TO known to rho {minutes_rho:.3f} "
        f"{statistics.fmean(realistic):.3f}; with D_TO exact and no completion rate "
        f"{spearman(to, tr):.3f}"
    )


if __name__ == "__main__":
    main()
