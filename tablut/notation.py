"""Text forms: moves (``b3-6``, ``b3-f``), position strings, and the ``dump`` board picture.

Every parser raises :class:`NotationError` (a ValueError) with a code and the offending
text, whose sentence (:mod:`tablut.english`, or the page's words) quotes the text and says
what was expected, so a person can fix what they typed.  Position
strings belong to the board (:meth:`Board.from_position <tablut.board.Board.from_position>`,
:meth:`Board.position <tablut.board.Board.position>`, :mod:`tablut.position`); the
functions here are the same under the names the rest of the program uses.
"""

from __future__ import annotations

from .board import Board, Move, start_position
from .position import START_POSITION, NotationError, piece_rows
from .rules import DEFAULT_RULES, Rules
from .squares import shape


def format_move(move: Move, size: int = 9) -> str:
    """A move as players write it: ``b3-6`` (vertical) or ``b3-f`` (horizontal), on a
    board of ``size`` (``a10-4``, ``k7-b`` on 11x11)."""
    frm, to = move
    board = shape(size)
    if frm % size == to % size:
        return f"{board.square_name(frm)}-{board.ranks[to // size]}"
    return f"{board.square_name(frm)}-{board.files[to % size]}"


def parse_move(text: str, size: int = 9) -> Move:
    """The move written as ``b3-6``, ``b3-f`` or ``b3-b6`` (case-insensitive), on a board
    of ``size``.

    Checks the form only (a straight move between two different squares), not legality.
    """
    board = shape(size)
    body = text.strip().lower()
    start, dash, target = body.partition("-")
    if not dash:
        raise NotationError("move-form", text=text)
    try:
        frm = board.parse_square(start)
    except ValueError:
        raise NotationError("move-start", text=text, start=start) from None
    col, row = frm % size, frm // size
    if target in board.ranks:
        to = board.square(col, board.ranks.index(target))
    elif len(target) == 1 and target in board.files:
        to = board.square(board.files.index(target), row)
    else:
        try:
            to = board.parse_square(target)
        except ValueError:
            raise NotationError("move-target", text=text, size=size,
                                last_file=board.files[-1]) from None
        if to % size != col and to // size != row:
            raise NotationError("move-not-straight", text=text)
    if to == frm:
        raise NotationError("move-standing-still", text=text)
    return frm, to


def parse_position(text: str, rules: Rules = DEFAULT_RULES) -> Board:
    """The board described by a position string, under ``rules``: the same as
    :meth:`Board.from_position <tablut.board.Board.from_position>`, which says what it
    rejects."""
    return Board.from_position(text, rules)


def format_position(board: Board) -> str:
    """The position string of ``board``: its rows from the top, then ``b`` or ``w`` (the same as
    :meth:`Board.position <tablut.board.Board.position>`)."""
    return board.position()


def dump(board: Board) -> str:
    """The board as the text interface's ``dump`` prints it, between ``===`` lines: one
    line a rank, the top first, its number right-aligned, then the files."""
    size = board.rules.size
    squares = shape(size)
    width = len(squares.ranks[-1])
    lines = ["==="]
    for rank, row in zip(reversed(squares.ranks),
                         piece_rows(board.black, board.white, board.king, size), strict=True):
        lines.append(f" {rank:>{width}} {' '.join(row)}")
    lines.append(" " * (width + 2) + " ".join(squares.files))
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
