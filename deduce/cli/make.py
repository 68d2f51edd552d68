"""The commands about a family: generate new puzzles, list the rules."""

from __future__ import annotations

import argparse
import inspect
import sys
import time
from typing import TYPE_CHECKING

from deduce import api, clock
from deduce.cli.collection import Collection
from deduce.cli.common import UserError, _out
from deduce.cli.status import EXIT_FAIL, EXIT_OK, _err, how_stopped, stopped_status
from deduce.puzzles.generating import TRIES_PER_PUZZLE
from deduce.registry import get_family, rule_origin

if TYPE_CHECKING:  # rich's live display is imported only when a status line is shown
    from rich.live import Live
    from rich.text import Text

# --- generate and rules ------------------------------------------------------------------

#: The options of ``generate`` that only some families' generators take (``--density`` of a
#: nonogram picture, ``--givens`` of a Killer), passed on by name to those that do.
OWN_OPTIONS = ("density", "givens")


def cmd_generate(args: argparse.Namespace) -> int:
    """Write new puzzles of a family, one per line (optionally of one difficulty level; in
    a form of several lines, a blank line between two, see ``Collection``)."""
    fam = get_family(args.family_name)
    if args.difficulty and fam.levels and args.difficulty not in fam.levels:
        raise UserError(
            f"unknown {fam.name} level {args.difficulty!r} (levels: {', '.join(fam.levels)})"
        )
    if args.count < 1:
        raise UserError("--count must be at least 1")
    form = None
    if args.output_format is not None:
        from deduce.cli.convert import form_of

        form = form_of(fam, args.output_format)
    max_tries = args.max_tries if args.max_tries is not None else TRIES_PER_PUZZLE * args.count
    if max_tries < 1:
        raise UserError("--max-tries must be at least 1")
    status_line = sys.stderr.isatty()
    stats: dict[str, int] = {}
    start = time.perf_counter()
    made = 0
    status = _Status(stats, start, status_line, args.count)
    timed_out = False
    written = Collection(sys.stdout, form.frame if form is not None else ("", ""))
    try:
        options: dict[str, float] = {}
        for name in OWN_OPTIONS:
            value = getattr(args, name)
            if value is None:
                continue
            if fam.generate and name not in inspect.signature(fam.generate).parameters:
                raise UserError(f"the {fam.name} generator takes no --{name}")
            options[name] = value
        with clock.deadline(args.time_limit) as until:
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
                if until is not None and time.monotonic() >= until:
                    raise clock.TimeUp  # judged by solves the limit cut short: not kept
                status.stop()
                written.add(text if form is None else form.write(fam.parse(text)))
                made += 1
                stats["kept"] = made
                status.start()
    except clock.TimeUp:
        timed_out = True
    except KeyboardInterrupt as exc:
        status.stop()
        _err(f"{how_stopped(exc)} after {made} puzzles")
        return stopped_status(exc)
    finally:
        status.stop()
        written.close()
    tried = stats.get("tried")
    took = time.perf_counter() - start
    _err(f"made {made} puzzle(s)" + (f" from {tried} tried" if tried else "") + f" in {took:.1f} s")
    if timed_out:
        _err(f"stopped by --time-limit ({args.time_limit:g} s) with {made} of {args.count} made")
        return EXIT_FAIL
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
    if fam.forms:
        console.print(f"forms: {', '.join(form.name for form in fam.forms)}")
    return EXIT_OK


class _Status:
    """A status line on a terminal's standard error while candidates are made: how many were
    tried and kept, and for how long (a rare level at a big size can take minutes)."""

    def __init__(self, stats: dict[str, int], start: float, shown: bool, count: int) -> None:
        self.stats, self.begin, self.shown, self.count = stats, start, shown, count
        self.live: Live | None = None
        self.start()

    def text(self) -> str:
        tried, kept = self.stats.get("tried", 0), self.stats.get("kept", 0)
        took = time.perf_counter() - self.begin
        return f"generating: {kept} of {self.count} kept, {tried} candidates tried, {took:.0f} s"

    def start(self) -> None:
        if not self.shown or self.live is not None:
            return
        from rich.console import Console
        from rich.live import Live
        from rich.text import Text

        owner = self

        class Line:
            def __rich__(self) -> Text:
                return Text(owner.text())

        self.live = Live(Line(), console=Console(stderr=True), transient=True, refresh_per_second=4)
        self.live.start()

    def stop(self) -> None:
        if self.live is not None:
            self.live.stop()
            self.live = None
