"""The Sudoku forms players exchange, each on examples from its own documentation or test
files: read, written back the same, and solved to the same answer as the puzzle's plain
form. Sources: tests/fixtures/sudoku/README.md and the comment above each example."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deduce
from deduce.errors import ParseError, WriteError
from deduce.puzzles.sudoku import hodoku, links, marks, model, text
from deduce.puzzles.sudoku.forms import FORMS, format_puzzle
from tests.answers import same_answer
from tests.conftest import fixture_file
from tests.sudoku.grids import sudoku_grids

# pzprjs's own test (robx/pzprjs test/script/sudoku.js): the URL and its answer grid.
PZPRJS_TEST = ("https://puzz.link/p?sudoku/4/4/g1k23k3g", "2143431234211234")
# penpa-edit's puzz.link parser tests (swaroopg92/penpa-edit test/public/puzz_link_parser.js).
PENPA_TESTS = (
    "https://puzz.link/p?sudoku/4/4/g2j1h1j3g",
    "https://puzz.link/p?sudoku/4/4/i1g2j4g3i",
    "https://puzz.link/p?sudoku/6/6/61j3g2j4g3j5g4j6g5j12",
    "https://puzz.link/p?sudoku/6/6/g3h2g5j6h1l4h6j3g5g6h",
    "https://puzz.link/p?sudoku/9/9/"
    "123456789789123456456789123231564897897231564564897231312645978978312645645978312",
    "https://puzz.link/p?sudoku/9/9/15i96l17i7g65i42k1g5368h2i7g2p3h5g48g2g9k3h7i6",
    "https://puzz.link/p?sudoku/9/9/91h8h343m5i1g3k1i3h5i9i8h7i5k7g5i6m787h4h26",
)
# HoDoKu's technique pages: the library line of the position, the original sudoku, and (for
# the pointing example) the step HoDoKu shows: "5 in b1 => r3c7<>5".
HODOKU_LC101 = (
    ":0100:5:984........+25...4...+1+9.+4..2..6.972+3...3+6.2...+2.+9.+3+5+61.+1+95+76+8+4"
    "+234+27+35189+6+63+8..97+5+1::537:",
    "984.........5...4.........2..6.972....3..2..........1...5.6...34.7.5189..3...97..",
    "pm_hodoku_lc101.txt",
)
HODOKU_FH02 = (
    ":0000::2.7.......8..9.....3.6..8....8.649..6+927853.4..132.5....9..1.2.....4..9.......4.8:::",
    "2.7.......8..9.....3.6..8....8.649..6.27853.4..132.5....9..1.2.....4..9.......4.8",
    "pm_hodoku_fh02.txt",
)
# A line of HoDoKu's own test file bf2.txt (as copied in alexdej/hodoku-py), with its note.
HODOKU_BF2 = (
    "43.62......2.95...6....14...4...........6..2....3..6513......4....17.3........267"
    " # ssts bf2(4) s"
)
# Ruud's pencilmark-only puzzle: the solution posted with it.
RUUD_SOLUTION = "729461538614835927358297641965328714143679285287514369472153896896742153531986472"
# SudokuWiki bd= links from public pages and tests that point at SudokuWiki's solver.
SUDOKUWIKI = (
    "https://www.sudokuwiki.org/sudoku.htm?"
    "bd=016007803090800000870001260048000300650009082039000650060900020080002936924600510",
    "https://www.sudokuwiki.org/sudoku.htm?"
    "bd=400000938032094100095300240370609004529001673604703090957008300003900400240030709",
)


def _fixture(name: str) -> str:
    return fixture_file(f"sudoku/forms/{name}").read_text(encoding="utf-8").strip()


# --- puzz.link ----------------------------------------------------------------------------


@pytest.mark.parametrize("url", [PZPRJS_TEST[0], *PENPA_TESTS])
def test_puzzlink_urls_round_trip_and_solve_as_their_line(url):
    puzzle = text.parse(url)
    assert puzzle.form == "puzzlink"
    assert links.to_puzzlink(puzzle) == format_puzzle(puzzle) == url
    same_answer(url, text.to_line(puzzle))


def test_puzzlink_test_of_pzprjs_has_its_answer():
    url, answer = PZPRJS_TEST
    assert deduce.solve(url).solution_text == answer


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([(2, 2), (3, 2), (3, 3), (4, 4), (5, 5)]).flatmap(lambda s: sudoku_grids(*s))
)
def test_puzzlink_round_trips_every_size_it_supports(puzzle):
    url = links.to_puzzlink(puzzle)
    assert url.startswith(f"https://puzz.link/p?sudoku/{puzzle.n}/{puzzle.n}/")
    again = text.parse(url)
    assert (again.geo, again.givens) == (puzzle.geo, puzzle.givens)


def test_puzzlink_reads_hosts_runs_and_numbers_above_15():
    assert text.parse("http://pzv.jp/p.html?sudoku/4/4/g1k23k3g").givens == (
        text.parse(PZPRJS_TEST[0]).givens
    )
    # a run of 21 blanks is z (20) then g (1); 16 is -10
    big = model.Sudoku(model.geometry(4, 4), (16,) + (0,) * 21 + (1,) + (0,) * 233)
    assert "/-10zg1" in links.to_puzzlink(big)
    assert text.parse(links.to_puzzlink(big)).givens == big.givens
    short = text.parse("https://puzz.link/p?sudoku/4/4/g1")  # pzprjs leaves the rest blank
    assert short.givens == (0, 1) + (0,) * 14


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("https://puzz.link/p?sudoku/8/8/g1", "4x4, 6x6, 9x9, 16x16 or 25x25, not 8x8"),
        ("https://puzz.link/p?sudoku/9/6/g1", "not 9x6"),
        ("https://puzz.link/p?sudoku/4/4/5", "bad clue '5' at r1c1"),
        ("https://puzz.link/p?sudoku/4/4/zzg1", "goes on after its 16 cells"),
        ("https://puzz.link/p?sudoku/4/4/11", "repeats in row 1"),
    ],
)
def test_bad_puzzlink_urls_say_what_is_wrong(url, message):
    with pytest.raises(ParseError, match=message):
        text.parse(url)


# --- pencil-mark grids and sukaku ---------------------------------------------------------


@pytest.mark.parametrize("name", ["pm_hodoku_lc101.txt", "pm_hodoku_fh02.txt"])
def test_hodoku_pencil_mark_grids_are_written_back_character_for_character(name):
    grid = _fixture(name)
    puzzle = text.parse(grid)
    assert puzzle.form == "pmgrid"
    assert marks.to_mark_grid(puzzle) == format_puzzle(puzzle) == grid


@pytest.mark.parametrize("case", [HODOKU_LC101, HODOKU_FH02])
def test_hodoku_library_lines_match_their_grids_and_solve_as_the_original(case):
    line, original, grid = case
    position = text.parse(line)
    assert position.form == "hodoku"
    assert marks.cell_marks(position) == marks.cell_marks(text.parse(_fixture(grid)))
    written = hodoku.to_library_line(position)
    # the fields of the position come back the same (the step fields are not the position's)
    assert written.split(":")[3:5] == line.split(":")[3:5]
    assert marks.cell_marks(text.parse(written)) == marks.cell_marks(position)
    same_answer(line, original)
    same_answer(_fixture(grid), original)


def test_hodoku_pointing_example_is_the_first_step():
    step = deduce.explain(HODOKU_LC101[0]).deductions()[0]
    assert step.rule == "pointing"
    assert step.eliminations == ((2 * 9 + 6, 5),)  # r3c7 <> 5, as HoDoKu shows it


def test_hodoku_placed_digits_are_not_clues():
    position = text.parse(HODOKU_FH02[0])
    assert position.givens[4 * 9 + 1] == 0 and position.placed[4 * 9 + 1] == 9  # +9 at r5c2
    state = model.initial_state(position)
    assert state.fixed[4 * 9 + 1] and state.domains[4 * 9 + 1] == 1 << 9
    assert text.parse(HODOKU_BF2).givens == text.parse(HODOKU_BF2.split()[0]).givens


@pytest.mark.parametrize(
    ("name", "solution"),
    [("pm_ruud_pencilmark_only.txt", RUUD_SOLUTION), ("pm_sudopedia_sukaku.txt", None)],
)
def test_sukaku_strings_and_pencil_mark_grids_round_trip_and_solve(name, solution):
    grid = text.parse(_fixture(name))
    assert not any(grid.givens)  # a sukaku has no given digits, only its marks
    line = marks.to_sukaku(grid)
    assert len(line) == 729
    again = text.parse(line + " ED=9.1/1.2/1.2")  # a rating note after the string is no part
    assert again.form == "sukaku"
    assert again.candidates == grid.candidates and marks.to_sukaku(again) == line
    assert marks.to_mark_grid(text.parse(marks.to_mark_grid(grid))) == marks.to_mark_grid(grid)
    found = deduce.solve(line)
    assert found.status == "unique" and found.solution == deduce.solve(_fixture(name)).solution
    if solution:
        assert found.solution_text == solution
    # the solution satisfies every mark the puzzle gave
    assert all(mask >> v & 1 for mask, v in zip(grid.candidates, found.solution, strict=True))


def test_sukaku_reads_every_blank_kind():
    line = marks.to_sukaku(text.parse(_fixture("pm_sudopedia_sukaku.txt")))
    for blank in "0*_":
        assert text.parse(line.replace(".", blank)).candidates == text.parse(line).candidates
    with pytest.raises(ParseError, match="bad character 'x' at position 1"):
        text.parse("x" + line[1:])


def test_marks_that_rule_out_the_answer_leave_no_solution():
    grid = text.parse(_fixture("pm_ruud_pencilmark_only.txt"))
    cell = 0
    assert grid.candidates is not None
    wrong = list(grid.candidates)
    wrong[cell] &= ~(1 << int(RUUD_SOLUTION[cell]))  # take the true 7 out of r1c1
    result = deduce.solve(
        marks.to_sukaku(model.Sudoku(grid.geo, grid.givens, "sukaku", None, tuple(wrong)))
    )
    assert result.status == "none"


def test_a_big_grid_of_numbers_is_not_read_as_pencil_marks():
    numbers = "\n".join(
        " ".join(
            "." if (r + c) % 3 else str((4 * (r % 4) + r // 4 + c) % 16 + 1) for c in range(16)
        )
        for r in range(16)
    )
    puzzle = text.parse(numbers)
    assert puzzle.form == "grid" and puzzle.candidates is None and 12 in puzzle.givens


def test_a_lone_mark_is_a_given_only_when_no_peer_lists_it():
    fh = text.parse(_fixture("pm_hodoku_fh02.txt"))
    r5c8 = 4 * 9 + 7  # the full house: its 1 is still listed in its column
    assert fh.candidates is not None and fh.candidates[r5c8] == 1 << 1
    assert fh.givens[r5c8] == 0
    assert fh.givens[0] == 2  # r1c1, solved in HoDoKu's grid: a given here


# --- SudokuWiki ---------------------------------------------------------------------------


@pytest.mark.parametrize("url", SUDOKUWIKI)
def test_sudokuwiki_links_round_trip_and_solve_as_their_line(url):
    puzzle = text.parse(url)
    assert puzzle.form == "sudokuwiki"
    assert links.to_sudokuwiki(puzzle) == url
    board = url.split("bd=")[1]
    assert text.parse(f"bd={board}").givens == text.parse(board.replace("0", ".")).givens
    same_answer(url, text.to_line(puzzle))


def test_sudokuwiki_packed_form_carries_candidates_clues_and_placed_digits():
    position = text.parse(HODOKU_LC101[0])
    url = links.to_sudokuwiki(position)
    board = url.split("bd=")[1]
    assert len(board) == 162
    # r1c1 is the clue 9: bit 8 (256), shifted, with the clue flag: 513 = "g1" in base 32
    assert board[:2] == "g1"
    again = text.parse(url)
    assert again.givens == position.givens and again.placed == position.placed
    assert marks.cell_marks(again) == marks.cell_marks(position)
    assert text.parse(board).givens == position.givens  # the string alone reads too
    with pytest.raises(ParseError, match="r1c1 of the S9B board reads 'g1': no digit"):
        text.parse("https://www.sudokuwiki.org/sudoku.htm?bd=S9B" + board)  # base 32 is no S9B


# --- every form, conversions, notes -------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([(3, 3)]).flatmap(lambda s: sudoku_grids(*s)))
def test_every_form_writes_what_parse_reads(puzzle):
    for form in FORMS:
        again = text.parse(form.write(puzzle))
        assert marks.cell_marks(again) == marks.cell_marks(puzzle), form.name
        if form.name not in ("sukaku", "pmgrid"):  # there a lone mark no peer lists is a given
            assert again.givens == puzzle.givens, form.name


def test_forms_that_hold_givens_refuse_a_position_with_marks():
    position = text.parse(_fixture("pm_ruud_pencilmark_only.txt"))
    for name in ("line", "grid", "tatham", "puzzlink"):
        with pytest.raises(WriteError, match="holds only the givens"):
            deduce.get_family("sudoku").form(name).write(position)
    with pytest.raises(WriteError, match="9x9"):
        marks.to_sukaku(text.parse("1234" + "." * 12))


@pytest.mark.parametrize("note", [" ED=7.1/1.2/1.2", "\t7.1", "  # from top95"])
def test_a_rating_note_after_a_one_line_puzzle_is_no_part_of_it(note):
    line = HODOKU_LC101[1]
    assert deduce.get_family("sudoku").detect(line + note)
    assert text.parse(line + note).givens == text.parse(line).givens
    url = PENPA_TESTS[-1]
    assert text.parse(url + note).givens == text.parse(url).givens
