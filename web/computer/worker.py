"""The computer player, run in a web worker: its own interpreter, off the main thread.

web/start.js starts it (PyScript's ``PyWorker``) and is the one road to it: every call of
a name in ``__export__`` comes from there, returns a promise, and carries a *ticket* (the
call's number) before its own arguments. Arguments and results cross between the threads
as plain data, so a game travels as its JSON record and an answer as JSON text. The
worker never touches the DOM.

Stopping a search: the page stops every call made before a given moment (a new game,
an undo, a changed setting). Where the page is cross-origin isolated, web/start.js hands
this worker a SharedArrayBuffer through :func:`set_stops`: its word 0 is Pyodide's
interrupt buffer, where the page writes SIGINT to raise KeyboardInterrupt inside the
running search, and its word 1 is the last ticket stopped, so that a call still queued
behind it answers at once. Either way a stopped call answers :data:`STOPPED`. Without
isolation web/start.js terminates this worker instead and starts a new one.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from tablut import Game
from tablut.ai import DEFAULT_LEVEL, LEVELS, Analysis, Engine
from web.computer.protocol import STOPPED

#: Word 0: the interrupt signal (2, SIGINT, while a stop is pending); word 1: the last
#: ticket stopped. A list here; the page's shared Int32Array once :func:`set_stops` ran.
_stops: Any = [0, 0]

Answer = TypeVar("Answer")


def set_stops(buffer: Any) -> None:
    """Share the page's stop buffer (an Int32Array on a SharedArrayBuffer) and make its
    word 0 this interpreter's interrupt buffer."""
    global _stops
    import pyodide_js  # the worker only: the module is Pyodide's JavaScript API

    pyodide_js.setInterruptBuffer(buffer)
    _stops = buffer


def stop_calls(ticket: int) -> None:
    """Stop every call whose ticket is ``ticket`` or lower that has not begun (the
    page does this through the shared buffer; tests in one interpreter call this)."""
    _stops[1] = max(int(_stops[1]), int(ticket))


def _stoppable(function: Callable[..., Answer]) -> Callable[..., Answer | str]:
    """``function`` as exported: first argument a ticket; :data:`STOPPED` when the call
    was stopped before it began or while it ran."""

    @functools.wraps(function)
    def exported(ticket: int, *args: Any) -> Answer | str:
        # A signal still pending was meant for an earlier call that finished first.
        _stops[0] = 0
        if int(ticket) <= int(_stops[1]):
            return STOPPED
        try:
            return function(*args)
        except KeyboardInterrupt:
            return STOPPED

    return exported


def analysis_json(analysis: Analysis, size: int) -> str:
    """``analysis`` as :meth:`Analysis.to_dict` gives it, its moves named on the board of
    ``size``, as JSON."""
    return json.dumps(analysis.to_dict(size))


@_stoppable
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
    size = game.rules.size
    if seconds is None:
        return analysis_json(engine.think(game.board), size)
    spec = LEVELS[int(level)]
    limits = {"time_limit": min(float(seconds), spec.seconds), "nodes": spec.nodes,
              "depth": spec.depth}
    return analysis_json(engine.think(game.board, **limits), size)


# The analysis in progress: one search generator, advanced one depth per call, so that its
# transposition table and move ordering carry over from depth to depth, and the page
# shows each depth as soon as it is done.
_analysis: Iterator[Analysis] | None = None
_analysis_token = 0
_analysis_size = 9


@_stoppable
def start_analysis(record: str, seconds: float = 10.0) -> int:
    """Begin analysing the side to move in ``record`` for at most ``seconds``; return the
    token to pass to :func:`next_analysis`. Any analysis in progress is abandoned."""
    global _analysis, _analysis_token, _analysis_size
    _analysis_token += 1
    game = Game.from_json(record)
    _analysis = None
    _analysis_size = game.rules.size
    if game.legal_moves():
        _analysis = Engine(level=6).analyse(game.board, time_limit=float(seconds))
    return _analysis_token


@_stoppable
def next_analysis(token: int) -> str | None:
    """The next depth of the analysis ``token`` as :meth:`Analysis.to_dict` JSON, or None
    once it is finished or was replaced by a newer one. A stopped depth ends the
    analysis."""
    global _analysis
    if token != _analysis_token or _analysis is None:
        return None
    analysis, _analysis = _analysis, None  # put back only if this depth completes
    try:
        data = analysis_json(next(analysis), _analysis_size)
    except StopIteration:
        return None
    _analysis = analysis
    return data


#: The functions the page calls (web/ai_worker.py exports them).
EXPORTED = ("set_stops", "think", "start_analysis", "next_analysis")
