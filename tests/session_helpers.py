"""Small builders shared by the tests of the page's session (web/models) and its words
(web/words): sessions, clicks, a clock moved by hand, the notice area read as words, and
the computer's answers from the engine in this interpreter."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from local_computer import LocalComputer

from tablut.squares import parse_square
from web.computer.turns import ComputerTurns, Request, carry_out
from web.models.session import Session
from web.models.settings import Settings
from web.words.notices import action_label, notice_text


def sq(name: str) -> int:
    """The square called ``name``."""
    return parse_square(name)


def click(session: Session, *names: str) -> None:
    """Click the squares called ``names`` in turn."""
    for name in names:
        session.activate(sq(name))


class FakeTime:
    """A clock the test moves by hand, in milliseconds (a session's ``now``)."""

    def __init__(self) -> None:
        """Some time after the page opened."""
        self.ms = 1_000_000.0

    def __call__(self) -> float:
        """The time now, in milliseconds."""
        return self.ms

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` pass."""
        self.ms += seconds * 1000


def session_with(now: FakeTime | None = None, **settings: Any) -> Session:
    """A session of a new game under ``settings`` (its clock included), on the clock
    ``now`` when given."""
    state = Session.fresh(Settings(**settings))
    return Session(state) if now is None else Session(state, now=now)


def human_game(now: FakeTime | None = None, **settings: Any) -> Session:
    """A session where people play both sides."""
    return session_with(now, black="human", white="human", **settings)


def said(session: Session) -> str | None:
    """What the notice area says, or None when it is empty."""
    notice = session.notices.current
    return None if notice is None else notice_text(notice.message)


def button(session: Session) -> str | None:
    """The label of the notice's button, or None when it has none."""
    notice = session.notices.current
    if notice is None or notice.action is None:
        return None
    return action_label(notice.action.code)


def press(session: Session) -> None:
    """Press the notice's button, as the page does: the notice goes, the action runs."""
    notice = session.notices.current
    assert notice is not None and notice.action is not None, "no button to press"
    session.dismiss()
    notice.action.run()


def run(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run ``coroutine`` to its end in an event loop of its own thread (the browser
    tests, run before these, leave an event loop running in this one)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


def quick(request: Request, level: int = 1) -> Request:
    """``request`` at ``level`` without a pause: the tests want speed, not strength."""
    return replace(request, level=level, pause=0.0)


def answer_now(turns: ComputerTurns, request: Request | None, level: int = 1) -> None:
    """Carry ``request`` to the engine in this interpreter and give back its answer."""
    assert request is not None
    run(carry_out(turns, quick(request, level), LocalComputer()))
