"""Small builders shared by the engine tests."""

from __future__ import annotations

from tablut.board import Board
from tablut.game import Game
from tablut.notation import parse_move, parse_position
from tablut.rules import rules_named
from tablut.squares import shape


def position(side: str = "b", B: str = "", W: str = "", K: str = "", size: int = 9) -> str:
    """A position string with black pieces on the squares named in ``B`` and so on, on a
    board of ``size``."""
    board_shape = shape(size)
    grid = [["-"] * size for _ in range(size)]
    for letter, names in (("B", B), ("W", W), ("K", K)):
        for name in names.split():
            sq = board_shape.parse_square(name)
            grid[size - 1 - sq // size][sq % size] = letter
    return "/".join("".join(row) for row in grid) + " " + side


def board(rules: str = "berkeley", side: str = "b", B: str = "", W: str = "",
          K: str = "") -> Board:
    """A board under ``rules`` with the given pieces (see :func:`position`)."""
    spec = rules_named(rules)
    return parse_position(position(side, B, W, K, spec.size), spec)


def play(b: Board, *moves: str) -> Board:
    """Push ``moves`` (in notation) on ``b``, checking each is legal; returns ``b``."""
    for text in moves:
        move = parse_move(text, b.rules.size)
        assert b.is_legal(move), f"{text} should be legal"
        b.push(move)
    return b


def pieces(b: Board, kind: str) -> set[str]:
    """The names of the squares holding ``kind`` ("black", "white", "king")."""
    squares = b.geometry.shape
    return {squares.square_name(sq) for sq in squares.squares if b.piece_at(sq) == kind}


def targets(b: Board, name: str) -> set[str]:
    """The names of the squares the piece on ``name`` may move to."""
    squares = b.geometry.shape
    bb = b.targets(squares.parse_square(name))
    return {squares.square_name(sq) for sq in squares.squares if bb >> sq & 1}


OPENING = ["i6-g", "d5-7", "i4-g"]
"""Seed 001's example: the third move captures g5."""


def game_with(*moves: str, **kwargs) -> Game:
    """A game (``kwargs`` as for :class:`Game`) after playing ``moves`` in notation."""
    game = Game(**kwargs)
    for text in moves:
        game.play_text(text)
    return game
