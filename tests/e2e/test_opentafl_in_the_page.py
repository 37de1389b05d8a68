"""End-to-end: OpenTafl's records in the page. Download a game as OpenTafl's .otg record
(it reads back as the same game), copy the position as OpenTafl's text, and import a
record OpenTafl wrote, pasted and as a file; OpenTafl's rule sets we do not play are
refused with the reason, and nothing is lost."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from records_support import (
    local_storage,
    open_ready,
    pieces,
    play_move,
)

from tablut.opentafl.record import import_otg
from tablut.opentafl.rules_string import read_rules

pytestmark = pytest.mark.e2e

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "opentafl"
SEED15 = (FIXTURES / "tablut" / "selfplay-2s-seed15.otg").read_text(encoding="utf-8")
FOTEVIKEN = (FIXTURES / "other-9x9" / "foteviken-tablut-selfplay-1s.otg").read_text(
    encoding="utf-8")


@pytest.fixture
def context(clipboard_context: BrowserContext) -> BrowserContext:
    """A context with nothing saved, allowed to use the clipboard (conftest.py)."""
    return clipboard_context


def panel(page: Page):  # noqa: ANN201 - a Locator
    return page.get_by_role("region", name="Game records")


def two_humans_under_opentafl_rules(page: Page) -> None:
    page.get_by_label("White player").select_option(label="Human")
    page.get_by_label("Black player").select_option(label="Human")
    page.get_by_label("Rules").select_option("opentafl")
    expect(page.locator("#rules-summary")).to_contain_text("OpenTafl")


def test_download_the_opentafl_record_and_copy_the_position(context: BrowserContext,
                                                            site_url: str) -> None:
    page = open_ready(context, site_url)
    two_humans_under_opentafl_rules(page)
    play_move(page, "d1", "d4")
    play_move(page, "e3", "d3")

    with page.expect_download() as info:
        panel(page).get_by_role("button", name="Download OpenTafl record").click()
    download = info.value
    assert download.suggested_filename == "tablut-game.otg"
    text = Path(download.path()).read_text(encoding="utf-8")
    assert re.search(r"^\[date:\d{4}\.\d\d\.\d\d\]$", text, re.M)
    assert "[rules:dim:9 name:Tablut esc:e atkf:y ks:c" in text
    assert "1. d1-d4 e3-d3xd4 " in text  # with the capture
    game = import_otg(text)
    assert game.rules.name == "opentafl" and len(game.moves) == 2
    expect(page.locator("#records-message")).to_have_text(
        "OpenTafl record downloaded as tablut-game.otg.")

    panel(page).get_by_role("button", name="Copy OpenTafl position").click()
    expect(page.locator("#records-message")).to_have_text("OpenTafl position copied.")
    position = page.evaluate("navigator.clipboard.readText()")
    assert position.startswith("dim:9 name:Tablut ") and "atkf:y" in position
    assert read_rules(position).start == game.board.position()


def test_import_an_opentafl_record_pasted_and_as_a_file(context: BrowserContext,
                                                       site_url: str) -> None:
    page = open_ready(context, site_url)
    page.get_by_label("Game record", exact=True).fill(SEED15)
    panel(page).get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("#records-message")).to_contain_text("Imported the record: 23 moves, "
                                                             "opentafl rules.")
    expect(page.get_by_role("status")).to_contain_text("Black wins")
    expect(page.locator("#move-list button")).to_have_count(23)
    expect(page.get_by_label("Rules")).to_have_value("opentafl")
    after = pieces(page)
    assert "c3" not in after and after.get("d3") == "black"  # f3-d3xKc3: the king taken

    page.get_by_role("button", name="New game").click()
    expect(page.locator("#move-list button")).to_have_count(0)
    page.get_by_label("Import from file").set_input_files(
        files=[{"name": "seed15.otg", "mimeType": "application/octet-stream",
                "buffer": SEED15.encode()}])
    expect(page.locator("#records-message")).to_contain_text("Imported seed15.otg")
    assert pieces(page) == after


def test_opentafl_rules_we_do_not_play_are_refused(context: BrowserContext,
                                                  site_url: str) -> None:
    page = open_ready(context, site_url)
    two_humans_under_opentafl_rules(page)
    play_move(page, "d1", "d4")
    before, stored = pieces(page), local_storage(page)
    page.get_by_label("Import from file").set_input_files(
        files=[{"name": "foteviken.otg", "mimeType": "application/octet-stream",
                "buffer": FOTEVIKEN.encode()}])
    message = page.locator("#records-message")
    expect(message).to_contain_text("Not imported (foteviken.otg): OpenTafl record, line 11: "
                                    "we do not play these rules: 'afor:")
    expect(message).to_contain_text("Your game is as it was.")
    assert pieces(page) == before and local_storage(page) == stored
