"""Move ordering: which moves the search tries first.

Alpha-beta search is only as fast as its ordering is good: the best move first cuts off
the rest.  :class:`MoveOrder` keeps what the search learns as it goes (killer moves per
ply, the history of moves that cut off) and orders a node's moves with it and with what
tafl makes urgent: the table's move, captures, killers, then king moves and moves that
open his lines for white, moves next to the king or onto his lines for black, then the
quiet rest by history.

The moves come in stages, each made only when the search asks for more: most nodes are
cut off by one of the first moves and never list the others.  The history is a
dictionary per side keyed by the move itself, so sorting a stage is one C-level
``list.sort`` with the dictionary's own look-up as the key, not a Python loop.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from ..board import Board, Move
from ..side import BLACK_TO_MOVE, WHITE_TO_MOVE
from ..squares import SIZES, Bitboard, Square, shape
from .bits import (
    BoardBits,
    black_can_capture_king,
    board_bits,
    capture_destinations,
    king_escape_targets,
)


def _straight_moves(size: int) -> Iterator[Move]:
    """Every move along a rank or a file of the board of ``size``, legal or not."""
    count = size * size
    for frm in range(count):
        row_start, col = frm - frm % size, frm % size
        for to in (*range(row_start, row_start + size), *range(col, count, size)):
            if to != frm:
                yield frm, to


_NO_HISTORY: dict[Move, int] = dict.fromkeys(
    (move for size in SIZES for move in _straight_moves(size)), 0)
"""A history with every move of every board size at 0: the search makes its MoveOrder
before it knows its board, and a history with every key in it already sorts by
``dict.__getitem__``, in C (one dictionary for all sizes: the moves of the boards share
their squares' numbers)."""


class MoveOrder:
    """The search's memory of good moves, and the order it gives a node's moves.

    Attributes:
        history: for each side to move (``history[turn]``), how much each move has cut
            off the search: the square of the depth, for each cut-off.
        killers: for each ply, the two last quiet moves that cut off the search there.
    """

    def __init__(self, max_ply: int) -> None:
        """An empty memory for a search at most ``max_ply`` plies deep."""
        self.history: tuple[dict[Move, int], dict[Move, int]] = (
            _NO_HISTORY.copy(), _NO_HISTORY.copy())
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(max_ply)]
        self._remembered: tuple[set[Move], set[Move]] = (set(), set())

    def remember_cutoff(self, move: Move, ply: int, depth: int, turn: int) -> None:
        """A quiet move of ``turn`` refuted the opponent's last move, ``depth`` plies from
        the horizon: try it early next time (killer moves at this ply, history)."""
        killers = self.killers[ply]
        if killers[0] != move:
            killers[1] = killers[0]
            killers[0] = move
        self.history[turn][move] += depth * depth
        self._remembered[turn].add(move)

    def age(self) -> None:
        """Between two depths: old successes count for less than new ones."""
        for history, remembered in zip(self.history, self._remembered, strict=True):
            for move in remembered:
                history[move] >>= 2

    def parries(self, board: Board, blocks: Bitboard, occupied: Bitboard,
                tt_move: Move | None) -> list[Move]:
        """Black's moves onto the king's one open line: the only moves that stop his escape."""
        geo = board.geometry
        moves = board_bits(geo.shape.size).moves_onto(blocks, occupied, board.black,
                                                      geo.walls_if_any)
        if len(moves) > 1:
            hist = self.history[BLACK_TO_MOVE]
            caps = capture_destinations(board, BLACK_TO_MOVE)
            moves.sort(
                key=lambda m: (m == tt_move, caps >> m[1] & 1, hist[m]),
                reverse=True,
            )
        return moves

    def ordered(self, board: Board, turn: int, occupied: Bitboard, ply: int,
                tt_move: Move | None) -> Iterator[tuple[Move | None, bool]]:
        """The side to move's legal moves, best guesses first, each with a flag saying
        whether it is quiet (a candidate for late-move reduction): the table's move,
        captures, killer moves, the moves tafl makes urgent, then the rest by history.

        Before the quiet moves comes one marker, ``(None, True)``: a caller that will
        search none of them (late-move pruning with no quiet move allowed) stops there,
        and the quiet moves are never listed."""
        tried = set()
        if tt_move is not None and board.is_legal(tt_move):
            tried.add(tt_move)
            yield tt_move, False
        # The board's size, looked up once for the stages below (after the table's move,
        # which cuts most nodes off before they need it).
        bits = board_bits(board.geometry.shape.size)
        for move in _captures(board, turn, occupied, bits):
            if move not in tried:
                tried.add(move)
                yield move, False
        for move in self.killers[ply]:
            if move is not None and move not in tried and board.is_legal(move):
                tried.add(move)
                yield move, False
        hist = self.history[turn]
        if turn == WHITE_TO_MOVE:
            urgent = _white_urgent(board, occupied, bits)
        else:
            urgent = _black_urgent(board, occupied, bits)
        for group in urgent:
            group.sort(key=hist.__getitem__, reverse=True)
            for move in group:
                if move not in tried:
                    tried.add(move)
                    yield move, False
        yield None, True
        moves = board.legal_moves()
        moves.sort(key=hist.__getitem__, reverse=True)
        for move in moves:
            if move not in tried:
                yield move, True


def _white_urgent(board: Board, occupied: Bitboard, bits: BoardBits
                  ) -> tuple[list[Move], ...]:
    """White's urgent quiet moves, most urgent group first: king moves onto a line to an
    escape square, his other moves, then the moves of guards that alone block one of his
    lines to an escape square (moving them opens it).  ``bits``: the board's size's."""
    king = board.king
    geo = board.geometry
    walls = geo.walls
    walled = occupied | walls[king]
    rook_targets = bits.shape.rook_targets
    n, e, s, w = bits.escape_lines(~(occupied | geo.barrier) | (1 << king), geo.corner_escape)
    threat_squares = n | e | s | w
    targets = rook_targets(king, walled) & ~geo.king_forbidden
    threats = _moves_to(king, targets & threat_squares)
    others = _moves_to(king, targets & ~threat_squares)
    openers: list[Move] = []
    white = board.white
    forbidden = geo.soldier_forbidden
    for rays in bits.shape.ray_masks:
        ray = rays[king]
        blockers = ray & walled
        if blockers & (blockers - 1) == 0 and blockers & white and ray & geo.escape:
            frm = blockers.bit_length() - 1
            openers += _moves_to(frm, rook_targets(frm, occupied | walls[frm]) & ~forbidden)
    return threats, others, openers


def _black_urgent(board: Board, occupied: Bitboard, bits: BoardBits
                  ) -> tuple[list[Move], ...]:
    """Black's urgent quiet moves, most urgent group first: moves next to or near the
    king, then moves onto his lines.  ``bits``: the board's size's."""
    king = board.king
    black = board.black
    geo = board.geometry
    walls = geo.walls_if_any
    ok = geo.soldier_ok & ~occupied
    near_king = _near(bits.shape.size)[king] & ok
    king_reach = bits.shape.rook_targets(king, occupied | geo.walls[king]) & ok & ~near_king
    moves_onto = bits.moves_onto
    return (moves_onto(near_king, occupied, black, walls),
            moves_onto(king_reach, occupied, black, walls))


def _moves_to(frm: int, targets: Bitboard) -> list[Move]:
    """The moves from ``frm`` to each square of ``targets``."""
    moves = []
    while targets:
        low = targets & -targets
        targets ^= low
        moves.append((frm, low.bit_length() - 1))
    return moves


def order_root_moves(board: Board, moves: list[Move]) -> list[Move]:
    """Root moves, immediate wins first, then captures, quiet moves, draws by repetition,
    moves that let the opponent win at once, and immediate losses last."""
    scored = []
    for move in moves:
        board.push(move)
        outcome = board.last_move_outcome
        if outcome is not None:
            # A draw comes after every quiet move: a search cut short plays it only when
            # nothing else is safe (the search itself weighs it with contempt).
            key = 3 if outcome.winner == board.turn ^ 1 else (
                -1 if outcome.winner is None else -3)
        elif _opponent_wins_at_once(board):
            key = -2
        else:
            key = 1 if board.captured else 0
        board.pop()
        scored.append((key, move))
    scored.sort(key=lambda item: item[0], reverse=True)
    return [move for _, move in scored]


def _opponent_wins_at_once(board: Board) -> bool:
    """Whether the side to move of ``board`` wins with one move (escape or capture)."""
    if board.turn == WHITE_TO_MOVE:
        return bool(king_escape_targets(board))
    return black_can_capture_king(board)


def _captures(board: Board, turn: int, occupied: Bitboard, bits: BoardBits) -> list[Move]:
    """The side to move's moves that capture a soldier (a list: there are few, and a
    generator inside the ordering's generator costs a frame switch a move); ``bits``: the
    board's size's."""
    caps = capture_destinations(board, turn)
    moves: list[Move] = []
    if not caps:
        return moves
    king = board.king
    geo = board.geometry
    walls = geo.walls_if_any
    if turn == BLACK_TO_MOVE:
        armed = board.black
    else:
        armed = board.white | (1 << king) if geo.king_armed else board.white
    while caps:
        low = caps & -caps
        caps ^= low
        to = low.bit_length() - 1
        movers = armed
        if geo.soldier_forbidden >> to & 1:
            # only the king may stop there, and only if the rules let him
            if turn == BLACK_TO_MOVE or geo.king_forbidden >> to & 1:
                continue
            movers = armed & (1 << king)
        moves += bits.moves_onto(low, occupied, movers, walls)
    return moves


@functools.cache
def _near(size: int) -> tuple[Bitboard, ...]:
    """For each square of the board of ``size``, the squares near it, where a black move
    is urgent when the king stands there: its neighbours, the squares two steps away in
    a straight line, and its diagonal neighbours."""
    board = shape(size)

    def near(sq: Square) -> Bitboard:
        row, col = divmod(sq, size)
        return board.mask(board.square(col + dc, row + dr)
                          for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (-2, 0),
                                         (0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1))
                          if 0 <= row + dr < size and 0 <= col + dc < size)

    return tuple(near(sq) for sq in board.squares)
