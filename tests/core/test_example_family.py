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
from deduce.testing import assert_sound, problems

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "examples" / "plugin" / "deduce_latin" / "__init__.py"


def _load():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("deduce_latin", MODULE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LATIN = _load()


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


def test_the_example_imports_deduce_only_through_the_kit():
    tree = ast.parse(MODULE.read_text(encoding="utf-8"))
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


@pytest.mark.slow
def test_the_example_passes_mypy_strict(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path), str(MODULE)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
