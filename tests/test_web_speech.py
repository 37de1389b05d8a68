"""The words of the page: how a game ended, the first words for a newcomer, and what the
live region says, so that a game can be followed by ear."""

from __future__ import annotations

import pytest
from helpers import game_with, position

from tablut import Game, Side, parse_move, rules_named
from tablut.squares import parse_square
from web.models.session import Session
from web.models.state import PageState, Settings
from web.words.announcer import Announcer
from web.words.speech import move_sentence, piece_list, position_summary, selection_sentence
from web.words.texts import intro_text, no_moves_text, status_text

NEAR_ESCAPE = position("w", B="a9 i1", K="c4")


# -- the end of a game, for every reason ---------------------------------------------------

@pytest.mark.parametrize(("rules", "start", "moves", "said"), [
    ("berkeley", NEAR_ESCAPE, ["c4-1"], "White wins: the king reached c1."),
    ("berkeley", position("b", B="b4 d1", K="c4"), ["d1-4"],
     "Black wins: the king is captured on c4."),
    ("nielsen", position("b", B="c5 d4 e3 f4 g5 f6 e7 d8", K="e5"), ["d8-6"],
     "Black wins: black has surrounded every white piece."),
    ("berkeley", position("w", B="a1", W="a2 b5", K="e5"), ["b5-1"],
     "White wins: Black cannot move."),
    ("berkeley", None, ["d1-2", "e3-d", "d2-1", "d3-e"],
     "Black wins: White repeated an earlier position."),
    ("brainking", None, ["d1-2", "e3-d", "d2-1", "d3-e"] * 2, "Draw: the position repeated."),
], ids=["escape", "king captured", "encircled", "no move", "repetition", "draw"])
def test_the_end_says_how_and_where(rules: str, start: str | None, moves: list[str],
                                    said: str) -> None:
    game = game_with(*moves, rules=rules, **({"start": start} if start else {}))
    assert status_text(game) == said


def test_the_move_limit_is_said_with_its_number() -> None:
    game = game_with("e8-c", "e7-d", limit=1)
    assert status_text(game) == "White wins: Black reached the limit of 1 move without winning."
    game = game_with("e8-c", "e7-d", "c8-b", "d7-c", limit=2)
    assert status_text(game).endswith("the limit of 2 moves without winning.")


# -- the first words -----------------------------------------------------------------------

def test_the_first_words_follow_the_settings() -> None:
    berkeley, nielsen = rules_named("berkeley"), rules_named("nielsen")
    assert intro_text(Settings(), berkeley) == (
        "You play Black, the attackers, against the computer: capture the king. White "
        "tries to bring the king to any edge square. Click a piece, then a square.")
    text = intro_text(Settings(black="computer", white="human"), nielsen, "Tap")
    assert text.startswith("You play White, the defenders, against the computer: bring "
                           "the king to a corner.")
    assert "capture the king or surround every white piece" in text
    assert text.endswith("Tap a piece, then a square.")
    assert intro_text(Settings(white="human"), berkeley).startswith("Two players, one board.")
    assert "computer plays both sides" in intro_text(Settings(black="computer"), berkeley)


def test_the_words_say_who_moves_first_in_the_rules_played() -> None:
    two_people = Settings(white="human")
    assert "Black moves first." in intro_text(two_people, rules_named("berkeley"))
    assert "White moves first." in intro_text(two_people, rules_named("ashton"))
    assert no_moves_text(Game(rules_named("ashton")).first_side) == (
        "No moves yet. White moves first.")
    assert no_moves_text(Game(rules_named("berkeley")).first_side) == (
        "No moves yet. Black moves first.")


def test_the_first_words_step_aside_once_a_person_has_moved() -> None:
    session = Session()
    assert session.intro_open
    session.play(parse_move("d1-4"))
    assert not session.intro_open
    session.toggle_intro()
    assert session.intro_open


def test_a_restored_game_in_progress_starts_without_the_first_words() -> None:
    assert not Session(PageState(game=game_with("d1-4"))).intro_open


# -- what the live region says -------------------------------------------------------------

def test_a_capture_is_said_with_the_square() -> None:
    game = game_with("i6-g", "d5-7", "i4-g")
    captured = [(parse_square("g5"), "white")]
    assert move_sentence(game, Side.BLACK, parse_move("i4-g"), captured) == (
        "Black i4 to g4, capturing the white guard on g5.")


def test_a_king_move_says_where_he_can_escape_next() -> None:
    game = game_with("c4-5", start=NEAR_ESCAPE)
    assert move_sentence(game, Side.WHITE, parse_move("c4-5"), []) == (
        "White king c4 to c5. The king can escape next move, to c1, a5, i5 or c9.")


def test_the_move_that_ends_the_game_says_how() -> None:
    game = game_with("b5-1", start=position("w", B="a1", W="a2 b5", K="e5"))
    assert move_sentence(game, Side.WHITE, parse_move("b5-1"), []) == (
        "White b5 to b1. White wins: Black cannot move.")


def test_every_move_is_said_the_computers_too() -> None:
    session = Session(PageState(Settings(black="human", white="human")))
    announcer = Announcer(session)
    heard = []
    session.subscribe(lambda: heard.append(announcer.spoken))
    session.play(parse_move("d1-4"))
    session.play(parse_move("e3-d"), by_computer=True)
    assert heard == [
        (1, "Black d1 to d4."), (2, "White e3 to d3, capturing the black piece on d4.")]


def test_a_piece_picked_up_is_said_with_its_moves() -> None:
    board = Game().board
    assert selection_sentence(board, parse_square("d1")) == (
        "d1, black piece, picked up: it can move to a1, b1, c1, d2, d3 or d4.")
    session = Session()
    announcer = Announcer(session)
    session.activate(parse_square("d1"))
    assert announcer.spoken[1].startswith("d1, black piece, picked up")


def test_the_position_is_read_on_request() -> None:
    game = Game()
    assert position_summary(game) == ("Black to move. The king is on e5. White has 8 guards "
                                      "and the king; black has 16 pieces.")
    listed = piece_list(game)
    assert listed.startswith("King: e5. White guards: e3, e4, c5, d5, f5, g5, e6 and e7.")
    assert "Black pieces: d1, e1, f1, e2, a4," in listed


def test_the_same_words_twice_are_numbered_apart() -> None:
    session = Session(PageState(Settings(black="human", white="human")))
    announcer = Announcer(session)
    session.hear("summary")
    first = announcer.spoken
    session.hear("summary")
    assert announcer.spoken[1] == first[1] and announcer.spoken[0] == first[0] + 1
