"""Progress: an advantage that captures nothing for long fades towards a draw.

Where a repeated position is a draw (ashton) and a side cannot turn its lead into
captures, the search would otherwise keep the lead for ever: it avoids the repetition
(worth 0) because its static score is better, and the game goes on without end while
the opponent shuffles one piece to and fro behind a wall of guards.  So, as chess
engines do with the fifty-move rule, a side's advantage is scaled down once that side
has captured nothing for :data:`QUIET_PLIES` plies, and is gone :data:`FADE_PLIES`
plies later.  A capture of its own restores it in full, which is also what drives the
leading side to make progress.  Only the leading side's own captures count: a side
that is ahead gains nothing by giving pieces away.

The counts are measured once at the root from the game's history; inside the tree, a
leaf where the leading side has captured since the root is at full value (a capture
within the horizon is always recent enough), and otherwise the plies from the root are
added.  Nothing changes until a side has gone :data:`QUIET_PLIES` plies without a
capture, so ordinary play is not touched.
"""

from __future__ import annotations

from itertools import pairwise

from ..board import Board
from ..side import WHITE_TO_MOVE

QUIET_PLIES = 30
"""Plies without a capture of its own before a side's advantage starts to fade."""
FADE_PLIES = 60
"""Plies over which it then fades to nothing."""


def plies_since_capture(board: Board) -> tuple[int, int]:
    """How many plies ago white captured last, and black, in ``board``'s history (the
    whole history when a side never captured)."""
    history = [*board.past_soldiers(), (board.black, board.white)]
    blacks = [black.bit_count() for black, _ in history]
    whites = [white.bit_count() for _, white in history]
    return _plies_since_a_drop(blacks), _plies_since_a_drop(whites)


def _plies_since_a_drop(counts: list[int]) -> int:
    """Plies since the last move that lowered ``counts`` (one per position, oldest
    first): a capture of those pieces; all of them when none did."""
    newest_first = pairwise(reversed(counts))
    return next((back for back, (after, before) in enumerate(newest_first) if after < before),
                len(counts) - 1)


class Progress:
    """The fading of a quiet advantage, for one search from one root (see the module).

    Attributes:
        since_white: plies since white's last capture, at the root.
        since_black: plies since black's last capture, at the root.
        longest: the larger of the two: no leaf fewer than ``QUIET_PLIES - longest``
            plies from the root fades.
        black_count: black pieces at the root (fewer at a leaf: white has captured).
        white_count: white guards at the root (fewer at a leaf: black has captured).
    """

    __slots__ = ("since_white", "since_black", "longest", "black_count", "white_count")

    def __init__(self, root: Board) -> None:
        """The counts of ``root``, the position searched."""
        self.since_white, self.since_black = plies_since_capture(root)
        self.longest = max(self.since_white, self.since_black)
        self.black_count = root.black.bit_count()
        self.white_count = root.white.bit_count()

    def scaled(self, board: Board, ply: int, score: int) -> int:
        """``score`` (the side to move's, at a leaf ``ply`` plies from the root) with the
        leading side's advantage faded by its plies without a capture."""
        white_leads = (score > 0) == (board.turn == WHITE_TO_MOVE)
        if white_leads:
            quiet = 0 if board.black.bit_count() < self.black_count else self.since_white + ply
        else:
            quiet = 0 if board.white.bit_count() < self.white_count else self.since_black + ply
        if quiet <= QUIET_PLIES:
            return score
        left = FADE_PLIES - (quiet - QUIET_PLIES)
        return int(score * left / FADE_PLIES) if left > 0 else 0


__all__ = ["FADE_PLIES", "QUIET_PLIES", "Progress", "plies_since_capture"]
