"""Two texts read as the same puzzle: they solve to the same unique answer."""

from __future__ import annotations

import deduce


def same_answer(text_a: str, text_b: str) -> str:
    """Assert both texts solve to one and the same solution, and return its text."""
    a, b = deduce.solve(text_a), deduce.solve(text_b)
    assert a.status == b.status == "unique"
    assert a.solution == b.solution
    return a.solution_text or ""
