"""Pointer and key input: turns clicks, taps, drags and keys into session calls.

- A press and release on the board is a click on a square (:meth:`Session.activate`);
  a press on a movable piece that travels :data:`DRAG_THRESHOLD` pixels becomes a drag,
  and the release plays the move to the square under the pointer, if legal.
- On the board, the arrow keys, Home and End move the keyboard cursor (the one tabbable
  square); Enter or Space acts on it; Escape puts a picked-up piece down.
- Anywhere else but in a form control or a dialog, Left and Right step through the game;
  ``p`` reads the position aloud, ``l`` lists every piece, and ``?`` opens the keyboard
  help. A board in a dialog (the lesson's) listens to its own keys only.

It reports to any :class:`BoardPlayer`: the game's :class:`web.models.session.Session`, or
the lesson's :class:`web.lesson.lesson.Lesson`, which decide what a click or a move
means; the board knows no rules.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any, Protocol

from web.board.view import BoardView
from web.bridge.dom import Listeners, box_at_event

#: Pointer travel, in CSS pixels, that turns a press on a piece into a drag.
DRAG_THRESHOLD = 5

#: Form controls in which the arrow keys belong to the control, not to the move list.
TYPING_TAGS = {"INPUT", "SELECT", "TEXTAREA"}

#: Keys that move the keyboard cursor over the board.
CURSOR_KEYS = {"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"}


class BoardPlayer(Protocol):
    """What the board's input drives: a game and a person's ways of moving in it."""

    selected: int | None

    def can_drag(self, sq: int) -> bool:
        """Whether the piece on ``sq`` may be dragged now."""
        ...

    def activate(self, sq: int) -> None:
        """A click, tap, Enter or Space on square ``sq``."""
        ...

    def pick_up(self, sq: int) -> bool:
        """Start dragging the piece on ``sq``; False if it may not move now."""
        ...

    def drop(self, frm: int, to: int) -> bool:
        """The piece dragged from ``frm`` was let go on ``to``: play the move, or say why
        not; False if it was not played."""
        ...

    def drop_selection(self) -> None:
        """Put the piece picked up back down."""
        ...


@dataclass
class Press:
    """A pointer pressed on the board: where, and whether it has become a drag."""

    sq: int
    x: float
    y: float
    draggable: bool
    dragging: bool = False


class BoardInput:
    """The board's pointer and key handlers, and the page's Left and Right keys."""

    def __init__(self, session: BoardPlayer, view: BoardView, document: Any,
                 listeners: Listeners, *, page_keys: bool = True) -> None:
        """Listen to the board of ``view``, and with ``page_keys`` to ``document``'s Left
        and Right keys, which step through ``session``'s game (``session`` is then a
        :class:`web.models.session.Session`, whose ``step`` they call)."""
        self.session = session
        self.view = view
        self.keys_dialog = document.getElementById("keys-dialog")
        self.press: Press | None = None
        svg = view.svg
        for event, handler in (("pointerdown", self.on_pointer_down),
                               ("pointermove", self.on_pointer_move),
                               ("pointerup", self.on_pointer_up),
                               ("pointercancel", self.on_pointer_cancel),
                               ("keydown", self.on_board_key),
                               ("focusin", self.on_board_focus)):
            listeners.on(svg, event, handler)
        if page_keys:
            listeners.on(document, "keydown", self.on_page_key)

    def _square_of(self, event: Any) -> int | None:
        box = box_at_event(event, self.view.svg)
        if not box.width or not box.height:
            return None
        extent = self.view.extent
        x = (event.clientX - box.left) / box.width * extent
        y = (event.clientY - box.top) / box.height * extent
        return self.view.square_at(x, y)

    def activate(self, sq: int) -> None:
        """A click, tap, Enter or Space on ``sq``: it becomes the cursor, and acts."""
        self.view.set_cursor(sq, focus=False)
        self.session.activate(sq)

    def replay(self, actions: list[str], cursor: str | None = None) -> None:
        """Play what a person did on the board before this input listened (web/paint.js
        kept it): each square name is a click on it, ``"escape"`` puts a piece back;
        ``cursor``, the square that had the focus, gets it back. A name the board does
        not have is left out."""
        for action in actions:
            if action == "escape":
                self.session.drop_selection()
                continue
            try:
                self.activate(self.view.shape.parse_square(action))
            except ValueError:
                continue
        if cursor:
            with contextlib.suppress(ValueError):
                self.view.set_cursor(self.view.shape.parse_square(cursor))

    def on_pointer_down(self, event: Any) -> None:
        """Press on the board: maybe the start of a drag."""
        sq = self._square_of(event) if event.button == 0 else None
        if sq is None:
            return
        draggable = self.session.can_drag(sq)
        self.press = Press(sq, event.clientX, event.clientY, draggable)
        if draggable:
            # Capture keeps the drag alive when the pointer leaves the board; a nicety.
            with contextlib.suppress(Exception):
                self.view.svg.setPointerCapture(event.pointerId)

    def on_pointer_move(self, event: Any) -> None:
        """Drag the piece pressed on, once the pointer has travelled a little."""
        press = self.press
        if press is None or not press.draggable:
            return
        dx, dy = event.clientX - press.x, event.clientY - press.y
        if not press.dragging:
            if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                return
            press.dragging = self.session.pick_up(press.sq)
        box = box_at_event(event, self.view.svg)
        scale = self.view.extent / box.width if box.width else 1
        self.view.drag_piece(press.sq, dx * scale, dy * scale)

    def on_pointer_up(self, event: Any) -> None:
        """Release: drop a dragged piece, or treat the press as a click."""
        press, self.press = self.press, None
        if press is None:
            return
        sq = self._square_of(event)
        if not press.dragging:
            if sq is not None:
                self.activate(sq)
            return
        if sq is None or sq == press.sq or not self.session.drop(press.sq, sq):
            self.session.pick_up(press.sq)  # back to its square, still picked up

    def on_pointer_cancel(self, _event: Any) -> None:
        """The browser took the pointer (a scroll, say): put the piece back."""
        if self.press is not None and self.press.dragging:
            self.session.pick_up(self.press.sq)
        self.press = None

    def on_board_focus(self, event: Any) -> None:
        """A square got the focus (Tab, click): it becomes the keyboard cursor."""
        name = event.target.getAttribute("data-square")
        if name:
            try:
                sq = self.view.shape.parse_square(str(name))
            except ValueError:  # a square of the board this one was before a new size
                return
            if not self.view.focused_by_page(sq):
                self.view.set_cursor(sq, focus=False)

    def on_board_key(self, event: Any) -> None:
        """Arrow keys move the cursor over the squares; Enter or Space acts on one;
        Escape puts a picked-up piece down."""
        key = event.key
        if key in CURSOR_KEYS:
            self.view.set_cursor(self.view.step(self.view.cursor, key))
        elif key in ("Enter", " "):
            self.activate(self.view.cursor)
        elif key == "Escape" and self.session.selected is not None:
            # The agent cancels this Escape (so that in a dialog it does not close the
            # dialog as well) when the picked-up piece is drawn; it decides from what is
            # drawn, which may lag a moment behind a piece just picked up, so no default
            # action is checked here.
            self.session.drop_selection()
            return
        else:
            return
        event.preventDefault()
        event.stopPropagation()

    def on_page_key(self, event: Any) -> None:
        """Left and Right arrows step through the game, unless typing in a form control."""
        if event.defaultPrevented or event.altKey or event.ctrlKey or event.metaKey:
            return
        target = event.target
        if target is not None and str(getattr(target, "tagName", "")).upper() in TYPING_TAGS:
            return
        # A dialog over the game (the lesson, the keyboard help) has the keys to itself.
        if target is not None and hasattr(target, "closest") and target.closest("dialog"):
            return
        # The page's keys act on a Session (see __init__).
        session: Any = self.session
        key = str(event.key)
        if key in ("ArrowLeft", "ArrowRight"):
            session.step(-1 if key == "ArrowLeft" else 1)
        elif key in ("p", "P"):
            session.hear("summary")
        elif key in ("l", "L"):
            session.hear("pieces")
        elif key == "?":
            self.keys_dialog.showModal()
