"""A collection read back is the same collection, in every family and every form.

For each family and each form ``deduce rules F`` lists, N puzzles (N = 1 and 3) are
generated in that form; ``rate``, ``solve`` and ``check`` must each give N answers and the
puzzles ``rate`` read must be the puzzles generated (compared in a canonical form); ``convert``
into the same form must keep the count and the text. Everything runs in this process, on
small sizes, so the whole matrix takes seconds.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import deduce
from deduce.cli import main
from deduce.errors import DeduceError
from deduce.inputs import records, split_records
from deduce.registry import get_family

#: Small sizes that every form of the family can hold (SudokuWiki, sukaku and HoDoKu lines
#: are 9x9 forms).
SIZES = {
    "sudoku": "9x9",
    "signpost": "4x4",
    "path": "4x4",
    "numbrix": "4x4",
    "hidato": "4x4",
    "nonogram": "5x5",
}

PAIRS = [(name, form.name) for name in SIZES for form in get_family(name).forms]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    out, _ = capsys.readouterr()
    return status, out


def canonical(text: str, family: str) -> Any:
    """What makes a puzzle the puzzle it is, whatever form it was written in: the solution
    it has and what the solve starts from (the givens, or a position's candidates)."""
    result = deduce.solve(deduce.load(text, family))
    puzzle = result.puzzle
    fam = puzzle.family
    start = fam.initial_state(puzzle.data)
    return result.solution_text, start.domains if hasattr(start, "domains") else None


def answers(solved: str, multi: bool) -> int:
    """How many solutions ``solve`` printed: drawings of several lines between blank lines,
    or one a line."""
    if multi:
        return len([block for block in solved.split("\n\n") if block.strip()])
    return len(solved.splitlines())


def test_every_family_lists_forms():
    assert len(PAIRS) >= 23


@pytest.mark.parametrize("count", [1, 3])
@pytest.mark.parametrize(("family", "form"), PAIRS)
def test_a_collection_reads_back_as_the_same_collection(capsys, tmp_path, family, form, count):
    size = ("--size", SIZES[family])
    base = ("generate", family, "--count", str(count), "--seed", "21", *size)
    status, plain = run(capsys, *base)
    assert status == 0
    status, written = run(capsys, *base, "--output-format", form)
    assert status == 0
    path = tmp_path / f"collection.{form}"
    path.write_text(written, encoding="utf-8")
    named = ()  # every form says its family (a hole-free Hidato grid by its hidato: mark)

    status, rated = run(capsys, "rate", str(path), "--format", "jsonl", "--jobs", "1", *named)
    rows = [json.loads(line) for line in rated.splitlines()]
    assert status == 0, rows
    assert len(rows) == count
    wanted = [canonical(line, family) for line in plain.splitlines()]
    assert [canonical(row["puzzle"], family) for row in rows] == wanted

    status, converted = run(capsys, "convert", str(path), "--to", form, *named)
    assert status == 0 and converted == written

    status, solved = run(capsys, "solve", str(path), "--jobs", "1", *named)
    assert status == 0
    assert answers(solved, multi="\n" in split_records(written)[0].text) == count

    status, checked = run(capsys, "check", str(path), "--jobs", "1", *named)
    assert status == 0
    assert checked.count("unique solution") == count


def test_a_webpbn_collection_is_one_puzzleset(capsys):
    _, written = run(
        capsys, "generate", "nonogram", "--count", "3", "--seed", "21", "--size", "5x5",
        "--output-format", "webpbn",
    )  # fmt: skip
    assert written.count("<puzzleset>") == 1 and written.count("<puzzle ") == 3


def test_multi_line_puzzles_are_set_apart_by_a_blank_line(capsys):
    _, written = run(
        capsys, "generate", "sudoku", "--count", "2", "--seed", "21", "--output-format", "grid"
    )
    first, second = written.split("\n\n")
    assert first.count("\n") == 10 and second.count("\n") == 11


def test_a_dot_non_text_with_blank_lines_inside_is_one_puzzle_among_several(tmp_path):
    one = "width 2\nheight 2\n\nrows\n1\n2\n\ncolumns\n2\n1\n"
    found = split_records(one + "\n" + one.replace("rows\n1\n2", "rows\n2\n1"))
    assert [r.where for r in found] == ["line 1", "line 12"]
    assert [deduce.solve(r.text).solution_text for r in found] == ["#./##", "##/#."]


def test_links_are_one_puzzle_a_line(capsys, tmp_path):
    _, links = run(
        capsys, "generate", "sudoku", "--count", "3", "--seed", "5", "--output-format", "puzzlink"
    )
    found = split_records(links)
    assert len(found) == 3 and all(r.text.startswith("https://puzz.link/") for r in found)


def test_family_named_on_the_command_line_reads_a_line_with_slashes(capsys):
    assert run(capsys, "solve", "--family", "hidato", "1/0/3") == (0, "1/2/3\n")
    with pytest.raises(DeduceError, match=r"^no such file: 1/0/3$"):
        list(records("1/0/3", "signpost"))


def test_a_file_of_hidato_lines_with_the_family_named_is_one_puzzle_a_line(tmp_path):
    path = tmp_path / "hidato.txt"
    path.write_text("1 0 0/0 0 0/0 0 9\n9 0 0/0 0 0/0 0 1\n", encoding="utf-8")
    assert [r.where for r in split_records(path.read_text(), "hidato")] == ["line 1", "line 2"]


def test_a_bad_block_does_not_swallow_the_good_puzzles_after_it():
    good = "\n".join(["1 2 | 3 4", "3 4 | 1 2", "----+----", "2 1 | 4 3", "4 3 | 2 ."])
    found = split_records(f"{good}\n\n1 2\n3 x\n\n{good}\n")
    assert [r.where for r in found] == ["line 1", "line 7", "line 8", "line 10"]
    with pytest.raises(DeduceError):
        deduce.load(found[2].text)
    assert deduce.solve(found[3].text).status == "unique"


def test_convert_into_webpbn_and_back_keeps_the_count(capsys, tmp_path):
    path = Path(tmp_path / "three.txt")
    _, lines = run(capsys, "generate", "nonogram", "--count", "3", "--seed", "4", "--size", "5x5")
    path.write_text(lines, encoding="utf-8")
    _, xml = run(capsys, "convert", str(path), "--to", "webpbn")
    (tmp_path / "three.xml").write_text(xml, encoding="utf-8")
    _, back = run(capsys, "convert", str(tmp_path / "three.xml"), "--to", "json")
    assert len(back.splitlines()) == 3


def test_comment_lines_above_a_grid_are_no_part_of_it():
    grid = "\n".join(["1 2 | 3 4", "3 4 | 1 2", "----+----", "2 1 | 4 3", "4 3 | 2 ."])
    found = split_records(f"# first\n{grid}\n\n// second\n% more\n{grid}\n")
    assert [(r.where, r.text) for r in found] == [("line 2", grid), ("line 10", grid)]


def test_solutions_written_as_webpbn_are_one_puzzleset(capsys, tmp_path):
    path = tmp_path / "three.txt"
    _, lines = run(capsys, "generate", "nonogram", "--count", "3", "--seed", "4", "--size", "5x5")
    path.write_text(lines, encoding="utf-8")
    _, xml = run(capsys, "solve", str(path), "--jobs", "1", "--output-format", "webpbn")
    assert xml.count("<puzzleset>") == 1 and xml.count('<solution type="goal">') == 3
    found = split_records(xml)
    assert len(found) == 3 and all(deduce.load(r.text).data.goal for r in found)
    solved = [deduce.solve(line).solution_text for line in lines.splitlines()]
    assert [deduce.solve(r.text).solution_text for r in found] == solved


def test_a_hole_free_hidato_grid_carries_its_mark_and_reads_back_as_hidato(capsys):
    status, out = run(capsys, "convert", "--family", "hidato", "--to", "grid", "1 0 3/0 0 0/0 0 9")
    assert status == 0
    assert out.splitlines()[0] == "hidato:"
    assert deduce.load(out).family.name == "hidato"
    assert deduce.load("hidato: 1 0 3/0 0 0/0 0 9").family.name == "hidato"
    assert deduce.load("1 0 3/0 0 0/0 0 9").family.name == "numbrix"
    with pytest.raises(deduce.ParseError, match="its hidato: mark says so"):
        deduce.load("hidato: 1 0 3/0 0 0/0 0 9", "numbrix")
