"""The Tablut Challenge server's protocol: frames, states and moves, as the server sends them.

Every message is a frame: a 4-byte big-endian length, then that many bytes of UTF-8 JSON.
A client first sends its name (a JSON string), then the server sends the state of the game
to both players after every move, white first, and the player to move answers with a move::

    {"board":[["EMPTY","EMPTY","EMPTY","BLACK",...],...],"turn":"WHITE"}
    {"from":"e3","to":"a3","turn":"WHITE"}

``board[0]`` is rank 1 (the row of d1 e1 f1), each row from file a to file i, so square
names mean what they mean here; cells are ``EMPTY``, ``WHITE``, ``BLACK``, ``KING`` and
``THRONE`` (the empty throne).  ``turn`` is ``WHITE`` or ``BLACK`` while the game goes on,
then ``WHITEWIN``, ``BLACKWIN`` or ``DRAW``.  The server writes JSON with no blank
(``separators=(",", ":")``), and that is how we write it too.
"""

from __future__ import annotations

import json
import socket
import struct
from dataclasses import dataclass

from ..board import Move
from ..json_text import parse_json
from ..position import piece_rows
from ..side import Side
from ..squares import SIZE, THRONE, Bitboard, Square, square, square_name

MAX_FRAME = 1 << 16
"""The longest frame we accept (a state is under 700 bytes)."""

PLAYING = {"WHITE": Side.WHITE, "BLACK": Side.BLACK}
"""The turns of a game going on, and the side to move."""
FINAL = ("WHITEWIN", "BLACKWIN", "DRAW")
"""The turns of a finished game."""

_CELLS = ("EMPTY", "WHITE", "BLACK", "KING", "THRONE")
_NAMES = {"-": "EMPTY", "W": "WHITE", "B": "BLACK", "K": "KING"}


class ProtocolError(Exception):
    """The connection broke, or the server sent something that is not a frame or state."""


def send_frame(sock: socket.socket, payload: str) -> None:
    """Send ``payload`` as one frame."""
    data = payload.encode("utf-8")
    try:
        sock.sendall(struct.pack(">I", len(data)) + data)
    except OSError as error:
        raise ProtocolError(f"cannot send to the server: {error.strerror or error}") from None


def _read_exactly(sock: socket.socket, count: int, what: str) -> bytes:
    chunks = []
    remaining = count
    while remaining:
        try:
            chunk = sock.recv(min(remaining, 65536))
        except TimeoutError:
            raise ProtocolError(f"the server sent nothing for {sock.gettimeout():.0f} s") from None
        except OSError as error:
            raise ProtocolError(f"the connection broke: {error.strerror or error}") from None
        if not chunk:
            if remaining == count and what == "length":
                raise ProtocolError("the server closed the connection")
            raise ProtocolError(f"the server closed the connection in the middle of a frame "
                                f"({count - remaining} of {count} bytes of its {what})")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def read_frame(sock: socket.socket) -> str:
    """The payload of the next frame, as text."""
    (length,) = struct.unpack(">I", _read_exactly(sock, 4, "length"))
    if length > MAX_FRAME:
        raise ProtocolError(f"the server announced a frame of {length} bytes, more than a state")
    data = _read_exactly(sock, length, "message")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("the server sent a frame that is not UTF-8 text") from None


@dataclass(frozen=True)
class State:
    """A state as the server sends it: where the pieces stand and the ``turn`` word.

    The king is on ``king`` (-1 if the board has none); after a capture of the king the
    server leaves him on the board, with turn ``BLACKWIN``.
    """

    black: Bitboard
    white: Bitboard
    king: Square
    turn: str

    @property
    def side_to_move(self) -> Side | None:
        """The side to move, or None once the game is over."""
        return PLAYING.get(self.turn)

    @property
    def over(self) -> bool:
        """Whether this state ends the game."""
        return self.turn in FINAL


def encode_state(black: Bitboard, white: Bitboard, king: Square, turn: str) -> str:
    """The server's JSON text of a state (the empty throne written ``THRONE``)."""
    rows = []
    # Our position rows run from rank 9 down; the server's from rank 1 up.
    for rank, chars in enumerate(reversed(piece_rows(black, white, king))):
        rows.append([_NAMES[char] if square(col, rank) != THRONE or char != "-" else "THRONE"
                     for col, char in enumerate(chars)])
    return json.dumps({"board": rows, "turn": turn}, separators=(",", ":"))


def decode_state(text: str) -> State:
    """The state in the server's JSON ``text``; ProtocolError saying what is wrong."""
    try:
        data = parse_json(text)
    except ValueError:
        raise ProtocolError(f"the server sent a message that is not JSON: {_clip(text)}") from None
    if not isinstance(data, dict) or "board" not in data or "turn" not in data:
        raise ProtocolError(f"the server sent a message that is not a state: {_clip(text)}")
    turn, rows = data["turn"], data["board"]
    if turn not in PLAYING and turn not in FINAL:
        raise ProtocolError(f"the server sent a state with an unknown turn {turn!r}")
    if (not isinstance(rows, list) or len(rows) != SIZE
            or any(not isinstance(r, list) or len(r) != SIZE for r in rows)):
        raise ProtocolError("the server sent a board that is not 9 rows of 9 squares")
    black = white = 0
    kings = []
    for row, cells in enumerate(rows):
        for col, cell in enumerate(cells):
            sq = square(col, row)
            if cell not in _CELLS or (cell == "THRONE" and sq != THRONE):
                raise ProtocolError(f"the server sent {cell!r} on {square_name(sq)}")
            if cell == "BLACK":
                black |= 1 << sq
            elif cell == "WHITE":
                white |= 1 << sq
            elif cell == "KING":
                kings.append(sq)
    if len(kings) > 1:
        raise ProtocolError(f"the server sent a board with {len(kings)} kings")
    return State(black, white, kings[0] if kings else -1, turn)


def encode_move(move: Move, side: Side) -> str:
    """The JSON text of a move, as the server's own clients write it."""
    frm, to = move
    return json.dumps({"from": square_name(frm), "to": square_name(to),
                       "turn": "WHITE" if side is Side.WHITE else "BLACK"},
                      separators=(",", ":"))


def encode_name(name: str) -> str:
    """The name frame's text: the name as a JSON string."""
    return json.dumps(name)


def _clip(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")


__all__ = [
    "FINAL",
    "PLAYING",
    "ProtocolError",
    "State",
    "decode_state",
    "encode_move",
    "encode_name",
    "encode_state",
    "read_frame",
    "send_frame",
]
