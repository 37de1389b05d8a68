"""The engine in Pyodide (the page's interpreter, run by Node.js) computes exactly what it
computes natively: the same perft counts, and the same moves, scores and node counts for
fixed-node searches, on positions of every rule set (tools/pyodide_engine.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import engine_workload  # noqa: E402
import pyodide_engine  # noqa: E402


def test_pyodide_and_cpython_agree_on_perft_and_search() -> None:
    reason = pyodide_engine.missing()
    if reason:
        pytest.skip(reason)
    job = pyodide_engine.make_job(nodes=20_000, perft_depth=3)
    cpython = engine_workload.run(job)
    pyodide = pyodide_engine.in_pyodide(job)
    assert pyodide_engine.differences(cpython, pyodide) == []
    assert {rules for rules, _ in pyodide_engine.POSITIONS} >= {"berkeley", "brainking",
                                                                "nielsen"}
    assert all(count > 0 for count in cpython["perft"])
