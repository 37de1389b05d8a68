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

Move ordering (:mod:`tablut.ai.ordering`): the table's move, captures, killer moves, then
the rest by the history heuristic, with king moves (for white) and moves next to the king
(for black) first among the quiet ones.  Late quiet moves at depth 2 and more are searched
one ply less first (late-move reductions) and searched again fully if they turn out
interesting; at depth 3 and less the last quiet ones are not searched at all (late-move
pruning).  At depth :data:`FUTILITY_DEPTH` and less, outside the principal variation and
not in check, the evaluation decides what is worth searching (futility pruning): a node
whose evaluation stands :data:`FUTILITY_MARGIN` a ply above beta is cut off at once, and
one that stands as far below alpha searches only its captures and urgent moves, since no
quiet move changes the evaluation that much in so few plies.  The cut is not made for
black while the king can move onto a line to an escape square, for the reason given
below for the null move.  From depth :data:`NULL_MOVE_DEPTH` a node whose evaluation
already reaches beta lets the opponent move twice in a shallower search (null-move
pruning): if the side to move still holds beta without moving, the node is cut off.  Not
when in check, and not for black while the king can move onto a line to an escape square,
where the shallower search would miss the threat that follows.

A lead that has captured nothing for long is worth less at the leaves, and nothing at
all in the end (:mod:`tablut.ai.progress`): a side that cannot turn its advantage into
captures takes a draw rather than shuffling for ever, and a side that can is pushed to.

Repeated positions count as in the game: the board searched carries the game's history,
so a move that makes a position occur the rule set's number of times ends the game in
the tree as on the board, a loss for the side that made it where repeating loses, a draw
where it draws.  A draw is worth :data:`CONTEMPT` less than an even position to the side
to move at the root, and as much more to its opponent (:meth:`Searcher.draw_score`): the
engine does not settle for a draw that it need not take, and expects the other side to
be glad of one.  Where a third occurrence draws, a position that the tree's own line has
already been through is a draw at once (:meth:`Searcher._repeats_in_path`), so a cycle is
seen four plies after it begins, not eight.  Those draws depend on the way to the
position, not on the position: a node whose score one of them decided keeps only its
move in the table.

The search stops by raising :class:`SearchAborted` from inside the tree once its node
budget or its deadline is used up; both are checked every :data:`CHECK_EVERY` nodes (the
node budget exactly), so a node-limited search is exactly reproducible.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..board import Board, Move, Outcome
from ..rules import RepetitionOutcome
from ..side import BLACK_TO_MOVE, WHITE_TO_MOVE
from ..squares import Bitboard
from .bits import black_reaches_any, king_capture_squares, king_threat_squares
from .ordering import MoveOrder, order_root_moves
from .progress import FADE_PLIES, QUIET_PLIES, Progress

MATE = 100_000
"""The score of a won position at the root; a win in n plies scores MATE - n."""
MATE_BOUND = MATE - 1_000
"""Scores beyond this (in absolute value) are wins or losses, not evaluations."""
INF = 1_000_000
MAX_PLY = 96
CHECK_EVERY = 1024
EVAL_CACHE_SIZE = 200_000
NULL_MOVE_DEPTH = 4
"""Null-move pruning is tried at this depth and deeper."""
NULL_MOVE_REDUCTION = 2
"""How much shallower than the node the null-move test searches (besides the pass)."""
FUTILITY_DEPTH = 2
"""Futility pruning is tried at this depth and shallower."""
FUTILITY_MARGIN = 90
"""How far, per ply of depth left, a quiet move is assumed to move the evaluation at most."""
LATE_MOVES = (999, 8, 16, 32)
"""Late-move pruning: at depth d < 4 outside PV and check, only the first LATE_MOVES[d]
quiet moves (in history order) are tried."""

CONTEMPT = 25
"""What a draw by repetition costs the side to move at the root, in hundredths of a guard
(see :meth:`Searcher.draw_score`): a side that is ahead, level, or only a little behind
plays on rather than repeat, and one clearly behind still takes the draw."""
FIRST_CYCLE_PLY = 5
"""The nearest ply to the root at which a position of the tree can repeat one of the tree:
a piece of each side going out and back takes four plies, and the root itself does not
count (see :meth:`Searcher._repeats_in_path`)."""

_MAX_MOVES = 400
"""More than the moves of any position on a 9x9 board (a side has at most 16 pieces)."""
_NO_REDUCTIONS = (0,) * _MAX_MOVES
_LATE_REDUCTIONS = (
    tuple(0 if n < 3 else 1 for n in range(_MAX_MOVES)),
    tuple(0 if n < 3 else 1 if n < 12 else 2 for n in range(_MAX_MOVES)),
)
"""Late-move reduction: how many plies less a quiet move is searched at first, by how
many moves were searched before it, at depth 2 to 4 and at depth 5 and more (none when
in check or at depth 1)."""

_EXACT, _LOWER, _UPPER = 0, 1, 2
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
        evaluate: the static evaluation, ``evaluate(board, capture_squares)`` from the side
            to move's view (``capture_squares``: the king's, or None; see
            :class:`tablut.ai.evaluate.Evaluator`).
        tt_bits: the table holds ``2 ** tt_bits`` entries (bounded memory: an entry
            replaces whatever shared its slot, unless that was searched deeper).
        noise: if positive, a pseudo-random amount in ``[-noise, noise]`` is added to every
            leaf evaluation, the same for the same position and ``noise_key``: the lower
            levels' way of misjudging positions, reproducibly.
        noise_key: selects the noise pattern (derived from the engine's seed).
        evaluations: where to remember the leaves' evaluations, by position: a
            dictionary shared by searches with the same evaluation, noise and rule set
            (the evaluation is a function of the position, so sharing changes no result,
            only the time), or None for one of the searcher's own.
        contempt: what a draw by repetition costs the side to move at the root (see
            :meth:`draw_score`).
    """

    def __init__(
        self,
        evaluate: Callable[..., int],
        tt_bits: int = 18,
        noise: int = 0,
        noise_key: int = 0,
        evaluations: dict[int, int] | None = None,
        contempt: int = CONTEMPT,
    ) -> None:
        """A searcher with an empty table (the arguments are described on the class)."""
        self.evaluate = evaluate
        self.tt_mask = (1 << tt_bits) - 1
        self.tt: list[tuple | None] = [None] * (1 << tt_bits)
        self.noise = noise
        self.noise_key = noise_key
        self.order = MoveOrder(MAX_PLY + 2)
        self.pv: list[tuple[Move, ...]] = [_NO_PV] * (MAX_PLY + 2)
        self.nodes = 0
        self.seldepth = 0
        self._node_limit: int | None = None
        self._deadline: float | None = None
        self._next_check = CHECK_EVERY
        self._ext_limit = MAX_PLY
        self.board: Board | None = None
        self.progress = Progress(Board())
        self._fade_from = QUIET_PLIES - self.progress.longest
        self._eval_cache: dict[int, int] = {} if evaluations is None else evaluations
        self.contempt = contempt
        # The side to move at the root, and the score of a draw for black to move and for
        # white to move (both set at the root).
        self._root_turn = BLACK_TO_MOVE
        self._draw = (0, 0)
        # A position of the tree met again deeper in the tree is a draw from this ply on
        # (beyond MAX_PLY where the rules have no such draw): see _repeats_in_path.
        self._first_cycle = MAX_PLY + 1
        # The hashes of the positions on the path from the root, by ply (each node with
        # children writes its own), and the nearest ply at which a cycle may begin: 1,
        # or past the null move the path went through.
        self._path_keys = [0] * (MAX_PLY + 2)
        self._cycles_from = 1
        # Draws scored so far: a node whose subtree scored none has a score that does not
        # depend on the path to it (see _expand).
        self._draws_scored = 0

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
        board = self._take_root(board)
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
        moves = order_root_moves(board, moves)
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
            previous = Iteration(depth, move, self._reported(score), pv, self.nodes,
                                 time.perf_counter() - start, self.seldepth)
            yield previous
            moves.remove(move)
            moves.insert(0, move)
            if abs(score) >= MATE_BOUND and depth >= MATE - abs(score) + 1:
                return  # a forced result, proven with everything searched to its end
            self.order.age()

    def _take_root(self, board: Board) -> Board:
        """Make a copy of ``board`` the root of the tree searched next; the copy."""
        self.board = board = board.copy()
        self.progress = Progress(board)
        # No leaf nearer the root than this can have a lead to fade.
        self._fade_from = QUIET_PLIES - self.progress.longest
        self._root_turn = board.turn
        draw = self.draw_score()
        self._draw = (draw, -draw) if board.turn == BLACK_TO_MOVE else (-draw, draw)
        rules = board.rules
        self._first_cycle = (FIRST_CYCLE_PLY if rules.repetition_count > 2
                             and rules.repetition_outcome is RepetitionOutcome.DRAW
                             else MAX_PLY + 1)
        self._cycles_from = 1
        self._draws_scored = 0
        return board

    def draw_score(self) -> int:
        """What a draw by repetition is worth to the side to move at the root of the
        search (the board given to :meth:`iterate`): minus the searcher's contempt (and
        to the other side as much more), so that a side that scores itself ahead, or
        even a little behind, plays on rather than repeat, as strong engines do; a side
        clearly behind still takes the draw, which is worth more to it than its
        position.

        The contempt fades as the side's lead does (:mod:`tablut.ai.progress`): a side
        that has captured nothing for long has nothing left to play for, and would
        otherwise shuffle for ever rather than take the draw that its faded lead is
        worth.
        """
        progress = self.progress
        quiet = (progress.since_white if self._root_turn == WHITE_TO_MOVE
                 else progress.since_black)
        left = FADE_PLIES - max(0, quiet - QUIET_PLIES)
        return -(self.contempt * max(0, left) // FADE_PLIES)

    def _reported(self, score: int) -> int:
        """A root score as a person reads it: a draw by repetition is 0, not the
        contempt that the search gives it (an evaluation that happens to equal the
        contempt, in a search that met a draw, would read as 0 too: close enough)."""
        if score == self._draw[self._root_turn] and self._draws_scored:
            return 0
        return score

    def _check(self) -> None:
        if self._node_limit is not None and self.nodes >= self._node_limit:
            raise SearchAborted
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise SearchAborted
        nxt = self.nodes + CHECK_EVERY
        if self._node_limit is not None and nxt > self._node_limit:
            nxt = self._node_limit
        self._next_check = nxt

    def _root(self, depth: int, moves: list[Move], start: float
              ) -> tuple[Move, int, tuple[Move, ...]]:
        """One depth at the root: the best move, its score and its line."""
        alpha, beta = -INF, INF
        best_move = moves[0]
        best_pv: tuple[Move, ...] = (best_move,)
        pv = self.pv
        for i, move in enumerate(moves):
            score = self._child(move, depth - 1, alpha, beta, 0, i == 0, 0)
            if score > alpha:
                alpha = score
                best_move = move
                best_pv = (move,) + pv[1]
                if i > 0:
                    self.partial = Iteration(depth, move, self._reported(score), best_pv,
                                             self.nodes, time.perf_counter() - start,
                                             self.seldepth, complete=False)
                if score >= MATE - 1:
                    break  # a win in one: nothing is better
        return best_move, alpha, best_pv

    # -- the tree ----------------------------------------------------------------------

    def _search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The score of the board's position for the side to move, searched ``depth``
        plies deep (more along forcing lines) in the window (``alpha``, ``beta``);
        ``ply`` is the distance from the root."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check()
        board = self.board
        self.pv[ply] = _NO_PV
        outcome = board.last_move_outcome
        if outcome is not None or (ply >= self._first_cycle and board.occurrences() > 1
                                   and self._repeats_in_path(board.hash, ply)):
            return self._ended(outcome, board.turn, ply)
        if ply > self.seldepth:
            self.seldepth = ply
        decided, in_check, blocks, capture_squares = _threats(board, ply)
        if decided is not None:
            return decided
        # Check extension: black's forced replies cost nothing (there are few of them);
        # white's answers to a capture threat are searched one ply more at the horizon,
        # so a threat is never left unanswered by the static evaluation.
        if in_check and ply < self._ext_limit and (board.turn == BLACK_TO_MOVE or depth <= 0):
            depth += 1
        if depth <= 0 or ply >= MAX_PLY:
            return self._leaf(board, ply, capture_squares)
        # Mate-distance pruning: no line from here beats a win at the next ply.
        if alpha < ply - MATE:
            alpha = ply - MATE
        if beta > MATE - ply - 1:
            beta = MATE - ply - 1
        if alpha >= beta:
            return alpha
        # Futility pruning (see the module's docstring).  The evaluation is remembered by
        # position, so the deeper iterations that meet this node again pay for it once.
        futile = False
        if (depth <= FUTILITY_DEPTH and not in_check and beta - alpha == 1
                and -MATE_BOUND < beta < MATE_BOUND):
            static = self._leaf(board, ply, capture_squares)
            margin = FUTILITY_MARGIN * depth
            if static - margin >= beta and not _escape_threat_ahead(board):
                return static
            futile = static + margin <= alpha
        return self._expand(depth, alpha, beta, ply, in_check, blocks, futile)

    def _expand(self, depth: int, alpha: int, beta: int, ply: int, in_check: bool,
                blocks: Bitboard, futile: bool) -> int:
        """:meth:`_search` past the quick answers: the table, then the moves."""
        board = self.board
        pv_node = beta - alpha > 1
        key = board.hash
        self._path_keys[ply] = key
        draws_before = self._draws_scored
        slot = key & self.tt_mask
        entry = self.tt[slot]
        if entry is not None and entry[0] != key:
            entry = None
        tt_move = None
        if entry is not None:
            tt_move = entry[4]
            if entry[1] >= depth and not pv_node:
                score = _table_score(entry, alpha, beta, ply)
                if score is not None:
                    return score
        if (not pv_node and not in_check and depth >= NULL_MOVE_DEPTH
                and -MATE_BOUND < beta < MATE_BOUND
                and self._null_move_fails_high(depth, beta, ply)):
            return beta
        turn = board.turn
        if turn == BLACK_TO_MOVE and in_check:
            moves = self.order.parries(board, blocks, board.occupied, tt_move)
            if not moves:
                return ply + 2 - MATE if board.has_legal_move() else ply - MATE
            ordered: Iterator[tuple[Move | None, bool]] = ((m, False) for m in moves)
        else:
            ordered = self.order.ordered(board, turn, board.occupied, ply, tt_move)
        best_score, best_move, searched = self._search_moves(ordered, depth, alpha, beta, ply,
                                                             in_check, pv_node, futile)
        if searched:
            if best_score == self._draw[turn] and self._draws_scored != draws_before:
                # A draw by repetition below decided the score: on another path to this
                # position the same moves need not repeat anything, so the score is not
                # the position's.  Only the move is kept, for the ordering.
                depth = -1
            self._store(slot, entry, key, depth, best_score, alpha, beta, ply, best_move)
        return best_score

    def _null_move_fails_high(self, depth: int, beta: int, ply: int) -> bool:
        """Null-move pruning: whether the side to move, if it could pass, would still score
        at least ``beta`` in a search ``NULL_MOVE_REDUCTION`` plies shallower.  A position
        that good is not searched further: some real move does at least as well (in tafl a
        move is almost never worse than none).  Only tried where the static evaluation
        already reaches ``beta``, and not by black while the king can make an escape
        threat: the shallower search would see too little of what follows it."""
        board = self.board
        if self._leaf(board, ply) < beta:
            return False
        if _escape_threat_ahead(board):
            return False
        board.push_null()
        # The pass is no move of the game: no cycle through it is a repetition.
        cycles_from = self._cycles_from
        self._cycles_from = ply + 2
        try:
            score = -self._search(depth - 1 - NULL_MOVE_REDUCTION, -beta, 1 - beta, ply + 1)
        finally:
            self._cycles_from = cycles_from
            board.pop_null()
        return score >= beta

    def _search_moves(self, ordered: Iterator[tuple[Move | None, bool]], depth: int,
                      alpha: int, beta: int, ply: int, in_check: bool, pv_node: bool,
                      futile: bool) -> tuple[int, Move | None, int]:
        """Search the moves in order: the best score, the best move and how many moves
        were searched (with none, the side to move has no legal move and loses)."""
        best_score = ply - MATE  # no legal move: the side to move loses
        late = _late_moves(depth, in_check, pv_node, futile)
        # Late-move reductions, looked up by the number of moves searched before.
        reductions = _NO_REDUCTIONS if in_check or depth < 2 else _LATE_REDUCTIONS[depth >= 5]
        best_move = None
        searched = quiets = 0
        board = self.board
        push, pop, search = board.push, board.pop, self._search
        child = ply + 1
        for move, quiet in ordered:
            if quiet:
                if quiets >= late and best_score > -MATE_BOUND:
                    break  # late-move pruning: the quiet tail of a shallow node
                if move is None:
                    continue  # the marker before the quiet moves, listed only now
                quiets += 1
            # Principal-variation search: the first move gets the full window, the others
            # a null window (late quiet ones a ply or two shallower first) and a full
            # search again only if they might beat alpha.
            push(move)
            if not searched:
                score = -search(depth - 1, -beta, -alpha, child)
            else:
                reduction = reductions[searched] if quiet else 0
                score = -search(depth - 1 - reduction, -alpha - 1, -alpha, child)
                if score > alpha and (reduction or score < beta):
                    score = -search(depth - 1, -beta, -alpha, child)
            pop()
            searched += 1
            if score > best_score:
                best_score = score
                best_move = move
                if score > alpha:
                    alpha = score
                    if pv_node:
                        self.pv[ply] = (move,) + self.pv[child]
                    if score >= beta:
                        if quiet:
                            self.order.remember_cutoff(move, ply, depth, board.turn)
                        break
        return best_score, best_move, searched

    def _child(self, move: Move, depth: int, alpha: int, beta: int, ply: int, first: bool,
               reduction: int) -> int:
        """The score of ``move`` for the side making it (principal-variation search).

        The first move gets the full window; the others a null window, ``reduction``
        plies shallower, and a full search again if they might beat ``alpha``.
        """
        board = self.board
        search = self._search
        board.push(move)
        if first:
            score = -search(depth, -beta, -alpha, ply + 1)
        else:
            score = -search(depth - reduction, -alpha - 1, -alpha, ply + 1)
            if score > alpha and (reduction or score < beta):
                score = -search(depth, -beta, -alpha, ply + 1)
        board.pop()
        return score

    def _ended(self, outcome: Outcome | None, turn: int, ply: int) -> int:
        """The score of a finished game for the side to move ``turn``, ``ply`` plies from
        the root (a nearer win scores more); ``outcome`` None is a position that repeats
        one of the path (:meth:`_repeats_in_path`), a draw like a repetition by the
        rules."""
        if outcome is None or outcome.winner is None:  # a draw: by repetition, the only one
            self._draws_scored += 1
            return self._draw[turn]
        return MATE - ply if outcome.winner == turn else ply - MATE

    def _repeats_in_path(self, key: int, ply: int) -> bool:
        """Whether the position ``key``, ``ply`` plies from the root, occurred earlier on
        the path from the root, the root itself excepted (and not before a null move).

        Such a position is scored as a draw at once, as strong engines do, although the
        rules want one occurrence more: whatever made either side go round the cycle
        once makes it go round again, and a side that would rather not repeat had its
        chance to leave the cycle at its first turn.  So the search sees a draw by
        repetition four plies after the cycle begins instead of eight, in time for the
        side that is ahead to avoid it.  A position that occurred only before the root
        (or at it) repeats by the rules alone: the game's history is no tree line that
        either side chose in this search.  Only the path's even distances are looked at
        (the side to move is part of the position).
        """
        keys = self._path_keys
        return any(keys[earlier] == key for earlier in range(ply - 4, self._cycles_from - 1, -2))

    def _store(self, slot: int, entry: tuple | None, key: int, depth: int, score: int,
               alpha: int, beta: int, ply: int, move: Move | None) -> None:
        """Keep a searched node in the table, unless ``entry`` (what the slot held before
        the search) is the same position searched deeper.  Mate scores are stored
        relative to the node, so they stay exact when met at another ply.  A ``depth``
        of -1 keeps only the move: a table score is used only at depth 1 and more."""
        if score >= beta:
            flag = _LOWER
        elif score > alpha:
            flag = _EXACT
        else:
            flag = _UPPER
        stored = score
        if stored >= MATE_BOUND:
            stored += ply
        elif stored <= -MATE_BOUND:
            stored -= ply
        if entry is None or entry[1] <= depth:
            self.tt[slot] = (key, depth, flag, stored, move)

    def _leaf(self, board: Board, ply: int, capture_squares: Bitboard | None = None) -> int:
        """The score of a leaf ``ply`` plies from the root: the evaluation (with the
        level's noise), with a lead that has captured nothing for long faded
        (:mod:`tablut.ai.progress`).  ``capture_squares``, if the node has found them,
        are the king's (:func:`tablut.ai.bits.king_capture_squares`).

        The evaluation is remembered by position: re-searches and deeper iterations meet
        the same leaves again.  One function, not two, because it runs at most nodes.
        """
        key = board.hash
        cache = self._eval_cache
        score = cache.get(key)
        if score is None:
            score = self.evaluate(board, capture_squares)
            if self.noise:
                n = self.noise
                score += ((key ^ self.noise_key) * 0x9E3779B97F4A7C15 >> 64) % (2 * n + 1) - n
            if len(cache) >= EVAL_CACHE_SIZE:
                cache.clear()
            cache[key] = score
        if ply > self._fade_from:
            return self.progress.scaled(board, ply, score)
        return score


def _late_moves(depth: int, in_check: bool, pv_node: bool, futile: bool) -> int:
    """How many quiet moves a node searches before late-move pruning cuts the rest: none
    in a futile node, :data:`LATE_MOVES` at shallow depths, all of them (999) in a
    principal-variation node, in check, or deeper."""
    if depth < len(LATE_MOVES) and not in_check and not pv_node:
        return 0 if futile else LATE_MOVES[depth]
    return 999


def _threats(board: Board, ply: int) -> tuple[int | None, bool, Bitboard, Bitboard]:
    """What a node's immediate threats decide, found by bitboard tests: the score if the
    side to move wins in one or cannot stop a double escape threat (else None), whether
    it faces a threat to lose in one (a "check"), for black facing one open escape line
    the squares that block it, and the squares where black would capture the king (for
    the evaluation, which counts them too).  The king is on the board (else the game is
    over)."""
    king = board.king
    occupied = board.black | board.white | (1 << king)
    rays = board.geometry.escape_rays[king]
    capture_squares = king_capture_squares(board)
    if board.turn == WHITE_TO_MOVE:
        for ray in rays:
            if not ray & occupied:
                return MATE - ply - 1, False, 0, capture_squares  # the king escapes
        in_check = bool(capture_squares) and black_reaches_any(board, capture_squares)
        return None, in_check, 0, capture_squares
    if capture_squares and black_reaches_any(board, capture_squares):
        return MATE - ply - 1, False, 0, capture_squares
    lines = blocks = 0
    for ray in rays:
        if not ray & occupied:
            lines += 1
            blocks |= ray
    if lines >= 2:
        return ply + 2 - MATE, False, 0, capture_squares
    return None, lines > 0, blocks & ~board.geometry.soldier_forbidden, capture_squares


def _escape_threat_ahead(board: Board) -> bool:
    """Whether black is to move and the king can step onto a line to an escape square:
    where a shallow look (a null move, a futility cut) would miss the threat that follows,
    so neither is trusted."""
    return board.turn == BLACK_TO_MOVE and bool(king_threat_squares(board))


def _table_score(entry: tuple, alpha: int, beta: int, ply: int) -> int | None:
    """The score a table entry (deep enough) proves for this window, or None."""
    score = entry[3]
    if score >= MATE_BOUND:
        score -= ply
    elif score <= -MATE_BOUND:
        score += ply
    flag = entry[2]
    if flag == _EXACT or (flag == _LOWER and score >= beta) or (flag == _UPPER and score <= alpha):
        return score
    return None
