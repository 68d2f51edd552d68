"""The people's data the Sudoku time model is measured on, read once for the bench scripts
(``human_calibration.py``, ``human_ceiling.py``, ``human_completion.py``,
``human_scanning.py``): the 344 puzzles of Cloud Sudoku with ``D_TO``, ``D_TR`` and their
mean seconds, each puzzle's completion rate recovered from them, their solves, and the
shufflings of folds every script cross-validates on.

``D_TR / D_TO`` on the 344 (../shared/corpora/sudoku/cloud_sudoku_human_344.csv) is, for
every one of them, a fraction with a small denominator (the smallest ``n`` with ``D_TO * n /
f`` equal to ``D_TR`` to the file's four decimals): starters over finishers, so ``D_TR = D_TO
/ completion rate``. The fraction is reduced, so its denominator is a lower bound on the
starters; the same puzzles' finishers a year later (bench/data/cloud_sudoku_344_seconds.csv)
give the scale (``human_ceiling.py`` shows it).
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs

import deduce
from deduce import Result
from deduce.step import DEDUCTION, Log

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent.parent / "shared" / "corpora" / "sudoku" / "cloud_sudoku_human_344.csv"
SECONDS = HERE / "data" / "cloud_sudoku_344_seconds.csv"
MAX_STARTERS = 200


def options(doc: str, folds: bool = True) -> argparse.ArgumentParser:
    """A parser described by ``doc``'s first line, with ``--seed`` and, with ``folds``, the
    cross-validation's ``--repeats`` and ``--folds``; a script adds its own options."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    if folds:
        parser.add_argument("--repeats", type=int, default=20)
        parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    return parser


@attrs.frozen
class People:
    """The 344, one entry a puzzle: the CSV's rows (``seconds`` added), ``D_TO``, ``D_TR`` and
    the mean seconds."""

    rows: list[dict[str, str]]
    to: list[float]
    tr: list[float]
    seconds: list[float]


def read_people() -> People:
    """The 344 with their mean seconds; exits with a message when the corpora are absent."""
    if not CORPUS.exists():
        sys.exit(f"{CORPUS} not found (../shared/corpora is absent)")
    rows = read_rows()
    return People(
        rows,
        [float(r["D_TO"]) for r in rows],
        [float(r["D_TR"]) for r in rows],
        [float(r["seconds"]) for r in rows],
    )


def read_rows() -> list[dict[str, str]]:
    """The 344 puzzles with their mean seconds (``seconds``) added."""
    with CORPUS.open(newline="") as f:
        rows = list(csv.DictReader(f))
    with SECONDS.open(newline="") as f:
        lines = [ln for ln in f if not ln.startswith("#")]
    for row, timed in zip(rows, csv.DictReader(lines), strict=True):
        assert row["Game No."] == timed["Game No."]
        row["seconds"] = timed["mean_seconds"]
    return rows


def solve_all(people: People) -> list[Result]:
    """deduce's solve of every one of the 344."""
    return [deduce.solve(r["Sudoku Puzzle"], "sudoku") for r in people.rows]


def hardest(log: Log) -> float:
    """The weight of the hardest rules-only step of ``log``."""
    return max(s.difficulty for s in log.steps if s.kind == DEDUCTION and not s.depth)


def starters_and_finishers(to: float, tr: float) -> tuple[int, int]:
    """The smallest (starters, finishers) with ``to * starters / finishers`` equal to ``tr``
    to four decimals (the file's precision)."""
    for n in range(1, MAX_STARTERS):
        f = round(to / tr * n)
        if f and abs(to * n / f - tr) <= 0.00006 * (n / f + 1):
            return n, f
    raise ValueError(f"D_TR {tr} / D_TO {to} is no fraction with a denominator below 200")


def later_finishers() -> list[int]:
    """The players who finished each of the 344 by 2025 (the seconds file's ``players``)."""
    lines = [ln for ln in SECONDS.open() if not ln.startswith("#")][1:]
    return [int(ln.split(",")[1]) for ln in lines]


def scaled_starters(n: int, f: int, finishers: int) -> int:
    """The reduced fraction's starters scaled to about the later count of finishers."""
    return n * max(1, round(finishers / f))


@attrs.frozen
class Completion:
    """Each puzzle's completion rate: the reduced (starters, finishers), the rate, and the
    starters scaled to the later finishers."""

    fractions: list[tuple[int, int]]
    rates: list[float]
    starters: list[int]


def completion(people: People) -> Completion:
    """The completion rates recovered from ``D_TR / D_TO`` (see the module)."""
    fractions = [starters_and_finishers(a, b) for a, b in zip(people.to, people.tr, strict=True)]
    starters = [scaled_starters(n, f, p) for (n, f), p in
                zip(fractions, later_finishers(), strict=True)]  # fmt: skip
    return Completion(fractions, [f / n for n, f in fractions], starters)


def splits(
    count: int, repeats: int = 20, folds: int = 5, seed: int = 1
) -> Iterator[tuple[list[int], list[int]]]:
    """(training part, held-out fold) of ``repeats`` shufflings of ``count`` puzzles into
    ``folds`` folds, drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    for _ in range(repeats):
        order = list(range(count))
        rng.shuffle(order)
        for k in range(folds):
            test = order[k::folds]
            yield sorted(set(order) - set(test)), test
