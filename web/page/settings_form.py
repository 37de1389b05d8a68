"""The Settings form: built from the settings' declarative entries
(:data:`web.models.settings.SETTINGS`), it shows the settings and turns each control's
change into one :meth:`web.models.session.Session.change`, and drives set-up mode.

A control shows the game on the board where the game has its own value: an imported
game's rules, move limit and clock (the player's own choices come back with the next
New game). A change that the session refuses (a bad seed, a move limit already reached,
a position that cannot be played) leaves the session as it was; the form then shows the
session's values again, so that a control never claims what is not so.
"""

from __future__ import annotations

from typing import Any

from tablut import RULES, Rules, Side
from tablut.ai import LEVELS
from web.bridge.dom import Listeners, element
from web.models.clocks import PRESETS, TimeControl
from web.models.session import Session
from web.models.settings import SETTINGS, Effect, Setting
from web.words.catalogue import _, language, language_page
from web.words.engine import level_description, level_name, rules_summary, rules_title

#: The games of the tafl family by board size: the Rules menu's groups are named after them.
FAMILY = {7: "Brandubh", 9: "Tablut", 11: "Hnefatafl"}


def board_groups() -> list[tuple[str, list[Rules]]]:
    """The Rules menu's groups, smallest board first: each group's label ("Tablut 9×9")
    and its rule sets, in the order of :data:`tablut.RULES`."""
    sizes = sorted({rules.size for rules in RULES.values()})
    return [(f"{FAMILY.get(size, 'Tafl')} {size}×{size}",
             [rules for rules in RULES.values() if rules.size == size]) for size in sizes]


def menu_title(rules: Rules) -> str:
    """What the Rules menu calls ``rules``: its title, less the board's size that its
    group already says ("Copenhagen Hnefatafl" under "Hnefatafl 11×11")."""
    size = f" ({rules.size}x{rules.size})"
    return rules_title(rules).removesuffix(size)


#: Controls that are no setting: set-up mode and its tools, and the rules' summary.
OTHER_CONTROLS = ("setup-mode", "setup-tools", "setup-side", "rules-summary", "more-options")


def shown_value(session: Session, setting: Setting) -> object:
    """What ``setting``'s control shows for ``session``: the game's own rules, limit and
    clock, else the player's setting."""
    game = session.game
    value = {"rules": game.rules.name, "limit": game.limit,
             "clock": game.time_control or ""}.get(setting.field,
                                                   getattr(session.settings, setting.field))
    if setting.field == "match":
        return session.settings.match or game.rules.match_games > 1
    if setting.field == "limit":
        return str(value or 0)
    if setting.field == "language":  # the page's own, whatever was chosen
        return language()
    return value if setting.checkbox else str(value)


class SettingsForm:
    """The form's controls, bound to one session."""

    def __init__(self, session: Session, document: Any, window: Any,
                 listeners: Listeners) -> None:
        """Fill the level, rules and clock menus and listen to every control; ``window``
        is left for the page of another language when one is chosen."""
        self.session = session
        self.document = document
        self.window = window
        find = document.getElementById
        self.settings = [s for s in SETTINGS if s.control is not None]
        self.controls = {name: find(name) for name in OTHER_CONTROLS}
        self.controls.update({s.control: find(s.control) for s in self.settings})
        # What was last written to each (control, property): only a change is written.
        self.written: dict[tuple[str, str], object] = {}
        self._fill_menus()
        for setting in self.settings:
            listeners.on(self.controls[setting.control], "change",
                         lambda _event, setting=setting: self._changed(setting))
        listeners.on(self.controls["setup-mode"], "change", lambda _event: self._setup())
        listeners.on(self.controls["setup-side"], "change", lambda _event: self._setup_side())
        listeners.on(find("settings-form"), "submit", lambda event: event.preventDefault())

    def _fill_menus(self) -> None:
        document, controls = self.document, self.controls
        for number in LEVELS:
            controls["level"].appendChild(element(
                document, "option", f"{number} · {level_name(number)}", value=number,
                title=level_description(number)))
        for label, rule_sets in board_groups():
            group = element(document, "optgroup", label=label)
            for rules in rule_sets:
                group.appendChild(element(document, "option", menu_title(rules),
                                          value=rules.name))
            controls["rules"].appendChild(group)
        self.clocks = set(PRESETS)  # the time controls the Clock menu offers
        for value, words in PRESETS.items():
            # The presets' words are marked for the catalogue where they are made.
            controls["clock"].appendChild(element(document, "option", _(words), value=value))

    def _changed(self, setting: Setting) -> None:
        control = self.controls[setting.control]
        self.session.change(setting.field,
                            bool(control.checked) if setting.checkbox else str(control.value))
        self.render(self.session, changed=setting.control)
        if setting.effect is Effect.LANGUAGE:
            self._move_to_language()

    def _move_to_language(self) -> None:
        """Go to the page in the language chosen, with the same link (the choice and the
        game are saved: the page there goes on with them)."""
        chosen = self.session.settings.language
        if chosen and chosen != language():
            location = self.window.location
            location.replace(f"{language_page(chosen)}{location.search}{location.hash}")

    def _setup(self) -> None:
        self.session.set_setup(bool(self.controls["setup-mode"].checked))
        self.render(self.session, changed="setup-mode")

    def _setup_side(self) -> None:
        side = Side.parse(str(self.controls["setup-side"].value))
        self.session.edit_setup(lambda setup: setattr(setup, "side", side))

    def render(self, session: Session, *, changed: str | None = None) -> None:
        """Show the settings. A control is written only when what it should show
        changed, and the control a person just ``changed`` always (the session may have
        refused the change): a redraw must undo neither a number being typed nor a
        choice made in another control while this one was handled (the page's Python
        may run in a worker, after the person has moved on)."""
        game = session.game
        self._offer_clock(game.time_control or "")
        # Entering set-up mode opens More options, where the set-up tools live.
        if session.setup is not None and self.written.get(("setup-mode", "checked")) is not True:
            self.controls["more-options"].open = True
        wanted: list[tuple[str, str, object]] = [
            (s.control, "checked" if s.checkbox else "value", shown_value(session, s))
            for s in self.settings if s.control is not None]
        wanted += [
            ("match", "disabled", game.rules.match_games > 1),
            ("setup-mode", "checked", session.setup is not None),
            ("setup-tools", "hidden", session.setup is None),
            ("rules-summary", "textContent", rules_summary(game.rules)),
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
