"""Two pages of a live game in this interpreter: each a session with its
:class:`web.live.connection.LiveConnection`, over an in-memory channel that stands for
web/live.js's (the real one is tested in Chromium, tests/e2e/test_live.py). The WebRTC
descriptions are stand-ins, so the codec that makes them short is replaced by one that
keeps them as they are."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any

from session_helpers import FakeTime, human_game

from tablut import Side
from web.live import connection as connection_module
from web.live.connection import LiveConnection
from web.live.invitation import read_invitation
from web.models.notices import message
from web.models.session import Session
from web.models.storage import MemoryStorage

ADDRESS = "https://example.org/tablut/"


class FakeChannel:
    """One end of the in-memory channel, with web/live.js's interface."""

    def __init__(self, name: str) -> None:
        """An end called ``name`` (its descriptions say it)."""
        self.name = name
        self.peer: FakeChannel | None = None
        self.events: asyncio.Queue[str] | None = None
        self.open = False
        self.sent: list[str] = []

    def _queue(self) -> asyncio.Queue[str]:
        if self.events is None:
            self.events = asyncio.Queue()
        return self.events

    def push(self, event: dict[str, Any]) -> None:
        """Give this end an event."""
        self._queue().put_nowait(json.dumps(event))

    async def invite(self, ice: str, gather_ms: int) -> str:
        """See web/live.js."""
        return f"offer-of-{self.name}-" + "x" * 20

    async def reply(self, offer: str, ice: str, gather_ms: int) -> str:
        """See web/live.js."""
        return f"answer-of-{self.name}-" + "x" * 20

    async def accept(self, answer: str) -> None:
        """See web/live.js: the two ends open."""
        assert self.peer is not None
        self.open = self.peer.open = True
        self.push({"type": "open"})
        self.peer.push({"type": "open"})

    def post(self, text: str) -> bool:
        """See web/live.js."""
        if not self.open or self.peer is None:
            return False
        self.sent.append(text)
        self.peer.push({"type": "message", "data": text})
        return True

    async def receive(self) -> str:
        """See web/live.js."""
        return await self._queue().get()

    def close(self) -> None:
        """See web/live.js: both ends hear it."""
        if self.open and self.peer is not None:
            self.peer.open = False
            self.peer.push({"type": "closed"})
        self.open = False
        self.push({"type": "closed"})


class Page:
    """One page of the pair: its session, connection, clock and channel end."""

    def __init__(self, name: str, channel: FakeChannel, now: FakeTime,
                 **settings: Any) -> None:
        """A page called ``name`` at the other end of ``channel``."""
        self.channel = channel
        self.session: Session = human_game(now, **settings)
        self.window = SimpleNamespace(
            tablutLive=channel, location=SimpleNamespace(href=ADDRESS),
            console=SimpleNamespace(warn=lambda *args: None))
        self.storage = MemoryStorage()
        self.live = LiveConnection(self.session, self.storage, self.window, now)


def settle() -> None:
    """Let every pending task of the event loop run until none is left waiting."""
    loop = asyncio.get_event_loop()
    for _ in range(50):
        loop.run_until_complete(asyncio.sleep(0))


@contextmanager
def pair(own_side: Side = Side.BLACK, **settings: Any) -> Iterator[tuple[Page, Page, FakeTime]]:
    """The inviter (playing ``own_side``) and the friend, connected, on one clock."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    original = connection_module.signal
    connection_module.signal = SimpleNamespace(
        compact=lambda sdp: sdp.replace("-", "_"), expand=lambda token, kind: token,
        SignalError=ValueError)
    try:
        now = FakeTime()
        one, two = FakeChannel("one"), FakeChannel("two")
        one.peer, two.peer = two, one
        inviter, friend = Page("inviter", one, now, **settings), Page("friend", two, now,
                                                                       **settings)
        inviter.live.invite(own_side, "Ana")
        settle()
        address = inviter.session.friend.address
        invitation = read_invitation(address.split("#", 1)[1])
        friend.session.bring_in(invitation.game, message("text", text="Invited."), undo=False)
        friend.live.answer(invitation)
        friend.live.set_own_name("Bo")
        settle()
        inviter.live.connect(friend.session.friend.address)
        settle()
        yield inviter, friend, now
    finally:
        connection_module.signal = original
        pending = asyncio.all_tasks(loop)
        for task in pending:
            task.cancel()
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        asyncio.set_event_loop(None)
        loop.close()
