"""The deduce command: outputs, the shared JSON record, exit statuses and one-line errors."""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

import deduce
from deduce import clock
from deduce.cli import main
from deduce.registry import family_names, get_family
from tests.puzzles import EASY, EASY_SOLUTION, HARD, HARD_SOLUTION


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_prints_the_solution_in_the_input_form(capsys):
    assert run(capsys, "solve", EASY) == (0, EASY_SOLUTION + "\n", "")


def test_solve_json_has_the_shared_fields(capsys):
    status, out, _ = run(capsys, "solve", "--json", HARD)
    record = json.loads(out)
    assert status == 0
    assert set(record) >= {
        "family",
        "puzzle",
        "status",
        "solution",
        "grade",
        "steps",
        "seconds",
        "error",
    }
    assert record["family"] == "sudoku" and record["status"] == "unique"
    assert record["solution"] == HARD_SOLUTION and record["puzzle"] == HARD
    assert set(record["grade"]) == {"level", "score", "hardest_rule", "guesses", "minutes"}


def test_bad_input_is_one_line_and_exit_2(capsys):
    status, out, err = run(capsys, "solve", "--family", "sudoku", "12345")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "wrong length: 5 characters" in err


def test_ambiguous_and_impossible_puzzles_exit_2(capsys):
    status, _, err = run(capsys, "solve", "." * 81)
    assert status == 2 and "several solutions" in err
    status, _, err = run(capsys, "check", ".23456789" + "1" + "." * 71)
    assert status == 2
    status, out, _ = run(capsys, "check", EASY)
    assert status == 0 and out.startswith("unique solution; the rules alone suffice")


def test_rate_keeps_good_lines_and_reports_bad_ones(capsys, tmp_path):
    path = tmp_path / "batch.txt"
    path.write_text(f"{EASY}\n123\n{HARD}\n")
    status, out, err = run(capsys, "rate", "--format", "jsonl", str(path))
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 2
    assert [r["status"] for r in records] == ["unique", "error", "unique"]
    assert records[1]["error"].startswith("line 2: wrong length")
    assert "line 2: wrong length" in err


def test_rate_csv_has_a_header_and_one_row_per_puzzle(capsys, tmp_path):
    path = tmp_path / "batch.txt"
    path.write_text(f"{EASY}\n{HARD}\n")
    status, out, _ = run(capsys, "rate", str(path))
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("family,puzzle,status,level")
    assert len(lines) == 3


def test_rate_writes_each_result_as_it_goes(tmp_path, monkeypatch):
    """An interrupt keeps what was already written."""
    from deduce import api

    path = tmp_path / "batch.txt"
    out = tmp_path / "out.jsonl"
    path.write_text(f"{EASY}\n{HARD}\n{EASY}\n")
    real = api.solve
    calls = {"n": 0}

    def interrupted(*a, **k):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(api, "solve", interrupted)
    assert main(["rate", "--jobs", "1", "--format", "jsonl", "-o", str(out), str(path)]) == 130
    assert len(out.read_text().splitlines()) == 1


def test_explain_lists_steps_and_the_grade(capsys):
    status, out, _ = run(capsys, "explain", "--brief", EASY)
    assert status == 0
    assert "1. hidden single (box): In box 1, 6 fits only in r2c2, so r2c2 = 6." in out
    assert "Grade: easy" in out


def test_explain_json_is_a_log(capsys):
    from deduce.step import Log

    status, out, _ = run(capsys, "explain", "--json", EASY)
    log = Log.from_json(out)
    assert status == 0 and log.family == "sudoku" and len(log) > 40


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (1, "Look at box 1: hidden single (box)."),
        (2, "It is about 6."),
        (3, "It settles r2c2."),
        (4, "In box 1, 6 fits only in r2c2, so r2c2 = 6."),
    ],
)
def test_hint_levels(capsys, level, expected):
    status, out, _ = run(capsys, "hint", EASY, "--level", str(level))
    assert status == 0 and expected in out


def test_hint_reports_a_wrong_digit_without_revealing_it(capsys):
    progress = "5" + EASY[1:]  # r1c1 is 4 in the solution; 5 clashes with no clue
    status, out, _ = run(capsys, "hint", EASY, "--progress", progress)
    assert status == 0 and "Your 5 at r1c1 is wrong" in out and "4" not in out


def test_hint_reads_pencil_marks(capsys):
    tokens = list(EASY)
    tokens[0] = "15"  # the true 4 is ruled out by the player's marks
    status, out, _ = run(capsys, "hint", EASY, "--progress", " ".join(tokens))
    assert status == 0 and "Your pencil marks at r1c1 (1 and 5) leave out" in out


def test_generate_needs_a_known_family(capsys):
    status, _, err = run(capsys, "generate", "chess")
    assert status == 2 and "unknown puzzle family 'chess'" in err


def test_generate_gives_up_on_a_level_it_cannot_reach(capsys):
    # Seed 1's first three 4x4 Signpost candidates all come out finished by the rules.
    status, out, err = run(
        capsys, "generate", "signpost", "--size", "4x4", "--seed", "1", "--max-tries", "3",
        "--difficulty", "needs-guessing",
    )  # fmt: skip
    assert status == 1 and out == ""
    assert "gave up after 3 tries with 0 of 1 needs-guessing puzzles made" in err


def test_generate_keeps_what_it_made_when_it_gives_up():
    from deduce.puzzles.generating import Wanted, kept

    stats: dict = {}
    wanted = Wanted(count=2, seed=1, max_tries=5)
    made = list(kept(lambda rng: None, get_family("sudoku"), wanted, stats))
    assert made == [] and stats == {"tried": 5, "exhausted": True}


def test_generate_starts_no_try_once_its_time_limit_has_passed():
    from deduce.puzzles.generating import Wanted, kept

    starts: list[float] = []

    def fails(until: float) -> None:  # quickly, but the second try ends past the limit
        starts.append(time.monotonic())
        if len(starts) == 2:
            time.sleep(max(0.0, until - time.monotonic()) + 0.01)

    stats: dict = {}
    wanted = Wanted(count=1, seed=1, max_tries=1000)
    with clock.deadline(0.5) as until, pytest.raises(clock.TimeUp):
        assert until is not None
        list(kept(lambda rng: fails(until), get_family("sudoku"), wanted, stats))
    assert stats["tried"] == len(starts) == 2 and all(t < until for t in starts)
    with clock.deadline(0.0), pytest.raises(clock.TimeUp):
        list(kept(lambda rng: None, get_family("sudoku"), wanted, stats))
    assert stats["tried"] == 0


def test_the_installed_command_never_prints_a_traceback(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("\n")
    proc = subprocess.run(
        [sys.executable, "-m", "deduce", "solve", str(empty)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip() == "deduce: empty input: no puzzle given"


EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.txt"))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_bundled_example_has_one_solution(capsys, example):
    status, out, _ = run(capsys, "check", str(example))
    assert status == 0 and "unique solution" in out


def test_there_is_an_example_of_every_family():
    families = {deduce.load(p.read_text().splitlines()[-1]).family.name for p in EXAMPLES}
    assert families == set(family_names())


def test_a_time_limit_leaves_a_puzzle_undecided_with_exit_1(capsys, tmp_path):
    status, out, _ = run(capsys, "check", "--time-limit", "0", "." * 81)
    assert status == 1
    assert out == "undecided: the time limit (0 s) ran out after 0.00 s, before search began\n"
    batch = tmp_path / "batch.txt"
    batch.write_text(EASY + "\n" + "." * 81 + "\n")
    status, out, err = run(capsys, "rate", "--time-limit", "0", "--format", "jsonl", str(batch))
    records = [json.loads(line) for line in out.splitlines()]
    # the limit bounds the whole solve, propagation too: no time, no deduction
    assert status == 1 and [r["status"] for r in records] == ["unknown", "unknown"]
    assert "2 of 2 puzzles were left undecided by --time-limit" in err
    status, _, err = run(capsys, "hint", "--time-limit", "0", "." * 81)
    assert status == 1 and "undecided" in err and "no hint can be given" in err


def test_a_time_limit_must_be_a_number_of_seconds(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["check", "--time-limit", "-3", EASY])
    assert stop.value.code == 2
    assert "'-3' is not a number of seconds (0 or more)" in capsys.readouterr().err
