"""``deduce convert``: each puzzle of the input written in another text form of its family;
and the writers behind ``solve --output-format`` and ``generate --output-format``."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from deduce.cli.collection import Collection
from deduce.cli.common import UserError, _load, _stream
from deduce.cli.status import EXIT_BAD_INPUT, EXIT_OK, _err
from deduce.errors import DeduceError, ParseError
from deduce.family import Family, Form
from deduce.inputs import Record


def form_of(family: Family[Any], name: str) -> Form[Any]:
    """The family's text form called ``name``; UserError naming the forms it has."""
    try:
        return family.form(name)
    except ParseError as exc:
        raise UserError(str(exc)) from None


def solution_in(family: Family[Any], data: Any, values: list[int], name: str) -> str:
    """A solution written in the family's form ``name`` (``solve --output-format``)."""
    form = form_of(family, name)
    if form.write_solution is None:
        raise UserError(f"the {family.name} form {form.name!r} cannot show a solution")
    return form.write_solution(data, values)


def check_solution_form(name: str, family: str | None) -> None:
    """Refuse ``solve --output-format NAME`` before any work when no family the input can be
    (``family``, or any) has a form of that name that can show a solution."""
    from deduce.registry import family_names, get_family

    if family is not None:
        fam = get_family(family)
        if form_of(fam, name).write_solution is None:
            raise UserError(f"the {fam.name} form {name!r} cannot show a solution")
        return
    able = {
        form.name
        for fam in map(get_family, family_names())
        for form in fam.forms
        if form.write_solution is not None
    }
    if name not in able:
        raise UserError(
            f"no family writes a solution in the form {name!r} "
            f"(--output-format takes: {', '.join(sorted(able))})"
        )


def cmd_convert(args: argparse.Namespace) -> int:
    """Write every puzzle of the input in the form ``--to`` names, as a collection that reads
    back as the same puzzles (see ``Collection``)."""
    status = EXIT_OK
    records = _stream(args)
    forms: dict[str, Form[Any]] = {}
    written: Collection | None = None
    try:
        for record in records:
            puzzle = _load_or_report(record, args)
            if puzzle is None:
                status = EXIT_BAD_INPUT
                continue
            fam = puzzle.family
            if fam.name not in forms:
                forms[fam.name] = form_of(fam, args.to)
            try:
                text = forms[fam.name].write(puzzle.data)
            except DeduceError as exc:
                _err(f"{record.where}: {exc}")
                status = EXIT_BAD_INPUT
                continue
            if written is None:
                written = Collection(sys.stdout, forms[fam.name].frame)
            written.add(text)
    finally:
        if written is not None:
            written.close()
    return status


def _load_or_report(record: Record, args: argparse.Namespace) -> Any:
    """The puzzle of ``record``, or None (its problem reported) when it does not read."""
    try:
        return _load(record, args.family, args.batch_family)
    except DeduceError as exc:
        _err(str(exc))
        return None
