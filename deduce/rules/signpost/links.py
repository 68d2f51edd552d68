"""Link rules: Simon Tatham's test of which links are possible, one reason at a time.

A cell that is not yet linked on (a free *tail*) may lead to a cell along its arrow that is
not yet linked to (a free *head*). Tatham's solver (``isvalidmove`` in his signpost.c) rules a
link ``a → x`` out when (easiest first, as a player sees them):

- ``NUMBERS``: both hold numbers that are not consecutive, or the number after ``a``'s (before
  ``x``'s) is already written elsewhere;
- ``LOOP``: ``x`` starts the chain that ends at ``a``: the link would close a loop;
- ``GAP``: one side holds a number ``k`` and the other side's chain has more cells than there
  are free numbers between ``k`` and the next number written in that direction.

A cell with one possible successor left, or one possible predecessor, is linked. Each rule
below makes the links that need reasons up to its own and no harder one, so the easiest rule
that makes progress names the reason a player needs. A link step writes in the numbers the
link gives its chains (they are numbered from any number in them) and lists the links it
rules out as its eliminations; the sentence names each one ruled out and why.

These rules carry Tatham's whole test, so they finish every puzzle his generator makes.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.puzzles.signpost.board import Board, board
from deduce.puzzles.signpost.model import Signpost, cell_name, predecessors
from deduce.rules.signpost.chains import Placement, chain_text, number_from, numbers_text
from deduce.rules.signpost.settled import (
    GAP,
    LOOP,
    NUMBERS,
    OPEN,
    Option,
    Settle,
    settled,
)
from deduce.state import State
from deduce.step import Said, Step


def _where(tiers: list[int], tier: int) -> Iterator[int]:
    """The cells whose tier is ``tier``, in order (``list.index`` does the scanning)."""
    i = -1
    while True:
        try:
            i = tiers.index(tier, i + 1)
        except ValueError:
            return
        yield i


def _found(
    state: State[Signpost], tier: int, forms: tuple[str, ...]
) -> Iterator[tuple[str, Settle]]:
    """The links Tatham's test settles at ``tier``, in the order a player meets them:
    successors cell by cell, then predecessors (and cells that must be 1), then the last.

    Nothing while a chain is numbered only in part (after a guessed link, until numbering
    along links, asked first, writes its numbers): the reasons read numbers off whole chains.
    """
    if board(state).loose:
        return
    s = settled(state)
    n = state.puzzle.n
    if "on" in forms:
        for i in _where(s.on_tier, tier):
            found = s.on[i]
            assert found is not None
            yield "on", found
    if "in" in forms:
        for i in _where(s.in_tier, tier):
            found = s.into[i]
            assert found is not None
            yield ("first" if found[1] == -1 else "in"), found
    if "last" in forms:
        found = s.last(n)
        if found is not None and found[0] == tier:
            yield "last", found


def _reason_text(puzzle: Signpost, b: Board, a: int, x: int, r: int, form: str) -> str:
    """Why ``a → x`` is ruled out, naming the cell a player looks at (``x`` for a successor,
    ``a`` for a predecessor)."""
    n = puzzle.n
    name = cell_name(puzzle, x if form == "on" else a)
    ka = b.num[a]
    if x == n:
        if r == NUMBERS:
            return f"{cell_name(puzzle, a)} holds {ka}, not {n}"
        return (
            f"{cell_name(puzzle, a)}'s chain of {b.size[a]} cells does not fit in the "
            f"{_count(b.free_before(n + 1), 'free number')} at the top"
        )
    kx = b.num[x]
    if r == NUMBERS:
        if ka and kx:
            held, wanted = (kx, ka + 1) if form == "on" else (ka, kx - 1)
            return f"{name} holds {held}, not {wanted}"
        k = ka + 1 if ka else kx - 1
        elsewhere = f"{k} is already at {cell_name(puzzle, b.where[k])}"
        if (form == "on") == bool(ka):  # the cell named holds no number: it would need k
            return f"{name} cannot be {k}: {elsewhere}"
        return f"{name} holds {ka or kx}, and {elsewhere}"
    if r == LOOP:
        return f"{name} would close the loop {chain_text(puzzle, [*b.chain(x), x], 4)}"
    if (form == "on" and ka) or (form != "on" and kx):
        whose, k, cells = (x, ka, "after") if ka else (a, kx, "before")
        free = b.free_after(k) if ka else b.free_before(k)
        return (
            f"{name} {'starts' if whose == x else 'ends'} a chain of {b.size[whose]} cells, "
            f"more than the {_count(free, 'free number')} {cells} {k}"
        )
    whose, k, cells = (a, kx, "before") if kx else (x, ka, "after")
    free = b.free_before(k) if kx else b.free_after(k)
    return (
        f"{name} holds {k}, and the {b.size[whose]} cells of {cell_name(puzzle, whose)}'s chain "
        f"do not fit in the {_count(free, 'free number')} {cells} it"
    )


def _count(k: int, what: str) -> str:
    return f"{k} {what}" if k == 1 else f"{k} {what}s"


def link_numbers(puzzle: Signpost, b: Board, a: int, x: int) -> list[Placement]:
    """The numbers the link ``a → x`` writes in (``a == -1``: ``x`` is 1)."""
    n = puzzle.n
    if a == -1:
        return number_from(puzzle, b, b.chain(x), 1)
    if x == n:
        return [] if b.num[a] else number_from(puzzle, b, b.chain(b.end[a]), n - b.size[a] + 1)
    if b.num[a] and not b.num[x]:
        return number_from(puzzle, b, b.chain(x), b.num[a] + 1)
    if b.num[x] and not b.num[a]:
        return number_from(puzzle, b, b.chain(b.end[a]), b.num[x] - b.size[a])
    return []


def _premises(
    puzzle: Signpost, b: Board, form: str, a: int, x: int, ruled: list[tuple[int, int, int]]
) -> set[int]:
    """The variables a step reads: variable ``c`` is the number of cell ``c``, ``n + c`` the
    link out of ``c``.

    The cell's own successor (or those of every cell pointing at it) and the links that took
    the other cells along its arrow; for each link ruled out, the numbers its reason cites
    and the links of the chains it measures; for the numbers written in, the number they
    start from and the links they run along. The grade counts rounds of deduction from these
    (``deduce.difficulty.signpost``).
    """
    n = puzzle.n
    num, where, prv = b.num, b.where, b.prv
    out: set[int] = set()

    def links(end: int) -> None:
        out.update(n + c for c in b.chain(b.head(end))[:-1])

    def number(k: int) -> None:
        if 1 <= k <= n and where[k] != -1:
            out.add(where[k])

    if form == "on":
        out.add(n + a)
        for y in puzzle.along(a):
            if prv[y] != -1:
                out.add(n + prv[y])
            elif num[y] == 1:
                out.add(y)
    else:
        out.update(n + p for p, _, _ in ruled)
        if a != -1:
            out.add(n + a)
        if x < n:
            out.update(n + p for p in predecessors(puzzle)[x])
    for p, q, r in ruled:
        kp, kq = num[p], num[q] if q < n else n + 1
        if r == NUMBERS:
            number(kp)
            number(kq)
            number(kp + 1 if kp else kq - 1)
        elif r == LOOP:
            links(p)
        elif r == GAP:
            if kp:
                number(kp)
                number(kp + 1 + b.free_after(kp))
                links(q)
            else:
                number(kq)
                number(kq - 1 - b.free_before(kq))
                links(p)
    if a != -1 and x < n and (num[a] != 0) != (num[x] != 0):
        number(num[a] or num[x])
        links(a)
        links(x)
    elif a == -1:
        links(x)
    elif x == n:
        links(a)
    return out


def _step(
    state: State[Signpost], rule: str, weight: float, form: str, a: int, x: int, ruled: list[Option]
) -> Step:
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    b = board(state)
    numbers = link_numbers(puzzle, b, a, x)
    placements: list[tuple[int, int]] = [] if a == -1 else [(n + a, x)]
    placements += numbers
    elims = tuple((n + p, q) for p, q, _ in ruled if p != -1 and p != a) + tuple(
        (n + a, q) for p, q, _ in ruled if p == a and q != x
    )
    premises = _premises(puzzle, b, form, a, x, ruled)
    return Step(
        rule,
        Said(_sentence, (puzzle, b, form, a, x, tuple(ruled), tuple(numbers))),
        placements=tuple(placements),
        eliminations=tuple(dict.fromkeys(elims)),
        premises=tuple(sorted(premises)),
        links=((a, x),) if a != -1 and x < n else (),
        region=cell_name(puzzle, a if a != -1 else x),
        difficulty=round(weight + 1 / available(state), 3),
    )


def _sentence(
    puzzle: Signpost,
    b: Board,
    form: str,
    a: int,
    x: int,
    ruled: tuple[Option, ...],
    numbers: tuple[Placement, ...],
) -> str:
    """A link step's sentence: the link, why no other is possible, the numbers it writes."""
    n = puzzle.n
    an, xn = cell_name(puzzle, a), cell_name(puzzle, x) if x < n else ""
    reasons = [_reason_text(puzzle, b, p, q, r, form) for p, q, r in ruled if r != OPEN]
    why = f" ({'; '.join(reasons)})" if reasons else ""
    if form == "first":
        text = f"{xn} is 1: no cell can lead to it{why}"
    elif x == n:
        text = (
            f"{an} is the last cell: nothing along its arrow can follow it{why}"
            if form == "on"
            else f"{an} is the last cell: no other cell can be{why}"
        )
    elif form == "on" and b.num[a] and b.num[x] == b.num[a] + 1:
        text = f"{an} → {xn}: {b.num[a]} is followed by {b.num[x]}"
    elif form == "on" and not ruled:
        text = f"{an} → {xn}: {xn} is the only cell left along the arrow of {an}"
    elif form == "on":
        text = f"{an} → {xn}: {xn} is the only cell along the arrow of {an} that can follow it{why}"
    elif not ruled:
        text = f"{an} → {xn}: {an} is the only cell left that points at {xn}"
    else:
        text = f"{an} → {xn}: {an} is the only cell pointing at {xn} that can lead to it{why}"
    if numbers:
        text += f", so {numbers_text(puzzle, list(numbers))}"
    return text + "."


def available(state: State[Signpost]) -> int:
    """How many links Tatham's test settles on this grid, by any reason (at least 1).

    A link that is one of many the grid offers is found at once; the only one takes a look
    at every cell. A link step weighs its reason's weight plus one over this count: the
    grade counts how hard the links were to find as well as to prove.
    """
    return settled(state).links()


def links(
    state: State[Signpost], tier: int, forms: tuple[str, ...], name: str, weight: float
) -> Iterator[Step]:
    """The links Tatham's test settles with reasons up to ``tier`` (a rule called ``name``,
    weighing ``weight``), one way on, one way in or one way into the last cell (``forms``)."""
    for form, (_, a, x, ruled) in _found(state, tier, forms):
        yield _step(state, name, weight, form, a, x, list(ruled))
