"""The road between the page and the computer player's worker, shared by both ends:
what a stopped call answers, how an answer crosses (JSON text), and the
:class:`Computer` protocol that the page's client (:mod:`web.computer.client`) and the
tests' engine in one interpreter both implement.

The worker (:mod:`web.computer.worker`) imports only this module of the page's, so that
its interpreter loads the engine and nothing else of the page.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

#: What a stopped call answers (web/start.js knows the same text).
STOPPED = "tablut:stopped"


class Stopped(Exception):  # noqa: N818 - a stop is not an error
    """A call to the computer was stopped by :meth:`Computer.stop` before it answered."""


class Computer(Protocol):
    """The computer player as the page reaches it: each call may take seconds, and
    raises :class:`Stopped` when :meth:`stop` stopped it."""

    async def think(self, record: str, level: int, seed: int,
                    seconds: float | None = None) -> dict[str, Any] | None:
        """The move for the side to move in ``record`` and what was thought of it, in at
        most ``seconds`` when given."""
        ...

    async def start_analysis(self, record: str, seconds: float) -> int:
        """Begin analysing ``record``; the token for :meth:`next_analysis`."""
        ...

    async def next_analysis(self, token: int) -> dict[str, Any] | None:
        """The next depth of analysis ``token``; None once it is over or replaced."""
        ...

    def stop(self) -> None:
        """Stop every call made so far, the running search included, promptly: each
        raises :class:`Stopped` (unless it has answered already)."""
        ...



def checked(answer: Any) -> Any:
    """An answer from the worker as it is, unless it says the call was stopped
    (:data:`STOPPED`): then :class:`Stopped` is raised."""
    if isinstance(answer, str) and answer == STOPPED:
        raise Stopped
    return answer


def as_data(answer: str | None) -> dict[str, Any] | None:
    """An answer as it crosses from the worker (JSON text, or None) as plain data."""
    return None if answer is None else json.loads(str(answer))
