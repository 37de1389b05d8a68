"""The one client of the AI worker: the page's :class:`web.computer.Computer`.

index.html declares the worker (``<script type="py" worker name="ai">``, inside a
template that :func:`start` adds to the page once the board is drawn, so that the two
interpreters do not compete for the CPU while a person waits for the board). The main
thread reaches it with ``await pyscript.workers["ai"]`` and calls the names its
:mod:`web.ai_worker` exports; answers cross as JSON text.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window, workers

from tablut import Game
from web.computer import as_data


def start() -> None:
    """Start the AI worker declared in index.html's ``<template id="ai-worker">``."""
    template = document.getElementById("ai-worker")
    document.body.append(template.content.cloneNode(True))


class WorkerComputer:
    """The computer player in the AI worker (see :class:`web.computer.Computer`)."""

    async def _worker(self) -> Any:
        return await workers["ai"]

    async def think(self, record: str, level: int, seed: int,
                    seconds: float | None = None) -> dict[str, Any] | None:
        """See :meth:`web.computer.Computer.think`."""
        return as_data(await (await self._worker()).think(record, level, seed, seconds))

    async def start_analysis(self, record: str, seconds: float) -> int:
        """See :meth:`web.computer.Computer.start_analysis`."""
        return int(await (await self._worker()).start_analysis(record, seconds))

    async def next_analysis(self, token: int) -> dict[str, Any] | None:
        """See :meth:`web.computer.Computer.next_analysis`."""
        return as_data(await (await self._worker()).next_analysis(token))

    async def check(self) -> None:
        """Ask for a move in the start position at level 1 (the quickest search) and
        check that it is legal; then mark the page: ``data-ai`` is "ready", or "failed"
        with the reason in the console (a failure costs only the computer player).

        Performance marks ``tablut:ai-started`` (the worker is up) and ``tablut:ai``
        (its first answer) time it for ``tests/e2e/measure_startup.py``.
        """
        try:
            await self._worker()
            window.performance.mark("tablut:ai-started")
            game = Game()
            data = await self.think(game.to_json(), 1, 0)
            move = None if data is None else (int(data["from"]), int(data["to"]))
            if move not in game.legal_moves():
                raise RuntimeError(f"the AI worker suggested {data!r}, not a legal move")
            document.body.dataset.ai = "ready"
            window.performance.mark("tablut:ai")
        except Exception as error:  # noqa: BLE001 - any failure means: no computer player
            window.console.error(f"Tablut: the computer player is unavailable: {error}")
            document.body.dataset.ai = "failed"
