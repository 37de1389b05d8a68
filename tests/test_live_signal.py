"""A live game's handshake as a token (web/live/signal.py): Chromium's own descriptions
and any description like them survive compact() and expand(), the token stays short, and
nothing but SignalError comes of a token that is not one."""

from __future__ import annotations

import base64
import ipaddress
import json
import re
import uuid
import zlib
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from web.live.signal import (
    ICE_CHARS,
    MAX_CANDIDATES,
    PWD_LENGTHS,
    ROLES,
    TYPES,
    UFRAG_LENGTHS,
    SignalError,
    compact,
    expand,
)

#: Session descriptions made by web/live.js in Debian's Chromium: offers and answers,
#: with mDNS host candidates (Chromium's default), with plain IPv4 and IPv6 ones
#: (--disable-features=WebRtcHideLocalIpsWithMdns), and with server-reflexive ones from
#: a STUN server. tests/fixtures/live/capture_sdp.py made them, in a network namespace
#: of its own ("how" in the file says what it did), and makes them again.
CAPTURED = json.loads((Path(__file__).parent / "fixtures" / "live" / "chromium_sdp.json")
                      .read_text(encoding="utf-8"))["descriptions"]
CAPTURES = [(name, kind) for name in CAPTURED for kind in ("offer", "answer")]

TOKEN = re.compile(r"[A-Za-z0-9_-]+")
CODES = {"not-a-token", "damaged", "newer", "no-candidates", "wrong-kind"}


def essentials(sdp: str) -> dict:
    """What a data-channel session needs of ``sdp``, read independently of the module:
    credentials, fingerprint, role, and the UDP candidates it can use (type, address,
    port), in order."""
    values: dict = {"candidates": []}
    for line in sdp.splitlines():
        name, _, value = line.removeprefix("a=").partition(":")
        if name in ("ice-ufrag", "ice-pwd", "setup"):
            values[name] = value
        elif name == "fingerprint" and value.startswith("sha-256 "):
            values["fingerprint"] = value.split()[1].upper()
        elif name == "candidate":
            fields = value.split()
            if fields[1] == "1" and fields[2] == "udp" and fields[7] in TYPES:
                values["candidates"].append((fields[7], fields[4].lower(), int(fields[5])))
    return values


def kind_of(sdp: str) -> str:
    return "offer" if "a=setup:actpass" in sdp else "answer"


# -- Chromium's descriptions ----------------------------------------------------------


@pytest.mark.parametrize(("name", "kind"), CAPTURES)
def test_chromium_descriptions_round_trip(name: str, kind: str) -> None:
    sdp = CAPTURED[name][kind]
    token = compact(sdp)
    assert TOKEN.fullmatch(token)
    expanded = expand(token, kind)
    assert essentials(expanded) == essentials(sdp)
    # The same token again from the expansion: one description, one token.
    assert compact(expanded) == token


@pytest.mark.parametrize(("name", "kind"), CAPTURES)
def test_an_expansion_is_a_data_channel_session_as_chromium_writes_one(
        name: str, kind: str) -> None:
    expanded = expand(compact(CAPTURED[name][kind]), kind)
    lines = expanded.split("\r\n")
    assert lines[-1] == "" and lines[0] == "v=0"
    for line in ("a=group:BUNDLE 0", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
                 "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144"):
        assert line in lines
    candidate = re.compile(r"a=candidate:\d+ 1 udp \d+ \S+ \d+ typ (host|srflx raddr "
                           r"(0\.0\.0\.0|::) rport 0)")
    candidates = [line for line in lines if line.startswith("a=candidate:")]
    assert candidates and all(candidate.fullmatch(line) for line in candidates)
    priorities = [int(line.split()[3]) for line in candidates]
    assert len(set(priorities)) == len(priorities) and max(priorities) < 2**31


def test_token_lengths() -> None:
    """About 115 characters for two plain addresses, 130 for two mDNS names, 150 to 170
    with a STUN server's two more; never more than a v1 token can be."""
    lengths = {(name, kind): len(compact(CAPTURED[name][kind])) for name, kind in CAPTURES}
    print(lengths)  # for the record (pytest -s)
    assert lengths[("ip", "offer")] <= 120
    assert lengths[("mdns", "offer")] <= 135
    assert max(lengths.values()) <= 170
    # The longest a v1 token gets: the longest credentials and eight IPv6 candidates.
    largest = description("U" * UFRAG_LENGTHS[1], "p" * PWD_LENGTHS[1], bytes(32), "actpass",
                          [("host", f"2001:db8::{i}", 9 + i) for i in range(MAX_CANDIDATES + 3)])
    assert len(compact(largest)) == 352


def test_the_wrong_kind_is_told() -> None:
    offer = compact(CAPTURED["mdns"]["offer"])
    answer = compact(CAPTURED["mdns"]["answer"])
    for token, kind in ((offer, "answer"), (answer, "offer")):
        with pytest.raises(SignalError) as raised:
            expand(token, kind)
        assert raised.value.code == "wrong-kind"
    with pytest.raises(ValueError, match="kind"):
        expand(offer, "pranswer")


def test_whitespace_inside_a_token_is_ignored() -> None:
    token = compact(CAPTURED["ip"]["answer"])
    broken = f"  {token[:40]}\n{token[40:80]} \r\n\t{token[80:]}\n"
    assert expand(broken, "answer") == expand(token, "answer")


# -- what compact refuses -------------------------------------------------------------


def test_a_description_without_usable_candidates_is_refused() -> None:
    sdp = CAPTURED["mdns"]["offer"]
    bare = "\r\n".join(line for line in sdp.split("\r\n") if not line.startswith("a=candidate:"))
    unusable = bare.replace("a=ice-ufrag:", "a=candidate:1 1 udp 41885439 203.0.113.9 3478 typ "
                            "relay raddr 0.0.0.0 rport 0\r\na=candidate:2 1 tcp 1518280447 "
                            "10.0.0.2 9 typ host tcptype active\r\na=candidate:3 2 udp 1 "
                            "10.0.0.2 5000 typ host\r\na=candidate:4 1 udp 1 fe80::1%eth0 5000 "
                            "typ host\r\na=candidate:5 1 udp 1 printer.local 5000 typ host\r\n"
                            "a=ice-ufrag:")
    for text in (bare, unusable):
        with pytest.raises(SignalError) as raised:
            compact(text)
        assert raised.value.code == "no-candidates"


@pytest.mark.parametrize("change", [
    ("a=fingerprint:sha-256", "a=fingerprint:sha-1"),
    ("m=application", "m=audio"),
    ("a=ice-ufrag:", "a=ice-ufrag:x"),  # a fifth character, fine; the next one is not
    ("a=ice-pwd:", "a=ice-pwd:*"),
    ("a=setup:actpass", "a=setup:holdconn"),
    ("a=mid:0", "a=mid:data"),
    ("a=sctp-port:5000", "a=sctp-port:5001"),
])
def test_a_description_a_token_cannot_carry_is_refused(change: tuple[str, str]) -> None:
    sdp = CAPTURED["ip"]["offer"].replace(*change)
    if change[1] == "a=ice-ufrag:x":
        assert expand(compact(sdp), "offer")
        sdp = sdp.replace("a=ice-ufrag:", "a=ice-ufrag:" + "x" * UFRAG_LENGTHS[1])
    with pytest.raises(SignalError) as raised:
        compact(sdp)
    assert raised.value.code == "unsupported"


@pytest.mark.parametrize("value", ["", "v=0\r\n", "not an sdp", None, 42, b"v=0"])
def test_what_is_no_description_is_refused(value: object) -> None:
    with pytest.raises(SignalError) as raised:
        compact(value)  # type: ignore[arg-type]
    assert raised.value.code == "unsupported"


# -- any description ------------------------------------------------------------------


def description(ufrag: str, pwd: str, fingerprint: bytes, setup: str,
                candidates: list[tuple[str, str, int]], session_fingerprint: bool = False,
                ) -> str:
    """A description laid out as Chromium writes one (the fingerprint at session level as
    Firefox puts it, with ``session_fingerprint``), with a TCP and a relayed candidate
    that a token leaves out."""
    hex_pairs = ":".join(f"{b:02X}" for b in fingerprint)
    fingerprint_line = f"a=fingerprint:sha-256 {hex_pairs}"
    lines = ["v=0", "o=- 4611731400430051336 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
             *([fingerprint_line] if session_fingerprint else []),
             "a=group:BUNDLE 0", "a=extmap-allow-mixed", "a=msid-semantic: WMS",
             "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
    for i, (kind, address, port) in enumerate(candidates):
        extra = "" if kind == "host" else " raddr 0.0.0.0 rport 0"
        lines.append(f"a=candidate:{1000 + i} 1 udp {2**31 - 1 - i} {address} {port} "
                     f"typ {kind}{extra} generation 0 network-id 1 network-cost 10")
    lines += ["a=candidate:9 1 tcp 1518280447 192.0.2.1 9 typ host tcptype active",
              "a=candidate:8 1 udp 41885439 198.51.100.1 3478 typ relay raddr 0.0.0.0 rport 0",
              f"a=ice-ufrag:{ufrag}", f"a=ice-pwd:{pwd}", "a=ice-options:trickle",
              *([] if session_fingerprint else [fingerprint_line]),
              f"a=setup:{setup}", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144"]
    return "\r\n".join(lines) + "\r\n"


addresses = st.one_of(
    st.integers(0, 2**32 - 1).map(lambda n: str(ipaddress.IPv4Address(n))),
    st.integers(0, 2**128 - 1).map(lambda n: str(ipaddress.IPv6Address(n))),
    st.binary(min_size=16, max_size=16).map(lambda b: f"{uuid.UUID(bytes=b)}.local"),
)
candidates = st.lists(st.tuples(st.sampled_from(TYPES), addresses, st.integers(1, 65535)),
                      min_size=1, max_size=12)
credentials = st.tuples(
    st.text(ICE_CHARS, min_size=UFRAG_LENGTHS[0], max_size=UFRAG_LENGTHS[1]),
    st.text(ICE_CHARS, min_size=PWD_LENGTHS[0], max_size=PWD_LENGTHS[1]),
)


@settings(max_examples=300, deadline=None)
@given(credentials, st.binary(min_size=32, max_size=32), st.sampled_from(ROLES), candidates,
       st.booleans())
def test_any_description_round_trips(credentials: tuple[str, str], fingerprint: bytes,
                                     setup: str, found: list[tuple[str, str, int]],
                                     session_fingerprint: bool) -> None:
    sdp = description(*credentials, fingerprint, setup, found, session_fingerprint)
    token = compact(sdp)
    assert TOKEN.fullmatch(token) and len(token) <= 352
    expanded = expand(token, kind_of(sdp))
    before, after = essentials(sdp), essentials(expanded)
    kept, given_ = after.pop("candidates"), before.pop("candidates")
    assert after == before
    # No candidate made up, none twice, at most eight; all of them when there are no
    # more, and the first of every type that there is (server-reflexive ones above all).
    assert set(kept) <= set(given_) and len(set(kept)) == len(kept) <= MAX_CANDIDATES
    if len(set(given_)) <= MAX_CANDIDATES:
        assert set(kept) == set(given_)
    for kind in TYPES:
        first = next((c for c in given_ if c[0] == kind), None)
        assert first is None or first in kept
    assert compact(expanded) == token


# -- what is not a token --------------------------------------------------------------


def frame(body: bytes, version: int = 1) -> str:
    """A token of ``body`` with a good checksum: what a hostile page could hand over."""
    data = bytes([version]) + body
    data += zlib.crc32(data).to_bytes(4, "big")
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def refuses(token: object, kind: str = "offer") -> str | None:
    """The code of the SignalError that expand raises (None when it takes the token:
    then it gave an SDP); anything else it raises fails the test."""
    try:
        assert isinstance(expand(token, kind), str)  # type: ignore[arg-type]
    except SignalError as error:
        assert error.code in CODES
        return error.code
    return None


@pytest.mark.parametrize(("token", "code"), [
    ("", "not-a-token"), ("   ", "not-a-token"), ("hello world!", "not-a-token"),
    ("A", "not-a-token"), ("AAAAA", "not-a-token"), ("AAAAAAA", "not-a-token"),
    ("AAAAAAAA", "damaged"),
    ("AAAAAAAAAAAA", "damaged"), ("x" * 5000, "not-a-token"), ("A" * 1025, "not-a-token"),
    ("https://example.org/#live=abc", "not-a-token"), (None, "not-a-token"),
    (b"ASAE", "not-a-token"), ("ASAE3ZYH+/==", "not-a-token"),
])
def test_garbage_is_not_a_token(token: object, code: str) -> None:
    assert refuses(token) == code


def test_versions() -> None:
    good = compact(CAPTURED["ip"]["offer"])
    body = base64.urlsafe_b64decode(good + "=" * (-len(good) % 4))[1:-4]
    assert refuses(frame(body)) is None
    assert refuses(frame(body, version=2)) == "newer"
    assert refuses(frame(b"anything at all", version=7)) == "newer"
    assert refuses(frame(body, version=0)) == "damaged"
    # A token cut short, even on a candidate's boundary, is damaged.
    assert refuses(frame(body[:-19])) == "damaged"
    assert refuses(good[:-1]) == "damaged"
    # No candidate at all: nothing to connect to.
    no_candidates = bytes([body[0] & 0x0F]) + body[1:-26]
    assert refuses(frame(no_candidates)) == "no-candidates"


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_are_refused(data: bytes) -> None:
    assert refuses(base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")) is not None


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_random_text_is_refused(text: str) -> None:
    for kind in ("offer", "answer"):
        refuses(text, kind)


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=300))
def test_hostile_bodies_with_a_good_checksum_raise_only_signal_errors(body: bytes) -> None:
    refuses(frame(body))
    refuses(frame(body), "answer")


@st.composite
def hostile_bodies(draw: st.DrawFn) -> bytes:
    """Bodies laid out as v1's, each field any value a byte allows: the parser's every
    branch, with a checksum that a hostile page would get right."""
    count = draw(st.integers(0, 15))
    body = bytearray([draw(st.integers(0, 3)) | draw(st.integers(0, 3)) << 2 | count << 4])
    for _ in range(2):
        length = draw(st.integers(0, 80))
        body += bytes([length]) + draw(st.binary(min_size=(6 * length + 7) // 8,
                                                 max_size=(6 * length + 7) // 8 + 1))
    body += draw(st.binary(min_size=30, max_size=33))
    for _ in range(draw(st.integers(0, count + 1))):
        body.append(draw(st.integers(0, 255)))
        body += draw(st.binary(min_size=4, max_size=16))
        body += draw(st.integers(0, 65535)).to_bytes(2, "big")
    return bytes(body)


@settings(max_examples=500, deadline=None)
@given(hostile_bodies())
def test_hostile_tokens_raise_only_signal_errors(body: bytes) -> None:
    refuses(frame(body))
    refuses(frame(body), "answer")


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(CAPTURES), st.data())
def test_mutated_tokens_raise_only_signal_errors(capture: tuple[str, str],
                                                 data: st.DataObject) -> None:
    name, kind = capture
    token = compact(CAPTURED[name][kind])
    at = data.draw(st.integers(0, len(token) - 1))
    char = data.draw(st.sampled_from("ABCxyz019_-+/=. é"))
    mutated = data.draw(st.sampled_from([
        token[:at],  # cut short
        token[:at] + token[at + 1:],  # a character lost
        token[:at] + char + token[at:],  # one more
        token[:at] + char + token[at + 1:],  # one mistyped
        token[:at] + token[at:at + 1].swapcase() + token[at + 1:],
    ]))
    assume(mutated != token)
    # Refused, or the same description: whitespace is ignored, and base64's last
    # character has bits that no byte uses. Never another one (but for the chance of
    # one in four billion that the checksum matches).
    if refuses(mutated, kind) is None:
        assert expand(mutated, kind) == expand(token, kind)
