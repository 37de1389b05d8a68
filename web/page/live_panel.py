"""The live panel: "Play a friend live" opens it; the inviter chooses a side, gets the
invitation link and its QR code, pastes the friend's reply and connects; the friend sees
the side they play and the reply link to send back; once connected, the game's buttons
(Resign, Offer a draw, Ask to take back, Rematch), the friend's offers with Accept and
Decline, and Reconnect when the connection is lost.

It draws the session's friend (:class:`web.models.friend.Friend`) and hands what the
person does to the connection (:class:`web.live.connection.LiveConnection`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablut import Side
from web.bridge.dom import Listeners, spawn
from web.live.connection import LiveConnection, played_game
from web.live.invitation import InvitationError, is_invitation, is_reply, read_invitation
from web.models.friend import Friend, Link
from web.models.notices import Lifetime, message
from web.models.session import Session
from web.records.formats import same_game
from web.words.catalogue import _
from web.words.live import link_text, offer_text

#: The offers, in the order the panel shows them.
SUBJECTS = ("takeback", "draw", "rematch")


class LivePanel:
    """The live panel in the page (see the module docs)."""

    def __init__(self, document: Any, listeners: Listeners, session: Session,
                 connection: LiveConnection, window: Any) -> None:
        """Find the panel's elements in ``document`` and wire its buttons to
        ``connection``; ``window`` gives the clipboard."""
        self.document = document
        self.session = session
        self.connection = connection
        self.window = window
        find = document.getElementById
        self.elements = {name: find(f"live-{name}") for name in (
            "open", "body", "status", "start", "you", "name", "invite", "invitation",
            "invitation-link", "copy-invitation", "qr", "reply-input", "connect", "reply",
            "reply-link", "copy-reply", "offer", "offer-text", "accept", "decline", "mine",
            "withdraw", "actions", "resign", "draw", "takeback", "rematch", "reconnect",
            "leave")}
        self.shown: dict[str, Any] = {}
        self.qr_for = ""
        self.open = False
        self.focus_reply = False
        self.asked: str | None = None  # the friend's offer the buttons answer
        self.mine: str | None = None  # the person's own offer that Withdraw takes back
        element = self.elements
        actions = {
            "open": self.toggle,
            "invite": self.invite,
            "connect": self.connect,
            "copy-invitation": lambda: self.copy("invitation-link"),
            "copy-reply": lambda: self.copy("reply-link"),
            "accept": lambda: self.answer(True),
            "decline": lambda: self.answer(False),
            "withdraw": self.withdraw,
            "resign": self.resign,
            "draw": lambda: connection.offer("draw"),
            "takeback": lambda: connection.offer("takeback"),
            "rematch": lambda: connection.offer("rematch"),
            "reconnect": self.invite,
            "leave": connection.leave,
        }
        for name, action in actions.items():
            listeners.click(element[name], action)
        listeners.on(element["name"], "change", lambda _event: connection.set_own_name(
            str(element["name"].value)))
        listeners.on(element["reply-input"], "keydown", self._on_reply_key)

    # -- links in the address ----------------------------------------------------------------

    def open_address(self, address: str, open_link: Callable[[str], None] | None) -> None:
        """The page was opened at ``address`` (or it was pasted in): an invitation brings
        its game in (``open_link``, the records panel's, which keeps the game it
        replaces) and is answered; a reply opened in a page of its own says where it
        goes."""
        session = self.session
        if is_reply(address):
            session.say(message("live-reply-here"), Lifetime.LASTING)
            return
        if not is_invitation(address):
            return
        try:
            invitation = read_invitation(address)
        except InvitationError as error:
            session.say(message("live-bad-invitation", why=error.code), Lifetime.ERROR)
            return
        friend = session.friend
        if friend is not None:
            if friend.game_id != invitation.game_id and not friend.connected:
                session.leave_live()  # a new invitation: the live game it replaces was lost
            elif friend.connected:
                session.say(message("live-busy"), Lifetime.ERROR)
                return
            else:
                session.friend = None  # the same game, invited again: answered anew
        if open_link is not None:
            open_link(address)
        if not same_game(invitation.game, played_game(session)):
            return  # not brought in: the notice says why
        self.connection.answer(invitation)
        self.reveal()

    # -- what the person does ------------------------------------------------------------------

    def toggle(self) -> None:
        """Open or close the panel."""
        self.open = not self.open
        self.render(self.session)
        if self.open:
            self.elements["invite"].focus()

    def reveal(self) -> None:
        """Open the panel (an invitation was just opened); once the reply is made, its
        box takes the focus, which brings it into view."""
        self.open = True
        self.focus_reply = True
        self.render(self.session)

    def _chosen_side(self) -> Side:
        chosen = self.document.querySelector("input[name='live-side']:checked")
        return Side.parse(str(chosen.value)) if chosen else Side.BLACK

    def invite(self) -> None:
        """Create an invitation (or, the connection lost, a new one for the same game)."""
        friend = self.session.friend
        side = friend.own_side if friend is not None else self._chosen_side()
        self.connection.invite(side, str(self.elements["name"].value))

    def connect(self) -> None:
        """Connect with the reply pasted."""
        self.connection.connect(str(self.elements["reply-input"].value))

    def _on_reply_key(self, event: Any) -> None:
        if event.key == "Enter":
            self.connect()

    def answer(self, accept: bool) -> None:
        """Accept or decline the friend's offer."""
        if self.asked is not None:
            self.connection.answer_offer(self.asked, accept)  # type: ignore[arg-type]

    def withdraw(self) -> None:
        """Take back the person's own offer."""
        if self.mine is not None:
            self.connection.withdraw(self.mine)  # type: ignore[arg-type]

    def resign(self) -> None:
        """Resign the live game."""
        self.session.resign()

    def copy(self, box: str) -> None:
        """Copy a link of the panel to the clipboard (it is selected in its box too, for
        a browser without a clipboard)."""
        node = self.elements[box]
        node.select()
        spawn(self._copy(str(node.value)))

    async def _copy(self, text: str) -> None:
        try:
            await self.window.navigator.clipboard.writeText(text)
        except Exception:  # noqa: BLE001 - no clipboard: the link is selected in its box
            return

    # -- drawing ---------------------------------------------------------------------------------

    def _set(self, name: str, prop: str, value: Any) -> None:
        """Set a property of an element if it changed (each write may be a round trip)."""
        if self.shown.get((name, prop)) != value:
            setattr(self.elements[name], prop, value)
            self.shown[(name, prop)] = value

    def render(self, session: Session) -> None:
        """Draw the panel for the session's live game (or none)."""
        friend = session.friend
        if friend is not None and friend.link in (Link.INVITED, Link.REPLIED):
            self.open = True
        self._set("body", "hidden", not self.open)
        self.elements["open"].setAttribute("aria-expanded", "true" if self.open else "false")
        self._set("status", "textContent", "" if friend is None else link_text(friend))
        self._set("start", "hidden", friend is not None)
        # A name goes with the invitation, the reply or the hello: asked until connected.
        self._set("you", "hidden", friend is not None and friend.link not in (
            Link.INVITED, Link.REPLIED, Link.LOST, Link.FAILED))
        inviting = friend is not None and friend.inviter and friend.link in (
            Link.INVITED, Link.CONNECTING, Link.FAILED)
        replying = friend is not None and not friend.inviter and friend.link is Link.REPLIED
        self._set("invitation", "hidden", not inviting)
        self._set("reply", "hidden", not replying)
        address = "" if friend is None else friend.address
        if inviting:
            self._set("invitation-link", "value", address)
            if self.qr_for != address and address:
                self.qr_for = address
                self._draw_qr(address)
        if replying:
            self._set("reply-link", "value", address)
            if self.focus_reply and address:
                self.focus_reply = False
                self.elements["reply-link"].focus()
                self.elements["reply-link"].select()
        self._render_game(session, friend)

    def _draw_qr(self, address: str) -> None:
        from web.live.qr import draw_qr  # a QR library: loaded when first needed

        # Translators: the accessible name of the QR code of the invitation link.
        draw_qr(self.document, self.elements["qr"], address, _("QR code of the invitation link"))

    def _render_game(self, session: Session, friend: Friend | None) -> None:
        """The game's buttons and the offers."""
        connected = friend is not None and friend.connected
        self._set("actions", "hidden", friend is None or friend.link in (
            Link.INVITING, Link.INVITED, Link.REPLYING, Link.REPLIED))
        over = session.over()
        self._set("resign", "disabled", not connected or over)
        for subject in SUBJECTS:
            self._set(subject, "disabled", not session.may_offer(subject))  # type: ignore[arg-type]
        self._set("rematch", "hidden", not over)
        self._set("draw", "hidden", over)
        self._set("takeback", "hidden", over)
        self._set("resign", "hidden", over)
        self._set("reconnect", "hidden", friend is None or friend.link not in (
            Link.LOST, Link.FAILED))
        asked = mine = None
        if friend is not None:
            asked = next((s for s in SUBJECTS if friend.offered(s) == "theirs"), None)
            mine = next((s for s in SUBJECTS if friend.offered(s) == "mine"), None)
        self.asked, self.mine = asked, mine
        self._set("offer", "hidden", asked is None)
        self._set("offer-text", "textContent",
                  "" if asked is None or friend is None else offer_text(friend, asked) or "")
        self._set("mine", "hidden", mine is None)
        self._set("withdraw", "hidden", mine is None)
        self._set("mine", "textContent",
                  "" if mine is None or friend is None else offer_text(friend, mine) or "")
