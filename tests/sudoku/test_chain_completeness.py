"""Every chain step removes everything its chain removes, swept over Sudoku corpora.

A chain's sentence opens with the chain in Eureka notation (``=`` strong, ``-`` weak). One of
the two ends of an open chain holds, so once the step is applied no candidate that rules out
both ends may be left (the same digit in a cell that sees both ends, or, at an end cell, the
other end's digit); in a continuous loop every weak link becomes strong, so the same holds for
the two ends of each weak link. The check is written here from the notation alone, apart from
the rules' own code, so a chain that removes one candidate of several (or repeats itself over
two steps) fails it.
"""

from __future__ import annotations

import re

import pytest

import deduce
from deduce.engine import apply_step
from deduce.puzzles.sudoku.model import cell_name
from deduce.step import DEDUCTION
from tests.sudoku.grids import corpus_lines

SUDOKU = deduce.get_family("sudoku")

#: The rules whose steps are one open chain, one of whose ends holds.
OPEN = {"X-Chain", "XY-Chain", "AIC", "Forcing Chain"}
#: The rules whose steps are one continuous loop.
LOOPS = {"Continuous Nice Loop (bivalue)", "Continuous Nice Loop (bilocation)"}

GROUP = re.compile(r"\(([0-9=-]+)\)r(\d+)c(\d+)([=-]?)")


def parse_chain(text: str) -> tuple[list[tuple[int, int]], list[str]]:
    """The candidates ``(cell, digit)`` of the chain opening ``text`` and its links (``=``
    or ``-``), read from its Eureka notation (a 9x9 grid)."""
    candidates: list[tuple[int, int]] = []
    links: list[str] = []
    at = 0
    while (found := GROUP.match(text, at)) is not None:
        digits, row, col, after = found.groups()
        cell = (int(row) - 1) * 9 + int(col) - 1
        parts = re.split(r"([=-])", digits)
        candidates += [(cell, int(d)) for d in parts[::2]]
        links += parts[1::2]
        at = found.end()
        if not after:
            break
        links.append(after)
    assert len(links) == len(candidates) - 1, f"not a chain: {text}"
    return candidates, links


def _sees(a: int, b: int) -> bool:
    return a // 9 == b // 9 or a % 9 == b % 9 or (a // 27, a % 9 // 3) == (b // 27, b % 9 // 3)


def _excludes(one: tuple[int, int], other: tuple[int, int]) -> bool:
    """Whether the two candidates cannot both hold."""
    (a, x), (b, y) = one, other
    return x != y if a == b else x == y and _sees(a, b)


def left_over(state, first: tuple[int, int], last: tuple[int, int]) -> list[str]:
    """The candidates still open that rule out both ``first`` and ``last``."""
    return [
        f"{cell_name(state.puzzle.geo, cell)}≠{v}"
        for cell in range(81)
        if not state.fixed[cell]
        for v in range(1, 10)
        if state.domains[cell] >> v & 1
        and (cell, v) not in (first, last)
        and _excludes((cell, v), first)
        and _excludes((cell, v), last)
    ]


def end_pairs(step) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The pairs of candidates one of which the step's chain makes hold."""
    candidates, links = parse_chain(step.explanation)
    if step.rule in OPEN:
        return [(candidates[0], candidates[-1])]
    return [
        (a, b)
        for a, b, link in zip(candidates[:-1], candidates[1:], links, strict=True)
        if link == "-"
    ]


def chain_steps(text: str):
    """``(state after, step)`` for each chain step of the puzzle's solve, up to its first
    guess."""
    result = deduce.solve(text)
    state = SUDOKU.initial_state(result.puzzle.data)
    for step in result.log:
        if step.kind != DEDUCTION or step.depth:
            return
        apply_step(SUDOKU, state, step)
        if step.rule in OPEN | LOOPS and step.eliminations:
            yield state, step


def test_the_notation_is_read_back():
    assert parse_chain("(5)r1c1=(5)r1c7-(5)r3c9: so") == (
        [(0, 5), (6, 5), (26, 5)],
        ["=", "-"],
    )
    assert parse_chain("(5=6)r1c1-(6-2)r2c2=(2)r9c9.")[1] == ["=", "-", "-", "="]


def test_a_chain_left_short_is_caught():
    # (5)r1c1=(5)r1c9 leaves 5 out of the rest of row 1: a grid that keeps it in r1c5 fails.
    puzzle = SUDOKU.parse("." * 81)
    state = SUDOKU.initial_state(puzzle)
    assert "r1c5≠5" in left_over(state, (0, 5), (8, 5))
    assert "r2c2≠5" not in left_over(state, (0, 5), (8, 5))


@pytest.mark.corpus
@pytest.mark.slow
@pytest.mark.parametrize(
    "name",
    ["sudoku_exchange_diabolical_sample40.tsv", "reference_ratings_calibration.tsv", "top95.txt"],
)
def test_every_chain_step_removes_all_its_chain_removes(name):
    checked = 0
    for text in corpus_lines(name):
        for state, step in chain_steps(text):
            for first, last in end_pairs(step):
                assert not left_over(state, first, last), (
                    f"{text}: {step.rule} leaves {left_over(state, first, last)}: "
                    f"{step.explanation}"
                )
            checked += 1
    assert checked > 10  # these files reach chains often
