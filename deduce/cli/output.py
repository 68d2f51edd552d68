"""Writing a command's output file safely: never over the input, never half a line.

A regular file (or a new one) is written to a temporary file beside it, which replaces it
when the command ends, however it ends (done, interrupted, stopped by a signal or an error):
it then holds every line finished so far and no partial one, and an earlier file of the same
name is only replaced by a complete write. The file keeps its permissions; a symbolic link
is written through, to the file it points to. A device or a FIFO (``/dev/null``, a named
pipe) is written to directly, never replaced. A target in a folder that does not exist, a
folder, or the input itself, is refused before any work. A failed write (a full disk) is one
line naming the target and the reason.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

from deduce.cli.status import drop_stdout
from deduce.errors import DeduceError

#: How the output is encoded: a byte of the input that is not UTF-8 (read from standard input
#: as a surrogate) is written back as the same byte.
ENCODING, ERRORS = "utf-8", "surrogateescape"


class OutputError(DeduceError):
    """An output file that cannot or must not be written (one line, exit status 2)."""


class Sink:
    """A text stream whose failed writes are an ``OutputError`` naming it; it remembers how
    much of it was flushed whole (``kept``), so that a failure can cut back to that."""

    def __init__(self, stream: IO[str], name: str, file: bool = False) -> None:
        self.stream, self.name, self.file, self.kept = stream, name, file, 0

    def write(self, text: str) -> None:
        """Write ``text`` (an ``OutputError`` when the target takes no more)."""
        with self._failing():
            self.stream.write(text)

    def flush(self) -> None:
        """Flush what is written: it is then kept whatever happens next."""
        with self._failing():
            self.stream.flush()
            if self.file:
                self.kept = os.lseek(self.stream.fileno(), 0, os.SEEK_CUR)

    @contextmanager
    def _failing(self) -> Iterator[None]:
        try:
            yield
        except OSError as exc:
            if self.stream is sys.stdout:
                drop_stdout()
            raise OutputError(f"cannot write {self.name}: {exc.strerror or exc}") from None


def check_target(path: str, source: str | None = None) -> None:
    """Refuse ``path`` when its folder is missing, it is a folder, or it is ``source``."""
    if _is_special(path):  # /dev/null, a FIFO, /dev/stdout on a pipe: written as it is
        return
    real = os.path.realpath(path)
    folder = os.path.dirname(real)
    if not os.path.isdir(folder):
        linked = real != os.path.abspath(path)
        missing = f"{folder} (where the link points)" if linked else os.path.dirname(path) or "."
        raise OutputError(f"cannot write {path}: no such folder {missing}")
    if os.path.isdir(real):
        raise OutputError(f"cannot write {path}: it is a folder")
    same = source and source != "-" and os.path.exists(source) and os.path.exists(path)
    if same and os.path.samefile(str(source), path):
        raise OutputError(
            f"the output {path} is the input: writing it would destroy the puzzles "
            "before they are read (choose another file)"
        )
    if not os.access(folder, os.W_OK):
        raise OutputError(f"cannot write {path}: the folder is not writable")


def _is_special(path: str) -> bool:
    """Whether ``path`` is neither a regular file nor a folder (a device, a FIFO)."""
    try:
        mode = os.stat(path).st_mode
        return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)
    except OSError:  # not there yet
        return False


@contextmanager
def safe_output(path: str | None, source: str | None = None) -> Iterator[Sink]:
    """Standard output, a device or FIFO written directly, or a text stream that becomes
    ``path`` when the block ends."""
    if path is None:
        yield Sink(sys.stdout, "standard output")
        return
    check_target(path, source)
    if _is_special(path):
        yield from _direct(path)
        return
    real = os.path.realpath(path)
    try:
        fd, part = tempfile.mkstemp(
            dir=os.path.dirname(real), prefix=f".{os.path.basename(real)}.", suffix=".part"
        )
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
    sink = Sink(open(fd, "w", encoding=ENCODING, errors=ERRORS, newline=""), path, True)  # noqa: SIM115
    try:
        yield sink
    except OutputError as exc:
        raise OutputError(f"{exc}; {_give_up(sink, part, real)}") from None
    except Exception:
        if _untouched(sink):  # failed before writing anything: leave the target alone
            _discard(sink, part)
            raise
        with contextlib.suppress(OutputError):  # the first failure is the one to report
            _finish(sink, part, real)
        raise
    except BaseException:  # an interrupt or a signal: what is finished is kept
        _finish(sink, part, real)
        raise
    else:
        _finish(sink, part, real)


def _untouched(sink: Sink) -> bool:
    """Whether nothing was written to ``sink``, or nothing can be: a stream that cannot even
    write what it holds (a full disk) keeps only the lines it flushed whole, if any."""
    try:
        return sink.stream.tell() == 0
    except OSError:
        return sink.kept == 0


def _direct(path: str) -> Iterator[Sink]:
    """Write to a device or FIFO as it is (opening a FIFO waits for its reader)."""
    try:
        stream = open(path, "w", encoding=ENCODING, errors=ERRORS, newline="")  # noqa: SIM115
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        yield Sink(stream, path)
    finally:
        with contextlib.suppress(OSError):
            stream.close()


def _finish(sink: Sink, part: str, real: str) -> None:
    """Close the temporary file ``part`` and put it in the target's place."""
    try:
        sink.flush()
        sink.stream.close()
    except OutputError as exc:
        raise OutputError(f"{exc}; {_give_up(sink, part, real)}") from None
    _rename(part, real)


def _give_up(sink: Sink, part: str, real: str) -> str:
    """After a failed write: keep the lines flushed whole, if any, and say what is kept."""
    if sink.kept == 0:
        _discard(sink, part)
        return f"{sink.name} was left as it was"
    with contextlib.suppress(OSError):
        sink.stream.close()  # its last flush fails again, and the file is closed all the same
    os.truncate(part, sink.kept)
    _rename(part, real)
    return f"{sink.name} holds the whole lines written before"


def _discard(sink: Sink, part: str) -> None:
    with contextlib.suppress(OSError):
        sink.stream.close()
    with contextlib.suppress(OSError):
        os.unlink(part)


def _rename(part: str, real: str) -> None:
    """``part`` becomes ``real``, with the mode (and owner) ``real`` had, or a new file's."""
    try:
        old = os.stat(real)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(part, 0o666 & ~umask)
    else:
        os.chmod(part, stat.S_IMODE(old.st_mode))
        if (old.st_uid, old.st_gid) != (os.getuid(), os.getgid()):
            with contextlib.suppress(OSError):
                os.chown(part, old.st_uid, old.st_gid)
    os.replace(part, real)
