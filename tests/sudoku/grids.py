"""Sudoku grids for tests: generated sub-grids of a valid solution, and corpus lines."""

from __future__ import annotations

from hypothesis import strategies as st

from deduce.puzzles.sudoku import model
from tests.conftest import corpus_file


def sudoku_grids(box_w: int, box_h: int):
    """Sub-grids of a valid solution (so clues never clash), for the given box shape."""
    n = box_w * box_h
    # The canonical pattern solution: value(r, c) = (box_w*(r % box_h) + r//box_h + c) % n + 1.
    solution = [(box_w * (r % box_h) + r // box_h + c) % n + 1 for r in range(n) for c in range(n)]
    return st.lists(st.booleans(), min_size=n * n, max_size=n * n).map(
        lambda keep: model.Sudoku(
            model.geometry(box_w, box_h),
            tuple(v if k else 0 for v, k in zip(solution, keep, strict=True)),
        )
    )


def corpus_lines(*parts: str, limit: int | None = None, step: int = 1) -> list[str]:
    """The puzzle lines of a Sudoku corpus file (its header and tab columns dropped), every ``step``-th up to ``limit``."""
    path = corpus_file("sudoku", *parts)
    lines = [ln.split("\t")[0] for ln in path.read_text().splitlines() if ln.strip()]
    if lines and lines[0][0] not in ".0123456789" and ":" not in lines[0]:
        lines = lines[1:]
    return lines[::step][:limit]
