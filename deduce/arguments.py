"""Checking the public API's arguments before any work, so that a wrong one is an
``ArgumentError`` (a wrong value, a ``ValueError``) or ``ArgumentTypeError`` (a wrong type,
a ``TypeError``) naming the argument and what it takes, never an error from deep inside."""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from deduce.errors import ArgumentError, ArgumentTypeError

T = TypeVar("T")

#: The JSON Schemas shipped in the package (``deduce.schema``).
SCHEMAS = ("log", "record")


def bound(name: str, value: object, kind: type[int] | type[float], least: float) -> None:
    """Check an optional numeric bound: None, or a ``kind`` (never bool) of ``least`` or more."""
    if value is None:
        return
    if not _is(value, kind):
        what = "a number" if kind is float else "a whole number"
        raise ArgumentTypeError(f"{name} must be {what}, not {type(value).__name__}")
    if not value >= least:  # type: ignore[operator]
        raise ArgumentError(f"{name} must be {least:g} or more, not {value!r}")


def _is(value: object, kind: type) -> bool:
    """``isinstance``, except that a bool is no number and an int is a float too."""
    if kind in (int, float) and isinstance(value, bool):
        return False
    return isinstance(value, (int, float) if kind is float else kind)


def puzzles(value: Iterable[T]) -> Iterable[T]:
    """``rate_many``'s puzzles: an iterable of texts or Puzzles, not one text."""
    if isinstance(value, (str, bytes)):
        raise ArgumentTypeError(
            "puzzles must be an iterable of puzzles (a list of texts, a file's lines), not "
            f"one {type(value).__name__}: deduce.rate rates one puzzle"
        )
    if not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"puzzles must be an iterable of puzzle texts or Puzzles, not {type(value).__name__}"
        )
    return value


def client(value: object) -> None:
    """``rate_many``'s client: None, or something with a Dask client's ``submit`` and
    ``scheduler_info``."""
    if value is None:
        return
    if not all(callable(getattr(value, name, None)) for name in ("submit", "scheduler_info")):
        raise ArgumentTypeError(
            f"client must be a distributed.Client (or None), not {type(value).__name__}"
        )


def schema(name: object) -> str:
    """``deduce.schema``'s name: one of ``SCHEMAS``."""
    if not isinstance(name, str):
        raise ArgumentTypeError(f"schema name must be a str, not {type(name).__name__}")
    if name not in SCHEMAS:
        raise ArgumentError(f"no schema called {name!r} (schemas: {', '.join(SCHEMAS)})")
    return name


def options(family: str, generate: Callable[..., Any], given: dict[str, object]) -> None:
    """A generator's own options (``density``): each one it takes, of the type it declares."""
    try:
        hints = typing.get_type_hints(generate)
    except Exception:  # a plugin's annotations that cannot be resolved: not checked
        hints = {}
    for key, value in given.items():
        kinds = [typing.get_origin(k) or k for k in _alternatives(hints.get(key))]
        kinds = [k for k in kinds if k is not type(None)]
        if value is None or not kinds or any(_is(value, k) for k in kinds if isinstance(k, type)):
            continue
        names = " or ".join(
            "a number" if k is float else getattr(k, "__name__", str(k)) for k in kinds
        )
        raise ArgumentTypeError(
            f"the {family} generator's {key} must be {names}, not {type(value).__name__}"
        )


def _alternatives(hint: object) -> tuple[object, ...]:
    """The types a hint allows (``float | None``: float and NoneType)."""
    if hint is None:
        return ()
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return typing.get_args(hint)
    return (hint,)
