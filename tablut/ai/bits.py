"""Bitboard helpers for the search and the evaluation: whole-board fills and threat tests.

Everything here reads a :class:`tablut.board.Board`'s public fields (``black``, ``white``,
``king``, ``turn``, ``geometry``) and never changes the board.  The board's own move
generator answers "which moves are legal"; these helpers answer the questions the search
asks at every node and must answer fast: can the king escape right now, can black capture
him right now, which squares could a side capture on, which squares have an open line to
an escape square.  They work on whole bitboards at once (shift-and-mask fills) rather
than square by square, which is what makes them cheap in Python.

The rule set enters only through the board's :class:`tablut.geometry.RuleGeometry`
(``board.geometry``), the same squares the board's own moves and captures read, so no
code here asks which rule set it plays.  The board's size enters through
:func:`board_bits`: the helpers that read raw bitboards (:class:`BoardBits`) are closures
over one size's constants, built once per size as :func:`tablut.squares.shape` builds the
fills, and the functions here that take a board look their size's helpers up from it, once
a call.  The raw-bitboard names at module level (:func:`moves_onto`,
:func:`escape_lines` ...) are the 9x9 board's, as in :mod:`tablut.squares`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from ..board import Board, Move
from ..geometry import RuleGeometry
from ..squares import Bitboard, Shape, Square, shape

Lines = tuple[Bitboard, Bitboard, Bitboard, Bitboard]
"""One bitboard per direction: north, east, south, west."""


@dataclass(frozen=True, slots=True, eq=False)
class BoardBits:
    """The helpers of one board size that read raw bitboards (see :func:`board_bits`).

    Attributes:
        shape: the board (:class:`tablut.squares.Shape`).
        axes: for each square, the pairs of its opposite neighbours that are both on the
            board (none on a corner, one on another edge square, two elsewhere).
        edge_lines, corner_lines: :meth:`escape_line_masks` with edge escape and with
            corner escape.
        moves_onto, reached, clear_lines, sandwich_ends, both_sandwich_ends: closures
            over this size's rays and masks (see their docstrings).
    """

    shape: Shape
    axes: tuple[tuple[tuple[Square, Square], ...], ...]
    edge_lines: Lines
    corner_lines: Lines
    moves_onto: Callable[..., list[Move]]
    reached: Callable[..., bool]
    clear_lines: Callable[[Bitboard, Lines], Lines]
    sandwich_ends: Callable[[Bitboard, Bitboard], Bitboard]
    both_sandwich_ends: Callable[[Bitboard, Bitboard, Bitboard, Bitboard],
                                 tuple[Bitboard, Bitboard]]

    def escape_line_masks(self, corner_escape: bool) -> Lines:
        """For each direction (north, east, south, west), the squares from which a clear
        ray that way ends on an escape square (the square itself not one): any square but
        the edge it faces with edge escape, only squares along an edge with corner escape."""
        return self.corner_lines if corner_escape else self.edge_lines

    def escape_lines(self, empty: Bitboard, corner_escape: bool) -> Lines:
        """For each direction, the squares from which a king would reach an escape square
        by a straight move in that direction through ``empty`` (escape squares themselves
        excluded).

        With edge escape that is any square whose ray to the edge is empty; with corner
        escape only squares on an edge row or file, whose ray along that edge ends in a
        corner.
        """
        return self.clear_lines(empty, self.corner_lines if corner_escape else self.edge_lines)

    def movers_to(self, sq: Square, occupied: Bitboard, pieces: Bitboard,
                  walls: tuple[Bitboard, ...] | None = None) -> list[Square]:
        """The squares of ``pieces`` that reach ``sq`` in one straight move through empty
        squares.

        ``sq`` itself must be empty.  At most one piece per direction: the first one met,
        in the order north, east, south, west.  ``walls`` (a
        :class:`tablut.geometry.RuleGeometry`'s, for rules with camps or a throne nobody
        crosses) leaves out the pieces whose way there is walled.
        """
        return [frm for frm, _ in self.moves_onto(1 << sq, occupied, pieces, walls)]


@functools.cache
def board_bits(size: int) -> BoardBits:
    """The helpers of the board of ``size`` squares a side, built on first use and kept."""
    board = shape(size)
    all_, file_a, file_last = board.all, board.file_a, board.file_last
    walled_moves_onto = _walled_moves_onto(board)
    sandwich_ends, both_sandwich_ends = _sandwiches(board)
    return BoardBits(
        shape=board,
        axes=tuple(_axes(board, sq) for sq in board.squares),
        edge_lines=(all_ & ~board.rank_last, all_ & ~file_last, all_ & ~board.rank_1,
                    all_ & ~file_a),
        corner_lines=((file_a | file_last) & ~board.rank_last,
                      (board.rank_1 | board.rank_last) & ~file_last,
                      (file_a | file_last) & ~board.rank_1,
                      (board.rank_1 | board.rank_last) & ~file_a),
        moves_onto=_moves_onto(board, walled_moves_onto),
        reached=_reached(board, walled_moves_onto),
        clear_lines=_clear_lines(board),
        sandwich_ends=sandwich_ends,
        both_sandwich_ends=both_sandwich_ends,
    )


def _axes(board: Shape, sq: Square) -> tuple[tuple[Square, Square], ...]:
    """The pairs of opposite neighbours of ``sq`` that are both on the board."""
    size = board.size
    row, col = divmod(sq, size)
    pairs = []
    if 0 < row < size - 1:
        pairs.append((sq + size, sq - size))
    if 0 < col < size - 1:
        pairs.append((sq + 1, sq - 1))
    return tuple(pairs)


def _moves_onto(board: Shape, walled_moves_onto: Callable[..., list[Move]]
                ) -> Callable[..., list[Move]]:
    """:func:`moves_onto` for ``board``, a closure over its rays."""
    north_rays, east_rays, south_rays, west_rays = board.ray_masks

    def moves_onto(targets: Bitboard, occupied: Bitboard, pieces: Bitboard,
                   walls: tuple[Bitboard, ...] | None = None) -> list[Move]:
        """The moves of ``pieces`` that stop on a square of ``targets`` (empty squares),
        by target square (lowest first), then north, east, south, west of it: the first
        piece met that way, unless ``walls`` (as for :meth:`BoardBits.movers_to`) stand
        in its way."""
        if walls is not None:
            return walled_moves_onto(targets, occupied, pieces, walls)
        # Unrolled, one block per direction, as in reached(): move ordering asks this often.
        moves = []
        while targets:
            low = targets & -targets
            targets ^= low
            to = low.bit_length() - 1
            blockers = north_rays[to] & occupied
            if blockers:
                first = blockers & -blockers
                if first & pieces:
                    moves.append((first.bit_length() - 1, to))
            blockers = east_rays[to] & occupied
            if blockers:
                first = blockers & -blockers
                if first & pieces:
                    moves.append((first.bit_length() - 1, to))
            blockers = south_rays[to] & occupied
            if blockers:
                frm = blockers.bit_length() - 1
                if pieces >> frm & 1:
                    moves.append((frm, to))
            blockers = west_rays[to] & occupied
            if blockers:
                frm = blockers.bit_length() - 1
                if pieces >> frm & 1:
                    moves.append((frm, to))
        return moves

    return moves_onto


def _reached(board: Shape, walled_moves_onto: Callable[..., list[Move]]
             ) -> Callable[..., bool]:
    """:func:`reached` for ``board``, a closure over its rays."""
    north_rays, east_rays, south_rays, west_rays = board.ray_masks

    def reached(sq: Square, occupied: Bitboard, pieces: Bitboard,
                walls: tuple[Bitboard, ...] | None = None) -> bool:
        """Whether some piece of ``pieces`` reaches the empty square ``sq`` in one move
        (``walls`` as for :meth:`BoardBits.movers_to`)."""
        if walls is not None:
            return bool(walled_moves_onto(1 << sq, occupied, pieces, walls))
        blockers = north_rays[sq] & occupied
        if blockers and (blockers & -blockers) & pieces:
            return True
        blockers = east_rays[sq] & occupied
        if blockers and (blockers & -blockers) & pieces:
            return True
        blockers = south_rays[sq] & occupied
        if blockers and pieces >> (blockers.bit_length() - 1) & 1:
            return True
        blockers = west_rays[sq] & occupied
        return bool(blockers and pieces >> (blockers.bit_length() - 1) & 1)

    return reached


def _walled_moves_onto(board: Shape) -> Callable[..., list[Move]]:
    """:func:`moves_onto` where walls stand, for ``board``: a closure over its rays."""
    ray_masks = board.ray_masks

    def walled_moves_onto(targets: Bitboard, occupied: Bitboard, pieces: Bitboard,
                          walls: tuple[Bitboard, ...]) -> list[Move]:
        """:func:`moves_onto` where ``walls`` stand: a piece counts only if no wall of its
        own (``walls[frm]``) stands on the target or between it and the target."""
        moves = []
        while targets:
            low = targets & -targets
            targets ^= low
            to = low.bit_length() - 1
            for d, rays in enumerate(ray_masks):
                blockers = rays[to] & occupied
                if blockers:
                    first = (blockers & -blockers) if d < 2 else 1 << (blockers.bit_length() - 1)
                    if first & pieces:
                        frm = first.bit_length() - 1
                        between = (rays[to] ^ rays[frm]) | low
                        if not walls[frm] & between & ~first:
                            moves.append((frm, to))
        return moves

    return walled_moves_onto


def _columns(size: int, first: int, stop: int) -> Bitboard:
    """The squares of the columns ``first`` to ``stop - 1`` of the board of ``size``."""
    return sum(1 << (row * size + col) for row in range(size) for col in range(first, stop))


def _clear_lines(board: Shape) -> Callable[[Bitboard, Lines], Lines]:
    """:func:`clear_lines` for ``board``, a closure over its shifts and masks."""
    size, all_ = board.size, board.all
    # Shifts are named once: the compiler folds only literals, and this runs at many nodes.
    rows2, rows4, rows8 = 2 * size, 4 * size, 8 * size
    # A smear by k columns east must not wrap into the next row: it keeps the squares with
    # k columns west of them (east_k), and westwards those with k columns east (west_k).
    east_1, east_2, east_4, east_8 = (_columns(size, k, size) for k in (1, 2, 4, 8))
    west_1, west_2, west_4, west_8 = (_columns(size, 0, size - k) for k in (1, 2, 4, 8))

    def clear_lines(empty: Bitboard, within: Lines) -> Lines:
        """For each direction (north, east, south, west), the squares whose whole ray in
        that direction is empty (edge squares count: their ray is empty), kept only within
        that direction's mask of ``within``.

        Each direction is the complement of a smear: the occupied squares spread the other
        way one step, then by one, two, four and eight more (doubling steps, covering 16
        squares, more than any supported board's longest ray: five shifts whatever the
        size), rather than a fill that steps one square at a time.
        """
        occupied = all_ & ~empty
        x = occupied >> size
        x |= x >> size
        x |= x >> rows2
        x |= x >> rows4
        north = within[0] & ~(x | x >> rows8)
        x = occupied << size
        x |= x << size
        x |= x << rows2
        x |= x << rows4
        south = within[2] & ~(x | x << rows8)
        x = occupied >> 1 & west_1
        x |= x >> 1 & west_1
        x |= x >> 2 & west_2
        x |= x >> 4 & west_4
        east = within[1] & ~(x | x >> 8 & west_8)
        x = occupied << 1 & east_1
        x |= x << 1 & east_1
        x |= x << 2 & east_2
        x |= x << 4 & east_4
        west = within[3] & ~(x | x << 8 & east_8)
        return north, east, south, west

    return clear_lines


def _sandwiches(board: Shape) -> tuple[Callable[[Bitboard, Bitboard], Bitboard],
                                       Callable[[Bitboard, Bitboard, Bitboard, Bitboard],
                                                tuple[Bitboard, Bitboard]]]:
    """:func:`sandwich_ends` and :func:`both_sandwich_ends` for ``board``, closures over
    its shifts and masks."""
    size, all_, lane = board.size, board.all, board.lane
    rows2 = 2 * size
    # The squares with two squares of their row east of them, and west of them.
    east_room = _columns(size, 0, size - 2)
    west_room = _columns(size, 2, size)
    # Two boards side by side, ``lane`` bits apart, for both sides' sandwiches at once: a
    # sandwich is a square, an enemy next to it and a hostile square beyond, and no enemy
    # stands in the empty row between the boards, so none straddles them.
    east_room2 = east_room | east_room << lane
    west_room2 = west_room | west_room << lane

    def sandwich_ends(enemies: Bitboard, hostile: Bitboard) -> Bitboard:
        """Squares t with an enemy next to t and a hostile square beyond it, in a straight
        line."""
        return ((enemies >> size) & (hostile >> rows2)
                | (enemies << size) & (hostile << rows2)
                | (enemies >> 1) & (hostile >> 2) & east_room
                | (enemies << 1) & (hostile << 2) & west_room) & all_

    def both_sandwich_ends(white: Bitboard, against_white: Bitboard, black: Bitboard,
                           against_black: Bitboard) -> tuple[Bitboard, Bitboard]:
        """``sandwich_ends(white, against_white)`` and ``sandwich_ends(black,
        against_black)``, computed together on two boards packed in one int (the
        evaluation asks for both at every leaf, so :func:`sandwich_ends` is written out
        here rather than called)."""
        enemies = white | black << lane
        hostile = against_white | against_black << lane
        out = ((enemies >> size) & (hostile >> rows2)
               | (enemies << size) & (hostile << rows2)
               | (enemies >> 1) & (hostile >> 2) & east_room2
               | (enemies << 1) & (hostile << 2) & west_room2)
        return out & all_, out >> lane & all_

    return sandwich_ends, both_sandwich_ends


# -- the 9x9 board's raw-bitboard helpers, by the names they have always had ---------------

NINE = board_bits(9)
"""The helpers of the 9x9 board of Tablut."""

moves_onto = NINE.moves_onto
reached = NINE.reached
movers_to = NINE.movers_to
escape_line_masks = NINE.escape_line_masks
escape_lines = NINE.escape_lines
sandwich_ends = NINE.sandwich_ends
both_sandwich_ends = NINE.both_sandwich_ends


# -- questions about a board, of any size ---------------------------------------------------

def king_capture_squares(board: Board) -> Bitboard:
    """The empty squares where a black piece arriving captures the king, as the rules stand
    in this position (whoever is to move).  0 when the king is gone."""
    king = board.king
    if king < 0:
        return 0
    geo = board.geometry
    black = board.black
    # geo.hostile_to_king(black, king), written out: this runs at every node.
    hostile = black | geo.hostile_to_king_by_king[king]
    around = geo.shape.neighbour_masks[king]
    if not around & hostile:
        return 0  # every capture needs a hostile side already: the usual case
    stoppable = geo.soldier_ok & ~(black | board.white | (1 << king))
    if geo.king_sides[king] == 2:
        # A sandwich: black lands on one side, the opposite side already hostile.
        squares = 0
        for a, b in board_bits(geo.shape.size).axes[king]:
            if hostile >> a & 1:
                if stoppable >> b & 1:
                    squares |= 1 << b
            elif hostile >> b & 1 and stoppable >> a & 1:
                squares |= 1 << a
        return squares
    if around.bit_count() != 4:
        return 0
    open_sides = around & ~hostile
    if open_sides & (open_sides - 1) == 0 and open_sides & stoppable:
        return open_sides
    return 0


def black_can_capture_king(board: Board) -> bool:
    """Whether a black move (if black were to move) captures the king right away."""
    squares = king_capture_squares(board)
    return bool(squares) and black_reaches_any(board, squares)


def black_reaches_any(board: Board, squares: Bitboard) -> bool:
    """Whether a black soldier reaches one of the empty ``squares`` in one move."""
    occupied = board.black | board.white | (1 << board.king)
    black = board.black
    geo = board.geometry
    walls = geo.walls_if_any
    reached_from = board_bits(geo.shape.size).reached
    while squares:
        low = squares & -squares
        if reached_from(low.bit_length() - 1, occupied, black, walls):
            return True
        squares ^= low
    return False


def king_escape_targets(board: Board) -> Bitboard:
    """Escape squares the king reaches in one move (white wins by moving there)."""
    king = board.king
    if king < 0:
        return 0
    geo = board.geometry
    occupied = board.black | board.white | (1 << king) | geo.walls[king]
    return geo.shape.rook_targets(king, occupied) & geo.escape & ~geo.king_forbidden


def king_threat_squares(board: Board) -> Bitboard:
    """The squares the king reaches in one move from which he would have an open line to
    an escape square: where he threatens to escape next (0 once he is captured)."""
    king = board.king
    if king < 0:
        return 0
    geo = board.geometry
    board_shape = geo.shape
    occupied = board.black | board.white | (1 << king)
    targets = board_shape.rook_targets(king, occupied | geo.walls[king]) & ~geo.king_forbidden
    if not targets:
        return 0
    # The king's own square does not block his lines once he has left it; camps and a
    # throne nobody crosses do.
    n, e, s, w = board_bits(board_shape.size).escape_lines(
        board_shape.all & ~(occupied | geo.barrier) | (1 << king), geo.corner_escape)
    return targets & (n | e | s | w)


def escape_rays(king: Square, occupied: Bitboard, geo: RuleGeometry) -> tuple[int, Bitboard]:
    """The open lines from the king on ``king`` to an escape square: how many, and the
    squares black could stop on to block them (the squares of those rays that soldiers
    may occupy).  A camp or a throne nobody crosses closes a line as a piece does: the
    geometry's escape rays leave out the rays they close."""
    count = 0
    blocks = 0
    for ray in geo.escape_rays[king]:
        if not ray & occupied:
            count += 1
            blocks |= ray
    return count, blocks & ~geo.soldier_forbidden


def open_escape_rays(board: Board) -> tuple[int, Bitboard]:
    """:func:`escape_rays` for the king of ``board`` (none once he is captured)."""
    king = board.king
    if king < 0:
        return 0, 0
    return escape_rays(king, board.black | board.white | (1 << king), board.geometry)


def capture_destinations(board: Board, side: int) -> Bitboard:
    """Empty squares where a soldier of ``side`` (a :class:`tablut.side.Side`) arriving
    would capture at least one enemy soldier by a sandwich (the king is not counted: see
    king_capture_squares; nor are Copenhagen's shieldwalls, rare and dear to look for).
    The far sides of the sandwiches are the board's own
    (:meth:`tablut.geometry.RuleGeometry.anvils_against_white` and ``..._black``)."""
    geo = board.geometry
    king = board.king
    black = board.black
    white = board.white
    board_shape = geo.shape
    empty = board_shape.all & ~(black | white | (1 << king if king >= 0 else 0))
    ends = board_bits(board_shape.size).sandwich_ends
    if side == 0:
        return ends(white, geo.anvils_against_white(black, king)) & empty
    return ends(black, geo.anvils_against_black(white, king)) & empty
