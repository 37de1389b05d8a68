"""End-to-end: the "How to play" lesson, by what a person sees and does.

A game is in progress; the lesson opens over it, every step of the Berkeley lesson is done
by clicking the squares its task names, a wrong move is answered with its reason, and
closing the lesson leaves the game, the board and the browser's storage exactly as they
were. The lesson is also played by keyboard, closed with Escape, and audited by axe-core
on a phone and a desktop. Under ashton rules it teaches the camps, and refuses a move into
one with its reason.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect
from records_support import (
    local_storage,
    open_ready,
    open_with_state,
    settle,
)
from returning import VisitorFactory
from test_audit import axe_violations

from tablut import Game
from web.models.state import PageState, Settings

pytestmark = pytest.mark.e2e

#: The Berkeley lesson as a person does it: each step's heading, and the move its task
#: asks for (the piece's square, then the square it goes to).
BERKELEY_STEPS = [
    ("Moving", "c3", "h3"),
    ("The throne", "c5", "g5"),
    ("Capturing", "h3", "e3"),
    ("The throne captures too", "b3", "e3"),
    ("Between two enemies", "d7", "d3"),
    ("White captures", "g6", "e6"),
    ("The king escapes", "c6", "c9"),
    ("Capturing the king", "h7", "e7"),
    ("Beside the throne", "h4", "f4"),
    ("The king on his throne", "h4", "e4"),
    ("Repeating a position", "g4", "g3"),
    ("How a game ends", "d7", "d5"),
]


def game_in_progress(page: Page) -> None:
    """A game between two people, three moves in, stored and shown."""
    game = Game()
    for move in ("d1-2", "e3-c", "f1-3"):
        game.play_text(move)
    state = PageState(Settings(black="human", white="human"), game)
    open_with_state(page, state.to_json())


def game_pieces(page: Page) -> dict[str, str]:
    """Square -> piece kind, as the game's board (not the lesson's) draws them."""
    return dict(page.locator("#board [data-piece]").evaluate_all(
        "els => els.map(e => [e.dataset.square, e.dataset.piece])"))


def open_lesson(page: Page) -> Locator:
    """Press "How to play"; the dialog, once it is open."""
    page.get_by_role("button", name="How to play").click()
    dialog = page.get_by_role("dialog", name="How to play")
    expect(dialog).to_be_visible()
    return dialog


def square(dialog: Locator, name: str) -> Locator:
    """A square of the lesson's board."""
    return dialog.locator(f"rect[data-square='{name}']")


def test_the_whole_berkeley_lesson_by_clicks_leaves_the_game_as_it_was(
        visitor: VisitorFactory, site_url: str) -> None:
    context = visitor(viewport={"width": 1280, "height": 800})
    page = open_ready(context, site_url)
    game_in_progress(page)
    stored, drawn = local_storage(page), game_pieces(page)
    status = page.locator("#status").text_content()
    moves = page.locator("#move-list").text_content()

    dialog = open_lesson(page)
    assert page.evaluate("() => !!document.activeElement.closest('dialog[open]')")
    expect(dialog.get_by_text("Berkeley rules")).to_be_visible()
    verdict = dialog.locator(".lesson-verdict")
    announcer = dialog.locator("#lesson-announcer")

    # A wrong move first: nothing moves, and the lesson says why.
    square(dialog, "c3").click()
    square(dialog, "c8").click()
    expect(verdict).to_have_text("That piece cannot jump over c6.")
    expect(announcer).to_contain_text("That piece cannot jump over c6.")
    expect(dialog.locator("[data-piece='black'][data-square='c3']")).to_have_count(1)

    total = len(BERKELEY_STEPS)
    for number, (title, frm, to) in enumerate(BERKELEY_STEPS, 1):
        expect(dialog.get_by_text(f"Step {number} of {total}", exact=True)).to_be_visible()
        expect(dialog.get_by_role("heading", name=title, exact=True)).to_be_visible()
        square(dialog, frm).click()
        square(dialog, to).click()
        expect(verdict).to_have_class("lesson-verdict right")
        expect(dialog.locator(f"[data-piece][data-square='{to}']")).to_have_count(1)
        if number < total:
            dialog.get_by_role("button", name="Next").click()
    expect(dialog.locator("[data-piece][data-square='d4']")).to_have_count(1)
    expect(verdict).to_have_text("White wins: black has no legal move.")
    expect(announcer).to_contain_text("That was the last step.")

    dialog.get_by_role("button", name="Play a game").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("button", name="How to play")).to_be_focused()
    assert local_storage(page) == stored
    assert game_pieces(page) == drawn
    assert page.locator("#status").text_content() == status
    assert page.locator("#move-list").text_content() == moves


@pytest.mark.parametrize("viewport", {"phone": (360, 740), "desktop": (1280, 800)})
def test_the_lesson_by_keyboard_closes_with_escape_and_passes_axe(
        visitor: VisitorFactory, site_url: str, viewport: str) -> None:
    width, height = {"phone": (360, 740), "desktop": (1280, 800)}[viewport]
    context = visitor(viewport={"width": width, "height": height},
                      is_mobile=viewport == "phone", has_touch=viewport == "phone")
    page = open_ready(context, site_url)
    stored = local_storage(page)
    dialog = open_lesson(page)
    dialog.get_by_role("button", name="Next").click()
    expect(dialog.get_by_role("heading", name="The throne", exact=True)).to_be_visible()

    # The board's one tab stop is its cursor, the throne; from there to c5 and on to g5.
    # Each key waits for the one before it to have moved the cursor: the page handles
    # keys in Python, and a key pressed before the last one is handled can be lost; the
    # first waits for the page to have drawn the step and handled the click on "Next".
    settle(page)
    dialog.locator("rect[data-square][tabindex='0']").focus()
    for key, cursor in (("ArrowLeft", "d5"), ("ArrowLeft", "c5")):
        page.keyboard.press(key)
        expect(dialog.locator(f"rect[data-square='{cursor}']")).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog.locator("rect.selected[data-square='c5']")).to_have_count(1)
    page.keyboard.press("Escape")  # puts the piece down, and the dialog stays
    expect(dialog).to_be_visible()
    expect(dialog.locator("rect.selected")).to_have_count(0)
    page.keyboard.press("Enter")
    expect(dialog.locator("rect.selected[data-square='c5']")).to_have_count(1)
    for key, cursor in (("ArrowRight", "d5"), ("ArrowRight", "e5")):
        page.keyboard.press(key)
        expect(dialog.locator(f"rect[data-square='{cursor}']")).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog.locator(".lesson-verdict")).to_have_text(
        "Only the king may stop on the throne (e5).")
    page.keyboard.press("ArrowLeft")  # in the dialog, not a step through the game
    page.keyboard.press("ArrowLeft")
    for key in ("Enter", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "Enter"):
        page.keyboard.press(key)
    expect(dialog.locator(".lesson-verdict")).to_have_class("lesson-verdict right")

    dialog.get_by_role("button", name="Next").click()
    square(dialog, "d7").click()
    square(dialog, "d4").click()
    expect(dialog.locator(".lesson-verdict")).to_have_text(
        "That move captures nothing: the white guard on d3 needs a black piece on d2 too.")
    assert axe_violations(page) == []

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("button", name="How to play")).to_be_focused()
    assert local_storage(page) == stored

    # Opened again, it is where it was left.
    dialog = open_lesson(page)
    expect(dialog.get_by_text("Step 3 of 12", exact=True)).to_be_visible()


def test_under_ashton_rules_the_lesson_teaches_the_camps(visitor: VisitorFactory,
                                                         site_url: str) -> None:
    context = visitor(viewport={"width": 1280, "height": 800})
    page = open_ready(context, site_url)
    page.get_by_label("Black player").select_option("human")
    page.get_by_label("White player").select_option("human")
    page.get_by_label("Rules").select_option("ashton")
    dialog = open_lesson(page)
    expect(dialog.get_by_text("Ashton (Tablut Challenge) rules")).to_be_visible()
    expect(dialog.locator(".decor .camp")).to_have_count(16)
    for _ in range(2):
        dialog.get_by_role("button", name="Next").click()
    expect(dialog.get_by_role("heading", name="The camps", exact=True)).to_be_visible()
    expect(dialog.get_by_text("Step 3 of 15", exact=True)).to_be_visible()
    expect(dialog.locator(".lesson-text")).to_contain_text("No piece may enter a camp")

    verdict = dialog.locator(".lesson-verdict")
    square(dialog, "a2").click()
    square(dialog, "e2").click()
    expect(verdict).to_have_text("No piece may enter a camp (e2) from outside it.")
    expect(dialog.locator("[data-piece='white'][data-square='a2']")).to_have_count(1)
    square(dialog, "a2").click()
    square(dialog, "d2").click()
    expect(verdict).to_have_class("lesson-verdict right")
    expect(dialog.locator("[data-piece='white'][data-square='d2']")).to_have_count(1)
