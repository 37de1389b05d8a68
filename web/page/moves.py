"""The numbered move list: each move a button that shows the position after it; the
current move marked and kept in view; undone moves struck through (Redo brings them
back); a review's mistakes marked "?"."""

from __future__ import annotations

from typing import Any

from tablut import Side
from web.bridge.dom import element
from web.models.review import Mistake
from web.models.session import Session
from web.words.catalogue import _
from web.words.review import mistake_words
from web.words.sides import side_word
from web.words.texts import move_entries, no_moves_text


def move_name(number: str, side: Side, text: str) -> str:
    """A move of the list as a screen reader reads it: "3. black e8-c8"."""
    # Translators: a move of the move list as a screen reader reads it: {number} is its
    # number ("3." or "3…"), {side} "black" or "white", {move} the move ("e8-c8").
    return _("{number} {side} {move}").format(number=number, side=side_word(side), move=text)


class MoveListView:
    """The move list in the page (see the module docs)."""

    def __init__(self, document: Any) -> None:
        """Find the list in ``document``."""
        self.document = document
        self.list = document.getElementById("move-list")
        self.empty = document.getElementById("move-list-empty")
        self.empty_text = ""
        self.shown: tuple[Any, ...] | None = None
        self.buttons: dict[int, Any] = {}
        self.current: int | None = None
        # The current move's button, until the list has been laid out and scrolled to it.
        self.unscrolled: Any = None

    def render(self, session: Session) -> None:
        """Redraw the moves if the record changed; mark the move shown."""
        game = session.game
        mistakes = session.review.mistakes() if session.review is not None else {}
        key = (game.start, tuple(game.moves), session.in_play.live, tuple(sorted(mistakes)))
        if key != self.shown:
            self.shown = key
            self._rebuild(session, mistakes)
        if game.ply != self.current:
            if self.current in self.buttons:
                self.buttons[self.current].removeAttribute("aria-current")
            self.current = game.ply
            button = self.buttons.get(game.ply)
            if button is not None:
                button.setAttribute("aria-current", "step")
            self.unscrolled = button
        if self.unscrolled is not None:
            self._scroll_to(self.unscrolled)

    def _rebuild(self, session: Session, mistakes: dict[int, Mistake]) -> None:
        document = self.document
        rows: dict[int, Any] = {}
        self.list.replaceChildren()
        self.buttons = {}
        self.current = None
        live = session.in_play.live
        for entry in move_entries(session.game):
            number = int(entry.number.rstrip(".…"))
            row = rows.get(number)
            if row is None:
                row = rows[number] = element(document, "li", value=number)
                self.list.appendChild(row)
                if entry.number.endswith("…"):  # the row's first move is its second half
                    row.appendChild(element(document, "span", "…", class_="move-gap",
                                            aria_hidden="true"))
            mistake = mistakes.get(entry.ply)
            undone = entry.ply > live
            name = move_name(entry.number, entry.side, entry.text)
            if mistake is not None:
                # Translators: a move of the move list that a review found a mistake:
                # {name} is the move as read ("3. black e8-c8"), {mistake} what the
                # review says of it.
                name = _("{name}, {mistake}").format(
                    name=name, mistake=mistake_words(mistake, session.game.rules.size))
            if undone:
                # Translators: a move undone (Redo brings it back): {name} is the move as
                # read ("3. black e8-c8").
                name = _("{name}, undone").format(name=name)
            classes = ["move"] + (["mistake"] if mistake else []) + (["undone"] if undone else [])
            button = self.buttons[entry.ply] = element(
                document, "button", entry.text + ("?" if mistake else ""), type="button",
                class_=" ".join(classes), data_ply=entry.ply, aria_label=name)
            row.appendChild(button)
        self.empty.hidden = bool(session.game.moves)
        if not session.game.moves:
            text = no_moves_text(session.game.first_side)
            if self.empty_text != text:  # kept here: reading the page's text costs a trip
                self.empty.textContent = self.empty_text = text

    def _scroll_to(self, button: Any) -> None:
        """Scroll the list (only the list: the page must not jump) to show ``button``;
        a list not laid out yet (the page still hidden) is scrolled on a later redraw."""
        box, item = self.list.getBoundingClientRect(), button.getBoundingClientRect()
        if not box.height:
            return
        self.unscrolled = None
        if item.top < box.top:
            self.list.scrollTop += item.top - box.top
        elif item.bottom > box.bottom:
            self.list.scrollTop += item.bottom - box.bottom
