"""The score of a match, for the match table: browser-free, tested natively.

A match is two games with sides swapped (:class:`tablut.Match`). "Player 1" has black in
game 1 and white in game 2. The page stores finished games as (winner, plies); the game
in progress counts too once it has ended, so the table shows the result at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tablut import Match, Rules, Side
from tablut.match import GameResult

PLAYER_NAMES = {"first": "Player 1", "second": "Player 2"}


@dataclass(frozen=True)
class MatchRow:
    """One game of the match table."""

    number: int
    first_side: str
    second_side: str
    result: str


@dataclass(frozen=True)
class MatchScore:
    """The table and the sentence under it."""

    rows: list[MatchRow]
    wins: tuple[int, int]
    summary: str
    finished: bool


def two_game_rules(rules: Rules) -> Rules:
    """``rules`` with a two-game match, whatever the rule set's own match length."""
    return rules if rules.match_games >= 2 else replace(rules, match_games=2)


def match_of(rules: Rules, results: list[tuple[str | None, int]]) -> Match:
    """The page's match under ``rules`` (always two games) with ``results`` played, as
    stored: (winning player "first"/"second" or None, plies)."""
    return Match(two_game_rules(rules), [GameResult(w, p) for w, p in results])


def match_score(
    rules: Rules,
    results: list[tuple[str | None, int]],
    current: tuple[Side | None, int] | None,
) -> MatchScore:
    """Score the match of ``results`` plus the ``current`` game's result (its winning
    side, None for a draw, and plies) when it has ended, else None."""
    match = match_of(rules, results)
    if current is not None and not match.finished:
        match.record(current[0], current[1])
    rows = []
    for number in range(1, match.rules.match_games + 1):
        if number <= len(match.results):
            result = match.results[number - 1]
            moves = f"{result.plies} move{'s' if result.plies != 1 else ''}"
            if result.winner is None:
                text = f"Draw after {moves}"
            else:
                text = f"{PLAYER_NAMES[result.winner]} won in {moves}"
        elif number == len(match.results) + 1:
            # The game on the board, or, once it has ended, the one that comes next.
            text = "In progress" if current is None else "Next"
        else:
            text = "To play"
        rows.append(MatchRow(number, match.side_of("first", number).word,
                             match.side_of("second", number).word, text))
    leader = match.leader()
    if match.finished:
        summary = (f"{PLAYER_NAMES[leader]} wins the match." if leader
                   else "The match is drawn.")
    elif leader:
        summary = f"{PLAYER_NAMES[leader]} leads."
    else:
        summary = "The match is level."
    return MatchScore(rows, (match.wins("first"), match.wins("second")), summary,
                      match.finished)
