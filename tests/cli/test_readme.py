"""The README's examples are what the commands print (issue 34: its hint example's level 3
text was not, and its ``--progress`` example held a literal ``...`` that failed when pasted).

Every indented ``$ deduce ...`` line of README.md is run (as ``python -m deduce``, from the
checkout, output piped) and must print exactly the indented lines under it; the quoted
levels 3 and 4 of the first hint are checked against the command too.
"""

from __future__ import annotations

import shlex
import subprocess
import sys

import pytest

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def transcripts() -> list[tuple[str, list[str]]]:
    """``(command, output lines)`` for each ``    $ deduce`` line and the lines under it."""
    found = []
    lines = README.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("    $ deduce "):
            out = []
            for after in lines[i + 1 :]:
                if not after.startswith("    ") or after.startswith("    $ "):
                    break
                out.append(after[4:])
            found.append((line[6:], out))
    return found


def run(command: str) -> str:
    argv = shlex.split(command)
    done = subprocess.run(
        [sys.executable, "-m", "deduce", *argv[1:]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_readme_has_transcripts():
    assert len(transcripts()) >= 3


@pytest.mark.parametrize(("command", "expected"), transcripts(), ids=lambda x: str(x)[:60])
def test_a_readme_command_prints_what_the_readme_shows(command, expected):
    assert expected, f"no output shown under {command}"
    assert run(command).splitlines() == expected


def test_the_hint_levels_the_readme_quotes_are_printed():
    out = run("deduce hint examples/sudoku-easy.txt --level 4").splitlines()
    assert out[2] == "It settles r2c2." and "`It settles r2c2.`" in README
    assert out[3] == "In box 1, 6 fits only in r2c2, so r2c2 = 6."
    assert "`In box 1, 6 fits only in r2c2, so r2c2 = 6.`" in README.replace("\n", " ")
