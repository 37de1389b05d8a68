"""The score of a match, for the match table: browser-free, tested natively.

A match is two games with sides swapped (:class:`tablut.Match`). "Player 1" has black in
game 1 and white in game 2. The page stores finished games as (winner, plies); the game
in progress counts too once it has ended, so the table shows the result at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tablut import Match, Rules, Side
from tablut.match import GameResult
from web.models.notices import Message, message
from web.words.catalogue import N_, _, ngettext, pgettext

#: The players' names (marked for the catalogue: translate them with ``_()`` where they
#: are shown).
PLAYER_NAMES = {"first": N_("Player 1"), "second": N_("Player 2")}


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
            plies = result.plies
            if result.winner is None:
                # Translators: a game's result in the match table.
                text = ngettext("Draw after {count} move", "Draw after {count} moves",
                                plies).format(count=plies)
            else:
                # Translators: a game's result in the match table: {player} is "Player 1"
                # or "Player 2".
                text = ngettext("{player} won in {count} move", "{player} won in {count} moves",
                                plies).format(player=_(PLAYER_NAMES[result.winner]), count=plies)
        elif number == len(match.results) + 1:
            # The game on the board, or, once it has ended, the one that comes next.
            if current is None:
                # Translators: the match table's game being played.
                text = _("In progress")
            else:
                text = pgettext("match table: the game that comes next", "Next")
        else:
            # Translators: the match table's game not played yet.
            text = _("To play")
        rows.append(MatchRow(number, match.side_of("first", number).word,
                             match.side_of("second", number).word, text))
    leader = match.leader()
    if match.finished:
        # Translators: {player} is "Player 1" or "Player 2".
        summary = (_("{player} wins the match.").format(player=_(PLAYER_NAMES[leader]))
                   if leader else _("The match is drawn."))
    elif leader:
        # Translators: {player} is "Player 1" or "Player 2", ahead in the match.
        summary = _("{player} leads.").format(player=_(PLAYER_NAMES[leader]))
    else:
        summary = _("The match is level.")
    return MatchScore(rows, (match.wins("first"), match.wins("second")), summary,
                      match.finished)


class MatchProgress:
    """The games of the match played so far, as stored: (winning player "first" or
    "second" or None, plies)."""

    def __init__(self, results: list[tuple[str | None, int]] | None = None) -> None:
        """A match with ``results`` played."""
        self.results: list[tuple[str | None, int]] = list(results or [])

    def table(self, rules: Rules, current: tuple[Side | None, int] | None) -> MatchScore:
        """The match table, counting the game on the board once it has ``current``'s
        result."""
        return match_score(rules, self.results, current)

    def side_of(self, rules: Rules, player: str) -> Side:
        """The side ``player`` ("first" or "second") has in the game on the board."""
        return match_of(rules, self.results).side_of(player)

    def next_game(self, settings: Any, rules: Rules, ended: tuple[Side | None, int] | None
                  ) -> tuple[Any, list[tuple[str | None, int]], Message]:
        """The settings, the match so far and what to say for a New game after a game
        under ``rules`` that ``ended`` so (None: it had not): in a match, the next game
        with sides swapped, or a new match after the last one."""
        if not settings.match_mode or ended is None:
            return settings, list(self.results), message("new-game")
        match = match_of(rules, self.results)
        match.record(*ended)
        results = [(r.winner, r.plies) for r in match.results]
        if match.finished:
            summary = match_score(rules, self.results, ended).summary
            return settings.swapped(), [], message("match-over", summary=summary)
        return settings.swapped(), results, message("match-game", number=len(results) + 1)
