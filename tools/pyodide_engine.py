"""Check that the engine computes the same in Pyodide as in CPython, and compare speeds.

    python tools/pyodide_engine.py [--nodes 20000] [--perft-depth 3] [--no-baseline]

Runs tools/engine_workload.py (perft and fixed-node searches on a few positions of every
rule set) in this CPython and in Pyodide under Node.js (tools/pyodide_engine.mjs, the
pinned Pyodide of node_modules: run ``npm ci`` first), then prints both interpreters'
positions per second (CPU time) and whether every count, move and score agrees.  Unless
``--no-baseline``, the engine of the benchmark's pinned commit (tools/bench_search.py)
runs the same work in both, for its speed beside today's.  Exit status 1 when the two
interpreters differ, 2 when Node.js or Pyodide is missing.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

import engine_workload  # noqa: E402

RUNNER = ROOT / "tools" / "pyodide_engine.mjs"
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"

POSITIONS = [
    ("berkeley", "---BBB---/----B----/----W----/B---W---B/BBWWKWWBB/B---W---B/----W----/"
                 "----B----/---BBB--- b"),
    ("berkeley", "----B----/---------/--W-W----/-----B---/-B-K-W-BB/B---W---B/----W----/"
                 "----B-B--/---B----- b"),
    ("brainking", "---BBB-B-/--W-B----/----W----/B---W---B/BB-W-----/--B-B----/B-KB-----/"
                  "-B------W/--B------ b"),
    ("nielsen", "---BBB---/----B----/----W-W--/-B--K-B-B/B-WW-W-BB/B---W---B/----WB---/"
                "---------/---BBB--- w"),
    ("nielsen", "-----B---/---------/-----B---/-------BB/---BK----/--B---B--/----B---B/"
                "-BB------/--------- w"),
]
"""A start position, middlegames and an endgame (from tools/search_positions.txt)."""


def missing() -> str | None:
    """Why Pyodide cannot run here, or None when it can."""
    if shutil.which("node") is None:
        return "Node.js is not installed (the node command is missing)"
    if not PYODIDE.exists():
        return "Pyodide is not installed: run `npm ci` (or `make site`) first"
    return None


def make_job(nodes: int, perft_depth: int, package: str = "tablut") -> dict:
    """The job both interpreters run, with the engine of ``package``."""
    return {"positions": POSITIONS, "nodes": nodes, "perft_depth": perft_depth,
            "package": package}


def in_pyodide(job: dict, package_dir: Path | None = None) -> dict:
    """The workload's answer computed by Pyodide under Node.js (with the package in
    ``package_dir`` copied in too, when the job names another engine)."""
    command = ["node", str(RUNNER)] + ([str(package_dir)] if package_dir else [])
    done = subprocess.run(command, input=json.dumps(job), capture_output=True,
                          text=True, check=False, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"the Pyodide runner failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def differences(cpython: dict, pyodide: dict) -> list[str]:
    """Where the two answers' counts, moves and scores differ (empty when they agree)."""
    found = []
    for (rules, _), a, b in zip(POSITIONS, cpython["perft"], pyodide["perft"], strict=True):
        if a != b:
            found.append(f"perft {rules}: CPython {a}, Pyodide {b}")
    for (rules, _), a, b in zip(POSITIONS, cpython["search"], pyodide["search"], strict=True):
        if a != b:
            found.append(f"search {rules}: CPython {a}, Pyodide {b}")
    return found


def speeds(name: str, answer: dict) -> str:
    """One line of positions per second for one interpreter (perft's are the leaves it
    counts, the last level counted without being made)."""
    perft_nodes = sum(answer["perft"])
    return (f"{name:<8} perft {perft_nodes / answer['perft_seconds']:>10,.0f} positions/s   "
            f"search {answer['search_nodes'] / answer['search_seconds']:>8,.0f} positions/s "
            f"({answer['search_nodes']} positions in {answer['search_seconds']:.2f} s)")


def baseline_speeds(nodes: int, perft_depth: int) -> tuple[dict, dict]:
    """Print the baseline engine's speeds in both interpreters; its two answers."""
    from bench_search import BASELINE, BASELINE_PACKAGE, import_baseline

    with tempfile.TemporaryDirectory() as tmp:
        import_baseline(BASELINE, Path(tmp))
        job = make_job(nodes, perft_depth, BASELINE_PACKAGE)
        cpython = engine_workload.run(job)
        pyodide = in_pyodide(job, Path(tmp) / BASELINE_PACKAGE)
    print(f"The same work by the engine of {BASELINE[:10]} (baseline):")
    print(speeds("CPython", cpython))
    print(speeds("Pyodide", pyodide))
    return cpython, pyodide


def main() -> int:
    """Run both, print the comparison; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--perft-depth", type=int, default=3)
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args()
    reason = missing()
    if reason:
        print(f"pyodide_engine: {reason}", file=sys.stderr)
        return 2
    job = make_job(args.nodes, args.perft_depth)
    cpython = engine_workload.run(job)
    pyodide = in_pyodide(job)
    print(speeds("CPython", cpython))
    print(speeds("Pyodide", pyodide))
    print(f"Pyodide's speed / CPython's: perft "
          f"{cpython['perft_seconds'] / pyodide['perft_seconds']:.2f}, search "
          f"{rate(pyodide) / rate(cpython):.2f}")
    problems = differences(cpython, pyodide)
    for problem in problems:
        print("DIFFERENT:", problem)
    if not problems:
        print(f"Same perft counts and same moves, scores and node counts in both "
              f"({len(POSITIONS)} positions).")
    if not args.no_baseline:
        old_cpython, old_pyodide = baseline_speeds(args.nodes, args.perft_depth)
        print(f"Search positions/s today / baseline: CPython "
              f"{rate(cpython) / rate(old_cpython):.2f}x, Pyodide "
              f"{rate(pyodide) / rate(old_pyodide):.2f}x")
    return 1 if problems else 0


def rate(answer: dict) -> float:
    """Search positions per second of an answer."""
    return answer["search_nodes"] / answer["search_seconds"]


if __name__ == "__main__":
    sys.exit(main())
