"""What the two pages of a live game say to each other over their data channel, as
values, and as the JSON text that crosses.

Every message a peer sends is read by :func:`decode`, which refuses anything that is not
exactly one of these (:class:`ProtocolError`, with a code for the words): the peer is a
program we did not write, and may be hostile. What a well-formed message asks for (a
move, say) is then checked by the engine against the game (:mod:`web.models.friend`).
Browser-free.

- :class:`Hello`: the first message each side sends once connected: which game, how
  many moves were played, a digest of its record (both pages must hold the same game),
  and the sender's name.
- :class:`MovePlayed`: the move numbered ``ply`` (the moves played before it), in whole
  squares, with the time its mover's clock has left after it.
- :class:`Resign`; :class:`Offer`: a draw offered, a take-back asked, a rematch offered,
  each accepted, declined or withdrawn; :class:`Ping`: "still here", every few seconds,
  so that a peer gone without a word is noticed; :class:`Bye`: the page is closing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Literal

#: The version of the protocol, sent in :class:`Hello`.
PROTOCOL = 1

#: The longest message read, in characters: a hello with a long name is far shorter.
MAX_MESSAGE = 2_000

#: The longest name a player gives.
MAX_NAME = 40

#: What an :class:`Offer` is about, and what it says of it.
SUBJECTS = ("draw", "takeback", "rematch")
ANSWERS = ("offer", "accept", "decline", "withdraw")

#: A move in whole squares, on any board ("d1-d4", "a10-k10").
MOVE_TEXT = re.compile(r"[a-k](?:[1-9]|1[01])-[a-k](?:[1-9]|1[01])")

#: A game's identifier: letters and digits, as :func:`web.live.invitation.new_game_id`
#: makes them.
GAME_ID = re.compile(r"[A-Za-z0-9]{6,32}")

#: The most moves a game may have: far beyond any real game, small enough to check.
MAX_PLY = 10_000


class ProtocolError(ValueError):
    """A message from the peer that is not one of this protocol's; ``code`` says what is
    wrong ("not-json", "too-long", "unknown", "bad-field", "newer")."""

    def __init__(self, code: str, detail: str = "") -> None:
        """The error ``code``, with ``detail`` for the developers' console."""
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


@dataclass(frozen=True)
class Hello:
    """The first message: the game (its identifier, the moves played, a digest of its
    record) and the sender's name ("" for none)."""

    game: str
    played: int
    digest: str
    name: str = ""
    version: int = PROTOCOL


@dataclass(frozen=True)
class MovePlayed:
    """The move that follows ``ply`` moves, in whole squares ("d1-d4"), and the
    milliseconds its mover's clock has left after it, the increment added (None without
    a clock): the mover's page is the one that timed their thinking."""

    ply: int
    move: str
    left: int | None = None


@dataclass(frozen=True)
class Resign:
    """The sender resigns the game after ``ply`` moves."""

    ply: int


@dataclass(frozen=True)
class Offer:
    """An offer about ``subject`` ("draw", "takeback", "rematch"): made, accepted,
    declined or withdrawn (``answer``), when ``ply`` moves had been played."""

    subject: Literal["draw", "takeback", "rematch"]
    answer: Literal["offer", "accept", "decline", "withdraw"]
    ply: int


@dataclass(frozen=True)
class Ping:
    """Still here."""


@dataclass(frozen=True)
class Bye:
    """The sender's page is closing (or leaving the live game)."""


Message = Hello | MovePlayed | Resign | Offer | Ping | Bye

#: Each message's name on the wire.
NAMES: dict[type, str] = {Hello: "hello", MovePlayed: "move", Resign: "resign",
                          Offer: "offer", Ping: "ping", Bye: "bye"}


def encode(message: Message) -> str:
    """The JSON text that carries ``message``."""
    data: dict[str, Any] = {"t": NAMES[type(message)]}
    data.update(vars(message))
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _field(data: dict[str, Any], name: str, kind: type, check: Any = None) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or isinstance(value, bool) is not (kind is bool):
        raise ProtocolError("bad-field", name)
    if check is not None and not check(value):
        raise ProtocolError("bad-field", name)
    return value


def _ply(data: dict[str, Any]) -> int:
    return _field(data, "ply", int, lambda value: 0 <= value <= MAX_PLY)


def _name(data: dict[str, Any]) -> str:
    name = _field(data, "name", str, lambda value: len(value) <= MAX_NAME)
    # No control characters: a name is shown and spoken as it is.
    if any(ord(char) < 32 or 127 <= ord(char) < 160 for char in name):
        raise ProtocolError("bad-field", "name")
    return name.strip()


def _hello(data: dict[str, Any]) -> Hello:
    version = _field(data, "version", int)
    if version != PROTOCOL:
        raise ProtocolError("newer" if version > PROTOCOL else "bad-field", "version")
    return Hello(_field(data, "game", str, GAME_ID.fullmatch),
                 _field(data, "played", int, lambda value: 0 <= value <= MAX_PLY),
                 _field(data, "digest", str, lambda value: re.fullmatch(r"[0-9a-f]{16}", value)),
                 _name(data), version)


def _move(data: dict[str, Any]) -> MovePlayed:
    left = data.get("left")
    if left is not None and (not isinstance(left, int) or isinstance(left, bool)
                              or not 0 <= left <= 24 * 3600 * 1000):
        raise ProtocolError("bad-field", "left")
    return MovePlayed(_ply(data), _field(data, "move", str, MOVE_TEXT.fullmatch), left)


def _offer(data: dict[str, Any]) -> Offer:
    return Offer(_field(data, "subject", str, SUBJECTS.__contains__),
                 _field(data, "answer", str, ANSWERS.__contains__), _ply(data))


#: How each message is read from its fields, and the fields it has.
READERS: dict[str, tuple[Any, frozenset[str]]] = {
    "hello": (_hello, frozenset({"game", "played", "digest", "name", "version"})),
    "move": (_move, frozenset({"ply", "move", "left"})),
    "resign": (lambda data: Resign(_ply(data)), frozenset({"ply"})),
    "offer": (_offer, frozenset({"subject", "answer", "ply"})),
    "ping": (lambda data: Ping(), frozenset()),
    "bye": (lambda data: Bye(), frozenset()),
}


def decode(text: Any) -> Message:
    """The message that ``text`` carries; ProtocolError, saying what is wrong, for
    anything that is not exactly one of this protocol's messages."""
    if not isinstance(text, str):
        raise ProtocolError("not-json", type(text).__name__)
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too-long", str(len(text)))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ProtocolError("not-json", str(error)[:80]) from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise ProtocolError("unknown", "not a message")
    reader = READERS.get(data["t"])
    if reader is None:
        raise ProtocolError("unknown", repr(data["t"])[:40])
    read, fields = reader
    if not set(data) - {"t"} <= fields:
        raise ProtocolError("bad-field", "unexpected fields")
    return read(data)
