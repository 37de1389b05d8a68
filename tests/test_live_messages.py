"""What the two pages of a live game say to each other (web/live/messages.py): every
message crosses as it was sent, and anything else a peer may send is refused with a code,
never with another exception."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from web.live.messages import (
    MAX_MESSAGE,
    Bye,
    Hello,
    MovePlayed,
    Offer,
    Ping,
    ProtocolError,
    Resign,
    decode,
    encode,
)

MESSAGES = [
    Hello("k3Jd9aPqXy2z", 12, "0123456789abcdef", "Ana"),
    Hello("k3Jd9aPqXy2z", 0, "fedcba9876543210"),
    MovePlayed(0, "d1-d4", 295_000),
    MovePlayed(41, "a10-k10"),
    Resign(7),
    Offer("draw", "offer", 12),
    Offer("takeback", "accept", 3),
    Offer("rematch", "decline", 80),
    Offer("draw", "withdraw", 2),
    Ping(),
    Bye(),
]


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_every_message_crosses_as_it_was_sent(message) -> None:
    assert decode(encode(message)) == message


@pytest.mark.parametrize("text, code", [
    ("", "not-json"),
    ("{", "not-json"),
    ("[1, 2]", "unknown"),
    ('{"t": "dance"}', "unknown"),
    ('{"t": 5}', "unknown"),
    ('"hello"', "unknown"),
    ('{"t": "move", "ply": 0}', "bad-field"),
    ('{"t": "move", "ply": -1, "move": "d1-d4"}', "bad-field"),
    ('{"t": "move", "ply": true, "move": "d1-d4"}', "bad-field"),
    ('{"t": "move", "ply": 0, "move": "d1-d4; drop table"}', "bad-field"),
    ('{"t": "move", "ply": 0, "move": "z9-z1"}', "bad-field"),
    ('{"t": "move", "ply": 0, "move": "d1-d4", "left": -5}', "bad-field"),
    ('{"t": "move", "ply": 0, "move": "d1-d4", "extra": 1}', "bad-field"),
    ('{"t": "offer", "subject": "surrender", "answer": "offer", "ply": 0}', "bad-field"),
    ('{"t": "offer", "subject": "draw", "answer": "maybe", "ply": 0}', "bad-field"),
    ('{"t": "hello", "game": "x", "played": 0, "digest": "0123456789abcdef", "name": "",'
     ' "version": 1}', "bad-field"),
    ('{"t": "hello", "game": "k3Jd9aPqXy2z", "played": 0, "digest": "0123456789abcdef",'
     ' "name": "a\\u0007b", "version": 1}', "bad-field"),
    ('{"t": "hello", "game": "k3Jd9aPqXy2z", "played": 0, "digest": "0123456789abcdef",'
     ' "name": "Ana", "version": 2}', "newer"),
    ("x" * (MAX_MESSAGE + 1), "too-long"),
    ("[" * 990 + "]" * 990, "not-json"),
])
def test_anything_else_is_refused_with_a_code(text: str, code: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        decode(text)
    assert refused.value.code == code


def test_what_is_not_text_is_refused() -> None:
    for value in (None, 5, b"{}", ["t"]):
        with pytest.raises(ProtocolError):
            decode(value)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_random_text_is_refused_or_read(text: str) -> None:
    with contextlib.suppress(ProtocolError):
        decode(text)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8),
                                                                       children, max_size=4),
    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(["hello", "move", "resign", "offer", "ping", "bye", "x"]),
       fields=st.dictionaries(st.sampled_from(["game", "played", "digest", "name", "version",
                                               "ply", "move", "left", "subject", "answer",
                                               "other"]), JSON_VALUES, max_size=6))
def test_a_message_with_any_fields_is_read_exactly_or_refused(kind: str, fields: dict) -> None:
    text = json.dumps({"t": kind, **fields})
    try:
        message = decode(text)
    except ProtocolError:
        return
    # What was read says exactly what was sent.
    assert decode(encode(message)) == message
