"""What happens on the page, as values: the session tells its event listeners (the
announcer that speaks for screen readers, the sounds), which turn them into words or
noise. No sentence is made here. Browser-free.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tablut import Side
from tablut.board import Board
from web.models.game import Played


@dataclass(frozen=True)
class MoveMade:
    """A move was played on the game's board (``by_computer`` when the computer chose
    it, ``by_friend`` when the friend of a live game played it)."""

    played: Played
    by_computer: bool = False
    by_friend: bool = False


@dataclass(frozen=True)
class PiecePicked:
    """A person picked up the piece on ``square``."""

    square: int


@dataclass(frozen=True)
class Refusal:
    """A click that could not be obeyed, and what the words need to say why.

    Attributes:
        board: the board as it was (a copy).
        square: the square clicked, or the piece picked up when ``target`` is given.
        target: where the piece picked up was to go, or None.
        waiting_for: the computer's side when it is the computer's turn, else None.
        friend: whether it is the turn of the friend of a live game instead.
    """

    board: Board
    square: int
    target: int | None = None
    waiting_for: Side | None = None
    friend: bool = False


@dataclass(frozen=True)
class MoveRefused:
    """A person's click or move was refused (see :class:`Refusal`)."""

    refusal: Refusal


@dataclass(frozen=True)
class TimeRanOut:
    """``side``'s clock reached zero, which ended the game."""

    side: Side


@dataclass(frozen=True)
class PositionAsked:
    """A person asked to hear the position: a ``summary`` or every piece by square."""

    what: Literal["summary", "pieces"]


@dataclass(frozen=True)
class LiveNews:
    """Something happened in a live game (``what``: "began", "connected", "lost",
    "failed", "resigned", "agreed", "draw-offered", "takeback-offered",
    "rematch-offered", "draw-declined", "takeback-declined", "rematch-declined",
    "takeback", "rematch"); ``side`` is the side it is about (the friend's, the side
    that resigned, the side whose move was taken back), ``name`` the friend's name."""

    what: str
    side: Side | None = None
    name: str = ""


Event = MoveMade | PiecePicked | MoveRefused | TimeRanOut | PositionAsked | LiveNews
