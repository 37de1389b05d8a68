"""The text interface's words: the English of everything the engine reports as values.

The engine says what happened as values: a :class:`tablut.board.Reason` (its value is a
short code), a :class:`tablut.position.NotationError` with a ``code`` and ``params``, an
:class:`tablut.game.Illegal` with a code and the squares, a rule set's name, a level's
number.  This module turns them into the English that ``python -m tablut`` prints (and
that ``str()`` of the engine's errors gives to native callers), and nothing else does: the
page says the same things in the player's language (:mod:`web.words.engine`, whose English
a test keeps equal to this module's).

It imports nothing of the engine but :mod:`tablut.side`, so that every engine module may
use it.
"""

from __future__ import annotations

from collections.abc import Mapping

from .side import Side

# -- why a game ended -------------------------------------------------------------------------

REASONS: dict[str, str] = {
    "escape": "the king escaped",
    "king-captured": "the king was captured",
    "encircled": "black encircled every white piece",
    "edge-fort": "the king stands in a fort on the edge",
    "no-moves": "the side to move had no legal move",
    "repetition": "a position was repeated",
    "move-limit": "the move limit was reached",
}
"""Why a game ended, by the code of its :class:`tablut.board.Reason`, as a clause without
its capital and full stop."""


def reason_text(reason: str) -> str:
    """Why a game ended (``reason`` a :class:`~tablut.board.Reason`'s value), as a
    clause: "the king escaped"."""
    return REASONS[reason]


def outcome_text(winner: Side | None, reason: str) -> str:
    """One sentence for a player, such as "White wins: the king escaped." (``winner``
    None for a draw, ``reason`` a :class:`~tablut.board.Reason`'s value)."""
    if winner is None:
        return f"Draw: {reason_text(reason)}."
    return f"{winner.word.capitalize()} wins: {reason_text(reason)}."


# -- text that is not a move or a position ------------------------------------------------------

NOTATION_ERRORS: dict[str, str] = {
    # position strings (tablut.position)
    "position-form": "a position is rows of -, B, W, K separated by '/', a blank, then b or w",
    "position-rows": "a position needs {size} rows of {size} squares separated by '/'",
    "side-to-move": "the side to move must be b or w, not {text!r}",
    "position-letter": "{letter!r} at {square} is not one of -, B, W, K",
    "king-count": "a position needs exactly one king, not {count}",
    # where pieces may stand (tablut.board)
    "soldier-on-throne": "only the king may stand on the throne ({square})",
    "soldier-on-corner": "only the king may stand on a corner in {rules} rules",
    "white-in-camp": "no white piece may stand in a camp ({square}) in {rules} rules",
    "king-escaped": "the king on {square} has already escaped",
    # moves (tablut.notation)
    "move-form": "{text!r} is not a move: write it as b3-6 or b3-f",
    "move-start": "{text!r} is not a move: {start!r} is not a square",
    "move-target": ("{text!r} is not a move: after the dash give a rank 1-{size} or a file "
                    "a-{last_file}"),
    "move-not-straight": "{text!r} is not a move: pieces move in straight lines",
    "move-standing-still": "{text!r} is not a move: the piece must leave its square",
    # OpenTafl's position records and moves (tablut.opentafl.notation)
    "record-rows": ("the position record has {count} rows: we play on boards of 7x7, 9x9 "
                    "and 11x11"),
    "record-other-piece": "the position has {piece} ({letter!r}), which is not a piece of Tablut",
    "record-letter": "{letter!r} in the position record {row!r} is not a piece",
    "record-row-length": ("the row {row!r} of the position record has {count} squares, on a "
                          "board of {size} rows"),
    "opentafl-square": "{text!r}: {square} is not a square of the {size}x{size} board",
    "opentafl-move": "{text!r} is not a move in OpenTafl's notation, such as e3-h3",
    "opentafl-jump": "{text!r} is a jump, which Tablut does not have",
    "opentafl-berserk": "{text!r} is a berserk move, which Tablut does not have",
}
"""The English of each :class:`~tablut.position.NotationError` code, with its params as
named placeholders (``!r``: quoted as Python quotes it)."""

OPENTAFL_PIECES: dict[str, str] = {
    "c": "an attacking commander", "C": "a commander", "n": "an attacking knight",
    "N": "a knight", "m": "an attacking mercenary", "M": "a mercenary",
    "g": "an attacking guard", "G": "a guard", "k": "an attacking king",
}
"""The pieces of OpenTafl's records that Tablut does not have, by their letter (the
``{piece}`` of "record-other-piece")."""


def notation_error_text(code: str, params: Mapping[str, object]) -> str:
    """The English of a :class:`~tablut.position.NotationError`; a code not in
    :data:`NOTATION_ERRORS` is taken to be the message itself."""
    template = NOTATION_ERRORS.get(code)
    if template is None:
        return code
    if code == "record-other-piece":
        params = {**params, "piece": OPENTAFL_PIECES[str(params["letter"])]}
    return template.format(**params)


# -- why a move is illegal ----------------------------------------------------------------------

ILLEGAL: dict[str, str] = {
    "game-over": "the game is over ({outcome})",
    "no-piece": "there is no piece on {square}",
    "not-your-piece": "it is {side}'s turn, and {square} holds a {owner} piece",
    "occupied": "{square} is occupied",
    "blocked": "the way is blocked at {square}",
    "throne-blocks": "nobody may pass over the throne ({square}), even when it is empty",
    "other-camp-stop": ("a black piece may move within its own camp, but never into another "
                        "camp ({square})"),
    "other-camp-cross": "a black piece may cross its own camp, but never another camp ({square})",
    "camp-stop": "no piece may enter a camp ({square}) from outside it",
    "camp-cross": ("no piece may pass over a camp ({square}) from outside it, even where it "
                   "is empty"),
    "may-not-stop": "that piece may not stop on {square}",
}
"""Why a move is illegal, by the code of its :class:`tablut.game.Illegal`, as a clause
without the move ("{square} is occupied")."""


def illegal_clause(code: str, params: Mapping[str, object]) -> str:
    """Why a move is illegal, as a clause without the move, its capital and full stop
    (``params``: the :class:`~tablut.game.Illegal`'s)."""
    values = dict(params)
    if code == "game-over":
        winner = params["winner"]
        values["outcome"] = outcome_text(winner if isinstance(winner, Side) else None,
                                         str(params["reason"]))
    for key in ("side", "owner"):
        value = values.get(key)
        if isinstance(value, Side):
            values[key] = value.word
    return ILLEGAL[code].format(**values)


def illegal_text(move: str, code: str, params: Mapping[str, object]) -> str:
    """Why ``move`` (as written, ``b3-6``) is illegal, in one sentence: "b3-6: e5 is
    occupied"."""
    return f"{move}: {illegal_clause(code, params)}"


# -- the rule sets ------------------------------------------------------------------------------

RULES_TITLES: dict[str, str] = {
    "berkeley": "Berkeley",
    "brainking": "BrainKing",
    "nielsen": "Nielsen (corner escape)",
    "ashton": "Ashton (Tablut Challenge)",
    "opentafl": "OpenTafl Tablut",
    "brandubh": "Brandubh (7x7)",
    "copenhagen": "Copenhagen Hnefatafl (11x11)",
    "fetlar": "Fetlar Hnefatafl (11x11)",
}
"""Each registered rule set's human name, by its name (:attr:`tablut.rules.Rules.name`)."""

RULES_SUMMARIES: dict[str, str] = {
    "berkeley": (
        "The king escapes to any edge. He is captured by two black pieces, or by four hostile "
        "sides on or beside the throne. Repeating an earlier position loses."
    ),
    "brainking": (
        "The king escapes to any edge but is unarmed, and black needs four sides to capture "
        "him (the throne counts beside it). Once the king leaves the throne nobody may stop "
        "there. A position seen a third time is a draw."
    ),
    "nielsen": (
        "The king escapes only to a corner; corners and the empty throne are hostile. The "
        "king is armed and captured by two pieces except on his throne. Black also wins by "
        "encircling every white piece. A match is two games with sides swapped."
    ),
    "ashton": (
        "White moves first. Black starts in four camps that nobody else may enter; nobody "
        "passes over the throne, and camps and throne capture like enemy pieces. The king "
        "escapes to any edge; he is captured by four sides on the throne, three beside it, "
        "two elsewhere (a camp counts as one). A repeated position is a draw."
    ),
    "opentafl": (
        "OpenTafl's 9x9 Tablut: the king escapes to any edge, never returns to the throne, "
        "and is captured by two black pieces, or by four hostile sides on or beside the "
        "throne. Black also wins by encircling every white piece. A position seen a third "
        "time is a draw."
    ),
    "brandubh": (
        "A quick game on 7x7. The king escapes to a corner. He is armed and captured by two "
        "black pieces, even on his throne; the corners are hostile to everyone, the throne "
        "to nobody. A position seen a third time is a draw."
    ),
    "copenhagen": (
        "The tournament game on 11x11. The king escapes to a corner, or wins in a fort on "
        "an edge that black cannot break. He is armed and captured only on four sides (three "
        "and the empty throne), never on an edge. A row on an edge is captured by a "
        "shieldwall. Black also wins by encircling every white piece. Repeating a position "
        "a third time loses."
    ),
    "fetlar": (
        "Hnefatafl on 11x11 without shieldwalls or forts. The king escapes to a corner; he is "
        "armed and captured only on four sides (three and the empty throne), never on an "
        "edge. Black also wins by encircling every white piece. A position seen a third "
        "time is a draw."
    ),
}
"""Each registered rule set's two or three plain sentences for players, by its name."""

OTHER_RULES_TITLE = "OpenTafl rules"
"""The human name of a rule set read from an OpenTafl rules string that names no variant."""

OTHER_RULES_SUMMARY = "Rules read from an OpenTafl rules string."
"""The summary of a rule set that is none of ours (read from an OpenTafl rules string)."""


def rules_title(name: str, variant: str = "") -> str:
    """The human name of the rule set called ``name``; one of no registered name is called
    by its ``variant`` (the name its rules string gave it), or "OpenTafl rules"."""
    return RULES_TITLES.get(name) or variant or OTHER_RULES_TITLE


def rules_summary(name: str) -> str:
    """Two or three plain sentences for players on the rule set called ``name``."""
    return RULES_SUMMARIES.get(name, OTHER_RULES_SUMMARY)


# -- the computer's levels ----------------------------------------------------------------------

LEVEL_NAMES: dict[int, str] = {
    1: "Beginner", 2: "Novice", 3: "Casual", 4: "Club", 5: "Strong", 6: "Expert", 7: "Master",
}
"""What a person calls each level of the computer player, by its number."""

LEVEL_DESCRIPTIONS: dict[int, str] = {
    1: ("Looks one move ahead for both sides and misjudges positions badly; never misses a "
        "win in one, never allows one."),
    2: "Two plies with a rough judgement.",
    3: "Three plies with a fair judgement.",
    4: "About a third of a second of search.",
    5: "About a second of search; finds forced wins of up to four moves in the endgame.",
    6: "About three seconds of search.",
    7: "About seven seconds of search.",
}
"""One sentence on how each level plays, by its number."""


def level_name(level: int) -> str:
    """The name of the computer's level ``level`` ("Beginner" ... "Master")."""
    return LEVEL_NAMES[level]


def level_description(level: int) -> str:
    """One sentence on how the computer's level ``level`` plays."""
    return LEVEL_DESCRIPTIONS[level]


__all__ = [
    "ILLEGAL",
    "LEVEL_DESCRIPTIONS",
    "LEVEL_NAMES",
    "NOTATION_ERRORS",
    "OPENTAFL_PIECES",
    "OTHER_RULES_SUMMARY",
    "OTHER_RULES_TITLE",
    "REASONS",
    "RULES_SUMMARIES",
    "RULES_TITLES",
    "illegal_clause",
    "illegal_text",
    "level_description",
    "level_name",
    "notation_error_text",
    "outcome_text",
    "reason_text",
    "rules_summary",
    "rules_title",
]
