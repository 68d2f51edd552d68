"""The two matching rules of Eppstein (section 3.1), and the subsets and fish they subsume.

First rule: for each digit, the rows and columns where it is still open form a bipartite
graph; a placement of the digit that no perfect matching uses is eliminated. Second rule: for
each unit, its open digits and open cells form a bipartite graph; again, candidates no
perfect matching uses go. Both are one perfect matching plus strongly connected components
(``deduce.graphs.bipartite``), not an enumeration of subsets.

Each elimination is explained by the smallest Hall set behind it: the closure, in the
oriented graph, from one end of the eliminated edge. For a unit that is a naked subset (cells
holding only as many digits) or a hidden subset (digits confined to as many cells); for a digit
it is a fish (X-Wing, swordfish, jellyfish...). The named subset and fish rules are the same
computation kept to one kind and size, so the easiest-first order uses a pair before a triple
and an X-Wing before a jellyfish.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

import attrs

from deduce.errors import Contradiction
from deduce.graphs.bipartite import alternating_reach, perfect_matching
from deduce.journal import value_places
from deduce.memo import entries_to_fill
from deduce.puzzles.sudoku.model import Geometry, Sudoku, symbol
from deduce.rules.sudoku.hall import hall_sets_possible
from deduce.rules.sudoku.subset_steps import (
    Finding,
    digits_text,
    fish_step,
    fish_weight,
    set_weight,
    subset_step,
)
from deduce.state import State, bits
from deduce.step import Step


def _remember(geo: Geometry, key: tuple[object, ...], findings: list[Finding]) -> list[Finding]:
    """Keep what a unit's (or a digit's) candidates give, with the grid's shape: the same
    candidates give the same findings, and most units are unchanged from call to call."""
    geo.memo[key] = findings
    return findings


def _transposed(adjacency: list[int], width: int) -> list[int]:
    """The same edges read from the other side: for each right vertex, its left ones."""
    out = [0] * width
    for i, mask in enumerate(adjacency):
        bit = 1 << i
        while mask:
            low = mask & -mask
            out[low.bit_length() - 1] |= bit
            mask ^= low
    return out


def _smallest_sets(adjacency: list[int], match: list[int]) -> Iterator[tuple[int, int, int]]:
    """For every edge ``(i, j)`` no perfect matching uses (left ``i`` ascending, then right
    ``j``), ``(i, lefts, hidden)``: the left vertices ``i`` reaches in the oriented graph
    (their right partners see no other left vertex: a Hall set on the left), and the left
    vertices that reach ``j``'s partner (matched to the right vertices that see nothing
    else: a Hall set on the right). As ``closure`` of ``oriented_graph`` and of its reverse
    say, computed on bitmasks (``alternating_reach``)."""
    reach = alternating_reach(adjacency, match)
    partner = {v: u for u, v in enumerate(match)}
    for i, adj in enumerate(adjacency):
        mine = reach[i]
        adj &= ~(1 << match[i])
        while adj:
            low = adj & -adj
            adj ^= low
            owner = partner[low.bit_length() - 1]
            if not mine >> owner & 1:  # in no perfect matching
                bit = 1 << owner
                yield i, mine, sum(1 << u for u, r in enumerate(reach) if r & bit)


# --- the second rule: units, digits x cells --------------------------------------------------


def unit_findings(state: State[Sudoku], index: int) -> list[Finding]:
    """The Hall sets (naked and hidden subsets) of unit ``index`` that eliminate something."""
    geo: Geometry = state.puzzle.geo
    unit = geo.units[index]
    domains, fixed = state.domains, state.fixed
    get = geo.unit_getters[index]
    key = ("unit", index, get(domains), get(fixed))
    found: list[Finding] | None = geo.memo.get(key)
    if found is not None:
        return found
    placed = 0
    open_cells = []
    for c in unit:
        if fixed[c]:
            placed |= domains[c]
        else:
            open_cells.append(c)
    if not open_cells:
        return _remember(geo, key, [])
    missing = geo.full & ~placed
    # The cheap test first, on the graph as the grid holds it: each missing digit's open
    # places (bits: cells), each open cell's missing digits (bits: digits).
    places = value_places(state, geo.n + 1)
    umask = geo.unit_masks[index]
    if not hall_sets_possible(
        [places[v] & umask for v in bits(missing)], [domains[c] & missing for c in open_cells]
    ):
        return _remember(geo, key, [])
    digits = list(bits(missing))
    name = geo.unit_names[index]
    index_of = {d: i for i, d in enumerate(digits)}
    adjacency = [0] * len(digits)  # per missing digit, its open cells (bit j: open_cells[j])
    for j, c in enumerate(open_cells):
        d = domains[c]
        while d:
            low = d & -d
            d ^= low
            i = index_of.get(low.bit_length() - 1)
            if i is not None:
                adjacency[i] |= 1 << j
    full_right = (1 << len(open_cells)) - 1
    match = perfect_matching(adjacency, full_right)
    if match is None:
        raise Contradiction(
            f"{name} cannot hold its missing digits {digits_text(digits)} once each in its open cells"
        )
    chosen: dict[tuple[str, frozenset[int]], None] = {}
    for _i, naked, hidden in _smallest_sets(adjacency, match):
        if naked.bit_count() <= hidden.bit_count():
            chosen[("naked", frozenset(bits(naked)))] = None
        else:
            chosen[("hidden", frozenset(match[u] for u in bits(hidden)))] = None
    if not chosen:
        return _remember(geo, key, [])
    findings = []
    for kind, members in chosen:
        if kind == "naked":
            ds = sorted(digits[i] for i in members)
            cells = sorted(open_cells[match[i]] for i in members)
            mask = sum(1 << d for d in ds)
            elims = tuple(
                (c, d) for c in open_cells if c not in cells for d in bits(domains[c] & mask)
            )
        else:
            cells = sorted(open_cells[j] for j in members)
            inverse = {v: u for u, v in enumerate(match)}
            ds = sorted(digits[inverse[j]] for j in members)
            mask = sum(1 << d for d in ds)
            elims = tuple((c, d) for c in cells for d in bits(domains[c] & ~mask))
        if elims:
            findings.append(Finding(kind, len(ds), name, tuple(cells), tuple(ds), elims))
    findings.sort(key=lambda f: (f.size, f.kind != "naked"))
    return _remember(geo, key, findings)


def _units_of(geo: Geometry) -> Callable[[list[int]], Iterator[int]]:
    def touched(changed: list[int]) -> Iterator[int]:
        mask = 0
        cell_units = geo.cell_units
        for cell in changed:
            mask |= cell_units[cell]
        return bits(mask)

    return touched


def all_unit_findings(state: State[Sudoku]) -> list[Finding]:
    """The naked and hidden subsets of every unit of ``state``, unit by unit.

    Each unit's findings are kept on the state and computed again only when one of its cells
    changed (``State.changes``); the first unit without a perfect matching raises, as when all
    are computed afresh."""
    geo: Geometry = state.puzzle.geo
    entries = entries_to_fill(state, "unit findings", len(geo.units), _units_of(geo))
    for i, found in enumerate(entries):
        if found is None:
            entries[i] = unit_findings(state, i)
    return [f for found in entries for f in found]


def subsets(state: State[Sudoku], kind: str, size: int, weight: float) -> Iterator[Step]:
    """Naked (``kind="naked"``) or hidden subsets of exactly ``size`` in any unit, weighing
    ``weight``."""
    for f in all_unit_findings(state):
        if f.kind == kind and f.size == size:
            yield subset_step(state, f, weight)


def unit_matching(
    state: State[Sudoku], weights: Mapping[str, float], beyond: float
) -> Iterator[Step]:
    """The second matching rule: every candidate no perfect digits×cells matching of its unit
    uses; each step weighs what its set's own rule weighs (``subset_steps.set_weight``)."""
    for f in all_unit_findings(state):
        step = subset_step(state, f, set_weight(weights, beyond, f.kind, f.size), named=True)
        yield attrs.evolve(step, rule="unit matching")


# --- the first rule: digits, rows x columns -------------------------------------------------


def digit_findings(state: State[Sudoku], digit: int) -> list[Finding]:
    """The fish of ``digit`` that eliminate something."""
    geo: Geometry = state.puzzle.geo
    n = geo.n
    domains, fixed = state.domains, state.fixed
    bit = 1 << digit
    placed_rows = placed_cols = 0
    for cell in range(n * n):
        if fixed[cell] and domains[cell] == bit:
            placed_rows |= 1 << (cell // n)
            placed_cols |= 1 << (cell % n)
    rows = [r for r in range(n) if not placed_rows >> r & 1]
    cols = [c for c in range(n) if not placed_cols >> c & 1]
    if not rows:
        return []
    col_index = {c: j for j, c in enumerate(cols)}
    adjacency = []
    for r in rows:
        mask = 0
        for c in cols:
            cell = r * n + c
            if not fixed[cell] and domains[cell] & bit:
                mask |= 1 << col_index[c]
        adjacency.append(mask)
    key = ("digit", n, digit, tuple(rows), tuple(cols), tuple(adjacency))
    found: list[Finding] | None = geo.memo.get(key)
    if found is not None:
        return found
    if not hall_sets_possible(adjacency, _transposed(adjacency, len(cols))):
        return _remember(geo, key, [])
    match = perfect_matching(adjacency, (1 << len(cols)) - 1)
    if match is None:
        raise Contradiction(f"{symbol(digit)} cannot be placed once in every row and every column")
    chosen: dict[tuple[str, frozenset[int]], None] = {}
    # rows R (by_rows): columns match(R) hold the digit only in rows R; rows whose columns
    # C = match(by_cols) hold it only in columns C
    for _i, by_rows, by_cols in _smallest_sets(adjacency, match):
        if by_rows.bit_count() <= by_cols.bit_count():
            chosen[("cols", frozenset(bits(by_rows)))] = None
        else:
            chosen[("rows", frozenset(match[u] for u in bits(by_cols)))] = None
    if not chosen:
        return _remember(geo, key, [])
    inverse = {v: u for u, v in enumerate(match)}
    findings = []

    def open_with(r: int, c: int) -> bool:
        cell = r * n + c
        return not fixed[cell] and bool(domains[cell] & bit)

    for base_kind, members in chosen:
        if base_kind == "cols":  # the digit in columns ``base`` lies only in rows ``cover``
            cover = sorted(rows[i] for i in members)
            base = sorted(cols[match[i]] for i in members)
            inside = [(r, c) for r in cover for c in base]
            outside = [(r, c) for r in cover for c in cols if c not in base]
        else:  # the digit in rows ``base`` lies only in columns ``cover``
            cover = sorted(cols[j] for j in members)
            base = sorted(rows[inverse[j]] for j in members)
            inside = [(r, c) for r in base for c in cover]
            outside = [(r, c) for c in cover for r in rows if r not in base]
        cells = tuple(r * n + c for r, c in inside if open_with(r, c))
        elims = tuple((r * n + c, digit) for r, c in outside if open_with(r, c))
        if elims:
            findings.append(
                Finding(
                    "fish",
                    len(base),
                    symbol(digit),
                    cells,
                    (digit,),
                    elims,
                    tuple(base),
                    tuple(cover),
                    base_kind,
                )
            )
    findings.sort(key=lambda f: f.size)
    return _remember(geo, key, findings)


def all_digit_findings(state: State[Sudoku]) -> list[Finding]:
    """The fish of every digit of ``state``, digit by digit.

    Each digit's fish are kept on the state and found again only when a cell lost that digit
    or was written in since (``State.changes``, read against the candidates seen last)."""
    geo: Geometry = state.puzzle.geo
    n = geo.n
    seen: list[int] | None = state.memo.get("digit findings seen")
    domains, fixed = state.domains, state.fixed

    def touched(changed: list[int]) -> Iterator[int]:
        mask = 0
        assert seen is not None
        for cell in changed:
            now = 0 if fixed[cell] else domains[cell]
            mask |= seen[cell] & ~now
            if fixed[cell]:
                mask |= domains[cell]
            seen[cell] = now
        return (d - 1 for d in bits(mask))

    if seen is None:
        state.memo.pop("digit findings", None)
    entries = entries_to_fill(state, "digit findings", n, touched)
    if seen is None:
        state.memo["digit findings seen"] = [
            0 if f else d for d, f in zip(domains, fixed, strict=True)
        ]
    for d, found in enumerate(entries):
        if found is None:
            entries[d] = digit_findings(state, d + 1)
    return [f for found in entries for f in found]


def fish(state: State[Sudoku], size: int, weight: float) -> Iterator[Step]:
    """Fish of exactly ``size`` base lines (2: X-Wing, 3: swordfish, 4: jellyfish), weighing
    ``weight``."""
    for f in all_digit_findings(state):
        if f.size == size:
            yield fish_step(state, f, weight)


def digit_matching(
    state: State[Sudoku], weights: Mapping[str, float], weight: float
) -> Iterator[Step]:
    """The first matching rule (weighing ``weight``): every placement of a digit that no
    rows×columns matching uses; each step weighs what its fish's own rule weighs
    (``subset_steps.fish_weight``)."""
    for f in all_digit_findings(state):
        step = fish_step(state, f, fish_weight(weights, weight, f.size), named=True)
        yield attrs.evolve(step, rule="digit matching")
