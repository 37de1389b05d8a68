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
from web.words.catalogue import _
from web.words.engine import link_problem


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

    def import_text(self, text: str, source: str | None = None) -> bool:
        """Replace the game with the one in ``text`` (from ``source``, a file name, or
        None for the record box), or say why not and change nothing; True when
        imported."""
        try:
            game = read_record(text)
        except ImportProblem as problem:
            if source is None:
                # Translators: {problem} is a sentence saying what is wrong with the
                # record.
                refusal = _("Not imported: {problem} Your game is as it was.")
            else:
                # Translators: {file} is the name of the file chosen, {problem} a
                # sentence saying what is wrong with the record.
                refusal = _("Not imported ({file}): {problem} Your game is as it was.")
            self.say(refusal.format(file=source, problem=problem), error=True)
            return False
        if source is None:
            # Translators: {about} describes the game ("12 moves, berkeley rules. Black
            # to move.").
            said = _("Imported the record: {about}")
        else:
            # Translators: {file} is the name of the file imported, {about} describes the
            # game ("12 moves, berkeley rules. Black to move.").
            said = _("Imported {file}: {about}")
        self.replace_game(game, said.format(file=source, about=describe(game)))
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
            # Translators: {error} is what is wrong with the link.
            self.say(_("This link could not be opened: {error}. Your game is as it was.")
                     .format(error=link_problem(error)), error=True)
            return
        current = self.session.game
        if game is None or same_game(current, game):
            return
        kept = ""
        if current.moves and not continues(current, game):
            # Translators: the name the game on the board is saved under when a link
            # replaces it; {time} is the local date and time ("2026-05-01 14:03").
            name = _("Before a link, {time}").format(time=self.clock.local())
            entry = self.keep(name, current)
            if entry is not None:
                # Translators: {name} is the name the game was saved under.
                kept = " " + _("Your previous game is in Saved games as “{name}”.").format(
                    name=entry.name)
        # Translators: {about} describes the game ("12 moves, berkeley rules. Black to
        # move.").
        said = _("Opened the game of the link: {about}").format(about=describe(game)) + kept
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
                # Translators: {key} is the name of the browser's storage entry.
                self.saved.problem = _("The old, unreadable list is kept in storage as "
                                       "{key}.").format(key=key)
            self.storage.set(SAVED_KEY, self.saved.dump())
        except Exception as error:  # noqa: BLE001 - storage full or disabled
            self.saved = self.read_saved()
            # Translators: {error} is the browser's reason.
            self.say(_("This browser would not save the games ({error}).").format(
                error=error), error=True)
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
            # Translators: {name} is the name the game was saved under.
            self.say(_("Saved as “{name}”.").format(name=entry.name))
        return entry is not None

    def open_saved(self, index: int) -> None:
        """Show saved game ``index`` on the board."""
        entry = self.saved.entries[index]
        try:
            game = Game.from_json(entry.record_json or "")
        except RecordError as error:
            # Translators: {name} is a saved game's name, {error} what is wrong with it.
            self.say(_("“{name}” could not be opened: {error}.").format(
                name=entry.name, error=error), error=True)
            return
        # Translators: {name} is a saved game's name, {about} describes the game ("12
        # moves, berkeley rules. Black to move.").
        self.replace_game(game, _("Opened “{name}”: {about}").format(
            name=entry.name, about=describe(game)))

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
            # Translators: {error} is a sentence saying why.
            self.say(_("Not renamed: {error}").format(error=error), error=True)
            return
        if self.write_saved():
            self.editing = None
            self.focus = ("rename", index)
            # Translators: {name} is a saved game's new name.
            self.say(_("Renamed to “{name}”.").format(name=entry.name))

    def delete(self, index: int) -> None:
        """Delete saved game ``index``, with an undo in the notice."""
        entry = self.saved.remove(index)
        if not self.write_saved():
            return
        self.editing = None
        name = entry.name

        def undo() -> None:
            self.saved.restore(index, entry)
            if self.write_saved():
                self.focus = ("open", index)
                if name:
                    # Translators: {name} is the name of the saved game brought back.
                    self.say(_("Restored “{name}”.").format(name=name))
                else:
                    self.say(_("Restored the unreadable saved game."))

        if name:
            # Translators: {name} is the name of the saved game deleted.
            deleted = _("Deleted “{name}”.").format(name=name)
        else:
            deleted = _("Deleted the unreadable saved game.")
        self.say(deleted, action=Action("undo-delete", undo))
