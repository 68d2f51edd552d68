"""Killer Sudoku: the JSON form, the cage rules on positions worked by hand, and the whole
family on Janko's Killer Sudoku (soundness against the site's solutions, logs true when read)."""

from __future__ import annotations

import json

import pytest

import deduce
from deduce.cli import main
from deduce.errors import ParseError
from deduce.registry import get_family
from deduce.rules.killer import CAGES
from deduce.rules.killer.cages import cage_unit_interaction
from deduce.rules.killer.innies import areas, rule_of_45
from deduce.rules.killer.overlap import cage_must_contain
from deduce.rules.killer.splitting import cage_splitting
from deduce.rules.killer.sums import fillings
from deduce.testing import assert_sound, assert_sound_at_stalls, problems
from tests.conftest import corpus_file, fixture_file

KILLER = get_family("killer")
FIXTURES = fixture_file("killer/janko_killer.jsonl").read_text().splitlines()


def killer(cages: dict[int, list[int]], n: int = 4) -> str:
    """A Killer JSON line with no givens: total -> flat cells (one cage per total)."""
    return json.dumps(
        {
            "size": [n, n],
            "cages": [
                {"sum": t, "cells": [list(divmod(c, n)) for c in cells]}
                for t, cells in cages.items()
            ],
        }
    )


def solution_of(line: str) -> list[int]:
    return [v for row in json.loads(line)["solution"] for v in row]


def test_fillings_count_every_way_to_reach_the_total():
    any_digit = 0b1111111110
    assert fillings([any_digit] * 2, 3).combinations == (0b110,)
    assert fillings([any_digit] * 2, 17).support == (0b1100000000, 0b1100000000)
    nine = fillings([any_digit] * 9, 45)
    assert nine.combinations == (any_digit,) and nine.support == (any_digit,) * 9
    # r1c1 in {3, 4}: 10 in two cells leaves the other {6, 7}
    assert fillings([0b11000, any_digit], 10).support == (0b11000, 0b11000000)
    # two cells that may repeat (innies in different units): 4 = 1+3, 2+2, 3+1
    assert fillings([any_digit] * 2, 4, distinct=False).support == (0b1110, 0b1110)


def test_the_json_form_round_trips_and_is_detected():
    for line in FIXTURES:
        puzzle = KILLER.parse(line)
        assert KILLER.parse(KILLER.format(puzzle)) == puzzle
        result = deduce.solve(line)
        assert result.puzzle.family.name == "killer"
        assert result.solutions == [solution_of(line)]


def test_the_typed_cage_list_reads_as_the_json_does():
    for line in FIXTURES:
        puzzle = KILLER.parse(line)
        typed = KILLER.form("cages").write(puzzle)
        assert KILLER.parse(typed) == puzzle
        assert KILLER.parse(KILLER.form("json").write(puzzle)) == puzzle
    given = "1...\n....\n....\n....\n3 = r1c1 r1c2\n7 = r1c3, r1c4"
    puzzle = KILLER.parse(given)
    assert puzzle.givens[0] == 1 and [c.cells for c in puzzle.cages] == [(0, 1), (2, 3)]
    assert KILLER.form("cages").write(puzzle) == given.replace(",", "")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"size": [9, 9], "cages": [{"sum": 3, "cells": [[0, 0], [0, 9]]}]}', "bad cell"),
        ('{"size": [5, 5], "cages": []}', "Killer sides are 4, 6, 8 or 9"),
        ('{"size": [4, 4], "cages": [{"sum": 8, "cells": [[0, 0], [0, 1]]}]}', "no sum of 2"),
        (killer({3: [0, 1], 4: [1, 2]}), "cages 1 and 2 both hold r1c2"),
        ('{"size": [4, 4], "cages": 3}', "needs a 'cages' list"),
        ("3 = r1c1 r1c2\nnot a cage", "line 2: expected a cage such as"),
        ("..x.\n3 = r1c1 r1c2", "line 1: 'x' is neither a digit"),
        ("3 = r1c1 r10c2", "beyond a 9x9 Killer"),
    ],
)
def test_bad_killer_text_is_named(text, message):
    with pytest.raises(ParseError, match=message):
        KILLER.parse(text)


def test_a_cage_combination_keeps_what_its_fillings_use():
    puzzle = KILLER.parse(killer({3: [0, 1], 7: [2, 3]}))
    state = KILLER.initial_state(puzzle)
    step = next(CAGES[0].rule.find(state))
    assert step.explanation == (
        "The 3-cage at r1c1 can only be 1+2 with the candidates left: r1c1 and r1c2 lose 3 and 4."
    )
    assert step.eliminations == ((0, 3), (0, 4), (1, 3), (1, 4))


def test_the_rule_of_45_fixes_a_single_innie_and_sums_two():
    # Row 1 of a 4x4 adds up to 10; the 6-cage inside it leaves r1c4, which must be 4.
    state = KILLER.initial_state(KILLER.parse(killer({6: [0, 1, 2], 7: [3, 7]})))
    step = next(rule_of_45(state, sizes=(1,)))
    assert step.explanation == (
        "Rule of 45: row 1 adds up to 10 and the cages wholly inside it to 6, so what is "
        "left, r1c4, is 4: r1c4 loses 1-3."
    )
    assert step.eliminations == ((3, 1), (3, 2), (3, 3))
    # The 3-cage in row 1 leaves r1c3 and r1c4 adding up to 7 (3+4), in one row: distinct.
    state = KILLER.initial_state(KILLER.parse(killer({3: [0, 1], 5: [2, 6], 6: [3, 7]})))
    step = next(rule_of_45(state, sizes=(2, 3)))
    assert step.explanation == (
        "Rule of 45: row 1 adds up to 10 and the cages wholly inside it to 3, so what is "
        "left, r1c3, r1c4, add up to 7: r1c3 and r1c4 lose 1 and 2."
    )


def test_the_rule_of_45_reads_two_neighbouring_boxes_of_a_stack():
    # 6x6, boxes 3 wide: boxes 1 and 3 (rows 1-4, columns 1-3) add up to 42; box 1 alone and
    # box 3 alone each leave more than one cell, the two together only r4c3.
    cages = {15: [0, 1, 2], 10: [6, 7, 8, 12], 14: [13, 14, 18, 19], 7: [20, 21]}
    state = KILLER.initial_state(KILLER.parse(killer(cages, n=6)))
    steps = [s for s in rule_of_45(state, sizes=(1,)) if s.region.startswith("boxes")]
    assert steps[0].explanation == (
        "Rule of 45: boxes 1 and 3 add up to 42 and the cages wholly inside them to 39, so "
        "what is left, r4c3, is 3: r4c3 loses 1, 2 and 4-6."
    )
    assert steps[0].eliminations == ((20, 1), (20, 2), (20, 4), (20, 5), (20, 6))


def test_the_box_unions_of_a_9x9_are_pairs_and_triples_short_of_a_band():
    puzzle = KILLER.parse(killer({45: list(range(9))}, n=9))
    unions = [name for name, _ in areas(puzzle) if name.startswith("boxes")]
    assert unions[:2] == ["boxes 1 and 2", "boxes 2 and 3"]
    assert "boxes 1 and 4" in unions and "boxes 6 and 9" in unions
    assert len(unions) == 12  # 6 bands and stacks, 2 pairs each: 3 boxes are 3 lines


def test_cage_splitting_sums_the_rest_of_a_cage_the_rule_of_45_cuts():
    # Row 1 adds up to 10; the 3-cage leaves r1c3 and r1c4, both in the 10-cage of box 2:
    # they add up to 7, so the rest of that cage to 3, which only 1+2 makes.
    state = KILLER.initial_state(KILLER.parse(killer({3: [0, 1], 10: [2, 3, 6, 7]})))
    step = next(cage_splitting(state))
    assert step.explanation == (
        "Cage splitting: row 1 adds up to 10 and the cages wholly inside it to 3, so what is "
        "left, r1c3, r1c4, add up to 7; so the rest of the 10-cage at r1c3 (r2c3, r2c4) adds "
        "up to 3: r1c3 and r1c4 lose 1 and 2, r2c3 and r2c4 lose 3 and 4."
    )
    assert step.eliminations == ((2, 1), (2, 2), (3, 1), (3, 2), (6, 3), (6, 4), (7, 3), (7, 4))


def test_a_split_cage_keeps_only_fillings_with_both_parts_totals():
    # Two cells of any digit adding up to 15, two more to 6, all four distinct: the
    # second pair loses 3 (3+3 repeats), which neither total nor the cage's 21 says alone.
    high, anything = 0b1111000000, 0b1111111110
    assert fillings([high, high, anything, anything], 21).support[2] == 0b111110
    split = fillings([high, high, anything, anything], 21, split=(2, 15))
    assert split.support[2:] == (0b110110, 0b110110)


def test_a_digit_a_unit_can_only_put_in_one_cage_is_held_there():
    # The 4 at r2c3 leaves row 1 (and box 1) only r1c1 and r1c2 for a 4, both in the
    # 5-cage, which must then be 1+4.
    line = json.loads(killer({5: [0, 1]}))
    line["givens"] = [[0, 0, 0, 0], [0, 0, 4, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    state = KILLER.initial_state(KILLER.parse(json.dumps(line)))
    steps = list(cage_must_contain(state))
    assert steps[0].explanation == (
        "In row 1, 4 can only go in r1c1, r1c2, all in the 5-cage at r1c1: the cage holds 4 "
        "there, so it can only be 1+4: r1c1 and r1c2 lose 2 and 3."
    )
    assert [s.region for s in steps] == ["row 1", "box 1"]
    assert steps[0].eliminations == ((0, 2), (0, 3), (1, 2), (1, 3))


def test_a_digit_a_cage_needs_leaves_the_rest_of_the_unit_it_is_confined_to():
    puzzle = KILLER.parse(killer({3: [0, 4]}))
    steps = list(cage_unit_interaction(KILLER.initial_state(puzzle)))
    assert steps[0].explanation == (
        "Every filling of the 3-cage at r1c1 uses 1, and in it 1 can only go in r1c1, r2c1, "
        "all in column 1: the rest of column 1 cannot be 1 (r3c1 and r4c1 lose 1)."
    )
    assert steps[0].eliminations == ((8, 1), (12, 1))
    assert {s.region for s in steps} == {"column 1", "box 1"}


def test_uniqueness_rules_are_left_out():
    # Their argument swaps two digits between cells, which a cage's total can forbid.
    assert not [r.name for r in KILLER.rules if r.assumes_unique]


@pytest.mark.parametrize("line", FIXTURES, ids=lambda line: json.loads(line)["name"])
def test_every_rule_is_sound_and_every_step_true_on_the_fixtures(line):
    puzzle, solution = KILLER.parse(line), solution_of(line)
    cheap = [t.rule for t in CAGES] + [r for r in KILLER.rules if r.weight < 3.0]
    assert_sound(KILLER, puzzle, solution, rules=cheap)
    result = deduce.solve(line, KILLER)
    assert problems(KILLER, puzzle, result.log) == []


def test_rate_reads_killer_lines_with_or_without_the_family(capsys, tmp_path):
    path = tmp_path / "killers.jsonl"
    path.write_text("\n".join(FIXTURES) + "\n")
    for extra in ([], ["--family", "killer"]):
        assert main(["rate", "--format", "jsonl", *extra, str(path)]) == 0
        records = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
        assert [r["status"] for r in records] == ["unique"] * len(FIXTURES)
        assert {r["family"] for r in records} == {"killer"}


def _corpus() -> list[str]:
    return corpus_file("sudoku", "janko_killer_third.jsonl").read_text().splitlines()


def _diagonals_distinct(rows: list[list[int]]) -> bool:
    n = len(rows)
    return all(len({rows[i][f(i)] for i in range(n)}) == n for f in (int, lambda i: n - 1 - i))


@pytest.mark.corpus
@pytest.mark.slow
def test_janko_killers_are_solved_and_every_cage_rule_is_sound_on_them():
    """Every corpus Killer: the site's solution found, the cage rules asked at every stall
    (beyond the rules' reach too, by writing in the solution) never remove a true digit."""
    guessed = 0
    fired: set[str] = set()
    for line in _corpus():
        puzzle, solution = KILLER.parse(line), solution_of(line)
        cages = [t.rule for t in CAGES]
        fired |= assert_sound_at_stalls(KILLER, puzzle, solution, KILLER.rules, cages)
        result = deduce.solve(line, KILLER)
        assert solution in result.solutions or result.status == "multiple", line
        if result.status == "multiple":
            # A few of Janko's are Killer-X (both diagonals too), which the file does not mark.
            assert _diagonals_distinct(json.loads(line)["solution"]), line
        guessed += result.effort.guesses > 0
    assert guessed <= 8  # of 270: 4 today
    assert {t.name for t in CAGES} <= fired


@pytest.mark.corpus
def test_janko_killer_logs_are_true_when_read():
    for line in _corpus()[::9]:
        puzzle = KILLER.parse(line)
        result = deduce.solve(line, KILLER)
        assert problems(KILLER, puzzle, result.log) == [], line


def test_the_terminal_grid_walls_the_cages_and_writes_their_totals():
    # the 3-cage r1c1-r1c2 in box 1; the 7-cage r1c3, r2c3 and r2c2 over boxes 1 and 2
    puzzle = KILLER.parse(killer({3: [0, 1], 7: [2, 6, 5]}))
    lines = KILLER.render(puzzle, KILLER.initial_state(puzzle)).plain.splitlines()
    assert lines[0] == "┏3━━━━━━━━┳7━━━┯━━━━┓"  # no wall inside the 3-cage, a total on each
    assert lines[1] == "┃ 12   12 ┃ 12 │ 12 ┃"
    assert lines[3] == "┠────┬────┨    ├────┨"  # none between r1c3 and r2c3, both 7-cage
    assert lines[6] == "┣━━━━┿━━━━╋━━━━┿━━━━┫"  # boxes heavy
