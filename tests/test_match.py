"""The match rule: one game, or two with sides swapped (nielsen)."""

from __future__ import annotations

import pytest

from tablut.match import Match
from tablut.rules import RULES
from tablut.side import Side


@pytest.mark.parametrize("rules, games", [("berkeley", 1), ("brainking", 1), ("nielsen", 2)])
def test_games_in_a_match(rules, games):
    match = Match(RULES[rules])
    for _ in range(games):
        assert not match.finished
        match.record(Side.BLACK, 30)
    assert match.finished
    with pytest.raises(ValueError):
        match.record(Side.BLACK, 30)


def test_sides_swap_in_the_second_game():
    match = Match(RULES["nielsen"])
    assert match.side_of("first") is Side.BLACK and match.side_of("second") is Side.WHITE
    match.record(Side.WHITE, 40)
    assert match.side_of("first") is Side.WHITE


def test_two_wins_win_the_match():
    match = Match(RULES["nielsen"])
    match.record(Side.BLACK, 80)  # first (black) wins game 1
    match.record(Side.WHITE, 90)  # first (white) wins game 2
    assert match.winner() == "first"


def test_one_win_each_goes_to_the_faster_win():
    match = Match(RULES["nielsen"])
    match.record(Side.BLACK, 61)  # first wins in 61 plies
    assert match.leader() == "first" and match.winner() is None
    match.record(Side.BLACK, 41)  # second (black now) wins in 41 plies
    assert match.winner() == "second"


def test_equal_wins_of_equal_length_draw_the_match():
    match = Match(RULES["nielsen"])
    match.record(Side.BLACK, 50)
    match.record(Side.BLACK, 50)
    assert match.finished and match.winner() is None
