"""The engine's work that tools/pyodide_engine.py runs twice, in CPython and in Pyodide,
to check that both give the same counts and moves and to compare their speed.

Standard library and ``tablut`` only: the same file runs in either interpreter.  The job
is plain data (JSON), the answer too.  Times are CPU time, so that a busy machine slows
neither figure.
"""

from __future__ import annotations

import importlib
import time


def run(job: dict, clock=time.process_time) -> dict:
    """Perft to ``job["perft_depth"]`` and a level-5 search of ``job["nodes"]`` nodes on
    each of ``job["positions"]`` (``[rules, position string]`` pairs), by the engine of
    the package named ``job["package"]`` (``tablut``, or a baseline imported under
    another name).

    Returns ``{"perft": [counts], "search": [[move, nodes, score, depth]],
    "perft_seconds", "search_seconds", "search_nodes"}``, the seconds measured with
    ``clock`` (a function of no argument giving seconds: in Pyodide, whose
    ``time.process_time`` is the wall clock, the host passes the CPU time of its process).
    """
    package = job.get("package", "tablut")
    board_type = importlib.import_module(f"{package}.board").Board
    rules_by_name = importlib.import_module(f"{package}.rules").RULES
    engine_module = importlib.import_module(f"{package}.ai.engine")
    engine = engine_module.Engine
    # Every search starts cold: nothing kept from the previous position's search.
    forget_evaluations = getattr(engine_module, "forget_evaluations", lambda: None)
    perft = importlib.import_module(f"{package}.perft").perft
    format_move = importlib.import_module(f"{package}.notation").format_move
    counts, found = [], []
    perft_seconds = search_seconds = 0.0
    search_nodes = 0
    for rules, position in job["positions"]:
        board = board_type.from_position(position, rules_by_name[rules])
        started = clock()
        counts.append(perft(board, job["perft_depth"]))
        perft_seconds += clock() - started
        forget_evaluations()
        started = clock()
        analysis = engine(level=5).think(board, nodes=job["nodes"])
        search_seconds += clock() - started
        search_nodes += analysis.nodes
        found.append([format_move(analysis.move), analysis.nodes, analysis.score,
                      analysis.depth])
    return {"perft": counts, "search": found, "perft_seconds": perft_seconds,
            "search_seconds": search_seconds, "search_nodes": search_nodes}
