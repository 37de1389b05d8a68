"""The two sides of the game, as one small type from the engine to the page.

A :class:`Side` is an ``int`` (``BLACK == 0``, ``WHITE == 1``), so it indexes tuples and
compares equal to :attr:`tablut.board.Board.turn`, which stays a plain int because the
move generator flips it with ``^ 1`` millions of times.  Words are for people only:
``Side.WHITE.word`` is ``"white"``.  ``str()`` and f-strings of an ``IntEnum`` give the
number, so anything shown to a person uses :attr:`Side.word`.

    >>> Side.parse("Black").opponent.word
    'white'
"""

from __future__ import annotations

from enum import IntEnum


class Side(IntEnum):
    """Black (the attackers, who move first) or white (the king and his guards)."""

    BLACK = 0
    WHITE = 1

    @property
    def word(self) -> str:
        """The side as a person reads it: "black" or "white"."""
        return _WORDS[self]

    @property
    def opponent(self) -> Side:
        """The other side."""
        return SIDES[self ^ 1]

    @classmethod
    def parse(cls, text: str) -> Side:
        """The side named by ``text`` ("black" or "white", case and blanks ignored).

        Raises ValueError, quoting the text, if it names no side.
        """
        word = text.strip().lower()
        if word not in _WORDS:
            raise ValueError(f"{text!r} is not a side: say black or white")
        return SIDES[_WORDS.index(word)]


_WORDS = ("black", "white")

SIDES: tuple[Side, Side] = (Side.BLACK, Side.WHITE)
"""Both sides, indexed by their number: ``SIDES[board.turn]`` is the side to move, without
the cost of calling the enum."""

# Plain-int twins of the two members, for the move generator and the search, which compare
# Board.turn millions of times: CPython compares two plain ints faster than an int with an
# enum member (measured: about 4% of perft).  Everywhere else, use Side.
BLACK_TO_MOVE: int = Side.BLACK.value
"""``Board.turn`` when black is to move (``Side.BLACK`` as a plain int)."""
WHITE_TO_MOVE: int = Side.WHITE.value
"""``Board.turn`` when white is to move (``Side.WHITE`` as a plain int)."""

__all__ = ["BLACK_TO_MOVE", "SIDES", "WHITE_TO_MOVE", "Side"]
