"""The commands that take many puzzles: solve, check and rate."""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from rich.console import Console

from deduce import api
from deduce.cli.common import CSV_FIELDS, _error_record, _exit_status, _load, _problem, _records
from deduce.cli.status import EXIT_BAD_INPUT, EXIT_FAIL, EXIT_INTERRUPTED, EXIT_OK, _err
from deduce.errors import DeduceError
from deduce.inputs import Record

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
            print(_solution_form(result, "\n" in record.text, args.output_format), flush=True)
        if problem:
            status = max(status, _exit_status(result))
            _err(f"{record.where}: {problem}")
    return status


def _solution_form(result: api.Result, multiline: bool, form: str | None = None) -> str:
    fam, data, solution = result.puzzle.family, result.puzzle.data, result.solution
    assert solution is not None
    if form is not None:
        from deduce.cli.convert import solution_in

        return solution_in(fam, data, solution, form)
    if fam.format_solution is not None:
        return fam.format_solution(data, solution)
    if multiline and fam.solution_grid is not None:
        return fam.solution_grid(data, solution)
    return fam.solution_text(data, solution)


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
