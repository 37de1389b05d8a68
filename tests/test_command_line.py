"""``python -m tablut``'s own help: one usage text, on standard output, for ``--help``,
``-h`` and ``help``; each tool's options under the same program name."""

from __future__ import annotations

import io
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

import pytest

from tablut.__main__ import main

COMMANDS = ("new", "dump", "auto", "manual", "seed", "level", "movetime", "limit", "undo",
            "rules", "setup", "help", "quit")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("word", ["--help", "-h", "help"])
def test_help_is_the_usage_on_standard_output(word: str) -> None:
    status, out, err = run(word)
    assert status == 0 and err == ""
    assert out.startswith("usage: python -m tablut [FILE]\n")
    for tool in ("perft", "search", "match"):
        assert f"python -m tablut {tool}" in out
        assert f"\n  {tool} " in out  # described in the list of tools
    for command in COMMANDS:
        assert f"\n  {command}" in out  # the commands of the game
    # Plain text, not reStructuredText.
    assert "``" not in out and "::" not in out


def test_the_real_command_prints_help_and_succeeds() -> None:
    for word in ("--help", "help"):
        result = subprocess.run([sys.executable, "-m", "tablut", word], capture_output=True,
                                text=True, timeout=60)
        assert result.returncode == 0 and result.stderr == ""
        assert result.stdout.startswith("usage: python -m tablut")


@pytest.mark.parametrize("tool", ["perft", "search", "match"])
def test_each_tool_has_help_under_the_same_program_name(tool: str) -> None:
    for argv in ([tool, "--help"], [tool, "-h"], ["help", tool], ["--help", tool]):
        status, out, err = run(*argv)
        assert status == 0 and err == "", argv
        assert out.startswith(f"usage: python -m tablut {tool} "), argv


def test_errors_of_the_tools_name_the_same_program() -> None:
    status, out, err = run("search", "--level", "99")
    assert status == 2 and err.startswith("error: python -m tablut search: ")
    status, out, err = run("match", "--opening-plies", "-1")
    assert status == 2 and err.startswith("error: python -m tablut match: ")
    status, out, err = run("perft", "0")
    assert status == 2 and "python -m tablut perft" in err


@pytest.mark.parametrize("argv", [["a.txt", "b.txt"], ["--bogus"], ["help", "chess"]])
def test_bad_usage_is_an_error_that_points_to_help(argv: list[str]) -> None:
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert err.startswith("error: ") and "python -m tablut --help" in err
