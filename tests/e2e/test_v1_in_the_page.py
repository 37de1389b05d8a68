"""End-to-end: what the first release stored and handed out opens in this page.

The files in ``tests/fixtures/v1/`` were written by the page of the first release (see the
README there). A returning player's browser holds the stored ones before the page loads;
a person opens the links and imports the records through the records panel. Each test
checks what a person sees: the pieces on the board, the status
line, the move list and its current move, and the settings form.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from records_support import (
    SAVED_KEY,
    STATE_KEY,
    link_to,
    local_storage,
    open_ready,
    open_with_storage,
    pieces,
    wait_ready,
    whole,
)
from returning import ReturningVisitors

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from v1_records import (  # noqa: E402
    BERKELEY_ONE_END,
    BERKELEY_TWO_END,
    BERKELEY_WIN,
    BERKELEY_WIN_END,
    BRAINKING,
    BRAINKING_AT_5,
    BRAINKING_AT_7,
    NIELSEN_GAME_2,
    NIELSEN_GAME_2_END,
    NIELSEN_WIN,
    NIELSEN_WIN_END,
    SAVED_NIELSEN,
    SAVED_NIELSEN_END,
    SETUP,
    SETUP_GAME,
    SETUP_GAME_END,
    fixture_text,
)

pytestmark = pytest.mark.e2e

PIECE_OF_CHAR = {"B": "black", "W": "white", "K": "king"}


def pieces_of(position: str) -> dict[str, str]:
    """Square -> piece kind of a position string (rows 9 to 1), as the board draws it."""
    rows = position.split(" ")[0].split("/")
    return {f"{'abcdefghi'[col]}{9 - index}": PIECE_OF_CHAR[char]
            for index, row in enumerate(rows) for col, char in enumerate(row)
            if char in PIECE_OF_CHAR}


def status(page: Page):  # noqa: ANN201 - a Locator
    return page.get_by_role("status")


def move_list(page: Page):  # noqa: ANN201 - a Locator
    """The moves of the move list (an ``ol``), one button each."""
    return page.locator("ol#move-list button[data-ply]")


def expect_moves(page: Page, moves: list[str], current: int) -> None:
    """The move list shows ``moves``, the ``current``-th marked as the position shown."""
    moves = whole(moves)
    expect(move_list(page)).to_have_text(moves)
    marked = page.locator("ol#move-list [aria-current]")
    if current == 0:
        expect(marked).to_have_count(0)
    else:
        expect(marked).to_have_count(1)
        expect(marked).to_have_attribute("data-ply", str(current))
        expect(marked).to_have_text(moves[current - 1])


def expect_board(page: Page, position: str) -> None:
    expected = pieces_of(position)
    expect(page.locator("svg [data-piece]")).to_have_count(len(expected))
    assert pieces(page) == expected


def expect_settings(page: Page, *, black: str, white: str, level: str, rules: str,
                    seed: str, limit: str, match: bool, setup: bool, analysis: bool) -> None:
    expect(page.get_by_label("Black player")).to_have_value(black)
    expect(page.get_by_label("White player")).to_have_value(white)
    expect(page.get_by_label("AI level")).to_have_value(level)
    expect(page.get_by_label("Rules")).to_have_value(rules)
    expect(page.get_by_label("Seed")).to_have_value(seed)
    expect(page.get_by_label("Move limit")).to_have_value(limit)
    expect(page.get_by_label("Match of two games")).to_be_checked(checked=match)
    expect(page.get_by_label("Set-up mode")).to_be_checked(checked=setup)
    name = "Hide analysis" if analysis else "Show analysis"
    expect(page.get_by_role("button", name=name)).to_have_attribute(
        "aria-expanded", "true" if analysis else "false")
    expect(page.locator("#analysis")).to_be_visible(visible=analysis)


@pytest.fixture(scope="module")
def shared(returning_visitors: ReturningVisitors, site_url: str) -> Iterator[Page]:
    """One page for the module, in a returning visitor's browser: each test gives it the
    storage it needs and opens it again (costs less than a new browser context)."""
    context = returning_visitors.context(viewport={"width": 1280, "height": 800})
    yield open_ready(context, site_url)
    returning_visitors.leave(context)


def open_with_stored(page: Page, stored: dict[str, str]) -> Page:
    """The page as a returning player finds it: the browser's storage holds ``stored``
    (key -> value) and nothing else when the page loads."""
    return open_with_storage(page, stored)


# -- the page's record, stored under tablut.state ------------------------------------------


def test_a_game_in_progress_comes_back_with_its_undone_moves_and_settings(
    shared: Page
) -> None:
    page = open_with_stored(shared,
                            {STATE_KEY: fixture_text("state-in-progress.json")})
    expect_board(page, BRAINKING_AT_5)
    expect(status(page)).to_have_text("White to move.")
    expect_moves(page, BRAINKING, current=5)
    expect_settings(page, black="computer", white="human", level="3", rules="brainking",
                    seed="7", limit="40", match=False, setup=False, analysis=True)
    # The undone moves are there to redo; looking back, the computer does not move.
    expect(page.get_by_role("button", name="Redo")).to_be_enabled()
    expect(page.get_by_role("button", name="Undo", exact=True)).to_be_enabled()
    page.get_by_role("button", name="Forward ›").click()
    expect_moves(page, BRAINKING, current=6)
    page.get_by_role("button", name="Forward ›").click()
    expect_moves(page, BRAINKING, current=7)
    expect_board(page, BRAINKING_AT_7)
    expect(status(page)).to_have_text("White to move.")
    expect(move_list(page)).to_have_count(7)


def test_set_up_mode_comes_back(shared: Page) -> None:
    page = open_with_stored(shared, {STATE_KEY: fixture_text("state-setup.json")})
    expect_board(page, SETUP)
    expect(status(page)).to_have_text(
        "Set-up mode: White to move first. Click a square to change its piece.")
    expect(page.get_by_label("Side to move")).to_have_value("white")
    expect_settings(page, black="human", white="human", level="2", rules="berkeley",
                    seed="12345", limit="0", match=False, setup=True, analysis=False)
    # The game under set-up mode is listed, and play starts from the position set up.
    expect_moves(page, ["d1-4", "e3-d"], current=2)
    page.get_by_label("Set-up mode").uncheck()
    expect(status(page)).to_have_text("White to move.")
    expect_board(page, SETUP)
    expect(move_list(page)).to_have_count(0)


def test_a_nielsen_match_comes_back_with_its_score(
    shared: Page
) -> None:
    page = open_with_stored(shared,
                            {STATE_KEY: fixture_text("state-nielsen-match.json")})
    expect_board(page, NIELSEN_GAME_2_END)
    expect(status(page)).to_have_text("Black to move.")
    expect_moves(page, NIELSEN_GAME_2, current=2)
    expect_settings(page, black="human", white="human", level="2", rules="nielsen",
                    seed="3", limit="0", match=True, setup=False, analysis=False)
    expect(page.get_by_label("Match of two games")).to_be_disabled()
    rows = page.locator("#match-rows tr")
    expect(rows.nth(0)).to_contain_text("Player 2 won in 10 moves")
    expect(rows.nth(1)).to_contain_text("In progress")
    expect(page.locator("#match-summary")).to_contain_text("Player 2 leads.")


def test_a_finished_game_comes_back_finished(shared: Page) -> None:
    page = open_with_stored(shared,
                            {STATE_KEY: fixture_text("state-finished-win.json")})
    expect_board(page, BERKELEY_WIN_END)
    expect(status(page)).to_have_text("White wins: the king reached a4.")
    expect_moves(page, BERKELEY_WIN, current=6)
    expect_settings(page, black="human", white="human", level="5", rules="berkeley",
                    seed="0", limit="0", match=False, setup=False, analysis=False)
    expect(page.get_by_role("button", name="Play again")).to_be_visible()
    expect(page.get_by_role("button", name="Redo")).to_be_disabled()


# -- the saved games, stored under tablut.saved --------------------------------------------


def test_the_saved_games_are_listed_and_open(shared: Page) -> None:
    page = open_with_stored(shared, {SAVED_KEY: fixture_text("saved-games.json")})
    items = page.locator("#records-saved > li")
    expect(items).to_have_count(4)
    names = ["Before a link, 2026-11-23 18:53", "Game of 2026-11-23 18:53", "Reply",
             "First move, renamed"]
    for index, name in enumerate(names):
        expect(items.nth(index).locator(".records-item-name")).to_have_text(name)
    expect(items.nth(2)).to_contain_text("2 moves, berkeley rules. Black to move.")
    expect(page.locator("#records-panel .unreadable")).to_have_count(0)
    panel = page.get_by_role("region", name="Game records")

    panel.get_by_role("button", name="Open First move, renamed").click()
    expect_moves(page, ["d1-4"], current=1)
    expect_board(page, BERKELEY_ONE_END)
    expect(status(page)).to_have_text("White to move.")

    panel.get_by_role("button", name="Open Reply").click()
    expect_moves(page, ["d1-4", "e3-d"], current=2)
    expect_board(page, BERKELEY_TWO_END)

    panel.get_by_role("button", name=f"Open {names[0]}").click()
    expect(page.get_by_label("Rules")).to_have_value("nielsen")
    expect_moves(page, SAVED_NIELSEN, current=2)
    expect_board(page, SAVED_NIELSEN_END)
    expect(status(page)).to_have_text("Black to move.")


# -- share links ---------------------------------------------------------------------------


LINKS = [
    ("link-berkeley-win.txt", "berkeley", BERKELEY_WIN, 6, BERKELEY_WIN_END,
     "White wins: the king reached a4."),
    ("link-berkeley-setup.txt", "berkeley", SETUP_GAME, 2, SETUP_GAME_END, "White to move."),
    ("link-brainking-earlier.txt", "brainking", BRAINKING, 5, BRAINKING_AT_5,
     "White to move."),
    ("link-nielsen.txt", "nielsen", NIELSEN_GAME_2, 2, NIELSEN_GAME_2_END, "Black to move."),
]


@pytest.mark.parametrize(("name", "rules", "moves", "ply", "position", "said"), LINKS,
                         ids=[link[0] for link in LINKS])
def test_a_link_opens_its_game(
    shared: Page, site_url: str, name: str, rules: str, moves: list[str], ply: int,
    position: str, said: str,
) -> None:
    fragment = fixture_text(name).strip()
    page = shared  # whatever game it shows, the link's game replaces it
    page.goto("about:blank")
    page.goto(site_url + fragment)  # followed from a message, say
    wait_ready(page)
    expect(page.locator("#notice")).to_contain_text("Opened the game of the link")
    expect_board(page, position)
    expect(status(page)).to_have_text(said)
    expect_moves(page, moves, current=ply)
    expect(page.get_by_label("Rules")).to_have_value(rules)
    # The address bar is still a link to the same game at the same move (with the
    # position it shows, as links now carry it).
    assert page.evaluate("location.hash") == link_to(fragment)


# -- text records --------------------------------------------------------------------------

RECORDS = [
    ("record-berkeley-win.txt", "berkeley", BERKELEY_WIN, BERKELEY_WIN_END,
     "White wins: the king reached a4."),
    ("record-berkeley-setup.txt", "berkeley", SETUP_GAME, SETUP_GAME_END, "White to move."),
    ("record-brainking.txt", "brainking", BRAINKING, BRAINKING_AT_7, "White to move."),
    ("record-nielsen-win.txt", "nielsen", NIELSEN_WIN, NIELSEN_WIN_END,
     "White wins: the king reached a1."),
]


def test_each_record_imports_through_the_records_panel(shared: Page) -> None:
    page = shared  # whatever game it shows, an imported record replaces it
    panel = page.get_by_role("region", name="Game records")
    message = page.locator("#records-message")
    for index, (name, rules, moves, position, said) in enumerate(RECORDS):
        record = fixture_text(name)
        if index % 2:  # every other one as a file, the others pasted
            page.get_by_label("Import from file").set_input_files(files=[{
                "name": name, "mimeType": "text/plain", "buffer": record.encode()}])
            expect(message).to_contain_text(f"Imported {name}")
        else:
            page.get_by_label("Game record", exact=True).fill(record)
            panel.get_by_role("button", name="Import", exact=True).click()
            expect(message).to_contain_text("Imported the record")
        expect(page.get_by_label("Rules")).to_have_value(rules)
        expect_moves(page, moves, current=len(moves))
        expect_board(page, position)
        expect(status(page)).to_have_text(said)


# -- what a newer version stored is refused as such, and kept ------------------------------


def test_a_page_record_of_a_newer_version_is_kept_aside(shared: Page) -> None:
    data = json.loads(fixture_text("state-in-progress.json"))
    data["version"] = 4  # version 3 is the page record that knows where its game stands
    newer = json.dumps(data)
    saved = json.loads(fixture_text("saved-games.json"))
    saved["version"] = 2
    newer_saved = json.dumps(saved)
    page = open_with_stored(shared, {STATE_KEY: newer, SAVED_KEY: newer_saved})
    notice = page.locator("#notice")
    expect(notice).to_contain_text("its version 4 is not supported")
    expect(status(page)).to_have_text("Black to move.")
    expect(page.locator("#records-panel")).to_contain_text(
        "stored by another version of the game (version 2)")
    # Kept aside, as it was, under a backup key (a newer version may read it).
    stored = local_storage(page)
    kept = [key for key, value in stored.items() if value == newer]
    assert len(kept) == 1 and kept[0] != STATE_KEY and "backup" in kept[0]
    # The newer list of saved games is left as it was until something is saved.
    assert stored[SAVED_KEY] == newer_saved
