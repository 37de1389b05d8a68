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

from collections.abc import Iterator

from ..board import Board, Move
from ..side import BLACK_TO_MOVE, WHITE_TO_MOVE
from ..squares import NEIGHBOUR_MASKS, RAY_MASKS, SIZE, SQUARES, Bitboard, rook_targets
from .bits import (
    black_can_capture_king,
    capture_destinations,
    escape_lines,
    king_escape_targets,
    moves_onto,
)

_ALL_MOVES: tuple[Move, ...] = tuple((frm, to) for frm in SQUARES for to in SQUARES)


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
            dict.fromkeys(_ALL_MOVES, 0), dict.fromkeys(_ALL_MOVES, 0))
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
        moves = moves_onto(blocks, occupied, board.black, board.geometry.walls_if_any)
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
        for move in _captures(board, turn, occupied):
            if move not in tried:
                tried.add(move)
                yield move, False
        for move in self.killers[ply]:
            if move is not None and move not in tried and board.is_legal(move):
                tried.add(move)
                yield move, False
        hist = self.history[turn]
        if turn == WHITE_TO_MOVE:
            urgent = _white_urgent(board, occupied)
        else:
            urgent = _black_urgent(board, occupied)
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


def _white_urgent(board: Board, occupied: Bitboard) -> tuple[list[Move], ...]:
    """White's urgent quiet moves, most urgent group first: king moves onto a line to an
    escape square, his other moves, then the moves of guards that alone block one of his
    lines to an escape square (moving them opens it)."""
    king = board.king
    geo = board.geometry
    walls = geo.walls
    walled = occupied | walls[king]
    n, e, s, w = escape_lines(~(occupied | geo.barrier) | (1 << king), geo.corner_escape)
    threat_squares = n | e | s | w
    targets = rook_targets(king, walled) & ~geo.king_forbidden
    threats = _moves_to(king, targets & threat_squares)
    others = _moves_to(king, targets & ~threat_squares)
    openers: list[Move] = []
    white = board.white
    forbidden = geo.soldier_forbidden
    for d in range(4):
        ray = RAY_MASKS[d][king]
        blockers = ray & walled
        if blockers & (blockers - 1) == 0 and blockers & white and ray & geo.escape:
            frm = blockers.bit_length() - 1
            openers += _moves_to(frm, rook_targets(frm, occupied | walls[frm]) & ~forbidden)
    return threats, others, openers


def _black_urgent(board: Board, occupied: Bitboard) -> tuple[list[Move], ...]:
    """Black's urgent quiet moves, most urgent group first: moves next to or near the
    king, then moves onto his lines."""
    king = board.king
    black = board.black
    geo = board.geometry
    walls = geo.walls_if_any
    ok = geo.soldier_ok & ~occupied
    near_king = (NEIGHBOUR_MASKS[king] | _AROUND[king]) & ok
    king_reach = rook_targets(king, occupied | geo.walls[king]) & ok & ~near_king
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
    """Root moves, immediate wins first, moves that let the opponent win at once last."""
    scored = []
    for move in moves:
        board.push(move)
        outcome = board.last_move_outcome
        if outcome is not None:
            key = 3 if outcome.winner == board.turn ^ 1 else (
                1 if outcome.winner is None else -3)
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


def _captures(board: Board, turn: int, occupied: Bitboard) -> list[Move]:
    """The side to move's moves that capture a soldier (a list: there are few, and a
    generator inside the ordering's generator costs a frame switch a move)."""
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
        moves += moves_onto(low, occupied, movers, walls)
    return moves


def _around_mask(sq: int) -> int:
    """Squares at distance two from ``sq`` in a straight line, and diagonal neighbours."""
    row, col = divmod(sq, SIZE)
    out = 0
    for dr, dc in ((2, 0), (-2, 0), (0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            out |= 1 << (r * SIZE + c)
    return out


_AROUND = tuple(_around_mask(sq) for sq in range(SIZE * SIZE))
