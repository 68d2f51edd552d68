"""The ``deduce`` command: solve, explain, hint, check, rate and generate puzzles.

Every error a user can cause (bad text, an impossible or ambiguous puzzle, a missing file)
is one line on standard error and exit status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import csv
import inspect
import json
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from rich.console import Console

from deduce import api
from deduce.errors import Contradiction, DeduceError, ParseError
from deduce.inputs import Record, read_source, split_records
from deduce.registry import detect_family, family_names, get_family, plugin_problems, rule_origin
from deduce.show.hints import hint_text
from deduce.show.replay import replay
from deduce.show.terminal import legend
from deduce.step import CONTRADICTION, GUESS

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130

#: ``generate`` gives up after this many candidates per puzzle asked for, so that a level
#: rare at the chosen size ends with a message instead of running on.
TRIES_PER_PUZZLE = 200

CSV_FIELDS = (
    "family",
    "puzzle",
    "status",
    "level",
    "score",
    "hardest_rule",
    "guesses",
    "steps",
    "seconds",
    "error",
)


class UserError(DeduceError):
    """A problem with what the user asked for, reported as one line with exit status 2."""


def _out() -> Console:
    return Console(highlight=False, soft_wrap=True)


def _err(message: str) -> None:
    print(f"deduce: {message}", file=sys.stderr)


def _records(args: argparse.Namespace) -> list[Record]:
    text, _ = read_source(args.input)
    records = split_records(text, args.family)
    args.batch_family = None
    if not args.family and len(records) > 1:
        for record in records[:20]:
            try:
                args.batch_family = detect_family(record.text).name
                break
            except ParseError:
                continue
    return records


def _load(record: Record, family: str | None, batch_family: str | None = None) -> api.Puzzle:
    """Parse one record; a line whose family the text alone does not tell is read as the
    family of the rest of the batch, so its error says what is wrong with it."""
    try:
        try:
            return api.load(record.text, family)
        except ParseError:
            if family or not batch_family:
                raise
            return api.load(record.text, batch_family)
    except ParseError as exc:
        raise ParseError(f"{record.where}: {exc}") from None


def _problem(result: api.Result) -> str | None:
    """Why a solved result is not a clean answer (no solution / several), else None."""
    if result.status == api.NONE:
        return result.reason or "no solution"
    if result.status == api.UNKNOWN:
        return result.reason
    if result.status == api.MULTIPLE:
        fam, data = result.puzzle.family, result.puzzle.data
        a, b = result.solutions[0], result.solutions[1]
        for var, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                name = fam.var_name(data, var)
                return (
                    f"several solutions: {name} can be {fam.value_name(data, var, x)} "
                    f"or {fam.value_name(data, var, y)}"
                )
        return "several solutions"
    return None


def _exit_status(result: api.Result) -> int:
    """0 for a clean answer, 1 when the search stopped before it could tell, 2 for a puzzle
    with no solution or several (bad input)."""
    if result.status == api.UNKNOWN:
        return EXIT_FAIL
    return EXIT_BAD_INPUT if _problem(result) else EXIT_OK


def _error_record(record: Record, family: str | None, message: str) -> dict[str, Any]:
    return {
        "family": family,
        "puzzle": record.text,
        "status": "error",
        "solution": None,
        "grade": None,
        "steps": 0,
        "seconds": 0.0,
        "error": message,
    }


# --- solve -------------------------------------------------------------------------------


def cmd_solve(args: argparse.Namespace) -> int:
    """Print the solution of every puzzle of the input."""
    status = EXIT_OK
    for record in _records(args):
        try:
            puzzle = _load(record, args.family, args.batch_family)
            result = api.solve(puzzle, max_seconds=args.time_limit)
        except DeduceError as exc:
            status = EXIT_BAD_INPUT
            if args.json:
                print(json.dumps(_error_record(record, args.family, str(exc))), flush=True)
            _err(str(exc))
            continue
        problem = _problem(result)
        if args.json:
            data = result.to_dict()
            if problem and result.status == api.MULTIPLE:
                data["error"] = problem
            print(json.dumps(data), flush=True)
        elif result.solution is not None and result.status in (api.UNIQUE, api.UNKNOWN):
            print(_solution_form(result, "\n" in record.text), flush=True)
        if problem:
            status = max(status, _exit_status(result))
            _err(f"{record.where}: {problem}")
    return status


def _solution_form(result: api.Result, multiline: bool) -> str:
    fam, data, solution = result.puzzle.family, result.puzzle.data, result.solution
    assert solution is not None
    if fam.format_solution is not None:
        return fam.format_solution(data, solution)
    if multiline and fam.solution_grid is not None:
        return fam.solution_grid(data, solution)
    return fam.solution_text(data, solution)


# --- explain -----------------------------------------------------------------------------


def cmd_explain(args: argparse.Namespace) -> int:
    """Print every step of the solve as a sentence, with the grid and the step highlighted."""
    records = _records(args)
    if len(records) > 1:
        raise UserError(
            f"explain takes one puzzle; the input holds {len(records)} (use rate for a batch)"
        )
    puzzle = _load(records[0], args.family)
    result = api.solve(puzzle, max_seconds=args.time_limit)
    if args.json:
        print(result.log.to_json())
        return _exit_status(result)
    if args.html or args.svg:
        return _write_pictures(args, result)
    console = _out()
    fam, data = puzzle.family, puzzle.data
    console.print(
        f"[bold]{fam.description}[/bold]: {puzzle.text if len(puzzle.text) < 200 else ''}"
    )
    draw = fam.render is not None and not args.brief
    if draw:
        console.print(legend())
    number = 0
    for state, step in replay(fam, data, result.log):
        indent = "  " * step.depth
        if step.kind == GUESS:
            label = "guess"
        elif step.kind == CONTRADICTION:
            label = "contradiction"
        else:
            number += 1
            label = f"{number}. {step.rule}"
        console.print(f"{indent}[bold]{label}[/bold]: {step.explanation}")
        if draw and step.kind != CONTRADICTION:
            console.print(fam.render(data, state, step))
    _print_summary(console, result)
    problem = _problem(result)
    if problem:
        _err(f"{records[0].where}: {problem}")
    return _exit_status(result)


def _write_pictures(args: argparse.Namespace, result: api.Result) -> int:
    """``explain --html FILE`` / ``--svg DIR``: the step-by-step page, one SVG per step."""
    from pathlib import Path

    from deduce.show.page import log_html, step_svgs

    fam, data, log = result.puzzle.family, result.puzzle.data, result.log
    if fam.picture is None:
        raise UserError(f"the {fam.name} family cannot draw pictures yet")
    try:
        if args.html:
            Path(args.html).write_text(log_html(fam, data, log), encoding="utf-8")
            _err(f"wrote {args.html} ({len(log)} steps)")
        if args.svg:
            folder = Path(args.svg)
            folder.mkdir(parents=True, exist_ok=True)
            svgs = step_svgs(fam, data, log)
            for i, svg in enumerate(svgs, start=1):
                (folder / f"step-{i:04d}.svg").write_text(svg, encoding="utf-8")
            _err(f"wrote {len(svgs)} SVG files to {folder}")
    except OSError as exc:
        raise UserError(f"cannot write: {exc}") from None
    return _exit_status(result)


def _print_summary(console: Console, result: api.Result) -> None:
    grade = result.grade
    if result.solution is not None and result.status == api.UNIQUE:
        fam = result.puzzle.family
        grid = fam.solution_grid or fam.solution_text
        console.print("[bold]Solution[/bold]:")
        console.print(grid(result.puzzle.data, result.solution))
    how = "the rules alone" if result.solved_by_rules else f"{grade.guesses} guess(es)"
    console.print(
        f"[bold]Grade[/bold]: {grade.level} (score {grade.score:.2f}; hardest rule: "
        f"{grade.hardest_rule or 'none'}; solved with {how}; {len(result.log.deductions())} steps)"
    )


# --- hint --------------------------------------------------------------------------------


def cmd_hint(args: argparse.Namespace) -> int:
    """Check a player's grid for mistakes, then say where to look for the next step."""
    records = _records(args)
    if len(records) > 1:
        raise UserError("hint takes one puzzle")
    puzzle = _load(records[0], args.family)
    fam, data = puzzle.family, puzzle.data
    result = api.solve(puzzle, max_seconds=args.time_limit)
    problem = _problem(result)
    if problem:
        message = f"{records[0].where}: {problem}; no hint can be given"
        if result.status == api.UNKNOWN:
            _err(message)
            return EXIT_FAIL
        raise UserError(message)
    solution = result.solution
    assert solution is not None
    if args.progress:
        progress_text, _ = read_source(args.progress)
        try:
            if fam.parse_progress is not None:
                state = fam.parse_progress(data, progress_text)
            else:
                state = fam.initial_state(fam.parse(progress_text))
        except Contradiction as exc:
            raise UserError(f"your grid breaks a rule: {exc}") from None
    else:
        state = fam.initial_state(data)
    entered = state.extra.get("entered", range(len(state.domains)))
    wrong = [
        fam.var_name(data, v) for v in sorted(entered) if not state.domains[v] >> solution[v] & 1
    ]
    console = _out()
    if wrong:
        shown = ", ".join(wrong[:12]) + (" ..." if len(wrong) > 12 else "")
        console.print(
            f"{shown} {'is' if len(wrong) == 1 else 'are'} wrong: fix {'it' if len(wrong) == 1 else 'them'} first."
        )
        return EXIT_OK
    if fam.solved(state):
        console.print("The grid is already solved.")
        return EXIT_OK
    step = api.next_step(fam, state)
    if step is None:
        var = _fewest(state)
        where = fam.var_name(data, var) if var is not None else "the grid"
        console.print(
            "No technique deduce knows applies here: the next step needs a guess "
            f"(try {where}, it has the fewest possibilities)."
        )
        return EXIT_OK
    console.print(hint_text(fam, data, step, args.level))
    if args.level >= 3 and fam.render is not None:
        console.print(fam.render(data, state, step))
    return EXIT_OK


def _fewest(state) -> int | None:
    best = None
    for var, d in enumerate(state.domains):
        if d & (d - 1) and (best is None or d.bit_count() < state.domains[best].bit_count()):
            best = var
    return best


# --- check -------------------------------------------------------------------------------


def cmd_check(args: argparse.Namespace) -> int:
    """Say unique / several / none for every puzzle, and whether the rules alone suffice."""
    status = EXIT_OK
    for record in _records(args):
        try:
            result = api.solve(
                _load(record, args.family, args.batch_family), max_seconds=args.time_limit
            )
        except DeduceError as exc:
            _err(str(exc))
            status = EXIT_BAD_INPUT
            continue
        prefix = f"{record.where}: " if record.where != "the input" else ""
        if result.status == api.UNIQUE:
            how = (
                "the rules alone suffice"
                if result.solved_by_rules
                else f"needs guessing ({result.grade.guesses} guess(es))"
            )
            print(f"{prefix}unique solution; {how}; grade {result.grade.level}", flush=True)
        else:
            print(f"{prefix}{_problem(result)}", flush=True)
            status = max(status, _exit_status(result))
    return status


# --- rate --------------------------------------------------------------------------------


def _rate_rows(
    records: Sequence[Record],
    family: str | None,
    batch_family: str | None,
    time_limit: float | None,
) -> Iterator[tuple[Record, dict[str, Any]]]:
    for record in records:
        try:
            result = api.solve(_load(record, family, batch_family), max_seconds=time_limit)
            data = result.to_dict()
            problem = _problem(result)
            if problem and not data["error"]:
                data["error"] = problem
        except DeduceError as exc:
            data = _error_record(record, family, str(exc))
        yield record, data


def cmd_rate(args: argparse.Namespace) -> int:
    """Grade every puzzle of the input: one CSV row or JSON line each, written as it comes."""
    records = _records(args)
    out = open(args.output, "w", encoding="utf-8", newline="") if args.output else sys.stdout  # noqa: SIM115
    writer = csv.writer(out) if args.format == "csv" else None
    if writer:
        writer.writerow(CSV_FIELDS)
    bad = undecided = 0
    done = 0
    progress = None
    if sys.stderr.isatty() and len(records) > 1:
        from rich.progress import Progress

        progress = Progress(console=Console(stderr=True), transient=True)
        progress.start()
        task = progress.add_task("rating", total=len(records))
    try:
        for record, data in _rate_rows(records, args.family, args.batch_family, args.time_limit):
            undecided += data["status"] == api.UNKNOWN
            if data["status"] == "error":
                bad += 1
                _err(
                    data["error"]
                    if data["error"].startswith(record.where)
                    else f"{record.where}: {data['error']}"
                )
            if writer:
                grade = data["grade"] or {}
                row = {**data, **grade}
                writer.writerow([row.get(k) if row.get(k) is not None else "" for k in CSV_FIELDS])
            else:
                out.write(json.dumps(data) + "\n")
            out.flush()
            done += 1
            if progress:
                progress.advance(task)
    except KeyboardInterrupt:
        _err(f"interrupted after {done} of {len(records)} puzzles; the results so far were written")
        return EXIT_INTERRUPTED
    finally:
        if progress:
            progress.stop()
        if args.output:
            out.close()
    if bad:
        _err(f"{bad} of {len(records)} puzzles could not be rated")
        return EXIT_BAD_INPUT
    if undecided:
        _err(f"{undecided} of {len(records)} puzzles were left undecided by --time-limit")
        return EXIT_FAIL
    return EXIT_OK


# --- generate and rules ------------------------------------------------------------------


def cmd_generate(args: argparse.Namespace) -> int:
    """Write new puzzles of a family, one per line (optionally of one difficulty level)."""
    fam = get_family(args.family_name)
    if args.difficulty and fam.levels and args.difficulty not in fam.levels:
        raise UserError(
            f"unknown {fam.name} level {args.difficulty!r} (levels: {', '.join(fam.levels)})"
        )
    if args.count < 1:
        raise UserError("--count must be at least 1")
    max_tries = args.max_tries if args.max_tries is not None else TRIES_PER_PUZZLE * args.count
    if max_tries < 1:
        raise UserError("--max-tries must be at least 1")
    stats: dict[str, Any] = {}
    start = time.perf_counter()
    made = 0
    try:
        options: dict[str, Any] = {}
        if args.density is not None:
            if fam.generate and "density" not in inspect.signature(fam.generate).parameters:
                raise UserError(f"the {fam.name} generator takes no --density")
            options["density"] = args.density
        for text in api.generate(
            fam,
            count=args.count,
            seed=args.seed,
            difficulty=args.difficulty,
            size=args.size,
            stats=stats,
            max_tries=max_tries,
            **options,
        ):
            print(text, flush=True)
            made += 1
    except KeyboardInterrupt:
        _err(f"interrupted after {made} puzzles")
        return EXIT_INTERRUPTED
    tried = stats.get("tried")
    took = time.perf_counter() - start
    _err(f"made {made} puzzle(s)" + (f" from {tried} tried" if tried else "") + f" in {took:.1f} s")
    if made < args.count:
        wanted = f"{args.difficulty} " if args.difficulty else ""
        _err(
            f"gave up after {tried} tries with {made} of {args.count} {wanted}puzzles made "
            "(raise --max-tries, or ask for another size or level)"
        )
        return EXIT_FAIL
    return EXIT_OK


def cmd_rules(args: argparse.Namespace) -> int:
    """List a family's rules, easiest first, with their weights, and its grade levels."""
    fam = get_family(args.family_name)
    console = _out()
    console.print(f"[bold]{fam.description}[/bold]")
    for rule in fam.rules:
        origin = rule_origin(fam.name, rule.name)
        source = f" (from {origin})" if origin else ""
        console.print(f"  {rule.weight:5.2f}  {rule.name}: {rule.description}{source}")
    if fam.levels:
        console.print(f"levels: {', '.join(fam.levels)}")
    return EXIT_OK


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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``deduce`` command."""
    parser = argparse.ArgumentParser(
        prog="deduce",
        description="Solve grid logic puzzles the way a strong player does, and say how.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    families = ", ".join(family_names())

    def add(
        name: str, func: Any, help_text: str, input_arg: bool = True
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(func=func)
        if input_arg:
            p.add_argument(
                "input",
                help="a puzzle file (one puzzle, or one per line), a puzzle string, or - for stdin",
            )
            p.add_argument(
                "--family", help=f"the puzzle family when the text does not tell ({families})"
            )
            p.add_argument(
                "--time-limit",
                type=_seconds,
                metavar="SECONDS",
                help="stop guessing after this long and report the puzzle as undecided",
            )
        return p

    p = add("solve", cmd_solve, "print the solution of each puzzle")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p = add("explain", cmd_explain, "explain the solve step by step, with the grid")
    p.add_argument("--brief", action="store_true", help="sentences only, no grids")
    p.add_argument("--json", action="store_true", help="print the log as JSON")
    p.add_argument("--html", metavar="FILE", help="write a self-contained step-by-step page")
    p.add_argument("--svg", metavar="DIR", help="write one SVG picture per step into DIR")
    p = add("hint", cmd_hint, "check a player's grid and hint at the next step")
    p.add_argument(
        "--progress", help="the player's grid (file or string); see the README for the format"
    )
    p.add_argument(
        "--level",
        type=int,
        choices=(1, 2, 3, 4),
        default=1,
        help="1 where to look, 2 which technique, 3 the cells, 4 the full deduction",
    )
    add("check", cmd_check, "say unique / several / no solution, and whether guessing is needed")
    p = add("rate", cmd_rate, "grade every puzzle of a file, one line each")
    p.add_argument("--format", choices=("csv", "jsonl"), default="csv")
    p.add_argument("--output", "-o", help="write to this file instead of standard output")
    p = add("generate", cmd_generate, "make new puzzles", input_arg=False)
    p.add_argument("family_name", metavar="FAMILY", help=families)
    p.add_argument("--count", type=int, default=1)
    p.add_argument("--seed", type=int)
    p.add_argument("--difficulty", help="keep only puzzles of this grade level")
    p.add_argument("--size", help="grid size, e.g. 9x9 (family-specific)")
    p.add_argument(
        "--max-tries",
        type=int,
        help=f"give up after this many candidates (default {TRIES_PER_PUZZLE} per puzzle asked for)",
    )
    p.add_argument(
        "--density", type=float, help="share of filled cells, 0 to 1 (nonogram pictures)"
    )
    p = add("rules", cmd_rules, "list a family's rules and grade levels", input_arg=False)
    p.add_argument("family_name", metavar="FAMILY", help=families)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (0 ok, 1 not done, 2 bad input, 130 interrupted)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return _run(args)
    finally:
        for problem in plugin_problems():
            _err(f"warning: {problem} (skipped)")


def _run(args: argparse.Namespace) -> int:
    try:
        return args.func(args)
    except DeduceError as exc:
        _err(str(exc))
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        _err("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except RecursionError:
        _err("internal error: the puzzle is too large for this solver (recursion limit)")
        return EXIT_FAIL


if __name__ == "__main__":
    sys.exit(main())
