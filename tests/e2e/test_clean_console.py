"""End-to-end: a whole visit leaves the console clean and every request answered.

A first visit (the service worker registered, the page reloaded once through it), a
game against the computer with a hint, the analysis and an undo, a think stopped by New
game, a reload, and a game played to its end: not one console warning or error (from
the page or its workers), not one failed or refused request.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, expect
from records_support import LOAD_TIMEOUT_MS, open_ready, play_move, wait_ready

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tablut import Game  # noqa: E402
from web.models.state import PageState, Settings  # noqa: E402

pytestmark = pytest.mark.e2e

#: White to move; the king on c4 escapes with c4-1 (as in test_play.py).
NEAR_ESCAPE = "/".join(["B--------", *["-" * 9] * 4, "--K------", *["-" * 9] * 2,
                        "--------B"]) + " w"


def test_a_whole_visit_logs_nothing_and_every_request_succeeds(
        browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    noise: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type in ("warning", "error"):
            noise.append(f"{message.type}: {message.text}")

    context.on("console", on_console)
    context.on("weberror", lambda error: noise.append(f"page error: {error.error}"))
    # A request the page's own reload cuts short (the first visit's reload through the
    # service worker, say, while the icon loads) is aborted, not failed.
    context.on("requestfailed", lambda request: "ERR_ABORTED" not in str(request.failure)
               and noise.append(f"failed: {request.url} ({request.failure})"))
    context.on("response", lambda response: response.status >= 400 and noise.append(
        f"HTTP {response.status}: {response.url}"))
    try:
        page = open_ready(context, site_url)
        page.wait_for_function("document.body?.dataset.ai === 'ready'", timeout=LOAD_TIMEOUT_MS)
        status = page.get_by_role("status")
        moves = page.locator("#move-list button[data-ply]")

        # Against the computer, with a hint, the analysis and an undo.
        page.get_by_label("AI level").select_option("1")
        page.get_by_role("button", name="Hint").click()
        expect(page.locator("#notice")).to_contain_text("Hint:", timeout=LOAD_TIMEOUT_MS)
        play_move(page, "d1", "d4")
        expect(moves).to_have_count(2, timeout=LOAD_TIMEOUT_MS)
        page.get_by_role("button", name="Show analysis").click()
        expect(page.locator("#eval-depth")).to_contain_text("Depth", timeout=LOAD_TIMEOUT_MS)
        page.get_by_role("button", name="Hide analysis").click()
        page.get_by_role("button", name="Undo", exact=True).click()
        expect(page.locator("[data-piece][data-square='d1']")).to_have_count(1)

        # A long think, stopped.
        page.get_by_label("AI level").select_option("7")
        play_move(page, "d1", "d4")
        expect(page.locator("#thinking")).to_be_visible()
        page.get_by_role("button", name="New game").click()
        expect(page.locator("#thinking")).to_be_hidden()

        # Back later, and a game to its end between two people.
        page.wait_for_function("document.body?.dataset.offline === 'ready'",
                               timeout=LOAD_TIMEOUT_MS)
        state = PageState(Settings(black="human", white="human"), Game(start=NEAR_ESCAPE))
        page.evaluate("record => localStorage.setItem('tablut.state', record)",
                      state.to_json())
        page.reload()
        wait_ready(page)
        play_move(page, "c4", "c1")
        expect(status).to_have_text(re.compile("White wins"))
        page.wait_for_timeout(500)  # anything late has its chance to show
    finally:
        context.close()
    assert noise == []
