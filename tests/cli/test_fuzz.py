"""Fuzzing the command (in-process) and the API with garbage and near-valid puzzles of every
family: truncated, widened, symbols swapped, JSON fields mistyped or nested, sizes at and past
the limits. Whatever comes in: an exit status of 0, 1 or 2, never a traceback, at most one
line of error per puzzle, and bounded time and memory.

CI runs a fixed, derandomized budget (tests/conftest.py); ``DEDUCE_FUZZ=1`` runs it long and
random (``DEDUCE_FUZZ_EXAMPLES``, default 2000 per test).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import resource
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import deduce
from deduce.cli import main, pool
from deduce.cli.common import CSV_FIELDS
from tests.puzzles import distinct_easy

EXAMPLES = (
    int(os.environ.get("DEDUCE_FUZZ_EXAMPLES", "2000")) if os.environ.get("DEDUCE_FUZZ") else 40
)
ROOT = Path(__file__).resolve().parents[2]
#: The largest resident memory growth any one fuzzed call may cause (a size guard: a limit
#: that is not enforced at parse time shows up here as hundreds of MB).
MEMORY_GUARD_KB = 400_000
#: The longest any one fuzzed call may take with --time-limit 0.5 (parse and set-up included).
TIME_GUARD = 15.0


def _example(name: str) -> str:
    lines = (ROOT / "examples" / name).read_text().splitlines()
    return "\n".join(line for line in lines if not line.startswith("#")).strip()


def _fpuzzles_links() -> list[list[str]]:
    """One row (name, family, solution, link) of each family in
    tests/fixtures/fpuzzles/solvable.tsv: real f-puzzles links."""
    path = ROOT / "tests" / "fixtures" / "fpuzzles" / "solvable.tsv"
    rows = [line.split("\t") for line in path.read_text().splitlines() if line[:1] != "#"]
    return list({row[1]: row for row in rows}.values())


SEEDS = {
    "sudoku": "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "solo": "3x3:c4a5b1e6c2c8a7c4b3e1b7c9b1e9b2a4a8e6c",
    "signpost": _example("signpost.txt"),
    "numbrix": _example("numbrix.txt"),
    "hidato": _example("hidato.txt"),
    "path": _example("path.txt"),
    "nonogram": _example("nonogram.txt"),
    "pattern": "5x5:2/1.1/3/1.1/2/2/1.1/3/1.1/2",
    "picture": "#..#\n.##.\n####\n#..#",
    "grid": "1 0 3\n0 0 0\n7 0 9",
    "killer": _example("killer.txt"),
    "killer-x": _example("killer-x.txt"),
    "jigsaw": _example("jigsaw.txt"),
    "jigsaw-x": _example("jigsaw-x.txt"),
    "sudoku-x": _example("x-sudoku.txt"),
    **{
        f"fpuzzles-{family}": link
        for _, family, _, link in _fpuzzles_links()
        if family in ("jigsaw", "killer", "sudoku-x")
    },
    "solo-killer": "2x3k:zj,aaaa____a_aa_aa_aaaa____a_____aa_aaa_ba,9a6a6a6_3a13_11_6a9f11a7a5a11b12_11e",
}
AT_LIMITS = [
    "." * 625,  # 25x25 Sudoku, the largest
    "." * 1296,  # 36x36: refused
    "." * 80,
    "30x30:" + "a" * 900,
    "31x31:" + "a" * 961,
    "200x200:" + "/".join(["1"] * 400),
    "201x1:" + "/".join(["1"] * 202),
    json.dumps({"width": 201, "height": 1, "rows": [[1]], "cols": [[1]] * 201}),
    json.dumps({"size": [31, 31], "grid": [[0] * 31] * 31}),
    json.dumps({"rows": 41, "cols": 41, "doors": [[0, 0], [40, 40]]}),
    "[" * 5000 + "]" * 5000,
    '{"width": ' + "[" * 5000,
    "\ufeff" + "." * 81,
]
FAMILIES = [None, *deduce.family_names()]
CHARS = st.characters(codec="utf-8", exclude_categories=("Cs",))


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A near-valid puzzle: a seed of some family, changed a little (or a lot)."""
    text = draw(st.sampled_from([*SEEDS.values(), *AT_LIMITS]))
    for _ in range(draw(st.integers(0, 3))):
        how = draw(st.sampled_from(["cut", "widen", "swap", "insert", "json", "nest", "lines"]))
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        if how == "cut":
            text = text[:at] if draw(st.booleans()) else text[at:]
        elif how == "widen":
            text = text[:at] + text[at] * draw(st.integers(1, 40)) + text[at:]
        elif how == "swap":
            text = (
                text[:at] + draw(st.sampled_from(".0123456789#x-_/:{}[],ABZaz ")) + text[at + 1 :]
            )
        elif how == "insert":
            text = text[:at] + draw(st.text(CHARS, max_size=6)) + text[at:]
        elif how == "json" and text.startswith("{"):
            text = _mistype(text, draw)
        elif how == "nest":
            depth = draw(st.integers(1, 200))
            text = "[" * depth + text + "]" * depth
        elif how == "lines":
            text = text.replace(draw(st.sampled_from(["/", " ", "\n"])), "\n")
    return text


def _mistype(text: str, draw: st.DrawFn) -> str:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return text
    if not isinstance(data, dict) or not data:
        return text
    key = draw(st.sampled_from(sorted(data)))
    data[key] = draw(
        st.one_of(
            st.none(),
            st.text(max_size=5),
            st.integers(-(10**12), 10**12),
            st.floats(allow_nan=True),
            st.lists(st.integers(-3, 300), max_size=5),
            st.just([[[[1]]]]),
        )
    )
    return json.dumps(data)


def _run(argv: list[str]) -> tuple[int, str, str, float, int]:
    out, err = io.StringIO(), io.StringIO()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as stop:  # argparse: a bad option
            status = int(stop.code or 0)
    took = time.perf_counter() - start
    grew = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    return status, out.getvalue(), err.getvalue(), took, grew


def _judge(status: int, err: str, took: float, grew: int, lines: int = 1) -> None:
    assert status in (0, 1, 2), (status, err)
    assert "Traceback" not in err and "Error:" not in err.split("deduce: ", 1)[0], err
    messages = [m for m in err.splitlines() if m.strip()]
    assert all(m.startswith("deduce: ") for m in messages), err
    assert len(messages) <= lines + 1, err  # one line a puzzle (+ a batch's summary)
    assert took < TIME_GUARD, took
    assert grew < MEMORY_GUARD_KB, grew


@settings(max_examples=EXAMPLES, deadline=None)
@given(text=st.one_of(mutated(), st.text(CHARS, max_size=300)), family=st.sampled_from(FAMILIES))
def test_check_answers_anything_with_one_line(text, family):
    argv = ["check", "--jobs", "1", "--time-limit", "0.5", text]
    if family:
        argv += ["--family", family]
    if text.startswith("-"):
        argv = [*argv[:-1], "--", text]
    status, _, err, took, grew = _run(argv)
    _judge(status, err, took, grew, lines=max(1, text.count("\n") + 1))


@settings(max_examples=EXAMPLES, deadline=None)
@given(lines=st.lists(mutated(), min_size=1, max_size=6), fmt=st.sampled_from(["csv", "jsonl"]))
def test_rate_gives_one_record_per_line_whatever_the_lines(tmp_path_factory, lines, fmt):
    flat = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    flat = [
        line for line in flat if line.strip() and not line.strip().startswith(("//", "%", "# "))
    ]
    path = tmp_path_factory.mktemp("fuzz") / "batch.txt"
    path.write_text("\n".join(flat) + "\n", encoding="utf-8")
    argv = ["rate", "--jobs", "1", "--time-limit", "0.5", "--format", fmt, str(path)]
    status, out, err, took, grew = _run(argv)
    assert took < TIME_GUARD * len(lines)
    _judge(status, err, 0.0, grew, lines=len(flat) + 3)
    if status in (0, 1, 2) and fmt == "jsonl" and len(flat) > 1:
        assert all(json.loads(row)["status"] for row in out.splitlines())


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    argv=st.lists(
        st.one_of(
            st.sampled_from(
                [
                    *("solve", "check", "rate", "explain", "hint", "generate", "rules"),
                    *("--json", "--family", "--level", "--count", "--size", "--jobs", "-o"),
                    *("--time-limit", "--format", "--max-tries", "--density", "--seed"),
                    *("--difficulty", "-", "sudoku", "nonogram", "0", "-3x-3", "99999999999"),
                    *("nan", "1e999", "x"),
                ]
            ),
            st.text(CHARS, max_size=12),
        ),
        max_size=6,
    )
)
@example(argv=["solve", "solve", "\r"])  # a carriage return in a message broke its line
def test_any_arguments_end_with_a_status_and_at_most_one_line(argv):
    if "generate" in argv:  # a generator's search is bounded by tries, not by a time limit
        argv = [*argv, "--max-tries", "2"]
    if "-" in argv or "-o" in argv:
        return  # standard input and output files are fuzzed by the tests above
    status, _, err, took, grew = _run(argv or ["--help"])
    _judge(status, err, took, grew, lines=2)


ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(CHARS, max_size=40),
    st.binary(max_size=40),
    st.lists(st.integers(), max_size=3),
    mutated(),
)


@settings(max_examples=EXAMPLES, deadline=None)
@given(puzzle=ANYTHING, family=st.one_of(st.sampled_from(FAMILIES), ANYTHING))
def test_the_api_raises_only_its_own_errors(puzzle, family):
    start = time.perf_counter()
    try:
        result = deduce.solve(puzzle, family, max_seconds=0.3)
    except deduce.DeduceError:
        pass
    else:
        assert result.status in ("unique", "multiple", "none", "unknown")
        assert isinstance(deduce.rate(result.puzzle, max_seconds=0.3), deduce.Rating)
    assert time.perf_counter() - start < TIME_GUARD


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    family=st.one_of(st.sampled_from(deduce.family_names()), ANYTHING),
    count=ANYTHING,
    difficulty=st.one_of(st.none(), st.sampled_from(["easy", "hard", "bogus"]), ANYTHING),
    size=st.one_of(st.none(), st.sampled_from(["4x4", "5x5", "-3x-3", "0x0", "99x99"]), ANYTHING),
)
def test_generate_checks_its_arguments_before_the_first_puzzle(family, count, difficulty, size):
    try:
        made = deduce.generate(family, count, seed=1, difficulty=difficulty, size=size, max_tries=2)
    except deduce.DeduceError:
        return
    start = time.perf_counter()
    try:
        for text in made:
            assert isinstance(text, str)
    except deduce.DeduceError:
        pass
    assert time.perf_counter() - start < TIME_GUARD * 4


JSONABLE = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8)),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)
STEP_KEYS = ["rule", "explanation", "placements", "eliminations", "premises", "kind", "depth"]


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    text=st.one_of(
        ANYTHING,
        st.builds(json.dumps, st.dictionaries(st.text(max_size=8), JSONABLE, max_size=4)),
        st.builds(
            lambda steps, extra: json.dumps(
                {"family": "sudoku", "puzzle": "", "steps": steps, **extra}
            ),
            st.lists(st.dictionaries(st.sampled_from(STEP_KEYS), JSONABLE), max_size=3),
            st.dictionaries(st.text(max_size=5), JSONABLE, max_size=2),
        ),
    )
)
def test_a_log_from_json_is_read_or_refused_with_a_parse_error(text):
    try:
        log = deduce.Log.from_json(text)
    except deduce.ParseError:
        return
    assert isinstance(log, deduce.Log)


RULINGS = st.lists(st.text(st.sampled_from("-+|=_ :"), min_size=0, max_size=30), max_size=8)


@settings(max_examples=EXAMPLES, deadline=None)
@given(lines=RULINGS, family=st.sampled_from(FAMILIES))
def test_rulings_only_text_is_refused_in_one_line(lines, family):
    """Issue 29, item 2: a grid of nothing but rulings (``-``, ``+``, ``|``) once reached
    ``range()`` with a step of zero."""
    text = "\n".join(lines)
    with contextlib.suppress(deduce.DeduceError):
        deduce.load(text, family)
    if not text.strip() or text == "-":  # "-" alone is the standard input, not a text
        return
    argv = ["check", "--jobs", "1", "--time-limit", "0.5", "--", text]
    if family:
        argv = [*argv[:-2], "--family", family, "--", text]
    status, _, err, took, grew = _run(argv)
    _judge(status, err, took, grew, lines=text.count("\n") + 1)


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    seed=st.sampled_from([SEEDS["grid"], SEEDS["picture"], SEEDS["numbrix"], SEEDS["path"]]),
    digits=st.integers(4_301, 12_000),
    at=st.integers(0, 10_000),
    family=st.sampled_from(FAMILIES),
)
def test_a_huge_number_in_multi_line_text_is_named(tmp_path_factory, seed, digits, at, family):
    """Issue 29, item 3: a number of more than 4,300 digits in a text of several lines once
    reached ``int()`` in the Numbrix reader."""
    text = seed.replace("\n", " \n") if "\n" in seed else seed.replace("/", "\n")
    cut = at % (len(text) + 1)
    text = text[:cut] + " " + "7" * digits + " " + text[cut:]
    try:
        deduce.load(text, family)
    except deduce.DeduceError as exc:
        assert "Traceback" not in str(exc)
    path = tmp_path_factory.mktemp("huge") / "puzzle.txt"
    path.write_text(text, encoding="utf-8")
    argv = ["check", "--jobs", "1", "--time-limit", "0.5", str(path)]
    if family:
        argv += ["--family", family]
    status, _, err, took, grew = _run(argv)
    _judge(status, err, took, grew, lines=text.count("\n") + 1)


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    lines=st.lists(
        st.sampled_from([SEEDS["sudoku"], SEEDS["signpost"], SEEDS["pattern"]]),
        min_size=1,
        max_size=5,
    ),
    bad=st.lists(
        st.tuples(
            st.integers(0, 4),
            st.binary(min_size=1, max_size=3).filter(lambda b: b"\n" not in b and b"\r" not in b),
        ),
        max_size=3,
    ),
)
def test_bytes_that_are_not_utf8_cost_only_their_own_line(tmp_path_factory, lines, bad):
    """A line that is not UTF-8 is that line's error, named by its number; the others are
    rated."""
    data = [line.encode() for line in lines]
    spoiled = set()
    for index, junk in bad:
        if index < len(data) and junk.decode("utf-8", "replace") != junk.decode("utf-8", "ignore"):
            data[index] += b" " + junk
            spoiled.add(index)
    path = tmp_path_factory.mktemp("bytes") / "batch.txt"
    path.write_bytes(b"\n".join(data) + b"\n")
    argv = ["rate", "--jobs", "1", "--format", "jsonl", str(path)]
    status, out, err, took, grew = _run(argv)
    _judge(status, err, took, grew, lines=len(lines) + 3)
    rows = [json.loads(row) for row in out.splitlines()]
    assert len(rows) == len(lines)
    for index, row in enumerate(rows):
        assert (row["status"] == "error") == (index in spoiled), row
        if index in spoiled:
            assert row["error"].startswith(f"line {index + 1}: not UTF-8 text: byte 0x")


# --- Dask: addresses and a cluster that fails -----------------------------------------------

DASK_ADDRESS_PARTS = st.sampled_from(
    ["tcp://", "tls://", "http://", "inproc://", "ucx://", "127.0.0.1", "[::1]", ":", "8786"]
)


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    address=st.one_of(
        st.text(CHARS, max_size=30),
        st.lists(st.one_of(DASK_ADDRESS_PARTS, st.text(CHARS, max_size=4)), max_size=5).map(
            "".join
        ),
    )
)
def test_any_dask_address_is_refused_in_one_line_or_connected_to_as_checked(address):
    from unittest import mock

    from deduce.cli import dask as dask_batch

    tried = []

    def refuse(checked: str) -> None:  # no network: record the address the command reached for
        tried.append(checked)
        raise deduce.DeduceError(f"cannot reach the Dask scheduler at {checked}: refused")

    with mock.patch.object(dask_batch, "connect", refuse):
        status, out, err, took, grew = _run(["rate", "--jobs", "1", "--dask", address, "-"])
    _judge(status, err, took, grew)
    assert status == 2 and out == ""
    if tried:
        scheme, host, port = re.fullmatch(r"(\w+)://(.+):(\d+)", tried[0]).groups()
        assert scheme in dask_batch.SCHEMES and 0 < int(port) < 65536 and host.strip()
    elif address.startswith("-"):  # taken for an option, as any value starting with -
        assert "argument --dask: expected one argument" in err
    else:
        assert err.startswith("deduce: --dask ")


class _FakeFuture:
    """A future that is already done: its value, or the failure planned for it."""

    def __init__(self, value: object, failure: BaseException | None) -> None:
        self.value, self.failure = value, failure

    def result(self, timeout: float | None = None) -> object:
        if self.failure is not None:
            raise self.failure
        return self.value


class _FailingCluster:
    """A Dask client that runs each task here, or fails it as ``plan`` says, task by task:
    ``killed`` (it killed its worker), ``cancelled`` (the scheduler went away), ``closed``
    (the connection closed), ``alone`` (no worker, and the task never ends)."""

    def __init__(self, plan: list[str]) -> None:
        self.plan, self.alone = iter(plan), False

    def scheduler_info(self) -> dict[str, object]:
        return {"workers": {} if self.alone else {"tcp://127.0.0.1:1": {}}}

    def submit(self, func, *args, pure: bool = True) -> _FakeFuture:
        from types import SimpleNamespace

        from distributed import KilledWorker
        from distributed.client import FutureCancelledError
        from distributed.comm.core import CommClosedError

        how = next(self.plan, "ok")
        self.alone = self.alone or how == "alone"
        failure = {
            "ok": None,
            "killed": KilledWorker("run_chunk-1", SimpleNamespace(address="tcp://w:1"), 0),
            "cancelled": FutureCancelledError("run_chunk-1", "scheduler-connection-lost"),
            "closed": CommClosedError("in <TCP>: ConnectionResetError: reset by peer"),
            "alone": TimeoutError(),
        }[how]
        return _FakeFuture(None if failure else func(*args), failure)

    def close(self) -> None:
        pass


@settings(max_examples=EXAMPLES, deadline=None)
@example(count=1, plan=["killed", "killed"])  # a row its worker died on kept its note
@given(
    count=st.integers(1, 150),
    plan=st.lists(st.sampled_from(["ok"] * 4 + ["killed", "cancelled", "closed", "alone"])),
)
def test_a_failing_dask_cluster_keeps_every_finished_row_in_order(tmp_path_factory, count, plan):
    if os.environ.get("CI") != "true":
        pytest.importorskip("distributed", reason="dask is not installed (pip install '.[dask]')")
    from unittest import mock

    from deduce.cli import dask as dask_batch

    lines = [f"{line}  n{i}" for i, line in enumerate(distinct_easy(count))]
    path = tmp_path_factory.mktemp("dask") / "batch.txt"
    path.write_text("\n".join(lines) + "\n")
    argv = ["rate", "--format", "jsonl", "--dask", "tcp://127.0.0.1:1", str(path)]
    waits = {"NO_WORKER_SECONDS": 0.0, "QUIET_SECONDS": 0.0, "LOOK_SECONDS": 0.0}
    with (
        mock.patch.object(dask_batch, "connect", lambda address: _FailingCluster(plan)),
        mock.patch.multiple(dask_batch, **waits),
    ):
        status, out, err, took, grew = _run(argv)
    _judge(status, err, took, grew, lines=count + 1)
    rows = [json.loads(row) for row in out.splitlines()]
    assert [row["note"] for row in rows] == [f"n{i}" for i in range(len(rows))]
    killed = [r for r in rows if r["status"] == "error"]
    assert all(
        r["error"].endswith("its Dask worker died on it each time it was tried") for r in killed
    )
    if len(rows) < count:
        assert status == 1
        assert err.splitlines()[-1].endswith(
            f": stopped after {len(rows)} puzzles; the results of those were written"
        )
    else:
        assert status == (2 if killed else 0)


# --- what surrounds the puzzles: bytes, disks, output files, workers, signals ---------------
# Each example runs the command in a process of its own (standard input as bytes, a file size
# limit, a signal), so these take a smaller budget.

PROCESS_EXAMPLES = max(4, EXAMPLES // 5)
EASY = SEEDS["sudoku"]


def _command(
    argv: list[str], stdin: bytes = b"", stdout: object = subprocess.PIPE, **options: object
) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "deduce", *argv],
        cwd=ROOT,
        input=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        timeout=600,
        **options,  # type: ignore[call-overload]
    )
    out = "" if done.stdout is None else done.stdout.decode("utf-8", "surrogateescape")
    return done.returncode, out, done.stderr.decode("utf-8", "replace")


def _one_line_each(err: str) -> None:
    assert "Traceback" not in err, err
    assert all(m.startswith("deduce: ") for m in err.splitlines() if m.strip()), err


def _printable(data: bytes) -> bytes:
    """``data`` without control characters (which may end a line): UTF-8 or not."""
    return bytes(c for c in data if c >= 0x20 and c != 0x7F)


def _whole_rows(text: str) -> list[list[str]]:
    rows = list(csv.reader(io.StringIO(text)))
    assert not text or text.endswith("\n")
    assert rows[0][0] == "family" and all(len(row) == len(CSV_FIELDS) for row in rows), rows
    return rows[1:]


def _utf8(line: bytes) -> bool:
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


@settings(max_examples=PROCESS_EXAMPLES, deadline=None)
@given(
    lines=st.lists(
        st.one_of(
            st.just(EASY.encode()),
            st.binary(max_size=12).map(lambda b: EASY.encode() + b" " + _printable(b)),
            st.binary(max_size=30).map(lambda b: b.replace(b"\n", b"")),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_bytes_that_are_not_utf8_cost_only_their_row(tmp_path_factory, lines):
    """A line that is not UTF-8 is that line's error row (naming the byte); the others are
    rated, and the output holds whole rows only."""
    out = tmp_path_factory.mktemp("bytes") / "out.csv"
    argv = ["rate", "-", "-o", str(out), "--jobs", "1", "--time-limit", "2", "--family", "sudoku"]
    status, _, err = _command(argv, stdin=b"\n".join(lines) + b"\n")
    assert status in (0, 1, 2)
    _one_line_each(err)
    if not out.exists():  # nothing to read (only blank lines): refused before any row
        assert status == 2 and err.count("\n") == 1 and not list(out.parent.iterdir())
        return
    rows = _whole_rows(out.read_text(encoding="utf-8", errors="surrogateescape"))
    assert all(row[2] in ("unique", "error") for row in rows)
    if all(line.startswith(EASY.encode()) for line in lines):  # each a puzzle and a note
        assert [row[2] for row in rows] == ["unique" if _utf8(line) else "error" for line in lines]
    assert [p.name for p in out.parent.iterdir()] == ["out.csv"]


@settings(max_examples=PROCESS_EXAMPLES, deadline=None)
@example(argv=["rate", EASY], limit=0)  # not a byte: no worker's lock, no output line
@example(argv=["rate", EASY], limit=100)  # the header and no row
@given(
    argv=st.sampled_from(
        [["rate", EASY], ["solve", EASY], ["check", EASY], ["generate", "sudoku", "--seed", "1"]]
    ),
    limit=st.one_of(st.none(), st.integers(0, 6000)),
)
def test_a_full_disk_is_one_line_and_keeps_whole_rows(tmp_path_factory, argv, limit):
    if limit is None:  # standard output on /dev/full
        with open("/dev/full", "w") as full:
            status, _, err = _command(argv, stdout=full)
        assert (
            status == 2 and err == "deduce: cannot write standard output: No space left on device\n"
        )
        return
    folder = tmp_path_factory.mktemp("full")
    source = folder / "many.txt"
    source.write_text(f"{EASY}\n" * 120)
    out = folder / "out.csv"

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    status, _, err = _command(["rate", str(source), "-o", str(out)], preexec_fn=small_files)
    _one_line_each(err)
    assert sorted(p.name for p in folder.iterdir()) == ["many.txt", "out.csv"][: 1 + out.exists()]
    if status == 2:  # the output, or the locks of the worker processes, hit the limit
        assert f"cannot write {out}: File too large" in err or "cannot start a worker" in err
    if out.exists():
        assert all(row[2] == "unique" for row in _whole_rows(out.read_text()))


KINDS = ["new", "file", "link", "dangling", "nowhere", "device", "fifo", "folder", "link-folder"]


@settings(max_examples=PROCESS_EXAMPLES, deadline=None)
@given(kind=st.sampled_from(KINDS), mode=st.sampled_from([0o600, 0o640, 0o644, 0o664]))
def test_o_writes_to_what_is_there_or_refuses_in_one_line(tmp_path_factory, kind, mode):
    folder = tmp_path_factory.mktemp("target")
    target, path = folder / "real.csv", folder / "out.csv"
    if kind == "file":
        target = path  # the output file is there already
    if kind in ("file", "link"):
        target.write_text("old\n")
        target.chmod(mode)
    if kind in ("link", "dangling"):
        path.symlink_to(target.name)
    elif kind == "nowhere":
        path.symlink_to("missing/real.csv")
    elif kind == "device":
        path = Path("/dev/null")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "link-folder":
        (folder / "sub").mkdir()
        path.symlink_to("sub")
    reader = (
        subprocess.Popen(["cat", str(path)], stdout=subprocess.PIPE) if kind == "fifo" else None
    )
    status, _, err = _command(["rate", EASY, "-o", str(path)])
    written = reader.communicate(timeout=60)[0].decode() if reader else None
    _one_line_each(err)
    if kind in ("nowhere", "folder", "link-folder"):
        assert status == 2 and len(err.splitlines()) == 1
        return
    assert status == 0, err
    if kind == "device":
        assert path.is_char_device()
    elif kind == "fifo":
        assert path.is_fifo() and _whole_rows(written or "")[0][1] == EASY
    else:
        real = target if kind in ("link", "dangling") else path
        assert _whole_rows(real.read_text())[0][1] == EASY
        assert path.is_symlink() == (kind in ("link", "dangling"))
        if kind in ("file", "link"):
            assert stat.S_IMODE(real.stat().st_mode) == mode
    assert not list(folder.glob(".*.part"))


@settings(max_examples=EXAMPLES, deadline=None)
@given(jobs=st.integers(1, 3 * os.cpu_count() + 8), count=st.integers(1, 6))
def test_jobs_are_bounded_or_refused_before_any_work(tmp_path_factory, jobs, count):
    source = tmp_path_factory.mktemp("jobs") / "batch.txt"
    source.write_text(f"{EASY}\n" * count)
    status, out, err, _, _ = _run(["rate", "--jobs", str(jobs), "--format", "jsonl", str(source)])
    bound, _ = pool.max_jobs()
    if jobs > bound:
        assert status == 2 and out == "" and f"at most {bound}" in err
        return
    assert status == 0 and err == ""
    assert [json.loads(line)["status"] for line in out.splitlines()] == ["unique"] * count


@settings(max_examples=PROCESS_EXAMPLES, deadline=None)
@given(
    sig=st.sampled_from([signal.SIGTERM, signal.SIGHUP, signal.SIGINT]),
    jobs=st.sampled_from(["1", "2"]),
    after=st.integers(0, 3000),
)
def test_a_signal_keeps_the_finished_rows_and_leaves_no_part_file(
    tmp_path_factory, sig, jobs, after
):
    folder = tmp_path_factory.mktemp("signal")
    source = folder / "many.txt"
    source.write_text(f"{EASY}\n" * 4000)
    out = folder / "out.csv"
    proc = subprocess.Popen(
        [sys.executable, "-m", "deduce", "rate", "--jobs", jobs, "-o", str(out), str(source)],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    while proc.poll() is None and not any(
        p.stat().st_size > after * 100 for p in folder.glob(".out.csv.*.part")
    ):
        time.sleep(0.02)
    os.killpg(proc.pid, sig)
    _, err = proc.communicate(timeout=600)
    _one_line_each(err)
    assert proc.returncode in (0, 128 + sig), err
    assert sorted(p.name for p in folder.iterdir()) == ["many.txt", "out.csv"]
    assert all(row[2] == "unique" for row in _whole_rows(out.read_text()))
