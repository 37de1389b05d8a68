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
from ..geometry import RuleGeometry
from ..rules import Rules
from ..side import WHITE_TO_MOVE
from ..squares import (
    ALL,
    EDGES_BB,
    NEIGHBOUR_MASKS,
    SIZE,
    flood,
    rook_reach,
    rook_reach3,
    rook_targets,
)
from .bits import escape_lines, king_capture_squares, sandwich_ends

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
    black = board.black
    white = board.white
    king = board.king
    if king < 0:
        return [white.bit_count(), black.bit_count()] + [0] * (N_FEATURES - 2)
    geo = board.geometry
    kbit = 1 << king
    occupied = black | white | kbit
    empty = ALL ^ occupied
    k1 = rook_targets(king, occupied | geo.walls[king]) & ~geo.king_forbidden
    if geo.barrier:
        b_reach, w_reach, k2, king_free = _walled_reaches(geo, black, white, k1, empty)
    else:
        # One fill for the three reaches (the hot spot of the evaluation): black's,
        # white's, and the king's second move, from the squares of his first.
        b_reach, w_reach, k2 = rook_reach3(black, white, k1, empty)
        b_reach &= geo.soldier_ok
        w_reach &= geo.soldier_ok
        king_free = empty
    king_lines = _king_lines(king, k1, k2, b_reach, king_free | kbit, geo.corner_escape)
    around = NEIGHBOUR_MASKS[king]
    capture_squares = king_capture_squares(board)
    white_hanging = (sandwich_ends(white, geo.anvils_against_white(black, king))
                     & empty & b_reach).bit_count()
    white_attack = w_reach | k1 if geo.king_armed else w_reach
    black_hanging = (sandwich_ends(black, geo.anvils_against_black(white, king))
                     & empty & white_attack).bit_count()
    if board.turn == WHITE_TO_MOVE:
        to_move, capture_on_move = 1, 1 if black_hanging else 0
    else:
        to_move, capture_on_move = -1, -1 if white_hanging else 0
    return [
        white.bit_count(),
        black.bit_count(),
        k1.bit_count(),
        *king_lines[:4],
        (around & (black | geo.hostile_to_king_squares)).bit_count(),
        (around & white).bit_count(),
        capture_squares.bit_count(),
        (capture_squares & b_reach).bit_count(),
        white_hanging,
        black_hanging,
        w_reach.bit_count(),
        b_reach.bit_count(),
        king_lines[4],
        _DIST_CORNER[king] if geo.corner_escape else _DIST_EDGE[king],
        _enclosed(black, white | kbit) if board.rules.encirclement else 0,
        (black & _CORNER_DIAGONALS).bit_count(),
        to_move,
        capture_on_move,
    ]


def _walled_reaches(geo: RuleGeometry, black: int, white: int, k1: int, empty: int
                    ) -> tuple[int, int, int, int]:
    """The reaches of rules with camps or a throne nobody crosses, where the three cannot
    share one fill: black's, white's, the king's second move from the squares ``k1`` of
    his first, and the squares he may cross (camps and such a throne block him)."""
    king_free = empty & ~geo.barrier
    return (geo.soldier_reach(black, empty), geo.soldier_reach(white, empty),
            rook_reach(k1, king_free), king_free)


def _king_lines(king: int, k1: int, k2: int, b_reach: int, empty: int, corner_escape: bool
                ) -> tuple[int, int, int, int, int]:
    """The escape-line features: squares of the king's first move with one open line and
    with two, his open lines now, squares within two moves with an open line, and those
    that black reaches (``empty`` has the king's square empty: he does not block his own
    lines)."""
    n, e, s, w = escape_lines(empty, corner_escape)
    one = n | e | s | w
    if not one:
        return 0, 0, 0, 0, 0
    two = (n & (e | s | w)) | (e & (s | w)) | (s & w)
    return (
        (k1 & one).bit_count(),
        (k1 & two).bit_count(),
        (n >> king & 1) + (e >> king & 1) + (s >> king & 1) + (w >> king & 1),
        (k2 & one & ~k1).bit_count(),
        (one & b_reach).bit_count(),
    )


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

    def __call__(self, board: Board) -> int:
        """The score from the side to move's point of view."""
        # White's score, then turned to the side to move's: this runs at every leaf.
        offset = self._offsets.get(board.rules.name)
        if offset is None:
            offset = self._offset(board.rules)
        score = int(sum(map(mul, self.weights, features(board))) + offset)
        return score if board.turn == WHITE_TO_MOVE else -score


__all__ = ["FEATURES", "N_FEATURES", "Evaluator", "features"]
