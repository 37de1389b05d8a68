"""What the board draws for a game: the marks (the piece picked up and its targets, the
last move, the hint, captures fading, the move sliding, a review's better move) and the
squares drawn as reserved or as camps, from anything that holds a game and a piece in
hand (the game's session, the lesson's step). The board itself (:mod:`web.board.view`)
is given the result and reads neither; :func:`draw_session` gives it the game's, at the
game's board size, as the page does after every change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from tablut import Game, Rules
from tablut.board import Board
from tablut.squares import squares_of
from web.board.view import BoardView, Marks, corner_squares

if TYPE_CHECKING:
    from web.models.session import Session


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
    return corner_squares(rules.size) if rules.corners_restricted else ()


def camp_squares(board: Board) -> tuple[int, ...]:
    """The camps of the rules being played (none but in ``ashton``): black's squares that
    no other piece may enter."""
    return tuple(squares_of(board.geometry.camps))


def draw_session(view: BoardView, session: Session) -> None:
    """Draw the game's ``session`` on ``view``, as the page does after every change: at the
    size of the game's board (another size, after a new game under other rules, an
    import or a link, has its squares made anew in the same box), with its reserved
    squares and camps, and the position being set up or the game with its marks."""
    view.set_size(session.game.rules.size)
    view.set_marked(reserved_squares(session.game.rules), camp_squares(session.game.board))
    if session.setup is not None:
        view.draw(session.setup)
    else:
        view.draw(session.game.board, marks_for(session))
