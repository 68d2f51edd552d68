"""The package's layers, held by its import graph (built from the source, lazy imports included).

Layers, lowest first (see docs/design.md):

    core -> graphs, sat -> puzzles, rules, difficulty -> families -> registry -> show -> face

An import may only run to the same layer or a lower one; inside the middle layer, ``rules``
may read ``puzzles`` (a family's model) but not the other way, and ``difficulty`` never reads
``rules`` (a grade comes from the Log alone). Any string constant naming a ``deduce`` module
(what ``importlib`` and entry points load) counts as an import.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "deduce"
CORE = {
    "deduce.step",
    "deduce.state",
    "deduce.rule",
    "deduce.engine",
    "deduce.search",
    "deduce.errors",
    "deduce.family",
    "deduce.grade",
    "deduce.solving",
    "deduce.rating",
    "deduce.memo",
    "deduce.journal",
    "deduce.clock",
    "deduce.jsontext",
}
FACE = {
    "deduce",
    "deduce.api",
    "deduce.arguments",
    "deduce.cli",
    "deduce.inputs",
    "deduce.reading",
    "deduce.__main__",
    "deduce.testing",
}
LAYERS = ("core", "general", "middle", "families", "registry", "show", "face")
MODULE_NAME = re.compile(r"^deduce(\.\w+)+")


def layer(module: str) -> str:
    """The layer of a ``deduce`` module."""
    if module in CORE:
        return "core"
    if module in FACE or module.startswith("deduce.cli."):
        return "face"
    part = module.split(".")[1] if "." in module else ""
    return {
        "graphs": "general",
        "sat": "general",
        "puzzles": "middle",
        "rules": "middle",
        "difficulty": "middle",
        "families": "families",
        "kit": "families",
        "registry": "registry",
        "show": "show",
    }.get(part, "unknown")


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The ``deduce`` modules that module ``name`` imports, anywhere in its body."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()

    def add(target: str) -> None:
        while target and target not in known:  # deduce.x.y.NAME -> deduce.x.y
            target = target.rpartition(".")[0]
        if target:
            found.add(target)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("deduce"):
                    add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            if base.startswith("deduce"):
                for alias in node.names:
                    add(f"{base}.{alias.name}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            match = MODULE_NAME.match(node.value)
            if match and " " not in node.value:
                add(node.value.split(":")[0])
    found.discard(name)
    return found


def import_graph() -> nx.DiGraph:
    """Module -> module for every import inside the package."""
    known = modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(known)
    for name, path in known.items():
        for target in imports(name, path, set(known)):
            if not (name.startswith(target + ".") and path.name == "__init__.py"):
                graph.add_edge(name, target)
    return graph


def test_every_module_has_a_layer():
    assert [m for m in modules() if layer(m) == "unknown"] == []


def test_the_imports_form_no_cycle():
    graph = import_graph()
    graph.remove_edges_from(
        [(a, b) for a, b in graph.edges if a.startswith(b + ".")]  # a package's own __init__
    )
    cycles = list(nx.simple_cycles(graph))
    assert cycles == []


def test_imports_only_run_downwards():
    wrong = []
    for source, target in import_graph().edges:
        if a_package_reads_its_own_init(source, target):
            continue
        up = LAYERS.index(layer(target)) > LAYERS.index(layer(source))
        if up or not allowed_in_the_middle(source, target):
            wrong.append(f"{source} -> {target}")
    assert wrong == []


def a_package_reads_its_own_init(source: str, target: str) -> bool:
    return source.startswith(target + ".") and target != "deduce"


def allowed_in_the_middle(source: str, target: str) -> bool:
    """Inside the middle layer: rules may read puzzles; puzzles never read rules; difficulty
    never reads rules."""
    s, t = (source + ".").split(".")[1], (target + ".").split(".")[1]
    if s == "puzzles" and t == "rules":
        return False
    return not (s == "difficulty" and t == "rules")


def test_the_core_knows_no_family_rule_picture_or_face():
    graph = import_graph()
    for name in CORE:
        reached = {layer(t) for t in nx.descendants(graph, name)}
        assert reached <= {"core"}, name


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.name)
def test_no_module_is_over_400_lines(path):
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= 400, f"{path.relative_to(PACKAGE.parent)} has {lines} lines"


def test_no_cache_is_keyed_by_id():
    """``id()`` of an object is reused once the object is gone: a cache keyed by it can hand
    one puzzle's answer to another."""
    users = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "id":
                users.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert users == []


def test_the_layer_test_sees_lazy_and_importlib_imports(tmp_path):
    """The test's own check: an import inside a function and a module named in a string
    (as importlib loads it) both count."""
    source = tmp_path / "mod.py"
    source.write_text(
        "def f():\n    from deduce.show import page\n\nNAME = 'deduce.families.sudoku'\n"
    )
    known = {"deduce.show", "deduce.show.page", "deduce.families.sudoku", "deduce.step"}
    assert imports("deduce.step", source, known) == {"deduce.show.page", "deduce.families.sudoku"}


def test_the_help_imports_no_family():
    """``deduce --help`` names the families without loading any (bench/startup.py times it)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "deduce", "solve", "--help"],
        cwd=PACKAGE.parent,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0
    loaded = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()]
    heavy = ("deduce.families", "deduce.rules", "deduce.difficulty", "deduce.api", "deduce.show")
    assert [m for m in loaded if m.startswith(heavy)] == []
    assert "sudoku" in done.stdout and "nonogram" in done.stdout


def test_solve_prints_its_plain_lines_without_rich():
    """``deduce solve`` prints plain lines: rich (a tenth of its start-up) stays unloaded;
    the commands that print through it import it themselves (``deduce.cli.common._out``)."""
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "deduce", "solve", easy],
        cwd=PACKAGE.parent,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0
    assert done.stdout.strip().startswith("48392165796734582125187649")
    loaded = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()]
    assert [m for m in loaded if m == "rich" or m.startswith("rich.")] == []
