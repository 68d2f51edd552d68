"""Jigsaw Sudoku: its text forms, its regions read by Sudoku's rules (pointing over an
irregular region), bad input named, and (with ../shared/corpora) every corpus puzzle solved
to its known solution with every rule checked against it."""

from __future__ import annotations

import json

import pytest

import deduce
from deduce.cli import main
from deduce.errors import ParseError
from deduce.inputs import records
from deduce.puzzles.jigsaw import text
from deduce.puzzles.sudoku.solo import solo_block_map, solo_regions
from deduce.rules.jigsaw import REGION_SINGLE, RULES
from deduce.rules.jigsaw.leftovers import MOST, law_of_leftovers, leftovers
from deduce.show.techniques import PAGES
from deduce.testing import assert_sound, assert_sound_at_stalls
from tests.conftest import corpus_file, fixture_file
from tests.puzzles import EASY

JIGSAW = deduce.get_family("jigsaw")

# janko.at "Chaos" Sudoku 037 (janko_jigsaw_third.jsonl): region 1 runs down column 1.
JANKO_037 = json.dumps(
    {
        "size": [6, 6],
        "givens": [[6, 0, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 4, 0, 2, 0],
                   [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 3], [0, 0, 0, 5, 0, 0]],
        "regions": [[1, 3, 4, 5, 5, 5], [1, 3, 4, 4, 5, 5], [1, 3, 3, 4, 4, 5],
                    [1, 3, 3, 6, 4, 6], [1, 1, 2, 6, 6, 6], [2, 2, 2, 2, 2, 6]],
    }
)  # fmt: skip
JANKO_037_TEXT = """\
6.1...
......
..4.2.
......
.....3
...5..

ACDEEE
ACDDEE
ACCDDE
ACCFDF
AABFFF
BBBBBF
"""


def test_the_json_line_and_the_letter_map_read_the_same_puzzle():
    a, b = JIGSAW.parse(JANKO_037), JIGSAW.parse(JANKO_037_TEXT)
    assert a.givens == b.givens and a.geo == b.geo
    # written with no blank line inside, so a file of several reads back whole
    assert text.to_text(a) == JANKO_037_TEXT.replace("\n\n", "\n")
    assert JIGSAW.parse(text.to_json(b)).geo == a.geo
    assert JIGSAW.format(b) == text.to_text(a)  # written back in the form it came in


def test_the_family_is_told_from_the_fields():
    assert deduce.load(JANKO_037).family.name == "jigsaw"
    assert deduce.load(JANKO_037_TEXT).family.name == "jigsaw"


def test_pointing_reads_a_region_that_meets_a_column_in_four_cells():
    log = deduce.solve(JANKO_037, "jigsaw").log
    step = next(s for s in log.steps if s.rule == "pointing")
    assert step.explanation == (
        "In region 1, 3 can only go in column 1 (r2c1, r3c1, r4c1), so it leaves the rest of "
        "column 1: r6c1."
    )
    assert step.eliminations == ((30, 3),)


def test_the_law_of_leftovers_compares_two_innies_with_two_outies():
    log = deduce.solve(JANKO_037, "jigsaw").log
    step = next(s for s in log.steps if s.rule == "law of leftovers")
    assert step.explanation == (
        "Law of leftovers: rows 5-6 hold every digit twice, and so do regions 2 and 6, which "
        "cover them but for r5c1, r5c2 and stick out at r4c4, r4c6; so r5c1, r5c2 hold the "
        "same digits as r4c4, r4c6, and a digit one side cannot hold leaves the other: r4c4 "
        "loses 6, r4c6 loses 6."
    )
    assert step.eliminations == ((21, 6), (23, 6))
    assert step.premises == (24, 25, 21, 23)


# janko.at "Chaos" Sudoku 526: regions 1 and 2 cover rows 1-2 but for r2c3.
JANKO_526 = json.dumps(
    {
        "size": [6, 6],
        "givens": [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [6, 0, 0, 5, 0, 0],
                   [0, 0, 3, 2, 0, 0], [0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 4, 0]],
        "regions": [[1, 1, 1, 1, 2, 2], [1, 1, 3, 2, 2, 2], [4, 3, 3, 3, 5, 2],
                    [4, 3, 3, 6, 5, 5], [4, 6, 6, 6, 5, 5], [4, 4, 4, 6, 6, 5]],
    }
)  # fmt: skip


def test_one_innie_and_one_outie_hold_the_same_digit():
    log = deduce.solve(JANKO_526, "jigsaw").log
    step = next(s for s in log.steps if s.rule == "law of leftovers")
    assert step.explanation == (
        "Law of leftovers: rows 1-2 hold every digit twice, and so do regions 1 and 2, which "
        "cover them but for r2c3 and stick out only at r3c6; so r2c3 and r3c6 hold the same "
        "digit: r2c3 loses 6, r3c6 loses 3."
    )
    assert step.eliminations == ((8, 6), (17, 3))


def test_the_leftovers_of_a_band_are_found_once_from_its_narrowest_side():
    geo = JIGSAW.parse(JANKO_526).geo
    found, touch = leftovers(geo)
    pairs = [(x.band, x.innies, x.outies) for x in found]
    assert ("rows 1-2", (8,), (17,)) in pairs
    # rows 3-6 have the same two cells the other way round: not listed again
    assert not any({x.innies, x.outies} == {(8,), (17,)} for x in found if x.band != "rows 1-2")
    assert all(len(x.innies) == len(x.outies) <= MOST for x in found)
    assert touch[8] & touch[17]


def test_the_law_of_leftovers_is_silent_on_a_sudoku_with_boxes():
    sudoku = deduce.get_family("sudoku")
    state = sudoku.initial_state(sudoku.parse(EASY))
    assert list(law_of_leftovers(state)) == []


def test_the_solution_is_written_in_the_puzzles_form():
    result = deduce.solve(JANKO_037, "jigsaw")
    assert result.status == "unique"
    grid = json.loads(JIGSAW.format_solution(result.puzzle.data, result.solution))["givens"]
    assert grid[0] == [6, 5, 1, 3, 4, 2]


#: Rows as regions, with r1c1 and r3c1 swapped: region 1 in two pieces.
_SPLIT = [[3, 1, 1, 1, 1, 1], [2] * 6, [1, 3, 3, 3, 3, 3], [4] * 6, [5] * 6, [6] * 6]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["regions"][0].__setitem__(0, 2), "region 1 has 5 cells"),
        (lambda d: d.update(regions=_SPLIT), "region 1 is not one connected"),
        (lambda d: d["givens"][0].__setitem__(1, 6), "repeats in row 1"),
        (lambda d: d["givens"][0].__setitem__(1, 9), "is no digit"),
        (lambda d: d.update(size=[6, 7]), "'size' [6, 7]"),
        (lambda d: d.pop("regions"), "needs the fields"),
    ],
)
def test_bad_input_is_named(change, message):
    data = json.loads(JANKO_037)
    change(data)
    with pytest.raises(ParseError, match=message.replace("[", r"\[").replace("]", r"\]")):
        JIGSAW.parse(json.dumps(data))


def test_no_rule_assumes_a_unique_solution():
    # Unique Rectangles argue over two boxes: over irregular regions the swap can break one.
    assert not any(rule.assumes_unique for rule in RULES)


def _corpus() -> list[tuple[str, list[int]]]:
    path = corpus_file("sudoku", "janko_jigsaw_third.jsonl")
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        out.append((line, [v for row in data["solution"] for v in row]))
    return out


@pytest.mark.corpus
@pytest.mark.slow
def test_every_corpus_jigsaw_is_solved_to_its_solution_without_guessing():
    multiple = 0
    for line, solution in _corpus():
        result = deduce.solve(line, "jigsaw")
        if result.status == "multiple":  # the corpus's unmarked Jigsaw-X puzzles
            multiple += 1
            continue
        assert result.status == "unique", line[:40]
        assert result.solution == solution, line[:40]
        assert result.log.guess_count() == 0, line[:40]
    assert multiple == 5


@pytest.mark.corpus
@pytest.mark.slow
def test_every_rule_is_sound_on_every_corpus_jigsaw():
    heavy = [r for r in RULES if r.weight > 2.3]  # all but the singles, asked at each stall
    fired: set[str] = set()
    for line, solution in _corpus():
        fired |= assert_sound_at_stalls(JIGSAW, JIGSAW.parse(line), solution, RULES, heavy)
    assert {
        "pointing",
        "claiming",
        "law of leftovers",
        "X-Wing",
        "XY-Wing",
        "Forcing Chain",
    } <= fired


@pytest.mark.corpus
@pytest.mark.slow
def test_every_rule_is_asked_at_every_state_of_some_corpus_jigsaws():
    for line, solution in _corpus()[::25]:
        assert_sound(JIGSAW, JIGSAW.parse(line), solution)


def _solo_ids() -> list[tuple[str, str]]:
    lines = fixture_file("sudoku/forms/solo_jigsaw.tsv").read_text(encoding="utf-8").splitlines()
    return [tuple(line.split("\t")) for line in lines[1:]]


@pytest.mark.parametrize(("params", "game_id"), _solo_ids())
def test_tathams_jigsaw_ids_are_read_solved_and_written_back(params, game_id):
    result = deduce.solve(game_id)
    assert result.puzzle.family.name == "jigsaw", params
    assert result.status == "unique", params
    assert result.log.guess_count() == 0, params
    assert JIGSAW.format(result.puzzle.data) == game_id
    solved = JIGSAW.parse(JIGSAW.format_solution(result.puzzle.data, result.solution))
    assert list(solved.givens) == result.solution


def test_a_solo_block_map_with_long_runs_reads_back():
    rows = tuple(c // 9 for c in range(81))  # each row a region: 72 inner edges in a row
    spec = solo_block_map(rows, 9)
    assert spec == "zzv" + "_" * 72
    assert solo_regions(spec, 9) == rows


def test_a_bad_solo_jigsaw_is_named():
    with pytest.raises(ParseError, match="bad character '!' at character 2 of the Solo block"):
        JIGSAW.parse("4j:d3_1d3_4d,a!_a_bc_cba")
    five = solo_block_map((0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3), 4)
    with pytest.raises(ParseError, match="jigsaw region 1 has 5 cells"):
        JIGSAW.parse(f"4j:d3_1d3_4d,{five}")


def test_a_file_of_jigsaws_in_any_form_reads_back_as_the_same_puzzles(tmp_path):
    puzzles = [JIGSAW.parse(JANKO_037), JIGSAW.parse(JANKO_037_TEXT.replace("6.1", "..1"))]
    for form in JIGSAW.forms:
        path = tmp_path / f"jigsaws.{form.name}"
        path.write_text("\n\n".join(form.write(p).strip() for p in puzzles) + "\n")
        read = [deduce.load(r.text).data for r in records(str(path))]

        def shapes(found):  # type: ignore[no-untyped-def]
            return [(p.givens, set(p.geo.boxes)) for p in found]  # regions, however numbered

        assert shapes(read) == shapes(puzzles), form.name


def test_the_terminal_grid_walls_the_regions_in_heavy_lines():
    puzzle = JIGSAW.parse(JANKO_037)
    lines = JIGSAW.render(puzzle, JIGSAW.initial_state(puzzle)).plain.splitlines()
    # row 1: regions 1, 3, 4, 5, 5, 5; r1c4 and r2c4 are both region 5, r1c3 and r2c3 not
    assert lines[0] == "┏━━━━━┳━━━━━┳━━━━━┳━━━━━┯━━━━━┯━━━━━┓"
    assert lines[1] == "┃  6  ┃  23 ┃  1  ┃  23 │   3 │  2  ┃"
    assert lines[3] == "┠─────╂─────╂─────╄━━━━━╅─────┼─────┨"
    assert len(lines) == 6 * 3 + 1  # two lines of marks a cell, a wall between rows


def test_the_picture_lays_pencil_marks_in_the_square_the_terminal_uses():
    """A 6x6 jigsaw has no 3x2 boxes to copy: its marks go three a row, as in the terminal
    grid above, not six in one row (the width its Geometry gives a box)."""
    puzzle = JIGSAW.parse(JANKO_037)
    picture = JIGSAW.picture(puzzle, JIGSAW.initial_state(puzzle))
    assert picture.marks_cols == 3


def test_the_region_single_is_named_for_regions_wherever_a_jigsaw_shows_it(capsys):
    names = [rule.name for rule in JIGSAW.rules]
    assert REGION_SINGLE in names and not any("(box)" in name for name in names)
    log = deduce.solve(JANKO_037, "jigsaw").log
    assert {s.rule for s in log.steps if s.region.startswith("region")} >= {REGION_SINGLE}
    assert main(["rules", "jigsaw"]) == 0
    assert "hidden single (region): A digit with one place left in a region." in (
        capsys.readouterr().out
    )
    assert (PAGES / "jigsaw" / "hidden-single-region.html").exists()
    assert not (PAGES / "jigsaw" / "hidden-single-box.html").exists()


def test_search_names_its_region_singles_as_the_rules_do():
    data = json.loads(JANKO_037)
    data["givens"] = [[6, 0, 0, 0, 0, 0]] + [[0] * 6 for _ in range(5)]  # many solutions
    log = deduce.solve(json.dumps(data), "jigsaw", max_nodes=20).log
    searched = {s.rule for s in log.steps if s.depth > 0 and s.kind == "deduction"}
    assert REGION_SINGLE in searched and "hidden single (box)" not in searched


def test_a_jigsaw_id_read_as_a_sudoku_points_to_the_jigsaw_family(capsys):
    game_id = _solo_ids()[0][1]
    assert main(["solve", "--family", "sudoku", game_id]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "read it with --family jigsaw" in err
