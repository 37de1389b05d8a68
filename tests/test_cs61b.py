"""The public test suite of the text interface (tests/cs61b/), run the way it was meant to.

Each ``.in`` file is fed to ``python -m tablut`` on standard input.  From standard output,
prompts (everything up to the last ``>`` on a line) are removed, and only ``dump`` blocks
and win lines are kept; the result must equal the ``.std`` file treated the same way.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

CASES = sorted((Path(__file__).parent / "cs61b").glob("*.in"))
WIN_LINES = ("* White wins.", "* Black wins.")


def compared_lines(text: str) -> list[str]:
    """The lines of program output that the suite compares."""
    kept: list[str] = []
    inside_dump = False
    for line in text.splitlines():
        line = re.sub(r"^.*>\s*", "", line).rstrip()
        if line == "===":
            kept.append(line)
            inside_dump = not inside_dump
        elif inside_dump or line in WIN_LINES:
            kept.append(line)
    return [line for line in kept if line]


def test_the_suite_is_all_here():
    assert len(CASES) == 6


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_case(case: Path):
    result = subprocess.run(
        [sys.executable, "-m", "tablut"], input=case.read_text(), capture_output=True,
        text=True, timeout=300,
    )
    assert "Traceback" not in result.stderr
    assert result.returncode == 0
    expected = compared_lines(case.with_suffix(".std").read_text())
    assert compared_lines(result.stdout) == expected
