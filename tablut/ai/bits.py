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
code here asks which rule set it plays.
"""

from __future__ import annotations

from ..board import Board
from ..geometry import RuleGeometry
from ..squares import (
    ALL,
    FILE_A,
    FILE_I,
    LANE,
    NEIGHBOUR_MASKS,
    RANK_1,
    RANK_9,
    RAY_MASKS,
    ROWS2,
    ROWS4,
    SIZE,
    Bitboard,
    Square,
    rook_targets,
)

_COLS_A_TO_G: Bitboard = ALL & ~FILE_I & ~(FILE_I >> 1)
_COLS_C_TO_I: Bitboard = ALL & ~FILE_A & ~(FILE_A << 1)

_NORTH, _EAST, _SOUTH, _WEST = RAY_MASKS


def _axes(sq: Square) -> tuple[tuple[Square, Square], ...]:
    """The pairs of opposite neighbours of ``sq`` that are both on the board."""
    row, col = divmod(sq, SIZE)
    pairs = []
    if 0 < row < SIZE - 1:
        pairs.append((sq + SIZE, sq - SIZE))
    if 0 < col < SIZE - 1:
        pairs.append((sq + 1, sq - 1))
    return tuple(pairs)


AXES: tuple[tuple[tuple[Square, Square], ...], ...] = tuple(_axes(sq) for sq in range(SIZE * SIZE))


def movers_to(sq: Square, occupied: Bitboard, pieces: Bitboard,
              walls: tuple[Bitboard, ...] | None = None) -> list[Square]:
    """The squares of ``pieces`` that reach ``sq`` in one straight move through empty squares.

    ``sq`` itself must be empty.  At most one piece per direction: the first one met, in
    the order north, east, south, west.  ``walls`` (a
    :class:`tablut.geometry.RuleGeometry`'s, for rules with camps or a throne nobody
    crosses) leaves out the pieces whose way there is walled.
    """
    return [frm for frm, _ in moves_onto(1 << sq, occupied, pieces, walls)]


def moves_onto(targets: Bitboard, occupied: Bitboard, pieces: Bitboard,
               walls: tuple[Bitboard, ...] | None = None) -> list[tuple[Square, Square]]:
    """The moves of ``pieces`` that stop on a square of ``targets`` (empty squares), by
    target square (lowest first), then north, east, south, west of it: the first piece
    met that way, unless ``walls`` (as for :func:`movers_to`) stand in its way."""
    if walls is not None:
        return _walled_moves_onto(targets, occupied, pieces, walls)
    # Unrolled, one block per direction, as in reached(): move ordering asks this often.
    moves = []
    while targets:
        low = targets & -targets
        targets ^= low
        to = low.bit_length() - 1
        blockers = _NORTH[to] & occupied
        if blockers:
            first = blockers & -blockers
            if first & pieces:
                moves.append((first.bit_length() - 1, to))
        blockers = _EAST[to] & occupied
        if blockers:
            first = blockers & -blockers
            if first & pieces:
                moves.append((first.bit_length() - 1, to))
        blockers = _SOUTH[to] & occupied
        if blockers:
            frm = blockers.bit_length() - 1
            if pieces >> frm & 1:
                moves.append((frm, to))
        blockers = _WEST[to] & occupied
        if blockers:
            frm = blockers.bit_length() - 1
            if pieces >> frm & 1:
                moves.append((frm, to))
    return moves


def _walled_moves_onto(targets: Bitboard, occupied: Bitboard, pieces: Bitboard,
                       walls: tuple[Bitboard, ...]) -> list[tuple[Square, Square]]:
    """:func:`moves_onto` where ``walls`` stand."""
    moves = []
    while targets:
        low = targets & -targets
        targets ^= low
        to = low.bit_length() - 1
        for d in range(4):
            blockers = RAY_MASKS[d][to] & occupied
            if blockers:
                first = (blockers & -blockers) if d < 2 else 1 << (blockers.bit_length() - 1)
                if first & pieces:
                    frm = first.bit_length() - 1
                    if not _walled(to, frm, d, walls[frm]):
                        moves.append((frm, to))
    return moves


def _walled(sq: Square, frm: Square, d: int, walls: Bitboard) -> bool:
    """Whether ``walls`` stand on ``sq`` or between it and ``frm`` (in direction ``d``
    from ``sq``)."""
    return bool(walls & ((RAY_MASKS[d][sq] ^ RAY_MASKS[d][frm]) | 1 << sq) & ~(1 << frm))


def reached(sq: Square, occupied: Bitboard, pieces: Bitboard,
            walls: tuple[Bitboard, ...] | None = None) -> bool:
    """Whether some piece of ``pieces`` reaches the empty square ``sq`` in one move
    (``walls`` as for :func:`movers_to`)."""
    if walls is not None:
        return bool(movers_to(sq, occupied, pieces, walls))
    blockers = _NORTH[sq] & occupied
    if blockers and (blockers & -blockers) & pieces:
        return True
    blockers = _EAST[sq] & occupied
    if blockers and (blockers & -blockers) & pieces:
        return True
    blockers = _SOUTH[sq] & occupied
    if blockers and pieces >> (blockers.bit_length() - 1) & 1:
        return True
    blockers = _WEST[sq] & occupied
    return bool(blockers and pieces >> (blockers.bit_length() - 1) & 1)


def _columns_from(k: int) -> Bitboard:
    """The squares of the columns ``k`` and beyond (eastwards)."""
    return sum(1 << (row * SIZE + col) for row in range(SIZE) for col in range(k, SIZE))


def _columns_to(k: int) -> Bitboard:
    """The squares of the columns up to ``SIZE - 1 - k``: those ``k`` steps east stays on."""
    return sum(1 << (row * SIZE + col) for row in range(SIZE) for col in range(SIZE - k))


_EAST_1, _EAST_2, _EAST_4 = (_columns_from(k) for k in (1, 2, 4))
_WEST_1, _WEST_2, _WEST_4 = (_columns_to(k) for k in (1, 2, 4))


def escape_line_masks(corner_escape: bool) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]:
    """For each direction (north, east, south, west), the squares from which a clear ray
    that way ends on an escape square (the square itself not one): any square but the
    edge it faces with edge escape, only squares along an edge with corner escape."""
    return _CORNER_LINES if corner_escape else _EDGE_LINES


def escape_lines(
    empty: Bitboard, corner_escape: bool
) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]:
    """For each direction, the squares from which a king would reach an escape square by a
    straight move in that direction through ``empty`` (escape squares themselves excluded).

    With edge escape that is any square whose ray to the edge is empty; with corner escape
    only squares on an edge row or file, whose ray along that edge ends in a corner.
    """
    return _clear_lines(empty, escape_line_masks(corner_escape))


_EDGE_LINES = (ALL & ~RANK_9, ALL & ~FILE_I, ALL & ~RANK_1, ALL & ~FILE_A)
_CORNER_LINES = ((FILE_A | FILE_I) & ~RANK_9, (RANK_1 | RANK_9) & ~FILE_I,
                 (FILE_A | FILE_I) & ~RANK_1, (RANK_1 | RANK_9) & ~FILE_A)


def _clear_lines(empty: Bitboard, within: tuple[Bitboard, Bitboard, Bitboard, Bitboard]
                 ) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]:
    """For each direction (north, east, south, west), the squares whose whole ray in that
    direction is empty (edge squares count: their ray is empty), kept only within that
    direction's mask of ``within``.

    Each direction is the complement of a smear: the occupied squares spread the other
    way one step, then by two, then four (doubling steps, so four shifts whatever the
    board), rather than a fill that steps one square at a time.
    """
    occupied = ALL & ~empty
    x = occupied >> SIZE
    x |= x >> SIZE
    x |= x >> ROWS2
    north = within[0] & ~(x | x >> ROWS4)
    x = occupied << SIZE
    x |= x << SIZE
    x |= x << ROWS2
    south = within[2] & ~(x | x << ROWS4)
    x = occupied >> 1 & _WEST_1
    x |= x >> 1 & _WEST_1
    x |= x >> 2 & _WEST_2
    east = within[1] & ~(x | x >> 4 & _WEST_4)
    x = occupied << 1 & _EAST_1
    x |= x << 1 & _EAST_1
    x |= x << 2 & _EAST_2
    west = within[3] & ~(x | x << 4 & _EAST_4)
    return north, east, south, west


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
    around = NEIGHBOUR_MASKS[king]
    if not around & hostile:
        return 0  # every capture needs a hostile side already: the usual case
    stoppable = geo.soldier_ok & ~(black | board.white | (1 << king))
    if geo.king_sides[king] == 2:
        # A sandwich: black lands on one side, the opposite side already hostile.
        squares = 0
        for a, b in AXES[king]:
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
    walls = board.geometry.walls_if_any
    while squares:
        low = squares & -squares
        if reached(low.bit_length() - 1, occupied, black, walls):
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
    return rook_targets(king, occupied) & geo.escape & ~geo.king_forbidden


def king_threat_squares(board: Board) -> Bitboard:
    """The squares the king reaches in one move from which he would have an open line to
    an escape square: where he threatens to escape next (0 once he is captured)."""
    king = board.king
    if king < 0:
        return 0
    geo = board.geometry
    occupied = board.black | board.white | (1 << king)
    targets = rook_targets(king, occupied | geo.walls[king]) & ~geo.king_forbidden
    if not targets:
        return 0
    # The king's own square does not block his lines once he has left it; camps and a
    # throne nobody crosses do.
    n, e, s, w = escape_lines(ALL & ~(occupied | geo.barrier) | (1 << king),
                              geo.corner_escape)
    return targets & (n | e | s | w)


def escape_rays(king: Square, occupied: Bitboard, geo: RuleGeometry) -> tuple[int, Bitboard]:
    """The open lines from the king on ``king`` to an escape square: how many, and the
    squares black could stop on to block them (the squares of those rays that soldiers
    may occupy).  A camp or a throne nobody crosses closes a line as a piece does."""
    escape = geo.escape
    count = 0
    blocks = 0
    occupied |= geo.walls[king]
    for d in range(4):
        ray = RAY_MASKS[d][king]
        if ray and not ray & occupied and ray & escape:
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
    would capture at least one enemy soldier (the king is not counted: see
    king_capture_squares).  The far sides of the sandwiches are the board's own
    (:meth:`tablut.geometry.RuleGeometry.anvils_against_white` and ``..._black``)."""
    geo = board.geometry
    king = board.king
    black = board.black
    white = board.white
    empty = ALL & ~(black | white | (1 << king if king >= 0 else 0))
    if side == 0:
        return sandwich_ends(white, geo.anvils_against_white(black, king)) & empty
    return sandwich_ends(black, geo.anvils_against_black(white, king)) & empty


# Two boards side by side, LANE bits apart, for both sides' sandwiches at once: a
# sandwich is a square, an enemy next to it and a hostile square beyond, and no enemy
# stands in the 9 empty bits between the boards, so none straddles them.
_COLS_A_TO_G2 = _COLS_A_TO_G | _COLS_A_TO_G << LANE
_COLS_C_TO_I2 = _COLS_C_TO_I | _COLS_C_TO_I << LANE
_ALL2 = ALL | ALL << LANE


def both_sandwich_ends(white: Bitboard, against_white: Bitboard, black: Bitboard,
                       against_black: Bitboard) -> tuple[Bitboard, Bitboard]:
    """``sandwich_ends(white, against_white)`` and ``sandwich_ends(black, against_black)``,
    computed together on two boards packed in one int (the evaluation asks for both at
    every leaf)."""
    out = sandwich_ends(white | black << LANE, against_white | against_black << LANE,
                        _COLS_A_TO_G2, _COLS_C_TO_I2, _ALL2)
    return out & ALL, out >> LANE


def sandwich_ends(enemies: Bitboard, hostile: Bitboard, east_room: Bitboard = _COLS_A_TO_G,
                  west_room: Bitboard = _COLS_C_TO_I, board: Bitboard = ALL) -> Bitboard:
    """Squares t with an enemy next to t and a hostile square beyond it, in a straight line.

    ``east_room`` and ``west_room`` are the squares with two squares of their row east of
    them, and west of them; ``board`` is every square.  One board's by default, or those of
    several boards packed LANE bits apart (see :func:`both_sandwich_ends`)."""
    out = (enemies >> SIZE) & (hostile >> ROWS2)
    out |= (enemies << SIZE) & (hostile << ROWS2)
    out |= (enemies >> 1) & (hostile >> 2) & east_room
    out |= (enemies << 1) & (hostile << 2) & west_room
    return out & board
