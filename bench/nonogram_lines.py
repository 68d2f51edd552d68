"""Nonogram line logic speed: processor seconds to solve the line-solvable sets of issue 22.

Usage:
  python bench/nonogram_lines.py [--repeat 1] [--sets nonogram_db,pattern30,pattern10]
                                 [--count 10] [--seed deduce]

Sets:

- ``nonogram_db``: the 33 line-solvable puzzles of ``../shared/corpora/nonogram/nonogram_db.jsonl``
  (gnonograms and qnonograms pictures, 20x25 to 75x50);
- ``pattern30`` / ``pattern10``: Simon Tatham's Pattern at its 30x30 and 10x10 presets,
  ``--count`` puzzles made by ``sgt-pattern --generate COUNT 30x30#SEED`` (Debian's
  sgt-puzzles; the same seed gives the same puzzles), skipped, saying so, when it is not
  installed. Tatham's generator keeps only puzzles his own line solver finishes.

Every puzzle is solved cold (``deduce.solve``: parse, rules, grade; the line memos forgotten
first), one after the other in this process; a set's figure is the median over ``--repeat``
runs of the processor seconds of one run. Each set's line ends with ``cpu <set> <seconds>``,
which ``bench/alternate.py`` reads, so ``python bench/alternate.py OLD NEW -- bench/nonogram_lines.py``
compares two commits on the solving alone, the imports left out.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import deduce
from deduce.rules.nonogram.lines import clear_memos

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "nonogram"
PATTERN = {"pattern30": "30x30", "pattern10": "10x10"}


def puzzle_set(name: str, count: int, seed: str) -> list[str] | None:
    """The puzzles of set ``name``, or None when they cannot be had here."""
    if name == "nonogram_db":
        lines = (CORPUS / "nonogram_db.jsonl").read_text(encoding="utf-8").splitlines()
        return [line for line in lines if line.strip()]
    tool = shutil.which("sgt-pattern") or "/usr/games/sgt-pattern"
    if not Path(tool).exists():
        return None
    made = subprocess.run(
        [tool, "--generate", str(count), f"{PATTERN[name]}#{seed}"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return made.stdout.split()


def time_set(texts: list[str]) -> float:
    """Processor seconds to solve every puzzle of ``texts`` once, each cold."""
    total = 0.0
    for text in texts:
        clear_memos()
        start = time.process_time()
        result = deduce.solve(text, "nonogram")
        total += time.process_time() - start
        if result.status != "unique":
            raise SystemExit(f"not unique ({result.status}): {text[:60]}")
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--sets", default="nonogram_db,pattern30,pattern10")
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", default="deduce")
    args = parser.parse_args()
    deduce.solve("5x5:2/3.1/4/2/1/3/1.1/5/2/1", "nonogram")  # the imports, not timed
    for name in args.sets.split(","):
        texts = puzzle_set(name, args.count, args.seed)
        if texts is None:
            print(f"{name}: skipped (sgt-pattern is not installed: apt-get install sgt-puzzles)")
            continue
        runs = [time_set(texts) for _ in range(args.repeat)]
        seconds = statistics.median(runs)
        print(
            f"{name}: {len(texts)} puzzles, {seconds * 1000 / len(texts):.2f} ms a puzzle "
            f"(median of {args.repeat}) cpu {name} {seconds:.4f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
