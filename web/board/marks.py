"""What the board draws for a game: the marks (the piece picked up and its targets, the
last move, the hint, captures fading, the move sliding, a review's better move) and the
squares drawn as reserved or as camps, from anything that holds a game and a piece in
hand (the game's session, the lesson's step). The board itself (:mod:`web.board.view`)
is given the result and reads neither.
"""

from __future__ import annotations

from typing import Protocol

from tablut import Game, Rules
from tablut.board import Board
from tablut.squares import squares_of
from web.board.view import CORNERS, Marks


class Marked(Protocol):
    """What :func:`marks_for` reads: the game's session, or the lesson's step."""

    game: Game
    selected: int | None
    hint: tuple[int, int] | None
    fading: list[tuple[int, str]]
    just_moved: tuple[int, int] | None

    def targets(self) -> list[int]:
        """The squares the piece picked up may move to."""
        ...

    def better_move(self) -> tuple[int, int] | None:
        """The move a review found better than the one played here, if any."""
        ...


def marks_for(session: Marked) -> Marks:
    """What the board highlights for ``session``: the piece picked up and its targets,
    the last move (stronger when it ended the game), the hint, and what just happened
    (captured pieces fading, the piece that just moved)."""
    game = session.game
    marks = Marks(selected=session.selected, targets=session.targets(), hint=session.hint,
                  fading=session.fading, moved=session.just_moved,
                  better=session.better_move())
    if game.ply:
        marks.last = game.moves[game.ply - 1]
        marks.winning = game.board.outcome() is not None
    return marks


def reserved_squares(rules: Rules) -> tuple[int, ...]:
    """The squares besides the throne drawn as reserved: the corners, where the rules
    keep them for the king."""
    return CORNERS if rules.corners_restricted else ()


def camp_squares(board: Board) -> tuple[int, ...]:
    """The camps of the rules being played (none but in ``ashton``): black's squares that
    no other piece may enter."""
    return tuple(squares_of(board.geometry.camps))
