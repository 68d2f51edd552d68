"""Rating at a setter's scale: streaming input, notes, --jobs, crashes, interrupts, pickling."""

from __future__ import annotations

import csv
import io
import json
import os
import pickle
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import attrs
import pytest

import deduce
from deduce import registry
from deduce.cli import pool
from deduce.cli.common import CSV_FIELDS
from deduce.family import Family
from deduce.inputs import Record
from tests.cli.running import run
from tests.puzzles import EASY, HARD, distinct_easy

ROOT = Path(__file__).resolve().parents[2]


def random_nonograms(count: int, size: int = 10, seed: int = 7) -> list[str]:
    """``count`` JSON lines of nonograms made from seeded random pictures."""
    rng = random.Random(seed)

    def clue(cells: list[bool]) -> list[int]:
        runs, n = [], 0
        for filled in [*cells, False]:
            if filled:
                n += 1
            elif n:
                runs.append(n)
                n = 0
        return runs

    found = []
    for _ in range(count):
        grid = [[rng.random() < 0.55 for _ in range(size)] for _ in range(size)]
        rows = [clue(row) for row in grid]
        cols = [clue([grid[r][c] for r in range(size)]) for c in range(size)]
        found.append(json.dumps({"width": size, "height": size, "rows": rows, "cols": cols}))
    return found


def first_output_after(path: Path, *extra: str) -> float:
    """Seconds from starting ``deduce rate`` on ``path`` to its first result row."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "deduce", "rate", "--jobs", "1", *extra, str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        header = proc.stdout.readline()
        assert header.startswith("family,puzzle")
        row = proc.stdout.readline()
        took = time.perf_counter() - start
        assert row.startswith("sudoku,")
    finally:
        proc.kill()
        proc.wait()
    return took


def test_long_inputs_start_producing_output_at_once(tmp_path):
    """A 10,000-line and a 1,000,000-line file give their first row as soon as a one-line
    file does (plus well under a second): nothing reads the whole input first."""
    one = tmp_path / "one.txt"
    one.write_text(EASY + "\n")
    baseline = min(first_output_after(one) for _ in range(2))
    for count in (10_000, 1_000_000):
        path = tmp_path / f"{count}.txt"
        with path.open("w") as handle:
            block = "".join(line + "\n" for line in distinct_easy(1000))
            for _ in range(count // 1000):
                handle.write(block)
        assert first_output_after(path) < baseline + 1.0, count


@pytest.mark.parametrize("count", [16, 400])
def test_a_perfect_square_number_of_lines_is_one_puzzle_per_line(tmp_path, capsys, count):
    """400 Sudoku lines were read as one 400x400 grid (101 s, 1.5 GB) before the layout of a
    grid was checked; now a file of n² lines is n² puzzles."""
    path = tmp_path / "square.txt"
    path.write_text("".join(line + "\n" for line in distinct_easy(count)))
    start = time.perf_counter()
    status, out, _ = run(capsys, "rate", "--jobs", "1", "--family", "sudoku", str(path))
    assert status == 0 and len(out.splitlines()) == count + 1
    assert time.perf_counter() - start < 30  # the old way took minutes


def test_json_lines_of_nonograms_are_rated_line_by_line(tmp_path, capsys):
    path = tmp_path / "fifty.jsonl"
    lines = random_nonograms(50)
    path.write_text("\n".join(lines) + "\n")
    for family in (("--family", "nonogram"), ()):
        status, out, err = run(
            capsys, "rate", "--jobs", "1", "--format", "jsonl", *family, str(path)
        )
        records = [json.loads(line) for line in out.splitlines()]
        assert len(records) == 50, err
        assert [r["puzzle"] for r in records] == lines
        assert {r["family"] for r in records} == {"nonogram"}
        assert {r["status"] for r in records} <= {"unique", "multiple"}
        assert status in (0, 2)


def test_trailing_notes_are_kept(tmp_path, capsys):
    path = tmp_path / "rated.txt"
    path.write_text(f"{EASY} ED=7.2/1.2/1.2\n{HARD}\tSE 9.1\n")
    status, out, _ = run(capsys, "rate", "--jobs", "1", str(path))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 0
    assert [(r["puzzle"], r["note"], r["status"]) for r in rows] == [
        (EASY, "ED=7.2/1.2/1.2", "unique"),
        (HARD, "SE 9.1", "unique"),
    ]
    status, out, _ = run(capsys, "rate", "--format", "jsonl", f"{EASY} ED=7.2/1.2/1.2")
    assert status == 0 and json.loads(out)["note"] == "ED=7.2/1.2/1.2"


def test_jobs_give_the_same_records_in_input_order(tmp_path, capsys):
    path = tmp_path / "batch.txt"
    lines = [*distinct_easy(40), "123", HARD, "." * 81]
    path.write_text("\n".join(lines) + "\n")
    found = []
    for jobs in ("1", "2"):
        status, out, err = run(capsys, "rate", "--jobs", jobs, "--format", "jsonl", str(path))
        records = [json.loads(line) for line in out.splitlines()]
        for record in records:
            record.pop("seconds")
        found.append((status, records, err))
    assert found[0] == found[1]
    status, records, err = found[0]
    assert [r["puzzle"] for r in records] == lines
    assert [r["status"] for r in records[-3:]] == ["error", "unique", "multiple"]
    assert status == 2 and "line 41: " in err and "1 of 43 puzzles have no single solution" in err


def test_check_and_solve_take_jobs_too(tmp_path, capsys):
    path = tmp_path / "batch.txt"
    path.write_text("\n".join(distinct_easy(12)) + "\n")
    one = run(capsys, "solve", "--jobs", "1", str(path))
    two = run(capsys, "solve", "--jobs", "2", str(path))
    assert one == two and one[0] == 0 and len(one[1].splitlines()) == 12
    one = run(capsys, "check", "--jobs", "1", str(path))
    assert one == run(capsys, "check", "--jobs", "2", str(path))


def _crashing_family() -> Family:
    """Sudoku, except that one puzzle kills the process that solves it (as a crash in native
    code or the out-of-memory killer would)."""
    sudoku = deduce.get_family("sudoku")
    bomb = deduce.load(HARD).data.givens

    def initial_state(puzzle):
        if puzzle.givens == bomb:
            os._exit(3)
        return sudoku.initial_state(puzzle)

    return attrs.evolve(sudoku, name="crashy", initial_state=initial_state, loader=None)


def test_a_puzzle_that_crashes_its_worker_gets_its_error_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(registry._LOADED.families, "crashy", _crashing_family())
    path = tmp_path / "batch.txt"
    lines = distinct_easy(30)
    lines[17] = HARD
    path.write_text("\n".join(f"{line}  note {i}" for i, line in enumerate(lines)) + "\n")
    status, out, err = run(
        capsys, "rate", "--jobs", "2", "--family", "crashy", "--format", "jsonl", str(path)
    )
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["puzzle"] for r in records] == lines
    assert [r["note"] for r in records] == [f"note {i}" for i in range(30)]  # the crashed one's too
    assert [r["status"] for r in records] == ["unique"] * 17 + ["error"] + ["unique"] * 12
    assert records[17]["error"] == "line 18: the worker crashed (exit status 3)"
    assert status == 2 and "line 18: the worker crashed" in err


def test_chunks_hold_a_few_hundredths_of_a_second_of_work():
    """Cheap records go many to a message; dear ones one at a time, so that a batch of a few
    dear puzzles still reaches every worker."""
    assert pool.chunk_size(None, 2) == pool.FIRST_CHUNK
    assert pool.chunk_size(0.0006, 2) == 41  # a 9x9 Sudoku: about 1.2 ms a worker
    assert pool.chunk_size(0.5, 2) == 1
    assert pool.chunk_size(0.0, 2) == pool.MAX_CHUNK


def _pid_after_a_pause(task: float, record: object) -> int:
    time.sleep(task)
    return os.getpid()


def test_a_few_dear_records_reach_every_worker():
    records = [Record(str(i), f"line {i + 1}") for i in range(8)]
    batch = pool.Batch(_pid_after_a_pause, 0.2, iter(records), 2, lambda r, why: -1)
    answers = list(batch)
    assert [r for r, _ in answers] == records
    assert len({pid for _, pid in answers}) == 2


def _starts_only(count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Let ``count`` worker processes start, and the next fail as a full system does."""
    real, started = pool.Batch._start, []

    def start(self, ctx):
        if len(started) == count:
            raise OSError(27, "File too large")
        started.append(1)
        return real(self, ctx)

    monkeypatch.setattr(pool.Batch, "_start", start)


def test_a_worker_that_cannot_start_leaves_the_batch_to_those_that_did(monkeypatch):
    _starts_only(1, monkeypatch)
    records = [Record(str(i), f"line {i + 1}") for i in range(6)]
    answers = list(pool.Batch(_pid_after_a_pause, 0.05, iter(records), 3, lambda r, why: -1))
    assert [r for r, _ in answers] == records
    assert len({pid for _, pid in answers}) == 1 and -1 not in {pid for _, pid in answers}


def test_no_worker_that_can_start_is_one_line_naming_the_way_out(monkeypatch):
    _starts_only(0, monkeypatch)
    batch = pool.Batch(_pid_after_a_pause, 0.0, iter([Record("0", "line 1")]), 2, lambda r, w: -1)
    with pytest.raises(pool.NoWorkers, match=r"cannot start a worker process: File too large "):
        list(batch)


def _ctrl_c_as_at_a_terminal() -> None:
    """A command started from a shell's background job inherits Ctrl-C ignored (and Python
    then never raises KeyboardInterrupt): give the command the default, as a terminal does."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_under_jobs_keeps_every_finished_line(tmp_path):
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) while two workers
    rate: exit 130, and the output file holds every finished row, each one whole."""
    source = tmp_path / "many.txt"
    lines = distinct_easy(5000)
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out.csv"
    proc = subprocess.Popen(
        [sys.executable, "-m", "deduce", "rate", "--jobs", "2", "-o", str(out), str(source)],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_ctrl_c_as_at_a_terminal,
    )
    deadline = time.monotonic() + 60
    part = None
    while time.monotonic() < deadline:
        parts = list(tmp_path.glob(".out.csv.*.part"))
        if parts and parts[0].stat().st_size > 20_000:
            part = parts[0]
            break
        time.sleep(0.1)
    assert part is not None, "no rows were written"
    written_before = part.read_text().count("\n")
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted after" in err
    text = out.read_text()
    assert text.endswith("\n") and not list(tmp_path.glob("*.part"))
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][0] == "family" and len(rows) - 1 >= written_before - 1
    assert all(len(row) == len(CSV_FIELDS) and row[2] == "unique" for row in rows[1:])
    # the rows in input order up to the first one not finished, then the finished ones after
    # it (a worker was ahead), still in input order: each row says which puzzle it is
    index = {line: i for i, line in enumerate(lines)}
    order = [index[row[1]] for row in rows[1:]]
    assert order == sorted(set(order)) and len(order) < len(lines)


# --- the API: rate, Rating, pickling ------------------------------------------------------


def test_rate_tells_a_puzzle_with_several_solutions_from_a_hard_one():
    several = deduce.rate("." * 81)
    assert several.status == "multiple" and several.grade is None and several.level is None
    none = deduce.rate("12345678." + "........9" + "." * 63)
    assert none.status == "none" and none.grade is None
    hard = deduce.rate(HARD)
    assert hard.status == "unique" and hard.unique and hard.level == hard.grade.level
    undecided = deduce.rate(HARD, max_seconds=0)
    assert undecided.status == "unknown"
    record = deduce.solve("." * 81).to_dict()
    assert record["status"] == "multiple" and record["grade"] is None


def test_a_result_pickles_small_with_its_family_by_name():
    result = deduce.solve(EASY)
    family = result.puzzle.family
    assert len(pickle.dumps(family)) < 100
    assert len(pickle.dumps(result.puzzle)) < 1_000
    back = pickle.loads(pickle.dumps(result))
    assert back == result and back.puzzle.family == family
    assert pickle.loads(pickle.dumps(family)) is family  # this process's own value
    rating = deduce.rate(EASY)
    assert len(pickle.dumps(rating)) < 600 and pickle.loads(pickle.dumps(rating)) == rating


def test_every_family_is_equal_to_itself_after_pickling_in_another_process():
    names = deduce.family_names()
    blob = pickle.dumps([deduce.get_family(n) for n in names])
    code = (
        "import pickle, sys, deduce\n"
        "families = pickle.loads(sys.stdin.buffer.read())\n"
        "print(all(f == deduce.get_family(f.name) for f in families), len(families))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], input=blob, cwd=ROOT, capture_output=True, check=True
    )
    assert done.stdout.decode().split() == ["True", str(len(names))]


def test_rate_many_streams_in_order_and_reports_bad_lines():
    texts = iter([EASY, "123", "." * 81, HARD])
    found = list(deduce.rate_many(texts))
    assert [r.status for r in found] == ["unique", "error", "multiple", "unique"]
    assert "wrong length" in found[1].error


# --- Dask ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster():
    if os.environ.get("CI") != "true":
        pytest.importorskip("distributed", reason="dask is not installed (pip install '.[dask]')")
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as local,
        Client(local) as client,
    ):
        yield local, client


def test_dask_rates_200_puzzles_to_the_same_records_as_one_job(tmp_path, capsys, cluster):
    local, client = cluster
    path = tmp_path / "two-hundred.txt"
    path.write_text("\n".join([*distinct_easy(198), "123", "." * 81]) + "\n")
    found = []
    for how in (("--jobs", "1"), ("--dask", local.scheduler_address)):
        status, out, _ = run(capsys, "rate", *how, "--format", "jsonl", str(path))
        records = [json.loads(line) for line in out.splitlines()]
        for record in records:
            record.pop("seconds")
        found.append((status, records))
    assert found[0] == found[1] and len(found[0][1]) == 200
    api_found = list(deduce.rate_many(path.read_text().split(), client=client, chunk=16))
    assert [r.to_dict()["puzzle"] for r in api_found] == [r["puzzle"] for r in found[0][1]]
    assert [r.status for r in api_found] == [r["status"] for r in found[0][1]]


def test_a_dask_bag_maps_rate_over_puzzles(cluster):
    import dask.bag as db

    _, client = cluster
    texts = distinct_easy(20)
    graded = db.from_sequence(texts, npartitions=4).map(deduce.rate).compute(scheduler=client)
    expected = [deduce.rate(t) for t in texts]
    assert [g.status for g in graded] == ["unique"] * 20
    assert [g.grade for g in graded] == [e.grade for e in expected]


# --- bounded memory -----------------------------------------------------------------------


def test_no_unbounded_cache_is_keyed_by_a_puzzle_or_a_clue():
    """``functools.cache`` is only for tables of a grid's shape (whole-number arguments: a
    few sizes); anything keyed by a puzzle, a clue or a board goes through the bounded helper
    (``deduce.memo.bounded``), so a run over millions of puzzles keeps flat memory."""
    import ast

    offenders = []
    for path in (ROOT / "deduce").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            for deco in node.decorator_list:
                name = ast.unparse(deco)
                if name in ("cache", "functools.cache") or "maxsize=None" in name:
                    kinds = {ast.unparse(a.annotation) for a in node.args.args if a.annotation}
                    if not kinds <= {"int", "bool"}:
                        offenders.append(f"{path.relative_to(ROOT)}:{node.name}({kinds})")
    assert offenders == []


def test_the_bounded_helper_forgets_its_oldest_answers():
    from deduce.memo import bounded

    calls = []

    @bounded(100)
    def square(x: int) -> int:
        calls.append(x)
        return x * x

    assert [square(i) for i in range(1000)] == [i * i for i in range(1000)]
    assert len(square.cache) <= 100
    assert square(999) == 999 * 999 and len(calls) == 1000  # a recent answer is kept


def test_workers_stop_when_the_command_is_killed(tmp_path):
    """A command killed outright (SIGKILL: no clean-up runs) leaves no worker behind."""
    source = tmp_path / "many.txt"
    source.write_text("\n".join(distinct_easy(3000)) + "\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "deduce", "rate", "--jobs", "2", str(source)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert proc.stdout is not None
    proc.stdout.readline()
    proc.stdout.readline()  # rating has begun: the workers are up
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
    assert len(children) == 2
    proc.kill()
    proc.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(Path(f"/proc/{c}").exists() for c in children):
        time.sleep(0.2)
    alive = []
    for c in children:
        try:
            state = Path(f"/proc/{c}/stat").read_text().split()[2]
        except OSError:
            continue
        if state != "Z":
            alive.append(c)
    assert alive == []
