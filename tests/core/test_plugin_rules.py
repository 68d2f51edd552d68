"""Plugged-in rules: their place in search, and their errors named with their distribution."""

from __future__ import annotations

from pathlib import Path

import pytest

import deduce
from deduce.cli import main
from deduce.engine import next_step
from deduce.errors import RuleError
from deduce.registry import get_family
from deduce.testing import assert_sound
from tests.conftest import corpus_file
from tests.core.distributions import make_distribution
from tests.puzzles import EASY, EASY_SOLUTION, HARD

RAISING = """
    from deduce import Rule
    from deduce.errors import Contradiction


    def bad(state):
        raise ValueError("bad rule: oops")
        yield


    def wrong(state):
        raise Contradiction("nothing fits anywhere")
        yield


    def nothing(state):
        return iter(())


    ALL = [
        Rule("bad", 0.95, bad, "raises"),
        Rule("wrong", 0.95, wrong, "says impossible"),
        Rule("early", 0.1, nothing, "finds nothing, asked first"),
        Rule("outside search", 1.3, nothing, "not in search", in_search=False),
    ]
"""


def plug(tmp_path, monkeypatch, rules: str) -> None:
    """Plug the rules named in ``rules`` (of RAISING's, comma-separated) into Sudoku, as the
    distribution bad-rules."""
    source = RAISING + f"\n    RULES = [r for r in ALL if r.name in {rules.split(',')!r}]\n"
    module = "bad_rules_" + "".join(c if c.isalnum() else "_" for c in rules)  # one per set
    make_distribution(
        tmp_path,
        "bad-rules",
        {"deduce.rules": {"sudoku": f"{module}:RULES"}},
        {f"{module}.py": source},
    )
    monkeypatch.syspath_prepend(str(tmp_path))


def test_a_rule_that_raises_is_named_with_its_distribution(
    tmp_path, monkeypatch, fresh_registry, capsys
):
    plug(tmp_path, monkeypatch, "bad")
    monkeypatch.setenv("DEDUCE_DEBUG", "0")
    assert main(["solve", "--family", "sudoku", EASY]) == 2
    err = capsys.readouterr().err
    assert "internal error: rule 'bad' (plugin bad-rules) failed: ValueError: bad rule: oops" in err
    assert "Traceback" not in err


def test_a_contradiction_from_a_plugin_rule_is_that_rules_error_not_no_solution(
    tmp_path, monkeypatch, fresh_registry
):
    plug(tmp_path, monkeypatch, "wrong")
    with pytest.raises(RuleError, match=r"rule 'wrong' \(plugin bad-rules\) failed: Contradiction"):
        deduce.solve(EASY, "sudoku")


@pytest.mark.parametrize("how", ["--debug", "DEDUCE_DEBUG=1"])
def test_debug_prints_the_traceback(tmp_path, monkeypatch, fresh_registry, capsys, how):
    plug(tmp_path, monkeypatch, "bad")
    monkeypatch.setenv("DEDUCE_DEBUG", "0")  # off, and put back after the test (--debug sets it)
    if how == "--debug":
        argv = ["--debug", "solve", "--family", "sudoku", EASY]
    else:
        monkeypatch.setenv("DEDUCE_DEBUG", "1")
        argv = ["solve", "--family", "sudoku", EASY]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" in err and 'raise ValueError("bad rule: oops")' in err
    assert "internal error: rule 'bad' (plugin bad-rules)" in err


def test_a_plugin_rule_says_whether_search_uses_it_and_never_goes_first_there(
    tmp_path, monkeypatch, fresh_registry
):
    plug(tmp_path, monkeypatch, "early,outside search")
    sudoku = get_family("sudoku")
    names = [r.name for r in sudoku.rules]
    searched = [r.name for r in sudoku.search_rules]
    assert names[0] == "early" and "outside search" in names
    assert "outside search" not in searched
    assert sudoku.search_rules[0].sequence and searched[1] == "early"  # after the singles closure
    assert {r.origin for r in sudoku.rules if r.name in ("early", "outside search")} == {
        "bad-rules"
    }
    assert deduce.solve(HARD, "sudoku").status == "unique"  # search runs with them


def bench_rules():
    """``bench/plugin_rules.py``, the rules ``bench/plugin_cost.py`` plugs in from outside."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "bench" / "plugin_rules.py"
    spec = importlib.util.spec_from_file_location("plugin_rules", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_outside_full_house_fires_with_its_exact_conclusion():
    full = bench_rules().FULL_HOUSE
    sudoku = get_family("sudoku")
    text = "." + EASY_SOLUTION[1:40] + "." + EASY_SOLUTION[41:]  # r1c1 and r5c5 open
    found = next_step(sudoku.initial_state(sudoku.parse(text)), (*full, *sudoku.rules))
    assert found is not None
    step = found[1]
    assert (step.rule, step.placements, step.region) == ("full house", ((0, 4),), "row 1")
    assert step.explanation == "row 1 has one open cell, r1c1, and lacks only 4: r1c1 = 4."


@pytest.mark.corpus
@pytest.mark.slow
def test_the_outside_full_house_is_sound_on_easy50():
    full = bench_rules().FULL_HOUSE
    sudoku = get_family("sudoku")
    lines = corpus_file("sudoku", "easy50.txt").read_text().split()
    fired = 0
    for text in lines[:20]:
        puzzle = sudoku.parse(text)
        solution = deduce.solve(text, "sudoku").solution
        rules = (*full, *sudoku.rules)
        fired += "full house" in assert_sound(sudoku, puzzle, solution, rules, every_rule=False)
    assert fired > 10
