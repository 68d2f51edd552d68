"""How the availability-based effort (``deduce.difficulty.availability``) reorders each
family's puzzles against the score before it (issue 32), and how well the Log-only count of
open moves stands in for the real one where the real one is known (Sudoku).

Usage: python bench/availability_order.py [--time-limit 20] [--only numbrix,hidato,path,nonogram,sudoku]

- Numbrix, Hidato (``work_score``) and Path: the score before (hardest weight plus a share of
  the room growing with the sum of the deductions' weights, half at 100) against today's (the
  share grows with the effort, half at 150): Spearman's rho between them, how many puzzles
  changed level (none should), and each one's rho with the grid's size and, for Numbrix and
  Hidato, the share of blank cells (Parade sets its levels by the givens).
- Nonogram (``nonogram_db.jsonl``, ``survey_bw.jsonl``; the 25x25 tournament sample is left
  out: its puzzles need probing, whose score the effort would not touch): the score (passes
  and narrow overlaps) against the same room filled by the effort instead, a candidate the
  package does not use; rho between them and with the number of line steps and the size.
- Sudoku (``cloud_sudoku_human_344.csv``): rho with ``D_TO`` of the effort with the singles
  counted on the grid (``deduce.difficulty.sudoku_time``) and with the Log-only count.

Reads ../shared/corpora; a family whose file is absent is skipped, saying so.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sudoku_calibration import spearman

import deduce
from deduce.difficulty.availability import effort, rules_only
from deduce.difficulty.scale import room_score
from deduce.difficulty.sudoku_time import effort as sudoku_effort
from deduce.families.nonogram import FAMILY as NONOGRAM_FAMILY
from deduce.families.nonogram import SCALE as NONOGRAM
from deduce.families.numbrix import SCALE as NUMBRIX
from deduce.families.path import SCALE as PATH
from deduce.puzzles.sudoku.text import parse
from deduce.step import Log

PROBING = NONOGRAM.lowest("needs-probing")
CORPORA = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"


def weights_score(log: Log, thresholds: tuple[tuple[float, str], ...]) -> float:
    """The score before issue 32: the room's share grows with the sum of the weights."""
    steps = rules_only(log)
    if not steps:
        return 0.0
    top = max(s.difficulty for s in steps)
    return room_score(top, sum(s.difficulty for s in steps), thresholds, 100.0)


def nonogram_effort_score(log: Log) -> float:
    """The nonogram line levels' room (0.39 above the hardest weight) filled by the effort."""
    steps = rules_only(log)
    if not steps or max(s.difficulty for s in steps) >= PROBING:
        return NONOGRAM_FAMILY.grade(log).score if steps else 0.0
    work = effort(steps)
    return max(s.difficulty for s in steps) + 0.39 * work / (work + 2000.0)


def blanks(record: dict[str, object]) -> float:
    """The share of a Numbrix or Hidato grid's cells left blank."""
    grid = record["grid"]
    assert isinstance(grid, list)
    cells = [v for row in grid for v in row if v is not None and v >= 0]
    return sum(1 for v in cells if v == 0) / len(cells)


def compare(
    name: str,
    family: str,
    lines: list[str],
    before: Callable[[Log], float],
    after: Callable[[Log], float],
    outside: dict[str, Callable[[dict[str, object], Log], float]],
    limit: float,
) -> None:
    """Print rho(before, after), the level changes and each score's rho with each outside
    measure, over the puzzles the rules finish with one solution."""
    rows = []
    for line in lines:
        try:
            result = deduce.solve(line, family, max_seconds=limit)
        except deduce.DeduceError:
            continue  # a corpus line deduce refuses (SOURCES.md says which)
        if result.status != "unique" or result.grade is None or result.grade.guesses:
            continue
        rows.append((json.loads(line), result.log, before(result.log), after(result.log)))
    if not rows:
        print(f"{name}: no puzzle the rules finish")
        return
    old, new = [r[2] for r in rows], [r[3] for r in rows]
    levels = sum(1 for r in rows if _level(r[1], r[2]) != _level(r[1], r[3]))
    print(f"{name}: {len(rows)} puzzles, rho(before, after) {spearman(old, new):.3f}, "
          f"level changed: {levels}")  # fmt: skip
    for label, measure in outside.items():
        xs = [measure(r[0], r[1]) for r in rows]
        print(f"  rho with {label}: before {spearman(xs, old):.3f}, after {spearman(xs, new):.3f}")


def _level(log: Log, score: float) -> str:
    """The level ``score`` falls on in the scale of ``log``'s family."""
    scale = {"numbrix": NUMBRIX, "hidato": NUMBRIX, "path": PATH}.get(log.family, NONOGRAM)
    return scale.level_for(score)


def sudoku(limit: float) -> None:
    """rho with D_TO of the Sudoku effort, singles counted on the grid and from the Log."""
    file = CORPORA / "sudoku" / "cloud_sudoku_human_344.csv"
    with file.open(newline="") as f:
        rows = list(csv.DictReader(f))
    to = [float(r["D_TO"]) for r in rows]
    logs = [deduce.solve(r["Sudoku Puzzle"], "sudoku", max_seconds=limit).log for r in rows]
    grid = [sudoku_effort(log, parse(log.puzzle)) for log in logs]
    only = [effort(rules_only(log)) for log in logs]
    print(f"sudoku, {len(rows)} puzzles people solved: rho with D_TO, singles counted on the "
          f"grid {spearman(grid, to):.3f}, open moves from the Log alone "
          f"{spearman(only, to):.3f}; rho between them {spearman(grid, only):.3f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--only", default="numbrix,hidato,path,nonogram,sudoku")
    args = parser.parse_args()
    only = set(args.only.split(","))
    size: dict[str, Callable[[dict[str, object], Log], float]] = {
        "grid cells": lambda r, log: _cells(r)
    }
    for family, file, thresholds, extra in (
        ("numbrix", "numbrix/numbrix_public.jsonl", NUMBRIX.thresholds, True),
        ("hidato", "hidato/hidato_public.jsonl", NUMBRIX.thresholds, True),
        ("path", "path/path_puzzles.jsonl", PATH.thresholds, False),
    ):
        if family not in only:
            continue
        if not (CORPORA / file).exists():
            print(f"{family}: {file} absent, skipped")
            continue
        lines = [ln for ln in (CORPORA / file).read_text().splitlines() if ln.strip()]
        outside = {**size, "blank share": lambda r, log: blanks(r)} if extra else size
        compare(family, family, lines, lambda log, t=thresholds: weights_score(log, t),
                lambda log, f=family: deduce.get_family(f).grade(log).score, outside, args.time_limit)  # fmt: skip
    steps = {"line steps": lambda r, log: float(len(rules_only(log)))}
    for file in ("nonogram/nonogram_db.jsonl", "nonogram/survey_bw.jsonl"):
        if "nonogram" in only and (CORPORA / file).exists():
            lines = [ln for ln in (CORPORA / file).read_text().splitlines() if ln.strip()]
            compare(file, "nonogram", lines, lambda log: NONOGRAM_FAMILY.grade(log).score,
                    nonogram_effort_score, {**steps, **size}, args.time_limit)  # fmt: skip
    if "sudoku" in only and (CORPORA / "sudoku" / "cloud_sudoku_human_344.csv").exists():
        sudoku(args.time_limit)


def _cells(record: dict[str, object]) -> float:
    """The number of cells of a puzzle's grid, from its record."""
    if "size" in record:
        rows, cols = record["size"]  # type: ignore[misc]
        return float(rows * cols)
    if "rows" in record and isinstance(record["rows"], int):
        return float(record["rows"] * record["cols"])  # type: ignore[operator]
    return float(record["width"] * record["height"])  # type: ignore[operator]


if __name__ == "__main__":
    main()
