"""Squares, bitboards and the precomputed geometry of a square board of any size.

A square is an ``int`` from 0 to ``size * size - 1``: ``row * size + col``, where row 0 is
rank 1 (the bottom row) and col 0 is file ``a``.  A bitboard is a plain ``int`` with bit
``sq`` set for every square in the set, as in python-chess.

A :class:`Shape` is one board size as data: its squares and their names, masks, rays and
neighbours, and the whole-board fills that the move generator and the computer player run
at every node, built once per size (:func:`shape`) as closures over that size's constants,
so that the hot functions look their constants up as fast as module globals.  The names
at module level (``SIZE``, ``THRONE``, :func:`rook_targets` ...) are the 9x9 board's, the
board of Tablut, which most of the engine still reads directly.

This is the board as every rule set shares it; what a rule set makes of its squares (where
the king escapes, which squares are hostile) is :mod:`tablut.geometry`.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass

Square = int
Bitboard = int

# Directions as (row step, column step): north, east, south, west.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))

#: The board sizes a shape may have: odd (a centre square for the throne), and small
#: enough for the fills' doubling steps (1, 2, 4, 8 squares) to cross the whole board.
SIZES = range(5, 17, 2)

#: Remembered regions open to an edge per shape, at most (see :meth:`Shape.open_to_an_edge`).
OPEN_TO_AN_EDGE_KEPT = 50_000


def squares_of(bb: Bitboard) -> Iterator[Square]:
    """The squares of a bitboard, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


@dataclass(frozen=True, eq=False)
class Shape:
    """One board size: its squares, names, masks, rays and neighbours, and its fills.

    Attributes:
        size: squares a side; ``count``: squares in all; ``squares``: ``range(count)``.
        files: the file letters, "abcdefghi" on 9x9; ``ranks``: the rank numbers as text.
        all: every square; ``centre``: the middle square (the throne); ``corners``,
            ``edges``: the four corners, the edge squares.
        file_a, file_last, rank_1, rank_last: the edge files and ranks as bitboards;
            ``not_file_a``, ``not_file_last``: every square but those files (the masks
            that stop a one-column shift wrapping into the next row).
        ray_masks: ``ray_masks[d][sq]``, the squares beyond ``sq`` in direction ``d``
            (north, east, south, west).
        neighbours: ``neighbours[sq]``, the orthogonal neighbours of ``sq`` on the board,
            as (direction, neighbour, the square beyond it or -1); ``neighbour_masks[sq]``
            the same as a bitboard.
        lane: how far apart boards packed side by side in one int stand (a board and an
            empty row, where a piece sliding off one board's edge row dies).
        rook_targets, sliding_reach, rook_reach, rook_reach3_lines, flood,
            open_to_an_edge: the whole-board fills, closures over this shape's constants
            (see their docstrings).
    """

    size: int
    count: int
    squares: range
    files: str
    ranks: tuple[str, ...]
    all: Bitboard
    centre: Square
    corners: Bitboard
    edges: Bitboard
    file_a: Bitboard
    file_last: Bitboard
    rank_1: Bitboard
    rank_last: Bitboard
    not_file_a: Bitboard
    not_file_last: Bitboard
    ray_masks: tuple[tuple[Bitboard, ...], ...]
    neighbours: tuple[tuple[tuple[int, Square, Square], ...], ...]
    neighbour_masks: tuple[Bitboard, ...]
    lane: int
    rook_targets: Callable[[Square, Bitboard], Bitboard]
    sliding_reach: Callable[[Bitboard, Bitboard], tuple[Bitboard, Bitboard, Bitboard, Bitboard]]
    rook_reach: Callable[[Bitboard, Bitboard], Bitboard]
    rook_reach3_lines: Callable[..., tuple[Bitboard, ...]]
    flood: Callable[..., Bitboard]
    open_to_an_edge: Callable[[Bitboard], Bitboard]

    def square(self, col: int, row: int) -> Square:
        """The square at column ``col`` (0 = a) and row ``row`` (0 = rank 1)."""
        return row * self.size + col

    def square_name(self, sq: Square) -> str:
        """The name of a square, such as ``"e5"`` (``"k11"`` on 11x11)."""
        return self.files[sq % self.size] + self.ranks[sq // self.size]

    def parse_square(self, text: str) -> Square:
        """The square named by ``text`` (``"e5"``, case-insensitive).

        Raises ValueError with a message that quotes the text if it names no square of
        this board.
        """
        name = text.strip().lower()
        file, rank = name[:1], name[1:]
        if not file or file not in self.files or rank not in self.ranks:
            raise ValueError(f"{text!r} is not a square: use a file a-{self.files[-1]} and "
                             f"a rank 1-{self.size}, as in {self.square_name(self.centre)}")
        return self.square(self.files.index(file), self.ranks.index(rank))

    def row_of(self, sq: Square) -> int:
        """The row of ``sq`` (0 = rank 1)."""
        return sq // self.size

    def col_of(self, sq: Square) -> int:
        """The column of ``sq`` (0 = file a)."""
        return sq % self.size

    def mask(self, squares: Iterator[Square] | list[Square] | tuple[Square, ...]) -> Bitboard:
        """The bitboard of ``squares``."""
        bb = 0
        for sq in squares:
            bb |= 1 << sq
        return bb


def _rays(size: int) -> tuple[tuple[tuple[Square, ...], ...], ...]:
    """``rays[d][sq]``: the squares from ``sq`` (exclusive) to the edge in direction ``d``,
    nearest first."""
    out = []
    for d_row, d_col in DIRECTIONS:
        by_square = []
        for sq in range(size * size):
            row, col = divmod(sq, size)
            ray = []
            row, col = row + d_row, col + d_col
            while 0 <= row < size and 0 <= col < size:
                ray.append(row * size + col)
                row, col = row + d_row, col + d_col
            by_square.append(tuple(ray))
        out.append(tuple(by_square))
    return tuple(out)


def _bits(squares: tuple[Square, ...] | list[Square]) -> Bitboard:
    bb = 0
    for sq in squares:
        bb |= 1 << sq
    return bb


@functools.cache
def shape(size: int) -> Shape:
    """The board of ``size`` by ``size`` squares, built on first use and kept."""
    if size not in SIZES:
        raise ValueError(f"a board of {size}x{size} is not supported (sizes: "
                         f"{', '.join(str(s) for s in SIZES)})")
    return _build(size)


def _build(size: int) -> Shape:
    """The shape of ``size``: its constants, then its fills as closures over them."""
    count = size * size
    all_: Bitboard = (1 << count) - 1
    file_a = sum(1 << (row * size) for row in range(size))
    file_last = file_a << (size - 1)
    rank_1 = (1 << size) - 1
    rank_last = rank_1 << (size * (size - 1))
    not_file_a = all_ & ~file_a
    not_file_last = all_ & ~file_last
    rays = _rays(size)
    ray_masks = tuple(tuple(_bits(ray) for ray in by_square) for by_square in rays)
    neighbours = tuple(
        tuple((d, rays[d][sq][0], rays[d][sq][1] if len(rays[d][sq]) > 1 else -1)
              for d in range(4) if rays[d][sq])
        for sq in range(count))
    neighbour_masks = tuple(_bits([n for _, n, _ in neighbours[sq]]) for sq in range(count))
    edges = file_a | file_last | rank_1 | rank_last
    corners = _bits([0, size - 1, count - size, count - 1])

    rook_targets, sliding_reach, rook_reach = _slides(size, ray_masks, all_, not_file_a,
                                                      not_file_last)
    flood, open_to_an_edge = _regions(size, all_, edges, not_file_a, not_file_last)
    return Shape(
        size=size, count=count, squares=range(count),
        files=string.ascii_lowercase[:size], ranks=tuple(str(r) for r in range(1, size + 1)),
        all=all_, centre=count // 2, corners=corners, edges=edges,
        file_a=file_a, file_last=file_last, rank_1=rank_1, rank_last=rank_last,
        not_file_a=not_file_a, not_file_last=not_file_last,
        ray_masks=ray_masks, neighbours=neighbours, neighbour_masks=neighbour_masks,
        lane=count + size, rook_targets=rook_targets, sliding_reach=sliding_reach,
        rook_reach=rook_reach,
        rook_reach3_lines=_packed_fill(size, all_, file_last, not_file_last),
        flood=flood, open_to_an_edge=open_to_an_edge,
    )


def _slides(size: int, ray_masks: tuple[tuple[Bitboard, ...], ...], all_: Bitboard,
            not_file_a: Bitboard, not_file_last: Bitboard
            ) -> tuple[Callable[..., Bitboard], Callable[..., tuple[Bitboard, ...]],
                       Callable[..., Bitboard]]:
    """The rook moves of a board of ``size``: one piece's targets, and every piece's reach."""
    north_rays, east_rays, south_rays, west_rays = ray_masks
    at_or_above = tuple(all_ & ~((1 << k) - 1) for k in range(size * size + 1))

    def rook_targets(sq: Square, occupied: Bitboard) -> Bitboard:
        """The empty squares a rook on ``sq`` reaches through empty squares, in all
        directions.

        Unrolled by hand, one block per direction, because it is the move generator's hot
        path: the nearest blocker on a north or east ray is its lowest set bit b, and the
        ray's squares before it are those below b; on a south or west ray it is the
        highest, and the squares before it are those above.
        """
        targets = north_rays[sq]
        blockers = targets & occupied
        if blockers:
            targets &= (blockers & -blockers) - 1
        ray = east_rays[sq]
        blockers = ray & occupied
        if blockers:
            ray &= (blockers & -blockers) - 1
        targets |= ray
        ray = south_rays[sq]
        blockers = ray & occupied
        if blockers:
            ray &= at_or_above[blockers.bit_length()]
        targets |= ray
        ray = west_rays[sq]
        blockers = ray & occupied
        if blockers:
            ray &= at_or_above[blockers.bit_length()]
        return targets | ray

    def sliding_reach(pieces: Bitboard, empty: Bitboard) -> tuple[Bitboard, Bitboard,
                                                                  Bitboard, Bitboard]:
        """The ``empty`` squares that rooks on ``pieces`` reach northward, southward,
        eastward and westward through empty squares.

        All pieces slide at once, one square a step, so finding every move of a side
        costs a few integer operations per square of the longest slide instead of a loop
        over pieces and rays.  In one direction a square is reached by at most one piece,
        so the popcount of each bitboard is the number of moves in that direction.
        """
        north = 0
        step = (pieces << size) & empty
        while step:
            north |= step
            step = (step << size) & empty
        south = 0
        step = (pieces >> size) & empty
        while step:
            south |= step
            step = (step >> size) & empty
        # A step east or west must not wrap from one edge file to the other.
        east = 0
        open_east = empty & not_file_a
        step = (pieces << 1) & open_east
        while step:
            east |= step
            step = (step << 1) & open_east
        west = 0
        open_west = empty & not_file_last
        step = (pieces >> 1) & open_west
        while step:
            west |= step
            step = (step >> 1) & open_west
        return north, south, east, west

    def rook_reach(pieces: Bitboard, empty: Bitboard) -> Bitboard:
        """Every ``empty`` square that some piece of ``pieces`` reaches in one rook move."""
        north, south, east, west = sliding_reach(pieces, empty)
        return north | south | east | west

    return rook_targets, sliding_reach, rook_reach


def _packed_fill(size: int, all_: Bitboard, file_last: Bitboard, not_file_last: Bitboard
                 ) -> Callable[..., tuple[Bitboard, ...]]:
    """The evaluation's fill of a board of ``size``: three sets' reaches and the open
    rays, four boards packed in one int (see the returned function)."""
    count = size * size
    # Boards side by side in one int, ``lane`` bits apart (the fills here, the sandwiches
    # of tablut.ai.bits): the row between two boards stays empty, so a piece sliding off
    # one board's top or bottom row dies in the gap instead of landing on the next board.
    # Shifts are named once: an expression such as 2 * size is computed again at every
    # call (the compiler folds only literals), and these fills run at every leaf.
    lane = count + size
    rows2, rows4, rows3, rows7, rows8 = (k * size for k in (2, 4, 3, 7, 8))
    open_west4 = sum(not_file_last << k * lane for k in range(4))
    file_last4 = sum(file_last << k * lane for k in range(4))
    lanes4 = sum(all_ << k * lane for k in range(4))
    lane2, lane3 = 2 * lane, 3 * lane
    all_in_lane3 = all_ << lane3
    lane3_less_row, lane3_and_row, lane3_and_1 = lane3 - size, lane3 + size, lane3 + 1

    def rook_reach3_lines(a: Bitboard, b: Bitboard, c: Bitboard, empty: Bitboard,
                          blockers: Bitboard,
                          within: tuple[Bitboard, Bitboard, Bitboard, Bitboard]
                          ) -> tuple[Bitboard, Bitboard, Bitboard,
                                     Bitboard, Bitboard, Bitboard, Bitboard]:
        """The ``empty`` squares that rooks on ``a``, on ``b`` and on ``c`` reach in one
        move (each set's own reach, plus the ``empty`` squares of the set itself); then,
        for each direction (north, east, south, west), the squares whose whole ray that
        way is free of ``blockers``, kept within that direction's mask of ``within``.

        The three sets slide together, three boards packed in one int, and the open rays
        ride along as a fourth board: ``blockers`` sliding through every square, whose
        shadow in each direction is where that direction's ray is blocked.  Three
        directions are Kogge-Stone fills, four doubling steps (1, 2, 4 and 8 squares,
        enough for any supported board): a fixed 19 integer operations a direction for
        all four boards, where sliding one square a step costs three for every square of
        the longest slide, set by set.  Eastwards a single subtraction slides every piece
        at once.
        """
        e = empty | empty << lane | empty << lane2 | all_in_lane3
        g = a | b << lane | c << lane2 | blockers << lane3
        # p1, p2, p4: the squares with 1, 2, 4 empty squares southwards after them, which
        # shifted are the same northwards.
        x = g | e & (g << size)
        p1 = e & (e << size)
        x |= p1 & (x << rows2)
        p2 = p1 & (p1 << rows2)
        x |= p2 & (x << rows4)
        p4 = p2 & (p2 << rows4)
        x |= p4 & (x << rows8)
        # On the fourth board x holds the blockers and every square north of one: a
        # square one row north of it has a blocker somewhere south.
        south = within[2] & ~(x >> lane3_less_row)
        reach = x
        x = g | e & (g >> size)
        x |= (p1 >> size) & (x >> rows2)
        x |= (p2 >> rows3) & (x >> rows4)
        x |= (p4 >> rows7) & (x >> rows8)
        north = within[0] & ~(x >> lane3_and_row)
        reach |= x
        # Eastwards (towards higher bits) a subtraction does the whole slide: o - 2s
        # borrows from each slider's next square up to its first blocker, for every
        # slider at once, provided the sliders are blockers themselves; the last file
        # counts as a blocker too, so no borrow crosses into the next row.  On the fourth
        # board that marks every square east of a blocker: those with a blocked ray west.
        o = (e ^ lanes4) | g | file_last4
        x = o ^ (o - ((g & open_west4) << 1))
        west = within[3] & ~(x >> lane3)
        reach |= x
        p = e & open_west4
        x = g | p & (g >> 1)
        p &= p >> 1
        x |= p & (x >> 2)
        p &= p >> 2
        x |= p & (x >> 4)
        p &= p >> 4
        x |= p & (x >> 8)
        east = within[1] & ~(x >> lane3_and_1)
        reach = (reach | x) & e
        return (reach & all_, reach >> lane & all_, reach >> lane2 & all_,
                north, east, south, west)

    return rook_reach3_lines


def _regions(size: int, all_: Bitboard, edges: Bitboard, not_file_a: Bitboard,
             not_file_last: Bitboard) -> tuple[Callable[..., Bitboard],
                                               Callable[[Bitboard], Bitboard]]:
    """The regions of a board of ``size``: a flood fill, and the region open to an edge."""
    def flood(seeds: Bitboard, free: Bitboard, stop: Bitboard = 0, goal: Bitboard = 0
              ) -> Bitboard:
        """The squares of ``free`` connected to ``seeds & free`` by orthogonal steps
        through ``free`` squares: the region a piece could walk to, one square at a time.

        Grows one step at a time in all directions at once; returns early, with the
        region grown so far, once it meets a square of ``stop`` (for "can anything get
        out?" questions, which are usually answered within a step or two), or once it
        holds every square of ``goal`` (for "which of these are shut in?", where usually
        none is).
        """
        reach = seeds & free
        while not reach & stop and (not goal or reach & goal != goal):
            grown = reach | (
                (reach << size | reach >> size | (reach << 1 & not_file_a)
                 | (reach >> 1 & not_file_last))
                & free
            )
            if grown == reach:
                break
            reach = grown
        return reach

    open_regions: dict[Bitboard, Bitboard] = {}

    def open_to_an_edge(black: Bitboard) -> Bitboard:
        """The squares connected to an edge without crossing a square of ``black``: those
        a piece could walk out from (the encirclement rule's question).  Remembered by
        ``black``, in bounded memory: every white move leaves the black pieces where they
        were, so a search meets the same black pieces again and again (the evaluation's
        calls find two answers in three already known)."""
        region = open_regions.get(black)
        if region is None:
            region = flood(edges, all_ & ~black)
            if len(open_regions) >= OPEN_TO_AN_EDGE_KEPT:
                open_regions.clear()
            open_regions[black] = region
        return region

    return flood, open_to_an_edge


# -- Tablut's 9x9 board, by the names the engine reads ---------------------------------------

NINE = shape(9)
"""The 9x9 board of Tablut."""

SIZE = NINE.size
SQUARES = NINE.squares
FILES = NINE.files
RANKS = "".join(NINE.ranks)
ALL: Bitboard = NINE.all
THRONE: Square = NINE.centre  # e5
THRONE_BB: Bitboard = 1 << THRONE
CORNERS_BB: Bitboard = NINE.corners
EDGES_BB: Bitboard = NINE.edges
FILE_A: Bitboard = NINE.file_a
FILE_I: Bitboard = NINE.file_last
RANK_1: Bitboard = NINE.rank_1
RANK_9: Bitboard = NINE.rank_last
NOT_FILE_A: Bitboard = NINE.not_file_a
NOT_FILE_I: Bitboard = NINE.not_file_last
RAY_MASKS = NINE.ray_masks
NEIGHBOURS = NINE.neighbours
NEIGHBOUR_MASKS = NINE.neighbour_masks
NEXT_TO_THRONE_BB: Bitboard = NEIGHBOUR_MASKS[THRONE]
LANE = NINE.lane
"""How far apart boards packed in one int stand: a board and an empty row."""
ROWS2, ROWS4 = 2 * SIZE, 4 * SIZE
"""Shifts by two and by four rows."""

rook_targets = NINE.rook_targets
sliding_reach = NINE.sliding_reach
rook_reach = NINE.rook_reach
rook_reach3_lines = NINE.rook_reach3_lines
flood = NINE.flood
open_to_an_edge = NINE.open_to_an_edge
square = NINE.square
square_name = NINE.square_name
parse_square = NINE.parse_square
