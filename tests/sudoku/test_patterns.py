"""The middle band (wings, single-digit patterns, uniqueness techniques): each on SudokuWiki's
worked example of it, before anything harder; the uniqueness rules used only for a puzzle known
to have one solution; hand-made positions with the exact conclusion; soundness on real puzzles.

The positions where each rule is the easiest that makes progress, with its exact conclusion,
are tested in test_chains.py (tests/fixtures/sudoku/rule_positions.jsonl).
"""

from __future__ import annotations

import csv

import pytest

import deduce
from deduce import solving
from deduce.engine import apply_step, propagate
from deduce.rules.sudoku import NONLOCAL_RULES, PATTERN_RULES, RULES
from deduce.rules.sudoku.lengths import length_increment
from deduce.rules.sudoku.single_digit import (
    empty_rectangles,
    skyscrapers,
    turbot_fish,
    two_string_kites,
)
from deduce.rules.sudoku.uniqueness import bug_plus_one, type_1, type_4
from deduce.rules.sudoku.wings import w_wings, xy_wings, xyz_wings
from deduce.search import search
from deduce.step import Log
from deduce.testing import assert_sound_at_stalls
from tests.conftest import fixture_file
from tests.sudoku.grids import corpus_lines

SUDOKU = deduce.get_family("sudoku")
WEIGHTS = {r.name: r.weight for r in RULES}

with fixture_file("sudoku/sudokuwiki_examples.tsv").open(newline="") as f:
    EXAMPLES = {
        row["technique_example"]: row["puzzle"] for row in csv.DictReader(f, delimiter="\t")
    }

#: (rule, SudokuWiki example page): the page's example uses the rule, and nothing harder first.
ON_THEIR_EXAMPLE = [
    ("XY-Wing", "ywing"),
    ("XYZ-Wing", "xyzwing-1"),
    ("XYZ-Wing", "xyzwing-2"),
    ("Unique Rectangle type 1", "uniquerectangles-1"),
    ("Unique Rectangle type 1", "uniquerectangles-9"),
    ("Unique Rectangle type 2", "uniquerectangles-2"),
    ("Unique Rectangle type 2", "uniquerectangles-4"),
    ("Unique Rectangle type 4", "uniquerectangles-8"),
    ("BUG+1", "BUG-2"),
]


@pytest.mark.parametrize(("rule", "label"), ON_THEIR_EXAMPLE)
def test_a_technique_fires_on_its_sudokuwiki_example_before_anything_harder(rule, label):
    result = deduce.solve(EXAMPLES[label], "sudoku")
    assert result.status == "unique" and result.solved_by_rules
    steps = result.log.deductions()
    first = next(i for i, s in enumerate(steps) if s.rule == rule)
    assert all(WEIGHTS[s.rule] <= WEIGHTS[rule] for s in steps[:first])


# --- the uniqueness techniques assume one solution, and only when it is known -----------------


def _grid(text: str, rows: list[str]):
    """The state of ``text`` with the candidates of a 9-line grid (``.`` for a placed cell)."""
    state = SUDOKU.initial_state(SUDOKU.parse(text))
    tokens = " ".join(rows).split()
    for cell, token in enumerate(tokens):
        if token != "." and not state.fixed[cell]:
            state.domains[cell] = sum(1 << int(ch) for ch in token)
    return state


def test_the_engine_uses_a_uniqueness_rule_only_when_told_the_puzzle_is_unique():
    text = EXAMPLES["uniquerectangles-1"]
    state = SUDOKU.initial_state(SUDOKU.parse(text))
    log = Log("sudoku", text)
    propagate(SUDOKU, state, log, SUDOKU.rules)
    assert not any(s.rule.startswith("Unique Rectangle") for s in log.steps)
    state = SUDOKU.initial_state(SUDOKU.parse(text))
    log = Log("sudoku", text)
    propagate(SUDOKU, state, log, SUDOKU.rules, known_unique=True)
    assert any(s.rule == "Unique Rectangle type 1" for s in log.steps)


def test_solve_keeps_the_uniqueness_steps_of_a_puzzle_with_one_solution():
    result = deduce.solve(EXAMPLES["uniquerectangles-1"], "sudoku")
    assert result.status == "unique"
    used = [s for s in result.log.steps if s.rule.startswith("Unique Rectangle")]
    assert used and all(s.explanation.startswith("The puzzle has one solution") for s in used)


def test_solve_drops_them_for_a_puzzle_with_several_solutions():
    """SudokuWiki's first Unique Rectangle example with its r2c2 clue removed: two solutions.
    Assuming one, the rules would use the rectangle; solve finds out and does without."""
    text = EXAMPLES["uniquerectangles-1"]
    several = text[:10] + "." + text[11:]
    puzzle = solving.Puzzle.read(SUDOKU, several)
    assert not solving.has_one_solution(puzzle)
    state = SUDOKU.initial_state(puzzle.data)
    assumed = Log("sudoku", several)
    propagate(SUDOKU, state, assumed, SUDOKU.rules, known_unique=True)
    assert any(s.rule == "Unique Rectangle type 1" for s in assumed.steps)
    result = deduce.solve(several, "sudoku")
    assert result.status == "multiple"
    assert not any(r.assumes_unique and r.name in {s.rule for s in result.log.steps} for r in RULES)


def test_hint_gives_a_uniqueness_step_for_a_unique_puzzle():
    """From the grid just before the log's rectangle, the hint is the rectangle."""
    text = EXAMPLES["uniquerectangles-2"]
    result = deduce.solve(text, "sudoku")
    at = next(i for i, s in enumerate(result.log.steps) if s.rule == "Unique Rectangle type 2")
    state = SUDOKU.initial_state(SUDOKU.parse(text))
    for step in result.log.steps[:at]:
        apply_step(SUDOKU, state, step)
    progress = " ".join("".join(str(v) for v in range(1, 10) if d >> v & 1) for d in state.domains)
    assert deduce.hint(text, progress, family="sudoku").step == result.log.steps[at]


# --- hand-made positions ---------------------------------------------------------------------


def test_xy_wing_exact_conclusion():
    """r1c1 holds 1|2 and sees r1c5 (1|3) and r4c1 (2|3): 3 leaves r4c5, which sees both."""
    state = SUDOKU.initial_state(SUDOKU.parse("." * 81))
    state.domains[0], state.domains[4], state.domains[27] = 0b110, 0b1010, 0b1100
    (step,) = list(xy_wings(state))
    assert step.eliminations == ((31, 3),)
    assert step.explanation == (
        "r1c1 holds only 1 or 2 and sees r1c5 (1 or 3) and r4c1 (2 or 3): if r1c1 is 1, r1c5 is "
        "3; if it is 2, r4c1 is 3. So 3 is in r1c5 or r4c1 and leaves the cells that see both: "
        "r4c5≠3."
    )
    assert step.links == ((0, 4), (0, 27)) and step.link_labels == ("1", "2")


def test_xyz_wing_exact_conclusion():
    """r1c1 holds 1|2|3, r1c2 1|3 and r2c1 2|3: 3 leaves the rest of box 1 (the cells that see
    all three)."""
    state = SUDOKU.initial_state(SUDOKU.parse("." * 81))
    state.domains[0], state.domains[1], state.domains[9] = 0b1110, 0b1010, 0b1100
    (step,) = list(xyz_wings(state))
    assert step.eliminations == ((2, 3), (10, 3), (11, 3), (18, 3), (19, 3), (20, 3))
    assert step.explanation == (
        "r1c1 holds only 1, 2 or 3 and sees r1c2 (1 or 3) and r2c1 (2 or 3): if r1c1 is 1, r1c2 "
        "is 3; if it is 2, r2c1 is 3. So 3 is in one of the three and leaves the cells that see "
        "all three: r1c3≠3, r2c2≠3, r2c3≠3, r3c1≠3, r3c2≠3, r3c3≠3."
    )


def test_w_wing_exact_conclusion():
    """r1c1 and r9c9 hold only 4|8; in row 5, 4 goes only in r5c1 or r5c9: 8 leaves r1c9, r9c1."""
    state = SUDOKU.initial_state(SUDOKU.parse("." * 81))
    state.domains[0] = state.domains[80] = (1 << 4) | (1 << 8)
    for cell in range(37, 44):
        state.domains[cell] &= ~(1 << 4)
    (step,) = list(w_wings(state))
    assert step.premises == (0, 36, 44, 80)
    assert step.eliminations == ((8, 8), (72, 8))
    assert step.explanation == (
        "r1c1 and r9c9 both hold only 4 or 8. In row 5, 4 can only go in r5c1 or r5c9, which "
        "see r1c1 and r9c9 in turn, so r1c1 and r9c9 cannot both be 4: one of them is 8, and 8 "
        "leaves the cells that see both: r1c9≠8, r9c1≠8."
    )


def test_skyscraper_exact_conclusion():
    """7 only in r1c1, r1c5 (row 1) and r9c1, r9c6 (row 9): r1c1 and r9c1 share column 1, so 7
    is in r1c5 or r9c6 and leaves r2c6, r3c6, r7c5, r8c5."""
    state = SUDOKU.initial_state(SUDOKU.parse("." * 81))
    for row, keep in ((0, (0, 4)), (8, (72, 77))):
        for cell in range(row * 9, row * 9 + 9):
            if cell not in keep:
                state.domains[cell] &= ~(1 << 7)
    (step,) = list(skyscrapers(state))
    assert step.premises == (4, 0, 72, 77)
    assert step.eliminations == ((14, 7), (23, 7), (58, 7), (67, 7))
    assert step.explanation == (
        "In row 1, 7 can only go in r1c5 or r1c1; in row 9, only in r9c6 or r9c1. r1c1 and "
        "r9c1 share column 1, so they are not both 7: 7 is in r1c5 or r9c6, and leaves the "
        "cells that see both: r2c6≠7, r3c6≠7, r7c5≠7, r8c5≠7."
    )
    assert not list(two_string_kites(state)) and not list(turbot_fish(state))


def test_empty_rectangle_exact_conclusion():
    """In box 1, 5 lies only in row 2 and column 2 (the corners are out); column 7 holds 5
    only in r2c7 and r8c7: r8c2 cannot be 5."""
    state = SUDOKU.initial_state(SUDOKU.parse("." * 81))
    for cell in (0, 2, 18, 20):  # the corners of box 1
        state.domains[cell] &= ~(1 << 5)
    for r in range(9):
        if r not in (1, 7):
            state.domains[r * 9 + 6] &= ~(1 << 5)
    (step,) = list(empty_rectangles(state))
    assert step.eliminations == ((64, 5),)
    assert step.explanation == (
        "In box 1, 5 lies only in row 2 or column 2. In column 7, 5 can only go in r2c7 or "
        "r8c7. If r8c2 were 5, r8c7 would not be, so r2c7 would; box 1 would then keep its 5 "
        "out of row 2, in column 2, where r8c2 already holds one: r8c2≠5."
    )


def test_unique_rectangle_type_1_and_4_exact_conclusions():
    """Corners r1c1, r1c4, r2c1, r2c4 (boxes 1 and 2) all hold 1 and 2."""
    state = SUDOKU.initial_state(SUDOKU.parse("." * 81))
    pair = 0b110
    state.domains[0] = state.domains[3] = state.domains[9] = pair
    state.domains[12] = pair | (1 << 7)
    (step,) = list(type_1(state))
    assert step.eliminations == ((12, 1), (12, 2))
    assert step.explanation == (
        "The puzzle has one solution (checked by search), which this uses: r1c1, r1c4, r2c1, "
        "r2c4 are open corners of a rectangle in two boxes, all holding 1 and 2; were they "
        "left with only 1 and 2, they could swap them and the puzzle would have two "
        "solutions. Three of them hold nothing else, so r2c4 is neither: r2c4≠1, r2c4≠2."
    )
    state.domains[9] = pair | (1 << 8)  # r2c1 and r2c4 hold more now: the roof, on row 2
    for cell in (10, 11, 13, 14, 15, 16, 17):
        state.domains[cell] &= ~(1 << 1)  # in row 2, 1 goes only in r2c1 or r2c4
    (step,) = list(type_4(state))
    assert step.eliminations == ((9, 2), (12, 2))
    assert step.explanation.endswith(
        "In row 2, 1 can only go in r2c1 or r2c4, so one of them is 1 and neither may be 2: "
        "r2c1≠2, r2c4≠2."
    )


def test_bug_plus_one_exact_conclusion():
    """SudokuWiki's second BUG example, where its BUG comes: r5c2 has three candidates."""
    text = EXAMPLES["BUG-2"]
    result = deduce.solve(text, "sudoku")
    at = next(i for i, s in enumerate(result.log.steps) if s.rule == "BUG+1")
    state = SUDOKU.initial_state(SUDOKU.parse(text))
    for step in result.log.steps[:at]:
        apply_step(SUDOKU, state, step)
    (step,) = list(bug_plus_one(state))
    assert step.placements == result.log.steps[at].placements == ((37, 6),)
    assert step.explanation == (
        "The puzzle has one solution (checked by search), which this uses: every open cell but "
        "r5c2 holds two candidates, and every digit is a candidate twice or not at all in each "
        "row, column and box, but for 6 three times in each of those of r5c2. Were r5c2 not 6, "
        "that would hold everywhere (a bivalue universal grave), and such a grid has no "
        "solution or several; so r5c2 = 6."
    )


def test_chain_weights_grow_with_length_as_sudoku_explainers():
    assert [length_increment(n) for n in (4, 6, 7, 8, 9, 10, 14, 18, 24, 26, 34)] == [
        0.0,
        0.0,
        0.1,
        0.1,
        0.2,
        0.2,
        0.3,
        0.4,
        0.5,
        0.5,
        0.6,
    ]


# --- soundness -------------------------------------------------------------------------------


def test_the_middle_band_never_removes_a_true_digit_on_sudokuwiki_examples():
    """At every stall of the local rules, every pattern rule is asked for all its steps."""
    fired: set[str] = set()
    for text in EXAMPLES.values():
        puzzle = SUDOKU.parse(text)
        solution = search(SUDOKU, SUDOKU.initial_state(puzzle), limit=1).solutions[0]
        fired |= assert_sound_at_stalls(
            SUDOKU, puzzle, solution, RULES, PATTERN_RULES + NONLOCAL_RULES
        )
    assert {"XY-Wing", "XYZ-Wing", "Unique Rectangle type 1", "BUG+1"} <= fired


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "stride"),
    [
        ("sudokuwiki_technique_examples.tsv", 1),
        ("reference_ratings_calibration.tsv", 1),
        ("top95.txt", 1),
        ("tatham_solo_9x9.tsv", 1),
        ("tatham_solo_other_sizes.tsv", 1),
        ("sudoku_exchange_diabolical_sample40.tsv", 1),
        ("top1465.txt", 15),
    ],
)
def test_the_middle_band_never_removes_a_true_digit(name, stride):
    fired: set[str] = set()
    for text in corpus_lines(name, step=stride):
        puzzle = SUDOKU.parse(text)
        found = search(SUDOKU, SUDOKU.initial_state(puzzle), limit=1)
        fired |= assert_sound_at_stalls(
            SUDOKU, puzzle, found.solutions[0], RULES, PATTERN_RULES + NONLOCAL_RULES
        )
    if name in ("top95.txt", "reference_ratings_calibration.tsv"):
        assert {r.name for r in PATTERN_RULES} <= fired
