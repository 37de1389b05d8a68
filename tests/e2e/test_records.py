"""End-to-end: share, keep and reach a game, driven as a person does.

Export then import gives the same game; a share link opens its game and the address bar
follows every move; a bad record or a bad link is refused with a message and nothing is
lost; several games are saved, renamed, deleted (with undo) and opened; unreadable saved
games are listed as such. Each test has a page of its own in a context emptied of all the
page keeps (conftest.py's ``visitor``), so its own localStorage.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from records_support import (
    SAVED_KEY,
    link_to,
    local_storage,
    open_ready,
    pieces,
    play_move,
    wait_ready,
    whole,
)

pytestmark = pytest.mark.e2e

LINK = "#v=1&rules=berkeley&moves=d1-4.e3-d"


@pytest.fixture
def context(clipboard_context: BrowserContext) -> BrowserContext:
    """A context with nothing saved, allowed to use the clipboard (conftest.py)."""
    return clipboard_context


def two_humans(page: Page) -> None:
    """Let a person play both sides, so no computer move comes in between."""
    page.get_by_label("White player").select_option(label="Human")
    page.get_by_label("Black player").select_option(label="Human")


def panel(page: Page):  # noqa: ANN201 - a Locator
    return page.get_by_role("region", name="Game records")


def moves_listed(page: Page) -> list[str]:
    """The moves of the move list, as written there."""
    return [text.strip() for text in page.locator("#move-list button").all_inner_texts()]


def clipboard(page: Page) -> str:
    return page.evaluate("navigator.clipboard.readText()")


def test_export_then_import_gives_the_same_game(context: BrowserContext, site_url: str) -> None:
    page = open_ready(context, site_url)
    two_humans(page)
    play_move(page, "d1", "d4")
    play_move(page, "e3", "d3")
    play_move(page, "a4", "c4")
    before = pieces(page)

    panel(page).get_by_role("button", name="Copy record").click()
    expect(page.locator("#records-message")).to_have_text("Record copied.")
    record = clipboard(page)
    assert "1. d1-4 e3-d" in record and "2. a4-c" in record
    assert page.get_by_label("Game record", exact=True).input_value() == record

    with page.expect_download() as info:
        panel(page).get_by_role("button", name="Download record").click()
    download = info.value
    assert download.suggested_filename == "tablut-game.txt"
    with open(download.path(), encoding="utf-8") as file:
        assert file.read() == record

    page.get_by_role("button", name="New game").click()
    expect(page.locator("[data-piece][data-square='d1']")).to_have_count(1)
    page.get_by_label("Game record", exact=True).fill(record)
    panel(page).get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("#records-message")).to_contain_text("Imported")
    assert pieces(page) == before
    expect(page.locator("#move-list button")).to_have_text(whole(["d1-4", "e3-d", "a4-c"]))
    expect(page.get_by_role("status")).to_have_text(re.compile("White to move"))

    # The same record as a file.
    page.get_by_role("button", name="New game").click()
    page.get_by_label("Import from file").set_input_files(
        files=[{"name": "tablut-game.txt", "mimeType": "text/plain",
                "buffer": record.encode()}]
    )
    expect(page.locator("#records-message")).to_contain_text("Imported tablut-game.txt")
    assert pieces(page) == before


def test_share_link_opens_the_game_and_follows_each_move(
    context: BrowserContext, site_url: str
) -> None:
    page = open_ready(context, site_url + LINK)
    # d1-4, then e3-d, which takes the black piece on d4 between d3 and d5.
    expect(page.locator("[data-piece='white'][data-square='d3']")).to_have_count(1)
    expect(page.locator("[data-piece][data-square='d4']")).to_have_count(0)
    expect(page.locator("[data-piece][data-square='d1']")).to_have_count(0)
    expect(page.locator("#move-list button")).to_have_text(whole(["d1-4", "e3-d"]))
    expect(page.locator("#notice")).to_contain_text("Opened the game of the link")

    # Correspondence: move, then copy the new link and send it.
    two_humans(page)
    play_move(page, "a4", "c4")
    correspondence = link_to("v=1&rules=berkeley&moves=d1-4.e3-d.a4-c")
    page.wait_for_function("link => location.hash === link", arg=correspondence)
    panel(page).get_by_role("button", name="Copy link").click()
    expect(page.locator("#records-message")).to_have_text("Link copied.")
    link = clipboard(page)
    assert link == site_url + correspondence
    position = pieces(page)

    # The partner opens it in a browser of their own.
    partner = context.browser.new_context()
    try:
        other = open_ready(partner, link)
        assert pieces(other) == position
        assert moves_listed(other) == whole(["d1-4", "e3-d", "a4-c"])
    finally:
        partner.close()

    # Stepping back through the game: the link shows that position.
    page.get_by_role("button", name="‹ Back").click()
    expect(page).to_have_url(re.compile(r"moves=d1-4\.e3-d\.a4-c&ply=2&at=[\w-]+$"))


def test_bad_record_is_refused_and_nothing_is_lost(context: BrowserContext, site_url: str) -> None:
    page = open_ready(context, site_url)
    two_humans(page)
    play_move(page, "d1", "d4")
    before, stored = pieces(page), local_storage(page)

    bad = '[Game "Tablut"]\n[Rules "berkeley"]\n\n1. d1-4 e3-d\n2. d4-9\n'
    page.get_by_label("Game record", exact=True).fill(bad)
    panel(page).get_by_role("button", name="Import", exact=True).click()
    message = page.locator("#records-message")
    expect(message).to_contain_text("Not imported: Line 5: d4-9")
    expect(message).to_contain_text("Your game is as it was.")
    expect(page.locator("#notice")).to_contain_text("Line 5")
    assert pieces(page) == before and local_storage(page) == stored

    page.get_by_label("Import from file").set_input_files(
        files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b'[Rules "chess"]\n'}]
    )
    expect(message).to_contain_text("Not imported (notes.txt): Line 1:")
    assert pieces(page) == before and local_storage(page) == stored

    page.get_by_label("Game record", exact=True).fill("")
    panel(page).get_by_role("button", name="Import", exact=True).click()
    expect(message).to_contain_text("empty")
    assert pieces(page) == before and local_storage(page) == stored


def test_json_nested_too_deeply_is_refused_and_the_page_lives_on(
        context: BrowserContext, site_url: str) -> None:
    """JSON nested thousands deep once ran Pyodide out of stack, which killed the page's
    Python for good; now it is refused like any bad record, imported or stored."""
    page = open_ready(context, site_url)
    two_humans(page)
    play_move(page, "d1", "d4")
    before, stored = pieces(page), local_storage(page)
    nested = '{"a":' * 50_000 + stored["tablut.state"]
    page.get_by_label("Game record", exact=True).fill(nested)
    panel(page).get_by_role("button", name="Import", exact=True).click()
    message = page.locator("#records-message")
    expect(message).to_contain_text("Not imported")
    expect(message).to_contain_text("Your game is as it was.")
    assert pieces(page) == before and local_storage(page) == stored
    # The page's Python still answers: the game goes on.
    play_move(page, "e3", "d3")
    expect(page.locator("#move-list button[data-ply]")).to_have_count(2)

    # Stored so, the page record and the saved games are set aside, not fatal.
    page.evaluate("""nested => {
        localStorage.setItem('tablut.state', nested);
        localStorage.setItem('tablut.saved', '[' .repeat(50000));
    }""", nested)
    page.reload()
    wait_ready(page)
    expect(page.locator("#notice")).to_contain_text("could not be read")
    expect(page.locator("#status")).to_have_text("Black to move.")
    # The settings were set aside too: the computer plays white again, and its answer
    # could come before the move list is counted.
    two_humans(page)
    play_move(page, "d1", "d4")
    expect(page.locator("#move-list button[data-ply]")).to_have_count(1)


def test_bad_link_is_refused_and_nothing_is_lost(context: BrowserContext, site_url: str) -> None:
    page = open_ready(context, site_url)
    two_humans(page)
    play_move(page, "d1", "d4")
    before, stored = pieces(page), local_storage(page)
    assert "tablut.state" in stored

    # Opened as a new page: an illegal second move.
    page.goto("about:blank")
    page.goto(site_url + "#v=1&rules=berkeley&moves=d1-4.e3-9")
    page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=90_000)
    notice = page.locator("#notice")
    expect(notice).to_contain_text("This link could not be opened: move 2 of the link")
    expect(notice).to_contain_text("Your game is as it was.")
    assert pieces(page) == before and local_storage(page) == stored
    # The address bar is a link to the game on the board again.
    page.wait_for_function("link => location.hash === link",
                           arg=link_to("v=1&rules=berkeley&moves=d1-4"))

    # Pasted into the address bar of the open page: a link from a newer version.
    page.evaluate("location.hash = 'v=9&moves=d1-4'")
    expect(notice).to_contain_text("newer version")
    assert pieces(page) == before and local_storage(page) == stored


def test_link_over_another_game_keeps_that_game(context: BrowserContext, site_url: str) -> None:
    page = open_ready(context, site_url)
    two_humans(page)
    play_move(page, "f1", "f4")
    page.goto("about:blank")
    page = open_ready(context, site_url + LINK)
    expect(page.locator("#move-list button")).to_have_text(whole(["d1-4", "e3-d"]))
    expect(page.locator("#notice")).to_contain_text("Your previous game is in Saved games")
    saved = json.loads(local_storage(page)[SAVED_KEY])["games"]
    assert len(saved) == 1 and '"f1-4"' in saved[0]["record_json"]


def test_several_saved_games(context: BrowserContext, site_url: str) -> None:
    page = open_ready(context, site_url)
    two_humans(page)
    records = panel(page)
    play_move(page, "d1", "d4")
    page.get_by_label("Name", exact=True).fill("Opening")
    records.get_by_role("button", name="Save game").click()
    play_move(page, "e3", "d3")
    page.get_by_label("Name", exact=True).fill("Reply")
    records.get_by_role("button", name="Save game").click()
    items = page.locator("#records-saved > li")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_contain_text("Reply")
    expect(items.nth(1)).to_contain_text("Opening")

    # Rename.
    records.get_by_role("button", name="Rename Opening").click()
    box = page.get_by_label("New name for Opening")
    expect(box).to_be_focused()
    box.fill("First move")
    box.press("Enter")
    expect(items.nth(1)).to_contain_text("First move")
    expect(records.get_by_role("button", name="Rename First move")).to_be_focused()

    # Delete, undo, delete again.
    records.get_by_role("button", name="Delete Reply").click()
    expect(items).to_have_count(1)
    page.locator("#notice").get_by_role("button", name="Undo delete").click()
    expect(items).to_have_count(2)
    records.get_by_role("button", name="Delete Reply").click()
    expect(items).to_have_count(1)

    # Open the other one: the board shows its position.
    page.get_by_role("button", name="New game").click()
    records.get_by_role("button", name="Open First move").click()
    expect(page.locator("#move-list button")).to_have_text(whole(["d1-4"]))
    expect(page.locator("[data-piece='black'][data-square='d4']")).to_have_count(1)

    # They stay across a reload, under their own key.
    page.reload()
    page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=90_000)
    expect(page.locator("#records-saved > li")).to_have_count(1)
    stored = json.loads(local_storage(page)[SAVED_KEY])
    assert stored["version"] == 1 and [g["name"] for g in stored["games"]] == ["First move"]


def test_unreadable_saved_games_are_listed_not_fatal(
    context: BrowserContext, site_url: str
) -> None:
    good = {"name": "Good", "saved_at": "2026-01-01T10:00:00Z",
            "record_json": json.dumps({"format": "tablut-game", "version": 1,
                                       "rules": "berkeley",
                                       "start": "---BBB---/----B----/----W----/B---W---B/"
                                                "BBWWKWWBB/B---W---B/----W----/----B----/"
                                                "---BBB--- b",
                                       "moves": ["d1-4"], "ply": 1, "limit": None})}
    stored = json.dumps({"format": "tablut-saved-games", "version": 1,
                         "games": [good, {"name": "Broken", "record_json": "{oops"}, 42]})
    # On this page only: the context is the next test's too (conftest.py's visitor).
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem({json.dumps(SAVED_KEY)}, "
                         f"{json.dumps(stored)})")
    page.goto(site_url)
    wait_ready(page)
    items = page.locator("#records-saved > li")
    expect(items).to_have_count(3)
    expect(items.nth(1)).to_contain_text("Unreadable saved game 2")
    expect(items.nth(2)).to_contain_text("Unreadable saved game 3")
    expect(items.nth(1).get_by_role("button", name="Open")).to_have_count(0)
    panel(page).get_by_role("button", name="Open Good").click()
    # Its move is there (the computer, playing white, may have answered it already).
    expect(page.locator("#move-list button").first).to_have_text(whole(["d1-4"])[0])
