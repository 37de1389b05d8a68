"""Benchmark the search against the engine as it was before it was made faster.

The baseline is not a copy kept in the repository: it is taken from git history at
:data:`BASELINE` (``git archive``) into a temporary directory and imported under another
name, so the same run times both engines on the same machine at the same moment.

    python tools/bench_search.py [--depth 6] [--nodes 20000] [--rules berkeley,...]

For every position of ``tools/search_positions.txt`` (openings, middlegames and endgames
of each rule set) each engine searches to a fixed depth; the report gives, per rule set
and in all, the time to reach that depth and the positions (nodes) searched per second,
then the ratios new / baseline.  With ``--nodes`` each engine also searches every position
for that many nodes, the other way of measuring positions per second.  Times are the
process's CPU time, not the wall clock: the machine is shared, and CPU time does not count
the moments another program had it.
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

POSITIONS = ROOT / "tools" / "search_positions.txt"
BASELINE = "9d441c0d283d571e602503d0df450614b5959058"
"""The commit whose engine is the baseline: the search before this speed work."""
BASELINE_PACKAGE = "tablut_baseline"
BASELINE_RULES = ("berkeley", "brainking", "nielsen")
"""The rule sets the baseline knows: the comparison is made on these."""


@dataclass(frozen=True)
class BenchPosition:
    """One benchmark position: its rule set, its phase of the game and its position string."""

    rules: str
    phase: str
    position: str


def read_positions(path: Path = POSITIONS) -> list[BenchPosition]:
    """The positions listed in ``path`` (``RULES PHASE POSITION`` a line, ``#`` comments)."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            rules, phase, position = line.split(maxsplit=2)
            found.append(BenchPosition(rules, phase, position))
    return found


def import_baseline(commit: str, into: Path) -> ModuleType:
    """The ``tablut`` package of ``commit``, extracted under ``into`` and imported as
    :data:`BASELINE_PACKAGE` (its imports are relative, so the new name is enough)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", f"--prefix={BASELINE_PACKAGE}/",
         f"{commit}:tablut"], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    sys.path.insert(0, str(into))
    return importlib.import_module(BASELINE_PACKAGE)


@dataclass
class Tally:
    """Nodes and seconds added up over searches."""

    nodes: int = 0
    seconds: float = 0.0

    def add(self, nodes: int, seconds: float) -> None:
        """Count one search."""
        self.nodes += nodes
        self.seconds += seconds

    @property
    def nps(self) -> float:
        """Nodes per second over every search counted."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


def search(package: ModuleType, spot: BenchPosition, **limits: int) -> tuple[int, float, str]:
    """One level-5 search of ``spot`` by the engine of ``package``: nodes, seconds, move."""
    board_mod = importlib.import_module(f"{package.__name__}.board")
    rules_mod = importlib.import_module(f"{package.__name__}.rules")
    engine_mod = importlib.import_module(f"{package.__name__}.ai.engine")
    notation = importlib.import_module(f"{package.__name__}.notation")
    board = board_mod.Board.from_position(spot.position, rules_mod.RULES[spot.rules])
    # Every search starts cold: nothing kept from the previous position's search.
    getattr(engine_mod, "forget_evaluations", lambda: None)()
    started = time.process_time()
    analysis = engine_mod.Engine(level=5).think(board, **limits)
    seconds = time.process_time() - started
    return analysis.nodes, seconds, notation.format_move(analysis.move)


def compare(engines: dict[str, ModuleType], spots: list[BenchPosition], **limits: int
            ) -> dict[str, dict[str, Tally]]:
    """Run every engine on every position with ``limits``, printing a line per position;
    the tallies by engine name and rule set (and ``"all"``)."""
    tallies: dict[str, dict[str, Tally]] = {name: {} for name in engines}
    for spot in spots:
        cells = []
        for name, package in engines.items():
            nodes, seconds, move = search(package, spot, **limits)
            for key in (spot.rules, "all"):
                tallies[name].setdefault(key, Tally()).add(nodes, seconds)
            cells.append(f"{name} {nodes:>7} n {seconds:6.2f} s {move:<7}")
        print(f"  {spot.rules:<9} {spot.phase:<10} " + "  ".join(cells), flush=True)
    return tallies


def summary(tallies: dict[str, dict[str, Tally]], what: str) -> None:
    """Print seconds and nodes per second by rule set, and new / baseline ratios."""
    new, base = tallies["new"], tallies["baseline"]
    for key in new:
        speed = new[key].nps / base[key].nps if base[key].nps else 0.0
        faster = base[key].seconds / new[key].seconds if new[key].seconds else 0.0
        print(f"  {key:<9} baseline {base[key].seconds:7.2f} s {base[key].nps:>8,.0f} n/s   "
              f"new {new[key].seconds:7.2f} s {new[key].nps:>8,.0f} n/s   "
              f"{what} {faster:4.2f}x faster, {speed:4.2f}x the positions/s")


def main() -> int:
    """Run the benchmark; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=6, help="the fixed depth (plies)")
    parser.add_argument("--nodes", type=int, default=0,
                        help="also search every position for this many nodes")
    parser.add_argument("--rules", default=",".join(BASELINE_RULES),
                        help="comma-separated rule sets to include")
    args = parser.parse_args()
    wanted = set(args.rules.split(","))
    spots = [spot for spot in read_positions() if spot.rules in wanted]
    import tablut

    with tempfile.TemporaryDirectory() as tmp:
        engines = {"baseline": import_baseline(BASELINE, Path(tmp)), "new": tablut}
        print(f"Search to depth {args.depth}, level 5, {len(spots)} positions; baseline "
              f"{BASELINE[:10]}:")
        summary(compare(engines, spots, depth=args.depth), f"depth {args.depth}")
        if args.nodes:
            print(f"Search of {args.nodes} nodes:")
            summary(compare(engines, spots, nodes=args.nodes), f"{args.nodes} nodes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
