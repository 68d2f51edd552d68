"""Line arrangements: what every way to place a clued line's used cells agrees on.

A player fills a row needing k cells by trying the ways to place them: each used cell needs
its path edges, along the row (to a used neighbour) or across it (where an edge may still
be on). A cell unused in every such placement is unused, an edge on in every one is on, and
so on. ``deduce.rules.path.lines`` walks all placements of a line at once (linear in its
length); this rule turns what they agree on into a step. A line whose cells are all decided
is left to the degree rules: its placement is known. Two neighbouring clued lines are
walked together the same way (``deduce.rules.path.pairs``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.path.model import BOTH, Geometry, PathPuzzle, cell_name, edge_name
from deduce.rules.path.lines import clued_lines, line_name, settle
from deduce.rules.path.pairs import clued_pairs, settle_pair
from deduce.state import State
from deduce.step import Step


class _Missing(enum.Enum):
    """Not yet in a memo (None is an answer there)."""

    MISSING = enum.auto()


MISSING = _Missing.MISSING


def line_arrangements(state: State[PathPuzzle]) -> Iterator[Step]:
    """Values every possible arrangement of a clued line's used cells agrees on (lines with
    an undecided cell)."""
    p: PathPuzzle = state.puzzle
    doms = state.domains
    doors = p.door_cells
    known = doms.__getitem__
    for k, line, want, memo in clued_lines("settle", p):
        if BOTH not in map(known, line.cells):
            continue
        key = bytes(map(known, line.depends))
        found = memo.get(key, MISSING)
        if found is MISSING:
            found = memo[key] = settle(doms, line, doors, want)
        if found is None:
            raise Contradiction(
                f"{line_name(p, k)} cannot hold {want} used cells that each still get their "
                "path edges"
            )
        if not found:
            continue
        name = line_name(p, k)
        yield Step(
            "line arrangements",
            f"{name.capitalize()} needs {want} used cell{'s' if want != 1 else ''}: in every "
            f"way to place {'them' if want != 1 else 'it'} so that each can still get its path "
            f"edges, {said(p, p.geo, found)}.",
            placements=found,
            premises=line.depends,
            region=name,
        )


def said(p: PathPuzzle, geo: Geometry, found: tuple[tuple[int, int], ...]) -> str:
    """``r4c5 is unused and r4c6-r4c7 is on``: conclusions grouped by what they say."""
    groups: dict[str, list[str]] = {}
    for var, value in found:
        if geo.is_cell(var):
            word = "used" if value else "unused"
            groups.setdefault(word, []).append(cell_name(p, var))
        else:
            word = "on" if value else "off"
            groups.setdefault(word, []).append(edge_name(geo, var))
    parts = []
    for word in ("used", "unused", "on", "off"):
        names = groups.get(word)
        if names:
            parts.append(f"{', '.join(names)} {'is' if len(names) == 1 else 'are'} {word}")
    if len(parts) <= 2:
        return " and ".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def pair_arrangements(state: State[PathPuzzle]) -> Iterator[Step]:
    """Values every arrangement of two neighbouring clued lines together agrees on (pairs
    with an undecided cell)."""
    p: PathPuzzle = state.puzzle
    doms = state.domains
    doors = p.door_cells
    known = doms.__getitem__
    for k, pair, want_a, want_b, memo in clued_pairs(p):
        if BOTH not in map(known, pair.cells):
            continue
        key = bytes(map(known, pair.depends))
        found = memo.get(key, MISSING)
        if found is MISSING:
            found = memo[key] = settle_pair(doms, pair, doors, want_a, want_b)
        names = f"{line_name(p, k)} and {line_name(p, k + 1).split()[1]}"
        if found is None:
            raise Contradiction(
                f"{names.replace('row', 'rows').replace('column', 'columns')} cannot hold "
                f"{want_a} and {want_b} used cells that each still get their path edges"
            )
        if not found:
            continue
        plural = names.replace("row", "Rows").replace("column", "Columns")
        yield Step(
            "pair arrangements",
            f"{plural} need {want_a} and {want_b} used cells: in every way to place them in "
            f"both together so that each can still get its path edges, "
            f"{said(p, p.geo, found)}.",
            placements=found,
            premises=pair.depends,
            region=plural.lower(),
        )
