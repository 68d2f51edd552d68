"""``deduce convert --to fpuzzles``: a Sudoku, Jigsaw, Killer or X puzzle written as an
f-puzzles link reads back as the same puzzle (the fixtures, the bundled examples, small
corpus files, and Hypothesis' own grids)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deduce import api
from deduce.errors import WriteError
from deduce.puzzles.fpuzzles.link import record
from deduce.puzzles.fpuzzles.reading import box_map
from deduce.puzzles.killer.model import Cage, Killer
from deduce.puzzles.sudoku.model import Sudoku, geometry
from deduce.registry import detect_family, get_family
from tests.cli.running import run
from tests.conftest import ROOT, corpus_file, fixture_file

FAMILIES = ("sudoku", "jigsaw", "killer", "sudoku-x", "jigsaw-x", "killer-x")
EXAMPLES = {"sudoku": "sudoku-easy.txt", "sudoku-x": "x-sudoku.txt"}


def same(a, b):
    """Whether two puzzles are the same puzzle (their text forms aside)."""
    return (
        box_map(a.geo) == box_map(b.geo)
        and a.geo.diagonals == b.geo.diagonals
        and a.givens == b.givens
        and getattr(a, "cages", ()) == getattr(b, "cages", ())
    )


def round_trip(text):
    """The puzzle of ``text``, and what its f-puzzles link reads back as (family, puzzle)."""
    family = detect_family(text)
    puzzle = family.parse(text)
    link = family.form("fpuzzles").write(puzzle)
    found = detect_family(link)
    return family, puzzle, found, found.parse(link)


def example(name):
    path = ROOT / "examples" / EXAMPLES.get(name, f"{name}.txt")
    return "\n".join(ln for ln in path.read_text().splitlines() if not ln.startswith("#"))


@pytest.mark.parametrize("name", FAMILIES)
def test_each_familys_example_round_trips(name):
    family, puzzle, found, back = round_trip(example(name))
    assert family.name == found.name == name
    assert same(puzzle, back)


@pytest.mark.parametrize(
    "row",
    [r.split("\t") for r in fixture_file("fpuzzles/solvable.tsv").read_text().splitlines()][1:],
    ids=lambda row: row[0],
)
def test_each_fixture_round_trips(row):
    family, puzzle, found, back = round_trip(row[3])
    assert found == family and same(puzzle, back)


@pytest.mark.parametrize(
    "name",
    [
        "killer/janko_killer.jsonl",
        "killer/solo_killer.txt",
        "sudoku/forms/solo_jigsaw.tsv",
        "sudoku/forms/solo_x.tsv",
    ],
)
def test_the_fixtures_of_the_other_forms_round_trip(name):
    rows = fixture_file(name).read_text().splitlines()
    texts = [row.split("\t")[-1] for row in rows[1:]] if name.endswith(".tsv") else rows
    for text in texts:
        family, puzzle, found, back = round_trip(text)
        assert found == family and same(puzzle, back), text


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("easy50.txt", 50),
        ("norvig_hardest.txt", 11),
        ("janko_jigsaw_third.jsonl", 20),
        ("janko_killer_third.jsonl", 20),
    ],
)
def test_small_corpus_files_round_trip(name, count):
    lines = corpus_file("sudoku", name).read_text().splitlines()
    texts = [ln for ln in lines if ln.strip() and not ln.startswith("#")][:count]
    for text in texts:
        family, puzzle, found, back = round_trip(text)
        assert found == family and same(puzzle, back), text


def test_solos_other_sizes_round_trip_up_to_16_and_are_refused_above():
    rows = corpus_file("sudoku", "tatham_solo_other_sizes.tsv").read_text().splitlines()[1:]
    for row in rows:
        text = row.split("\t")[0]
        puzzle = get_family("sudoku").parse(text)
        if puzzle.n > 16:
            with pytest.raises(WriteError, match="at most 16x16"):
                get_family("sudoku").form("fpuzzles").write(puzzle)
            continue
        family, puzzle, found, back = round_trip(text)
        assert found == family and same(puzzle, back), text


def test_a_standard_grid_writes_no_regions_and_a_jigsaw_every_one():
    sudoku = record(
        round_trip(example("sudoku"))[0]
        .form("fpuzzles")
        .write(get_family("sudoku").parse(example("sudoku")))
    )
    assert all("region" not in cell for row in sudoku["grid"] for cell in row)
    jigsaw = get_family("jigsaw")
    data = record(jigsaw.form("fpuzzles").write(jigsaw.parse(example("jigsaw"))))
    assert all("region" in cell for row in data["grid"] for cell in row)


def test_a_killer_writes_its_cages_as_f_puzzles_does():
    killer = get_family("killer")
    data = record(killer.form("fpuzzles").write(killer.parse(example("killer"))))
    cage = data["killercage"][0]
    assert isinstance(cage["value"], str) and cage["cells"][0].startswith("R")


def test_a_position_with_pencil_marks_is_not_written_without_them():
    marked = get_family("sudoku").parse("12......." + "123456789" * 80)  # a sukaku string
    with pytest.raises(WriteError, match="fpuzzles form holds only the givens"):
        get_family("sudoku").form("fpuzzles").write(marked)


@pytest.mark.parametrize("name", FAMILIES)
def test_convert_writes_a_link_that_reads_back(name, capsys):
    bundled = EXAMPLES.get(name, name + ".txt").removesuffix(".txt")
    status, out, err = run(capsys, "convert", "--example", bundled, "--to", "fpuzzles")
    assert status == 0 and out.startswith("https://www.f-puzzles.com/?load=N4Ig"), err
    assert detect_family(out.strip()).name == name
    status, again, _ = run(capsys, "convert", out.strip(), "--to", "fpuzzles")
    assert (status, again) == (0, out)


#: An X-Sudoku's solution (rust-sudokux of the fixtures), from which Hypothesis draws givens:
#: any subset of it is a valid puzzle, with or without the diagonals.
SOLVED = [
    int(d)
    for d in "637945218925718463418623579591482637743596182862137945154879326279361854386254791"
]


@given(st.lists(st.booleans(), min_size=81, max_size=81), st.booleans())
def test_any_givens_round_trip(shown, crossed):
    givens = tuple(v if keep else 0 for v, keep in zip(SOLVED, shown, strict=True))
    puzzle = Sudoku(geometry(3, 3, crossed), givens, "fpuzzles")
    name = "sudoku-x" if crossed else "sudoku"
    link = get_family(name).form("fpuzzles").write(puzzle)
    assert detect_family(link).name == name
    assert same(get_family(name).parse(link), puzzle)


@given(st.lists(st.integers(0, 3), min_size=1, max_size=20), st.lists(st.booleans(), max_size=81))
def test_any_cages_round_trip(splits, shown):
    cells, cages, start = list(range(81)), [], 0
    for size in itertools.accumulate(s + 1 for s in splits):
        part = cells[start : min(size, 81)]
        if part:
            total = sum(SOLVED[c] for c in part)
            if len({SOLVED[c] for c in part}) == len(part):
                cages.append(Cage(total, tuple(part)))
        start = size
    givens = tuple(v if i < len(shown) and shown[i] else 0 for i, v in enumerate(SOLVED))
    cage_of = [-1] * 81
    for index, cage in enumerate(cages):
        for c in cage.cells:
            cage_of[c] = index
    puzzle = Killer(geometry(3, 3), givens, "killer", cages=tuple(cages), cage_of=tuple(cage_of))
    link = get_family("killer").form("fpuzzles").write(puzzle)
    name = "killer" if cages else "sudoku"  # no cage left: a Sudoku
    assert detect_family(link).name == name
    assert same(get_family(name).parse(link), puzzle)


@pytest.mark.parametrize("name", ["sudoku", "killer-x", "jigsaw"])
def test_a_solution_is_written_as_a_link_whose_givens_are_its_digits(name, capsys):
    bundled = EXAMPLES.get(name, name + ".txt").removesuffix(".txt")
    digits = api.solve(example(name)).solution_text.removeprefix("X ")
    status, out, err = run(capsys, "solve", "--example", bundled, "--output-format", "fpuzzles")
    assert status == 0, err
    solved = get_family(name).parse(out.strip())
    assert "".join(map(str, solved.givens)) == digits
