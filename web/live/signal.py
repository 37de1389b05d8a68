"""A live game's handshake as a token short enough for a link and a QR code.

The two browsers of a live game have no server between them: the inviter's WebRTC offer
travels in the invitation link, and the friend's answer in the reply link. A session
description as Chromium writes it is 700 to 1,000 characters, most of them the same in
every description. A data-channel-only session needs of it only:

- the ICE credentials (``ice-ufrag``, ``ice-pwd``), which authenticate the connectivity
  checks;
- the SHA-256 fingerprint of the DTLS certificate, which makes the link the one secret
  that proves who is at the other end;
- the DTLS role (``setup``: ``actpass`` in an offer, ``active`` or ``passive`` in an
  answer);
- the UDP candidates, host, server-reflexive and peer-reflexive, each an address (IPv4,
  IPv6, or the ``<uuid>.local`` name that Chromium gives a host address it hides) and a
  port. Relayed candidates are left out: we use no TURN server.

:func:`compact` keeps those, as bytes, and :func:`expand` rebuilds the rest from a
template (the data section ``m=application 9 UDP/DTLS/SCTP webrtc-datachannel``, mid 0,
SCTP port 5000), with each candidate's foundation and priority made anew from its type
and its place in the token.

A token is URL-safe base64, without padding, of::

    version (1 byte)  body  CRC-32 of the version and the body (4 bytes, big-endian)

Every format keeps that frame, so that a token of a later version (``"newer"``) is told
apart from a damaged one. The body of version 1:

- a byte: bits 0-1 the DTLS role (0 ``actpass``, 1 ``active``, 2 ``passive``), bits 4-7
  the number of candidates (1 to :data:`MAX_CANDIDATES`), the others zero;
- the ufrag, then the password: each its length in characters, a byte, and its
  characters (the 64 of base64, which is ICE's alphabet) six bits each, the last byte
  padded with zero bits;
- the fingerprint, 32 bytes;
- each candidate: a byte (bits 0-1 its type: 0 host, 1 srflx, 2 prflx; bits 2-3 its
  address: 0 IPv4, 1 IPv6, 2 mDNS name; the others zero), the address (4 bytes; 16; the
  name's UUID, 16), and the port (2 bytes, big-endian).

Chromium's descriptions make tokens of 91 to 132 characters with one or two host
candidates (plain addresses or mDNS names), and up to 167 with a STUN server's two
server-reflexive ones besides (tests/test_live_signal.py).
"""

from __future__ import annotations

import base64
import ipaddress
import re
import uuid
import zlib
from dataclasses import dataclass
from typing import Literal

#: The format :func:`compact` writes.
VERSION = 1

#: The most candidates a token carries: a description with more (a machine with many
#: interfaces) keeps the best of each type, in turn (see :func:`_choose`).
MAX_CANDIDATES = 8

#: The bounds of the ICE credentials carried, in characters. RFC 8839 allows 4 to 256
#: and 22 to 256; Chromium writes 4 and 24, Firefox 8 and 32 (hex): a longer one would
#: only make a token too long for a QR code.
UFRAG_LENGTHS = (4, 32)
PWD_LENGTHS = (22, 64)

#: The longest token :func:`expand` reads at all, of any version; v1's longest is 352.
MAX_TOKEN_LENGTH = 1024

#: ICE's characters (RFC 8839 ``ice-char``), in base64's order: six bits each.
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

ROLES = ("actpass", "active", "passive")
TYPES = ("host", "srflx", "prflx")

#: RFC 8445's recommended type preferences, by type.
TYPE_PREFERENCE = {"host": 126, "prflx": 110, "srflx": 100}

IPV4, IPV6, MDNS = 0, 1, 2
ADDRESS_SIZE = {IPV4: 4, IPV6: 16, MDNS: 16}

#: The name Chromium gives a host address it hides (RFC 8828's mDNS candidates).
MDNS_NAME = re.compile(
    r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.local", re.IGNORECASE)

TOKEN_TEXT = re.compile(r"[A-Za-z0-9_-]*")
#: A token comes pasted, so whitespace inside one (a line broken by a mail program) is
#: no error: base64 has none of its own.
WHITESPACE = re.compile(r"\s+")

#: The codes of :class:`SignalError`.
SignalCode = Literal["not-a-token", "damaged", "newer", "no-candidates", "wrong-kind",
                     "unsupported"]


class SignalError(ValueError):
    """A token that is not a session description we can use, or a description that
    cannot be made one. ``.code`` says which:

    - ``"not-a-token"``: not base64url text, or too short or too long to be a token;
    - ``"damaged"``: its checksum or its structure is wrong (a token cut short, or
      mistyped);
    - ``"newer"``: a token of a later format than this page reads;
    - ``"no-candidates"``: no candidate to reach its browser by (:func:`compact`: the
      description had none that a token carries: gathering found nothing, or only
      relayed or TCP candidates);
    - ``"wrong-kind"``: an answer's token where an offer's is expected, or the reverse
      (a reply link opened as an invitation);
    - ``"unsupported"`` (:func:`compact` only): a description that is not of a
      data-channel session a token can carry (no data section, no SHA-256 fingerprint,
      credentials out of bounds...).
    """

    def __init__(self, code: SignalCode, detail: str) -> None:
        """An error of ``code``; ``detail`` says what was wrong, for developers."""
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


@dataclass(frozen=True)
class Candidate:
    """A UDP candidate as a token carries it: its type (``host``, ``srflx``, ``prflx``),
    its address's kind (:data:`IPV4`, :data:`IPV6`, :data:`MDNS`) and bytes, and its
    port."""

    type: str
    kind: int
    address: bytes
    port: int

    def address_text(self) -> str:
        """The address as SDP writes it: dotted, IPv6's short form, or the mDNS name."""
        if self.kind == MDNS:
            return f"{uuid.UUID(bytes=self.address)}.local"
        return str(ipaddress.ip_address(self.address))


@dataclass(frozen=True)
class Description:
    """What a token carries of a session description."""

    ufrag: str
    pwd: str
    fingerprint: bytes
    setup: str
    candidates: tuple[Candidate, ...]


# -- compact --------------------------------------------------------------------------


def compact(sdp: str) -> str:
    """The local description ``sdp`` (an offer or an answer, as
    ``RTCPeerConnection.localDescription.sdp`` gives it after ICE gathering) as a token:
    URL-safe base64 without padding, only ``[A-Za-z0-9_-]``.

    Raises :class:`SignalError` (``"no-candidates"``, ``"unsupported"``) for a
    description that cannot be carried."""
    if not isinstance(sdp, str):
        raise SignalError("unsupported", "a session description is text")
    return _encode(_read_sdp(sdp))


def _read_sdp(sdp: str) -> Description:
    """The parts of ``sdp`` a token carries; session-level attributes count for the data
    section unless it has its own."""
    session, media = _data_section(sdp.splitlines())
    values = {**session, **{k: v for k, v in media.items() if k != "candidate"}}
    for name in ("ice-ufrag", "ice-pwd", "setup"):
        if name not in values:
            raise SignalError("unsupported", f"the description has no {name}")
    if values.get("mid", "0") != "0" or values.get("sctp-port", "5000") != "5000":
        raise SignalError("unsupported", "the data section is not mid 0 on SCTP port 5000")
    ufrag = _credential(values["ice-ufrag"], UFRAG_LENGTHS, "ice-ufrag")
    pwd = _credential(values["ice-pwd"], PWD_LENGTHS, "ice-pwd")
    fingerprint = _fingerprint(media.get("fingerprint", []) or session.get("fingerprint", []))
    setup = values["setup"].strip().lower()
    if setup not in ROLES:
        raise SignalError("unsupported", f"setup:{setup} is not a DTLS role we take")
    found = [c for c in map(_candidate, media.get("candidate", [])) if c is not None]
    if not found:
        raise SignalError("no-candidates", "the description has no UDP candidate to carry")
    return Description(ufrag, pwd, fingerprint, setup, _choose(found))


def _data_section(lines: list[str]) -> tuple[dict, dict]:
    """The session-level attributes of an SDP and those of its first data section
    (``m=application ... SCTP``), by name; fingerprints and candidates as lists, the
    rest the first value given."""
    session: dict = {}
    media: dict | None = None
    current: dict | None = session
    for raw in lines:
        line = raw.strip()
        if line.startswith("m="):
            if media is None and line.startswith("m=application ") and "SCTP" in line:
                current = media = {}
            else:
                current = None  # another section, or a later one: not ours
        elif line.startswith("a=") and current is not None:
            name, _, value = line[2:].partition(":")
            if name in ("fingerprint", "candidate"):
                current.setdefault(name, []).append(value)
            else:
                current.setdefault(name, value)
    if media is None:
        raise SignalError("unsupported", "the description has no data section")
    return session, media


def _credential(value: str, lengths: tuple[int, int], name: str) -> str:
    value = value.strip()
    low, high = lengths
    if not low <= len(value) <= high or any(c not in ICE_CHARS for c in value):
        raise SignalError("unsupported", f"{name} is not {low} to {high} ICE characters")
    return value


def _fingerprint(values: list[str]) -> bytes:
    """The SHA-256 fingerprint among ``values`` (``sha-256 AB:CD:...``), as 32 bytes."""
    for value in values:
        algorithm, _, hex_pairs = value.strip().partition(" ")
        if algorithm.lower() != "sha-256":
            continue
        pairs = hex_pairs.strip().split(":")
        if len(pairs) == 32 and all(re.fullmatch(r"[0-9A-Fa-f]{2}", p) for p in pairs):
            return bytes.fromhex("".join(pairs))
    raise SignalError("unsupported", "the description has no SHA-256 fingerprint")


def _candidate(value: str) -> Candidate | None:
    """The candidate of an ``a=candidate:`` value, or None for one a token does not
    carry (relayed, TCP, RTCP's component, an address it cannot write)."""
    fields = value.split()
    if len(fields) < 8 or fields[6] != "typ":
        return None
    _foundation, component, transport, _priority, address, port_text, _, kind = fields[:8]
    if component != "1" or transport.lower() != "udp" or kind not in TYPES:
        return None
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        return None
    name = MDNS_NAME.fullmatch(address)
    if name:
        return Candidate(kind, MDNS, uuid.UUID(name.group(1)).bytes, int(port_text))
    if "%" in address:
        return None  # a link-local address's zone ("fe80::1%eth0") means nothing elsewhere
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None
    return Candidate(kind, IPV4 if ip.version == 4 else IPV6, ip.packed, int(port_text))


def _choose(found: list[Candidate]) -> tuple[Candidate, ...]:
    """At most :data:`MAX_CANDIDATES` of ``found``, without repeats: the first of each
    type in turn, then the second of each..., so that a machine with many interfaces
    still sends its server-reflexive candidates, which are what reaches a friend across
    the internet. Those chosen keep the description's order (and so, from a token's
    expansion, the token's)."""
    unique = list(dict.fromkeys(found))
    rank = {c: i for t in TYPES for i, c in enumerate(x for x in unique if x.type == t)}
    turns = sorted(unique, key=lambda c: (rank[c], TYPES.index(c.type)))
    chosen = set(turns[:MAX_CANDIDATES])
    return tuple(c for c in unique if c in chosen)


def _encode(description: Description) -> str:
    flags = ROLES.index(description.setup) | len(description.candidates) << 4
    body = bytearray([VERSION, flags])
    for text in (description.ufrag, description.pwd):
        body += bytes([len(text)]) + _pack(text)
    body += description.fingerprint
    for candidate in description.candidates:
        body.append(TYPES.index(candidate.type) | candidate.kind << 2)
        body += candidate.address + candidate.port.to_bytes(2, "big")
    body += zlib.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(bytes(body)).decode("ascii").rstrip("=")


def _pack(text: str) -> bytes:
    """``text``, ICE characters, six bits each, the last byte padded with zero bits."""
    value = 0
    for char in text:
        value = value << 6 | ICE_CHARS.index(char)
    size = (6 * len(text) + 7) // 8
    return (value << (8 * size - 6 * len(text))).to_bytes(size, "big")


# -- expand ---------------------------------------------------------------------------


def expand(token: str, kind: Literal["offer", "answer"]) -> str:
    """An SDP that Chromium accepts as the remote description of ``kind`` ("offer" or
    "answer"), from a token that :func:`compact` made.

    Raises :class:`SignalError` for anything else, whatever it is (garbage, a token cut
    short or altered, one of a later format, one of the other kind); a ``kind`` other
    than those two is a caller's mistake, a plain ValueError."""
    if kind not in ("offer", "answer"):
        raise ValueError(f"kind must be 'offer' or 'answer', not {kind!r}")
    description = parse_token(token)
    if (description.setup == "actpass") != (kind == "offer"):
        other = "answer" if kind == "offer" else "offer"
        raise SignalError("wrong-kind", f"the token is an {other}'s, not an {kind}'s")
    return _write_sdp(description)


def parse_token(token: str) -> Description:
    """What the token carries; :class:`SignalError` when it is not a usable token."""
    data = _unwrap(token)
    if zlib.crc32(data[:-4]).to_bytes(4, "big") != data[-4:]:
        raise SignalError("damaged", "its checksum does not match")
    version, body = data[0], _Reader(data[1:-4])
    if version > VERSION:
        raise SignalError("newer", f"format {version}, and this page reads {VERSION}")
    if version != VERSION:
        raise SignalError("damaged", f"format {version} was never written")
    description = _decode(body)
    if body.left():
        raise SignalError("damaged", "bytes after its last candidate")
    return description


def _unwrap(token: object) -> bytes:
    """The bytes of a token's text; whitespace inside it is ignored."""
    if not isinstance(token, str):
        raise SignalError("not-a-token", "a token is text")
    if len(token) > 2 * MAX_TOKEN_LENGTH:  # not even worth taking the spaces out of
        raise SignalError("not-a-token", "far too long")
    text = WHITESPACE.sub("", token)
    if not text or len(text) > MAX_TOKEN_LENGTH or not TOKEN_TEXT.fullmatch(text):
        raise SignalError("not-a-token", "not URL-safe base64 of a token's length")
    if len(text) % 4 == 1:
        raise SignalError("not-a-token", "not a length that base64 has")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if len(data) < 6:
        raise SignalError("not-a-token", "too short to be a token")
    return data


class _Reader:
    """Bytes read from the front; too few is a damaged token."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, size: int) -> bytes:
        if self.at + size > len(self.data):
            raise SignalError("damaged", "cut short")
        self.at += size
        return self.data[self.at - size:self.at]

    def byte(self) -> int:
        return self.take(1)[0]

    def left(self) -> int:
        return len(self.data) - self.at


def _decode(body: _Reader) -> Description:
    flags = body.byte()
    role, count = flags & 0b11, flags >> 4
    if role >= len(ROLES) or flags & 0b1100:
        raise SignalError("damaged", "unknown flags")
    ufrag = _unpack_credential(body, UFRAG_LENGTHS)
    pwd = _unpack_credential(body, PWD_LENGTHS)
    fingerprint = body.take(32)
    if count == 0:
        raise SignalError("no-candidates", "the token has no candidate")
    if count > MAX_CANDIDATES:
        raise SignalError("damaged", f"{count} candidates, more than a token holds")
    candidates = tuple(_decode_candidate(body) for _ in range(count))
    return Description(ufrag, pwd, fingerprint, ROLES[role], candidates)


def _unpack_credential(body: _Reader, lengths: tuple[int, int]) -> str:
    length = body.byte()
    if not lengths[0] <= length <= lengths[1]:
        raise SignalError("damaged", "a credential of a length never written")
    size = (6 * length + 7) // 8
    value = int.from_bytes(body.take(size), "big")
    spare = 8 * size - 6 * length
    if value & ((1 << spare) - 1):
        raise SignalError("damaged", "padding bits set")
    value >>= spare
    return "".join(ICE_CHARS[value >> 6 * (length - 1 - i) & 63] for i in range(length))


def _decode_candidate(body: _Reader) -> Candidate:
    head = body.byte()
    kind, address = head & 0b11, head >> 2
    if kind >= len(TYPES) or address not in ADDRESS_SIZE:
        raise SignalError("damaged", "a candidate of an unknown kind")
    data = body.take(ADDRESS_SIZE[address])
    port = int.from_bytes(body.take(2), "big")
    if port == 0:
        raise SignalError("damaged", "a candidate on port 0")
    return Candidate(TYPES[kind], address, data, port)


def _write_sdp(description: Description) -> str:
    """The whole description, rebuilt as Chromium writes a data-channel session."""
    # A session id that is the same for the same token: expand() is a plain function.
    session_id = int.from_bytes(description.fingerprint[:8], "big") >> 2
    lines = [
        "v=0",
        f"o=- {session_id} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        *(_candidate_line(c, i) for i, c in enumerate(description.candidates)),
        f"a=ice-ufrag:{description.ufrag}",
        f"a=ice-pwd:{description.pwd}",
        "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in description.fingerprint),
        f"a=setup:{description.setup}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


def _candidate_line(candidate: Candidate, index: int) -> str:
    """``a=candidate:`` for the ``index``-th candidate of a token: its priority by RFC
    8445's formula, from its type and its place (earlier is preferred), and a foundation
    of its own (a remote candidate's foundation only groups checks)."""
    local_preference = 65535 - index
    priority = TYPE_PREFERENCE[candidate.type] << 24 | local_preference << 8 | 255
    line = (f"a=candidate:{index + 1} 1 udp {priority} {candidate.address_text()} "
            f"{candidate.port} typ {candidate.type}")
    if candidate.type != "host":
        # Where it was seen from is not sent (Chromium sends nothing either, hiding it).
        line += " raddr :: rport 0" if candidate.kind == IPV6 else " raddr 0.0.0.0 rport 0"
    return line
