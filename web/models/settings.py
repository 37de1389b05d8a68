"""The Settings form's values, and one declarative entry per setting.

Each :class:`Setting` says which field of :class:`Settings` it is, its control in the
page (by id), how a control's value is read, what makes a value invalid, and what a
change does (:class:`Effect`): the session acts on the effect and the form is built from
the entries, so that a new setting is one entry, not a branch in three places.

A player's settings are their choices for the next New game. A game brought in from a
record or a link plays under its own rules, move limit and clock (the game carries them)
and leaves these alone. Browser-free.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from enum import Enum
from typing import Any

from tablut import RULES, Side
from tablut.ai import DEFAULT_LEVEL, LEVELS
from web.models.clocks import ClockError, TimeControl
from web.words.catalogue import LANGUAGES, _

PLAYERS = ("human", "computer")

#: The largest move limit the settings accept; games rarely last 200 moves a side.
MAX_LIMIT = 999

#: The STUN server a live game asks for this browser's address on the internet (its own
#: addresses on the local network need none): a public one, run by Google. No TURN server:
#: nothing of a game passes through anyone's server.
DEFAULT_STUN = "stun:stun.l.google.com:19302"

#: A STUN server's URL, as RTCPeerConnection takes it.
STUN_URL = re.compile(r"stuns?:(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|"
                      r"\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?")

#: The most STUN servers a live game asks.
MAX_STUN = 4


class StateError(ValueError):
    """A saved page record, or a setting, that cannot be used; the message says why."""


@dataclass(frozen=True)
class Settings:
    """The choices a person makes in the Settings form.

    Attributes:
        black, white: who plays each side, "human" or "computer".
        level: the computer's level, a key of :data:`tablut.ai.LEVELS`.
        rules: the rule set's name, a key of :data:`tablut.RULES`.
        seed: the computer's noise seed (same seed and same moves, same game).
        limit: the move limit per side, or None for no limit.
        match: play a match of two games with sides swapped (always so under rule sets
            whose match has two games, such as nielsen).
        analysis: whether the analysis panel is open.
        clock: the time control (a key of :data:`web.models.clocks.PRESETS`: "" for none).
        sound: whether moves, captures and the end of a game are heard.
        language: the page's language chosen, a key of
            :data:`web.words.catalogue.LANGUAGES`, or "" to follow the browser's.
        stun: the STUN servers a live game asks, URLs separated by spaces ("" for none:
            then only the local network's addresses are tried).
    """

    black: str = "human"
    white: str = "computer"
    level: int = DEFAULT_LEVEL
    rules: str = "berkeley"
    seed: int = 0
    limit: int | None = None
    match: bool = False
    analysis: bool = False
    clock: str = ""
    sound: bool = False
    language: str = ""
    stun: str = DEFAULT_STUN

    def player(self, side: Side) -> str:
        """Who plays ``side``: "human" or "computer"."""
        return self.black if side is Side.BLACK else self.white

    def is_computer(self, side: Side) -> bool:
        """Whether the computer plays ``side``."""
        return self.player(side) == "computer"

    @property
    def match_mode(self) -> bool:
        """Whether games are played as a two-game match."""
        return self.match or RULES[self.rules].match_games > 1

    def swapped(self) -> Settings:
        """The same settings with the players of black and white exchanged (the next game
        of a match)."""
        return replace(self, black=self.white, white=self.black)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the saved record."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Settings from :meth:`to_dict`'s data; missing fields take their defaults, and a
        field of the wrong kind raises StateError."""
        if not isinstance(data, dict):
            raise StateError(_("the saved settings are not an object"))
        values: dict[str, Any] = asdict(cls())
        unknown = set(data) - set(values)
        if unknown:
            # Translators: {names} lists the settings' keys, as ['colour'].
            raise StateError(_("unknown settings {names}").format(names=sorted(unknown)))
        values.update(data)
        return validated(cls(**values))


class Effect(Enum):
    """What a change of a setting does to the game on the board."""

    #: Nothing but the next question to the computer (who plays, its level, its seed).
    COMPUTER = "computer"
    #: A new game under the new rules (the old one offered back).
    NEW_GAME = "new-game"
    #: The game's move limit changes with it (refused if a player has passed it).
    LIMIT = "limit"
    #: Both clocks start full under the new control, from this move on.
    CLOCK = "clock"
    #: The match starts again.
    MATCH = "match"
    #: What the page shows or sounds, not the game.
    DISPLAY = "display"
    #: The page moves to its page in the language chosen (the game goes with it).
    LANGUAGE = "language"
    #: How a live game connects: nothing for the game on the board.
    LIVE = "live"


def is_int(value: Any) -> bool:
    """Whether ``value`` is a whole number (and not True or False)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_player(value: Any) -> str | None:
    # Translators: why a player was refused ("Black player not changed: ...").
    return None if value in PLAYERS else _("must be human or computer")


def _check_level(value: Any) -> str | None:
    if is_int(value) and value in LEVELS:
        return None
    # Translators: why a level was refused: {lowest}..{highest} are the levels ("1..6").
    return _("must be one of {lowest}..{highest}").format(lowest=min(LEVELS),
                                                          highest=max(LEVELS))


def _check_rules(value: Any) -> str | None:
    if value in RULES:
        return None
    # Translators: {rules} is the name asked for, quoted ('tabula').
    return _("{rules} is not a rule set").format(rules=repr(value))


def _check_seed(value: Any) -> str | None:
    ok = is_int(value) and 0 <= value < 2**53
    return None if ok else _("the seed must be a whole number from 0")


def _check_limit(value: Any) -> str | None:
    if value is None or (is_int(value) and 1 <= value <= MAX_LIMIT):
        return None
    # Translators: {most} is the largest move limit (999); 0 means no limit.
    return _("the move limit must be a whole number from 1 to {most}, or 0").format(
        most=MAX_LIMIT)


def _check_flag(value: Any) -> str | None:
    return None if isinstance(value, bool) else _("must be true or false")


def _check_language(value: Any) -> str | None:
    if value == "" or value in LANGUAGES:
        return None
    # Translators: {language} is the code asked for, quoted ('xx').
    return _("{language} is not a language of the page").format(language=repr(value))


def read_stun(text: str) -> str:
    """The STUN servers typed in the form, as the settings keep them: one space between
    URLs (commas allowed)."""
    return " ".join(str(text).replace(",", " ").split())


def _check_stun(value: Any) -> str | None:
    if not isinstance(value, str):
        return _("write STUN servers as stun:host:port, separated by spaces")
    urls = value.split()
    if len(urls) > MAX_STUN:
        # Translators: {most} is how many STUN servers may be given (4).
        return _("give at most {most} STUN servers").format(most=MAX_STUN)
    for url in urls:
        if not STUN_URL.fullmatch(url):
            # Translators: {url} is what was typed, quoted ('stun.example'); keep
            # "stun:host:port" as it is.
            return _("{url} is not a STUN server: write stun:host:port").format(url=repr(url))
    return None


def _check_clock(value: Any) -> str | None:
    if not isinstance(value, str):
        return _("the clock must be a time control such as 5+3")
    try:
        written = TimeControl.parse(value).text if value else ""
    except ClockError as error:
        return str(error)
    # As the page writes it: the game's clocks and its record must name the same control.
    if written == value:
        return None
    # Translators: {control} is a time control as the page writes it ("5+3").
    return _("write the time control as {control}").format(control=written)


def read_clock(text: str) -> str:
    """The time control chosen in the form, as the page writes it ("05+3" is "5+3"; blank
    for none); ClockError, saying why, if it is not one."""
    text = str(text).strip()
    return TimeControl.parse(text).text if text else ""


def parse_limit(text: str) -> int | None:
    """The move limit typed in the form: blank or 0 for none; ValueError if not a whole
    number in range."""
    text = text.strip()
    if not text or text == "0":
        return None
    if not text.isdigit() or not 1 <= int(text) <= MAX_LIMIT:
        raise ValueError(_check_limit(-1))
    return int(text)


def parse_seed(text: str) -> int:
    """The seed typed in the form; ValueError if it is not a whole number from 0."""
    text = text.strip()
    if not text.isdigit():
        raise ValueError(_check_seed(-1))
    return int(text)


@dataclass(frozen=True)
class Setting:
    """One setting: its field, its control, how it is read and checked, and its effect.

    Attributes:
        field: the name of its field in :class:`Settings`.
        control: the id of its form control, or None (set by a button, not the form).
        checkbox: whether the control is a checkbox (its ``checked``, not its ``value``).
        read: the field's value from the control's (ValueError, saying why, if bad).
        check: why a value is invalid, or None when it is valid.
        effect: what a change does.
    """

    field: str
    control: str | None
    read: Callable[[Any], Any]
    check: Callable[[Any], str | None]
    effect: Effect
    checkbox: bool = False


#: Every setting, in the order of the form.
SETTINGS: tuple[Setting, ...] = (
    Setting("black", "black-player", str, _check_player, Effect.COMPUTER),
    Setting("white", "white-player", str, _check_player, Effect.COMPUTER),
    Setting("level", "level", int, _check_level, Effect.COMPUTER),
    Setting("rules", "rules", str, _check_rules, Effect.NEW_GAME),
    Setting("clock", "clock", read_clock, _check_clock, Effect.CLOCK),
    Setting("seed", "seed", parse_seed, _check_seed, Effect.COMPUTER),
    Setting("limit", "limit", parse_limit, _check_limit, Effect.LIMIT),
    Setting("match", "match", bool, _check_flag, Effect.MATCH, checkbox=True),
    Setting("sound", "sound", bool, _check_flag, Effect.DISPLAY, checkbox=True),
    Setting("analysis", None, bool, _check_flag, Effect.DISPLAY),
    Setting("language", "language", str, _check_language, Effect.LANGUAGE),
    Setting("stun", "stun", read_stun, _check_stun, Effect.LIVE),
)

#: The settings by field.
BY_FIELD = {setting.field: setting for setting in SETTINGS}


def validated(settings: Settings) -> Settings:
    """Return ``settings`` if every field is valid; else raise StateError naming it."""
    for setting in SETTINGS:
        problem = setting.check(getattr(settings, setting.field))
        if problem is not None:
            # Translators: {setting} is a setting's key ("clock"); {problem} says what is
            # wrong with its saved value.
            raise StateError(_("the setting {setting}: {problem}").format(
                setting=setting.field, problem=problem))
    return settings
