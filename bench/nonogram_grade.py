"""The nonogram grade against an outside order: Simon Tatham's Pattern presets.

Tatham's Pattern (Debian's sgt-puzzles, ``sgt-pattern --generate N WxH#SEED``) makes
puzzles its own line solver finishes, at the preset sizes 10x10 to 30x30. The presets are
the outside order (a bigger preset takes a player longer); this prints, per size, the levels
our grade gives, the spread of the score inside the size (how many puzzles get a score of
their own), and Spearman's rho between the score and the preset over all of them.

Usage: python bench/nonogram_grade.py [--count 20] [--seed deduce]
(skips, saying so, when sgt-pattern is not installed: apt-get install sgt-puzzles)
"""

from __future__ import annotations

import argparse
import collections
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sudoku_calibration import spearman

import deduce

PRESETS = ("10x10", "15x15", "20x20", "25x25", "30x30")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", default="deduce")
    args = parser.parse_args()
    tool = shutil.which("sgt-pattern") or "/usr/games/sgt-pattern"
    if not Path(tool).exists():
        print("sgt-pattern is not installed (apt-get install sgt-puzzles): nothing to compare")
        return
    scores: list[float] = []
    presets: list[float] = []
    print("| preset | n | levels | score min / median / max | distinct scores |")
    print("|---|---|---|---|---|")
    for index, size in enumerate(PRESETS):
        made = subprocess.run(
            [tool, "--generate", str(args.count), f"{size}#{args.seed}"],
            capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
        grades = [deduce.solve(text, "nonogram").effort for text in made]
        levels = collections.Counter(g.level for g in grades)
        got = [g.score for g in grades]
        scores += got
        presets += [index] * len(got)
        print(
            f"| {size} | {len(got)} | "
            + ", ".join(f"{name} {n}" for name, n in sorted(levels.items()))
            + f" | {min(got):.3f} / {statistics.median(got):.3f} / {max(got):.3f} "
            f"| {len(set(round(s, 6) for s in got))} of {len(got)} |",
            flush=True,
        )
    print(f"\nSpearman rho (score, preset size) over {len(scores)} puzzles: "
          f"{spearman(scores, presets):.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
