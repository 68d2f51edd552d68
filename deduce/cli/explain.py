"""The commands about one puzzle's steps: explain (every step) and hint (the next one)."""

from __future__ import annotations

import argparse

from rich.console import Console

from deduce import api
from deduce.cli.common import UserError, _exit_status, _load, _out, _problem, _records
from deduce.cli.status import EXIT_FAIL, EXIT_OK, _err
from deduce.cli.walkthrough import NONE, shows_grid
from deduce.errors import Contradiction, ParseError
from deduce.grade import minutes_text
from deduce.inputs import looks_like_path, read_source
from deduce.show.hints import unplaced
from deduce.show.replay import replay
from deduce.show.techniques import rule_level
from deduce.show.terminal import for_console, legend, plain, print_wrapped
from deduce.step import CONTRADICTION, GUESS, Step

# --- explain -----------------------------------------------------------------------------


def cmd_explain(args: argparse.Namespace) -> int:
    """Print every step of the solve as a sentence, with the grid and the step highlighted."""
    records = _records(args, limit=2)
    if len(records) > 1:
        raise UserError("explain takes one puzzle; the input holds several (use rate for a batch)")
    puzzle = _load(records[0], args.family)
    result = api.solve(puzzle, max_seconds=args.time_limit, search=args.search)
    if args.json:
        print(result.log.to_json())
        return _exit_status(result)
    if args.html or args.svg:
        return _write_pictures(args, result)
    console = _out()
    fam = puzzle.family
    shown = puzzle.text if len(puzzle.text) < 200 else puzzle.text[:100] + "…"
    print_wrapped(console, shown, bold=fam.description)
    mode = NONE if args.brief or fam.render is None else args.grids
    if mode != NONE:
        console.print(legend(markers=plain(console)))
    _print_steps(console, result, mode)
    _print_summary(console, result)
    problem = _problem(result)
    if problem:
        _err(f"{records[0].where}: {problem}")
    return _exit_status(result)


def _print_steps(console: Console, result: api.Result, mode: str) -> None:
    """Every step as a sentence, and the grid with the step highlighted where ``mode``
    (``deduce.cli.walkthrough.GRIDS``) draws it."""
    fam, data, log = result.puzzle.family, result.puzzle.data, result.log
    easiest = fam.levels[:1]
    levels: dict[str, bool] = {}

    def plain_step(step: Step) -> bool:
        if step.rule not in levels:
            levels[step.rule] = rule_level(fam, step.rule, step.difficulty) in easiest
        return levels[step.rule]

    number = 0
    for k, (state, step) in enumerate(replay(fam, data, log), start=1):
        indent = "  " * step.depth
        if step.kind == GUESS:
            label, counted = "guess", 0
        elif step.kind == CONTRADICTION:
            label, counted = "contradiction", 0
        else:
            number += 1
            label, counted = f"{number}. {step.rule}", number
        print_wrapped(console, step.explanation, bold=label, indent=indent)
        for j, sub in enumerate(step.substeps, start=1):
            print_wrapped(console, sub.explanation, bold=f"{j}", indent=indent + "   ")
        last = k == len(log.steps)
        if step.kind != CONTRADICTION and shows_grid(mode, step, counted, last, plain_step):
            assert fam.render is not None  # mode is NONE without one
            console.print(for_console(console, fam.render(data, state, step)))


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


#: Why a puzzle has no grade, by status.
_NO_GRADE = {api.MULTIPLE: "several solutions", api.NONE: "no solution"}


def _print_summary(console: Console, result: api.Result) -> None:
    grade = result.grade
    if result.solution is not None and result.status == api.UNIQUE:
        fam = result.puzzle.family
        grid = fam.solution_grid or fam.solution_text
        console.print("[bold]Solution[/bold]:")
        console.print(grid(result.puzzle.data, result.solution))
    if grade is None:
        print_wrapped(console, f"none, the puzzle has {_NO_GRADE[result.status]}", bold="Grade")
        return
    how = "the rules alone" if result.solved_by_rules else f"{grade.guesses} guess(es)"
    print_wrapped(
        console,
        f"{grade.level} (score {grade.score:.2f}; hardest rule: "
        f"{grade.hardest_rule or 'none'}; solved with {how}; {len(result.log.deductions())} steps"
        f"{minutes_text(grade, '; ')})",
        bold="Grade",
    )


# --- hint --------------------------------------------------------------------------------


def cmd_hint(args: argparse.Namespace) -> int:
    """Check a player's grid for mistakes, then say where to look for the next step."""
    records = _records(args, limit=2)
    if len(records) > 1:
        raise UserError("hint takes one puzzle")
    puzzle = _load(records[0], args.family)
    fam, data = puzzle.family, puzzle.data
    result = api.solve(puzzle, max_seconds=args.time_limit, search=args.search)
    problem = _problem(result)
    if problem:
        message = f"{records[0].where}: {problem}; no hint can be given"
        if result.status == api.UNKNOWN:
            _err(message)
            return EXIT_FAIL
        raise UserError(message)
    if args.progress:
        progress_text, from_file = read_source(args.progress, puzzle=False)
        try:
            state = api.read_progress(puzzle, progress_text)
        except Contradiction as exc:
            raise UserError(f"your grid breaks a rule: {exc}") from None
        except ParseError:
            if not from_file and looks_like_path(args.progress):
                raise UserError(f"no such file: {args.progress}") from None
            raise
    else:
        state = fam.initial_state(data)
    hint = api.hint_for(result, state, args.level)
    console = _out()
    for text in hint.texts:
        print_wrapped(console, text)
    if hint.step is not None and args.level >= 3 and fam.render is not None:
        shown = hint.step if args.level >= 4 else unplaced(hint.step)
        console.print(for_console(console, fam.render(data, state, shown)))
    return EXIT_OK
