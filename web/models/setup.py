"""Set-up mode: a position being edited square by square, before it is valid.

Clicking a square cycles what stands on it: empty, white, king, black, empty (seed 004).
Leaving set-up mode checks the position with :func:`tablut.parse_position`, whose
NotationError says what is wrong, and plays from it. The session (:mod:`web.models.session`)
holds a :class:`SetupMode` while the mode lasts (:meth:`SetupMode.enter`, then
:meth:`SetupMode.leave`); it knows nothing of the session. Browser-free and tested
natively.
"""

from __future__ import annotations

from tablut import Game, NotationError, Side, format_position


def empty_position(size: int = 9) -> str:
    """An empty board of ``size`` squares a side, black to move: where "Clear board"
    starts."""
    return "/".join(["-" * size] * size) + " b"


#: The empty 9x9 board.
EMPTY_POSITION = empty_position()

#: The piece that follows each one when a square is clicked in set-up mode.
CYCLE = {"-": "W", "W": "K", "K": "B", "B": "-"}
PIECE_OF_CHAR = {"B": "black", "W": "white", "K": "king", "-": None}


class SetupMode:
    """Set-up mode: a position under construction, a cell a square (``-``, ``B``, ``W``,
    ``K``: 81 cells on 9x9), and the side to move. It answers :meth:`piece_at` like a
    board, so the board view draws it.

    Attributes:
        size: squares a side, the size of the position it started from.
    """

    def __init__(self, position: str, side: Side | None = None) -> None:
        """Start from a position string (valid or not, but well-shaped: as many rows as
        squares in a row); ``side``, when given, replaces the position's side to move."""
        rows_text, side_char = position.split(" ")
        rows = rows_text.split("/")
        self.size = size = len(rows)
        # cells[sq]: square 0 is a1, row 0 is rank 1, as in tablut.squares.
        self.cells = [rows[size - 1 - sq // size][sq % size] for sq in range(size * size)]
        self.side = side if side is not None else (Side.BLACK if side_char == "b" else Side.WHITE)

    def piece_at(self, sq: int) -> str | None:
        """What stands on ``sq``: "black", "white", "king" or None."""
        return PIECE_OF_CHAR[self.cells[sq]]

    def cycle(self, sq: int) -> str | None:
        """Change the piece on ``sq`` to the next of the cycle; return the new piece."""
        self.cells[sq] = CYCLE[self.cells[sq]]
        return self.piece_at(sq)

    def position(self) -> str:
        """The position string, the last rank's row first, then b or w."""
        size = self.size
        rows = ["".join(self.cells[row * size:(row + 1) * size]) for row in range(size)]
        return "/".join(reversed(rows)) + (" b" if self.side is Side.BLACK else " w")

    @classmethod
    def enter(cls, game: Game) -> SetupMode:
        """Set-up mode on the position ``game`` shows."""
        return cls(format_position(game.board))

    def leave(self, rules: str, limit: int | None = None) -> Game:
        """A new game from this position; NotationError, saying what is wrong, if the
        position cannot be played (the mode then goes on)."""
        try:
            return Game(rules, self.position(), limit)
        except NotationError:
            raise
        except ValueError as error:
            raise NotationError(str(error)) from None

    def fill(self, position: str) -> None:
        """Replace the position being set up (on a board of the same size); the side to
        move stays."""
        self.cells = SetupMode(position, side=self.side).cells

    def clear(self) -> None:
        """Empty the board."""
        self.fill(empty_position(self.size))

    def start_position(self, rules: str) -> None:
        """The rule set's start position, with its first side to move (white in ashton)."""
        start = SetupMode(Game(rules).start)
        self.cells, self.side = start.cells, start.side
