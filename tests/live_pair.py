"""Two pages of a live game in this interpreter: each a session with its
:class:`web.live.connection.LiveConnection`, over an in-memory channel that stands for
web/live.js's (the real one is tested in Chromium, tests/e2e/test_live.py). The WebRTC
descriptions are stand-ins, so the codec that makes them short is replaced by one that
keeps them as they are."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
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
        #: A network that lets no packet between the two browsers through.
        self.blocked = False

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
        """See web/live.js: the two ends open (unless the network is blocked)."""
        assert self.peer is not None
        if self.blocked:
            return
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


class Loop:
    """The two pages' event loop. It runs only inside :meth:`settle`, in a thread of its
    own: the browser tests, run before these in the same process, leave an event loop
    running in this one, so this loop can neither run nor be found here."""

    def __init__(self) -> None:
        """A new loop, not running."""
        self.loop = asyncio.new_event_loop()
        self.pool = ThreadPoolExecutor(1)
        self.tasks: set[asyncio.Task[None]] = set()

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        """Run ``coroutine`` in the loop (web.bridge.dom.spawn's stand-in)."""
        def start() -> None:
            task = self.loop.create_task(coroutine)
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        self.loop.call_soon(start)

    def settle(self) -> None:
        """Let every pending task run until none is left waiting."""
        for _ in range(50):
            self.pool.submit(self.loop.run_until_complete, asyncio.sleep(0)).result()

    def close(self) -> None:
        """Cancel what still waits, and close the loop."""
        for task in self.tasks:
            task.cancel()
        self.settle()
        self.pool.shutdown()
        self.loop.close()


#: The loop of the pair being played (:func:`pair`).
LOOP: list[Loop] = []


def settle() -> None:
    """Let the pair's pages handle everything sent so far."""
    LOOP[-1].settle()


@contextmanager
def pair(own_side: Side = Side.BLACK, blocked: bool = False,
         **settings: Any) -> Iterator[tuple[Page, Page, FakeTime]]:
    """The inviter (playing ``own_side``) and the friend, connected (unless the network
    between them is ``blocked``: then Connect was pressed and nothing came), on one
    clock."""
    loop = Loop()
    LOOP.append(loop)
    original = connection_module.signal, connection_module.spawn
    connection_module.signal = SimpleNamespace(
        compact=lambda sdp: sdp.replace("-", "_"), expand=lambda token, kind: token,
        SignalError=ValueError)
    connection_module.spawn = loop.spawn
    try:
        now = FakeTime()
        one, two = FakeChannel("one"), FakeChannel("two")
        one.peer, two.peer = two, one
        one.blocked = two.blocked = blocked
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
        connection_module.signal, connection_module.spawn = original
        LOOP.remove(loop)
        loop.close()
