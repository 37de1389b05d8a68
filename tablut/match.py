"""Matches: games between two players with sides swapped after each game, and who won.

The two players are called ``"first"`` and ``"second"`` (words, because the page stores
them so): the first player has black in game 1, and the sides swap for every following
game.  Under ``nielsen`` a match is two games; a player wins with two wins or, at one win
each, with the win that took fewer moves.  Under the other rule sets a match is a single
game.  Games between computer players (:mod:`tablut.ai.match`) swap sides the same way
and give the same :class:`GameResult`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import Move
from .rules import Rules
from .side import Side

FIRST = "first"
SECOND = "second"
PLAYERS = (FIRST, SECOND)
"""The players of a match, the one with black in game 1 first."""


@dataclass(frozen=True)
class GameResult:
    """One finished game between two players.

    Attributes:
        winner: the player who won, or None for a draw: ``"first"`` or ``"second"`` in a
            :class:`Match`, the player's name in games between computer players.
        plies: how many moves (plies) the game took.
        reason: why it ended, in words ("" when not recorded).
        moves: the moves of the game (empty when not recorded).
    """

    winner: str | None
    plies: int
    reason: str = ""
    moves: tuple[Move, ...] = field(default=(), repr=False)


def side_in_game(player: str, game_number: int) -> Side:
    """The side ``player`` ("first" or "second") plays in game ``game_number`` (1-based)."""
    first_is_black = game_number % 2 == 1
    return Side.BLACK if (player == FIRST) == first_is_black else Side.WHITE


@dataclass
class Match:
    """Two players, "first" and "second", playing the rule set's number of games."""

    rules: Rules
    results: list[GameResult] = field(default_factory=list)

    def _number(self, game_number: int | None) -> int:
        return len(self.results) + 1 if game_number is None else game_number

    def side_of(self, player: str, game_number: int | None = None) -> Side:
        """The side ``player`` plays in game ``game_number`` (1-based; default: the game
        being played now)."""
        return side_in_game(player, self._number(game_number))

    def player_of(self, side: Side, game_number: int | None = None) -> str:
        """The player ("first" or "second") who has ``side`` in game ``game_number``
        (1-based; default: the game being played now)."""
        side = Side(side)  # a ValueError for a word such as "black", not a wrong answer
        return FIRST if side_in_game(FIRST, self._number(game_number)) is side else SECOND

    def record(self, winner_side: Side | None, plies: int) -> None:
        """Record the current game's end: the side that won (None for a draw) and its
        length."""
        if self.finished:
            raise ValueError("the match is already over")
        winner = None if winner_side is None else self.player_of(winner_side)
        self.results.append(GameResult(winner, plies))

    @property
    def finished(self) -> bool:
        """Whether every game of the match has been played."""
        return len(self.results) >= self.rules.match_games

    def wins(self, player: str) -> int:
        """Games won by ``player``."""
        return sum(r.winner == player for r in self.results)

    def leader(self) -> str | None:
        """The player ahead ("first" or "second"), or None when level.

        More wins leads; at equal wins, the player whose fastest win took fewer moves.
        """
        first, second = self.wins(FIRST), self.wins(SECOND)
        if first != second:
            return FIRST if first > second else SECOND
        fastest = {
            player: min((r.plies for r in self.results if r.winner == player), default=None)
            for player in PLAYERS
        }
        if fastest[FIRST] is None or fastest[SECOND] is None:
            return None
        if fastest[FIRST] == fastest[SECOND]:
            return None
        return FIRST if fastest[FIRST] < fastest[SECOND] else SECOND

    def winner(self) -> str | None:
        """The match winner once it is finished (None while playing, or a drawn match)."""
        return self.leader() if self.finished else None
