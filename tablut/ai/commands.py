"""The engine's command-line tools, run as ``python -m tablut search`` and ``... match``
(``--help`` for their options).

``search`` prints one line per completed depth, then ``bestmove MOVE``::

    depth 5 score 231 nodes 41649 nps 37013 time 1.13 pv e2-b e3-f ...
    bestmove e2-b

A proven result adds ``mate N`` after the score: the side to move wins in N of its own
moves (N negative: it loses).

``match`` plays games between two levels (or the 1-ply ``greedy`` player), each level
taking black and white in turn from the same openings, and prints a line per game and the
totals per side and per level.

Both return the process exit status; bad arguments print one line on standard error and
give status 2.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import NoReturn

from ..notation import START_POSITION, NotationError, format_move, parse_position
from ..rules import RULES, rules_named
from .engine import DEFAULT_LEVEL, LEVELS, Engine, GreedyPlayer
from .match import play_match


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not usage and a message."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: {message}")


def _rules_arg(text: str):
    try:
        return rules_named(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the time must be positive")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be at least 1")
    return value


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


def _fail(error: Exception) -> int:
    print(f"error: {error}", file=sys.stderr)
    return 2


def search_command(argv: list[str]) -> int:
    """``python -m tablut search [--rules NAME] [--position P] [--time S] [--depth D]
    [--nodes N] [--level L]``: analyse a position, one line per completed depth.

    Without ``--time``, ``--depth`` or ``--nodes`` it searches for 2 seconds.
    """
    parser = _Parser(prog="python -m tablut search", description="Analyse a position.")
    parser.add_argument("--rules", type=_rules_arg, default=rules_named("berkeley"),
                        help=f"rule set: {', '.join(RULES)} (default berkeley)")
    parser.add_argument("--position", default=START_POSITION,
                        help="position string (default: the start position)")
    parser.add_argument("--time", type=_positive_float, help="seconds to think")
    parser.add_argument("--depth", type=_positive_int, help="depth in plies")
    parser.add_argument("--nodes", type=_positive_int, help="node budget")
    parser.add_argument("--level", type=int, default=len(LEVELS),
                        help="level whose evaluation noise applies (default: the strongest)")
    try:
        args = parser.parse_args(argv)
        if args.level not in LEVELS:
            raise _UsageError(f"{parser.prog}: level must be {min(LEVELS)}-{max(LEVELS)}")
        board = parse_position(args.position, args.rules)
    except (_UsageError, NotationError) as error:
        return _fail(error)
    time_limit = args.time
    if time_limit is None and args.depth is None and args.nodes is None:
        time_limit = 2.0
    engine = Engine(level=args.level)
    best = None
    for a in engine.analyse(board, time_limit=time_limit, depth=args.depth, nodes=args.nodes):
        best = a
        mate = f" mate {a.mate_in}" if a.mate_in is not None else ""
        print(
            f"depth {a.depth} score {a.score}{mate} nodes {a.nodes} nps {a.nps} "
            f"time {a.elapsed:.2f} pv {' '.join(format_move(m) for m in a.pv)}",
            flush=True,
        )
    print(f"bestmove {format_move(best.move) if best else 'none'}", flush=True)
    return 0


def match_command(argv: list[str]) -> int:
    """``python -m tablut match --white P --black P --games N [--rules NAME] [--seed S]``:
    games between two players (a level number or ``greedy``), colours alternating."""
    parser = _Parser(prog="python -m tablut match", description="Play games between two players.")
    parser.add_argument("--white", type=_player_arg, default=str(DEFAULT_LEVEL),
                        help="white's player in the first game: a level or greedy")
    parser.add_argument("--black", type=_player_arg, default="greedy",
                        help="black's player in the first game: a level or greedy")
    parser.add_argument("--games", type=_positive_int, default=2, help="games to play")
    parser.add_argument("--rules", type=_rules_arg, default=rules_named("berkeley"),
                        help=f"rule set: {', '.join(RULES)} (default berkeley)")
    parser.add_argument("--seed", type=int, default=0, help="seed for openings and noise")
    parser.add_argument("--opening-plies", type=int, default=2,
                        help="random moves that open each pair of games (default 2)")
    parser.add_argument("--max-plies", type=_positive_int, default=300,
                        help="a game with no result after this many plies is a draw")
    try:
        args = parser.parse_args(argv)
        if args.opening_plies < 0:
            raise _UsageError(f"{parser.prog}: --opening-plies must be 0 or more")
    except _UsageError as error:
        return _fail(error)

    def label(spec: str) -> str:
        return "greedy" if spec == "greedy" else f"level {spec} ({LEVELS[int(spec)].name})"

    def factory(spec: str):
        if spec == "greedy":
            return lambda seed: GreedyPlayer(seed)
        return lambda seed: Engine(level=int(spec), seed=seed)

    name_a, name_b = label(args.white), label(args.black)
    if name_a == name_b:
        name_a, name_b = name_a + " #1", name_b + " #2"
    # Player A is white in the first game of each pair, so it is "B" that has black first.
    wins = {name_a: [0, 0], name_b: [0, 0]}  # [as black, as white]
    played = {name_a: [0, 0], name_b: [0, 0]}
    side_wins = {"black": 0, "white": 0, None: 0}
    plies = 0
    start = time.perf_counter()
    results = play_match(factory(args.black), factory(args.white), (name_b, name_a),
                         args.rules, args.games, args.seed, args.opening_plies,
                         args.max_plies)
    for number, result in enumerate(results, 1):
        played[result.black][0] += 1
        played[result.white][1] += 1
        side_wins[result.winner_side] += 1
        plies += result.plies
        if result.winner is not None:
            wins[result.winner][0 if result.winner_side == "black" else 1] += 1
        verdict = (f"{result.winner_side.capitalize()} ({result.winner}) wins"
                   if result.winner else "Draw")
        print(f"game {number}: black {result.black}, white {result.white}: {verdict}, "
              f"{result.reason}, {result.plies} plies", flush=True)
    elapsed = time.perf_counter() - start
    print(f"{args.games} games, {args.rules.name} rules, {elapsed:.1f} s "
          f"({plies / max(1, args.games):.0f} plies a game)")
    print(f"by side: white {side_wins['white']}, black {side_wins['black']}, "
          f"draws {side_wins[None]}")
    for name in (name_a, name_b):
        total = sum(wins[name])
        print(f"{name}: {total} wins of {args.games} "
              f"(as black {wins[name][0]}/{played[name][0]}, "
              f"as white {wins[name][1]}/{played[name][1]})")
    return 0
