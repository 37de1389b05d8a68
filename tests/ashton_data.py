"""The Tablut Challenge server's answers on 1260 ashton positions, read for the tests.

``tests/ashton/server-positions.txt.gz`` was made by running the server's rules class on
positions of 700 random games (its header says exactly how): for each position, every
move the server accepts, what each one captures and how the game stands after it.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass, field
from pathlib import Path

from tablut.board import Board, Outcome, Reason
from tablut.rules import RULES
from tablut.side import Side
from tablut.squares import parse_square

DATA = Path(__file__).parent / "ashton"
ASHTON = RULES["ashton"]

# The server's "turn" after a move, as our engine's outcome of that move.
RESULTS = {
    "WHITE": None,
    "BLACK": None,
    "WHITEWIN": Outcome(Side.WHITE, Reason.ESCAPE),
    "BLACKWIN": Outcome(Side.BLACK, Reason.KING_CAPTURED),
    "DRAW": Outcome(None, Reason.REPETITION),
}


@dataclass
class Record:
    """One position of the data file and every move the server accepts there."""

    position: str
    moves_from_start: list[str]
    tags: list[str]
    # move "e3-a3" -> (server turn after it, squares captured)
    accepted: dict[str, tuple[str, frozenset[str]]] = field(default_factory=dict)


def read_records() -> tuple[list[str], list[Record]]:
    """The header lines and the records of the data file."""
    header: list[str] = []
    records: list[Record] = []
    record: Record | None = None
    with gzip.open(DATA / "server-positions.txt.gz", "rt", encoding="utf-8") as source:
        for line in source:
            line = line.rstrip("\n")
            if line.startswith("#"):
                header.append(line)
                continue
            word, _, rest = line.partition(" ")
            if word == "position":
                record = Record(rest, [], [])
                records.append(record)
            elif word == "moves":
                record.moves_from_start = [] if rest == "-" else rest.split()
            elif word == "tags":
                record.tags = rest.split()
            elif word == "move":
                move, turn, *captured = rest.split()
                record.accepted[move] = (turn, frozenset(c for c in captured if c != "x"))
    return header, records


HEADER, RECORDS = read_records()


def server_move(text: str) -> tuple[int, int]:
    """The move ``e3-a3`` as a pair of squares."""
    frm, to = text.split("-")
    return parse_square(frm), parse_square(to)


def replay(record: Record) -> Board:
    """Our board after the record's game, from the start position."""
    board = Board.start(ASHTON)
    for text in record.moves_from_start:
        move = server_move(text)
        assert board.is_legal(move), f"{text} of the game leading to {record.position}"
        board.push(move)
    return board
