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
import random

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError
from records_support import (
    KEPT_VIEW_KEY,
    LOAD_TIMEOUT_MS,
    pieces,
    play_move,
    settle,
    wait_ready,
)
from returning import VisitorFactory

from tablut import Game
from tablut.links import game_from_fragment, game_to_fragment

pytestmark = pytest.mark.e2e

#: Notes the first paint at DOMContentLoaded (window.__painted), and sums the layout
#: shifts not caused by input (window.__shift).
WATCH_FIRST_PAINT = """
window.__shift = 0;
window.__shifts = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__shift += entry.value;
    window.__shifts.push([entry.value, entry.sources.map(source => [
      source.node ? source.node.id || source.node.className || source.node.nodeName : null,
      source.previousRect.y, source.currentRect.y])]);
  }
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
    drawn: copy ? window.__drawn(copy) : null,
  };
});
"""

#: What a view of the game shows, to compare the painted one with Python's
#: (``window.__drawn(root)``): every square's name and marks, the last move's frames,
#: every move of the list as read, the move shown, the captured rows as read, the first
#: words, and which of the buttons under the board can act.
DRAWN = """
window.__drawn = root => {
  const all = selector => [...root.querySelectorAll(selector)];
  return {
    squares: all("#board rect[data-square]").map(r =>
      [r.dataset.square, r.getAttribute("aria-label"), r.getAttribute("class")]),
    frames: all("#board .last-mark").length,
    moves: all("#move-list button").map(b => [b.dataset.ply, b.textContent,
      b.getAttribute("aria-label"), b.getAttribute("aria-current")]),
    rows: all("#move-list li").map(li => li.getAttribute("value") + ":" + li.children.length),
    captured: all(".captured-row").map(row => [row.getAttribute("aria-label"),
      [...row.children].map(icon => icon.dataset.captured || icon.textContent)]),
    intro: root.querySelector("#intro-text").textContent,
    disabled: ["undo", "redo", "back", "forward"].map(id => root.querySelector("#" + id).disabled),
  };
};
"""


def drawn(page: Page) -> dict:
    """What Python's game shows now (see :data:`DRAWN`)."""
    return page.evaluate("window.__drawn(document.getElementById('game'))")

#: web/paint.js's key of the kept view.
KEPT = KEPT_VIEW_KEY


def painted(page: Page) -> dict:
    """What the first paint of the page's document showed (see :data:`WATCH_FIRST_PAINT`).
    A first visit reloads once into isolation, at a moment of its own: when that reload
    cuts the question short, the answer is the reloaded document's, which paints what the
    first did (the frame-by-frame test below checks both)."""
    for _ in range(3):
        try:
            page.wait_for_function("window.__painted !== undefined", timeout=LOAD_TIMEOUT_MS)
            return page.evaluate("window.__painted")
        except PlaywrightError as error:
            if "context was destroyed" not in str(error):
                raise
    raise AssertionError("the page kept loading anew")


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
    context.add_init_script(DRAWN + WATCH_FIRST_PAINT)
    return context


def returning_page(visitor: VisitorFactory, width: int = 1280, height: int = 800) -> Page:
    """A page of a returning visitor's browser with nothing of the page's kept, watching
    its first paint (a page's own init script: the visitor's context outlives the test)."""
    page = visitor(viewport={"width": width, "height": height}).new_page()
    page.add_init_script(DRAWN + WATCH_FIRST_PAINT)
    return page


def game_begun(page: Page, site_url: str) -> Page:
    """``page`` at the site once ready, with Black's d1-d3 played and the computer's
    answer (which may take d3), both saved."""
    page.goto(site_url)
    wait_ready(page)
    play_move(page, "d1", "d3")
    expect(page.locator("#move-list [data-ply='2']")).to_have_count(1, timeout=LOAD_TIMEOUT_MS)
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


def test_a_return_paints_the_game_as_it_was_left(visitor: VisitorFactory,
                                                 site_url: str) -> None:
    page = game_begun(returning_page(visitor), site_url)
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
    again = returning_page(visitor)
    again.goto(site_url)
    assert painted(again)["pieces"] == left
    wait_ready(again)


def test_a_kept_view_that_does_not_fit_is_never_shown(visitor: VisitorFactory,
                                                      site_url: str) -> None:
    page = game_begun(returning_page(visitor), site_url)
    left = pieces(page)
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
        assert pieces(page) == left, name


def shared_link(rules: str, plies: int, ply: int | None = None) -> str:
    """The fragment of a link to a game of ``rules`` played ``plies`` moves at random
    (the same game every run), shown at ``ply`` (its last move by default)."""
    game = Game(rules)
    chooser = random.Random(plies)
    for _ in range(plies):
        if game.outcome() is not None:
            break
        game.play(chooser.choice(game.legal_moves()))
    if ply is not None:
        game.goto(ply)
    return "#" + game_to_fragment(game)


@pytest.mark.parametrize("rules, plies, ply, size", [
    ("berkeley", 17, None, (1280, 800)),
    ("berkeley", 60, 31, (360, 740)),
    ("ashton", 40, None, (360, 740)),
    ("copenhagen", 30, None, (1280, 800)),
    ("brandubh", 25, None, (1280, 800)),
], ids=["berkeley", "berkeley-earlier-phone", "ashton-camps-phone", "copenhagen", "brandubh"])
def test_a_shared_link_paints_its_game_python_then_draws(
        visitor: VisitorFactory, site_url: str, rules: str, plies: int, ply: int | None,
        size: tuple[int, int]) -> None:
    """A link opened by a visitor who has been here (a first visit's is below, with its
    reload into isolation)."""
    link = shared_link(rules, plies, ply)
    page = returning_page(visitor, *size)
    page.goto(site_url + link)
    first = painted(page)
    assert first["how"] == "link" and first["ready"] is None and not first["loading"]
    assert first["status"] == "Starting the game…"
    wait_ready(page)
    settle(page)
    game = game_from_fragment(link)
    assert pieces(page) == first["pieces"] == {
        game.board.geometry.shape.square_name(sq): game.board.piece_at(sq)
        for sq in range(game.rules.size ** 2) if game.board.piece_at(sq)}
    assert first["drawn"] == drawn(page)
    assert len(first["moves"]) == len(game.moves)
    assert same_box(first["box"], board_box(page)), (first["box"], board_box(page))
    shift = page.evaluate("window.__shift")
    print(f"\nlink {rules} {size}: layout shift {shift:.4f}")
    assert shift < 0.05, page.evaluate("window.__shifts")


def test_a_link_on_a_return_is_painted_on_the_view_left(visitor: VisitorFactory,
                                                        site_url: str) -> None:
    game_begun(returning_page(visitor), site_url)
    link = shared_link("berkeley", 9)
    other = returning_page(visitor)
    other.goto(site_url + link)
    first = painted(other)
    assert first["how"] == "link" and not first["loading"]
    wait_ready(other)
    settle(other)
    assert pieces(other) == first["pieces"] and first["drawn"] == drawn(other)
    assert len(first["moves"]) == 9


@pytest.mark.parametrize("fragment", [
    # From before links carried their position: only the engine can play its moves.
    "#v=1&rules=berkeley&moves=d9-7&ply=1",
    "#v=1&rules=berkeley&moves=d9-7&at=b%21%21",
    "#v=1&rules=berkeley&moves=d9-7&at=bAAAA",
    "#v=1&rules=chess&moves=d9-7&at=" + shared_link("berkeley", 1).split("at=")[1],
    "#v=1&rules=berkeley&moves=d9-7.zz&at=" + shared_link("berkeley", 1).split("at=")[1],
], ids=["no-position", "garbled", "too-short", "unknown-rules", "bad-move"])
def test_a_link_that_cannot_be_painted_shows_the_loading_screen(
        visitor: VisitorFactory, site_url: str, fragment: str) -> None:
    page = returning_page(visitor)
    page.goto(site_url + fragment)
    first = painted(page)
    assert first["how"] == "none" and first["loading"] and not first["game"]
    wait_ready(page)


#: Notes, for every frame of every document of the visit (in sessionStorage, which
#: outlives the first visit's reload), whether the game is on screen and whether the
#: loading screen is: [document, game, loading], from the first frame with a body.
WATCH_FRAMES = """
(() => {
  const key = "__frames";
  const documentNumber = JSON.parse(sessionStorage.getItem(key) || "[]")
    .reduce((most, frame) => Math.max(most, frame[0]), -1) + 1;
  const look = () => {
    if (document.body) {
      const shown = node => !!node && node.isConnected && !node.hidden;
      const frames = JSON.parse(sessionStorage.getItem(key) || "[]");
      frames.push([documentNumber,
                   shown(document.getElementById("painted-game")) ||
                     shown(document.getElementById("game")),
                   shown(document.getElementById("loading"))]);
      sessionStorage.setItem(key, JSON.stringify(frames));
    }
    if (document.body?.dataset.ready !== "true") requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""


@pytest.mark.parametrize("address", ["", "link"])
def test_the_first_visits_reload_never_takes_the_board_away(
        browser: Browser, site_url: str, address: str) -> None:
    context = new_context(browser)
    context.add_init_script(WATCH_FRAMES)
    try:
        page = context.new_page()
        page.goto(site_url + (shared_link("berkeley", 12) if address else ""))
        wait_ready(page)
        assert page.evaluate("window.crossOriginIsolated"), "the first visit did not reload"
        frames = page.evaluate("JSON.parse(sessionStorage.getItem('__frames'))")
        documents = sorted({frame[0] for frame in frames})
        assert len(documents) == 2, documents  # the first document, then the reloaded one
        # Each document's first frames come before its page is parsed, with nothing on
        # screen (the browser shows the last frame of the document before, if any, until
        # the new one paints something); from the board's first frame on, the board is
        # in every frame of the document. The loading screen never shows.
        timeline = " ".join(f"{number}{'B' if board else '-'}{'L' if loading else ''}"
                            for number, board, loading in frames)
        assert not any(loading for _, _, loading in frames), timeline
        for number in documents:
            shown = [board for document, board, _ in frames if document == number]
            assert True in shown, timeline
            assert all(shown[shown.index(True):]), timeline
    finally:
        context.close()


def test_without_a_service_worker_the_start_is_painted_too(browser: Browser,
                                                           site_url: str) -> None:
    context = browser.new_context(service_workers="block",
                                  viewport={"width": 1280, "height": 800})
    context.add_init_script(DRAWN + WATCH_FIRST_PAINT)
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
