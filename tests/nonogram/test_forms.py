"""The nonogram exchange forms of other programs, on examples from their own documentation and
test files: puzz.link (pzprjs) URLs, webpbn XML and the Olšáks' .g text. Each is read, written
back, and solved to the same answer as the puzzle in deduce's JSON form (and as its source
gives, where it gives one). Sources: tests/fixtures/nonogram/README.md and the comments here."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import deduce
from deduce.cli import main
from deduce.errors import ParseError
from deduce.puzzles.nonogram import model, olsak, puzzlink, text, webpbn
from tests.answers import same_answer
from tests.conftest import fixture_file

FORMS = "nonogram/forms"
SURVEY = fixture_file("nonogram/survey_small.jsonl").read_text().splitlines()
DANCER_JSON, EDGE_JSON = SURVEY[0], SURVEY[2]

# pzprjs's own test (robx/pzprjs test/script/nonogram.js): the URL, and the answer of its
# last (correct) pzprv3 file, row by row.
PZPRJS_TEST = (
    "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h",
    "##.#../#...#./.#.##./....../#...#./.###..",
)
# The examples of noqx's Nonogram solver (T0nyX1ang/noqx solver/nonogram.py): the 30x30 of
# the current file, the 31x13 of an earlier version of it.
NOQX_EXAMPLES = (
    "https://puzz.link/p?nonogram/30/30/1121222n1331112n3111223n34133p8115q64113p5412312n"
    "411232o311323o21215p2112113n41243p32124p231112o2222q32121p22222p3225q52215p41524p4524q"
    "4221q422121o354r3132q51121p56sct43s1t411r422r4112q14211p19112p4811q22ar223711o5325q4111"
    "3p334r2171q13333p15br2123111n222111o6272q431113o32111111m33112p2211111n122112o23711p733"
    "r74s77s3425q75sbt7t",
    "https://puzz.link/p?nonogram/31/13/m513j1111i531q55k11111h5111p55k111j131q55k11k55k11k"
    "135j1l55k111j55r35k311j35r51k115j51zn3353133o11111111111k131113133m11111111111k1111111"
    "1333zg3113313311l111111111111111g3331111133l111112121111j11111111111111x",
)


def _read(name: str) -> str:
    return fixture_file(f"{FORMS}/{name}").read_text(encoding="utf-8")


# --- puzz.link ----------------------------------------------------------------------------


@pytest.mark.parametrize("url", [PZPRJS_TEST[0], *NOQX_EXAMPLES])
def test_puzzlink_urls_round_trip_and_solve_as_their_json(url):
    puzzle = text.parse(url)
    assert puzzle.form == "puzzlink"
    assert puzzlink.to_puzzlink(puzzle) == text.format_puzzle(puzzle) == url
    same_answer(url, text.to_json(puzzle))


def test_the_pzprjs_test_has_its_answer_and_its_clues():
    url, answer = PZPRJS_TEST
    puzzle = text.parse(url)
    # the clues drawn in the test's pzprv3 file, columns top down and rows left to right
    assert puzzle.cols == ((2, 1), (1, 1, 1), (1,), (1, 1, 1), (2, 1), ())
    assert puzzle.rows == ((2, 1), (1, 1), (1, 2), (), (1, 1), (3,))
    assert deduce.solve(url).solution_text == answer


@given(
    st.integers(1, 12).flatmap(
        lambda w: st.lists(st.text(alphabet="01", min_size=w, max_size=w), min_size=1, max_size=12)
    )
)
def test_puzzlink_round_trips_any_picture(rows):
    puzzle = model.from_picture(rows)
    again = text.parse(puzzlink.to_puzzlink(puzzle))
    assert again == puzzle and again.form == "puzzlink"


def test_puzzlink_reads_other_hosts_long_clues_and_a_short_body():
    url = PZPRJS_TEST[0]
    assert text.parse(url.replace("https://puzz.link/p?", "https://pzprxs.vercel.app/p?")) == (
        text.parse(url)
    )
    wide = model.from_picture(["1" * 20])
    # 20 columns of 1, then the row's 20 (-14) and the 9 clue cells left of it blank (o)
    assert puzzlink.to_puzzlink(wide) == "https://puzz.link/p?nonogram/20/1/" + "1" * 20 + "-14o"
    assert text.parse(puzzlink.to_puzzlink(wide)) == wide
    short = text.parse("https://puzz.link/p?nonogram/2/2/1g1")  # the rest of the cells blank
    assert (short.cols, short.rows) == (((1,), ()), ((1,), ()))


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("https://puzz.link/p?nonogram/2/2/1g1.", "row 2 has a clue of unknown value"),
        ("https://puzz.link/p?nonogram/2/2/1g1g1g1g1", "goes on after its 4 clue cells"),
        ("https://puzz.link/p?nonogram/2/2/1g1_", "bad character '_' at position 4"),
        ("https://puzz.link/p?nonogram/2/2/3", "the clue 3 of column 1 does not fit in 2 cells"),
        ("https://puzz.link/p?nonogram/0/2/", "bad width 0"),
        ("https://puzz.link/p?nonogram/2/2/1i", "row clues fill 0 cells but the column clues 1"),
    ],
)
def test_bad_puzzlink_urls_say_what_is_wrong(url, message):
    with pytest.raises(ParseError, match=message):
        text.parse(url)


# --- webpbn XML ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "native"), [("webpbn-00001.xml", DANCER_JSON), ("webpbn-00023.xml", EDGE_JSON)]
)
def test_wolters_xml_reads_as_the_corpus_has_it_and_solves_the_same(name, native):
    xml = _read(name)
    puzzle = text.parse(xml)
    assert puzzle.form == "webpbn" and puzzle == text.parse(native)
    answer = same_answer(xml, native)
    goal = "/".join(row.replace("1", "#").replace("0", ".") for row in puzzle.goal)
    assert answer == goal  # the goal image Wolter's file stores


@pytest.mark.parametrize("name", ["webpbn-00001.xml", "webpbn-00023.xml"])
def test_webpbn_round_trips(name):
    puzzle = text.parse(_read(name))
    written = text.format_puzzle(puzzle)
    again = text.parse(written)
    assert (again, again.name, again.goal) == (puzzle, puzzle.name, puzzle.goal)
    assert text.format_puzzle(again) == written
    assert again.name == ("Demo Puzzle from Front Page" if "0001" in name else again.name)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda x: x.replace("<count>7</count>", '<count color="red">7</count>'),
            "column 3 has a red block: a multicolour puzzle",
        ),
        (lambda x: x.replace('type="grid"', 'type="triddler"'), "a triddler puzzle is no grid"),
        (
            lambda x: x.replace("<puzzleset>", '<!DOCTYPE x [<!ENTITY a "b">]><puzzleset>'),
            "declares entities",
        ),
        (lambda x: x.replace("</puzzle>\n", "</puzzle><puzzle/>"), "holds 2 puzzles"),
        (
            lambda x: x.replace("</clues>", "</clue>", 1),
            "bad XML at line 24 column 3: mismatched tag",
        ),
        (lambda x: x.replace("|XX...|", "|XX..?|"), "row 10 of the goal image has an undecided"),
        (lambda x: x.replace("<count>2</count></line>\n</clues>", "</line>\n</clues>"), "fill"),
    ],
)
def test_bad_webpbn_xml_says_what_is_wrong(change, message):
    with pytest.raises(ParseError, match=message):
        text.parse(change(_read("webpbn-00001.xml")))


# --- the Olšáks' .g -------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "size"), [("kocka.g", (35, 35)), ("usmev.g", (25, 35))])
def test_olsak_files_round_trip_and_solve_as_their_json(name, size):
    g = _read(name)
    puzzle = text.parse(g)
    assert puzzle.form == "olsak" and (puzzle.width, puzzle.height) == size
    written = text.format_puzzle(puzzle)
    assert olsak.to_olsak(puzzle) == written and text.parse(written) == puzzle
    assert text.format_puzzle(text.parse(written)) == written
    same_answer(g, text.to_json(puzzle))


def test_olsak_reads_what_its_examples_say():
    cat = text.parse(_read("kocka.g"))
    assert cat.rows[0] == (5, 4) and cat.rows[-1] == (3, 4, 5, 2)
    assert cat.cols[0] == (5, 12, 2) and cat.cols[-1] == (5, 12)
    # "an example where line algorithms alone are not enough" (usmev.g's first line)
    assert deduce.rate(_read("usmev.g")).level == "needs-probing"
    # "this puzzle has, of course, two different solutions (a chessboard)"
    assert deduce.check(_read("sachovnice.g")).status == "multiple"


def test_olsak_keeps_empty_lines_and_the_name():
    puzzle = text.parse('{"name":"two","width":2,"height":2,"rows":[[1],[]],"cols":[[1],[]]}')
    written = olsak.to_olsak(puzzle)
    assert written == "# title two\n: rows\n1\n\n: columns\n1\n\n: end"
    assert text.parse(written) == puzzle and text.parse(written).name == "two"
    # without the closing ':' line, blank lines at the very end are no clue: why it is written
    assert text.parse(written.removesuffix(": end")).width == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda g: g.replace("\n5 4\n", "\n5 4c\n"), "row 1 has a block of colour 'c'"),
        (lambda g: "#t\n" + g, "a triddler"),
        (lambda g: g.replace("\n5 4\n", "\n5 x\n"), "row 1: cannot read the block 'x'"),
        (lambda g: g.replace("\n5 12\n", "\n5 12 0\n"), "column 35 has a block of length 0"),
        (lambda g: g.replace("\n3 4 5 2\n", "\n3 4 5 2\n1\n"), "36 row clues|fill"),
    ],
)
def test_bad_olsak_text_says_what_is_wrong(change, message):
    with pytest.raises(ParseError, match=message):
        deduce.load(change(_read("kocka.g")), "nonogram")


# --- the command ----------------------------------------------------------------------------


def test_every_form_is_detected_as_a_nonogram():
    for source in (PZPRJS_TEST[0], _read("webpbn-00001.xml"), _read("kocka.g")):
        assert deduce.load(source).family.name == "nonogram"


@pytest.mark.parametrize("form", ["puzzlink", "webpbn", "olsak"])
def test_convert_writes_each_form_and_reads_it_back(capsys, tmp_path, form):
    source = tmp_path / "dancer.json"
    source.write_text(DANCER_JSON)
    assert main(["convert", str(source), "--to", form]) == 0
    written = capsys.readouterr().out.strip()
    assert text.parse(written) == text.parse(DANCER_JSON)
    again = tmp_path / f"dancer.{form}"
    again.write_text(written)
    assert main(["convert", str(again), "--to", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["rows"] == json.loads(DANCER_JSON)["rows"]


def test_solve_writes_the_solution_as_webpbn_xml(capsys):
    assert main(["solve", PZPRJS_TEST[0], "--output-format", "webpbn"]) == 0
    solved = webpbn.parse_webpbn(capsys.readouterr().out)
    assert "/".join(solved.goal).replace("1", "#").replace("0", ".") == PZPRJS_TEST[1]


def test_rules_lists_the_forms(capsys):
    assert main(["rules", "nonogram"]) == 0
    assert "forms: json, non, tatham, puzzlink, webpbn, olsak" in capsys.readouterr().out


@pytest.mark.parametrize(
    "source",
    [
        '{"width": ' + "1" * 5000 + ', "height": 2, "rows": [], "cols": []}',
        "1" * 5000 + "x2:1/1/1",
        "width ²\nheight 2\nrows\n1\ncolumns\n1",
        "width 1\nheight 1\nrows\n" + "9" * 5000 + "\ncolumns\n1",
        "https://puzz.link/p?nonogram/" + "9" * 5000 + "/2/1",
        ": rows\n" + "9" * 5000 + "\n: columns\n1\n",
        '<puzzle><clues type="rows"><line><count>²</count></line></clues></puzzle>',
        "<puzzle><clues type='rows'><line><count>"
        + "9" * 5000
        + "</count></line></clues></puzzle>",
    ],
    ids=["json", "tatham", "non-size", "non-clue", "puzzlink", "olsak", "webpbn-2", "webpbn-9"],
)
def test_a_number_no_int_reads_is_a_parse_error_in_every_form(capsys, source):
    with pytest.raises(ParseError):
        deduce.load(source, "nonogram")
    assert main(["check", "--family", "nonogram", source]) == 2
    assert capsys.readouterr().err.count("\n") == 1
