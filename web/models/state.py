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
from dataclasses import dataclass, field
from typing import Any

from tablut import Game, RecordError, Side
from tablut.json_text import parse_json
from web.models.clocks import ClockError, Clocks, readable_control
from web.models.review import Review
from web.models.settings import Settings, StateError, is_int
from web.words.catalogue import _

__all__ = ["STORAGE_KEY", "PageState", "Settings", "StateError", "is_setup_text"]

#: The localStorage key of the page's record.
STORAGE_KEY = "tablut.state"

RECORD_FORMAT = "tablut-page"
#: Version 2 added the clocks (the Clock setting, the time each side has left, and a
#: loss on time); version 1 records read as games without a clock. Version 3 added where
#: the game stands (moves after it are undone), the review kept with its game, and
#: whether the game came from a record; and a game may play under other rules, limit
#: and clock than the settings, which are the player's choices for the next game.
RECORD_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)

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
        live: how many moves of the game were played (the rest were undone); None for
            all of them.
        review: the computer's review of the game, or None.
        imported: whether the game came from a record, a link or the saved games.
    """

    settings: Settings = field(default_factory=Settings)
    game: Game = field(default_factory=Game)
    match_results: list[tuple[str | None, int]] = field(default_factory=list)
    setup: str | None = None
    clocks: Clocks | None = None
    time_out: Side | None = None
    live: int | None = None
    review: Review | None = None
    imported: bool = False

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
            "live": len(self.game.moves) if self.live is None else self.live,
            "review": None if self.review is None else self.review.to_dict(),
            "imported": self.imported,
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> PageState:
        """The state saved by :meth:`to_json`; StateError, saying why, if it is unusable."""
        try:
            data = parse_json(text)
        except (TypeError, ValueError) as error:
            # Translators: why a saved page could not be read; {error} is the reader's
            # own words.
            raise StateError(_("it is not valid JSON ({error})").format(error=error)) from None
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise StateError(_("it is not a saved Tablut page"))
        if data.get("version") not in READABLE_VERSIONS:
            # Translators: {version} is a record's version number ("4").
            raise StateError(_("its version {version} is not supported").format(
                version=repr(data.get("version"))))
        settings = Settings.from_dict(data.get("settings", {}))
        if not isinstance(data.get("game"), str):
            raise StateError(_("it holds no game"))
        try:
            game = Game.from_json(data["game"])
        except RecordError as error:
            raise StateError(str(error)) from None
        if data["version"] < 3:
            _older(data, game, settings)
        results = _match_results(data.get("match", []))
        setup = data.get("setup")
        if setup is not None and not is_setup_text(setup, game.rules.size):
            raise StateError(_("its set-up position is damaged"))
        clocks, time_out = _clocks(data, game)
        return cls(settings, game, results, setup, clocks, time_out, *_version_3(data, game))


def _older(data: dict[str, Any], game: Game, settings: Settings) -> None:
    """Read a version 1 or 2 record as version 3 says it: its game played under its
    settings' rules and clock. Those versions kept no difference between moves undone
    and a look back: the moves after the cursor are undone ones (Redo brings them back),
    unless the computer is to move there, which then waits, as it did, for the person
    to come back to the last move."""
    if game.rules.name != settings.rules:
        raise StateError(_("its game and its settings disagree on the rules"))
    if game.time_control is None and settings.clock:
        game.time_control = settings.clock
    waits = settings.is_computer(game.side) and game.outcome() is None
    data["live"] = len(game.moves) if waits else game.ply


def _version_3(data: dict[str, Any], game: Game) -> tuple[int | None, Review | None, bool]:
    """Where the game stands, its review, and whether it was brought in."""
    live, imported = data.get("live"), data.get("imported", False)
    if not isinstance(live, int) or isinstance(live, bool) or not 0 <= live <= len(game.moves):
        raise StateError(_("where its game stands is damaged"))
    if not isinstance(imported, bool):
        raise StateError(_("its imported flag is damaged"))
    review = data.get("review")
    if review is not None:
        try:
            review = Review.from_dict(game, review)
        except ValueError as error:
            # Translators: {error} says what is wrong with the saved review.
            raise StateError(_("its review is damaged ({error})").format(error=error)) from None
    return live, review, imported


def _clocks(data: dict[str, Any], game: Game) -> tuple[Clocks | None, Side | None]:
    """The saved clocks and loss on time (none in a version 1 record)."""
    clocks, time_out = data.get("clocks"), data.get("time_out")
    if time_out is not None and time_out not in ("black", "white"):
        raise StateError(_("its loss on time is damaged"))
    if game.time_control is not None and readable_control(game.time_control) != \
            game.time_control:
        raise StateError(_("its game's time control is damaged"))
    if clocks is None:
        return None, None if time_out is None else Side.parse(time_out)
    try:
        saved = Clocks.from_dict(clocks)
    except ClockError as error:
        # Translators: {error} says what is wrong with the saved clocks.
        raise StateError(_("its clocks are damaged ({error})").format(error=error)) from None
    if saved.control.text != game.time_control:
        raise StateError(_("its clocks and its game's time control disagree"))
    return saved, None if time_out is None else Side.parse(time_out)


def _match_results(data: Any) -> list[tuple[str | None, int]]:
    if not isinstance(data, list) or len(data) > 2:
        raise StateError(_("its match results are damaged"))
    results: list[tuple[str | None, int]] = []
    for item in data:
        if (not isinstance(item, list) or len(item) != 2
                or item[0] not in ("first", "second", None) or not is_int(item[1])
                or item[1] < 0):
            raise StateError(_("its match results are damaged"))
        results.append((item[0], item[1]))
    return results


def is_setup_text(text: Any, size: int = 9) -> bool:
    """Whether ``text`` has the shape of a position string on the board of ``size``
    (``size`` rows of ``size`` squares, -BWK, then b or w), whatever its pieces; set-up
    mode may hold a position that is not legal yet."""
    if not isinstance(text, str):
        return False
    parts = text.split(" ")
    if len(parts) != 2 or parts[1] not in ("b", "w"):
        return False
    rows = parts[0].split("/")
    return len(rows) == size and all(len(r) == size and set(r) <= set("-BWK") for r in rows)
