"""What the notice area says: the words for each message code of the models
(:mod:`web.models.notices`) and for each action's button.

Buttons are named for what they do ("Undo import", "Restore previous game"), so that no
two buttons on the page share a name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablut import RULES, Side
from web.lesson.judge import why_illegal, wrong_piece
from web.models.clocks import TimeControl
from web.models.events import Refusal
from web.models.notices import Message
from web.words.catalogue import N_, _, ngettext
from web.words.engine import rules_title
from web.words.live import LIVE_NOTICES, friend_turn_text
from web.words.sides import side_word
from web.words.speech import name_of
from web.words.texts import whole_move

#: The labels of the notices' buttons, by action code (translated where shown).
ACTION_LABELS = {
    "restore-game": N_("Restore previous game"),
    "restore-moves": N_("Restore dropped moves"),
    "undo-restore": N_("Undo restore"),
    "undo-import": N_("Undo import"),
    "undo-delete": N_("Undo delete"),
}

#: The sentence that refuses a change of each setting, by field (translated where said);
#: {reason} says why ("the seed must be a whole number from 0").
SETTING_REFUSED = {
    # Translators: {reason} says why the setting was refused.
    "seed": N_("Seed not changed: {reason}."),
    # Translators: {reason} says why the setting was refused.
    "limit": N_("Move limit not changed: {reason}."),
    # Translators: {reason} says why the setting was refused.
    "clock": N_("Clock not changed: {reason}."),
    # Translators: {reason} says why the setting was refused.
    "rules": N_("Rules not changed: {reason}."),
    # Translators: {reason} says why the setting was refused.
    "level": N_("AI level not changed: {reason}."),
    # Translators: {reason} says why the setting was refused.
    "black": N_("Black player not changed: {reason}."),
    # Translators: {reason} says why the setting was refused.
    "white": N_("White player not changed: {reason}."),
    # Translators: {reason} says why the setting was refused.
    "language": N_("Language not changed: {reason}."),
    # Translators: {reason} says why the setting was refused; STUN servers help a live
    # game's browsers find each other.
    "stun": N_("STUN servers not changed: {reason}."),
}

#: What is said of a piece that cannot move at all, by its kind (translated where said).
BLOCKED = {
    # Translators: {square} is the piece's square ("d1").
    "black": N_("The black piece on {square} cannot move: every square next to it is "
                "taken or closed to it."),
    # Translators: {square} is the piece's square ("e3").
    "white": N_("The white guard on {square} cannot move: every square next to it is "
                "taken or closed to it."),
    # Translators: {square} is the king's square ("e5").
    "king": N_("The king on {square} cannot move: every square next to it is taken or "
               "closed to it."),
}


def refusal_text(refusal: Refusal) -> str:
    """Why a click was refused, in a beginner's words (the lesson's, from the engine's
    own rules)."""
    board, sq = refusal.board, refusal.square
    if refusal.friend:
        return friend_turn_text(refusal.waiting_for)
    if refusal.waiting_for is Side.BLACK:
        return _("It is black's move, and the computer plays black: wait for its move.")
    if refusal.waiting_for is Side.WHITE:
        return _("It is white's move, and the computer plays white: wait for its move.")
    if refusal.target is not None:
        return why_illegal(board, (sq, refusal.target))
    wrong = wrong_piece(board, sq)
    if wrong:
        return wrong
    square = name_of(board)(sq)
    blocked = BLOCKED.get(board.piece_at(sq) or "")
    if blocked is None:
        # Translators: {square} is a square ("d1").
        return _("{square} cannot move: every square next to it is taken or closed to "
                 "it.").format(square=square)
    return _(blocked).format(square=square)


def _limit(value: int | None) -> str:
    if not value:
        return _("No move limit.")
    # Translators: {count} is the most moves each side may make.
    return ngettext("Move limit: {count} move a side.", "Move limit: {count} moves a side.",
                    value).format(count=value)


def _clock(value: str) -> str:
    if not value:
        return _("No clock.")
    # Translators: {control} is a time control in words ("5 min + 3 s a move").
    return _("Clock: {control}, from this move on.").format(
        control=TimeControl.parse(value).describe())


def _setting_refused(setting: str, why: str) -> str:
    sentence = SETTING_REFUSED.get(setting)
    if sentence is None:
        # Translators: {setting} is a setting's key (as "match"); {reason} says why it
        # was refused.
        return _("{setting} not changed: {reason}.").format(setting=setting, reason=why)
    return _(sentence).format(reason=why)


def _new_rules(rules: str) -> str:
    # Translators: {rules} is the name of a rule set ("Berkeley").
    return _("New game under {rules} rules.").format(rules=rules_title(RULES[rules]))


def _hint(move: tuple[int, int], size: int = 9) -> str:
    # Translators: {move} is a move, as "f1-f2".
    return _("Hint: {move}.").format(move=whole_move(move, size))


#: The words of each message code, from its parameters.
TEXTS: dict[str, Callable[..., str]] = {
    "text": lambda text: text,
    "new-game": lambda: _("New game."),
    "new-rules": _new_rules,
    # Translators: {number} is the number of the game in the match ("2").
    "match-game": lambda number: _("Game {number} of the match: sides swapped.").format(
        number=number),
    # Translators: {summary} is a sentence on the match's result ("Player 1 wins the
    # match.").
    "match-over": lambda summary: _("Match over: {summary} A new match begins.").format(
        summary=summary),
    "restored": lambda: _("The game is back as it was."),
    # Translators: {count} moves of the record after the move just played were dropped.
    "moves-dropped": lambda count: ngettext("Later moves were dropped ({count} move).",
                                            "Later moves were dropped ({count} moves).",
                                            count).format(count=count),
    "hint": _hint,
    "hint-not-now": lambda: _("A hint is for a person's move in a game in progress."),
    "hint-looking": lambda: _("Looking for a good move…"),
    # Translators: {error} is what went wrong, as the browser says it.
    "no-hint": lambda error: _("No hint: the computer player is unavailable "
                               "({error}).").format(error=error),
    # Translators: {error} is what went wrong, as the browser says it.
    "computer-unavailable": lambda error: _("The computer player is unavailable "
                                            "({error}).").format(error=error),
    "refused": refusal_text,
    "setting-refused": _setting_refused,
    "limit-set": lambda value, on: _limit(value),
    "clock-set": lambda value, on: _clock(value),
    "match-set": lambda value, on: (_("Match mode: two games, sides swapped.") if on
                                    else _("Single games.")),
    "setup-on": lambda: _("Set-up mode: click a square to cycle empty, white, king, black. "
                          "Leave set-up mode to play from the position."),
    # Translators: {reason} says what is wrong with the position set up.
    "setup-refused": lambda why: _("This position cannot be played: {reason}. Still in "
                                   "set-up mode.").format(reason=why),
    # Translators: {side} is "black" or "white", the side to move first.
    "setup-done": lambda side: _("Play starts from the set-up position; {side} to "
                                 "move.").format(side=side_word(side)),
    # Translators: {error} is what went wrong, as the browser says it.
    "not-saved": lambda error: _("This browser would not save the game ({error}); it "
                                 "will be lost on reload.").format(error=error),
    **LIVE_NOTICES,
}


def notice_text(said: Message) -> str:
    """The words of the message ``said``."""
    args: dict[str, Any] = said.args
    return TEXTS[said.code](**args)


def action_label(code: str) -> str:
    """The label of the button of the action ``code``."""
    return _(ACTION_LABELS[code])
