"""Share, keep and reach a game, without a browser: imports, share links and the saved
games, as the records panel (:mod:`web.records.panel`) offers them.

- **Import** a pasted or uploaded record (:func:`web.records.formats.read_record`): the game
  replaces the one on the board, with an Undo in the notice; a bad record is refused
  with a message that names the line, and nothing changes.
- **Links**: the page's address always holds a share link of the game shown. Opening a
  link never loses a game: a game that the link would drop (not the link's game played
  less far) is first kept in the saved games.
- **Saved games**: several named games in storage under their own key
  (:mod:`web.records.saved_games`): save, open, rename, delete with an undo.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tablut import Game, RecordError
from tablut.links import LinkError
from web.models.notices import Action, Lifetime, message
from web.models.session import Session
from web.models.storage import Storage, backup_key
from web.records.formats import (
    ImportProblem,
    continues,
    default_name,
    describe,
    fragment_of,
    link_game,
    read_record,
    same_game,
    share_fragment,
)
from web.records.saved_games import SAVED_KEY, Entry, SavedGames, SavedGamesError


@dataclass(frozen=True)
class Clock:
    """The browser's clock as the records need it.

    Attributes:
        now_ms: milliseconds since the epoch (backup keys).
        iso: the time as ISO 8601 in UTC (when a game was saved).
        local: the local date and time as ``2026-05-01 14:03`` (default names).
    """

    now_ms: Callable[[], int]
    iso: Callable[[], str]
    local: Callable[[], str]


@dataclass(frozen=True)
class Message:
    """The line under the import box: what the last action did, or what went wrong."""

    text: str
    error: bool = False


class RecordKeeper:
    """Imports, links and saved games for one session.

    Attributes:
        saved: the saved games as last read from storage.
        editing: the index of the saved game being renamed, or None.
        message: the line under the import box, or None.
        focus: the saved-games button to focus after the next redraw, as (action, index).
    """

    def __init__(self, session: Session, storage: Storage, clock: Clock,
                 on_change: Callable[[], None] = lambda: None) -> None:
        """Read the saved games from ``storage``; ``on_change()`` is called after every
        change of the list, the name box or the message."""
        self.session = session
        self.storage = storage
        self.clock = clock
        self.on_change = on_change
        self.editing: int | None = None
        self.message: Message | None = None
        self.focus: tuple[str, int] | None = None
        self.saved = self.read_saved()

    def say(self, text: str, *, error: bool = False, action: Action | None = None) -> None:
        """Show ``text`` under the import box and in the page's notice (an offer when
        it has an ``action``)."""
        self.message = Message(text, error)
        lifetime = Lifetime.OFFER if action else Lifetime.ERROR if error else Lifetime.BRIEF
        self.session.say(message("text", text=text), lifetime, action)
        self.on_change()

    # -- import and links ------------------------------------------------------------------

    def import_text(self, text: str, source: str = "the record") -> bool:
        """Replace the game with the one in ``text`` (from ``source``, a file name or
        "the record"), or say why not and change nothing; True when imported."""
        try:
            game = read_record(text)
        except ImportProblem as problem:
            where = "" if source == "the record" else f" ({source})"
            self.say(f"Not imported{where}: {problem} Your game is as it was.", error=True)
            return False
        self.replace_game(game, f"Imported {source}: {describe(game)}")
        return True

    def replace_game(self, game: Game, said: str) -> None:
        """Show ``game`` instead of the current one, with an undo in the notice (which
        brings the game replaced back whole: its settings, clocks and review)."""
        self.message = Message(said)
        self.session.bring_in(game, message("text", text=said))
        self.on_change()

    def open_link(self, hash_text: str) -> None:
        """Open the game of the share link ``hash_text`` (the address's fragment), or
        refuse it with a message and touch nothing."""
        try:
            game = link_game(hash_text)
        except LinkError as error:
            self.say(f"This link could not be opened: {error}. Your game is as it was.",
                     error=True)
            return
        current = self.session.game
        if game is None or same_game(current, game):
            return
        kept = ""
        if current.moves and not continues(current, game):
            entry = self.keep(f"Before a link, {self.clock.local()}", current)
            if entry is not None:
                kept = f" Your previous game is in Saved games as “{entry.name}”."
        said = f"Opened the game of the link: {describe(game)}{kept}"
        self.message = Message(said)
        self.session.bring_in(game, message("text", text=said), undo=False)
        self.on_change()

    def is_shown(self, hash_text: str) -> bool:
        """Whether the address fragment ``hash_text`` is the link of the game shown."""
        return fragment_of(hash_text) == share_fragment(self.session.game)

    # -- saved games -----------------------------------------------------------------------

    def read_saved(self) -> SavedGames:
        """The saved games in storage (an empty list when storage is unavailable)."""
        try:
            return SavedGames.parse(self.storage.get(SAVED_KEY))
        except Exception:  # noqa: BLE001 - storage disabled: nothing to list
            return SavedGames()

    def reload_saved(self) -> None:
        """Another tab changed the saved games: take them as they are now."""
        self.saved = self.read_saved()
        self.editing = None
        self.on_change()

    def write_saved(self) -> bool:
        """Store the list; a stored list that could not be read is first kept aside.
        Says what went wrong and answers False if storage refuses."""
        try:
            if self.saved.unreadable_text is not None:
                key = backup_key(SAVED_KEY, self.clock.now_ms())
                self.storage.set(key, self.saved.unreadable_text)
                self.saved.unreadable_text = None
                self.saved.problem = f"The old, unreadable list is kept in storage as {key}."
            self.storage.set(SAVED_KEY, self.saved.dump())
        except Exception as error:  # noqa: BLE001 - storage full or disabled
            self.saved = self.read_saved()
            self.say(f"This browser would not save the games ({error}).", error=True)
            return False
        return True

    def keep(self, name: str, game: Game) -> Entry | None:
        """Save ``game`` under ``name`` (made unique); None if storage refused."""
        entry = self.saved.add(name, game, self.clock.iso())
        return entry if self.write_saved() else None

    def save_current(self, typed: str) -> bool:
        """"Save game": keep the game on the board under the name typed (a default name
        when blank); True when saved."""
        entry = self.keep(typed.strip() or default_name(self.clock.local()), self.session.game)
        if entry is not None:
            self.say(f"Saved as “{entry.name}”.")
        return entry is not None

    def open_saved(self, index: int) -> None:
        """Show saved game ``index`` on the board."""
        entry = self.saved.entries[index]
        try:
            game = Game.from_json(entry.record_json or "")
        except RecordError as error:
            self.say(f"“{entry.name}” could not be opened: {error}.", error=True)
            return
        self.replace_game(game, f"Opened “{entry.name}”: {describe(game)}")

    def start_rename(self, index: int) -> None:
        """Show a name box for saved game ``index``."""
        self.editing = index
        self.on_change()

    def cancel_rename(self, index: int) -> None:
        """Close the name box of saved game ``index`` unchanged."""
        self.editing = None
        self.focus = ("rename", index)
        self.on_change()

    def rename(self, index: int, name: str) -> None:
        """Give saved game ``index`` the name typed in its box."""
        try:
            entry = self.saved.rename(index, name)
        except SavedGamesError as error:
            self.say(f"Not renamed: {error}", error=True)
            return
        if self.write_saved():
            self.editing = None
            self.focus = ("rename", index)
            self.say(f"Renamed to “{entry.name}”.")

    def delete(self, index: int) -> None:
        """Delete saved game ``index``, with an undo in the notice."""
        entry = self.saved.remove(index)
        if not self.write_saved():
            return
        self.editing = None
        title = f"“{entry.name}”" if entry.name else "the unreadable saved game"

        def undo() -> None:
            self.saved.restore(index, entry)
            if self.write_saved():
                self.focus = ("open", index)
                self.say(f"Restored {title}.")

        self.say(f"Deleted {title}.", action=Action("undo-delete", undo))
