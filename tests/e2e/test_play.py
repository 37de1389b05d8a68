"""End-to-end: playing the game in a real Chromium, the way a person does.

One page is shared by the module (a page load costs seconds); each test starts from a
known state: either through the page itself (the settings form and "New game"), or by
putting a saved record in localStorage and reloading, as a returning player would.
Selectors follow the page's contract (web/main.py, web/board/view.py).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from records_support import open_with_state, settle, wait_ready, whole
from returning import ReturningVisitors

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tablut import Game  # noqa: E402
from web.models.state import RECORD_VERSION, PageState, Settings  # noqa: E402

pytestmark = pytest.mark.e2e

#: The computer at level 1 answers in well under a second; the worker takes seconds to
#: start the first time.
AI_TIMEOUT_MS = 60_000

EMPTY_ROW = "-" * 9
#: White to move; the king on c4 escapes with c4-1.
NEAR_ESCAPE = "/".join(
    ["B--------", *[EMPTY_ROW] * 4, "--K------", *[EMPTY_ROW] * 2, "--------B"]) + " w"


def square(page: Page, name: str):  # noqa: ANN201 - a Playwright Locator
    """The board square ``name`` (the rect, not the piece on it)."""
    return page.locator(f"rect[data-square='{name}']")


def piece_on(page: Page, name: str):  # noqa: ANN201
    """The piece standing on ``name``, if any."""
    return page.locator(f"[data-piece][data-square='{name}']")


def move(page: Page, frm: str, to: str) -> None:
    """Click a piece, then its target square."""
    square(page, frm).click()
    square(page, to).click()


def status(page: Page):  # noqa: ANN201
    """The status line."""
    return page.get_by_role("status")


def load_state(page: Page, state: PageState) -> None:
    """Open the page anew with ``state`` as its saved record."""
    open_with_state(page, state.to_json())


def move_buttons(page: Page):  # noqa: ANN201
    """The moves of the move list."""
    return page.locator("#move-list button[data-ply]")


@pytest.fixture(scope="module")
def shared(returning_visitors: ReturningVisitors, site_url: str) -> Iterator[Page]:
    """One page at 1280x800 for the module, in a returning visitor's browser."""
    context = returning_visitors.context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    yield page
    returning_visitors.leave(context)


def open_more_options(page: Page) -> None:
    """Open "More options" in the settings, where the seed, the move limit, the match and
    set-up mode are."""
    if not page.locator("#more-options").evaluate("details => details.open"):
        page.get_by_text("More options").click()


def reset(page: Page) -> None:
    """Through the page's own controls, as a person would: leave set-up mode, default
    settings with two human players, close the analysis, and start a new game. Faster
    than a reload, which also restarts the AI worker."""
    open_more_options(page)
    settle(page)  # each question below is asked of what the page shows once settled
    setup = page.get_by_label("Set-up mode")
    if setup.is_checked():
        page.get_by_role("button", name="Start position").click()
        setup.click()
        settle(page)
    page.get_by_label("Black player").select_option("human")
    page.get_by_label("White player").select_option("human")
    page.get_by_label("AI level").select_option("5")
    page.get_by_label("Rules").select_option("berkeley")
    settle(page)
    for label in ("Seed", "Move limit"):
        field = page.get_by_label(label)
        if field.input_value() != "0":
            field.fill("0")
            field.dispatch_event("change")
    settle(page)
    if page.get_by_label("Match of two games").is_checked():
        page.get_by_label("Match of two games").uncheck()
        settle(page)
    if page.get_by_role("button", name="Hide analysis").is_visible():
        page.get_by_role("button", name="Hide analysis").click()
    page.get_by_role("button", name="New game").click()
    dismiss = page.get_by_role("button", name="Dismiss message")
    if dismiss.is_visible():  # a passing notice may have gone by itself
        dismiss.click()
    expect(status(page)).to_have_text("Black to move.")
    expect(move_buttons(page)).to_have_count(0)


@pytest.fixture
def page(shared: Page) -> Page:
    """The shared page with a new game between two people under berkeley rules."""
    reset(shared)
    return shared


def test_a_move_by_clicking_shows_targets_and_the_last_move(page: Page) -> None:
    square(page, "e8").click()
    expect(page.locator("rect.selected")).to_have_attribute("data-square", "e8")
    # e8 slides along rank 8 to a..d and f..i; e7 blocks the way down.
    expect(page.locator("rect.target")).to_have_count(8)
    square(page, "c8").click()
    expect(piece_on(page, "c8")).to_have_attribute("data-piece", "black")
    expect(piece_on(page, "e8")).to_have_count(0)
    expect(square(page, "c8")).to_have_attribute("aria-label", "c8, black piece")
    expect(square(page, "c8")).to_have_class("square last-to")
    expect(square(page, "e8")).to_have_class("square last-from")
    expect(status(page)).to_have_text("White to move.")
    expect(page.locator("#move-list")).to_contain_text("e8-c")


def test_a_move_by_dragging(page: Page) -> None:
    source = square(page, "e8").bounding_box()
    target = square(page, "b8").bounding_box()
    assert source and target
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2,
                    steps=8)
    page.mouse.up()
    expect(piece_on(page, "b8")).to_have_attribute("data-piece", "black")
    expect(piece_on(page, "e8")).to_have_count(0)
    expect(status(page)).to_have_text("White to move.")


def test_a_move_by_touch_drag(page: Page) -> None:
    # A finger on a phone sends pointer events of type "touch"; the board takes them alike.
    source = square(page, "e8").bounding_box()
    target = square(page, "b8").bounding_box()
    assert source and target
    board = page.locator("#board svg")

    def at(box: dict[str, float], fraction: float = 1.0) -> dict[str, object]:
        x0, y0 = source["x"] + source["width"] / 2, source["y"] + source["height"] / 2
        x1, y1 = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        return {"clientX": x0 + (x1 - x0) * fraction, "clientY": y0 + (y1 - y0) * fraction,
                "pointerType": "touch", "pointerId": 7, "isPrimary": True, "button": 0,
                "bubbles": True}

    board.dispatch_event("pointerdown", at(source))
    for step in range(1, 6):
        board.dispatch_event("pointermove", at(target, step / 5))
    board.dispatch_event("pointerup", at(target))
    expect(piece_on(page, "b8")).to_have_attribute("data-piece", "black")
    expect(status(page)).to_have_text("White to move.")


def test_a_drag_to_an_illegal_square_puts_the_piece_back(page: Page) -> None:
    square(page, "e8").drag_to(square(page, "d7"))
    expect(piece_on(page, "e8")).to_have_attribute("data-piece", "black")
    expect(piece_on(page, "d7")).to_have_count(0)
    expect(move_buttons(page)).to_have_count(0)


def test_illegal_clicks_do_nothing(page: Page) -> None:
    square(page, "a1").click()  # empty
    square(page, "e5").click()  # the white king, on black's turn
    expect(page.locator("rect.selected")).to_have_count(0)
    square(page, "e8").click()
    square(page, "d7").click()  # not in a straight line
    square(page, "e2").click()  # blocked by e7: reselects nothing harmful
    expect(move_buttons(page)).to_have_count(0)
    expect(status(page)).to_have_text("Black to move.")
    expect(page.locator("[data-piece]")).to_have_count(25)


def test_a_capture_removes_the_piece_and_shows_it_captured(page: Page) -> None:
    move(page, "i6", "g6")
    move(page, "d5", "d7")
    expect(page.locator("#captured-white [data-captured]")).to_have_count(0)
    move(page, "i4", "g4")
    expect(piece_on(page, "g5")).to_have_count(0)
    expect(square(page, "g5")).to_have_attribute("aria-label", "g5, empty")
    expect(page.locator("#captured-white [data-captured='white']")).to_have_count(1)
    # A screen reader hears the row as one image with a count, in words.
    expect(page.get_by_role("img", name="1 white piece", exact=True)).to_be_visible()
    expect(page.get_by_role("img", name="no black pieces")).to_be_visible()
    # The captured piece fades out where it stood (not a piece of the board any more).
    expect(page.locator(".captured-ghost")).to_have_count(1)
    expect(page.locator("[data-piece]")).to_have_count(24)


def test_a_win_is_announced_with_its_reason_and_a_new_game_offer(page: Page) -> None:
    load_state(page, PageState(Settings(black="human", white="human"),
                               Game(start=NEAR_ESCAPE)))
    # The threat is said on the screen, not only to a screen reader.
    expect(status(page)).to_have_text(re.compile(r"^White to move\. The king can escape"))
    move(page, "c4", "c1")
    expect(status(page)).to_have_text("White wins: the king reached c1.")
    expect(square(page, "c1")).to_have_class("square last-to winning")
    expect(page.get_by_role("button", name="Play again")).to_be_visible()
    # The game is over: nothing moves any more.
    move(page, "a9", "a5")
    expect(piece_on(page, "a9")).to_have_count(1)
    page.get_by_role("button", name="New game").click()
    expect(status(page)).to_have_text("Black to move.")
    expect(page.locator("[data-piece]")).to_have_count(25)
    expect(page.get_by_role("button", name="Play again")).to_be_hidden()


def test_black_wins_by_capturing_the_king(page: Page) -> None:
    start = "/".join([*[EMPTY_ROW] * 5, "-BK------", *[EMPTY_ROW] * 2, "---B-----"]) + " b"
    load_state(page, PageState(Settings(black="human", white="human"), Game(start=start)))
    move(page, "d1", "d4")
    expect(status(page)).to_have_text("Black wins: the king is captured on c4.")
    expect(page.locator("#captured-white [data-captured='king']")).to_have_count(1)
    expect(page.get_by_role("img", name="the king", exact=True)).to_be_visible()


def test_the_computer_answers_a_move(page: Page) -> None:
    page.get_by_label("AI level").select_option("1")
    page.get_by_label("White player").select_option("computer")
    move(page, "e8", "c8")
    expect(move_buttons(page)).to_have_count(2, timeout=AI_TIMEOUT_MS)
    expect(status(page)).to_have_text("Black to move.")
    expect(page.locator("#thinking")).to_be_hidden()


def test_undo_takes_back_the_computer_move_and_the_move_before_it(page: Page) -> None:
    page.get_by_label("AI level").select_option("1")
    page.get_by_label("White player").select_option("computer")
    move(page, "e8", "c8")
    expect(move_buttons(page)).to_have_count(2, timeout=AI_TIMEOUT_MS)
    expect(status(page)).to_have_text("Black to move.")
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(piece_on(page, "e8")).to_have_count(1)
    expect(page.locator("#move-list [aria-current]")).to_have_count(0)
    expect(status(page)).to_have_text("Black to move.")
    page.get_by_role("button", name="Redo").click()
    expect(page.locator("#move-list [aria-current]")).to_have_attribute("data-ply", "2")
    expect(status(page)).to_have_text("Black to move.")


@pytest.mark.alone  # no long task: another test's load would make some (pyproject.toml)
def test_the_page_answers_while_the_computer_thinks(page: Page) -> None:
    # A strong level thinks for seconds, in the worker: the page keeps answering.
    page.get_by_label("AI level").select_option("6")
    page.get_by_label("White player").select_option("computer")
    page.evaluate("""() => {
        window.__longtasks = [];
        new PerformanceObserver(list => list.getEntries().forEach(
            e => window.__longtasks.push(e.duration))).observe({type: 'longtask'});
    }""")
    move(page, "e8", "c8")
    expect(page.locator("#thinking")).to_be_visible()
    page.wait_for_timeout(2000)
    # The search runs in the worker: the main thread has no long task (50 ms or more).
    assert page.evaluate("window.__longtasks") == []
    expect(page.locator("#thinking")).to_be_visible()
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(piece_on(page, "e8")).to_have_count(1)
    expect(status(page)).to_have_text("Black to move.")
    expect(page.locator("#thinking")).to_be_hidden()
    # The late answer to the undone position is ignored: no white move appears.
    page.wait_for_timeout(6000)
    expect(move_buttons(page)).to_have_count(1)
    expect(page.locator("#move-list [aria-current]")).to_have_count(0)
    expect(status(page)).to_have_text("Black to move.")


def test_reload_restores_the_game_exactly(page: Page) -> None:
    for frm, to in (("e8", "c8"), ("e7", "d7"), ("i6", "g6")):
        move(page, frm, to)
    page.get_by_role("button", name="Back").click()
    page.get_by_label("Seed").fill("7")
    page.get_by_label("Seed").press("Tab")
    page.get_by_label("Rules").focus()  # the seed is committed on change
    # Saved: the page handles input a moment later (its Python may run in a worker).
    expect(page.locator("#move-list [aria-current]")).to_have_attribute("data-ply", "2")
    page.wait_for_function("JSON.parse(localStorage['tablut.state']).settings.seed === 7")
    pieces_before = page.locator("[data-piece]").evaluate_all(
        "els => els.map(e => e.dataset.square + e.dataset.piece).sort()")
    page.reload()
    wait_ready(page)
    expect(move_buttons(page)).to_have_text(whole(["e8-c", "e7-d", "i6-g"]))
    expect(page.locator("#move-list [aria-current]")).to_have_attribute("data-ply", "2")
    expect(status(page)).to_have_text("Black to move.")
    expect(page.get_by_label("Seed")).to_have_value("7")
    expect(page.get_by_label("White player")).to_have_value("human")
    assert page.locator("[data-piece]").evaluate_all(
        "els => els.map(e => e.dataset.square + e.dataset.piece).sort()") == pieces_before


def test_a_corrupt_saved_record_starts_a_fresh_game_and_keeps_a_backup(page: Page) -> None:
    page.evaluate("localStorage.setItem('tablut.state', '{\"format\": \"tablut-page\", oops')")
    page.reload()
    wait_ready(page)
    expect(page.locator("#notice")).to_contain_text("could not be read")
    expect(status(page)).to_have_text("Black to move.")
    expect(page.locator("[data-piece]")).to_have_count(25)
    backups = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('tablut.state.backup.'))"
        ".map(k => localStorage.getItem(k))")
    assert '{"format": "tablut-page", oops' in backups
    # The fresh game was saved over the bad record.
    stored = json.loads(page.evaluate("localStorage.getItem('tablut.state')"))
    assert stored["version"] == RECORD_VERSION


def test_settings_are_labelled_and_show_the_rules(page: Page) -> None:
    for label in ("Black player", "White player"):
        options = page.get_by_label(label).locator("option").all_text_contents()
        assert options == ["Human", "Computer"]
    levels = page.get_by_label("AI level").locator("option").all_text_contents()
    assert len(levels) == 7 and "Beginner" in levels[0]
    rules = page.get_by_label("Rules")
    assert rules.locator("option").evaluate_all("els => els.map(e => e.value)") == [
        "brandubh", "berkeley", "brainking", "nielsen", "ashton", "opentafl", "copenhagen",
        "fetlar"]
    assert rules.locator("optgroup").evaluate_all("els => els.map(e => e.label)") == [
        "Brandubh 7×7", "Tablut 9×9", "Hnefatafl 11×11"]
    expect(page.locator("#rules-summary")).to_contain_text("any edge")
    rules.select_option("nielsen")
    expect(page.locator("#rules-summary")).to_contain_text("corner")
    expect(square(page, "a1")).to_have_class("square reserved-square")
    expect(page.locator("#match-panel")).to_be_visible()
    expect(page.get_by_label("Match of two games")).to_be_checked()
    expect(page.get_by_label("Seed")).to_have_value("0")
    expect(page.get_by_label("Set-up mode")).not_to_be_checked()


def test_the_move_limit_ends_the_game(page: Page) -> None:
    page.get_by_label("Move limit").fill("1")
    page.get_by_label("Move limit").press("Enter")
    expect(page.locator("#notice")).to_contain_text("Move limit: 1")
    move(page, "e8", "c8")
    move(page, "e7", "d7")
    expect(status(page)).to_have_text(
        "White wins: Black reached the limit of 1 move without winning.")


def test_setup_mode_cycles_squares_validates_and_starts_play(page: Page) -> None:
    page.get_by_label("Set-up mode").check()
    a1 = square(page, "a1")
    for label in ("a1, white piece", "a1, white king", "a1, black piece", "a1, empty"):
        a1.click()
        expect(a1).to_have_attribute("aria-label", label)
    page.get_by_role("button", name="Clear board").click()
    expect(page.locator("[data-piece]")).to_have_count(0)
    page.get_by_label("Set-up mode").click()  # leaving fails: the position has no king
    expect(page.locator("#notice")).to_contain_text("exactly one king")
    expect(page.get_by_label("Set-up mode")).to_be_checked()
    square(page, "c4").click()
    square(page, "c4").click()  # white, then king
    square(page, "a9").click()
    square(page, "a9").click()
    square(page, "a9").click()  # white, king, black
    page.get_by_label("Side to move").select_option("white")
    page.get_by_label("Set-up mode").uncheck()
    expect(page.get_by_label("Set-up mode")).not_to_be_checked()
    expect(status(page)).to_have_text(re.compile(r"^White to move\."))
    move(page, "c4", "c1")
    expect(status(page)).to_have_text("White wins: the king reached c1.")


#: Press and release the pointer at the centre of a square, then, in the same task,
#: move the board down by a few squares' height, as a notice shown above it would: the
#: page's Python handles the press later, in its worker, when the board has moved.
CLICK_THEN_SHIFT = """([name, shift]) => {
    const rect = document.querySelector(`rect[data-square='${name}']`);
    const box = rect.getBoundingClientRect();
    const at = {clientX: box.x + box.width / 2, clientY: box.y + box.height / 2,
                button: 0, pointerId: 1, isPrimary: true, bubbles: true, cancelable: true};
    rect.dispatchEvent(new PointerEvent("pointerdown", at));
    rect.dispatchEvent(new PointerEvent("pointerup", at));
    document.getElementById("board").style.marginTop = shift + "px";
}"""


def test_a_click_lands_on_its_square_though_the_board_moves_before_it_is_handled(
        page: Page) -> None:
    try:
        page.evaluate(CLICK_THEN_SHIFT, ["e8", 200])
        expect(page.locator("rect.selected")).to_have_attribute("data-square", "e8")
        page.evaluate(CLICK_THEN_SHIFT, ["c8", 0])
        expect(piece_on(page, "c8")).to_have_attribute("data-piece", "black")
        expect(piece_on(page, "e8")).to_have_count(0)
    finally:
        page.evaluate("document.getElementById('board').style.marginTop = ''")


def test_move_list_click_and_arrow_keys(page: Page) -> None:
    for frm, to in (("e8", "c8"), ("e7", "d7"), ("i6", "g6")):
        move(page, frm, to)
    expect(page.locator("#move-list li")).to_have_count(2)
    move_buttons(page).first.click()
    expect(piece_on(page, "c8")).to_have_count(1)
    expect(piece_on(page, "e7")).to_have_count(1)  # white has not moved yet
    expect(status(page)).to_have_text("White to move.")
    page.keyboard.press("ArrowRight")
    expect(piece_on(page, "d7")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(piece_on(page, "g6")).to_have_count(1)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(piece_on(page, "e8")).to_have_count(1)
    expect(page.locator("#move-list [aria-current]")).to_have_count(0)
    # A different move here drops the later ones, with an offer to bring them back.
    move(page, "e8", "b8")
    expect(move_buttons(page)).to_have_text(whole(["e8-b"]))
    expect(page.locator("#notice")).to_contain_text("Later moves were dropped")
    page.get_by_role("button", name="Restore dropped moves").click()
    expect(move_buttons(page)).to_have_text(whole(["e8-c", "e7-d", "i6-g"]))


def test_keyboard_moves_a_cursor_and_plays(page: Page) -> None:
    square(page, "e5").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")  # e8
    expect(square(page, "e8")).to_be_focused()
    expect(square(page, "e8")).to_have_attribute("tabindex", "0")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # c8
    page.keyboard.press(" ")
    expect(piece_on(page, "c8")).to_have_attribute("data-piece", "black")
    expect(page.locator("rect[tabindex='0']")).to_have_count(1)


def test_hint_is_shown_on_the_board(page: Page) -> None:
    page.get_by_label("AI level").select_option("1")
    page.get_by_role("button", name="Hint").click()
    expect(page.locator(".hint-arrow")).to_have_count(1, timeout=AI_TIMEOUT_MS)
    expect(page.locator("rect.hint-from")).to_have_count(1)
    expect(page.locator("rect.hint-to")).to_have_count(1)
    expect(page.locator("#notice")).to_contain_text("Hint:")
    # The hint is a legal move of the side to move: play it.
    frm = page.locator("rect.hint-from").get_attribute("data-square")
    to = page.locator("rect.hint-to").get_attribute("data-square")
    assert frm and to
    move(page, frm, to)
    expect(move_buttons(page)).to_have_count(1)
    expect(page.locator(".hint-arrow")).to_have_count(0)


def test_analysis_panel_updates_as_it_thinks(page: Page) -> None:
    toggle = page.get_by_role("button", name="Show analysis")
    toggle.click()
    expect(page.get_by_role("button", name="Hide analysis")).to_have_attribute(
        "aria-expanded", "true")
    depth = page.locator("#eval-depth")
    expect(depth).to_contain_text("Depth", timeout=AI_TIMEOUT_MS)
    first = depth.text_content()
    expect(depth).not_to_have_text(first or "", timeout=AI_TIMEOUT_MS)
    expect(page.locator("#eval-pv")).not_to_be_empty()
    expect(page.locator("#eval-text")).to_have_text(
        __import__("re").compile(r"^([+-]?\d+\.\d\d|(Black|White) wins in \d+ moves?)$"))
    page.get_by_role("button", name="Hide analysis").click()
    expect(page.locator("#analysis")).to_be_hidden()


def test_match_of_two_games_keeps_the_score(page: Page) -> None:
    load_state(page, PageState(Settings(black="human", white="human", match=True),
                               Game(start=NEAR_ESCAPE)))
    expect(page.locator("#match-panel")).to_be_visible()
    expect(page.locator("#match-rows")).to_contain_text("In progress")
    move(page, "c4", "c1")
    # Game 1: player 1 has black, so white's win is player 2's.
    expect(page.locator("#match-rows tr").first).to_contain_text("Player 2 won in 1 move")
    expect(page.locator("#match-summary")).to_contain_text("Player 2 leads.")
    expect(page.locator("#match-rows tr").nth(1)).to_contain_text("Next")
    page.get_by_role("button", name="Next game").click()
    expect(page.locator("#notice")).to_contain_text("Game 2 of the match")
    rows = page.locator("#match-rows tr")
    expect(rows.nth(1)).to_contain_text("In progress")
    expect(rows.nth(1)).to_contain_text("White")  # player 1 has white in game 2
    expect(status(page)).to_have_text("Black to move.")
    page.reload()
    wait_ready(page)
    expect(page.locator("#match-rows tr").first).to_contain_text("Player 2 won in 1 move")


def test_match_players_swap_sides(page: Page) -> None:
    load_state(page, PageState(Settings(black="human", white="computer", level=1,
                                        match=True), Game(start=NEAR_ESCAPE)))
    # The computer has white: it finds the escape itself.
    expect(status(page)).to_contain_text("White wins: the king reached",
                                         timeout=AI_TIMEOUT_MS)
    page.get_by_role("button", name="Next game").click()
    expect(page.get_by_label("Black player")).to_have_value("computer")
    expect(page.get_by_label("White player")).to_have_value("human")
    # Now the computer plays black's first move of game 2.
    expect(move_buttons(page)).to_have_count(1, timeout=AI_TIMEOUT_MS)


def long_game(plies: int) -> Game:
    """A game of ``plies`` moves, each the first legal move that does not end it."""
    game = Game()
    while game.ply < plies:
        for candidate in game.legal_moves():
            game.play(candidate)
            if game.outcome() is None:
                break
            game.undo()
    return game


def test_the_move_list_keeps_the_current_move_in_view(page: Page) -> None:
    load_state(page, PageState(Settings(black="human", white="human"), long_game(40)))
    current = page.locator("#move-list [aria-current='step']")
    expect(current).to_have_attribute("data-ply", "40")
    visible = """button => {
        const list = button.closest('ol').getBoundingClientRect();
        const box = button.getBoundingClientRect();
        return box.top >= list.top - 1 && box.bottom <= list.bottom + 1;
    }"""
    assert page.evaluate("l => l.scrollHeight > l.clientHeight",
                         page.locator("#move-list").element_handle())
    assert current.evaluate(visible)
    move_buttons(page).first.scroll_into_view_if_needed()
    move_buttons(page).first.click()
    page.keyboard.press("ArrowRight")
    expect(current).to_have_attribute("data-ply", "2")
    assert current.evaluate(visible)
    page.get_by_role("button", name="Forward ›").click()
    for _ in range(37):
        page.keyboard.press("ArrowRight")
    # 37 steps, each a redraw: a slow machine takes seconds over them.
    expect(current).to_have_attribute("data-ply", "40", timeout=30_000)
    assert current.evaluate(visible)


SLIDES = """() => {
    window.slides = [];
    document.querySelector('#board svg').addEventListener('transitionrun', event => {
        const piece = event.target.closest('[data-piece]');
        if (piece) window.slides.push([piece.dataset.square, event.propertyName]);
    });
}"""


def test_a_moved_piece_slides_to_its_square(page: Page) -> None:
    page.evaluate(SLIDES)
    move(page, "d1", "d3")
    page.wait_for_function("window.slides.length > 0")
    assert page.evaluate("window.slides") == [["d3", "transform"]]
    expect(piece_on(page, "d3")).to_have_count(1)


def test_with_reduced_motion_pieces_do_not_slide(browser: Browser, site_url: str) -> None:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    page.evaluate(SLIDES)
    move(page, "d1", "d3")
    # Played (the computer's answer may take the piece at once: the list, not the board).
    expect(page.locator("#move-list [data-ply='1']")).to_have_text("d1-d3")
    page.wait_for_timeout(400)
    assert page.evaluate("window.slides") == []
    context.close()
