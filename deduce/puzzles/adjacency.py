"""Cells side by side on an N×N grid, and whether a set of them is one piece: what a Jigsaw's
regions and a Killer's cages are made of (read when a region map is checked, and when the
generators grow regions and cages)."""

from __future__ import annotations

from collections.abc import Collection


def neighbours(cell: int, n: int) -> list[int]:
    """The cells side by side with ``cell`` (row-major) in an N×N grid: above, below, left,
    right."""
    r, c = divmod(cell, n)
    out = [cell - n] if r else []
    if r < n - 1:
        out.append(cell + n)
    if c:
        out.append(cell - 1)
    if c < n - 1:
        out.append(cell + 1)
    return out


def connected(cells: Collection[int], n: int) -> bool:
    """Whether ``cells`` (not empty) form one piece, cell joined to cell by their sides."""
    inside = set(cells)
    start = min(inside)
    seen, todo = {start}, [start]
    while todo:
        for x in neighbours(todo.pop(), n):
            if x in inside and x not in seen:
                seen.add(x)
                todo.append(x)
    return len(seen) == len(inside)
