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
from tests.test_engine import EASY, EASY_SOLUTION


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
    assert status == 0 and first == "Look at box 1." and second.startswith("Technique:")
    box = {f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)}
    named = {name for name in box if name in third}
    assert named == {"r2c2"}  # the cell it settles, and no other cell of the box
    assert "6" not in third  # the value it places is level 4's (issue 17, item 9)


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
    assert hint.level == 2 and hint.texts == ("Look at box 1.", "Technique: hidden single (box).")
    assert set(hint.names[0]) == {f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)}
    full = deduce.hint(EASY)
    assert full.texts[3] == "In box 1, 6 fits only in r2c2, so r2c2 = 6."
    assert full.names[2] == tuple(full.names[0])  # the box, the settled cell among them
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
    from tests.test_engine import HARD

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
    path = str(Path(__file__).parent.parent / "deduce" / "examples" / example)
    _, three, _ = run(capsys, "hint", path, "--level", "3")
    _, four, _ = run(capsys, "hint", path, "--level", "4")
    assert three.splitlines()[2] == f"It settles {settled}."
    assert shown in four and shown not in three
