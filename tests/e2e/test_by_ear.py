"""End-to-end: a newcomer's first minute, and a game played by ear with the keyboard
alone, as a screen-reader user plays it: every word the live region says is checked
against what the page's own words (web/words/speech.py) say of the same moves."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from records_support import open_ready, open_with_state, settle
from returning import VisitorFactory

from tablut import Game, square_name
from tablut.ai import Engine
from tablut.squares import parse_square
from web.models.session import Session
from web.models.state import PageState, Settings
from web.words.announcer import Announcer
from web.words.status import status_line

pytestmark = pytest.mark.e2e

#: The computer at level 1 answers in well under a second, once its worker is up.
REPLY_TIMEOUT_MS = 60_000

#: Every text the live region is given, in order.
LISTEN = """() => {
    window.said = [];
    const region = document.getElementById('announcer');
    new MutationObserver(() => window.said.push(region.textContent.trim()))
        .observe(region, {childList: true, characterData: true, subtree: true});
}"""


#: Whether the saved game has at least ``n`` moves (the computer has answered).
STORED_MOVES_AT_LEAST = """n => JSON.parse(JSON.parse(localStorage.getItem('tablut.state'))
    .game).moves.length >= n"""


def stored_game(page: Page) -> Game:
    """The game the page has saved."""
    record = page.evaluate("localStorage.getItem('tablut.state')")
    return PageState.from_json(record).game


def press_to(page: Page, target: str) -> None:
    """Move the board's keyboard cursor to ``target`` with the arrow keys."""
    settle(page)  # the focus the page moved there last
    here = parse_square(str(page.evaluate("document.activeElement.dataset.square")))
    there = parse_square(target)
    col, row = here % 9, here // 9
    for _ in range(abs(there % 9 - col)):
        page.keyboard.press("ArrowRight" if there % 9 > col else "ArrowLeft")
    for _ in range(abs(there // 9 - row)):
        page.keyboard.press("ArrowUp" if there // 9 > row else "ArrowDown")
    expect(page.locator(f"rect[data-square='{target}']")).to_be_focused()


def play_by_ear(page: Page, mirror: Session,
                on_pick: Callable[[str], None] | None = None) -> list[str]:
    """Play a whole game on the board by keys against the computer, with the moves of a
    level-3 engine, and check that the live region says, word for word, what the page's
    own words say natively of the same moves in ``mirror`` (a session of the page's
    settings): each pick, each move, each reply. ``on_pick`` is told the target square
    once a piece is picked up. Returns the last move's sentences."""
    voice = Announcer(mirror)
    engine = Engine(level=3, seed=1)
    picked: set[str] = set()
    expected: list[str] = []
    for _ in range(80):
        move = engine.choose_move(mirror.game.board)
        frm, to = square_name(move[0]), square_name(move[1])
        press_to(page, frm)
        page.keyboard.press("Enter")
        mirror.activate(move[0])
        picked.add(voice.spoken[1])
        expect(page.locator("#announcer")).to_have_text(voice.spoken[1])
        if on_pick is not None:
            on_pick(to)
        press_to(page, to)
        page.keyboard.press("Enter")
        mirror.play(move)
        expected = [voice.spoken[1]]
        if mirror.game.outcome() is None:
            page.wait_for_function(STORED_MOVES_AT_LEAST, arg=mirror.game.ply + 1,
                                   timeout=REPLY_TIMEOUT_MS)
            mirror.play(stored_game(page).moves[-1], by_computer=True)
            expected.append(voice.spoken[1])
        # The reply is stored before it is drawn and said: wait for the words.
        expect(page.locator("#announcer")).to_have_text(expected[-1], timeout=REPLY_TIMEOUT_MS)
        said = [text for text in page.evaluate("window.said") if text not in picked]
        assert said[-len(expected):] == expected
        page.evaluate("window.said = []")
        if mirror.game.outcome() is not None:
            break
    assert mirror.game.outcome() is not None, "the game ends"
    expect(page.get_by_role("status")).to_have_text(status_line(mirror))
    return expected


def tab_to_board(page: Page) -> int:
    """Tab from the top of the page to the board; the number of Tab presses."""
    page.locator(".topbar h1").click()
    for presses in range(1, 40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.square !== undefined"):
            return presses
    raise AssertionError("Tab never reaches the board")


@pytest.fixture
def phone(visitor: VisitorFactory, site_url: str):  # noqa: ANN201 - a Playwright Page
    """A visitor with no game saved, on a 360x740 phone."""
    return open_ready(visitor(viewport={"width": 360, "height": 740}, is_mobile=True,
                              has_touch=True), site_url)


def test_a_newcomer_is_told_what_to_do_without_scrolling(phone: Page) -> None:
    intro = phone.locator("#intro-text")
    expect(intro).to_have_text(
        "You play Black, the attackers, against the computer: capture the king. White "
        "tries to bring the king to any edge square. Tap a piece, then a square.")
    box = intro.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 740, "the goal is on screen"
    expect(phone.get_by_role("button", name="New game")).to_have_class("primary")
    # The words follow the settings ...
    phone.get_by_label("White player").select_option("human")
    expect(intro).to_contain_text("Two players, one board.")
    # ... step aside once the player has moved, and come back on request.
    phone.locator("rect[data-square='d1']").tap()
    phone.locator("rect[data-square='d4']").tap()
    expect(intro).to_be_hidden()
    phone.get_by_role("button", name="What do I do?").tap()
    expect(intro).to_be_visible()


def test_a_game_against_the_computer_by_keyboard_and_by_ear(visitor: VisitorFactory,
                                                             site_url: str) -> None:
    context = visitor(viewport={"width": 1280, "height": 800})
    page = open_ready(context, site_url)
    page.get_by_label("AI level").select_option("1")
    page.wait_for_function("document.body?.dataset.ai === 'ready'", timeout=REPLY_TIMEOUT_MS)
    page.evaluate(LISTEN)
    assert tab_to_board(page) <= 3, "the board comes right after the page's first controls"
    mirror = Session(PageState(Settings()))  # the same words, said natively

    def legal_move_named(target: str) -> None:
        assert "legal move" in str(page.locator(f"rect[data-square='{target}']")
                                   .get_attribute("aria-label"))

    expected = play_by_ear(page, mirror, on_pick=legal_move_named)
    assert expected[-1].endswith(status_line(mirror))


def test_keys_read_the_position_and_open_the_help(visitor: VisitorFactory,
                                                  site_url: str) -> None:
    context = visitor(viewport={"width": 1280, "height": 800})
    page = open_ready(context, site_url)
    page.locator(".topbar h1").click()
    page.keyboard.press("p")
    expect(page.locator("#announcer")).to_have_text(
        "Black to move. The king is on e5. White has 8 guards and the king; black has 16 "
        "pieces.")
    page.keyboard.press("l")
    expect(page.locator("#announcer")).to_contain_text("King: e5. White guards: e3, e4,")
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="Keyboard")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Read the position")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # Typing in a form control is typing, not a command.
    page.get_by_role("textbox", name="Game record").press("p")
    expect(page.get_by_role("textbox", name="Game record")).to_have_value("p")
    expect(page.locator("#announcer")).to_contain_text("King: e5. White guards")


def test_the_board_is_one_tab_stop(visitor: VisitorFactory, site_url: str) -> None:
    context = visitor(viewport={"width": 1280, "height": 800})
    page = open_ready(context, site_url)
    tab_to_board(page)
    first = page.evaluate("document.activeElement.dataset.square")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.square") is None
    assert page.evaluate("document.activeElement.tagName") != "svg"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.square") == first
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.tagName") != "svg"
    assert page.evaluate("document.activeElement.dataset.square") is None


def test_a_won_game_says_how_it_ended(visitor: VisitorFactory, site_url: str) -> None:
    context = visitor(viewport={"width": 1280, "height": 800})
    start = "/".join(["B--------", *["-" * 9] * 4, "--K------", *["-" * 9] * 2,
                      "--------B"]) + " w"
    state = PageState(Settings(black="human", white="human"), Game(start=start))
    page = open_with_state(context.new_page(), state.to_json(), site_url)
    page.locator("rect[data-square='c4']").click()
    page.locator("rect[data-square='c1']").click()
    expect(page.locator("#announcer")).to_have_text(
        "White king c4 to c1. White wins: the king reached c1.")
    expect(page.get_by_role("status")).to_have_text("White wins: the king reached c1.")
