"""Benchmark the 9x9 engine against itself as it was before the board's shape became data.

The board of any size (7x7, 9x9, 11x11) must cost 9x9 nothing. The baseline is the engine
of :data:`BASELINE` (the commit before that change), taken from git history into a
temporary directory, so that both are timed on the same machine in the same run. Each
engine runs in a process of its own (two engines in one process slow the second one
down), the two alternating ``--repeat`` times; each process runs the work once untimed
(move tables and caches filled), then once timed, in CPU time (not the wall clock: the
machine is shared). The best run of each is kept.

    python tools/bench_nine.py [--perft 4] [--depth 5] [--repeat 3]

Prints, for perft from the start of each 9x9 rule set and for the search over the 9x9
positions of ``tools/search_positions.txt`` (level 5 to a fixed depth, each position
cold), the baseline's and today's times and today's speed as a share of the baseline's.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BASELINE = "5095c484132a7b120ba5686762da157089938d42"
"""The last commit whose engine knew only the 9x9 board."""

PERFT_RULES = ("berkeley", "nielsen", "ashton")


def measure(root: Path, perft_depth: int, search_depth: int) -> dict[str, tuple[int, float]]:
    """Run in this process: the engine under ``root`` (its ``tablut`` package) counts perft
    from each rule set's start and searches the benchmark positions; by measurement,
    what it counted and its CPU time of the timed run."""
    sys.path.insert(0, str(ROOT / "tools"))
    from bench_search import read_positions  # puts this checkout on sys.path: undo that

    for name in [name for name in sys.modules if name.split(".")[0] == "tablut"]:
        del sys.modules[name]
    sys.path[:] = [str(root)] + [p for p in sys.path if Path(p).resolve() != ROOT]
    from tablut.ai import engine
    from tablut.board import Board
    from tablut.perft import perft
    from tablut.rules import RULES

    def search() -> int:
        nodes = 0
        for spot in read_positions():
            getattr(engine, "forget_evaluations", lambda: None)()
            start = Board.from_position(spot.position, RULES[spot.rules])
            nodes += engine.Engine(level=5).think(start, depth=search_depth).nodes
        return nodes

    work = {f"perft {perft_depth} {name}":
            (lambda name=name: perft(Board.start(RULES[name]), perft_depth))
            for name in PERFT_RULES}
    work[f"search depth {search_depth}"] = search
    results = {}
    for what, run in work.items():
        run()  # untimed: tables and caches filled, as in a long game
        started = time.process_time()
        count = run()
        results[what] = (count, time.process_time() - started)
    return results


def in_process(root: Path, perft_depth: int, search_depth: int) -> dict[str, list]:
    """:func:`measure` in a process of its own."""
    done = subprocess.run(
        [sys.executable, __file__, "--measure", str(root), "--perft", str(perft_depth),
         "--depth", str(search_depth)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> int:
    """Run the comparison; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--perft", type=int, default=4, help="perft depth")
    parser.add_argument("--depth", type=int, default=5, help="search depth")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each engine")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure is not None:
        print(json.dumps(measure(args.measure, args.perft, args.depth)))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar",
                                  BASELINE, "tablut"], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        best: dict[str, dict[str, list]] = {"baseline": {}, "today": {}}
        for _ in range(args.repeat):
            for name, root in (("baseline", Path(tmp)), ("today", ROOT)):
                for what, (count, seconds) in in_process(root, args.perft, args.depth).items():
                    kept = best[name].get(what)
                    if kept is None or seconds < kept[1]:
                        best[name][what] = [count, seconds]
    print(f"9x9 against {BASELINE[:10]} (best of {args.repeat} processes each, CPU time):")
    for what, (count, seconds) in best["today"].items():
        base_count, base_seconds = best["baseline"][what]
        same = "same count" if count == base_count else f"COUNTS DIFFER: {base_count:,}"
        print(f"  {what:<20} baseline {base_seconds:6.2f} s   today {seconds:6.2f} s   "
              f"speed {base_seconds / seconds * 100:5.1f}% of the baseline's   "
              f"({count:,}, {same})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
