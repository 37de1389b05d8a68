"""The one side type: Side from the board to the page, words only for display."""

from __future__ import annotations

import pytest
from helpers import board, play

from tablut import Game, Match, Side
from tablut.board import Board, Outcome, Reason
from tablut.rules import RULES
from tablut.side import BLACK_TO_MOVE, SIDES, WHITE_TO_MOVE


def test_sides_are_numbers_with_words() -> None:
    assert (Side.BLACK, Side.WHITE) == (0, 1) == SIDES
    assert (Side.BLACK.word, Side.WHITE.word) == ("black", "white")
    assert Side.BLACK.opponent is Side.WHITE and Side.WHITE.opponent is Side.BLACK
    assert (BLACK_TO_MOVE, WHITE_TO_MOVE) == (Side.BLACK, Side.WHITE)
    assert type(BLACK_TO_MOVE) is int and type(WHITE_TO_MOVE) is int


@pytest.mark.parametrize("text, side", [
    ("black", Side.BLACK), ("White", Side.WHITE), ("  BLACK ", Side.BLACK),
])
def test_a_side_is_parsed_from_its_word(text: str, side: Side) -> None:
    assert Side.parse(text) is side


@pytest.mark.parametrize("text", ["", "b", "blue", "0", "king"])
def test_anything_else_is_not_a_side(text: str) -> None:
    with pytest.raises(ValueError, match="is not a side: say black or white"):
        Side.parse(text)


def test_the_number_is_not_the_word() -> None:
    # Why every text for a person says .word: an IntEnum prints as its number.
    assert f"{Side.WHITE}" == "1" and f"{Side.WHITE.word}" == "white"


def test_the_board_turn_is_a_plain_int_equal_to_the_side() -> None:
    b = Board.start()
    assert b.side is Side.BLACK and b.turn == Side.BLACK and type(b.turn) is int
    play(b, "i6-g")
    assert b.side is Side.WHITE and b.turn == Side.WHITE and type(b.turn) is int
    assert type(Board(turn=Side.WHITE).turn) is int


def test_outcomes_name_the_winning_side() -> None:
    b = play(board("berkeley", "w", B="a9", W="g2", K="c4"), "c4-1")
    outcome = b.outcome()
    assert outcome == Outcome(Side.WHITE, Reason.ESCAPE)
    assert outcome.winner is Side.WHITE
    assert outcome.describe() == "White wins: the king escaped."
    assert Outcome(None, Reason.REPETITION).describe() == "Draw: a position was repeated."


def test_games_give_sides() -> None:
    game = Game()
    assert game.side is Side.BLACK and game.first_side is Side.BLACK
    game.play_text("i6-g")
    assert game.side is Side.WHITE and game.first_side is Side.BLACK
    assert game.moves_made_by(Side.BLACK) == 1 and game.moves_made_by(Side.WHITE) == 0
    white_first = Game(start=Game().start[:-1] + "w")
    assert white_first.first_side is Side.WHITE
    with pytest.raises(ValueError):
        game.moves_made_by("black")  # type: ignore[arg-type]


def test_a_match_takes_sides_not_words() -> None:
    match = Match(RULES["nielsen"])
    assert match.player_of(Side.BLACK) == "first" and match.player_of(Side.WHITE) == "second"
    with pytest.raises(ValueError):
        match.record("black", 30)  # type: ignore[arg-type]
    match.record(Side.BLACK, 30)
    assert match.results[0].winner == "first"
