"""What the page remembers between visits: settings, the game, the match and set-up, as one
versioned JSON record in localStorage.

Browser-free (no ``pyscript`` import), so the record's format is tested natively
(``tests/test_web_logic.py``). The game itself travels as :meth:`tablut.Game.to_json`,
whose own reader validates every move; this record adds the page's state around it.

A record that cannot be read raises :class:`StateError` naming the problem; the page
then starts afresh and keeps the unreadable text under a backup key (see :mod:`web.models.storage`).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from tablut import RULES, Game, RecordError, Side
from tablut.ai import DEFAULT_LEVEL, LEVELS
from tablut.json_text import parse_json
from web.models.clocks import ClockError, Clocks, TimeControl

#: The localStorage key of the page's record.
STORAGE_KEY = "tablut.state"

RECORD_FORMAT = "tablut-page"
#: Version 2 added the clocks (the Clock setting, the time each side has left, and a
#: loss on time); version 1 records read as games without a clock.
RECORD_VERSION = 2
READABLE_VERSIONS = (1, 2)

PLAYERS = ("human", "computer")

#: The largest move limit the settings accept; games rarely last 200 moves a side.
MAX_LIMIT = 999


class StateError(ValueError):
    """A saved page record that cannot be used; the message says why."""


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
        clock: the time control (a key of :data:`web.models.clocks.PRESETS`: "" for no clock).
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
            raise StateError("the saved settings are not an object")
        values: dict[str, Any] = asdict(cls())
        unknown = set(data) - set(values)
        if unknown:
            raise StateError(f"unknown settings {sorted(unknown)}")
        values.update(data)
        return validated(cls(**values))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validated(settings: Settings) -> Settings:
    """Return ``settings`` if every field is valid; else raise StateError naming it."""
    for side in Side:
        if settings.player(side) not in PLAYERS:
            raise StateError(f"the {side.word} player must be human or computer")
    if not _is_int(settings.level) or settings.level not in LEVELS:
        raise StateError(f"the AI level must be one of {min(LEVELS)}..{max(LEVELS)}")
    if settings.rules not in RULES:
        raise StateError(f"unknown rules {settings.rules!r}")
    if not _is_int(settings.seed) or not 0 <= settings.seed < 2**53:
        raise StateError("the seed must be a whole number from 0")
    if settings.limit is not None and (not _is_int(settings.limit)
                                       or not 1 <= settings.limit <= MAX_LIMIT):
        raise StateError(f"the move limit must be 1..{MAX_LIMIT} or none")
    for flag in ("match", "analysis"):
        if not isinstance(getattr(settings, flag), bool):
            raise StateError(f"the setting {flag} must be true or false")
    if not isinstance(settings.clock, str):
        raise StateError("the clock must be a time control such as 5+3")
    if settings.clock:
        try:
            TimeControl.parse(settings.clock)
        except ClockError as error:
            raise StateError(f"the clock: {error}") from None
    return settings


def parse_limit(text: str) -> int | None:
    """The move limit typed in the form: blank or 0 for none; ValueError if not a whole
    number in range."""
    text = text.strip()
    if not text or text == "0":
        return None
    if not text.isdigit() or not 1 <= int(text) <= MAX_LIMIT:
        raise ValueError(f"the move limit must be a whole number from 1 to {MAX_LIMIT}, or 0")
    return int(text)


def parse_seed(text: str) -> int:
    """The seed typed in the form; ValueError if it is not a whole number from 0."""
    text = text.strip()
    if not text.isdigit():
        raise ValueError("the seed must be a whole number from 0")
    return int(text)


@dataclass
class PageState:
    """Everything the page restores on reload.

    Attributes:
        settings: the Settings form.
        game: the game in progress, with its undone moves and cursor.
        match_results: finished games of the current match, as (winner, plies), the winner
            "first", "second" or None (see :class:`tablut.Match`).
        setup: the position being set up (a position string, maybe not yet valid), or None
            outside set-up mode.
        clocks: the clocks (:meth:`web.models.clocks.Clocks.to_dict`), when the game has a clock.
        time_out: the side that ran out of time, which ended the game, or None.
    """

    settings: Settings = field(default_factory=Settings)
    game: Game = field(default_factory=Game)
    match_results: list[tuple[str | None, int]] = field(default_factory=list)
    setup: str | None = None
    clocks: Clocks | None = None
    time_out: Side | None = None

    def to_json(self) -> str:
        """The record stored under :data:`STORAGE_KEY`."""
        return json.dumps({
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "settings": self.settings.to_dict(),
            "game": self.game.to_json(),
            "match": [list(r) for r in self.match_results],
            "setup": self.setup,
            "clocks": None if self.clocks is None else self.clocks.to_dict(),
            "time_out": None if self.time_out is None else self.time_out.word,
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> PageState:
        """The state saved by :meth:`to_json`; StateError, saying why, if it is unusable."""
        try:
            data = parse_json(text)
        except (TypeError, ValueError) as error:
            raise StateError(f"it is not valid JSON ({error})") from None
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise StateError("it is not a saved Tablut page")
        if data.get("version") not in READABLE_VERSIONS:
            raise StateError(f"its version {data.get('version')!r} is not supported")
        settings = Settings.from_dict(data.get("settings", {}))
        if not isinstance(data.get("game"), str):
            raise StateError("it holds no game")
        try:
            game = Game.from_json(data["game"])
        except RecordError as error:
            raise StateError(str(error)) from None
        if game.rules.name != settings.rules:
            raise StateError("its game and its settings disagree on the rules")
        results = _match_results(data.get("match", []))
        setup = data.get("setup")
        if setup is not None and not is_setup_text(setup):
            raise StateError("its set-up position is damaged")
        return cls(settings, game, results, setup, *_clocks(data, settings))


def _clocks(data: dict[str, Any], settings: Settings) -> tuple[Clocks | None, Side | None]:
    """The saved clocks and loss on time (none in a version 1 record)."""
    clocks, time_out = data.get("clocks"), data.get("time_out")
    if time_out is not None and time_out not in ("black", "white"):
        raise StateError("its loss on time is damaged")
    if clocks is None:
        return None, None if time_out is None else Side.parse(time_out)
    try:
        saved = Clocks.from_dict(clocks)
    except ClockError as error:
        raise StateError(f"its clocks are damaged ({error})") from None
    if saved.control.text != settings.clock:
        raise StateError("its clocks and its Clock setting disagree")
    return saved, None if time_out is None else Side.parse(time_out)


def _match_results(data: Any) -> list[tuple[str | None, int]]:
    if not isinstance(data, list) or len(data) > 2:
        raise StateError("its match results are damaged")
    results: list[tuple[str | None, int]] = []
    for item in data:
        if (not isinstance(item, list) or len(item) != 2
                or item[0] not in ("first", "second", None) or not _is_int(item[1])
                or item[1] < 0):
            raise StateError("its match results are damaged")
        results.append((item[0], item[1]))
    return results


def is_setup_text(text: Any) -> bool:
    """Whether ``text`` has the shape of a position string (nine rows of -BWK and b or w),
    whatever its pieces; set-up mode may hold a position that is not legal yet."""
    if not isinstance(text, str):
        return False
    parts = text.split(" ")
    if len(parts) != 2 or parts[1] not in ("b", "w"):
        return False
    rows = parts[0].split("/")
    return len(rows) == 9 and all(len(r) == 9 and set(r) <= set("-BWK") for r in rows)
