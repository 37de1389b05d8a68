"""The notice area and the live region: what the page says in words, to the eye and to a
screen reader."""

from __future__ import annotations

from typing import Any

from web.bridge.dom import Listeners, element
from web.models.notices import Notice
from web.models.session import Session
from web.words.announcer import Announcer
from web.words.catalogue import _
from web.words.notices import action_label, notice_text


class NoticeView:
    """The notice area (a polite live region): a message, its button, and a close
    button."""

    def __init__(self, document: Any, listeners: Listeners, session: Session) -> None:
        """Find the notice area in ``document``; its buttons act on ``session``."""
        self.document = document
        self.listeners = listeners
        self.session = session
        self.area = document.getElementById("notice")
        self.shown: Notice | None = None

    def render(self, session: Session) -> None:
        """Show the session's notice, if it is not already shown."""
        notice = session.notices.current
        if notice is self.shown:
            return
        self.shown = notice
        self.area.replaceChildren()
        self.area.classList.toggle("error", notice is not None and notice.is_error)
        if notice is None:
            return
        document = self.document
        self.area.appendChild(element(document, "span", notice_text(notice.message),
                                      class_="notice-text"))
        if notice.action is not None:
            action = notice.action
            button = element(document, "button", action_label(action.code), type="button",
                             class_="notice-action")
            self.listeners.click(button, lambda: self._act(action.run))
            self.area.appendChild(button)
        close = element(document, "button", "×", type="button", class_="notice-close",
                        aria_label=_("Dismiss message"))
        self.listeners.click(close, self.session.dismiss)
        self.area.appendChild(close)

    def _act(self, callback: Any) -> None:
        self.session.dismiss()
        callback()


class AnnouncerView:
    """The live region: says each new sentence of the announcer (a screen reader reads
    it)."""

    def __init__(self, document: Any, announcer: Announcer) -> None:
        """Find the live region in ``document``; say what ``announcer`` says."""
        self.region = document.getElementById("announcer")
        self.announcer = announcer
        self.heard = 0

    def render(self, _session: Session) -> None:
        """Put the announcer's latest sentence in the region, once."""
        number, text = self.announcer.spoken
        if number == self.heard:
            return
        self.heard = number
        # The same words twice in a row are a change too: a trailing no-break space
        # alternates, so that the screen reader hears the second time as well.
        self.region.textContent = text + ("\u00a0" if number % 2 else "")
