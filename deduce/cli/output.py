"""Writing a command's output file safely: never over the input, never half a line.

The output goes to a temporary file beside the target, which replaces the target when the
command ends, however it ends (done, interrupted, stopped by an error): the target then holds
every line finished so far and no partial one, and an earlier file of the same name is only
replaced by a complete write. A target in a folder that does not exist, or that is the input
itself, is refused before any work.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

from deduce.errors import DeduceError


class OutputError(DeduceError):
    """An output file that cannot or must not be written (one line, exit status 2)."""


def check_target(path: str, source: str | None = None) -> None:
    """Refuse ``path`` when its folder is missing, it is a folder, or it is ``source``."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise OutputError(f"cannot write {path}: no such folder {os.path.dirname(path) or '.'}")
    if os.path.isdir(path):
        raise OutputError(f"cannot write {path}: it is a folder")
    same = source and source != "-" and os.path.exists(source) and os.path.exists(path)
    if same and os.path.samefile(str(source), path):
        raise OutputError(
            f"the output {path} is the input: writing it would destroy the puzzles "
            "before they are read (choose another file)"
        )
    if not os.access(folder, os.W_OK):
        raise OutputError(f"cannot write {path}: the folder is not writable")


@contextmanager
def safe_output(path: str | None, source: str | None = None) -> Iterator[IO[str]]:
    """Standard output, or a text stream that becomes ``path`` when the block ends."""
    if path is None:
        yield sys.stdout
        return
    check_target(path, source)
    folder = os.path.dirname(os.path.abspath(path))
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 (renamed below, whatever happens)
        "w",
        dir=folder,
        prefix=f".{os.path.basename(path)}.",
        suffix=".part",
        delete=False,
        encoding="utf-8",
        newline="",
    )
    try:
        yield handle
    except Exception:
        if handle.tell() == 0:  # failed before writing anything: leave the target alone
            handle.close()
            os.unlink(handle.name)
            raise
        _finish(handle, path)
        raise
    except BaseException:  # an interrupt: what is finished is kept
        _finish(handle, path)
        raise
    else:
        _finish(handle, path)


def _finish(handle: IO[str], path: str) -> None:
    handle.close()
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(handle.name, 0o666 & ~umask)
    os.replace(handle.name, path)
