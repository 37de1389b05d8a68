"""End-to-end: what version 2 of the page stored (tests/fixtures/v2/) opens in the page
as it was left: the clocks and the time left, a game lost on time, an ashton game looked
back on, its text record and its link."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect
from records_support import open_with_state, settle
from returning import VisitorFactory

pytestmark = pytest.mark.e2e

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "v2"


def opened_with(visitor: VisitorFactory, site_url: str, name: str):  # noqa: ANN201 - a Page
    """A page opened with fixture ``name`` as its stored record."""
    context = visitor(viewport={"width": 1280, "height": 800})
    return open_with_state(context.new_page(), (FIXTURES / name).read_text(), site_url)


def test_clocks_open_with_the_time_each_side_had(visitor: VisitorFactory,
                                                 site_url: str) -> None:
    page = opened_with(visitor, site_url, "state-clock-in-progress.json")
    expect(page.get_by_role("timer", name="White clock")).to_have_text("5:03")
    expect(page.get_by_role("timer", name="Black clock")).to_have_attribute("aria-current",
                                                                            "true")
    expect(page.get_by_label("Clock", exact=True)).to_have_value("5+3")
    expect(page.get_by_role("status")).to_have_text("Black to move.")
    expect(page.locator("[data-piece][data-square='d3']")).to_have_attribute("data-piece",
                                                                             "white")


def test_a_game_lost_on_time_opens_lost(visitor: VisitorFactory, site_url: str) -> None:
    page = opened_with(visitor, site_url, "state-lost-on-time.json")
    expect(page.get_by_role("status")).to_have_text("White lost on time.")
    expect(page.get_by_role("timer", name="White clock")).to_have_text("0:00.0")
    expect(page.get_by_role("button", name="Play again")).to_be_visible()


def test_an_ashton_game_opens_where_it_was_looked_at(visitor: VisitorFactory,
                                                     site_url: str) -> None:
    page = opened_with(visitor, site_url, "state-ashton.json")
    expect(page.get_by_label("Rules")).to_have_value("ashton")
    expect(page.locator("#move-list [aria-current='step']")).to_have_attribute("data-ply", "3")
    expect(page.locator("#move-list button")).to_have_count(4)
    expect(page.locator("[data-piece][data-square='d6']")).to_have_attribute("data-piece",
                                                                             "white")
    expect(page.locator("[data-piece][data-square='i4']")).to_have_attribute("data-piece",
                                                                             "black")
    # Its link opens the same game at the same move; its record imports it whole.
    page.evaluate("text => { location.hash = text; }",
                  (FIXTURES / "link-ashton.txt").read_text().strip())
    settle(page)
    expect(page.locator("#move-list button")).to_have_count(4)
    expect(page.locator("#move-list [aria-current='step']")).to_have_attribute("data-ply", "3")
    page.locator("#records-text").fill((FIXTURES / "record-ashton.txt").read_text())
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("#move-list button")).to_have_count(4)
    expect(page.locator("[data-piece][data-square='i3']")).to_have_attribute("data-piece",
                                                                             "black")
    expect(page.get_by_label("Rules")).to_have_value("ashton")
