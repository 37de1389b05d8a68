"""End-to-end: two pages of the built site connect over a WebRTC data channel
(web/live.js), their handshake carried as tokens (web/live/signal.py) as the links will.

Two browser contexts of one Chromium, which fetch nothing once the page is loaded, with
no ICE server: page A invites, the
offer goes through compact() and expand() here, page B replies, the answer comes back the
same way, and A accepts it. Then both see "open", messages go both ways in order, a
close on one side is a "closed" on the other, and everything that can go wrong (a garbage
answer, a peer that sends what the page does not take, a STUN server that never answers,
bad arguments) ends in a clean rejection or event. The figures (token lengths, the time
from accept() to "open", from close() to the peer's "closed") are printed for the record
(``pytest -s``).

The pages run no Python: live.js is on the page at once, and the page's Python would
only contend for the two cores (on the main thread, as it starts without a service
worker). So its runtime is never fetched, and no service worker reloads a page under a
connection.
"""

from __future__ import annotations

import contextlib
import json
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from web.live.signal import compact, expand  # noqa: E402

pytestmark = pytest.mark.e2e

#: How long a test waits for the connection's events: two cores shared with other work.
EVENT_TIMEOUT_MS = 30_000

#: Reads a session's events into window.liveEvents, each with the time it came (ms,
#: performance.timeOrigin + now(): one clock for both pages), until the last one.
PUMP = """() => {
  window.liveEvents = [];
  (async () => {
    for (;;) {
      const event = JSON.parse(await tablutLive.receive());
      event.at = performance.timeOrigin + performance.now();
      liveEvents.push(event);
      if (event.type === "closed" || event.type === "failed") return;
    }
  })();
}"""

#: A promise's outcome as data: ["resolved", value] or ["rejected", "<Error?> message"].
OUTCOME = """async (call) => {
  try {
    return ["resolved", await call()];
  } catch (error) {
    return ["rejected", (error instanceof Error ? "Error: " : "not an Error: ") + error.message];
  }
}"""


@pytest.fixture
def pages(live_browser: Browser, site_url: str) -> Iterator[tuple[Page, Page]]:
    """Two pages of the site, each in a context of its own, which fetches nothing more
    once loaded. (Not Playwright's offline mode: Chromium's emulation of it keeps the ICE
    checks of a new connection from getting through, which a browser that is really
    offline, on a local network, does not.)"""
    contexts = [live_browser.new_context(service_workers="block") for _ in range(2)]
    opened = []
    for context in contexts:
        page = context.new_page()
        page.route("**/pyscript/**", lambda route: route.abort())
        page.goto(site_url)
        page.wait_for_function("!!window.tablutLive")
        context.route("**/*", lambda route: route.abort())
        opened.append(page)
    yield opened[0], opened[1]
    for context in contexts:
        context.close()


def outcome(page: Page, call: str, *args: object) -> list:
    """What the promise of ``call`` (a JS expression over ``args``, named a, b, c)
    came to, as :data:`OUTCOME` gives it."""
    names = ", ".join("abc"[: len(args)])
    return page.evaluate(f"([{names}]) => ({OUTCOME})(() => {call})", list(args))


def events(page: Page, count: int) -> list[dict]:
    """The page's first ``count`` events, once they have come."""
    page.wait_for_function(f"window.liveEvents.length >= {count}", timeout=EVENT_TIMEOUT_MS)
    return page.evaluate("liveEvents")


def state(page: Page) -> dict:
    return json.loads(page.evaluate("tablutLive.state()"))


def handshake(inviter: Page, friend: Page) -> tuple[str, str]:
    """A's invitation and B's reply, each through a token; returns the two tokens."""
    started = time.monotonic()
    offer = inviter.evaluate("tablutLive.invite('[]', 3000)")
    gathered = time.monotonic() - started
    inviter.evaluate(PUMP)
    invitation = compact(offer)
    answer = friend.evaluate("([sdp]) => tablutLive.reply(sdp, '[]', 3000)",
                             [expand(invitation, "offer")])
    friend.evaluate(PUMP)
    reply = compact(answer)
    print(f"\ninvitation token {len(invitation)} characters, reply token {len(reply)} "
          f"(offer SDP {len(offer)}, answer SDP {len(answer)}); offer gathered in "
          f"{gathered * 1000:.0f} ms")
    return invitation, reply


def test_two_pages_connect_talk_and_close(pages: tuple[Page, Page]) -> None:
    a, b = pages
    invitation, reply = handshake(a, b)
    assert a.evaluate("tablutLive.post('too soon')") is False

    # A garbage reply is refused, and the invitation still waits.
    for wrong in ("v=0\r\ngarbage", "", "\x00" * 5000):
        result = outcome(a, "tablutLive.accept(a)", wrong)
        assert result[0] == "rejected"
        assert result[1].startswith("Error: the reply could not be used")
    assert state(a)["channel"] == "connecting"

    accepted = a.evaluate("""async ([sdp]) => {
      const at = performance.timeOrigin + performance.now();
      await tablutLive.accept(sdp);
      return at;
    }""", [expand(reply, "answer")])
    opened_a, opened_b = events(a, 1)[0], events(b, 1)[0]
    assert opened_a["type"] == opened_b["type"] == "open"
    print(f"accept() to open: {opened_a['at'] - accepted:.0f} ms on the inviter's side, "
          f"{opened_b['at'] - accepted:.0f} ms on the friend's")
    assert state(a) == {"connection": "connected", "ice": state(a)["ice"], "channel": "open"}
    assert state(a)["ice"] in ("connected", "completed")

    # Both ways, in order; the longest message passes, one character more is not sent.
    longest = "x" * a.evaluate("tablutLive.maxMessage")
    for text in ("a1", "a2", "", "ä ☃ 3", longest):
        assert a.evaluate("([text]) => tablutLive.post(text)", [text]) is True
    assert a.evaluate("([text]) => tablutLive.post(text + 'x')", [longest]) is False
    assert a.evaluate("tablutLive.post(42)") is False
    for text in ("b1", "b2"):
        assert b.evaluate("([text]) => tablutLive.post(text)", [text]) is True
    assert [e["data"] for e in events(b, 6)[1:]] == ["a1", "a2", "", "ä ☃ 3", longest]
    assert [e["data"] for e in events(a, 3)[1:]] == ["b1", "b2"]
    assert {e["type"] for e in events(a, 3)[1:] + events(b, 6)[1:]} == {"message"}

    # A closes: B sees "closed", once; both sides then answer "closed" and send nothing.
    closed = a.evaluate("""() => {
      const at = performance.timeOrigin + performance.now();
      tablutLive.close();
      return at;
    }""")
    seen = events(b, 7)[6]
    assert seen["type"] == "closed"
    print(f"close() to the peer's closed: {seen['at'] - closed:.0f} ms")
    assert [e["type"] for e in events(a, 4)][3:] == ["closed"]
    for page in (a, b):
        assert page.evaluate("tablutLive.receive()") == '{"type":"closed"}'
        assert page.evaluate("tablutLive.post('after')") is False
        assert state(page)["connection"] == "closed"
    page_b_events = b.evaluate("liveEvents.map(e => e.type)")
    assert page_b_events == ["open", *["message"] * 5, "closed"]


def test_a_peer_that_vanishes_is_a_failure(pages: tuple[Page, Page]) -> None:
    """A page that goes without its goodbye (a crash, a machine gone to sleep, a lost
    network) is seen by ICE's consent checks: "failed", about 15 s later."""
    a, b = pages
    invitation, reply = handshake(a, b)
    a.evaluate("([sdp]) => tablutLive.accept(sdp)", [expand(reply, "answer")])
    assert events(a, 1)[0]["type"] == events(b, 1)[0]["type"] == "open"
    gone = a.evaluate("performance.timeOrigin + performance.now()")
    # Chromium's debug address crashes B's renderer where it stands: no pagehide runs.
    with contextlib.suppress(PlaywrightError):
        b.goto("chrome://crash", timeout=3000)
    last = events(a, 2)[1]
    print(f"a peer gone without a goodbye: failed after {last['at'] - gone:.0f} ms")
    assert last == {**last, "type": "failed", "reason": "the other browser stopped answering"}
    assert a.evaluate("tablutLive.receive()") == '{"type":"closed"}'


#: Page B's side of a peer that is not our page: a data channel of its own on the same
#: negotiated id, whose answer comes back as live.js's would.
RAW_PEER = """async ([offer]) => {
  const pc = new RTCPeerConnection();
  const channel = pc.createDataChannel("raw", {negotiated: true, id: 0});
  window.raw = {pc, channel};
  window.rawOpen = new Promise(resolve => { channel.onopen = resolve; });
  await pc.setRemoteDescription({type: "offer", sdp: offer});
  await pc.setLocalDescription(await pc.createAnswer());
  await new Promise(resolve => {
    pc.onicegatheringstatechange = () => pc.iceGatheringState === "complete" && resolve();
    setTimeout(resolve, 3000);
  });
  return pc.localDescription.sdp;
}"""


def test_what_a_peer_sends_that_the_page_does_not_take_is_refused(
        pages: tuple[Page, Page]) -> None:
    a, b = pages
    offer = a.evaluate("tablutLive.invite('[]', 3000)")
    a.evaluate(PUMP)
    answer = b.evaluate(RAW_PEER, [expand(compact(offer), "offer")])
    assert outcome(a, "tablutLive.accept(a)", expand(compact(answer), "answer"))[0] == "resolved"
    b.evaluate("rawOpen")
    b.evaluate("""() => {
      raw.channel.send(new Uint8Array([1, 2, 3]));
      raw.channel.send("y".repeat(tablutLive.maxMessage + 1));
      raw.channel.send("fine");
    }""")
    # Closed once all three have come: a close at once may cut short what is on its way.
    events(a, 4)
    b.evaluate("() => raw.pc.close()")
    seen = events(a, 5)
    assert [e["type"] for e in seen] == ["open", "refused", "refused", "message", "closed"]
    assert "not text" in seen[1]["reason"] and "longer than" in seen[2]["reason"]
    assert seen[3]["data"] == "fine"


def test_a_stun_server_that_never_answers_holds_nothing_up(pages: tuple[Page, Page]) -> None:
    """Gathering ends when gatherMs has passed, with the host candidates found by then;
    the silent server on loopback, which Chromium keeps asking, is not waited for."""
    a, _ = pages
    silent = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    silent.bind(("127.0.0.1", 0))
    try:
        servers = json.dumps([{"urls": f"stun:127.0.0.1:{silent.getsockname()[1]}"}])
        took, sdp = a.evaluate("""async ([servers]) => {
          const start = performance.now();
          const sdp = await tablutLive.invite(servers, 1500);
          return [performance.now() - start, sdp];
        }""", [servers])
        silent.settimeout(1)
        request = silent.recv(2048)
    finally:
        silent.close()
    print(f"\ninvite() with a silent STUN server, gatherMs 1500: {took:.0f} ms")
    assert request[:2] == b"\x00\x01"  # Chromium did ask: a STUN binding request
    assert 1400 <= took < 5000
    assert "typ host" in sdp and len(compact(sdp)) <= 120


def test_bad_calls_reject_with_an_error_that_says_why(pages: tuple[Page, Page]) -> None:
    a, _ = pages
    assert a.evaluate("tablutLive.receive()") == '{"type":"closed"}'  # no session yet
    assert state(a) == {"connection": "none", "ice": "none", "channel": "none"}
    assert a.evaluate("tablutLive.post('x')") is False
    a.evaluate("tablutLive.close()")  # nothing to close: nothing happens

    for call, words in [
        ("tablutLive.invite('not json', 100)", "not JSON"),
        ("tablutLive.invite('{\"urls\": 1}', 100)", "not a list"),
        ("tablutLive.invite('[{\"urls\": \"bogus:x\"}]', 100)", "could not be made"),
        ("tablutLive.invite('[]', 'soon')", "milliseconds"),
        ("tablutLive.reply('garbage', '[]', 100)", "the invitation could not be used"),
        ("tablutLive.accept('v=0')", "no invitation is waiting"),
    ]:
        result = outcome(a, call)
        assert result[0] == "rejected" and result[1].startswith("Error: ") and words in result[1]
    # A reply that failed leaves no connection that a reader would wait on for ever.
    assert a.evaluate("tablutLive.receive()") == '{"type":"closed"}'

    # A reply that parses but does not fit (here the invitation itself) ends the
    # invitation: Chromium would refuse every reply after it.
    invitation = expand(compact(a.evaluate("tablutLive.invite('[]', 500)")), "offer")
    a.evaluate(PUMP)
    result = outcome(a, "tablutLive.accept(a)", invitation)
    assert result[0] == "rejected" and "does not fit the invitation" in result[1]
    assert [e["type"] for e in events(a, 1)] == ["failed"]
    assert "no invitation is waiting" in outcome(a, "tablutLive.accept(a)", invitation)[1]

    # One next() at a time; a new invitation ends the session before it, whose reader
    # sees "closed".
    assert outcome(a, "tablutLive.invite('[]', 500)")[0] == "resolved"
    a.evaluate("() => { window.first = tablutLive.receive(); }")
    assert "already waiting" in outcome(a, "tablutLive.receive()")[1]
    assert outcome(a, "tablutLive.invite('[]', 500)")[0] == "resolved"
    assert a.evaluate("first") == '{"type":"closed"}'
    a.evaluate("() => { window.second = tablutLive.receive(); }")
    a.evaluate("tablutLive.close()")
    assert a.evaluate("second") == '{"type":"closed"}'
