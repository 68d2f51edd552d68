"""X grids (both diagonals are units too): the geometry, the X families (Sudoku-X, Killer-X,
Jigsaw-X) and their text forms, the rules over a diagonal at a real position each, and every
rule sound and every step true on Tatham-made X puzzles (fixtures made by Simon Tatham's
Solo, the command that made each beside it; see tests/fixtures/sudoku/README.md)."""

from __future__ import annotations

import json

import pytest

import deduce
from deduce.cli import main
from deduce.engine import apply_step, next_step
from deduce.errors import Contradiction, ParseError
from deduce.puzzles.sudoku.model import geometry
from deduce.registry import detect_family, get_family
from deduce.show.svg import to_svg
from deduce.testing import assert_sound, assert_sound_at_stalls, problems
from tests.conftest import corpus_file, fixture_file

SUDOKU_X = get_family("sudoku-x")


def _ids(name: str) -> list[tuple[str, str]]:
    lines = fixture_file(f"sudoku/forms/{name}").read_text(encoding="utf-8").splitlines()
    return [(row[0], row[1]) for row in (line.split("\t") for line in lines[1:])]


#: One of each size and kind Solo makes with the x flag, at each of its levels.
SOLO_X = _ids("solo_x.tsv")
#: Ten 9x9 Sudoku-X at each of Solo's six levels.
LEVELS = _ids("solo_x_levels.tsv")
_KIND = {"j": "jigsaw-x", "k": "killer-x"}


def test_an_x_grid_has_the_two_diagonals_as_units():
    geo, plain = geometry(3, 3, True), geometry(3, 3)
    assert geo.units[:27] == plain.units and len(geo.units) == 29
    assert geo.units[27] == tuple(range(0, 81, 10)) and geo.units[28] == tuple(range(8, 73, 8))
    assert geo.unit_names[27:] == ("the main diagonal", "the anti-diagonal")
    assert 80 in geo.peers[0] and 80 not in plain.peers[0]
    assert geo.cell_lines[40] == (4, 13, 27, 28) and geo.cell_lines[1] == (0, 10)
    assert len(geo.cell_unit_masks[40]) == 5 and len(geo.cell_unit_masks[1]) == 3
    # a change at r1c1 can alter box 5's pointing along the main diagonal, and box 9's
    assert geo.box_reach[0] >> 22 & 1 and not plain.box_reach[0] >> 22 & 1
    # and the claiming of the main diagonal, which crosses its box (r1c2 is on no diagonal)
    assert geo.line_reach[1] >> 27 & 1 and not geo.line_reach[1] >> 28 & 1
    assert geo != plain and geo.memo is not plain.memo


@pytest.mark.parametrize(("params", "game_id"), SOLO_X, ids=[p for p, _ in SOLO_X])
def test_solo_x_ids_are_detected_round_trip_and_solved(params, game_id):
    flags = game_id.split(":")[0]
    family = get_family(next((n for f, n in _KIND.items() if f in flags), "sudoku-x"))
    assert detect_family(game_id) is family
    puzzle = family.parse(game_id)
    assert puzzle.geo.diagonals
    assert family.form("tatham").write(puzzle) == game_id
    for form in family.forms:  # every form reads back the same puzzle, with its diagonals
        again = deduce.load(form.write(puzzle))
        assert again.family is family and again.data.geo.diagonals
        if params.startswith("3x2x") and form.name in ("line", "grid"):
            continue  # Sudoku's line and grid take a 6x6's boxes 3 wide, as for a plain one
        assert again.data.geo == puzzle.geo
        assert again.data.givens == puzzle.givens
    result = deduce.solve(game_id)
    assert result.status == "unique"
    values = result.solution
    for unit in puzzle.geo.units[-2:]:
        assert sorted(values[c] for c in unit) == list(range(1, puzzle.n + 1))


def test_convert_writes_each_solo_x_id_back_byte_for_byte(capsys, tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("".join(f"{game_id}\n" for _, game_id in SOLO_X))
    assert main(["convert", "--to", "tatham", str(path)]) == 0
    assert capsys.readouterr().out.split() == [game_id for _, game_id in SOLO_X]


LINE = "9....4....36...2.5......1....3...85..6.3.8.2..72...3....8......1.5...78....8....2"


def test_the_typed_forms_carry_the_flag_and_the_family_reads_a_text_without_it():
    puzzle = SUDOKU_X.parse(f"X {LINE}")
    assert puzzle.geo.diagonals and puzzle.form == "line"
    assert SUDOKU_X.format(puzzle) == f"X {LINE}"
    grid = SUDOKU_X.form("grid").write(puzzle)
    assert grid.startswith("X\n 9 . . | . . 4") and SUDOKU_X.parse(grid).givens == puzzle.givens
    assert detect_family(f"X {LINE}") is SUDOKU_X and detect_family(LINE).name == "sudoku"
    # named on the command line, the family needs no flag: a plain line is read as an X grid
    assert deduce.load(LINE, "sudoku-x").data.geo == puzzle.geo


def test_a_json_line_says_diagonals():
    jigsaw = get_family("jigsaw-x")
    game_id = next(g for _, g in SOLO_X if g.startswith("6jx:"))
    line = jigsaw.form("json").write(jigsaw.parse(game_id))
    assert json.loads(line)["diagonals"] is True
    assert detect_family(line) is jigsaw
    killer = get_family("killer-x")
    game_id = next(g for _, g in SOLO_X if g.startswith("2x3xk:"))
    line = killer.format(killer.parse(game_id))
    assert json.loads(line)["diagonals"] is True and detect_family(line) is killer
    assert killer.form("tatham").write(killer.parse(line)) == game_id


@pytest.mark.parametrize(
    ("text", "family", "names"),
    [
        ("3x3x:" + "i" * 9, "sudoku", "sudoku-x"),
        ("3x3xk:zzzc,_,_", "sudoku", "killer-x"),
        (f"X {LINE}", "sudoku", "sudoku-x"),
        ("9jx:i,_", "jigsaw", "jigsaw-x"),
        ('{"size": [4, 4], "givens": [], "regions": [], "diagonals": true}', "jigsaw", "jigsaw-x"),
        ('{"size": [4, 4], "cages": [], "diagonals": true}', "killer", "killer-x"),
    ],
)
def test_a_plain_family_refuses_an_x_text_naming_the_family_that_reads_it(text, family, names):
    with pytest.raises(ParseError, match=f"read it with --family {names}$"):
        deduce.load(text, family)


def test_a_clue_repeated_on_a_diagonal_is_named():
    repeated = "1" + "." * 9 + "1" + "." * 70  # r1c1 and r2c2, in box 1 too: a plain repeat
    with pytest.raises(ParseError, match=r"repeats in (row|box)"):
        SUDOKU_X.parse(repeated)
    on_diagonal = "1" + "." * 39 + "1" + "." * 40  # r1c1 and r5c5: the main diagonal only
    with pytest.raises(ParseError, match=r"clue 1 at r5c5 repeats in the main diagonal"):
        SUDOKU_X.parse(on_diagonal)
    assert deduce.solve(on_diagonal, "sudoku").status == "multiple"


def test_the_rules_that_assume_one_solution_are_left_out():
    for name in ("sudoku-x", "killer-x", "jigsaw-x"):
        family = get_family(name)
        assert not any(rule.assumes_unique for rule in family.rules)
        names = [rule.name for rule in family.rules]
        assert names.index("hidden single (diagonal)") == names.index("hidden single (column)") + 1


def _first(game_id: str, rule: str):
    """The first step of ``rule`` over a diagonal in the solve of ``game_id``."""
    log = deduce.solve(game_id).log
    return next(s for s in log.steps if s.rule == rule and "diagonal" in s.explanation)


#: Solo's 3x3xdb#seedX, 3x3xda#seedX, 3x3xde#seedX, 3x3xdu#seedX (solo_x.tsv), and of its
#: ten 3x3xdi#xseedi and 3x3xda#xseeda the first and the seventh (solo_x_levels.tsv).
DB = "3x3x:e4d3_6c2a5f1_9c3c8_5b6e2b7_2c3c2_8f1a5c7_8d8e"
DA = "3x3x:5b4b3e6c5b6a8_5d2c3f6_5a9_2f7c4d6_8a7b7c5e5b2b9"
DE = "3x3x:a8c4e4b5_8b7a6b3c5_4d2m9d8_4c4b7a2b8_3b1e9c3a"
DU = "3x3x:e4d3_6c2a5f1_9c3c8c6e2c2c3c2_8f1a5c7_8d8e"
DI_1 = "3x3x:c7_4a3j7a7b3c9a6g1a4c7a5g9a4c8b3a9j8a2_1c"
DA_7 = "3x3x:c6m7d5_1_4a2_2a7c3_6_4_4g9_8_6_1c2a5_3a9_5_8d5m7c"


@pytest.mark.parametrize(
    ("game_id", "rule", "sentence", "conclusion"),
    [
        (
            DB,
            "hidden single (diagonal)",
            "In the anti-diagonal, 2 fits only in r4c6, so r4c6 = 2.",
            "r4c6=2",
        ),
        (
            DE,
            "naked single",
            "r4c4 can only be 1: every other digit is already in its row, column, box or "
            "diagonal, so r4c4 = 1.",
            "r4c4=1",
        ),
        (
            DI_1,
            "pointing",
            "In box 5, 4 can only go in the anti-diagonal (r4c6, r6c4), so it leaves the rest "
            "of the anti-diagonal: r3c7.",
            "r3c7≠4",
        ),
        (
            DA,
            "claiming",
            "In the anti-diagonal, 3 can only go in box 7 (r7c3, r9c1), so it leaves the rest "
            "of box 7: r7c1, r8c1, r8c3.",
            "r7c1≠3 r8c1≠3 r8c3≠3",
        ),
        (
            DA_7,
            "naked pair",
            "In the main diagonal, the cells r1c1, r7c7 hold only 1, 7 between them, so those "
            "digits leave the other cells of the main diagonal: r5c5≠7.",
            "r5c5≠7",
        ),
        (
            DE,
            "hidden pair",
            "In the anti-diagonal, the digits 1, 3 fit only in r1c9, r7c3, so those cells hold "
            "no other digit: r1c9≠6, r1c9≠7.",
            "r1c9≠6 r1c9≠7",
        ),
        (
            DU,
            "hidden triple",
            "In the main diagonal, the digits 4, 5, 7 fit only in r3c3, r5c5, r7c7, so those "
            "cells hold no other digit: r7c7≠9.",
            "r7c7≠9",
        ),
        (
            DU,
            "Turbot Fish",
            "In column 8, 3 can only go in r9c8 or r1c8; in the anti-diagonal, only in r9c1 or "
            "r1c9. r1c8 and r1c9 share row 1, so they are not both 3: 3 is in r9c8 or r9c1, and "
            "leaves the cells that see both: r9c5≠3, r9c6≠3.",
            "r9c5≠3 r9c6≠3",
        ),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 30 and ":" not in v else "",
)
def test_a_rule_over_a_diagonal_at_a_real_position(game_id, rule, sentence, conclusion):
    step = _first(game_id, rule)
    assert step.explanation == sentence
    geo = geometry(3, 3, True)
    made = [f"{geo.cell_names[c]}={v}" for c, v in step.placements]
    made += [f"{geo.cell_names[c]}≠{v}" for c, v in step.eliminations]
    assert " ".join(made) == conclusion


def _solved(game_id: str) -> tuple[deduce.Family, object, list[int]]:
    """The family, puzzle and solution of ``game_id`` (unique: search counted to two)."""
    result = deduce.solve(game_id)
    assert result.status == "unique"
    return result.puzzle.family, result.puzzle.data, result.solution


@pytest.mark.parametrize(("params", "game_id"), SOLO_X, ids=[p for p, _ in SOLO_X])
def test_every_rule_is_sound_at_every_stall_and_every_step_true(params, game_id):
    family, puzzle, solution = _solved(game_id)
    heavy = [r for r in family.rules if r.weight > 2.3]
    assert_sound_at_stalls(family, puzzle, solution, family.rules, heavy)
    assert problems(family, puzzle, deduce.solve(game_id).log) == []


@pytest.mark.slow
def test_every_rule_is_sound_on_every_level_and_asked_at_every_state_of_some():
    fired: set[str] = set()
    for index, (_, game_id) in enumerate(LEVELS):
        family, puzzle, solution = _solved(game_id)
        heavy = [r for r in family.rules if r.weight > 2.3]
        fired |= assert_sound_at_stalls(family, puzzle, solution, family.rules, heavy)
        if index % 10 == 9:  # the last of each level: every rule at every state
            assert_sound(family, puzzle, solution)
    assert {"hidden single (diagonal)", "pointing", "claiming", "Turbot Fish"} <= fired


@pytest.mark.slow
def test_every_level_s_logs_are_true_when_read():
    for _, game_id in LEVELS:
        result = deduce.solve(game_id)
        assert problems(result.puzzle.family, result.puzzle.data, result.log) == [], game_id


def _answers(rule, state) -> list[tuple] | str:
    try:
        return [(s.rule, s.explanation, s.placements, s.eliminations) for s in rule.find(state)]
    except Contradiction as exc:
        return f"contradiction: {exc}"


@pytest.mark.parametrize("game_id", [DB, DA, DI_1, DA_7])
def test_the_rules_that_look_again_only_where_the_grid_changed_see_the_diagonals(game_id):
    """Asked on the live state (their records of where they found nothing kept) and on a
    fresh copy, every cheap rule answers the same at every step: a change on a diagonal
    wakes the rules that read that diagonal."""
    family = SUDOKU_X
    listed = [r for r in family.rules if r.weight < 6.5]
    state = family.initial_state(family.parse(game_id))
    for _ in range(400):
        for rule in listed:
            fresh = family.initial_state(family.parse(game_id))
            fresh.domains[:], fresh.fixed[:] = state.domains, state.fixed
            assert _answers(rule, state) == _answers(rule, fresh), rule.name
        found = next_step(state, family.rules)
        if found is None:
            return
        apply_step(family, state, found[1])


#: The corpus lines with several solutions as plain Killer / Jigsaw whose site solutions have
#: both diagonals distinct: read as X puzzles (without editing the corpus).
X_LINES = [
    ("janko_killer_third.jsonl", "killer-x", ("196", "718", "727")),
    ("janko_jigsaw_third.jsonl", "jigsaw-x", ("652", "655", "661", "664", "673")),
]


@pytest.mark.corpus
@pytest.mark.slow
@pytest.mark.parametrize(("file", "name", "numbers"), X_LINES)
def test_the_corpus_x_puzzles_have_one_solution_the_site_s(file, name, numbers):
    family = get_family(name)
    found = 0
    for line in corpus_file("sudoku", file).read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["name"].rsplit("-", 1)[-1] not in numbers:
            continue
        found += 1
        solution = [v for row in record["solution"] for v in row]
        result = deduce.solve(line, name)
        assert result.status == "unique" and result.solution == solution, record["name"]
        puzzle = family.parse(line)
        heavy = [r for r in family.rules if r.weight > 2.3]
        assert_sound_at_stalls(family, puzzle, solution, family.rules, heavy)
        assert_sound(family, puzzle, solution)
        assert problems(family, puzzle, result.log) == [], record["name"]
    assert found == len(numbers)


def test_the_picture_draws_both_diagonals():
    result = deduce.solve(DA)
    family, puzzle = result.puzzle.family, result.puzzle.data
    state = family.initial_state(puzzle)
    picture = family.picture(puzzle, state, result.log.steps[0])
    assert picture.diagonals and picture.to_dict()["dg"] == 1
    assert 'class="diagonals"' in to_svg(picture)
    plain = deduce.solve(LINE, "sudoku")
    drawn = plain.puzzle.family.picture(plain.puzzle.data, state, None)
    assert not drawn.diagonals and "dg" not in drawn.to_dict()
    assert 'class="diagonals"' not in to_svg(drawn)


def test_a_puzzle_with_several_solutions_that_has_one_as_x_points_to_the_x_family(capsys):
    """A setter's X puzzle without its flag: several solutions as a Sudoku, one as an X."""
    unflagged = SOLO_X[0][1].replace("x:", ":", 1)
    assert main(["check", "--family", "sudoku", unflagged]) == 2
    out = capsys.readouterr().out
    assert out.startswith("several solutions: ")
    assert out.rstrip().endswith(
        "; with both diagonals as units it has one: read it with --family sudoku-x"
    )
    assert main(["check", "--family", "sudoku", "." * 81]) == 2  # several as an X too
    assert "diagonals" not in capsys.readouterr().out


@pytest.mark.corpus
@pytest.mark.parametrize(("file", "name", "numbers"), X_LINES)
def test_the_corpus_x_puzzles_read_plain_point_to_their_x_family(capsys, file, name, numbers):
    lines = [
        line
        for line in corpus_file("sudoku", file).read_text(encoding="utf-8").splitlines()
        if json.loads(line)["name"].rsplit("-", 1)[-1] in numbers
    ]
    assert len(lines) == len(numbers)
    for line in lines:
        assert main(["check", line]) == 2
        assert capsys.readouterr().out.rstrip().endswith(f"read it with --family {name}")
