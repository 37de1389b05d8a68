"""Set-up mode: a position being edited square by square, before it is valid.

Clicking a square cycles what stands on it: empty, white, king, black, empty (seed 004).
Leaving set-up mode checks the position with :func:`tablut.parse_position`, whose
NotationError says what is wrong, and plays from it. The session (:mod:`web.models.session`)
holds the :class:`SetupBoard` while the mode lasts; the functions here are the mode's
actions. Browser-free and tested natively.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablut import Game, NotationError, Side, format_position
from tablut.squares import SIZE

if TYPE_CHECKING:
    from web.models.session import Session

#: An empty board, black to move: where "Clear board" starts.
EMPTY_POSITION = "/".join(["-" * SIZE] * SIZE) + " b"

#: The piece that follows each one when a square is clicked in set-up mode.
CYCLE = {"-": "W", "W": "K", "K": "B", "B": "-"}
PIECE_OF_CHAR = {"B": "black", "W": "white", "K": "king", "-": None}


class SetupBoard:
    """A position under construction: 81 cells (``-``, ``B``, ``W``, ``K``) and the side to
    move. It answers :meth:`piece_at` like a board, so the board view draws it."""

    def __init__(self, position: str, side: Side | None = None) -> None:
        """Start from a position string (valid or not, but well-shaped); ``side``, when
        given, replaces the position's side to move."""
        rows_text, side_char = position.split(" ")
        rows = rows_text.split("/")
        # cells[sq]: square 0 is a1, row 0 is rank 1, as in tablut.squares.
        self.cells = [rows[SIZE - 1 - sq // SIZE][sq % SIZE] for sq in range(SIZE * SIZE)]
        self.side = side if side is not None else (Side.BLACK if side_char == "b" else Side.WHITE)

    def piece_at(self, sq: int) -> str | None:
        """What stands on ``sq``: "black", "white", "king" or None."""
        return PIECE_OF_CHAR[self.cells[sq]]

    def cycle(self, sq: int) -> str | None:
        """Change the piece on ``sq`` to the next of the cycle; return the new piece."""
        self.cells[sq] = CYCLE[self.cells[sq]]
        return self.piece_at(sq)

    def position(self) -> str:
        """The position string, rows 9 to 1, then b or w."""
        rows = ["".join(self.cells[row * SIZE:(row + 1) * SIZE]) for row in range(SIZE)]
        return "/".join(reversed(rows)) + (" b" if self.side is Side.BLACK else " w")

    def start_game(self, rules: str, limit: int | None = None) -> Game:
        """A new game from this position; NotationError, saying what is wrong, if the
        position cannot be played."""
        try:
            return Game(rules, self.position(), limit)
        except NotationError:
            raise
        except ValueError as error:
            raise NotationError(str(error)) from None


def set_setup_mode(session: Session, on: bool) -> None:
    """Enter set-up mode (edit the position shown), or leave it and play from the
    position set up; a position that cannot be played is refused with the reason, and
    the mode goes on."""
    if on and session.setup is None:
        session.setup = SetupBoard(format_position(session.game.board))
        session.changed()
        session.say("Set-up mode: click a square to cycle empty, white, king, black. "
                    "Leave set-up mode to play from the position.")
    elif not on and session.setup is not None:
        settings = session.settings
        try:
            game = session.setup.start_game(settings.rules, settings.limit)
        except NotationError as error:
            session.say(f"This position cannot be played: {error}. Still in set-up mode.")
            return
        session.replace(game)
        session.say(f"Play starts from the set-up position; {game.side.word} to move.")


def set_setup_side(session: Session, side: Side) -> None:
    """Choose the side to move first from the position being set up."""
    if session.setup is not None:
        session.setup.side = side
        session.notify()


def fill_setup(session: Session, position: str) -> None:
    """Replace the position being set up (the side to move is kept)."""
    if session.setup is not None:
        session.setup = SetupBoard(position, side=session.setup.side)
        session.notify()


def clear_setup(session: Session) -> None:
    """Empty the board being set up."""
    fill_setup(session, EMPTY_POSITION)


def setup_start_position(session: Session) -> None:
    """Put the rule set's start position on the board being set up, with its first side
    to move (white in ashton)."""
    if session.setup is not None:
        session.setup = SetupBoard(Game(session.settings.rules).start)
        session.notify()
