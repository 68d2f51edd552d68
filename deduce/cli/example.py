"""The bundled example puzzles (package data, so they come with a wheel too): ``deduce
example`` lists them, ``deduce example NAME`` prints one, and ``--example NAME`` gives one
to any command that reads puzzles (``deduce explain --example sudoku``)."""

from __future__ import annotations

import argparse
from importlib.resources import files
from typing import TYPE_CHECKING

from deduce.cli.common import UserError
from deduce.cli.status import EXIT_OK

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


def _folder() -> Traversable:
    return files("deduce") / "examples"


def example_names() -> list[str]:
    """The names of the bundled examples (their file names without ``.txt``), sorted."""
    return sorted(p.name[: -len(".txt")] for p in _folder().iterdir() if p.name.endswith(".txt"))


def resolve(name: str) -> str:
    """The example called ``name``, or the one whose name starts with ``name-``
    (``sudoku`` is ``sudoku-easy``); UserError naming the examples there are."""
    names = example_names()
    key = name.strip().lower()
    if key in names:
        return key
    found = [n for n in names if n.startswith(key + "-")]
    if len(found) == 1:
        return found[0]
    raise UserError(f"no example called {name!r} (examples: {', '.join(names)})")


def example_text(name: str) -> str:
    """The text of the example called ``name`` (see ``resolve``)."""
    return (_folder() / f"{resolve(name)}.txt").read_text(encoding="utf-8")


def _about(text: str) -> str:
    first = text.splitlines()[0] if text.strip() else ""
    return first[1:].strip() if first.startswith("#") else ""


def cmd_example(args: argparse.Namespace) -> int:
    """Print the example called NAME, or list the examples when no name is given."""
    if args.name:
        print(example_text(args.name), end="")
        return EXIT_OK
    for name in example_names():
        about = _about(example_text(name))
        print(f"{name:14} {about}".rstrip())
    return EXIT_OK
