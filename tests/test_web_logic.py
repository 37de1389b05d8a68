"""Unit tests of the browser-free logic in web/: the saved page record, settings
validation, status and move-list texts, set-up cycling and the match table."""

from __future__ import annotations

import json

import pytest
from helpers import position

from tablut import RULES, Game, NotationError, Side
from tablut.ai import LEVELS
from web.models.match import match_score
from web.models.setup import SetupBoard
from web.models.state import (
    PageState,
    Settings,
    StateError,
    is_setup_text,
    parse_limit,
    parse_seed,
)
from web.models.storage import backup_key
from web.words.texts import (
    captured_counts,
    captured_words,
    move_entries,
    score_text,
    status_text,
)

#: White to move, the king on c4 one move from the edge (c4-1 escapes).
EMPTY_ROW = "-" * 9
NEAR_ESCAPE = "/".join(
    ["B--------", *[EMPTY_ROW] * 4, "--K------", *[EMPTY_ROW] * 2, "--------B"]) + " w"


# -- the saved record --------------------------------------------------------------------

def test_record_round_trip_keeps_moves_cursor_settings_match_and_setup() -> None:
    game = Game("brainking", limit=40)
    for text in ("i6-g", "d5-7", "i4-g"):
        game.play_text(text)
    game.undo()
    settings = Settings(black="computer", white="human", level=3, rules="brainking",
                        seed=42, limit=40, match=True, analysis=True)
    state = PageState(settings, game, [("second", 31)], NEAR_ESCAPE)
    back = PageState.from_json(state.to_json())
    assert back.settings == settings
    assert back.game.to_json() == game.to_json()
    assert back.game.ply == 2 and len(back.game.moves) == 3
    assert back.match_results == [("second", 31)]
    assert back.setup == NEAR_ESCAPE


@pytest.mark.parametrize("text", [
    "", "{", "null", "[]", '{"format":"other"}',
    '{"format":"tablut-page","version":99}',
    '{"game":' + "[" * 100_000 + "]" * 100_000 + "}",  # deeper than the decoder recurses
])
def test_unreadable_records_raise_state_error(text: str) -> None:
    with pytest.raises(StateError):
        PageState.from_json(text)


def _record(**changes: object) -> str:
    data = json.loads(PageState().to_json())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("changes", [
    {"settings": {"black": "robot"}},
    {"settings": {"level": 99}},
    {"settings": {"level": True}},
    {"settings": {"rules": "chess"}},
    {"settings": {"seed": -1}},
    {"settings": {"limit": 0}},
    {"settings": {"colour": "red"}},
    {"settings": {"match": "yes"}},
    {"game": 12},
    {"game": '{"format":"tablut-game","version":1,"rules":"berkeley","start":"x","moves":[]}'},
    {"match": [["third", 3]]},
    {"match": [["first", -1]]},
    {"setup": "not a position"},
])
def test_damaged_fields_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(StateError):
        PageState.from_json(_record(**changes))


def test_illegal_move_in_saved_game_is_refused() -> None:
    game = json.loads(Game().to_json())
    game["moves"] = ["e5-1"]
    with pytest.raises(StateError, match="move 1"):
        PageState.from_json(_record(game=json.dumps(game)))


def test_rules_of_game_and_settings_must_agree() -> None:
    with pytest.raises(StateError, match="rules"):
        PageState.from_json(_record(game=Game("nielsen").to_json()))


def test_missing_settings_take_defaults() -> None:
    state = PageState.from_json(_record(settings={"seed": 5}))
    assert state.settings == Settings(seed=5)


def test_backup_key() -> None:
    assert backup_key("tablut.state", 1700000000000) == "tablut.state.backup.1700000000000"


# -- settings ----------------------------------------------------------------------------

def test_limit_and_seed_parsing() -> None:
    assert parse_limit("") is None and parse_limit("0") is None
    assert parse_limit(" 25 ") == 25
    for bad in ("-3", "1.5", "abc", "100000"):
        with pytest.raises(ValueError):
            parse_limit(bad)
    assert parse_seed("17") == 17
    with pytest.raises(ValueError):
        parse_seed("-1")


def test_match_mode_is_on_for_nielsen_and_optional_elsewhere() -> None:
    assert Settings(rules="nielsen").match_mode
    assert not Settings().match_mode
    assert Settings(match=True).match_mode


def test_swapped_exchanges_the_players() -> None:
    assert Settings(black="human", white="computer").swapped() == Settings(
        black="computer", white="human")


def test_levels_have_names() -> None:
    assert all(spec.name for spec in LEVELS.values())
    assert all(r.summary for r in RULES.values())


# -- texts -------------------------------------------------------------------------------

def test_status_says_whose_turn() -> None:
    assert status_text(Game()) == "Black to move."
    assert status_text(Game(start=NEAR_ESCAPE)) == "White to move."


def test_move_list_numbers_pair_black_and_white() -> None:
    game = Game()
    for text in ("i6-g", "d5-7", "i4-g"):
        game.play_text(text)
    entries = list(move_entries(game))
    assert [(e.number, e.text, e.side) for e in entries] == [
        ("1.", "i6-g", Side.BLACK), ("1…", "d5-7", Side.WHITE), ("2.", "i4-g", Side.BLACK)]
    assert [e.ply for e in entries] == [1, 2, 3]


def test_move_list_numbers_when_white_starts() -> None:
    game = Game(start=NEAR_ESCAPE)
    game.play_text("c4-5")
    game.play_text("a9-8")
    assert [e.number for e in move_entries(game)] == ["1…", "2."]


def test_captured_counts() -> None:
    game = Game()
    for text in ("i6-g", "d5-7", "i4-g"):
        game.play_text(text)
    assert captured_counts(game) == {"black": 0, "white": 1}
    game.undo()
    assert captured_counts(game) == {"black": 0, "white": 0}


def test_captured_words_are_grammatical_for_every_count() -> None:
    assert captured_words("black", 0, False) == "no black pieces"
    assert captured_words("black", 1, False) == "1 black piece"
    assert captured_words("white", 3, False) == "3 white pieces"
    assert captured_words("white", 1, True) == "the king"
    assert captured_words("white", 2, True) == "1 white piece and the king"
    assert captured_words("white", 5, True) == "4 white pieces and the king"


def test_score_text() -> None:
    assert score_text(150, None, Side.WHITE) == ("+1.50", 0.65)
    assert score_text(150, None, Side.BLACK)[0] == "-1.50"
    assert score_text(99990, 3, Side.BLACK) == ("Black wins in 3 moves", 0.0)
    assert score_text(-99990, -1, Side.BLACK) == ("White wins in 1 move", 1.0)


# -- set-up ------------------------------------------------------------------------------

def test_setup_cycles_empty_white_king_black_empty() -> None:
    board = SetupBoard(Game().start)
    assert [board.cycle(0) for _ in range(4)] == ["white", "king", "black", None]
    assert board.position() == Game().start


def test_setup_position_must_be_playable() -> None:
    board = SetupBoard("/".join(["-" * 9] * 9) + " b")
    with pytest.raises(NotationError, match="exactly one king"):
        board.start_game("berkeley")
    board.cycle(20)
    board.cycle(20)  # c3: a king
    board.side = "white"
    game = board.start_game("berkeley")
    assert game.side is Side.WHITE and game.board.piece_at(20) == "king"
    assert is_setup_text(board.position())
    assert not is_setup_text("x b")


def test_setup_refuses_a_soldier_on_a_nielsen_corner() -> None:
    board = SetupBoard(Game().start)
    board.cycle(0)  # a1: white
    with pytest.raises(NotationError, match="corner"):
        board.start_game("nielsen")


def test_setup_refuses_what_ashton_rules_cannot_reach() -> None:
    board = SetupBoard(Game("ashton").start)
    assert board.position().endswith(" w")  # white moves first
    assert board.start_game("ashton").board.piece_at(13) == "black"  # e2, a camp square
    board.cycle(13)
    board.cycle(13)  # e2: black, empty, now white: a white piece in a camp
    with pytest.raises(NotationError, match="no white piece may stand in a camp"):
        board.start_game("ashton")
    for text in (position("w", B="h8", K="a5"), position("w", B="h8", K="c3", W="e5")):
        with pytest.raises(NotationError, match="camp|throne"):
            SetupBoard(text).start_game("ashton")


# -- match -------------------------------------------------------------------------------

def test_match_score_counts_the_current_game_and_swaps_sides() -> None:
    rules = RULES["berkeley"]
    score = match_score(rules, [], (Side.WHITE, 31))
    assert score.rows[0].first_side == "black" and score.rows[1].first_side == "white"
    assert score.rows[0].result == "Player 2 won in 31 moves"
    assert score.summary == "Player 2 leads." and not score.finished
    assert score.rows[1].result == "Next"
    score = match_score(rules, [("second", 31)], (Side.WHITE, 1))
    assert score.finished and score.wins == (1, 1)
    assert score.summary == "Player 1 wins the match."  # the faster win
    assert match_score(rules, [], None).rows[0].result == "In progress"


def test_move_list_numbers_in_ashton_pair_white_and_black() -> None:
    game = Game("ashton")
    for text in ("e3-d", "a4-3", "d3-e"):
        game.play_text(text)
    assert [(e.number, e.side) for e in move_entries(game)] == [
        ("1.", Side.WHITE), ("1…", Side.BLACK), ("2.", Side.WHITE)]
