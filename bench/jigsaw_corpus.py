"""Janko Jigsaw corpus: every line read, how many are solved to the site's solution, how many
without guessing, the level distribution, the hardest rule each needs, how often each rule
fires, and the time a puzzle takes.

Usage: python bench/jigsaw_corpus.py

Corpus: ../shared/corpora/sudoku/janko_jigsaw_third.jsonl (227 janko.at "Chaos" Sudoku, with
the site's solutions). Each puzzle is solved once in process (counting solutions to two), its
processor time taken (a second solve of the same text is served partly from per-puzzle memos,
so it is not repeated: run the script several times for medians; the first puzzle's time
includes loading the rules). The
five lines that are Jigsaw-X puzzles without a diagonals mark have several solutions as plain
jigsaws: they are counted apart.
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

CORPUS = (
    Path(__file__).resolve().parent.parent.parent
    / "shared"
    / "corpora"
    / "sudoku"
    / "janko_jigsaw_third.jsonl"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    levels: collections.Counter[str] = collections.Counter()
    hardest: collections.Counter[str] = collections.Counter()
    fired: collections.Counter[str] = collections.Counter()
    status: collections.Counter[str] = collections.Counter()
    timings, wrong, guessed = [], [], []
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        start = time.process_time()
        result = deduce.solve(line, "jigsaw")
        timings.append((time.process_time() - start, record["name"]))
        status[result.status] += 1
        if result.status != "unique":
            continue
        if result.solution != [v for row in record["solution"] for v in row]:
            wrong.append(record["name"])
        if result.log.guess_count():
            guessed.append(record["name"])
        levels[result.grade.level] += 1
        hardest[result.grade.hardest_rule or "(none)"] += 1
        fired.update(s.rule for s in result.log.steps if s.kind == "deduction")
    unique = status["unique"]
    print(f"read {sum(status.values())} lines: {dict(status)}")
    print(f"solved to the site's solution: {unique - len(wrong)} of {unique}; wrong: {wrong}")
    print(f"without guessing: {unique - len(guessed)} of {unique}; guessed: {guessed}")
    print("levels:", dict(levels.most_common()))
    print("hardest rule:", dict(hardest.most_common()))
    print("steps by rule:", dict(fired.most_common()))
    seconds = sorted(t for t, _ in timings)
    print(
        f"seconds a puzzle: median {statistics.median(seconds):.4f}, "
        f"90th percentile {seconds[int(0.9 * len(seconds))]:.4f}, slowest {max(timings)}"
    )


if __name__ == "__main__":
    main()
