"""Sudoku solve speed: processor milliseconds per puzzle, by corpus file and Tatham level.

Usage:
  python bench/sudoku_speed.py [--repeat 5] [--sets easy50,trivial,basic,top95]
                               [--pads DIR] [--rules-only]

Every puzzle of each set is solved in this process (``deduce.solve``: parse, rules, search
when they stall, grade), the whole set ``--repeat`` times; the figure is the median of the
runs, in processor (CPU) milliseconds per puzzle, which other load on the machine moves far
less than the wall clock. Each run starts cold (the answers kept with the grid's shape
forgotten), so a repeat does not find the earlier runs' unit and digit findings. Sets: ``easy50`` and ``top95`` (the corpus files), and Tatham's six
levels of ``tatham_solo_9x9.tsv`` by name (``trivial``, ``basic``, ``intermediate``,
``advanced``, ``extreme``, ``unreasonable``), and ``empty16`` / ``empty25``: the empty 16x16
and 25x25 grids (reported ``multiple``: the rules must find out cheaply that they can do
nothing, then search finds two solutions).

Each set's line ends with ``cpu <set> <seconds>`` (the median seconds of one run of the set),
which ``bench/alternate.py`` reads to compare two commits on the solving alone, the imports
left out.

``--pads DIR`` also times David Eppstein's PADS ``Sudoku.py`` (rules only: ``step`` until it
stalls) on the same puzzles, from a PADS package folder ``DIR/pads`` the user provides (for
Python 3; nothing of PADS is kept here). ``--rules-only`` solves with ``guess=False``, as PADS.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import deduce
from deduce.puzzles.sudoku.model import geometry

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "sudoku"
LEVELS = ("trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable")
DEFAULT = "easy50,trivial,basic,top95"


def puzzle_set(name: str) -> list[str]:
    """The one-line puzzles of set ``name`` (a corpus file's stem, a Tatham level, or
    ``emptyN``: the empty N x N grid)."""
    if name.startswith("empty"):
        return ["." * int(name[5:]) ** 2]
    if name in LEVELS:
        lines = (CORPUS / "tatham_solo_9x9.tsv").read_text().splitlines()
        head = lines[0].split("\t")
        p, lv = head.index("puzzle81"), head.index("tatham_level")
        return [row.split("\t")[p] for row in lines[1:] if row and row.split("\t")[lv] == name]
    lines = (CORPUS / f"{name}.txt").read_text().splitlines()
    return [ln.split()[0] for ln in lines if ln.strip() and not ln.startswith("#")]


def time_deduce(texts: list[str], guess: bool) -> float:
    """Processor seconds to solve every puzzle of ``texts`` once, cold: the answers Sudoku's
    rules keep with the grid's shape (``Geometry.memo``) forgotten first, as for puzzles never
    seen before."""
    for size in (3, 4, 5):
        geometry(size, size).memo.clear()
    start = time.process_time()
    for text in texts:
        deduce.solve(text, "sudoku", guess=guess)
    return time.process_time() - start


def pads_timer(folder: str):
    """A function timing PADS's rules on a list of puzzles (processor seconds)."""
    sys.path.insert(0, folder)
    saved, sys.argv = sys.argv, sys.argv[:1]  # PADS's Sudoku module reads options at import
    try:
        from pads import Sudoku as pads_sudoku  # type: ignore[import-not-found]
    finally:
        sys.argv = saved

    def run(texts: list[str]) -> float:
        start = time.process_time()
        for text in texts:
            grid = pads_sudoku.Sudoku([0 if ch in ".0" else int(ch) for ch in text])
            while pads_sudoku.step(grid):
                pass
        return time.process_time() - start

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sets", default=DEFAULT)
    parser.add_argument("--pads", help="a folder holding a Python 3 PADS package (pads/)")
    parser.add_argument("--rules-only", action="store_true", help="no search (as PADS)")
    args = parser.parse_args()
    if not CORPUS.is_dir():
        print(f"skipped: {CORPUS} is absent", file=sys.stderr)
        return
    pads = pads_timer(args.pads) if args.pads else None
    deduce.solve("." * 80 + "1")  # imports and first-use tables out of the timing
    print(f"processor ms per puzzle, median of {args.repeat} runs")
    for name in args.sets.split(","):
        texts = puzzle_set(name)
        runs = [time_deduce(texts, not args.rules_only) for _ in range(args.repeat)]
        seconds = statistics.median(runs)
        line = f"{name:14} {len(texts):4d} puzzles  deduce {1000 * seconds / len(texts):7.3f} ms"
        if pads is not None and all(len(text) == 81 for text in texts):
            theirs = statistics.median(pads(texts) for _ in range(args.repeat))
            line += (
                f"  PADS {1000 * theirs / len(texts):7.3f} ms  PADS/deduce {theirs / seconds:5.2f}"
            )
        print(f"{line}  cpu {name} {seconds:.6f}")


if __name__ == "__main__":
    main()
