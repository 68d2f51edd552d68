"""Search that learns, end to end: the answers it gives, how it is logged and graded, the
choice between it and plain search, and the project without the SAT library."""

from __future__ import annotations

import contextlib
import json
import sys

import pytest

import deduce
from deduce.cli import main
from deduce.engine import propagate
from deduce.errors import ArgumentError
from deduce.puzzles.nonogram.search import symmetries
from deduce.puzzles.nonogram.text import parse as parse_nonogram
from deduce.sat import available
from deduce.search import LEARN, PLAIN
from deduce.solving import UNKNOWN
from deduce.step import DEDUCTION, GUESS
from tests.conftest import corpus_file

needs_sat = pytest.mark.skipif(not available(), reason="python-sat is not installed")
NONOGRAM = deduce.get_family("nonogram")
SUDOKU = deduce.get_family("sudoku")
#: The first of the forum's hardest (forum_hardest_1106.txt): needs search with every rule.
HARDEST_1 = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"


def _corpus_line(file: str, name: str) -> str:
    for line in corpus_file("nonogram", file).read_text().splitlines():
        if json.loads(line).get("name") == name:
            return line
    raise LookupError(name)


def _human_steps(log: deduce.Log) -> list[str]:
    """The rules' steps up to the stuck state, as JSON."""
    steps = []
    for step in log.steps:
        if step.kind != DEDUCTION or step.depth:
            break
        steps.append(json.dumps(step.to_dict()))
    return steps


@needs_sat
def test_a_hard_sudoku_gets_the_same_answer_both_ways():
    plain = deduce.solve(HARDEST_1, search="plain")
    learned = deduce.solve(HARDEST_1, search="learn")
    assert plain.status == learned.status == "unique"
    assert plain.solution == learned.solution
    assert _human_steps(plain.log) == _human_steps(learned.log)
    assert learned.search.method == LEARN and plain.search.method == PLAIN


@needs_sat
def test_a_learning_search_is_one_guess_step_with_its_counts():
    result = deduce.solve(HARDEST_1, search="learn")
    searched = [s for s in result.log if s.kind != DEDUCTION or s.depth]
    assert len(searched) == 1
    step = searched[0]
    assert step.kind == GUESS and step.rule == "learning search" and step.depth == 1
    tally = dict(step.tally)
    assert result.grade.level == "needs-guessing"
    assert result.grade.guesses == tally["guesses"] == result.search.guesses
    assert tally["learned"] == result.search.learned
    assert tally["nodes"] == result.search.nodes >= 1
    # the step places every open cell: replayed, the log ends in the solution
    state = SUDOKU.initial_state(result.puzzle.data)
    for s in result.log:
        for var, value in s.placements:
            state.domains[var] = 1 << value
    assert state.assignment() == result.solution
    record = result.to_dict()
    assert record["search"] == {
        "method": "learn",
        "guesses": tally["guesses"],
        "nodes": tally["nodes"],
        "learned": tally["learned"],
    }
    again = deduce.Log.from_json(result.log.to_json())
    assert again.steps[-1].tally == step.tally


@needs_sat
def test_an_empty_16x16_sudoku_has_several_solutions():
    result = deduce.solve("." * 256, search="learn")
    assert result.status == "multiple"
    for solution in result.solutions:
        SUDOKU.check_solution(result.puzzle.data, solution)


@needs_sat
def test_mirror_images_of_a_solution_count_as_more_solutions():
    # the two diagonals of a 2x2: the clues mirror into themselves, and so does each
    # solution into the other
    result = deduce.solve("#.\n.#", search="learn")
    assert result.status == "multiple"
    assert len(result.solutions) == 2
    assert symmetries(result.puzzle.data)


def test_symmetries_of_clues():
    knotty_like = parse_nonogram("#.#\n.#.\n#.#")
    assert len(symmetries(knotty_like)) == 7
    lopsided = parse_nonogram("##.\n#..\n...")
    images = symmetries(lopsided)
    # only the mirror in the main diagonal keeps these clues (the empty border left aside)
    assert len(images) == 1
    assert images[0][1] == 3 and images[0][0] == 0


@needs_sat
def test_forever_is_proved_unique():
    line = _corpus_line("survey_bw.jsonl", "webpbn-06574 Forever")
    learned = deduce.solve(line, search="learn")
    plain_start = deduce.solve(line, search="plain", max_nodes=1)
    assert learned.status == "unique"
    NONOGRAM.check_solution(learned.puzzle.data, learned.solution)
    assert _human_steps(learned.log) == _human_steps(plain_start.log)


@needs_sat
@pytest.mark.slow
def test_knotty_shows_two_solutions():
    line = _corpus_line("survey_bw.jsonl", "knotty")
    result = deduce.solve(line)
    assert result.status == "multiple"
    assert result.search.method == LEARN
    first, second = result.solutions
    assert first != second
    for solution in result.solutions:
        NONOGRAM.check_solution(result.puzzle.data, solution)


@needs_sat
def test_auto_keeps_plain_search_when_it_finishes_within_the_budget():
    auto = deduce.solve("#.\n.#")
    plain = deduce.solve("#.\n.#", search="plain")
    assert auto.log.to_json() == plain.log.to_json()
    assert auto.search == plain.search
    assert auto.search.method == PLAIN and auto.search.nodes <= NONOGRAM.learn.after


@needs_sat
def test_auto_hands_over_once_plain_search_has_spent_its_budget():
    plain = deduce.solve(HARDEST_1, search="plain")
    assert plain.search.nodes > SUDOKU.learn.after
    auto = deduce.solve(HARDEST_1)
    assert auto.search.method == LEARN
    assert auto.solution == plain.solution and auto.status == "unique"
    assert _human_steps(auto.log) == _human_steps(plain.log)
    # a node bound no larger than the budget leaves plain search alone, as before
    bounded = deduce.solve(HARDEST_1, max_nodes=SUDOKU.learn.after)
    assert bounded.search.method == PLAIN and bounded.status == "unknown"


def test_an_unknown_method_is_refused():
    with pytest.raises(ArgumentError, match="search must be one of auto, plain, learn"):
        deduce.solve(HARDEST_1, search="clever")


def test_learn_for_a_family_without_an_encoding_is_refused():
    with pytest.raises(ArgumentError, match="signpost family has no search that learns"):
        deduce.solve("4x4:1deffcdged9behbga16a", "signpost", search="learn")


@needs_sat
def test_the_command_takes_the_method(capsys):
    assert main(["check", HARDEST_1, "--search", "learn"]) == 0
    out = capsys.readouterr().out
    assert "by search that learns" in out
    assert main(["solve", HARDEST_1, "--search", "plain", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["search"]["method"] == "plain"


def test_without_the_sat_library_search_is_plain(monkeypatch):
    """Where python-sat has no wheel, deduce still installs: every search is plain, and
    asking for ``learn`` says what is missing."""
    for name in [m for m in sys.modules if m == "pysat" or m.startswith("pysat.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "pysat", None)  # import pysat now raises ImportError
    assert not available()
    result = deduce.solve(HARDEST_1)
    assert result.status == "unique" and result.search.method == PLAIN
    with pytest.raises(ArgumentError, match="needs the SAT library python-sat"):
        deduce.solve(HARDEST_1, search="learn")
    state = NONOGRAM.initial_state(parse_nonogram("#.\n.#"))
    propagate(NONOGRAM, state)
    assert deduce.solve("#.\n.#").status == "multiple"


@needs_sat
def test_a_time_limit_that_ends_during_search_says_so():
    # Knotty's rules stall within a second; its search needs several: the limit falls in it.
    line = _corpus_line("survey_bw.jsonl", "knotty")
    result = deduce.check(line, max_seconds=1.0)
    assert result.status == UNKNOWN
    assert result.reason.startswith("undecided: the time limit (1 s) ran out after ")
    assert result.reason.endswith(", during search")


@needs_sat
def test_a_search_stopped_by_its_own_clock_says_the_same(monkeypatch):
    # The search's own bound can stop it a moment before the solve's deadline fires: take the
    # deadline away and the bound alone stops it, with the same sentence.
    @contextlib.contextmanager
    def no_deadline(seconds):
        yield None

    monkeypatch.setattr(deduce.clock, "deadline", no_deadline)
    result = deduce.check(_corpus_line("survey_bw.jsonl", "knotty"), max_seconds=1.0)
    assert result.status == UNKNOWN
    assert result.reason.startswith("undecided: the time limit (1 s) ran out after ")
    assert result.reason.endswith(", during search")
