"""Terminal output without colour: the step's cells still show their roles (issue 19)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


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


# --- issue 34: wrapped to the terminal, and a walkthrough by default ---------------------------

import re  # noqa: E402

from deduce.show.terminal import wrap  # noqa: E402

ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: A chain step's sentence: a long Eureka chain and words after it.
LOOP = (
    "(9)r6c2=(9-6)r8c2=(6-4)r2c2=(4-7)r2c3=(7-6)r2c5=(6-1)r3c5=(1-7)r3c6=(7-2)r9c6=(2-1)r6c6="
    "(1-3)r6c8=(3-9)r6c2 is a loop of strong links (each a digit's only two places in a row, "
    "column or box), so every cell on it holds one of its two link digits: r6c2≠5, r8c2≠4."
)


def explain(*args: str, columns: int | None = None) -> str:
    env = {**os.environ, "NO_COLOR": "1"}
    if columns is not None:  # rich then takes the output for a terminal that wide
        env.update(TTY_COMPATIBLE="1", COLUMNS=str(columns))
    proc = subprocess.run(
        [sys.executable, "-m", "deduce", "explain", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return ANSI.sub("", proc.stdout)


def test_wrapping_breaks_between_words_and_between_a_chains_candidates():
    lines = wrap(LOOP, 60, "38. ", "   ")
    assert all(len(line) <= 60 for line in lines)
    assert lines[0].startswith("38. (9)r6c2=") and all(x.startswith("   ") for x in lines[1:])
    # Joined again, the lines give the sentence back: nothing cut inside a word or candidate.
    joined = lines[0][4:]
    for line in lines[1:]:
        body = line[3:]
        joined += body if joined.endswith(("=", "-")) and body.startswith("(") else " " + body
    assert joined == LOOP
    assert wrap(LOOP, None) == [LOOP]  # not a terminal: one line, for grep


def test_explain_at_60_columns_breaks_no_word():
    out = explain("examples/sudoku-easy.txt", "--brief", columns=60)
    lines = out.splitlines()
    assert all(len(line) <= 60 for line in lines if " " in line.strip())
    sentence = "In box 1, 6 fits only in r2c2, so r2c2 = 6."
    first = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    assert " ".join(x.strip() for x in lines[first : first + 2]).startswith(
        "1. hidden single (box): " + sentence
    )
    assert any(line.startswith("Grade: ") for line in lines)


def _grids(out: str) -> int:
    """How many Sudoku grids ``out`` draws (each has two rules of dashes)."""
    return sum(line.startswith("---") and "+" in line for line in out.splitlines()) // 2


def test_explain_reads_like_a_walkthrough_by_default():
    """issue 34: the README's first command printed 1,534 lines for a 49-step easy puzzle,
    a grid after every single."""
    default = explain("--example", "sudoku")
    every = explain("--example", "sudoku", "--grids", "all")
    brief = explain("--example", "sudoku", "--brief")
    steps = len(re.findall(r"^\d+\. ", every, re.M))
    assert _grids(every) == steps + 1  # every step, and the solution
    # The first step, every tenth, the last (all singles here) and the solution; --brief
    # only the solution.
    assert _grids(default) == 1 + steps // 10 + (steps % 10 != 0) + 1
    assert _grids(brief) == 1 and len(default.splitlines()) < len(every.splitlines()) / 4
    for text in (default, brief):  # the sentences are the same
        assert re.findall(r"^\d+\. .*$", text, re.M) == re.findall(r"^\d+\. .*$", every, re.M)
