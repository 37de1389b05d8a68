"""Matches: the rule set's number of games, sides swapped after each, and who won.

Under ``nielsen`` a match is two games; a player wins with two wins or, at one win each,
with the win that took fewer moves.  Under the other rule sets a match is a single game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import Rules


@dataclass(frozen=True)
class GameResult:
    """One finished game of a match: who won ("first", "second" or None for a draw) and
    how many moves (plies) the game took."""

    winner: str | None
    plies: int


@dataclass
class Match:
    """Two players, "first" and "second", playing the rule set's number of games.

    The first player has black in game 1; the sides swap for every following game.
    """

    rules: Rules
    results: list[GameResult] = field(default_factory=list)

    def side_of(self, player: str, game_number: int | None = None) -> str:
        """The side ("black" or "white") ``player`` plays in game ``game_number``
        (1-based; default: the game being played now)."""
        number = len(self.results) + 1 if game_number is None else game_number
        first_is_black = number % 2 == 1
        return "black" if (player == "first") == first_is_black else "white"

    def record(self, winner_side: str | None, plies: int) -> None:
        """Record the current game's end: the side that won (None for a draw) and its
        length."""
        if self.finished:
            raise ValueError("the match is already over")
        winner = None
        if winner_side is not None:
            winner = "first" if self.side_of("first") == winner_side else "second"
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
        first, second = self.wins("first"), self.wins("second")
        if first != second:
            return "first" if first > second else "second"
        fastest = {
            player: min((r.plies for r in self.results if r.winner == player), default=None)
            for player in ("first", "second")
        }
        if fastest["first"] is None or fastest["second"] is None:
            return None
        if fastest["first"] == fastest["second"]:
            return None
        return "first" if fastest["first"] < fastest["second"] else "second"

    def winner(self) -> str | None:
        """The match winner once it is finished (None while playing, or a drawn match)."""
        return self.leader() if self.finished else None
