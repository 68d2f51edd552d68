"""Exit statuses and the one-line message every command writes on standard error."""

from __future__ import annotations

import os
import re
import sys

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130


_BREAKS = re.compile("[\x00-\x1f\x7f\x85\u2028\u2029]")


def one_line(message: str) -> str:
    """``message`` with line breaks and other control characters (from what a user typed)
    written as escapes, so that it stays one line."""
    return _BREAKS.sub(lambda m: repr(m.group())[1:-1], message)


def _err(message: str) -> None:
    """Write ``deduce: message`` on standard error, as one line."""
    print(f"deduce: {one_line(message)}", file=sys.stderr)


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
