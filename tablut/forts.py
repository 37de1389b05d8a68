"""Shieldwalls and edge forts: Copenhagen Hnefatafl's two rules of the board's edges.

A *shieldwall* is a row of pieces on an edge, each with an enemy on the square inward of
it, bracketed at both ends by enemies on the edge (or a corner).  When an enemy moving
onto that edge closes it, the row is taken at once, all but the king.  An *edge fort*
(the exit fort) wins for white: the king on an edge, or able to reach one, able to move,
and walled in by white pieces that black cannot capture.

Both are as OpenTafl's rules code (v0.4.8.0b) judges them, for that code is the referee
of the rule set (``tests/fixtures/opentafl/family`` holds positions it judged).  Its
walk along the edges, which this module follows step by step, has ways of its own:

* it walks each edge from one corner to the other (rank 1 and the top rank from file a,
  the edge files from rank 1 up) and keeps, as it goes, the squares it takes for
  surrounded and the pieces it takes for the wall; where a friendly piece on the edge
  interrupts a row, it looks one square further than the walk has counted (its step
  counter is not advanced on every square), and the lists it started are not emptied
  when a row ends at a corner, so a later edge's row may carry an earlier edge's squares;
* a row is closed only by a move onto an edge square of the wall itself, and only while
  each side has two pieces on the edges (a corner is no piece);
* a fort's walls hold if no wall piece has three or more neighbours outside the fort
  that are empty or black.

One place where it is not followed: as shipped, OpenTafl never lets a piece making its
very first move close a shieldwall (a flag it sets on the piece during the move changes
the identity it compares); the rule as written wins there, and any piece closes one.
"""

from __future__ import annotations

import functools

from .geometry import RuleGeometry
from .squares import Bitboard, Shape, Square, shape, squares_of

_EMPTY, _BLACK, _WHITE = 0, 1, 2
"""What a square holds, by side; the king is white."""

Edge = tuple[tuple[Square, ...], tuple[Square, ...]]
"""One edge of the board in OpenTafl's order of walking, and the square inward of each."""


@functools.cache
def _edges(size: int) -> tuple[Edge, ...]:
    """The four edges as OpenTafl walks them (its rows count from rank 1): rank 1 and the
    top rank from file a, then the edge files a and the last from rank 1 up; each with
    the squares one step inward."""
    board: Shape = shape(size)
    last = size - 1
    steps = range(size)
    return (
        (tuple(board.square(c, 0) for c in steps), tuple(board.square(c, 1) for c in steps)),
        (tuple(board.square(c, last) for c in steps),
         tuple(board.square(c, last - 1) for c in steps)),
        (tuple(board.square(0, r) for r in steps), tuple(board.square(1, r) for r in steps)),
        (tuple(board.square(last, r) for r in steps),
         tuple(board.square(last - 1, r) for r in steps)),
    )


@functools.cache
def _inward(size: int) -> tuple[Square, ...]:
    """For each edge square, the square one step inward (-1 for the corners and for the
    squares off the edges): the square a shieldwall's wall piece stands on."""
    board = shape(size)
    inward = [-1] * board.count
    for edge, inner in _edges(size):
        for sq, step in zip(edge, inner, strict=True):
            if not board.corners >> sq & 1:
                inward[sq] = step
    return tuple(inward)


def _beside(board: Shape, squares: Bitboard) -> Bitboard:
    """The squares of ``board`` orthogonally next to one of ``squares``."""
    size = board.size
    return (squares << size | squares >> size | (squares << 1 & board.not_file_a)
            | (squares >> 1 & board.not_file_last)) & board.all


def _side_at(black: Bitboard, white: Bitboard, sq: Square) -> int:
    if black >> sq & 1:
        return _BLACK
    if white >> sq & 1:
        return _WHITE
    return _EMPTY


# One walk, as OpenTafl's, branch for branch: split, it would no longer read as the code
# it follows.
def shieldwall_rows(black: Bitboard, whites: Bitboard, king: Square,  # noqa: C901, PLR0912
                    walls: int, size: int, corners: Bitboard
                    ) -> list[tuple[list[Square], list[Square]]]:
    """The shieldwall rows of the side ``walls`` (``_BLACK`` or ``_WHITE``) around the
    other side's pieces, as OpenTafl finds them: each a list of the edge squares taken
    for surrounded and a list of the squares of the pieces taken for its wall.

    ``whites`` holds the white guards and the king (on ``king``).  Both sides need two
    pieces on the edges or there is none.
    """
    edges = shape(size).edges
    if (black & edges).bit_count() < 2 or (whites & edges).bit_count() < 2:
        return []
    rows: list[tuple[list[Square], list[Square]]] = []
    surrounded: list[Square] = []
    wall: list[Square] = []
    for edge, inward in _edges(size):
        start = None
        index = 0
        for at, sq in enumerate(edge):
            side = _side_at(black, whites, sq)
            if start is None and corners >> sq & 1:
                start = sq
                continue
            if start is None and side == walls:
                start = sq
                wall.append(sq)
                continue
            if start is not None:
                if corners >> sq & 1:
                    if len(surrounded) > 1:
                        rows.append((surrounded, wall))
                    break  # the lists are kept: the next edge's row goes on with them
                inner = inward[at]
                inner_walls = _side_at(black, whites, inner) == walls
                if side == walls:
                    if _side_at(black, whites, edge[index + 1]) == walls and inner_walls:
                        wall.append(inner)
                        surrounded.append(sq)
                        continue
                    if sq == king and inner_walls:
                        wall.append(inner)
                        surrounded.append(sq)
                        continue
                    if len(surrounded) > 1:
                        wall.append(sq)
                        rows.append((surrounded, wall))
                    start = sq
                    wall, surrounded = [], []
                    continue
                if inner_walls:
                    wall.append(inner)
                    surrounded.append(sq)
                else:
                    start = None
                    wall, surrounded = [], []
            index += 1
    return rows


def shieldwall_captures(geo: RuleGeometry, black: Bitboard, white: Bitboard, king: Square,
                        to: Square) -> Bitboard:
    """The pieces taken by shieldwalls that the piece just arrived on ``to`` closes: it
    must stand on an edge and be one of a row's wall, and every square the row surrounds
    must hold an enemy; the king is never taken.  ``black``, ``white`` (the guards) and
    ``king`` (-1 once captured) are the board after the move's other captures."""
    board_shape = geo.shape
    edges = board_shape.edges
    if not edges >> to & 1:
        return 0
    whites = white | (1 << king if king >= 0 else 0)
    mover = _BLACK if black >> to & 1 else _WHITE
    own, enemies = (black, whites) if mover == _BLACK else (whites, black)
    size, corners = board_shape.size, board_shape.corners
    # A row taken holds two enemies or more on an edge, each with one of the mover's
    # pieces inward of it: without two such, the walk below finds nothing to take.  (Not
    # "beside the mover": OpenTafl's walk can hand the mover a row on another edge.)
    faced = ((enemies & board_shape.rank_1 & own >> size)
             | (enemies & board_shape.rank_last & own << size)
             | (enemies & board_shape.file_a & own >> 1)
             | (enemies & board_shape.file_last & own << 1))
    if faced.bit_count() < 2:
        return 0
    rows = (shieldwall_rows(black, whites, king, _BLACK, size, corners)
            + shieldwall_rows(black, whites, king, _WHITE, size, corners))
    taken = 0
    for surrounded, wall in rows:
        if to not in wall:
            continue
        # Squares already taken by an earlier row count as empty, as they are by then.
        standing = enemies & ~taken
        if all(standing >> sq & 1 for sq in surrounded):
            for sq in surrounded:
                if sq != king:
                    taken |= 1 << sq
    return taken


def in_edge_fort(geo: RuleGeometry, black: Bitboard, white: Bitboard, king: Square) -> bool:
    """Whether white has won by an edge fort, as OpenTafl judges it after every move.

    Either the king stands in a row of white's shieldwall shape on an edge and can move;
    or the king's region (the squares he could walk to, his own included) touches an
    edge, he can move, no black piece borders it, and no white piece bordering it has
    three or more neighbours outside it that are empty or black.  ``white`` holds the
    guards, ``king`` the king's square (-1 once captured).
    """
    if king < 0:
        return False
    board_shape = geo.shape
    whites = white | 1 << king
    occupied = black | whites
    neighbour_masks = board_shape.neighbour_masks
    can_move = bool(neighbour_masks[king] & ~occupied & ~geo.king_forbidden)
    if not can_move:
        return False
    # The king stands in a row of white's shieldwall shape only with a white piece inward.
    if board_shape.edges >> king & 1 and whites >> _inward(board_shape.size)[king] & 1:
        for surrounded, _ in shieldwall_rows(black, whites, king, _WHITE, board_shape.size,
                                             board_shape.corners):
            if king in surrounded:
                return True
    if neighbour_masks[king] & black:
        return False  # black borders the king's region: no fort
    # The region grows until it meets a square beside a black piece, where it stops: black
    # borders it then, and there is no fort (the usual answer, found in a step or two).
    beside_black = _beside(board_shape, black)
    region = board_shape.flood(1 << king, (board_shape.all & ~occupied) | 1 << king,
                               beside_black)
    if region & beside_black or not region & board_shape.edges:
        return False
    border = _beside(board_shape, region) & ~region
    for sq in squares_of(border & whites):
        outside = neighbour_masks[sq] & ~region & ~whites
        if outside.bit_count() >= 3:
            return False
    return True
