"""Text forms: moves (``b3-6``, ``b3-f``), position strings, and the ``dump`` board picture.

Every parser raises :class:`NotationError` (a ValueError) with a message that quotes the
offending text and says what was expected, so a person can fix what they typed.
"""

from __future__ import annotations

from .board import BLACK, WHITE, Board, Move
from .rules import DEFAULT_RULES, Rules
from .squares import CORNERS_BB, FILES, RANKS, SIZE, THRONE, parse_square, square, square_name

START_POSITION = (
    "---BBB---/----B----/----W----/B---W---B/BBWWKWWBB/B---W---B/----W----/----B----/---BBB--- b"
)
"""The start position of Tablut as a position string (RULES.md), black to move."""

_PIECE_CHARS = {"black": "B", "white": "W", "king": "K", None: "-"}


class NotationError(ValueError):
    """Text that is not a well-formed move or position."""


def format_move(move: Move) -> str:
    """A move in the notation of seed 001: ``b3-6`` (vertical) or ``b3-f`` (horizontal)."""
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
    """The board described by a position string (RULES.md), under ``rules``.

    Rejects, with a message naming the problem: wrong shape, unknown characters, a number
    of kings other than one, a piece other than the king on the throne or (where only the
    king may stand there) on a corner, and a king already on his escape squares.
    """
    parts = text.split()
    if len(parts) != 2:
        raise NotationError(
            "a position is nine rows of -, B, W, K separated by '/', a blank, then b or w"
        )
    rows_text, side_text = parts
    rows = rows_text.split("/")
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise NotationError(f"a position needs {SIZE} rows of {SIZE} squares separated by '/'")
    if side_text.lower() not in ("b", "w"):
        raise NotationError(f"the side to move must be b or w, not {side_text!r}")
    black = white = 0
    kings = []
    for i, row_text in enumerate(rows):
        row = SIZE - 1 - i
        for col, char in enumerate(row_text.upper()):
            sq = square(col, row)
            if char == "B":
                black |= 1 << sq
            elif char == "W":
                white |= 1 << sq
            elif char == "K":
                kings.append(sq)
            elif char != "-":
                raise NotationError(f"{char!r} at {square_name(sq)} is not one of -, B, W, K")
    if len(kings) != 1:
        raise NotationError(f"a position needs exactly one king, not {len(kings)}")
    king = kings[0]
    if (black | white) >> THRONE & 1:
        raise NotationError("only the king may stand on the throne (e5)")
    if rules.corners_restricted and (black | white) & CORNERS_BB:
        raise NotationError(f"only the king may stand on a corner in {rules.name} rules")
    turn = BLACK if side_text.lower() == "b" else WHITE
    board = Board(rules, black, white, king, turn)
    if board._escape >> king & 1:
        raise NotationError(f"the king on {square_name(king)} has already escaped")
    return board


def format_position(board: Board) -> str:
    """The position string of ``board``: rows 9 to 1, then ``b`` or ``w``."""
    rows = []
    for row in reversed(range(SIZE)):
        rows.append("".join(_PIECE_CHARS[board.piece_at(square(c, row))] for c in range(SIZE)))
    return "/".join(rows) + (" b" if board.turn == BLACK else " w")


def dump(board: Board) -> str:
    """The board as the text interface's ``dump`` prints it, between ``===`` lines."""
    lines = ["==="]
    for row in reversed(range(SIZE)):
        cells = " ".join(_PIECE_CHARS[board.piece_at(square(c, row))] for c in range(SIZE))
        lines.append(f" {RANKS[row]} {cells}")
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
]
