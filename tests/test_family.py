"""The family registry: lookup, detection, and rules plugged in by other distributions."""

import pytest

import deduce.family as family_module
from deduce.errors import ParseError
from deduce.family import detect_family, family_names, get_family
from deduce.rule import Rule
from tests.test_engine import EASY


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


def test_plugged_in_rules_join_in_weight_order(monkeypatch):
    class EntryPoint:
        name = "sudoku.extra"

        @staticmethod
        def load():
            return [Rule("nothing rule", 1.3, lambda state: iter(()), "finds nothing")]

    monkeypatch.setattr(family_module, "_PLUGGED", {})
    monkeypatch.setattr("importlib.metadata.entry_points", lambda group: [EntryPoint()])
    rules = get_family("sudoku").rules
    names = [r.name for r in rules]
    assert "nothing rule" in names
    assert names.index("nothing rule") == 1  # after the 1.2 box single, before the 1.5 ones
