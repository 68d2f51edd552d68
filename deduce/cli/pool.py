"""Running a batch's work on every core, or on a Dask cluster, with the results in input order.

``Batch(work, task, records, jobs, crashed)`` is an iterator of ``(record, outcome)`` in input order,
whatever order the workers finish in. It reads the input only as fast as the workers take it
(a few chunks per worker in flight), so memory stays flat however long the input is.

- ``jobs == 1``: in this process, one record after the other.
- ``jobs > 1``: that many worker processes, each fed chunks through its own queue and answering
  through its own pipe, one message per record. A worker that dies (a crash in native code,
  the kernel's out-of-memory killer) costs only the record it was on: that record gets an
  error outcome, the rest of its chunks go to a fresh worker. Workers ignore Ctrl-C: the
  command stops them, and ``leftovers()`` gives the finished records not yet written.
- ``dask=ADDRESS``: the same chunks as tasks of a Dask distributed cluster.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import multiprocessing.queues
import os
import queue
import signal
from collections import deque
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection, wait
from multiprocessing.context import ForkContext, SpawnContext
from typing import Generic, TypeVar

from deduce.cli.dask import DaskClient, DaskFuture
from deduce.inputs import Record

#: Records sent to a worker at a time, and chunks kept waiting per worker.
CHUNK, AHEAD = 8, 2

TaskT = TypeVar("TaskT")  # the task: what every record is worked on with
OutT = TypeVar("OutT")  # the outcome of one record
Work = Callable[[TaskT, Record], OutT]
Context = ForkContext | SpawnContext


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class Batch(Generic[TaskT, OutT]):
    """The outcomes of ``work(task, record)`` for every record, in input order; a record
    whose work raises, or whose worker dies, gets ``crashed(record, why)``."""

    def __init__(
        self,
        work: Work[TaskT, OutT],
        task: TaskT,
        records: Iterator[Record],
        jobs: int,
        crashed: Callable[[Record, str], OutT],
    ) -> None:
        self.work, self.task, self.jobs = work, task, jobs
        self.crashed = crashed
        self.source = enumerate(records)
        self.done: dict[int, tuple[Record, OutT]] = {}
        self.next_out = 0
        self.workers: list[_Worker[TaskT, OutT]] = []

    def __iter__(self) -> Iterator[tuple[Record, OutT]]:
        if self.jobs <= 1:
            for index, record in self.source:
                self.next_out = index + 1
                try:
                    outcome = self.work(self.task, record)
                except Exception as exc:  # a bug on one puzzle must not stop the batch
                    outcome = self.crashed(record, f"internal error: {exc!r}")
                yield record, outcome
            return
        try:
            yield from self._parallel()
        finally:
            self.close()

    def leftovers(self) -> list[tuple[Record, OutT]]:
        """Finished records not yet given out (after an interrupt), in input order."""
        return [self.done[i] for i in sorted(self.done) if i >= self.next_out]

    def close(self) -> None:
        """Stop every worker."""
        for worker in self.workers:
            worker.stop()
        self.workers = []

    # --- the process pool -------------------------------------------------------------

    def _parallel(self) -> Iterator[tuple[Record, OutT]]:
        ctx = _context()
        self.workers = [_Worker(ctx, self.work, self.task) for _ in range(self.jobs)]
        again: deque[list[tuple[int, Record]]] = deque()
        exhausted = False
        while True:
            exhausted = self._feed(again, exhausted)
            while self.next_out in self.done:
                record, outcome = self.done[self.next_out]
                del self.done[self.next_out]
                self.next_out += 1
                yield record, outcome
            busy = [w for w in self.workers if w.held]
            if exhausted and not again and not busy:
                return
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy], 1.0)
            for worker in busy:
                if worker.conn in ready:
                    self._receive(worker)
                if worker.process.sentinel in ready and not worker.process.is_alive():
                    self._receive(worker)  # what it sent before dying
                    self._replace(worker, again)

    def _feed(self, again: deque[list[tuple[int, Record]]], exhausted: bool) -> bool:
        for worker in self.workers:
            while len(worker.chunks) < AHEAD:
                if again:
                    chunk = again.popleft()
                elif not exhausted:
                    chunk = list(itertools.islice(self.source, CHUNK))
                    if not chunk:
                        exhausted = True
                        break
                else:
                    break
                worker.give(chunk)
        return exhausted

    def _receive(self, worker: _Worker[TaskT, OutT]) -> None:
        while worker.conn.poll():
            try:
                index, outcome, failure = worker.conn.recv()
            except (EOFError, OSError):
                return
            record = worker.take(index)
            if failure:
                outcome = self.crashed(record, f"internal error: {failure}")
            self.done[index] = (record, outcome)

    def _replace(
        self, worker: _Worker[TaskT, OutT], again: deque[list[tuple[int, Record]]]
    ) -> None:
        """A worker died: blame the record it was on, give the rest to a new worker."""
        left = [pair for chunk in worker.chunks for pair in chunk if pair[0] not in self.done]
        if left:
            index, record = left[0]
            code = worker.process.exitcode
            why = f"signal {-code}" if code is not None and code < 0 else f"exit status {code}"
            self.done[index] = (record, self.crashed(record, f"the worker crashed ({why})"))
            if left[1:]:
                again.appendleft(left[1:])
        worker.stop()
        position = self.workers.index(worker)
        self.workers[position] = _Worker(_context(), self.work, self.task)


class _Worker(Generic[TaskT, OutT]):
    """One worker process, the chunks it holds (oldest first) and its two channels."""

    def __init__(self, ctx: Context, work: Work[TaskT, OutT], task: TaskT) -> None:
        self.inbox = ctx.Queue()
        self.conn, child = ctx.Pipe(duplex=False)
        self.process = ctx.Process(target=_serve, args=(work, task, self.inbox, child), daemon=True)
        self.process.start()
        child.close()
        self.chunks: deque[list[tuple[int, Record]]] = deque()

    @property
    def held(self) -> bool:
        return bool(self.chunks)

    def give(self, chunk: list[tuple[int, Record]]) -> None:
        self.chunks.append(chunk)
        self.inbox.put(chunk)

    def take(self, index: int) -> Record:
        """The record ``index`` answered; drops a chunk once all of it is answered."""
        chunk = self.chunks[0]
        record = next(r for i, r in chunk if i == index)
        if index == chunk[-1][0]:
            self.chunks.popleft()
        return record

    def stop(self) -> None:
        if self.process.is_alive():
            with contextlib.suppress(OSError, ValueError):
                self.inbox.put(None)
            self.process.join(0.2)
            if self.process.is_alive():
                self.process.terminate()
                self.process.join(1)
        self.inbox.close()
        self.inbox.cancel_join_thread()
        self.conn.close()


def _serve(
    work: Work[TaskT, OutT],
    task: TaskT,
    inbox: multiprocessing.queues.Queue[list[tuple[int, Record]] | None],
    conn: Connection,
) -> None:
    """A worker's loop: answer every record of every chunk, one message each."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the command decides what Ctrl-C does
    parent = os.getppid()
    while True:
        try:
            chunk = inbox.get(timeout=1.0)
        except queue.Empty:
            if os.getppid() != parent:  # the command was killed: nobody wants the answers
                return
            continue
        if chunk is None:
            return
        for index, record in chunk:
            try:
                conn.send((index, work(task, record), ""))
            except Exception as exc:  # a bug on one puzzle must not stop the batch
                conn.send((index, None, repr(exc)))


def _context() -> Context:
    """Fork where there is one (workers start at once, with the families already loaded)."""
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


# --- Dask ---------------------------------------------------------------------------------


def on_dask(
    work: Work[TaskT, OutT],
    task: TaskT,
    records: Iterator[Record],
    client: DaskClient,
    chunk: int = 64,
) -> Iterator[tuple[Record, OutT]]:
    """The outcomes of ``work`` for every record, computed by the workers of a Dask
    ``client`` in chunks (a few per worker in flight) and given back in input order."""
    ahead = 2 * max(1, len(client.scheduler_info().get("workers", {})))
    running: deque[tuple[list[Record], DaskFuture[list[OutT]]]] = deque()
    while True:
        while len(running) < ahead:
            part = list(itertools.islice(records, chunk))
            if not part:
                break
            running.append((part, client.submit(run_chunk, work, task, part, pure=False)))
        if not running:
            return
        part, future = running.popleft()
        yield from zip(part, future.result(), strict=True)


def run_chunk(work: Work[TaskT, OutT], task: TaskT, part: list[Record]) -> list[OutT]:
    """``work`` over one chunk (what a Dask worker runs)."""
    return [work(task, record) for record in part]
