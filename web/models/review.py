"""Game review: the computer's judgement of every position of a game, and the moves that
threw away a win or much of the evaluation.

The page asks the computer (in its worker, in the background) about each position in
turn and gives the answers to :meth:`Review.add`; the review then knows, for the graph,
each position's evaluation from white's side, and, for the move list and the board,
which moves were mistakes and what the better move was.

Browser-free; tested natively (``tests/test_web_review.py``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tablut import Game, Move, Side
from tablut.ai import MATE
from web.words.catalogue import _

#: The level each position is searched at: about a quarter of a second natively, so a
#: 60-move game is reviewed in well under a minute in the browser.
REVIEW_LEVEL = 4

#: What a move may lose, in hundredths of a guard from the mover's side, before it is
#: marked a mistake.
MISTAKE_LOSS = 150

#: Beyond this, an evaluation is drawn at the graph's edge (a won position is worth far
#: more, see tablut.ai.MATE).
GRAPH_LIMIT = 1000


@dataclass(frozen=True)
class Judgement:
    """The computer's view of one position.

    Attributes:
        white: the evaluation from white's side (hundredths of a guard; ±MATE-ish when
            a side wins by force).
        winner: the side that wins by force, or None.
        best: the best move, or None in a finished position.
        best_text: the best move in notation ("" when none).
    """

    white: int
    winner: Side | None
    best: Move | None
    best_text: str


@dataclass(frozen=True)
class Mistake:
    """A move that lost much (or threw away a win), and the move that was better."""

    ply: int
    mover: Side
    lost_win: bool
    loss: int
    better: Move
    better_text: str


class Review:
    """The review of one game (its start and moves).

    Attributes:
        judgements: the computer's view of each position reviewed so far, by ply.
    """

    def __init__(self, game: Game) -> None:
        """A review of ``game``'s whole record, not started."""
        self.key = record_key(game)
        self.plies = len(game.moves)
        self._game = Game.from_json(game.to_json())
        self.judgements: dict[int, Judgement] = {}
        self.stopped = False
        self._mistakes: tuple[int, dict[int, Mistake]] = (-1, {})

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the saved page (the game it judged is saved beside it)."""
        return {
            "plies": self.plies,
            "stopped": self.stopped,
            "judgements": [[ply, j.white, None if j.winner is None else j.winner.word,
                            None if j.best is None else list(j.best), j.best_text]
                           for ply, j in sorted(self.judgements.items())],
        }

    @classmethod
    def from_dict(cls, game: Game, data: Any) -> Review:
        """The review of ``game`` saved by :meth:`to_dict`; ValueError if it is damaged or
        was made of another game."""
        review = cls(game)
        if not isinstance(data, dict) or data.get("plies") != review.plies:
            raise ValueError(_("it is not a review of this game"))
        review.stopped = bool(data.get("stopped"))
        judgements = data.get("judgements")
        if not isinstance(judgements, list):
            raise ValueError(_("its judgements are not a list"))
        for item in judgements:
            ply, judgement = _judgement(item, review.plies)
            review.judgements[ply] = judgement
        return review

    def records(self) -> list[str]:
        """The positions to ask about: the game's record with its cursor at each ply."""
        data = json.loads(self._game.to_json())
        return [json.dumps({**data, "ply": ply}, separators=(",", ":"))
                for ply in range(self.plies + 1)]

    def finished(self) -> bool:
        """Whether every position has been judged."""
        return len(self.judgements) == self.plies + 1

    def add(self, ply: int, data: dict[str, Any] | None) -> None:
        """The computer's answer about the position at ``ply`` (None: the game is over
        there, judged by its result)."""
        self._game.goto(ply)
        side = self._game.side
        if data is None:
            outcome = self._game.outcome()
            winner = None if outcome is None else outcome.winner
            white = 0 if winner is None else (MATE if winner is Side.WHITE else -MATE)
            self.judgements[ply] = Judgement(white, winner, None, "")
            return
        score = int(data["score"])
        mate = data.get("mate_in")
        winner = None if mate is None else (side if int(mate) > 0 else side.opponent)
        white = score if side is Side.WHITE else -score
        best = (int(data["from"]), int(data["to"]))
        self.judgements[ply] = Judgement(white, winner, best, str(data["move"]))

    def mistakes(self) -> dict[int, Mistake]:
        """The moves judged mistakes, by the ply they lead to (worked out again only when
        a position has been judged since)."""
        if self._mistakes[0] != len(self.judgements):
            self._mistakes = (len(self.judgements), self._find_mistakes())
        return self._mistakes[1]

    def _find_mistakes(self) -> dict[int, Mistake]:
        found = {}
        for ply in range(1, self.plies + 1):
            before, after = self.judgements.get(ply - 1), self.judgements.get(ply)
            if before is None or after is None or before.best is None:
                continue
            self._game.goto(ply - 1)
            mover = self._game.side
            played = self._game.moves[ply - 1]
            if played == before.best:
                continue
            sign = 1 if mover is Side.WHITE else -1
            loss = sign * (before.white - after.white)
            lost_win = before.winner is mover and after.winner is not mover
            hopeless = before.winner is mover.opponent  # no move saves a lost position
            if lost_win or (loss >= MISTAKE_LOSS and not hopeless):
                found[ply] = Mistake(ply, mover, lost_win, loss, before.best, before.best_text)
        return found

    def graph_points(self) -> list[tuple[int, float]]:
        """(ply, white's share from 0 to 1) for each position judged, for the graph."""
        points = []
        for ply in sorted(self.judgements):
            white = max(-GRAPH_LIMIT, min(GRAPH_LIMIT, self.judgements[ply].white))
            points.append((ply, 0.5 + white / (2 * GRAPH_LIMIT)))
        return points

    def mistake_counts(self) -> dict[Side, int]:
        """How many mistakes each side made, as far as the review has come."""
        mistakes = list(self.mistakes().values())
        return {side: sum(m.mover is side for m in mistakes) for side in Side}


def _judgement(item: Any, plies: int) -> tuple[int, Judgement]:
    """One saved judgement as (ply, Judgement); ValueError if it is damaged."""
    if not isinstance(item, list) or len(item) != 5:
        raise ValueError(_("a judgement is damaged"))
    ply, white, winner, best, best_text = item
    if (not isinstance(ply, int) or not 0 <= ply <= plies or not isinstance(white, int)
            or winner not in (None, "black", "white") or not isinstance(best_text, str)):
        raise ValueError(_("a judgement is damaged"))
    if best is not None and (not isinstance(best, list) or len(best) != 2
                             or not all(isinstance(sq, int) for sq in best)):
        raise ValueError(_("a judgement's best move is damaged"))
    move = None if best is None else (best[0], best[1])
    side = None if winner is None else Side.parse(winner)
    return ply, Judgement(white, side, move, best_text)


def record_key(game: Game) -> tuple[str, str, tuple[Move, ...]]:
    """What identifies a game's record: its rules, start and moves."""
    return game.rules.name, game.start, tuple(game.moves)
