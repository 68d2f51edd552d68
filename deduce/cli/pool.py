"""Running a batch's work on every core, with the results in input order.

``Batch(work, task, records, jobs, crashed)`` is an iterator of ``(record, outcome)`` in input order,
whatever order the workers finish in. It reads the input only as fast as the workers take it
(a few chunks per worker in flight), so memory stays flat however long the input is.

- ``jobs == 1``: in this process, one record after the other.
- ``jobs > 1``: that many worker processes, each fed chunks through its own queue and answering
  through its own pipe, one message per record. A worker that dies (a crash in native code,
  the kernel's out-of-memory killer) costs only the record it was on: that record gets an
  error outcome, the rest of its chunks go to a fresh worker. Workers ignore Ctrl-C: the
  command stops them, and ``leftovers()`` gives the finished records not yet written.

On a Dask cluster the same work runs through ``deduce.cli.dask``.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import multiprocessing.queues
import os
import queue
import selectors
import signal
import time
from collections import deque
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from multiprocessing.context import ForkContext, SpawnContext
from typing import Generic, TypeVar

from deduce.cli.stall import Watch
from deduce.cli.status import default_signals, failure
from deduce.errors import DeduceError
from deduce.inputs import Record

#: Chunks kept waiting per worker.
AHEAD = 2
#: A chunk holds about this many seconds of work (at the pace of the last few dozen records),
#: so that cheap records cost few messages and a batch of a few dear ones still reaches every
#: worker; between ``FIRST_CHUNK`` records (before any has finished) and ``MAX_CHUNK``.
CHUNK_SECONDS, FIRST_CHUNK, MAX_CHUNK = 0.05, 2, 64
#: The weight of the newest record in the running mean of the pace.
PACE_WEIGHT = 0.05

#: Workers worth starting per core (more would only wait their turn), and the open files a
#: worker costs the command (its queue, its pipe, its sentinel, measured: 5) with those kept
#: for everything else.
JOBS_PER_CORE, FILES_PER_WORKER, FILES_KEPT = 4, 6, 64

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


def max_jobs() -> tuple[int, str]:
    """The most workers worth starting, and why: ``JOBS_PER_CORE`` a core, and no more than
    the open files this process may have leave room for (``FILES_PER_WORKER`` each,
    ``FILES_KEPT`` for the rest)."""
    cores = default_jobs()
    bound = (JOBS_PER_CORE * cores, f"{JOBS_PER_CORE} per core, on {cores} core(s)")
    try:
        import resource
    except ImportError:  # not on Unix
        return bound
    files, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    room = (files - FILES_KEPT) // FILES_PER_WORKER
    if files == resource.RLIM_INFINITY or room >= bound[0]:
        return bound
    return max(1, room), f"{FILES_PER_WORKER} open files each, within the limit of {files}"


class NoWorkers(DeduceError):
    """Not one worker process could be started (the system's limits): one line, exit 2."""


class Batch(Generic[TaskT, OutT]):
    """The outcomes of ``work(task, record)`` for every record, in input order; a record
    whose work raises, or whose worker dies or stalls (``deduce.cli.stall``: stopped, or
    silent beyond ``patience`` seconds), gets ``crashed(record, why)``."""

    def __init__(
        self,
        work: Work[TaskT, OutT],
        task: TaskT,
        records: Iterator[Record],
        jobs: int,
        crashed: Callable[[Record, str], OutT],
        patience: float | None = None,
    ) -> None:
        self.work, self.task, self.jobs = work, task, jobs
        self.crashed, self.patience = crashed, patience
        self.source = enumerate(records)
        self.done: dict[int, tuple[Record, OutT]] = {}
        self.next_out = 0
        self.workers: list[_Worker[TaskT, OutT]] = []
        self.selector = selectors.DefaultSelector()
        self.last_answer = time.monotonic()
        self.pace: float | None = None  # seconds between answers, a running mean

    def __iter__(self) -> Iterator[tuple[Record, OutT]]:
        if self.jobs <= 1:
            for index, record in self.source:
                self.next_out = index + 1
                try:
                    outcome = self.work(self.task, record)
                except Exception as exc:  # a bug on one puzzle must not stop the batch
                    outcome = self.crashed(record, f"internal error: {failure(exc)}")
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
        self.selector.close()

    # --- the process pool -------------------------------------------------------------

    def _parallel(self) -> Iterator[tuple[Record, OutT]]:
        again: deque[list[tuple[int, Record]]] = deque()
        exhausted = False
        while True:
            exhausted = self._feed(again, exhausted)
            while self.next_out in self.done:
                record, outcome = self.done[self.next_out]
                del self.done[self.next_out]
                self.next_out += 1
                yield record, outcome
            if exhausted and not again and not any(w.held for w in self.workers):
                return
            for key, _ in self.selector.select(1.0):
                worker = key.data
                if worker not in self.workers:
                    continue  # replaced earlier in this round
                if key.fileobj is worker.conn:
                    self._answer(worker)  # one a wake-up: the selector says when there are more
                elif not worker.process.is_alive():
                    self._receive(worker)
                    self._replace(worker, again)
            self._watch(again)

    def _watch(self, again: deque[list[tuple[int, Record]]]) -> None:
        """Give up every worker that holds work and makes no progress."""
        for worker in list(self.workers):
            why = worker.held and worker.watch.verdict(worker.process.pid or 0)
            if why:
                self._receive(worker)
                self._replace(worker, again, why)

    def ready(self) -> bool:
        """Whether the next outcome is already here (a writer may wait before flushing)."""
        return self.next_out in self.done

    def _start(self, ctx: Context) -> _Worker[TaskT, OutT]:
        worker = _Worker(ctx, self.work, self.task, self.patience)
        self.selector.register(worker.conn, selectors.EVENT_READ, worker)
        self.selector.register(worker.process.sentinel, selectors.EVENT_READ, worker)
        return worker

    def _feed(self, again: deque[list[tuple[int, Record]]], exhausted: bool) -> bool:
        """Hand out chunks while a worker has room, starting a worker only for a chunk that
        no running one is free to take (so never more workers than chunks)."""
        while len(self.workers) < self.jobs or any(len(w.chunks) < AHEAD for w in self.workers):
            if again:
                chunk = again.popleft()
            elif exhausted:
                break
            else:
                chunk = list(itertools.islice(self.source, chunk_size(self.pace, self.jobs)))
                if not chunk:
                    return True
            self._taker().give(chunk)
        return exhausted

    def _taker(self) -> _Worker[TaskT, OutT]:
        """The worker for the next chunk: an idle one, else a new one while there may be more,
        else the one with the fewest chunks."""
        idle = [w for w in self.workers if not w.chunks]
        if idle:
            return idle[0]
        if len(self.workers) < self.jobs:
            try:
                self.workers.append(self._start(_context()))
                return self.workers[-1]
            except OSError as exc:  # no room for a process, its pipes or its locks
                if not self.workers:
                    why = exc.strerror if exc.errno else "the system refused its locks"
                    raise NoWorkers(
                        f"cannot start a worker process: {why} (--jobs 1 works without them)"
                    ) from None
                self.jobs = len(self.workers)  # go on with the workers there are
        return min(self.workers, key=lambda w: len(w.chunks))

    def _receive(self, worker: _Worker[TaskT, OutT]) -> None:
        """Take every answer the worker has sent (it died: what it sent before)."""
        while worker.conn.poll() and self._answer(worker):
            pass

    def _answer(self, worker: _Worker[TaskT, OutT]) -> bool:
        """Take the worker's next answer (False at the end of its pipe)."""
        try:
            index, outcome, failure = worker.conn.recv()
        except (EOFError, OSError):
            return False
        record = worker.take(index)
        worker.watch.answered()
        if failure:
            outcome = self.crashed(record, f"internal error: {failure}")
        self.done[index] = (record, outcome)
        now = time.monotonic()
        gap, self.last_answer = now - self.last_answer, now
        self.pace = gap if self.pace is None else self.pace + PACE_WEIGHT * (gap - self.pace)
        return True

    def _replace(
        self,
        worker: _Worker[TaskT, OutT],
        again: deque[list[tuple[int, Record]]],
        why: str | None = None,
    ) -> None:
        """A worker died (or stalls, ``why``): blame the record it was on, give the rest to a
        new worker."""
        left = [pair for chunk in worker.chunks for pair in chunk if not self._answered(pair[0])]
        if left:
            index, record = left[0]
            code = worker.process.exitcode
            died = f"signal {-code}" if code is not None and code < 0 else f"exit status {code}"
            why = why or f"the worker crashed ({died})"
            self.done[index] = (record, self.crashed(record, why))
            if left[1:]:
                again.appendleft(left[1:])
        self.selector.unregister(worker.conn)
        self.selector.unregister(worker.process.sentinel)
        worker.stop()
        position = self.workers.index(worker)
        self.workers[position] = self._start(_context())

    def _answered(self, index: int) -> bool:
        """Whether record ``index`` has its outcome (given out already, or waiting its turn)."""
        return index < self.next_out or index in self.done


def chunk_size(pace: float | None, jobs: int) -> int:
    """Records a chunk should hold when ``jobs`` workers answer one every ``pace`` seconds
    between them (None: nothing answered yet): about ``CHUNK_SECONDS`` of one worker's work."""
    if pace is None:
        return FIRST_CHUNK
    each = pace * jobs
    return max(1, min(MAX_CHUNK, int(CHUNK_SECONDS / max(each, 1e-9))))


class _Worker(Generic[TaskT, OutT]):
    """One worker process, the chunks it holds (oldest first) and its two channels."""

    def __init__(
        self, ctx: Context, work: Work[TaskT, OutT], task: TaskT, patience: float | None
    ) -> None:
        self.inbox = ctx.Queue()
        self.conn, child = ctx.Pipe(duplex=False)
        self.process = ctx.Process(target=_serve, args=(work, task, self.inbox, child), daemon=True)
        self.process.start()
        child.close()
        self.chunks: deque[list[tuple[int, Record]]] = deque()
        self.watch = Watch(patience)

    @property
    def held(self) -> bool:
        return bool(self.chunks)

    def give(self, chunk: list[tuple[int, Record]]) -> None:
        if not self.chunks:
            self.watch.answered()
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
                self.process.kill()  # a stopped process too
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
    default_signals()
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
                conn.send((index, None, failure(exc)))


def _context() -> Context:
    """Fork where there is one (workers start at once, with the families already loaded)."""
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")
