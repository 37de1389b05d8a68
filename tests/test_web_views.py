"""The page's views beside the board (web/page/), natively: each drawn into a static DOM
made from index.html (:mod:`web.bridge.static_dom`) from a real session, as web/page/app.py
wires them, and driven by firing the events a person causes.

What needs a browser is left to the end-to-end tests (tests/e2e/): web/page/app.py itself
(it imports ``pyscript``: the buttons' wiring, the move list's click handler, the
storage, the ten-a-second tick through ``Listeners.every``, which imports ``js``);
layout (boxes here are set by hand, and what ``hidden`` does to a panel's space is the
stylesheet's); the browser's default actions and focus order.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import position
from session_helpers import FakeTime, human_game, session_with

from tablut import RULES, TABLUT_RULES, Game, parse_move
from tablut.ai import LEVELS
from web.bridge.dom import Listeners
from web.bridge.static_dom import FakeDocument, FakeElement, FakeWindow, box, fire, page_document
from web.computer.turns import ComputerTurns
from web.models.clocks import PRESETS
from web.models.session import Session
from web.models.settings import Settings
from web.models.state import PageState
from web.page.moves import MoveListView
from web.page.notices import AnnouncerView, NoticeView
from web.page.panels import AnalysisView, CapturedView, ClockView, MatchView
from web.page.review_graph import ABOUT, ReviewView
from web.page.settings_form import SettingsForm
from web.page.status import ButtonsView, IntroView, StatusView
from web.words.announcer import Announcer


class Screen:
    """The views of web/page/app.py over one session in a fake document, every view
    redrawn after each change of the session, as the page does."""

    def __init__(self, session: Session, window: FakeWindow | None = None) -> None:
        """Draw ``session``; ``window`` tells a touch screen from a mouse."""
        self.session = session
        self.document: FakeDocument = page_document()
        document, listeners = self.document, Listeners()
        self.window = window or FakeWindow()
        self.turns = ComputerTurns(session)
        self.announcer = Announcer(session)
        self.move_list = MoveListView(document)
        self.views: list[Any] = [
            StatusView(document, self.turns), ButtonsView(document), self.move_list,
            CapturedView(document), AnalysisView(document, self.turns), MatchView(document),
            NoticeView(document, listeners, session), IntroView(document, self.window),
            AnnouncerView(document, self.announcer), ClockView(document),
            ReviewView(document, listeners, session),
            SettingsForm(session, document, self.window, listeners)]
        session.subscribe(self.render)
        session.notify()

    def render(self) -> None:
        """Redraw every view."""
        for view in self.views:
            view.render(self.session)

    def __call__(self, ident: str) -> FakeElement:
        """The element with the id ``ident``."""
        node = self.document.getElementById(ident)
        assert node is not None, f"no #{ident} in the page"
        return node

    def text(self, ident: str) -> str:
        """The text of the element ``ident``."""
        return self(ident).textContent


def play(session: Session, *moves: str) -> None:
    """Play ``moves`` (in notation) in turn."""
    for text in moves:
        assert session.play(parse_move(text)), text


def session_at(start: str, rules: str = "berkeley", **settings: Any) -> Session:
    """A session of people on both sides, from the position ``start``."""
    chosen = Settings(**{"black": "human", "white": "human", "rules": rules, **settings})
    return Session(PageState(chosen, Game(rules, start)))


@pytest.fixture
def screen() -> Screen:
    """The page over a new game between two people."""
    return Screen(human_game())


# -- the status line, the offer, the thinking indicator ------------------------------------

def test_the_status_line_says_whose_move_it_is(screen: Screen) -> None:
    assert screen.text("status") == "Black to move."
    play(screen.session, "d1-4")
    assert screen.text("status") == "White to move."
    assert screen("end-offer").hidden and not screen("status").classList.contains("over")


def test_the_status_line_warns_of_the_kings_escape() -> None:
    screen = Screen(session_at(position("b", B="a1 e2 e7", K="e5")))
    assert screen.text("status") == "Black to move. The king can escape next move, to a5 or i5."


def test_the_end_of_a_game_offers_another() -> None:
    screen = Screen(session_at(position("b", B="b6 d5", K="c6")))
    play(screen.session, "d5-6")
    assert screen.text("status").startswith("Black wins")
    assert screen("status").classList.contains("over")
    assert not screen("end-offer").hidden and screen.text("play-again") == "Play again"
    assert screen("new-game").classList.contains("offer")
    assert enabled(screen) == {"undo", "back"}  # no hint: the game is over
    screen.session.new_game()
    assert screen("end-offer").hidden and not screen("new-game").classList.contains("offer")


def finish_by_escape(session: Session) -> None:
    """White escapes at once from a position set up in the session's match."""
    settings = session.settings
    session.replace(PageState(settings, Game(settings.rules, position("w", B="a9 i1", K="c4")),
                              list(session.match.results)))
    play(session, "c4-1")


def test_a_match_offers_the_next_game_then_a_new_match() -> None:
    screen = Screen(human_game(rules="berkeley", match=True))
    finish_by_escape(screen.session)
    assert screen.text("play-again") == "Next game"
    screen.session.new_game()
    finish_by_escape(screen.session)
    assert screen.text("play-again") == "New match"


def test_the_thinking_indicator_shows_only_while_the_computer_thinks() -> None:
    screen = Screen(session_with(black="computer", white="human"))
    assert screen("thinking").hidden and screen.document.body.dataset.thinking == "false"
    request = screen.turns.next_request()
    assert request is not None and request.kind == "move"
    screen.render()
    assert not screen("thinking").hidden and screen.document.body.dataset.thinking == "true"
    screen.turns.stopped(request)
    screen.render()
    assert screen("thinking").hidden


# -- the buttons ---------------------------------------------------------------------------

def enabled(screen: Screen) -> set[str]:
    """The names of the buttons that can act."""
    return {name for name in ("undo", "redo", "back", "forward", "hint")
            if not screen(name).disabled}


def test_undo_redo_back_and_forward_are_enabled_when_they_can_act(screen: Screen) -> None:
    assert enabled(screen) == {"hint"}
    play(screen.session, "d1-4")
    assert enabled(screen) == {"undo", "back", "hint"}
    screen.session.undo()
    assert enabled(screen) == {"redo", "forward", "hint"}
    screen.session.redo()
    screen.session.step(-1)
    assert enabled(screen) == {"undo", "forward", "hint"}


# -- the first words -----------------------------------------------------------------------

def test_the_intro_says_what_to_do_and_folds(screen: Screen) -> None:
    text = screen.text("intro-text")
    assert text.startswith("Two players, one board.")
    assert "Click a piece, then a square." in text and text.endswith("Press ? for the keyboard.")
    assert not screen("intro-text").hidden and screen.text("intro-toggle") == "Hide help"
    assert screen("intro-toggle").getAttribute("aria-expanded") == "true"
    screen.session.toggle_intro()
    assert screen("intro-text").hidden and screen.text("intro-toggle") == "What do I do?"
    assert screen("intro-toggle").getAttribute("aria-expanded") == "false"


def test_the_intro_says_tap_on_a_touch_screen() -> None:
    screen = Screen(human_game(), FakeWindow(touch=True))
    text = screen.text("intro-text")
    assert "Tap a piece, then a square." in text and "keyboard" not in text


# -- the notice area and the live region ----------------------------------------------------

def notice_parts(screen: Screen) -> list[str]:
    """The texts of the notice area's parts: the message, its button, the close button."""
    return [part.textContent for part in screen("notice").children]


def test_a_new_game_offers_the_game_in_progress_back(screen: Screen) -> None:
    play(screen.session, "d1-4")
    screen.session.new_game()
    assert notice_parts(screen) == ["New game.", "Restore previous game", "×"]
    assert screen.session.game.moves == []
    screen("notice").querySelector("button.notice-action").click()
    assert screen.session.game.moves == [parse_move("d1-4")]
    assert screen.text("status") == "White to move."
    assert notice_parts(screen) == ["The game is back as it was.", "Undo restore", "×"]


def test_the_close_button_dismisses_the_notice(screen: Screen) -> None:
    screen.session.new_game()
    close = screen("notice").querySelector("button.notice-close")
    assert close is not None and close.getAttribute("aria-label") == "Dismiss message"
    close.click()
    assert screen("notice").children == [] and screen.session.notices.current is None


def test_an_error_is_marked_as_one_while_it_shows(screen: Screen) -> None:
    screen.session.change("seed", "abc")
    assert notice_parts(screen) == [
        "Seed not changed: the seed must be a whole number from 0.", "×"]
    assert screen("notice").classList.contains("error")
    screen.session.new_game()
    assert not screen("notice").classList.contains("error")


def test_the_live_region_says_each_move(screen: Screen) -> None:
    play(screen.session, "d1-4")
    assert screen.text("announcer").strip() == "Black d1 to d4."


def test_the_same_words_twice_are_a_change_of_the_live_region(screen: Screen) -> None:
    screen.session.hear("summary")
    first = screen.text("announcer")
    screen.session.hear("summary")
    second = screen.text("announcer")
    assert first != second and first.strip() == second.strip()
    assert second.strip().startswith("Black to move. The king is on e5.")


# -- the move list -------------------------------------------------------------------------

def move_buttons(screen: Screen) -> list[FakeElement]:
    """The buttons of the move list, in order."""
    return screen("move-list").querySelectorAll("button[data-ply]")


def test_the_move_list_says_who_moves_first_until_a_move(screen: Screen) -> None:
    assert not screen("move-list-empty").hidden
    assert screen.text("move-list-empty") == "No moves yet. Black moves first."
    play(screen.session, "d1-4")
    assert screen("move-list-empty").hidden


def test_the_move_list_numbers_the_moves_and_marks_the_one_shown(screen: Screen) -> None:
    play(screen.session, "d1-4", "e3-c", "f1-4")
    rows = screen("move-list").children
    assert [row.getAttribute("value") for row in rows] == ["1", "2"]
    assert [[button.textContent for button in row.children] for row in rows] == [
        ["d1-d4", "e3-c3"], ["f1-f4"]]
    buttons = move_buttons(screen)
    assert [b.getAttribute("aria-label") for b in buttons] == [
        "1. black d1-d4", "1… white e3-c3", "2. black f1-f4"]
    assert [b.getAttribute("aria-current") for b in buttons] == [None, None, "step"]
    screen.session.step(-2)
    assert [b.getAttribute("aria-current") for b in move_buttons(screen)] == ["step", None, None]


def test_undone_moves_are_struck_through_until_redone(screen: Screen) -> None:
    play(screen.session, "d1-4", "e3-c")
    screen.session.undo()
    first, second = move_buttons(screen)
    assert second.classList.contains("undone") and not first.classList.contains("undone")
    assert second.getAttribute("aria-label") == "1… white e3-c3, undone"
    assert first.getAttribute("aria-current") == "step"
    screen.session.redo()
    assert not move_buttons(screen)[1].classList.contains("undone")
    assert move_buttons(screen)[1].getAttribute("aria-current") == "step"


def test_a_game_begun_by_whites_reply_leaves_a_gap_for_blacks_move() -> None:
    screen = Screen(session_at(position("w", B="a9 i1", W="c3", K="e5")))
    assert screen.text("move-list-empty") == "No moves yet. White moves first."
    play(screen.session, "c3-c2", "a9-a8")
    first, second = screen("move-list").children
    assert first.children[0].classList.contains("move-gap")
    assert first.children[0].textContent == "…"
    assert move_buttons(screen)[0].getAttribute("aria-label") == "1… white c3-c2"
    assert [button.textContent for button in second.children] == ["a9-a8"]


def test_in_ashton_whites_move_opens_each_row_without_a_gap() -> None:
    screen = Screen(human_game(rules="ashton"))
    assert screen.text("move-list-empty") == "No moves yet. White moves first."
    play(screen.session, "e3-h", "d1-3")
    assert move_buttons(screen)[0].getAttribute("aria-label") == "1. white e3-h3"
    assert [child.tagName for child in screen("move-list").children[0].children] == [
        "BUTTON", "BUTTON"]


def test_the_move_shown_is_scrolled_into_view_once_the_list_is_laid_out(screen: Screen) -> None:
    play(screen.session, "d1-4", "e3-c", "f1-4")
    listing = screen("move-list")
    assert listing.scrollTop == 0  # not laid out yet: its box is empty
    listing.rect = box(top=100, height=50)
    move_buttons(screen)[2].rect = box(top=170, height=20)
    screen.move_list.render(screen.session)  # as the page does once it is shown
    assert listing.scrollTop == 40  # its bottom, 190, at the list's, 150
    move_buttons(screen)[0].rect = box(top=60, height=20)
    screen.session.step(-2)
    assert listing.scrollTop == 0  # up by 40, to its top


# -- captured pieces -----------------------------------------------------------------------

def test_the_captured_rows_count_the_pieces_taken(screen: Screen) -> None:
    white_row, black_row = screen("captured-white"), screen("captured-black")
    assert white_row.getAttribute("aria-label") == "no white pieces"
    assert white_row.textContent == "none"
    play(screen.session, "i6-g", "d5-7", "i4-g")  # the third move captures g5
    assert white_row.getAttribute("aria-label") == "1 white piece"
    assert [icon.dataset.captured for icon in white_row.children] == ["white"]
    assert black_row.getAttribute("aria-label") == "no black pieces"


def test_a_black_piece_taken_is_counted_for_white() -> None:
    screen = Screen(session_at(position("w", B="d3", W="e3 c1", K="h8")))
    play(screen.session, "c1-3")
    assert screen("captured-black").getAttribute("aria-label") == "1 black piece"
    icon = screen("captured-black").children[0]
    assert icon.classList.contains("piece-black") and icon.querySelector("circle.ring")


def test_the_king_taken_is_the_last_icon() -> None:
    screen = Screen(session_at(position("b", B="b6 d5", K="c6")))
    play(screen.session, "d5-6")
    row = screen("captured-white")
    assert row.getAttribute("aria-label") == "the king"
    assert [icon.dataset.captured for icon in row.children] == ["king"]


# -- the clocks ----------------------------------------------------------------------------

def test_without_a_clock_the_clocks_are_hidden(screen: Screen) -> None:
    assert screen("clocks").hidden


def test_the_clocks_count_down_the_side_to_move() -> None:
    now = FakeTime()
    screen = Screen(human_game(now, clock="5+3"))
    black, white = screen("clock-black"), screen("clock-white")
    assert not screen("clocks").hidden and screen("clock-note").hidden  # running
    assert (black.textContent, white.textContent) == ("5:00", "5:00")
    assert black.classList.contains("running") and black.getAttribute("aria-current") == "true"
    now.wait(10)
    screen.render()  # as the page's tick does
    assert black.textContent == "4:50" and not black.classList.contains("low")
    play(screen.session, "d1-4")
    assert black.textContent == "4:53" and not black.classList.contains("running")
    assert black.getAttribute("aria-current") is None and white.classList.contains("running")
    now.wait(290)
    screen.render()
    assert white.textContent == "0:10.0" and white.classList.contains("low")


def test_the_clock_note_shows_while_the_clocks_wait() -> None:
    screen = Screen(human_game(FakeTime(), clock="5+3"))
    play(screen.session, "d1-4")
    screen.session.step(-1)
    assert not screen("clock-note").hidden  # looking back: the clocks wait
    screen.session.step(1)
    assert screen("clock-note").hidden


# -- the analysis --------------------------------------------------------------------------

ANSWER = {"score": 50, "move": "d1-d4", "from": 3, "to": 30, "depth": 3, "seldepth": 5,
          "nodes": 12345, "nps": 5000, "pv": ["d1-d4", "e3-c3"]}


def test_the_analysis_panel_opens_and_thinks(screen: Screen) -> None:
    assert screen("analysis").hidden and screen.text("analysis-toggle") == "Show analysis"
    assert screen("analysis-toggle").getAttribute("aria-expanded") == "false"
    screen.session.toggle_analysis()
    assert not screen("analysis").hidden and screen.text("analysis-toggle") == "Hide analysis"
    assert screen("analysis-toggle").getAttribute("aria-expanded") == "true"
    assert screen.text("eval-text") == "Thinking…"


def test_the_analysis_shows_each_depth(screen: Screen) -> None:
    screen.session.toggle_analysis()
    request = screen.turns.next_request()
    assert request is not None and request.kind == "analysis"
    screen.turns.answer(request, ANSWER)
    assert screen.text("eval-best") == "best d1-d4"
    assert screen.text("eval-pv") == "d1-d4 e3-c3"
    assert screen.text("eval-depth") == "Depth 3 (selective 5), 12,345 positions, 5.0 k/s"
    assert screen.text("eval-text") != "Thinking…"
    assert screen("eval-white").style.width.endswith("%")


def test_the_analysis_says_when_it_is_unavailable(screen: Screen) -> None:
    screen.session.toggle_analysis()
    request = screen.turns.next_request()
    assert request is not None
    screen.turns.failed(request, "out of memory")
    assert screen.text("eval-depth") == "Analysis unavailable (out of memory)."
    assert screen.text("eval-text") == ""


# -- the match -----------------------------------------------------------------------------

def test_the_match_panel_shows_only_in_a_match(screen: Screen) -> None:
    assert screen("match-panel").hidden
    screen.session.change("match", True)
    assert not screen("match-panel").hidden


def test_the_match_table_keeps_the_score() -> None:
    screen = Screen(human_game(rules="berkeley", match=True))
    finish_by_escape(screen.session)
    rows = screen("match-rows").children
    assert [[cell.textContent for cell in row.children] for row in rows] == [
        ["1", "Black", "White", "Player 2 won in 1 move"], ["2", "White", "Black", "Next"],
        ["Wins", "0", "1", ""]]
    assert rows[-1].classList.contains("match-wins")
    assert rows[0].children[0].getAttribute("scope") == "row"
    assert screen.text("match-summary").endswith("Player 1 (human) has black in this game.")


# -- the review ----------------------------------------------------------------------------

OPENING = ("i6-g", "d5-7", "i4-g")


def judgement(score: int, move: str) -> dict[str, Any]:
    """The computer's answer about a position: ``score`` for the side to move."""
    frm, to = parse_move(move)
    return {"score": score, "from": frm, "to": to, "move": move}


def reviewed(screen: Screen, *answers: dict[str, Any]) -> None:
    """Review the game on the screen (going on with its review, if any), with ``answers``
    for its positions in turn."""
    review = screen.session.review or screen.session.start_review()
    assert review is not None
    for ply, data in enumerate(answers):
        review.add(ply, data)
        screen.session.notify()


@pytest.fixture
def imported() -> Screen:
    """The page over a game brought in from a record: reviewable before it ends."""
    game = Game("berkeley")
    for text in OPENING:
        game.play(parse_move(text))
    return Screen(Session(PageState(Settings(black="human", white="human"), game,
                                    imported=True)))


def graph_dots(screen: Screen) -> list[str]:
    """The classes of the graph's dots, in order of ply."""
    return [line.getAttribute("class") or "" for line in
            screen("review-graph").querySelectorAll("line")
            if line.getAttribute("class") in ("eval-point", "eval-mistake")]


def test_the_review_panel_waits_for_a_finished_or_imported_game(screen: Screen) -> None:
    assert screen("review-panel").hidden
    play(screen.session, "d1-4")
    assert screen("review-panel").hidden  # a game going on is not reviewed


def test_before_a_review_the_panel_says_what_it_does(imported: Screen) -> None:
    assert not imported("review-panel").hidden and imported("review-graph").hidden
    assert imported.text("review-summary") == ABOUT
    assert imported.text("review-start") == "Review game" and imported("review-stop").hidden
    frame = imported("review-graph")
    assert [child.textContent for child in frame.children] == ["White ahead", "", "Black ahead"]
    assert frame.children[1].getAttribute("role") == "img"


def test_the_graph_draws_a_dot_for_each_position_judged(imported: Screen) -> None:
    # Black's first move throws away 320 (from -20 to -340 on black's side): a mistake.
    reviewed(imported, judgement(20, "d1-d4"), judgement(300, "d5-d7"))
    assert imported.text("review-summary") == "Reviewing: 2 of 4 positions."
    assert not imported("review-stop").hidden and imported("review-start").hidden
    assert graph_dots(imported) == ["eval-point", "eval-mistake"]
    reviewed(imported, judgement(20, "d1-d4"), judgement(300, "d5-d7"),
             judgement(-300, "d1-d4"), judgement(300, "e3-c3"))
    assert graph_dots(imported) == ["eval-point", "eval-mistake", "eval-point", "eval-point"]
    assert imported.text("review-summary") == "Review done: Black 1 mistake, White 0 mistakes."
    assert imported("review-stop").hidden and imported("review-start").hidden
    assert imported("review-graph").querySelector("polyline.eval-line") is not None


def test_a_mistake_is_marked_in_the_move_list(imported: Screen) -> None:
    reviewed(imported, judgement(20, "d1-d4"), judgement(300, "d5-d7"))
    first = move_buttons(imported)[0]
    assert first.textContent == "i6-g6?" and first.classList.contains("mistake")
    assert first.getAttribute("aria-label") == "1. black i6-g6, a mistake: better d1-d4"


def test_a_stopped_review_can_go_on(imported: Screen) -> None:
    reviewed(imported, judgement(20, "d1-d4"))
    imported.session.stop_review()
    assert imported.text("review-summary") == "Review stopped at 1 of 4 positions."
    assert imported.text("review-start") == "Go on with the review"
    assert not imported("review-start").hidden and imported("review-stop").hidden


def test_clicking_the_graph_goes_to_the_nearest_move(imported: Screen) -> None:
    reviewed(imported, judgement(20, "d1-d4"))
    graph = imported("review-graph").children[1]
    fire(graph, "click", clientX=70, box=box(left=0, width=200, height=80))
    assert imported.session.game.ply == 1  # 70 of 200 is nearest a third of the way
    graph.rect = box(left=100, width=300, height=80)
    fire(graph, "click", clientX=390)  # no box with the event: the graph's own
    assert imported.session.game.ply == 3
    now = imported("review-graph").querySelector("line.eval-now")
    # The last move's line stands at the right, inside the graph's margin.
    assert now is not None and float(now.getAttribute("x1")) == 100.0 - ReviewView.PAD_X


def test_a_new_game_puts_the_panel_back_as_before_a_review(imported: Screen) -> None:
    reviewed(imported, judgement(20, "d1-d4"), judgement(300, "d5-d7"))
    imported.session.new_game()
    assert imported.text("review-summary") == ABOUT
    assert imported("review-panel").hidden and imported("review-graph").hidden


# -- the settings form ---------------------------------------------------------------------

def options(screen: Screen, ident: str) -> list[tuple[str | None, str]]:
    """The (value, words) of the options of the menu ``ident``."""
    return [(option.getAttribute("value"), option.textContent)
            for option in screen(ident).children]


def change(screen: Screen, ident: str, value: str | bool) -> None:
    """Set the control ``ident`` as a person does, and fire its change event."""
    control = screen(ident)
    if isinstance(value, bool):
        control.checked = value
    else:
        control.value = value
    fire(control, "change")


def test_the_menus_are_filled_from_the_codes_tables(screen: Screen) -> None:
    assert options(screen, "level") == [(str(n), f"{n} · {spec.name}")
                                        for n, spec in LEVELS.items()]
    assert screen("level").children[0].getAttribute("title") == LEVELS[1].description
    groups = screen("rules").children
    assert [group.tagName for group in groups] == ["OPTGROUP"] * 3
    assert [group.getAttribute("label") for group in groups] == [
        "Brandubh 7×7", "Tablut 9×9", "Hnefatafl 11×11"]
    menu = [[(option.getAttribute("value"), option.textContent) for option in group.children]
            for group in groups]
    assert menu[1] == [(name, spec.title) for name, spec in TABLUT_RULES.items()]
    # The size, said by the group, is left out of the other boards' titles.
    assert menu[0] == [("brandubh", "Brandubh")]
    assert menu[2] == [("copenhagen", "Copenhagen Hnefatafl"), ("fetlar", "Fetlar Hnefatafl")]
    assert sorted(value for group in menu for value, _ in group) == sorted(RULES)
    assert options(screen, "clock") == list(PRESETS.items())


def test_the_controls_show_the_settings(screen: Screen) -> None:
    settings = screen.session.settings
    assert screen("level").value == str(settings.level)
    assert screen("rules").value == settings.rules and screen("seed").value == "0"
    assert screen("clock").value == "" and screen("limit").value == "0"
    assert not screen("sound").checked and not screen("match").checked
    assert screen.text("rules-summary") == screen.session.game.rules.summary


def test_a_bad_seed_is_refused_and_the_control_shows_the_seed_in_force(screen: Screen) -> None:
    change(screen, "seed", "abc")
    assert screen("seed").value == "0" and screen.session.settings.seed == 0
    notice = screen.session.notices.current
    assert notice is not None and notice.is_error
    assert screen("notice").classList.contains("error")
    change(screen, "seed", "42")
    assert screen.session.settings.seed == 42 and screen("seed").value == "42"


def test_the_sound_checkbox_turns_the_sound_on_and_off(screen: Screen) -> None:
    change(screen, "sound", True)
    assert screen.session.settings.sound
    change(screen, "sound", False)
    assert not screen.session.settings.sound


def test_choosing_a_language_saves_it_and_goes_to_its_page(screen: Screen) -> None:
    """The menu shows the page's language; a choice is kept in the settings (and so
    saved), and the page leaves for the page in that language, with its link."""
    assert screen("language").value == "en"
    play(screen.session, "d1-4")
    screen.window.location.hash = "#v=2&moves=d1-4"
    change(screen, "language", "sv")
    assert screen.session.settings.language == "sv"
    assert screen.window.location.replaced == ["./index.sv.html#v=2&moves=d1-4"]
    assert screen.session.game.moves  # the game goes on there


def test_a_language_the_page_lacks_is_refused(screen: Screen) -> None:
    change(screen, "language", "xx")
    assert screen.session.settings.language == "" and screen.window.location.replaced == []
    notice = screen.session.notices.current
    assert notice is not None and notice.is_error


def test_other_rules_start_a_new_game(screen: Screen) -> None:
    play(screen.session, "d1-4")
    change(screen, "rules", "nielsen")
    assert screen.session.game.rules.name == "nielsen" and screen.session.game.moves == []
    assert screen.text("rules-summary") == RULES["nielsen"].summary
    assert [part.textContent for part in screen("notice").children][1] == "Restore previous game"


def test_a_records_own_clock_is_added_to_the_clock_menu() -> None:
    game = Game("berkeley")
    game.time_control = "7+5"
    screen = Screen(Session(PageState(Settings(black="human", white="human"), game,
                                      imported=True)))
    assert options(screen, "clock")[-1] == ("7+5", "7 min + 5 s a move")
    assert screen("clock").value == "7+5"


def test_set_up_mode_opens_its_tools(screen: Screen) -> None:
    assert screen("setup-tools").hidden and not screen("more-options").open
    change(screen, "setup-mode", True)
    assert screen.session.setup is not None
    assert not screen("setup-tools").hidden and screen("more-options").open
    assert screen("setup-side").value == "black"
    change(screen, "setup-side", "white")
    assert screen.session.setup.side.word == "white"
    assert screen.text("status").startswith("Set-up mode: White to move first.")
    change(screen, "setup-mode", False)
    assert screen.session.setup is None and screen("setup-tools").hidden


def test_the_form_is_never_submitted(screen: Screen) -> None:
    assert fire(screen("settings-form"), "submit").defaultPrevented


def test_a_redraw_leaves_a_control_being_changed_alone(screen: Screen) -> None:
    screen("limit").value = "4"  # typed, not yet changed
    play(screen.session, "d1-4")
    assert screen("limit").value == "4"


# -- the page itself -----------------------------------------------------------------------

def test_every_id_in_the_page_is_unique() -> None:
    ids = [node.id for node in page_document().walk() if node.id]
    assert len(ids) == len(set(ids)) and "keys-dialog" in ids
