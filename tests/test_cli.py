"""The text interface beyond the public suite: every command, and errors that change nothing."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from helpers import position

from tablut.cli import TextInterface
from tablut.game import Game
from tablut.notation import START_POSITION, format_position


def session(*lines: str) -> tuple[TextInterface, str, str]:
    """Run ``lines`` in a fresh session; the session, its output and its errors."""
    out, err = io.StringIO(), io.StringIO()
    ui = TextInterface(out, err)
    ui.run(lines)
    return ui, out.getvalue(), err.getvalue()


def test_errors_are_one_line_on_stderr_and_change_nothing():
    bad = ["manual white", "e5-7", "z9-1", "frobnicate", "seed x", "auto purple", "limit -2",
           "setup nonsense", "rules chess", "movetime 0", "level 99", "undo", "new now",
           "i6-g extra"]
    ui, out, err = session(*bad)
    assert format_position(ui.game.board) == START_POSITION
    lines = err.strip().splitlines()
    assert len(lines) == len(bad) - 1  # "manual white" is fine
    assert all(line.startswith("error: ") for line in lines)
    assert "*" not in out and "===" not in out


@pytest.mark.parametrize(("typed", "error"), [
    ("z9-9", "no square z9 on this board (files a-i, ranks 1-9)"),
    ("a10-a4", "no square a10 on this board (files a-i, ranks 1-9)"),
    ("j1-j3", "no square j1 on this board (files a-i, ranks 1-9)"),
    ("J1-3", "no square j1 on this board (files a-i, ranks 1-9)"),
    ("a01-4", "no square a01 on this board (files a-i, ranks 1-9)"),
    ("a4-a10", "no square a10 on this board (files a-i, ranks 1-9)"),
    ("a4-10", "no rank 10 on this board (ranks 1-9)"),
    ("a4-z", "no file z on this board (files a-i)"),
    ("a4-ab", "no file ab on this board (files a-i)"),
    ("a4-4a", "'a4-4a' is not a move: after the dash give a rank 1-9, a file a-i or a square"),
])
def test_a_move_off_the_board_names_the_bad_square(typed: str, error: str) -> None:
    ui, out, err = session("manual white", typed)
    assert err == f"error: {error}\n"
    assert format_position(ui.game.board) == START_POSITION


def test_words_that_are_not_moves_are_still_unknown_commands() -> None:
    for typed in ("frobnicate", "e4", "e-4", "i6-g extra"):
        ui, out, err = session("manual white", typed)
        assert err.startswith(f"error: unknown command {typed.split()[0]!r}"), typed


def test_a_move_after_a_game_between_computers_says_the_game_is_over() -> None:
    # Both sides automated: the game plays itself to the limit, and then a person types.
    ui, out, err = session("level 1", "limit 2", "auto black", "i6-g")
    assert "wins." in out and ui.game.outcome() is not None
    assert err == "error: the game is over: type new to play again\n"


def test_comments_blank_lines_and_case():
    ui, out, err = session("MANUAL White  # a comment", "", "   # only a comment", "I6-G", "DUMP")
    assert err == ""
    assert " 6 B - - - W - B - -" in out


def test_move_after_the_end_is_an_error():
    ui, out, err = session("manual white", f"setup {position('w', B='h8', K='c3')}",
                           "c3-1", "h8-7")
    assert "* White wins." in out
    assert "game is over" in err


def test_undo_takes_back_a_move():
    ui, out, err = session("manual white", "i6-g", "d5-7", "undo", "undo", "undo")
    assert ui.game.ply == 0
    assert err.count("error") == 1  # the third undo has nothing to take back


def test_undo_against_the_computer_takes_back_its_reply_too():
    ui, out, err = session("i6-g", "undo")
    assert out.count("* ") == 1  # the computer answered once
    assert ui.game.ply == 0 and err == ""


def test_setup_and_rules():
    text = position("b", B="a3 h8", W="c3", K="e7")
    ui, out, err = session("manual white", "rules nielsen", f"setup {text}", "a3-1")
    assert ui.game.rules.name == "nielsen"
    assert "a1" in err  # only the king may stop on a corner in nielsen
    assert format_position(ui.game.board) == text


def test_rules_starts_a_new_game_under_those_rules():
    ui, out, err = session("manual white", "i6-g", "rules brainking", "dump")
    assert ui.game.rules.name == "brainking" and ui.game.ply == 0
    assert err == ""


def test_limit_and_new():
    ui, out, err = session("manual white", "i6-g", "d5-7", "limit 1", "limit 2", "i4-g",
                           "e3-d")
    assert "limit 1 is too late" in err
    assert "* White wins." in out  # black must make a third move past the limit of 2
    ui, out, err = session("manual white", "limit 1", "i6-g", "d5-7", "new", "i6-g", "d5-7")
    assert out.count("wins.") == 1 and ui.game.limit is None


def test_a_limit_counts_the_undone_moves_so_the_record_stays_playable():
    ui, out, err = session("manual white", "i6-g", "d5-7", "i4-g", "e3-d", "a4-c", "d7-8",
                           "undo", "undo", "undo", "undo", "limit 2", "limit 4")
    assert "limit 2 is too late" in err and ui.game.limit == 4
    assert Game.from_json(ui.game.to_json()).moves == ui.game.moves


def test_help_names_every_command():
    ui, out, err = session("help")
    for command in ("new", "dump", "auto", "manual", "seed", "level", "movetime", "limit",
                    "undo", "rules", "setup", "help", "quit"):
        assert f"  {command}" in out


def test_quit_stops_reading():
    ui, out, err = session("manual white", "quit", "i6-g")
    assert ui.game.ply == 0


def test_reads_commands_from_a_file(tmp_path):
    script = tmp_path / "game.txt"
    script.write_text("manual white\ni6-g\ndump\n")
    result = subprocess.run([sys.executable, "-m", "tablut", str(script)], capture_output=True,
                            text=True)
    assert result.returncode == 0 and " 6 B - - - W - B - -" in result.stdout


def test_a_missing_file_is_a_clear_error():
    result = subprocess.run([sys.executable, "-m", "tablut", "/nonexistent/game.txt"],
                            capture_output=True, text=True)
    assert result.returncode == 2  # a usage mistake, like a bad option
    assert result.stderr == "error: cannot read /nonexistent/game.txt: the file does not exist\n"


def test_bytes_that_are_not_utf8_are_an_unknown_command_not_a_traceback(tmp_path):
    data = b"manual white\n\xff\xfe d\ni6-g\ndump\n"
    script = tmp_path / "game.txt"
    script.write_bytes(data)
    for args, given in (([str(script)], None), ([], data)):
        # PYTHONIOENCODING makes standard input strict UTF-8, as a UTF-8 locale other than
        # C.UTF-8 does.
        result = subprocess.run([sys.executable, "-m", "tablut", *args], input=given,
                                capture_output=True,
                                env={**os.environ, "PYTHONIOENCODING": "utf-8"})
        errors = result.stderr.decode()
        assert result.returncode == 0 and "Traceback" not in errors
        assert errors.startswith("error: unknown command") and errors.count("\n") == 1
        assert " 6 B - - - W - B - -" in result.stdout.decode()  # i6-g was played after it
