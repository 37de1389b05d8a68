"""Clocks: time controls, the arithmetic of the two clocks, a loss on time, the computer
thinking within its clock, and clocks kept with the game."""

from __future__ import annotations

import pytest
from helpers import position
from session_helpers import FakeTime, human_game, said, session_with

from tablut import Game, Side, parse_move
from tablut.transcript import export_transcript, import_transcript
from web.computer.turns import ComputerTurns
from web.models.clocks import ClockError, Clocks, TimeControl, shown, spoken, think_seconds
from web.models.notices import message
from web.models.session import Session
from web.models.state import PageState, Settings, StateError
from web.records.formats import read_record
from web.words.announcer import Announcer
from web.words.status import status_line


def timed(control: str = "1+2", **settings: object) -> tuple[Session, FakeTime]:
    """A session between two people with the clock ``control``, and its time."""
    now = FakeTime()
    return human_game(now, clock=control, **settings), now


# -- time controls and the arithmetic ------------------------------------------------------

def test_time_controls_read_and_refuse() -> None:
    assert TimeControl.parse("5+3") == TimeControl("5+3", 300_000, 3_000, False)
    assert TimeControl.parse("10s") == TimeControl("10s", 10_000, 0, True)
    assert TimeControl.parse(" 05+0 ").text == "5+0"
    for bad in ("", "5", "5+", "0+3", "0s", "five", "5+3+1"):
        with pytest.raises(ClockError):
            TimeControl.parse(bad)
    assert TimeControl.parse("7+5").describe() == "7 min + 5 s a move"


def test_the_running_clock_counts_down_and_the_mover_gains_the_increment() -> None:
    clocks = Clocks(TimeControl.parse("1+2"))
    clocks.start(Side.BLACK, 0)
    assert clocks.left(Side.BLACK, 10_000) == 50_000
    assert clocks.left(Side.WHITE, 10_000) == 60_000
    clocks.moved(Side.BLACK, 10_000)
    assert clocks.left(Side.BLACK, 99_999) == 52_000 and clocks.running is None
    clocks.start(Side.WHITE, 10_000)
    assert clocks.flagged(69_999) is None and clocks.flagged(70_000) is Side.WHITE
    assert clocks.left(Side.WHITE, 90_000) == 0


def test_time_per_move_starts_afresh_each_move() -> None:
    clocks = Clocks(TimeControl.parse("10s"))
    clocks.start(Side.BLACK, 0)
    clocks.moved(Side.BLACK, 9_500)
    assert clocks.left(Side.BLACK, 9_500) == 10_000


def test_time_is_exact_to_a_tenth_over_a_minute_however_late_the_reading() -> None:
    clocks = Clocks(TimeControl.parse("3+2"))
    clocks.start(Side.WHITE, 0)
    readings = [clocks.left(Side.WHITE, t) for t in (13.7, 2_500.1, 33_333.3, 60_000.0)]
    assert readings[-1] == 120_000
    clocks.stop(60_050)
    assert clocks.left(Side.WHITE, 1e9) == 119_950


def test_clocks_are_shown_and_said() -> None:
    assert shown(300_000) == "5:00" and shown(65_001) == "1:06" and shown(20_000) == "0:20"
    assert shown(19_999) == "0:19.9" and shown(0) == "0:00.0"
    assert spoken(65_000) == "1 minute 5 seconds" and spoken(1_000) == "1 second"
    assert spoken(120_000) == "2 minutes"


def test_the_computer_thinks_within_its_clock() -> None:
    clocks = Clocks(TimeControl.parse("1+1"))
    assert think_seconds(clocks, Side.WHITE, 0, usual=20.0) == pytest.approx(2.8)
    clocks.left_ms[Side.WHITE] = 1_500
    assert think_seconds(clocks, Side.WHITE, 0, usual=20.0) <= 0.5
    per_move = Clocks(TimeControl.parse("10s"))
    assert think_seconds(per_move, Side.WHITE, 0, usual=20.0) == pytest.approx(6.0)
    assert think_seconds(per_move, Side.WHITE, 0, usual=1.0) == 1.0


# -- clocks in the session -----------------------------------------------------------------

def test_the_clock_of_the_side_to_move_runs() -> None:
    session, now = timed()
    session.notify()
    now.wait(5)
    assert session.clocks is not None
    assert session.clocks.left(Side.BLACK, now()) == 55_000
    session.play(parse_move("d1-4"))
    now.wait(3)
    assert session.clocks.left(Side.BLACK, now()) == 57_000  # 55 s + the 2 s increment
    assert session.clocks.left(Side.WHITE, now()) == 57_000


def test_clocks_stop_while_a_person_looks_back() -> None:
    session, now = timed()
    session.play(parse_move("d1-4"))
    session.step(-1)
    now.wait(30)
    assert session.clocks.left(Side.WHITE, now()) == 60_000
    session.step(1)
    now.wait(1)
    assert session.clocks.left(Side.WHITE, now()) == 59_000


def test_clocks_stop_while_a_person_is_away_at_the_lesson() -> None:
    session, now = timed()
    session.play(parse_move("d1-4"))
    now.wait(2)
    session.set_away(True)
    now.wait(300)  # far longer than the time left: nobody runs out meanwhile
    session.tick()
    assert session.time_out is None
    assert session.clocks.left(Side.WHITE, now()) == 58_000
    session.set_away(False)
    now.wait(1)
    assert session.clocks.left(Side.WHITE, now()) == 57_000


def test_a_side_out_of_time_loses() -> None:
    session, now = timed()
    announcer = Announcer(session)
    session.play(parse_move("d1-4"))
    now.wait(61)
    session.tick()
    assert session.time_out is Side.WHITE
    assert status_line(session) == "White lost on time."
    assert announcer.spoken[1] == "White lost on time."
    assert session.end_offer() == "play-again"
    assert not session.human_to_move() and not session.can_undo() and session.can_go_back()
    assert not session.play(parse_move("e3-d"))


def test_running_out_of_time_draws_when_the_other_side_cannot_win() -> None:
    now = FakeTime()
    game = Game(start=position("w", W="a2", K="e5"))
    game.time_control = "10s"
    session = Session(PageState(Settings(black="human", white="human", clock="10s"), game),
                      now=now)
    session.notify()
    now.wait(11)
    session.tick()
    assert session.finished_game() == (None, 0)  # a draw in the match table
    assert status_line(session) == ("Draw: White ran out of time, but Black has no piece left "
                                "to win with.")


def test_changing_the_clock_gives_both_sides_full_time_from_this_move() -> None:
    session, now = timed()
    session.play(parse_move("d1-4"))
    session.change("clock", "5+3")
    assert session.clocks is not None and session.clocks.left(Side.WHITE, now()) == 300_000
    assert session.game.time_control == "5+3"
    assert said(session) == "Clock: 5 min + 3 s a move, from this move on."
    session.change("clock", "")
    assert session.clocks is None and said(session) == "No clock."
    session.change("clock", "9+")
    assert session.settings.clock == "" and said(session) is not None
    assert said(session).startswith("Clock not changed")
    assert session.clocks is None


def test_a_new_game_starts_with_full_clocks() -> None:
    session, now = timed()
    session.play(parse_move("d1-4"))
    now.wait(61)
    session.tick()
    session.new_game()
    assert session.time_out is None
    assert session.clocks is not None and session.clocks.left(Side.BLACK, now()) == 60_000


def test_the_computers_move_is_asked_within_its_clock() -> None:
    now = FakeTime()
    session = session_with(now, clock="1+1")
    turns = ComputerTurns(session)
    session.play(parse_move("d1-4"))
    request = turns.next_request()
    assert request is not None and request.seconds == pytest.approx(2.8)
    assert ComputerTurns(Session()).next_request() is None  # no clock, no question yet


# -- clocks kept with the game -------------------------------------------------------------

def test_clocks_are_saved_and_come_back_stopped_where_they_were() -> None:
    session, now = timed("3+2")
    session.play(parse_move("d1-4"))
    now.wait(10)
    record = session.state().to_json()
    later = FakeTime()
    later.wait(5000)  # the page was closed for a long while
    back = Session(PageState.from_json(record), now=later)
    back.notify()
    assert back.clocks.left(Side.WHITE, later()) == 170_000
    assert back.clocks.left(Side.BLACK, later()) == 182_000


def test_a_loss_on_time_is_saved() -> None:
    session, now = timed()
    now.wait(61)
    session.notify()
    now.wait(61)
    session.tick()
    back = Session(PageState.from_json(session.state().to_json()))
    assert back.time_out is Side.BLACK and status_line(back) == "Black lost on time."
    assert not back.can_undo() and back.end_offer() == "play-again"


@pytest.mark.parametrize("change", [
    {"clocks": {"control": "1+2", "left_ms": [1, -5]}},
    {"clocks": {"control": "5+3", "left_ms": [1, 5]}},   # not the game's time control
    {"clocks": "soon"},
    {"time_out": "red"},
])
def test_damaged_clocks_are_refused(change: dict[str, object]) -> None:
    import json
    session, _ = timed()
    data = json.loads(session.state().to_json())
    data.update(change)
    with pytest.raises(StateError):
        PageState.from_json(json.dumps(data))


def test_the_time_control_is_in_the_text_record() -> None:
    session, _ = timed("15+10")
    session.play(parse_move("d1-4"))
    text = export_transcript(session.game)
    assert '[TimeControl "15+10"]' in text
    assert import_transcript(text).time_control == "15+10"
    assert Game.from_json(session.game.to_json()).time_control == "15+10"


def test_an_imported_record_brings_its_clock_for_its_game_only() -> None:
    session, now = timed("1+2")
    game = read_record('[Rules "berkeley"]\n[TimeControl "5+3"]\n\n1. d1-4\n')
    session.bring_in(game, message("text", text="Imported."))
    assert session.clocks is not None and session.clocks.control.text == "5+3"
    assert session.settings.clock == "1+2"  # the player's choice, for the next game
    untimed = read_record('[Rules "berkeley"]\n\n1. d1-4\n')
    session.bring_in(untimed, message("text", text="Imported."))
    assert session.clocks is None  # a record without a clock is played without one
    session.new_game()
    assert session.clocks is not None and session.clocks.left(Side.BLACK, now()) == 60_000


def test_a_game_without_a_clock_is_recorded_as_before() -> None:
    game = Game()
    assert "time_control" not in game.to_json()
    assert "TimeControl" not in export_transcript(game)
