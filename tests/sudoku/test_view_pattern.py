"""Which candidates a Sudoku step's picture colours as its pattern (issue 34): a chain's, only
the digits of its links, so a cell it removes a candidate from does not light its others."""

from __future__ import annotations

import deduce
from deduce.registry import get_family
from deduce.show.replay import replay

# Puzzle 7 of Norvig's top95 (as in ../shared/corpora/sudoku/top95.txt): step 17 is an
# X-Chain on 7 whose first link starts at r3c3, the cell it removes 7 from.
TOP95_7 = "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6....."


def test_an_x_chain_colours_only_its_digit_in_the_cell_it_clears():
    sudoku = get_family("sudoku")
    result = deduce.solve(TOP95_7)
    puzzle = sudoku.parse(result.log.puzzle)
    state, step = next(
        (st, s) for st, s in replay(sudoku, puzzle, result.log) if s.rule == "X-Chain"
    )
    assert step.eliminations == ((20, 7),)  # r3c3 is not 7
    pic = sudoku.picture(puzzle, state, step)
    target = dict(pic.cells[20].marks)
    assert target["7"] == "elimination"
    assert [s for s, role in pic.cells[20].marks if role == "premise"] == []
    # every coloured candidate of the chain is a digit of a link ending in its cell
    ends: dict[int, set[str]] = {}
    for (a, b), label in zip(step.links, step.link_labels, strict=True):
        ends.setdefault(a, set()).add(label)
        ends.setdefault(b, set()).add(label)
    for cell, digits in ends.items():
        coloured = {s for s, role in pic.cells[cell].marks if role == "premise"}
        assert coloured <= digits, (cell, coloured, digits)
