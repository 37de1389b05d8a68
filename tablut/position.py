"""Position strings: one line for a whole position, as set-up, saved games and links use.

The rows from the top rank down to rank 1, each as many characters of ``-``, ``B``, ``W``,
``K`` as there are rows (nine on 9x9, seven on 7x7, eleven on 11x11), separated by ``/``,
then a blank and the side to move, ``b`` or ``w``::

    ---BBB---/----B----/----W----/B---W---B/BBWWKWWBB/B---W---B/----W----/----B----/---BBB--- b

This module reads and writes the text; whether the pieces may stand where they are under a
rule set is the board's question (:meth:`tablut.board.Board.from_position`).
"""

from __future__ import annotations

from typing import NamedTuple

from .english import notation_error_text
from .side import Side
from .squares import SIZES, Bitboard, Square, shape

START_POSITION = (
    "---BBB---/----B----/----W----/B---W---B/BBWWKWWBB/B---W---B/----W----/----B----/---BBB--- b"
)
"""The start position of Tablut as a position string, black to move."""

_SIDE_LETTERS = {"b": Side.BLACK, "w": Side.WHITE}


class NotationError(ValueError):
    """Text that is not a well-formed move or position, said as values.

    Attributes:
        code: what is wrong, a short stable string ("move-form", "king-count"...: the
            keys of :data:`tablut.english.NOTATION_ERRORS`).
        params: the values the sentence names, by placeholder: squares as names ("e5"),
            counts and sizes as ints, the offending text as it was given.

    ``str()`` gives the text interface's English sentence (:mod:`tablut.english`); the
    page says it in the player's language (:func:`web.words.engine.error_text`).  A code
    that is no known one is taken to be the message itself.
    """

    def __init__(self, code: str, /, **params: object) -> None:
        """An error of ``code`` naming ``params``."""
        super().__init__(code)
        self.code = code
        self.params: dict[str, object] = params

    def __str__(self) -> str:
        """The error in the text interface's English."""
        return notation_error_text(self.code, self.params)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle the code and the params (the default would lose the params)."""
        return (_notation_error, (self.code, self.params))


def _notation_error(code: str, params: dict[str, object]) -> NotationError:
    """A NotationError again, from what :meth:`NotationError.__reduce__` kept."""
    return NotationError(code, **params)


class Placement(NamedTuple):
    """The pieces of a position string, the side to move and the board's size, before any
    rule is checked."""

    black: Bitboard
    white: Bitboard
    king: Square
    turn: Side
    size: int = 9


def parse_placement(text: str, size: int | None = None) -> Placement:
    """The pieces and the side to move of a position string.

    Checks the shape only: N rows of N known characters (N the size of a board that
    exists, or ``size`` when given), exactly one king, ``b`` or ``w``.  Raises
    :class:`NotationError` naming the problem.
    """
    parts = text.split()
    if len(parts) != 2:
        raise NotationError("position-form")
    rows_text, side_text = parts
    rows = rows_text.split("/")
    expected = size or (len(rows) if len(rows) in SIZES else 9)
    if len(rows) != expected or any(len(r) != expected for r in rows):
        raise NotationError("position-rows", size=expected)
    board = shape(expected)
    turn = _SIDE_LETTERS.get(side_text.lower())
    if turn is None:
        raise NotationError("side-to-move", text=side_text)
    black = white = 0
    kings = []
    for i, row_text in enumerate(rows):
        row = expected - 1 - i
        for col, char in enumerate(row_text.upper()):
            sq = board.square(col, row)
            if char == "B":
                black |= 1 << sq
            elif char == "W":
                white |= 1 << sq
            elif char == "K":
                kings.append(sq)
            elif char != "-":
                raise NotationError("position-letter", letter=char,
                                    square=board.square_name(sq))
    if len(kings) != 1:
        raise NotationError("king-count", count=len(kings))
    return Placement(black, white, kings[0], turn, expected)


def piece_rows(black: Bitboard, white: Bitboard, king: Square, size: int = 9) -> list[str]:
    """The board's rows as position-string characters, the top rank first (``king`` is -1
    once he is captured)."""
    cells = ["-"] * (size * size)
    for pieces, letter in ((black, "B"), (white, "W")):
        while pieces:
            low = pieces & -pieces
            cells[low.bit_length() - 1] = letter
            pieces ^= low
    if king >= 0:
        cells[king] = "K"
    return ["".join(cells[row * size:(row + 1) * size]) for row in reversed(range(size))]


def format_placement(black: Bitboard, white: Bitboard, king: Square, turn: int,
                     size: int = 9) -> str:
    """The position string of these pieces with ``turn`` (a :class:`Side`) to move, on a
    board of ``size``."""
    return ("/".join(piece_rows(black, white, king, size))
            + (" w" if turn == Side.WHITE else " b"))


__all__ = [
    "START_POSITION",
    "NotationError",
    "Placement",
    "format_placement",
    "parse_placement",
    "piece_rows",
]
