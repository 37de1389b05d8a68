"""The words the page shows about a game: the status line, the end of a game, the move
list and the captured pieces.

Browser-free, so that it is tested natively (``tests/test_web_logic.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tablut import Game, Outcome, Reason, Side, format_move, parse_position


def outcome_sentence(outcome: Outcome) -> str:
    """How a game ended, for the status line: "White wins. The king escaped."."""
    winner = outcome.winner
    loser = None if winner is None else winner.opponent.word
    if outcome.reason is Reason.ESCAPE:
        why = "The king escaped."
    elif outcome.reason is Reason.KING_CAPTURED:
        why = "The king was captured."
    elif outcome.reason is Reason.ENCIRCLED:
        why = "Black encircled every white piece."
    elif outcome.reason is Reason.NO_MOVES:
        why = f"{str(loser).capitalize()} had no legal move."
    elif outcome.reason is Reason.REPETITION:
        why = ("A position occurred for the third time." if winner is None
               else f"{str(loser).capitalize()} repeated a position.")
    else:
        why = "The move limit was reached."
    head = "Draw." if winner is None else f"{winner.word.capitalize()} wins."
    return f"{head} {why}"


def status_text(game: Game) -> str:
    """The status line: whose turn it is, or how the game ended."""
    outcome = game.outcome()
    if outcome is not None:
        return outcome_sentence(outcome)
    return f"{game.side.word.capitalize()} to move."


def move_label(game: Game, ply: int) -> str:
    """The number of the move that leads to ``ply`` (1-based), as the move list shows it:
    "3." for black's third move, "3…" for white's reply (in ashton, where white moves
    first: white's third move, and black's reply)."""
    offset = 0 if game.first_side is game.rules.first_side else 1
    index = ply - 1 + offset
    number = index // 2 + 1
    return f"{number}." if index % 2 == 0 else f"{number}…"


@dataclass(frozen=True)
class MoveEntry:
    """One line of the move list: the ply it leads to, its number and its notation."""

    ply: int
    number: str
    text: str
    side: Side


def move_entries(game: Game) -> Iterator[MoveEntry]:
    """Every move of the record (undone ones included), numbered as players number them:
    black's move and white's reply share a number (white's and black's in ashton)."""
    side = game.first_side
    for ply, move in enumerate(game.moves, 1):
        yield MoveEntry(ply, move_label(game, ply), format_move(move), side)
        side = side.opponent


def captured_counts(game: Game) -> dict[str, int]:
    """How many black and white pieces (the king counted as white) have left the board
    since the start position, at the current position."""
    start = parse_position(game.start, game.rules)
    board = game.board
    white_now = board.white.bit_count() + (1 if board.king >= 0 else 0)
    white_then = start.white.bit_count() + (1 if start.king >= 0 else 0)
    return {
        "black": start.black.bit_count() - board.black.bit_count(),
        "white": white_then - white_now,
    }


def score_text(score: int, mate_in: int | None, side: Side) -> tuple[str, float]:
    """The evaluation as words and as white's share of the bar (0..1).

    ``score`` and ``mate_in`` are for ``side``, the side to move, as the engine gives them
    (hundredths of a guard; ``mate_in`` > 0 when ``side`` wins by force).
    """
    white_view = score if side is Side.WHITE else -score
    if mate_in is not None:
        winner = side if mate_in > 0 else side.opponent
        moves = abs(mate_in)
        text = f"{winner.word.capitalize()} wins in {moves} move{'s' if moves != 1 else ''}"
        return text, 1.0 if winner is Side.WHITE else 0.0
    share = 0.5 + max(-0.5, min(0.5, white_view / 1000))
    sign = "+" if white_view > 0 else ""
    return f"{sign}{white_view / 100:.2f}", share
