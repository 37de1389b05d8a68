"""Share links: a whole game in the fragment of the page's URL.

A link's fragment is a query string, so it stays readable and survives copy and paste::

    #v=1&rules=berkeley&moves=i6-g.d5-7.i4-g&ply=3

``start`` is added only when the game did not begin at the usual start position, and
``ply`` only when the link shows an earlier position than the last move.  ``v`` is the
version of the link format: links of every earlier version keep opening (the decoder
dispatches on it), so a link sent to a friend never goes stale.
"""

from __future__ import annotations

from urllib.parse import parse_qs, quote, urlencode

from .game import Game, IllegalMove
from .notation import NotationError, format_move, start_position

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
    return urlencode(fields, quote_via=quote, safe="/-.")


def game_from_fragment(fragment: str) -> Game:
    """The game a fragment describes (a leading ``#`` is allowed).

    Raises LinkError, saying what is wrong, for anything that is not a valid game.
    """
    fields = parse_qs(fragment.lstrip("#"), keep_blank_values=True)
    single = {name: values[-1] for name, values in fields.items()}
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
