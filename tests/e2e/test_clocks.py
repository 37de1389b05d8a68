"""End-to-end: clocks, as a person sets and plays them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from records_support import open_ready, settle, wait_ready
from returning import VisitorFactory

#: The clocks run in real time: `make test` runs these tests by themselves (pyproject.toml).
pytestmark = [pytest.mark.e2e, pytest.mark.alone]


def clock(page: Page, side: str):  # noqa: ANN201 - a Playwright Locator
    """The timer of ``side`` ("Black" or "White")."""
    return page.get_by_role("timer", name=f"{side} clock")


def choose_clock(page: Page, label: str) -> None:
    """Pick a time control in Settings, under More options."""
    if not page.locator("#more-options").evaluate("details => details.open"):
        page.get_by_text("More options").click()
    page.get_by_label("Clock", exact=True).select_option(label=label)
    settle(page)  # the clocks shown may move the board


@pytest.fixture
def page(visitor: VisitorFactory, site_url: str) -> Page:
    """A page at 1280x800 with nothing saved, two people playing."""
    page = open_ready(visitor(viewport={"width": 1280, "height": 800}), site_url)
    page.get_by_label("White player").select_option("human")
    return page


def test_no_clock_by_default_then_two_clocks_that_take_turns(page: Page) -> None:
    expect(page.get_by_label("Clock", exact=True)).to_have_value("")
    expect(clock(page, "Black")).to_be_hidden()
    choose_clock(page, "1 min + 1 s a move")
    expect(page.locator("#notice")).to_contain_text("Clock: 1 min + 1 s a move")
    expect(clock(page, "Black")).to_have_attribute("aria-current", "true")
    expect(clock(page, "White")).to_have_text("1:00")
    page.wait_for_timeout(1500)
    assert clock(page, "Black").text_content() in ("0:59", "0:58")
    page.locator("rect[data-square='d1']").click()
    page.locator("rect[data-square='d4']").click()
    expect(clock(page, "White")).to_have_attribute("aria-current", "true")
    expect(clock(page, "Black")).not_to_have_attribute("aria-current", "true")
    assert clock(page, "Black").text_content() in ("1:00", "0:59")  # the increment
    # Looking back stops the clocks.
    page.get_by_role("button", name="‹ Back").click()
    expect(clock(page, "White")).not_to_have_attribute("aria-current", "true")
    shown = clock(page, "White").text_content()
    page.wait_for_timeout(1200)
    expect(clock(page, "White")).to_have_text(str(shown))


def test_the_clocks_wait_while_the_lesson_is_open(page: Page) -> None:
    choose_clock(page, "10 s for every move")
    expect(clock(page, "Black")).to_have_attribute("aria-current", "true")
    page.get_by_role("button", name="How to play").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    settle(page)
    expect(clock(page, "Black")).not_to_have_attribute("aria-current", "true")
    shown = clock(page, "Black").text_content()
    page.wait_for_timeout(1500)
    expect(clock(page, "Black")).to_have_text(str(shown))
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_be_hidden()
    expect(clock(page, "Black")).to_have_attribute("aria-current", "true")
    expect(clock(page, "Black")).not_to_have_text(str(shown), timeout=3000)


def test_the_side_out_of_time_loses(page: Page) -> None:
    choose_clock(page, "10 s for every move")
    page.locator("rect[data-square='d1']").click()
    page.locator("rect[data-square='d4']").click()
    expect(clock(page, "White")).to_contain_text("0:0", timeout=5000)  # under ten seconds
    expect(page.get_by_role("status")).to_have_text("White lost on time.", timeout=15_000)
    expect(page.locator("#announcer")).to_have_text("White lost on time.")
    expect(clock(page, "White")).to_have_text("0:00.0")
    expect(page.get_by_role("button", name="Play again")).to_be_visible()
    expect(page.get_by_role("button", name="Undo", exact=True)).to_be_disabled()
    # Reloaded, the game is still lost on time.
    page.reload()
    wait_ready(page)
    expect(page.get_by_role("status")).to_have_text("White lost on time.")


def test_clocks_come_back_after_a_reload_where_they_stood(page: Page) -> None:
    choose_clock(page, "5 min + 3 s a move")
    page.locator("rect[data-square='d1']").click()
    page.locator("rect[data-square='d4']").click()
    settle(page)  # the move is saved before the reload
    page.reload()
    wait_ready(page)
    # Black had 5:00, less a moment, plus the 3 s increment.
    assert clock(page, "Black").text_content() in ("5:03", "5:02")
    expect(clock(page, "White")).to_have_attribute("aria-current", "true")
    assert clock(page, "White").text_content() in ("5:00", "4:59", "4:58")
    expect(page.get_by_label("Clock", exact=True)).to_have_value("5+3")


def test_the_computer_answers_within_its_clock(page: Page) -> None:
    page.get_by_label("White player").select_option("computer")
    page.get_by_label("AI level").select_option("7")  # would think for many seconds
    choose_clock(page, "10 s for every move")
    page.wait_for_function("document.body?.dataset.ai === 'ready'", timeout=60_000)
    page.locator("rect[data-square='d1']").click()
    page.locator("rect[data-square='d4']").click()
    expect(page.get_by_role("status")).to_have_text("Black to move.", timeout=12_000)
