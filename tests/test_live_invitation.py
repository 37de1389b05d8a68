"""The links that start a live game (web/live/invitation.py): an invitation carries the
game where it stands, the side the friend plays, the game's identifier, the inviter's
name and the clock; a reply carries the answer; a bad one is refused with a code."""

from __future__ import annotations

import pytest
from helpers import game_with

from tablut import Game, Side
from tablut.links import game_to_fragment
from web.live.invitation import (
    Invitation,
    InvitationError,
    Reply,
    clean_name,
    is_invitation,
    is_reply,
    new_game_id,
    read_invitation,
    read_reply,
)
from web.live.messages import GAME_ID

TOKEN = "AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA"


def test_an_invitation_carries_the_game_the_side_the_name_and_the_clock() -> None:
    game = game_with("d1-4", "e3-d")
    game.time_control = "5+3"
    invitation = Invitation(TOKEN, game, Side.WHITE, "k3Jd9aPqXy2z", "Ana Ö", "5+3",
                            (291_000, 300_000))
    fragment = invitation.fragment()
    assert fragment.startswith(game_to_fragment(game) + "&live=")
    assert is_invitation(fragment) and not is_reply(fragment)
    read = read_invitation("#" + fragment)
    assert read.token == TOKEN and read.friend_side is Side.WHITE
    assert read.game.moves == game.moves and read.game_id == "k3Jd9aPqXy2z"
    assert read.name == "Ana Ö" and read.clock == "5+3" and read.left == (291_000, 300_000)


def test_an_invitation_without_clock_or_name() -> None:
    invitation = Invitation(TOKEN, Game("copenhagen"), Side.BLACK, new_game_id())
    read = read_invitation(invitation.fragment())
    assert read.game.rules.name == "copenhagen" and read.friend_side is Side.BLACK
    assert read.name == "" and read.clock == "" and read.left is None


@pytest.mark.parametrize("change, code", [
    (lambda f: f.replace("live=" + TOKEN, "live=short"), "bad-token"),
    (lambda f: f.replace("live=" + TOKEN, "live=" + TOKEN + "%00"), "bad-token"),
    (lambda f: f.replace("as=white", "as=green"), "bad-side"),
    (lambda f: f.replace("game=k3Jd9aPqXy2z", "game=a"), "bad-game"),
    (lambda f: f.replace("clock=5%2B3", "clock=5%2B3x"), "bad-clock"),
    (lambda f: f.replace("left=1.2", "left=1"), "bad-clock"),
    (lambda f: f.replace("name=Ana", "name=An%07a"), "bad-name"),
    (lambda f: f.replace("moves=d1-4", "moves=d1-9"), "bad-link"),
    (lambda f: f.replace("live=" + TOKEN + "&", ""), "not-live"),
])
def test_a_bad_invitation_is_refused_with_a_code(change, code) -> None:
    game = game_with("d1-4")
    game.time_control = "5+3"
    fragment = Invitation(TOKEN, game, Side.WHITE, "k3Jd9aPqXy2z", "Ana", "5+3",
                          (1, 2)).fragment()
    changed = change(fragment)
    assert changed != fragment
    with pytest.raises(InvitationError) as refused:
        read_invitation(changed)
    assert refused.value.code == code


def test_a_reply_is_read_from_its_link_its_fragment_or_the_bare_answer() -> None:
    reply = Reply(TOKEN, "k3Jd9aPqXy2z", "Bo")
    link = "https://example.org/tablut/#" + reply.fragment()
    assert read_reply(link) == reply
    assert read_reply("  " + reply.fragment() + "\n") == reply
    assert read_reply(TOKEN) == Reply(TOKEN)
    assert is_reply(reply.fragment())


@pytest.mark.parametrize("text", ["", "hello", "https://example.org/#v=1&moves=d1-4",
                                  "#reply=short", "#reply=" + TOKEN + "&game=x"])
def test_what_is_not_a_reply_is_refused(text: str) -> None:
    with pytest.raises(InvitationError):
        read_reply(text)


def test_a_name_is_made_safe_to_show() -> None:
    assert clean_name("  Ana \t\u0007 Lind  ") == "Ana Lind"
    assert len(clean_name("x" * 100)) == 40


def test_game_ids_are_fresh_and_well_formed() -> None:
    ids = {new_game_id() for _ in range(50)}
    assert len(ids) == 50 and all(GAME_ID.fullmatch(i) for i in ids)
