"""Games between computer players, for measuring levels and tuning weights.

A match plays its games in pairs from the same opening (a few random moves drawn from a
seeded ``random.Random``): each player has black in one game of the pair and white in the
other, so neither gains from the opening or from the side it got.  Sides swap as in every
match (:func:`tablut.match.side_in_game`), and each game ends in a
:class:`tablut.match.GameResult` whose winner is the winning player's name.  Games that
reach ``max_plies`` without a result count as draws.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Protocol

from ..board import Board, Move
from ..english import reason_text
from ..match import FIRST, GameResult, side_in_game
from ..rules import Rules
from ..side import Side


class Player(Protocol):
    """Anything that picks a move: :class:`tablut.ai.Engine`, :class:`GreedyPlayer`."""

    def choose_move(self, board: Board) -> Move:
        """The move to play in ``board``, which it must not change."""
        ...


def random_opening(rules: Rules, plies: int, rng: random.Random) -> list[Move]:
    """``plies`` random legal moves from the start (none that ends the game)."""
    board = Board.start(rules)
    moves: list[Move] = []
    for _ in range(plies):
        candidates = []
        for move in board.legal_moves():
            board.push(move)
            if board.outcome() is None:
                candidates.append(move)
            board.pop()
        if not candidates:
            break
        move = rng.choice(candidates)
        board.push(move)
        moves.append(move)
    return moves


def play_game(
    black: Player,
    white: Player,
    rules: Rules,
    opening: list[Move] | None = None,
    max_plies: int = 300,
    names: tuple[str, str] = ("black", "white"),
    on_move: Callable[[Board, Move], None] | None = None,
) -> GameResult:
    """Play one game from the start (after ``opening``) until it ends or ``max_plies``;
    ``names`` are the players of black and white, and the result's winner is one of them."""
    board = Board.start(rules)
    moves: list[Move] = []
    for move in opening or ():
        board.push(move)
        moves.append(move)
    players = (black, white)
    while True:
        outcome = board.outcome()
        if outcome is not None:
            winner = None if outcome.winner is None else names[outcome.winner]
            return GameResult(winner, board.ply, reason_text(outcome.reason.value),
                              tuple(moves))
        if board.ply >= max_plies:
            return GameResult(None, board.ply, f"no result after {max_plies} plies",
                              tuple(moves))
        move = players[board.turn].choose_move(board.copy())
        if not board.is_legal(move):
            raise RuntimeError(f"{names[board.turn]} chose an illegal move {move}")
        board.push(move)
        moves.append(move)
        if on_move is not None:
            on_move(board, move)


def play_match(
    make_a: Callable[[int], Player],
    make_b: Callable[[int], Player],
    names: tuple[str, str],
    rules: Rules,
    games: int,
    seed: int = 0,
    opening_plies: int = 2,
    max_plies: int = 300,
) -> Iterator[GameResult]:
    """Play ``games`` games between two players, sides swapping; yields each result.

    ``make_a(game_seed)`` builds player A, called ``names[0]``, for one game (so seeded
    players vary between pairs); A is the match's first player, with black in game 1.
    Games 1 and 2, 3 and 4, ... share an opening.
    """
    rng = random.Random(seed)
    opening: list[Move] = []
    for number in range(1, games + 1):
        pair = (number - 1) // 2
        if number % 2 == 1:
            opening = random_opening(rules, opening_plies, rng)
        game_seed = seed * 1_000_003 + pair
        a, b = make_a(game_seed), make_b(game_seed)
        if side_in_game(FIRST, number) is Side.BLACK:
            yield play_game(a, b, rules, opening, max_plies, (names[0], names[1]))
        else:
            yield play_game(b, a, rules, opening, max_plies, (names[1], names[0]))
