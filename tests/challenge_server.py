"""A stand-in for the Tablut Challenge server, for testing our client without Java.

It does what the server (AGalassi/TablutCompetition, server/Server.java, Ashton rules, -e 0)
does on the wire, byte for byte, as recorded in tests/ashton/exchange-*.txt:

* white's port, then white's name, then black's port and black's name (each a frame: a
  4-byte big-endian length and UTF-8 JSON; no acknowledgement);
* the start state to white, then to black (the same bytes), white to move;
* from then on it reads a move from the player to move only, and after it sends the new
  state to white, then black: ``{"board":[[...rank 1...],...],"turn":"BLACK"}``, compact
  JSON, ``THRONE`` on the empty e5;
* a refused move loses at once: the unchanged board with the winner's turn goes to both;
  a player who closes his connection instead of moving loses the same way;
* after a final state (``WHITEWIN``, ``BLACKWIN``, ``DRAW``) it closes both connections;
  a captured king stays on the board;
* a move not in time: it closes both connections without a word.

It judges moves with our engine's ashton rules, which tests/test_ashton_server.py checks
against the server's own rules code.  Written apart from tablut.challenge on purpose, so
that the client's reading of the protocol is checked against a second reading.

It can also misbehave as a broken server would (``fault``), at the n-th state it sends.
"""

from __future__ import annotations

import contextlib
import json
import socket
import struct
import threading
from dataclasses import dataclass, field

from tablut.board import NO_KING, Board, Reason
from tablut.rules import RULES
from tablut.side import Side

ASHTON = RULES["ashton"]
FILES = "abcdefghi"

FAULTS = ("close", "truncate", "badjson", "notstate", "impossible")
"""What the stand-in can do instead of sending a state: close both connections, send half a
frame and close, send a frame that is not JSON, JSON that is not a state, or a state that
no legal move gives."""


def state_text(board: Board, turn: str, king: int) -> str:
    """The server's JSON of ``board`` with ``turn``; the king drawn on ``king``."""
    rows = []
    for rank in range(9):
        row = []
        for file in range(9):
            sq = rank * 9 + file
            if sq == king:
                row.append("KING")
            elif board.black >> sq & 1:
                row.append("BLACK")
            elif board.white >> sq & 1:
                row.append("WHITE")
            elif sq == 40:
                row.append("THRONE")
            else:
                row.append("EMPTY")
        rows.append(row)
    return json.dumps({"board": rows, "turn": turn}, separators=(",", ":"))


def frame(text: str) -> bytes:
    data = text.encode("utf-8")
    return struct.pack(">I", len(data)) + data


def read_frame(sock: socket.socket) -> bytes | None:
    """One frame's payload, or None if the connection closed first."""
    head = _exactly(sock, 4)
    if head is None:
        return None
    return _exactly(sock, struct.unpack(">I", head)[0])


def _exactly(sock: socket.socket, count: int) -> bytes | None:
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def parse_action(payload: bytes) -> tuple[int, int] | None:
    """The move in a client's frame as the server reads it, or None if it would refuse it:
    ``from`` and ``to`` two characters each, a file letter (any case) and a rank digit."""
    try:
        data = json.loads(payload.decode("utf-8"))
        squares = []
        for key in ("from", "to"):
            name = data[key].lower()
            if len(name) != 2 or name[0] not in FILES or name[1] not in "123456789":
                return None
            squares.append((int(name[1]) - 1) * 9 + FILES.index(name[0]))
        return squares[0], squares[1]
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


@dataclass
class StandInServer:
    """One game, as the server plays it; ``start()`` runs it in a thread.

    Attributes:
        timeout: seconds per move (the server's ``-t``).
        fault: None, or (kind, n): at the n-th state (1 = the start state), do ``kind``
            (one of :data:`FAULTS`) instead of sending it.
        frames: every frame, as (side, "c2s" or "s2c", payload bytes), in order.
        result: the last turn word sent, or why the game stopped ("timeout", a fault).
    """

    timeout: float = 60.0
    fault: tuple[str, int] | None = None
    frames: list[tuple[str, str, bytes]] = field(default_factory=list)
    result: str | None = None

    def __post_init__(self) -> None:
        self.listeners = {}
        for side in ("white", "black"):
            listener = socket.socket()
            listener.bind(("127.0.0.1", 0))
            listener.listen(1)
            self.listeners[side] = listener
        self.ports = {side: s.getsockname()[1] for side, s in self.listeners.items()}
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.states_sent = 0

    def start(self) -> StandInServer:
        """Start the game in a thread (it waits for the players)."""
        self.thread.start()
        return self

    def wait(self, seconds: float = 120.0) -> str | None:
        """Wait for the game to end; the result."""
        self.thread.join(seconds)
        return self.result

    def _run(self) -> None:
        self.conns: dict[str, socket.socket] = {}
        try:
            for side in ("white", "black"):
                conn, _ = self.listeners[side].accept()
                self.conns[side] = conn
                name = self._read(side, self.timeout)
                if name is None:
                    return self._close("no name")
            self._play()
        finally:
            for listener in self.listeners.values():
                listener.close()
            for conn in self.conns.values():
                conn.close()

    def _read(self, side: str, seconds: float) -> bytes | None:
        conn = self.conns[side]
        conn.settimeout(seconds)
        try:
            payload = read_frame(conn)
        except TimeoutError:
            raise _TimedOut from None
        except OSError:
            return None
        if payload is not None:
            self.frames.append((side, "c2s", payload))
        return payload

    def _play(self) -> None:
        board = Board.start(ASHTON)
        if not self._send_state(board, "WHITE", board.king):
            return
        while True:
            mover = "white" if board.side is Side.WHITE else "black"
            try:
                payload = self._read(mover, self.timeout)
            except _TimedOut:
                return self._close("timeout")
            move = None if payload is None else parse_action(payload)
            if move is None or not board.is_legal(move):
                # Refused (or no move at all: the server then re-reads its last state
                # as a move, which is refused too): the opponent wins, the board stays.
                winner = "BLACKWIN" if mover == "white" else "WHITEWIN"
                self._send_state(board, winner, board.king)
                return self._close(winner)
            king = board.king
            board.push(move)
            turn = _turn_word(board)
            drawn_king = king if board.king == NO_KING else board.king
            if not self._send_state(board, turn, drawn_king) or turn.endswith(("WIN", "DRAW")):
                return self._close(self.result or turn)

    def _send_state(self, board: Board, turn: str, king: int) -> bool:
        """Send a state to white, then black; False if a fault ended the game instead."""
        self.states_sent += 1
        text = state_text(board, turn, king)
        if self.fault is not None and self.fault[1] == self.states_sent:
            self._misbehave(self.fault[0], board, turn, king, text)
            return False
        for side in ("white", "black"):
            self.frames.append((side, "s2c", text.encode("utf-8")))
            # The server ignores a player who left, until it must read his move.
            with contextlib.suppress(OSError):
                self.conns[side].sendall(frame(text))
        self.result = turn
        return True

    def _misbehave(self, kind: str, board: Board, turn: str, king: int, text: str) -> None:
        self.result = kind
        if kind == "truncate":
            data = frame(text)
            payload = data[: len(data) // 2]
        elif kind == "badjson":
            payload = frame(text[: len(text) // 2])
        elif kind == "notstate":
            payload = frame('"hello"')
        elif kind == "impossible":
            empty = next(sq for sq in range(81)
                         if sq != 40 and sq != king and not (board.black | board.white) >> sq & 1)
            extra = Board(ASHTON, board.black | 1 << empty, board.white, board.king, board.turn)
            payload = frame(state_text(extra, turn, king))
        else:
            payload = b""
        for conn in self.conns.values():
            if payload:
                conn.sendall(payload)
        self._close(kind)

    def _close(self, why: str) -> None:
        if self.result is None or why in FAULTS or why == "timeout":
            self.result = why
        for conn in self.conns.values():
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
            conn.close()


class _TimedOut(Exception):
    pass


def _turn_word(board: Board) -> str:
    outcome = board.last_move_outcome
    if outcome is None:
        return "WHITE" if board.side is Side.WHITE else "BLACK"
    return {Reason.ESCAPE: "WHITEWIN", Reason.KING_CAPTURED: "BLACKWIN",
            Reason.REPETITION: "DRAW"}[outcome.reason]
