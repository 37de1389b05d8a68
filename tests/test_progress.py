"""A lead that captures nothing for long fades towards a draw (tablut.ai.progress): the
counts read from a game's history, the fading itself, and the search seeing it."""

from __future__ import annotations

import random

import pytest

from tablut.ai import Engine
from tablut.ai.progress import FADE_PLIES, QUIET_PLIES, Progress, plies_since_capture
from tablut.ai.search import MATE_BOUND
from tablut.board import Board, Move
from tablut.notation import parse_move
from tablut.rules import RULES
from tablut.side import BLACK_TO_MOVE

#: Black to move, a soldier on d3 next to the white guard on e3 and another ready to
#: close the sandwich from g3 to f3 (berkeley rules).
BLACK_CAPTURES_NEXT = ("---------/--W------/---------/---------/----K----/---------/"
                       "---BW-B--/---------/--------B b")


def quiet_history(board: Board, plies: int, seed: int = 1) -> Board:
    """``board`` after ``plies`` random moves that capture nothing and end nothing."""
    pick = random.Random(seed)
    for _ in range(plies):
        moves = board.legal_moves()
        pick.shuffle(moves)
        for move in moves:
            board.push(move)
            if not board.captured and board.last_move_outcome is None:
                break
            board.pop()
        else:
            raise AssertionError("no quiet move left")
    return board


def test_counts_start_from_the_set_up_position_when_nobody_captured():
    board = quiet_history(Board.start(RULES["ashton"]), 12)
    assert plies_since_capture(board) == (12, 12)


def test_counts_go_back_to_each_sides_own_last_capture():
    board = Board.from_position(BLACK_CAPTURES_NEXT, RULES["berkeley"])
    board.push(parse_move("g3-f3"))
    assert board.captured, "the move should capture the guard on e3"
    quiet_history(board, 5)
    # Black captured 5 plies ago; white never did, in all 6 plies of the history.
    assert plies_since_capture(board) == (6, 5)


def test_a_lead_keeps_its_value_until_the_quiet_plies_are_up():
    board = quiet_history(Board.start(RULES["ashton"]), QUIET_PLIES - 2)
    progress = Progress(board)
    assert progress.scaled(board, 2, 500) == 500
    assert progress.scaled(board, 2, -500) == -500


@pytest.mark.parametrize("extra, kept", [(FADE_PLIES // 2, 0.5), (FADE_PLIES, 0.0)])
def test_a_quiet_lead_fades_to_nothing(extra, kept):
    board = quiet_history(Board.start(RULES["ashton"]), QUIET_PLIES)
    progress = Progress(board)
    assert progress.scaled(board, extra, 600) == int(600 * kept)
    assert progress.scaled(board, extra, -600) == int(-600 * kept)


def long_quiet(board: Board) -> Progress:
    """The :class:`Progress` of ``board`` as if neither side had captured for far longer
    than a lead survives."""
    progress = Progress(board)
    progress.since_white = progress.since_black = progress.longest = (
        QUIET_PLIES + FADE_PLIES + 10)
    return progress


def test_the_leaders_own_capture_in_the_tree_restores_its_lead():
    board = Board.from_position(BLACK_CAPTURES_NEXT, RULES["berkeley"])
    progress = long_quiet(board)
    board.push(parse_move("g3-f3"))
    assert board.captured
    # White to move: black's lead is a negative score for the side to move.
    assert progress.scaled(board, 1, -400) == -400
    # Without the capture it is gone.
    board.pop()
    board.push(parse_move("g3-g2"))
    assert progress.scaled(board, 1, -400) == 0


def test_being_captured_restores_nothing_for_the_side_captured():
    """White, ahead, gains nothing from losing a guard: only black's count restarts."""
    board = Board.from_position(BLACK_CAPTURES_NEXT, RULES["berkeley"])
    progress = long_quiet(board)
    board.push(parse_move("g3-f3"))
    # White to move and ahead (a positive score): his lead has been quiet for too long.
    assert progress.scaled(board, 1, 400) == 0


#: Black to move, five soldiers against a guard and the king, nothing to capture for
#: either side, the king's lines to the edges blocked; a soldier on a1 and a guard on a9
#: walk along their edges without meeting anyone (berkeley rules).
QUIET_LEAD = ("W--------/---------/----B----/---------/--B-K-B--/---------/"
              "----B----/---------/B-------- b")


def shuttle(board: Board, plies: int) -> Board:
    """``board`` after ``plies`` moves of the soldier on the first row (round a1..g1, 7
    squares) and the guard on the ninth (round a9..h9, 8 squares): 56 moves of each pass
    before a position comes back."""
    for _ in range(plies):
        black = board.turn == BLACK_TO_MOVE
        row, length = (0, 7) if black else (8, 8)
        pieces = board.black if black else board.white
        column = next(c for c in range(9) if pieces >> (row * 9 + c) & 1)
        board.push((row * 9 + column, row * 9 + (column + 1) % length))
        assert not board.captured and board.last_move_outcome is None
    return board


def test_after_a_long_quiet_stretch_a_lead_is_searched_as_a_draw():
    """The same position searched one ply deep, fresh and after more quiet plies than a
    lead survives: the lead (white's, by the evaluation: his king moves freely) is then
    worth a draw (0)."""
    played = shuttle(Board.from_position(QUIET_LEAD, RULES["berkeley"]),
                     QUIET_PLIES + FADE_PLIES)
    fresh = Board.from_position(played.position(), RULES["berkeley"])
    assert not any(captures(fresh, move) for move in fresh.legal_moves())
    engine = Engine(level=5)
    assert 0 < abs(engine.think(fresh, depth=1).score) < MATE_BOUND
    assert engine.think(played, depth=1).score == 0


def captures(board: Board, move: Move) -> bool:
    """Whether ``move`` captures in ``board``."""
    board.push(move)
    try:
        return bool(board.captured)
    finally:
        board.pop()
