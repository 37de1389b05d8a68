"""The one client of the AI worker: the page's :class:`web.computer.turns.Computer`.

web/start.js starts the worker (web/ai_worker.py) and is the one road to it:
``window.tablutAI.call(name, ...args)`` calls an exported function and returns a promise
of its answer, ``window.tablutAI.stop()`` stops every call made so far. The same
road serves this module whether the page's Python runs on the main thread or in a
worker of its own (where ``window`` is a proxy of the page's). Answers cross as JSON text.
"""

from __future__ import annotations

import contextlib
from typing import Any

from pyscript import window

from tablut import Game
from web.computer.protocol import Stopped, as_data, checked


def start() -> None:
    """Start the AI worker (web/main.py does once the board is drawn, so that the two
    interpreters do not compete while a person waits for it)."""
    window.tablutAI.start()


class WorkerComputer:
    """The computer player in the AI worker (see :class:`web.computer.turns.Computer`)."""

    def __init__(self, document: Any) -> None:
        """Reach the worker through web/start.js; mark ``document``'s body when it has
        answered its first call."""
        self.document = document
        self.ai = window.tablutAI  # looked up once: from a worker, each lookup is costly

    async def _call(self, name: str, *args: Any) -> Any:
        return checked(await self.ai.call(name, *args))

    async def think(self, record: str, level: int, seed: int,
                    seconds: float | None = None) -> dict[str, Any] | None:
        """See :meth:`web.computer.turns.Computer.think`."""
        # No seconds, rather than None, which JavaScript would not hand back as None.
        limit = () if seconds is None else (seconds,)
        return as_data(await self._call("think", record, level, seed, *limit))

    async def start_analysis(self, record: str, seconds: float) -> int:
        """See :meth:`web.computer.turns.Computer.start_analysis`."""
        return int(await self._call("start_analysis", record, seconds))

    async def next_analysis(self, token: int) -> dict[str, Any] | None:
        """See :meth:`web.computer.turns.Computer.next_analysis`."""
        return as_data(await self._call("next_analysis", token))

    def stop(self) -> None:
        """See :meth:`web.computer.turns.Computer.stop`."""
        self.ai.stop()

    async def check(self) -> None:
        """Ask for a move in the start position at level 1 (the quickest search) and
        check that it is legal; then mark the page: ``data-ai`` is "ready", or "failed"
        with the reason in the console (a failure costs only the computer player).

        The performance mark ``tablut:ai`` (its first answer) times it for
        ``tests/e2e/measure_startup.py``; web/start.js marks ``tablut:ai-started``.
        """
        body = self.document.body
        try:
            game = Game()
            # A stop of the game's own questions may cross this one: it answered, then.
            with contextlib.suppress(Stopped):
                data = await self.think(game.to_json(), 1, 0)
                move = None if data is None else (int(data["from"]), int(data["to"]))
                if move not in game.legal_moves():
                    raise RuntimeError(f"the AI worker suggested {data!r}, not a legal move")
            body.dataset.ai = "ready"
            window.performance.mark("tablut:ai")
        except Exception as error:  # noqa: BLE001 - any failure means: no computer player
            window.console.error(f"Tablut: the computer player is unavailable: {error}")
            body.dataset.ai = "failed"
