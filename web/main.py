"""The page's main script: restore the saved game, draw it, and start the computer player.

PyScript runs this file on the main thread once Pyodide is up (``<script type="py"
src="./web/main.py">`` in index.html). The page's logic is in :mod:`web.session`, its
wiring in :mod:`web.app`.

Milestones the page exposes, for people and for the end-to-end tests:

- the loading screen gives way to the board as soon as it is drawn;
- ``document.body.dataset.ready == "true"`` once the board is drawn and the page is
  wired: from then on a person can move;
- ``document.body.dataset.ai`` is ``"ready"`` once the AI worker has answered a call, or
  ``"failed"`` if it could not. The worker, a second interpreter, is started only once
  the board is drawn and takes seconds more; a person can move in the meantime.

Performance marks time the same milestones for ``tests/e2e/measure_startup.py``:
``tablut:board``, ``tablut:ready``, ``tablut:ai-started`` (the worker is up) and
``tablut:ai`` (its first answer).

Why ready is set here and not on ``py:all-done``: PyScript 0.7 dispatches ``py:done``
for a worker's ``<script>`` only when the worker can reach the DOM, which needs
SharedArrayBuffer, which needs COOP/COEP headers that GitHub Pages does not send; with a
worker in the page from the start, ``py:all-done`` never fires there.
"""

from __future__ import annotations

from pyscript import document, window

from web import records_panel, worker_client
from web.app import LocalStorage, Page
from web.dom import spawn
from web.session import Session
from web.storage import load_state


def main() -> Page:
    """Start the page: restore the game, swap the loading screen for it, wire the rest."""
    try:
        storage = LocalStorage()
        state, problem = load_state(storage, int(window.Date.now()))
        session = Session(state)
        page = Page(session, storage)
        if problem:
            session.say(problem)
        records_panel.install(session, storage, page.listeners)
    except Exception as error:
        window.tablutLoadFailed(f"The game could not start ({error}).")
        raise
    document.getElementById("loading").hidden = True
    document.getElementById("game").hidden = False
    page.refresh()  # what needs the page laid out, such as the move list's scrolling
    window.performance.mark("tablut:board")
    document.body.dataset.ready = "true"
    window.performance.mark("tablut:ready")
    worker_client.start()
    spawn(page.computer.check())
    # The computer may be the side to move in the restored game.
    page.ask_computer()
    return page


PAGE = main()
