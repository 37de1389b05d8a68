"""Squares, moves and position strings: parsing, formatting and clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablut.board import Board
from tablut.notation import (
    START_POSITION,
    NotationError,
    format_move,
    format_position,
    parse_move,
    parse_position,
    start_position,
)
from tablut.rules import RULES, rules_named
from tablut.squares import parse_square, square_name


def test_square_names_follow_the_standard_numbering():
    assert square_name(0) == "a1" and square_name(8) == "i1" and square_name(80) == "i9"
    assert parse_square("E5") == 40


@pytest.mark.parametrize("text, frm, to", [
    ("b3-6", "b3", "b6"), ("b3-f", "b3", "f3"), ("B3-F", "b3", "f3"), ("b3-b6", "b3", "b6"),
    (" i6-g ", "i6", "g6"),
])
def test_parse_move(text, frm, to):
    assert parse_move(text) == (parse_square(frm), parse_square(to))


@pytest.mark.parametrize("text", ["", "b3", "b3-", "b3-3", "b3-b", "j3-4", "b3-c4", "b3-0",
                                  "b3--4", "b3-44"])
def test_malformed_moves_are_refused_with_the_text_quoted(text):
    with pytest.raises(NotationError) as error:
        parse_move(text)
    assert repr(text) in str(error.value) or text == ""


@given(st.integers(0, 80), st.integers(0, 80))
def test_format_then_parse_is_identity(frm, to):
    if frm != to and (frm % 9 == to % 9 or frm // 9 == to // 9):
        assert parse_move(format_move((frm, to))) == (frm, to)


def test_seed_notation():
    assert format_move((parse_square("b3"), parse_square("b6"))) == "b3-6"
    assert format_move((parse_square("b3"), parse_square("f3"))) == "b3-f"


@pytest.mark.parametrize("rules", sorted(RULES))
def test_start_position_string_round_trips(rules):
    start = start_position(RULES[rules])
    board = parse_position(start, RULES[rules])
    assert format_position(board) == start
    assert format_position(Board.start(RULES[rules])) == start


@pytest.mark.parametrize("text, problem", [
    ("", "rows of -, B, W, K"),
    ("---BBB--- b", "9 rows"),
    (START_POSITION.replace(" b", " x"), "b or w"),
    (START_POSITION.replace("K", "-"), "exactly one king, not 0"),
    (START_POSITION.replace("BBWWKWWBB", "BBWWKWWBK"), "exactly one king, not 2"),
    (START_POSITION.replace("BBWWKWWBB", "BBWWXWWBB"), "'X' at e5"),
    (START_POSITION.replace("BBWWKWWBB/B---W---B", "BBWWBWWBB/B--KW---B"), "throne"),
    (START_POSITION.replace("---BBB--- b", "K--BBB--- b").replace("BBWWKWWBB", "BBWW-WWBB"),
     "already escaped"),
])
def test_bad_positions_are_refused_saying_why(text, problem):
    with pytest.raises(NotationError, match=problem):
        parse_position(text, rules_named("berkeley"))


def test_nielsen_refuses_a_soldier_on_a_corner():
    text = START_POSITION.replace("---BBB--- b", "B--BBB--- b")
    parse_position(text, rules_named("berkeley"))
    with pytest.raises(NotationError, match="corner"):
        parse_position(text, rules_named("nielsen"))


def test_unknown_rules_name_the_choices():
    with pytest.raises(ValueError, match="berkeley, brainking, nielsen"):
        rules_named("chess")
