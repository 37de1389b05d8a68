"""Unit tests of the browser-free logic in web/: the saved page record (version 3, and
the older versions it still reads), settings validation, status and move-list texts,
set-up cycling and the match table."""

from __future__ import annotations

import json

import pytest
from helpers import position

from tablut import RULES, Game, NotationError, Side
from tablut.ai import LEVELS
from web.models.match import match_score
from web.models.review import Review
from web.models.settings import parse_limit, parse_seed
from web.models.setup import SetupMode
from web.models.state import PageState, Settings, StateError, is_setup_text
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
    assert back.live == 3 and back.review is None and not back.imported


def test_record_keeps_where_the_game_stands_its_review_and_where_it_came_from() -> None:
    game = Game()
    for text in ("i6-g", "d5-7", "i4-g"):
        game.play_text(text)
    game.goto(1)
    review = Review(game)
    review.add(0, {"score": 12, "mate_in": None, "from": 50, "to": 48, "move": "f6-d"})
    review.stopped = True
    back = PageState.from_json(PageState(Settings(), game, live=2, review=review,
                                         imported=True).to_json())
    assert back.live == 2 and back.game.ply == 1 and back.imported
    assert back.review is not None and back.review.stopped
    assert back.review.judgements == review.judgements


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
    {"live": 1},
    {"live": -1},
    {"live": True},
    {"imported": "yes"},
    {"review": {"plies": 5, "judgements": []}},
    {"review": {"plies": 0, "judgements": [[0, 1, "red", None, ""]]}},
    {"review": {"plies": 0, "judgements": "all good"}},
    {"game": Game().to_json().replace('"moves"', '"time_control":"05+3","moves"')},
])
def test_damaged_fields_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(StateError):
        PageState.from_json(_record(**changes))


def test_illegal_move_in_saved_game_is_refused() -> None:
    game = json.loads(Game().to_json())
    game["moves"] = ["e5-1"]
    with pytest.raises(StateError, match="move 1"):
        PageState.from_json(_record(game=json.dumps(game)))


def test_a_game_may_play_under_other_rules_than_the_settings() -> None:
    # An imported game plays under its own rules; the settings are for the next game.
    state = PageState.from_json(_record(game=Game("nielsen").to_json(), imported=True))
    assert state.game.rules.name == "nielsen" and state.settings.rules == "berkeley"


@pytest.mark.parametrize("version", [1, 2])
def test_older_records_had_the_rules_of_their_settings(version: int) -> None:
    with pytest.raises(StateError, match="rules"):
        PageState.from_json(_record(version=version, game=Game("nielsen").to_json()))


def _older_record(version: int, white: str) -> str:
    """A version ``version`` record of a game looked at after one of its three moves,
    white (played by ``white``) to move there."""
    game = Game()
    for text in ("i6-g", "d5-7", "i4-g"):
        game.play_text(text)
    game.goto(1)
    data = json.loads(_record(version=version, game=game.to_json(),
                              settings={"white": white}))
    for field in ("live", "review", "imported"):
        del data[field]
    return json.dumps(data)


@pytest.mark.parametrize("version", [1, 2])
def test_older_records_undid_the_moves_after_a_persons_turn(version: int) -> None:
    # Older versions kept no difference between moves undone and a look back.
    state = PageState.from_json(_older_record(version, "human"))
    assert state.live == 1 and state.game.ply == 1 and len(state.game.moves) == 3
    assert state.review is None and not state.imported


@pytest.mark.parametrize("version", [1, 2])
def test_older_records_looked_back_where_the_computer_is_to_move(version: int) -> None:
    # The computer waited for the person to come back to the last move; it still does.
    state = PageState.from_json(_older_record(version, "computer"))
    assert state.live == 3 and state.game.ply == 1


def test_an_older_record_with_a_clock_gives_its_game_the_time_control() -> None:
    data = json.loads(_record(version=2, settings={"clock": "5+3"}))
    data["clocks"] = {"control": "5+3", "left_ms": [1000, 2000]}
    state = PageState.from_json(json.dumps(data))
    assert state.game.time_control == "5+3" and state.clocks is not None


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
        ("1.", "i6-g6", Side.BLACK), ("1…", "d5-d7", Side.WHITE), ("2.", "i4-g4", Side.BLACK)]
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
    board = SetupMode(Game().start)
    assert [board.cycle(0) for _ in range(4)] == ["white", "king", "black", None]
    assert board.position() == Game().start


def test_setup_position_must_be_playable() -> None:
    board = SetupMode("/".join(["-" * 9] * 9) + " b")
    with pytest.raises(NotationError, match="exactly one king"):
        board.leave("berkeley")
    board.cycle(20)
    board.cycle(20)  # c3: a king
    board.side = Side.WHITE
    game = board.leave("berkeley")
    assert game.side is Side.WHITE and game.board.piece_at(20) == "king"
    assert is_setup_text(board.position())
    assert not is_setup_text("x b")


def test_setup_refuses_a_soldier_on_a_nielsen_corner() -> None:
    board = SetupMode(Game().start)
    board.cycle(0)  # a1: white
    with pytest.raises(NotationError, match="corner"):
        board.leave("nielsen")


def test_setup_refuses_what_ashton_rules_cannot_reach() -> None:
    board = SetupMode(Game("ashton").start)
    assert board.position().endswith(" w")  # white moves first
    assert board.leave("ashton").board.piece_at(13) == "black"  # e2, a camp square
    board.cycle(13)
    board.cycle(13)  # e2: black, empty, now white: a white piece in a camp
    with pytest.raises(NotationError, match="no white piece may stand in a camp"):
        board.leave("ashton")
    for text in (position("w", B="h8", K="a5"), position("w", B="h8", K="c3", W="e5")):
        with pytest.raises(NotationError, match="camp|throne"):
            SetupMode(text).leave("ashton")


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
