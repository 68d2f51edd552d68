"""The command line run in-process, its status and output captured."""

from __future__ import annotations

from deduce.cli import main


def run(capsys, *argv):
    """Run ``deduce *argv`` in this process: its exit status, standard output and error."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err
