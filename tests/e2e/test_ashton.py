"""End-to-end: the Ashton rules (the Tablut Challenge's) in the page, chosen from the Rules
menu and played by clicks: white first, camps drawn and respected, a capture against an
empty camp, and a hint from the computer."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from records_support import open_ready, settle
from returning import VisitorFactory

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tablut.rules import RULES  # noqa: E402

pytestmark = pytest.mark.e2e

AI_TIMEOUT_MS = 60_000


def square(page: Page, name: str):  # noqa: ANN201 - a Playwright Locator
    """The board square ``name`` (the rect, not the piece on it)."""
    return page.locator(f"rect[data-square='{name}']")


def piece_on(page: Page, name: str):  # noqa: ANN201
    """The piece standing on ``name``, if any."""
    return page.locator(f"[data-piece][data-square='{name}']")


def targets(page: Page) -> set[str]:
    """The squares marked as targets of the piece picked up, once the page has drawn them."""
    settle(page)
    return set(page.locator("rect.target").evaluate_all("els => els.map(e => e.dataset.square)"))


def move(page: Page, frm: str, to: str) -> None:
    """Click a piece, then its target, and wait until it stands there."""
    square(page, frm).click()
    square(page, to).click()
    expect(piece_on(page, to)).to_have_count(1)


@pytest.fixture
def page(visitor: VisitorFactory, site_url: str) -> Page:
    """A page with nothing saved where two people play ashton rules."""
    page = open_ready(visitor(viewport={"width": 1280, "height": 800}), site_url)
    page.get_by_label("Black player").select_option("human")
    page.get_by_label("White player").select_option("human")
    page.get_by_label("Rules").select_option("ashton")
    return page


def test_ashton_in_the_page(page: Page) -> None:
    status = page.get_by_role("status")
    expect(status).to_have_text("White to move.")
    expect(page.locator("#move-list-empty")).to_have_text("No moves yet. White moves first.")
    expect(page.locator("#rules-summary")).to_have_text(RULES["ashton"].summary)
    # The camps: sixteen squares drawn apart, with a dashed outline and a tent.
    expect(page.locator("rect.camp-square")).to_have_count(16)
    expect(page.locator(".decor .camp")).to_have_count(16)
    expect(page.locator(".decor .camp-tent")).to_have_count(16)
    expect(square(page, "a4")).to_have_attribute("aria-label", "a4, camp, black piece")
    expect(square(page, "e5")).to_have_class(re.compile(r"\breserved-square\b"))

    move(page, "e6", "h6")
    expect(status).to_have_text("Black to move.")
    move(page, "a4", "a2")  # out of its camp: a4 is an empty camp now
    expect(square(page, "a4")).to_have_attribute("aria-label", "a4, camp, empty")
    # A guard's targets stop short of the empty camp square a4, and of i4.
    square(page, "e4").click()
    assert targets(page) == {"d4", "c4", "b4", "f4", "g4", "h4"}
    square(page, "b4").click()
    expect(piece_on(page, "b4")).to_have_attribute("data-piece", "white")
    move(page, "d1", "d4")
    move(page, "e7", "h7")
    # Black to c4: the guard on b4 is caught between it and the empty camp a4.
    move(page, "d4", "c4")
    expect(piece_on(page, "b4")).to_have_count(0)
    expect(page.locator("#captured-white [data-captured='white']")).to_have_count(1)
    expect(status).to_have_text("White to move.")
    expect(page.locator("#move-list")).to_contain_text("e6-h")

    page.get_by_role("button", name="Hint").click()
    expect(page.get_by_text(re.compile(r"^Hint: "))).to_be_visible(timeout=AI_TIMEOUT_MS)
    expect(page.locator("rect.hint-from")).to_have_count(1)
