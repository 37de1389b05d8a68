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

import json
from collections.abc import Iterator

from tablut import Game
from tablut.ai import DEFAULT_LEVEL, LEVELS, Analysis, Engine


def think(record: str, level: int = DEFAULT_LEVEL, seed: int = 0,
          seconds: float | None = None) -> str | None:
    """The computer's move and what it thought, for the side to move in ``record``: the
    final :meth:`Analysis.to_dict` as JSON (``move``, ``from``, ``to``, ``score``, ``pv``,
    ``depth`` ...), or None when the game is over. ``seconds``, when given (a clock),
    caps the level's own thinking time.

    JSON, because a string crosses between the threads unchanged whatever the bridge
    makes of dicts.
    """
    game = Game.from_json(record)
    if not game.legal_moves():
        return None
    engine = Engine(level=int(level), seed=int(seed))
    if seconds is None:
        return json.dumps(engine.think(game.board).to_dict())
    spec = LEVELS[int(level)]
    limits = {"time_limit": min(float(seconds), spec.seconds), "nodes": spec.nodes,
              "depth": spec.depth}
    return json.dumps(engine.think(game.board, **limits).to_dict())


# The analysis in progress: one search generator, advanced one depth per call, so that its
# transposition table and move ordering carry over from depth to depth, and the page
# shows each depth as soon as it is done.
_analysis: Iterator[Analysis] | None = None
_analysis_token = 0


def start_analysis(record: str, seconds: float = 10.0) -> int:
    """Begin analysing the side to move in ``record`` for at most ``seconds``; return the
    token to pass to :func:`next_analysis`. Any analysis in progress is abandoned."""
    global _analysis, _analysis_token
    _analysis_token += 1
    game = Game.from_json(record)
    _analysis = None
    if game.legal_moves():
        _analysis = Engine(level=6).analyse(game.board, time_limit=float(seconds))
    return _analysis_token


def next_analysis(token: int) -> str | None:
    """The next depth of the analysis ``token`` as :meth:`Analysis.to_dict` JSON, or None
    once it is finished or was replaced by a newer one."""
    global _analysis
    if token != _analysis_token or _analysis is None:
        return None
    try:
        return json.dumps(next(_analysis).to_dict())
    except StopIteration:
        _analysis = None
        return None


__export__ = ["think", "start_analysis", "next_analysis"]
