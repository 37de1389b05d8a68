"""Perft counts from the start, pinned, by the fast engine and by the simple reference."""

from __future__ import annotations

import subprocess
import sys

import pytest
from reference import RefState, ref_perft

from tablut.board import Board
from tablut.notation import start_position
from tablut.perft import perft
from tablut.rules import RULES

# Computed by both generators, which agree (see the tests below).
PERFT = {
    "berkeley": [80, 4400, 353200, 19913864],
    "brainking": [80, 4400, 353200, 19913864],
    "nielsen": [72, 3944, 285728, 15951824],
    # The Tablut Challenge server's own counts (tests/ashton/server-perft.txt).
    "ashton": [56, 4408, 248456, 19159224],
}


@pytest.mark.parametrize("rules", sorted(PERFT))
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_fast_perft(rules, depth):
    assert perft(Board.start(RULES[rules]), depth) == PERFT[rules][depth - 1]


@pytest.mark.parametrize("rules", sorted(PERFT))
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_reference_perft(rules, depth):
    state = RefState.from_position(start_position(RULES[rules]), RULES[rules])
    assert ref_perft(state, depth) == PERFT[rules][depth - 1]


@pytest.mark.slow
@pytest.mark.parametrize("rules", sorted(set(PERFT) - {"ashton"}))
def test_reference_perft_depth_4(rules):
    # (ashton's depth 4 is the server's own count, checked by the fast generator above.)
    state = RefState.from_position(start_position(RULES[rules]), RULES[rules])
    assert ref_perft(state, 4) == PERFT[rules][3]


def test_game_ending_moves_are_leaves():
    # White's king can escape at once; those moves end the game and have no replies.
    position = "---------/---------/---------/---------/----K----/---------/---------/" \
               "-------B-/--------- w"
    from tablut.notation import parse_position

    board = parse_position(position, RULES["berkeley"])
    escapes = 4
    moves = board.legal_moves()
    assert len(moves) == perft(board, 1)
    continuing = [m for m in moves if not _ends(board, m)]
    assert len(moves) - len(continuing) == escapes
    assert perft(board, 2) == sum(_replies(board, m) for m in continuing)


def _ends(board, move):
    board.push(move)
    ended = board.last_move_outcome is not None
    board.pop()
    return ended


def _replies(board, move):
    board.push(move)
    n = len(board.legal_moves())
    board.pop()
    return n


def test_perft_command_prints_the_last_line():
    out = subprocess.run([sys.executable, "-m", "tablut", "perft", "2", "--rules", "nielsen"],
                         capture_output=True, text=True, check=True).stdout
    last = out.strip().splitlines()[-1]
    assert last.startswith("perft 2: 3944 nodes in ")
    assert last.endswith(" nodes/s)")


def test_perft_command_rejects_a_bad_position():
    result = subprocess.run([sys.executable, "-m", "tablut", "perft", "2", "--position", "xx"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "position" in result.stderr
