"""What the page says of a live game: the live panel's status, the offers between the
players, the notices about what the friend sent or what cannot be done, how a game ended
by agreement, and the live region's sentences for what happened.

A friend who gave no name is "your friend"; a name is the friend's own words, shown and
spoken as they wrote it. Every sentence is whole (its name and side inside it), as the
translators see it.
"""

from __future__ import annotations

from collections.abc import Callable

from tablut import Side
from web.models.events import LiveNews
from web.models.friend import Ending, Friend, Link
from web.words.catalogue import _
from web.words.sides import side_name, side_word


def friend_turn_text(side: Side | None) -> str:
    """Why a click waits in a live game: the friend's turn (``side``), or no friend
    connected (None)."""
    if side is None:
        return _("Your friend is not connected: the game waits for them.")
    # Translators: {side} is "black" or "white", the side the friend plays.
    return _("It is your friend's move ({side}): wait for it.").format(side=side_word(side))


def you_play(side: Side) -> str:
    """The side the person at this page plays: "You play White."."""
    if side is Side.BLACK:
        return _("You play Black.")
    return _("You play White.")


def connected_text(friend: Friend) -> str:
    """The status of a live game connected: "Connected with Ana. You play Black."."""
    if friend.name:
        # Translators: {name} is the friend's name as they typed it; {you_play} is
        # "You play Black." or "You play White.".
        return _("Connected with {name}. {you_play}").format(name=friend.name,
                                                             you_play=you_play(friend.own_side))
    # Translators: {you_play} is "You play Black." or "You play White.".
    return _("Connected. {you_play}").format(you_play=you_play(friend.own_side))


#: The live panel's status in each state but connected.
LINK_TEXTS: dict[Link, Callable[[Friend], str]] = {
    Link.INVITING: lambda friend: _("Making the invitation…"),
    Link.INVITED: lambda friend: _("Send the invitation link to your friend (or let them "
                                   "scan the code). When their reply link comes back, paste "
                                   "it under Friend's reply and press Connect."),
    Link.REPLYING: lambda friend: _("Making your reply…"),
    # Translators: {you_play} is "You play Black." or "You play White.".
    Link.REPLIED: lambda friend: _("{you_play} Send the reply link back to your friend: the "
                                   "game starts as soon as they connect.").format(
                                       you_play=you_play(friend.own_side)),
    Link.CONNECTING: lambda friend: _("Connecting…"),
    Link.CONNECTED: connected_text,
    Link.LOST: lambda friend: _("Your friend is not connected any more. The game is kept: "
                                "Reconnect makes a new invitation for the same game, at "
                                "the same position."),
    Link.FAILED: lambda friend: _("The connection could not be made: the networks between "
                                  "you may not allow a direct connection. You can still "
                                  "play by sending links: copy the link after each move "
                                  "and send it; your friend does the same."),
}


def link_text(friend: Friend) -> str:
    """What the live panel says of the connection."""
    return LINK_TEXTS[friend.link](friend)


def offer_text(friend: Friend, subject: str) -> str | None:
    """What the live panel says of the standing offer about ``subject``, if any."""
    who = friend.offered(subject)
    if who == "mine":
        return {"draw": _("You offered a draw."),
                "takeback": _("You asked to take back your last move."),
                "rematch": _("You offered a rematch.")}[subject]
    if who != "theirs":
        return None
    if friend.name:
        # Translators: {name} is the friend's name as they typed it.
        return {"draw": _("{name} offers a draw."),
                "takeback": _("{name} asks to take back their last move."),
                "rematch": _("{name} offers a rematch, sides swapped.")}[subject].format(
                    name=friend.name)
    return {"draw": _("Your friend offers a draw."),
            "takeback": _("Your friend asks to take back their last move."),
            "rematch": _("Your friend offers a rematch, sides swapped.")}[subject]


def ending_sentence(ending: Ending) -> str:
    """The status line of a live game ended by agreement."""
    if ending.how == "agreed":
        return _("Draw agreed.")
    assert ending.side is not None
    # Translators: {side} resigned; {winner} is the other side ("Black", "White").
    return _("{side} resigned: {winner} wins.").format(side=side_name(ending.side),
                                                        winner=side_name(ending.side.opponent))


def _declined(news: LiveNews, subject: str) -> str:
    """The friend declined the offer about ``subject``."""
    if news.name:
        # Translators: {name} is the friend's name as they typed it.
        return {"draw": _("{name} declined the draw."),
                "takeback": _("{name} declined to take back the move."),
                "rematch": _("{name} declined the rematch.")}[subject].format(name=news.name)
    return {"draw": _("Your friend declined the draw."),
            "takeback": _("Your friend declined to take back the move."),
            "rematch": _("Your friend declined the rematch.")}[subject]


def news_text(news: LiveNews) -> str | None:
    """What the live region says of ``news``."""
    friend = news.name or _("your friend")
    subject, _dash, what = news.what.partition("-")
    if what == "offered":
        return offer_text(Friend(Side.BLACK, "", False, Link.CONNECTED, name=news.name,
                                 offers={subject: "theirs"}), subject)
    if what == "declined":
        return _declined(news, subject)
    texts: dict[str, Callable[[], str]] = {
        # Translators: {side} is "black" or "white", the side the friend plays.
        "began": lambda: _("A live game: your friend plays {side}.").format(
            side=side_word(news.side)),
        # Translators: {name} is the friend's name, or "your friend".
        "connected": lambda: _("Connected with {name}.").format(name=friend),
        # Translators: {name} is the friend's name, or "your friend".
        "lost": lambda: _("The connection with {name} is lost. The game is kept.").format(
            name=friend),
        "failed": lambda: _("The connection could not be made."),
        "resigned": lambda: ending_sentence(Ending("resigned", news.side)),
        "agreed": lambda: _("Draw agreed."),
        # Translators: {side} is "black" or "white", whose last move was taken back.
        "takeback": lambda: _("The last move of {side} was taken back.").format(
            side=side_word(news.side)),
        "rematch": lambda: _("A new game, sides swapped: your friend plays {side}.").format(
            side=side_word(news.side)),
    }
    said = texts.get(news.what)
    return None if said is None else said()


def _refused(why: str, move: str = "") -> str:
    texts = {
        "not-connected": _("Your friend's message came while not connected; it was ignored."),
        "over": _("Your friend's move came after the game had ended; it was not played."),
        # Translators: {move} is the move the friend's page sent ("d1-d4").
        "not-their-turn": _("Your friend's page sent a move for your side ({move}); it was "
                            "not played. The game is as it was."),
        "out-of-step": _("Your friend's page is not at the same move; its message was "
                         "ignored. The game is as it was."),
        "illegal": _("Your friend's page sent a move that is not legal here ({move}); it was "
                     "not played. The game is as it was."),
        "no-offer": _("Your friend's page answered an offer nobody made; it was ignored."),
        "not-over": _("Your friend's page offered a rematch before the game ended; it was "
                      "ignored."),
        "garbled": _("Your friend's page sent something that is not a message of this game; "
                     "it was ignored. The game is as it was."),
        "other-game": _("Your friend's page is playing another game: not connected."),
    }
    return texts.get(why, texts["garbled"]).format(move=move)


def _bad_reply(why: str) -> str:
    if why == "other-game":
        return _("This reply answers another invitation: paste the reply to this one.")
    return _("This is not a reply link: paste the whole link your friend sent back.")


#: The notices of live games, by message code (see web.words.notices.TEXTS).
LIVE_NOTICES: dict[str, Callable[..., str]] = {
    "live-news": lambda news: news_text(news) or "",
    "live-refused": _refused,
    "live-busy": lambda: _("Not during a live game: resign it, or wait until it ends."),
    "live-unavailable": lambda: _("This browser cannot play live (it has no WebRTC). You "
                                  "can still play by sending links."),
    "live-not-now": lambda: _("A live game starts from a game in progress: start a new "
                              "game first."),
    "live-no-invitation": lambda: _("Make an invitation first: the reply answers it."),
    "live-bad-reply": _bad_reply,
    "live-reply-here": lambda: _("This is a reply to an invitation to a live game: copy "
                                 "this page's address and paste it under Friend's reply on "
                                 "the page where you made the invitation."),
    "live-bad-invitation": lambda why: _("This invitation to a live game cannot be used: "
                                          "it is damaged or incomplete. Ask your friend "
                                          "for a new one."),
    "live-patience": lambda: _("Still waiting for your friend. If they pasted your reply "
                               "and nothing happens, the networks between you may not "
                               "allow a direct connection: play by sending links instead."),
}
