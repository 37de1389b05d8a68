"""The engine's work that tools/pyodide_engine.py runs twice, in CPython and in Pyodide,
to check that both give the same counts and moves and to compare their speed.

Standard library and ``tablut`` only: the same file runs in either interpreter.  The job
is plain data (JSON), the answer too.
"""

from __future__ import annotations

import time

from tablut.ai import Engine
from tablut.board import Board
from tablut.notation import format_move
from tablut.perft import perft
from tablut.rules import RULES


def run(job: dict) -> dict:
    """Perft to ``job["perft_depth"]`` and a level-5 search of ``job["nodes"]`` nodes on
    each of ``job["positions"]`` (``[rules, position string]`` pairs).

    Returns ``{"perft": [counts], "search": [[move, nodes, score, depth]],
    "perft_seconds", "search_seconds", "search_nodes"}``; the seconds are the process's
    CPU time where the interpreter has one.
    """
    counts, found = [], []
    perft_seconds = search_seconds = 0.0
    search_nodes = 0
    for rules, position in job["positions"]:
        board = Board.from_position(position, RULES[rules])
        started = time.process_time()
        counts.append(perft(board, job["perft_depth"]))
        perft_seconds += time.process_time() - started
        started = time.process_time()
        analysis = Engine(level=5).think(board, nodes=job["nodes"])
        search_seconds += time.process_time() - started
        search_nodes += analysis.nodes
        found.append([format_move(analysis.move), analysis.nodes, analysis.score,
                      analysis.depth])
    return {"perft": counts, "search": found, "perft_seconds": perft_seconds,
            "search_seconds": search_seconds, "search_nodes": search_nodes}
