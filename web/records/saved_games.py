"""The list of named saved games, as kept in the browser's localStorage.

It lives under its own key, :data:`SAVED_KEY`, apart from the autosaved current game, as
a versioned document::

    {"format": "tablut-saved-games", "version": 1,
     "games": [{"name": "...", "saved_at": "2026-05-01T14:03:00.000Z",
                "record_json": "<Game.to_json()>"}, ...]}

Storage is shared with other tabs, older and newer versions of the page, and anyone with
developer tools, so nothing read from it is trusted: an entry that cannot be read becomes
an *unreadable* entry, listed as such and written back exactly as it was found (it may be
readable to a newer version), and never stops the other entries from showing.

Browser-free (no ``pyscript``): the page does the storage calls, this module the rest, so
it is tested natively.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tablut import Game
from tablut.game import RecordError
from tablut.json_text import parse_json
from web.words.catalogue import _

SAVED_KEY = "tablut.saved"
SAVED_FORMAT = "tablut-saved-games"
SAVED_VERSION = 1

#: Names longer than this are cut: they must fit a line of the list on a phone.
MAX_NAME = 60


class SavedGamesError(ValueError):
    """A change of the list that cannot be made; the message says why, for people."""


def clean_name(name: str) -> str:
    """``name`` with runs of white space made single spaces, trimmed and cut to
    :data:`MAX_NAME`; SavedGamesError if nothing is left."""
    cleaned = " ".join(str(name).split())[:MAX_NAME].strip()
    if not cleaned:
        raise SavedGamesError(_("A saved game needs a name."))
    return cleaned


@dataclass
class Entry:
    """One saved game as found in storage.

    Attributes:
        raw: the entry as stored, written back unchanged.
        name, saved_at, record_json: its fields, None when missing or of the wrong type.
        problem: why it cannot be opened, or None when it can.
        game: the game it holds, when it can be opened.
    """

    raw: Any
    name: str | None = None
    saved_at: str | None = None
    record_json: str | None = None
    problem: str | None = None
    game: Game | None = field(default=None, repr=False)

    @property
    def readable(self) -> bool:
        """Whether the entry can be opened."""
        return self.problem is None

    @classmethod
    def from_raw(cls, raw: Any) -> Entry:
        """An entry from what storage held; never raises."""
        if not isinstance(raw, dict):
            # Translators: why a saved game cannot be opened, a clause shown after its
            # name: "“Game 1”: it has no name."
            return cls(raw, problem=_("it is not a saved game"))
        name, saved_at, record = raw.get("name"), raw.get("saved_at"), raw.get("record_json")
        entry = cls(
            raw,
            name if isinstance(name, str) and name.strip() else None,
            saved_at if isinstance(saved_at, str) else None,
            record if isinstance(record, str) else None,
        )
        if entry.name is None:
            # Translators: why a saved game cannot be opened, a clause shown after its
            # name: "“Game 1”: it has no name."
            entry.problem = _("it has no name")
        elif entry.record_json is None:
            # Translators: why a saved game cannot be opened, a clause shown after its
            # name: "“Game 1”: it holds no game."
            entry.problem = _("it holds no game")
        else:
            try:
                entry.game = Game.from_json(entry.record_json)
            except RecordError as error:
                entry.problem = str(error)
        return entry

    @classmethod
    def new(cls, name: str, game: Game, saved_at: str) -> Entry:
        """A new entry holding ``game`` under ``name`` (cleaned, see :func:`clean_name`)."""
        raw = {"name": clean_name(name), "saved_at": saved_at, "record_json": game.to_json()}
        return cls.from_raw(raw)

    def renamed(self, name: str) -> Entry:
        """This entry under another name (a readable entry only)."""
        if not self.readable:
            raise SavedGamesError(_("An unreadable saved game cannot be renamed."))
        return Entry.from_raw({**self.raw, "name": clean_name(name)})


class SavedGames:
    """The saved games, in the order they are listed (newest first).

    Attributes:
        entries: every entry, unreadable ones included.
        problem: why the stored list as a whole could not be read, or None.
        unreadable_text: the stored text in that case, to be backed up before the list is
            written anew (see :meth:`dump`).
    """

    def __init__(self, entries: list[Entry] | None = None) -> None:
        """A list of ``entries`` (empty by default)."""
        self.entries: list[Entry] = list(entries or [])
        self.problem: str | None = None
        self.unreadable_text: str | None = None

    @classmethod
    def parse(cls, text: Any) -> SavedGames:
        """The list stored as ``text`` (None or a non-string: nothing stored); never
        raises: a list that cannot be read comes back empty with :attr:`problem` set."""
        saved = cls()
        if not isinstance(text, str):
            return saved
        try:
            data = parse_json(text)
        except ValueError:
            data = None
        if not isinstance(data, dict) or data.get("format") != SAVED_FORMAT:
            saved.problem = _("The saved games could not be read.")
        elif data.get("version") != SAVED_VERSION:
            # Translators: {version} is the version number found in storage, as written
            # there.
            saved.problem = _("The saved games were stored by another version of the game "
                              "(version {version}).").format(version=repr(data.get("version")))
        elif not isinstance(data.get("games"), list):
            saved.problem = _("The saved games could not be read.")
        else:
            saved.entries = [Entry.from_raw(raw) for raw in data["games"]]
            return saved
        saved.unreadable_text = text
        return saved

    def dump(self) -> str:
        """The list as stored text. When the stored list could not be read, the page must
        first keep :attr:`unreadable_text` elsewhere (``web/storage.keep_aside``)."""
        return json.dumps(
            {"format": SAVED_FORMAT, "version": SAVED_VERSION,
             "games": [entry.raw for entry in self.entries]},
            separators=(",", ":"),
        )

    def unique_name(self, name: str, *, besides: Entry | None = None) -> str:
        """``name`` (cleaned), with " (2)", " (3)"... added if another entry has it."""
        base = clean_name(name)
        taken = {e.name for e in self.entries if e.name is not None and e is not besides}
        candidate, number = base, 1
        while candidate in taken:
            number += 1
            candidate = f"{base} ({number})"
        return candidate

    def add(self, name: str, game: Game, saved_at: str) -> Entry:
        """Save ``game`` under ``name`` (made unique) at the top of the list."""
        entry = Entry.new(self.unique_name(name), game, saved_at)
        self.entries.insert(0, entry)
        return entry

    def rename(self, index: int, name: str) -> Entry:
        """Give entry ``index`` the name ``name``; SavedGamesError if another has it."""
        entry = self.entries[index]
        cleaned = clean_name(name)
        if any(e.name == cleaned for e in self.entries if e is not entry):
            # Translators: {name} is the name typed, which another saved game has.
            raise SavedGamesError(_("Another saved game is called “{name}”.").format(
                name=cleaned))
        self.entries[index] = entry.renamed(cleaned)
        return self.entries[index]

    def remove(self, index: int) -> Entry:
        """Take entry ``index`` out of the list and return it (for an undo)."""
        return self.entries.pop(index)

    def restore(self, index: int, entry: Entry) -> None:
        """Put back an entry taken out by :meth:`remove`, where it was."""
        self.entries.insert(min(max(index, 0), len(self.entries)), entry)
