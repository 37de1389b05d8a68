"""Perft: the number of legal move sequences of a given length, to test and time the
move generator.

A move that ends the game is a leaf: nothing follows it, so it counts at its own depth and
adds nothing deeper.  At the last level the moves are counted without being made.
"""

from __future__ import annotations

import argparse
import time

from .board import Board
from .notation import parse_position, start_position
from .rules import RULES, rules_named


def perft(board: Board, depth: int) -> int:
    """The number of legal move sequences of length ``depth`` from ``board``."""
    if depth <= 0:
        return 1
    if depth == 1:
        return board.count_moves()
    nodes = 0
    push, pop = board.push, board.pop
    for move in board.legal_moves():
        push(move)
        if board.last_move_outcome is None:
            nodes += perft(board, depth - 1)
        pop()
    return nodes


def perft_command(argv: list[str]) -> int:
    """``python -m tablut perft DEPTH [--rules NAME] [--position P]``; the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tablut perft",
                                     description="Count legal move sequences.")
    parser.add_argument("depth", type=int, help="sequence length, 1 or more")
    parser.add_argument("--rules", default="berkeley", choices=sorted(RULES))
    parser.add_argument("--position", help="a position string (default: the start position)")
    args = parser.parse_args(argv)
    if args.depth < 1:
        parser.error("depth must be 1 or more")
    try:
        rules = rules_named(args.rules)
        board = parse_position(args.position or start_position(rules), rules)
    except ValueError as error:
        parser.error(str(error))
    started = time.perf_counter()
    nodes = perft(board, args.depth)
    seconds = time.perf_counter() - started
    nps = nodes / seconds if seconds > 0 else float("inf")
    print(f"perft {args.depth}: {nodes} nodes in {seconds:.3f} s ({nps:.0f} nodes/s)")
    return 0
