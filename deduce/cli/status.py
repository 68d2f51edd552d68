"""Exit statuses and the one-line message every command writes on standard error."""

from __future__ import annotations

import os
import re
import signal
import sys
import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager

from deduce.errors import RuleError

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT = 0, 1, 2
#: A command a signal ended exits with 128 and the signal's number: 130 for Ctrl-C.
EXIT_SIGNAL = 128
EXIT_INTERRUPTED = EXIT_SIGNAL + signal.SIGINT


_BREAKS = re.compile("[\x00-\x1f\x7f\x85\u2028\u2029]")


def one_line(message: str) -> str:
    """``message`` with line breaks and other control characters (from what a user typed)
    written as escapes, so that it stays one line."""
    return _BREAKS.sub(lambda m: repr(m.group())[1:-1], message)


def _err(message: str) -> None:
    """Write ``deduce: message`` on standard error, as one line."""
    print(f"deduce: {one_line(message)}", file=sys.stderr)


#: The environment variable that asks for tracebacks (``--debug`` sets it, so that the
#: workers of a batch see it too).
DEBUG = "DEDUCE_DEBUG"


def debugging() -> bool:
    """Whether ``--debug`` or ``DEDUCE_DEBUG=1`` asked for tracebacks."""
    return os.environ.get(DEBUG, "") not in ("", "0")


def failure(exc: BaseException) -> str:
    """What an unexpected exception is called in an ``internal error`` line: a rule's own
    (``RuleError``) by its message, which names the rule and its plugin; anything else by its
    repr. With ``debugging()``, its traceback is written on standard error first."""
    if debugging():
        traceback.print_exception(exc, file=sys.stderr)
    return str(exc) if isinstance(exc, RuleError) else repr(exc)


def drop_stdout() -> None:
    """Send the rest of standard output nowhere: its reader left (``| head``) or its disk is
    full, and what is still buffered must not fail again when Python exits."""
    try:
        out = sys.stdout.fileno()
    except (OSError, ValueError):  # not a file (a test's capture): nothing to redirect
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, out)
    os.close(devnull)


class Stopped(KeyboardInterrupt):
    """A signal that ends the command the way Ctrl-C does (SIGTERM from ``kill`` or
    ``timeout``, SIGHUP when the terminal closes): what is finished is kept."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: The signals that end a command as Ctrl-C does (SIGINT raises KeyboardInterrupt already).
STOPPING = (signal.SIGTERM, signal.SIGHUP)


def _stop(signum: int, frame: object) -> None:
    if _HELD:
        _HELD[-1].append(signum)
        return
    raise Stopped(signum)


@contextmanager
def catching_signals() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into ``Stopped`` while the block runs (a signal the process
    was started ignoring, as under ``nohup``, stays ignored), then put the handlers back."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {sig: signal.getsignal(sig) for sig in STOPPING}
    for sig, handler in before.items():
        if handler == signal.SIG_DFL:
            signal.signal(sig, _stop)
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


#: While ``signals_held`` runs: the stopping signals that came meanwhile (one list a block).
_HELD: list[list[int]] = []


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold the stopping signals (SIGTERM, SIGHUP) until the block ends, so that a row written
    and its count go together (a stop between them would report one row fewer than was
    written). A signal that came meanwhile stops the command as the block ends."""
    _HELD.append([])
    try:
        yield
    finally:
        came = _HELD.pop()
    if came:
        raise Stopped(came[0])


def default_signals() -> None:
    """In a worker process forked from the command: the stopping signals end it plainly."""
    for sig in STOPPING:
        if signal.getsignal(sig) is _stop:
            signal.signal(sig, signal.SIG_DFL)


def how_stopped(exc: KeyboardInterrupt) -> str:
    """``interrupted`` (Ctrl-C), or ``stopped by SIGTERM``."""
    if isinstance(exc, Stopped):
        return f"stopped by {signal.Signals(exc.signum).name}"
    return "interrupted"


def stopped_status(exc: KeyboardInterrupt) -> int:
    """The exit status of a command a signal ended: 128 and the signal's number (130 for
    Ctrl-C, 143 for SIGTERM, 129 for SIGHUP)."""
    return EXIT_SIGNAL + exc.signum if isinstance(exc, Stopped) else EXIT_INTERRUPTED
