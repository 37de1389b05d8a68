"""Benchmark the move generator: perft speed of the engine, of the simple reference
generator in tests/reference.py, and of python-chess from the chess start position, all in
one run so that the figures compare on the same machine at the same moment.

    python tools/bench.py [--depth 3] [--repeat 3]

Prints one line per contender: nodes, best time of the repeats, and nodes per second.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from reference import RefState, ref_perft  # noqa: E402

from tablut.board import Board  # noqa: E402
from tablut.notation import start_position  # noqa: E402
from tablut.perft import perft  # noqa: E402
from tablut.rules import RULES  # noqa: E402


def best_time(run: Callable[[], int], repeat: int) -> tuple[int, float]:
    """The node count and the fastest of ``repeat`` timed runs."""
    best = float("inf")
    nodes = 0
    for _ in range(repeat):
        started = time.perf_counter()
        nodes = run()
        best = min(best, time.perf_counter() - started)
    return nodes, best


def report(name: str, nodes: int, seconds: float) -> float:
    """Print one result line; the nodes per second."""
    nps = nodes / seconds
    print(f"{name:<34} {nodes:>10} nodes  {seconds:7.3f} s  {nps:>12,.0f} nodes/s", flush=True)
    return nps


def chess_perft(depth: int) -> Callable[[], int] | None:
    """python-chess's perft from the chess start position, if python-chess is installed."""
    try:
        import chess
    except ImportError:
        return None

    def count(board: chess.Board, depth: int) -> int:
        if depth == 1:
            return board.legal_moves.count()
        total = 0
        for move in board.legal_moves:
            board.push(move)
            total += count(board, depth - 1)
            board.pop()
        return total

    return lambda: count(chess.Board(), depth)


def main() -> int:
    """Run the benchmark; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for name, rules in RULES.items():
        fast = report(f"engine perft {args.depth} ({name})",
                      *best_time(lambda r=rules: perft(Board.start(r), args.depth), args.repeat))
        state = RefState.from_position(start_position(rules), rules)
        slow = report(f"reference perft {args.depth} ({name})",
                      *best_time(lambda s=state: ref_perft(s, args.depth), args.repeat))
        print(f"{'':<34} engine / reference = {fast / slow:.1f}x")
    chess = chess_perft(4)
    if chess is None:
        print("python-chess is not installed: pip install chess to compare with it")
    else:
        report("python-chess perft 4 (chess start)", *best_time(chess, args.repeat))
    return 0


if __name__ == "__main__":
    sys.exit(main())
