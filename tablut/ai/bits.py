"""Bitboard helpers for the search and the evaluation: whole-board fills and threat tests.

Everything here reads a :class:`tablut.board.Board`'s public fields (``black``, ``white``,
``king``, ``turn``, ``rules``) and never changes the board.  The board's own move generator
answers "which moves are legal"; these helpers answer the questions the search asks at
every node and must answer fast: can the king escape right now, can black capture him
right now, which squares does a side reach in one move, which squares have an open line
to an escape square.  They work on whole bitboards at once (shift-and-mask fills) rather
than square by square, which is what makes them cheap in Python.

The rule set enters only through :class:`RuleGeometry`, computed once per
:class:`tablut.rules.Rules` value, so no code here asks which rule set it plays.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Escape, Rules
from ..squares import (
    ALL,
    CORNERS_BB,
    EDGES_BB,
    NEIGHBOUR_MASKS,
    NEXT_TO_THRONE_BB,
    RAY_MASKS,
    SIZE,
    THRONE,
    THRONE_BB,
    Bitboard,
    Square,
    rook_targets,
)

FILE_A: Bitboard = sum(1 << (row * SIZE) for row in range(SIZE))
FILE_I: Bitboard = FILE_A << (SIZE - 1)
RANK_1: Bitboard = (1 << SIZE) - 1
RANK_9: Bitboard = RANK_1 << (SIZE * (SIZE - 1))
NOT_A: Bitboard = ALL & ~FILE_A
NOT_I: Bitboard = ALL & ~FILE_I
_COLS_A_TO_G: Bitboard = ALL & ~FILE_I & ~(FILE_I >> 1)
_COLS_C_TO_I: Bitboard = ALL & ~FILE_A & ~(FILE_A << 1)

_NORTH, _EAST, _SOUTH, _WEST = RAY_MASKS
RAYS: tuple[tuple[Bitboard, ...], ...] = RAY_MASKS


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


@dataclass(frozen=True)
class RuleGeometry:
    """The squares that a rule set makes special, as bitboards.

    Attributes:
        escape: squares the king wins by reaching (every edge square, or the corners).
        soldier_forbidden: squares no piece but the king may stop on.
        king_forbidden: squares the king may not stop on once he has left the throne.
        hostile_to_king_squares: empty squares that count as hostile sides of the king.
        corner_escape: whether the king escapes to corners (else to any edge square).
        soldier_ok: squares soldiers may stop on.
        king_sides: for each square, how many hostile sides capture the king there.
    """

    escape: Bitboard
    soldier_forbidden: Bitboard
    king_forbidden: Bitboard
    hostile_to_king_squares: Bitboard
    corner_escape: bool
    soldier_ok: Bitboard
    king_sides: tuple[int, ...]


_GEOMETRY: dict[int, tuple[Rules, RuleGeometry]] = {}


def geometry(rules: Rules) -> RuleGeometry:
    """The special squares of ``rules`` (cached: one value per rule set).

    Cached by identity: hashing a frozen dataclass of enums costs more than the lookup.
    """
    cached = _GEOMETRY.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    geo = _make_geometry(rules)
    _GEOMETRY[id(rules)] = (rules, geo)
    return geo


def _make_geometry(rules: Rules) -> RuleGeometry:
    hostile = 0
    if rules.throne_hostile_to_king:
        hostile |= THRONE_BB
    if rules.corners_hostile:
        hostile |= CORNERS_BB
    soldier_forbidden = THRONE_BB | (CORNERS_BB if rules.corners_restricted else 0)
    return RuleGeometry(
        escape=CORNERS_BB if rules.escape is Escape.CORNER else EDGES_BB,
        soldier_forbidden=soldier_forbidden,
        king_forbidden=0 if rules.king_may_reenter_throne else THRONE_BB,
        hostile_to_king_squares=hostile,
        corner_escape=rules.escape is Escape.CORNER,
        soldier_ok=ALL & ~soldier_forbidden,
        king_sides=tuple(
            rules.king_sides_on_throne if sq == THRONE
            else rules.king_sides_next_to_throne if NEXT_TO_THRONE_BB >> sq & 1
            else rules.king_sides_elsewhere
            for sq in range(SIZE * SIZE)
        ),
    )


def movers_to(sq: Square, occupied: Bitboard, pieces: Bitboard) -> list[Square]:
    """The squares of ``pieces`` that reach ``sq`` in one straight move through empty squares.

    ``sq`` itself must be empty.  At most one piece per direction: the first one met.
    """
    found = []
    for d in range(4):
        blockers = RAYS[d][sq] & occupied
        if blockers:
            first = (blockers & -blockers) if d < 2 else 1 << (blockers.bit_length() - 1)
            if first & pieces:
                found.append(first.bit_length() - 1)
    return found


def reached(sq: Square, occupied: Bitboard, pieces: Bitboard) -> bool:
    """Whether some piece of ``pieces`` reaches the empty square ``sq`` in one move."""
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


def fill(pieces: Bitboard, empty: Bitboard) -> Bitboard:
    """Every empty square that some piece of ``pieces`` reaches in one rook move."""
    reach = 0
    f = (pieces << SIZE) & empty
    while f:
        reach |= f
        f = (f << SIZE) & empty
    f = (pieces >> SIZE) & empty
    while f:
        reach |= f
        f = (f >> SIZE) & empty
    east = empty & NOT_A
    f = (pieces << 1) & east
    while f:
        reach |= f
        f = (f << 1) & east
    west = empty & NOT_I
    f = (pieces >> 1) & west
    while f:
        reach |= f
        f = (f >> 1) & west
    return reach


def clear_lines(empty: Bitboard) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]:
    """For each direction (north, east, south, west), the squares whose whole ray in that
    direction is empty (edge squares count: their ray is empty)."""
    north = RANK_9
    f = (north & empty) >> SIZE
    while f:
        north |= f
        f = (f & empty) >> SIZE
    south = RANK_1
    f = (south & empty) << SIZE
    while f:
        south |= f
        f = ((f & empty) << SIZE) & ALL
    east = FILE_I
    f = ((east & empty) >> 1) & NOT_I
    while f:
        east |= f
        f = ((f & empty) >> 1) & NOT_I
    west = FILE_A
    f = ((west & empty) << 1) & NOT_A
    while f:
        west |= f
        f = ((f & empty) << 1) & NOT_A
    return north, east, south, west


def escape_lines(
    empty: Bitboard, corner_escape: bool
) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]:
    """For each direction, the squares from which a king would reach an escape square by a
    straight move in that direction through ``empty`` (escape squares themselves excluded).

    With edge escape that is any square whose ray to the edge is empty; with corner escape
    only squares on an edge row or file, whose ray along that edge ends in a corner.
    """
    north, east, south, west = clear_lines(empty)
    if corner_escape:
        files = FILE_A | FILE_I
        ranks = RANK_1 | RANK_9
        return (
            north & files & ~RANK_9,
            east & ranks & ~FILE_I,
            south & files & ~RANK_1,
            west & ranks & ~FILE_A,
        )
    return north & ~RANK_9, east & ~FILE_I, south & ~RANK_1, west & ~FILE_A


def king_capture_squares(board) -> Bitboard:
    """The empty squares where a black piece arriving captures the king, as the rules stand
    in this position (whoever is to move).  0 when the king is gone."""
    king = board.king
    if king < 0:
        return 0
    geo = geometry(board.rules)
    black = board.black
    kbit = 1 << king
    hostile = black | (geo.hostile_to_king_squares & ~kbit)
    stoppable = geo.soldier_ok & ~(black | board.white | kbit)
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
    around = NEIGHBOUR_MASKS[king]
    if around.bit_count() != 4:
        return 0
    open_sides = around & ~hostile
    if open_sides & (open_sides - 1) == 0 and open_sides & stoppable:
        return open_sides
    return 0


def black_can_capture_king(board) -> bool:
    """Whether a black move (if black were to move) captures the king right away."""
    squares = king_capture_squares(board)
    if not squares:
        return False
    occupied = board.black | board.white | (1 << board.king)
    black = board.black
    while squares:
        low = squares & -squares
        if reached(low.bit_length() - 1, occupied, black):
            return True
        squares ^= low
    return False


def king_escape_targets(board) -> Bitboard:
    """Escape squares the king reaches in one move (white wins by moving there)."""
    king = board.king
    if king < 0:
        return 0
    geo = geometry(board.rules)
    occupied = board.black | board.white | (1 << king)
    return rook_targets(king, occupied) & geo.escape & ~geo.king_forbidden


def escape_rays(king: Square, occupied: Bitboard, geo: RuleGeometry) -> tuple[int, Bitboard]:
    """The open lines from the king on ``king`` to an escape square: how many, and the
    squares black could stop on to block them (the squares of those rays that soldiers
    may occupy)."""
    escape = geo.escape
    count = 0
    blocks = 0
    for d in range(4):
        ray = RAYS[d][king]
        if ray and not ray & occupied and ray & escape:
            count += 1
            blocks |= ray
    return count, blocks & ~geo.soldier_forbidden


def open_escape_rays(board) -> tuple[int, Bitboard]:
    """:func:`escape_rays` for the king of ``board`` (none once he is captured)."""
    king = board.king
    if king < 0:
        return 0, 0
    return escape_rays(king, board.black | board.white | (1 << king), geometry(board.rules))


def capture_destinations(board, side: int) -> Bitboard:
    """Empty squares where a soldier of ``side`` (0 black, 1 white) arriving would capture
    at least one enemy soldier (the king is not counted: see king_capture_squares)."""
    rules = board.rules
    king = board.king
    kbit = 1 << king if king >= 0 else 0
    black = board.black
    white = board.white
    empty = ALL & ~(black | white | kbit)
    if side == 0:
        enemies = white
        hostile = black
        if empty & THRONE_BB and rules.empty_throne_hostile:
            hostile |= THRONE_BB
        if (
            king == THRONE
            and rules.throne_hostile_to_white_when_three_black
            and (black & NEXT_TO_THRONE_BB).bit_count() >= 3
        ):
            hostile |= THRONE_BB
        if rules.corners_hostile:
            hostile |= CORNERS_BB & ~kbit
    else:
        enemies = black
        hostile = white
        if rules.king_armed:
            hostile |= kbit
        if empty & THRONE_BB and rules.empty_throne_hostile:
            hostile |= THRONE_BB
        if rules.corners_hostile:
            hostile |= CORNERS_BB & ~kbit
    return _sandwich_ends(enemies, hostile) & empty


def _sandwich_ends(enemies: Bitboard, hostile: Bitboard) -> Bitboard:
    """Squares t with an enemy next to t and a hostile square beyond it, in a straight line."""
    out = (enemies >> SIZE) & (hostile >> 2 * SIZE)
    out |= (enemies << SIZE) & (hostile << 2 * SIZE)
    out |= (enemies >> 1) & (hostile >> 2) & _COLS_A_TO_G
    out |= (enemies << 1) & (hostile << 2) & _COLS_C_TO_I
    return out & ALL
