"""Nothing a user types crashes it, hangs it or loses their data: one test per finding of the
tester's report (issue 17), numbered as there."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import time
from pathlib import Path

import pytest

import deduce
from deduce.cli import main
from deduce.puzzles.generating import TRIES_PER_PUZZLE
from tests.puzzles import EASY, HARD

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def one_line_error(err: str) -> str:
    """The single ``deduce: ...`` line of ``err`` (no traceback, nothing else)."""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("deduce: "), err
    assert "Traceback" not in err
    return lines[0]


# 1 -----------------------------------------------------------------------------------------


def test_1_a_36x36_sudoku_is_refused_at_parse_time(capsys):
    start = time.perf_counter()
    status, _, err = run(capsys, "check", "--family", "sudoku", "." * 1296)
    assert status == 2 and time.perf_counter() - start < 2
    assert "a 36x36 Sudoku is too large: deduce reads 4x4 to 25x25" in one_line_error(err)
    with pytest.raises(deduce.ParseError, match="too large"):
        deduce.load("\n".join(["." * 36] * 36), "sudoku")


# 2 -----------------------------------------------------------------------------------------


def test_2_an_output_in_a_missing_folder_is_one_line(tmp_path, capsys):
    target = tmp_path / "missing-folder" / "out.csv"
    status, _, err = run(capsys, "rate", EASY, "-o", str(target))
    assert status == 2
    assert one_line_error(err).endswith(f"no such folder {target.parent}")


# 3 -----------------------------------------------------------------------------------------


def test_3_the_api_checks_the_level_and_bounds_its_tries():
    with pytest.raises(deduce.ArgumentError, match="unknown sudoku level 'bogus'"):
        deduce.generate("sudoku", count=1, seed=1, difficulty="bogus")
    # A level that cannot exist at a size is refused before any work ...
    start = time.perf_counter()
    with pytest.raises(deduce.ParseError, match="sudoku 4x4 has no hard puzzles"):
        list(deduce.generate("sudoku", count=1, seed=1, difficulty="hard", size="4x4"))
    assert time.perf_counter() - start < 5
    # ... and any other request is bounded by the command's try limit
    seen: dict = {}

    def spy(family, **options):
        seen.update(options)
        return iter(())

    import attrs

    fam = attrs.evolve(deduce.get_family("sudoku"), generate=spy)
    assert list(deduce.generate(fam, count=2, seed=1, difficulty="hard")) == []
    assert seen["max_tries"] == 2 * TRIES_PER_PUZZLE


# 4 -----------------------------------------------------------------------------------------


def test_4_a_failed_start_leaves_an_earlier_output_alone(tmp_path, capsys):
    out = tmp_path / "out.csv"
    out.write_text("yesterday's ratings\n")
    status, _, err = run(capsys, "rate", str(tmp_path / "missing.txt"), "-o", str(out))
    assert status == 2 and "no such file" in one_line_error(err)
    assert out.read_text() == "yesterday's ratings\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]


def test_4_rate_refuses_to_write_over_its_input(tmp_path, capsys):
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{EASY}\n{HARD}\n")
    status, _, err = run(capsys, "rate", str(path), "-o", str(path))
    assert status == 2 and "is the input" in one_line_error(err)
    assert path.read_text() == f"{EASY}\n{HARD}\n"


def test_4_an_interrupted_rate_keeps_its_finished_rows_and_no_partial_one(
    tmp_path, capsys, monkeypatch
):
    from deduce import api

    path = tmp_path / "puzzles.txt"
    path.write_text(f"{EASY}\n{HARD}\n{EASY}\n")
    out = tmp_path / "out.csv"
    out.write_text("an earlier file, replaced only by what this run finished\n")
    real, calls = api.solve, []

    def interrupted(*a, **k):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(api, "solve", interrupted)
    assert main(["rate", "--jobs", "1", "-o", str(out), str(path)]) == 130
    lines = out.read_text().splitlines()
    assert len(lines) == 2 and lines[1].startswith(f"sudoku,{EASY},unique,")
    assert sorted(tmp_path.iterdir()) == sorted([out, path])  # no temporary file left


# 5 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (EASY[:-1], "closest is sudoku: looks like a 9x9 Sudoku but has 80 cells (81 needed)"),
        (EASY[:-1] + "X", "closest is sudoku: bad character 'X' at position 81"),
        ('{"size":[3,3],"grid":[[1,0,1],[0,0,0],[0,0,9]]}', "number 1 is given twice"),
        ('{"width": 5, "height": 5, "rows": [[1],[2]', "closest is nonogram: bad JSON"),
        ("5x5:1zzcceefcfggeeccghcac3e12hch10ah25a", "closest is signpost: bad character 'z'"),
        # A Solo ID one cell short: Signpost's IDs start the same way, but have an arrow a cell.
        (
            "3x3:c4a5b1e6c2c8a7c4b3e1b7c9b1e9b2a4a8e6",
            "closest is sudoku: Solo description too short: 67 cells, expected 81",
        ),
    ],
)
def test_5_an_unknown_family_error_names_the_closest_family_and_its_objection(
    capsys, text, expected
):
    status, _, err = run(capsys, "check", text)
    line = one_line_error(err)
    assert status == 2 and expected in line
    assert "also tried" in line


@pytest.mark.parametrize(
    ("text", "family", "expected"),
    [
        (
            "3x3:²c4a5b1e6c2c8a7c4b3e1b7c9b1e9b2a4a8e6c",
            "sudoku",
            "bad character '²' at character 1",
        ),
        ("5x5:1cceefcfggeeccghcac3e12hch10ah2²a", "signpost", "bad character '²' at character 32"),
        ("\n".join(["10" + " 0" * 15] + ["0 " * 15 + "1²"] * 15), "sudoku", "bad candidate '²'"),
        ("   2  ²\n2  A  .\n2  .  B", "path", "bad count '²'"),
    ],
    ids=["solo-id", "signpost-id", "sudoku-16x16-grid", "path-grid"],
)
def test_5_a_character_python_calls_a_digit_but_int_refuses_is_named(
    capsys, text, family, expected
):
    """``str.isdigit`` takes a superscript two, which ``int`` refuses: each reader names it."""
    status, _, err = run(capsys, "check", "--family", family, text)
    assert status == 2 and expected in one_line_error(err)


@pytest.mark.parametrize(
    "text",
    [
        "3x3:" + "9" * 5000,
        "https://puzz.link/p?sudoku/9/9/" + "1" * 5000,
        '{"size":[' + "9" * 5000 + ',3],"grid":[]}',
        "5x5:" + "9" * 5000 + "a",
        '{"rows":' + "9" * 5000 + "}",
        '{"width": ' + "1" * 5000 + ', "height": 2, "rows": [], "cols": []}',
    ],
    ids=["solo", "puzzlink", "numbrix", "signpost", "path", "nonogram"],
)
def test_5_a_number_too_long_for_python_is_bad_input_in_every_family(capsys, text):
    status, _, err = run(capsys, "check", text)
    assert status == 2 and "a number of 5,000 digits" in one_line_error(err)


def test_5_a_number_too_long_for_python_in_a_players_grid_is_bad_input(capsys):
    for name, grid in (("numbrix", "9" * 5000), ("sudoku", "1" * 4400)):
        status, _, err = run(capsys, "hint", "--example", name, "--progress", grid)
        assert status == 2 and "digits at character 1: no player's grid has one" in err


def test_5_a_ragged_grid_is_blamed_on_its_row():
    with pytest.raises(deduce.ParseError, match="closest is numbrix: row 2 has 2 cells"):
        deduce.load("1 0 3\n0 0\n7 0 9")


def test_5_a_byte_order_mark_is_read_past(tmp_path, capsys):
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeff".encode() + EASY.encode() + b"\n")
    assert run(capsys, "check", str(path))[0] == 0
    assert deduce.load("\ufeff" + EASY).text == EASY


def test_5_a_missing_file_is_no_such_file(capsys):
    for argv in (["check", "missing.txt"], ["check", "missing.txt", "--family", "sudoku"]):
        status, _, err = run(capsys, *argv)
        assert status == 2 and one_line_error(err) == "deduce: no such file: missing.txt"


def test_5_in_a_batch_each_line_gets_the_message_of_its_closest_family(tmp_path, capsys):
    path = tmp_path / "mixed.txt"
    numbrix = '{"size":[3,3],"grid":[[1,0,1],[0,0,0],[0,0,9]]}'
    path.write_text(f"{EASY}\n{EASY[:-1]}\n{numbrix}\n")
    status, out, _ = run(capsys, "rate", "--jobs", "1", "--format", "jsonl", str(path))
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 2 and [r["status"] for r in records] == ["unique", "error", "error"]
    assert records[1]["error"] == "line 2: looks like a 9x9 Sudoku but has 80 cells (81 needed)"
    assert "closest is numbrix: number 1 is given twice" in records[2]["error"]


# 6 -----------------------------------------------------------------------------------------


def test_6_the_time_limit_bounds_propagation_and_reports_real_seconds(capsys):
    """A random 200x200 nonogram spends its time in probing, before any search: the limit
    stops it there, and the record's seconds are the time it took."""
    big = _random_nonogram(200, seed=1)
    deduce.load(big)  # the family is loaded before the clock starts
    start = time.perf_counter()
    status, out, _ = run(capsys, "solve", "--json", "--time-limit", "1", big)
    took = time.perf_counter() - start
    record = json.loads(out)
    assert took < 2.0 and status == 1 and record["status"] == "unknown"
    assert record["seconds"] == pytest.approx(took, abs=0.5)
    assert "time limit (1 s) ran out after 1.0" in record["error"]


def _random_nonogram(size: int, seed: int) -> str:
    import random

    rng = random.Random(seed)
    grid = [[rng.random() < 0.5 for _ in range(size)] for _ in range(size)]

    def clue(cells):
        runs, n = [], 0
        for filled in [*cells, False]:
            if filled:
                n += 1
            elif n:
                runs.append(n)
                n = 0
        return runs or [0]

    rows = [clue(row) for row in grid]
    cols = [clue([grid[r][c] for r in range(size)]) for c in range(size)]
    return json.dumps({"width": size, "height": size, "rows": rows, "cols": cols})


# 7 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: deduce.solve(None), TypeError, "puzzle text must be a str, not NoneType"),
        (lambda: deduce.solve(EASY.encode()), TypeError, "not bytes"),
        (lambda: deduce.solve(EASY, family=3), TypeError, "family must be a family name"),
        (lambda: deduce.generate("sudoku", count="2"), TypeError, "count must be a whole number"),
        (lambda: deduce.generate("sudoku", count=0), ValueError, "count must be 1 or more"),
        (lambda: deduce.solve(EASY, max_seconds=-1), ValueError, "max_seconds must be 0"),
        (lambda: deduce.Log.from_json("{}"), ValueError, "missing family, puzzle, steps"),
        (lambda: deduce.Log.from_json("[1"), ValueError, "bad log JSON"),
    ],
)
def test_7_the_api_names_a_bad_argument(call, error, message):
    with pytest.raises(deduce.DeduceError, match=message) as raised:
        call()
    assert isinstance(raised.value, error)


# 8 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("family", [None, "nonogram", "path", "numbrix"])
def test_8_deeply_nested_json_is_bad_input(capsys, family):
    text = '{"width": ' + "[" * 100_000 + "]" * 100_000 + "}"
    argv = ["check", text] + (["--family", family] if family else [])
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert "nested too deeply" in one_line_error(err)


# 9: the hint levels were redefined with the hint API (level 3 names the values and the cells
# a step changes, level 4 adds the reason); tests/cli/test_cli.py and tests/show hold them.

# 10: tests/path/test_lines.py::test_pair_walk_reports_no_arrangement_when_an_unused_cell_has_
# an_edge_on holds the case, and tests/conftest.py runs property tests derandomized.

# 11 ----------------------------------------------------------------------------------------


def test_11_generate_shows_a_status_line_on_a_terminal():
    """On a terminal, generate says how many candidates it tried and kept while it works."""
    main_fd, child_fd = pty.openpty()
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "deduce", "generate", "sudoku", "--count", "2"),
            *("--seed", "1", "--max-tries", "10"),
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=child_fd,
        env={**os.environ, "TERM": "xterm", "COLUMNS": "100"},
    )
    os.close(child_fd)
    seen = b""
    try:
        while True:
            try:
                chunk = os.read(main_fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    finally:
        proc.wait(timeout=120)
        os.close(main_fd)
    assert b"candidates tried" in seen and b"kept" in seen


# 12 ----------------------------------------------------------------------------------------


def test_12_signpost_messages_blame_the_right_character_and_say_the_real_limit(capsys):
    _, _, err = run(capsys, "check", "--family", "signpost", "5x5:1zzcceefcfggeeccghcac3e12h")
    assert "bad character 'z' at character 2" in one_line_error(err)
    _, _, err = run(capsys, "check", "--family", "signpost", "1x1:1a")
    assert "and the grid at least 2 cells" in one_line_error(err)


def test_12_a_negative_numbrix_number_is_not_a_hole(capsys):
    status, _, err = run(capsys, "check", "--family", "numbrix", "1 2 3/-5 . ./. . 9")
    assert status == 2 and "bad number -5 at r2c1" in one_line_error(err)


def test_12_an_argument_error_is_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["generate", "sudoku", "--size", "-3x-3"])
    assert stop.value.code == 2
    assert "--option=VALUE" in one_line_error(capsys.readouterr().err)


def test_12_rate_exits_2_for_a_puzzle_with_no_single_solution(capsys):
    status, out, err = run(capsys, "rate", "." * 81)
    assert status == 2 and ",multiple," in out and "several solutions" in err


def test_12_piped_explain_has_a_legend_it_can_show_and_shows_a_json_puzzle(capsys):
    numbrix = '{"size":[3,3],"grid":[[1,0,0],[0,0,0],[0,0,9]]}'
    _, out, _ = run(capsys, "explain", numbrix)
    assert "[] placed" in out.splitlines()[1]  # without colours the legend names markers
    assert out.splitlines()[0].endswith(numbrix)


def test_12_a_closed_pipe_is_not_an_error():
    done = subprocess.run(
        f"{sys.executable} -m deduce explain examples/sudoku-easy.txt | head -1",
        shell=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
        executable="/bin/bash",
        env={**os.environ, "PIPESTATUS_CHECK": "1"},
    )
    assert done.stderr == ""
    status = subprocess.run(
        f"set -o pipefail; {sys.executable} -m deduce explain examples/sudoku-easy.txt | head -1",
        shell=True,
        cwd=ROOT,
        capture_output=True,
        executable="/bin/bash",
    )
    assert status.returncode == 0
