"""The connection of a live game: invitation, reply and connect through links, then every
message of the game over the WebRTC data channel that web/live.js holds on the page's
main thread (``window.tablutLive``).

The session plays the game (:mod:`web.models.live_play`); this carries what happens:
the person's own moves, resignation and offers go out as messages
(:mod:`web.live.messages`), and every message that comes in is read strictly and handed
to the session, which checks it against the game before anything changes. The
connection is watched: a "ping" goes out every :data:`PING_MS`, and a friend not heard
from for :data:`LOST_MS` is taken for gone (as is a closed channel), with the game kept;
a connection not made within :data:`CONNECT_MS` of pressing Connect has failed, and the
correspondence links are offered instead.

What a reload keeps of a live game (the friend, the sides, the game's identifier) is
stored under :data:`LIVE_KEY`, so that "Reconnect" can invite the friend again to the
same game.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from tablut import Game, Side
from web.bridge.dom import spawn
from web.live import signal
from web.live.invitation import (
    Invitation,
    InvitationError,
    Reply,
    clean_name,
    is_invitation,
    new_game_id,
    read_invitation,
    read_reply,
)
from web.live.messages import (
    Bye,
    Hello,
    Message,
    MovePlayed,
    Offer,
    Ping,
    ProtocolError,
    Resign,
    decode,
    encode,
)
from web.models.events import Event, LiveNews, MoveMade
from web.models.friend import Friend, Link, Subject
from web.models.live_play import game_anew, whole_squares
from web.models.notices import Lifetime, message
from web.models.session import Session
from web.models.storage import Storage
from web.records.formats import shared_address

#: The localStorage key of the live game a reload may reconnect.
LIVE_KEY = "tablut.live"

#: How long the browser may look for its network addresses (ICE candidates) for an
#: invitation or a reply, in milliseconds: a STUN server out of reach must not keep a
#: person waiting longer.
GATHER_MS = 4_000
#: Every how many milliseconds a connected page says it is still there.
PING_MS = 2_000
#: A friend not heard from for this long is gone (a page closed says so at once; a
#: machine asleep or a network gone says nothing).
LOST_MS = 9_000
#: How long after Connect the connection may take before it has failed.
CONNECT_MS = 20_000
#: After this long waiting for the inviter, the invited page says what may be wrong.
PATIENCE_MS = 120_000


def digest(session: Session) -> str:
    """A digest of the game as it stands (rules, start, moves played): the two pages of a
    live game must hold the same."""
    game = session.in_play.game
    played = [whole_squares(game, move) for move in game.moves[:session.in_play.live]]
    text = json.dumps([game.rules.name, game.start, played])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def played_game(session: Session) -> Game:
    """The game on the board as it stands: its moves played, not those undone, at its
    last position (what an invitation carries)."""
    game = session.in_play.game
    played = game_anew(game)
    for move in game.moves[:session.in_play.live]:
        played.play(move)
    return played


def ice_servers(text: str) -> str:
    """The STUN servers of the settings (URLs separated by spaces) as the JSON list that
    RTCPeerConnection takes."""
    return json.dumps([{"urls": url} for url in text.split()])


class LiveConnection:
    """One page's side of live games (see the module docs)."""

    def __init__(self, session: Session, storage: Storage, window: Any,
                 now: Callable[[], float]) -> None:
        """Carry ``session``'s live game through ``window.tablutLive``; keep what a reload
        needs in ``storage``; ``now()`` reads the clock in milliseconds."""
        self.session = session
        self.storage = storage
        self.window = window
        self.now = now
        self.transport = getattr(window, "tablutLive", None)  # looked up once
        self.opened_at: float | None = None  # when Connect was pressed
        self.replied_at: float | None = None
        self.heard = 0.0
        self.pinged = 0.0
        self.receiving = False
        self.kept = ""  # what LIVE_KEY holds, once written
        self.with_friend = False  # whether a live game was on at the last change
        self.reply_token = ""
        session.listen(self.on_event)
        session.subscribe(self.on_change)

    @property
    def friend(self) -> Friend | None:
        """The friend of the live game on the board, or None."""
        return self.session.friend

    @property
    def available(self) -> bool:
        """Whether this browser can play live (WebRTC, and the page's script for it)."""
        return self.transport is not None

    # -- starting --------------------------------------------------------------------------

    def restore(self) -> None:
        """After a reload: the live game kept, if it is the game on the board, comes back
        with its friend not connected (Reconnect invites them again)."""
        try:
            kept = json.loads(self.storage.get(LIVE_KEY) or "null")
            if not isinstance(kept, dict) or kept.get("digest") != digest(self.session):
                return
            friend = Friend.from_dict(kept.get("friend"))
        except ValueError:
            return
        self.session.friend = friend
        self.session.notify()

    def invite(self, own_side: Side, name: str) -> None:
        """Invite a friend to play the game on the board live, the person here playing
        ``own_side``; ``name``: theirs, as they typed it."""
        session = self.session
        friend = self.friend
        if friend is not None and friend.link is Link.CONNECTED:
            return
        if not self.available:
            session.say(message("live-unavailable"), Lifetime.ERROR)
            return
        if friend is None:
            if session.over() or session.setup is not None:
                session.say(message("live-not-now"), Lifetime.ERROR)
                return
            friend = Friend(own_side.opponent, new_game_id(), True, Link.INVITING,
                            own_name=clean_name(name))
            session.begin_live(friend)
        else:  # Reconnect: the same game, the same sides, a new invitation
            friend.inviter, friend.own_name = True, clean_name(name) or friend.own_name
            session.link_changed(Link.INVITING)
        spawn(self._invite(friend))

    async def _invite(self, friend: Friend) -> None:
        try:
            sdp = await self.transport.invite(ice_servers(self.session.settings.stun),
                                              GATHER_MS)
            token = signal.compact(str(sdp))
        except Exception as error:  # noqa: BLE001 - the browser's own refusal
            self._failed("invite", error)
            return
        if self.friend is not friend:
            return  # left meanwhile
        session = self.session
        game = played_game(session)
        clocks = session.clocks
        left = None if clocks is None else (clocks.left(Side.BLACK, self.now()),
                                            clocks.left(Side.WHITE, self.now()))
        invitation = Invitation(token, game, friend.side, friend.game_id, friend.own_name,
                                game.time_control or "", left)
        friend.address = self._address(invitation.fragment())
        self._receive()
        session.link_changed(Link.INVITED)

    def _address(self, fragment: str) -> str:
        """This page's address as a link gives it, with ``fragment``."""
        href = str(self.window.location.href).split("#", 1)[0]
        return shared_address(href) + "#" + fragment

    def answer(self, invitation: Invitation) -> None:
        """Answer ``invitation`` (in the address this page was opened at, its game now on
        the board): the person here plays the side it gives them."""
        session = self.session
        if not self.available:
            session.say(message("live-unavailable"), Lifetime.ERROR)
            return
        friend = Friend(invitation.friend_side.opponent, invitation.game_id, False,
                        Link.REPLYING, name=invitation.name)
        clocks = session.clocks
        if clocks is not None and invitation.left is not None:
            clocks.left_ms = list(invitation.left)
        session.begin_live(friend)
        spawn(self._answer(friend, invitation))

    async def _answer(self, friend: Friend, invitation: Invitation) -> None:
        try:
            offer = signal.expand(invitation.token, "offer")
            sdp = await self.transport.reply(offer, ice_servers(self.session.settings.stun),
                                             GATHER_MS)
            token = signal.compact(str(sdp))
        except Exception as error:  # noqa: BLE001 - a bad offer, or the browser's refusal
            self._failed("reply", error)
            return
        if self.friend is not friend:
            return
        self.reply_token = token
        reply = Reply(token, friend.game_id, friend.own_name)
        friend.address = self._address(reply.fragment())
        self.replied_at = self.now()
        self._receive()
        self.session.link_changed(Link.REPLIED)

    def set_own_name(self, name: str) -> None:
        """The person here gave their name (it goes with the reply, or the hello)."""
        friend = self.friend
        if friend is None:
            return
        friend.own_name = clean_name(name)
        if self.reply_token and not friend.inviter and friend.link is Link.REPLIED:
            reply = Reply(self.reply_token, friend.game_id, friend.own_name)
            friend.address = self._address(reply.fragment())
            self.session.notify()

    def connect(self, text: str) -> None:
        """The inviter pasted the friend's reply: connect."""
        session = self.session
        friend = self.friend
        if friend is None or friend.link is not Link.INVITED:
            session.say(message("live-no-invitation"), Lifetime.ERROR)
            return
        try:
            reply = read_reply(text)
            if reply.game_id is not None and reply.game_id != friend.game_id:
                raise InvitationError("other-game")
            answer = signal.expand(reply.token, "answer")
        except (InvitationError, signal.SignalError) as error:
            session.say(message("live-bad-reply", why=getattr(error, "code", "damaged")),
                        Lifetime.ERROR)
            return
        if reply.name:
            friend.name = reply.name
        self.opened_at = self.now()
        session.link_changed(Link.CONNECTING)
        spawn(self._accept(answer))

    async def _accept(self, answer: str) -> None:
        try:
            await self.transport.accept(answer)
        except Exception as error:  # noqa: BLE001 - the browser refused the answer
            self._failed("accept", error)

    def _failed(self, step: str, error: BaseException) -> None:
        self.window.console.warn(f"Tablut: live {step} failed: {error}")
        self.opened_at = None
        self.session.link_changed(Link.FAILED)

    # -- the channel -------------------------------------------------------------------------

    def _receive(self) -> None:
        """Listen to the channel (once: one loop takes every event in order)."""
        if not self.receiving:
            self.receiving = True
            spawn(self._loop())

    async def _loop(self) -> None:
        try:
            while self.friend is not None:
                event = json.loads(str(await self.transport.receive()))
                self.on_transport(event)
                if event.get("type") == "closed":
                    break
        finally:
            self.receiving = False

    def on_transport(self, event: dict[str, Any]) -> None:
        """An event of the channel: open, a message, closed, failed, or refused."""
        kind = event.get("type")
        friend = self.friend
        if friend is None:
            return
        self.heard = self.now()
        if kind == "open":
            self.opened_at = None
            self.send(Hello(friend.game_id, self.session.in_play.live, digest(self.session),
                            friend.own_name))
        elif kind == "message":
            self.on_message(str(event.get("data", "")))
        elif kind in ("closed", "failed"):
            if friend.link in (Link.CONNECTED, Link.CONNECTING):
                self.session.link_changed(Link.LOST if friend.connected else Link.FAILED)
        elif kind == "refused":
            self.session.refuse_friend("garbled")

    def send(self, said: Message) -> None:
        """Send ``said`` to the friend, if connected."""
        if self.transport is not None:
            self.transport.post(encode(said))

    def on_message(self, text: str) -> None:
        """A message from the friend: read strictly, then handed to the session."""
        session = self.session
        try:
            said = decode(text)
        except ProtocolError as error:
            self.window.console.warn(f"Tablut: refused a message from the friend: {error}")
            session.refuse_friend("garbled")
            return
        friend = self.friend
        assert friend is not None
        if isinstance(said, Hello):
            self._hello(friend, said)
        elif isinstance(said, Ping):
            return
        elif isinstance(said, Bye):
            self.transport.close()
            session.link_changed(Link.LOST)
        elif not friend.connected:
            session.refuse_friend("not-connected")
        elif isinstance(said, MovePlayed):
            session.friend_moved(said.ply, said.move, said.left)
        elif isinstance(said, Resign):
            session.friend_resigned(said.ply)
        elif isinstance(said, Offer):
            session.friend_offers(said.subject, said.answer, said.ply)

    def _hello(self, friend: Friend, hello: Hello) -> None:
        session = self.session
        if hello.game != friend.game_id or hello.digest != digest(session):
            session.refuse_friend("other-game")
            self.send(Bye())
            self.transport.close()
            session.link_changed(Link.FAILED)
            return
        session.link_changed(Link.CONNECTED, hello.name or friend.name)

    # -- the person's side ---------------------------------------------------------------------

    def on_event(self, event: Event) -> None:
        """The person's own moves go to the friend."""
        friend = self.friend
        if friend is None or not friend.connected:
            return
        if isinstance(event, MoveMade) and not event.by_friend:
            session = self.session
            game = session.in_play.game
            move = event.played.move
            self.send(MovePlayed(session.in_play.live - 1, whole_squares(game, move),
                                 session.own_move_left()))
        elif isinstance(event, LiveNews) and event.what == "resigned" and \
                event.side is friend.own_side:
            self.send(Resign(self.session.in_play.live))

    def offer(self, subject: Subject) -> None:
        """The person here offers ``subject`` (a draw, a take-back, a rematch)."""
        if self.session.offer(subject):
            self.send(Offer(subject, "offer", self.session.in_play.live))

    def answer_offer(self, subject: Subject, accept: bool) -> None:
        """The person here accepts or declines the friend's offer about ``subject``."""
        ply = self.session.in_play.live
        if self.session.answer_offer(subject, accept):
            self.send(Offer(subject, "accept" if accept else "decline", ply))

    def withdraw(self, subject: Subject) -> None:
        """The person here takes back their offer about ``subject``."""
        if self.session.withdraw(subject):
            self.send(Offer(subject, "withdraw", self.session.in_play.live))

    def leave(self) -> None:
        """Stop playing live: the game stays on the board; the friend is told
        (:meth:`on_change`, as for any way a live game is left)."""
        self.session.leave_live()

    # -- time -----------------------------------------------------------------------------------

    def tick(self) -> None:
        """Often: say "still here", notice a friend gone silent, a connection that does
        not come, and an inviter who never connects."""
        friend = self.friend
        if friend is None:
            return
        now = self.now()
        if friend.connected:
            if now - self.pinged >= PING_MS:
                self.pinged = now
                self.send(Ping())
            if now - self.heard > LOST_MS:
                self.transport.close()
                self.session.link_changed(Link.LOST)
        elif friend.link is Link.CONNECTING and self.opened_at is not None and \
                now - self.opened_at > CONNECT_MS:
            self.opened_at = None
            self.transport.close()
            self.session.link_changed(Link.FAILED)
        elif friend.link is Link.REPLIED and self.replied_at is not None and \
                now - self.replied_at > PATIENCE_MS:
            self.replied_at = None
            self.session.say(message("live-patience"), Lifetime.LASTING)

    def on_change(self) -> None:
        """After every change: keep what a reload needs; a live game left ends the
        connection."""
        friend = self.friend
        if friend is None:
            if self.with_friend:
                self.with_friend = False
                self.kept = ""
                self.storage.set(LIVE_KEY, "null")
                if self.transport is not None:
                    self.send(Bye())
                    self.transport.close()
            return
        self.with_friend = True
        kept = json.dumps({"digest": digest(self.session), "friend": friend.to_dict()})
        if kept != self.kept:
            self.kept = kept
            try:
                self.storage.set(LIVE_KEY, kept)
            except Exception:  # noqa: BLE001 - storage full: a reload only loses the link
                self.kept = ""


def invitation_in(address: str) -> Invitation | None:
    """The invitation in an address fragment, or None; InvitationError for a bad one."""
    return read_invitation(address) if is_invitation(address) else None
