"""The game page's wiring: one :class:`Page` connects the session (:mod:`web.models.session`)
to the views that draw it, the input that drives it, the browser's storage, and the
computer player in its worker.

After every change of the session the page redraws every view (each redraws only what
changed), saves the session if its record changed, and carries the session's next
question, if any, to the computer (:func:`web.computer.turns.carry_out`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import window

from web.board.input import BoardInput
from web.bridge.dom import Listeners, spawn
from web.computer.client import WorkerComputer
from web.computer.turns import ComputerTurns, Request, carry_out
from web.live.connection import LiveConnection
from web.models.notices import Lifetime, message
from web.models.session import Session
from web.models.setup import SetupMode
from web.models.state import STORAGE_KEY
from web.page.drawing import PageDrawing
from web.page.live_panel import LivePanel
from web.page.sounds import Sounds
from web.words.announcer import Announcer

#: How often the clocks are read and redrawn, in milliseconds.
TICK_MS = 100


class LocalStorage:
    """The browser's localStorage as a :class:`web.models.storage.Storage`."""

    def __init__(self, store: Any) -> None:
        """Use ``store`` (``window.localStorage``; from a worker, a proxy of it, which is
        looked up once: each lookup is a round trip)."""
        self.store = store

    def get(self, key: str) -> str | None:
        """See :meth:`web.models.storage.Storage.get`."""
        value = self.store.getItem(key)
        # getItem answers JavaScript null for a missing key, which is not Python's None.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        """See :meth:`web.models.storage.Storage.set`."""
        self.store.setItem(key, value)


class Page:
    """The game page for one session."""

    def __init__(self, session: Session, storage: LocalStorage, document: Any) -> None:
        """Draw ``session`` in ``document`` and listen to the page's controls."""
        self.session = session
        self.document = document
        self.storage = storage
        self.listeners = Listeners()
        self.computer = WorkerComputer(document)
        self.turns = ComputerTurns(session)
        self.announcer = Announcer(session)
        self.sounds = Sounds(session, window)
        self.drawing = PageDrawing(session, document, window, self.listeners, self.turns,
                                   self.announcer)
        self.board = self.drawing.board
        self.input = BoardInput(session, self.board, document, self.listeners)
        self.status = self.drawing.status
        self.clocks = self.drawing.clocks
        self.move_list = self.drawing.move_list
        self.saved: str | None = None
        # web/paint.js, which keeps the page's view for the next visit (looked up once:
        # from a worker each lookup is a round trip); None on a page not built.
        self.painted = getattr(window, "tablutPaint", None)
        # A live game with a friend: its connection, and its panel among the views.
        self.live = LiveConnection(session, storage, window, session.now)
        self.live_panel = LivePanel(document, self.listeners, session, self.live, window)
        self.drawing.views.append(self.live_panel)
        self.ticks = 0
        self.save_failed = False
        self.asking = False
        self._wire_buttons()
        session.subscribe(self.refresh)
        session.notify()  # the first drawing; a restored game's clock starts running
        self.listeners.every(TICK_MS, self.tick)

    def shown(self) -> None:
        """The page has just been laid out (it was hidden behind the loading screen):
        scroll the move list to the current move, which needs the list's size. Only
        that: the first drawing has done the rest, and redrawing it all costs a cold
        interpreter a tenth of a second or more."""
        self.move_list.render(self.session)

    def tick(self) -> None:
        """Ten times a second: a running clock is redrawn, and a side out of time loses;
        once a second, the time left is saved (a reload goes on from there)."""
        session = self.session
        session.tick()  # a notice past its time goes, and a flag falls
        self.live.tick()  # "still here" to the friend, and a friend gone silent noticed
        if session.clocks is not None and session.clocks.running is not None:
            self.clocks.render(session)
            self.ticks += 1
            if self.ticks % (1000 // TICK_MS) == 0:
                self.save()

    def _wire_buttons(self) -> None:
        session = self.session
        actions: dict[str, Callable[[], None]] = {
            "new-game": session.new_game,
            "play-again": session.new_game,
            "undo": session.undo,
            "redo": session.redo,
            "hint": self.ask_hint,
            "back": lambda: session.step(-1),
            "forward": lambda: session.step(1),
            "analysis-toggle": session.toggle_analysis,
            "intro-toggle": session.toggle_intro,
            "review-start": self.ask_review,
            "review-stop": session.stop_review,
            "setup-clear": lambda: session.edit_setup(SetupMode.clear),
            "setup-start": lambda: session.edit_setup(
                lambda setup: setup.start_position(session.game.rules.name)),
        }
        find = self.document.getElementById
        for name, action in actions.items():
            self.listeners.click(find(name), action)
        self.listeners.on(find("move-list"), "click", self.on_move_click)
        self.lesson: Any = None
        self.listeners.click(find("lesson-open"), self.open_lesson)

    def open_lesson(self) -> None:
        """Open the "How to play" lesson for the game's rules; built on first use, so the
        page starts no slower for it."""
        if self.lesson is None:
            from web.lesson.view import LessonView

            opener = self.document.getElementById("lesson-open")
            self.lesson = LessonView(self.document, self.listeners,
                                     lambda: (self.session.game.rules, self.session.game.limit),
                                     lambda: self._back_from_lesson(opener))
        self.session.set_away(True)
        self.lesson.open()

    def _back_from_lesson(self, opener: Any) -> None:
        """The lesson was closed: the game's clocks go on, the focus returns to its button."""
        self.session.set_away(False)
        opener.focus()

    def on_move_click(self, event: Any) -> None:
        """A move of the list was clicked: show the position after it."""
        button = event.target.closest("button[data-ply]")
        if button:  # JavaScript null when the click was beside the moves
            self.session.goto(int(button.dataset.ply))

    def refresh(self) -> None:
        """Save, redraw, and ask the computer what the session wants of it. Saved
        first: whatever the page shows is already stored (the page's Python may run in
        a worker, whose drawing reaches the screen in batches)."""
        session = self.session
        self.save()
        self.drawing.draw(session)
        if self.asking:
            self.ask_computer()

    def save(self) -> None:
        """Store the session's record if it changed; say so once if the browser
        refuses."""
        record = self.session.state().to_json()
        if record == self.saved:
            return
        self.saved = record
        try:
            self.storage.set(STORAGE_KEY, record)
        except Exception as error:  # noqa: BLE001 - storage full, disabled or private mode
            if not self.save_failed:
                self.save_failed = True
                self.session.say(message("not-saved", error=str(error)), Lifetime.LASTING)
            return
        if self.painted is not None:  # the view kept for the next visit shows this record
            self.painted.saved(record)

    def ask_computer(self) -> None:
        """From now on, carry the session's questions to the computer."""
        self.asking = True
        request = self.turns.next_request()
        if request is not None:
            self._carry(request)

    def ask_review(self) -> None:
        """Ask the computer to review the game, position after position."""
        request = self.turns.ask_review()
        if request is not None:
            self._carry(request)

    def ask_hint(self) -> None:
        """Ask the computer for a move for the person to move."""
        request = self.turns.ask_hint()
        if request is not None:
            self._carry(request)

    def _carry(self, request: Request) -> None:
        if request.kind == "move":
            self.status.render(self.session)  # the thinking indicator
        spawn(carry_out(self.turns, request, self.computer))
