"""The Tablut Challenge client (python -m tablut challenge) and the stand-in server it is
tested against (challenge_server.py), both pinned to exchanges recorded with the real
server (tests/ashton/exchange-*.txt, headers say how they were made)."""

from __future__ import annotations

import io
import json
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from challenge_server import FAULTS, StandInServer
from helpers import position

from tablut.board import Board
from tablut.challenge.client import (
    Client,
    Settings,
    Thinker,
    challenge_command,
    safety_margin,
)
from tablut.challenge.protocol import ProtocolError, decode_state, encode_state
from tablut.challenge.referee import Follower, ImpossibleState
from tablut.rules import RULES
from tablut.side import Side
from tablut.squares import parse_square

FIXTURES = Path(__file__).parent / "ashton"
RECORDED = ["ours", "illegal", "tablutcpp-vs-random", "timeout"]


def exchange(name: str) -> list[tuple[str, str, bytes]]:
    """The frames of a recorded exchange: (side, direction, payload)."""
    frames = []
    for line in (FIXTURES / f"exchange-{name}.txt").read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            side, direction, payload = line.split(" ", 2)
            frames.append((side, direction, payload.encode("utf-8")))
    return frames


def of(frames, side: str, direction: str) -> list[bytes]:
    return [p for s, d, p in frames if s == side and d == direction]


def send_raw(sock: socket.socket, payload: bytes) -> None:
    sock.sendall(struct.pack(">I", len(payload)) + payload)


def read_raw(sock: socket.socket) -> bytes | None:
    """One frame, or None once the other end has closed."""
    data = b""
    need = 4
    length = None
    while True:
        while len(data) < need:
            chunk = sock.recv(need - len(data))
            if not chunk:
                return None
            data += chunk
        if length is not None:
            return data[4:]
        length = struct.unpack(">I", data[:4])[0]
        need = 4 + length


def replay_recorded_clients(frames, timeout: float) -> tuple[dict, StandInServer]:
    """Play the recorded clients' frames against the stand-in: each side sends its name,
    then its next recorded frame whenever a state says it is to move (nothing once it has
    none left).  What each side received."""
    server = StandInServer(timeout=timeout).start()
    to_send = {side: of(frames, side, "c2s") for side in ("white", "black")}
    socks = {}
    for side in ("white", "black"):
        socks[side] = socket.create_connection(("127.0.0.1", server.ports[side]), timeout=30)
        send_raw(socks[side], to_send[side].pop(0))
    received = {"white": [], "black": []}
    while True:
        got = {side: read_raw(socks[side]) for side in ("white", "black")}
        if None in got.values():
            break
        for side, payload in got.items():
            received[side].append(payload)
        turn = json.loads(got["white"])["turn"].lower()
        if turn in to_send and to_send[turn]:
            send_raw(socks[turn], to_send[turn].pop(0))
    for sock in socks.values():
        sock.close()
    server.wait()
    return received, server


# -- the stand-in server against the real one --------------------------------------------------


@pytest.mark.parametrize("name", RECORDED)
def test_the_stand_in_sends_what_the_server_sent(name):
    """Byte for byte: the same states in the same order to each player, then nothing."""
    frames = exchange(name)
    received, _ = replay_recorded_clients(frames, timeout=1.0 if name == "timeout" else 30.0)
    for side in ("white", "black"):
        assert received[side] == of(frames, side, "s2c"), side


def test_the_recordings_show_the_protocol():
    """What the stand-in is built on: compact JSON with board then turn, rank 1 first, the
    start state to both players, final states to both, names as JSON strings (or not)."""
    frames = exchange("ours")
    assert frames[0] == ("white", "c2s", b'"tablut"') and frames[1][:2] == ("black", "c2s")
    start = frames[2][2]
    assert frames[2][:2] == ("white", "s2c") and frames[3] == ("black", "s2c", start)
    assert start.startswith(b'{"board":[["EMPTY","EMPTY","EMPTY","BLACK","BLACK","BLACK"')
    assert start.endswith(b'"turn":"WHITE"}') and b" " not in start
    assert frames[4] == ("white", "c2s", frames[4][2]) and frames[4][2].startswith(b'{"from":"')
    assert json.loads(frames[-1][2])["turn"] == "BLACKWIN"
    assert exchange("tablutcpp-vs-random")[0] == ("white", "c2s", b"Player1")


# -- the client against the recording of its own game ----------------------------------------


class ScriptedThinker:
    """Plays the moves a recorded game shows for one side, in order."""

    def __init__(self, payloads: list[bytes]) -> None:
        self.moves = [(parse_square(m["from"]), parse_square(m["to"]))
                      for m in map(json.loads, payloads)]

    def choose(self, board, soft, hard):
        move = self.moves.pop(0)
        assert board.is_legal(move)
        return move, None


def test_the_client_reproduces_its_recorded_game():
    """Our client's frames (name, moves) and what it makes of the server's, as recorded
    with the real server; the moves come from the recording, the search is not on trial."""
    frames = exchange("ours")
    server = StandInServer(timeout=10).start()
    outs, results = {}, {}

    def run(side: Side) -> None:
        moves = of(frames, side.word, "c2s")[1:]
        settings = Settings(side, "127.0.0.1", server.ports[side.word], 10, "tablut", 2, None,
                            0)
        outs[side] = io.StringIO()
        results[side] = Client(settings, outs[side], ScriptedThinker(moves)).play()

    threads = [threading.Thread(target=run, args=(side,)) for side in (Side.WHITE, Side.BLACK)]
    threads[0].start()
    threads[0].join(0.5)  # white connects first, as recorded
    threads[1].start()
    for thread in threads:
        thread.join(60)
    server.wait()
    for side in ("white", "black"):
        for direction in ("c2s", "s2c"):
            assert of(server.frames, side, direction) == of(frames, side, direction)
    assert results[Side.WHITE] == results[Side.BLACK] == "Black wins: the king was captured."
    lines = outs[Side.BLACK].getvalue().splitlines()
    assert lines[0].startswith("connected to 127.0.0.1:") and lines[-1].startswith("black c3-5 ")
    assert len(lines) == 1 + 32


# -- whole games of the real client ------------------------------------------------------------


def client(side: str, port: int, *options: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tablut", "challenge", side, "--port", str(port), *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("seeds", [(1, 2), (3, 4)])
def test_whole_games_of_the_client_with_both_colours(seeds):
    """Two of our clients play a whole game through the stand-in: every move is accepted,
    neither runs out of time, both print the same result and exit 0."""
    server = StandInServer(timeout=10).start()
    white = client("white", server.ports["white"], "--timeout", "10", "--level", "1",
                   "--seed", str(seeds[0]))
    black = client("black", server.ports["black"], "--timeout", "10", "--level", "1",
                   "--seed", str(seeds[1]))
    (w_out, w_err), (b_out, b_err) = white.communicate(timeout=300), black.communicate(300)
    assert (white.returncode, black.returncode, w_err, b_err) == (0, 0, "", "")
    result = server.wait()
    assert result in ("WHITEWIN", "BLACKWIN", "DRAW")
    w_lines, b_lines = w_out.splitlines(), b_out.splitlines()
    assert w_lines[-1] == b_lines[-1] and w_lines[-1].startswith("result: ")
    moves = len(of(server.frames, "white", "c2s")) + len(of(server.frames, "black", "c2s")) - 2
    # each client prints every move of the game, its own with what the search found
    assert len(w_lines) == len(b_lines) == moves + 2
    assert all(" nodes/s, " in line for line in w_lines[1:-1] if line.startswith("white "))


# -- what a broken server does to the client ---------------------------------------------------

ERRORS = {
    "close": "the server closed the connection",
    "truncate": "in the middle of a frame",
    "badjson": "not JSON",
    "notstate": "not a state",
    "impossible": "no legal move of",
    "timeout": "the server closed the connection",
}


@pytest.mark.parametrize("fault", [*FAULTS, "timeout"])
def test_a_broken_server_ends_the_game_in_one_line(fault):
    """A server that goes away or sends what cannot be: one line on standard error, exit
    status 1, no traceback."""
    server = StandInServer(timeout=1.0 if fault == "timeout" else 10,
                           fault=None if fault == "timeout" else (fault, 3)).start()
    ours = client("white", server.ports["white"], "--timeout", "10", "--level", "1")
    # black: a player that sends its name, then one recorded move, then nothing
    black = socket.create_connection(("127.0.0.1", server.ports["black"]), timeout=30)
    send_raw(black, b'"other"')
    if fault != "timeout":
        read_raw(black)  # the start state
        read_raw(black)  # after white's move
        send_raw(black, b'{"from":"a4","to":"a2","turn":"BLACK"}')
    out, err = ours.communicate(timeout=120)
    black.close()
    assert ours.returncode == 1
    assert len(err.splitlines()) == 1 and err.startswith("error: ") and "Traceback" not in err
    assert ERRORS[fault] in err
    assert not out.splitlines()[-1].startswith("result")


def test_no_server_is_one_line_and_status_1():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    err = io.StringIO()
    assert challenge_command(["black", "--port", str(port)], io.StringIO(), err) == 1
    assert err.getvalue().startswith("error: cannot connect to 127.0.0.1:")


@pytest.mark.parametrize("argv", [["green"], ["white", "--timeout", "0"], ["white", "--level", "9"],
                                  ["black", "--movetime", "x"], []])
def test_bad_arguments_are_one_line_and_status_2(argv):
    err = io.StringIO()
    assert challenge_command(argv, io.StringIO(), err) == 2
    assert len(err.getvalue().splitlines()) == 1 and err.getvalue().startswith("error: ")


def test_the_opponents_refused_move_wins_the_game_for_us():
    """White sends an illegal move: the server ends the game; our black prints the result
    and exits 0."""
    server = StandInServer(timeout=10).start()
    white = socket.create_connection(("127.0.0.1", server.ports["white"]), timeout=30)
    send_raw(white, b'"illegal"')
    ours = client("black", server.ports["black"], "--timeout", "10", "--level", "1")
    read_raw(white)
    send_raw(white, b'{"from":"e4","to":"e8","turn":"WHITE"}')
    out, err = ours.communicate(timeout=60)
    white.close()
    assert (ours.returncode, err) == (0, "")
    assert out.splitlines()[-1] == ("result: Black wins: white's move was refused by the "
                                    "server.")


# -- the pieces ---------------------------------------------------------------------------------


def test_states_read_and_write_as_the_server_writes_them():
    for _, direction, payload in exchange("ours"):
        if direction == "s2c":
            state = decode_state(payload.decode())
            assert encode_state(state.black, state.white, state.king, state.turn) == \
                payload.decode()


@pytest.mark.parametrize("text, problem", [
    ("[1, 2]", "not a state"),
    ('{"board": [], "turn": "WHITE"}', "9 rows"),
    ('{"board": [["EMPTY"]], "turn": "RED"}', "unknown turn"),
    ('{"board": ' + json.dumps([["KING"] * 9] * 9) + ', "turn": "WHITE"}', "kings"),
    ('{"board": ' + json.dumps([["QUEEN"] * 9] * 9) + ', "turn": "WHITE"}', "'QUEEN' on a1"),
])
def test_a_malformed_state_is_refused_saying_why(text, problem):
    with pytest.raises(ProtocolError, match=problem):
        decode_state(text)


def test_the_follower_finds_each_move_and_refuses_the_impossible():
    follower = Follower()
    start = [p for s, d, p in exchange("ours") if d == "s2c"][0].decode()
    follower.start(decode_state(start))
    after = [p for s, d, p in exchange("ours") if d == "s2c" and s == "white"][1].decode()
    move = follower.follow(decode_state(after))
    assert move is not None and follower.result is None
    assert follower.follow(decode_state(after)) is None  # a refused move, forgiven
    with pytest.raises(ImpossibleState):
        follower.follow(decode_state(start.replace('"WHITE"}', '"BLACK"}')))


def test_the_margin_leaves_time_and_uses_most_of_it():
    assert safety_margin(60) == 4.0 and safety_margin(10) == 2.0 and safety_margin(2) == 1.0
    for timeout in (1, 2, 5, 10, 30, 60, 600):
        assert 0 < safety_margin(timeout) <= timeout / 2


def test_the_thinker_answers_by_its_deadline_whatever_the_search_does():
    board = Board.start(RULES["ashton"])
    thinker = Thinker(Settings(Side.WHITE, "", 0, 10, "x", None, None, 0))
    start = time.perf_counter()
    move, analysis = thinker.choose(board, start, start)  # no time at all
    assert board.is_legal(move)
    move, analysis = thinker.choose(board, start + 0.5, start + 1.0)
    assert board.is_legal(move) and analysis is not None and analysis.depth >= 1


def test_a_side_without_a_legal_move_sends_a_move_the_server_refuses():
    """The server does not look for a side without moves: it waits for a move.  Our
    client sends one at once (from e5 to e5, which the server refuses) so that the
    server ends the game rather than wait for the time-out."""
    ours, server_end = socket.socketpair()
    client = Client(Settings(Side.BLACK, "", 0, 10, "x", 1, None, 0), io.StringIO())
    client.sock = ours
    client.follower.board = Board.from_position(position("b", B="a1", W="a2 b1", K="g7"),
                                                RULES["ashton"])
    client.move(time.perf_counter())
    assert json.loads(read_raw(server_end)) == {"from": "e5", "to": "e5", "turn": "BLACK"}
    assert "no legal move" in client.out.getvalue()
    ours.close()
    server_end.close()
