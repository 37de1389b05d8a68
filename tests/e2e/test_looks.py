"""End-to-end: how the page looks on a phone and a desktop, light and dark, and that it
honours reduced motion. Screenshots go to test-results/screenshots/ for a person to
look at; the assertions check what a player would notice first (nothing cut off, no
sideways scrolling, the board as large as the screen allows)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from records_support import open_with_state, settle
from returning import ReturningVisitors

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tablut import Game  # noqa: E402
from web.models.state import PageState, Settings  # noqa: E402

pytestmark = pytest.mark.e2e


def game_in_progress() -> PageState:
    """A few moves with a capture, under nielsen rules (corners marked, match table)."""
    game = Game("nielsen")
    for text in ("i6-g", "d5-7", "i4-g", "e3-d", "e8-c"):
        game.play_text(text)
    return PageState(Settings(black="human", white="human", rules="nielsen"), game)


@pytest.fixture(scope="module")
def page(returning_visitors: ReturningVisitors, site_url: str) -> Iterator[Page]:
    """One page for the module, in a returning visitor's browser, showing
    :func:`game_in_progress`; each test sets the viewport and the media features it needs
    (cheaper than a page load each)."""
    context = returning_visitors.context(viewport={"width": 1280, "height": 800})
    yield open_with_state(context.new_page(), game_in_progress().to_json(), site_url)
    returning_visitors.leave(context)


def shots(pytestconfig: pytest.Config) -> Path:
    """The screenshot folder."""
    folder = Path(pytestconfig.getoption("--output")) / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots(page: Page, pytestconfig: pytest.Config, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)
    page.locator("rect[data-square='d7']").click()  # white's guard: targets shown
    expect(page.locator("rect.target").first).to_be_visible()
    for width, height in ((360, 740), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        box = page.locator("#board svg").bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        if width < 600:
            assert box["width"] >= 320, "the board should use the phone's width"
        else:
            assert box["y"] + box["height"] <= height, "the whole board is in view"
            assert box["height"] >= 500
        page.screenshot(path=shots(pytestconfig) / f"game-{width}x{height}-{scheme}.png",
                        full_page=width < 600)
    page.locator("rect[data-square='d7']").click()  # put the piece down again
    expect(page.locator("rect.selected")).to_have_count(0)


def test_keyboard_focus_ring_is_visible(page: Page) -> None:
    page.locator("#status").click()
    for _ in range(60):  # Tab until a square of the board has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.dataset?.square !== undefined"):
            break
    focused = page.evaluate("document.activeElement.dataset.square")
    assert focused, "Tab reaches the board"
    settle(page)
    ring = page.locator(".focus-ring")
    assert ring.evaluate("e => getComputedStyle(e).visibility") == "visible"
    page.keyboard.press("ArrowRight")
    settle(page)  # the page moves the focus a moment later
    assert page.evaluate("document.activeElement.dataset.square") != focused
    # One square only is in the tab order (a roving tabindex).
    expect(page.locator("rect[tabindex='0']")).to_have_count(1)


def test_reduced_motion_hides_the_capture_fade(page: Page) -> None:
    page.emulate_media(reduced_motion="reduce")
    for _ in range(3):  # back to the position before the capturing move i4-g
        page.get_by_role("button", name="Back").click()
    page.locator("rect[data-square='i4']").click()
    page.locator("rect[data-square='g4']").click()
    ghost = page.locator(".captured-ghost")
    expect(ghost).to_have_count(1)
    assert ghost.evaluate("e => getComputedStyle(e).display") == "none"
    page.emulate_media(reduced_motion="no-preference")


def test_forced_colours_keep_pieces_targets_and_selection_apart(
        page: Page, pytestconfig: pytest.Config) -> None:
    # In a high-contrast theme the browser replaces the page's colours; the board must
    # still tell black from white, a target from a plain square and the piece picked up.
    page.emulate_media(forced_colors="active")
    page.locator("rect[data-square='d7']").click()  # white's guard: targets shown
    expect(page.locator("rect.target").first).to_be_visible()
    style = """([selector, property]) =>
        getComputedStyle(document.querySelector(selector)).getPropertyValue(property)"""
    colour = {name: page.evaluate(style, [selector, prop]) for name, selector, prop in (
        ("black piece", ".piece-black .body", "fill"),
        ("white piece", ".piece-white .body", "fill"),
        ("square", "rect.square:not(.selected):not(.target)", "fill"),
        ("target dot", ".target-dot", "fill"),
        ("selected outline", "rect.square.selected", "stroke"),
        ("square outline", "rect.square:not(.selected)", "stroke"))}
    page.screenshot(path=shots(pytestconfig) / "game-forced-colours.png")
    page.locator("rect[data-square='d7']").click()  # put the piece down again
    page.emulate_media(forced_colors="none")
    assert colour["black piece"] != colour["white piece"]
    assert colour["black piece"] != colour["square"]
    assert colour["target dot"] != colour["square"]
    assert colour["selected outline"] != colour["square outline"]
