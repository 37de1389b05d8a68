"""Squares, bitboards and the precomputed geometry of the 9x9 board.

A square is an ``int`` from 0 to 80: ``row * 9 + col``, where row 0 is rank 1 (the bottom
row) and col 0 is file ``a``.  A bitboard is a plain ``int`` with bit ``sq`` set for every
square in the set, as in python-chess.  Everything here is computed once at import time,
so the move generator only looks things up.

This is the board as every rule set shares it; what a rule set makes of its squares (where
the king escapes, which squares are hostile) is :mod:`tablut.geometry`.  The whole-board
fills at the end (:func:`sliding_reach`, :func:`rook_reach`, :func:`flood`) serve both the
board and the computer player.
"""

from __future__ import annotations

from collections.abc import Iterator

SIZE = 9
SQUARES = range(SIZE * SIZE)
FILES = "abcdefghi"
RANKS = "123456789"

Square = int
Bitboard = int

ALL: Bitboard = (1 << (SIZE * SIZE)) - 1
THRONE: Square = 4 * SIZE + 4  # e5
THRONE_BB: Bitboard = 1 << THRONE
CORNERS_BB: Bitboard = (1 << 0) | (1 << 8) | (1 << 72) | (1 << 80)
EDGES_BB: Bitboard = sum(
    1 << sq for sq in SQUARES if sq // SIZE in (0, SIZE - 1) or sq % SIZE in (0, SIZE - 1)
)
FILE_A: Bitboard = sum(1 << (row * SIZE) for row in range(SIZE))
FILE_I: Bitboard = FILE_A << (SIZE - 1)
RANK_1: Bitboard = (1 << SIZE) - 1
RANK_9: Bitboard = RANK_1 << (SIZE * (SIZE - 1))
# A shift by one column wraps from file i to file a of the next row; these masks cut it.
NOT_FILE_A: Bitboard = ALL & ~FILE_A
NOT_FILE_I: Bitboard = ALL & ~FILE_I

# Directions as (row step, column step): north, east, south, west.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))


def square(col: int, row: int) -> Square:
    """The square at column ``col`` (0 = a) and row ``row`` (0 = rank 1)."""
    return row * SIZE + col


def square_name(sq: Square) -> str:
    """The name of a square, such as ``"e5"``."""
    return FILES[sq % SIZE] + RANKS[sq // SIZE]


def parse_square(text: str) -> Square:
    """The square named by ``text`` (``"e5"``, case-insensitive).

    Raises ValueError with a message that quotes the text if it names no square.
    """
    name = text.strip().lower()
    if len(name) != 2 or name[0] not in FILES or name[1] not in RANKS:
        raise ValueError(f"{text!r} is not a square: use a file a-i and a rank 1-9, as in e5")
    return square(FILES.index(name[0]), RANKS.index(name[1]))


def squares_of(bb: Bitboard) -> Iterator[Square]:
    """The squares of a bitboard, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def _ray(sq: Square, d_row: int, d_col: int) -> list[Square]:
    """Squares from ``sq`` (exclusive) to the edge in one direction, nearest first."""
    row, col = divmod(sq, SIZE)
    out = []
    row, col = row + d_row, col + d_col
    while 0 <= row < SIZE and 0 <= col < SIZE:
        out.append(square(col, row))
        row, col = row + d_row, col + d_col
    return out


def _mask(squares: list[Square]) -> Bitboard:
    bb = 0
    for s in squares:
        bb |= 1 << s
    return bb


# RAY_MASKS[d][sq]: the squares beyond sq in direction d (north, east, south, west).
RAY_MASKS: tuple[tuple[Bitboard, ...], ...] = tuple(
    tuple(_mask(_ray(sq, dr, dc)) for sq in SQUARES) for dr, dc in DIRECTIONS
)

# NEIGHBOURS[sq]: the orthogonal neighbours of sq that are on the board, as
# (direction index, neighbour, square beyond the neighbour or -1).
NEIGHBOURS: tuple[tuple[tuple[int, Square, Square], ...], ...] = tuple(
    tuple(
        (d, ray[0], ray[1] if len(ray) > 1 else -1)
        for d, ray in enumerate(_ray(sq, dr, dc) for dr, dc in DIRECTIONS)
        if ray
    )
    for sq in SQUARES
)
NEIGHBOUR_MASKS: tuple[Bitboard, ...] = tuple(
    _mask([n for _, n, _ in NEIGHBOURS[sq]]) for sq in SQUARES
)
NEXT_TO_THRONE_BB: Bitboard = NEIGHBOUR_MASKS[THRONE]


_NORTH, _EAST, _SOUTH, _WEST = RAY_MASKS


_AT_OR_ABOVE: tuple[Bitboard, ...] = tuple(ALL & ~((1 << k) - 1) for k in range(SIZE * SIZE + 1))
"""For each k, the squares numbered k and more."""


def rook_targets(sq: Square, occupied: Bitboard) -> Bitboard:
    """The empty squares a rook on ``sq`` reaches through empty squares, in all directions.

    Unrolled by hand, one block per direction, because it is the move generator's hot path:
    the nearest blocker on a north or east ray is its lowest set bit b, and the ray's
    squares before it are those below b; on a south or west ray it is the highest, and the
    squares before it are those above.
    """
    targets = _NORTH[sq]
    blockers = targets & occupied
    if blockers:
        targets &= (blockers & -blockers) - 1
    ray = _EAST[sq]
    blockers = ray & occupied
    if blockers:
        ray &= (blockers & -blockers) - 1
    targets |= ray
    ray = _SOUTH[sq]
    blockers = ray & occupied
    if blockers:
        ray &= _AT_OR_ABOVE[blockers.bit_length()]
    targets |= ray
    ray = _WEST[sq]
    blockers = ray & occupied
    if blockers:
        ray &= _AT_OR_ABOVE[blockers.bit_length()]
    return targets | ray


def sliding_reach(pieces: Bitboard, empty: Bitboard) -> tuple[Bitboard, Bitboard, Bitboard,
                                                                   Bitboard]:
    """The ``empty`` squares that rooks on ``pieces`` reach northward, southward, eastward
    and westward through empty squares.

    All pieces slide at once, one square a step, so finding every move of a side costs a
    few integer operations per square of the longest slide instead of a loop over pieces
    and rays.  In one direction a square is reached by at most one piece, so the popcount
    of each bitboard is the number of moves in that direction.
    """
    north = 0
    step = (pieces << SIZE) & empty
    while step:
        north |= step
        step = (step << SIZE) & empty
    south = 0
    step = (pieces >> SIZE) & empty
    while step:
        south |= step
        step = (step >> SIZE) & empty
    # A step east or west must not wrap from one edge file to the other.
    east = 0
    open_east = empty & NOT_FILE_A
    step = (pieces << 1) & open_east
    while step:
        east |= step
        step = (step << 1) & open_east
    west = 0
    open_west = empty & NOT_FILE_I
    step = (pieces >> 1) & open_west
    while step:
        west |= step
        step = (step >> 1) & open_west
    return north, south, east, west


def rook_reach(pieces: Bitboard, empty: Bitboard) -> Bitboard:
    """Every ``empty`` square that some piece of ``pieces`` reaches in one rook move."""
    north, south, east, west = sliding_reach(pieces, empty)
    return north | south | east | west


# Boards side by side in one int, LANE bits apart (the fills here, the sandwiches of
# tablut.ai.bits): the 9 bits between two boards stay empty, so a piece sliding off one
# board's top or bottom row dies in the gap instead of landing on the next board.
LANE = SIZE * SIZE + SIZE
"""How far apart boards packed in one int stand: a board and an empty row."""
# Shifts by whole rows, named once: an expression such as 2 * SIZE is computed again at
# every call (the compiler folds only literals), and these fills run at every leaf.
ROWS2, ROWS4 = 2 * SIZE, 4 * SIZE
"""Shifts by two and by four rows."""
_ROWS3, _ROWS7, _ROWS8 = (k * SIZE for k in (3, 7, 8))
_OPEN_WEST4 = sum(NOT_FILE_I << k * LANE for k in range(4))
_FILE_I4 = sum(FILE_I << k * LANE for k in range(4))
_LANES4 = sum(ALL << k * LANE for k in range(4))
_LANE2 = 2 * LANE
_LANE3 = 3 * LANE
_ALL_IN_LANE3 = ALL << _LANE3
_LANE3_LESS_ROW, _LANE3_AND_ROW, _LANE3_AND_1 = _LANE3 - SIZE, _LANE3 + SIZE, _LANE3 + 1


def rook_reach3_lines(a: Bitboard, b: Bitboard, c: Bitboard, empty: Bitboard,
                      blockers: Bitboard,
                      within: tuple[Bitboard, Bitboard, Bitboard, Bitboard]
                      ) -> tuple[Bitboard, Bitboard, Bitboard,
                                 Bitboard, Bitboard, Bitboard, Bitboard]:
    """The ``empty`` squares that rooks on ``a``, on ``b`` and on ``c`` reach in one move
    (each set's own reach, plus the ``empty`` squares of the set itself); then, for each
    direction (north, east, south, west), the squares whose whole ray that way is free
    of ``blockers``, kept within that direction's mask of ``within``.

    The three sets slide together, three boards packed in one int, and the open rays
    ride along as a fourth board: ``blockers`` sliding through every square, whose
    shadow in each direction is where that direction's ray is blocked.  Three directions
    are Kogge-Stone fills, four doubling steps whatever the length of the slides: a fixed
    19 integer operations a direction for all four boards, where sliding one square a
    step costs three for every square of the longest slide, set by set.  Eastwards a
    single subtraction slides every piece at once.
    """
    e = empty | empty << LANE | empty << _LANE2 | _ALL_IN_LANE3
    g = a | b << LANE | c << _LANE2 | blockers << _LANE3
    # p1, p2, p4: the squares with 1, 2, 4 empty squares southwards after them, which
    # shifted are the same northwards.
    x = g | e & (g << SIZE)
    p1 = e & (e << SIZE)
    x |= p1 & (x << ROWS2)
    p2 = p1 & (p1 << ROWS2)
    x |= p2 & (x << ROWS4)
    p4 = p2 & (p2 << ROWS4)
    x |= p4 & (x << _ROWS8)
    # On the fourth board x holds the blockers and every square north of one: a square
    # one row north of it has a blocker somewhere south.
    south = within[2] & ~(x >> _LANE3_LESS_ROW)
    reach = x
    x = g | e & (g >> SIZE)
    x |= (p1 >> SIZE) & (x >> ROWS2)
    x |= (p2 >> _ROWS3) & (x >> ROWS4)
    x |= (p4 >> _ROWS7) & (x >> _ROWS8)
    north = within[0] & ~(x >> _LANE3_AND_ROW)
    reach |= x
    # Eastwards (towards higher bits) a subtraction does the whole slide: o - 2s borrows
    # from each slider's next square up to its first blocker, for every slider at once,
    # provided the sliders are blockers themselves; file i counts as a blocker too, so
    # no borrow crosses into the next row.  On the fourth board that marks every square
    # east of a blocker: those with a blocked ray west.
    o = (e ^ _LANES4) | g | _FILE_I4
    x = o ^ (o - ((g & _OPEN_WEST4) << 1))
    west = within[3] & ~(x >> _LANE3)
    reach |= x
    p = e & _OPEN_WEST4
    x = g | p & (g >> 1)
    p &= p >> 1
    x |= p & (x >> 2)
    p &= p >> 2
    x |= p & (x >> 4)
    p &= p >> 4
    x |= p & (x >> 8)
    east = within[1] & ~(x >> _LANE3_AND_1)
    reach = (reach | x) & e
    return (reach & ALL, reach >> LANE & ALL, reach >> _LANE2 & ALL,
            north, east, south, west)


def flood(seeds: Bitboard, free: Bitboard, stop: Bitboard = 0, goal: Bitboard = 0
          ) -> Bitboard:
    """The squares of ``free`` connected to ``seeds & free`` by orthogonal steps through
    ``free`` squares: the region a piece could walk to, one square at a time.

    Grows one step at a time in all directions at once; returns early, with the region
    grown so far, once it meets a square of ``stop`` (for "can anything get out?"
    questions, which are usually answered within a step or two), or once it holds every
    square of ``goal`` (for "which of these are shut in?", where usually none is).
    """
    reach = seeds & free
    while not reach & stop and (not goal or reach & goal != goal):
        grown = reach | (
            (reach << SIZE | reach >> SIZE | (reach << 1 & NOT_FILE_A) | (reach >> 1 & NOT_FILE_I))
            & free
        )
        if grown == reach:
            break
        reach = grown
    return reach


_OPEN_TO_AN_EDGE: dict[Bitboard, Bitboard] = {}
_OPEN_TO_AN_EDGE_SIZE = 50_000


def open_to_an_edge(black: Bitboard) -> Bitboard:
    """The squares connected to an edge without crossing a square of ``black``: those a
    piece could walk out from (the encirclement rule's question).  Remembered by
    ``black``, in bounded memory: every white move leaves the black pieces where they
    were, so a search meets the same black pieces again and again (the evaluation's
    calls find two answers in three already known)."""
    region = _OPEN_TO_AN_EDGE.get(black)
    if region is None:
        region = flood(EDGES_BB, ALL & ~black)
        if len(_OPEN_TO_AN_EDGE) >= _OPEN_TO_AN_EDGE_SIZE:
            _OPEN_TO_AN_EDGE.clear()
        _OPEN_TO_AN_EDGE[black] = region
    return region
