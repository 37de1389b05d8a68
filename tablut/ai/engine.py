"""The computer player: levels, the :class:`Engine` and its :class:`Analysis` results.

Reproducibility: a level's search is limited by a node budget, not by the clock, so the
same position with the same game history and the same seed always gives the same move,
natively and in the browser alike.  Each level also has a wall-clock safety deadline,
generous for this machine (several times the level's usual thinking time); only on a
machine so slow that it is reached does the move depend on speed.  With ``movetime``
(a time per move instead of the level's budget) the move is reproducible only as long
as the same depth is completed.  The only randomness is the lower levels' evaluation
noise, a fixed function of the position and of a key drawn from ``random.Random(seed)``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..board import Board, Move
from ..english import level_description, level_name
from ..notation import format_move
from ..rules import Rules
from .evaluate import Evaluator
from .ordering import order_root_moves
from .search import MATE_BOUND, Iteration, Searcher, mate_in
from .weights import weights_for


@dataclass(frozen=True)
class Level:
    """One strength of the computer player.

    The descriptions' thinking times are the page's: Pyodide in Chromium on a 2-core
    machine, which searches about 30,000 positions a second (about 75,000 natively, so
    ``python -m tablut`` thinks about two and a half times less).  The node budgets were
    set for those times when null-move pruning and the faster evaluation came in: a level
    now thinks for less time than before and searches deeper with its nodes.  Measured in
    berkeley rules before that change, each level beat the one below it: 2-1 13-7,
    3-2 20-0, 4-3 16-4, 5-4 13-3, 6-5 7-1, 7-6 5-1; level 5 beat the one-ply greedy
    player 40-0.

    Attributes:
        number: the level's number, what a person chooses (1 the weakest); its
            :attr:`name` and :attr:`description` are the text interface's words for it
            (:mod:`tablut.english`; the page's are :mod:`web.words.engine`).
        depth: the deepest nominal search depth, in plies.
        nodes: the node budget per move (the usual limit).
        seconds: the safety deadline per move, wall clock.
        noise: the amplitude of the evaluation noise (0: none); a guard is worth 100.
    """

    number: int
    depth: int
    nodes: int
    seconds: float
    noise: int = 0

    @property
    def name(self) -> str:
        """What a person calls the level ("Beginner" ... "Master"), in the text
        interface's English."""
        return level_name(self.number)

    @property
    def description(self) -> str:
        """One sentence on how the level plays, in the text interface's English."""
        return level_description(self.number)


LEVELS: dict[int, Level] = {
    1: Level(1, 2, 4_000, 5.0, 250),
    2: Level(2, 2, 8_000, 5.0, 80),
    3: Level(3, 3, 10_000, 8.0, 30),
    4: Level(4, 64, 12_000, 10.0, 0),
    5: Level(5, 64, 30_000, 20.0, 0),
    6: Level(6, 64, 90_000, 40.0, 0),
    7: Level(7, 64, 220_000, 90.0, 0),
}
"""The levels by number, weakest first; the numbers are what a person chooses."""

DEFAULT_LEVEL = 5
"""The level a new game uses."""


@dataclass(frozen=True)
class Analysis:
    """What the search thinks of a position, after one completed depth.

    Attributes:
        move: the best move found.
        score: its score for the side to move (hundredths of a guard; wins and losses are
            beyond +-99000; a draw by repetition is 0, although the search rates it
            below an even position: see :meth:`tablut.ai.search.Searcher.draw_score`).
        mate_in: moves of the side to move to a forced win (negative: to a forced loss),
            or None when nothing is proven.
        pv: the expected line, starting with ``move``.
        depth: nominal depth in plies (0: no depth completed, a safe move picked by a quick
            look at each move).
        seldepth: the deepest ply reached, with extensions.
        nodes: positions searched.
        nps: nodes per second.
        elapsed: seconds since the search began.
    """

    move: Move
    score: int
    mate_in: int | None
    pv: tuple[Move, ...]
    depth: int
    seldepth: int
    nodes: int
    nps: int
    elapsed: float
    complete: bool = True

    def to_dict(self, size: int = 9) -> dict:
        """Plain data (for the browser worker and JSON): moves as text, e.g. ``"b3-6"``,
        named on the board of ``size``."""
        return {
            "move": format_move(self.move, size),
            "from": self.move[0],
            "to": self.move[1],
            "score": self.score,
            "mate_in": self.mate_in,
            "pv": [format_move(m, size) for m in self.pv],
            "depth": self.depth,
            "seldepth": self.seldepth,
            "nodes": self.nodes,
            "nps": self.nps,
            "elapsed": round(self.elapsed, 4),
            "complete": self.complete,
        }


def _analysis(it: Iteration) -> Analysis:
    nps = int(it.nodes / it.elapsed) if it.elapsed > 0 else 0
    return Analysis(it.move, it.score, mate_in(it.score), it.pv, it.depth, it.seldepth,
                    it.nodes, nps, it.elapsed, it.complete)


@dataclass
class Engine:
    """The computer player at one level.

    Args:
        level: a key of :data:`LEVELS`.
        seed: selects the lower levels' evaluation noise (same seed, same moves).
        movetime: if given, think this many seconds per move instead of using the
            level's node budget (stronger on fast machines, not reproducible across them).
        weights: evaluation weights to use instead of the tuned ones (for tuning).

    The engine does not settle for a draw by repetition that it need not take: the search
    counts one as worth a little less than an even position to the side it plays for
    (:data:`tablut.ai.search.CONTEMPT`), so it plays on unless it is clearly behind, and
    it never makes a repetition that loses.  The game's earlier positions count: the
    board searched carries its history.

    The engine keeps no state between moves (its table is cleared for every search), so a
    hint asked in the middle of a game never changes the moves it will play.  Only the
    evaluations of positions are kept from one search to the next (:func:`_evaluations`):
    they are a function of the position, so they change the time a search takes, never
    its result.
    """

    level: int = DEFAULT_LEVEL
    seed: int = 0
    movetime: float | None = None
    weights: tuple[float, ...] | None = None
    last: Analysis | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"level must be one of {min(LEVELS)}..{max(LEVELS)}")
        self._noise_key = random.Random(self.seed).getrandbits(64)

    @property
    def spec(self) -> Level:
        """The :class:`Level` played."""
        return LEVELS[self.level]

    def analyse(
        self,
        board: Board,
        time_limit: float | None = None,
        depth: int | None = None,
        nodes: int | None = None,
    ) -> Iterator[Analysis]:
        """Search ``board`` (unchanged) and yield an :class:`Analysis` per completed depth.

        With no limit given, the level's limits apply (its depth, node budget, safety
        deadline and noise; or ``movetime`` if the engine has one).  Given limits replace
        them all: any of ``time_limit`` (seconds), ``depth`` (plies), ``nodes``; the noise
        of the level still applies.  However little time it gets, it yields at least one
        analysis with a legal move, unless the game is over (then nothing).
        """
        spec = self.spec
        start = time.perf_counter()
        if time_limit is None and depth is None and nodes is None:
            if self.movetime is not None:
                max_depth, node_limit, seconds = spec.depth, None, self.movetime
            else:
                max_depth, node_limit, seconds = spec.depth, spec.nodes, spec.seconds
        else:
            max_depth = depth if depth is not None else 64
            node_limit, seconds = nodes, time_limit
        deadline = start + seconds if seconds is not None else None
        weights = self.weights if self.weights is not None else weights_for(board.rules)
        noise_key = self._noise_key if spec.noise else 0
        searcher = Searcher(Evaluator(weights).for_rules(board.rules), noise=spec.noise,
                            noise_key=noise_key,
                            evaluations=_evaluations(board.rules, weights, spec.noise, noise_key))
        yielded = False
        for it in searcher.iterate(board, max_depth, node_limit, deadline, start):
            result = _analysis(it)
            self.last = result
            yielded = True
            yield result
        if not yielded and board.last_move_outcome is None and board.legal_moves():
            # Not even depth 1 finished: fall back on the quick look at each move, which
            # puts wins first and moves that lose at once last.
            moves = order_root_moves(board.copy(), board.legal_moves())
            elapsed = time.perf_counter() - start
            result = Analysis(moves[0], 0, None, (moves[0],), 0, 0, searcher.nodes,
                              int(searcher.nodes / elapsed) if elapsed > 0 else 0,
                              elapsed, False)
            self.last = result
            yield result

    def think(self, board: Board, **limits) -> Analysis:
        """The final :class:`Analysis` of a search (see :meth:`analyse` for ``limits``)."""
        result = None
        for result in self.analyse(board, **limits):  # noqa: B007
            pass
        if result is None:
            raise ValueError("the game is over: there is no move to choose")
        return result

    def choose_move(self, board: Board) -> Move:
        """The move the engine plays in ``board`` (which it does not change)."""
        return self.think(board).move


_EVALUATIONS: dict[tuple, dict[int, int]] = {}


def _evaluations(rules: Rules, weights: Sequence[float], noise: int, noise_key: int
                 ) -> dict[int, int]:
    """The evaluations earlier searches made with the same rule set, weights and noise,
    by position, for the next search to reuse.

    Successive searches of a game meet many of the same positions (the previous one looked
    two plies ahead of the next), and an evaluation is the dearest part of a leaf.  Only
    the latest kind of evaluation is kept; the searcher bounds the dictionary's size.
    """
    key = (rules, tuple(weights), noise, noise_key)
    found = _EVALUATIONS.get(key)
    if found is None:
        _EVALUATIONS.clear()
        found = _EVALUATIONS[key] = {}
    return found


def forget_evaluations() -> None:
    """Drop the evaluations kept between searches (:func:`_evaluations`): for measuring a
    search from a cold start, and for freeing the memory."""
    _EVALUATIONS.clear()


class GreedyPlayer:
    """A one-ply player for measuring the engine: it plays the move whose resulting
    position its evaluation likes best (wins first), ties broken by ``random.Random(seed)``.
    It never looks at the opponent's replies."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        """A greedy player whose ties are broken by ``random.Random(seed)``."""
        self.rng = random.Random(seed)

    def choose_move(self, board: Board) -> Move:
        """The greedy move in ``board`` (unchanged)."""
        board = board.copy()
        evaluate = Evaluator(weights_for(board.rules))
        mover = board.side
        best: list[Move] = []
        best_score = None
        for move in board.legal_moves():
            board.push(move)
            outcome = board.last_move_outcome
            if outcome is not None:
                score = 10 * MATE_BOUND if outcome.winner == mover else (
                    0 if outcome.winner is None else -10 * MATE_BOUND)
            else:
                score = -evaluate(board)
            board.pop()
            if best_score is None or score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        if not best:
            raise ValueError("the game is over: there is no move to choose")
        return self.rng.choice(best)
