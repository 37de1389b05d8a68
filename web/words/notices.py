"""What the notice area says: the words for each message code of the models
(:mod:`web.models.notices`) and for each action's button.

Buttons are named for what they do ("Undo import", "Restore previous game"), so that no
two buttons on the page share a name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablut import RULES, Side
from web.lesson.judge import piece_name, why_illegal, wrong_piece
from web.models.clocks import TimeControl
from web.models.events import Refusal
from web.models.notices import Message
from web.words.texts import plural, whole_move

#: The labels of the notices' buttons, by action code.
ACTION_LABELS = {
    "restore-game": "Restore previous game",
    "restore-moves": "Restore dropped moves",
    "undo-restore": "Undo restore",
    "undo-import": "Undo import",
    "undo-delete": "Undo delete",
}

#: What a refused setting is called in the sentence that refuses it.
SETTING_NAMES = {"seed": "Seed", "limit": "Move limit", "clock": "Clock", "rules": "Rules",
                 "level": "AI level", "black": "Black player", "white": "White player"}


def refusal_text(refusal: Refusal) -> str:
    """Why a click was refused, in a beginner's words (the lesson's, from the engine's
    own rules)."""
    board, sq = refusal.board, refusal.square
    if refusal.waiting_for is not None:
        side = refusal.waiting_for.word
        return f"It is {side}'s move, and the computer plays {side}: wait for its move."
    if refusal.target is not None:
        return why_illegal(board, (sq, refusal.target))
    wrong = wrong_piece(board, sq)
    if wrong:
        return wrong
    return (f"{piece_name(board, sq)[0].upper()}{piece_name(board, sq)[1:]} cannot move: "
            f"every square next to it is taken or closed to it.")


def _limit(value: int | None) -> str:
    return f"Move limit: {plural(value, 'move')} a side." if value else "No move limit."


def _clock(value: str) -> str:
    if not value:
        return "No clock."
    return f"Clock: {TimeControl.parse(value).describe()}, from this move on."


def _side(side: Side) -> str:
    return side.word


#: The words of each message code, from its parameters.
TEXTS: dict[str, Callable[..., str]] = {
    "text": lambda text: text,
    "new-game": lambda: "New game.",
    "new-rules": lambda rules: f"New game under {RULES[rules].title} rules.",
    "match-game": lambda number: f"Game {number} of the match: sides swapped.",
    "match-over": lambda summary: f"Match over: {summary} A new match begins.",
    "restored": lambda: "The game is back as it was.",
    "moves-dropped": lambda count: f"Later moves were dropped ({plural(count, 'move')}).",
    "hint": lambda move, size=9: f"Hint: {whole_move(move, size)}.",
    "hint-not-now": lambda: "A hint is for a person's move in a game in progress.",
    "hint-looking": lambda: "Looking for a good move…",
    "no-hint": lambda error: f"No hint: the computer player is unavailable ({error}).",
    "computer-unavailable": lambda error: f"The computer player is unavailable ({error}).",
    "refused": refusal_text,
    "setting-refused": lambda setting, why: f"{SETTING_NAMES.get(setting, setting)} not "
                                            f"changed: {why}.",
    "limit-set": lambda value, on: _limit(value),
    "clock-set": lambda value, on: _clock(value),
    "match-set": lambda value, on: ("Match mode: two games, sides swapped." if on
                                    else "Single games."),
    "setup-on": lambda: ("Set-up mode: click a square to cycle empty, white, king, black. "
                         "Leave set-up mode to play from the position."),
    "setup-refused": lambda why: f"This position cannot be played: {why}. Still in set-up mode.",
    "setup-done": lambda side: f"Play starts from the set-up position; {_side(side)} to move.",
    "not-saved": lambda error: (f"This browser would not save the game ({error}); it will be "
                                "lost on reload."),
}


def notice_text(said: Message) -> str:
    """The words of the message ``said``."""
    args: dict[str, Any] = said.args
    return TEXTS[said.code](**args)


def action_label(code: str) -> str:
    """The label of the button of the action ``code``."""
    return ACTION_LABELS[code]

