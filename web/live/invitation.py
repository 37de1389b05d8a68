"""The links that start a live game: the invitation (the inviter's WebRTC offer, and the
game, the side the friend plays, the clock) and the friend's reply (their answer).

An invitation is a share link (:mod:`tablut.links`: the game at the position where it
stands, so that a game in progress resumes where it is) with more fields::

    #v=1&rules=berkeley&moves=d1-4&at=...&live=<offer>&as=white&game=k3Jd9aPq&name=Ana

- ``live``: the inviter's offer, made short by :func:`web.live.signal.compact`;
- ``as``: the side the friend plays; ``game``: the game's identifier, the same when a
  broken connection is made again (:attr:`Invitation.game_id`);
- ``name``: the inviter's name, if they gave one;
- ``clock`` and ``left``: the time control ("5+3") and each side's time left in
  milliseconds ("300000.295000", black's first), when the game has a clock.

A reply is ``#reply=<answer>&game=<id>&name=Bo``; the inviter pastes it (or the whole
link) into "Friend's reply". Both are read here, strictly: a link is something a person
pasted or was sent, and a bad one is refused with a code (:class:`InvitationError`) and
changes nothing. Browser-free.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from urllib.parse import quote, urlencode

from tablut import Game, Side
from tablut.links import LinkError, fragment_fields, game_from_fragment, game_to_fragment
from web.live.messages import GAME_ID, MAX_NAME
from web.models.clocks import ClockError, TimeControl

#: A signalling token (:mod:`web.live.signal`): URL-safe base64, of a sane length.
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,2000}")

#: Times left, black's then white's, in milliseconds.
LEFT = re.compile(r"(\d{1,9})\.(\d{1,9})")


class InvitationError(ValueError):
    """An invitation or a reply that cannot be used; ``code`` says why ("not-live",
    "bad-token", "bad-side", "bad-game", "bad-name", "bad-clock", "not-a-reply",
    "bad-link"); ``cause`` is the link's own error, if any."""

    def __init__(self, code: str, cause: Exception | None = None) -> None:
        """The error ``code``, caused by ``cause``."""
        super().__init__(code if cause is None else f"{code}: {cause}")
        self.code, self.cause = code, cause


def new_game_id() -> str:
    """A fresh identifier for a live game: twelve letters and digits."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(12))


@dataclass(frozen=True)
class Invitation:
    """What an invitation link says.

    Attributes:
        token: the inviter's WebRTC offer, as :func:`web.live.signal.compact` made it.
        game: the game, at the position where it stands.
        friend_side: the side the person invited plays.
        game_id: the game's identifier (see the module docs).
        name: the inviter's name, or "".
        clock: the time control ("5+3"), or "" for none.
        left: each side's time left in milliseconds (black, white), or None: full.
    """

    token: str
    game: Game
    friend_side: Side
    game_id: str
    name: str = ""
    clock: str = ""
    left: tuple[int, int] | None = None

    def fragment(self) -> str:
        """The link's fragment, without its ``#``."""
        fields = {"live": self.token, "as": self.friend_side.word, "game": self.game_id}
        if self.name:
            fields["name"] = self.name
        if self.clock:
            fields["clock"] = self.clock
            if self.left is not None:
                fields["left"] = f"{self.left[0]}.{self.left[1]}"
        # "+" is written %2B: a query string reads a plain "+" as a space.
        return game_to_fragment(self.game) + "&" + urlencode(fields, quote_via=quote,
                                                            safe="-_.")


@dataclass(frozen=True)
class Reply:
    """What a reply says: the friend's WebRTC answer, the game it answers (None when
    only the answer was pasted) and the friend's name."""

    token: str
    game_id: str | None = None
    name: str = ""

    def fragment(self) -> str:
        """The link's fragment, without its ``#``."""
        fields = {"reply": self.token}
        if self.game_id:
            fields["game"] = self.game_id
        if self.name:
            fields["name"] = self.name
        return urlencode(fields, quote_via=quote, safe="-_.")


def clean_name(text: str) -> str:
    """A name as a player typed it, made safe to show and send: no control characters,
    spaces folded, at most :data:`MAX_NAME` characters."""
    kept = "".join(char for char in text if ord(char) >= 32 and not 127 <= ord(char) < 160)
    return " ".join(kept.split())[:MAX_NAME]


def _name(fields: dict[str, str]) -> str:
    name = fields.get("name", "")
    if len(name) > MAX_NAME or clean_name(name) != name.strip():
        raise InvitationError("bad-name")
    return name.strip()


def _clock(fields: dict[str, str]) -> tuple[str, tuple[int, int] | None]:
    clock = fields.get("clock", "")
    if not clock:
        return "", None
    try:
        written = TimeControl.parse(clock).text
    except ClockError as error:
        raise InvitationError("bad-clock", error) from None
    if written != clock:
        raise InvitationError("bad-clock")
    left = fields.get("left")
    if left is None:
        return clock, None
    found = LEFT.fullmatch(left)
    if found is None:
        raise InvitationError("bad-clock")
    return clock, (int(found.group(1)), int(found.group(2)))


def is_invitation(fragment: str) -> bool:
    """Whether the address fragment ``fragment`` is an invitation (has ``live``)."""
    return "live" in fragment_fields(fragment)


def is_reply(fragment: str) -> bool:
    """Whether the address fragment ``fragment`` is a friend's reply (has ``reply``)."""
    return "reply" in fragment_fields(fragment)


def read_invitation(fragment: str) -> Invitation:
    """The invitation in an address fragment; InvitationError, saying why, if it is not
    a good one."""
    fields = fragment_fields(fragment)
    if "live" not in fields:
        raise InvitationError("not-live")
    token = fields["live"]
    if not TOKEN.fullmatch(token):
        raise InvitationError("bad-token")
    try:
        side = Side.parse(fields.get("as", ""))
    except ValueError:
        raise InvitationError("bad-side") from None
    game_id = fields.get("game", "")
    if not GAME_ID.fullmatch(game_id):
        raise InvitationError("bad-game")
    try:
        game = game_from_fragment(fragment)
    except LinkError as error:
        raise InvitationError("bad-link", error) from None
    clock, left = _clock(fields)
    game.time_control = clock or None  # a share link has no clock; an invitation has
    return Invitation(token, game, side, game_id, _name(fields), clock, left)


def read_reply(text: str) -> Reply:
    """The reply in what the inviter pasted: a reply link, its fragment, or the bare
    answer; InvitationError("not-a-reply") for anything else."""
    text = text.strip()
    if TOKEN.fullmatch(text):
        return Reply(text)
    fields = fragment_fields(text.split("#", 1)[1] if "#" in text else text)
    token = fields.get("reply", "")
    if not TOKEN.fullmatch(token):
        raise InvitationError("not-a-reply")
    game_id = fields.get("game") or None
    if game_id is not None and not GAME_ID.fullmatch(game_id):
        raise InvitationError("bad-game")
    return Reply(token, game_id, _name(fields))
