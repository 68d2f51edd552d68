"""Terminal output without colour: the step's cells still show their roles (issue 19)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_color_explain_still_marks_the_cells_each_step_uses():
    env = {**os.environ, "NO_COLOR": "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "deduce", "explain", "examples/sudoku-easy.txt"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    out = proc.stdout
    assert "\x1b[" not in out
    assert "[] placed  () ruled out  * looked at" in out
    first = out.split("\n2. ")[0].splitlines()
    grid = first[first.index(next(x for x in first if x.startswith("1. "))) + 1 :]
    # step 1 places 6 in r2c2 (the middle cell of box 1, looked at whole): r2c2 in brackets,
    # the rest of box 1 starred, nothing outside box 1 marked
    assert grid[4].startswith("* 9  [4 6]*4 ")
    assert all(line[:15].count("*") == 3 - ("[" in line) for line in grid[:9])
    assert not any(ch in line[16:] for line in grid for ch in "[]()*")
