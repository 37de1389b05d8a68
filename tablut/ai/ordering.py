"""Move ordering: which moves the search tries first.

Alpha-beta search is only as fast as its ordering is good: the best move first cuts off
the rest.  :class:`MoveOrder` keeps what the search learns as it goes (killer moves per
ply, the history of moves that cut off) and orders a node's moves with it and with what
tafl makes urgent: the table's move, captures, killers, then king moves and moves that
open his lines for white, moves next to the king or onto his lines for black.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, Move
from ..side import BLACK_TO_MOVE, WHITE_TO_MOVE
from ..squares import NEIGHBOUR_MASKS, RAY_MASKS, SIZE, Bitboard, rook_targets, squares_of
from .bits import (
    black_can_capture_king,
    capture_destinations,
    escape_lines,
    king_escape_targets,
    movers_to,
)


class MoveOrder:
    """The search's memory of good moves, and the order it gives a node's moves.

    Attributes:
        history: for each side to move, square left and square reached
            (``turn * 6561 + frm * 81 + to``), how much that move has cut off the search:
            the square of the depth, for each cut-off.
        killers: for each ply, the two last quiet moves that cut off the search there.
    """

    def __init__(self, max_ply: int) -> None:
        """An empty memory for a search at most ``max_ply`` plies deep."""
        self.history = [0] * (2 * 81 * 81)
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(max_ply)]

    def remember_cutoff(self, move: Move, ply: int, depth: int, turn: int) -> None:
        """A quiet move of ``turn`` refuted the opponent's last move, ``depth`` plies from
        the horizon: try it early next time (killer moves at this ply, history)."""
        killers = self.killers[ply]
        if killers[0] != move:
            killers[1] = killers[0]
            killers[0] = move
        self.history[turn * 6561 + move[0] * 81 + move[1]] += depth * depth

    def age(self) -> None:
        """Between two depths: old successes count for less than new ones."""
        history = self.history
        for i in range(len(history)):
            if history[i]:
                history[i] >>= 2

    def parries(self, board: Board, blocks: Bitboard, occupied: Bitboard,
                tt_move: Move | None) -> list[Move]:
        """Black's moves onto the king's one open line: the only moves that stop his escape."""
        black = board.black
        geo = board.geometry
        walls = geo.walls if geo.barrier else None
        moves = []
        for to in squares_of(blocks):
            for frm in movers_to(to, occupied, black, walls):
                moves.append((frm, to))
        if len(moves) > 1:
            hist = self.history
            caps = capture_destinations(board, BLACK_TO_MOVE)
            moves.sort(
                key=lambda m: (m == tt_move, caps >> m[1] & 1, hist[m[0] * 81 + m[1]]),
                reverse=True,
            )
        return moves

    def ordered(self, board: Board, turn: int, occupied: Bitboard, ply: int,
                tt_move: Move | None) -> Iterator[tuple[Move, bool]]:
        """The side to move's legal moves, best guesses first, each with a flag saying
        whether it is quiet (a candidate for late-move reduction): the table's move,
        captures, killer moves, then the rest by history with the promising ones first."""
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
        moves = [move for move in board.legal_moves() if move not in tried]
        if turn == WHITE_TO_MOVE:
            scored = self._white_quiet_order(board, occupied, moves)
        else:
            scored = self._black_quiet_order(board, occupied, moves)
        scored.sort(key=_first, reverse=True)
        for _, move, quiet in scored:
            yield move, quiet

    def _white_quiet_order(self, board: Board, occupied: Bitboard, moves: list[Move]
                           ) -> list[tuple[int, Move, bool]]:
        """White's remaining moves with their ordering keys: king moves first (onto a line
        to an escape square before the others), then guards that alone block one of the
        king's lines (moving them off opens it), then the quiet rest by history."""
        king = board.king
        geo = board.geometry
        hist = self.history
        base = WHITE_TO_MOVE * 6561
        n, e, s, w = escape_lines((~occupied & ~geo.barrier) | (1 << king), geo.corner_escape)
        threat_squares = n | e | s | w
        openers = 0
        walled = occupied | geo.walls[king]
        for d in range(4):
            ray = RAY_MASKS[d][king]
            blockers = ray & walled
            if blockers & (blockers - 1) == 0 and blockers & board.white and ray & geo.escape:
                openers |= blockers
        scored = []
        for move in moves:
            frm, to = move
            if frm == king:
                bonus = 2_000_000 if threat_squares >> to & 1 else 1_000_000
                scored.append((hist[base + frm * 81 + to] + bonus, move, False))
            elif openers >> frm & 1:
                scored.append((hist[base + frm * 81 + to] + 500_000, move, False))
            else:
                scored.append((hist[base + frm * 81 + to], move, True))
        return scored

    def _black_quiet_order(self, board: Board, occupied: Bitboard, moves: list[Move]
                           ) -> list[tuple[int, Move, bool]]:
        """Black's remaining moves with their ordering keys: moves next to or near the
        king first, then moves onto his lines, then the quiet rest by history."""
        king = board.king
        hist = self.history
        near_king = NEIGHBOUR_MASKS[king] | _AROUND[king]
        king_reach = rook_targets(king, occupied | board.geometry.walls[king])
        scored = []
        for move in moves:
            frm, to = move
            if near_king >> to & 1:
                scored.append((hist[frm * 81 + to] + 1_000_000, move, False))
            elif king_reach >> to & 1:
                scored.append((hist[frm * 81 + to] + 500_000, move, False))
            else:
                scored.append((hist[frm * 81 + to], move, True))
        return scored


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


def _captures(board: Board, turn: int, occupied: Bitboard) -> Iterator[Move]:
    """The side to move's moves that capture a soldier."""
    caps = capture_destinations(board, turn)
    if not caps:
        return
    king = board.king
    geo = board.geometry
    walls = geo.walls if geo.barrier else None
    if turn == BLACK_TO_MOVE:
        armed = board.black
    else:
        armed = board.white | (1 << king) if geo.king_armed else board.white
    for to in squares_of(caps):
        movers = armed
        if geo.soldier_forbidden >> to & 1:
            # only the king may stop there, and only if the rules let him
            if turn == BLACK_TO_MOVE or geo.king_forbidden >> to & 1:
                continue
            movers = armed & (1 << king)
        for frm in movers_to(to, occupied, movers, walls):
            yield frm, to


def _first(item: tuple[int, Move, bool]) -> int:
    return item[0]


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
