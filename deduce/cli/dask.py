"""Rating on a Dask ``distributed`` cluster (``rate --dask``, ``rate_many(client=)``): the
scheduler's address checked before anything is done, the work sent in chunks, the results
given back in input order, and each way a cluster fails told in one line.

- A task whose worker dies (``KilledWorker``: the scheduler saw it kill its worker more than
  ``distributed.scheduler.allowed-failures`` times) costs only the puzzle that killed it: the
  chunk's puzzles are sent again one a task, and the one that kills its worker again gets
  an error outcome, as with ``--jobs``.
- A scheduler that goes away (the task is cancelled, the connection closes) or a cluster
  left without a worker for ``NO_WORKER_SECONDS`` ends the batch with ``ClusterLost``: what
  was finished is kept, the message says what happened.

``distributed`` is an optional dependency (the ``dask`` extra) and ships no types, so what
deduce uses of it is written here as Protocols, and it is imported only when used.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import itertools
import logging
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeVar

from deduce import DISTRIBUTION
from deduce.errors import ArgumentError, DeduceError
from deduce.jsontext import is_digits

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)
TaskT = TypeVar("TaskT")  # what every item is worked on with
ItemT = TypeVar("ItemT")  # one puzzle (a Record, a text)
OutT = TypeVar("OutT")  # the outcome of one item

#: The schemes of a scheduler's address a command can reach (``inproc://`` is only within
#: one process), and the port a scheduler listens on unless told otherwise.
SCHEMES, DEFAULT_PORT = ("tcp", "tls", "ws", "wss", "ucx"), 8786
#: How long to wait for the scheduler to answer when connecting, in seconds.
CONNECT_SECONDS = 10
#: How long a batch waits for a cluster without a worker to have one again, in seconds; how
#: long before it says that it waits (a nanny restarting a worker takes a second or two); and
#: how often a wait for a chunk looks at the cluster.
NO_WORKER_SECONDS, QUIET_SECONDS, LOOK_SECONDS = 60.0, 5.0, 1.0


class DaskFuture(Protocol[R_co]):
    """What deduce uses of a ``distributed.Future``."""

    def result(self, timeout: float | None = ...) -> R_co:
        """Wait for the task (at most ``timeout`` seconds) and give its value."""
        ...


class DaskClient(Protocol):
    """What deduce uses of a ``distributed.Client`` (distributed itself ships no types)."""

    def scheduler_info(self) -> dict[str, Any]:
        """The scheduler's description, its ``workers`` among it."""
        ...

    def submit(self, func: Callable[..., R], /, *args: Any, pure: bool = ...) -> DaskFuture[R]:
        """Run ``func(*args)`` on a worker."""
        ...

    def close(self) -> None:
        """Disconnect from the scheduler."""
        ...


class ClusterLost(DeduceError):
    """The cluster stopped working for the batch: its scheduler went away, or it had no
    worker for ``NO_WORKER_SECONDS``. The message says which, and where."""


def scheduler_address(text: str) -> str:
    """``text`` (what ``--dask`` was given) as a scheduler's address, ``SCHEME://HOST:PORT``
    (``tcp://`` when it names none). ArgumentError, naming the problem, for anything a
    scheduler cannot be reached at: no address, a web address, no host, no port."""
    given = f"--dask {text!r}"
    if not text.strip():
        raise ArgumentError(
            f"{given}: no address; give the one the scheduler prints, "
            f"such as tcp://HOST:{DEFAULT_PORT}"
        )
    scheme, sep, rest = text.strip().partition("://")
    if not sep:
        scheme, rest = "tcp", text.strip()
    if scheme in ("http", "https"):
        raise ArgumentError(
            f"{given} is a web address (the dashboard's?); a Dask scheduler's is "
            f"tcp://HOST:PORT, as `dask scheduler` prints it (port {DEFAULT_PORT} by default)"
        )
    if scheme not in SCHEMES:
        raise ArgumentError(
            f"{given}: unknown scheme {scheme}://; a Dask scheduler is reached by "
            + ", ".join(f"{s}://" for s in SCHEMES)
        )
    host, colon, port = rest.rpartition(":")
    if not colon or host.endswith(":") or host.startswith("[") != host.endswith("]"):
        raise ArgumentError(
            f"{given}: no port; a scheduler listens on {DEFAULT_PORT} unless told "
            f"otherwise: {scheme}://{rest}:{DEFAULT_PORT}"
        )
    if not host or host == "[]":
        raise ArgumentError(f"{given}: no host before the port")
    if not is_digits(port) or not 0 < int(port) < 65536:
        raise ArgumentError(f"{given}: the port {port!r} is not a number from 1 to 65535")
    return f"{scheme}://{host}:{int(port)}"


def connect(address: str) -> DaskClient:
    """A client of the scheduler at ``address`` (checked by ``scheduler_address``) for the
    command; a DeduceError naming the address when distributed is missing or the scheduler
    does not answer within ``CONNECT_SECONDS``. The command says in one line what went
    wrong, so distributed's own log (a traceback for every lost connection) is kept quiet."""
    try:
        from distributed import Client
    except ImportError:
        raise DeduceError(
            f"--dask needs the dask extra: pip install '{DISTRIBUTION}[dask]'"
        ) from None
    _quiet("distributed")
    make: Callable[..., DaskClient] = Client  # distributed ships no types
    try:
        return make(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as exc:
        why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DeduceError(f"cannot reach the Dask scheduler at {address}: {why}") from None


def _quiet(package: str) -> None:
    """Keep the log handlers of ``package``'s loggers to critical messages."""
    names = [name for name in logging.Logger.manager.loggerDict if name.startswith(package)]
    for name in names:
        for handler in logging.getLogger(name).handlers:
            handler.setLevel(logging.CRITICAL)


def on_dask(
    work: Callable[[TaskT, ItemT], OutT],
    task: TaskT,
    items: Iterator[ItemT],
    client: DaskClient,
    crashed: Callable[[ItemT, str], OutT],
    chunk: int = 64,
    say: Callable[[str], None] | None = None,
    scheduler: str = "the Dask scheduler",
) -> Iterator[tuple[ItemT, OutT]]:
    """``(item, work(task, item))`` for every item, computed by the workers of ``client`` in
    chunks (a few per worker in flight) and given back in input order. An item whose task
    keeps killing its worker gets ``crashed(item, why)``; ClusterLost, naming ``scheduler``,
    when the cluster stops working. ``say`` is told, once a wait, that the cluster has had no
    worker for ``QUIET_SECONDS``."""
    wait = functools.partial(_wait, client, say=say, scheduler=scheduler)
    ahead = 2 * max(1, len(client.scheduler_info().get("workers", {})))
    running: deque[tuple[list[ItemT], DaskFuture[list[OutT]]]] = deque()
    while True:
        while len(running) < ahead:
            part = list(itertools.islice(items, chunk))
            if not part:
                break
            running.append((part, client.submit(run_chunk, work, task, part, pure=False)))
        if not running:
            return
        part, future = running.popleft()
        try:
            done = wait(future)
        except Exception as exc:
            if not _killed(exc):
                raise
            done = _one_by_one(work, task, part, client, crashed, wait)
        yield from zip(part, done, strict=True)


def run_chunk(work: Callable[[TaskT, ItemT], OutT], task: TaskT, part: list[ItemT]) -> list[OutT]:
    """``work`` over one chunk (what a Dask worker runs)."""
    return [work(task, item) for item in part]


def _one_by_one(
    work: Callable[[TaskT, ItemT], OutT],
    task: TaskT,
    part: list[ItemT],
    client: DaskClient,
    crashed: Callable[[ItemT, str], OutT],
    wait: Callable[[DaskFuture[list[OutT]]], list[OutT]],
) -> list[OutT]:
    """The outcomes of a chunk whose task killed its worker, its items sent again one a task,
    one after the other (so that no other task is on a worker that one kills): the one that
    kills its worker again gets ``crashed``, the others their outcomes."""
    done: list[OutT] = []
    for item in part:
        future = client.submit(run_chunk, work, task, [item], pure=False)
        try:
            done.extend(wait(future))
        except Exception as exc:
            if not _killed(exc):
                raise
            done.append(crashed(item, "its Dask worker died on it each time it was tried"))
    return done


def _killed(exc: Exception) -> bool:
    """Whether ``exc`` is distributed's ``KilledWorker``."""
    from distributed import KilledWorker

    return isinstance(exc, KilledWorker)


def _wait(
    client: DaskClient,
    future: DaskFuture[R],
    say: Callable[[str], None] | None,
    scheduler: str,
) -> R:
    """The value of ``future``, looking at the cluster every ``LOOK_SECONDS`` while it waits:
    ClusterLost when the scheduler goes away, or when it has had no worker for
    ``NO_WORKER_SECONDS``."""
    from distributed import TimeoutError as Waited  # asyncio's before Python 3.11

    lost = (concurrent.futures.CancelledError, asyncio.CancelledError, OSError)
    alone_since: float | None = None
    said = False
    while True:
        try:
            return future.result(timeout=LOOK_SECONDS)
        except (TimeoutError, Waited):
            pass
        except lost as exc:
            raise ClusterLost(f"lost {scheduler} ({_reason(exc)})") from None
        try:
            workers = client.scheduler_info().get("workers", {})
        except lost as exc:
            raise ClusterLost(f"lost {scheduler} ({_reason(exc)})") from None
        if workers:
            alone_since, said = None, False
            continue
        alone_since = time.monotonic() if alone_since is None else alone_since
        alone = time.monotonic() - alone_since
        if alone > NO_WORKER_SECONDS:
            raise ClusterLost(f"{scheduler} has had no worker for {NO_WORKER_SECONDS:g} s")
        if alone > QUIET_SECONDS and not said and say is not None:
            say(f"{scheduler} has no worker; waiting for one (at most {NO_WORKER_SECONDS:g} s)")
            said = True


def _reason(exc: BaseException) -> str:
    """What distributed says of a lost task or connection, in one line."""
    reason = getattr(exc, "reason", None)
    if reason:
        return f"its tasks were cancelled: {reason}"
    text = str(exc).splitlines()[0] if str(exc) else ""
    return text or type(exc).__name__
