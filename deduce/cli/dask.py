"""What deduce uses of a Dask ``distributed`` client (``rate --dask``, ``rate_many(client=)``),
as types: ``distributed`` ships none, and is an optional dependency (the ``dask`` extra)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class DaskFuture(Protocol[R_co]):
    """What deduce uses of a ``distributed.Future``."""

    def result(self) -> R_co:
        """Wait for the task and give its value."""
        ...


class DaskClient(Protocol):
    """What deduce uses of a ``distributed.Client`` (distributed itself ships no types)."""

    def scheduler_info(self) -> dict[str, Any]:
        """The scheduler's description, its ``workers`` among it."""
        ...

    def submit(self, func: Callable[..., R], /, *args: Any, pure: bool = ...) -> DaskFuture[R]:
        """Run ``func(*args)`` on a worker."""
        ...

    def close(self) -> None:
        """Disconnect from the scheduler."""
        ...
