"""Text forms: moves (``b3-6``, ``b3-f``), position strings, and the ``dump`` board picture.

Every parser raises :class:`NotationError` (a ValueError) with a message that quotes the
offending text and says what was expected, so a person can fix what they typed.  Position
strings belong to the board (:meth:`Board.from_position <tablut.board.Board.from_position>`,
:meth:`Board.position <tablut.board.Board.position>`, :mod:`tablut.position`); the
functions here are the same under the names the rest of the program uses.
"""

from __future__ import annotations

from .board import Board, Move, start_position
from .position import START_POSITION, NotationError, piece_rows
from .rules import DEFAULT_RULES, Rules
from .squares import FILES, RANKS, SIZE, parse_square, square, square_name


def format_move(move: Move) -> str:
    """A move as players write it: ``b3-6`` (vertical) or ``b3-f`` (horizontal)."""
    frm, to = move
    if frm % SIZE == to % SIZE:
        return f"{square_name(frm)}-{RANKS[to // SIZE]}"
    return f"{square_name(frm)}-{FILES[to % SIZE]}"


def parse_move(text: str) -> Move:
    """The move written as ``b3-6``, ``b3-f`` or ``b3-b6`` (case-insensitive).

    Checks the form only (a straight move between two different squares), not legality.
    """
    body = text.strip().lower()
    start, dash, target = body.partition("-")
    if not dash:
        raise NotationError(f"{text!r} is not a move: write it as b3-6 or b3-f")
    try:
        frm = parse_square(start)
    except ValueError:
        raise NotationError(f"{text!r} is not a move: {start!r} is not a square") from None
    col, row = frm % SIZE, frm // SIZE
    if len(target) == 1 and target in RANKS:
        to = square(col, RANKS.index(target))
    elif len(target) == 1 and target in FILES:
        to = square(FILES.index(target), row)
    else:
        try:
            to = parse_square(target)
        except ValueError:
            raise NotationError(
                f"{text!r} is not a move: after the dash give a rank 1-9 or a file a-i"
            ) from None
        if to % SIZE != col and to // SIZE != row:
            raise NotationError(f"{text!r} is not a move: pieces move in straight lines")
    if to == frm:
        raise NotationError(f"{text!r} is not a move: the piece must leave its square")
    return frm, to


def parse_position(text: str, rules: Rules = DEFAULT_RULES) -> Board:
    """The board described by a position string, under ``rules``: the same as
    :meth:`Board.from_position <tablut.board.Board.from_position>`, which says what it
    rejects."""
    return Board.from_position(text, rules)


def format_position(board: Board) -> str:
    """The position string of ``board``: rows 9 to 1, then ``b`` or ``w`` (the same as
    :meth:`Board.position <tablut.board.Board.position>`)."""
    return board.position()


def dump(board: Board) -> str:
    """The board as the text interface's ``dump`` prints it, between ``===`` lines."""
    lines = ["==="]
    for rank, row in zip(reversed(RANKS), piece_rows(board.black, board.white, board.king),
                         strict=True):
        lines.append(f" {rank} {' '.join(row)}")
    lines.append("   " + " ".join(FILES))
    lines.append("===")
    return "\n".join(lines)


__all__ = [
    "START_POSITION",
    "NotationError",
    "dump",
    "format_move",
    "format_position",
    "parse_move",
    "parse_position",
    "start_position",
]
