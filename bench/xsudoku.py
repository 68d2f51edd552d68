"""X puzzles (Sudoku-X, Killer-X, Jigsaw-X): how many are solved, how many without a guess,
their levels and the median processor time a puzzle, per file of puzzles; and the eight
corpus lines that are X puzzles the corpus does not mark, read with their diagonals.

Usage:
  python bench/xsudoku.py [--repeat 3] [--corpus] FILE...

Each FILE holds one puzzle a line (Simon Tatham's Solo IDs, such as the output of
``sgt-solo --generate 10 3x3xdu#seed``, ``9jxdu``, ``3x3xkde``); its family is read from the
text. Each puzzle is solved ``--repeat`` times in this process (``deduce.solve``: counting
solutions to two, as ``deduce rate`` does); a puzzle's time is the median of its runs, and a
file's the median of its puzzles'. ``--corpus`` also solves janko-killer-196, -718, -727 and
janko-jigsaw-652, -655, -661, -664, -673 of ``../shared/corpora/sudoku/`` as ``killer-x`` and
``jigsaw-x`` and compares them with the site's solutions.
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

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "sudoku"
#: The corpus lines with several solutions as plain Killer / Jigsaw whose site solutions
#: have both diagonals distinct (docs/killer.md, docs/jigsaw.md).
X_LINES = {
    ("janko_killer_third.jsonl", "killer-x"): ("196", "718", "727"),
    ("janko_jigsaw_third.jsonl", "jigsaw-x"): ("652", "655", "661", "664", "673"),
}


def timed(text: str, family: str | None, repeat: int) -> tuple[deduce.Result, float]:
    """The result of solving ``text`` and the median processor seconds of ``repeat`` runs."""
    runs = []
    for _ in range(repeat):
        start = time.process_time()
        result = deduce.solve(text, family)
        runs.append(time.process_time() - start)
    return result, statistics.median(runs)


def report(name: str, results: list[tuple[deduce.Result, float]]) -> None:
    """One line: the file's counts, levels and median milliseconds a puzzle."""
    unique = sum(r.status == "unique" for r, _ in results)
    rules = sum(r.status == "unique" and r.solved_by_rules for r, _ in results)
    levels = collections.Counter(r.grade.level if r.grade else r.status for r, _ in results)
    median = statistics.median(t for _, t in results) * 1000 if results else 0.0
    shown = ", ".join(f"{level} {count}" for level, count in sorted(levels.items()))
    print(
        f"{name}: {len(results)} read, {unique} unique, {rules} without guessing; "
        f"levels {shown}; median {median:.1f} ms"
    )


def corpus(repeat: int) -> None:
    """The eight X lines of the corpora, read with their diagonals, against the site."""
    for (file, family), numbers in X_LINES.items():
        path = CORPUS / file
        if not path.exists():
            print(f"{path}: not found (../shared/corpora is absent)")
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if record.get("name", "").rsplit("-", 1)[-1] not in numbers:
                continue
            result, seconds = timed(line, family, repeat)
            right = result.solution == [v for row in record["solution"] for v in row]
            level = result.grade.level if result.grade else "-"
            print(
                f"{record['name']} as {family}: {result.status}, "
                f"{'the site solution' if right else 'NOT the site solution'}, "
                f"{result.log.guess_count()} guesses, {level}, {seconds * 1000:.1f} ms"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpus", action="store_true")
    args = parser.parse_args()
    for path in args.files:
        texts = [ln.strip() for ln in path.read_text().splitlines() if ln.strip()]
        report(path.name, [timed(text, None, args.repeat) for text in texts])
    if args.corpus:
        corpus(args.repeat)


if __name__ == "__main__":
    main()
