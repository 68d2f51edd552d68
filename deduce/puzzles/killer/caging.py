"""Random cages over a filled grid, as a Killer setter draws them, and the changes the
generator makes to them.

A cage is a list of cells: connected, at most ``MAX_CAGE`` cells, no digit of the grid twice.
Cages are grown from the cells in a random order, each to a size drawn from the sizes setters
use (``SIZES``), taking next a free neighbouring cell with a new digit, one touching more of
the cage more often (compact cages, not snakes). A cage that cannot grow stays smaller; a
one-cell cage left over joins a neighbouring cage that has room and lacks its digit.
"""

from __future__ import annotations

import random

from deduce.puzzles.adjacency import neighbours

#: How many cages of each size (cells) the corpus ``janko_killer_third.jsonl`` holds, by side,
#: cages of 1 cell left out (they are left over, never drawn) and of more than ``MAX_CAGE``
#: (19 of 5,446 9x9 cages). The sizes a cage is grown to are drawn with these weights.
SIZES: dict[int, dict[int, int]] = {
    4: {2: 44, 3: 8},
    6: {2: 1196, 3: 266, 4: 102, 5: 5},
    9: {2: 3744, 3: 1229, 4: 342, 5: 88},
}

#: The most cells a cage gets.
MAX_CAGE = 5

Cages = list[list[int]]


def random_cages(grid: list[int], n: int, rng: random.Random) -> Cages:
    """A random cage partition of the filled ``grid`` of side ``n`` (see the module)."""
    weights = SIZES[n]
    owner = [-1] * (n * n)
    cages: Cages = []
    for start in rng.sample(range(n * n), n * n):
        if owner[start] < 0:
            size = rng.choices(list(weights), list(weights.values()))[0]
            cages.append(_grown(grid, n, owner, start, size, len(cages), rng))
    return _joined_singles(grid, n, cages, rng)


def _grown(
    grid: list[int], n: int, owner: list[int], start: int, size: int, index: int, rng: random.Random
) -> list[int]:
    """A cage grown from ``start`` to ``size`` cells where free cells with new digits allow."""
    cage = [start]
    owner[start] = index
    while len(cage) < size:
        digits = {grid[c] for c in cage}
        free = {x for c in cage for x in neighbours(c, n) if owner[x] < 0 and grid[x] not in digits}
        if not free:
            break
        choices = sorted(free)
        touching = [sum(owner[y] == index for y in neighbours(x, n)) for x in choices]
        cell = rng.choices(choices, [t * t for t in touching])[0]
        cage.append(cell)
        owner[cell] = index
    return cage


def _joined_singles(grid: list[int], n: int, cages: Cages, rng: random.Random) -> Cages:
    """The cages with each one-cell cage joined to a random neighbouring cage that has room
    for it and lacks its digit (kept alone when none has)."""
    owner = owners(cages, n)
    for index, cage in enumerate(cages):
        if len(cage) != 1:
            continue
        cell = cage[0]
        hosts = sorted(
            {owner[x] for x in neighbours(cell, n)}
            - {index}
            - {k for k in range(len(cages)) if len(cages[k]) >= MAX_CAGE}
        )
        hosts = [k for k in hosts if grid[cell] not in {grid[c] for c in cages[k]} and cages[k]]
        if hosts:
            host = rng.choice(hosts)
            cages[host].append(cell)
            cages[index] = []
            owner[cell] = host
    return [sorted(cage) for cage in cages if cage]


def owners(cages: Cages, n: int) -> list[int]:
    """For every cell, the index of its cage."""
    owner = [-1] * (n * n)
    for index, cage in enumerate(cages):
        for cell in cage:
            owner[cell] = index
    return owner


def pieces(cells: list[int], n: int) -> Cages:
    """The connected pieces of ``cells``."""
    left, out = set(cells), []
    while left:
        piece = [min(left)]
        left.discard(piece[0])
        for here in piece:
            for x in neighbours(here, n):
                if x in left:
                    left.discard(x)
                    piece.append(x)
        out.append(sorted(piece))
    return out


def merges(grid: list[int], n: int, cages: Cages) -> list[tuple[int, int]]:
    """The pairs of neighbouring cages (indices, lower first) that can be one: at most
    ``MAX_CAGE`` cells together and no digit in both."""
    owner = owners(cages, n)
    pairs = set()
    for a, cage in enumerate(cages):
        digits = {grid[c] for c in cage}
        for cell in cage:
            for x in neighbours(cell, n):
                b = owner[x]
                fits = b > a and len(cage) + len(cages[b]) <= MAX_CAGE
                if fits and not digits & {grid[c] for c in cages[b]}:
                    pairs.add((a, b))
    return sorted(pairs)


def merged(cages: Cages, a: int, b: int) -> Cages:
    """The cages with cages ``a`` and ``b`` made one."""
    out = [list(c) for k, c in enumerate(cages) if k not in (a, b)]
    return [*out, sorted(cages[a] + cages[b])]
