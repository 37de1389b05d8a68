"""End-to-end: a live game between two browser contexts of one Chromium, as two friends
play it: one invites, the other opens the invitation and sends the reply back, the first
connects; then moves both ways, a move refused to the wrong side, a draw offered, a move
taken back, a resignation and a rematch; a page closed, noticed and resumed by
reconnecting; and a hostile page that sends garbage, an illegal move and a move for the
wrong side, each refused with the game kept.

The machine reaches no server: the default STUN server cannot be reached (gathering must
stop at its time limit), and the two pages find each other by their host candidates, the
machine's own addresses, which Chromium is told to write out rather than hide behind
mDNS names (conftest.py's live_browser; the flags are the harness's, not the page's).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from records_support import LOAD_TIMEOUT_MS, pieces, play_move, settle, wait_ready
from returning import ReturningVisitors

from tablut import Game, Side
from tablut.squares import shape

pytestmark = pytest.mark.e2e

#: How long a move may take to reach the other board here (the figure is printed).
ARRIVES_MS = 5_000

#: An invitation link, and a reply link, as the panel shows them.
INVITATION = re.compile(r"^https?://.+#.*&live=")
REPLY = re.compile(r"^https?://.+#reply=")


def friend_context(visitors: ReturningVisitors, who: str) -> BrowserContext:
    """The browser of the friend called ``who``, with nothing of the page's kept: their
    own storage, a clipboard."""
    return visitors.context(who, viewport={"width": 1280, "height": 800},
                            permissions=["clipboard-read", "clipboard-write"])


def live(page: Page):  # noqa: ANN201 - a Locator
    """The live panel."""
    return page.locator("#live")


def status(page: Page) -> str:
    """What the live panel says of the connection."""
    return page.locator("#live-status").inner_text()


def invite(page: Page, side: str = "Black", name: str = "Ana") -> str:
    """Make an invitation on ``page``, playing ``side``; its link."""
    page.get_by_role("button", name="Play a friend live").click()
    live(page).get_by_label(side, exact=True).check()
    live(page).get_by_label("Your name (optional)").fill(name)
    live(page).get_by_role("button", name="Create invitation").click()
    link = live(page).get_by_role("textbox", name="Invitation link")
    expect(link).to_have_value(INVITATION, timeout=LOAD_TIMEOUT_MS)
    # The same link as a QR code, for a friend in the same room.
    expect(live(page).get_by_role("img", name="QR code of the invitation link")).to_be_visible()
    return link.input_value()


def answer(context: BrowserContext, invitation: str, name: str = "Bo") -> tuple[Page, str]:
    """Open ``invitation`` in a page of ``context``; the page and its reply link."""
    page = context.new_page()
    page.goto(invitation)
    wait_ready(page)
    reply = live(page).get_by_role("textbox", name="Reply link")
    expect(reply).to_have_value(REPLY, timeout=LOAD_TIMEOUT_MS)
    live(page).get_by_label("Your name (optional)").fill(name)
    live(page).get_by_label("Your name (optional)").blur()
    settle(page)
    return page, reply.input_value()


def connect(inviter: Page, friend: Page, reply: str) -> float:
    """Paste ``reply`` on the inviter's page and connect; seconds until both say
    Connected."""
    live(inviter).get_by_role("textbox", name="Friend's reply").fill(reply)
    started = time.monotonic()
    live(inviter).get_by_role("button", name="Connect").click()
    for page in (inviter, friend):
        expect(page.locator("#live-status")).to_contain_text("Connected", timeout=30_000)
    return time.monotonic() - started


def ready_pair(visitors: ReturningVisitors,
               site_url: str) -> tuple[Page, Page, dict[str, Any]]:
    """Two friends connected: the inviter plays black; figures of the handshake."""
    one, two = friend_context(visitors, "inviter"), friend_context(visitors, "friend")
    inviter = one.new_page()
    inviter.goto(site_url)
    wait_ready(inviter)
    started = time.monotonic()
    invitation = invite(inviter)
    made = time.monotonic() - started
    friend, reply = answer(two, invitation)
    seconds = connect(inviter, friend, reply)
    return inviter, friend, {"invitation": invitation, "reply": reply,
                             "invitation made": made, "connect": seconds}


#: Two friends' pages, connected, and the handshake's figures.
Friends = tuple[Page, Page, dict[str, Any]]


@pytest.fixture
def friends(live_visitors: ReturningVisitors, site_url: str) -> Iterator[Friends]:
    """Two friends connected (:func:`ready_pair`); their pages closed afterwards (their
    browsers are returning visitors' of the session, returning.py)."""
    inviter, friend, figures = ready_pair(live_visitors, site_url)
    contexts = [inviter.context, friend.context]
    yield inviter, friend, figures
    for context in contexts:
        live_visitors.leave(context)


def moves(page: Page) -> list[str]:
    """The moves of the move list, as written there."""
    return [text.strip() for text in page.locator("#move-list button").all_inner_texts()]


def play_seen(page: Page, other: Page, frm: str, to: str) -> float:
    """Play ``frm``-``to`` on ``page`` and wait until ``other`` has it too; the seconds it
    took to arrive."""
    count = len(moves(page)) + 1
    play_move(page, frm, to)
    return wait_for_move(other, count)


def wait_for_move(page: Page, count: int) -> float:
    """Wait until ``page``'s move list has ``count`` moves; the seconds it took."""
    started = time.monotonic()
    expect(page.locator("#move-list button")).to_have_count(count, timeout=ARRIVES_MS)
    return time.monotonic() - started


def test_invite_reply_connect_and_play_twelve_moves_each_way(friends: Friends) -> None:
    inviter, friend, figures = friends
    assert "You play White." in live(friend).inner_text()
    assert "Ana" in status(friend) and "Bo" in status(inviter)
    print(f"\ninvitation link: {len(figures['invitation'])} characters, reply link: "
          f"{len(figures['reply'])}; invitation made in {figures['invitation made']:.2f} s;"
          f" Connect to Connected: {figures['connect']:.2f} s")

    game = Game()
    chooser = random.Random(12)
    name = shape(9).square_name
    arrivals = []
    for _ in range(24):
        page = inviter if game.side is Side.BLACK else friend
        other = friend if page is inviter else inviter
        frm, to = chooser.choice(game.legal_moves())
        arrivals.append(play_seen(page, other, name(frm), name(to)))
        game.play((frm, to))
        expect(other.locator("#announcer")).to_contain_text(f"{name(frm)}")
        if game.outcome() is not None:
            break
    assert moves(inviter) == moves(friend) and len(moves(inviter)) >= 20
    assert pieces(inviter) == pieces(friend)
    print(f"moves arrived in {max(arrivals):.2f} s at most, "
          f"{sorted(arrivals)[len(arrivals) // 2]:.2f} s median")


def test_a_move_of_the_wrong_side_is_refused_offers_and_resigning(friends: Friends) -> None:
    inviter, friend, _figures = friends
    # Black to move: the friend (white) may not move black's pieces, nor wait's.
    friend.locator("#board rect[data-square='d1']").click()
    expect(friend.locator("#notice")).to_contain_text("your friend's move")
    assert moves(friend) == []

    play_seen(inviter, friend, "d1", "d4")
    # A draw offered, and declined.
    live(inviter).get_by_role("button", name="Offer a draw").click()
    expect(live(friend).locator("#live-offer")).to_contain_text("Ana offers a draw.")
    live(friend).get_by_role("button", name="Decline").click()
    expect(inviter.locator("#announcer")).to_contain_text("declined the draw")
    # A take-back asked after one's own move, and accepted: on both boards.
    play_seen(friend, inviter, "e3", "d3")
    live(friend).get_by_role("button", name="Ask to take back").click()
    expect(live(inviter).locator("#live-offer")).to_contain_text("take back")
    live(inviter).get_by_role("button", name="Accept").click()
    for page in (inviter, friend):
        wait_for_move(page, 1)
    assert moves(inviter) == moves(friend) == ["d1-d4"]
    # A resignation ends the game on both pages; then a rematch, sides swapped.
    live(friend).get_by_role("button", name="Resign").click()
    for page in (inviter, friend):
        expect(page.get_by_role("status")).to_have_text("White resigned: Black wins.")
    live(friend).get_by_role("button", name="Rematch").click()
    live(inviter).get_by_role("button", name="Accept").click()
    for page in (inviter, friend):
        expect(page.locator("#move-list button")).to_have_count(0)
    # Now the friend plays black and moves first.
    play_seen(friend, inviter, "d1", "d4")


def test_a_closed_page_is_noticed_and_reconnecting_resumes_the_game(friends: Friends) -> None:
    inviter, friend, _figures = friends
    play_seen(inviter, friend, "d1", "d4")
    play_seen(friend, inviter, "e3", "d3")
    context = friend.context
    started = time.monotonic()
    friend.close()
    expect(inviter.locator("#live-status")).to_contain_text("not connected any more",
                                                            timeout=15_000)
    print(f"\na closed page noticed in {time.monotonic() - started:.2f} s")
    assert moves(inviter) == ["d1-d4", "e3-d3"]
    # Reconnect: a new invitation for the same game, at the same position.
    live(inviter).get_by_role("button", name="Reconnect").click()
    link = live(inviter).get_by_role("textbox", name="Invitation link")
    expect(link).to_have_value(INVITATION, timeout=LOAD_TIMEOUT_MS)
    again, reply = answer(context, link.input_value())
    connect(inviter, again, reply)
    assert moves(again) == ["d1-d4", "e3-d3"]
    play_seen(inviter, again, "a4", "c4")


#: Messages a hostile page might send, each to be refused: garbage, a well-formed message
#: of no use, an illegal move, a move for the other side, a move out of step.
HOSTILE = [
    "garbage",
    '{"t":"move"}',
    '{"t":"move","ply":1,"move":"e3-e9"}',
    '{"t":"move","ply":1,"move":"a4-a3"}',
    '{"t":"move","ply":7,"move":"e3-d3"}',
    '{"t":"offer","subject":"takeback","answer":"accept","ply":1}',
]


def test_a_hostile_page_is_refused_and_the_game_kept(friends: Friends) -> None:
    inviter, friend, _figures = friends
    play_seen(inviter, friend, "d1", "d4")
    before = pieces(inviter)
    for text in HOSTILE:
        inviter.evaluate("() => document.getElementById('notice').replaceChildren()")
        friend.evaluate("text => window.tablutLive.post(text)", text)
        expect(inviter.locator("#notice")).not_to_be_empty()
        settle(inviter)
        assert pieces(inviter) == before, text
        assert moves(inviter) == ["d1-d4"], text
    # The connection and the game go on: the friend's real move is played.
    play_seen(friend, inviter, "e3", "d3")
