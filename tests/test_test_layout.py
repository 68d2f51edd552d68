"""The tests' own layout: what tests/README.md promises a newcomer."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_test_file_imports_another():
    """Helpers two test files share live in a helper module: importing a test file runs
    its module-level set-up again and hides where the helper belongs."""
    offenders = sorted(
        f"{path.relative_to(TESTS)} imports {module}"
        for path in TESTS.rglob("*.py")
        for module in _imported_modules(path)
        if module.startswith("tests.") and module.rsplit(".", 1)[-1].startswith("test_")
    )
    assert offenders == []


def test_every_folder_is_a_package():
    """Test modules of the same name in two folders must not collide."""
    folders = {p.parent for p in TESTS.rglob("test_*.py")}
    assert [f for f in folders if not (f / "__init__.py").exists()] == []
