"""Carrying the session's questions to the computer player, and its answers back.

:func:`carry_out` runs one :class:`web.session.Request` against any :class:`Computer`:
the page's is the AI worker (:class:`web.worker_client.WorkerComputer`); the tests'
is :class:`LocalComputer`, the same engine in this interpreter. Both answer with the
plain data of :meth:`tablut.ai.Analysis.to_dict`. No browser here: asyncio only.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Protocol

from web import ai_worker
from web.session import Request, Session


class Computer(Protocol):
    """The computer player as the page reaches it: each call may take seconds."""

    async def think(self, record: str, level: int, seed: int) -> dict[str, Any] | None:
        """The move for the side to move in ``record`` and what was thought of it."""
        ...

    async def start_analysis(self, record: str, seconds: float) -> int:
        """Begin analysing ``record``; the token for :meth:`next_analysis`."""
        ...

    async def next_analysis(self, token: int) -> dict[str, Any] | None:
        """The next depth of analysis ``token``; None once it is over or replaced."""
        ...


async def carry_out(session: Session, request: Request, computer: Computer) -> None:
    """Ask ``computer`` the question ``request`` and give the answers to ``session``,
    as long as the session still wants them. Failures are told to the session, never
    raised: the page keeps working without a computer player."""
    try:
        if request.pause:
            await asyncio.sleep(request.pause)
        if not session.current(request):
            session.answer(request, None)  # not wanted any more
            return
        if request.kind == "analysis":
            await _analyse(session, request, computer)
        else:
            session.answer(request, await computer.think(request.record, request.level,
                                                         request.seed))
    except Exception as error:  # noqa: BLE001 - whatever broke, the game goes on
        session.failed(request, str(error))


async def _analyse(session: Session, request: Request, computer: Computer) -> None:
    token = await computer.start_analysis(request.record, request.seconds)
    while session.current(request):
        data = await computer.next_analysis(token)
        if data is None:
            return
        session.answer(request, data)


class LocalComputer:
    """The computer player in this interpreter: what the worker does, without a worker.

    Each call gives the event loop a turn first, as a call to the worker does.
    """

    async def think(self, record: str, level: int, seed: int) -> dict[str, Any] | None:
        """See :meth:`Computer.think`."""
        await asyncio.sleep(0)
        return as_data(ai_worker.think(record, level, seed))

    async def start_analysis(self, record: str, seconds: float) -> int:
        """See :meth:`Computer.start_analysis`."""
        await asyncio.sleep(0)
        return ai_worker.start_analysis(record, seconds)

    async def next_analysis(self, token: int) -> dict[str, Any] | None:
        """See :meth:`Computer.next_analysis`."""
        await asyncio.sleep(0)
        return as_data(ai_worker.next_analysis(token))


def as_data(answer: str | None) -> dict[str, Any] | None:
    """An answer as it crosses from the worker (JSON text, or None) as plain data."""
    return None if answer is None else json.loads(str(answer))
