"""What version 2 of the page stored and handed out (tests/fixtures/v2/) opens as it was:
the clocks with the time left, a loss on time, the time control of a text record, and an
ashton game as a page record, a text record and a share link."""

from __future__ import annotations

from pathlib import Path

from tablut import Side, parse_move
from tablut.squares import parse_square
from web.models.session import Session
from web.models.state import PageState
from web.records.formats import link_game, read_record
from web.words.status import status_line

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "v2"


def fixture(name: str) -> str:
    """The text of fixture ``name``."""
    return (FIXTURES / name).read_text()


def test_a_game_with_clocks_comes_back_with_the_time_left() -> None:
    state = PageState.from_json(fixture("state-clock-in-progress.json"))
    assert state.settings.clock == "5+3"
    assert state.game.moves == [parse_move("d1-4"), parse_move("e3-d")]
    assert state.game.time_control == "5+3"
    assert state.clocks is not None and state.clocks.left_ms == [300_487, 302_303]
    session = Session(state, now=lambda: 0.0)
    session.notify()
    assert session.clocks is not None and session.clocks.running is Side.BLACK
    assert status_line(session) == "Black to move."
    assert session.in_play.live == 2 and not session.can_redo()


def test_a_loss_on_time_comes_back_lost() -> None:
    session = Session(PageState.from_json(fixture("state-lost-on-time.json")))
    assert session.time_out is Side.WHITE
    assert status_line(session) == "White lost on time."
    assert session.clocks is not None and session.clocks.left_ms == [10_000, 0]


def test_a_record_with_a_time_control_imports_with_it() -> None:
    game = read_record(fixture("record-clock.txt"))
    assert game.time_control == "5+3" and len(game.moves) == 2


ASHTON_MOVES = [parse_move(text) for text in ("e3-c", "a4-3", "d5-6", "i4-3")]


def test_an_ashton_game_comes_back_where_it_was_looked_at() -> None:
    state = PageState.from_json(fixture("state-ashton.json"))
    assert state.settings.rules == "ashton" and state.game.rules.name == "ashton"
    assert state.game.moves == ASHTON_MOVES and state.game.ply == 3
    assert state.live == 3  # two people: the move after the cursor was undone
    session = Session(state)
    assert not session.browsing and status_line(session) == "Black to move."
    assert session.can_redo() and session.human_to_move()
    assert session.game.board.piece_at(parse_square("c3")) == "white"


def test_an_ashton_record_and_link_open_as_the_same_game() -> None:
    game = read_record(fixture("record-ashton.txt"))
    assert game.rules.name == "ashton" and game.moves == ASHTON_MOVES
    linked = link_game(fixture("link-ashton.txt").strip())
    assert linked is not None
    assert linked.rules.name == "ashton" and linked.moves == ASHTON_MOVES
    assert linked.ply == 3
