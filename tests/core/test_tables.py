"""Each family's table: the one place its weights and levels are written, from which its rule
list, its search's rules, its grade scale and ``deduce rules`` are built."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from deduce.registry import get_family
from deduce.rule import Table, Technique

PACKAGE = Path(__file__).resolve().parents[2] / "deduce"
FAMILIES = {"sudoku": "sudoku", "signpost": "signpost", "path": "path", "nonogram": "nonogram",
            "numbrix": "numbrix", "hidato": "numbrix"}  # fmt: skip


def table(rules_package: str) -> Table:
    return importlib.import_module(f"deduce.rules.{rules_package}").TABLE  # type: ignore[no-any-return]


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_the_family_is_built_from_its_table(family):
    fam, t = get_family(family), table(FAMILIES[family])
    solve = sorted((r for r in t.rows if r.solve), key=lambda r: r.weight)
    assert [r.name for r in fam.rules] == [r.name for r in solve]
    assert [r.weight for r in fam.rules] == [r.weight for r in solve]
    search = fam.search_rules or fam.rules
    assert [r.name for r in search] == [r.name for r in t.search_rules]
    assert {r.name for r in t.search_rules} == {r.name for r in t.rows if r.search}
    assert fam.levels == (*(name for _, name in t.levels), "needs-guessing")


@pytest.mark.parametrize("package", sorted(set(FAMILIES.values())))
def test_every_row_belongs_to_a_level_of_its_table(package):
    t = table(package)
    names = [name for _, name in t.levels]
    assert [lowest for lowest, _ in t.levels] == sorted(lowest for lowest, _ in t.levels)
    for row in t.rows:
        assert t.level_of(row) in names, row.name


def test_a_level_is_the_one_the_weight_reaches_unless_the_row_says():
    t = Table(
        levels=((0.0, "easy"), (2.0, "hard")),
        rows=(
            Technique("a", 1.0, lambda state: iter(()), ""),
            Technique("b", 2.0, lambda state: iter(()), ""),
            Technique("c", 1.0, lambda state: iter(()), "", level="hard"),
        ),
    )
    assert [t.level_of(r) for r in t.rows] == ["easy", "hard", "hard"]
    assert [r.name for r in t.rules] == ["a", "c", "b"]


def test_a_row_hands_its_name_and_weight_to_a_finder_that_asks_for_them():
    def find(state, name, base):
        yield (state, name, base)

    row = Technique("chain", 6.5, find, "", weigh="base", named=True)
    assert list(row.rule.find("grid")) == [("grid", "chain", 6.5)]
    assert (row.rule.name, row.rule.weight) == ("chain", 6.5)


def _weights_written_outside_a_table(path: Path) -> list[str]:
    """Where a module builds a Rule itself or gives a step a weight as a number literal."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", ""))
        if name == "Rule":
            found.append(f"{path.name}:{node.lineno} builds a Rule")
        for keyword in node.keywords:
            literal = isinstance(keyword.value, ast.Constant)
            if keyword.arg == "difficulty" and literal and keyword.value.value:
                found.append(f"{path.name}:{node.lineno} difficulty={keyword.value.value}")
    return found


def test_no_rule_module_writes_a_weight_its_table_does_not_hold():
    """grep finds each family's weights in one place: its table (``rules/<family>/__init__``)."""
    wrong = []
    for path in sorted((PACKAGE / "rules").rglob("*.py")):
        wrong += _weights_written_outside_a_table(path)
    assert wrong == []


def test_search_leaves_out_what_each_table_says():
    """What each family's search propagates with (bench/sudoku_rate.py, bench/path.py,
    bench/signpost.py measured these choices)."""
    names = {f: {r.name for r in get_family(f).search_rules or ()} for f in FAMILIES}
    assert names["sudoku"] == {"singles"}
    assert names["nonogram"] == {"line solver", "probing"}
    assert names["signpost"] == {r.name for r in get_family("signpost").rules[:6]}
    left_out = {f: {r.name for r in get_family(f).rules} - names[f] for f in FAMILIES}
    assert left_out["path"] == {"forcing chain", "loop pocket", "loop-free arrangements"}
    assert left_out["numbrix"] == {
        "forcing chain",
        "isolated regions",
        "BFS placement",
        "bottleneck",
        "pigeonhole",
        "competing runs",
    }
