"""The friend of a live game, as the page knows them: which side they play, how the two
pages are connected, the offers between the two players, and how the game ended if it
ended by their agreement (a resignation, a draw agreed) rather than on the board.

The connection itself lives in :mod:`web.live.connection`; this is what the session and
the views read and what a reload keeps (:meth:`Friend.to_dict`): the game's identifier,
the sides, the names and the ending, so that a broken connection can be made again for
the same game. Browser-free.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal

from tablut import Side
from web.live.messages import GAME_ID, MAX_NAME

#: What an offer is about: a draw, taking back the last move, a new game with the sides
#: swapped once this one has ended.
Subject = Literal["draw", "takeback", "rematch"]


class Link(Enum):
    """Where the connection with the friend stands."""

    #: The invitation is being made (the browser gathers its network addresses).
    INVITING = "inviting"
    #: The invitation is shown; the friend's reply is awaited.
    INVITED = "invited"
    #: The reply to an invitation is being made.
    REPLYING = "replying"
    #: The reply is shown; the inviter has to paste it and connect.
    REPLIED = "replied"
    #: The reply was pasted: connecting.
    CONNECTING = "connecting"
    #: Both pages are connected.
    CONNECTED = "connected"
    #: The friend's page went away (closed, or the connection broke).
    LOST = "lost"
    #: The connection could not be made in time.
    FAILED = "failed"


#: The states in which the page waits for something from the friend's side.
WAITING = (Link.INVITED, Link.REPLIED, Link.CONNECTING)


@dataclass(frozen=True)
class Ending:
    """A live game ended off the board: ``how`` is "resigned" (``side`` resigned) or
    "agreed" (a draw, ``side`` None)."""

    how: Literal["resigned", "agreed"]
    side: Side | None = None

    @property
    def winner(self) -> Side | None:
        """The side that won, or None for a draw."""
        return None if self.side is None else self.side.opponent


@dataclass
class Friend:
    """The other player of a live game (see the module docs).

    Attributes:
        side: the side the friend plays; the person at this page plays the other.
        game_id: the game's identifier, shared by both pages.
        inviter: whether this page made the invitation.
        link: where the connection stands.
        name: the friend's name, once they have said it ("" for none).
        own_name: the name the person here gave ("" for none).
        offers: the offers standing, by subject: "mine" (made here) or "theirs".
        ending: how the game ended by agreement, or None.
        address: the link this page shows for the friend: the invitation, or the reply.
    """

    side: Side
    game_id: str
    inviter: bool
    link: Link
    name: str = ""
    own_name: str = ""
    offers: dict[str, str] = field(default_factory=dict)
    ending: Ending | None = None
    address: str = ""

    @property
    def own_side(self) -> Side:
        """The side the person at this page plays."""
        return self.side.opponent

    @property
    def connected(self) -> bool:
        """Whether the two pages are connected."""
        return self.link is Link.CONNECTED

    def offered(self, subject: Subject) -> str | None:
        """Who made the standing offer about ``subject``: "mine", "theirs", or None."""
        return self.offers.get(subject)

    def to_dict(self) -> dict[str, Any]:
        """What a reload keeps: the game, the sides, the names and the ending."""
        ending = None if self.ending is None else {
            "how": self.ending.how, "side": None if self.ending.side is None
            else self.ending.side.word}
        return {"game": self.game_id, "side": self.side.word, "inviter": self.inviter,
                "name": self.name, "own_name": self.own_name, "ending": ending}

    @classmethod
    def from_dict(cls, data: Any) -> Friend:
        """The friend :meth:`to_dict` kept, its connection lost (a reload breaks it);
        ValueError if the data is damaged."""
        if not isinstance(data, dict) or not isinstance(data.get("game"), str) or \
                not GAME_ID.fullmatch(data["game"]):
            raise ValueError("not a kept live game")
        names = [data.get("name", ""), data.get("own_name", "")]
        if not all(isinstance(name, str) and len(name) <= MAX_NAME for name in names):
            raise ValueError("damaged names")
        if not isinstance(data.get("inviter"), bool):
            raise ValueError("damaged inviter")
        return cls(Side.parse(str(data.get("side"))), data["game"], data["inviter"],
                   Link.LOST, names[0], names[1], ending=_ending(data.get("ending")))


def _ending(data: Any) -> Ending | None:
    if data is None:
        return None
    if not isinstance(data, dict) or data.get("how") not in ("resigned", "agreed"):
        raise ValueError("damaged ending")
    if data["how"] == "agreed":
        return Ending("agreed")
    return Ending("resigned", Side.parse(str(data.get("side"))))
