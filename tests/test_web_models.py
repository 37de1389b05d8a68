"""The session's small models one by one, without a browser: the game and where it stands
(:mod:`web.models.game`), what a click means (:mod:`web.models.clicks`), set-up mode, the
game's clock, the match, the events and what is heard of them (the announcer, the
sounds), and the marks the board draws."""

from __future__ import annotations

import pytest
from helpers import game_with, position
from session_helpers import FakeTime, human_game, sq

from tablut import Game, IllegalMove, NotationError, Side, format_position, parse_move
from tablut.rules import rules_named
from web.board.marks import camp_squares, marks_for, reserved_squares
from web.board.view import CORNERS
from web.lesson.lesson import Lesson
from web.models.clicks import Pick, Play, Refuse, decide
from web.models.clocks import GameClock, readable_control
from web.models.events import (
    MoveMade,
    MoveRefused,
    PiecePicked,
    PositionAsked,
    Refusal,
    TimeRanOut,
)
from web.models.game import GameInPlay, PieceInHand, Played, captured_kind
from web.models.match import MatchProgress
from web.models.moves import Moves
from web.models.reviewing import Reviewing
from web.models.session import Session
from web.models.setting_changes import SettingChanges
from web.models.settings import Settings
from web.models.setup import EMPTY_POSITION, SetupMode
from web.page.sounds import sound_of
from web.words.announcer import Announcer

# -- the session's parts -------------------------------------------------------------------


def test_the_session_is_its_moves_its_settings_and_its_review() -> None:
    assert issubclass(Session, Moves) and issubclass(Session, SettingChanges)
    assert issubclass(Session, Reviewing)
    # A piece is picked up, dragged and put down alike on the game's board and the lesson's.
    assert issubclass(Moves, PieceInHand) and issubclass(Lesson, PieceInHand)
    session = Session()
    assert session.in_play.game is session.game and session.clock.clocks is session.clocks


# -- the game and where it stands ----------------------------------------------------------


def test_a_game_from_a_record_stands_at_its_last_move_unless_told() -> None:
    game = game_with("d1-4", "e3-d", "a4-c")
    assert GameInPlay(game).live == 3
    assert GameInPlay(game, 1).live == 1 and GameInPlay(game, 1).undone == 2
    assert GameInPlay(game, 99).live == 3 and GameInPlay(game, -1).live == 0


def test_undo_and_redo_move_where_the_game_stands_and_keep_the_record() -> None:
    in_play = GameInPlay(game_with("d1-4", "e3-d"))
    assert in_play.undo() and in_play.live == 1 and in_play.game.ply == 1
    assert len(in_play.game.moves) == 2 and not in_play.browsing
    assert in_play.undo() and not in_play.undo()  # nothing left to take back
    assert in_play.redo() and in_play.redo() and not in_play.redo()
    assert in_play.live == 2


def test_looking_elsewhere_than_where_the_game_stands_is_browsing() -> None:
    in_play = GameInPlay(game_with("d1-4", "e3-d"))
    assert in_play.goto(0) and in_play.browsing
    assert not in_play.goto(0) and not in_play.goto(3)  # shown already; no such position
    in_play.undo()  # the game stands after one move, and is shown there
    assert not in_play.browsing and in_play.game.ply == 1


def test_a_move_reports_who_made_it_what_it_took_and_what_it_dropped() -> None:
    in_play = GameInPlay(game_with("i6-g", "d5-7"))
    played = in_play.play(parse_move("i4-g"))
    assert played == Played(Side.BLACK, parse_move("i4-g"), ((sq("g5"), "white"),), 0)
    in_play.goto(1)
    played = in_play.play(parse_move("e3-a"))
    assert played.dropped == 2 and in_play.live == 2 and not in_play.browsing
    with pytest.raises(IllegalMove):
        in_play.play(parse_move("e3-a"))  # no guard left on e3
    assert in_play.live == 2


def test_the_next_move_of_the_record_played_again_drops_nothing() -> None:
    in_play = GameInPlay(game_with("d1-4", "e3-d"))
    in_play.undo()
    in_play.undo()
    assert in_play.play(parse_move("d1-4")).dropped == 0
    assert in_play.live == 1 and in_play.undone == 1


def test_the_mark_of_a_game_ignores_where_it_is_looked_at() -> None:
    in_play = GameInPlay(game_with("d1-4", "e3-d"))
    mark = in_play.mark()
    in_play.goto(0)
    assert in_play.mark() == mark
    in_play.goto(2)
    in_play.undo()
    assert in_play.mark() != mark


def test_what_a_capture_took() -> None:
    assert captured_kind(Side.WHITE, 10, 40) == "black"
    assert captured_kind(Side.BLACK, 10, 40) == "white"
    assert captured_kind(Side.BLACK, 40, 40) == "king"


# -- what a click means --------------------------------------------------------------------

START = Game().board


def test_a_click_on_a_piece_of_the_side_to_move_picks_it_up() -> None:
    assert decide(START, sq("d1"), None, True, None) == Pick(sq("d1"))
    assert decide(START, sq("d1"), sq("d1"), True, None) == Pick(None)  # back down
    assert decide(START, sq("a4"), sq("d1"), True, None) == Pick(sq("a4"))  # another one


def test_a_click_on_a_target_plays_the_move() -> None:
    assert decide(START, sq("d4"), sq("d1"), True, None) == Play(parse_move("d1-4"))


@pytest.mark.parametrize(("square", "selected", "target"), [
    ("e3", None, None),     # the other side's piece
    ("e1", None, None),     # blocked in
    ("e4", "d1", "e4"),     # not a target of the piece held
    ("e3", "d1", "e3"),     # the other side's piece, with a piece held
])
def test_a_wrong_click_is_refused_with_what_the_words_need(square: str, selected: str | None,
                                                          target: str | None) -> None:
    decision = decide(START, sq(square), None if selected is None else sq(selected), True,
                      None)
    assert isinstance(decision, Refuse)
    refusal = decision.refusal
    assert refusal.square == sq(selected or square)
    assert refusal.target == (None if target is None else sq(target))
    assert refusal.waiting_for is None and refusal.board is not START  # a copy


def test_a_click_while_the_computer_is_to_move_is_refused_to_wait() -> None:
    decision = decide(START, sq("d1"), None, False, Side.BLACK)
    assert isinstance(decision, Refuse) and decision.refusal.waiting_for is Side.BLACK


def test_clicks_that_mean_nothing() -> None:
    assert decide(START, sq("c3"), None, True, None) is None  # an empty square
    assert decide(START, sq("d1"), None, False, None) is None  # a finished game


# -- set-up mode ---------------------------------------------------------------------------

def test_setup_mode_starts_from_the_position_shown() -> None:
    game = game_with("d1-4")
    setup = SetupMode.enter(game)
    assert setup.position() == format_position(game.board)
    assert setup.side is Side.WHITE and setup.piece_at(sq("d4")) == "black"


def test_setup_clears_fills_and_puts_the_start_back() -> None:
    setup = SetupMode(Game().start)
    setup.side = Side.WHITE
    setup.clear()
    assert setup.position() == EMPTY_POSITION.replace(" b", " w")  # the side stays
    setup.fill(position("b", K="e5"))
    assert setup.piece_at(sq("e5")) == "king" and setup.side is Side.WHITE
    setup.start_position("ashton")
    assert setup.position() == Game("ashton").start and setup.side is Side.WHITE
    setup.start_position("berkeley")
    assert setup.side is Side.BLACK


def test_leaving_setup_plays_under_the_rules_and_limit_given() -> None:
    game = SetupMode(position("w", B="a1", K="e5")).leave("brainking", 30)
    assert game.rules.name == "brainking" and game.limit == 30 and game.side is Side.WHITE
    with pytest.raises(NotationError, match="king"):
        SetupMode(EMPTY_POSITION).leave("berkeley")


# -- the game's clock ----------------------------------------------------------------------

def test_a_game_without_a_time_control_has_no_clock() -> None:
    clock = GameClock.fresh(None)
    clock.run(Side.BLACK, 0, True)
    assert clock.clocks is None and clock.ran_out(10**9) is None and clock.saved(0) is None
    assert GameClock.fresh("").clocks is None


def test_the_game_clock_runs_only_while_told_and_flags_once() -> None:
    clock = GameClock.fresh("10s")
    clock.run(Side.BLACK, 0, True)
    clock.run(Side.BLACK, 9_000, False)  # stopped: a person looks back
    assert clock.ran_out(50_000) is None
    clock.run(Side.BLACK, 50_000, True)
    assert clock.ran_out(50_999) is None and clock.ran_out(51_000) is Side.BLACK
    assert clock.time_out is Side.BLACK and clock.ran_out(99_000) is None
    clock.run(Side.WHITE, 99_000, True)  # a game lost on time stays stopped
    assert clock.clocks is not None and clock.clocks.running is None


def test_a_saved_clock_reads_as_it_stood() -> None:
    clock = GameClock.fresh("1+0")
    clock.run(Side.WHITE, 0, True)
    saved = clock.saved(15_000)
    assert saved is not None and saved.left_ms == [60_000, 45_000] and saved.running is None
    assert clock.clocks is not None and clock.clocks.running is Side.WHITE


@pytest.mark.parametrize(("written", "kept"), [
    (None, None), ("", None), ("5+3", "5+3"), ("05+03", "5+3"), (" 10s ", "10s"),
    ("40/7200", None), ("0+3", None),
])
def test_a_records_time_control_is_kept_as_the_page_writes_it(written: str | None,
                                                             kept: str | None) -> None:
    assert readable_control(written) == kept


# -- the match -----------------------------------------------------------------------------

def test_the_next_game_of_a_match_swaps_the_sides() -> None:
    berkeley = rules_named("berkeley")
    progress = MatchProgress()
    settings = Settings(match=True)
    assert progress.side_of(berkeley, "first") is Side.BLACK
    nxt, results, said = progress.next_game(settings, berkeley, (Side.WHITE, 20))
    assert nxt == settings.swapped() and results == [("second", 20)]
    assert said.code == "match-game" and said.args == {"number": 2}
    assert MatchProgress(results).side_of(berkeley, "first") is Side.WHITE
    table = MatchProgress(results).table(berkeley, None)
    assert table.rows[1].result == "In progress"


def test_a_single_game_or_one_in_progress_is_followed_by_a_new_game() -> None:
    berkeley = rules_named("berkeley")
    assert MatchProgress().next_game(Settings(), berkeley, (Side.WHITE, 3))[2].code == "new-game"
    settings = Settings(match=True)
    nxt, results, said = MatchProgress([("first", 9)]).next_game(settings, berkeley, None)
    assert nxt == settings and results == [("first", 9)] and said.code == "new-game"


def test_the_last_game_of_a_match_starts_a_new_match() -> None:
    berkeley = rules_named("berkeley")
    progress = MatchProgress([("second", 31)])
    nxt, results, said = progress.next_game(Settings(match=True), berkeley, (Side.WHITE, 1))
    assert results == [] and said.code == "match-over"
    assert said.args == {"summary": "Player 1 wins the match."}
    assert progress.results == [("second", 31)]  # the session replaces it, not this


# -- events, and what is heard of them -----------------------------------------------------

def test_the_announcer_says_every_event() -> None:
    session = human_game()
    announcer = Announcer(session)
    events: list[object] = []
    session.listen(events.append)
    session.activate(sq("d1"))
    assert events == [PiecePicked(sq("d1"))]
    assert announcer.spoken[1].startswith("d1, black piece, picked up: it can move to")
    session.activate(sq("d4"))
    assert isinstance(events[-1], MoveMade) and not events[-1].by_computer
    assert announcer.spoken[1] == "Black d1 to d4."
    session.activate(sq("d4"))
    assert isinstance(events[-1], MoveRefused)
    session.hear("pieces")
    assert events[-1] == PositionAsked("pieces")
    assert announcer.spoken[0] == 4  # numbered: the same words twice are heard twice


def test_a_loss_on_time_is_told_and_said() -> None:
    now = FakeTime()
    session = human_game(now, clock="10s")
    announcer = Announcer(session)
    events: list[object] = []
    session.listen(events.append)
    session.notify()
    now.wait(10)
    session.tick()
    assert events == [TimeRanOut(Side.BLACK)]
    assert announcer.spoken[1] == "Black lost on time."


def test_each_event_has_its_sound() -> None:
    quiet = Played(Side.BLACK, parse_move("d1-4"), (), 0)
    capture = Played(Side.WHITE, parse_move("e3-d"), ((sq("d4"), "black"),), 0)
    assert sound_of(MoveMade(quiet), False) == "move"
    assert sound_of(MoveMade(capture, by_computer=True), False) == "capture"
    assert sound_of(MoveMade(capture), True) == "end"
    assert sound_of(TimeRanOut(Side.WHITE), True) == "end"
    refusal = Refusal(Game().board, sq("e3"))
    for silent in (PiecePicked(3), MoveRefused(refusal), PositionAsked("summary")):
        assert sound_of(silent, False) is None


# -- what the board draws ------------------------------------------------------------------

def test_the_board_marks_what_the_session_shows() -> None:
    session = human_game()
    session.activate(sq("d1"))
    marks = marks_for(session)
    assert marks.selected == sq("d1") and sq("d4") in marks.targets and marks.last is None
    session.activate(sq("d4"))
    session.show_hint(parse_move("e3-d"))
    marks = marks_for(session)
    assert marks.last == parse_move("d1-4") and marks.hint == parse_move("e3-d")
    assert marks.better is None and marks.selected is None


def test_reserved_squares_and_camps_follow_the_rules() -> None:
    assert reserved_squares(rules_named("berkeley")) == ()
    assert reserved_squares(rules_named("nielsen")) == CORNERS
    assert camp_squares(Game().board) == ()
    assert len(camp_squares(Game("ashton").board)) == 16
