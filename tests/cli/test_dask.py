"""Rating on a Dask cluster when something is wrong (issue 29): a bad ``--dask`` address, a
scheduler that does not answer, a puzzle that kills its worker, a scheduler killed mid-run,
a cluster without a worker. Each is one line naming the problem, never a traceback, and the
rows already finished are kept. Every cluster here listens on 127.0.0.1 only, and every
wait is bounded."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import deduce
from deduce.cli import batch
from deduce.cli import dask as dask_batch
from tests.cli.running import run
from tests.puzzles import EASY, distinct_easy

ROOT = Path(__file__).resolve().parents[2]


def _needs_distributed() -> None:
    if os.environ.get("CI") != "true":
        pytest.importorskip("distributed", reason="dask is not installed (pip install '.[dask]')")


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (just now)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# --- addresses ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("http://127.0.0.1:8799", "is a web address"),
        ("https://127.0.0.1:8787/status", "is a web address"),
        ("tcp://127.0.0.1", "no port; a scheduler listens on 8786"),
        ("127.0.0.1", "no port; a scheduler listens on 8786"),
        ("", "no address"),
        ("   ", "no address"),
        ("foo://h:1", "unknown scheme foo://"),
        ("inproc://h:1", "unknown scheme inproc://"),
        ("tcp://:8786", "no host"),
        ("tcp://h:99999", "not a number from 1 to 65535"),
        ("tcp://h:0", "not a number from 1 to 65535"),
        ("tcp://h:87a6", "not a number from 1 to 65535"),
        ("tcp://[::1]", "no port"),
    ],
)
def test_a_bad_dask_address_is_one_line_before_any_work(capsys, monkeypatch, address, says):
    monkeypatch.setattr(dask_batch, "connect", lambda address: pytest.fail("connected"))
    status, out, err = run(capsys, "rate", "--dask", address, EASY)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("deduce: --dask ") and says in err, err


@pytest.mark.parametrize(
    ("address", "read"),
    [
        ("127.0.0.1:8786", "tcp://127.0.0.1:8786"),
        (" tcp://h:08786 ", "tcp://h:8786"),
        ("tls://[::1]:1", "tls://[::1]:1"),
    ],
)
def test_a_good_dask_address_is_read_as_a_scheduler_address(address, read):
    assert dask_batch.scheduler_address(address) == read


def test_an_unreachable_scheduler_leaves_an_earlier_output_as_it_was(tmp_path, capsys, monkeypatch):
    _needs_distributed()
    monkeypatch.setattr(dask_batch, "CONNECT_SECONDS", 1)
    puzzles = tmp_path / "in.txt"
    puzzles.write_text("\n".join(distinct_easy(3)) + "\n")
    out = tmp_path / "out.csv"
    out.write_text("family,puzzle\nsudoku,earlier\n")
    address = f"tcp://127.0.0.1:{free_port()}"
    status, _, err = run(capsys, "rate", str(puzzles), "--dask", address, "-o", str(out))
    assert status == 2
    assert err.startswith(f"deduce: cannot reach the Dask scheduler at {address}: ")
    assert err.count("\n") == 1, err
    assert out.read_text() == "family,puzzle\nsudoku,earlier\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.txt", "out.csv"]


# --- a cluster in this process ------------------------------------------------------------


def killing_work(task: batch.Task, record):
    """``batch.work``, except that a record saying KILL kills the worker running it."""
    if "KILL" in record.text:
        os._exit(1)
    return batch.work(task, record)


def killing_rating(how, text):
    """``api.rate_on_worker``, except that the text KILL kills the worker running it."""
    if text == "KILL":
        os._exit(1)
    return deduce.api.rate_on_worker(how, text)


@pytest.fixture
def fragile_cluster():
    """One worker process, restarted by its nanny when it dies (a few times: a cluster for
    each test); a task is given up after the first worker it kills (``allowed-failures``
    0), to keep the test short."""
    _needs_distributed()
    import dask
    from distributed import Client, LocalCluster

    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        LocalCluster(
            n_workers=1,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as local,
        Client(local) as client,
    ):
        yield local, client


@pytest.mark.slow
def test_a_puzzle_that_kills_its_dask_worker_costs_only_its_own_row(
    tmp_path, capsys, monkeypatch, fragile_cluster
):
    local, _ = fragile_cluster
    monkeypatch.setattr(batch, "work", killing_work)
    lines = distinct_easy(5)
    lines.insert(2, "KILL" + lines[0][4:])
    puzzles = tmp_path / "in.txt"
    puzzles.write_text("\n".join(lines) + "\n")
    argv = ("rate", str(puzzles), "--format", "jsonl", "--dask", local.scheduler_address)
    status, out, err = run(capsys, *argv)
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["status"] for r in rows] == ["unique"] * 2 + ["error"] + ["unique"] * 3
    assert rows[2]["error"] == "line 3: its Dask worker died on it each time it was tried"
    assert status == 2 and "Traceback" not in err
    assert (
        err.splitlines()[0] == "deduce: line 3: its Dask worker died on it each time it was tried"
    )


@pytest.mark.slow
def test_rate_many_gives_a_puzzle_that_kills_its_worker_an_error_rating(
    monkeypatch, fragile_cluster
):
    _, client = fragile_cluster
    monkeypatch.setattr(deduce.api, "rate_on_worker", killing_rating)
    texts = [*distinct_easy(2), "KILL", *distinct_easy(4)[2:]]
    found = list(deduce.rate_many(texts, client=client, chunk=2))
    assert [r.status for r in found] == ["unique", "unique", "error", "unique", "unique"]
    assert found[2].error == "its Dask worker died on it each time it was tried"


def test_a_cluster_without_a_worker_says_so_and_stops(tmp_path, capsys, monkeypatch):
    _needs_distributed()
    from distributed import LocalCluster

    monkeypatch.setattr(dask_batch, "NO_WORKER_SECONDS", 2.0)
    monkeypatch.setattr(dask_batch, "QUIET_SECONDS", 0.5)
    monkeypatch.setattr(dask_batch, "LOOK_SECONDS", 0.2)
    puzzles = tmp_path / "in.txt"
    puzzles.write_text("\n".join(distinct_easy(3)) + "\n")
    with LocalCluster(
        n_workers=0, processes=False, protocol="tcp://", host="127.0.0.1", dashboard_address=None
    ) as local:
        started = time.monotonic()
        status, out, err = run(capsys, "rate", str(puzzles), "--dask", local.scheduler_address)
    assert time.monotonic() - started < 30
    assert status == 1 and out.splitlines() == [out.splitlines()[0]]  # the header only
    scheduler = f"the Dask scheduler at {local.scheduler_address}"
    assert err.splitlines() == [
        f"deduce: {scheduler} has no worker; waiting for one (at most 2 s)",
        f"deduce: {scheduler} has had no worker for 2 s: stopped after 0 puzzles; "
        "the results of those were written",
    ]


# --- a scheduler in a process of its own ----------------------------------------------------


def _start(*argv: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", *argv],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _wait_for_port(port: int, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    pytest.fail(f"no scheduler on port {port} after {seconds} s")


@pytest.mark.slow
def test_a_scheduler_killed_mid_run_keeps_the_rows_and_says_so_in_one_line(tmp_path):
    _needs_distributed()
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = _start(
        "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port),
        "--no-dashboard",
    )  # fmt: skip
    worker = None
    try:
        _wait_for_port(port, 60)
        worker = _start(
            "distributed.cli.dask_worker", address, "--nthreads", "1", "--nworkers", "1",
            "--host", "127.0.0.1", "--no-dashboard",
        )  # fmt: skip
        puzzles = tmp_path / "in.txt"
        puzzles.write_text("\n".join(distinct_easy(3000)) + "\n")
        out, err = tmp_path / "out.csv", tmp_path / "err.txt"
        with out.open("w") as sink, err.open("w") as errors:
            rating = subprocess.Popen(
                [sys.executable, "-m", "deduce", "rate", str(puzzles), "--dask", address],
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                stdout=sink,
                stderr=errors,
            )
            deadline = time.monotonic() + 120
            while out.read_text().count("\n") < 100 and time.monotonic() < deadline:
                assert rating.poll() is None, err.read_text()
                time.sleep(0.2)
            os.killpg(scheduler.pid, signal.SIGKILL)
            status = rating.wait(timeout=120)
        rows = out.read_text().splitlines()[1:]
        messages = err.read_text().splitlines()
        assert status == 1, messages
        assert len(messages) == 1, messages
        assert messages[0].startswith(f"deduce: lost the Dask scheduler at {address} (")
        assert messages[0].endswith(
            f": stopped after {len(rows)} puzzles; the results of those were written"
        )
        assert 100 <= len(rows) < 3000
        assert all(row.split(",")[2] == "unique" for row in rows)
    finally:
        for process in (scheduler, worker):
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)  # its own session: it and its children
                process.wait(timeout=30)
