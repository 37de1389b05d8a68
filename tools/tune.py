"""Tune the evaluation weights of one rule set by self-play (SPSA).

    python tools/tune.py --rules berkeley --iterations 200 --nodes 1500 --verify 40

Simultaneous-perturbation stochastic approximation: every iteration perturbs all weights at
once by a random sign vector, plays a pair of games between the "+" and the "-" weights
(same random opening, each side once), and moves the weights towards whichever won.  It
needs only two games per step however many weights there are, which is what makes tuning
by real games affordable in Python.  Games use a fixed node budget per move, so a run is
exactly reproducible from its seed.

At the end it plays ``--verify`` games between the tuned and the starting weights (colours
alternating, fresh openings) and prints the score, then the weights as a Python literal to
paste into ``tablut/ai/weights.py``.  ``white_guards`` stays at 100: it fixes the scale.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tablut.ai.engine import Engine  # noqa: E402
from tablut.ai.evaluate import FEATURES  # noqa: E402
from tablut.ai.match import play_game, random_opening  # noqa: E402
from tablut.ai.weights import WEIGHTS  # noqa: E402
from tablut.rules import RULES, rules_named  # noqa: E402

FIXED = {"white_guards"}
"""Weights that stay put: one weight must, or every weight could drift together."""


class FixedBudget:
    """A player searching a fixed number of nodes per move with given weights."""

    def __init__(self, weights, nodes: int, depth: int) -> None:
        self.engine = Engine(level=max(e for e in range(1, 8)), weights=tuple(weights))
        self.nodes = nodes
        self.depth = depth

    def choose_move(self, board):
        return self.engine.think(board, nodes=self.nodes, depth=self.depth).move


def pair(rules, a, b, nodes, depth, rng, opening_plies, max_plies) -> tuple[float, list]:
    """Play a and b once with each colour from one random opening; a's points minus b's,
    in [-1, 1], and the two results."""
    opening = random_opening(rules, opening_plies, rng)
    pa, pb = FixedBudget(a, nodes, depth), FixedBudget(b, nodes, depth)
    results = [
        play_game(pa, pb, rules, opening, max_plies, ("a", "b")),
        play_game(pb, pa, rules, opening, max_plies, ("b", "a")),
    ]
    score = 0.0
    for r in results:
        if r.winner == "a":
            score += 0.5
        elif r.winner == "b":
            score -= 0.5
    return score, results


def spsa(rules, start, iterations, nodes, depth, seed, opening_plies, max_plies, log,
         rate=1.0):
    """Run SPSA from ``start``; returns the tuned weights (floats).  ``rate`` scales the
    steps towards the winner (1.0: a whole perturbation at the first iteration); long runs
    want a smaller one, or the weights wander with the games' noise."""
    rng = random.Random(seed)
    theta = [float(w) for w in start]
    # Perturbation sizes: a quarter of each weight, at least 3 units.
    steps = [max(3.0, abs(w) * 0.25) for w in theta]
    a0, big_a, alpha, gamma = rate, iterations * 0.1, 0.602, 0.101
    for k in range(1, iterations + 1):
        ak = a0 / (k + big_a) ** alpha * (1 + big_a) ** alpha  # a0 at the start
        ck = 1.0 / k ** gamma
        delta = [0 if FEATURES[i] in FIXED else rng.choice((-1, 1)) for i in range(len(theta))]
        plus = [t + ck * s * d for t, s, d in zip(theta, steps, delta, strict=True)]
        minus = [t - ck * s * d for t, s, d in zip(theta, steps, delta, strict=True)]
        score, results = pair(rules, plus, minus, nodes, depth, rng, opening_plies, max_plies)
        # Move each weight by up to one step size towards the winner's side.
        theta = [t + ak * score * s * d for t, s, d in zip(theta, steps, delta, strict=True)]
        plies = "/".join(str(r.plies) for r in results)
        log(f"iter {k:4d} score {score:+.1f} plies {plies}")
        if k % 25 == 0 or k == iterations:
            log("  weights " + _literal(theta))
    return theta


def verify(rules, tuned, start, games, nodes, depth, seed, opening_plies, max_plies, log):
    """Tuned against start, colours alternating; returns the tuned side's points."""
    rng = random.Random(seed + 99991)
    points = 0.0
    for g in range(0, games, 2):
        score, results = pair(rules, tuned, start, nodes, depth, rng, opening_plies,
                              max_plies)
        points += sum(1.0 if r.winner == "a" else 0.5 if r.winner is None else 0.0
                      for r in results)
        log(f"verify games {g + 1}-{g + 2}: tuned {points:.1f} of {g + 2}")
    return points


def _literal(weights) -> str:
    return "(" + ", ".join(str(round(w)) for w in weights) + ")"


def elo(points: float, games: int) -> float:
    """The rating difference that the score implies (capped for a clean sweep)."""
    p = min(max(points / games, 0.01), 0.99)
    return -400 * math.log10(1 / p - 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="berkeley", help=f"one of {', '.join(RULES)}")
    parser.add_argument("--iterations", type=int, default=150)
    parser.add_argument("--nodes", type=int, default=1500, help="node budget per move")
    parser.add_argument("--depth", type=int, default=64, help="depth cap per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=1.0,
                        help="step towards the winner, in perturbations (smaller for long runs)")
    parser.add_argument("--opening-plies", type=int, default=4)
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--verify", type=int, default=40, help="games tuned vs start")
    parser.add_argument("--start", help="comma-separated start weights (default: current)")
    args = parser.parse_args(argv)
    rules = rules_named(args.rules)
    start = (tuple(float(x) for x in args.start.split(",")) if args.start
             else WEIGHTS[rules.name])
    began = time.time()

    def log(line: str) -> None:
        print(f"[{time.time() - began:7.0f}s] {line}", flush=True)

    log(f"tuning {rules.name}: {args.iterations} iterations, {args.nodes} nodes a move")
    log("start " + _literal(start))
    tuned = spsa(rules, start, args.iterations, args.nodes, args.depth, args.seed,
                 args.opening_plies, args.max_plies, log, args.rate)
    if args.verify:
        points = verify(rules, tuned, start, args.verify, args.nodes, args.depth, args.seed,
                        args.opening_plies, args.max_plies, log)
        log(f"tuned vs start: {points:.1f} / {args.verify} "
            f"({elo(points, args.verify):+.0f} Elo)")
    print(f'    "{rules.name}": {_literal(tuned)},')
    for name, before, after in zip(FEATURES, start, tuned, strict=True):
        print(f"#   {name:22s} {before:8.1f} -> {after:8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
