"""The example family (examples/plugin: Latin squares) is built on ``deduce.kit`` alone and
passes ``deduce.testing``'s checks, as any family written outside deduce should."""

from __future__ import annotations

import ast
import importlib.util
import random
import subprocess
import sys
from pathlib import Path

import pytest

import deduce
from deduce.show.page import page_data
from deduce.show.svg import to_svg
from deduce.testing import assert_sound, problems

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "examples" / "plugin" / "deduce_latin"
MODULE = PACKAGE / "__init__.py"
FUTOSHIKI_MODULE = PACKAGE / "futoshiki.py"


def _load(name: str, path: Path):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LATIN = _load("deduce_latin", MODULE)
FUTOSHIKI = _load("deduce_latin.futoshiki", FUTOSHIKI_MODULE)
#: Tatham's Unequal IDs, eight a size (4 to 7) in his four levels, two each (see the file).
UNEQUAL = [
    line
    for line in (ROOT / "tests" / "fixtures" / "futoshiki" / "unequal.txt").read_text().splitlines()
    if line and not line.startswith("#")
]


def squares(count: int, seed: int = 31) -> list[tuple[str, list[int]]]:
    """``count`` Latin-square puzzles (3x3 to 6x6: a shuffled cyclic square, some cells
    blanked) with their solutions (a value a cell, 0-based)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        n = rng.randint(3, 6)
        rows, cols, digits = (rng.sample(range(n), n) for _ in range(3))
        solution = [digits[(rows[r] + cols[c]) % n] for r in range(n) for c in range(n)]
        shown = [str(v + 1) if rng.random() < 0.45 else "." for v in solution]
        found.append(("\n".join("".join(shown[r * n : (r + 1) * n]) for r in range(n)), solution))
    return found


@pytest.mark.parametrize("path", [MODULE, FUTOSHIKI_MODULE], ids=["latin", "futoshiki"])
def test_the_example_imports_deduce_only_through_the_kit(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    modules |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert {m for m in modules if m and m.startswith("deduce")} == {"deduce.kit"}


@pytest.mark.parametrize(("text", "solution"), squares(12))
def test_the_example_rules_are_sound_and_its_logs_true(text, solution):
    family = LATIN.FAMILY
    puzzle = family.parse(text)
    assert assert_sound(family, puzzle, solution) <= {"naked single", "hidden single"}
    result = deduce.solve(text, family)
    if result.status == "unique":
        assert result.solutions == [solution]
    assert problems(family, puzzle, result.log) == []


def test_the_example_grades_on_its_table():
    result = deduce.solve("12.\n...\n..1", LATIN.FAMILY)
    assert result.solutions == [[0, 1, 2, 2, 0, 1, 1, 2, 0]]
    assert (result.grade.level, result.grade.hardest_rule) == ("easy", "naked single")
    assert LATIN.FAMILY.levels == ("easy", "medium", "needs-guessing")
    hidden = deduce.solve("..3..\n...12\n4...1\n.3.2.\n..1..", LATIN.FAMILY)
    assert hidden.status == "unique"
    assert (hidden.grade.level, hidden.grade.hardest_rule) == ("medium", "hidden single")
    for text, _ in squares(40):
        effort = deduce.solve(text, LATIN.FAMILY).effort
        if effort.level != "needs-guessing":
            hard = effort.hardest_rule == "hidden single"
            assert effort.level == ("medium" if hard else "easy"), text


@pytest.mark.parametrize("line", UNEQUAL)
def test_futoshiki_reads_tathams_ids_and_its_rules_are_sound_and_true(line):
    family = FUTOSHIKI.FAMILY
    puzzle = family.parse(line)
    assert family.format(puzzle) == line  # Unequal's own IDs round-trip
    result = deduce.solve(line, family)
    assert result.status == "unique"
    (solution,) = result.solutions
    family.check_solution(puzzle, solution)
    assert_sound(family, puzzle, solution)
    assert problems(family, puzzle, result.log) == []


def test_futoshiki_grades_rise_with_tathams_levels():
    # Per size, Tatham's trivial, easy, tricky and extreme, two puzzles each.
    order = {"easy": 0, "medium": 1, "hard": 2, "expert": 3, "needs-guessing": 4}
    for size in range(4):
        levels = [
            order[deduce.solve(line, FUTOSHIKI.FAMILY).grade.level]
            for line in UNEQUAL[size * 8 : size * 8 + 8]
        ]
        means = [sum(levels[k : k + 2]) / 2 for k in range(0, 8, 2)]
        assert means[0] <= means[1] <= means[3] and means[2] <= means[3], (size, levels)


def test_futoshiki_sentences_and_the_clue_drawn_between_two_cells():
    line = "4:0D,0L,0,0,0,0,0,0,0,2R,0,0,2,0,0,0,"
    family = FUTOSHIKI.FAMILY
    puzzle = family.parse(line)
    assert puzzle.clues == ((0, 4), (1, 0), (9, 10))
    result = deduce.solve(line, family)
    clue = next(s for s in result.log.steps if s.rule == "inequality")
    assert clue.explanation == "r1c1 > r2c1, so r1c1 cannot be 1."
    assert clue.eliminations == ((0, 0),)
    picture = family.picture(puzzle, family.initial_state(puzzle), clue)
    # r1c2 > r1c1 is drawn "<" from r1c1; r1c1 > r2c1 ">" from r1c1 down (turned by the writers)
    assert set(picture.between) == {(0, 4, ">"), (0, 1, "<"), (9, 10, ">")}
    svg = to_svg(picture)
    assert svg.count('class="between"') == 3 and "rotate(90" in svg
    # The step-by-step page draws them too (draw.js reads a picture's "bt"), at every step.
    data = page_data(family, puzzle, result.log)
    clues = [[0, 4, ">"], [0, 1, "<"], [9, 10, ">"]]
    assert data["start"]["bt"] == clues
    assert all(step["pic"]["bt"] == clues for step in data["steps"] if step.get("pic"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5a:0RD,0DL,0D," + "0," * 22, "adjacent mode"),
        ("4:0,0,0,", "3 entries for a 4x4 grid"),
        ("4:0U," + "0," * 15, "points off the grid"),
        ("4:5," + "0," * 15, "digit 5 in a 4x4 grid"),
        ("12:" + "0," * 144, "3 to 9 rows"),
    ],
)
def test_futoshiki_names_what_is_wrong_with_an_id(text, message):
    with pytest.raises(deduce.errors.ParseError, match=message):
        FUTOSHIKI.FAMILY.parse(text)


@pytest.mark.slow
@pytest.mark.parametrize("path", [MODULE, FUTOSHIKI_MODULE], ids=["latin", "futoshiki"])
def test_the_example_passes_mypy_strict(tmp_path, path):
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path), str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_futoshiki_uses_the_kits_fish_on_tathams_extreme_puzzles():
    # Tatham's 4x4 "extreme" (the second of the file): the clues and the kit's singles stall
    # where 3's places in two rows lie in two columns; the X-Wing finishes it, without guessing.
    result = deduce.solve(UNEQUAL[7], FUTOSHIKI.FAMILY)
    (wing,) = [s for s in result.log.steps if s.rule == "X-Wing"]
    assert (result.grade.level, result.grade.hardest_rule) == ("expert", "X-Wing")
    assert wing.explanation == (
        "In row 2 and row 4, 3 fits only in column 1 and column 3 (r2c1, r2c3, r4c1 and r4c3), "
        "so column 1 and column 3 hold their 3 in row 2 and row 4: r1c1, r1c3, r3c1 and r3c3 "
        "lose it."
    )
    assert problems(FUTOSHIKI.FAMILY, FUTOSHIKI.FAMILY.parse(UNEQUAL[7]), result.log) == []
