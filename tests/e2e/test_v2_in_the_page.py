"""End-to-end: what version 2 of the page stored (tests/fixtures/v2/) opens in the page
as it was left: the clocks and the time left, a game lost on time."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from records_support import open_ready, wait_ready

pytestmark = pytest.mark.e2e

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "v2"


def opened_with(browser: Browser, site_url: str, name: str):  # noqa: ANN201 - a Page
    """A page whose storage holds fixture ``name`` as its record, reloaded."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = open_ready(context, site_url)
    page.evaluate("record => localStorage.setItem('tablut.state', record)",
                  (FIXTURES / name).read_text())
    page.reload()
    wait_ready(page)
    return page


def test_clocks_open_with_the_time_each_side_had(browser: Browser, site_url: str) -> None:
    page = opened_with(browser, site_url, "state-clock-in-progress.json")
    expect(page.get_by_role("timer", name="White clock")).to_have_text("5:03")
    expect(page.get_by_role("timer", name="Black clock")).to_have_attribute("aria-current",
                                                                            "true")
    expect(page.get_by_label("Clock", exact=True)).to_have_value("5+3")
    expect(page.get_by_role("status")).to_have_text("Black to move.")
    expect(page.locator("[data-piece][data-square='d3']")).to_have_attribute("data-piece",
                                                                             "white")
    page.context.close()


def test_a_game_lost_on_time_opens_lost(browser: Browser, site_url: str) -> None:
    page = opened_with(browser, site_url, "state-lost-on-time.json")
    expect(page.get_by_role("status")).to_have_text("White lost on time.")
    expect(page.get_by_role("timer", name="White clock")).to_have_text("0:00.0")
    expect(page.get_by_role("button", name="Play again")).to_be_visible()
    page.context.close()
