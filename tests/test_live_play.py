"""A live game between two pages, in this interpreter (tests/live_pair.py): invited and
connected, each player moves only their own pieces and each move reaches the other board;
a resignation, a draw, a take-back and a rematch are agreed on both; a friend gone is
noticed; and whatever a hostile page sends is refused and changes nothing."""

from __future__ import annotations

import json
import random

from live_pair import pair, settle
from session_helpers import click, said, sq

from tablut import Side
from web.live.connection import LIVE_KEY, LOST_MS, digest
from web.live.messages import Hello, MovePlayed, Offer, encode
from web.models.friend import Friend, Link


def moves(page) -> list:
    return list(page.session.game.moves)


def play(page, frm: str, to: str) -> None:
    click(page.session, frm, to)
    settle()


def test_invited_and_connected_both_pages_say_so_with_names_and_sides() -> None:
    with pair(Side.BLACK) as (inviter, friend, _now):
        a, b = inviter.session.friend, friend.session.friend
        assert a.link is Link.CONNECTED and b.link is Link.CONNECTED
        assert a.side is Side.WHITE and b.side is Side.BLACK  # each page: the other's side
        assert a.name == "Bo" and b.name == "Ana"
        assert a.game_id == b.game_id


def test_twelve_moves_each_way_give_the_same_game_on_both_pages() -> None:
    with pair(Side.BLACK) as (inviter, friend, now):
        chooser = random.Random(7)
        for _ in range(24):
            mover = inviter if inviter.session.game.side is Side.BLACK else friend
            legal = mover.session.game.legal_moves()
            frm, to = chooser.choice(legal)
            mover.session.activate(frm)
            mover.session.activate(to)
            settle()
            now.wait(1)
            if mover.session.over():
                break
        assert moves(inviter) == moves(friend) and len(moves(inviter)) >= 12
        assert digest(inviter.session) == digest(friend.session)


def test_a_person_moves_only_their_own_side() -> None:
    with pair(Side.BLACK) as (inviter, friend, _now):
        # The friend plays white: black's first move is not theirs to make.
        click(friend.session, "d1")
        assert "friend's move" in said(friend.session) and not moves(friend)
        play(inviter, "d1", "d4")
        assert moves(friend) == moves(inviter) == [(sq("d1"), sq("d4"))]
        click(inviter.session, "e1", "e2")  # black again: white's turn
        assert len(moves(inviter)) == 1


def test_a_hostile_page_is_refused_and_nothing_changes() -> None:
    with pair(Side.BLACK) as (inviter, friend, _now):
        play(inviter, "d1", "d4")
        before = inviter.session.game.to_json()
        for text in ("garbage", '{"t":"move"}', encode(MovePlayed(1, "d4-d5")),  # black's
                     encode(MovePlayed(1, "e3-e9")),  # not legal
                     encode(MovePlayed(5, "e3-d3")),  # not at this move
                     json.dumps({"t": "move", "ply": 1, "move": "e3-d3", "x": 1}),
                     encode(Offer("takeback", "accept", 1))):  # nobody asked
            inviter.live.on_message(text)
            assert inviter.session.game.to_json() == before, text
            assert said(inviter.session), text
        # A move for the friend's own side, well formed and legal, is played.
        inviter.live.on_message(encode(MovePlayed(1, "e3-d3", None)))
        assert len(moves(inviter)) == 2


def test_a_draw_offered_and_accepted_ends_both_games() -> None:
    with pair(Side.BLACK) as (inviter, friend, _now):
        play(inviter, "d1", "d4")
        inviter.live.offer("draw")
        settle()
        assert friend.session.friend.offered("draw") == "theirs"
        friend.live.answer_offer("draw", True)
        settle()
        for page in (inviter, friend):
            assert page.session.over() and page.session.friend.ending.how == "agreed"


def test_a_draw_declined_goes_on() -> None:
    with pair(Side.BLACK) as (inviter, friend, _now):
        inviter.live.offer("draw")
        settle()
        friend.live.answer_offer("draw", False)
        settle()
        assert not inviter.session.over() and not inviter.session.friend.offers
        play(inviter, "d1", "d4")
        assert len(moves(friend)) == 1


def test_a_take_back_asked_and_accepted_takes_the_move_back_on_both() -> None:
    with pair(Side.BLACK) as (inviter, friend, _now):
        play(inviter, "d1", "d4")
        play(friend, "e3", "d3")
        play(inviter, "a4", "c4")
        inviter.live.offer("takeback")
        settle()
        friend.live.answer_offer("takeback", True)
        settle()
        assert moves(inviter) == moves(friend) == [(sq("d1"), sq("d4")), (sq("e3"), sq("d3"))]
        assert inviter.session.game.side is Side.BLACK


def test_resigning_ends_the_game_for_the_other_side_and_a_rematch_swaps_sides() -> None:
    with pair(Side.BLACK) as (inviter, friend, _now):
        play(inviter, "d1", "d4")
        friend.session.resign()
        settle()
        for page in (inviter, friend):
            ending = page.session.friend.ending
            assert ending.how == "resigned" and ending.side is Side.WHITE
            assert page.session.finished_game()[0] is Side.BLACK
        old_id = inviter.session.friend.game_id
        friend.live.offer("rematch")
        settle()
        inviter.live.answer_offer("rematch", True)
        settle()
        for page in (inviter, friend):
            assert not page.session.game.moves and not page.session.over()
            assert page.session.friend.game_id != old_id
        assert inviter.session.friend.game_id == friend.session.friend.game_id
        # Sides swapped: the inviter now plays white, so the friend moves first.
        assert inviter.session.friend.own_side is Side.WHITE
        play(friend, "d1", "d4")
        assert moves(inviter) == [(sq("d1"), sq("d4"))]


def test_a_friend_gone_silent_is_noticed_and_the_game_kept() -> None:
    with pair(Side.BLACK) as (inviter, friend, now):
        play(inviter, "d1", "d4")
        friend.channel.open = False  # the friend's machine is gone: nothing more comes
        friend.channel.peer = None
        now.wait(LOST_MS / 1000 + 1)
        inviter.live.tick()
        assert inviter.session.friend.link is Link.LOST
        assert moves(inviter) == [(sq("d1"), sq("d4"))]
        kept = json.loads(inviter.storage.get(LIVE_KEY))
        assert kept["friend"]["game"] == inviter.session.friend.game_id


def test_a_closed_page_is_noticed_at_once() -> None:
    with pair(Side.BLACK) as (inviter, friend, _now):
        friend.channel.close()
        settle()
        assert inviter.session.friend.link is Link.LOST


def test_a_reload_keeps_the_live_game_to_reconnect() -> None:
    with pair(Side.BLACK) as (inviter, _friend, _now):
        play(inviter, "d1", "d4")
        kept = inviter.storage.get(LIVE_KEY)
        inviter.session.friend = None
        inviter.live.restore()
        friend = inviter.session.friend
        assert isinstance(friend, Friend) and friend.link is Link.LOST
        assert json.loads(kept)["digest"] == digest(inviter.session)


def test_a_hello_for_another_game_is_refused() -> None:
    with pair(Side.BLACK) as (inviter, _friend, _now):
        inviter.live.on_message(encode(Hello("otherGame123", 0, "0" * 16, "Eve")))
        assert inviter.session.friend.link is Link.FAILED


def test_the_clocks_run_on_both_pages_from_the_moves_own_times() -> None:
    with pair(Side.BLACK, clock="5+3") as (inviter, friend, now):
        assert friend.session.clocks is not None
        assert friend.session.game.time_control == "5+3"
        now.wait(10)
        play(inviter, "d1", "d4")
        # The mover's page timed it: 300 s - 10 s + 3 s, on both pages alike.
        for page in (inviter, friend):
            assert page.session.clocks.left(Side.BLACK, now()) == 293_000
        now.wait(4)
        play(friend, "e3", "d3")
        for page in (inviter, friend):
            assert page.session.clocks.left(Side.WHITE, now()) == 299_000


def test_a_move_claiming_more_time_than_its_clock_had_is_held_to_it() -> None:
    with pair(Side.BLACK, clock="5+3") as (inviter, friend, now):
        now.wait(20)
        inviter.live.on_message(encode(MovePlayed(0, "d1-d4", None)))  # the friend is white
        assert not moves(inviter)
        play(inviter, "d1", "d4")
        now.wait(30)
        inviter.live.on_message(encode(MovePlayed(1, "e3-d3", 900_000)))
        assert inviter.session.clocks.left(Side.WHITE, now()) == 303_000


def test_what_the_live_region_says_begins_with_a_capital_without_a_name() -> None:
    from web.models.events import LiveNews
    from web.words.live import news_text

    assert news_text(LiveNews("draw-declined")) == "Your friend declined the draw."
    assert news_text(LiveNews("draw-offered", Side.WHITE, "Ana")) == "Ana offers a draw."
    assert news_text(LiveNews("takeback-offered")) == (
        "Your friend asks to take back their last move.")
    assert news_text(LiveNews("connected")) == "Connected with your friend."


def test_a_connection_that_cannot_be_made_fails_after_its_time_and_offers_links() -> None:
    from web.live.connection import CONNECT_MS
    from web.words.live import link_text

    with pair(Side.BLACK, blocked=True) as (inviter, _friend, now):
        friend = inviter.session.friend
        assert friend.link is Link.CONNECTING
        now.wait(CONNECT_MS / 1000 - 1)
        inviter.live.tick()
        assert friend.link is Link.CONNECTING
        now.wait(2)
        inviter.live.tick()
        assert friend.link is Link.FAILED
        assert "sending links" in link_text(friend)
        assert said(inviter.session) == "The connection could not be made."


def test_leaving_says_goodbye_once_and_both_pages_keep_the_game() -> None:
    with pair(Side.BLACK) as (inviter, friend, _now):
        play(inviter, "d1", "d4")
        inviter.live.leave()
        settle()
        goodbyes = [text for text in inviter.channel.sent if json.loads(text)["t"] == "bye"]
        assert len(goodbyes) == 1
        assert inviter.session.friend is None and json.loads(inviter.storage.get(LIVE_KEY)) is None
        assert friend.session.friend.link is Link.LOST
        assert moves(inviter) == moves(friend) == [(sq("d1"), sq("d4"))]
