"""The engine's command-line tools, run as ``python -m tablut search`` and ``... match``
(``--help`` for their options).

``search`` prints one line per completed depth, then ``bestmove MOVE``::

    depth 5 score 231 (+2.31 guards for black) nodes 41649 nps 37013 time 1.13 pv e2-b e3-f ...
    bestmove e2-b

The score is for the side to move, in hundredths of a white guard (a guard's weight is 100
in every rule set's evaluation); the words in brackets say the same for a person: in
guards, and for whom.  A proven result adds ``mate N`` after the score: the side to move
wins in N of its own moves (N negative: it loses), and the words say who wins in how many
of his moves, as in ``score 99997 mate 2 (black wins in 2 moves)``.  Programs that read
these lines take the words after ``depth``, ``score``, ``mate``, ``nodes``, ``nps`` and
``time``, and everything after ``pv``.

``match`` plays games between two levels (or the 1-ply ``greedy`` player), each level
taking black and white in turn from the same openings, and prints a line per game and the
totals per side and per level.

Both return the process exit status; bad arguments print one line on standard error and
give status 2.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from ..arguments import Parser, UsageError, fail, positive_float, positive_int, rules_arg
from ..match import FIRST, GameResult, side_in_game
from ..notation import NotationError, format_move, parse_position, start_position
from ..rules import RULES, rules_named
from ..side import SIDES, Side
from .engine import DEFAULT_LEVEL, LEVELS, Engine, GreedyPlayer
from .match import Player, play_match


def _player_arg(text: str) -> str:
    name = text.strip().lower()
    if name == "greedy":
        return name
    try:
        level = int(name)
    except ValueError:
        level = -1
    if level not in LEVELS:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a player: give a level {min(LEVELS)}-{max(LEVELS)} or greedy")
    return str(level)


def search_command(argv: list[str]) -> int:
    """``python -m tablut search [--rules NAME] [--position P] [--time S] [--depth D]
    [--nodes N] [--level L]``: analyse a position, one line per completed depth.

    Without ``--time``, ``--depth`` or ``--nodes`` it searches for 2 seconds.
    """
    parser = Parser(
        prog="python -m tablut search",
        description="Analyse a position. Each line's score is for the side to move, in "
                    "hundredths of a white guard (100 = one guard); the words after it say "
                    "the same in guards, or who wins in how many moves.")
    parser.add_argument("--rules", type=rules_arg, default=rules_named("berkeley"),
                        help=f"rule set: {', '.join(RULES)} (default berkeley)")
    parser.add_argument("--position",
                        help="position string (default: the start position)")
    parser.add_argument("--time", type=positive_float, help="seconds to think")
    parser.add_argument("--depth", type=positive_int, help="depth in plies")
    parser.add_argument("--nodes", type=positive_int, help="node budget")
    parser.add_argument("--level", type=int, default=len(LEVELS),
                        help="level whose evaluation noise applies (default: the strongest)")
    try:
        args = parser.parse_args(argv)
        if args.level not in LEVELS:
            raise UsageError(f"{parser.prog}: level must be {min(LEVELS)}-{max(LEVELS)}")
        board = parse_position(args.position or start_position(args.rules), args.rules)
    except (UsageError, NotationError) as error:
        return fail(error)
    time_limit = args.time
    if time_limit is None and args.depth is None and args.nodes is None:
        time_limit = 2.0
    engine = Engine(level=args.level)
    mover = SIDES[board.turn]  # the side every score below is for
    size = board.rules.size
    best = None
    for a in engine.analyse(board, time_limit=time_limit, depth=args.depth, nodes=args.nodes):
        best = a
        mate = f" mate {a.mate_in}" if a.mate_in is not None else ""
        # The words in brackets go after the number, not in its place: programs read the
        # number, and the pv must stay last since it runs to the end of the line.
        print(
            f"depth {a.depth} score {a.score}{mate} ({score_words(a.score, a.mate_in, mover)}) "
            f"nodes {a.nodes} nps {a.nps} "
            f"time {a.elapsed:.2f} pv {' '.join(format_move(m, size) for m in a.pv)}",
            flush=True,
        )
    print(f"bestmove {format_move(best.move, size) if best else 'none'}", flush=True)
    return 0


def score_words(score: int, mate_in: int | None, mover: Side) -> str:
    """A search score as a person reads it: ``+2.31 guards for black`` (``score`` is in
    hundredths of a white guard, for ``mover``, the side to move), or ``white wins in 2
    moves`` when ``mate_in`` says the result is proven (counted in the winner's moves)."""
    if mate_in is not None:
        winner = mover if mate_in > 0 else mover.opponent
        moves = abs(mate_in)
        return f"{winner.word} wins in {moves} move{'' if moves == 1 else 's'}"
    return f"{score / 100:+.2f} guards for {mover.word}"


def match_command(argv: list[str]) -> int:
    """``python -m tablut match --white P --black P --games N [--rules NAME] [--seed S]``:
    games between two players (a level number or ``greedy``), colours alternating."""
    parser = Parser(prog="python -m tablut match", description="Play games between two players.")
    parser.add_argument("--white", type=_player_arg, default=str(DEFAULT_LEVEL),
                        help="white's player in the first game: a level or greedy")
    parser.add_argument("--black", type=_player_arg, default="greedy",
                        help="black's player in the first game: a level or greedy")
    parser.add_argument("--games", type=positive_int, default=2, help="games to play")
    parser.add_argument("--rules", type=rules_arg, default=rules_named("berkeley"),
                        help=f"rule set: {', '.join(RULES)} (default berkeley)")
    parser.add_argument("--seed", type=int, default=0, help="seed for openings and noise")
    parser.add_argument("--opening-plies", type=int, default=2,
                        help="random moves that open each pair of games (default 2)")
    parser.add_argument("--max-plies", type=positive_int, default=300,
                        help="a game with no result after this many plies is a draw")
    try:
        args = parser.parse_args(argv)
        if args.opening_plies < 0:
            raise UsageError(f"{parser.prog}: --opening-plies must be 0 or more")
    except UsageError as error:
        return fail(error)

    white_name, black_name = _label(args.white), _label(args.black)
    if white_name == black_name:
        white_name, black_name = white_name + " #1", black_name + " #2"
    # The match's first player has black in game 1: that is --black's player.
    tally = _Tally(first=black_name, second=white_name)
    start = time.perf_counter()
    results = play_match(_factory(args.black), _factory(args.white), (black_name, white_name),
                         args.rules, args.games, args.seed, args.opening_plies,
                         args.max_plies)
    for number, result in enumerate(results, 1):
        print(tally.add(number, result), flush=True)
    elapsed = time.perf_counter() - start
    print(f"{args.games} games, {args.rules.name} rules, {elapsed:.1f} s "
          f"({tally.plies / max(1, args.games):.0f} plies a game)")
    print(f"by side: white {tally.side_wins[Side.WHITE]}, black {tally.side_wins[Side.BLACK]}, "
          f"draws {tally.side_wins[None]}")
    for name in (white_name, black_name):
        wins, played = tally.wins[name], tally.played[name]
        print(f"{name}: {sum(wins)} wins of {args.games} "
              f"(as black {wins[Side.BLACK]}/{played[Side.BLACK]}, "
              f"as white {wins[Side.WHITE]}/{played[Side.WHITE]})")
    return 0


def _label(spec: str) -> str:
    return "greedy" if spec == "greedy" else f"level {spec} ({LEVELS[int(spec)].name})"


def _factory(spec: str) -> Callable[[int], Player]:
    if spec == "greedy":
        return lambda seed: GreedyPlayer(seed)
    return lambda seed: Engine(level=int(spec), seed=seed)


class _Tally:
    """The running score of ``python -m tablut match``: wins and games per player and side,
    for the match's first player (black in game 1) and second player."""

    def __init__(self, first: str, second: str) -> None:
        """No games yet between ``first`` (black in game 1) and ``second``."""
        self.first = first
        self.second = second
        self.wins = {first: [0, 0], second: [0, 0]}  # indexed by Side
        self.played = {first: [0, 0], second: [0, 0]}
        self.side_wins: dict[Side | None, int] = {Side.BLACK: 0, Side.WHITE: 0, None: 0}
        self.plies = 0

    def add(self, number: int, result: GameResult) -> str:
        """Count game ``number``; the line that reports it."""
        if side_in_game(FIRST, number) is Side.BLACK:
            black, white = self.first, self.second
        else:
            black, white = self.second, self.first
        self.played[black][Side.BLACK] += 1
        self.played[white][Side.WHITE] += 1
        self.plies += result.plies
        if result.winner is None:
            self.side_wins[None] += 1
            verdict = "Draw"
        else:
            side = Side.BLACK if result.winner == black else Side.WHITE
            self.side_wins[side] += 1
            self.wins[result.winner][side] += 1
            verdict = f"{side.word.capitalize()} ({result.winner}) wins"
        return (f"game {number}: black {black}, white {white}: {verdict}, {result.reason}, "
                f"{result.plies} plies")
