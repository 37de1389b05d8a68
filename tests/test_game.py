"""The game record: undo, redo, the move limit, and saved games in JSON."""

from __future__ import annotations

import json

import pytest
from helpers import OPENING, game_with, position

from tablut.board import Outcome, Reason
from tablut.game import Game, IllegalMove, RecordError
from tablut.notation import START_POSITION, format_position
from tablut.side import Side


def test_undo_and_redo_walk_the_record():
    game = game_with(*OPENING)
    after = format_position(game.board)
    assert game.undo() and game.undo()
    assert game.ply == 1 and len(game.moves) == 3
    assert game.redo() and game.redo() and not game.redo()
    assert format_position(game.board) == after


def test_undo_at_the_start_does_nothing():
    game = Game()
    assert not game.undo()
    assert format_position(game.board) == START_POSITION


def test_a_new_move_after_undo_drops_the_later_moves():
    game = game_with(*OPENING)
    game.goto(1)
    game.play_text("e3-c")
    assert game.ply == 2 and len(game.moves) == 2


def test_replaying_the_next_move_keeps_the_record():
    game = game_with(*OPENING)
    game.goto(1)
    game.play_text("d5-7")
    assert len(game.moves) == 3


def test_board_at_any_ply_leaves_the_cursor():
    game = game_with(*OPENING)
    assert format_position(game.board_at(0)) == START_POSITION
    assert game.ply == 3
    assert game.board_at(3).captured  # the third move captured


@pytest.mark.parametrize("text, reason", [
    ("e7-c", "it is black's turn"),
    ("d1-7", "blocked at d5"),
    ("a4-6", "a6 is occupied"),
    ("c3-4", "no piece on c3"),
])
def test_illegal_moves_say_why_and_change_nothing(text, reason):
    game = game_with()
    with pytest.raises(IllegalMove, match=reason):
        game.play_text(text)
    assert format_position(game.board) == START_POSITION and game.moves == []


def test_a_soldier_may_not_stop_on_the_throne():
    game = Game(start=position("w", B="h2", W="c5", K="b7"))
    with pytest.raises(IllegalMove, match="may not stop on e5"):
        game.play_text("c5-e")


@pytest.mark.parametrize("side, pieces, text, reason", [
    # The ashton camps: no piece enters or crosses one from outside it; a black piece in
    # its camp may move within that camp but into no other.
    ("w", {"W": "e3"}, "e3-2", "no piece may enter a camp [(]e2[)] from outside it"),
    ("w", {"W": "c2"}, "c2-g", "no piece may pass over a camp [(]e2[)] from outside it"),
    ("b", {"B": "d1"}, "d1-9", "within its own camp, but never into another camp [(]d9[)]"),
    ("b", {"B": "a4"}, "a4-i", "within its own camp, but never into another camp [(]i4[)]"),
    ("w", {"W": "c5"}, "c5-g", "nobody may pass over the throne [(]e5[)]"),
])
def test_a_move_the_ashton_walls_bar_says_which(side, pieces, text, reason):
    game = Game("ashton", start=position(side, K="g7", **pieces))
    before = game.to_json()
    with pytest.raises(IllegalMove, match=reason):
        game.play_text(text)
    assert game.to_json() == before


def test_no_move_after_the_end():
    game = Game(start=position("w", B="h8", K="c3"))
    game.play_text("c3-1")
    assert game.outcome() == Outcome(Side.WHITE, Reason.ESCAPE)
    assert game.legal_moves() == []
    with pytest.raises(IllegalMove, match="game is over"):
        game.play_text("h8-7")


def test_move_limit_loses_for_the_player_who_must_move_past_it():
    game = game_with("i6-g", limit=1)
    assert game.outcome() is None
    game.play_text("d5-7")
    assert game.outcome() == Outcome(Side.WHITE, Reason.MOVE_LIMIT)


# -- saved games ------------------------------------------------------------------------------

def test_json_keeps_rules_start_moves_cursor_and_limit():
    game = game_with(*OPENING, rules="nielsen", limit=30)
    game.undo()
    again = Game.from_json(game.to_json())
    assert again.rules.name == "nielsen" and again.limit == 30
    assert again.ply == 2 and len(again.moves) == 3
    assert again.redo() and again.board.captured


def _record(**changes) -> str:
    data = json.loads(game_with(*OPENING).to_json())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("text, problem", [
    ("", "not valid JSON"),
    ("{", "not valid JSON"),
    ("[]", "JSON object"),
    ('{"format": "chess"}', "not a saved Tablut game"),
    (_record(version=99), "version 99"),
    (_record(rules="go"), "unknown rules"),
    (_record(start="xx"), "bad start"),
    (_record(moves="i6-g"), "list of moves"),
    (_record(moves=["i6-g", 7]), "list of moves"),
    (_record(moves=["i6-g", "d5-7", "i4-4"]), r"move 3 \(i4-4\)"),
    (_record(moves=["i6-g", "zz"]), r"move 2 \(zz\)"),
    (_record(ply=9), "not a ply"),
    (_record(ply=True), "not a ply"),
    (_record(limit=0), "move limit"),
    # Nested deeper than the JSON decoder recurses: refused like any other bad JSON.
    ('{"moves": ' + "[" * 100_000 + "]" * 100_000 + "}", "not valid JSON"),
])
def test_corrupt_records_are_refused_saying_why(text, problem):
    with pytest.raises(RecordError, match=problem):
        Game.from_json(text)


def test_moves_after_the_end_make_a_record_invalid():
    game = Game(start=position("w", B="h8", K="c3"))
    game.play_text("c3-1")
    data = json.loads(game.to_json())
    data["moves"].append("h8-7")
    with pytest.raises(RecordError, match="game is over"):
        Game.from_json(json.dumps(data))
