"""Play the engine against the engine of a pinned commit, at the same time per move.

    nice -n 10 python tools/strength_match.py [--games 102] [--movetime 0.9] [--log FILE]

The baseline is taken from git history (:data:`bench_search.BASELINE`, extracted with
``git archive`` and imported under another name, as ``tools/bench_search.py`` does), so
the match measures what the speed work bought: both play level 5 with the same
``--movetime`` seconds a move (wall clock).  Games are spread evenly over the rule sets
the baseline knows and played in pairs from the same random opening (three plies), each
engine taking black in one game of the pair.  A line per game, then the score by rule set
and in all (a win 1, a draw 1/2); ``--log`` also writes each game as a JSON line,
its moves included.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from bench_search import BASELINE, BASELINE_RULES, import_baseline  # noqa: E402

from tablut.ai import Engine  # noqa: E402
from tablut.ai.match import random_opening  # noqa: E402
from tablut.board import Board  # noqa: E402
from tablut.english import reason_text  # noqa: E402
from tablut.notation import format_move  # noqa: E402
from tablut.rules import RULES  # noqa: E402


class BaselinePlayer:
    """The baseline engine at level 5, following the game on its own board."""

    def __init__(self, package: ModuleType, rules: str, movetime: float) -> None:
        """A player of ``package``'s engine for a game of ``rules``."""
        self.board_type = importlib.import_module(f"{package.__name__}.board").Board
        self.rules = importlib.import_module(f"{package.__name__}.rules").RULES[rules]
        engine = importlib.import_module(f"{package.__name__}.ai.engine").Engine
        self.engine = engine(level=5, movetime=movetime)
        self.board = self.board_type.start(self.rules)

    def choose_move(self) -> tuple[int, int]:
        """The baseline's move in the game so far."""
        return self.engine.choose_move(self.board)

    def follow(self, move: tuple[int, int]) -> None:
        """A move was played (by either side)."""
        self.board.push(move)


def play(package: ModuleType, rules: str, opening: list, new_is_black: bool,
         movetime: float, max_plies: int) -> tuple[str | None, list, str]:
    """One game; the winner ("new", "baseline" or None for a draw), its moves, why it
    ended."""
    board = Board.start(RULES[rules])
    base = BaselinePlayer(package, rules, movetime)
    new = Engine(level=5, movetime=movetime)
    moves = list(opening)
    for move in opening:
        board.push(move)
        base.follow(move)
    names = ("new", "baseline") if new_is_black else ("baseline", "new")
    while True:
        outcome = board.outcome()
        if outcome is not None:
            winner = None if outcome.winner is None else names[outcome.winner]
            return winner, moves, reason_text(outcome.reason.value)
        if board.ply >= max_plies:
            return None, moves, f"no result after {max_plies} plies"
        move = new.choose_move(board) if names[board.turn] == "new" else base.choose_move()
        if not board.is_legal(move):
            raise RuntimeError(f"{names[board.turn]} chose an illegal move {move}")
        board.push(move)
        base.follow(move)
        moves.append(move)


def main() -> int:
    """Play the match; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=102, help="in all (pairs per rule set)")
    parser.add_argument("--movetime", type=float, default=0.9, help="seconds a move, each")
    parser.add_argument("--max-plies", type=int, default=160)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", type=Path, help="write each game as a JSON line here")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    points: dict[str, list[float]] = {name: [0.0, 0] for name in (*BASELINE_RULES, "all")}
    log = args.log.open("a", encoding="utf-8") if args.log else None
    with tempfile.TemporaryDirectory() as tmp:
        package = import_baseline(BASELINE, Path(tmp))
        print(f"level 5 against level 5 of {BASELINE[:10]}, {args.movetime} s a move each")
        for number in range(args.games):
            rules = BASELINE_RULES[(number // 2) % len(BASELINE_RULES)]
            if number % 2 == 0:
                opening = random_opening(RULES[rules], 3, rng)
            new_is_black = number % 2 == 0
            started = time.perf_counter()
            winner, moves, why = play(package, rules, opening, new_is_black, args.movetime,
                                      args.max_plies)
            plies = len(moves)
            score = 1.0 if winner == "new" else 0.5 if winner is None else 0.0
            for key in (rules, "all"):
                points[key][0] += score
                points[key][1] += 1
            total, played = points["all"]
            print(f"game {number + 1:>3} {rules:<9} new {'black' if new_is_black else 'white'}:"
                  f" {winner or 'draw':<8} {plies:>3} plies, {why} "
                  f"({time.perf_counter() - started:.0f} s)   new {total}/{played}", flush=True)
            if log:
                log.write(json.dumps({"game": number + 1, "rules": rules,
                                      "new_is_black": new_is_black, "winner": winner,
                                      "plies": plies, "why": why,
                                      "moves": [format_move(m) for m in moves]}) + "\n")
                log.flush()
    for key, (score, games) in points.items():
        if games:
            print(f"{key:<9} new scores {score}/{games} = {100 * score / games:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
