"""The steps the ranges settle, in a player's words: a chain that can start at one number
only, or a link one cell alone can make; the ranges are the reason (see ``ranges``)."""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.signpost.board import Board
from deduce.puzzles.signpost.model import Signpost, cell_name
from deduce.rules.signpost.chains import chain_text, number_from, numbers_text
from deduce.rules.signpost.links import link_numbers
from deduce.rules.signpost.units import Ranges, Units
from deduce.state import State, bits
from deduce.step import Step


def spans(mask: int) -> str:
    """3-7, 12, 20-21: the numbers of a mask as runs."""
    out: list[list[int]] = []
    run: list[int] = []
    for k in bits(mask):
        if run and k != run[-1] + 1:
            out.append(run)
            run = []
        run.append(k)
    if run:
        out.append(run)
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in out)


def _what(puzzle: Signpost, b: Board, us: Units, u: int) -> str:
    h = us.head[u]
    if us.size[u] == 1:
        return cell_name(puzzle, h)
    return f"the chain {chain_text(puzzle, b.chain(h), 4)} ({us.size[u]} cells)"


def _holds(puzzle: Signpost, cell: int, mask: int) -> str:
    """``r1c1 holds 7`` or ``r1c1 can only hold 3-5, 9``."""
    name = cell_name(puzzle, cell)
    if mask & (mask - 1) == 0:
        return f"{name} holds {mask.bit_length() - 1}"
    return f"{name} can only hold {spans(mask)}"


def _ends(us: Units, r: Ranges, u: int) -> int:
    return r.start[u] << (us.size[u] - 1)


def _compatible(n: int, us: Units, r: Ranges, u: int, v: int) -> bool:
    """Whether chain ``v`` (``-1``: the end) can follow chain ``u`` under ranges ``r``."""
    if v == -1:
        return bool(_ends(us, r, u) >> n & 1)
    return bool((r.start[u] << us.size[u]) & r.start[v])


def conclusions(
    state: State[Signpost],
    b: Board,
    us: Units,
    r: Ranges,
    how: str,
    prior: Ranges,
    changed: set[int] | None = None,
) -> Iterator[Step]:
    """The steps ranges ``r`` settle: chains with one start, then links one cell alone can
    make (``how`` names the argument, ``prior`` the ranges it started from). With
    ``changed``, only those the chains in it (whose ranges just narrowed) can newly settle."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    rule = "where a chain fits" if prior is r else "ranges along arrows"
    every = changed is None
    touched = changed or set()
    for u, s in enumerate(r.start):
        if not s:
            raise Contradiction(f"{_what(puzzle, b, us, u)} fits nowhere among the free numbers")
        h = us.head[u]
        if b.num[h] or s & (s - 1) or not (every or u in touched):
            continue
        k = s.bit_length() - 1
        placed = number_from(puzzle, b, b.chain(h), k)
        why = _start_reason(puzzle, b, us, r, prior, u, how)
        text = (
            f"{_what(puzzle, b, us, u)} can only start at {k}{why}, so "
            f"{numbers_text(puzzle, placed)}."
            if us.size[u] > 1
            else f"{cell_name(puzzle, h)} is {k}: no other number is left for it{why}."
        )
        yield Step(
            rule,
            text,
            placements=tuple(placed),
            premises=_premises(n, b, us, [u, *us.before[u], *us.after[u]]),
            region=cell_name(puzzle, h),
        )
    for u, options in enumerate(us.after):
        if not (every or u in touched or any(v in touched for v in options)):
            continue
        fits = [v for v in options if _compatible(n, us, r, u, v)]
        if len(options) > 1 and len(fits) == 1:
            yield _link(state, b, us, r, rule, how, u, fits[0], options, "on")
    for v, options in enumerate(us.before):
        if r.start[v] & 0b10 or len(options) < 2:
            continue
        if not (every or v in touched or any(w in touched for w in options)):
            continue
        fits = [u for u in options if _compatible(n, us, r, u, v)]
        if len(fits) == 1:
            yield _link(state, b, us, r, rule, how, fits[0], v, options, "in")
    if b.where[n] == -1 and n not in b.nxt:
        options = [u for u in range(len(us.head)) if -1 in us.after[u]]
        fits = [u for u in options if _compatible(n, us, r, u, -1)]
        fresh = every or any(u in touched for u in options)
        if fresh and len(options) > 1 and len(fits) == 1:
            yield _link(state, b, us, r, rule, how, fits[0], -1, options, "last")


def _premises(n: int, b: Board, us: Units, which: list[int]) -> tuple[int, ...]:
    """The numbers and links of the chains ``which`` (``-1`` skipped): what a range reads."""
    out: set[int] = set()
    for u in which:
        if u < 0:
            continue
        chain = b.chain(us.head[u])
        out.update(chain)
        out.add(n + chain[-1])
    return tuple(sorted(out))


def _start_reason(
    puzzle: Signpost, b: Board, us: Units, r: Ranges, prior: Ranges, u: int, how: str
) -> str:
    n = puzzle.n
    if prior is r:
        return f" ({how})"
    parts = []
    before = [w for w in us.before[u]]
    after = [v for v in us.after[u]]
    if before:
        ends = 0
        for w in before:
            ends |= _ends(us, r, w)
        parts.append(f"the cells that can lead to it end chains at {spans(ends)}")
    if after:
        starts = 0
        for v in after:
            starts |= (1 << n) if v == -1 else r.start[v]
        tail = cell_name(puzzle, us.tail[u])
        parts.append(f"the cells along the arrow of {tail} start chains at {spans(starts)}")
    return f" ({how}: {'; '.join(parts)})" if parts else f" ({how})"


def _link(
    state: State[Signpost],
    b: Board,
    us: Units,
    r: Ranges,
    rule: str,
    how: str,
    u: int,
    v: int,
    options: list[int],
    form: str,
) -> Step:
    """The step that links chain ``u``'s tail to chain ``v``'s head (``v == -1``: to the end)."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    a = us.tail[u]
    x = n if v == -1 else us.head[v]
    an = cell_name(puzzle, a)
    if form == "on":
        others = [w for w in options if w != v]
        listed = "; ".join(
            _holds(puzzle, us.head[w], r.start[w]) if w != -1 else f"being last needs {n}"
            for w in others
        )
        text = (
            f"{an} → {cell_name(puzzle, x)}: {_holds(puzzle, a, _ends(us, r, u))} ({how}), and "
            f"only {cell_name(puzzle, x)} along its arrow can hold the number after ({listed})"
        )
        elims = tuple((n + a, n if w == -1 else us.head[w]) for w in others)
    else:
        others = [w for w in options if w != u]
        listed = "; ".join(_holds(puzzle, us.tail[w], _ends(us, r, w)) for w in others)
        text = (
            f"{an} → {cell_name(puzzle, x)}: {_holds(puzzle, x, r.start[v])} ({how}), and of "
            f"the cells pointing at it only {an} can hold the number before ({listed})"
            if x < n
            else f"{an} is the last cell: only it can hold {n} ({how}; {listed})"
        )
        elims = tuple((n + us.tail[w], x) for w in others)
    numbers = link_numbers(puzzle, b, a, x)
    if numbers:
        text += f", so {numbers_text(puzzle, numbers)}"
    return Step(
        rule,
        text + ".",
        placements=((n + a, x), *numbers),
        eliminations=elims,
        premises=_premises(n, b, us, [u, v, *options]),
        links=((a, x),) if x < n else (),
        region=an,
    )
