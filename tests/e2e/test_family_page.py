"""End-to-end: the tafl family's other boards in the page. Brandubh (7x7) and Copenhagen
Hnefatafl (11x11) chosen from the Rules menu, drawn at their size in the same box, played
by clicks against the computer, kept across a reload; the 11x11 board on a phone without
sideways scrolling; a share link of an 11x11 game opened at its position.

One page serves the whole module (a first visit costs seconds); the tests run in order,
each going on from where the one before left the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from records_support import open_ready, pieces, play_move, settle, wait_ready
from returning import ReturningVisitors

from tablut import Game, parse_move
from web.records.formats import share_fragment

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}

#: The computer at level 1 answers at once even on 11x11 in a slow browser; its first
#: answer waits for its worker to start.
AI_TIMEOUT_MS = 90_000


@pytest.fixture(scope="module")
def page(returning_visitors: ReturningVisitors, site_url: str) -> Iterator[Page]:
    """The module's page, in a returning visitor's browser with nothing saved (a person
    as black against the computer), the computer at level 1."""
    context = returning_visitors.context(viewport=DESKTOP)
    page = open_ready(context, site_url)
    page.get_by_label("AI level").select_option("1")
    yield page
    returning_visitors.leave(context)


def squares(page: Page):  # noqa: ANN201 - a Playwright Locator
    """The board's squares (not the pieces on them)."""
    return page.locator("#board rect[data-square]")


def moves(page: Page):  # noqa: ANN201
    """The moves of the move list."""
    return page.locator("#move-list button[data-ply]")


def board_box(page: Page) -> dict[str, float]:
    """Where the board is on screen."""
    settle(page)
    box = page.locator("#board").bounding_box()
    assert box is not None
    return box


def reload(page: Page) -> None:
    """Reload the page as a returning player does, and wait until a person can move."""
    page.reload()
    wait_ready(page)


def test_brandubh_is_chosen_played_and_kept(page: Page) -> None:
    before = board_box(page)
    expect(squares(page)).to_have_count(81)
    menu = page.get_by_label("Rules")
    groups = menu.locator("optgroup")
    expect(groups).to_have_count(3)
    assert groups.evaluate_all("gs => gs.map(g => g.label)") == [
        "Brandubh 7×7", "Tablut 9×9", "Hnefatafl 11×11"]
    menu.select_option("brandubh")
    expect(squares(page)).to_have_count(49)
    expect(page.locator("#board rect[data-square='g7']")).to_have_count(1)
    expect(page.locator("#board rect[data-square='h8']")).to_have_count(0)
    expect(page.locator("#board text.coord")).to_have_count(14)
    expect(page.locator("#board [data-piece='king'][data-square='d4']")).to_have_count(1)
    expect(page.locator("#rules-summary")).to_contain_text("A quick game on 7x7.")
    for corner in ("a1", "g7"):
        expect(page.locator(f"#board rect[data-square='{corner}']")).to_have_class(
            re.compile(r"\breserved-square\b"))
    assert board_box(page) == pytest.approx(before, abs=1)  # the same box, bigger squares
    play_move(page, "d7", "e7")
    expect(moves(page)).to_have_count(2, timeout=AI_TIMEOUT_MS)  # the computer answered
    expect(page.get_by_role("status")).to_have_text(re.compile("^Black to move"))
    drawn = pieces(page)
    reload(page)
    expect(squares(page)).to_have_count(49)
    expect(moves(page)).to_have_count(2)
    assert pieces(page) == drawn
    expect(page.get_by_label("Rules")).to_have_value("brandubh")


def test_copenhagen_is_chosen_with_its_marks_and_played(page: Page) -> None:
    page.get_by_label("Rules").select_option("copenhagen")
    expect(squares(page)).to_have_count(121)
    expect(page.locator("#board rect[data-square='k11']")).to_have_count(1)
    expect(page.locator("#board [data-piece='black']")).to_have_count(24)
    expect(page.locator("#board [data-piece='white']")).to_have_count(12)
    page.locator("#board rect[data-square='a4']").click()
    expect(page.locator("#board circle.target-dot")).to_have_count(6)  # a2 a3 b4 c4 d4 e4
    expect(page.locator("#board rect.target")).to_have_count(6)
    expect(page.locator("#board rect[data-square='e4']")).to_have_attribute(
        "aria-label", "e4, empty, legal move")
    page.locator("#board rect[data-square='d4']").click()
    expect(page.locator("#board [data-piece='black'][data-square='d4']")).to_have_count(1)
    expect(moves(page)).to_have_count(2, timeout=AI_TIMEOUT_MS)
    expect(moves(page).first).to_have_text("a4-d4")
    drawn = pieces(page)
    reload(page)
    expect(squares(page)).to_have_count(121)
    assert pieces(page) == drawn


def test_eleven_by_eleven_fits_a_phone(page: Page) -> None:
    page.set_viewport_size(PHONE)
    try:
        settle(page)
        expect(squares(page)).to_have_count(121)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        corner = page.locator("#board rect[data-square='k11']").bounding_box()
        board = page.locator("#board svg").bounding_box()
        assert corner is not None and board is not None
        assert board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"]
        assert corner["x"] + corner["width"] <= PHONE["width"]
        assert corner["width"] >= 24  # a square a finger can still hit
    finally:
        page.set_viewport_size(DESKTOP)


def test_a_link_to_an_eleven_by_eleven_game_opens_at_its_position(page: Page,
                                                                   site_url: str) -> None:
    game = Game("fetlar")  # black (the person) to move: the computer waits
    for text in ("k7-j", "h6-9", "j7-8", "h9-10"):
        game.play(parse_move(text, 11))
    expected = {game.board.geometry.shape.square_name(sq): kind
                for sq in game.board.geometry.shape.squares
                if (kind := game.board.piece_at(sq)) is not None}
    page.goto(site_url + "#" + share_fragment(game))
    wait_ready(page)
    expect(page.locator("#notice")).to_contain_text("Opened the game of the link")
    expect(squares(page)).to_have_count(121)
    expect(moves(page)).to_have_count(4)
    expect(page.get_by_label("Rules")).to_have_value("fetlar")
    expect(page.get_by_role("status")).to_have_text(re.compile("^Black to move"))
    settle(page)
    assert pieces(page) == expected
    expect(page.locator("#board [data-piece='white'][data-square='h10']")).to_have_count(1)
