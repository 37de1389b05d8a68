"""The default level's answers in the first positions of a game, worked out in advance.

At the start of a game, and after each first move, the computer at :data:`LEVEL` plays
what its search finds within the level's node budget, and that search is reproducible:
the same position, history and level give the same move on any machine.  So those
answers are a table (:mod:`.first_answers_data`, written by ``tools/first_answers.py``),
and :func:`known_answer` gives one without searching: the page answers a first move
at once, while the computer's own interpreter may still be starting.  A test checks the
table against the search, so it can never say anything the search would not.

Only positions the table can vouch for are answered: the rule set's own start, at most
one move played, the table's level, and no clock (a clock gives the search a time limit,
and then the answer may depend on the machine).
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..notation import format_move, parse_move, start_position
from ..rules import RULES
from .first_answers_data import ANSWERS
from .search import mate_in

LEVEL = 5
"""The level the table holds the answers of: the page's default."""

MAX_PLY = 1
"""The table holds the start position and every position after one move."""


def first_games() -> list[Game]:
    """Every game the table answers: each rule set's start, then each first move."""
    games = []
    for name in RULES:
        games.append(Game(name))
        if MAX_PLY >= 1:
            for move in Game(name).legal_moves():
                game = Game(name)
                game.play(move)
                games.append(game)
    return games


def answer_key(game: Game) -> tuple[str, str] | None:
    """The table's key for ``game`` at its cursor: its rule set's name and the moves
    played so far; None where the table holds no answer (another start, a later ply)."""
    if game.ply > MAX_PLY or game.start != start_position(game.rules):
        return None
    size = game.rules.size
    return game.rules.name, " ".join(format_move(m, size) for m in game.moves[:game.ply])


def known_answer(game: Game, level: int, seconds: float | None = None) -> dict[str, Any] | None:
    """The computer's answer at ``level`` in ``game`` (at its cursor), as
    :meth:`tablut.ai.Analysis.to_dict` data, if the table holds it; else None.
    ``seconds``: the time a clock leaves the computer (None: no clock)."""
    if level != LEVEL or seconds is not None:
        return None
    key = answer_key(game)
    if key is None:
        return None
    entry = ANSWERS.get(key)
    return None if entry is None else answer_data(*entry, size=game.rules.size)


def answer_data(pv: str, score: int, depth: int, seldepth: int, nodes: int, complete: bool,
                size: int = 9) -> dict[str, Any]:
    """A table entry, its moves on the board of ``size``, as
    :meth:`tablut.ai.Analysis.to_dict` data (``known``: from the table; its speed and
    time are not the machine's, so they are 0)."""
    line = pv.split()
    frm, to = parse_move(line[0], size)
    return {"move": line[0], "from": frm, "to": to, "score": score, "mate_in": mate_in(score),
            "pv": line, "depth": depth, "seldepth": seldepth, "nodes": nodes, "nps": 0,
            "elapsed": 0.0, "complete": complete, "known": True}


def table_entry(data: dict[str, Any]) -> tuple[str, int, int, int, int, bool]:
    """What the table keeps of an answer (:meth:`tablut.ai.Analysis.to_dict` data): the
    line, the score, the depths, the positions searched, and whether the last depth was
    complete."""
    return (" ".join(data["pv"]), int(data["score"]), int(data["depth"]),
            int(data["seldepth"]), int(data["nodes"]), bool(data["complete"]))


__all__ = ["LEVEL", "MAX_PLY", "answer_data", "answer_key", "first_games", "known_answer",
           "table_entry"]
