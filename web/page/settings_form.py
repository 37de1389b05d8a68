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
from web.bridge.dom import Listeners, element
from web.models.clocks import PRESETS, TimeControl
from web.models.session import Session
from web.models.setup import set_setup_mode, set_setup_side

#: The controls the form writes, by id.
CONTROLS = ("black-player", "white-player", "level", "clock", "rules", "seed", "limit",
            "match", "setup-mode", "setup-tools", "setup-side", "rules-summary", "more-options")


class SettingsForm:
    """The form's controls, bound to one session."""

    def __init__(self, session: Session, document: Any, listeners: Listeners) -> None:
        """Fill the level and rules menus and listen to every control."""
        self.session = session
        find = document.getElementById
        self.controls = {name: find(name) for name in CONTROLS}
        # What was last written to each (control, property): only a change is written.
        self.written: dict[tuple[str, str], object] = {}
        for number, spec in LEVELS.items():
            self.controls["level"].appendChild(element(
                document, "option", f"{number} · {spec.name}", value=number,
                title=spec.description))
        for name, spec in RULES.items():
            self.controls["rules"].appendChild(element(document, "option", spec.title,
                                                       value=name))
        self.document = document
        self.clocks = set(PRESETS)  # the time controls the Clock menu offers
        for value, words in PRESETS.items():
            self.controls["clock"].appendChild(element(document, "option", words, value=value))
        changes: dict[str, Callable[[Any], None]] = {
            "black-player": lambda box: session.set_player(Side.BLACK, str(box.value)),
            "white-player": lambda box: session.set_player(Side.WHITE, str(box.value)),
            "level": lambda box: session.set_level(int(box.value)),
            "clock": lambda box: session.set_clock(str(box.value)),
            "rules": lambda box: session.set_rules(str(box.value)),
            "seed": lambda box: session.set_seed(str(box.value)),
            "limit": lambda box: session.set_limit(str(box.value)),
            "match": lambda box: session.set_match(bool(box.checked)),
            "setup-mode": lambda box: set_setup_mode(session, bool(box.checked)),
            "setup-side": lambda box: set_setup_side(session, Side.parse(str(box.value))),
        }
        for name, change in changes.items():
            listeners.on(self.controls[name], "change",
                         lambda _event, name=name, change=change: self._changed(name, change))
        listeners.on(find("settings-form"), "submit", lambda event: event.preventDefault())

    def _changed(self, name: str, change: Callable[[Any], None]) -> None:
        change(self.controls[name])
        self.render(self.session, changed=name)

    def render(self, session: Session, *, changed: str | None = None) -> None:
        """Show the settings. A control is written only when what it should show
        changed, and the control a person just ``changed`` always (the session may have
        refused the change): a redraw must undo neither a number being typed nor a
        choice made in another control while this one was handled (the page's Python
        may run in a worker, after the person has moved on)."""
        s = session.settings
        self._offer_clock(s.clock)
        # Entering set-up mode opens More options, where the set-up tools live.
        if session.setup is not None and self.written.get(("setup-mode", "checked")) is not True:
            self.controls["more-options"].open = True
        wanted: list[tuple[str, str, object]] = [
            ("black-player", "value", s.black), ("white-player", "value", s.white),
            ("level", "value", str(s.level)), ("rules", "value", s.rules),
            ("seed", "value", str(s.seed)), ("limit", "value", str(s.limit or 0)),
            ("clock", "value", s.clock),
            ("match", "checked", s.match_mode),
            ("match", "disabled", RULES[s.rules].match_games > 1),
            ("setup-mode", "checked", session.setup is not None),
            ("setup-tools", "hidden", session.setup is None),
            ("rules-summary", "textContent", RULES[s.rules].summary),
        ]
        if session.setup is not None:
            wanted.append(("setup-side", "value", session.setup.side.word))
        for name, prop, value in wanted:
            if self.written.get((name, prop)) != value or name == changed:
                setattr(self.controls[name], prop, value)
                self.written[(name, prop)] = value

    def _offer_clock(self, text: str) -> None:
        """Add a time control that a record brought to the Clock menu, if it is not one
        of the presets."""
        if text and text not in self.clocks:
            words = TimeControl.parse(text).describe()
            self.controls["clock"].appendChild(element(self.document, "option", words,
                                                       value=text))
            self.clocks.add(text)
