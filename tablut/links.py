"""Share links: a whole game in the fragment of the page's URL.

A link's fragment is a query string, so it stays readable and survives copy and paste::

    #v=1&rules=berkeley&moves=i6-g.d5-7.i4-g&ply=3

``start`` is added only when the game did not begin at the usual start position, and
``ply`` only when the link shows an earlier position than the last move.  ``v`` is the
version of the link format: links of every earlier version keep opening (the decoder
dispatches on it), so a link sent to a friend never goes stale.

``at`` is the position the link shows, packed (:func:`pack_position`). Only the page's
first paint reads it (web/paint.js:
the board is on screen before the engine, which alone can play the moves, has started);
the engine ignores it and plays the moves, so a link without it, or a wrong one, opens
the same game.
"""

from __future__ import annotations

import base64
from urllib.parse import parse_qs, quote, urlencode

from .board import Board
from .game import Game, IllegalMove
from .notation import NotationError, format_move, start_position
from .side import Side

LINK_VERSION = 1


class LinkError(ValueError):
    """A fragment that does not describe a game; the message says what is wrong.

    Attributes:
        code: what is wrong, as a value for other words: "not-a-game", "newer",
            "bad-start", "bad-move" or "bad-ply".
        params: the values it names (``version``, ``number``, ``ply``).
        cause: the engine's error behind it (a NotationError, an IllegalMove or another
            ValueError), or None.
    """

    def __init__(self, message: str, code: str, cause: Exception | None = None,
                 **params: object) -> None:
        """The error saying ``message`` (the text interface's English), for ``code``."""
        super().__init__(message)
        self.code, self.cause, self.params = code, cause, params


def game_to_fragment(game: Game) -> str:
    """The fragment (without ``#``) that reopens ``game`` at its current position."""
    fields = {"v": str(LINK_VERSION), "rules": game.rules.name}
    if game.start != start_position(game.rules):
        fields["start"] = game.start
    fields["moves"] = ".".join(format_move(m, game.rules.size) for m in game.moves)
    if game.ply != len(game.moves):
        fields["ply"] = str(game.ply)
    fields["at"] = pack_position(game.board)
    return urlencode(fields, quote_via=quote, safe="/-.")


#: What stands on a square in a packed position (:func:`pack_position`): two bits each.
PACKED_KINDS = (None, "black", "white", "king")


def pack_position(board: Board) -> str:
    """``board``'s pieces and side to move, short enough for a link: the side's letter
    ("b" or "w"), then base64url (no padding) of two bits a square (0 empty, 1 black,
    2 white, 3 king), square 0 (a1) in the lowest bits of the first byte, and on by
    files then ranks (29 characters on 9x9, 42 on 11x11)."""
    size = board.rules.size
    packed = bytearray((size * size + 3) // 4)
    for sq in range(size * size):
        packed[sq // 4] |= PACKED_KINDS.index(board.piece_at(sq)) << (2 * (sq % 4))
    return board.side.word[0] + base64.urlsafe_b64encode(bytes(packed)).decode().rstrip("=")


def unpack_position(text: str, size: int) -> tuple[list[str | None], Side]:
    """What :func:`pack_position` packed for a board of ``size``: the kind on each square
    (None when empty) and the side to move; ValueError for anything else."""
    if len(text) < 2 or text[0] not in "bw":
        raise ValueError(f"{text[:20]!r} is not a packed position")
    count = size * size
    try:
        packed = base64.b64decode(text[1:] + "=" * (-len(text[1:]) % 4), altchars=b"-_",
                                  validate=True)
    except ValueError:
        raise ValueError(f"{text[:20]!r} is not a packed position") from None
    if len(packed) != (count + 3) // 4:
        raise ValueError(f"{text[:20]!r} is not a position of a {size}x{size} board")
    kinds = [PACKED_KINDS[packed[sq // 4] >> (2 * (sq % 4)) & 3] for sq in range(count)]
    return kinds, Side.BLACK if text[0] == "b" else Side.WHITE


def fragment_fields(fragment: str) -> dict[str, str]:
    """The fields of an address fragment (a leading ``#`` is allowed), each by its name;
    a field given twice is its last value."""
    fields = parse_qs(fragment.lstrip("#"), keep_blank_values=True)
    return {name: values[-1] for name, values in fields.items()}


def game_from_fragment(fragment: str) -> Game:
    """The game a fragment describes (a leading ``#`` is allowed).

    Raises LinkError, saying what is wrong, for anything that is not a valid game.
    """
    single = fragment_fields(fragment)
    version = single.get("v")
    if version is None:
        raise LinkError("this link does not describe a game", "not-a-game")
    if version != "1":
        raise LinkError(f"this link was made by a newer version of the game (v{version})",
                        "newer", version=version)
    return _game_v1(single)


def _game_v1(fields: dict[str, str]) -> Game:
    try:
        game = Game(fields.get("rules", "berkeley"), fields.get("start"))
    except ValueError as error:
        raise LinkError(f"the link's game cannot start: {error}", "bad-start", error) from None
    moves = [m for m in fields.get("moves", "").split(".") if m]
    for number, text in enumerate(moves, 1):
        try:
            game.play_text(text)
        except (NotationError, IllegalMove) as error:
            raise LinkError(f"move {number} of the link: {error}", "bad-move", error,
                            number=number) from None
    ply_text = fields.get("ply", str(len(moves)))
    game.goto(_ply(ply_text, len(moves)))
    return game


def _ply(text: str, count: int) -> int:
    """The ply a link's ``ply`` field names, 0..``count``; LinkError for anything else.

    Only ASCII digits, and few of them: ``str.isdigit`` also accepts digits such as
    "²" that ``int`` refuses, and ``int`` refuses more than 4300 digits.
    """
    digits = text.lstrip("0") or "0"
    if (not text.isascii() or not text.isdigit() or len(digits) > len(str(count))
            or int(digits) > count):
        raise LinkError(f"the link's position {text[:20]!r} is not a move of its game",
                        "bad-ply", ply=repr(text[:20]))
    return int(digits)
