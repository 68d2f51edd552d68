"""Reading what a user gives (issue 29, items 2, 3, 13 and streaming): every problem is one
line naming itself and where it is, and a collection streams as it comes."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import deduce
from deduce.cli import main
from deduce.errors import ParseError
from deduce.inputs import records
from deduce.puzzles.numbrix import text as numbrix_text
from deduce.reading import MAX_LINE
from tests.puzzles import EASY

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_rulings_only_text_is_a_parse_error_naming_it():
    with pytest.raises(ParseError, match=r"rulings only \(-, \+, \|, =\): no row of cells"):
        deduce.load("-\n-\n")
    with pytest.raises(ParseError, match="rulings only"):
        deduce.load("+---+\n|   |\n+---+", "sudoku")


def test_rulings_only_input_on_standard_input_ends_with_one_line_a_line():
    done = subprocess.run(
        [sys.executable, "-m", "deduce", "check", "-"],
        input="-\n-\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert [line[:16] for line in done.stderr.splitlines()] == [
        "deduce: line 1: ",
        "deduce: line 2: ",
    ]


def test_a_huge_number_in_a_two_line_text_is_named(capsys, tmp_path):
    text = "1 " + "1" * 5000 + "\n2 3"
    with pytest.raises(ParseError, match="a number of 5,000 digits at character 3"):
        deduce.load(text)
    with pytest.raises(ParseError, match="r1c2: 5,000 digits, more than a grid"):
        numbrix_text.parse(text)  # the reader itself, as family detection calls it
    path = tmp_path / "huge.txt"
    path.write_text(text, encoding="utf-8")
    status, _, err = run(capsys, "check", "--jobs", "1", str(path))
    assert status == 2 and "line 1: a number of 5,000 digits at character 3" in err


@pytest.mark.parametrize("separator", ["\x1e", "\u2028", "\x0c"])
def test_a_text_argument_breaks_lines_where_a_file_does(capsys, tmp_path, separator):
    """``str.splitlines`` also breaks at a record separator or a Unicode line separator; a
    file's lines do not, so the same text is one puzzle (one answer, one error) both ways."""
    text = f"0{separator}{EASY}"
    path = tmp_path / "odd.txt"
    path.write_text(text, encoding="utf-8", newline="")
    from_text, from_file = (run(capsys, "check", "--jobs", "1", g) for g in (text, str(path)))
    assert from_text == from_file and from_text[0] == 2 and from_text[2].count("\n") == 1


def test_a_line_too_long_names_the_limit_and_its_line(capsys, tmp_path):
    path = tmp_path / "long.txt"
    path.write_text(EASY + "\n" + "x" * (2 * MAX_LINE) + "\n" + EASY + "\n", encoding="utf-8")
    status, out, err = run(capsys, "check", "--jobs", "1", str(path))
    assert status == 2
    assert err == "deduce: line 2: the line is longer than 1,000,000 characters\n"
    assert out.count("unique solution") == 2
    path.write_text("x" * (2 * MAX_LINE), encoding="utf-8")
    status, _, err = run(capsys, "check", str(path))
    assert err == "deduce: line 1: the line is longer than 1,000,000 characters\n"


def test_a_line_of_more_bytes_than_are_read_at_once_is_skipped_whole(capsys, tmp_path):
    path = tmp_path / "wide.txt"
    path.write_bytes("é".encode() * (2 * MAX_LINE + 7) + b"\n" + EASY.encode() + b"\n")
    status, out, err = run(capsys, "check", "--jobs", "1", str(path))
    assert status == 2
    assert err == "deduce: line 1: the line is longer than 1,000,000 characters\n"
    assert out == "line 2: unique solution; the rules alone suffice; grade easy\n"


def test_a_bad_byte_names_its_line_and_column(capsys, tmp_path):
    path = tmp_path / "bytes.txt"
    path.write_bytes(EASY.encode() + b"\ncaf\xe9\n" + EASY.encode() + b"\n")
    status, out, err = run(capsys, "check", "--jobs", "1", str(path))
    assert status == 2 and out.count("unique solution") == 2
    assert err == (
        "deduce: line 2: not UTF-8 text: byte 0xe9 at column 4 (invalid continuation byte)\n"
    )


def test_a_fifo_is_read_as_a_file(capsys, tmp_path):
    """``deduce check <(cat f)`` hands over /dev/fd/63, a pipe: it is read, not "no such
    file"."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "w", encoding="utf-8") as out:
            out.write(EASY + "\n")

    writer = threading.Thread(target=feed)
    writer.start()
    status, out, _ = run(capsys, "check", str(fifo))
    writer.join(timeout=10)
    assert status == 0 and "unique solution" in out


def test_process_substitution_is_read(tmp_path):
    puzzle = tmp_path / "easy.txt"
    puzzle.write_text(EASY + "\n", encoding="utf-8")
    done = subprocess.run(
        ["bash", "-c", f'{sys.executable} -m deduce check <(cat "{puzzle}")'],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "unique solution" in done.stdout


def test_progress_messages_name_the_real_problem(capsys, tmp_path):
    tokens = " ".join(["."] * 80)
    status, _, err = run(capsys, "hint", EASY, "--progress", tokens)
    assert status == 2
    assert "the grid has 80 tokens, expected 81 (one per cell of the 9x9 puzzle" in err
    missing = str(tmp_path / "nothere.txt")
    status, _, err = run(capsys, "hint", EASY, "--progress", missing)
    assert status == 2 and err == f"deduce: no such file: {missing}\n"


def test_blank_line_separated_records_stream_as_they_come():
    """The first puzzle of a pipe is read before the pipe ends: a block is settled once the
    next one has come, so memory stays flat and results start at once."""
    grid = "\n".join(EASY[r * 9 : r * 9 + 9] for r in range(9))
    read, write = os.pipe()
    os.write(write, (grid + "\n\n" + grid + "\n\n" + grid[:20]).encode())
    found: list[object] = []
    reader = threading.Thread(target=lambda: found.append(next(records(f"/dev/fd/{read}"))))
    reader.start()
    reader.join(timeout=20)
    alive = reader.is_alive()
    os.close(write)
    reader.join(timeout=20)
    os.close(read)
    assert not alive and len(found) == 1
