"""OpenTafl's notation for positions and moves, as OpenTafl writes and reads them.

**Position records** are runs of rows between slashes, one row per rank, with ``t`` for an
attacker (our black), ``T`` for a defender (our white), ``K`` for the king and a digit for
a run of empty squares::

    /3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/

OpenTafl writes them in two orders: the *plain* record (the ``start:`` key of a rules
string, and every position of the engine protocol) gives rank 1 first; the *inverted*
record (the ``starti:`` key, which OpenTafl writes in its saved games and in its "copy
position" text) gives rank 9 first, the order of our own position strings.  Neither says
whose turn it is.  Other OpenTafl pieces (commanders, knights, mercenaries, guards, an
attacking king) are not pieces of Tablut and are refused by name.

**Moves** are written with both squares, ``e3-h3``; OpenTafl's full form adds ``K``
before a king's move and lists captures after ``x``, separated by ``/`` and in the order
OpenTafl examines the mover's neighbours (west, east, south, north): ``Ke5-e4``,
``g2-g4xh4/g5``, ``f3-d3xKc3``.  OpenTafl never writes its check marks (``+``, ``++``,
``-``, ``--``) and reads them as decoration, as we do.  Its simple form, which the
engine protocol uses, is only ``e3-h3``.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from ..board import Board, Move
from ..position import NotationError, piece_rows
from ..squares import SIZES, Square, shape

# Our position-string characters and OpenTafl's letters for the same pieces.
_TO_OPENTAFL = {"B": "t", "W": "T", "K": "K"}
_FROM_OPENTAFL = {letter: ours for ours, letter in _TO_OPENTAFL.items()}

#: The letters of OpenTafl's pieces that Tablut does not have, refused by name: the
#: error's ``letter``, which the text interface (:data:`tablut.english.OPENTAFL_PIECES`)
#: and the page name.
OTHER_PIECES = frozenset("cCnNmMgGk")


def position_record(board: Board, *, inverted: bool) -> str:
    """``board``'s pieces as an OpenTafl position record: rank 9 first when ``inverted``
    (``starti:``, saved games), rank 1 first otherwise (``start:``, the engine protocol)."""
    rows = piece_rows(board.black, board.white, board.king, board.rules.size)
    if not inverted:
        rows.reverse()
    return "/" + "".join(_row_record(row) + "/" for row in rows)


def _row_record(row: str) -> str:
    """One row of ``-BWK`` characters as OpenTafl writes it: runs of empty squares as a
    number."""
    return re.sub(r"-+", lambda run: str(len(run.group())),
                  "".join(_TO_OPENTAFL.get(c, c) for c in row))


def parse_position_record(text: str, *, inverted: bool) -> list[str]:
    """The rows (the top rank first, as ``-BWK`` characters, as in our position strings)
    of an OpenTafl position record; ``inverted`` says it lists the top rank first.

    Raises :class:`NotationError` naming the problem: a board of a size we do not play
    (7x7, 9x9 and 11x11 we do), rows of another length, or a piece that tafl as we play
    it does not have.
    """
    rows = [row for row in text.strip().split("/") if row]
    if len(rows) not in SIZES:
        raise NotationError("record-rows", count=len(rows))
    ours = [_parse_row(row, len(rows)) for row in rows]
    if not inverted:
        ours.reverse()
    return ours


@functools.lru_cache(maxsize=4096)
def _parse_row(row: str, size: int) -> str:
    """One row of a position record as ``-BWK`` characters (remembered: a game's records
    repeat most of their rows)."""
    chars = []
    for count, letter in re.findall(r"(\d+)|(.)", row):
        if count:
            chars.append("-" * int(count))
        elif letter in _FROM_OPENTAFL:
            chars.append(_FROM_OPENTAFL[letter])
        elif letter in OTHER_PIECES:
            raise NotationError("record-other-piece", letter=letter)
        else:
            raise NotationError("record-letter", letter=letter, row=row)
    text = "".join(chars)
    if len(text) != size:
        raise NotationError("record-row-length", row=row, count=len(text), size=size)
    return text


def our_position(text: str, *, inverted: bool, black_to_move: bool) -> str:
    """Our position string (see :mod:`tablut.position`) for an OpenTafl position record,
    with the side to move that OpenTafl keeps elsewhere."""
    rows = parse_position_record(text, inverted=inverted)
    return "/".join(rows) + (" b" if black_to_move else " w")


# -- moves ------------------------------------------------------------------------------

_SQUARE = r"([a-s])(\d{1,2})"
_CAPTURE = r"([tcnkTCNK]?)([a-s]\d{1,2})"
_MOVE = re.compile(
    rf"^([tcnkTCNK]?){_SQUARE}([-^=]{{1,2}}){_SQUARE}"
    rf"(?:x{_CAPTURE}(?:/{_CAPTURE})?(?:/{_CAPTURE})?(?:/{_CAPTURE})?)?([+|-]{{1,3}})?$"
)


class OpenTaflMove(NamedTuple):
    """A move read from OpenTafl's notation.

    Attributes:
        move: the square left and the square reached.
        captures: the squares the record says the move emptied (OpenTafl leaves some
            out; see :mod:`tablut.opentafl.record`).
    """

    move: Move
    captures: tuple[Square, ...]


def _square(file: str, rank: str, text: str, size: int) -> Square:
    col, row = ord(file) - ord("a"), int(rank) - 1
    if not (0 <= col < size and 0 <= row < size):
        raise NotationError("opentafl-square", text=text, square=f"{file}{rank}", size=size)
    return row * size + col


def parse_move(text: str, size: int = 9) -> OpenTaflMove:
    """The move written in OpenTafl's notation: ``e3-h3``, ``Ke5-e4``, ``g2-g4xh4/g5``.

    Checks the form only (legality is the board's question), on a board of ``size``.  Raises
    :class:`NotationError` for anything else, naming a jump or a berserk move, which
    Tablut does not have.
    """
    match = _MOVE.match(text.strip())
    if not match:
        raise NotationError("opentafl-move", text=text)
    groups = match.groups()
    kind = groups[3]
    if kind != "-":
        raise NotationError("opentafl-jump" if "^" in kind else "opentafl-berserk", text=text)
    frm = _square(groups[1], groups[2], text, size)
    to = _square(groups[4], groups[5], text, size)
    if frm == to or (frm % size != to % size and frm // size != to // size):
        raise NotationError("move-not-straight", text=text)
    captures = tuple(_square(name[0], name[1:], text, size)
                     for name in groups[7:15:2] if name)
    return OpenTaflMove((frm, to), captures)


def simple_move(move: Move, size: int = 9) -> str:
    """A move in OpenTafl's simple form, ``e3-h3`` (the engine protocol's), on a board of
    ``size``."""
    name = shape(size).square_name
    return f"{name(move[0])}-{name(move[1])}"


def capture_order(to: Square, size: int = 9) -> tuple[Square, ...]:
    """The neighbours of ``to`` in the order OpenTafl lists captures: west, east, south,
    north."""
    row, col = divmod(to, size)
    return tuple(sq for sq, ok in ((to - 1, col > 0), (to + 1, col < size - 1),
                                   (to - size, row > 0), (to + size, row < size - 1)) if ok)


def full_move(board: Board, move: Move) -> str:
    """``move`` on ``board`` (which it must be legal on, and is left as it was) in
    OpenTafl's full form: ``K`` before a king's move and after ``x`` its captures,
    ``K`` before a captured king."""
    frm, to = move
    king = board.king
    board.push(move)
    captured = board.captured
    board.pop()
    size = board.rules.size
    name = shape(size).square_name
    text = ("K" if frm == king else "") + simple_move(move, size)
    taken = [("K" if sq == king else "") + name(sq)
             for sq in capture_order(to, size) if captured >> sq & 1]
    return text + ("x" + "/".join(taken) if taken else "")


__all__ = [
    "OTHER_PIECES",
    "OpenTaflMove",
    "capture_order",
    "full_move",
    "our_position",
    "parse_move",
    "parse_position_record",
    "position_record",
    "simple_move",
]
