"""Small builders shared by the engine tests."""

from __future__ import annotations

from tablut.board import Board
from tablut.game import Game
from tablut.notation import parse_move, parse_position
from tablut.rules import rules_named
from tablut.squares import parse_square, square_name


def position(side: str = "b", B: str = "", W: str = "", K: str = "") -> str:
    """A position string with black pieces on the squares named in ``B`` and so on."""
    grid = [["-"] * 9 for _ in range(9)]
    for letter, names in (("B", B), ("W", W), ("K", K)):
        for name in names.split():
            sq = parse_square(name)
            grid[8 - sq // 9][sq % 9] = letter
    return "/".join("".join(row) for row in grid) + " " + side


def board(rules: str = "berkeley", side: str = "b", B: str = "", W: str = "",
          K: str = "") -> Board:
    """A board under ``rules`` with the given pieces (see :func:`position`)."""
    return parse_position(position(side, B, W, K), rules_named(rules))


def play(b: Board, *moves: str) -> Board:
    """Push ``moves`` (in notation) on ``b``, checking each is legal; returns ``b``."""
    for text in moves:
        move = parse_move(text)
        assert b.is_legal(move), f"{text} should be legal"
        b.push(move)
    return b


def pieces(b: Board, kind: str) -> set[str]:
    """The names of the squares holding ``kind`` ("black", "white", "king")."""
    return {square_name(sq) for sq in range(81) if b.piece_at(sq) == kind}


def targets(b: Board, name: str) -> set[str]:
    """The names of the squares the piece on ``name`` may move to."""
    bb = b.targets(parse_square(name))
    return {square_name(sq) for sq in range(81) if bb >> sq & 1}


OPENING = ["i6-g", "d5-7", "i4-g"]
"""Seed 001's example: the third move captures g5."""


def game_with(*moves: str, **kwargs) -> Game:
    """A game (``kwargs`` as for :class:`Game`) after playing ``moves`` in notation."""
    game = Game(**kwargs)
    for text in moves:
        game.play_text(text)
    return game
