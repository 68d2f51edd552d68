"""What a batch shows on a terminal's standard error while it works, and when it ends: a
progress line (how many puzzles are done; of how many, and the time left, when the input is
a file whose records can be counted first), then one summary line. Nothing is shown when
standard error is not a terminal (a pipe, a log file, a test)."""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING

from deduce.cli.status import _err
from deduce.inputs import records

if TYPE_CHECKING:  # rich.progress is imported only when a progress line is shown
    from rich.progress import Progress, TaskID

#: What each command did to a puzzle, for the summary line.
VERBS = {"rate": "rated", "solve": "solved", "check": "checked"}


class Shown:
    """The progress line of one batch (``None`` fields: not on a terminal)."""

    def __init__(self, source: str | None, family: str | None) -> None:
        self.start = time.perf_counter()
        self.bar: tuple[Progress, TaskID] | None = None
        if sys.stderr.isatty():
            self.bar = _bar(_total(source, family))

    def advance(self) -> None:
        """One more puzzle done."""
        if self.bar is not None:
            self.bar[0].advance(self.bar[1])

    def stop(self) -> None:
        """Take the progress line away."""
        if self.bar is not None:
            self.bar[0].stop()

    def summary(self, command: str, done: int, errors: int, undecided: int) -> None:
        """One line, on a terminal: ``rated 5000 puzzles in 12.3 s; 3 errors``."""
        if self.bar is None:
            return
        took = time.perf_counter() - self.start
        line = f"{VERBS.get(command, command)} {done} puzzles in {took:.1f} s; {errors} errors"
        _err(line + (f", {undecided} undecided" if undecided else ""))


def _total(source: str | None, family: str | None) -> int | None:
    """How many records a regular file holds (None for standard input or a puzzle string)."""
    if not source or source == "-" or not os.path.isfile(source):
        return None
    try:
        return sum(1 for _ in records(source, family))
    except Exception:
        return None


def _bar(total: int | None) -> tuple[Progress, TaskID]:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        Progress,
        ProgressColumn,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns: tuple[ProgressColumn, ...]
    if total is None:
        columns = (SpinnerColumn(), TextColumn("{task.completed} puzzles"), TimeElapsedColumn())
    else:
        columns = (
            SpinnerColumn(),
            TextColumn("{task.completed} of {task.total} puzzles"),
            BarColumn(),
            TextColumn("{task.percentage:>3.0f}%"),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
        )
    progress = Progress(*columns, console=Console(stderr=True), transient=True)
    progress.start()
    return progress, progress.add_task("working", total=total)
