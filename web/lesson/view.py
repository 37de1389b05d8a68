"""The lesson's dialog: index.html's ``<dialog id="lesson">``, filled and driven from a
:class:`web.lesson.lesson.Lesson`.

The dialog holds a board of its own (a second :class:`web.board.view.BoardView` with its own
:class:`web.board.input.BoardInput`, without the page's Left and Right keys), so the game
in progress, its storage and its computer are never touched. It opens modal (the page
behind it inert), with the focus on the step's heading; Escape, the close button and
"Play a game" close it and give the focus back. The step and every verdict on a move are
said in a live region inside the dialog, where a screen reader still listens while the
rest of the page is inert.

Needs only a DOM ``document`` and :class:`web.bridge.dom.Listeners`: it does not import
``pyscript``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablut import Rules
from tablut.geometry import geometry
from tablut.squares import squares_of
from web.board.input import BoardInput
from web.board.marks import reserved_squares
from web.board.view import BoardView
from web.bridge.dom import Listeners, element
from web.lesson.lesson import Lesson
from web.words.catalogue import _, language
from web.words.engine import rules_title


class LessonView:
    """The "How to play" dialog and its lesson."""

    def __init__(self, document: Any, listeners: Listeners,
                 rules_of_game: Callable[[], tuple[Rules, int | None]],
                 back_to_game: Callable[[], None]) -> None:
        """Build the dialog's contents in ``document``'s ``#lesson``; ``rules_of_game``
        tells the rule set and move limit of the game in progress when the lesson opens,
        ``back_to_game`` is called when it closes (the game's clocks go on, the focus
        returns to the game)."""
        self.document = document
        self.listeners = listeners
        self.rules_of_game = rules_of_game
        self.back_to_game = back_to_game
        self.dialog = document.getElementById("lesson")
        self.lesson: Lesson | None = None
        self.spoken = -1
        self._build()
        self.board = BoardView(document, self.parts["board"], label=_("Lesson board"),
                               ident="lesson")
        self.input: BoardInput | None = None
        listeners.on(self.dialog, "close", lambda _event: self.back_to_game())

    # -- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        document, dialog = self.document, self.dialog
        parts: dict[str, Any] = {}

        def add(parent: Any, key: str, tag: str, text: str | None = None,
                **attributes: object) -> Any:
            parts[key] = node = element(document, tag, text, **attributes)
            parent.appendChild(node)
            return node

        head = add(dialog, "head", "header", class_="lesson-head")
        add(head, "title", "h2", _("How to play"), id="lesson-title")
        meta = add(head, "meta", "div", class_="lesson-meta")
        add(meta, "rules", "p", "", class_="lesson-rules")
        add(meta, "progress", "p", "", class_="lesson-progress")
        add(head, "close", "button", "×", type="button", class_="lesson-close",
            aria_label=_("Close the lesson"))
        bar = add(dialog, "bar", "div", class_="lesson-bar", aria_hidden="true")
        add(bar, "fill", "div", class_="lesson-bar-fill")
        body = add(dialog, "body", "div", class_="lesson-body")
        add(body, "board", "div", class_="lesson-board")
        words = add(body, "words", "div", class_="lesson-words")
        add(words, "step", "h3", "", class_="lesson-step", tabindex="-1")
        add(words, "text", "p", "", class_="lesson-text")
        add(words, "task", "p", "", class_="lesson-task")
        add(words, "verdict", "p", "", class_="lesson-verdict")
        add(dialog, "announcer", "p", "", class_="visually-hidden", aria_live="polite",
            id="lesson-announcer")
        nav = add(dialog, "nav", "div", class_="lesson-nav")
        # Translators: the lesson's button to the step before; keep the arrow.
        add(nav, "back", "button", _("‹ Back"), type="button")
        # Translators: the lesson's button that shows the move a step asks for.
        add(nav, "show", "button", _("Show me"), type="button")
        # Translators: the lesson's button that shows a step again from its start.
        add(nav, "retry", "button", _("Try again"), type="button")
        # Translators: the lesson's button to the next step; keep the arrow.
        add(nav, "next", "button", _("Next ›"), type="button", class_="primary")
        # Translators: the lesson's last button, which closes it for the game.
        add(nav, "play", "button", _("Play a game"), type="button", class_="primary")
        self.parts = parts
        for key, action in (("close", self.close), ("play", self.close),
                            ("back", lambda: self._act(Lesson.back)),
                            ("next", lambda: self._act(Lesson.next)),
                            ("show", lambda: self._act(Lesson.show_answer)),
                            ("retry", lambda: self._act(Lesson.retry))):
            self.listeners.click(parts[key], action)

    def _act(self, action: Callable[[Lesson], None]) -> None:
        if self.lesson is None:
            return
        before = self.lesson.index
        action(self.lesson)
        if self.lesson.index != before:
            self.parts["step"].focus()

    # -- opening and closing -----------------------------------------------------------------

    def open(self) -> None:
        """Open the lesson for the game's rule set: where it was left if the rules (and the
        page's language) are the same, else from its first step."""
        rules, limit = self.rules_of_game()
        lesson = self.lesson
        if (lesson is None or lesson.rules is not rules or lesson.limit != limit
                or lesson.language != language()):
            self._start(Lesson(rules, limit))
        elif lesson.finished and lesson.is_last:
            lesson.go(0)
        # Translators: the rule set the lesson teaches; {rules} is its title ("Berkeley",
        # "Ashton (Tablut Challenge)").
        self.parts["rules"].textContent = _("{rules} rules").format(rules=rules_title(rules))
        self.dialog.showModal()
        self.render()
        self.parts["step"].focus()

    def _start(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.board.set_size(lesson.rules.size)
        self.board.set_marked(reserved_squares(lesson.rules),
                              tuple(squares_of(geometry(lesson.rules).camps)))
        if self.input is None:
            self.input = BoardInput(lesson, self.board, self.document, self.listeners,
                                    page_keys=False)
        else:
            self.input.session = lesson
        lesson.subscribe(self.render)

    def close(self) -> None:
        """Close the dialog (its ``close`` event gives the focus back to the game)."""
        if self.dialog.open:
            self.dialog.close()

    # -- drawing -----------------------------------------------------------------------------

    def render(self) -> None:
        """Show the lesson's step, its board and what was said."""
        lesson = self.lesson
        if lesson is None or not self.dialog.open:
            return
        parts = self.parts
        step = lesson.step
        self.board.draw(lesson.game.board, lesson.marks())
        _text(parts["progress"], lesson.progress)
        parts["fill"].style.width = f"{(lesson.index + 1) / len(lesson.steps) * 100:.0f}%"
        _text(parts["step"], step.title)
        _text(parts["text"], step.text)
        _text(parts["task"], step.task)
        verdict = lesson.verdict
        _text(parts["verdict"], verdict.text if verdict else "")
        parts["verdict"].className = ("lesson-verdict" if verdict is None else
                                      f"lesson-verdict {'right' if verdict.right else 'wrong'}")
        parts["back"].disabled = lesson.is_first
        parts["show"].hidden = lesson.done
        parts["retry"].hidden = not lesson.done
        parts["next"].hidden = lesson.is_last
        parts["play"].hidden = not lesson.is_last
        parts["next"].classList.toggle("primary", lesson.done)
        parts["play"].classList.toggle("primary", lesson.done)
        if lesson.spoken != self.spoken:
            self.spoken = lesson.spoken
            # As the page's live region does (web/page/notices.py): a trailing no-break space
            # alternates, so that the same words said twice are heard twice.
            parts["announcer"].textContent = lesson.announcement + (
                "\u00a0" if lesson.spoken % 2 else "")


def _text(node: Any, text: str) -> None:
    if node.textContent != text:
        node.textContent = text
