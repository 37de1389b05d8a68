"""The computer opponent: an alpha-beta search over :class:`tablut.board.Board`.

Pure Python, standard library only, the same natively and in the browser::

    from tablut.ai import Engine
    engine = Engine(level=5, seed=0)
    move = engine.choose_move(board)          # a (from, to) pair
    for a in engine.analyse(board, time_limit=2.0):
        print(a.depth, a.score, a.mate_in, a.pv)   # one line per completed depth

Modules: :mod:`.engine` (levels, Engine, Analysis), :mod:`.search` (the tree search),
:mod:`.ordering` (which moves it tries first), :mod:`.evaluate` (the static evaluation),
:mod:`.weights` (its tuned weights), :mod:`.bits` (bitboard threat tests), :mod:`.match`
(games between players) and :mod:`.commands` (``python -m tablut search`` and ``match``).
"""

from .engine import DEFAULT_LEVEL, LEVELS, Analysis, Engine, GreedyPlayer, Level
from .search import MATE, mate_in

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "MATE",
    "Analysis",
    "Engine",
    "GreedyPlayer",
    "Level",
    "mate_in",
]
