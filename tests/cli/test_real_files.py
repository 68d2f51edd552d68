"""Files as other tools write them (issue 29): webpbn exports that name their blocks' colour,
with HTML's named characters; SudokuWiki's "Load position" links (``bd=S9B...``); Simon
Tatham's Solo links and the IDs of its Sudoku variants. The fixtures are small files written
for these tests in the shape of the real ones (tests/fixtures/*/README.md names each origin).
"""

from __future__ import annotations

import pytest

import deduce
from deduce.errors import ParseError
from deduce.inputs import records
from deduce.puzzles.nonogram import webpbn
from deduce.puzzles.sudoku import marks
from tests.conftest import fixture_file

WHITE_DEFAULT = fixture_file("nonogram/forms/webpbn-white-default.xml")


def test_a_webpbn_export_with_white_default_and_black_counts_is_black_and_white():
    result = deduce.solve(WHITE_DEFAULT.read_text(encoding="utf-8"))
    assert result.status == "unique"
    assert result.solution_text == "####./#.#.#/####./.###./...##"
    assert result.puzzle.data.goal == ("11110", "10101", "11110", "01110", "00011")


def test_html_named_characters_read_as_the_characters_they_name():
    text = WHITE_DEFAULT.read_text(encoding="utf-8")
    assert "&copy;" in text and "&ndash;" in text
    assert deduce.load(text).data.name == "Boat & sail"


def test_entities_declared_in_the_document_are_still_refused():
    text = WHITE_DEFAULT.read_text(encoding="utf-8").replace(
        "<puzzleset>", '<!DOCTYPE x [<!ENTITY a "&copy;&copy;">]><puzzleset>'
    )
    with pytest.raises(ParseError, match="declares entities"):
        deduce.load(text)


def test_an_unknown_named_character_is_bad_xml_naming_where():
    text = WHITE_DEFAULT.read_text(encoding="utf-8").replace("&ndash;", "&nosuchname;")
    with pytest.raises(ParseError, match=r"bad XML at line 9 column \d+: undefined entity"):
        deduce.load(text)


def test_blocks_of_two_colours_are_still_a_multicolour_puzzle():
    with pytest.raises(ParseError, match="column 2 has a red block: a multicolour puzzle"):
        deduce.load(fixture_file("nonogram/forms/webpbn-two-colours.xml").read_text())


def test_a_webpbn_puzzleset_of_several_is_one_record_a_puzzle(tmp_path):
    one = WHITE_DEFAULT.read_text(encoding="utf-8")
    start, end = one.index("<puzzle "), one.index("</puzzleset>")
    path = tmp_path / "set.xml"
    path.write_text(one[:end] + one[start:end] + "</puzzleset>\n", encoding="utf-8")
    found = list(records(str(path)))
    assert [r.where for r in found] == ["line 6", "line 40"]
    assert [deduce.solve(r.text).solution_text for r in found] == [
        "####./#.#.#/####./.###./...##"
    ] * 2
    assert [line for line, _ in webpbn.puzzles(path.read_text())] == [6, 40]


def _s9b_pairs() -> list[tuple[str, str]]:
    lines = fixture_file("sudoku/forms/sudokuwiki_s9b.tsv").read_text().splitlines()[1:]
    return [(a, b) for a, b in (line.split("\t") for line in lines)]


@pytest.mark.parametrize(("position", "start"), _s9b_pairs())
def test_sudokuwiki_load_position_links_read_as_their_puzzle_part_way(position, start):
    part_way, original = deduce.load(position).data, deduce.load(start).data
    assert part_way.form == "sudokuwiki" and part_way.givens == original.givens
    assert any(part_way.placed) and len(set(marks.cell_marks(part_way))) > 9
    assert deduce.solve(position).solution_text == deduce.solve(start).solution_text


def test_the_s9b_board_reads_clues_placed_digits_and_candidates():
    position = _s9b_pairs()[0][0]
    puzzle = deduce.load(position).data
    cells = marks.cell_marks(puzzle)
    assert puzzle.givens[4] == 2  # "02": the clue 2 at r1c5
    assert puzzle.placed[1] == 8  # "0h" (17): 8 placed at r1c2
    assert cells[5] == (1 << 3) | (1 << 6)  # "1i" (54): candidates 3 and 6 at r1c6 (A6)


def test_a_bad_s9b_board_names_the_cell_or_the_length():
    position = _s9b_pairs()[0][0]
    with pytest.raises(ParseError, match="S9B and 162 base-36 characters, got 160"):
        deduce.load(position[:-2])
    with pytest.raises(ParseError, match="r1c1 of the S9B board reads '00': no digit"):
        deduce.load(position.replace("S9B7n", "S9B00"))


def test_solo_links_read_and_variant_ids_are_refused_by_name_or_read_by_their_family():
    found = list(records(str(fixture_file("sudoku/forms/solo_ids.txt"))))
    link = found[0]
    assert deduce.load(link.text).data == deduce.load(link.text.split("#")[1]).data
    messages = []
    for record in found[1:3]:
        with pytest.raises(ParseError) as caught:
            deduce.load(record.text)
        messages.append(str(caught.value))
    x, jigsaw = messages
    # the sudoku-x family reads Solo X IDs; this one's clues (a plain Sudoku's) repeat on one
    assert x == "clue 1 at r4c4 repeats in the main diagonal (also at r3c3)"
    # the jigsaw family reads Solo jigsaw IDs; this one's block map (made up) is too short
    assert "Solo block map covers 62 inner edges, expected 144" in jigsaw
    with pytest.raises(ParseError, match="not a Solo killer ID such as 3x3k:"):
        deduce.load(found[3].text)  # the killer family reads it and names what is wrong


def test_other_tatham_ids_are_not_taken_for_solo_variants():
    assert deduce.load("5x5:1cceefcfggeeccghcac3e12hch10ah25a").family.name == "signpost"
    assert deduce.load("2x2:1/2/2/1").family.name == "nonogram"
