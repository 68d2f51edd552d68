"""The commands that take many puzzles: solve, check and rate.

Each record becomes an ``Outcome`` (its output line, its message, its kind) through
``work``, a plain function of a small ``Task`` value, so that the same work runs in this
process, in a pool of worker processes (``--jobs``) or on a Dask cluster (``--dask``); the
command only writes outcomes, in input order, as they come.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import itertools
import json
from collections.abc import Iterator
from typing import Any

import attrs

from deduce import api
from deduce.cli import dask as dask_batch
from deduce.cli.collection import Collection, frame_of
from deduce.cli.common import CSV_FIELDS, UserError, _error_record, _problem
from deduce.cli.dask import DaskClient
from deduce.cli.output import Sink, safe_output
from deduce.cli.pool import Batch, default_jobs, max_jobs
from deduce.cli.progress import Shown
from deduce.cli.stall import patience
from deduce.cli.status import (
    EXIT_BAD_INPUT,
    EXIT_FAIL,
    EXIT_OK,
    _err,
    how_stopped,
    signals_held,
    stopped_status,
)
from deduce.errors import DeduceError
from deduce.inputs import Record, batch_family, load_record, records

#: What an outcome was: a clean answer, bad input, a puzzle with no single solution, or one
#: the time limit left undecided.
OK, BAD, UNFAIR, UNDECIDED = "ok", "bad", "unfair", "undecided"


@attrs.frozen
class Task:
    """What to do with every record (plain values: it travels to worker processes)."""

    command: str
    family: str | None = None
    batch_family: str | None = None
    time_limit: float | None = None
    search: str = "auto"
    json: bool = False
    format: str = "csv"
    output_format: str | None = None


@attrs.frozen
class Outcome:
    """One record's result: the text for standard output (None: nothing), the one-line
    message for standard error (None: nothing) and its kind."""

    out: str | None
    err: str | None
    kind: str


def work(task: Task, record: Record) -> Outcome:
    """Solve, check or rate one record (never raises for a bad puzzle: that is an outcome)."""
    try:
        puzzle, record = load_record(record, task.family, task.batch_family)
        result = api.solve(puzzle, max_seconds=task.time_limit, search=task.search)
    except DeduceError as exc:
        return _bad(task, record, str(exc))
    except RecursionError:
        return _bad(task, record, f"{record.where}: the puzzle is too large for this solver")
    problem = _problem(result)
    kind = OK if not problem else UNDECIDED if result.status == api.UNKNOWN else UNFAIR
    err = f"{record.where}: {problem}" if problem else None
    if task.command == "rate":
        return Outcome(_row(task, result.rating(record.note).to_dict(), problem), err, kind)
    if task.command == "check":
        return Outcome(_verdict(result, record, problem), None, kind)
    if task.json:
        data = result.rating(record.note).to_dict()
        if problem and result.status == api.MULTIPLE:
            data["error"] = problem
        return Outcome(json.dumps(data), err, kind)
    text = None
    if result.solution is not None and result.status in (api.UNIQUE, api.UNKNOWN):
        try:
            text = _solution_form(result, "\n" in record.text, task.output_format)
        except DeduceError as exc:  # a form this puzzle's family does not have
            return _bad(task, record, f"{record.where}: {exc}")
    return Outcome(text, err, kind)


def crashed(task: Task, record: Record, why: str) -> Outcome:
    """The outcome of a record whose worker process died on it."""
    return _bad(task, record, f"{record.where}: {why}")


def _bad(task: Task, record: Record, message: str) -> Outcome:
    if task.command == "rate":
        return Outcome(_row(task, _error_record(record, task.family, message), None), message, BAD)
    if task.command == "solve" and task.json:
        return Outcome(json.dumps(_error_record(record, task.family, message)), message, BAD)
    return Outcome(None, message, BAD)


def _row(task: Task, data: dict[str, Any], problem: str | None) -> str:
    if problem and not data["error"]:
        data["error"] = problem
    if task.format == "jsonl":
        return json.dumps(data)
    row = {**data, **(data["grade"] or {})}
    line = io.StringIO()
    csv.writer(line).writerow([row.get(k) if row.get(k) is not None else "" for k in CSV_FIELDS])
    return line.getvalue().rstrip("\r\n")


def _verdict(result: api.Result, record: Record, problem: str | None) -> str:
    prefix = f"{record.where}: " if record.where != "the input" else ""
    if result.status != api.UNIQUE:
        return f"{prefix}{problem}"
    how = "the rules alone suffice" if result.solved_by_rules else _search_text(result)
    return f"{prefix}unique solution; {how}; grade {result.effort.level}"


def _search_text(result: api.Result) -> str:
    """``needs guessing (12 guess(es))``, and for search that learns its clauses learned."""
    tally = result.search
    if tally is not None and tally.method == "learn":
        return (
            f"needs guessing ({result.effort.guesses} guess(es) by search that learns, "
            f"{tally.learned} clause(s) learned)"
        )
    return f"needs guessing ({result.effort.guesses} guess(es))"


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


# --- the commands -------------------------------------------------------------------------


def cmd_solve(args: argparse.Namespace) -> int:
    """Print the solution of every puzzle of the input."""
    if args.output_format is not None:
        from deduce.cli.convert import check_solution_form

        check_solution_form(args.output_format, args.family)
    task = Task(
        "solve",
        args.family,
        time_limit=args.time_limit,
        search=args.search,
        json=args.json,
        output_format=args.output_format,
    )
    return _run(args, task)


def cmd_check(args: argparse.Namespace) -> int:
    """Say unique / several / none for every puzzle, and whether the rules alone suffice."""
    task = Task("check", args.family, time_limit=args.time_limit, search=args.search)
    return _run(args, task)


def cmd_rate(args: argparse.Namespace) -> int:
    """Grade every puzzle of the input: one CSV row or JSON line each, written as it comes."""
    task = Task(
        "rate", args.family, time_limit=args.time_limit, search=args.search, format=args.format
    )
    return _run(args, task)


def _run(args: argparse.Namespace, task: Task) -> int:
    """Work through the input's records and write each outcome as it comes, in order."""
    jobs = getattr(args, "jobs", None) or default_jobs()
    if jobs < 1:
        raise UserError("--jobs must be at least 1")
    bound, why = max_jobs()
    if jobs > bound:
        raise UserError(
            f"--jobs {jobs} is more workers than this machine can use: at most {bound} ({why})"
        )
    output = getattr(args, "output", None)
    cluster = _Cluster.reach(args)  # before the output is touched: an earlier OUT stays
    with cluster or contextlib.nullcontext(), safe_output(output, args.input) as out:
        found = records(args.input, args.family)
        head = list(itertools.islice(found, 20))
        if not args.family and len(head) > 1:
            task = attrs.evolve(task, batch_family=batch_family(head))
        source: Iterator[Record] = itertools.chain(head, found)
        if task.command == "rate" and task.format == "csv":
            out.write(",".join(CSV_FIELDS) + "\n")
        if len(head) < 2:
            jobs = 1  # one puzzle: no pool to start
        batch: Batch[Task, Outcome] | _DaskBatch
        if cluster:
            batch = _DaskBatch(task, source, cluster)
        else:
            batch = Batch(
                work,
                task,
                source,
                jobs,
                lambda r, why: crashed(task, r, why),
                patience(task.time_limit),
            )
        return _write(batch, out, task, Shown(args.input, args.family))


def _write(batch: Batch[Task, Outcome] | _DaskBatch, out: Sink, task: Task, shown: Shown) -> int:
    counts = dict.fromkeys((OK, BAD, UNFAIR, UNDECIDED), 0)
    written = None
    if task.command == "solve" and not task.json:
        written = Collection(out, frame_of(task.output_format))
    try:
        for _, outcome in batch:
            with signals_held():
                _emit(outcome, out, counts, flush=not batch.ready(), written=written)
            shown.advance()
    except KeyboardInterrupt as exc:
        for _, outcome in batch.leftovers():
            _emit(outcome, out, counts, written=written)
        done = sum(counts.values())
        _err(f"{how_stopped(exc)} after {done} puzzles; the results of those were written")
        return stopped_status(exc)
    except dask_batch.ClusterLost as exc:
        done = sum(counts.values())
        _err(f"{exc}: stopped after {done} puzzles; the results of those were written")
        return EXIT_FAIL
    finally:
        shown.stop()
        batch.close()
        if written is not None:
            written.close()
    errors = counts[BAD] + counts[UNFAIR]
    shown.summary(task.command, sum(counts.values()), errors, counts[UNDECIDED])
    return _summary(counts, task)


def _emit(
    outcome: Outcome,
    out: Sink,
    counts: dict[str, int],
    flush: bool = True,
    written: Collection | None = None,
) -> None:
    """Write one outcome (solutions as a ``Collection``: a blank line between grids)."""
    if outcome.out is not None and written is not None:
        written.add(outcome.out, flush=flush)
    elif outcome.out is not None:
        out.write(outcome.out + "\n")
        if flush:  # else the next line is written at once, and flushed with it
            out.flush()
    if outcome.err:
        _err(outcome.err)
    counts[outcome.kind] += 1


def _summary(counts: dict[str, int], task: Task) -> int:
    total = sum(counts.values())
    if task.command == "rate" and total > 1:
        if counts[BAD]:
            _err(f"{counts[BAD]} of {total} puzzles could not be rated")
        if counts[UNFAIR]:
            _err(f"{counts[UNFAIR]} of {total} puzzles have no single solution")
        if counts[UNDECIDED]:
            _err(f"{counts[UNDECIDED]} of {total} puzzles were left undecided by --time-limit")
    if counts[BAD] or counts[UNFAIR]:
        return EXIT_BAD_INPUT
    return EXIT_FAIL if counts[UNDECIDED] else EXIT_OK


class _Cluster:
    """The Dask cluster that ``--dask`` names: its client and its scheduler's address; a
    context manager that disconnects at its end (``deduce.cli.dask``)."""

    def __init__(self, client: DaskClient, address: str) -> None:
        self.client, self.address = client, address

    @classmethod
    def reach(cls, args: argparse.Namespace) -> _Cluster | None:
        """The cluster that ``--dask`` names, reached (None without ``--dask``)."""
        given = getattr(args, "dask", None)
        if given is None:
            return None
        address = dask_batch.scheduler_address(given)
        return cls(dask_batch.connect(address), address)

    def __enter__(self) -> _Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.client.close()


class _DaskBatch:
    """The batch on a Dask cluster."""

    def __init__(self, task: Task, source: Iterator[Record], cluster: _Cluster) -> None:
        self.task, self.source, self.cluster = task, source, cluster

    def __iter__(self) -> Iterator[tuple[Record, Outcome]]:
        scheduler = f"the Dask scheduler at {self.cluster.address}"
        return dask_batch.on_dask(
            work, self.task, self.source, self.cluster.client, self._crashed, say=_err,
            scheduler=scheduler,
        )  # fmt: skip

    def _crashed(self, record: Record, why: str) -> Outcome:
        return crashed(self.task, record, why)

    def ready(self) -> bool:
        """Never known ahead: every line is flushed as it is written."""
        return False

    def leftovers(self) -> list[tuple[Record, Outcome]]:
        """Nothing: an interrupted Dask batch keeps only what was written."""
        return []

    def close(self) -> None:
        """Nothing: the command leaves the cluster when it ends (``_Cluster``)."""
