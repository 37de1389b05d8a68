"""The records panel: the controls of :mod:`web.records.keeper` in index.html's
``<section id="records-panel">``, and the browser's part of them (the clipboard, a file
download, a chosen file, the address bar, other tabs).

- **Share**: "Copy link" copies the page's address, which is kept a share link of the game
  shown (``history.replaceState`` after every change: no new history entry, no reload).
  "Copy record" and "Download record" give the text record (:mod:`tablut.transcript`);
  "Download OpenTafl record" gives OpenTafl's ``.otg`` record and "Copy OpenTafl position"
  its "copy position" text (:mod:`tablut.opentafl`), which OpenTafl opens.
- **Import**: paste a record and press "Import", or choose a file: our text record, a
  saved game's JSON, an OpenTafl record or an OpenTafl position.
- **Saved games**: save, open, rename, delete (with an undo).

A share link in the address when the page opens (or pasted into the address bar of the
open page) is opened, except on a reload, when the address is the page's own and the game
restored from storage is the one to show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import window

from web.bridge.dom import Listeners, element, spawn
from web.bridge.remote_dom import Dom
from web.live.invitation import is_invitation, is_reply
from web.models.session import Session
from web.models.storage import Storage
from web.records.formats import (
    MAX_RECORD_CHARS,
    OPENTAFL_FILENAME,
    RECORD_FILENAME,
    ExportProblem,
    describe,
    export_opentafl_record,
    export_record,
    opentafl_caveat,
    opentafl_position,
    share_fragment,
    shared_address,
)
from web.records.keeper import Clock, RecordKeeper
from web.records.saved_games import SAVED_KEY, Entry
from web.words.catalogue import _

#: Milliseconds a downloaded record's object URL lives: enough for the browser to start
#: the download, after which it is only memory.
OBJECT_URL_LIFETIME_MS = 30_000


def _minutes(when: Any) -> str:
    """A JavaScript Date as the browser's local ``2026-05-01 14:03``."""
    return (f"{when.getFullYear()}-{when.getMonth() + 1:02d}-{when.getDate():02d} "
            f"{when.getHours():02d}:{when.getMinutes():02d}")


def shown_time(iso: str | None) -> str:
    """A stored ISO time as the browser's local time, or "" when it is not a time."""
    when = window.Date.new(iso) if iso else None
    if when is None or when.getTime() != when.getTime():  # NaN: not a date
        return ""
    return _minutes(when)


BROWSER_CLOCK = Clock(
    now_ms=lambda: int(window.Date.now()),
    iso=lambda: str(window.Date.new().toISOString()),
    local=lambda: _minutes(window.Date.new()),  # Python's clock in the page is UTC
)


class RecordsPanel:
    """The panel's controls, bound to one :class:`RecordKeeper`."""

    def __init__(self, session: Session, storage: Storage, listeners: Listeners,
                 dom: Dom) -> None:
        """Build the panel for ``session`` in ``dom``'s document and show the saved
        games."""
        self.session = session
        self.keeper = RecordKeeper(session, storage, BROWSER_CLOCK, on_change=self.render)
        self.listeners = listeners
        self.dom = dom
        self.document = dom.document
        self.root = self.document.getElementById("records-panel")
        self.build()
        self.render()

    # -- building --------------------------------------------------------------------------

    def _button(self, text: str, action: Callable[[], None], **attributes: object) -> Any:
        button = element(self.document, "button", text, type="button", **attributes)
        self.listeners.click(button, action)
        return button

    def _add(self, parent: Any, tag: str, text: str | None = None, **attributes: object) -> Any:
        node = element(self.document, tag, text, **attributes)
        parent.appendChild(node)
        return node

    def build(self) -> None:
        """Make the panel's controls."""
        root = self.root
        root.classList.add("panel", "records")
        root.replaceChildren()
        self._add(root, "h2", _("Share and keep"))
        self._add(root, "p", _("The address of this page always opens this game at this "
                               "move: copy the link, send it, and your opponent answers "
                               "with a link of their own."),
                  class_="quiet records-help")
        row = self._add(root, "div", class_="records-row")
        row.appendChild(self._button(_("Copy link"), self.copy_link))
        row.appendChild(self._button(_("Copy record"), self.copy_record))
        row.appendChild(self._button(_("Download record"), self.download_record))
        row = self._add(root, "div", class_="records-row")
        row.appendChild(self._button(_("Download OpenTafl record"), self.download_opentafl))
        row.appendChild(self._button(_("Copy OpenTafl position"),
                                     self.copy_opentafl_position))
        self._build_import(root)
        self._build_saved(root)

    def _build_import(self, root: Any) -> None:
        self._add(root, "h3", _("Import a game"))
        self._add(root, "label", _("Game record"), for_="records-text")
        # The example record is a record: the same in every language.
        self.text = self._add(root, "textarea", None, id="records-text", rows="5",
                              spellcheck="false", autocomplete="off",
                              aria_describedby="records-message",
                              placeholder='[Game "Tablut"]\n1. d1-4 e3-d\n'
                              + _("(or an OpenTafl record or position)"))
        row = self._add(root, "div", class_="records-row")
        # Translators: the button that imports the record pasted in the box.
        row.appendChild(self._button(_("Import"), self.import_pasted))
        # One control that says what it does: the label, drawn as a button, with the
        # file input laid over it, transparent (it keeps the clicks and the keyboard).
        chooser = self._add(row, "span", class_="records-file")
        self.file = self._add(chooser, "input", None, id="records-file", type="file",
                              class_="records-file-input",
                              accept=".txt,.json,.otg,text/plain,application/json")
        self._add(chooser, "label", _("Import from file…"), for_="records-file",
                  class_="records-file-label")
        self.listeners.on(self.file, "change", lambda _event: self.import_chosen_file())
        self.message = self._add(root, "p", "", id="records-message", class_="records-message")

    def _build_saved(self, root: Any) -> None:
        self._add(root, "h3", _("Saved games"), id="records-saved-title")
        form = self._add(root, "form", class_="records-row records-save")
        # Translators: the label of the box where a saved game's name is typed.
        self._add(form, "label", _("Name"), for_="records-name")
        self.name = self._add(form, "input", None, id="records-name", type="text",
                              maxlength="60", autocomplete="off",
                              placeholder=_("Game of today"))
        self._add(form, "button", _("Save game"), type="submit")
        self.listeners.on(form, "submit", self.on_save_submit)
        self.saved_problem = self._add(root, "p", "", class_="records-message error",
                                       hidden=True)
        self.list = self._add(root, "ul", None, id="records-saved", class_="records-saved",
                              aria_labelledby="records-saved-title")
        self.listeners.on(self.list, "click", self.on_list_click)
        self.listeners.on(self.list, "keydown", self.on_list_key)
        self.empty = self._add(root, "p", _("No saved games yet."), class_="quiet")

    # -- share and export ------------------------------------------------------------------

    def sync_address(self) -> None:
        """Make the address bar a share link of the game on the board."""
        if not self.keeper.is_shown(str(window.location.hash)):
            window.history.replaceState(window.history.state, "",
                                        "#" + share_fragment(self.session.game))

    def copy_link(self) -> None:
        """Copy the share link of the game on the board."""
        self.sync_address()
        spawn(self._copy(shared_address(str(window.location.href)), _("Link copied."),
                         _("The clipboard is not available: the link is in the record box, "
                           "selected; copy it from there.")))

    def copy_record(self) -> None:
        """Copy the game's text record; it is also shown in the record box."""
        record = export_record(self.session.game)
        self.text.value = record
        spawn(self._copy(record, _("Record copied."),
                         _("The clipboard is not available: the record is in the record "
                           "box, selected; copy it from there.")))

    async def _copy(self, text: str, copied: str, no_clipboard: str) -> None:
        """Copy ``text`` and say ``copied``; without a clipboard, select it in the record
        box and say ``no_clipboard``."""
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:  # noqa: BLE001 - no clipboard permission, or no clipboard API
            self.text.value = text
            self.text.select()
            self.keeper.say(no_clipboard)
        else:
            self.keeper.say(copied)

    def copy_opentafl_position(self) -> None:
        """Copy the position shown as OpenTafl's "copy position" text (also shown in the
        record box)."""
        try:
            text = opentafl_position(self.session.game)
        except ExportProblem as problem:
            self.keeper.say(str(problem), error=True)
            return
        self.text.value = text
        spawn(self._copy(text, _("OpenTafl position copied."),
                         _("The clipboard is not available: the OpenTafl position is in the "
                           "record box, selected; copy it from there.")))

    def download_record(self) -> None:
        """Offer the game's text record as the file ``tablut-game.txt``."""
        self._download(export_record(self.session.game), RECORD_FILENAME)
        # Translators: {file} is the name of the file downloaded.
        self.keeper.say(_("Record downloaded as {file}.").format(file=RECORD_FILENAME))

    def download_opentafl(self) -> None:
        """Offer the game as OpenTafl's record, the file ``tablut-game.otg``."""
        game = self.session.game
        date = BROWSER_CLOCK.local()[:10].replace("-", ".")
        try:
            record = export_opentafl_record(game, date)
        except ExportProblem as problem:
            self.keeper.say(str(problem), error=True)
            return
        self._download(record, OPENTAFL_FILENAME)
        caveat = opentafl_caveat(game)
        # Translators: {file} is the name of the file downloaded.
        said = _("OpenTafl record downloaded as {file}.").format(file=OPENTAFL_FILENAME)
        self.keeper.say(said + (f" {caveat}" if caveat else ""))

    def _download(self, text: str, filename: str) -> None:
        """Offer ``text`` as a file called ``filename``."""
        from pyodide.ffi import create_once_callable, to_js

        blob = window.Blob.new(
            to_js([text]),
            to_js({"type": "text/plain;charset=utf-8"}, dict_converter=window.Object.fromEntries),
        )
        url = window.URL.createObjectURL(blob)
        link = element(self.document, "a", None, href=url, download=filename, hidden=True)
        self.document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)),
                          OBJECT_URL_LIFETIME_MS)

    # -- import ----------------------------------------------------------------------------

    def import_pasted(self) -> None:
        """Import the record in the record box."""
        if not self.keeper.import_text(str(self.text.value)):
            self.text.focus()

    def import_chosen_file(self) -> None:
        """Import the file chosen in the file input."""
        files = self.dom.real(self.file).files
        if files and files.length:
            spawn(self._import_file(files.item(0)))

    async def _import_file(self, file: Any) -> None:
        self.file.value = ""  # choosing the same file again is a change again
        if file.size > MAX_RECORD_CHARS * 4:
            # Translators: {file} is the name of the file chosen.
            self.keeper.say(_("Not imported: {file} is too big to be a game record. Your "
                              "game is as it was.").format(file=file.name), error=True)
        elif not self.keeper.import_text(str(await file.text()), source=str(file.name)):
            self.text.focus()

    def open_address_link(self) -> None:
        """Open the share link in the address bar, if it is not the game shown (a live
        game's invitation or reply is the live panel's: web/page/live_panel.py)."""
        address = str(window.location.hash)
        if is_invitation(address) or is_reply(address):
            return
        if not self.keeper.is_shown(address):
            self.keeper.open_link(address)
            self.sync_address()

    # -- saved games -----------------------------------------------------------------------

    def on_save_submit(self, event: Any) -> None:
        """"Save game": keep the game on the board under the typed name."""
        event.preventDefault()
        if self.keeper.save_current(str(self.name.value)):
            self.name.value = ""

    def on_list_click(self, event: Any) -> None:
        """A button of the saved-games list: open, rename, delete, or a rename's save and
        cancel."""
        button = event.target.closest("button[data-action]")
        if not button:  # JavaScript null when the click was beside the buttons
            return
        index, action = int(button.dataset.index), str(button.dataset.action)
        if index >= len(self.keeper.saved.entries):
            return
        actions: dict[str, Callable[[int], None]] = {
            "open": self.keeper.open_saved,
            "rename": self.keeper.start_rename,
            "delete": self.keeper.delete,
            "save-name": self._finish_rename,
            "cancel-name": self.keeper.cancel_rename,
        }
        actions[action](index)

    def _finish_rename(self, index: int) -> None:
        box = self.list.querySelector(f"input[data-rename='{index}']")
        self.keeper.rename(index, str(box.value) if box else "")

    def on_list_key(self, event: Any) -> None:
        """In a rename box, Enter saves and Escape cancels."""
        if event.target.dataset.rename is None or event.key not in ("Enter", "Escape"):
            return
        event.preventDefault()
        index = int(event.target.dataset.rename)
        if event.key == "Enter":
            self._finish_rename(index)
        else:
            self.keeper.cancel_rename(index)

    def on_storage(self, event: Any) -> None:
        """Another tab changed the saved games: show them as they are now."""
        if event.key is None or str(event.key) == SAVED_KEY:
            self.keeper.reload_saved()

    # -- showing ---------------------------------------------------------------------------

    def render(self) -> None:
        """Draw the message line and the saved-games list; focus what should be."""
        keeper = self.keeper
        if keeper.message is not None:
            self.message.textContent = keeper.message.text
            self.message.classList.toggle("error", keeper.message.error)
        self.list.replaceChildren()
        for index, entry in enumerate(keeper.saved.entries):
            self.list.appendChild(self._item(index, entry))
        self.empty.hidden = bool(keeper.saved.entries)
        problem = keeper.saved.problem
        self.saved_problem.hidden = not problem
        self.saved_problem.textContent = problem or ""
        if keeper.editing is not None:
            box = self.list.querySelector(f"input[data-rename='{keeper.editing}']")
            if box:
                box.focus()
                box.select()
        elif keeper.focus is not None:
            action, index = keeper.focus
            keeper.focus = None
            button = self.list.querySelector(
                f"button[data-action='{action}'][data-index='{index}']")
            if button:
                button.focus()

    def _item(self, index: int, entry: Entry) -> Any:
        item = element(self.document, "li", class_="records-item")
        text = self._add(item, "div", class_="records-item-text")
        actions = self._add(item, "div", class_="records-item-actions")

        def button(label: str, action: str, name: str, **attributes: object) -> None:
            self._add(actions, "button", label, type="button", aria_label=name,
                      data_action=action, data_index=str(index), **attributes)

        name = entry.name or ""
        if not entry.readable:
            item.classList.add("unreadable")
            # Translators: what the saved-games list calls a saved game it cannot read;
            # {number} is its place in the list.
            title = _("Unreadable saved game {number}").format(number=index + 1)
            self._add(text, "span", title, class_="records-item-name")
            if entry.name:
                # Translators: {name} is a saved game's name, {problem} why it cannot be
                # opened ("it holds no game").
                problem = _("“{name}”: {problem}.").format(name=entry.name,
                                                          problem=entry.problem)
            else:
                problem = f"{entry.problem}."
            self._add(text, "span", problem, class_="records-item-meta quiet")
            # Translators: a button's accessible name; {name} is a saved game's name, or
            # "Unreadable saved game 3".
            deletes = _("Delete {name}").format(name=title)
            button(_("Delete"), "delete", deletes)
        elif self.keeper.editing == index:
            self._add(text, "label", _("New name"), for_=f"records-rename-{index}",
                      class_="records-rename-label")
            self._add(text, "input", None, id=f"records-rename-{index}", type="text",
                      maxlength="60", data_rename=str(index), value=name,
                      # Translators: the name box's accessible name; {name} is the saved
                      # game's name.
                      aria_label=_("New name for {name}").format(name=name))
            # Translators: the button that keeps the new name typed for a saved game.
            save = _("Save")
            # Translators: a button's accessible name; {name} is a saved game's name.
            button(save, "save-name", _("Save the new name of {name}").format(name=name),
                   class_="primary")
            # Translators: a button's accessible name; {name} is a saved game's name.
            cancels = _("Cancel renaming {name}").format(name=name)
            button(_("Cancel"), "cancel-name", cancels)
        else:
            self._add(text, "span", name, class_="records-item-name")
            when = shown_time(entry.saved_at)
            about = describe(entry.game) if entry.game is not None else ""
            self._add(text, "span", f"{when} · {about}" if when else about,
                      class_="records-item-meta quiet")
            # Translators: a button's accessible name; {name} is a saved game's name.
            opens = _("Open {name}").format(name=name)
            button(_("Open"), "open", opens, class_="primary")
            # Translators: a button's accessible name; {name} is a saved game's name.
            renames = _("Rename {name}").format(name=name)
            button(_("Rename"), "rename", renames)
            # Translators: a button's accessible name; {name} is a saved game's name.
            deletes = _("Delete {name}").format(name=name)
            button(_("Delete"), "delete", deletes)
        return item


def reloaded() -> bool:
    """Whether this page load is a reload (rather than a link followed or typed). The
    reload web/start.js makes on a first visit does not count: it tells the navigation
    that came before it."""
    return str(window.tablutNavigation) == "reload"


def install(session: Session, storage: Storage, listeners: Listeners,
            dom: Dom) -> RecordsPanel | None:
    """Fill the records panel, open the share link in the address if there is one, and
    keep the address a share link from now on.

    The panel is an extra: if it cannot start, the game still plays, and the console
    says why (None is returned).
    """
    try:
        panel = RecordsPanel(session, storage, listeners, dom)
        if reloaded():
            # The address is the page's own, written after the last change; the game
            # restored from storage is as new or newer (another tab may have played on).
            panel.sync_address()
        else:
            panel.open_address_link()
        session.subscribe(panel.sync_address)
        listeners.on(dom.window, "hashchange", lambda _event: panel.open_address_link())
        listeners.on(dom.window, "storage", panel.on_storage)
    except Exception as error:  # noqa: BLE001 - a broken panel must not stop the game
        window.console.warn(f"Tablut: the records panel is unavailable: {error}")
        return None
    return panel
