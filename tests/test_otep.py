"""Our engine through OTEP, the OpenTafl Engine Protocol: a host (tests/otep_host.py) plays
two of our engine processes against each other, as OpenTafl would, and checks every line
they send; then the ways a conversation goes wrong."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from otep_host import EngineProcess

from tablut.board import Board
from tablut.opentafl.notation import parse_move, position_record, simple_move
from tablut.opentafl.otep import Clock, OtepEngine, think_time
from tablut.opentafl.rules_string import rules_string
from tablut.rules import OPENTAFL, RULES
from tablut.side import Side

TABLUT = rules_string(OPENTAFL)
WORDS = {Side.BLACK: "attackers", Side.WHITE: "defenders"}
FAST = ("--nodes", "300")


@pytest.fixture
def engines() -> Iterator[list[EngineProcess]]:
    started: list[EngineProcess] = []
    yield started
    for engine in started:
        engine.kill()


def start(engines: list[EngineProcess], *options: str) -> EngineProcess:
    engine = EngineProcess(*options)
    engines.append(engine)
    assert engine.read() == "hello"  # before anything is asked of it
    return engine


def under_tablut(engines: list[EngineProcess]) -> EngineProcess:
    """A fast engine that has had OpenTafl's Tablut rules."""
    engine = start(engines, *FAST)
    engine.send(f"rules {TABLUT}")
    return engine


def plain(board: Board) -> str:
    return position_record(board, inverted=False)


def finish_code(board: Board) -> int:
    outcome = board.outcome()
    if outcome is None:
        return 0
    return 1 if outcome.winner is None else (2 if outcome.winner is Side.BLACK else 3)


def take_turn(engine: EngineProcess, referee: Board, last: str | None,
              clock: str | None = None) -> str:
    """OpenTafl's turn of messages: opponent-move, clock, play; the engine answers with
    status lines and one legal move; the host confirms it."""
    if last is not None:
        engine.send(f"opponent-move {last} {plain(referee)}")
    if clock is not None:
        engine.send(f"clock {clock}")
    engine.send(f"play {WORDS[referee.side]}")
    lines = engine.read_until("move")
    assert all(line.startswith("status ") for line in lines[:-1]), lines
    assert any(" depth " in f" {line} " for line in lines[:-1])
    move = parse_move(lines[-1].split()[1]).move
    assert referee.is_legal(move), (referee, lines[-1])
    referee.push(move)
    engine.send(f"move {plain(referee)}")
    return simple_move(move)


def test_two_engines_play_a_game_through_the_host(engines: list[EngineProcess]) -> None:
    players = {Side.BLACK: start(engines, *FAST, "--seed", "1"),
               Side.WHITE: start(engines, *FAST, "--seed", "2")}
    referee = Board.start(OPENTAFL)
    for engine in players.values():
        engine.send(f"rules {TABLUT}")
    last = None
    while referee.outcome() is None and referee.ply < 80:
        clock = "60000 60000 5 3 3" if referee.ply % 3 == 0 else None
        last = take_turn(players[referee.side], referee, last, clock)
    for engine in players.values():
        engine.send(f"finish {finish_code(referee)}")
        status, rest, errors = engine.close()
        assert (status, rest, errors) == (0, [], "")
        assert not any(line.startswith("error") for line in engine.seen)
    assert referee.ply >= 10


def test_rules_we_do_not_play_get_an_error_and_no_crash(engines: list[EngineProcess]) -> None:
    engine = start(engines, *FAST)
    engine.send("rules dim:13 name:Tablut_13 atkf:y start:/13/13/13/13/13/13/6K6/13/13/13/"
                "13/13/13/")
    refused = engine.read()
    assert refused.startswith("error -1 ") and "'dim:13'" in refused
    engine.send("play attackers")  # asked all the same: no move, a critical error
    assert engine.read().startswith("error -1 ")
    engine.send(f"rules {TABLUT}")  # and the next rules are played
    referee = Board.start(OPENTAFL)
    take_turn(engine, referee, None)
    assert engine.close() == (0, [], "")


@pytest.mark.parametrize("line, code", [
    ("xyzzy", "0"), ("play", "-1"), ("play sideways", "-1"), ("clock 1 2", "0"),
    ("clock a b c d e", "0"), ("analyze 3", "0"), ("position /9/9/", "0"),
    ("opponent-move e3-e7", "0"), ("side nobody", "0"), ("analyze x 1", "0"),
])
def test_garbage_gets_an_error_and_the_engine_plays_on(engines: list[EngineProcess],
                                                       line: str, code: str) -> None:
    engine = under_tablut(engines)
    engine.send(line)
    assert engine.read().startswith(f"error {code} ")
    take_turn(engine, Board.start(OPENTAFL), None)
    assert engine.close() == (0, [], "")


def test_an_illegal_opponent_move_is_reported_and_opentafls_position_kept(
        engines: list[EngineProcess]) -> None:
    engine = under_tablut(engines)
    referee = Board.start(OPENTAFL)
    referee.push(parse_move("d9-d7").move)
    # The host names an impossible move but the position after the real one.
    engine.send(f"opponent-move a1-a2 {plain(referee)}")
    warning = engine.read()
    assert warning.startswith("error 0 ") and "a1-a2" in warning
    take_turn(engine, referee, None)  # a legal move in the host's position
    # A legal move, but a position after it that is not ours: the host's is kept.
    move = referee.legal_moves()[0]
    referee.push(move)
    gone = next(sq for sq in range(81) if referee.black >> sq & 1 and sq != move[1])
    referee.black &= ~(1 << gone)
    engine.send(f"opponent-move {simple_move(move)} {plain(referee)}")
    assert engine.read().startswith("error 0 ")
    take_turn(engine, referee, None)
    assert engine.close() == (0, [], "")


def test_a_refused_move_is_taken_back(engines: list[EngineProcess]) -> None:
    engine = under_tablut(engines)
    referee = Board.start(OPENTAFL)
    engine.send("play attackers")
    engine.read_until("move")
    engine.send("error 2")  # OpenTafl refuses it, then asks again from the same position
    engine.send(f"opponent-move d9-d7 {plain(referee)}")
    take_turn(engine, referee, None)
    assert engine.close() == (0, [], "")


def test_analysis_lines_are_legal_lines_from_the_position(
        engines: list[EngineProcess]) -> None:
    engine = under_tablut(engines)
    board = Board.start(OPENTAFL)
    board.push(parse_move("e2-g2").move)
    engine.send(f"position {plain(board)}")
    engine.send("side defenders")
    engine.send("clock 30000 30000 5 3 3")
    engine.send("analyze 3 0.5")
    words = engine.read().split()
    assert words[1] == "3" and len(words) == 2 + 2 * 3
    for line in words[2::2]:
        line_board = board.copy()
        for move in line.split("|"):
            assert line_board.is_legal(parse_move(move).move), line
            line_board.push(parse_move(move).move)
    assert engine.close() == (0, [], "")


# -- the engine's clock -------------------------------------------------------------------

def test_the_clock_is_read_as_opentafl_writes_it() -> None:
    clock = Clock.parse("2006* 3000 3 1000 999")
    assert clock.millis == (2006, 3000) and clock.overtime == (True, False)
    assert clock.period == 3 and clock.periods == (1000, 999)
    with pytest.raises(ValueError):
        Clock.parse("1 2 3")


def test_the_engine_spends_the_time_the_clock_gives() -> None:
    main = Clock.parse("600000 600000 0 0 0")  # ten minutes each, no overtime
    assert 15 < think_time(main, Side.BLACK) < 25
    byo_yomi = Clock.parse("4000* 4000* 5 1000 1000")  # in a 5 s period, 4 s left of it
    assert 2.5 < think_time(byo_yomi, Side.WHITE) < 4.0
    main_then_periods = Clock.parse("2000 2000 5 3 0")
    assert think_time(main_then_periods, Side.BLACK) > think_time(main_then_periods,
                                                                  Side.WHITE)
    nearly_out = Clock.parse("100 100 0 0 0")
    assert think_time(nearly_out, Side.BLACK) == 0.05


def test_without_a_clock_the_engine_thinks_its_movetime() -> None:
    sent: list[str] = []
    otep = OtepEngine(sent.append, movetime=0.2)
    otep.handle(f"rules {rules_string(RULES['opentafl'])}")
    assert otep.budget(Side.BLACK) == 0.2
    otep.handle("clock 600000 600000 0 0 0")
    assert otep.budget(Side.BLACK) == think_time(otep.clock, Side.BLACK)
    otep.handle("finish 0")  # the next game may have no clock
    assert otep.budget(Side.WHITE) == 0.2
