"""Sudoku rules: a position where each fires (and nothing easier does), and soundness sweeps.

The positions come from the worked examples of Andrew Stuart's SudokuWiki strategy pages (as
collected in stacs-cp/demystify, MPL-2.0; see ../shared/corpora/sudoku/SOURCES.md) and from
top95: each case is a puzzle, how many engine rounds to run first, and the exact placements
and eliminations the rule must then make.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import deduce
from deduce.engine import apply_step, next_step
from deduce.errors import Contradiction
from deduce.rules.sudoku import LOCAL_RULES
from deduce.rules.sudoku.singles import naked_singles
from deduce.state import State
from deduce.testing import assert_sound
from tests.sudoku.grids import corpus_lines

SUDOKU = deduce.get_family("sudoku")
#: The two matching rules as the family's table binds them (their steps' weights).
digit_matching, unit_matching = (
    next(r.find for r in SUDOKU.rules if r.name == name)
    for name in ("digit matching", "unit matching")
)

CASES = [
    # sudokuwiki boxlinereduction
    (
        "hidden single (box)",
        ".16..78.3.9.8.....87...126..48...3..65...9.82.39...65..6.9...2..8...29369246..51.",
        ((49, 8),),
        (),
        "In box 5, 8 fits only in r6c5, so r6c5 = 8.",
    ),
    # sudokuwiki boxlinereduction
    (
        "hidden single (row)",
        ".16..78.3.9.8.....87...126..48...3..65...9.82.39...65..6.9...2..8...29369246..51.",
        ((76, 7),),
        (),
        "In row 9, 7 fits only in r9c5, so r9c5 = 7.",
    ),
    # sudokuwiki boxlinereduction
    (
        "hidden single (column)",
        ".16..78.3.9.8.....87...126..48...3..65...9.82.39...65..6.9...2..8...29369246..51.",
        ((11, 2),),
        (),
        "In column 3, 2 fits only in r2c3, so r2c3 = 2.",
    ),
    # sudokuwiki tripleblr
    (
        "naked single",
        ".2.9437159.4...6..75.....4.5..48....2.....4534..352....42....81..5..426..9.2.85.4",
        ((66, 1),),
        (),
        "r8c4 can only be 1: 2, 3, 4, 5, 6, 8 and 9 are in its row, column or box, and 7 was ruled out earlier, so r8c4 = 1.",
    ),
    # sudokuwiki 3dmedusa-2
    (
        "pointing",
        "3...52...25.3...1...46.7523.932..8.557.....3.4.8.35.6...54.83...3.5.6.8484..23.56",
        (),
        ((65, 7), (74, 7)),
        "In box 1, 7 can only go in column 3 (r1c3, r2c3), so it leaves the rest of column 3: r8c3, r9c3.",
    ),
    # sudokuwiki 3dmedusa-2
    (
        "claiming",
        "3...52...25.3...1...46.7523.932..8.557.....3.4.8.35.6...54.83...3.5.6.8484..23.56",
        (),
        ((31, 1), (39, 1), (40, 1), (48, 1)),
        "In column 6, 1 can only go in box 5 (r4c6, r5c6), so it leaves the rest of box 5: r4c5, r5c4, r5c5, r6c4.",
    ),
    # sudokuwiki 3dmedusa-8
    (
        "naked pair",
        "...9.843...47.268..81.54..2..5..3129...52.3.8....9.56.....7981..17..5..64..1.6.5.",
        (),
        ((18, 7),),
        "In row 3, the cells r3c7, r3c8 hold only 7, 9 between them, so those digits leave the other cells of row 3: r3c1≠7.",
    ),
    # sudokuwiki 3dmedusa-9
    (
        "X-Wing",
        ".19.4.75..5........36.52.89.8542..73.97..6.153....5..8...5..89.5.8914...9.32..5.1",
        (),
        ((9, 4), (54, 4), (15, 4), (51, 4)),
        "In rows 3 and 5, 4 lies only in columns 1 and 7, so it leaves the rest of those columns: r2c1≠4, r7c1≠4, r2c7≠4, r6c7≠4.",
    ),
    # sudokuwiki 3dmedusa-9
    (
        "hidden pair",
        ".19.4.75..5........36.52.89.8542..73.97..6.153....5..8...5..89.5.8914...9.32..5.1",
        (),
        ((54, 2),),
        "In column 1, the digits 1, 6 fit only in r4c1, r7c1, so those cells hold no other digit: r7c1≠2.",
    ),
    # sudokuwiki BUG-2
    (
        "naked triple",
        "821...746736...915549...382....782.....52....2..139..4392...568684...137157...429",
        (),
        ((12, 4), (75, 6)),
        "In column 4, the cells r3c4, r4c4, r7c4 hold only 4, 6, 7 between them, so those digits leave the other cells of column 4: r2c4≠4, r9c4≠6.",
    ),
    # sudokuwiki BUG-1
    (
        "swordfish",
        "174832596593461278682957..1.675..9...197.36.5435.968.73.16..7599.8.75.6.7563.9.82",
        (),
        ((31, 4), (34, 4), (58, 4), (69, 4)),
        "In columns 2, 6 and 9, 4 lies only in rows 4, 7 and 8, so it leaves the rest of those rows: r4c5≠4, r4c8≠4, r7c5≠4, r8c7≠4.",
    ),
    # sudokuwiki uniquerectangles-5
    (
        "hidden triple",
        "8.9....5.53.8.7.......9.8..2946.813.78.9.1..4.15..4.98..2.8.....581.3.7..6....48.",
        (),
        ((4, 2), (4, 3), (13, 2), (67, 2)),
        "In column 5, the digits 1, 4, 6 fit only in r1c5, r2c5, r8c5, so those cells hold no other digit: r1c5≠2, r1c5≠3, r2c5≠2, r8c5≠2.",
    ),
    # sudokuwiki jellyfish-1
    (
        "jellyfish",
        "..17538...5......77..89.1.....6.157.625478931.179.54......67..4.7.....1...63.97..",
        (),
        ((9, 2), (16, 2), (25, 2), (26, 2), (54, 2), (61, 2), (63, 2), (71, 2)),
        "In columns 3, 4, 6 and 7, 2 lies only in rows 2, 3, 7 and 8, so it leaves the rest of those rows: r2c1≠2, r2c8≠2, r3c8≠2, r3c9≠2, r7c1≠2, r7c8≠2, r8c1≠2, r8c9≠2.",
    ),
    # sudokuwiki hiddenquads-2
    (
        "hidden quad",
        "9.15...46425.9..8186..1..2.5.2.......19...46.6.......2196.4.2532...6.817.....1694",
        (),
        ((30, 3), (30, 8), (32, 3), (32, 8), (48, 3), (48, 8), (50, 3), (50, 5), (50, 8)),
        "In box 5, the digits 1, 4, 6, 9 fit only in r4c4, r4c6, r6c4, r6c6, so those cells hold no other digit: r4c4≠3, r4c4≠8, r4c6≠3, r4c6≠8, r6c4≠3, r6c4≠8, r6c6≠3, r6c6≠5, r6c6≠8.",
    ),
]


def first_use(text: str, rule: str) -> State:
    """The grid where the engine, solving ``text``, first uses ``rule`` (every easier rule is
    stuck there)."""
    state = SUDOKU.initial_state(SUDOKU.parse(text))
    while True:
        found, step = next_step(state, SUDOKU.rules, known_unique=True)
        if found.name == rule:
            return state
        apply_step(SUDOKU, state, step)


@pytest.mark.parametrize(("rule", "text", "placements", "eliminations", "explanation"), CASES)
def test_rule_fires_first_with_its_exact_conclusion(
    rule, text, placements, eliminations, explanation
):
    state = first_use(text, rule)
    found, first = next_step(state, SUDOKU.rules)
    assert found.name == rule  # nothing easier makes progress here
    assert first.placements == placements
    assert first.eliminations == eliminations
    assert first.explanation == explanation


def test_every_local_rule_has_a_position():
    """(The nonlocal rules' positions are in test_chains.py.)"""
    covered = {case[0] for case in CASES} | {"naked quad", "digit matching", "unit matching"}
    assert covered == {r.name for r in LOCAL_RULES}


def _naked_quad_state() -> State:
    """Row 1 holds a naked quad {1,2,3,4} in r1c1-r1c4 (candidates 12, 23, 34, 14); all else open."""
    state = SUDOKU.initial_state(SUDOKU.parse("." * 81))
    for cell, digits in enumerate(((1, 2), (2, 3), (3, 4), (1, 4))):
        state.domains[cell] = sum(1 << d for d in digits)
    return state


def test_naked_quad_hand_made_position():
    found, step = next_step(_naked_quad_state(), SUDOKU.rules)
    assert found.name == "naked quad"
    assert step.eliminations == tuple((cell, d) for cell in range(4, 9) for d in (1, 2, 3, 4))
    assert step.explanation.startswith("In row 1, the cells r1c1, r1c2, r1c3, r1c4 hold only ")
    assert "naked quad" not in step.explanation  # the rule's name says it (no "quad: a quad")
    (matched,) = [s for s in unit_matching(_naked_quad_state()) if s.premises == (0, 1, 2, 3)]
    assert "(a naked quad)" in matched.explanation  # the matching rule's name does not


def test_first_matching_rule_finds_the_x_wing():
    x_wing = next(c for c in CASES if c[0] == "X-Wing")
    state = first_use(x_wing[1], "X-Wing")
    eliminations = {e for step in digit_matching(state) for e in step.eliminations}
    assert set(x_wing[3]) <= eliminations
    assert any("(an X-Wing on 4)" in step.explanation for step in digit_matching(state))
    assert all(step.rule == "digit matching" for step in digit_matching(state))


def test_second_matching_rule_finds_the_naked_pair():
    pair = next(c for c in CASES if c[0] == "naked pair")
    state = first_use(pair[1], "naked pair")
    eliminations = {e for step in unit_matching(state) for e in step.eliminations}
    assert set(pair[3]) <= eliminations


def test_unit_matching_finds_the_naked_quad_too():
    steps = list(unit_matching(_naked_quad_state()))
    assert {e for s in steps for e in s.eliminations} == {
        (c, d) for c in range(4, 9) for d in (1, 2, 3, 4)
    }


def test_no_perfect_matching_is_a_readable_contradiction():
    state = SUDOKU.initial_state(SUDOKU.parse("." * 81))
    for cell in range(3):  # three cells of row 1 share only the digits 1 and 2
        state.domains[cell] = 0b110
    with pytest.raises(Contradiction, match="cannot hold its missing digits"):
        list(unit_matching(state))


# --- soundness on real puzzles ---------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "step"),
    [
        ("top95.txt", 1),
        ("easy50.txt", 1),
        ("norvig_hardest.txt", 1),
        ("sudokuwiki_technique_examples.tsv", 1),
        ("sudoku_exchange_diabolical_sample40.tsv", 1),
        ("tatham_solo_9x9.tsv", 3),
        ("tatham_solo_other_sizes.tsv", 1),
        ("top1465.txt", 25),
        ("royle17_first5000.txt", 250),
    ],
)
def test_no_rule_removes_a_true_digit(name, step):
    """Every local rule, asked at every state of a solve, agrees with the known solution.

    (The nonlocal rules are swept in test_chain_soundness.py.)"""
    for text in corpus_lines(name, step=step):
        result = deduce.solve(text)
        assert result.status == "unique"
        assert_sound(SUDOKU, result.puzzle.data, result.solution, rules=LOCAL_RULES)


# --- the engine on random grids ---------------------------------------------------------------

SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"


def _shuffled(rng: random.Random) -> list[int]:
    """A random valid grid: SOLVED with digits relabelled and rows/columns/bands/stacks permuted."""
    grid = [[int(SOLVED[r * 9 + c]) for c in range(9)] for r in range(9)]
    relabel = list(range(1, 10))
    rng.shuffle(relabel)
    grid = [[relabel[v - 1] for v in row] for row in grid]
    for _ in range(2):
        bands = rng.sample(range(3), 3)
        rows = [b * 3 + r for b in bands for r in rng.sample(range(3), 3)]
        grid = [grid[r] for r in rows]
        grid = [list(col) for col in zip(*grid, strict=True)]  # transpose, then do the columns
    return [v for row in grid for v in row]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(22, 50))
def test_random_grids_are_solved_or_reported_ambiguous(seed, keep):
    rng = random.Random(seed)
    grid = _shuffled(rng)
    cells = set(rng.sample(range(81), keep))
    puzzle = "".join(str(v) if i in cells else "." for i, v in enumerate(grid))
    result = deduce.solve(puzzle)
    data = result.puzzle.data
    if result.status == "unique":
        assert result.solution == grid
    else:
        assert result.status == "multiple"
        for solution in result.solutions:
            SUDOKU.check_solution(data, solution)
        assert result.solutions[0] != result.solutions[1]


# --- sentences say the reason that holds --------------------------------------------------------


def test_a_naked_single_says_what_removed_the_other_digits():
    placed = SUDOKU.initial_state(SUDOKU.parse(".23456789" + "." * 72))
    (step,) = [s for s in naked_singles(placed) if s.placements == ((0, 1),)]
    assert step.explanation == (
        "r1c1 can only be 1: every other digit is already in its row, column or box, so r1c1 = 1."
    )
    mixed = SUDOKU.initial_state(SUDOKU.parse(".23" + "." * 78))
    mixed.domains[0] = 1 << 1  # 4 to 9 ruled out by earlier steps, 2 and 3 placed in row 1
    (step,) = list(naked_singles(mixed))
    assert step.explanation == (
        "r1c1 can only be 1: 2 and 3 are in its row, column or box, and 4, 5, 6, 7, 8 and 9 "
        "were ruled out earlier, so r1c1 = 1."
    )
    eliminated = SUDOKU.initial_state(SUDOKU.parse("." * 81))
    eliminated.domains[40] = 1 << 5
    (step,) = list(naked_singles(eliminated))
    assert step.explanation == (
        "r5c5 can only be 5: its other candidates have been ruled out by earlier steps, "
        "so r5c5 = 5."
    )
