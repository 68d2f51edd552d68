"""Hints and mistakes, from the command and the API: each level says something new, the
documented grid forms are read, and a wrong entry is named as the player's.

The four tests marked "issue 20" each failed on main before the hint work (commit 44aeb15),
for the reason their docstring gives; they drive the command so they run there too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import deduce
from deduce.cli import main
from tests.puzzles import EASY, EASY_SOLUTION


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def with_entries(grid: str, entries: dict[str, str]) -> list[str]:
    """The 81 tokens of ``grid`` with ``{"r2c3": "9", "r2c8": "24"}`` written in."""
    tokens = list(grid)
    for name, token in entries.items():
        r, c = int(name[1]), int(name[3])
        tokens[(r - 1) * 9 + c - 1] = token
    return tokens


def test_level_three_of_a_hidden_single_adds_what_level_one_did_not_say(capsys):
    """issue 20: level 3 listed the nine cells of box 1, which level 1 had already named."""
    status, out, _ = run(capsys, "hint", EASY, "--level", "3")
    first, second, third = out.splitlines()[:3]
    assert status == 0 and first == "Look at box 1: hidden single (box)."
    assert second == "It is about 6."
    box = {f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)}
    named = {name for name in box if name in third}
    assert named == {"r2c2"}  # the cell it settles, and no other cell of the box
    assert "6" not in third  # the value is level 2's, the two together level 4's


def test_the_documented_81_token_progress_form_is_read(capsys):
    """issue 20: 81 one-character tokens separated by spaces failed ("wrong length")."""
    tokens = with_entries(EASY, {"r2c2": "6"})  # the first hidden single, filled in
    status, out, err = run(capsys, "hint", EASY, "--level", "4", "--progress", " ".join(tokens))
    assert status == 0, err
    assert "r2c2 = 6" not in out and out.strip()  # the hint moved on to the next step


def test_a_wrong_digit_repeating_a_correct_one_is_named_as_the_players(capsys):
    """issue 20: exit 2 naming the player's correct 9 as a repeated "clue"."""
    assert EASY_SOLUTION[7 * 9 + 2] == "4" and EASY_SOLUTION[9 + 2] != "4"
    grid = "".join(with_entries(EASY, {"r8c3": "4", "r2c3": "4"}))  # r8c3 right, r2c3 wrong
    status, out, _ = run(capsys, "hint", EASY, "--progress", grid)
    assert status == 0
    assert "your 4 at r2c3 repeats the 4 at r8c3" in out.lower()
    assert "r8c3 is wrong" not in out and EASY_SOLUTION[9 + 2] not in out


def test_a_wrong_digit_does_not_make_its_neighbours_correct_marks_wrong(capsys):
    """issue 20: placing the wrong 5 at r1c1 struck 5 from the marks of r1c8 and r3c2, so
    they (whose marks hold their true 5) were called wrong too."""
    assert EASY_SOLUTION[0] == "4" and EASY_SOLUTION[7] == EASY_SOLUTION[19] == "5"
    tokens = with_entries(EASY, {"r1c1": "5", "r1c8": "58", "r3c2": "57"})
    status, out, _ = run(capsys, "hint", EASY, "--progress", " ".join(tokens))
    assert status == 0 and "r1c1" in out
    assert "r1c8" not in out and "r3c2" not in out


def test_pencil_marks_that_leave_out_the_true_digit_are_wrong(capsys):
    tokens = with_entries(EASY, {"r1c1": "15", "r1c2": "48"})  # r1c1 is 4: left out
    status, out, _ = run(capsys, "hint", EASY, "--progress", " ".join(tokens))
    assert status == 0
    assert "your pencil marks at r1c1 (1 and 5) leave out" in out.lower()
    assert "r1c2" not in out and "4" not in out.replace("r1c1", "")


def test_hint_value_from_the_api_has_each_levels_text_and_cells():
    hint = deduce.hint(EASY, level=2)
    assert hint.level == 2 and hint.texts == (
        "Look at box 1: hidden single (box).",
        "It is about 6.",
    )
    assert set(hint.names[0]) == {f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)}
    full = deduce.hint(EASY)
    assert full.texts[3] == "In box 1, 6 fits only in r2c2, so r2c2 = 6."
    assert full.texts[2] == "It settles r2c2."  # the cell level 1 hid in its box
    assert set(full.names[2]) == set(hint.names[0])  # level 3 still lights the box it is in
    assert full.step is not None and full.step.placements == ((10, 6),)
    assert str(full).count("\n") == 3
    with pytest.raises(ValueError, match="a hint level is 1 to 4"):
        deduce.hint(EASY, level=5)


def test_mistakes_from_the_api_name_entries_without_values():
    grid = " ".join(with_entries(EASY, {"r8c3": "4", "r2c3": "4", "r9c9": "2"}))
    found = deduce.mistakes(EASY, grid)
    assert [m.name for m in found] == ["r2c3"]
    assert found[0].text == "your 4 at r2c3 repeats the 4 at r8c3"
    hint = deduce.hint(EASY, grid)
    assert hint.mistakes == found and hint.step is None
    assert hint.texts == ("Your 4 at r2c3 repeats the 4 at r8c3: fix it first.",)
    assert deduce.mistakes(EASY, EASY) == ()


def test_a_solved_grid_and_a_stuck_grid():
    assert deduce.hint(EASY, EASY_SOLUTION).solved
    from tests.puzzles import HARD

    sudoku = deduce.get_family("sudoku")
    stuck = deduce.api.hint_for(
        deduce.solve(HARD), sudoku.initial_state(deduce.load(HARD).data), level=1
    )
    assert stuck.step is not None or "needs a guess" in stuck.texts[0]


@pytest.mark.parametrize(
    ("example", "settled", "shown"),
    [
        ("numbrix.txt", "r2c1", "[6 ]"),
        ("hidato.txt", "r7c7", "[6 ]"),
        ("nonogram.txt", "r1c6", "(x)"),
    ],
)
def test_level_three_draws_no_placed_value(capsys, example, settled, shown):
    """issue 17, item 9: level 3 drew the placed number (or the nonogram's mark) in the cell it
    settles, which made it level 4 without the sentence."""
    path = str(Path(__file__).resolve().parents[2] / "deduce" / "examples" / example)
    _, three, _ = run(capsys, "hint", path, "--level", "3")
    _, four, _ = run(capsys, "hint", path, "--level", "4")
    assert three.splitlines()[2].endswith(f"It settles {settled}.")
    assert shown in four and shown not in three


# --- issue 34: each level adds one thing, and level 1 gives nothing away -----------------------

from deduce.engine import next_step  # noqa: E402
from deduce.show.hints import hint_levels  # noqa: E402
from tests.sudoku.chain_positions import POSITIONS, position  # noqa: E402

SUDOKU = deduce.get_family("sudoku")

#: A unit's name in a sentence, whose number is not a digit of the grid.
UNIT = r"\b(?:rows?|columns?|box(?:es)?) \d+(?:(?:, | and )\d+)*"


def _gives_away(text: str, puzzle, step) -> list[str]:
    """The cells and digits of ``step``'s conclusion that ``text`` names."""
    import re

    words = set(re.findall(r"\w+", re.sub(UNIT, "", text)))
    cells = {SUDOKU.var_name(puzzle, v) for v, _ in (*step.placements, *step.eliminations)}
    digits = {str(x) for _, x in (*step.placements, *step.eliminations)}
    return sorted((cells | digits) & words)


def _levels(case):
    puzzle, state = position(case)
    _, step = next_step(state, SUDOKU.rules, known_unique=True)
    return puzzle, step, hint_levels(SUDOKU, puzzle, step, state)


@pytest.mark.parametrize("case", POSITIONS, ids=[c["rule"] for c in POSITIONS])
def test_level_one_names_the_technique_and_no_cell_or_digit_of_the_conclusion(case):
    puzzle, step, levels = _levels(case)
    (first, look), (second, _), (third, _), (fourth, _) = levels
    assert first.startswith("Look at ") and first.endswith(f": {case['rule']}.")
    assert not _gives_away(first[: -len(case["rule"]) - 3], puzzle, step), first
    assert not {v for v, _ in (*step.placements, *step.eliminations)} & set(look)
    assert fourth == step.explanation
    assert len({first, second, third, fourth}) == 4  # each level says something new


@pytest.mark.parametrize(
    "case", [c for c in POSITIONS if c["rule"] not in ("BUG+1",)], ids=lambda c: c["rule"]
)
def test_level_three_names_the_cells_a_chain_or_pattern_rests_on(case):
    puzzle, step, levels = _levels(case)
    third, involved = levels[2]
    changed = {v for v, _ in (*step.placements, *step.eliminations)}
    linked = {v for link in step.links for v in link} - changed
    assert linked <= set(involved)
    assert all(SUDOKU.var_name(puzzle, v) in third for v in linked)


def test_level_three_of_a_loop_names_its_own_cells_not_two_that_hold_the_digits():
    """issue 34: the 10-cell loop that takes 5 from r6c2 said "The pattern: r2c2 and r2c3"
    (the two cells that happened to hold 4 or 5), not the loop."""
    case = next(c for c in POSITIONS if c["rule"] == "Continuous Nice Loop (bilocation)")
    puzzle, step, levels = _levels(case)
    changed = {v for v, _ in step.eliminations}
    loop = [SUDOKU.var_name(puzzle, v) for link in step.links for v in link if v not in changed]
    pattern = levels[2][0].split(". It rules out")[0]
    assert pattern.startswith("The pattern rests on ") and len(set(loop)) >= 4
    assert all(name in pattern for name in loop)


def test_a_naked_single_is_found_in_its_box_and_settled_at_level_three(capsys):
    """issue 34: level 1 said "Look at r1c9" for the single that level 3 settles."""
    puzzle = SUDOKU.parse(EASY)
    state = SUDOKU.initial_state(puzzle)
    from deduce.rules.sudoku.singles import naked_singles

    step = next(iter(naked_singles(state)))
    ((cell, digit),) = step.placements
    texts = [t for t, _ in hint_levels(SUDOKU, puzzle, step, state)]
    assert texts[0] == f"Look at box {puzzle.geo.box_of(cell) + 1}: naked single."
    assert texts[1] == f"It is about {digit}."
    assert texts[2] == f"It settles {SUDOKU.var_name(puzzle, cell)}."


@pytest.mark.parametrize("example", ["numbrix", "hidato", "signpost", "path", "nonogram"])
def test_level_one_of_every_family_names_no_cell_the_step_settles(capsys, example):
    path = Path(__file__).resolve().parents[2] / "deduce" / "examples" / f"{example}.txt"
    result = deduce.solve(path.read_text())
    fam, data = result.puzzle.family, result.puzzle.data
    state = fam.initial_state(data)
    step = next(s for s in result.log if s.kind == "deduction")
    first = hint_levels(fam, data, step, state)[0][0]
    settled = {fam.var_name(data, v) for v, _ in step.placements}
    assert not any(name in first for name in settled), first
