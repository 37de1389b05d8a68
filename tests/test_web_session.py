"""The game page's logic without a browser: the session (moves, refusals, undo and redo,
browsing, settings, set-up, match, hints, analysis, the computer's turns), the records
(imports, links, saved games) and what is kept in storage.

The computer here is the real engine in this interpreter (:class:`LocalComputer`), the
same code the page's worker runs.
"""

from __future__ import annotations

import json

import pytest
from helpers import position
from local_computer import LocalComputer
from session_helpers import (
    FakeTime,
    answer_now,
    button,
    click,
    human_game,
    press,
    quick,
    run,
    said,
    session_with,
    sq,
)

from tablut import Game, Side, parse_move
from tablut.ai.first_answers import known_answer
from tablut.links import game_to_fragment
from web.board.marks import camp_squares, marks_for, reserved_squares
from web.computer.turns import HINT_MAX_LEVEL, SELF_PLAY_PAUSE, ComputerTurns, carry_out
from web.models.notices import message
from web.models.session import Session
from web.models.setup import SetupMode
from web.models.state import STORAGE_KEY, PageState, Settings
from web.models.storage import MemoryStorage, load_state
from web.records.keeper import Clock, RecordKeeper
from web.records.saved_games import SAVED_KEY
from web.words.announcer import Announcer
from web.words.status import status_line
from web.words.texts import move_entries, whole_move


def moves(*texts: str) -> list[tuple[int, int]]:
    """The moves written ``texts``."""
    return [parse_move(text) for text in texts]


def played(session: Session, *texts: str) -> Session:
    """Play the moves written ``texts`` on ``session``'s board; returns the session."""
    for text in texts:
        assert session.play(parse_move(text)), text
    return session


# -- moving by clicks ----------------------------------------------------------------------

def test_a_fresh_session_waits_for_black() -> None:
    session = Session()
    turns = ComputerTurns(session)
    assert status_line(session) == "Black to move."
    assert session.human_to_move() and not session.computer_to_move()
    assert turns.next_request() is None
    assert not session.can_undo() and not session.can_redo()


def test_clicking_a_piece_then_a_target_plays_the_move() -> None:
    session = human_game()
    heard: list[int] = []
    session.subscribe(lambda: heard.append(session.generation))
    click(session, "d1")
    assert session.selected == sq("d1")
    assert sq("d4") in session.targets() and sq("d1") not in session.targets()
    click(session, "d4")
    assert session.game.moves == moves("d1-4")
    assert session.selected is None and status_line(session) == "White to move."
    assert heard[-1] == heard[0] + 1  # the move is one change of the position
    marks = marks_for(session)
    assert marks.last == parse_move("d1-4") and not marks.winning


def test_clicking_the_piece_picked_up_puts_it_back_down() -> None:
    session = human_game()
    click(session, "d1", "d1")
    assert session.selected is None and said(session) is None
    click(session, "c3")  # an empty square, nothing held: nothing happens, nothing said
    assert session.selected is None and said(session) is None


@pytest.mark.parametrize(("clicks", "why"), [
    (("e3",), "It is black's move here: move a black piece, not the white guard on e3."),
    (("d1", "e4"), "Pieces move only along a row or a column, never diagonally."),
    (("d1", "d6"), "That piece cannot jump over d5."),
    (("e1",), "The black piece on e1 cannot move: every square next to it is taken or "
              "closed to it."),
], ids=["the other side's piece", "diagonal", "jump", "blocked in"])
def test_a_wrong_click_changes_nothing_and_says_why(clicks: tuple[str, ...], why: str) -> None:
    session = human_game()
    announcer = Announcer(session)
    click(session, *clicks)
    assert session.game.moves == [] and session.selected is None
    assert said(session) == why
    assert announcer.spoken[1] == why  # a screen reader hears the same words
    assert session.notices.current is not None and not session.notices.current.is_error


def test_a_click_while_the_computer_is_to_move_says_to_wait() -> None:
    session = Session()  # a person as black against the computer
    announcer = Announcer(session)
    session.play(parse_move("d1-4"))
    click(session, "e3")
    wait = "It is white's move, and the computer plays white: wait for its move."
    assert said(session) == wait and announcer.spoken[1] == wait
    assert session.selected is None and len(session.game.moves) == 1


def test_a_drag_let_go_on_a_wrong_square_says_why_and_the_piece_stays_up() -> None:
    session = human_game()
    announcer = Announcer(session)
    assert session.pick_up(sq("d1"))
    assert not session.drop(sq("d1"), sq("e2"))
    assert said(session) == "Pieces move only along a row or a column, never diagonally."
    assert announcer.spoken[1] == said(session)
    assert session.selected == sq("d1") and session.game.moves == []
    assert session.drop(sq("d1"), sq("d4"))
    assert session.game.moves == moves("d1-4") and session.selected is None


def test_a_piece_of_the_computers_side_cannot_be_dragged() -> None:
    session = Session()
    session.play(parse_move("d1-4"))
    assert not session.can_drag(sq("e3")) and not session.pick_up(sq("e3"))


def test_a_capture_is_reported_once_for_the_fade_and_the_slide() -> None:
    session = human_game()
    seen: list[tuple[list[tuple[int, str]], object]] = []
    session.subscribe(lambda: seen.append((list(session.fading), session.just_moved)))
    played(session, "i6-g", "d5-7", "i4-g")
    assert seen[-1] == ([(sq("g5"), "white")], parse_move("i4-g"))
    assert session.fading == [] and session.just_moved is None  # shown once only


def test_the_kings_capture_fades_the_king_and_ends_the_game() -> None:
    start = position("b", B="b6 d5", K="c6")
    session = Session(PageState(Settings(black="human", white="human"), Game("berkeley", start)))
    seen: list[list[tuple[int, str]]] = []
    session.subscribe(lambda: seen.append(list(session.fading)))
    session.play(parse_move("d5-6"))
    assert seen[-1] == [(sq("c6"), "king")]
    assert status_line(session).startswith("Black wins")
    assert session.end_offer() == "play-again"
    assert marks_for(session).winning
    assert not session.human_to_move() and not session.play(parse_move("b6-7"))


def test_the_status_line_warns_of_the_kings_escape() -> None:
    # The king on e5, his row open to both edges; black opens his column to e9 too.
    start = position("b", B="a1 e2 e7", K="e5")
    session = Session(PageState(Settings(black="human", white="human"), Game("berkeley", start)))
    assert status_line(session) == "Black to move. The king can escape next move, to a5 or i5."
    session.play(parse_move("e7-f7"))
    assert status_line(session) == ("White to move. The king can escape next move, to a5, "
                                    "i5 or e9.")


def test_the_position_is_heard_on_request() -> None:
    session = human_game()
    announcer = Announcer(session)
    session.hear("summary")
    assert announcer.spoken == (1, "Black to move. The king is on e5. White has 8 guards and "
                                   "the king; black has 16 pieces.")
    session.hear("pieces")
    assert announcer.spoken[0] == 2 and announcer.spoken[1].startswith("King: e5.")


# -- the computer's turns ------------------------------------------------------------------

def test_the_computer_answers_a_move_once_per_position() -> None:
    session = Session()
    turns = ComputerTurns(session)
    session.play(parse_move("d1-4"))
    request = turns.next_request()
    assert request is not None and request.kind == "move"
    assert turns.is_thinking() and turns.next_request() is None
    answer_now(turns, request)
    assert len(session.game.moves) == 2 and session.game.side is Side.BLACK
    assert not turns.is_thinking()


def test_a_first_move_is_answered_from_the_known_answers_without_searching() -> None:
    class Silent(LocalComputer):
        async def think(self, record: str, level: int, seed: int,
                        seconds: float | None = None) -> None:
            raise AssertionError("the computer was asked")

    session = Session()  # a person as black against the computer at the default level
    turns = ComputerTurns(session)
    session.play(parse_move("d1-4"))
    request = turns.next_request()
    assert request is not None and request.level == 5
    run(carry_out(turns, request, Silent()))
    expected = known_answer(Game.from_json(request.record), 5)
    assert expected is not None
    assert session.game.moves[1] == (expected["from"], expected["to"])


def test_an_answer_to_an_older_position_is_dropped() -> None:
    session = Session()
    turns = ComputerTurns(session)
    session.play(parse_move("d1-4"))
    request = turns.next_request()
    session.undo()  # the person takes the move back while the computer thinks
    answer_now(turns, request)
    assert session.game.moves == moves("d1-4") and session.game.ply == 0
    assert not turns.is_thinking()


def test_computer_against_computer_pauses_between_moves() -> None:
    session = Session(PageState(Settings(black="computer", white="computer")))
    turns = ComputerTurns(session)
    request = turns.next_request()
    assert request is not None and request.pause == SELF_PLAY_PAUSE


def test_the_computer_waits_while_a_person_looks_back() -> None:
    session = Session(PageState(Settings(black="human", white="computer")))
    turns = ComputerTurns(session)
    session.play(parse_move("d1-4"))
    answer_now(turns, turns.next_request())
    session.step(-1)
    assert session.browsing and session.game.side is Side.WHITE
    assert turns.next_request() is None
    session.step(1)
    assert not session.browsing


def test_a_failing_computer_is_reported_and_the_game_goes_on() -> None:
    class Broken(LocalComputer):
        async def think(self, record: str, level: int, seed: int,
                        seconds: float | None = None) -> None:
            raise RuntimeError("worker gone")

    # At level 4: level 5's first answers are known without asking the computer.
    session = session_with(level=4)
    turns = ComputerTurns(session)
    session.play(parse_move("d1-4"))
    run(carry_out(turns, turns.next_request(), Broken()))
    assert said(session) == "The computer player is unavailable (worker gone)."
    assert session.notices.current is not None and session.notices.current.is_error
    assert not turns.is_thinking() and session.game.ply == 1


def test_a_hint_is_shown_for_a_persons_move_only() -> None:
    session = Session()
    turns = ComputerTurns(session)
    request = turns.ask_hint()
    assert request is not None and request.level <= HINT_MAX_LEVEL
    assert said(session) == "Looking for a good move…"
    answer_now(turns, request)
    hint = session.hint
    assert hint is not None and hint in session.game.legal_moves()
    assert said(session) == f"Hint: {whole_move(hint)}."  # whole squares: "d1-d4"
    assert marks_for(session).hint == hint
    session.play(hint)
    assert session.hint is None
    assert turns.ask_hint() is None  # white, the computer, is to move
    assert said(session) == "A hint is for a person's move in a game in progress."


def test_analysis_shows_depth_after_depth_until_closed() -> None:
    session = human_game(analysis=True)
    turns = ComputerTurns(session)
    request = turns.next_request()
    assert request is not None and request.kind == "analysis"
    shown: list[int] = []

    def listen() -> None:
        if turns.analysis is not None:
            shown.append(int(turns.analysis.data["depth"]))
            if len(shown) == 2:
                session.toggle_analysis()  # the person closes the panel

    session.subscribe(listen)
    run(carry_out(turns, quick(request), LocalComputer()))
    assert shown[:2] == [1, 2] and len(shown) == 2
    assert not session.settings.analysis


# -- the record: undo, redo, looking back, later moves ---------------------------------------

def test_undo_takes_back_the_computer_reply_and_the_move_before_it() -> None:
    session = Session()
    turns = ComputerTurns(session)
    session.play(parse_move("d1-4"))
    answer_now(turns, turns.next_request())
    session.undo()
    assert session.game.ply == 0 and len(session.game.moves) == 2
    assert session.can_redo() and not session.can_undo()
    session.redo()
    assert session.game.ply == 2 and not session.can_redo()


def test_undone_moves_stay_in_the_record_and_redo_brings_them_back() -> None:
    session = played(human_game(), "d1-4", "e3-d", "a4-c")
    session.undo()
    session.undo()
    assert session.game.moves == moves("d1-4", "e3-d", "a4-c")
    assert session.in_play.live == 1 and session.game.ply == 1
    assert not session.browsing  # the game stands where it is shown
    assert session.can_redo() and session.in_play.undone == 2
    assert [entry.ply > session.in_play.live for entry in move_entries(session.game)] == [
        False, True, True]  # the move list strikes the undone ones through
    session.redo()
    assert session.in_play.live == 2 and session.game.ply == 2


def test_looking_through_undone_moves_is_browsing() -> None:
    session = played(human_game(), "d1-4", "e3-d", "a4-c")
    session.undo()
    session.goto(3)
    assert session.browsing and not session.can_go_forward()
    session.goto(2)
    assert not session.browsing


def test_a_move_in_place_of_undone_ones_drops_them_and_offers_them_back() -> None:
    session = played(human_game(), "d1-4", "e3-d", "a4-c")
    session.undo()
    session.undo()
    session.play(parse_move("e3-a"))
    assert session.game.moves == moves("d1-4", "e3-a") and not session.can_redo()
    assert said(session) == "Later moves were dropped (2 moves)."
    assert button(session) == "Restore dropped moves"
    press(session)
    assert session.game.moves == moves("d1-4", "e3-d", "a4-c")
    assert session.in_play.live == 1 and session.can_redo()


def test_a_reload_keeps_the_undone_moves_and_where_the_game_stands() -> None:
    session = played(human_game(), "d1-4", "e3-d", "a4-c")
    session.undo()
    back = Session(PageState.from_json(session.state().to_json()))
    assert back.game.moves == session.game.moves
    assert back.in_play.live == 2 and back.game.ply == 2
    assert not back.browsing and back.can_redo()


def test_a_move_from_an_earlier_position_offers_the_later_moves_back() -> None:
    session = played(human_game(), "d1-4", "e3-d", "a4-c")
    session.goto(1)
    assert session.browsing
    session.play(parse_move("e3-a"))
    assert session.game.moves == moves("d1-4", "e3-a") and not session.browsing
    assert said(session) == "Later moves were dropped (2 moves)."
    assert button(session) == "Restore dropped moves"
    press(session)
    assert session.game.moves == moves("d1-4", "e3-d", "a4-c")
    assert session.game.ply == 1 and session.browsing  # looking back, as before the move


def test_replaying_the_next_move_keeps_the_record() -> None:
    session = played(human_game(), "d1-4", "e3-d")
    session.goto(0)
    session.play(parse_move("d1-4"))
    assert len(session.game.moves) == 2 and said(session) is None


def test_new_game_offers_the_game_in_progress_back() -> None:
    session = played(human_game(), "d1-4")
    session.new_game()
    assert session.game.moves == []
    assert said(session) == "New game." and button(session) == "Restore previous game"
    press(session)
    assert session.game.moves == moves("d1-4")


def test_new_game_after_a_finished_game_offers_nothing_back() -> None:
    start = position("w", B="a9 i1", K="c4")
    session = Session(PageState(Settings(black="human", white="human"), Game(start=start)))
    session.play(parse_move("c4-1"))
    session.new_game()
    assert said(session) == "New game." and button(session) is None


# -- settings ------------------------------------------------------------------------------

def test_a_bad_seed_or_limit_is_refused_and_changes_nothing() -> None:
    session = played(human_game(), "d1-4", "e3-d", "a4-c", "d3-2")
    generation = session.generation
    session.change("seed", "-3")
    assert session.settings.seed == 0 and said(session) == (
        "Seed not changed: the seed must be a whole number from 0.")
    session.change("limit", "2")
    assert session.settings.limit is None
    assert said(session) == ("Move limit not changed: a player has already made 2 moves in "
                             "this game.")
    assert session.generation == generation
    session.change("limit", "3")
    assert session.settings.limit == 3 and session.game.limit == 3
    assert said(session) == "Move limit: 3 moves a side."


def test_a_limit_that_later_moves_pass_is_refused_while_looking_back() -> None:
    # Six moves, looking at the position after two: a limit of two moves a side would
    # end the game before the fifth, and the stored record could not be read back.
    session = played(human_game(), "i6-g", "d5-7", "i4-g", "e3-d", "a4-c", "d7-8")
    session.goto(2)
    session.change("limit", "2")
    assert session.settings.limit is None and session.game.limit is None
    assert said(session) == ("Move limit not changed: a player has already made 3 moves in "
                             "this game.")
    assert PageState.from_json(session.state().to_json()).game.moves == session.game.moves
    session.change("limit", "4")
    assert PageState.from_json(session.state().to_json()).game.limit == 4


def test_undone_moves_count_against_a_new_limit() -> None:
    session = played(human_game(), "d1-4", "e3-d", "a4-c", "d3-2")
    session.undo()
    session.undo()
    session.change("limit", "2")
    assert session.game.limit is None and said(session) is not None
    assert said(session).startswith("Move limit not changed")


def test_the_move_limit_ends_the_game() -> None:
    session = human_game()
    session.change("limit", "1")
    played(session, "d1-4", "e3-d")
    assert status_line(session).startswith("White wins")


def test_new_rules_start_a_new_game_and_offer_the_old_one_back() -> None:
    session = played(human_game(), "d1-4")
    session.change("rules", "nielsen")
    assert session.game.rules.name == "nielsen" and session.game.moves == []
    assert session.settings.match_mode  # nielsen is played as matches
    assert reserved_squares(session.game.rules)  # its corners are the king's
    assert said(session) == "New game under Nielsen (corner escape) rules."
    assert button(session) == "Restore previous game"
    press(session)
    assert session.game.rules.name == "berkeley" and len(session.game.moves) == 1
    assert session.settings.rules == "berkeley"


def test_players_and_level_follow_the_form() -> None:
    session = human_game()
    session.change("white", "computer")
    session.change("level", "2")
    assert session.settings.white == "computer" and session.settings.level == 2
    session.change("sound", True)
    assert session.settings.sound


# -- set-up mode ---------------------------------------------------------------------------

def test_setup_mode_edits_checks_and_plays_the_position() -> None:
    session = human_game()
    session.set_setup(True)
    assert session.setup is not None and status_line(session).startswith("Set-up mode")
    assert said(session) is not None and said(session).startswith("Set-up mode: click")
    session.edit_setup(SetupMode.clear)
    click(session, "e5", "e5", "a1", "a1")  # white, then king, on both squares
    session.set_setup(False)
    assert session.setup is not None  # two kings: not playable
    assert said(session) is not None and "cannot be played" in said(session)
    click(session, "a1")  # the second king becomes black
    session.edit_setup(lambda setup: setattr(setup, "side", Side.WHITE))
    session.set_setup(False)
    assert session.setup is None
    assert session.game.start == position("w", B="a1", K="e5")
    assert said(session) == "Play starts from the set-up position; white to move."


def test_the_start_position_can_be_put_back_in_setup() -> None:
    session = human_game()
    session.set_setup(True)
    session.edit_setup(SetupMode.clear)
    session.edit_setup(lambda setup: setup.start_position("berkeley"))
    assert session.setup is not None and session.setup.position() == Game().start


def test_setup_mode_is_kept_on_reload() -> None:
    session = human_game()
    session.set_setup(True)
    session.edit_setup(SetupMode.clear)
    back = Session(PageState.from_json(session.state().to_json()))
    assert back.setup is not None and back.setup.position() == session.setup.position()
    assert not back.clocks_run() and not back.human_to_move()


def test_ashton_in_the_page_white_first_camps_hints_and_setup() -> None:
    session = human_game()
    session.change("rules", "ashton")  # as the Rules menu does
    turns = ComputerTurns(session)
    assert session.game.rules.name == "ashton" and status_line(session) == "White to move."
    camps = camp_squares(session.game.board)
    assert len(camps) == 16 and sq("e2") in camps
    click(session, "e4")  # the guard's row ends in the camp a4: he stops on b4
    assert {sq("d4"), sq("b4")} <= set(session.targets()) and sq("a4") not in session.targets()
    click(session, "b4")
    assert session.game.moves == [(sq("e4"), sq("b4"))]
    assert status_line(session) == "Black to move."
    answer_now(turns, turns.ask_hint())
    assert session.hint in session.game.legal_moves()
    session.toggle_analysis()
    request = turns.next_request()
    assert request is not None and request.kind == "analysis"
    shown: list[str] = []

    def listen() -> None:
        if turns.analysis is not None and session.settings.analysis:
            shown.append(str(turns.analysis.data["move"]))
            session.toggle_analysis()  # one depth is enough

    session.subscribe(listen)
    run(carry_out(turns, quick(request), LocalComputer()))
    assert shown and parse_move(shown[0]) in session.game.legal_moves()
    session.set_setup(True)
    session.edit_setup(SetupMode.clear)
    session.edit_setup(lambda setup: setup.start_position(session.game.rules.name))
    assert session.setup is not None and session.setup.position() == Game("ashton").start
    assert session.setup.position().endswith(" w")


# -- matches -------------------------------------------------------------------------------

def finish_by_escape(session: Session) -> None:
    """Set up a position where white escapes at once, and escape."""
    start = position("w", B="a9 i1", K="c4")
    settings = session.settings
    session.replace(PageState(settings, Game(settings.rules, start), list(session.match.results)))
    session.play(parse_move("c4-1"))


def test_a_match_keeps_the_score_and_swaps_sides() -> None:
    session = human_game(rules="berkeley", match=True)
    session.change("white", "computer")
    finish_by_escape(session)
    table = session.match.table(session.game.rules, session.finished_game())
    assert table.rows[0].result == "Player 2 won in 1 move"
    assert session.end_offer() == "next-game"
    session.new_game()
    assert said(session) == "Game 2 of the match: sides swapped."
    assert session.settings.black == "computer" and session.settings.white == "human"
    assert session.match.side_of(session.game.rules, "first") is Side.WHITE
    finish_by_escape(session)
    assert session.end_offer() == "new-match"
    table = session.match.table(session.game.rules, session.finished_game())
    assert table.finished and table.summary == "The match is drawn."
    session.new_game()
    assert said(session) == "Match over: The match is drawn. A new match begins."
    assert session.match.results == []
    assert session.settings.black == "human"  # back to the sides of the first game


def test_turning_match_mode_on_starts_the_match_again() -> None:
    session = human_game()
    session.change("match", True)
    assert session.settings.match_mode and said(session) == (
        "Match mode: two games, sides swapped.")
    session.change("match", False)
    assert said(session) == "Single games."


# -- storage -------------------------------------------------------------------------------

def test_what_is_saved_opens_as_it_was() -> None:
    session = played(human_game(seed=7, level=3), "d1-4", "e3-d", "a4-c")
    session.goto(2)
    storage = MemoryStorage({STORAGE_KEY: session.state().to_json()})
    state, problem = load_state(storage, 1)
    assert problem is None
    back = Session(state)
    assert back.game.moves == session.game.moves and back.game.ply == 2
    assert back.settings == session.settings and back.browsing


def test_an_unreadable_saved_page_is_kept_aside() -> None:
    storage = MemoryStorage({STORAGE_KEY: '{"format": "tablut-page", oops'})
    state, problem = load_state(storage, 1700000000000)
    assert state.game.moves == [] and problem is not None
    assert "tablut.state.backup.1700000000000" in problem
    assert storage.get("tablut.state.backup.1700000000000") == '{"format": "tablut-page", oops'


def test_a_browser_that_keeps_nothing_is_said_so() -> None:
    class Off(MemoryStorage):
        def get(self, key: str) -> str | None:
            raise RuntimeError("storage is off")

    state, problem = load_state(Off(), 1)
    assert state.game.moves == [] and problem == (
        "This browser keeps no saved games (storage is off).")


# -- imported games ------------------------------------------------------------------------

def test_an_imported_game_plays_under_its_own_rules_and_new_game_under_the_players() -> None:
    session = played(human_game(), "d1-4")
    session.bring_in(Game("opentafl"), message("text", text="Imported."))
    assert session.game.rules.name == "opentafl" and session.imported
    assert session.settings.rules == "berkeley"  # the player's choice for the next game
    assert said(session) == "Imported." and button(session) == "Undo import"
    back = Session(PageState.from_json(session.state().to_json()))
    assert back.game.rules.name == "opentafl" and back.settings.rules == "berkeley"
    assert back.imported
    session.new_game()
    assert session.game.rules.name == "berkeley" and not session.imported


def test_an_imported_game_keeps_its_move_limit() -> None:
    session = human_game(limit=50)
    session.bring_in(Game(limit=7), message("text", text="Imported."))
    assert session.game.limit == 7 and session.settings.limit == 50
    session.new_game()
    assert session.game.limit == 50


def test_undo_import_brings_the_game_back_and_the_import_can_come_back_too() -> None:
    session = played(human_game(), "d1-4", "e3-d")
    imported = Game("brainking")
    imported.play_text("d1-4")
    session.bring_in(imported, message("text", text="Imported."))
    press(session)
    assert session.game.rules.name == "berkeley" and len(session.game.moves) == 2
    assert not session.imported
    assert said(session) == "The game is back as it was." and button(session) == "Undo restore"
    press(session)
    assert session.game.rules.name == "brainking" and session.imported


def test_an_opened_link_offers_no_undo() -> None:
    session = human_game()
    session.bring_in(Game("ashton"), message("text", text="Opened."), undo=False)
    assert said(session) == "Opened." and button(session) is None


def test_an_imported_time_control_runs_clocks_for_that_game_only() -> None:
    now = FakeTime()
    session = human_game(now)
    game = Game()
    game.time_control = "3+2"
    session.bring_in(game, message("text", text="Imported."))
    assert session.clocks is not None and session.clocks.running is Side.BLACK
    now.wait(5)
    assert session.clocks.left(Side.BLACK, now()) == 175_000
    assert session.settings.clock == ""
    session.new_game()
    assert session.clocks is None and session.game.time_control is None


@pytest.mark.parametrize(("written", "kept"), [("05+3", "5+3"), ("40/7200", None)])
def test_an_imported_time_control_is_kept_as_the_page_writes_it(written: str,
                                                               kept: str | None) -> None:
    # A record may name its time control in other words, or one the page has no clock
    # for; the game is saved and restored all the same.
    session = played(human_game(), "d1-4")
    game = Game()
    game.time_control = written
    session.bring_in(game, message("text", text="Imported."))
    assert session.game.time_control == kept
    assert (session.clocks is None) == (kept is None)
    back = PageState.from_json(session.state().to_json())
    assert back.game.time_control == kept
    press(session)  # Undo import: the game replaced comes back
    assert session.game.moves == moves("d1-4")


# -- records -------------------------------------------------------------------------------

CLOCK = Clock(now_ms=lambda: 5, iso=lambda: "2026-11-23T10:00:00.000Z",
              local=lambda: "2026-11-23 11:00")


def keeper_for(session: Session, storage: MemoryStorage | None = None) -> RecordKeeper:
    """A record keeper over ``storage`` (empty by default)."""
    return RecordKeeper(session, storage or MemoryStorage(), CLOCK)


def test_a_bad_record_is_refused_and_nothing_changes() -> None:
    session = played(human_game(), "d1-4")
    keeper = keeper_for(session)
    assert not keeper.import_text("1. d1-9\n")
    assert keeper.message is not None and keeper.message.error
    assert keeper.message.text.startswith("Not imported: Line 1:")
    assert said(session) == keeper.message.text
    assert session.notices.current is not None and session.notices.current.is_error
    assert len(session.game.moves) == 1


def test_an_imported_record_replaces_the_game_with_an_undo() -> None:
    session = played(human_game(), "d1-4")
    keeper = keeper_for(session)
    assert keeper.import_text('[Rules "brainking"]\n\n1. d1-4 e3-a\n')
    assert session.game.rules.name == "brainking" and len(session.game.moves) == 2
    assert session.settings.rules == "berkeley"  # the player's own, for the next game
    assert keeper.message is not None and said(session) == keeper.message.text
    assert said(session).startswith("Imported the record: 2 moves, brainking rules.")
    assert button(session) == "Undo import"
    press(session)
    assert session.game.rules.name == "berkeley" and len(session.game.moves) == 1


def test_a_link_over_another_game_keeps_that_game() -> None:
    session = played(human_game(), "d1-4")
    keeper = keeper_for(session)
    other = Game()
    other.play_text("d1-3")
    keeper.open_link("#" + game_to_fragment(other))
    assert session.game.moves == other.moves and session.imported
    assert [e.name for e in keeper.saved.entries] == ["Before a link, 2026-11-23 11:00"]
    assert said(session) is not None and "Saved games" in said(session)


def test_a_bad_link_is_refused() -> None:
    session = human_game()
    keeper = keeper_for(session)
    keeper.open_link("#v=1&rules=berkeley&moves=z9-9")
    assert keeper.message is not None and keeper.message.error
    assert session.game.moves == []


def test_saved_games_save_rename_delete_and_undo() -> None:
    storage = MemoryStorage()
    session = human_game()
    keeper = keeper_for(session, storage)
    assert keeper.save_current("")
    session.play(parse_move("d1-4"))
    assert keeper.save_current("Opening")
    assert [e.name for e in keeper.saved.entries] == ["Opening", "Game of 2026-11-23 11:00"]
    keeper.rename(0, "Game of 2026-11-23 11:00")
    assert keeper.message is not None and keeper.message.error
    assert "Another saved game" in keeper.message.text
    keeper.rename(0, "First move")
    keeper.delete(1)
    assert len(json.loads(storage.get(SAVED_KEY) or "")["games"]) == 1
    assert button(session) == "Undo delete"
    press(session)
    assert [e.name for e in keeper.saved.entries] == ["First move", "Game of 2026-11-23 11:00"]
    assert said(session) == "Restored “Game of 2026-11-23 11:00”."
    keeper.open_saved(1)
    assert session.game.moves == [] and button(session) == "Undo import"


def test_an_unreadable_saved_list_is_kept_aside_before_it_is_replaced() -> None:
    storage = MemoryStorage({SAVED_KEY: "not json"})
    keeper = keeper_for(human_game(), storage)
    assert keeper.saved.problem is not None
    assert keeper.save_current("New")
    assert storage.get("tablut.saved.backup.5") == "not json"
