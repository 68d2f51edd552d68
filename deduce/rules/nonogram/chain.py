"""A probe's chain: the line deductions a contradiction rests on, cut to the ones it needs.

A probe (``deduce.rules.nonogram.probing``) supposes one cell's value and runs the line solver
breadth first, line by line, until two lines disagree. Its trace holds every line deduction on
the way, most of which the contradiction does not use. ``chain`` works backwards from the line
that fails: it keeps, for that line and then for every deduction kept, a smallest set of the
supposed cells it needs (greedily: the latest supposed cell is dropped first while the line
still fails, or still settles what is needed), so the chain a player reads is short and each
of its lines, given only the cells named before it, settles what it says.
"""

from __future__ import annotations

import attrs

from deduce.puzzles.nonogram.model import (
    D_EMPTY,
    D_FILLED,
    EMPTY,
    FILLED,
    Line,
    Nonogram,
    cell_name,
    clue_text,
    lines_of,
)
from deduce.rules.nonogram.grid import cell_list, conclusion, title
from deduce.rules.nonogram.lines import memo, remember, solve_line
from deduce.step import CONTRADICTION, Step

#: One line deduction of a probe as it ran: (line index, positions of the line it settled,
#: the line after it).
Traced = tuple[int, tuple[int, ...], bytes]


@attrs.frozen
class Link:
    """One deduction of a chain: ``line`` (an index into the puzzle's lines) settles ``cells``
    (cell, domain mask) given the supposed cells ``uses`` (cell, domain mask) of that line;
    the last link of a chain settles nothing: ``line`` has no placement left."""

    line: int
    uses: tuple[tuple[int, int], ...]
    cells: tuple[tuple[int, int], ...]


def chain(
    lines: tuple[Line, ...], grid: bytes, cell: int, value: int, trace: list[Traced], failed: int
) -> tuple[Link, ...]:
    """The links from supposing ``cell`` has domain mask ``value`` on ``grid`` to the line
    ``failed`` having no placement, in the order the probe made them (the contradiction last).

    ``trace`` is the probe's list of line deductions; the probe's grid is rebuilt from it.
    """
    supposed: dict[int, tuple[int, int]] = {cell: (-1, value)}  # cell -> (deduction, mask)
    for k, (index, positions, after) in enumerate(trace):
        line_cells = lines[index].cells
        for p in positions:
            supposed[line_cells[p]] = (k, after[p])
    needs: dict[int, set[int]] = {}  # deduction -> the cells of it that are used later
    links: list[Link] = []
    uses = _smallest(lines[failed], grid, supposed, len(trace), None)
    links.append(Link(failed, _masks(uses, supposed), ()))
    _note(uses, supposed, needs)
    for k in range(len(trace) - 1, -1, -1):
        wanted = needs.get(k)
        if not wanted:
            continue
        line = lines[trace[k][0]]
        uses = _smallest(line, grid, supposed, k, wanted)
        links.append(Link(trace[k][0], _masks(uses, supposed), _masks(sorted(wanted), supposed)))
        _note(uses, supposed, needs)
    links.reverse()
    return tuple(links)


def _smallest(
    line: Line,
    grid: bytes,
    supposed: dict[int, tuple[int, int]],
    k: int,
    wanted: set[int] | None,
) -> list[int]:
    """A smallest set (greedily) of the supposed cells of ``line`` known before deduction
    ``k`` with which the line still fails (``wanted`` None) or still settles the ``wanted``
    cells to their supposed values. The supposed cell is always kept (it is the premise)."""
    never = (k, 0)
    base = bytes(grid[c] for c in line.cells)
    now = bytearray(base)  # the line with the chosen cells written in
    where = {}
    for i, c in enumerate(line.cells):
        found = supposed.get(c, never)
        if found[0] < k:
            where[c] = i
            now[i] = found[1]
    table = memo("solver", line.clue)
    goal = [(i, supposed[c][1]) for i, c in enumerate(line.cells) if wanted and c in wanted]
    kept = {c for c in where}
    for c in sorted(kept, key=lambda c: -supposed[c][0]):  # the latest first
        if supposed[c][0] < 0:
            continue
        i = where[c]
        now[i] = base[i]
        text = bytes(now)
        result = (table.get(text) or remember(table, solve_line, line.clue, text))[0]
        if wanted is None:
            holds = result is None
        else:  # a line that fails with fewer cells known cannot happen: it did not fail
            holds = result is not None and all(result[p] == v for p, v in goal)
        if holds:
            kept.discard(c)
        else:
            now[i] = supposed[c][1]
    return sorted(kept)


def _masks(cells: list[int], supposed: dict[int, tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return tuple((c, supposed[c][1]) for c in cells)


def _note(
    uses: list[int], supposed: dict[int, tuple[int, int]], needs: dict[int, set[int]]
) -> None:
    """Record that the deductions which settled ``uses`` must settle them."""
    for c in uses:
        k = supposed[c][0]
        if k >= 0:
            needs.setdefault(k, set()).add(c)


def _split(pairs: tuple[tuple[int, int], ...]) -> tuple[list[int], list[int]]:
    """(the filled cells, the empty cells) of (cell, domain mask) pairs."""
    return [c for c, mask in pairs if mask == D_FILLED], [
        c for c, mask in pairs if mask != D_FILLED
    ]


def _named(puzzle: Nonogram, pairs: tuple[tuple[int, int], ...]) -> str:
    """``r2c6 and r3c6 filled and r2c9 empty``."""
    filled, empty = _split(pairs)
    parts = []
    if filled:
        parts.append(f"{cell_list(puzzle, filled)} filled")
    if empty:
        parts.append(f"{cell_list(puzzle, empty)} empty")
    return " and ".join(parts)


def _placements(pairs: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    return tuple((c, FILLED if mask == D_FILLED else EMPTY) for c, mask in pairs)


def substeps(puzzle: Nonogram, cell: int, value: int, links: tuple[Link, ...]) -> tuple[Step, ...]:
    """The chain as small steps a player follows one at a time: the supposition, every line
    deduction (what it uses, what it settles), and the line left with no placement."""
    lines = lines_of(puzzle)
    name = cell_name(puzzle, cell)
    out = [
        Step(
            "supposition",
            f"Suppose {name} is {'filled' if value == FILLED else 'empty'}.",
            placements=((cell, value),),
            premises=(cell,),
            region=name,
        )
    ]
    for link in links[:-1]:
        line = lines[link.line]
        out.append(
            Step(
                "line solver",
                f"{title(line)}: with {_named(puzzle, link.uses)}, "
                f"{conclusion(puzzle, *_split(link.cells))}.",
                placements=_placements(link.cells),
                premises=line.cells,
                region=line.name,
            )
        )
    last = links[-1]
    line = lines[last.line]
    out.append(
        Step(
            "contradiction",
            f"{title(line)}: with {_named(puzzle, last.uses)}, no placement of its blocks "
            "fits: a contradiction.",
            premises=line.cells,
            region=line.name,
            kind=CONTRADICTION,
        )
    )
    return tuple(out)


def _line_names(lines: tuple[Line, ...], links: tuple[Link, ...], most: int = 6) -> str:
    names = [lines[link.line].name for link in links]
    if len(names) > most:
        names = [*names[: most - 1], f"{len(names) - most + 1} more"]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def probe_step(
    puzzle: Nonogram, grid: bytes, cell: int, value: int, failed: int, trace: list[Traced]
) -> Step:
    """The probing step: ``cell`` does not have ``value``, since supposing it leads line logic
    (``trace``) to line ``failed`` having no placement. The sentence names the lines of the
    chain in order; ``substeps`` spell it out; the premises are the cells the chain goes
    through and the failing line, the links arrows from each deduction's last used cell to
    what it settles."""
    lines = lines_of(puzzle)
    mask = D_FILLED if value == FILLED else D_EMPTY
    links = chain(lines, grid, cell, mask, trace, failed)
    name = cell_name(puzzle, cell)
    supposed = "filled" if value == FILLED else "empty"
    other = "empty" if value == FILLED else "filled"
    bad = lines[failed]
    if len(links) == 1:
        text = (
            f"If {name} were {supposed}, {bad.name} could not show its clue "
            f"{clue_text(bad.clue)}, so {name} is {other}."
        )
    else:
        count = len(links) - 1
        text = (
            f"If {name} were {supposed}, {count} line deduction{'s' if count > 1 else ''} "
            f"({_line_names(lines, links[:-1])}) would leave {bad.name} no way to show "
            f"{clue_text(bad.clue)}, so {name} is {other}."
        )
    order = {cell: -1}
    for k, link in enumerate(links):
        for c, _ in link.cells:
            order[c] = k
    involved = [cell]
    arrows: list[tuple[int, int]] = []
    for link in links:
        involved.extend(c for c, _ in link.uses)
        involved.extend(c for c, _ in link.cells)
        if link.cells:
            source = max((c for c, _ in link.uses), key=lambda c: order.get(c, -1))
            arrows.extend((source, c) for c, _ in link.cells[:1])
    involved.extend(bad.cells)
    return Step(
        "",
        text,
        placements=((cell, EMPTY if value == FILLED else FILLED),),
        premises=tuple(dict.fromkeys(involved)),
        links=tuple(arrows),
        region=name,
        substeps=substeps(puzzle, cell, value, links),
    )
