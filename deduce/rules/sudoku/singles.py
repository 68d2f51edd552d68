"""Singles: the first rules every Sudoku player learns.

A hidden single is a digit with one place left in a unit; a naked single a cell with one
digit left. Hidden singles in boxes are the easiest to spot (Tatham's "trivial" level).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from deduce.errors import Contradiction
from deduce.journal import look
from deduce.puzzles.sudoku.model import SYMBOLS, Geometry, cell_name, on_place, symbol
from deduce.state import State, bits, single_value
from deduce.step import Said, Step


def unit_digit_places(state: State[Any], unit: tuple[int, ...]) -> tuple[int, int, int]:
    """For one unit: (digits placed, digits with ≥1 open place, digits with ≥2 open places)."""
    domains, fixed = state.domains, state.fixed
    placed = once = twice = 0
    for cell in unit:
        d = domains[cell]
        if fixed[cell]:
            placed |= d
        else:
            twice |= once & d
            once |= d
    return placed, once, twice


#: The kinds of unit, as the rules and sentences name them (an X grid's diagonals last).
KINDS = ("row", "column", "box", "diagonal")


def _kind(geo: Geometry, kind: str) -> tuple[tuple[tuple[int, ...], ...], int]:
    """The units of ``kind`` (row, column, box, diagonal) and the index of the first in
    ``geo.units`` (no diagonal in a grid without them)."""
    if kind == "row":
        return geo.rows, 0
    if kind == "column":
        return geo.cols, geo.n
    if kind == "diagonal":
        return geo.units[3 * geo.n :], 3 * geo.n
    return geo.boxes, 2 * geo.n


#: Per kind of unit: the rule's name.
_NAMES = {kind: f"hidden single ({kind})" for kind in KINDS}
#: The record of the units (bit = index in ``Geometry.units``) found without a hidden single:
#: one for the three kinds, so that the journal is read once a step, not once a kind.
_QUIET = "quiet: hidden single"


def hidden_singles(
    state: State[Any], kind: str, weight: float = 0.0, name: str = ""
) -> Iterator[Step]:
    """Digits with exactly one open place in a unit of ``kind`` (row, column, box or, in an
    X grid, diagonal), in steps of the rule ``name`` (by default ``hidden single (kind)``; a
    family whose third unit is no box names its own, as its table row does).

    A unit found without one is not looked at again until one of its cells changes
    (``deduce.journal.look``). Steps carry ``weight`` as their difficulty (0: the engine's to
    fill in). Resumable (``Rule.resumable``): resumed after its step was applied, it looks
    again as a fresh call would, from the record of quiet units."""
    geo: Geometry = state.puzzle.geo
    units, first = _kind(geo, kind)
    rule = name or _NAMES[kind]
    cell_units = geo.cell_units
    names, cell_names = geo.unit_names, geo.cell_names
    domains, fixed, changes = state.domains, state.fixed, state.changes
    full = geo.full
    every = (1 << len(units)) - 1
    while True:
        seen = look(state, _QUIET, cell_units)
        pending = every & ~(seen.clean >> first)  # the units to look at, by bit
        version = len(changes)
        while pending:
            low = pending & -pending
            pending ^= low
            index = low.bit_length() - 1
            unit = units[index]
            # unit_digit_places, inlined: the hottest loop of an easy solve (the call costs 1-2%)
            placed = once = twice = 0
            for cell in unit:
                d = domains[cell]
                if fixed[cell]:
                    placed |= d
                else:
                    twice |= once & d
                    once |= d
            missing = full & ~(placed | once)
            if missing:
                raise Contradiction(
                    f"{geo.unit_names[first + index]} has no place left for {symbol(next(bits(missing)))}"
                )
            single = once & ~twice & ~placed
            if not single:
                seen.clean |= low << first
                continue
            name = names[first + index]  # "row 4"
            while single:
                bit = single & -single
                single ^= bit
                digit = bit.bit_length() - 1
                for cell in unit:  # its one open place
                    if domains[cell] & bit and not fixed[cell]:
                        break
                where, sym = cell_names[cell], SYMBOLS[digit - 1]
                yield Step(  # by position, the fields in order: a quarter less to bind
                    rule,
                    f"In {name}, {sym} fits only in {where}, so {where} = {sym}.",
                    ((cell, digit),),  # placements
                    (),  # eliminations
                    unit,  # premises
                    (),  # links
                    (),  # link labels
                    (),  # link kinds
                    name,  # region
                    weight,  # difficulty
                )
                if len(changes) != version:  # applied: look again as a fresh call would
                    break
            else:
                continue
            break
        else:
            return


def naked_single_text(geo: Geometry, cell: int, digit: int, seen: int) -> str:
    """Why ``cell`` can only be ``digit``: the other digits placed in its row, column or box
    (or, in an X grid, a diagonal through it) (``seen``, the digits of its placed peers when
    the step was found), and those earlier steps ruled out (named, since no placed peer
    explains them)."""
    others = geo.full & ~(1 << digit)
    ruled_out = others & ~seen
    where, d = cell_name(geo, cell), symbol(digit)
    units = (
        "row, column, box or diagonal" if len(geo.cell_lines[cell]) > 2 else "row, column or box"
    )
    if not ruled_out:
        reason = f"every other digit is already in its {units}"
    elif not seen & others:
        reason = "its other candidates have been ruled out by earlier steps"
    else:
        placed = _listed(bits(seen & others))
        gone = _listed(bits(ruled_out))
        verb = "was" if ruled_out.bit_count() == 1 else "were"
        reason = f"{placed} are in its {units}, and {gone} {verb} ruled out earlier"
    return f"{where} can only be {d}: {reason}, so {where} = {d}."


def _listed(digits: Iterable[int]) -> str:
    texts = [symbol(v) for v in digits]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " and " + texts[-1]


def naked_singles(state: State[Any], weight: float = 0.0) -> Iterator[Step]:
    """Cells with one candidate left; the sentence says what removed the others. Steps carry
    ``weight`` as their difficulty (0: the engine's to fill in)."""
    geo: Geometry = state.puzzle.geo
    domains, fixed = state.domains, state.fixed
    for cell, d in enumerate(domains):
        if fixed[cell] or d & (d - 1):
            continue
        yield _naked_single(geo, domains, fixed, cell, cell_name(geo, cell), weight)


def _naked_single(
    geo: Geometry, domains: list[int], fixed: list[bool], cell: int, where: str, weight: float
) -> Step:
    """The naked single step of ``cell``, its sentence worded when read (from the digits of
    its placed peers now: they stay placed, but the grid goes on)."""
    premises = tuple(p for p in geo.peers[cell] if fixed[p])
    seen = 0
    for p in premises:
        seen |= domains[p]
    digit = single_value(domains[cell])
    return Step(
        "naked single",
        Said(naked_single_text, (geo, cell, digit, seen)),
        placements=((cell, digit),),
        premises=premises,
        region=where,
        difficulty=weight,
    )


#: Where ``singles_closure`` keeps the grid it last left with no single (``State.extra``).
FIXPOINT = "singles fixpoint"


def singles_closure(
    state: State[Any],
    box: float,
    row: float,
    column: float,
    naked: float,
    diagonal: float = 0.0,
    box_name: str = "",
) -> Iterator[Step]:
    """Every single that follows from ``state`` by singles alone, in an order they can be
    applied in: the rules search propagates with. Steps weigh what the hidden single rules
    (``box``, ``row``, ``column``, and in an X grid ``diagonal``) and the naked single rule
    (``naked``) weigh; the hidden singles of the third unit kind are named ``box_name`` (by
    default ``hidden single (box)``).

    Each step is a hidden or naked single in the state left by the steps before it, so the
    log reads as a player placing singles one after another; finding them all in one call
    (on a scratch copy of the candidates) spares search a round of the engine per single.
    Raises Contradiction, naming the unit or cell, when the singles run into one.
    """
    # The engine applies every step of a call and asks again; the answer is then known to be
    # nothing, and the state remembers the grid it was at: in ``extra``, so that a copy (a
    # search node's child) knows it too, and looks first only where its grid differs.
    now = (tuple(state.domains), tuple(state.fixed))
    seen = state.extra.get(FIXPOINT)
    if seen == now:
        return
    geo: Geometry = state.puzzle.geo
    scratch = State(state.puzzle, list(state.domains), list(state.fixed))
    domains, fixed, changes = scratch.domains, scratch.fixed, scratch.changes
    cell_units = geo.cell_units
    full = geo.full
    kinds: tuple[tuple[str, tuple[tuple[int, ...], ...], float, int], ...] = (
        ("box", geo.boxes, box, 2 * geo.n),
        ("row", geo.rows, row, 0),
        ("column", geo.cols, column, geo.n),
    )
    if geo.diagonals:
        kinds += (("diagonal", geo.units[3 * geo.n :], diagonal, 3 * geo.n),)
    # What a pass can skip, exactly: a unit found with no single (and no digit without a
    # place) that no change has touched since, and a cell with two candidates or more that
    # has not changed since it was looked at. Both are read off the scratch's journal.
    clean = 0  # units (bit = index in geo.units)
    pending = (1 << len(domains)) - 1  # cells to look at in the naked pass
    read = 0
    if seen is not None and len(seen[0]) == len(domains):  # a grid singles had nothing on
        pending = touched = 0
        for cell, (d, f, was_d, was_f) in enumerate(zip(*now, *seen, strict=True)):
            if d != was_d or f != was_f:
                pending |= 1 << cell
                touched |= cell_units[cell]
        clean = ((1 << len(geo.units)) - 1) & ~touched

    def fold() -> None:
        nonlocal clean, pending, read
        for position in range(read, len(changes)):
            cell = changes[position]
            clean &= ~cell_units[cell]
            pending |= 1 << cell
        read = len(changes)

    def place(cell: int, digit: int) -> None:
        domains[cell] = 1 << digit
        fixed[cell] = True
        changes.append(cell)
        scratch.gone.append(0)
        on_place(scratch, cell, digit)

    progress = True
    while progress:
        progress = False
        for kind, units, weight, first in kinds:
            rule = box_name if kind == "box" and box_name else _NAMES[kind]
            for index, unit in enumerate(units):
                if read != len(changes):
                    fold()
                bit_index = 1 << (first + index)
                if clean & bit_index:
                    continue
                placed, once, twice = unit_digit_places(scratch, unit)
                missing = full & ~(placed | once)
                if missing:
                    raise Contradiction(
                        f"{geo.unit_names[first + index]} has no place left for {symbol(next(bits(missing)))}"
                    )
                single = once & ~twice & ~placed
                if not single:
                    clean |= bit_index
                while single:
                    bit = single & -single
                    single ^= bit
                    spot = next((c for c in unit if not fixed[c] and domains[c] & bit), None)
                    if spot is None:  # an earlier single of this unit took its place
                        continue
                    digit = bit.bit_length() - 1
                    where = cell_name(geo, spot)
                    yield Step(
                        rule,
                        f"In {geo.unit_names[first + index]}, {symbol(digit)} fits only in {where}, "
                        f"so {where} = {symbol(digit)}.",
                        placements=((spot, digit),),
                        premises=unit,
                        region=geo.unit_names[first + index],
                        difficulty=weight,
                    )
                    place(spot, digit)
                    progress = True
        cell = -1
        while True:
            if read != len(changes):
                fold()
            later = pending >> (cell + 1) << (cell + 1)  # the cells after this one
            if not later:
                break
            cell = (later & -later).bit_length() - 1
            pending &= ~(1 << cell)
            d = domains[cell]
            if fixed[cell] or d & (d - 1):
                continue
            digit = d.bit_length() - 1
            yield _naked_single(geo, domains, fixed, cell, cell_name(geo, cell), naked)
            place(cell, digit)
            progress = True
    state.extra[FIXPOINT] = (tuple(domains), tuple(fixed))
