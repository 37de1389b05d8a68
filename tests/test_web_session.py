"""The game page's logic without a browser: the session (moves, undo, browsing, settings,
set-up, match, hints, analysis, the computer's turns), the records (imports, links, saved
games) and what is kept in storage.

The computer here is the real engine in this interpreter (:class:`LocalComputer`), the
same code the page's worker runs.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest
from helpers import position
from local_computer import LocalComputer

from tablut import Game, Side, parse_move
from tablut.ai.first_answers import known_answer
from tablut.links import game_to_fragment
from tablut.squares import parse_square
from web.board.view import camp_squares, marks_for, reserved_squares
from web.computer.turns import (
    HINT_MAX_LEVEL,
    SELF_PLAY_PAUSE,
    ComputerTurns,
    Request,
    carry_out,
)
from web.models.session import Session
from web.models.setup import (
    clear_setup,
    set_setup_mode,
    set_setup_side,
    setup_start_position,
)
from web.models.state import STORAGE_KEY, PageState, Settings
from web.models.storage import MemoryStorage, load_state
from web.records.keeper import Clock, RecordKeeper
from web.records.saved_games import SAVED_KEY


def sq(name: str) -> int:
    """The square called ``name``."""
    return parse_square(name)


def click(session: Session, *names: str) -> None:
    """Click the squares called ``names`` in turn."""
    for name in names:
        session.activate(sq(name))


def human_game(**settings: object) -> Session:
    """A session where people play both sides."""
    return Session(PageState(Settings(black="human", white="human", **settings)))


def run(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run ``coroutine`` to its end in an event loop of its own thread (the browser
    tests, run before these, leave an event loop running in this one)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


def answer_now(turns: ComputerTurns, request: Request | None, level: int = 1) -> None:
    """Carry ``request`` to the engine in this interpreter and give back its answer."""
    assert request is not None
    run(carry_out(turns, replace_level(request, level), LocalComputer()))


def replace_level(request: Request, level: int) -> Request:
    """``request`` at ``level`` without a pause: the tests want speed, not strength."""
    return replace(request, level=level, pause=0.0)


# -- moving by clicks ----------------------------------------------------------------------

def test_a_fresh_session_waits_for_black() -> None:
    session = Session()
    turns = ComputerTurns(session)
    assert session.status() == "Black to move."
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
    assert session.game.moves == [(sq("d1"), sq("d4"))]
    assert session.selected is None and session.status() == "White to move."
    assert heard[-1] == heard[0] + 1  # the move is one change of the position
    marks = marks_for(session)
    assert marks.last == (sq("d1"), sq("d4")) and not marks.winning


@pytest.mark.parametrize("clicks", [("e3",), ("c3",), ("d1", "d1"), ("d1", "e4")])
def test_illegal_clicks_change_nothing(clicks: tuple[str, ...]) -> None:
    session = human_game()
    click(session, *clicks)
    assert session.game.moves == []
    assert session.selected is None or clicks[-1] != clicks[0]


def test_a_capture_is_reported_once_for_the_fade_and_the_slide() -> None:
    session = human_game()
    seen: list[tuple[list[tuple[int, str]], object]] = []
    session.subscribe(lambda: seen.append((list(session.fading), session.just_moved)))
    for move in ("i6-g", "d5-7", "i4-g"):
        assert session.play(parse_move(move))
    assert seen[-1] == ([(sq("g5"), "white")], parse_move("i4-g"))
    assert session.fading == [] and session.just_moved is None  # shown once only


def test_the_kings_capture_fades_the_king_and_ends_the_game() -> None:
    start = position("b", B="b6 d5", K="c6")
    session = Session(PageState(Settings(black="human", white="human"), Game("berkeley", start)))
    seen: list[list[tuple[int, str]]] = []
    session.subscribe(lambda: seen.append(list(session.fading)))
    session.play(parse_move("d5-6"))
    assert seen[-1] == [(sq("c6"), "king")]
    assert session.status().startswith("Black wins")
    assert session.end_offer() == "Play again"
    assert marks_for(session).winning


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
    reply = Game.from_json(request.record)
    reply.play(session.game.moves[1])
    assert [str(m) for m in session.game.moves] == [str(m) for m in reply.moves]
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
    assert session.game.moves == [(sq("d1"), sq("d4"))] and session.game.ply == 0
    assert not turns.is_thinking()


def test_computer_against_computer_pauses_between_moves() -> None:
    session = Session(PageState(Settings(black="computer", white="computer")))
    turns = ComputerTurns(session)
    request = turns.next_request()
    assert request is not None and request.pause == SELF_PLAY_PAUSE


def test_undo_takes_back_the_computer_reply_and_the_move_before_it() -> None:
    session = Session()
    turns = ComputerTurns(session)
    session.play(parse_move("d1-4"))
    answer_now(turns, turns.next_request())
    session.undo()
    assert session.game.ply == 0 and len(session.game.moves) == 2
    session.redo()
    assert session.game.ply == 2


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
    session = Session(PageState(Settings(level=4)))
    turns = ComputerTurns(session)
    session.play(parse_move("d1-4"))
    run(carry_out(turns, turns.next_request(), Broken()))
    assert session.notice is not None and "worker gone" in session.notice.text
    assert not turns.is_thinking() and session.game.ply == 1


def test_a_hint_is_shown_for_a_persons_move_only() -> None:
    session = Session()
    turns = ComputerTurns(session)
    request = turns.ask_hint()
    assert request is not None and request.level <= HINT_MAX_LEVEL
    answer_now(turns, request)
    assert session.hint is not None and session.hint in session.game.legal_moves()
    assert session.notice is not None and session.notice.text.startswith("Hint: ")
    assert marks_for(session).hint == session.hint
    session.play(session.hint)
    assert session.hint is None
    assert turns.ask_hint() is None  # white, the computer, is to move
    assert session.notice is not None and "person's move" in session.notice.text


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
    run(carry_out(turns, replace_level(request, 1), LocalComputer()))
    assert shown[:2] == [1, 2] and len(shown) == 2
    assert not session.settings.analysis


# -- the record: undo, redo, later moves ---------------------------------------------------

def test_a_move_from_an_earlier_position_offers_the_later_moves_back() -> None:
    session = human_game()
    for move in ("d1-4", "e3-d", "a4-c"):
        session.play(parse_move(move))
    session.goto(1)
    session.play(parse_move("e3-a"))
    assert session.game.moves == [parse_move("d1-4"), parse_move("e3-a")]
    assert session.notice is not None
    assert session.notice.text == "Later moves were dropped (2 moves)."
    assert session.notice.action is not None and session.notice.action[0] == "Restore"
    session.notice.action[1]()
    assert [m for m in session.game.moves] == [parse_move(t) for t in ("d1-4", "e3-d", "a4-c")]
    assert session.game.ply == 1


def test_replaying_the_next_move_keeps_the_record() -> None:
    session = human_game()
    for move in ("d1-4", "e3-d"):
        session.play(parse_move(move))
    session.goto(0)
    session.play(parse_move("d1-4"))
    assert len(session.game.moves) == 2 and session.notice is None


def test_new_game_offers_the_game_in_progress_back() -> None:
    session = human_game()
    session.play(parse_move("d1-4"))
    session.new_game()
    assert session.game.moves == []
    assert session.notice is not None and session.notice.action is not None
    session.notice.action[1]()
    assert len(session.game.moves) == 1


# -- settings ------------------------------------------------------------------------------

def test_a_bad_seed_or_limit_is_refused_and_changes_nothing() -> None:
    session = human_game()
    for move in ("d1-4", "e3-d", "a4-c", "d4-e"):
        session.play(parse_move(move))
    generation = session.generation
    session.set_seed("-3")
    assert session.settings.seed == 0 and "Seed not changed" in session.notice.text
    session.set_limit("2")
    assert session.settings.limit is None
    assert session.notice.text == ("Move limit not changed: a player has already made 2 moves "
                                   "in this game.")
    assert session.generation == generation
    session.set_limit("3")
    assert session.settings.limit == 3 and session.game.limit == 3


def test_a_limit_that_later_moves_pass_is_refused_while_looking_back() -> None:
    # Six moves, looking at the position after two: a limit of two moves a side would
    # end the game before the fifth, and the stored record could not be read back.
    session = human_game()
    for move in ("i6-g", "d5-7", "i4-g", "e3-d", "a4-c", "d7-8"):
        assert session.play(parse_move(move))
    session.goto(2)
    session.set_limit("2")
    assert session.settings.limit is None and session.game.limit is None
    assert session.notice.text == ("Move limit not changed: a player has already made 3 moves "
                                   "in this game.")
    assert PageState.from_json(session.state().to_json()).game.moves == session.game.moves
    session.set_limit("4")
    assert PageState.from_json(session.state().to_json()).game.limit == 4


def test_the_move_limit_ends_the_game() -> None:
    session = human_game()
    session.set_limit("1")
    session.play(parse_move("d1-4"))
    session.play(parse_move("e3-d"))
    assert session.status().startswith("White wins")


def test_new_rules_start_a_new_game_and_offer_the_old_one_back() -> None:
    session = human_game()
    session.play(parse_move("d1-4"))
    session.set_rules("nielsen")
    assert session.game.rules.name == "nielsen" and session.game.moves == []
    assert session.settings.match_mode  # nielsen is played as matches
    assert reserved_squares(session)  # its corners are the king's
    assert session.notice.text == "New game under Nielsen (corner escape) rules."
    session.notice.action[1]()
    assert session.game.rules.name == "berkeley" and len(session.game.moves) == 1


def test_players_and_level_follow_the_form() -> None:
    session = human_game()
    session.set_player(Side.WHITE, "computer")
    session.set_level(2)
    assert session.settings.white == "computer" and session.settings.level == 2


# -- set-up mode ---------------------------------------------------------------------------

def test_setup_mode_edits_checks_and_plays_the_position() -> None:
    session = human_game()
    set_setup_mode(session, True)
    assert session.setup is not None and session.status().startswith("Set-up mode")
    clear_setup(session)
    click(session, "e5", "e5", "a1", "a1")  # white, then king, on both squares
    set_setup_mode(session, False)
    assert session.setup is not None  # two kings: not playable
    assert "cannot be played" in session.notice.text
    click(session, "a1")  # the second king becomes black
    set_setup_side(session, Side.WHITE)
    set_setup_mode(session, False)
    assert session.setup is None
    assert session.game.start == position("w", B="a1", K="e5")
    assert session.notice.text == "Play starts from the set-up position; white to move."


def test_the_start_position_can_be_put_back_in_setup() -> None:
    session = human_game()
    set_setup_mode(session, True)
    clear_setup(session)
    setup_start_position(session)
    assert session.setup is not None and session.setup.position() == Game().start


def test_ashton_in_the_page_white_first_camps_hints_and_setup() -> None:
    session = human_game()
    session.set_rules("ashton")  # as the Rules menu does
    turns = ComputerTurns(session)
    assert session.game.rules.name == "ashton" and session.status() == "White to move."
    assert len(camp_squares(session)) == 16 and sq("e2") in camp_squares(session)
    click(session, "e4")  # the guard's row ends in the camp a4: he stops on b4
    assert {sq("d4"), sq("b4")} <= set(session.targets()) and sq("a4") not in session.targets()
    click(session, "b4")
    assert session.game.moves == [(sq("e4"), sq("b4"))] and session.status() == "Black to move."
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
    run(carry_out(turns, replace_level(request, 1), LocalComputer()))
    assert shown and parse_move(shown[0]) in session.game.legal_moves()
    set_setup_mode(session, True)
    clear_setup(session)
    setup_start_position(session)
    assert session.setup is not None and session.setup.position() == Game("ashton").start
    assert session.setup.position().endswith(" w")


# -- matches -------------------------------------------------------------------------------

def finish_by_escape(session: Session) -> None:
    """Set up a position where white escapes at once, and escape."""
    start = position("w", B="a9 i1", K="c4")
    settings = session.settings
    session.replace(Game(settings.rules, start), settings, session.match_results)
    session.play(parse_move("c4-1"))


def test_a_match_keeps_the_score_and_swaps_sides() -> None:
    session = human_game(rules="berkeley", match=True)
    session.set_player(Side.WHITE, "computer")
    finish_by_escape(session)
    table = session.match_table()
    assert table.rows[0].result.startswith("Player 2 won")
    assert session.end_offer() == "Next game"
    session.new_game()
    assert session.notice.text == "Game 2 of the match: sides swapped."
    assert session.settings.black == "computer" and session.settings.white == "human"
    assert session.player_side("first") is Side.WHITE
    finish_by_escape(session)
    assert session.end_offer() == "New match"
    assert session.match_table().summary == "Player 2 wins the match." or \
        session.match_table().finished
    session.new_game()
    assert session.notice.text.startswith("Match over:") and session.match_results == []


# -- storage -------------------------------------------------------------------------------

def test_what_is_saved_opens_as_it_was() -> None:
    session = human_game(seed=7, level=3)
    for move in ("d1-4", "e3-d", "a4-c"):
        session.play(parse_move(move))
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


# -- records -------------------------------------------------------------------------------

CLOCK = Clock(now_ms=lambda: 5, iso=lambda: "2026-11-23T10:00:00.000Z",
              local=lambda: "2026-11-23 11:00")


def keeper_for(session: Session, storage: MemoryStorage | None = None) -> RecordKeeper:
    """A record keeper over ``storage`` (empty by default)."""
    return RecordKeeper(session, storage or MemoryStorage(), CLOCK)


def test_a_bad_record_is_refused_and_nothing_changes() -> None:
    session = human_game()
    session.play(parse_move("d1-4"))
    keeper = keeper_for(session)
    assert not keeper.import_text("1. d1-9\n")
    assert keeper.message is not None and keeper.message.error
    assert keeper.message.text.startswith("Not imported: Line 1:")
    assert len(session.game.moves) == 1


def test_an_imported_record_replaces_the_game_with_an_undo() -> None:
    session = human_game()
    session.play(parse_move("d1-4"))
    keeper = keeper_for(session)
    assert keeper.import_text('[Rules "brainking"]\n\n1. d1-4 e3-a\n')
    assert session.game.rules.name == "brainking" and len(session.game.moves) == 2
    assert session.settings.rules == "brainking"
    session.notice.action[1]()
    assert session.game.rules.name == "berkeley" and len(session.game.moves) == 1


def test_a_link_over_another_game_keeps_that_game() -> None:
    session = human_game()
    session.play(parse_move("d1-4"))
    keeper = keeper_for(session)
    other = Game()
    other.play_text("d1-3")
    keeper.open_link("#" + game_to_fragment(other))
    assert session.game.moves == other.moves
    assert [e.name for e in keeper.saved.entries] == ["Before a link, 2026-11-23 11:00"]


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
    assert keeper.message.error and "Another saved game" in keeper.message.text
    keeper.rename(0, "First move")
    keeper.delete(1)
    assert len(json.loads(storage.get(SAVED_KEY))["games"]) == 1
    session.notice.action[1]()
    assert [e.name for e in keeper.saved.entries] == ["First move", "Game of 2026-11-23 11:00"]
    keeper.open_saved(1)
    assert session.game.moves == []


def test_an_unreadable_saved_list_is_kept_aside_before_it_is_replaced() -> None:
    storage = MemoryStorage({SAVED_KEY: "not json"})
    keeper = keeper_for(human_game(), storage)
    assert keeper.saved.problem is not None
    assert keeper.save_current("New")
    assert storage.get("tablut.saved.backup.5") == "not json"
