"""The family registry: lookup, detection, and families and rules plugged in by other packages.

Each plugin test builds a real distribution in a temporary folder (its modules and a
``dist-info`` with its entry points) and puts the folder on ``sys.path``, which is all
``importlib.metadata`` needs to find it; one slow test installs ``examples/plugin`` with pip
and runs the command in a fresh process.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deduce import registry
from deduce.cli import main
from deduce.errors import ParseError
from deduce.registry import detect_family, family_names, get_family, plugin_problems
from tests.core.distributions import make_distribution
from tests.puzzles import EASY

ROOT = Path(__file__).resolve().parents[2]
LATIN = "12.\n...\n..1"


def test_sudoku_is_registered_and_detected():
    assert "sudoku" in family_names()
    assert get_family("Sudoku").name == "sudoku"
    assert detect_family(EASY).name == "sudoku"


def test_unknown_family_lists_the_known_ones():
    with pytest.raises(ParseError, match=r"unknown puzzle family 'chess' \(known: sudoku"):
        get_family("chess")


def test_rules_are_ordered_easiest_first():
    rules = get_family("sudoku").rules
    assert [r.weight for r in rules] == sorted(r.weight for r in rules)


RULE_PLUGIN = """
    from deduce import Rule

    CALLS = []


    def nothing(state):
        CALLS.append(len(state.domains))
        return iter(())


    RULES = [Rule("nothing rule", 1.3, nothing, "finds nothing")]
"""


def test_plugged_in_rules_join_both_rule_lists_in_weight_order(
    tmp_path, monkeypatch, fresh_registry, capsys
):
    make_distribution(
        tmp_path,
        "nothing-rules",
        {"deduce.rules": {"sudoku.nothing": "nothing_rules:RULES"}},
        {"nothing_rules.py": RULE_PLUGIN},
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    sudoku = get_family("sudoku")
    names = [r.name for r in sudoku.rules]
    assert names.index("nothing rule") == 1  # after the 1.2 box single, before the 1.5 ones
    assert "nothing rule" in [r.name for r in sudoku.search_rules]
    assert [r.weight for r in sudoku.search_rules] == sorted(r.weight for r in sudoku.search_rules)
    assert registry.rule_origin("sudoku", "nothing rule") == "nothing-rules"
    assert main(["rules", "sudoku"]) == 0
    assert "nothing rule: finds nothing (from nothing-rules)" in capsys.readouterr().out


def test_a_plugged_in_rule_runs_inside_search(tmp_path, monkeypatch, fresh_registry):
    make_distribution(
        tmp_path,
        "nothing-rules",
        {"deduce.rules": {"sudoku": "nothing_rules:RULES"}},
        {"nothing_rules.py": RULE_PLUGIN},
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import deduce

    plugin = __import__("nothing_rules")
    empty_4x4 = "." * 16  # several solutions: search runs, propagating at every node
    assert deduce.solve(empty_4x4, "sudoku", guess=False).status == "unknown"
    at_the_root = len(plugin.CALLS)
    plugin.CALLS.clear()
    result = deduce.solve(empty_4x4, "sudoku")
    assert result.status == "multiple" and result.effort.guesses > 0 and result.grade is None
    assert len(plugin.CALLS) > at_the_root  # asked again at the search's nodes


def test_a_broken_rule_plugin_never_stops_another_family(tmp_path, monkeypatch, fresh_registry):
    make_distribution(
        tmp_path,
        "broken-rules",
        {"deduce.rules": {"nonogram": "broken_rules:RULES"}},
        {"broken_rules.py": "raise ImportError('this plugin is broken')\n"},
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import deduce

    assert deduce.solve(EASY).status == "unique"  # detection tried every family, nonogram too
    assert get_family("nonogram").name == "nonogram"  # loaded, without the broken rules
    (problem,) = plugin_problems()
    assert "broken_rules:RULES" in problem and "this plugin is broken" in problem


def test_the_command_reports_a_broken_plugin_once(tmp_path, monkeypatch, fresh_registry, capsys):
    make_distribution(
        tmp_path,
        "broken-rules",
        {"deduce.rules": {"nonogram": "broken_rules:RULES", "sudoku": "broken_rules:RULES"}},
        {"broken_rules.py": "raise ImportError('this plugin is broken')\n"},
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["check", f"{EASY}\n{EASY}"]) == 0  # two puzzles: sudoku's rules asked twice
    err = capsys.readouterr().err
    lines = err.splitlines()  # each broken entry point once, however often its family is used
    assert sorted(lines) == [
        f"deduce: warning: plugin rules {name!r} (broken_rules:RULES) failed to load: "
        "this plugin is broken (skipped)"
        for name in ("nonogram", "sudoku")
    ]


def test_a_broken_family_plugin_is_skipped(tmp_path, monkeypatch, fresh_registry):
    make_distribution(
        tmp_path,
        "broken-family",
        {"deduce.families": {"broken": "broken_family:FAMILY"}},
        {"broken_family.py": "FAMILY = 1 / 0\n"},
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "broken" in family_names()
    assert detect_family(EASY).name == "sudoku"
    with pytest.raises(ParseError, match="plugged-in family 'broken' failed to load"):
        get_family("broken")
    assert len(plugin_problems()) == 1


def test_a_whole_family_plugs_in(tmp_path, monkeypatch, fresh_registry, capsys):
    shutil.copytree(ROOT / "examples" / "plugin" / "deduce_latin", tmp_path / "deduce_latin")
    make_distribution(
        tmp_path, "deduce-latin", {"deduce.families": {"latin": "deduce_latin:FAMILY"}}, {}
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "latin" in family_names()
    assert main(["solve", "--family", "latin", LATIN]) == 0
    assert capsys.readouterr().out.strip() == "123/312/231"
    assert main(["rules", "latin"]) == 0
    assert "hidden single" in capsys.readouterr().out
    assert main(["solve", "--family", "latin", "12\n2x"]) == 2
    assert "bad character 'x' at r2c2" in capsys.readouterr().err


@pytest.mark.slow
def test_the_example_plugin_installs_with_pip_and_runs(tmp_path):
    target = tmp_path / "site"
    source = shutil.copytree(ROOT / "examples" / "plugin", tmp_path / "plugin")  # builds in place
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps",
         "--target", str(target), str(source)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    env = {"PYTHONPATH": f"{target}:{ROOT}", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "deduce", "explain", "--brief", "--family", "latin", LATIN],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "r1c3 can only be 3" in done.stdout


@pytest.mark.parametrize(
    "name, example",
    [
        ("sudoku", "sudoku-easy.txt"),
        ("numbrix", "numbrix.txt"),
        ("hidato", "hidato.txt"),
        ("signpost", "signpost.txt"),
        ("path", "path.txt"),
        ("nonogram", "nonogram.txt"),
    ],
)
def test_every_family_names_cells_from_the_puzzle_the_same_way(name, example):
    """One signature for ``cell_name`` in every family: the puzzle and a flat cell index."""
    import importlib

    from deduce.api import load

    path = Path(__file__).resolve().parents[2] / "deduce" / "examples" / example
    loaded = load(path.read_text(), name)  # the example's leading comment is skipped
    family, puzzle = loaded.family, loaded.data
    home = "numbrix" if name == "hidato" else name
    cell_name = importlib.import_module(f"deduce.puzzles.{home}.model").cell_name
    assert cell_name(puzzle, 0) == "r1c1"
    assert family.var_name(puzzle, 0) == "r1c1"


def test_load_skips_a_files_leading_comment_lines():
    """An example file's text loads as it is, as the command line reads it; a text that parses
    whole is read whole (the comment lines are dropped only when it does not)."""
    from deduce.api import load

    commented = "# Tatham's Signpost, a comment line\n5x5:1cceefcfggeeccghcac3e12hch10ah25a"
    assert load(commented).text.startswith("5x5:")
    with pytest.raises(ParseError):
        load("# only a comment\n# and another")
