"""End-to-end: the board is on screen before the page's Python starts, and takes clicks.

The built index.html holds a painted copy of the game, the first view drawn at build time
(tools/paint_page.py); a returning visitor sees the game as the page left it
(web/paint.js). An init script notes what the first paint showed, at DOMContentLoaded,
long before Python is ready: the pieces, the board's box on screen, the status line; and
it sums the layout shifts from navigation on. Each test then waits for Python, whose game
has taken the copy's place, and compares.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from records_support import (
    KEPT_VIEW_KEY,
    LOAD_TIMEOUT_MS,
    pieces,
    play_move,
    settle,
    wait_ready,
)

pytestmark = pytest.mark.e2e

#: Notes the first paint at DOMContentLoaded (window.__painted), and sums the layout
#: shifts not caused by input (window.__shift).
WATCH_FIRST_PAINT = """
window.__shift = 0;
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
}).observe({ type: "layout-shift", buffered: true });
document.addEventListener("DOMContentLoaded", () => {
  const copy = document.getElementById("painted-game");
  const find = selector => copy ? copy.querySelector(selector) : null;
  const board = find("#board svg");
  const box = board && board.getBoundingClientRect();
  window.__painted = {
    how: document.body.dataset.painted || null,
    ready: document.body.dataset.ready || null,
    loading: !document.getElementById("loading").hidden,
    game: !!copy && !copy.hidden,
    status: (find("#status") || {}).textContent || "",
    moves: copy ? [...copy.querySelectorAll("#move-list [data-ply]")].map(b => b.textContent) : [],
    pieces: Object.fromEntries([...(copy ? copy.querySelectorAll("#board [data-piece]") : [])]
      .map(e => [e.dataset.square, e.dataset.piece])),
    box: box ? [box.x, box.y, box.width, box.height] : null,
  };
});
"""

#: web/paint.js's key of the kept view.
KEPT = KEPT_VIEW_KEY


def painted(page: Page) -> dict:
    """What the first paint showed (see :data:`WATCH_FIRST_PAINT`)."""
    page.wait_for_function("window.__painted !== undefined", timeout=LOAD_TIMEOUT_MS)
    return page.evaluate("window.__painted")


def board_box(page: Page) -> list[float]:
    """The board's box on screen now."""
    return page.evaluate(
        "(() => { const b = document.querySelector('#board svg').getBoundingClientRect();"
        " return [b.x, b.y, b.width, b.height]; })()")


def same_box(first: list[float], now: list[float]) -> bool:
    """Whether two boxes are the same within a pixel."""
    return all(abs(a - b) <= 1 for a, b in zip(first, now, strict=True))


def new_context(browser: Browser, width: int = 1280, height: int = 800) -> BrowserContext:
    """A fresh profile with its service worker, watching the first paint."""
    context = browser.new_context(service_workers="allow",
                                  viewport={"width": width, "height": height})
    context.add_init_script(WATCH_FIRST_PAINT)
    return context


def game_begun(context: BrowserContext, site_url: str) -> Page:
    """A page of ``context`` once ready, with Black's d1-d3 played (and saved)."""
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    play_move(page, "d1", "d3")
    settle(page)
    return page


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)], ids=["desktop", "phone"])
def test_first_visit_paints_the_start_python_then_draws(browser: Browser, site_url: str,
                                                         size: tuple[int, int]) -> None:
    context = new_context(browser, *size)
    try:
        page = context.new_page()
        page.goto(site_url)
        first = painted(page)
        assert first["how"] == "start" and first["ready"] is None
        assert first["game"] and not first["loading"]
        assert first["status"] == "Black to move."
        assert len(first["pieces"]) == 25 and first["pieces"]["e5"] == "king"
        wait_ready(page)
        settle(page)
        assert pieces(page) == first["pieces"]
        assert page.inner_text("#status") == first["status"]
        assert same_box(first["box"], board_box(page)), (first["box"], board_box(page))
        shift = page.evaluate("window.__shift")
        print(f"\nfirst visit {size}: layout shift {shift:.4f}")
        assert shift < 0.05
    finally:
        context.close()


#: Black's d1-d3 from the keyboard, from the board's cursor on e5: to d5, down to d1,
#: pick up, up to d3, put down.
KEYS_D1_D3 = ["ArrowLeft"] + ["ArrowDown"] * 4 + ["Enter"] + ["ArrowUp"] * 2 + [" "]


@pytest.mark.parametrize("by", ["pointer", "keys"])
def test_a_move_made_before_python_is_played_once_it_is(browser: Browser, site_url: str,
                                                        by: str) -> None:
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(site_url)
        assert painted(page)["how"] == "start"
        # The first visit reloads once through the service worker: click on the page
        # that stays, as a person would who waits for the board to come back.
        page.wait_for_function("window.crossOriginIsolated || document.documentElement"
                               ".dataset.python === 'main'", timeout=LOAD_TIMEOUT_MS)
        page.wait_for_selector("#painted-game rect[data-square='d1']")
        assert page.evaluate("document.body.dataset.ready") is None, "Python was too quick"
        if by == "pointer":
            page.click("#painted-game rect[data-square='d1']")
            page.click("#painted-game rect[data-square='d3']")
        else:
            page.focus("#painted-game rect[tabindex='0']")
            for key in KEYS_D1_D3:
                page.keyboard.press(key)
        # Kept, and said: the game is starting, not broken.
        if page.evaluate("document.body.dataset.ready") is None:
            assert page.inner_text("#painted-game #status") == "Starting the game…"
        wait_ready(page)
        expect(page.locator("#move-list [data-ply='1']")).to_have_text("d1-d3",
                                                                     timeout=LOAD_TIMEOUT_MS)
        assert pieces(page).get("d3") == "black" and "d1" not in pieces(page)
        # The computer answers as usual.
        expect(page.locator("#move-list [data-ply='2']")).to_have_count(1, timeout=LOAD_TIMEOUT_MS)
    finally:
        context.close()


def test_an_illegal_move_clicked_early_is_explained(browser: Browser, site_url: str) -> None:
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_function("window.crossOriginIsolated || document.documentElement"
                               ".dataset.python === 'main'", timeout=LOAD_TIMEOUT_MS)
        page.wait_for_selector("#painted-game rect[data-square='e5']")
        page.click("#painted-game rect[data-square='e5']")  # White's king: not Black's to move
        wait_ready(page)
        settle(page)
        expect(page.locator("#notice")).not_to_be_empty()
        assert page.locator("#move-list [data-ply]").count() == 0
    finally:
        context.close()


def test_a_return_paints_the_game_as_it_was_left(browser: Browser, site_url: str) -> None:
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(site_url)
        wait_ready(page)
        play_move(page, "d1", "d3")
        expect(page.locator("#move-list [data-ply='2']")).to_have_count(1, timeout=LOAD_TIMEOUT_MS)
        settle(page)
        left = pieces(page)
        moves = page.locator("#move-list [data-ply]").all_inner_texts()
        page.reload()
        first = painted(page)
        assert first["how"] == "kept" and first["ready"] is None
        assert first["pieces"] == left and first["moves"] == moves
        wait_ready(page)
        settle(page)
        assert pieces(page) == left
        assert page.locator("#move-list [data-ply]").all_inner_texts() == moves
        assert same_box(first["box"], board_box(page))
        assert page.evaluate("window.__shift") < 0.05

        # Closed and opened again in a new tab: the same.
        page.close()
        again = context.new_page()
        again.goto(site_url)
        assert painted(again)["pieces"] == left
        wait_ready(again)
    finally:
        context.close()


def test_a_kept_view_that_does_not_fit_is_never_shown(browser: Browser, site_url: str) -> None:
    context = new_context(browser)
    try:
        page = game_begun(context, site_url)
        page.reload()
        assert painted(page)["how"] == "kept"
        wait_ready(page)

        kept = json.loads(page.evaluate(f"localStorage.getItem('{KEPT}')"))
        spoilt = {
            # Another version of the page kept it.
            "another build": dict(kept, build="0000000000000000"),
            # Another tab played on: the saved game is not the one kept.
            "another game": dict(kept, key="1:0"),
            # Unreadable.
            "unreadable": "{not json",
        }
        for name, value in spoilt.items():
            text = value if isinstance(value, str) else json.dumps(value)
            # Written as the page is left, after the page's own keeping (on pagehide and
            # on visibilitychange, which come in that order).
            page.evaluate("([key, text]) => { const spoil = () => localStorage.setItem(key, text);"
                          " addEventListener('pagehide', spoil);"
                          " document.addEventListener('visibilitychange', spoil); }", [KEPT, text])
            page.reload()
            first = painted(page)
            assert first["how"] == "none", name
            assert first["loading"] and not first["game"], name
            wait_ready(page)
            settle(page)
            assert pieces(page)["d3"] == "black", name
    finally:
        context.close()


def test_a_link_to_another_game_is_not_painted_over(browser: Browser, site_url: str) -> None:
    context = new_context(browser)
    try:
        game_begun(context, site_url)
        link = site_url + "#v=1&rules=berkeley&moves=d9-7&ply=1"
        other = context.new_page()
        other.goto(link)
        first = painted(other)
        assert first["how"] == "none" and first["loading"]
        wait_ready(other)
        settle(other)
        assert pieces(other).get("d7") == "black" and "d9" not in pieces(other)
    finally:
        context.close()


def test_without_a_service_worker_the_start_is_painted_too(browser: Browser,
                                                           site_url: str) -> None:
    context = browser.new_context(service_workers="block",
                                  viewport={"width": 1280, "height": 800})
    context.add_init_script(WATCH_FIRST_PAINT)
    try:
        page = context.new_page()
        page.goto(site_url)
        first = painted(page)
        assert first["how"] == "start" and first["game"]
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.python") == "main"
        settle(page)
        assert pieces(page) == first["pieces"]
        assert same_box(first["box"], board_box(page))
    finally:
        context.close()
