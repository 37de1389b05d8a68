"""The views above and beside the board that say where the game stands: the status line
with the offer beside a result and the thinking indicator; Undo, Redo, Back, Forward and
Hint; and the first words for a newcomer."""

from __future__ import annotations

from typing import Any

from tablut import Rules
from web.computer.turns import ComputerTurns
from web.models.session import Session
from web.models.settings import Settings
from web.words.catalogue import N_, _
from web.words.status import status_line
from web.words.texts import intro_text

#: The label of the button beside a result, by what it offers (marked for the catalogue,
#: translated where it is shown).
OFFER_LABELS = {"play-again": N_("Play again"), "next-game": N_("Next game"),
                "new-match": N_("New match")}


class StatusView:
    """The status line, the offer beside a result, and the thinking indicator."""

    def __init__(self, document: Any, turns: ComputerTurns) -> None:
        """Find the elements in ``document``; ``turns`` tells when the computer thinks."""
        self.turns = turns
        self.body = document.body
        self.status = document.getElementById("status")
        self.offer = document.getElementById("end-offer")
        self.offer_button = document.getElementById("play-again")
        self.new_game = document.getElementById("new-game")
        self.thinking = document.getElementById("thinking")

    def render(self, session: Session) -> None:
        """Show whose turn it is or how the game ended, and what can follow."""
        text = status_line(session)
        if self.status.textContent != text:
            self.status.textContent = text
        over = session.setup is None and session.game.outcome() is not None
        self.status.classList.toggle("over", over)
        offer = session.end_offer()
        self.offer.hidden = offer is None
        if offer is not None:
            self.offer_button.textContent = _(OFFER_LABELS[offer])
        self.new_game.classList.toggle("offer", over)
        thinking = self.turns.is_thinking()
        # Hidden, it keeps its space (web/style.css): the board below never moves for it.
        self.thinking.hidden = not thinking
        self.body.dataset.thinking = "true" if thinking else "false"


class ButtonsView:
    """Undo, Redo, Back, Forward and Hint, enabled when they can act."""

    def __init__(self, document: Any) -> None:
        """Find the buttons in ``document``."""
        self.buttons = {name: document.getElementById(name)
                        for name in ("undo", "redo", "back", "forward", "hint")}

    def render(self, session: Session) -> None:
        """Enable the buttons that can act now."""
        enabled = {"undo": session.can_undo(), "back": session.can_go_back(),
                   "redo": session.can_redo(), "forward": session.can_go_forward(),
                   "hint": session.can_hint()}
        for name, button in self.buttons.items():
            button.disabled = not enabled[name]


def intro_words(settings: Settings, rules: Rules, touch: bool) -> str:
    """The first words for a newcomer under ``settings`` and ``rules``: who plays what,
    and how to move on a touch screen (``touch``) or with a mouse and keys."""
    text = intro_text(settings, rules, "Tap" if touch else "Click")
    if not touch:
        text += " " + _("Press ? for the keyboard.")
    return text


class IntroView:
    """The first words for a newcomer, and the button that hides them or brings them
    back. They sit beside the board (under it on a phone), never above it, so that
    folding them moves no square."""

    def __init__(self, document: Any, window: Any) -> None:
        """Find the elements in ``document``; ``window`` tells a touch screen from a
        mouse, so that the words say "Tap" or "Click"."""
        self.text = document.getElementById("intro-text")
        self.toggle = document.getElementById("intro-toggle")
        self.touch = bool(window.matchMedia("(pointer: coarse)").matches)

    def render(self, session: Session) -> None:
        """Show the words for the settings in force, or only the button."""
        text = intro_words(session.settings, session.game.rules, self.touch)
        if self.text.textContent != text:
            self.text.textContent = text
        self.text.hidden = not session.intro_open
        self.toggle.setAttribute("aria-expanded", "true" if session.intro_open else "false")
        self.toggle.textContent = _("Hide help") if session.intro_open else _("What do I do?")
