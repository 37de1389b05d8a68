"""The review of the game on the board, as the session offers it: when a game may be
reviewed, starting, stopping and going on, and the better move it found. Part of the
session (:class:`web.models.session.Session`). Browser-free.
"""

from __future__ import annotations

from tablut import Game, Move, Side
from web.models.review import Review
from web.models.setup import SetupMode


class Reviewing:
    """The session's review actions (see the module docs): what the session gives them."""

    game: Game
    setup: SetupMode | None
    review: Review | None
    imported: bool
    time_out: Side | None

    def notify(self) -> None:
        """See :meth:`web.models.session.Session.notify`."""
        raise NotImplementedError

    def can_review(self) -> bool:
        """Whether the game may be reviewed: it has moves, and it is finished (at its
        last move) or came from a record; a review stopped half-way may go on."""
        game = self.game
        if self.setup is not None or not game.moves:
            return False
        if self.review is not None:
            return self.review.stopped and not self.review.finished()
        if self.imported or self.time_out is not None:
            return True
        return game.board_at(len(game.moves)).outcome() is not None

    def start_review(self) -> Review | None:
        """Begin reviewing the game, or go on with a review stopped half-way."""
        if not self.can_review():
            return None
        if self.review is None:
            self.review = Review(self.game)
        self.review.stopped = False
        self.notify()
        return self.review

    def stop_review(self) -> None:
        """Stop the review where it is; what has been judged stays on show."""
        if self.review is not None:
            self.review.stopped = True
            self.notify()

    def better_move(self) -> Move | None:
        """The better move at the position shown, when the review found that the move
        played from it was a mistake."""
        if self.review is None:
            return None
        mistake = self.review.mistakes().get(self.game.ply + 1)
        return None if mistake is None else mistake.better
