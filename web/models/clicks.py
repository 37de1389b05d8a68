"""What a click on the game's board means: pick a piece up, put it down, play a move, or
refuse, with what is needed to say why. A pure function of the board and who may move,
so that every case is tested natively (``tests/test_web_session.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tablut import Move, Side
from tablut.board import Board
from web.models.events import Refusal


@dataclass(frozen=True)
class Pick:
    """Pick up the piece on ``square`` (None: put the piece held back down)."""

    square: int | None


@dataclass(frozen=True)
class Play:
    """Play ``move``."""

    move: Move


@dataclass(frozen=True)
class Refuse:
    """Refuse the click and say why (the piece held, if any, goes back down)."""

    refusal: Refusal


Decision = Pick | Play | Refuse | None


def decide(board: Board, sq: int, selected: int | None, person_to_move: bool,
           computer_side: Side | None, friend_to_move: bool = False) -> Decision:
    """What a click on ``sq`` does, with the piece on ``selected`` held (or None), when
    ``person_to_move`` says whether a person may move now, ``computer_side`` is the
    side the computer plays when it is its turn and ``friend_to_move`` whether it is the
    turn of the friend of a live game. None: nothing happens (a click on an empty square
    with nothing held, or on a finished game)."""
    if not person_to_move:
        if computer_side is not None:
            return Refuse(Refusal(board.copy(), sq, waiting_for=computer_side))
        if friend_to_move:
            return Refuse(Refusal(board.copy(), sq, waiting_for=board.side, friend=True))
        return None
    if selected is not None and board.targets(selected) >> sq & 1:
        return Play((selected, sq))
    kind = board.piece_at(sq)
    mine = kind is not None and (kind == "black") == (board.side is Side.BLACK)
    if mine:
        if sq == selected:
            return Pick(None)
        if not board.targets(sq):
            return Refuse(Refusal(board.copy(), sq))  # blocked in on every side
        return Pick(sq)
    if selected is not None:
        return Refuse(Refusal(board.copy(), selected, target=sq))
    if kind is not None:
        return Refuse(Refusal(board.copy(), sq))  # the other side's piece
    return None
