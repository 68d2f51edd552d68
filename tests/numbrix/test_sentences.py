"""Numbrix/Hidato sentences name everything their step rests on: no "(and 13 more cells)".

A reachability, BFS placement, competing runs, bottleneck, pigeonhole, dead ends or two ways
out step names every cell it removes a number from (compactly, rectangles by their corners)
and every number it removes; these tests read the cells and numbers back out of the sentence
and compare them with the step.
"""

from __future__ import annotations

import re

import pytest

import deduce
from deduce.rules.numbrix.board import cells_text, numbers_text
from tests.conftest import corpus_file, fixture_file

NUMBRIX = deduce.get_family("numbrix")
NONE_PUT = "none of (?:them|the ways left) puts "
CELL = re.compile(r"r(\d+)c(\d+)(?:–r(\d+)c(\d+))?")


def named_cells(text: str, cols: int) -> set[int]:
    """The cells a sentence names, rectangles (``r1c1–r2c3``) expanded."""
    out = set()
    for m in CELL.finditer(text):
        r1, c1 = int(m[1]), int(m[2])
        r2, c2 = (int(m[3]), int(m[4])) if m[3] else (r1, c1)
        out |= {(r - 1) * cols + c - 1 for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)}
    return out


def named_numbers(text: str) -> set[int]:
    """The numbers a list like ``1–3, 5, 8, 10, …, 14`` names."""
    out: set[int] = set()
    items = [t.strip() for t in text.split(",")]
    for i, item in enumerate(items):
        if "–" in item:
            a, b = map(int, item.split("–"))
            out |= set(range(a, b + 1))
        elif item == "…":
            a, b = int(items[i - 1]), int(items[i + 1])
            step = a - int(items[i - 2])
            out |= set(range(a, b + 1, step))
        else:
            out.add(int(item))
    return out


def test_cells_text_names_every_cell_compactly():
    puzzle = NUMBRIX.parse("0 0 0 0/0 0 0 0/0 0 0 0/0 0 0 0")
    cells = [0, 1, 2, 4, 5, 6, 9, 15]
    assert cells_text(puzzle, cells) == "r1c1–r2c3, r3c2, r4c4"
    assert named_cells(cells_text(puzzle, cells), 4) == set(cells)
    assert cells_text(puzzle, range(16)) == "r1c1–r4c4"


def test_numbers_text_names_every_number():
    def mask(*v: int) -> int:
        return sum(1 << x for x in v)

    assert numbers_text(mask(1, 2, 3, 5)) == "1–3, 5"
    assert numbers_text(mask(2, 4, 6, 8, 10, 13)) == "2, 4, …, 10, 13"
    assert numbers_text(mask(2, 4, 6, 9)) == "2, 4, 6, 9"
    for m in (mask(1, 2, 3, 5), mask(2, 4, 6, 8, 10, 13), mask(*range(3, 40, 2), 41, 42, 43)):
        assert sum(1 << x for x in named_numbers(numbers_text(m))) == m


def check_step(step: deduce.Step, cols: int) -> None:
    """The step's sentence names exactly the cells and numbers it eliminates."""
    text = step.explanation
    gone = {c for c, _ in step.eliminations}
    if step.rule == "reachability":
        clauses = text.split(": ", 1)[1].rstrip(".")
        named = set()
        for clause in clauses.split("; "):
            where, what = re.split(r" (?=cannot hold any of them$|can only be |cannot be )", clause)
            cells = named_cells(where, cols)
            named |= cells
            lost = {k for c, k in step.eliminations if c in cells}
            if what.startswith("cannot be"):
                assert lost == named_numbers(what.removeprefix("cannot be ")), clause
        assert named == gone, text
    elif step.rule in ("BFS placement", "competing runs") and re.search(NONE_PUT, text):
        listed = re.split(NONE_PUT, text)[-1].rstrip(".")
        pairs = set()
        for part in listed.split("; "):
            k, _, where = part.partition(" in ")
            pairs |= {(c, int(k)) for c in named_cells(where, cols)}
        assert pairs == set(step.eliminations), text
    elif step.rule == "bottleneck":
        (cell,) = gone
        assert named_cells(text.split(" passes ", 1)[1].split(":")[0], cols) == {cell}
        assert named_numbers(text.rsplit(" cannot be ", 1)[1].rstrip(".")) == {
            k for _, k in step.eliminations
        }
    elif step.rule == "pigeonhole":
        for part in text.split(": ", 1)[1].split(": ", 1)[1].rstrip(".").split("; "):
            where, _, what = part.partition(" cannot be ")
            (cell,) = named_cells(where, cols)
            assert named_numbers(what) == {k for c, k in step.eliminations if c == cell}
        assert named_cells(text.split(": ", 1)[1].split(": ", 1)[1], cols) == gone
    elif step.rule == "dead ends":
        assert named_numbers(text.split(" cannot be ", 1)[1].split(":")[0]) == {
            k for _, k in step.eliminations
        }
    elif step.rule == "two ways out":
        for part in text.split(": ", 1)[1].rstrip(".").split("; "):
            where, _, what = part.partition(" cannot be ")
            (cell,) = named_cells(where, cols)
            assert named_numbers(what) == {k for c, k in step.eliminations if c == cell}
        assert named_cells(text.split(": ", 1)[1], cols) == gone


def check_file(lines: list[str], family: str | None) -> int:
    checked = 0
    for line in filter(str.strip, lines):
        try:
            result = deduce.solve(line, family, max_nodes=200)
        except deduce.ParseError:
            continue
        for step in result.log.steps:
            if step.kind == "deduction":
                check_step(step, result.puzzle.data.cols)
                checked += 1
    return checked


def test_fixture_sentences_name_all_they_use():
    lines = fixture_file("numbrix/corpus_sample.jsonl").read_text(encoding="utf-8").splitlines()
    assert check_file(lines, None) > 0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "family"),
    [
        ("numbrix/numbrix_public.jsonl", "numbrix"),
        ("hidato/hidato_public.jsonl", "hidato"),
        ("hidato/janko_hidoku_third.jsonl", "hidato"),
    ],
)
def test_corpus_sentences_name_all_they_use(name, family):
    lines = corpus_file(*name.split("/")).read_text(encoding="utf-8").splitlines()
    assert check_file(lines, family) > 0
