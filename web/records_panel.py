"""The records panel: share, keep and reach a game.

It fills index.html's ``<section id="records-panel">`` with, built by DOM calls (game data
never goes through ``innerHTML``):

- **Share**: "Copy link" copies the page's address, whose fragment always carries the game
  (rules, start, moves, position; see :mod:`tablut.links`): the address bar is kept a
  share link by ``history.replaceState`` after every change, so correspondence play is
  "move, copy the link, send it". "Copy record" and "Download record" give the text
  record of :mod:`tablut.transcript` (clipboard, or a file ``tablut-game.txt``).
- **Import**: paste a record and press "Import", or choose a file. A record that cannot
  be read is refused with a message naming the line and the problem; the game on the
  board is left as it was.
- **Saved games**: several named games in localStorage under their own key (see
  :mod:`web.saved_games`): save, open, rename, delete (with an undo). Unreadable entries
  are listed as such and can only be deleted.

A share link in the address when the page opens (or pasted into the address bar of the
open page) replaces the game on the board, except on a reload, when the address is the
page's own and the game restored from storage is the one to show; a bad link is refused
with a message and nothing is touched. A game that the link would drop (not a position of
the link's game) is first put in the saved games, so opening a link never loses a game.

It uses the App of :mod:`web.app` only through ``app.game``, ``app.load_game``,
``app.add_listener`` and ``app.notify``. The logic that needs no browser lives in
:mod:`web.records_io` and :mod:`web.saved_games`, tested natively.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from tablut import Game
from tablut.game import RecordError
from tablut.links import LinkError
from web.records_io import (
    MAX_RECORD_CHARS,
    RECORD_FILENAME,
    ImportProblem,
    continues,
    default_name,
    describe,
    export_record,
    fragment_of,
    link_game,
    read_record,
    same_game,
    share_fragment,
)
from web.saved_games import (
    BACKUP_PREFIX,
    SAVED_KEY,
    Entry,
    SavedGames,
    SavedGamesError,
)

#: Milliseconds a downloaded record's object URL lives: enough for the browser to start
#: the download, after which it is only memory.
OBJECT_URL_LIFETIME_MS = 30_000


def element(tag: str, text: str | None = None, **attributes: object) -> Any:
    """A new ``tag`` element with ``text`` as its text and the given attributes:
    ``class_`` and ``for_`` name ``class`` and ``for``; other underscores become dashes
    (``aria_label``, ``data_index``); None and False leave an attribute out."""
    node = document.createElement(tag)
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        key = name[:-1] if name in ("class_", "for_") else name.replace("_", "-")
        node.setAttribute(key, "" if value is True else str(value))
    if text is not None:
        node.textContent = text
    return node


def local_time() -> str:
    """The browser's local date and time as ``2026-05-01 14:03`` (Python's clock in the
    page is UTC)."""
    now = window.Date.new()
    return (f"{now.getFullYear()}-{now.getMonth() + 1:02d}-{now.getDate():02d} "
            f"{now.getHours():02d}:{now.getMinutes():02d}")


def shown_time(iso: str | None) -> str:
    """A stored ISO time as the browser's local time, or "" when it is not a time."""
    if not iso:
        return ""
    when = window.Date.new(iso)
    if when.getTime() != when.getTime():  # NaN: not a date
        return ""
    return (f"{when.getFullYear()}-{when.getMonth() + 1:02d}-{when.getDate():02d} "
            f"{when.getHours():02d}:{when.getMinutes():02d}")


class RecordsPanel:
    """The panel's controls and behaviour, for one App."""

    def __init__(self, app: Any) -> None:
        """Build the panel into ``#records-panel`` for ``app`` and show the saved games."""
        self.app = app
        self.proxies: list[Any] = []
        self.tasks: set[asyncio.Future[Any]] = set()
        self.editing: int | None = None
        self.saved = self.read_saved()
        self.root = document.getElementById("records-panel")
        self.build()
        self.render_saved()

    # -- building --------------------------------------------------------------------------

    def _listen(self, target: Any, event: str, function: Callable[[Any], None]) -> None:
        proxy = create_proxy(function)
        self.proxies.append(proxy)  # proxies live as long as the page
        target.addEventListener(event, proxy)

    def _button(self, text: str, action: Callable[[], None], **attributes: object) -> Any:
        button = element("button", text, type="button", **attributes)
        self._listen(button, "click", lambda _event: action())
        return button

    def build(self) -> None:
        """Make the panel's controls."""
        root = self.root
        root.classList.add("panel", "records")
        root.replaceChildren()
        root.appendChild(element("h2", "Share and keep"))
        root.appendChild(element(
            "p",
            "The address of this page always opens this game at this move: copy the link, "
            "send it, and your opponent answers with a link of their own.",
            class_="quiet records-help"))
        row = element("div", class_="records-row")
        row.appendChild(self._button("Copy link", self.copy_link, class_="primary"))
        row.appendChild(self._button("Copy record", self.copy_record))
        row.appendChild(self._button("Download record", self.download_record))
        root.appendChild(row)

        root.appendChild(element("h3", "Import a game"))
        root.appendChild(element("label", "Game record", for_="records-text"))
        self.text = element("textarea", None, id="records-text", rows="5",
                            spellcheck="false", autocomplete="off",
                            aria_describedby="records-message",
                            placeholder='[Game "Tablut"]\n1. d1-4 e3-d')
        root.appendChild(self.text)
        row = element("div", class_="records-row")
        row.appendChild(self._button("Import", self.import_pasted))
        file_label = element("label", "Import from file", for_="records-file",
                             class_="records-file-label")
        self.file = element("input", None, id="records-file", type="file",
                            accept=".txt,.json,text/plain,application/json")
        self._listen(self.file, "change", lambda _event: self.import_chosen_file())
        row.appendChild(file_label)
        row.appendChild(self.file)
        root.appendChild(row)
        self.message = element("p", "", id="records-message",
                               class_="records-message")
        root.appendChild(self.message)

        root.appendChild(element("h3", "Saved games", id="records-saved-title"))
        form = element("form", class_="records-row records-save")
        form.appendChild(element("label", "Name", for_="records-name"))
        self.name = element("input", None, id="records-name", type="text",
                            maxlength="60", autocomplete="off", placeholder="Game of today")
        form.appendChild(self.name)
        form.appendChild(element("button", "Save game", type="submit"))
        self._listen(form, "submit", self.on_save_submit)
        root.appendChild(form)
        self.saved_problem = element("p", "", class_="records-message error",
                                     hidden=True)
        root.appendChild(self.saved_problem)
        self.list = element("ul", None, id="records-saved",
                            class_="records-saved", aria_labelledby="records-saved-title")
        self._listen(self.list, "click", self.on_list_click)
        self._listen(self.list, "keydown", self.on_list_key)
        root.appendChild(self.list)
        self.empty = element("p", "No saved games yet.", class_="quiet")
        root.appendChild(self.empty)

    # -- messages --------------------------------------------------------------------------

    def say(self, text: str, *, error: bool = False,
            action: tuple[str, Callable[[], None]] | None = None) -> None:
        """Show ``text`` under the import box and in the page's notice (which screen
        readers announce), with a button for ``action`` if given."""
        self.message.textContent = text
        self.message.classList.toggle("error", error)
        if action is None:
            self.app.notify(text)
        else:
            self.app.notify(text, action)

    # -- share and export ------------------------------------------------------------------

    def sync_address(self) -> None:
        """Make the address bar a share link of the game on the board (no new history
        entry, no reload)."""
        fragment = share_fragment(self.app.game)
        if fragment_of(str(window.location.hash)) != fragment:
            window.history.replaceState(window.history.state, "", "#" + fragment)

    def copy_link(self) -> None:
        """Copy the share link of the game on the board."""
        self.sync_address()
        self._spawn(self._copy(str(window.location.href), "Link"))

    def copy_record(self) -> None:
        """Copy the game's text record; it is also shown in the record box."""
        record = export_record(self.app.game)
        self.text.value = record
        self._spawn(self._copy(record, "Record"))

    async def _copy(self, text: str, what: str) -> None:
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:  # noqa: BLE001 - no clipboard permission, or no clipboard API
            self.text.value = text
            self.text.select()
            self.say(f"The clipboard is not available: the {what.lower()} is in the record "
                     "box, selected; copy it from there.")
            return
        self.say(f"{what} copied.")

    def download_record(self) -> None:
        """Offer the game's text record as the file ``tablut-game.txt``."""
        blob = window.Blob.new(
            to_js([export_record(self.app.game)]),
            to_js({"type": "text/plain;charset=utf-8"}, dict_converter=window.Object.fromEntries),
        )
        url = window.URL.createObjectURL(blob)
        link = element("a", None, href=url, download=RECORD_FILENAME, hidden=True)
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)),
                          OBJECT_URL_LIFETIME_MS)
        self.say(f"Record downloaded as {RECORD_FILENAME}.")

    # -- import ----------------------------------------------------------------------------

    def import_pasted(self) -> None:
        """Import the record in the record box."""
        self.import_text(str(self.text.value))

    def import_chosen_file(self) -> None:
        """Import the file chosen in the file input."""
        files = self.file.files
        if not files or not files.length:
            return
        self._spawn(self._import_file(files.item(0)))

    async def _import_file(self, file: Any) -> None:
        self.file.value = ""  # choosing the same file again is a change again
        if file.size > MAX_RECORD_CHARS * 4:
            self.say(f"Not imported: {file.name} is too big to be a game record. "
                     "Your game is as it was.", error=True)
            return
        text = await file.text()
        self.import_text(str(text), source=str(file.name))

    def import_text(self, text: str, source: str = "the record") -> None:
        """Replace the game with the one in ``text``, or say why not and change nothing."""
        try:
            game = read_record(text)
        except ImportProblem as problem:
            where = "" if source == "the record" else f" ({source})"
            self.say(f"Not imported{where}: {problem} Your game is as it was.", error=True)
            self.text.focus()
            return
        self.replace_game(game, f"Imported {source}: {describe(game)}")

    def replace_game(self, game: Game, message: str) -> None:
        """Show ``game`` instead of the current one, with an undo in the notice."""
        before = self.app.game.to_json()
        self.app.load_game(game, message)
        self.message.textContent = message
        self.message.classList.remove("error")

        def undo() -> None:
            self.app.load_game(Game.from_json(before), "Back to the game you had before.")

        self.app.notify(message, ("Undo", undo))

    # -- links -----------------------------------------------------------------------------

    def open_link(self, hash_text: str) -> None:
        """Open the game of the share link ``hash_text`` (``location.hash``), or refuse
        it with a message and touch nothing."""
        try:
            game = link_game(hash_text)
        except LinkError as error:
            self.say(f"This link could not be opened: {error}. Your game is as it was.",
                     error=True)
            self.sync_address()
            return
        current = self.app.game
        if game is None or same_game(current, game):
            self.sync_address()
            return
        kept = ""
        if current.moves and not continues(current, game):
            entry = self.keep(f"Before a link, {local_time()}", current)
            if entry is not None:
                kept = f" Your previous game is in Saved games as “{entry.name}”."
        message = f"Opened the game of the link: {describe(game)}{kept}"
        self.app.load_game(game, message)
        self.message.textContent = message

    def on_hash_change(self) -> None:
        """A link pasted into the address bar of the open page: open it."""
        if fragment_of(str(window.location.hash)) != share_fragment(self.app.game):
            self.open_link(str(window.location.hash))

    # -- saved games -----------------------------------------------------------------------

    def read_saved(self) -> SavedGames:
        """The saved games in localStorage (an empty list when storage is unavailable)."""
        try:
            return SavedGames.parse(window.localStorage.getItem(SAVED_KEY))
        except Exception:  # noqa: BLE001 - storage disabled: nothing to list
            return SavedGames()

    def write_saved(self) -> bool:
        """Store the list; a stored list that could not be read is first kept under a
        backup key. Says what went wrong and answers False if storage refuses."""
        storage = window.localStorage
        try:
            if self.saved.unreadable_text is not None:
                key = f"{BACKUP_PREFIX}{int(window.Date.now())}"
                storage.setItem(key, self.saved.unreadable_text)
                self.saved.unreadable_text = None
                self.saved.problem = f"The old, unreadable list is kept in storage as {key}."
            storage.setItem(SAVED_KEY, self.saved.dump())
        except Exception as error:  # noqa: BLE001 - storage full or disabled
            self.say(f"This browser would not save the games ({error}).", error=True)
            self.saved = self.read_saved()
            self.render_saved()
            return False
        return True

    def keep(self, name: str, game: Game) -> Entry | None:
        """Save ``game`` under ``name`` (made unique); None if storage refused."""
        entry = self.saved.add(name, game, str(window.Date.new().toISOString()))
        if not self.write_saved():
            return None
        self.render_saved()
        return entry

    def on_save_submit(self, event: Any) -> None:
        """"Save game": keep the game on the board under the typed name."""
        event.preventDefault()
        typed = str(self.name.value).strip()
        entry = self.keep(typed or default_name(local_time()), self.app.game)
        if entry is not None:
            self.name.value = ""
            self.say(f"Saved as “{entry.name}”.")

    def on_list_click(self, event: Any) -> None:
        """A button of the saved-games list: open, rename, delete, or a rename's
        save and cancel."""
        button = event.target.closest("button[data-action]")
        if button is None:
            return
        index = int(button.dataset.index)
        action = str(button.dataset.action)
        if index >= len(self.saved.entries):
            return
        if action == "open":
            self.open_saved(index)
        elif action == "rename":
            self.editing = index
            self.render_saved()
        elif action == "delete":
            self.delete_saved(index)
        elif action == "save-name":
            self.finish_rename(index)
        elif action == "cancel-name":
            self.editing = None
            self.render_saved(focus=("rename", index))

    def on_list_key(self, event: Any) -> None:
        """In a rename box, Enter saves and Escape cancels."""
        if event.target.dataset.rename is None:
            return
        index = int(event.target.dataset.rename)
        if event.key == "Enter":
            event.preventDefault()
            self.finish_rename(index)
        elif event.key == "Escape":
            event.preventDefault()
            self.editing = None
            self.render_saved(focus=("rename", index))

    def open_saved(self, index: int) -> None:
        """Show saved game ``index`` on the board."""
        entry = self.saved.entries[index]
        try:
            game = Game.from_json(entry.record_json or "")
        except RecordError as error:
            self.say(f"“{entry.name}” could not be opened: {error}.", error=True)
            return
        self.replace_game(game, f"Opened “{entry.name}”: {describe(game)}")

    def finish_rename(self, index: int) -> None:
        """Give saved game ``index`` the name typed in its rename box."""
        box = self.list.querySelector(f"input[data-rename='{index}']")
        try:
            entry = self.saved.rename(index, str(box.value) if box else "")
        except SavedGamesError as error:
            self.say(f"Not renamed: {error}", error=True)
            return
        if self.write_saved():
            self.editing = None
            self.render_saved(focus=("rename", index))
            self.say(f"Renamed to “{entry.name}”.")

    def delete_saved(self, index: int) -> None:
        """Delete saved game ``index``, with an undo in the notice."""
        entry = self.saved.remove(index)
        if not self.write_saved():
            return
        self.editing = None
        self.render_saved()
        title = f"“{entry.name}”" if entry.name else "the unreadable saved game"

        def undo() -> None:
            self.saved.restore(index, entry)
            if self.write_saved():
                self.render_saved(focus=("open", index))
                self.say(f"Restored {title}.")

        self.say(f"Deleted {title}.", action=("Undo", undo))

    def on_storage(self, event: Any) -> None:
        """Another tab changed the saved games: show them as they are now."""
        if event.key is None or str(event.key) == SAVED_KEY:
            self.saved = self.read_saved()
            self.editing = None
            self.render_saved()

    # -- showing the list ------------------------------------------------------------------

    def render_saved(self, focus: tuple[str, int] | None = None) -> None:
        """Draw the saved-games list; then focus the button ``focus`` (action, index)."""
        self.list.replaceChildren()
        for index, entry in enumerate(self.saved.entries):
            self.list.appendChild(self._item(index, entry))
        self.empty.hidden = bool(self.saved.entries)
        problem = self.saved.problem
        self.saved_problem.hidden = not problem
        self.saved_problem.textContent = problem or ""
        if self.editing is not None:
            box = self.list.querySelector(f"input[data-rename='{self.editing}']")
            if box:
                box.focus()
                box.select()
        elif focus is not None:
            button = self.list.querySelector(
                f"button[data-action='{focus[0]}'][data-index='{focus[1]}']")
            if button:
                button.focus()

    def _item(self, index: int, entry: Entry) -> Any:
        item = element("li", class_="records-item")
        text = element("div", class_="records-item-text")
        actions = element("div", class_="records-item-actions")
        item.appendChild(text)
        item.appendChild(actions)

        def button(label: str, action: str, name: str, **attributes: object) -> Any:
            return element("button", label, type="button", aria_label=name,
                           data_action=action, data_index=str(index), **attributes)

        if not entry.readable:
            item.classList.add("unreadable")
            title = f"Unreadable saved game {index + 1}"
            text.appendChild(element("span", title, class_="records-item-name"))
            shown = f"“{entry.name}”: " if entry.name else ""
            text.appendChild(element("span", f"{shown}{entry.problem}.",
                                     class_="records-item-meta quiet"))
            actions.appendChild(button("Delete", "delete", f"Delete {title}"))
            return item
        name = entry.name or ""
        if self.editing == index:
            label = element("label", "New name", for_=f"records-rename-{index}",
                            class_="records-rename-label")
            box = element("input", None, id=f"records-rename-{index}", type="text",
                          maxlength="60", data_rename=str(index), value=name,
                          aria_label=f"New name for {name}")
            text.appendChild(label)
            text.appendChild(box)
            actions.appendChild(button("Save", "save-name", f"Save the new name of {name}",
                                       class_="primary"))
            actions.appendChild(button("Cancel", "cancel-name", f"Cancel renaming {name}"))
            return item
        text.appendChild(element("span", name, class_="records-item-name"))
        when = shown_time(entry.saved_at)
        about = describe(entry.game) if entry.game is not None else ""
        text.appendChild(element("span", f"{when} · {about}" if when else about,
                                 class_="records-item-meta quiet"))
        actions.appendChild(button("Open", "open", f"Open {name}", class_="primary"))
        actions.appendChild(button("Rename", "rename", f"Rename {name}"))
        actions.appendChild(button("Delete", "delete", f"Delete {name}"))
        return item

    # -- plumbing --------------------------------------------------------------------------

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        # The event loop holds tasks only weakly: keep each until it is done.
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


def reloaded() -> bool:
    """Whether this page load is a reload (rather than a link followed or typed)."""
    entries = window.performance.getEntriesByType("navigation")
    return bool(entries.length) and str(entries[0].type) == "reload"


def install(app: Any) -> RecordsPanel | None:
    """Fill the records panel for ``app``, open the share link in the address if there
    is one, and keep the address a share link from now on.

    The panel is an extra: if it cannot start, the game still plays, and the console
    says why (None is returned).
    """
    try:
        panel = RecordsPanel(app)
        if reloaded():
            # The address is the page's own, written after the last change; the game
            # restored from storage is as new or newer (another tab may have played on).
            panel.sync_address()
        else:
            panel.open_link(str(window.location.hash))
        app.add_listener(panel.sync_address)
        panel._listen(window, "hashchange", lambda _event: panel.on_hash_change())
        panel._listen(window, "storage", panel.on_storage)
    except Exception as error:  # noqa: BLE001 - a broken panel must not stop the game
        window.console.warn(f"Tablut: the records panel is unavailable: {error}")
        return None
    return panel
