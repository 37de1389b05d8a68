"""``python -m tablut``'s own help: one usage text, on standard output, for ``--help``,
``-h`` and ``help``; each tool's options under the same program name."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from tablut.__main__ import TOOLS, main

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


def test_a_mistyped_tool_is_answered_with_the_tools(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # where no file is named frobnicate
    status, out, err = run("frobnicate")
    assert status == 2 and out == ""
    assert err == ("error: no tool or file named 'frobnicate'; tools: perft, search, match, "
                   "challenge, convert, otep (python -m tablut --help)\n")
    assert all(tool in err for tool in TOOLS)  # the list is the tools the code has


def test_a_missing_file_path_says_the_file_does_not_exist(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("games/x.txt", "x.txt"):
        status, out, err = run(name)
        assert status == 2 and out == ""
        assert err == f"error: cannot read {name}: the file does not exist\n"


def test_a_file_named_like_a_word_is_still_read(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "opening").write_text("manual white\ni6-g\ndump\n")
    result = subprocess.run([sys.executable, "-m", "tablut", "opening"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0 and result.stderr == ""
    assert " 6 B - - - W - B - -" in result.stdout


def test_the_real_command_answers_a_mistyped_tool_without_a_traceback(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "tablut", "serch"], capture_output=True,
                            text=True, timeout=60, cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: no tool or file named 'serch'; tools: perft, search")
    assert "Traceback" not in result.stderr


# A search line: the number that programs read, then the same score in words.
SEARCH_LINE = re.compile(r"^depth \d+ score (-?\d+)(?: mate (-?\d+))? \((.*?)\) nodes \d+ "
                         r"nps \d+ time \d+\.\d\d pv \S")


def search_lines(*argv: str) -> list[re.Match[str]]:
    """The depth lines of ``python -m tablut search ARGV``, parsed."""
    status, out, err = run("search", *argv)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[-1].startswith("bestmove ")
    matches = [SEARCH_LINE.match(line) for line in lines[:-1]]
    assert all(matches), lines
    return [m for m in matches if m]


@pytest.mark.parametrize("side", ["black", "white"])
def test_search_says_the_score_in_guards_for_the_side_to_move(side: str) -> None:
    start = ("---BBB---/----B----/----W----/B---W---B/BBWWKWWBB/B---W---B/----W----/"
             f"----B----/---BBB--- {side[0]}")
    for line in search_lines("--depth", "2", "--position", start):
        score, mate, words = line.groups()
        assert mate is None
        assert words == f"{int(score) / 100:+.2f} guards for {side}"


@pytest.mark.parametrize(("position", "mate", "words"), [
    # White to move wins in two of his moves; black to move there loses in two of white's.
    ("-----B---/-----W---/--W--K--B/--B------/---------/---------/-----W-B-/B--------/"
     "--------- w", "2", "white wins in 2 moves"),
    ("-----B---/-----W---/--W--K--B/--B------/---------/---------/-----W-B-/B--------/"
     "--------- b", "-2", "white wins in 2 moves"),
    ("---------/B--------/---B-----/------B--/---------/-KB------/---------/---------/"
     "--------- b", "1", "black wins in 1 move"),
])
def test_search_says_who_wins_a_proven_result(position: str, mate: str, words: str) -> None:
    last = search_lines("--depth", "4", "--position", position)[-1]
    assert last.group(2) == mate and last.group(3) == words
