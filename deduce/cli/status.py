"""Exit statuses and the one-line message every command writes on standard error."""

from __future__ import annotations

import sys

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130

#: ``generate`` gives up after this many candidates per puzzle asked for, so that a level
#: rare at the chosen size ends with a message instead of running on.
TRIES_PER_PUZZLE = 200


def _err(message: str) -> None:
    """Write ``deduce: message`` on standard error."""
    print(f"deduce: {message}", file=sys.stderr)
