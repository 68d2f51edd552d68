"""The time limit of a solve, seen everywhere inside it: propagation, the long rules, search.

``deduce.solve(..., max_seconds=S)`` must return after about S seconds whatever the puzzle,
and most of a big puzzle's time can go to propagation before search starts (a 200×200
nonogram's probing). The deadline is kept in a context variable, so the engine, search and
the few rules that can run long check it without it being passed through every call;
``check()`` costs a context-variable read and, when a deadline is set, a clock read.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_DEADLINE: ContextVar[float | None] = ContextVar("deduce_deadline", default=None)


class TimeUp(Exception):
    """The solve's deadline passed; whoever set it (``deduce.solving.solve``) catches it."""


@contextmanager
def deadline(seconds: float | None) -> Iterator[float | None]:
    """Within the block, ``check()`` raises TimeUp once ``seconds`` have passed (None: no
    limit; an enclosing, earlier deadline stays in force). Yields the monotonic deadline."""
    outer = _DEADLINE.get()
    at = None if seconds is None else time.monotonic() + seconds
    if outer is not None and (at is None or outer < at):
        at = outer
    token = _DEADLINE.set(at)
    try:
        yield at
    finally:
        _DEADLINE.reset(token)


def current() -> float | None:
    """The monotonic time the current solve must stop at, or None."""
    return _DEADLINE.get()


def check() -> None:
    """Raise TimeUp when the current deadline has passed (cheap: call it between steps and
    inside long loops)."""
    at = _DEADLINE.get()
    if at is not None and time.monotonic() >= at:
        raise TimeUp
