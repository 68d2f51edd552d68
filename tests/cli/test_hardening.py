"""A run that meets a bad byte, a full disk, a special file, a signal, a stopped worker or a
bad argument ends cleanly, keeping what it finished: one test (or a few) per item of issue
29's list that these cover, numbered as there."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import random
import re
import resource
import signal
import stat
import subprocess
import sys
import time
import typing
from pathlib import Path

import pytest

import deduce
import deduce.solving
from deduce import clock
from deduce.cli import main, pool, stall
from deduce.cli.common import CSV_FIELDS
from deduce.inputs import Record
from deduce.puzzles.sudoku import generate as sudoku_generate
from tests.puzzles import EASY, distinct_easy

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def command(*argv: str, stdin: bytes = b"", **options) -> subprocess.CompletedProcess[bytes]:
    """``python -m deduce ARGV`` in a process of its own, with ``stdin`` as its input."""
    return subprocess.run(
        [sys.executable, "-m", "deduce", *argv],
        cwd=ROOT,
        input=stdin,
        capture_output="stdout" not in options,
        timeout=300,
        **options,
    )


def one_line(err: bytes | str) -> str:
    """The single ``deduce: ...`` line of ``err`` (no traceback, nothing else)."""
    text = err.decode() if isinstance(err, bytes) else err
    lines = text.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("deduce: "), text
    return lines[0]


def rows(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(errors="surrogateescape"))))


# 1: a byte that is not UTF-8 ----------------------------------------------------------------


def test_1_a_line_that_is_not_utf8_is_its_own_error_row_and_the_rest_are_rated(tmp_path):
    out = tmp_path / "out.csv"
    done = command("rate", "-", "-o", str(out), stdin=f"{EASY} caf\xe9\n{EASY}\n".encode("latin-1"))
    assert done.returncode == 2
    assert "line 1: not UTF-8 text: byte 0xe9" in done.stderr.decode()
    assert [row[2] for row in rows(out)[1:]] == ["error", "unique"]


# 4: a full disk ---------------------------------------------------------------------------


@pytest.mark.parametrize("cmd", [["rate"], ["solve"], ["check"], ["generate", "sudoku"]])
def test_4_a_full_standard_output_is_one_line(cmd):
    argv = [*cmd, "--seed", "1"] if cmd[0] == "generate" else [*cmd, EASY]
    with open("/dev/full", "w") as full:
        done = command(*argv, stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 2
    assert one_line(done.stderr) == "deduce: cannot write standard output: No space left on device"


def _small_files() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def test_4_a_full_output_file_keeps_whole_rows_and_leaves_no_part_file(tmp_path):
    source = tmp_path / "many.txt"
    source.write_text(f"{EASY}\n" * 300)
    out = tmp_path / "out.csv"
    done = command("rate", str(source), "-o", str(out), "--jobs", "1", preexec_fn=_small_files)
    assert done.returncode == 2
    assert one_line(done.stderr) == (
        f"deduce: cannot write {out}: File too large; {out} holds the whole lines written before"
    )
    written = rows(out)
    assert written[0][0] == "family" and 1 < len(written) < 301
    assert all(len(row) == len(CSV_FIELDS) and row[2] == "unique" for row in written[1:])
    assert out.read_text().endswith("\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["many.txt", "out.csv"]


def test_4_a_file_full_before_its_first_line_is_left_as_it_was(tmp_path):
    out = tmp_path / "out.csv"
    out.write_text("an earlier file\n")
    source = tmp_path / "many.txt"
    source.write_text(f"{EASY}\n" * 300)

    def no_room() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))

    done = command("rate", str(source), "-o", str(out), "--jobs", "1", preexec_fn=no_room)
    assert done.returncode == 2
    assert one_line(done.stderr).endswith(f"File too large; {out} was left as it was")
    assert out.read_text() == "an earlier file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["many.txt", "out.csv"]


# 5: -o writes to the file, it does not replace whatever is there ----------------------------


def test_5_a_symlink_is_written_through_and_the_mode_is_kept(tmp_path, capsys):
    target = tmp_path / "secret.csv"
    target.write_text("old\n")
    target.chmod(0o600)
    link = tmp_path / "link.csv"
    link.symlink_to(target.name)
    status, _, _ = run(capsys, "rate", EASY, "-o", str(link))
    assert status == 0
    assert link.is_symlink() and os.readlink(link) == target.name
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert rows(target)[1][1] == EASY


def test_5_a_dangling_symlink_names_the_folder_it_points_into(tmp_path, capsys):
    link = tmp_path / "link.csv"
    link.symlink_to("nowhere/out.csv")
    status, _, err = run(capsys, "rate", EASY, "-o", str(link))
    assert status == 2
    assert one_line(err).endswith(f"no such folder {tmp_path}/nowhere (where the link points)")


def test_5_a_device_is_written_to_not_replaced(capsys):
    before = os.stat("/dev/null")
    status, _, _ = run(capsys, "rate", EASY, "-o", "/dev/null")
    after = os.stat("/dev/null")
    assert status == 0 and stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_5_dev_stdout_on_a_pipe_is_written_to():
    done = command("rate", EASY, "-o", "/dev/stdout")
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines()[1].split(",")[1] == EASY
    assert os.path.islink("/dev/stdout")  # the system's link, not replaced by a file


def test_5_a_fifo_is_written_to_not_replaced(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    done = command("rate", EASY, "-o", str(fifo))
    text, _ = reader.communicate(timeout=60)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert text.decode().splitlines()[1].split(",")[1] == EASY
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo"]


# 11: SIGTERM and SIGHUP end a run as Ctrl-C does ---------------------------------------------


def _wait_for_rows(folder: Path, size: int) -> None:
    """Poll until the hidden output file beside ``folder/out.csv`` holds ``size`` bytes."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        parts = list(folder.glob(".out.csv.*.part"))
        if parts and parts[0].stat().st_size > size:
            return
        time.sleep(0.1)
    raise AssertionError("no rows were written")


def _signals_by_default() -> None:
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


@pytest.mark.parametrize(
    ("jobs", "sig", "group"),
    [("2", signal.SIGTERM, True), ("2", signal.SIGTERM, False), ("1", signal.SIGHUP, False)],
)
def test_11_a_stopping_signal_keeps_every_finished_row_and_no_part_file(tmp_path, jobs, sig, group):
    """SIGTERM to the whole process group (as ``timeout`` sends it) or to the command alone,
    SIGHUP (the terminal closed): exit 128 + the signal, every finished row kept, each whole."""
    source = tmp_path / "many.txt"
    lines = distinct_easy(5000)
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out.csv"
    proc = subprocess.Popen(
        [sys.executable, "-m", "deduce", "rate", "--jobs", jobs, "-o", str(out), str(source)],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_signals_by_default,  # run under nohup, the command would rightly ignore SIGHUP
    )
    _wait_for_rows(tmp_path, 20_000)
    if group:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 128 + sig, err
    assert err.startswith(f"deduce: stopped by {signal.Signals(sig).name} after "), err
    assert "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["many.txt", "out.csv"]
    written = rows(out)
    assert written[0][0] == "family" and 100 < len(written) < 5001
    assert all(len(row) == len(CSV_FIELDS) and row[2] == "unique" for row in written[1:])
    index = {line: i for i, line in enumerate(lines)}
    order = [index[row[1]] for row in written[1:]]
    assert order == sorted(set(order))
    said = int(err.split(" after ")[1].split()[0])
    assert said == len(written) - 1


# 13: --output-format bogus ------------------------------------------------------------------


def test_13_an_unknown_output_format_is_refused_before_any_work(tmp_path, capsys):
    source = tmp_path / "three.txt"
    source.write_text(f"{EASY}\n" * 3)
    status, out, err = run(capsys, "solve", str(source), "--output-format", "bogus")
    assert status == 2 and out == ""
    assert one_line(err).startswith("deduce: no family writes a solution in the form 'bogus' (")
    status, out, err = run(
        capsys, "solve", str(source), "--family", "sudoku", "--output-format", "bogus"
    )
    assert status == 2 and out == ""
    assert "the sudoku family has no text form 'bogus'" in one_line(err)


def test_13_a_form_the_puzzles_family_lacks_is_one_line_per_puzzle_not_an_internal_error(capsys):
    nonogram = (ROOT / "examples" / "nonogram.txt").read_text()
    status, _, err = run(capsys, "solve", nonogram, "--output-format", "puzzlink")
    assert status == 2 and "internal error" not in err
    assert one_line(err).endswith("the nonogram form 'puzzlink' cannot show a solution")


# 6: --jobs has an upper bound, and no worker starts without a chunk to work on ---------------


def test_6_jobs_beyond_the_machine_are_refused_before_any_work(capsys):
    bound, why = pool.max_jobs()
    status, out, err = run(capsys, "rate", EASY, "--jobs", str(bound + 1))
    assert status == 2 and out == ""
    assert one_line(err) == (
        f"deduce: --jobs {bound + 1} is more workers than this machine can use: "
        f"at most {bound} ({why})"
    )
    assert pool.max_jobs()[0] == pool.JOBS_PER_CORE * pool.default_jobs()


def test_6_the_open_file_limit_bounds_the_jobs():
    def few_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (100, 100))

    done = command("rate", EASY, "--jobs", "7", preexec_fn=few_files)
    assert done.returncode == 2
    assert one_line(done.stderr).endswith("(6 open files each, within the limit of 100)")


def _pid(task: None, record: object) -> int:
    return os.getpid()


@pytest.mark.parametrize("count", [2, 3, 5])
def test_6_never_more_workers_than_chunks(count):
    records = [Record(str(i), f"line {i + 1}") for i in range(count)]
    batch = pool.Batch(_pid, None, iter(records), 8, lambda r, why: -1)
    started = []
    start = batch._start
    batch._start = lambda ctx: started.append(1) or start(ctx)
    answers = list(batch)
    assert [r for r, _ in answers] == records
    chunks = -(-count // pool.FIRST_CHUNK)  # nothing has finished when they are handed out
    assert len(started) <= chunks and len({pid for _, pid in answers}) <= chunks


# 14: a stopped worker does not stall the run -------------------------------------------------


def _stops_itself_on_3(task: None, record: Record) -> str:
    if record.text == "3":
        os.kill(os.getpid(), signal.SIGSTOP)
    return record.text


def _hangs_on_3(task: None, record: Record) -> str:
    if record.text == "3":
        time.sleep(3600)
    return record.text


def test_14_a_stopped_worker_costs_its_puzzle_an_error_and_the_rest_go_on(monkeypatch):
    monkeypatch.setattr(stall, "STALL_SECONDS", 1.0)
    records = [Record(str(i), f"line {i + 1}") for i in range(8)]
    batch = pool.Batch(_stops_itself_on_3, None, iter(records), 2, lambda r, why: why)
    answers = list(batch)
    assert [r for r, _ in answers] == records
    assert [out for _, out in answers] == [
        "0",
        "1",
        "2",
        "the worker was stopped for 1 s and was given up",
        "4",
        "5",
        "6",
        "7",
    ]


def _stops_itself_once_on_1(flag: Path, record: Record) -> str:
    if record.text == "1" and not flag.exists():
        flag.touch()
        os.kill(os.getpid(), signal.SIGSTOP)
    return record.text


def test_14_the_record_blamed_is_the_one_the_stopped_worker_was_on(monkeypatch, tmp_path):
    """Record 0 of the chunk is answered and written before the worker stops on record 1: the
    error is record 1's (a record already written is never blamed, and record 1 is not run
    again)."""
    monkeypatch.setattr(stall, "STALL_SECONDS", 1.0)
    records = [Record(str(i), f"line {i + 1}") for i in range(6)]
    flag = tmp_path / "stopped"
    batch = pool.Batch(_stops_itself_once_on_1, flag, iter(records), 2, lambda r, why: why)
    answers = [out for _, out in batch]
    assert answers == ["0", "the worker was stopped for 1 s and was given up", "2", "3", "4", "5"]


def test_14_under_a_time_limit_a_silent_worker_is_given_up():
    records = [Record(str(i), f"line {i + 1}") for i in range(6)]
    batch = pool.Batch(_hangs_on_3, None, iter(records), 2, lambda r, why: why, patience=1.0)
    answers = [out for _, out in batch]
    assert answers[3] == "the worker gave no answer in 1 s (--time-limit and a grace)"
    assert answers[:3] + answers[4:] == ["0", "1", "2", "4", "5"]
    assert stall.patience(None) is None and stall.patience(5) == 5 + stall.GRACE_SECONDS


def test_14_a_process_is_told_stopped_by_its_state():
    child = subprocess.Popen(["sleep", "60"])
    try:
        assert not stall.is_stopped(child.pid)
        child.send_signal(signal.SIGSTOP)
        deadline = time.monotonic() + 30
        while not stall.is_stopped(child.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert stall.is_stopped(child.pid)
    finally:
        child.kill()
        child.wait()


def test_14_rate_goes_on_past_a_worker_stopped_with_sigstop(tmp_path):
    """A worker stopped from outside: after ``STALL_SECONDS`` its puzzle is one error row and
    every other puzzle is rated, in order (takes about ``STALL_SECONDS``)."""
    source = tmp_path / "many.txt"
    lines = distinct_easy(3000)
    source.write_text("\n".join(lines) + "\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "deduce", "rate", "--jobs", "2", str(source), "--format", "jsonl"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    out = proc.stdout.readline()  # rating has begun: the workers are up
    worker = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()[0]
    os.kill(int(worker), signal.SIGSTOP)
    out += proc.stdout.read()
    assert proc.wait(timeout=300) == 2
    records = [json.loads(line) for line in out.splitlines()]
    errors = [r for r in records if r["status"] == "error"]
    assert len(errors) == 1
    assert errors[0]["error"].endswith(
        f"the worker was stopped for {stall.STALL_SECONDS:.0f} s and was given up"
    )
    assert [r["puzzle"] for r in records] == lines


# 15: the API names a bad argument; a broken puzzle has no grade, everywhere ------------------


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: deduce.rate_many(None), deduce.ArgumentTypeError, "puzzles must be an iterable"),
        (lambda: deduce.rate_many(EASY), deduce.ArgumentTypeError, "not one str: deduce.rate"),
        (
            lambda: deduce.rate_many([EASY], client=1),
            deduce.ArgumentTypeError,
            "distributed.Client",
        ),
        (
            lambda: deduce.generate("nonogram", density="0.5"),
            deduce.ArgumentTypeError,
            "the nonogram generator's density must be a number, not str",
        ),
        (lambda: deduce.schema("x"), deduce.ArgumentError, "no schema called 'x' (schemas: log"),
        (lambda: deduce.schema(3), deduce.ArgumentTypeError, "schema name must be a str"),
    ],
)
def test_15_the_api_names_a_bad_argument(call, error, message):
    with pytest.raises(error) as caught:
        call()
    assert message in str(caught.value)


def test_15_a_generator_option_of_the_right_type_is_taken():
    made = list(deduce.generate("nonogram", density=0.5, seed=1, size="5x5"))
    assert len(made) == 1


def test_15_a_puzzle_with_several_solutions_has_no_grade_anywhere():
    result = deduce.solve("1" + "." * 80)
    assert result.status == "multiple"
    assert result.grade is None and result.to_dict()["grade"] is None
    assert result.rating().grade is None and "level=None" in repr(result)
    assert result.effort.level == "needs-guessing"  # the work done, for a generator
    fair = deduce.solve(EASY)
    assert fair.grade == fair.effort and fair.to_dict()["grade"]["level"] == fair.grade.level
    assert f"level={fair.grade.level!r}" in repr(fair)


def test_15_status_is_a_literal_of_the_five_values():
    assert typing.get_args(deduce.SolveStatus) == ("unique", "multiple", "none", "unknown")
    assert set(typing.get_args(deduce.Status)) == {*deduce.solving.STATUSES, "error"}
    assert typing.get_type_hints(deduce.Rating)["status"] == deduce.Status


# 16: a 25x25 Sudoku is made in seconds; generate honours --time-limit -----------------------


@pytest.mark.parametrize("size", ["4x4", "6x6", "8x8", "9x9", "12x12", "16x16", "25x25"])
def test_16_a_random_solution_grid_is_a_solution(size):
    geo = sudoku_generate.parse_size(size)
    grid = sudoku_generate.random_grid(geo, random.Random(7))
    for unit in geo.units:
        assert sorted(grid[c] for c in unit) == list(range(1, geo.n + 1))


def test_16_a_25x25_sudoku_is_made_and_has_one_solution(capsys):
    status, out, _ = run(capsys, "generate", "sudoku", "--size", "25x25", "--seed", "7")
    assert status == 0
    result = deduce.check(out.strip())
    assert result.status == "unique" and len(out.strip()) == 625


def test_16_generate_stops_at_its_time_limit_keeping_what_it_made():
    done = command(
        *("generate", "nonogram", "--count", "3", "--seed", "1"),
        *("--difficulty", "needs-guessing", "--time-limit", "1"),
    )
    assert done.returncode == 1
    lines = done.stderr.decode().splitlines()
    assert lines[-1].startswith("deduce: stopped by --time-limit (1 s) with ")
    assert lines[-1].endswith(" of 3 made") and "Traceback" not in done.stderr.decode()
    assert len(done.stdout.decode().splitlines()) < 3


def test_16_a_solve_inside_a_callers_deadline_stops_for_the_caller():
    with clock.deadline(0.0), pytest.raises(clock.TimeUp):
        deduce.solve(EASY)
    assert deduce.solve(EASY, max_seconds=0.0).status == "unknown"  # its own limit: an answer


# progress: on a terminal, rate on a file shows the total and the time left, then a summary --


def _stderr_on_a_terminal(*argv: str) -> str:
    """What ``python -m deduce ARGV`` writes on standard error when that is a terminal."""
    main_fd, child_fd = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "deduce", *argv],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=child_fd,
        env={**os.environ, "TERM": "xterm", "COLUMNS": "120"},
    )
    os.close(child_fd)
    seen = b""
    try:
        while chunk := _read(main_fd):
            seen += chunk
    finally:
        proc.wait(timeout=300)
        os.close(main_fd)
    return seen.decode(errors="replace")


def _read(fd: int) -> bytes:
    try:
        return os.read(fd, 4096)
    except OSError:  # the other end closed
        return b""


def test_rate_on_a_file_shows_its_total_and_ends_with_a_summary_line(tmp_path):
    source = tmp_path / "many.txt"
    source.write_text("\n".join([*distinct_easy(3000), "not a puzzle"]) + "\n")
    seen = _stderr_on_a_terminal("rate", str(source), "--jobs", "1", "-o", str(tmp_path / "o"))
    assert "of 3001 puzzles" in seen and "left" in seen
    assert re.search(r"deduce: rated 3001 puzzles in \d+\.\d s; 1 errors", seen), seen


def test_without_a_terminal_there_is_no_progress_and_no_summary(tmp_path, capsys):
    source = tmp_path / "two.txt"
    source.write_text(f"{EASY}\n{EASY}\n")
    status, _, err = run(capsys, "rate", str(source))
    assert status == 0 and err == ""


def test_a_stop_while_a_row_is_written_comes_after_the_row_and_its_count():
    """The race test_11 once lost: SIGTERM between writing a row and counting it made the
    command say one row fewer than it had written."""
    from deduce.cli.status import Stopped, catching_signals, signals_held

    done = []
    with catching_signals(), pytest.raises(Stopped) as stopped:
        with signals_held():
            os.kill(os.getpid(), signal.SIGTERM)
            done.append("row")  # the signal came before this line, and waited for it
            done.append("count")
        done.append("next row")  # never reached: the stop comes as the block ends
    assert done == ["row", "count"] and stopped.value.signum == signal.SIGTERM
