"""Every Path rule at a position where it is the easiest rule that makes progress, with its
exact conclusion."""

import itertools

import pytest

from deduce.errors import Contradiction
from deduce.puzzles.path import model
from deduce.puzzles.path.text import build
from deduce.rules.path import RULES
from deduce.testing import round_steps


def position(
    size: tuple[int, int],
    doors: list[tuple[int, int]],
    rows: tuple[int, ...] | None = None,
    cols: tuple[int, ...] | None = None,
    used=(),
    unused=(),
    on=(),
    off=(),
):
    """A state of a puzzle with some cells and edges (pairs of (row, col) cells) decided."""
    m, n = size
    puzzle = build(m, n, doors, rows or (-1,) * m, cols or (-1,) * n)
    state = model.initial_state(puzzle)
    geo = puzzle.geo
    for cells, value in ((used, 1), (unused, 0)):
        for r, c in cells:
            state.domains[r * n + c] = 1 << value
    for pairs, value in ((on, 1), (off, 0)):
        for (r1, c1), (r2, c2) in pairs:
            state.domains[geo.edge_between(r1 * n + c1, r2 * n + c2)] = 1 << value
    return state


def edge(state, a, b):
    n = state.puzzle.cols
    return state.puzzle.geo.edge_between(a[0] * n + a[1], b[0] * n + b[1])


def cell(state, r, c):
    return r * state.puzzle.cols + c


def fires(state, name: str) -> set[tuple[int, int]]:
    """The rule that makes progress first, checked to be ``name``; its placements."""
    rule, steps = round_steps(state, RULES)
    assert rule.name == name, [s.explanation for s in steps]
    assert all(s.explanation and s.region for s in steps)
    return {p for s in steps for p in s.placements}


def test_count_sums_is_theorem_1():
    state = position((2, 2), [(0, 0), (1, 0)], rows=(2, 2), cols=(2, 1))
    with pytest.raises(Contradiction, match="Theorem 1"):
        round_steps(state, RULES)


def test_doors_in_one_line_is_theorem_2():
    state = position((3, 3), [(0, 0), (0, 2)], rows=(-1, 1, -1))
    with pytest.raises(Contradiction, match="Theorem 2"):
        round_steps(state, RULES)


def test_edge_uses_its_cells():
    state = position((3, 3), [(0, 0), (2, 2)], on=[((1, 1), (1, 2))])
    assert fires(state, "edge uses its cells") == {(cell(state, 1, 1), 1), (cell(state, 1, 2), 1)}


def test_unused_cell_has_no_edges():
    state = position((3, 3), [(0, 0), (2, 2)], unused=[(1, 1)])
    want = {(edge(state, (1, 1), x), 0) for x in ((0, 1), (1, 0), (1, 2), (2, 1))}
    assert fires(state, "unused cell has no edges") == want


def test_full_cell():
    state = position(
        (3, 3),
        [(0, 0), (2, 2)],
        used=[(1, 0), (1, 1), (1, 2)],
        on=[((1, 0), (1, 1)), ((1, 1), (1, 2))],
    )
    assert fires(state, "full cell") == {
        (edge(state, (0, 1), (1, 1)), 0),
        (edge(state, (1, 1), (2, 1)), 0),
    }


def test_forced_edges_at_a_door():
    state = position((3, 3), [(0, 0), (2, 2)], off=[((0, 0), (0, 1))])
    assert fires(state, "forced edges") == {(edge(state, (0, 0), (1, 0)), 1)}


def test_dead_end():
    state = position((3, 3), [(0, 0), (2, 2)], off=[((0, 1), (0, 2))])
    assert fires(state, "dead end") == {(cell(state, 0, 2), 0)}


def test_full_line():
    state = position((3, 3), [(0, 0), (2, 2)], rows=(2, -1, -1), used=[(0, 1)])
    assert fires(state, "full line") == {(cell(state, 0, 2), 0)}


def test_line_needs_all():
    state = position((3, 3), [(0, 0), (2, 2)], rows=(3, -1, -1))
    assert fires(state, "line needs all") == {(cell(state, 0, 1), 1), (cell(state, 0, 2), 1)}


def test_no_loop():
    u = [(1, 1), (1, 2), (2, 2), (2, 1)]
    state = position(
        (4, 4),
        [(3, 0), (3, 3)],
        used=u,
        on=list(itertools.pairwise(u)),
        off=[((0, 2), (1, 2)), ((1, 2), (1, 3)), ((2, 2), (3, 2)), ((2, 2), (2, 3))],
    )
    assert fires(state, "no loop") == {(edge(state, (1, 1), (2, 1)), 0)}


def test_doors_not_joined_early():
    state = position(
        (3, 3),
        [(0, 0), (0, 2)],
        cols=(-1, 2, -1),
        used=[(0, 1)],
        on=[((0, 0), (0, 1))],
        off=[((0, 0), (1, 0))],
    )
    assert fires(state, "doors not joined early") == {(edge(state, (0, 1), (0, 2)), 0)}


def test_unreachable_cells():
    state = position(
        (4, 4),
        [(3, 0), (3, 3)],
        off=[((0, 1), (0, 2)), ((1, 1), (1, 2)), ((1, 2), (2, 2)), ((1, 3), (2, 3))],
    )
    block = {(0, 2), (0, 3), (1, 2), (1, 3)}
    assert fires(state, "unreachable cells") == {(cell(state, r, c), 0) for r, c in block}


def test_band_parity():
    state = position(
        (4, 4),
        [(0, 0), (0, 3)],
        rows=(-1, -1, -1, 2),
        off=[((0, 1), (1, 1)), ((0, 2), (1, 2))],
    )
    assert fires(state, "band parity") == {
        (edge(state, (0, 0), (1, 0)), 1),
        (edge(state, (0, 3), (1, 3)), 1),
    }


def test_line_edge_count():
    # Column 2 needs 2 cells: 4 ends of path edges. Both doors are left of it and column 4
    # must be visited, so the path crosses each of its borders at least twice: that takes
    # all 4 ends, and no edge can run along column 2.
    state = position((4, 4), [(3, 0), (0, 0)], cols=(-1, 2, -1, 2))
    assert fires(state, "line edge count") == {
        (edge(state, (0, 1), (1, 1)), 0),
        (edge(state, (1, 1), (2, 1)), 0),
        (edge(state, (2, 1), (3, 1)), 0),
    }


def test_line_arrangements():
    # Row 2 needs 2 cells. r2c2 can only be passed along the row (its edges up and down are
    # off), which would use r2c1 and r2c3 too: 3 cells. So r2c2 is unused in every way to
    # place row 2's cells, and the edges along the row into it are off.
    state = position(
        (4, 4), [(0, 0), (3, 3)], rows=(-1, 2, -1, -1), off=[((0, 1), (1, 1)), ((1, 1), (2, 1))]
    )
    assert fires(state, "line arrangements") == {
        (cell(state, 1, 1), 0),
        (edge(state, (1, 0), (1, 1)), 0),
        (edge(state, (1, 1), (1, 2)), 0),
    }


def test_pair_arrangements():
    # Columns 3 and 4 need 3 and 4 cells. Were r3c3 unused, r3c4 would run straight up and
    # down, door r4c4 would take its one edge from r3c4, and r4c3 (needed for column 3's
    # count) would have only door r4c2 left as a neighbour. Neither column alone sees this.
    state = position(
        (4, 4),
        [(3, 1), (3, 3)],
        rows=(-1, -1, -1, 3),
        cols=(2, -1, 3, 4),
        used=[(0, 2), (0, 3), (1, 3), (2, 3)],
        on=[((0, 2), (0, 3)), ((0, 3), (1, 3))],
    )
    assert fires(state, "pair arrangements") == {(cell(state, 2, 2), 1)}


def test_dead_end_pocket():
    state = position(
        (4, 4),
        [(3, 0), (3, 3)],
        off=[((0, 1), (0, 2)), ((1, 0), (2, 0))],
    )
    assert fires(state, "dead-end pocket") == {
        (cell(state, 0, 0), 0),
        (cell(state, 0, 1), 0),
        (cell(state, 1, 0), 0),
    }


def test_loop_pocket_one_cell():
    # r1c1 can only be entered from r1c2 or r2c1, which the path joins through r2c2.
    state = position(
        (4, 4),
        [(3, 0), (3, 3)],
        used=[(0, 1), (1, 1), (1, 0)],
        on=[((0, 1), (1, 1)), ((1, 1), (1, 0))],
        off=[((1, 1), (1, 2)), ((1, 1), (2, 1))],
    )
    assert fires(state, "loop pocket") == {(cell(state, 0, 0), 0)}
    (step,) = round_steps(state, RULES)[1]
    assert step.explanation.startswith(
        "r1c1 can only be reached from r1c2 and r2c1, which the path already joins"
    )


def test_loop_pocket_under_a_piece():
    # r4c2, r4c3 hang under the piece r3c2-r3c3 only: a visit would close a loop.
    state = position(
        (4, 4),
        [(0, 0), (0, 3)],
        used=[(2, 1), (2, 2)],
        unused=[(3, 0), (3, 3)],
        on=[((2, 1), (2, 2))],
        off=[((3, 0), (3, 1)), ((2, 0), (3, 0)), ((3, 2), (3, 3)), ((2, 3), (3, 3))],
    )
    assert fires(state, "loop pocket") == {(cell(state, 3, 1), 0), (cell(state, 3, 2), 0)}


def test_loop_pocket_holding_a_used_cell_is_a_contradiction():
    state = position(
        (4, 4),
        [(3, 0), (3, 3)],
        used=[(0, 0), (0, 1), (1, 1), (1, 0)],
        on=[((0, 1), (1, 1)), ((1, 1), (1, 0))],
        off=[((1, 1), (1, 2)), ((1, 1), (2, 1))],
    )
    from deduce.rules.path.pockets import loop_pocket

    with pytest.raises(Contradiction, match="r1c1 is used but can only be reached"):
        list(loop_pocket(state))


def test_loop_free_arrangements():
    # Row 1 needs 2 cells side by side, turning back into row 2: over r2c1-r2c2 or over
    # r2c3-r2c4 (each already one piece) they would close a loop.
    state = position(
        (3, 4),
        [(2, 0), (2, 3)],
        rows=(2, -1, -1),
        used=[(1, 0), (1, 1), (1, 2), (1, 3)],
        on=[((1, 0), (1, 1)), ((1, 2), (1, 3))],
        off=[((1, 1), (1, 2))],
    )
    on = [((0, 1), (0, 2)), ((0, 1), (1, 1)), ((0, 2), (1, 2))]
    off = [((0, 0), (0, 1)), ((0, 2), (0, 3)), ((0, 0), (1, 0)), ((0, 3), (1, 3))]
    assert fires(state, "loop-free arrangements") == {
        (cell(state, 0, 1), 1),
        (cell(state, 0, 2), 1),
        (cell(state, 0, 0), 0),
        (cell(state, 0, 3), 0),
        *((edge(state, a, b), 1) for a, b in on),
        *((edge(state, a, b), 0) for a, b in off),
    }
    (step,) = round_steps(state, RULES)[1]
    assert "(r1c1-r1c2: r1c2-r2c2 would close it; r1c3-r1c4: r1c4-r2c4 would close it)" in (
        step.explanation
    )


def test_loop_free_arrangements_with_no_way_left_is_a_contradiction():
    # Row 2 is one piece: wherever row 1's two cells turn back into it, they close a loop.
    state = position(
        (3, 4),
        [(2, 0), (2, 3)],
        rows=(2, -1, -1),
        used=[(1, 0), (1, 1), (1, 2), (1, 3)],
        on=[((1, 0), (1, 1)), ((1, 1), (1, 2)), ((1, 2), (1, 3))],
    )
    from deduce.rules.path.line_loops import loop_free_arrangements

    with pytest.raises(Contradiction, match="every way to place the used cells of row 1"):
        list(loop_free_arrangements(state))


def test_forcing_chain():
    # Letter V of the Path Puzzles font (issue 33): stuck after the other rules, r2c3 used
    # is refuted by a chain of line arrangements and degree steps.
    from deduce.engine import propagate
    from deduce.families.path import FAMILY
    from deduce.rules.path import BEFORE_CHAINS

    puzzle = build(6, 6, [(0, 0), (0, 5)], (2, -1, 2, 4, 2, 2), (2, -1, 3, 3, -1, 2))
    state = model.initial_state(puzzle)
    assert not propagate(FAMILY, state, rules=BEFORE_CHAINS)
    rule, (step,) = round_steps(state, RULES)
    assert rule.name == "forcing chain"
    assert step.eliminations == ((cell(state, 1, 2), 1),)
    assert step.explanation == (
        "Suppose r2c3 = used: 11 easy steps (line arrangements, forced edges, dead end, full "
        "cell) lead to a contradiction: column 4 has 4 used cells but a count of 3. So r2c3 = "
        "used is false."
    )
    assert step.substeps[0].explanation == "Suppose r2c3 = used."
    assert step.substeps[-1].kind == "contradiction"


def test_cut_cell():
    walls = [(0, 2), (1, 1), (2, 0), (0, 3), (3, 0)]
    walls.remove((1, 1))
    state = position((4, 4), [(0, 0), (3, 3)], unused=walls)
    geo = state.puzzle.geo
    for r, c in walls:
        for e, _ in geo.cell_edges[cell(state, r, c)]:
            state.domains[e] = 1
    assert fires(state, "cut cell") == {(cell(state, 1, 1), 1)}


def test_every_rule_has_a_position_here():
    tested = {name[5:].replace("_", " ") for name in globals() if name.startswith("test_")}
    for rule in RULES:
        key = rule.name.replace("-", " ")
        assert any(key in t for t in tested), rule.name
