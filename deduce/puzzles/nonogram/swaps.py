"""Second solutions one 2x2 swap away from a first: found by looking, not by searching.

Where a solution has a square of four cells (rows r1, r2; columns c1, c2) reading
``[[filled, empty], [empty, filled]]``, and moving each of the two filled cells along its row
and along its column to the square's other corner keeps the clue of all four lines, the
swapped picture is a second solution. Big pictures with several solutions often have one
(two blocks of 1 that can trade places), and finding it costs a scan of the lines, where a
SAT solver asked for a second solution may run for minutes. A candidate is a solution only
once the caller has checked it against every clue; this module never claims one.
"""

from __future__ import annotations

from deduce.puzzles.nonogram.model import FILLED, Nonogram


def swapped(puzzle: Nonogram, values: list[int]) -> list[int] | None:
    """A picture that differs from the solution ``values`` (a value a cell, FILLED or not)
    by one 2x2 swap keeping the clues of the four lines it touches; None when there is
    none."""
    w, h = puzzle.width, puzzle.height
    filled = [v == FILLED for v in values]
    row_moves = {
        (r, a, b) for r in range(h) for a, b in _moves([filled[r * w + c] for c in range(w)])
    }
    col_moves: dict[tuple[int, int], list[int]] = {}
    for c in range(w):
        for a, b in _moves([filled[r * w + c] for r in range(h)]):
            col_moves.setdefault((c, a), []).append(b)
    for r1, c1, c2 in sorted(row_moves):
        for r2 in col_moves.get((c1, r1), ()):
            if (r2, c2, c1) in row_moves and r1 in col_moves.get((c2, r2), ()):
                out = values.copy()
                out[r1 * w + c1], out[r1 * w + c2] = values[r1 * w + c2], values[r1 * w + c1]
                out[r2 * w + c2], out[r2 * w + c1] = values[r2 * w + c1], values[r2 * w + c2]
                return out
    return None


def _moves(line: list[bool]) -> list[tuple[int, int]]:
    """Every (from, to) such that emptying the filled cell ``from`` and filling the empty
    cell ``to`` keeps the line's blocks: a block shifted by one cell either way, or a block
    of one cell moved anywhere in the gap around it."""
    n = len(line)
    blocks: list[tuple[int, int]] = []
    i = 0
    while i < n:
        if line[i]:
            j = i
            while j + 1 < n and line[j + 1]:
                j += 1
            blocks.append((i, j))
            i = j + 1
        else:
            i += 1
    out: list[tuple[int, int]] = []
    for k, (a, e) in enumerate(blocks):
        lo = blocks[k - 1][1] + 2 if k else 0  # the first cell the block may reach
        hi = blocks[k + 1][0] - 2 if k + 1 < len(blocks) else n - 1
        if e + 1 <= hi:
            out.append((a, e + 1))
        if a - 1 >= lo:
            out.append((e, a - 1))
        if a == e:
            out += [(a, c) for c in range(lo, hi + 1) if abs(c - a) > 1]
    return out
