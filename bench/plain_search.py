"""Plain backtracking solvers for Numbrix/Hidato and Path: an outside measure of work.

They share nothing with deduce's rules: the nodes they visit before proving a puzzle has one
solution (counting to two) measure how much a puzzle resists trial and error, the way the
seeds' own solvers attack it (``../shared/seeds/``: the Numbrix report's DFS, the Path
paper's backtracking). ``bench/grade_order.py`` sets our grade against it.

- Numbrix/Hidato: lay 1, 2, 3, ... one cell at a time from 1's cell (every free cell when 1
  is not given), each number in a free neighbour of the one before (or on its given cell),
  pruned when the next given number is farther away on the open board than the numbers left
  to lay before it (the seed's distance check).
- Path: walk from the first door one cell at a time, never through the second door, pruned
  when a clued row or column gets more cells than its count; a walk ending on the second door
  with every count met is a solution.
"""

from __future__ import annotations

import json
from typing import Any


class _Cap(Exception):
    pass


def numbrix_nodes(data: dict[str, Any], king: bool, cap: int) -> int:
    """Nodes a plain DFS visits to count the solutions to two (``cap`` when it stops there)."""
    rows, cols = (int(v) for v in data["size"])
    grid = [int(x) for row in data["grid"] for x in row]
    cells = [i for i, x in enumerate(grid) if x >= 0]
    n = len(cells)
    given = {x: i for i, x in enumerate(grid) if x > 0}
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if king:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    near = {
        i: [
            (i // cols + dr) * cols + i % cols + dc
            for dr, dc in steps
            if 0 <= i // cols + dr < rows
            and 0 <= i % cols + dc < cols
            and grid[(i // cols + dr) * cols + i % cols + dc] >= 0
        ]
        for i in cells
    }

    def far(a: int, b: int) -> int:
        dr, dc = abs(a // cols - b // cols), abs(a % cols - b % cols)
        return max(dr, dc) if king else dr + dc

    next_given: dict[int, int | None] = {}
    later = sorted(given)
    for k in range(1, n + 1):
        following = [g for g in later if g >= k]
        next_given[k] = following[0] if following else None
    used = [False] * len(grid)
    nodes = 0
    found = 0

    def fits(cell: int, k: int) -> bool:
        g = next_given.get(k + 1) if k < n else None
        return g is None or far(cell, given[g]) <= g - k

    def lay(cell: int, k: int) -> None:
        nonlocal nodes, found
        nodes += 1
        if nodes >= cap:
            raise _Cap
        if k == n:
            found += 1
            if found >= 2:
                raise _Cap
            return
        nxt = k + 1
        targets = [given[nxt]] if nxt in given else near[cell]
        for other in targets:
            if other in near[cell] and not used[other] and fits(other, nxt):
                if nxt not in given and grid[other] > 0:
                    continue
                used[other] = True
                lay(other, nxt)
                used[other] = False

    starts = [given[1]] if 1 in given else [c for c in cells if grid[c] == 0]
    try:
        for start in starts:
            if fits(start, 1):
                used[start] = True
                lay(start, 1)
                used[start] = False
    except _Cap:
        return nodes if found >= 2 else cap
    return nodes


def path_nodes(data: dict[str, Any], cap: int) -> int:
    """Nodes a plain DFS of door-to-door walks visits to count solutions to two (``cap``
    when it stops there)."""
    rows, cols = data["rows"], data["cols"]
    (ar, ac), (br, bc) = data["doors"]
    row_need, col_need = data["row_counts"], data["col_counts"]
    row_have, col_have = [0] * rows, [0] * cols
    seen = [[False] * cols for _ in range(rows)]
    nodes = 0
    found = 0

    def ok() -> bool:
        return all(n in (-1, h) for n, h in zip(row_need, row_have, strict=True)) and all(
            n in (-1, h) for n, h in zip(col_need, col_have, strict=True)
        )

    def step(r: int, c: int) -> None:
        nonlocal nodes, found
        nodes += 1
        if nodes >= cap:
            raise _Cap
        if (r, c) == (br, bc):
            if ok():
                found += 1
                if found >= 2:
                    raise _Cap
            return
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            y, x = r + dr, c + dc
            if not (0 <= y < rows and 0 <= x < cols) or seen[y][x]:
                continue
            if row_need[y] != -1 and row_have[y] >= row_need[y]:
                continue
            if col_need[x] != -1 and col_have[x] >= col_need[x]:
                continue
            seen[y][x] = True
            row_have[y] += 1
            col_have[x] += 1
            step(y, x)
            seen[y][x] = False
            row_have[y] -= 1
            col_have[x] -= 1

    seen[ar][ac] = True
    row_have[ar] += 1
    col_have[ac] += 1
    try:
        step(ar, ac)
    except _Cap:
        return nodes if found >= 2 else cap
    return nodes


def nodes_of(family: str, line: str, cap: int = 300_000) -> int:
    """The plain search's nodes for one corpus line of ``family``."""
    data = json.loads(line)
    if family == "path":
        return path_nodes(data, cap)
    return numbrix_nodes(data, family == "hidato", cap)


if __name__ == "__main__":  # a quick look: nodes per puzzle of each corpus
    import sys
    from pathlib import Path

    corpora = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"
    for fam, name in [
        ("path", "path/path_puzzles.jsonl"),
        ("numbrix", "numbrix/numbrix_public.jsonl"),
        ("hidato", "hidato/hidato_public.jsonl"),
    ]:
        if sys.argv[1:] and fam not in sys.argv[1:]:
            continue
        for text in (corpora / name).read_text(encoding="utf-8").splitlines():
            d = json.loads(text)
            if d.get("n_solutions") == "1":
                print(fam, d["name"], nodes_of(fam, text), flush=True)
