"""The computer player, run in a web worker: its own interpreter, off the main thread.

index.html starts it with ``<script type="py" worker name="ai" src="./web/ai_worker.py">``;
the main thread reaches it with ``ai = await pyscript.workers["ai"]`` and calls the names
in ``__export__``, each call returning a promise. Arguments and results cross between
the threads as plain data, so a game travels as its JSON record and a move as its text.
The worker never touches the DOM, so it needs no SharedArrayBuffer (nor the COOP/COEP
headers that GitHub Pages does not send).

A search cannot be interrupted from outside (a call is not cancellable, and
``terminate()`` through ``workers["ai"]`` is just another call): every search here is
bounded by the level's node budget and deadline, and the page ignores a stale answer.
"""

from __future__ import annotations

from tablut import Game, format_move
from tablut.ai import DEFAULT_LEVEL, Engine


def suggest(record: str, level: int = DEFAULT_LEVEL, seed: int = 0) -> str | None:
    """The move the computer plays, as text (``"b3-6"``), for the side to move in the game
    ``record`` (:meth:`Game.to_json`), at ``level`` (see ``tablut.ai.LEVELS``) with the
    noise of ``seed``; None when the game is over."""
    game = Game.from_json(record)
    if not game.legal_moves():
        return None
    return format_move(Engine(level=int(level), seed=int(seed)).choose_move(game.board))


__export__ = ["suggest"]
