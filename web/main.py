"""The page's main script: restore the saved game, draw it, and connect the computer player.

PyScript runs this file on the main thread once Pyodide is up (``<script type="py"
src="./web/main.py">`` in index.html). It stays thin: the rules live in ``tablut``, the
page's behaviour in :mod:`web.app`, the drawing in :mod:`web.board`.

Milestones the page exposes, for people and for the end-to-end tests:

- the loading screen gives way to the board as soon as it is drawn;
- ``document.body.dataset.ready == "true"`` once the board is drawn and the page is
  wired: from then on a person can move;
- ``document.body.dataset.ai`` is ``"ready"`` once the AI worker has answered a call, or
  ``"failed"`` if it could not. The worker, a second interpreter, is started only once
  the board is drawn (see :func:`start_ai_worker`) and takes seconds more; a person
  can move in the meantime.

Performance marks time the same milestones for ``tests/e2e/measure_startup.py``:
``tablut:board``, ``tablut:ready``, ``tablut:ai-started`` (the worker is up) and
``tablut:ai`` (its first answer).

Why ready is set here and not on ``py:all-done``: PyScript 0.7 dispatches ``py:done``
for a worker's ``<script>`` only when the worker can reach the DOM, which needs
SharedArrayBuffer, which needs COOP/COEP headers that GitHub Pages does not send; with a
worker in the page from the start, ``py:all-done`` never fires there.
"""

from __future__ import annotations

import asyncio

from pyscript import document, window, workers

from tablut import Game, parse_move
from web import records_panel
from web.app import App, restore_state


async def check_ai() -> None:
    """Ask the AI worker for a move in the start position and check that it is legal.

    This proves the worker's interpreter loaded the engine and answers calls; a failure
    only costs the computer player, so it is reported, not raised. Level 1, the quickest
    search, so that the check costs the page next to nothing.
    """
    try:
        ai = await workers["ai"]
        window.performance.mark("tablut:ai-started")
        game = Game()
        answer = await ai.suggest(game.to_json(), 1, 0)
        if answer is None or parse_move(answer) not in game.legal_moves():
            raise RuntimeError(f"the AI worker suggested {answer!r}, not a legal move")
        document.body.dataset.ai = "ready"
        window.performance.mark("tablut:ai")
    except Exception as error:  # noqa: BLE001 - any failure means: no computer player
        window.console.error(f"Tablut: the computer player is unavailable: {error}")
        document.body.dataset.ai = "failed"


def start_ai_worker() -> None:
    """Start the AI worker declared in index.html's ``<template id="ai-worker">``.

    PyScript starts a ``<script type="py" worker>`` when it enters the document; the
    template keeps it out until the board is drawn, so the two interpreters do not
    compete for the CPU while a person waits for the board.
    """
    template = document.getElementById("ai-worker")
    document.body.append(template.content.cloneNode(True))


def main() -> App:
    """Start the page: restore the game, swap the loading screen for it, wire the rest."""
    try:
        state, problem = restore_state()
        app = App(state)
        if problem:
            app.notify(problem)
            app.save()
        records_panel.install(app)
    except Exception as error:
        window.tablutLoadFailed(f"The game could not start ({error}).")
        raise
    document.getElementById("loading").hidden = True
    document.getElementById("game").hidden = False
    window.performance.mark("tablut:board")
    document.body.dataset.ready = "true"
    window.performance.mark("tablut:ready")
    start_ai_worker()
    # Kept in a global: the event loop holds tasks only weakly.
    global AI_CHECK
    AI_CHECK = asyncio.ensure_future(check_ai())
    # The computer may be the side to move in the restored game.
    app.schedule()
    return app


AI_CHECK: asyncio.Future[None] | None = None
APP = main()
