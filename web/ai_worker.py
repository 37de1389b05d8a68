"""The computer player, run in a web worker: its own interpreter, off the main thread.

index.html starts it with ``<script type="py" worker name="ai" src="./web/ai_worker.py">``;
the main thread reaches it with ``ai = await pyscript.workers["ai"]`` and calls the names
in ``__export__``, each call returning a promise. Arguments and results cross between
the threads as plain data, so a game travels as its JSON record and a move as its text.
The worker never touches the DOM, so it needs no SharedArrayBuffer (nor the COOP/COEP
headers that GitHub Pages does not send).
"""

from __future__ import annotations

import random

from tablut.game import Game
from tablut.notation import format_move


def suggest(record: str, seed: int = 0) -> str | None:
    """A legal move, as text (``"b3-6"``), for the side to move in the game ``record``
    (:meth:`Game.to_json`), or None when the game is over.

    A random legal move until the engine's search lands here: the point for now is the
    round trip through the worker, which the page checks at start.
    """
    game = Game.from_json(record)
    moves = game.legal_moves()
    if not moves:
        return None
    return format_move(random.Random(seed).choice(moves))


__export__ = ["suggest"]
