"""The computer player in the tests' own interpreter: the worker's functions called
directly (:mod:`web.computer.worker`), behind the same :class:`Computer` protocol as the
page's worker client."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Any

from web.computer import worker
from web.computer.protocol import as_data, checked


class LocalComputer:
    """The computer player in this interpreter: the worker's own functions, without a
    worker, tickets and all.

    Each call gives the event loop a turn first, as a call to the worker does; a stop
    in that turn stops it before it searches (a search here cannot be interrupted: it
    holds the only thread).
    """

    #: Calls are numbered across every LocalComputer, which share the worker module and
    #: so its record of the calls stopped.
    _tickets = itertools.count(1)

    def __init__(self) -> None:
        """No call made yet."""
        self.ticket = 0

    async def _call(self, function: Callable[..., Any], *args: Any) -> Any:
        self.ticket = ticket = next(LocalComputer._tickets)
        await asyncio.sleep(0)
        return checked(function(ticket, *args))

    async def think(self, record: str, level: int, seed: int,
                    seconds: float | None = None) -> dict[str, Any] | None:
        """See :meth:`Computer.think`."""
        return as_data(await self._call(worker.think, record, level, seed, seconds))

    async def start_analysis(self, record: str, seconds: float) -> int:
        """See :meth:`Computer.start_analysis`."""
        return int(await self._call(worker.start_analysis, record, seconds))

    async def next_analysis(self, token: int) -> dict[str, Any] | None:
        """See :meth:`Computer.next_analysis`."""
        return as_data(await self._call(worker.next_analysis, token))

    def stop(self) -> None:
        """See :meth:`Computer.stop`."""
        worker.stop_calls(self.ticket)
