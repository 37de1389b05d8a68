"""JSON from outside is read safely: text nested deeper than any record of ours is
refused with a clear reason before the decoder recurses into it (in the browser, deep
recursion ran Pyodide out of stack and killed the page's Python)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablut import Game
from tablut.challenge.protocol import ProtocolError, decode_state
from tablut.game import RecordError
from tablut.json_text import MAX_DEPTH, nesting_depth, parse_json
from web.models.state import PageState, StateError
from web.records.saved_games import SavedGames

DEEP = ['{"a":' * 50_000, "[" * 50_000, "[{" * 1_000, "[" * (MAX_DEPTH + 1)]


def test_records_of_ours_read_as_before():
    game = Game()
    game.play_text("d1-4")
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    assert parse_json('{"a": [1, {"b": [2]}]}') == {"a": [1, {"b": [2]}]}


def test_nesting_up_to_the_limit_is_read():
    text = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert nesting_depth(text) == MAX_DEPTH
    parse_json(text)


@pytest.mark.parametrize("opening", DEEP, ids=["objects", "arrays", "both", "one-too-many"])
def test_deeper_nesting_is_refused_with_its_reason(opening):
    with pytest.raises(ValueError, match=f"more than {MAX_DEPTH} deep"):
        parse_json(opening + Game().to_json())


def test_closing_brackets_inside_a_string_do_not_hide_deep_nesting():
    text = '["' + "]" * 100_000 + '", ' + "[" * 50_000
    assert nesting_depth(text) == 50_001
    with pytest.raises(ValueError, match="deep"):
        parse_json(text)


def test_a_long_text_of_quotes_and_escapes_is_counted_quickly():
    """No search that starts over at every quote: a text of quotes and backslashes
    that never closes its string (the bracket at the end is inside it), and one that
    opens and closes strings all along."""
    assert nesting_depth('"\\' * 100_000 + "[") == 0
    assert nesting_depth('"\\""' * 100_000 + "[") == 1


@pytest.mark.parametrize("opening", DEEP[:3])
def test_every_reader_of_outside_json_refuses_deep_nesting(opening):
    with pytest.raises(RecordError, match="not valid JSON"):
        Game.from_json(opening)
    with pytest.raises(StateError, match="not valid JSON"):
        PageState.from_json(opening)
    assert SavedGames.parse(opening).problem == "The saved games could not be read."
    with pytest.raises(ProtocolError, match="not JSON"):
        decode_state(opening)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                    max_leaves=20))
def test_the_depth_counted_is_never_less_than_the_values(value):
    """The count is never below the depth the decoder meets, strings full of brackets
    or not, and what it lets through decodes as before."""
    import json

    text = json.dumps(value)
    assert nesting_depth(text) >= _depth(value)
    if nesting_depth(text) <= MAX_DEPTH:
        assert parse_json(text) == value


def _depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0
