"""What the page says aloud: sentences for the screen reader's live region, so that a game
can be followed and played by ear.

- :func:`move_sentence`: every move as it happens, the computer's included: who moved,
  from where to where, what it captured, and what it threatens or how the game ended;
- :func:`selection_sentence`: a piece picked up, with the squares it may move to;
- :func:`position_summary` and :func:`piece_list`: the position on request (keys ``p``
  and ``l``).

Browser-free, tested natively (``tests/test_web_speech.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from tablut import Game, Move, Side
from tablut.ai.bits import king_escape_targets
from tablut.board import Board
from tablut.squares import squares_of
from web.words.texts import outcome_sentence, plural

#: How a piece kind is named in a sentence.
PIECE_NAMES = {"black": "black piece", "white": "white guard", "king": "king"}


def joined(words: list[str], last: str = "and") -> str:
    """``["a", "b", "c"]`` as "a, b and c"."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def name_of(board: Board) -> Callable[[int], str]:
    """The names of the squares of ``board``'s size: ``name_of(board)(sq)`` is "e5"."""
    return board.geometry.shape.square_name


def _captures(board: Board, captured: list[tuple[int, str]]) -> str:
    """What a move captured (several pieces at once in a shieldwall)."""
    if not captured:
        return ""
    if any(kind == "king" for _, kind in captured):
        return ", and takes the king"
    square_name = name_of(board)
    squares = [square_name(sq) for sq, _ in captured]
    kind = captured[0][1]
    what = PIECE_NAMES[kind] if len(captured) == 1 else PIECE_NAMES[kind] + "s"
    return f", capturing the {what} on {joined(squares)}"


def move_sentence(game: Game, mover: Side, move: Move, captured: list[tuple[int, str]]) -> str:
    """The move just played in ``game`` by ``mover``, as it is said aloud: "White e3 to
    a3, capturing the black piece on a4." or "White king c4 to c2. The king can escape next
    move, to c1 or a2."; the end of the game follows the move that ends it."""
    frm, to = move
    square_name = name_of(game.board)
    who = "White king" if to == game.board.king else mover.word.capitalize()
    sentence = (f"{who} {square_name(frm)} to {square_name(to)}"
                f"{_captures(game.board, captured)}.")
    outcome = game.outcome()
    if outcome is not None:
        return f"{sentence} {outcome_sentence(game, outcome)}"
    return f"{sentence}{threat(game.board)}"


def threat(board: Board) -> str:
    """" The king can escape next move, to a5." when he has a free way to an escape
    square; otherwise nothing."""
    square_name = name_of(board)
    escapes = [square_name(sq) for sq in squares_of(king_escape_targets(board))]
    if not escapes:
        return ""
    return f" The king can escape next move, to {joined(escapes, 'or')}."


def selection_sentence(board: Board, sq: int) -> str:
    """A piece picked up on ``sq`` and where it may go: "d1, black piece, picked up: it
    can move to d2, d3 or d4."."""
    kind = board.piece_at(sq)
    square_name = name_of(board)
    name = f"{square_name(sq)}, {PIECE_NAMES.get(kind or '', 'empty')}, picked up"
    targets = [square_name(t) for t in squares_of(board.targets(sq))]
    if not targets:
        return f"{name}: it cannot move."
    return f"{name}: it can move to {joined(targets, 'or')}."


def _pieces(board: Board, kind: str) -> list[str]:
    square_name = name_of(board)
    return [square_name(sq) for sq in board.geometry.shape.squares
            if board.piece_at(sq) == kind]


def position_summary(game: Game) -> str:
    """Where the king is and how many pieces each side has, and whose turn it is."""
    board = game.board
    black, white = _pieces(board, "black"), _pieces(board, "white")
    king = ("The king has been captured." if board.king < 0
            else f"The king is on {name_of(board)(board.king)}.")
    turn = game.outcome()
    whose = (outcome_sentence(game, turn) if turn is not None
             else f"{game.side.word.capitalize()} to move.")
    return (f"{whose} {king} White has {plural(len(white), 'guard')}"
            f"{' and the king' if board.king >= 0 else ''}; black has "
            f"{plural(len(black), 'piece')}.")


def piece_list(game: Game) -> str:
    """Every piece by square: "King: e5. White guards: e3, e4. Black pieces: a4, a5."."""
    board = game.board
    parts = []
    if board.king >= 0:
        parts.append(f"King: {name_of(board)(board.king)}.")
    for kind, title in (("white", "White guards"), ("black", "Black pieces")):
        squares = _pieces(board, kind)
        parts.append(f"{title}: {joined(squares) if squares else 'none'}.")
    return " ".join(parts)
