"""The ``deduce`` command: solve, explain, hint, check, rate and generate puzzles.

Every error a user can cause (bad text, an impossible or ambiguous puzzle, a missing file)
is one line on standard error and exit status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from deduce import DISTRIBUTION
from deduce.cli.status import (
    DEBUG,
    EXIT_BAD_INPUT,
    EXIT_OK,
    _err,
    catching_signals,
    drop_stdout,
    failure,
    how_stopped,
    one_line,
    stopped_status,
)
from deduce.cli.walkthrough import GRIDS, KEY
from deduce.errors import DeduceError, RuleError
from deduce.puzzles.generating import TRIES_PER_PUZZLE
from deduce.registry import family_names, plugin_problems

__all__ = ["build_parser", "main"]


Command = Callable[[argparse.Namespace], int]

#: The errors of a write that found no room: a full disk, a quota, a file size limit.
_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def _command(module: str, name: str) -> Command:
    """The command function ``name`` of ``deduce.cli.<module>``, imported when it runs (so
    ``deduce --help`` imports no solver)."""

    def run(args: argparse.Namespace) -> int:
        func: Command = getattr(importlib.import_module(f"deduce.cli.{module}"), name)
        return func(args)

    return run


# --- the parser --------------------------------------------------------------------------


def _seconds(text: str) -> float:
    """A ``--time-limit``: a number of seconds, zero or more."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not seconds >= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (0 or more)")
    return seconds


class _Version(argparse.Action):
    """``--version``: the installed distribution's version, looked up only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        import deduce

        print(f"deduce {deduce.__version__}")
        parser.exit()


class _LevelsHelp(argparse.HelpFormatter):
    """Help that names every family's grade levels under ``--difficulty``: the families are
    imported only when this help is printed, so ``deduce --help`` stays fast."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help
        if action.dest == "difficulty" and text:
            from deduce.registry import get_family

            levels = "; ".join(
                f"{name}: {', '.join(get_family(name).levels)}"
                for name in family_names()
                if get_family(name).levels
            )
            text = f"{text} ({levels})"
        return text


def _count(text: str) -> int:
    """A whole number, 1 or more (``--jobs``, ``--count``, ``--max-tries``)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 1 or more")
    return value


def _jobs(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--jobs",
        "-j",
        type=_count,
        metavar="N",
        help="worker processes (default: one per core, at most 4 per core; 1 works in this "
        "process)",
    )


class _Parser(argparse.ArgumentParser):
    """An argument parser whose complaints are one line, like every other error."""

    def error(self, message: str) -> NoReturn:
        if "expected one argument" in message:
            message += " (a value that starts with '-' is written --option=VALUE)"
        self.exit(EXIT_BAD_INPUT, f"deduce: {one_line(message)} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``deduce`` command."""
    parser = _Parser(
        prog="deduce",
        description="Solve grid logic puzzles the way a strong player does, and say how.",
    )
    parser.add_argument("--version", action=_Version, help="print the version and exit")
    parser.add_argument(
        "--debug",
        action="store_true",
        help="print the traceback of an internal error (as DEDUCE_DEBUG=1 does)",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    families = ", ".join(family_names())

    def add(
        name: str,
        func: Command,
        help_text: str,
        input_arg: bool = True,
        time_limit: bool = True,
        formatter: type[argparse.HelpFormatter] = argparse.HelpFormatter,
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text, formatter_class=formatter)
        p.set_defaults(func=func)
        if input_arg:
            p.add_argument(
                "input",
                nargs="?",
                help="a puzzle file (one puzzle, or one per line), a puzzle string, or - for stdin",
            )
            p.add_argument(
                "--example",
                metavar="NAME",
                help="a bundled example instead of INPUT (deduce example lists them)",
            )
            p.add_argument(
                "--family", help=f"the puzzle family when the text does not tell ({families})"
            )
            if time_limit:
                p.add_argument(
                    "--time-limit",
                    type=_seconds,
                    metavar="SECONDS",
                    help="stop guessing after this long and report the puzzle as undecided",
                )
                p.add_argument(
                    "--search",
                    choices=("auto", "plain", "learn"),
                    default="auto",
                    help="when the rules are stuck: plain backtracking, learn (a SAT solver "
                    "that learns from its conflicts; nonogram, sudoku), or auto (plain, then "
                    "learn after a budget; the default)",
                )
        return p

    def output_format(what: str) -> str:
        return (
            f"write each {what} in this text form of its family (deduce rules FAMILY "
            "lists them; puzzlink gives a link a player can open)"
        )

    p = add("solve", _command("batch", "cmd_solve"), "print the solution of each puzzle")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("--output-format", metavar="FORM", help=output_format("solution"))
    _jobs(p)
    p = add(
        "explain",
        _command("explain", "cmd_explain"),
        "explain the solve step by step, with the grid",
    )
    p.add_argument("--brief", action="store_true", help="sentences only, no grids")
    p.add_argument(
        "--grids",
        choices=GRIDS,
        default=KEY,
        help="where to draw the grid: key (the first step, each step harder than the easiest "
        "level, every tenth and the last; the default), all (every step) or none",
    )
    p.add_argument("--json", action="store_true", help="print the log as JSON")
    p.add_argument("--html", metavar="FILE", help="write a self-contained step-by-step page")
    p.add_argument("--svg", metavar="DIR", help="write one SVG picture per step into DIR")
    p = add(
        "hint", _command("explain", "cmd_hint"), "check a player's grid and hint at the next step"
    )
    p.add_argument(
        "--progress",
        metavar="GRID",
        help="the player's grid (file or string): the puzzle with their digits, or N*N "
        "tokens (. empty, one symbol a digit, several their pencil marks); for a Sudoku also a "
        "pencil-mark grid, sukaku or HoDoKu line; for a nonogram rows of # x . split by /",
    )
    p.add_argument(
        "--level",
        type=int,
        choices=(1, 2, 3, 4),
        default=1,
        help="1 where to look, 2 which technique, 3 the cells, 4 the full deduction",
    )
    _jobs(
        add(
            "check",
            _command("batch", "cmd_check"),
            "say unique / several / no solution, and whether guessing is needed",
        )
    )
    p = add("rate", _command("batch", "cmd_rate"), "grade every puzzle of a file, one line each")
    p.add_argument(
        "--format",
        choices=("csv", "jsonl"),
        default="csv",
        help="csv: a header, then one row per puzzle (default); jsonl: one JSON record a line",
    )
    p.add_argument("--output", "-o", help="write to this file instead of standard output")
    _jobs(p)
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="rate on a Dask cluster whose scheduler is at ADDRESS "
        f"(pip install '{DISTRIBUTION}[dask]')",
    )
    p = add(
        "generate",
        _command("make", "cmd_generate"),
        "make new puzzles",
        input_arg=False,
        formatter=_LevelsHelp,
    )
    p.add_argument("family_name", metavar="FAMILY", help=families)
    p.add_argument("--count", type=int, default=1, help="how many puzzles to make (default 1)")
    p.add_argument(
        "--seed", type=int, help="seed of the random choices: the same seed, the same puzzles"
    )
    p.add_argument("--difficulty", metavar="LEVEL", help="keep only puzzles of this grade level")
    p.add_argument("--size", help="grid size, e.g. 9x9 (family-specific)")
    p.add_argument(
        "--max-tries",
        type=int,
        help=f"give up after this many candidates (default {TRIES_PER_PUZZLE} per puzzle asked for)",
    )
    p.add_argument(
        "--density", type=float, help="share of filled cells, 0 to 1 (nonogram pictures)"
    )
    p.add_argument(
        "--givens", type=int, metavar="N", help="how many digits to show (killer; default none)"
    )
    p.add_argument("--output-format", metavar="FORM", help=output_format("puzzle"))
    p.add_argument(
        "--time-limit",
        type=_seconds,
        metavar="SECONDS",
        help="stop after this long, keeping the puzzles made (exit 1 if fewer than --count)",
    )
    p = add(
        "rules",
        _command("make", "cmd_rules"),
        "list a family's rules, grade levels and text forms",
        input_arg=False,
    )
    p.add_argument("family_name", metavar="FAMILY", help=families)
    p = add(
        "convert",
        _command("convert", "cmd_convert"),
        "write each puzzle in another text form of its family",
        time_limit=False,
    )
    p.add_argument(
        "--to",
        required=True,
        metavar="FORM",
        help="the form to write (deduce rules FAMILY lists a family's forms)",
    )
    p = add(
        "example",
        _command("example", "cmd_example"),
        "print a bundled example puzzle (list them without NAME)",
        input_arg=False,
    )
    p.add_argument("name", nargs="?", metavar="NAME", help="the example, such as sudoku")
    p = add(
        "completion",
        _command("completion", "cmd_completion"),
        "print a shell completion script (eval it, or save it where your shell loads them)",
        input_arg=False,
    )
    p.add_argument("shell", choices=("bash", "zsh"), help="the shell to complete in")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (0 ok, 1 not done, 2 bad input, 130
    interrupted, 128 and the signal's number when SIGTERM or SIGHUP ended it)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.debug:
        os.environ[DEBUG] = "1"  # the workers of a batch read it too
    try:
        with catching_signals():
            return _run(args)
    finally:
        for problem in plugin_problems():
            _err(f"warning: {problem} (skipped)")


def _run(args: argparse.Namespace) -> int:
    try:
        _input(args)
        command: Command = args.func
        return command(args)
    except DeduceError as exc:
        _err(str(exc))
        return EXIT_BAD_INPUT
    except KeyboardInterrupt as exc:
        _err(how_stopped(exc))
        return stopped_status(exc)
    except BrokenPipeError:  # the reader left (``| head``): nothing more to say, no error
        drop_stdout()
        return EXIT_OK
    except OSError as exc:
        if exc.errno not in _FULL:
            raise
        _err(f"cannot write {exc.filename or 'standard output'}: {exc.strerror}")
        drop_stdout()
        return EXIT_BAD_INPUT
    except RecursionError:
        _err("the puzzle is too large for this solver (recursion limit)")
        return EXIT_BAD_INPUT
    except RuleError as exc:  # a rule's own bug, outside a batch's guard: name the rule
        _err(f"internal error: {failure(exc)}")
        return EXIT_BAD_INPUT


def _input(args: argparse.Namespace) -> None:
    """Give a command that reads puzzles its input: INPUT, or the text of ``--example``."""
    if not hasattr(args, "input"):
        return
    if args.example is not None:
        if args.input is not None:
            raise _UsageError("give a puzzle or --example NAME, not both")
        from deduce.cli.example import example_text

        args.input = example_text(args.example)
    elif args.input is None:
        raise _UsageError(
            f"{args.command} needs a puzzle: a file, a puzzle string, - for standard input, "
            "or --example NAME"
        )


class _UsageError(DeduceError):
    """A command line that gives no puzzle or two."""


if __name__ == "__main__":
    sys.exit(main())
