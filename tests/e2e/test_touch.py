"""End-to-end: on a touch phone (360x740, touch events, mobile viewport) a tap on a piece
and a tap on a square plays the move, and the records panel fits the screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from records_support import open_ready, play_move

pytestmark = pytest.mark.e2e


def test_tap_to_move_on_a_phone(browser: Browser, site_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
        device_scale_factor=2,
    )
    try:
        page = open_ready(context, site_url)
        page.get_by_label("White player").select_option(label="Human")
        play_move(page, "d1", "d4", touch=True)
        expect(page.get_by_role("status")).to_have_text(re.compile("White to move"))
        play_move(page, "e3", "d3", touch=True)
        expect(page.get_by_role("status")).to_have_text(re.compile("Black to move"))
        page.wait_for_function("location.hash.includes('&moves=d1-4.e3-d&at=')")

        # A tap on an empty square with nothing selected does nothing.
        before = page.locator("[data-piece]").count()
        x, y = (lambda b: (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2))(
            page.locator("[data-square='a1']:not([data-piece])").bounding_box())
        page.touchscreen.tap(x, y)
        expect(page.locator("[data-piece]")).to_have_count(before)

        # The records panel is usable by tapping too, and nothing scrolls sideways.
        records = page.get_by_role("region", name="Game records")
        records.get_by_role("button", name="Save game").tap()
        expect(page.locator("#records-saved > li")).to_have_count(1)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        for button in records.get_by_role("button").all():
            box = button.bounding_box()
            assert box is not None and box["height"] >= 32, "a button too small to tap"
    finally:
        context.close()
