"""Iterative-deepening principal-variation search with a transposition table.

The searcher walks the tree on one :class:`tablut.board.Board` with ``push``/``pop`` (a
copy of the caller's board, so the game's earlier positions still count for repetition)
and yields one :class:`Iteration` per completed depth, sunfish style: the caller stops
when it likes and always holds the best line found so far.

What makes it play tafl rather than chess:

* **Immediate wins are found without searching.**  At every node the side to move's win
  in one is a bitboard test: for white, an escape square among the king's targets; for
  black, a king-capturing square that a black soldier reaches.  Such a node scores as a
  win at once.
* **Escape threats are "checks".**  When the king has an open line to an escape square
  and black is to move, only moves onto that line can save black, so only those are
  searched (an exact restriction, not a guess); two open lines and no capture of the
  king is a lost position, scored as such without search.  A side facing a threat to
  win next move gets one ply more (a check extension), so forcing sequences are read to
  the end well beyond the nominal depth.
* **Mate scores are exact distances.**  A win in ``n`` plies from the root scores
  ``MATE - n``; the transposition table stores mate scores relative to the node, so they
  stay exact when reused at another depth.

Move ordering: the table's move, captures, killer moves, then the rest by the history
heuristic, with king moves (for white) and moves next to the king (for black) first
among the quiet ones.  Late quiet moves at depth 3 and more are searched one ply less
first (late-move reductions) and searched again fully if they turn out interesting.

The search stops by raising :class:`SearchAborted` from inside the tree once its node
budget or its deadline is used up; both are checked every :data:`CHECK_EVERY` nodes (the
node budget exactly), so a node-limited search is exactly reproducible.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..board import Board, Move
from ..side import Side
from ..squares import NEIGHBOUR_MASKS, SIZE, rook_targets, squares_of
from .bits import (
    RAYS,
    black_can_capture_king,
    capture_destinations,
    escape_lines,
    escape_rays,
    king_capture_squares,
    king_escape_targets,
    movers_to,
    reached,
)

MATE = 100_000
"""The score of a won position at the root; a win in n plies scores MATE - n."""
MATE_BOUND = MATE - 1_000
"""Scores beyond this (in absolute value) are wins or losses, not evaluations."""
INF = 1_000_000
MAX_PLY = 96
CHECK_EVERY = 1024
FUTILITY_MARGIN = 200
EVAL_CACHE_SIZE = 200_000
LATE_MOVES = (999, 8, 16, 32)
"""Late-move pruning: at depth d < 4 outside PV and check, only the first LATE_MOVES[d]
quiet moves (in history order) are tried."""

_EXACT, _LOWER, _UPPER = 0, 1, 2
# Board.turn is a plain int; so are these, for the comparisons made at every node.
BLACK: int = Side.BLACK.value
WHITE: int = Side.WHITE.value
_NO_PV: tuple[Move, ...] = ()


class SearchAborted(Exception):
    """Raised inside the tree when the node budget or the deadline is used up."""


@dataclass(frozen=True)
class Iteration:
    """The result of one completed depth of the iterative deepening.

    Attributes:
        depth: the nominal depth in plies.
        move: the best move found.
        score: its score from the side to move's point of view.
        pv: the principal variation, starting with ``move``.
        nodes: nodes searched since the search began (all depths).
        elapsed: seconds since the search began.
        seldepth: the deepest ply reached (extensions included).
        complete: False for the partial result of an interrupted depth, whose best move
            was already proven better than the previous depth's.
    """

    depth: int
    move: Move
    score: int
    pv: tuple[Move, ...]
    nodes: int
    elapsed: float
    seldepth: int
    complete: bool = True


def mate_in(score: int) -> int | None:
    """Moves of the side to move to a forced win (positive) or loss (negative), or None."""
    if score >= MATE_BOUND:
        return (MATE - score + 1) // 2
    if score <= -MATE_BOUND:
        return -((MATE + score) // 2)
    return None


class Searcher:
    """A principal-variation search over one board, with its transposition table.

    Args:
        evaluate: the static evaluation, ``evaluate(board)`` from the side to move's view.
        tt_bits: the table holds ``2 ** tt_bits`` entries (bounded memory: an entry
            replaces whatever shared its slot, unless that was searched deeper).
        noise: if positive, a pseudo-random amount in ``[-noise, noise]`` is added to every
            leaf evaluation, the same for the same position and ``noise_key``: the lower
            levels' way of misjudging positions, reproducibly.
        noise_key: selects the noise pattern (derived from the engine's seed).
    """

    def __init__(
        self,
        evaluate: Callable[[Board], int],
        tt_bits: int = 18,
        noise: int = 0,
        noise_key: int = 0,
    ) -> None:
        self.evaluate = evaluate
        self.tt_mask = (1 << tt_bits) - 1
        self.tt: list[tuple | None] = [None] * (1 << tt_bits)
        self.noise = noise
        self.noise_key = noise_key
        self.history = [0] * (2 * 81 * 81)
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.pv: list[tuple[Move, ...]] = [_NO_PV] * (MAX_PLY + 2)
        self.nodes = 0
        self.seldepth = 0
        self._node_limit: int | None = None
        self._deadline: float | None = None
        self._next_check = CHECK_EVERY
        self._ext_limit = MAX_PLY
        self.board: Board | None = None
        self._eval_cache: dict[int, int] = {}

    # -- the driver ------------------------------------------------------------------

    def iterate(
        self,
        board: Board,
        max_depth: int = 64,
        node_limit: int | None = None,
        deadline: float | None = None,
        start: float | None = None,
    ) -> Iterator[Iteration]:
        """Search ``board`` (not changed: a copy is searched) to increasing depths.

        Yields one :class:`Iteration` per completed depth, then, if the budget ran out in
        the middle of a depth whose best move had already changed, one last partial
        iteration (``complete=False``).  Stops after ``max_depth``, when a forced result
        is proven, or when ``node_limit`` nodes or the ``deadline``
        (a :func:`time.perf_counter` value) are reached.  Yields nothing if the game is over.
        """
        start = time.perf_counter() if start is None else start
        self.board = board = board.copy()
        self.nodes = 0
        self.seldepth = 0
        self._node_limit = node_limit
        self._deadline = deadline
        self._next_check = min(CHECK_EVERY, node_limit) if node_limit else CHECK_EVERY
        if board.last_move_outcome is not None:
            return
        moves = board.legal_moves()
        if not moves:
            return
        moves = self._order_root(board, moves)
        self.partial: Iteration | None = None
        previous: Iteration | None = None
        for depth in range(1, max_depth + 1):
            self._ext_limit = min(MAX_PLY, 2 * depth + 8)
            self.partial = None
            try:
                move, score, pv = self._root(depth, moves, start)
            except SearchAborted:
                if self.partial is not None and previous is not None:
                    yield self.partial
                return
            previous = Iteration(depth, move, score, pv, self.nodes,
                                 time.perf_counter() - start, self.seldepth)
            yield previous
            moves.remove(move)
            moves.insert(0, move)
            if abs(score) >= MATE_BOUND and depth >= MATE - abs(score) + 1:
                return  # a forced result, proven with everything searched to its end
            for i in range(len(self.history)):
                if self.history[i]:
                    self.history[i] >>= 2

    def _order_root(self, board: Board, moves: list[Move]) -> list[Move]:
        """Root moves, immediate wins first, moves that let the opponent win at once last."""
        scored = []
        for move in moves:
            board.push(move)
            outcome = board.last_move_outcome
            if outcome is not None:
                key = 3 if outcome.winner == board.turn ^ 1 else (
                    1 if outcome.winner is None else -3)
            elif self._opponent_wins_at_once(board):
                key = -2
            else:
                key = 1 if board.captured else 0
            board.pop()
            scored.append((key, move))
        scored.sort(key=lambda item: item[0], reverse=True)
        return [move for _, move in scored]

    @staticmethod
    def _opponent_wins_at_once(board: Board) -> bool:
        """Whether the side to move of ``board`` wins with one move (escape or capture)."""
        if board.turn == WHITE:
            return bool(king_escape_targets(board))
        return black_can_capture_king(board)

    def _check(self) -> None:
        if self._node_limit is not None and self.nodes >= self._node_limit:
            raise SearchAborted
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise SearchAborted
        nxt = self.nodes + CHECK_EVERY
        if self._node_limit is not None and nxt > self._node_limit:
            nxt = self._node_limit
        self._next_check = nxt

    def _root(self, depth: int, moves: list[Move], start: float):
        board = self.board
        alpha, beta = -INF, INF
        best_move = moves[0]
        best_pv: tuple[Move, ...] = (best_move,)
        search = self._search
        pv = self.pv
        for i, move in enumerate(moves):
            board.push(move)
            try:
                if i == 0:
                    score = -search(depth - 1, -beta, -alpha, 1)
                else:
                    score = -search(depth - 1, -alpha - 1, -alpha, 1)
                    if score > alpha:
                        score = -search(depth - 1, -beta, -alpha, 1)
            finally:
                board.pop()
            if score > alpha:
                alpha = score
                best_move = move
                best_pv = (move,) + pv[1]
                if i > 0:
                    self.partial = Iteration(depth, move, score, best_pv, self.nodes,
                                             time.perf_counter() - start, self.seldepth,
                                             complete=False)
                if score >= MATE - 1:
                    break  # a win in one: nothing is better
        return best_move, alpha, best_pv

    # -- the tree ----------------------------------------------------------------------

    def _search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check()
        board = self.board
        pv = self.pv
        pv[ply] = _NO_PV
        outcome = board.last_move_outcome
        if outcome is not None:
            if outcome.winner is None:
                return 0
            if outcome.winner == board.turn:
                return MATE - ply
            return ply - MATE
        if ply > self.seldepth:
            self.seldepth = ply
        turn = board.turn
        black = board.black
        king = board.king
        occupied = black | board.white | (1 << king)
        geo = board.geometry
        in_check = False
        blocks = 0
        # The side to move's win in one, and the opponent's threat to win in one.
        caps = king_capture_squares(board)
        if turn == WHITE:
            if rook_targets(king, occupied) & geo.escape & ~geo.king_forbidden:
                return MATE - ply - 1
            while caps:
                low = caps & -caps
                if reached(low.bit_length() - 1, occupied, black):
                    in_check = True
                    break
                caps ^= low
        else:
            while caps:
                low = caps & -caps
                if reached(low.bit_length() - 1, occupied, black):
                    return MATE - ply - 1
                caps ^= low
            lines, blocks = escape_rays(king, occupied, geo)
            if lines >= 2:
                return ply + 2 - MATE
            in_check = lines > 0
        # Check extension: black's forced replies cost nothing (there are few of them);
        # white's answers to a capture threat are searched one ply more at the horizon,
        # so a threat is never left unanswered by the static evaluation.
        if in_check and ply < self._ext_limit and (turn == BLACK or depth <= 0):
            depth += 1
        if depth <= 0 or ply >= MAX_PLY:
            return self._static(board)

        # Mate-distance pruning: no line from here beats a win at the next ply.
        if alpha < ply - MATE:
            alpha = ply - MATE
        if beta > MATE - ply - 1:
            beta = MATE - ply - 1
        if alpha >= beta:
            return alpha

        key = board.hash
        slot = key & self.tt_mask
        entry = self.tt[slot]
        tt_move = None
        pv_node = beta - alpha > 1
        if entry is not None and entry[0] == key:
            tt_move = entry[4]
            if entry[1] >= depth and not pv_node:
                score = entry[3]
                if score >= MATE_BOUND:
                    score -= ply
                elif score <= -MATE_BOUND:
                    score += ply
                flag = entry[2]
                if flag == _EXACT or (flag == _LOWER and score >= beta) or (
                    flag == _UPPER and score <= alpha
                ):
                    return score

        if turn == BLACK and in_check:
            moves = self._parries(board, blocks, occupied, tt_move)
            if not moves:
                return ply + 2 - MATE if board.has_legal_move() else ply - MATE
            ordered = ((m, False) for m in moves)
        else:
            ordered = self._ordered(board, turn, occupied, ply, tt_move, geo)

        alpha0 = alpha
        best_score = -INF
        best_move = None
        searched = 0
        search = self._search
        child = depth - 1
        # Futility: at the frontier, a quiet move cannot lift a hopeless position above
        # alpha, so only the moves that might (captures, king moves, moves near the king
        # or on his lines) are tried.
        futile = False
        if depth == 1 and not in_check and not pv_node and -MATE_BOUND < alpha < MATE_BOUND:
            static = self._static(board)
            if static + FUTILITY_MARGIN <= alpha:
                futile = True
                best_score = static + FUTILITY_MARGIN
        late = 999
        if depth < len(LATE_MOVES) and not in_check and not pv_node:
            late = LATE_MOVES[depth]
        quiets = 0
        for move, quiet in ordered:
            if quiet:
                if futile:
                    continue
                quiets += 1
                if quiets > late and best_score > -MATE_BOUND:
                    break  # late-move pruning: the quiet tail of a shallow node
            board.push(move)
            if searched == 0:
                score = -search(child, -beta, -alpha, ply + 1)
            else:
                r = 0
                if quiet and depth >= 2 and searched >= 3 and not in_check:
                    r = 2 if (searched >= 12 and depth >= 5) else 1
                score = -search(child - r, -alpha - 1, -alpha, ply + 1)
                if score > alpha and (r or score < beta):
                    score = -search(child, -beta, -alpha, ply + 1)
            board.pop()
            searched += 1
            if score > best_score:
                best_score = score
                best_move = move
                if score > alpha:
                    alpha = score
                    if pv_node:
                        pv[ply] = (move,) + pv[ply + 1]
                    if score >= beta:
                        if quiet:
                            killers = self.killers[ply]
                            if killers[0] != move:
                                killers[1] = killers[0]
                                killers[0] = move
                            self.history[turn * 6561 + move[0] * 81 + move[1]] += depth * depth
                        break
        if searched == 0:
            if futile:
                return best_score
            return ply - MATE  # no legal move: the side to move loses

        if best_score >= beta:
            flag = _LOWER
        elif best_score > alpha0:
            flag = _EXACT
        else:
            flag = _UPPER
        stored = best_score
        if stored >= MATE_BOUND:
            stored += ply
        elif stored <= -MATE_BOUND:
            stored -= ply
        if entry is None or entry[0] != key or entry[1] <= depth:
            self.tt[slot] = (key, depth, flag, stored, best_move)
        return best_score

    def _static(self, board: Board) -> int:
        """The evaluation (with the level's noise), remembered by position: re-searches and
        deeper iterations meet the same leaves again."""
        key = board.hash
        score = self._eval_cache.get(key)
        if score is None:
            score = self.evaluate(board)
            if self.noise:
                n = self.noise
                score += ((key ^ self.noise_key) * 0x9E3779B97F4A7C15 >> 64) % (2 * n + 1) - n
            if len(self._eval_cache) >= EVAL_CACHE_SIZE:
                self._eval_cache.clear()
            self._eval_cache[key] = score
        return score

    # -- move ordering -------------------------------------------------------------------

    def _parries(self, board: Board, blocks: int, occupied: int, tt_move) -> list[Move]:
        """Black's moves onto the king's one open line: the only moves that stop his escape."""
        black = board.black
        moves = []
        for to in squares_of(blocks):
            for frm in movers_to(to, occupied, black):
                moves.append((frm, to))
        if len(moves) > 1:
            hist = self.history
            caps = capture_destinations(board, BLACK)
            moves.sort(
                key=lambda m: (m == tt_move, caps >> m[1] & 1, hist[m[0] * 81 + m[1]]),
                reverse=True,
            )
        return moves

    def _ordered(self, board: Board, turn: int, occupied: int, ply: int, tt_move, geo):
        """The side to move's legal moves, best guesses first, each with a flag saying
        whether it is quiet (a candidate for late-move reduction)."""
        tried = set()
        if tt_move is not None and board.is_legal(tt_move):
            tried.add(tt_move)
            yield tt_move, False
        king = board.king
        if turn == BLACK:
            mine = board.black
            armed = mine
        else:
            mine = board.white | (1 << king)
            armed = mine if board.rules.king_armed else board.white
        caps = capture_destinations(board, turn)
        if caps:
            forbidden = geo.soldier_forbidden
            captures = []
            for to in squares_of(caps):
                movers = armed
                if forbidden >> to & 1:
                    if turn == BLACK or geo.king_forbidden >> to & 1:
                        continue
                    movers = armed & (1 << king)
                for frm in movers_to(to, occupied, movers):
                    move = (frm, to)
                    if move not in tried:
                        captures.append(move)
            for move in captures:
                tried.add(move)
                yield move, False
        for move in self.killers[ply]:
            if move is not None and move not in tried and board.is_legal(move):
                tried.add(move)
                yield move, False
        moves = board.legal_moves()
        hist = self.history
        base = turn * 6561
        scored = []
        if turn == WHITE:
            n, e, s, w = escape_lines((~occupied) | (1 << king), geo.corner_escape)
            threat_squares = n | e | s | w
            # guards that alone block one of the king's lines: moving them off it opens it
            openers = 0
            for d in range(4):
                ray = RAYS[d][king]
                blockers = ray & occupied
                if blockers & (blockers - 1) == 0 and blockers & board.white and ray & geo.escape:
                    openers |= blockers
            for move in moves:
                if move in tried:
                    continue
                frm, to = move
                if frm == king:
                    bonus = 2_000_000 if threat_squares >> to & 1 else 1_000_000
                    scored.append((hist[base + frm * 81 + to] + bonus, move, False))
                elif openers >> frm & 1:
                    scored.append((hist[base + frm * 81 + to] + 500_000, move, False))
                else:
                    scored.append((hist[base + frm * 81 + to], move, True))
        else:
            near_king = NEIGHBOUR_MASKS[king] | _AROUND[king]
            king_reach = rook_targets(king, occupied)
            for move in moves:
                if move in tried:
                    continue
                frm, to = move
                if near_king >> to & 1:
                    scored.append((hist[base + frm * 81 + to] + 1_000_000, move, False))
                elif king_reach >> to & 1:
                    scored.append((hist[base + frm * 81 + to] + 500_000, move, False))
                else:
                    scored.append((hist[base + frm * 81 + to], move, True))
        scored.sort(key=_first, reverse=True)
        for _, move, quiet in scored:
            yield move, quiet


def _first(item):
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
