"""Simon Tatham's Signpost solver, as its algorithm runs, with its work counted.

An independent measure of how much work a Signpost puzzle takes: this is the algorithm of
``solve_state`` in Tatham's signpost.c (MIT licence; written afresh here from its description,
not copied), the solver his generator uses to keep only puzzles it finishes. Each *pass*
numbers every chain that holds a given, then looks at every cell not yet linked on: it is
linked when exactly one cell along its arrow passes his test (``isvalidmove``: the cell is
free, not in the same chain, numbers consecutive when both are known, and a chain beside a
known number fits in the gap of free numbers there), and every cell not yet linked to is
linked when exactly one cell can lead to it. All links found in a pass are made at once, and
passes repeat until one finds none.

``solve(game_id)`` returns ``Work``: the passes, the link tests (``isvalidmove`` calls), and
an operation count that follows his C code's loops (cells visited in the numbering, cells
walked along arrows, numbers walked over while measuring gaps). His C code's running time
is proportional to that count; the count has no timing noise, which matters for puzzles his
solver finishes in a few microseconds.
"""

from __future__ import annotations

import re

import attrs

STEPS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


@attrs.define
class Work:
    """What the solve took: ``passes`` of the solver loop, ``tests`` of a link, ``ops`` (the
    count his loops run through), and whether it finished (``solved``)."""

    passes: int = 0
    tests: int = 0
    ops: int = 0
    solved: bool = False


def parse(game_id: str) -> tuple[int, int, list[int], list[int]]:
    """Width, height, arrows (0 = N, clockwise) and givens (0 = none) of a game ID."""
    m = re.fullmatch(r"(\d+)x(\d+):(.*)", game_id.strip())
    assert m, game_id
    w, h = int(m.group(1)), int(m.group(2))
    arrows, givens = [], []
    for number, letter in re.findall(r"(\d*)([a-h])", m.group(3)):
        givens.append(int(number) if number else 0)
        arrows.append("abcdefgh".index(letter))
    return w, h, arrows, givens


class _Solver:
    def __init__(self, game_id: str) -> None:
        self.w, self.h, self.arrows, self.givens = parse(game_id)
        self.n = self.w * self.h
        self.nxt = [-1] * self.n
        self.prv = [-1] * self.n
        self.work = Work()
        self.along = [self._along(c) for c in range(self.n)]
        self.impossible = False

    def _along(self, cell: int) -> list[int]:
        y, x = divmod(cell, self.w)
        dx, dy = STEPS[self.arrows[cell]]
        out = []
        x, y = x + dx, y + dy
        while 0 <= x < self.w and 0 <= y < self.h:
            out.append(y * self.w + x)
            x, y = x + dx, y + dy
        return out

    def number(self) -> None:
        """Chains, their sizes, and the real numbers of every chain holding a given."""
        n = self.n
        self.chain_of = list(range(n))
        self.size = [1] * n
        self.nums = list(self.givens)
        self.numsi = [-1] * (n + 2)
        for c, g in enumerate(self.givens):
            if g:
                self.numsi[g] = c
        self.work.ops += n
        for head in range(n):
            if self.prv[head] != -1 or self.nxt[head] == -1:
                continue
            chain, cell, start = [], head, None
            while cell != -1:
                if len(chain) > n:
                    self.impossible = True
                    return
                if self.givens[cell]:
                    s = self.givens[cell] - len(chain)
                    if start is not None and s != start:
                        self.impossible = True
                    start = s
                chain.append(cell)
                cell = self.nxt[cell]
            self.work.ops += len(chain)
            for c in chain:
                self.chain_of[c] = head
                self.size[c] = len(chain)
            if start is not None:
                for t, c in enumerate(chain):
                    k = start + t
                    if not self.givens[c]:
                        self.nums[c] = k
                        if 0 < k <= n:
                            self.numsi[k] = c

    def real(self, k: int) -> bool:
        return 0 < k <= self.n

    def couldfit(self, num: int, d: int, cell: int) -> bool:
        gap, k = 0, num + d
        while self.real(k) and self.numsi[k] == -1:
            gap += 1
            k += d
        self.work.ops += gap + 1
        if gap == 0:
            return self.nums[cell] != num + d
        if self.prv[cell] == -1 and self.nxt[cell] == -1:
            return True
        return self.size[cell] <= gap

    def valid(self, a: int, b: int) -> bool:
        """Tatham's isvalidmove (the clever form) for b along a's arrow."""
        self.work.tests += 1
        n = self.n
        na, nb = self.nums[a], self.nums[b]
        if na == n:
            return False
        if (na == n and self.givens[a]) or (nb == 1 and self.givens[b]):
            return False
        if self.chain_of[a] == self.chain_of[b]:
            return False
        if self.real(na) and self.real(nb):
            return na == nb - 1
        if self.real(na):
            return self.couldfit(na, 1, b)
        if self.real(nb):
            return self.couldfit(nb, -1, a)
        return True

    def single(self) -> list[tuple[int, int]]:
        n = self.n
        links = []
        came = [-1] * n
        for i in range(n):
            if self.nxt[i] != -1 or self.nums[i] == n:
                continue
            poss = -1
            for j in self.along[i]:
                self.work.ops += 1
                if not self.valid(i, j) or self.prv[j] != -1:
                    continue
                if (
                    self.real(self.nums[i])
                    and self.real(self.nums[j])
                    and self.nums[j] == self.nums[i] + 1
                ):
                    poss = j
                    came[j] = i
                    break
                poss = j if poss == -1 else -2
                came[j] = i if came[j] == -1 else -2
            if poss == -1:
                self.impossible = True
                return []
            if poss >= 0:
                links.append((i, poss))
        for i in range(n):
            self.work.ops += 1
            if self.prv[i] != -1 or self.nums[i] == 1:
                continue
            if came[i] == -1:
                self.impossible = True
                return []
            if came[i] >= 0:
                links.append((came[i], i))
        return links

    def link(self, a: int, b: int) -> None:
        if self.nxt[a] != -1:
            self.prv[self.nxt[a]] = -1
        self.nxt[a] = b
        if self.prv[b] != -1:
            self.nxt[self.prv[b]] = -1
        self.prv[b] = a

    def solve(self) -> Work:
        while not self.impossible:
            self.work.passes += 1
            self.number()
            links = self.single()
            if not links:
                break
            for a, b in links:
                self.link(a, b)
        self.number()
        self.work.solved = not self.impossible and all(self.real(k) for k in self.nums)
        return self.work


def solve(game_id: str) -> Work:
    """Run Tatham's solver on ``game_id`` and count its work."""
    return _Solver(game_id).solve()
