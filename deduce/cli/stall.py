"""Telling a worker that makes no progress from a slow one, so that a batch never waits for
it forever: a worker process stopped (SIGSTOP, a debugger) for ``STALL_SECONDS`` while it
holds work, or, under ``--time-limit``, one silent for longer than the limit allows.

A worker that only thinks slowly is never blamed: without ``--time-limit`` a puzzle may take
as long as it takes, and a stopped process is told by its state, not by the clock.
"""

from __future__ import annotations

import time
from pathlib import Path

#: How long a worker may stay stopped, holding work, before its puzzle is given up.
STALL_SECONDS = 10.0
#: Under ``--time-limit``: the seconds a worker may take beyond the limit for one answer
#: (reading, loading, a loaded machine) before it is deemed stuck.
GRACE_SECONDS = 60.0


def patience(time_limit: float | None) -> float | None:
    """The seconds to wait for one answer of a worker (None: no bound, only a stop is told)."""
    return None if time_limit is None else time_limit + GRACE_SECONDS


def is_stopped(pid: int) -> bool:
    """Whether process ``pid`` is stopped (state T or t in Linux's ``/proc``; elsewhere this
    cannot be told, and it is never said)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    fields = text.rsplit(")", 1)[-1].split()
    return bool(fields) and fields[0] in ("T", "t")


class Watch:
    """One worker's watch: when it last answered (or took up work), and since when it has
    been seen stopped."""

    def __init__(self, patience: float | None) -> None:
        self.patience = patience
        self.since = time.monotonic()
        self.stopped: float | None = None

    def answered(self) -> None:
        """The worker answered, or took up work after it had none: the wait starts again."""
        self.since = time.monotonic()

    def verdict(self, pid: int) -> str | None:
        """Why the worker (busy with work) is stuck, or None while it may still answer."""
        now = time.monotonic()
        if not is_stopped(pid):
            self.stopped = None
        elif self.stopped is None:
            self.stopped = now
        elif now - self.stopped >= STALL_SECONDS:
            return f"the worker was stopped for {STALL_SECONDS:.0f} s and was given up"
        if self.patience is not None and now - self.since > self.patience:
            return f"the worker gave no answer in {self.patience:.0f} s (--time-limit and a grace)"
        return None
