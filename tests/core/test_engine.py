"""The engine and search on Sudoku: easiest rule first, search when stuck, counting to two."""

import attrs
import pytest

import deduce
from deduce.engine import apply_step, next_step, propagate
from deduce.errors import Contradiction
from deduce.registry import get_family
from deduce.search import search
from deduce.show.replay import replay
from deduce.state import bits
from deduce.step import CONTRADICTION, GUESS
from tests.puzzles import EASY, EASY_SOLUTION, HARD, HARD_SOLUTION


# Project Euler 96 grid 01 (Norvig's easy50, first puzzle): singles suffice.
def test_easy_puzzle_is_solved_by_rules_alone():
    result = deduce.solve(EASY)
    assert result.status == "unique"
    assert result.solution_text == EASY_SOLUTION
    assert result.solved_by_rules
    assert result.grade.guesses == 0
    assert not result.log.guesses()


def test_singles_only_solve_falls_back_to_search():
    sudoku = get_family("sudoku")
    singles = tuple(r for r in sudoku.rules if "single" in r.name)
    for method in ("plain", "auto"):
        result = deduce.solve(HARD, rules=singles, search=method)
        assert result.status == "unique"
        assert result.solution_text == HARD_SOLUTION
        assert not result.solved_by_rules
        # a plain search logs one step a guess; a learning one a step with its count
        assert result.grade.guesses == result.log.guess_count() > 0
        assert result.grade.guesses == result.search.guesses or method == "plain"
        assert result.grade.level == "needs-guessing"
    plain = deduce.solve(HARD, rules=singles, search="plain")
    assert plain.grade.guesses == len(plain.log.guesses())


def test_engine_applies_the_easiest_productive_rule_first():
    sudoku = get_family("sudoku")
    state = sudoku.initial_state(sudoku.parse(EASY))
    rule, step = next_step(state, sudoku.rules)
    assert rule is sudoku.rules[0]
    assert step.rule == rule.name


def test_every_logged_deduction_is_true_in_the_solution():
    result = deduce.solve(HARD)
    solution = result.solution
    for step in result.log.steps:
        if step.depth == 0 and step.kind != GUESS:
            assert all(solution[v] == d for v, d in step.placements)
            assert all(solution[v] != d for v, d in step.eliminations)


def _deadly_rectangle(solution: str) -> str:
    """Blank four cells of a solved grid whose two digits can swap: exactly two solutions."""
    g = [solution[i * 9 : i * 9 + 9] for i in range(9)]
    for r1 in range(9):
        for r2 in range(r1 + 1, (r1 // 3) * 3 + 3):
            for c1 in range(9):
                for c2 in range((c1 // 3 + 1) * 3, 9):
                    if g[r1][c1] == g[r2][c2] and g[r1][c2] == g[r2][c1]:
                        cells = {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2}
                        return "".join("." if i in cells else ch for i, ch in enumerate(solution))
    raise AssertionError("no deadly rectangle in this grid")


def test_search_counts_two_solutions_and_stops():
    result = deduce.solve(_deadly_rectangle(EASY_SOLUTION))
    assert result.status == "multiple"
    assert len(result.solutions) == 2
    assert EASY_SOLUTION in {
        result.puzzle.family.solution_text(result.puzzle.data, s) for s in result.solutions
    }
    result = deduce.solve("." * 81)
    assert result.status == "multiple"
    assert len(result.solutions) == 2
    assert result.solutions[0] != result.solutions[1]


def test_contradictory_puzzle_has_no_solution_and_says_why():
    # Two 1s cannot share box 1 with r1c3 forced: r1 has 2..9 given except r1c1; column 1 has 1 below.
    puzzle = ".23456789" + "1" + "." * 71
    result = deduce.solve(puzzle)
    assert result.status == "none"
    assert result.reason.startswith("no solution")
    assert result.solution is None


def test_propagate_raises_contradiction_with_a_readable_reason():
    sudoku = get_family("sudoku")
    with pytest.raises(Contradiction, match=r"r1c1 has no candidate left once r2c1 = 1"):
        propagate(sudoku, sudoku.initial_state(sudoku.parse(".23456789" + "1" + "." * 71)))


def test_search_result_matches_a_plain_solve():
    sudoku = get_family("sudoku")
    state = sudoku.initial_state(sudoku.parse(HARD))
    found = search(sudoku, state, None, limit=2)
    assert len(found.solutions) == 1
    assert "".join(str(v) for v in found.solutions[0]) == HARD_SOLUTION


def test_replay_rebuilds_the_state_before_every_step():
    sudoku = get_family("sudoku")
    singles = tuple(r for r in sudoku.rules if "single" in r.name)
    result = deduce.solve(HARD, rules=singles)
    seen = 0
    for state, step in replay(sudoku, result.puzzle.data, result.log):
        seen += 1
        if step.kind == GUESS or step.kind == CONTRADICTION:
            continue
        for var, value in step.placements:
            assert state.domains[var] >> value & 1
    assert seen == len(result.log)


def test_log_from_json_replays_to_the_same_solution():
    result = deduce.solve(EASY)
    again = deduce.Log.from_json(result.log.to_json())
    sudoku = get_family("sudoku")
    last = None
    for state, step in replay(sudoku, result.puzzle.data, again):
        last = (state, step)
    state, step = last
    apply_step(sudoku, state, step)
    assert "".join(str(v) for v in state.assignment()) == EASY_SOLUTION


def test_a_search_cut_short_says_it_cannot_tell():
    sudoku = get_family("sudoku")
    singles = tuple(r for r in sudoku.rules if "single" in r.name)
    result = deduce.solve(HARD, rules=singles, max_nodes=2)
    assert result.status == "unknown"
    assert "stopped after 2 nodes" in result.reason
    assert deduce.solve(HARD, rules=singles, max_nodes=100_000).status == "unique"


def _portfolio_sudoku():
    """Sudoku with singles only, searched by two ways of guessing: the first open cell with
    its lowest candidate, and the first open cell with its highest."""
    sudoku = get_family("sudoku")
    singles = tuple(r for r in sudoku.rules if "single" in r.name)

    def first_open(state, pick):
        for var, d in enumerate(state.domains):
            if d & (d - 1):
                return var, pick(list(bits(d)))
        return None

    return attrs.evolve(
        sudoku,
        search_rules=singles,
        guess_strategies=(lambda s: first_open(s, min), lambda s: first_open(s, max)),
        learn=None,  # plain search alone: these tests are about its portfolio
    )


def test_a_portfolio_search_finds_the_unique_solution_and_logs_one_way_to_it():
    sudoku = _portfolio_sudoku()
    state = sudoku.initial_state(sudoku.parse(HARD))
    log = deduce.Log("sudoku", HARD)
    found = search(sudoku, state, log, limit=2)
    assert found.complete
    assert ["".join(map(str, s)) for s in found.solutions] == [HARD_SOLUTION]
    assert log.guesses()
    state, step = list(replay(sudoku, sudoku.parse(HARD), log))[-1]
    apply_step(sudoku, state, step)
    assert "".join(map(str, state.assignment())) == HARD_SOLUTION


def test_two_searches_of_a_portfolio_that_find_different_solutions_show_several():
    sudoku = _portfolio_sudoku()
    state = sudoku.initial_state(sudoku.parse("." * 81))
    found = search(sudoku, state, None, limit=2)
    assert found.complete
    first, second = ("".join(map(str, s)) for s in found.solutions)
    assert first != second
    assert first.startswith("1") and second.startswith("9")
    # Each search dives straight to its first solution: no backtracking on an empty grid.
    assert found.nodes <= 2 * 81


def test_a_portfolio_search_cut_short_says_it_cannot_tell():
    sudoku = _portfolio_sudoku()
    state = sudoku.initial_state(sudoku.parse(HARD))
    found = search(sudoku, state, None, limit=2, max_nodes=10)
    assert not found.complete
    assert found.nodes == 10
