"""Static evaluation: how good a position looks, without searching.

The evaluation is a weighted sum of features (:data:`FEATURES`) measured from white's side:
material, the king's ways out (open lines to an escape square, squares from which he would
threaten to escape, squares from which he would threaten twice), what surrounds him, pieces
that can be captured next move, mobility, and for the encirclement rule how many white
pieces are shut in.  Each rule set has its own weights (:mod:`tablut.ai.weights`), found by
self-play with ``tools/tune.py``; the features themselves read the rule set only through
the board's :class:`tablut.geometry.RuleGeometry` and the :class:`tablut.rules.Rules` fields.

Scores are in hundredths of a white guard, roughly; a won position is worth far more
(see :data:`tablut.ai.search.MATE`), so no sum of features comes near it.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul

from ..board import Board
from ..rules import Rules
from ..side import WHITE_TO_MOVE, Side
from ..squares import ALL, EDGES_BB, NEIGHBOUR_MASKS, SIZE, flood, rook_reach, rook_targets
from .bits import capture_destinations, escape_lines, king_capture_squares

FEATURES: tuple[str, ...] = (
    "white_guards",          # white soldiers on the board
    "black_soldiers",        # black soldiers on the board
    "king_mobility",         # squares the king can move to
    "king_threat_squares",   # ... of which give him an open line to escape (a threat)
    "king_fork_squares",     # ... of which give him two open lines (a double threat)
    "king_open_lines",       # open lines the king has now (black to move must block)
    "king_reach2_lines",     # squares within two king moves that have an open line
    "king_hostile_sides",    # hostile squares beside the king
    "king_white_sides",      # white guards beside the king
    "king_capture_squares",  # empty squares where a black arrival captures the king
    "king_capture_reached",  # ... that a black soldier reaches in one move
    "white_hanging",         # squares where a black move would capture a guard
    "black_hanging",         # squares where a white move would capture a black soldier
    "white_mobility",        # squares white soldiers reach in one move
    "black_mobility",        # squares black soldiers reach in one move
    "black_line_control",    # empty squares with an open escape line that black reaches
    "king_escape_distance",  # rows/columns between the king and his nearest escape
    "white_enclosed",        # white pieces shut in by a black ring (encirclement rule)
    "black_corner_guards",   # black soldiers diagonally next to a corner
    "side_to_move",          # +1 white to move, -1 black to move
    "capture_on_move",       # +1 white to move can capture, -1 black to move can capture
)
"""The names of the features, in the order of a weight vector."""

N_FEATURES = len(FEATURES)

_CORNER_DIAGONALS = sum(1 << sq for sq in (10, 16, 64, 70))  # b2 h2 b8 h8
_DIST_EDGE = tuple(min(sq // SIZE, SIZE - 1 - sq // SIZE, sq % SIZE, SIZE - 1 - sq % SIZE)
                   for sq in range(SIZE * SIZE))
_DIST_CORNER = tuple(
    min(abs(sq // SIZE - r) + abs(sq % SIZE - c) for r in (0, SIZE - 1) for c in (0, SIZE - 1))
    for sq in range(SIZE * SIZE)
)


def features(board: Board) -> list[int]:
    """The feature vector of ``board`` (see :data:`FEATURES`), from white's side."""
    rules: Rules = board.rules
    geo = board.geometry
    black = board.black
    white = board.white
    king = board.king
    f = [0] * N_FEATURES
    f[0] = white.bit_count()
    f[1] = black.bit_count()
    if king < 0:
        return f
    kbit = 1 << king
    occupied = black | white | kbit
    empty = ALL & ~occupied
    b_reach = geo.soldier_reach(black, empty)
    w_reach = geo.soldier_reach(white, empty)
    k1 = rook_targets(king, occupied | geo.walls[king]) & ~geo.king_forbidden
    # The squares the king may cross: camps and a throne nobody crosses block him.
    king_free = empty & ~geo.barrier
    # Escape lines as the king sees them: his own square does not block his lines.
    n, e, s, w = escape_lines(king_free | kbit, geo.corner_escape)
    one = n | e | s | w
    two = (n & (e | s | w)) | (e & (s | w)) | (s & w)
    f[2] = k1.bit_count()
    f[3] = (k1 & one).bit_count()
    f[4] = (k1 & two).bit_count()
    f[5] = (n >> king & 1) + (e >> king & 1) + (s >> king & 1) + (w >> king & 1)
    f[6] = (rook_reach(k1, king_free) & one & ~k1).bit_count()
    around = NEIGHBOUR_MASKS[king]
    f[7] = (around & (black | geo.hostile_to_king_squares)).bit_count()
    f[8] = (around & white).bit_count()
    capture_squares = king_capture_squares(board)
    f[9] = capture_squares.bit_count()
    f[10] = (capture_squares & b_reach).bit_count()
    white_hanging = (capture_destinations(board, Side.BLACK) & b_reach).bit_count()
    white_attack = w_reach | k1 if rules.king_armed else w_reach
    black_hanging = (capture_destinations(board, Side.WHITE) & white_attack).bit_count()
    f[11] = white_hanging
    f[12] = black_hanging
    f[13] = w_reach.bit_count()
    f[14] = b_reach.bit_count()
    f[15] = (one & b_reach).bit_count()
    f[16] = _DIST_CORNER[king] if geo.corner_escape else _DIST_EDGE[king]
    if rules.encirclement:
        f[17] = _enclosed(black, white | kbit)
    f[18] = (black & _CORNER_DIAGONALS).bit_count()
    if board.turn == WHITE_TO_MOVE:
        f[19] = 1
        f[20] = 1 if black_hanging else 0
    else:
        f[19] = -1
        f[20] = -1 if white_hanging else 0
    return f


def _enclosed(black: int, whites: int) -> int:
    """White pieces that cannot reach an edge without crossing a black piece."""
    return (whites & ~flood(EDGES_BB, ALL & ~black)).bit_count()


class Evaluator:
    """A static evaluation with one weight vector: ``evaluator(board)`` is the score from
    the side to move's point of view (positive: good for the side to move).

    The scores are centred: the start position of each rule set scores 0, so a score
    says how much better than the start a side stands, and a draw (score 0) is worth what
    the start is worth.
    """

    __slots__ = ("weights", "_offsets")

    def __init__(self, weights: Sequence[float]) -> None:
        """An evaluator with ``weights``, one per name in :data:`FEATURES`."""
        if len(weights) != N_FEATURES:
            raise ValueError(f"need {N_FEATURES} weights, got {len(weights)}")
        self.weights = tuple(weights)
        self._offsets: dict[str, float] = {}

    def _offset(self, rules: Rules) -> float:
        offset = self._offsets.get(rules.name)
        if offset is None:
            offset = -sum(map(mul, self.weights, features(Board.start(rules))))
            self._offsets[rules.name] = offset
        return offset

    def white_score(self, board: Board) -> int:
        """The score from white's side."""
        offset = self._offsets.get(board.rules.name)
        if offset is None:
            offset = self._offset(board.rules)
        return int(sum(map(mul, self.weights, features(board))) + offset)

    def __call__(self, board: Board) -> int:
        """The score from the side to move's point of view."""
        score = self.white_score(board)
        return score if board.turn == WHITE_TO_MOVE else -score


__all__ = ["FEATURES", "N_FEATURES", "Evaluator", "features"]
