"""End-to-end: the page feels finished. Every notice, review and setting belongs to the
game it was made for; wrong clicks are explained; the board never jumps; undone moves
look undone; a played move slides and can be heard.

Each test drives the page as a person does. One page serves the module, in a returning
visitor's browser; each test opens it afresh from a saved game put in its storage, as a
returning player would, at the size it needs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from records_support import (
    open_ready,
    open_with_state,
    play_move,
    settle,
    wait_ready,
)
from returning import ReturningVisitors

from tablut import Game
from tablut.transcript import export_transcript
from web.models.state import PageState, Settings

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}

#: A finished berkeley game: white's king escapes on move 6 (tests/fixtures/v1).
WIN = ["a4-3", "e4-f", "i4-3", "e5-4", "i6-7", "e4-a"]

#: The page's cumulative layout shift, as browsers count it (shifts right after a
#: person's input are theirs, not the page's).
CLS_OBSERVER = """() => {
  window.__cls = 0;
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__cls += entry.value;
    }
  }).observe({type: "layout-shift", buffered: true});
}"""


@pytest.fixture(scope="module")
def shared(returning_visitors: ReturningVisitors, site_url: str) -> Iterator[Page]:
    """The module's page, in a returning visitor's browser."""
    context = returning_visitors.context(viewport=DESKTOP)
    yield open_ready(context, site_url)
    returning_visitors.leave(context)


def open_page(page: Page, viewport: dict[str, int], state: PageState | None = None) -> Page:
    """``page`` opened anew at ``viewport`` with ``state`` as its saved game (a new game
    with the default settings when None)."""
    page.set_viewport_size(viewport)
    return open_with_state(page, (state or PageState()).to_json())


@pytest.fixture
def people(shared: Page) -> Page:
    """The page at 1280x800 where two people play each other (berkeley)."""
    return open_page(shared, DESKTOP, PageState(Settings(black="human", white="human")))


def notice(page: Page):  # noqa: ANN201 - a Playwright Locator
    """The notice area."""
    return page.locator("#notice")


def button(page: Page, name: str):  # noqa: ANN201
    """The visible button named exactly ``name``."""
    return page.get_by_role("button", name=name, exact=True)


def board_box(page: Page) -> dict[str, float]:
    """Where the board is on screen."""
    settle(page)
    box = page.locator("#board").bounding_box()
    assert box is not None
    return box


def import_record(page: Page, text: str) -> None:
    """Paste ``text`` into the records panel and press Import."""
    page.get_by_label("Game record", exact=True).fill(text)
    button(page, "Import").click()


# -- 1 and 2: notices that belong to their game ----------------------------------------------

def test_restoring_the_previous_game_is_offered_only_until_the_new_game_moves(
        people: Page) -> None:
    page = people
    play_move(page, "d1", "d4")
    play_move(page, "e3", "d3")
    button(page, "New game").click()
    expect(notice(page)).to_contain_text("New game.")
    expect(button(page, "Restore previous game")).to_be_visible()
    play_move(page, "f1", "f4")  # the new game moves: the offer would now lose it
    expect(button(page, "Restore previous game")).to_have_count(0)
    expect(page.locator("#move-list button[data-ply]")).to_have_count(1)


def test_a_restore_can_itself_be_undone(people: Page) -> None:
    page = people
    play_move(page, "d1", "d4")
    button(page, "New game").click()
    button(page, "Restore previous game").click()
    expect(page.locator("#move-list button[data-ply]")).to_have_count(1)
    expect(notice(page)).to_contain_text("back as it was")
    button(page, "Undo restore").click()  # the new game was not lost either
    expect(page.locator("#move-list button[data-ply]")).to_have_count(0)


def test_dropped_moves_are_offered_back_only_until_the_new_line_moves(people: Page) -> None:
    page = people
    for origin, target in (("d1", "d4"), ("e3", "d3"), ("f1", "f4")):
        play_move(page, origin, target)
    button(page, "‹ Back").click()
    button(page, "‹ Back").click()
    play_move(page, "e3", "f3")  # another reply: the later moves are dropped
    expect(notice(page)).to_contain_text("Later moves were dropped (2 moves).")
    expect(button(page, "Restore dropped moves")).to_be_visible()
    play_move(page, "f1", "f2")
    expect(button(page, "Restore dropped moves")).to_have_count(0)


def test_a_notice_leaves_at_the_next_move_or_after_a_while(people: Page) -> None:
    page = people
    button(page, "New game").click()
    expect(notice(page)).to_contain_text("New game.")
    expect(notice(page)).to_be_empty(timeout=10_000)  # gone by itself after a few seconds
    button(page, "Hint").click()
    expect(notice(page)).to_contain_text("Hint:", timeout=60_000)
    play_move(page, "d1", "d4")
    expect(notice(page)).not_to_contain_text("Hint:")


def test_a_hint_leaves_with_an_undo(people: Page) -> None:
    page = people
    play_move(page, "d1", "d4")
    button(page, "Hint").click()
    expect(notice(page)).to_contain_text("Hint:", timeout=60_000)
    button(page, "Undo").click()
    expect(notice(page)).not_to_contain_text("Hint:")
    expect(page.locator("line.hint-arrow")).to_have_count(0)


# -- 3 and 9: a review belongs to its game, and its graph reads well -------------------------

def finished_record() -> str:
    """The record of :data:`WIN`."""
    game = Game()
    for move in WIN:
        game.play_text(move)
    return export_transcript(game)


def test_a_review_stays_with_its_game_and_its_graph_has_a_point_a_ply(people: Page) -> None:
    page = people
    import_record(page, finished_record())
    button(page, "Review game").click()
    summary = page.locator("#review-summary")
    expect(summary).to_contain_text("Review done", timeout=120_000)
    graph = page.get_by_role("img", name=re.compile("Evaluation graph"))
    expect(graph.locator(".eval-point, .eval-mistake")).to_have_count(len(WIN) + 1)
    expect(page.locator("#review-graph")).to_contain_text("White ahead")
    expect(page.locator("#review-graph")).to_contain_text("Black ahead")
    expect(graph.locator(".eval-mid")).to_have_count(1)
    # The review is kept with its game: a reload brings it back.
    page.reload()
    wait_ready(page)
    expect(summary).to_contain_text("Review done")
    # Another game: the panel no longer speaks of the first one.
    other = Game()
    other.play_text("d1-4")
    import_record(page, export_transcript(other))
    expect(summary).not_to_contain_text("Review done")
    expect(page.locator("#review-graph")).to_be_hidden()
    expect(button(page, "Review game")).to_be_visible()


# -- 4: undone moves look undone -------------------------------------------------------------

def test_undone_moves_are_struck_through_until_redone(people: Page) -> None:
    page = people
    play_move(page, "d1", "d4")
    play_move(page, "e3", "d3")
    button(page, "Undo").click()
    undone = page.locator("#move-list button.undone")
    expect(undone).to_have_count(1)
    expect(undone).to_have_attribute("aria-label", re.compile(r"e3-d3, undone$"))
    assert "line-through" in undone.evaluate("b => getComputedStyle(b).textDecorationLine")
    button(page, "Redo").click()
    expect(undone).to_have_count(0)


# -- 5: the board never jumps -----------------------------------------------------------------

@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_board_stays_put_from_load_to_the_second_move(shared: Page,
                                                          viewport: dict[str, int]) -> None:
    page = open_page(shared, viewport)
    page.evaluate(CLS_OBSERVER)  # the shift is counted from this load on
    before = board_box(page)
    play_move(page, "d1", "d4")  # the welcome words fold; the computer thinks
    expect(page.locator("#move-list button[data-ply]")).to_have_count(2, timeout=60_000)
    during = board_box(page)
    play_move(page, "f1", "f4")
    after = board_box(page)
    for box in (during, after):
        for key in ("x", "y", "width", "height"):
            assert abs(box[key] - before[key]) <= 1, (key, before, box)
    assert page.evaluate("window.__cls") < 0.05


def test_the_computer_thinking_does_not_move_the_board_on_a_phone(shared: Page) -> None:
    state = PageState(Settings(black="human", white="computer", level=5))
    page = open_page(shared, PHONE, state)
    before = board_box(page)
    play_move(page, "d1", "d4")
    page.wait_for_function("document.body.dataset.thinking === 'true' || "
                           "document.querySelectorAll('#move-list button').length > 1")
    assert board_box(page) == pytest.approx(before, abs=1)


# -- 6 and 7: what a player sees, not only what a screen reader hears -------------------------

def test_the_kings_escape_threat_is_in_the_visible_status(shared: Page) -> None:
    empty = "-" * 9
    # The king on c4 has an open file to c1 and an open rank to a4; black to move.
    position = "/".join(["B--------", *[empty] * 4, "--K------", *[empty] * 2,
                         "--------B"]) + " b"
    state = PageState(Settings(black="human", white="human"), Game(start=position))
    page = open_page(shared, DESKTOP, state)
    expect(page.get_by_role("status")).to_have_text(
        re.compile(r"^Black to move\. The king can escape next move, to .*c1"))


def test_a_wrong_click_is_explained(people: Page) -> None:
    page = people
    page.locator("rect[data-square='e3']").click()  # a white piece on black's turn
    expect(notice(page)).to_contain_text("It is black's move")
    page.locator("rect[data-square='d1']").click()
    page.locator("rect[data-square='f3']").click()  # not along a line
    expect(notice(page)).to_contain_text("only along a row or a column")
    expect(page.locator("#announcer")).to_contain_text("only along a row or a column")
    expect(page.locator("rect.selected")).to_have_count(0)


def test_a_click_while_the_computer_is_to_move_says_to_wait(shared: Page) -> None:
    state = PageState(Settings(black="computer", white="human", level=7))
    page = open_page(shared, DESKTOP, state)
    page.locator("rect[data-square='e3']").click()
    if page.evaluate("document.querySelectorAll('#move-list button').length") == 0:
        expect(notice(page)).to_contain_text("the computer plays black")


# -- 8: an import plays under its own rules and clock and leaves the settings ----------------

def test_an_import_leaves_the_players_settings_for_the_next_game(people: Page) -> None:
    page = people
    game = Game("opentafl")
    game.time_control = "3+2"
    game.play_text("a4-3")
    import_record(page, export_transcript(game))
    expect(page.get_by_label("Rules")).to_have_value("opentafl")
    expect(page.locator("#clocks")).to_be_visible()
    expect(button(page, "Undo import")).to_be_visible()
    expect(button(page, "Undo")).to_be_visible()  # two buttons, two names
    button(page, "New game").click()
    expect(page.get_by_label("Rules")).to_have_value("berkeley")
    expect(page.locator("#clocks")).to_be_hidden()


def test_undoing_an_import_brings_the_game_back_as_it_was(people: Page) -> None:
    page = people
    play_move(page, "d1", "d4")
    import_record(page, finished_record())
    button(page, "Undo import").click()
    expect(page.locator("#move-list button[data-ply]")).to_have_count(1)
    expect(page.get_by_label("Rules")).to_have_value("berkeley")
    expect(page.locator("#review-panel")).to_be_hidden()  # an unfinished game of one's own


# -- 4 and 10: moves that move, whole squares, the smaller things -----------------------------

def test_the_move_list_names_whole_squares(people: Page) -> None:
    page = people
    play_move(page, "e8", "c8")
    expect(page.locator("#move-list button[data-ply='1']")).to_have_text("e8-c8")


def test_a_played_piece_slides_and_sound_can_be_switched_on(people: Page) -> None:
    page = people
    assert page.evaluate(
        "getComputedStyle(document.querySelector('[data-piece]')).transitionDuration"
    ) == "0.15s"
    page.get_by_text("More options").click()
    sound = page.get_by_label(re.compile("^Sound"))
    expect(sound).not_to_be_checked()  # off until a player asks for it
    page.evaluate("""() => {
      window.__sounds = [];
      window.__heard = [];
      const play = window.tablutSound;
      window.tablutSound = name => { window.__sounds.push(name); play(name); };
      const Played = window.Audio;
      window.Audio = function (source) { window.__heard.push(source); return new Played(source); };
    }""")
    sound.check()
    settle(page)
    page.evaluate("window.scrollTo(0, 0)")  # the box scrolled into view; the board is above
    play_move(page, "d1", "d4")
    page.wait_for_function("window.__sounds.length > 0")
    assert page.evaluate("window.__sounds") == ["move"]
    # The sound it played is one of the site's files.
    response = page.request.get(page.url.split("#")[0] + page.evaluate("window.__heard[0]"))
    assert response.ok and response.headers["content-type"].startswith("audio/")


def test_the_clock_note_shows_only_while_the_clocks_wait(people: Page) -> None:
    page = people
    page.get_by_text("More options").click()
    page.get_by_label("Clock", exact=True).select_option("5+3")
    expect(page.locator("#clock-note")).to_be_hidden()
    page.evaluate("window.scrollTo(0, 0)")
    play_move(page, "d1", "d4")
    button(page, "‹ Back").click()
    expect(page.locator("#clock-note")).to_be_visible()


def test_import_from_file_is_one_control(people: Page) -> None:
    page = people
    label = page.locator("label[for='records-file']")
    expect(label).to_have_text("Import from file…")
    assert label.evaluate("l => getComputedStyle(l).borderStyle") == "solid"
    # The file input lies over its label, transparent: one control, one box.
    chooser = page.locator("#records-file")
    assert chooser.evaluate("i => getComputedStyle(i).opacity") == "0"
    assert chooser.bounding_box() == pytest.approx(label.bounding_box(), abs=1)
