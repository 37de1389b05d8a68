"""The page's main script: restore the saved game, draw it, and start the computer player.

web/start.js has PyScript run this file in a web worker of its own when the page is
cross-origin isolated, else on the main thread; either way it reaches the DOM through
web/dom_agent.js (:mod:`web.bridge.remote_dom`), in batches. The page's logic is in
:mod:`web.models.session`, its wiring in :mod:`web.page.app`.

Milestones the page exposes, for people and for the end-to-end tests:

- the loading screen gives way to the board as soon as it is drawn;
- ``document.body.dataset.ready == "true"`` once the board is drawn and the page is
  wired: from then on a person can move;
- ``document.body.dataset.ai`` is ``"ready"`` once the AI worker has answered a call, or
  ``"failed"`` if it could not. A person can move in the meantime.

Performance marks time the same milestones for ``tests/e2e/measure_startup.py``:
``tablut:board``, ``tablut:ready``, ``tablut:ai-started`` (the worker is up, marked by
web/start.js) and ``tablut:ai`` (its first answer).

Why ready is set here and not on ``py:all-done``: PyScript 0.7 dispatches ``py:done``
for a worker's ``<script>`` only when the worker can reach the DOM, which needs
SharedArrayBuffer; on the main thread, with a worker in the page, ``py:all-done``
never fires.
"""

from __future__ import annotations

import json
import traceback
from typing import Any

from pyscript import window


def failed(error: BaseException) -> None:
    """Say on the loading screen that the game could not start, and why; the whole
    story goes to the console (from a worker, PyScript would show it nowhere)."""
    window.console.error("".join(traceback.format_exception(error)))
    try:
        from web.words.catalogue import _
    except Exception:  # noqa: BLE001 - the page's words may be what is broken
        def _(message: str) -> str:
            return message
    # Translators: on the loading screen; {error} is the developers' name and message of
    # what went wrong ("ImportError: ...").
    text = _("The game could not start ({error}).")
    window.tablutLoadFailed(text.format(error=f"{type(error).__name__}: {error}"))


try:
    # Inside the guard: a module that cannot be imported is reported like any failure.
    from web.bridge.dom import spawn
    from web.bridge.remote_dom import Dom
    from web.computer import client as worker_client
    from web.models.notices import Lifetime, message
    from web.models.session import Session
    from web.models.storage import load_state
    from web.page.app import LocalStorage, Page
    from web.records import panel as records_panel
    from web.words.catalogue import install_language
except Exception as problem:
    failed(problem)
    raise


def take_painted_input(painted: Any) -> dict[str, Any]:
    """What was done on the board painted before Python started (``painted``: web/paint.js,
    or None on a page not built): its ``actions`` and the ``cursor``; from now on the
    board's events come here."""
    if painted is None:
        return {}
    early = json.loads(str(painted.take()))
    return early if isinstance(early, dict) else {}


def open_live_address(page: Page, records: Any, dom: Dom) -> None:
    """An invitation to a live game, or a friend's reply, in the address the page was
    opened at or pasted into it later (a hash change). Live play is an extra: if it
    breaks, the game still plays, and the console says why."""
    open_link = None if records is None else records.keeper.open_link

    def open_address() -> None:
        try:
            page.live_panel.open_address(str(window.location.hash), open_link)
        except Exception as error:  # noqa: BLE001 - a broken live game must not stop the page
            window.console.warn(f"Tablut: the live game could not start: {error}")

    if not records_panel.reloaded():
        open_address()
    page.listeners.on(dom.window, "hashchange", lambda _event: open_address())


def show(document: Any) -> None:
    """Show the game, drawn while hidden, in the place of the loading screen or of the
    game painted before Python started (the same elements: nothing moves). One batch:
    the browser never draws the page between the two."""
    # Every element looked up first: a lookup is a read, which sends the changes so far,
    # and the copy gone with the game still hidden would leave a frame with no board.
    painted = document.getElementById("painted-game")
    loading, game = document.getElementById("loading"), document.getElementById("game")
    loading.hidden = True
    if painted:
        painted.remove()
    game.hidden = False


def main() -> Page:
    """Start the page: restore the game, swap the loading screen for it, wire the rest."""
    try:
        dom = Dom(window.tablutDom)
        document = dom.document
        # The page's language is its own (tools/build_site.py writes one page a
        # language): every word from here on is in it.
        try:
            install_language(str(window.document.documentElement.lang))
        except OSError as error:  # a build without it: the page in English, not broken
            window.console.warn(f"Tablut: the page's catalogue is missing ({error})")
        storage = LocalStorage(window.localStorage)
        state, problem = load_state(storage, int(window.Date.now()))
        session = Session(state)
        page = Page(session, storage, document)
        if problem:
            session.say(message("text", text=problem), Lifetime.LASTING)
        page.live.restore()  # a live game kept by the last visit, its friend to reconnect
        records = records_panel.install(session, storage, page.listeners, dom)
        open_live_address(page, records, dom)
    except Exception as error:
        failed(error)
        raise
    early = take_painted_input(page.painted)
    show(document)
    page.shown()  # what needs the page laid out: the move list's scrolling
    # Played now, as if they came now: the pick, the put-down, the keys on the board.
    page.input.replay([str(action) for action in early.get("actions", [])],
                      early.get("cursor"))
    dom.flush()
    window.performance.mark("tablut:board")
    document.body.dataset.ready = "true"
    dom.flush()
    window.performance.mark("tablut:ready")
    worker_client.start()
    spawn(page.computer.check())
    # The computer may be the side to move in the restored game.
    page.ask_computer()
    return page


PAGE = main()
