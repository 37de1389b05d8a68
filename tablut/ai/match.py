"""Games between computer players, for measuring levels and tuning weights.

A match plays its games in pairs from the same opening (a few random moves drawn from a
seeded ``random.Random``): each player has black in one game of the pair and white in the
other, so neither gains from the opening or from the side it got.  Games that reach
``max_plies`` without a result count as draws.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from ..board import Board, Move
from ..rules import Rules


class Player(Protocol):
    """Anything that picks a move: :class:`tablut.ai.Engine`, :class:`GreedyPlayer`."""

    def choose_move(self, board: Board) -> Move: ...


@dataclass(frozen=True)
class GameResult:
    """One finished game: who played each side, the winner's side ("black", "white" or
    None for a draw), the winner's name (None for a draw), the number of plies, and why
    it ended."""

    black: str
    white: str
    winner_side: str | None
    winner: str | None
    plies: int
    reason: str
    moves: tuple[Move, ...] = field(repr=False, default=())


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
    """Play one game from the start (after ``opening``) until it ends or ``max_plies``."""
    board = Board.start(rules)
    moves: list[Move] = []
    for move in opening or ():
        board.push(move)
        moves.append(move)
    players = (black, white)
    while True:
        outcome = board.outcome()
        if outcome is not None:
            winner = None if outcome.winner is None else names[0 if outcome.winner == "black"
                                                               else 1]
            return GameResult(names[0], names[1], outcome.winner, winner, board.ply,
                              outcome.reason.value, tuple(moves))
        if board.ply >= max_plies:
            return GameResult(names[0], names[1], None, None, board.ply,
                              f"no result after {max_plies} plies", tuple(moves))
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
    """Play ``games`` games between two players, alternating colours; yields each result.

    ``make_a(game_seed)`` builds player A for one game (so seeded players vary between
    pairs).  Games 2k and 2k+1 share an opening; A has black in even games.
    """
    rng = random.Random(seed)
    opening: list[Move] = []
    for game in range(games):
        pair = game // 2
        if game % 2 == 0:
            opening = random_opening(rules, opening_plies, rng)
        game_seed = seed * 1_000_003 + pair
        a, b = make_a(game_seed), make_b(game_seed)
        if game % 2 == 0:
            yield play_game(a, b, rules, opening, max_plies, (names[0], names[1]))
        else:
            yield play_game(b, a, rules, opening, max_plies, (names[1], names[0]))
