"""The game on the board and its cursor: the line actually played, the moves undone
after it, and the position a person is looking at.

A record's moves fall in three parts. The moves up to :attr:`GameInPlay.live` were
played: the game stands there. The moves after it were undone (Redo brings them back
one by one); the page shows them struck through. The cursor (``game.ply``) is the
position shown: at ``live`` while playing, anywhere while looking back through the game
(:attr:`GameInPlay.browsing`), when the computer waits and the clocks stop.

A piece picked up on a board (of the game, or of the lesson) is :class:`PieceInHand`.
Browser-free; tested natively (``tests/test_web_session.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tablut import Game, Move, Side
from tablut.squares import squares_of


def captured_kind(mover: Side, sq: int, king_before: int) -> str:
    """The kind of piece a move by ``mover`` captured on ``sq``: black's captures are
    white guards or, on the king's square, the king; white's are black pieces."""
    if mover is Side.WHITE:
        return "black"
    return "king" if sq == king_before else "white"


@dataclass(frozen=True)
class Played:
    """A move just played: who made it, what it captured (square, kind), and how many
    later moves of the record it dropped."""

    mover: Side
    move: Move
    captured: tuple[tuple[int, str], ...]
    dropped: int


class PieceInHand:
    """A piece a person picks up on a board (of the game, or of the lesson) before
    putting it down on a target: the square it stands on, and the rule of when a piece
    may be picked up, which each board gives as :meth:`may_pick_up`."""

    selected: int | None
    game: Game

    def notify(self) -> None:
        """Tell whoever draws the board that it changed."""
        raise NotImplementedError

    def may_pick_up(self) -> bool:
        """Whether a person may pick up a piece now."""
        raise NotImplementedError

    def can_drag(self, sq: int) -> bool:
        """Whether the piece on ``sq`` may be dragged now (it is picked up on the way)."""
        return self.may_pick_up() and bool(self.game.board.targets(sq))

    def pick_up(self, sq: int) -> bool:
        """Start dragging the piece on ``sq``; False if it may not move now."""
        if not self.can_drag(sq):
            return False
        self.selected = sq
        self.notify()
        return True

    def drop_selection(self) -> None:
        """Put the piece picked up back down (Escape, or a drag that went nowhere)."""
        self.selected = None
        self.notify()

    def targets(self) -> list[int]:
        """The squares the piece picked up may move to."""
        if self.selected is None:
            return []
        return list(squares_of(self.game.board.targets(self.selected)))


class GameInPlay:
    """A game with its cursor and the end of the line played (see the module docs).

    Attributes:
        game: the record, its cursor at the position shown.
        live: the number of moves played; later moves of the record are undone ones.
    """

    def __init__(self, game: Game, live: int | None = None) -> None:
        """``game`` played up to ``live`` moves (all of its record when None)."""
        self.game = game
        moves = len(game.moves)
        self.live = moves if live is None else max(0, min(live, moves))

    @property
    def browsing(self) -> bool:
        """Whether the position shown is not where the game stands."""
        return self.game.ply != self.live

    @property
    def undone(self) -> int:
        """How many moves of the record were undone (Redo brings them back)."""
        return len(self.game.moves) - self.live

    def mark(self) -> tuple[object, ...]:
        """What identifies the game as it stands (its rules, start, moves played and
        undone), not where it is looked at: an offer to replace it holds while this
        stays the same."""
        game = self.game
        return game.rules.name, game.start, tuple(game.moves), self.live

    def play(self, move: Move) -> Played:
        """Play ``move`` at the position shown; it becomes where the game stands.
        IllegalMove, saying why, changes nothing."""
        game = self.game
        later = game.moves[game.ply:]
        dropped = len(later) if later and later[0] != move else 0
        mover, king = game.side, game.board.king
        game.play(move)
        captured = tuple((sq, captured_kind(mover, sq, king))
                         for sq in squares_of(game.board.captured))
        if dropped or game.ply > self.live:
            self.live = game.ply
        return Played(mover, move, captured, dropped)

    def undo(self) -> bool:
        """Take back the last move played; False when none is."""
        if self.live == 0:
            return False
        self.live -= 1
        self.game.goto(self.live)
        return True

    def redo(self) -> bool:
        """Play the first undone move again; False when none is."""
        if self.live >= len(self.game.moves):
            return False
        self.live += 1
        self.game.goto(self.live)
        return True

    def goto(self, ply: int) -> bool:
        """Show the position after ``ply`` moves of the record; False when there is no
        such position or it is shown already."""
        if not 0 <= ply <= len(self.game.moves) or ply == self.game.ply:
            return False
        self.game.goto(ply)
        return True
