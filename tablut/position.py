"""Position strings: one line for a whole position, as set-up, saved games and links use.

The nine rows from row 9 down to row 1, each nine characters of ``-``, ``B``, ``W``, ``K``,
separated by ``/``, then a blank and the side to move, ``b`` or ``w``::

    ---BBB---/----B----/----W----/B---W---B/BBWWKWWBB/B---W---B/----W----/----B----/---BBB--- b

This module reads and writes the text; whether the pieces may stand where they are under a
rule set is the board's question (:meth:`tablut.board.Board.from_position`).
"""

from __future__ import annotations

from typing import NamedTuple

from .side import Side
from .squares import SIZE, Bitboard, Square, square, square_name

START_POSITION = (
    "---BBB---/----B----/----W----/B---W---B/BBWWKWWBB/B---W---B/----W----/----B----/---BBB--- b"
)
"""The start position of Tablut as a position string, black to move."""

_SIDE_LETTERS = {"b": Side.BLACK, "w": Side.WHITE}


class NotationError(ValueError):
    """Text that is not a well-formed move or position."""


class Placement(NamedTuple):
    """The pieces of a position string and the side to move, before any rule is checked."""

    black: Bitboard
    white: Bitboard
    king: Square
    turn: Side


def parse_placement(text: str) -> Placement:
    """The pieces and the side to move of a position string.

    Checks the shape only: nine rows of nine known characters, exactly one king, ``b`` or
    ``w``.  Raises :class:`NotationError` naming the problem.
    """
    parts = text.split()
    if len(parts) != 2:
        raise NotationError(
            "a position is nine rows of -, B, W, K separated by '/', a blank, then b or w"
        )
    rows_text, side_text = parts
    rows = rows_text.split("/")
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise NotationError(f"a position needs {SIZE} rows of {SIZE} squares separated by '/'")
    turn = _SIDE_LETTERS.get(side_text.lower())
    if turn is None:
        raise NotationError(f"the side to move must be b or w, not {side_text!r}")
    black = white = 0
    kings = []
    for i, row_text in enumerate(rows):
        row = SIZE - 1 - i
        for col, char in enumerate(row_text.upper()):
            sq = square(col, row)
            if char == "B":
                black |= 1 << sq
            elif char == "W":
                white |= 1 << sq
            elif char == "K":
                kings.append(sq)
            elif char != "-":
                raise NotationError(f"{char!r} at {square_name(sq)} is not one of -, B, W, K")
    if len(kings) != 1:
        raise NotationError(f"a position needs exactly one king, not {len(kings)}")
    return Placement(black, white, kings[0], turn)


def piece_rows(black: Bitboard, white: Bitboard, king: Square) -> list[str]:
    """The board's nine rows as position-string characters, row 9 first (``king`` is -1
    once he is captured)."""
    rows = []
    for row in reversed(range(SIZE)):
        chars = []
        for col in range(SIZE):
            sq = square(col, row)
            if sq == king:
                chars.append("K")
            elif black >> sq & 1:
                chars.append("B")
            elif white >> sq & 1:
                chars.append("W")
            else:
                chars.append("-")
        rows.append("".join(chars))
    return rows


def format_placement(black: Bitboard, white: Bitboard, king: Square, turn: int) -> str:
    """The position string of these pieces with ``turn`` (a :class:`Side`) to move."""
    return "/".join(piece_rows(black, white, king)) + (" w" if turn == Side.WHITE else " b")


__all__ = [
    "START_POSITION",
    "NotationError",
    "Placement",
    "format_placement",
    "parse_placement",
    "piece_rows",
]
