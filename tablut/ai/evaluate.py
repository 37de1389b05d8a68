"""Static evaluation: how good a position looks, without searching.

The evaluation is a weighted sum of features (:data:`FEATURES`) measured from white's side:
material, the king's ways out (open lines to an escape square, squares from which he would
threaten to escape, squares from which he would threaten twice), what surrounds him, pieces
that can be captured next move, mobility, and for the encirclement rule how many white
pieces are shut in.  Each rule set has its own weights (:mod:`tablut.ai.weights`), found by
self-play with ``tools/tune.py``; the features themselves read the rule set only through
the board's :class:`tablut.geometry.RuleGeometry` and the :class:`tablut.rules.Rules` fields,
and the board's size through the geometry's shape, so one definition serves every board.

Scores are in hundredths of a white guard, roughly; a won position is worth far more
(see :data:`tablut.ai.search.MATE`), so no sum of features comes near it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from ..board import Board
from ..geometry import RuleGeometry, geometry
from ..rules import Rules
from ..side import WHITE_TO_MOVE
from ..squares import Bitboard, Square, shape
from .bits import board_bits, king_capture_squares

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


@functools.cache
def _board_terms(size: int) -> tuple[Bitboard, tuple[int, ...], tuple[int, ...]]:
    """The evaluation's squares of the board of ``size``: the four squares diagonally next
    to a corner (b2 h2 b8 h8 on 9x9), and for each square how far it is from the nearest
    edge (rows or columns) and from the nearest corner (rows plus columns)."""
    last = size - 1
    board = shape(size)
    corner_diagonals = board.mask(board.square(col, row) for row in (1, last - 1)
                                  for col in (1, last - 1))

    def to_edge(sq: Square) -> int:
        row, col = divmod(sq, size)
        return min(row, last - row, col, last - col)

    def to_corner(sq: Square) -> int:
        row, col = divmod(sq, size)
        return min(row, last - row) + min(col, last - col)

    return (corner_diagonals, tuple(to_edge(sq) for sq in board.squares),
            tuple(to_corner(sq) for sq in board.squares))


def features(board: Board) -> list[int]:
    """The feature vector of ``board`` (see :data:`FEATURES`), from white's side.

    The evaluation is linear in its weights, so feature ``i`` is the weighted sum with
    weight 1 on ``i`` and 0 on every other: one definition of the features serves both
    (this vector is for tests and explanations; the search reads the weighted sum).
    """
    return [score(board) for score in _unit_scorers(board.rules)]


_UNIT_SCORERS: dict[Rules, tuple[Callable[..., float], ...]] = {}


def _unit_scorers(rules: Rules) -> tuple[Callable[..., float], ...]:
    """One scorer per feature, each weighing that feature alone."""
    scorers = _UNIT_SCORERS.get(rules)
    if scorers is None:
        units = [[0] * N_FEATURES for _ in range(N_FEATURES)]
        for i, unit in enumerate(units):
            unit[i] = 1
        scorers = tuple(white_scorer(rules, unit) for unit in units)
        _UNIT_SCORERS[rules] = scorers
    return scorers


def white_scorer(rules: Rules, weights: Sequence[float]) -> Callable[..., float]:
    """The weighted sum of the features (see :data:`FEATURES`) of a board of ``rules``,
    from white's side, as a function of the board (and of the king's capture squares,
    :func:`tablut.ai.bits.king_capture_squares`, if the caller has them already)."""
    return _scorer(rules, weights, None)


def side_scorer(rules: Rules, weights: Sequence[float], offset: float
                ) -> Callable[..., int]:
    """:func:`white_scorer`'s sum plus ``offset``, truncated to an int and seen from the
    side to move (negated when black is to move): what the search reads at its leaves."""
    return _scorer(rules, weights, offset)


def _scorer(rules: Rules, weights: Sequence[float], offset: float | None
            ) -> Callable[..., float]:
    """:func:`white_scorer` if ``offset`` is None, else :func:`side_scorer`.

    This runs at every leaf of the search, so it is one function with the weights and
    the rule set's squares bound in its closure, every feature a local and no vector
    built: the rule set's branches are taken once, here, not at every leaf.  The side to
    move's view is taken in the same function, not a wrapper: a call less at every leaf.
    """
    if len(weights) != N_FEATURES:
        raise ValueError(f"need {N_FEATURES} weights, got {len(weights)}")
    (w_guards, w_soldiers, w_king_mobility, w_threat_squares, w_fork_squares, w_open_lines,
     w_reach2_lines, w_hostile_sides, w_white_sides, w_capture_squares, w_capture_reached,
     w_white_hanging, w_black_hanging, w_white_mobility, w_black_mobility, w_line_control,
     w_escape_distance, w_enclosed, w_corner_guards, w_to_move, w_capture_on_move) = weights
    geo = geometry(rules)
    walled, walls, soldier_ok, king_ok, corner_escape = (
        bool(geo.barrier), geo.walls, geo.soldier_ok, geo.shape.all & ~geo.king_forbidden,
        geo.corner_escape)
    # The board's size is bound here too: its constants and fills are the closure's.
    board_shape, bits = geo.shape, board_bits(geo.shape.size)
    all_, neighbour_masks, rook_targets, rook_reach3_lines, open_to_an_edge = (
        board_shape.all, board_shape.neighbour_masks, board_shape.rook_targets,
        board_shape.rook_reach3_lines, board_shape.open_to_an_edge)
    escape_lines, both_sandwich_ends, lines_within = (
        bits.escape_lines, bits.both_sandwich_ends, bits.escape_line_masks(corner_escape))
    corner_diagonals, dist_edge, dist_corner = _board_terms(board_shape.size)
    escape_distance = tuple(w_escape_distance * d for d in
                            (dist_corner if corner_escape else dist_edge))
    hostile_to_king, king_armed = geo.hostile_to_king_squares, geo.king_armed
    # geo.anvils_against_black(white, king) is white | black_anvils[king]: looked up here.
    anvils_against_white, black_anvils = geo.anvils_against_white, geo.black_anvils_by_king
    encirclement, white_view = rules.encirclement, offset is None

    def score_board(board: Board, capture_squares: Bitboard | None = None) -> float:
        black = board.black
        white = board.white
        king = board.king
        if king < 0:
            score = w_guards * white.bit_count() + w_soldiers * black.bit_count()
            return score if white_view else _seen_by_side_to_move(board, score + offset)
        kbit = 1 << king
        occupied = (soldiers := black | white) | kbit
        empty = all_ ^ occupied
        if walled:
            k1 = rook_targets(king, occupied | walls[king]) & king_ok
            b_reach, w_reach, k2, king_free = _walled_reaches(geo, black, white, k1, empty)
            # The escape lines, with the king's square empty: he does not block his own.
            n, e, s, w = escape_lines(king_free | kbit, corner_escape)
        else:
            k1 = rook_targets(king, occupied) & king_ok
            # One fill for the three reaches and the escape lines (the hot spot of the
            # evaluation): black's, white's, the king's second move from the squares of
            # his first, and the lines that only soldiers block (not the king himself).
            b_reach, w_reach, k2, n, e, s, w = rook_reach3_lines(
                black, white, k1, empty, soldiers, lines_within)
            b_reach, w_reach = b_reach & soldier_ok, w_reach & soldier_ok
        score = (w_guards * white.bit_count() + w_soldiers * black.bit_count()
                 + w_king_mobility * k1.bit_count()
                 + w_white_mobility * w_reach.bit_count()
                 + w_black_mobility * b_reach.bit_count()
                 + escape_distance[king]
                 + w_corner_guards * (black & corner_diagonals).bit_count())
        one = n | e | s | w
        if one:
            two = (n & (e | s | w)) | (e & (s | w)) | (s & w)
            score += (w_threat_squares * (k1 & one).bit_count()
                      + w_fork_squares * (k1 & two).bit_count()
                      + w_open_lines * ((n & kbit) + (e & kbit) + (s & kbit) + (w & kbit)
                                        >> king)
                      + w_reach2_lines * (k2 & one & ~k1).bit_count()
                      + w_line_control * (one & b_reach).bit_count())
        around = neighbour_masks[king]
        score += (w_hostile_sides * (around & (black | hostile_to_king)).bit_count()
                  + w_white_sides * (around & white).bit_count())
        if capture_squares is None:
            capture_squares = king_capture_squares(board)
        if capture_squares:
            score += (w_capture_squares * capture_squares.bit_count()
                      + w_capture_reached * (capture_squares & b_reach).bit_count())
        white_ends, black_ends = both_sandwich_ends(
            white, anvils_against_white(black, king), black, white | black_anvils[king])
        white_hanging, black_hanging = (
            (white_ends & empty & b_reach).bit_count(),
            (black_ends & empty & (w_reach | k1 if king_armed else w_reach)).bit_count())
        score += w_white_hanging * white_hanging + w_black_hanging * black_hanging
        if encirclement:
            # White pieces that cannot reach an edge without crossing a black piece.
            score += w_enclosed * ((white | kbit) & ~open_to_an_edge(black)).bit_count()
        if board.turn == WHITE_TO_MOVE:
            score = score + w_to_move + (w_capture_on_move if black_hanging else 0)
            return score if white_view else int(score + offset)
        score = score - w_to_move - (w_capture_on_move if white_hanging else 0)
        return score if white_view else -int(score + offset)

    return score_board


def _seen_by_side_to_move(board: Board, white_score: float) -> int:
    """``white_score`` truncated, from the side to move's point of view."""
    value = int(white_score)
    return value if board.turn == WHITE_TO_MOVE else -value


def _walled_reaches(geo: RuleGeometry, black: int, white: int, k1: int, empty: int
                    ) -> tuple[int, int, int, int]:
    """The reaches of rules with camps or a throne nobody crosses, where the three cannot
    share one fill: black's, white's, the king's second move from the squares ``k1`` of
    his first, and the squares he may cross (camps and such a throne block him)."""
    king_free = empty & ~geo.barrier
    return (geo.soldier_reach(black, empty), geo.soldier_reach(white, empty),
            geo.shape.rook_reach(k1, king_free), king_free)


class Evaluator:
    """A static evaluation with one weight vector: ``evaluator(board)`` is the score from
    the side to move's point of view (positive: good for the side to move).

    The scores are centred: the start position of each rule set scores 0, so a score
    says how much better than the start a side stands, and a draw (score 0) is worth what
    the start is worth.
    """

    __slots__ = ("weights", "_by_rules")

    def __init__(self, weights: Sequence[float]) -> None:
        """An evaluator with ``weights``, one per name in :data:`FEATURES`."""
        if len(weights) != N_FEATURES:
            raise ValueError(f"need {N_FEATURES} weights, got {len(weights)}")
        self.weights = tuple(weights)
        self._by_rules: dict[str, Callable[..., int]] = {}

    def for_rules(self, rules: Rules) -> Callable[..., int]:
        """The evaluation of boards of ``rules``, as one function with the rule set's
        scorer and centring bound: ``score(board, capture_squares=None)``, what a search
        calls at its leaves (see :meth:`__call__`)."""
        found = self._by_rules.get(rules.name)
        if found is not None:
            return found
        offset = -white_scorer(rules, self.weights)(Board.start(rules))
        score = side_scorer(rules, self.weights, offset)
        self._by_rules[rules.name] = score
        return score

    def __call__(self, board: Board, capture_squares: Bitboard | None = None) -> int:
        """The score from the side to move's point of view; ``capture_squares``, if the
        caller has them, are the king's (:func:`tablut.ai.bits.king_capture_squares`)."""
        return self.for_rules(board.rules)(board, capture_squares)


__all__ = ["FEATURES", "N_FEATURES", "Evaluator", "features", "side_scorer", "white_scorer"]
