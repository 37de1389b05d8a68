"""End-to-end: where the page's Python runs, and a search that stops when told.

On a first visit the page registers its service worker and reloads once through it,
which makes it cross-origin isolated: its Python then runs in a worker of its own (the
main thread stays free while Pyodide starts), and a search of the computer is stopped
through Pyodide's interrupt buffer. Where no service worker can run, the same game
starts on the main thread and a search is stopped by restarting the computer's worker.

Either way, New game during a level-7 think stops the search: the page's worker client
marks ``tablut:stop`` when it asks and ``tablut:stopped`` when the stopped call answers
(tests/e2e/measure_stop.py times the two); here the behaviour is checked, not the time.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from records_support import LOAD_TIMEOUT_MS, open_ready, play_move

pytestmark = pytest.mark.e2e

#: The interpreter's WebAssembly, as the page's own resource timeline names what this
#: thread fetched (a worker's fetches are in the worker's timeline).
MAIN_THREAD_WASM = ("performance.getEntriesByType('resource')"
                    ".some(entry => entry.name.endsWith('/pyodide.asm.wasm'))")


def think_at_level_seven_then_new_game(page: Page) -> None:
    """Make the computer think at level 7 (seconds), press New game while it does, and
    check that the search was stopped and the computer answers the next question."""
    page.wait_for_function("document.body?.dataset.ai !== undefined", timeout=LOAD_TIMEOUT_MS)
    assert page.evaluate("document.body?.dataset.ai") == "ready"
    page.get_by_label("AI level").select_option("7")
    play_move(page, "d1", "d4")
    expect(page.locator("#thinking")).to_be_visible()
    page.wait_for_timeout(1000)  # well into the search
    assert page.evaluate("performance.getEntriesByName('tablut:stopped').length") == 0
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("performance.getEntriesByName('tablut:stopped').length > 0",
                           timeout=LOAD_TIMEOUT_MS)
    stop = page.evaluate("performance.getEntriesByName('tablut:stop')[0].startTime")
    stopped = page.evaluate("performance.getEntriesByName('tablut:stopped')[0].startTime")
    assert stopped >= stop
    expect(page.locator("#thinking")).to_be_hidden()
    expect(page.get_by_role("status")).to_have_text(re.compile("Black to move"))
    expect(page.locator("[data-piece][data-square='d1']")).to_have_count(1)
    # The computer is free again: a hint (level 5 at most) is answered.
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#notice")).to_contain_text("Hint:", timeout=LOAD_TIMEOUT_MS)


def test_first_visit_reloads_into_isolation_and_python_leaves_the_main_thread(
        browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = open_ready(context, site_url)
        assert page.evaluate("crossOriginIsolated") is True
        assert page.evaluate("document.documentElement.dataset.python") == "worker"
        # The reload for isolation was once, and is not taken for the person's.
        assert page.evaluate("window.tablutNavigation") == "navigate"
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        # No interpreter started on the main thread, which stayed free for the loading
        # screen: both interpreters are in workers.
        assert page.evaluate(MAIN_THREAD_WASM) is False
        # A returning visitor is isolated at once, without a second reload.
        page.reload()
        page.wait_for_function("document.body?.dataset.ready === 'true'",
                               timeout=LOAD_TIMEOUT_MS)
        assert page.evaluate("crossOriginIsolated") is True
        assert page.evaluate("window.tablutNavigation") == "reload"
    finally:
        context.close()


def test_new_game_stops_a_think_through_the_interrupt_buffer(
        browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = open_ready(context, site_url)
        assert page.evaluate("document.documentElement.dataset.python") == "worker"
        think_at_level_seven_then_new_game(page)
    finally:
        context.close()


def test_without_a_service_worker_the_game_starts_on_the_main_thread_and_stops_a_think(
        browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  service_workers="block")
    try:
        page = open_ready(context, site_url)
        assert page.evaluate("crossOriginIsolated") is False
        assert page.evaluate("document.documentElement.dataset.python") == "main"
        assert page.evaluate(MAIN_THREAD_WASM) is True
        think_at_level_seven_then_new_game(page)
    finally:
        context.close()
