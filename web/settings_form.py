"""The Settings form: shows the session's settings and turns each control's change into
one session call (a table from control to call, not a chain of ifs).

A change that the session refuses (a bad seed, a move limit already reached, a position
that cannot be played) leaves the session as it was; the form then shows the session's
values again, so the control never claims what is not so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablut import RULES, Side
from tablut.ai import LEVELS
from web.dom import Listeners, element
from web.session import Session
from web.setup_mode import set_setup_mode, set_setup_side
from web.state import Settings


class SettingsForm:
    """The form's controls, bound to one session."""

    def __init__(self, session: Session, document: Any, listeners: Listeners) -> None:
        """Fill the level and rules menus and listen to every control."""
        self.session = session
        self.find = document.getElementById
        self.shown: tuple[Settings, bool] | None = None
        for number, spec in LEVELS.items():
            self.find("level").appendChild(element(
                document, "option", f"{number} · {spec.name}", value=number,
                title=spec.description))
        for name, spec in RULES.items():
            self.find("rules").appendChild(element(document, "option", spec.title, value=name))
        changes: dict[str, Callable[[Any], None]] = {
            "black-player": lambda box: session.set_player(Side.BLACK, str(box.value)),
            "white-player": lambda box: session.set_player(Side.WHITE, str(box.value)),
            "level": lambda box: session.set_level(int(box.value)),
            "rules": lambda box: session.set_rules(str(box.value)),
            "seed": lambda box: session.set_seed(str(box.value)),
            "limit": lambda box: session.set_limit(str(box.value)),
            "match": lambda box: session.set_match(bool(box.checked)),
            "setup-mode": lambda box: set_setup_mode(session, bool(box.checked)),
            "setup-side": lambda box: set_setup_side(session, Side.parse(str(box.value))),
        }
        for name, change in changes.items():
            listeners.on(self.find(name), "change",
                         lambda _event, name=name, change=change: self._changed(name, change))
        listeners.on(self.find("settings-form"), "submit", lambda event: event.preventDefault())

    def _changed(self, name: str, change: Callable[[Any], None]) -> None:
        change(self.find(name))
        self.render(self.session, force=True)

    def render(self, session: Session, *, force: bool = False) -> None:
        """Show the settings, when they changed (or ``force``): a redraw while a person
        types a number must not undo their typing."""
        key = (session.settings, session.setup is not None)
        if key == self.shown and not force:
            return
        self.shown = key
        s = session.settings
        values = {"black-player": s.black, "white-player": s.white, "level": str(s.level),
                  "rules": s.rules, "seed": str(s.seed), "limit": str(s.limit or 0)}
        for name, value in values.items():
            self.find(name).value = value
        match_box = self.find("match")
        match_box.checked = s.match_mode
        match_box.disabled = RULES[s.rules].match_games > 1
        self.find("setup-mode").checked = session.setup is not None
        if session.setup is not None:
            self.find("more-options").open = True  # the set-up tools live there
        self.find("setup-tools").hidden = session.setup is None
        if session.setup is not None:
            self.find("setup-side").value = session.setup.side.word
        self.find("rules-summary").textContent = RULES[s.rules].summary
