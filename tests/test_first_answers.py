"""The computer's first answers, known without searching (:mod:`tablut.ai.first_answers`):
the table holds exactly the search's own answers, and only where it can vouch for them."""

from __future__ import annotations

import json
import random

import pytest

from tablut import Game
from tablut.ai.first_answers import (
    LEVEL,
    answer_data,
    answer_key,
    first_games,
    known_answer,
    table_entry,
)
from tablut.ai.first_answers_data import ANSWERS
from tablut.rules import RULES
from web.computer import worker as ai_worker


def test_the_table_answers_the_start_and_every_first_move_of_every_rule_set() -> None:
    assert set(ANSWERS) == {answer_key(game) for game in first_games()}


#: The entries searched again: each start, and first moves picked at random (a fixed
#: pick, so that a failure can be replayed). The whole table: tools/first_answers.py --check.
SAMPLE = [Game(name) for name in RULES] + random.Random(20261124).sample(first_games(), 8)


@pytest.mark.parametrize("game", SAMPLE, ids=lambda game: " ".join(answer_key(game)))
def test_each_answer_is_the_searchs_own(game: Game) -> None:
    searched = json.loads(ai_worker.think(1, game.to_json(), LEVEL))
    known = known_answer(game, LEVEL)
    assert known is not None
    assert table_entry(searched) == ANSWERS[answer_key(game)]
    assert {k: v for k, v in known.items() if k not in ("nps", "elapsed", "known")} == {
        k: v for k, v in searched.items() if k not in ("nps", "elapsed")}
    assert (known["from"], known["to"]) in game.legal_moves()


def test_an_answer_reads_back_as_the_search_gave_it() -> None:
    data = answer_data("d1-4 e3-d", -12, 5, 9, 1234, False)
    assert data["move"] == "d1-4" and data["pv"] == ["d1-4", "e3-d"]
    assert table_entry(data) == ("d1-4 e3-d", -12, 5, 9, 1234, False)
    assert data["known"] and data["mate_in"] is None


def test_only_what_the_table_can_vouch_for_is_answered() -> None:
    game = Game("berkeley")
    assert known_answer(game, LEVEL) is not None
    assert known_answer(game, LEVEL - 1) is None  # another level searches otherwise
    assert known_answer(game, LEVEL, seconds=30.0) is None  # a clock: a time limit
    game.play_text("d1-4")
    assert known_answer(game, LEVEL) is not None
    game.play_text("e3-d")
    assert known_answer(game, LEVEL) is None  # two moves in: beyond the table
    game.goto(1)  # looking back: the table answers the position at the cursor
    one_move = Game("berkeley")
    one_move.play_text("d1-4")
    assert known_answer(game, LEVEL) == known_answer(one_move, LEVEL)
    start = Game("berkeley").start
    other_start = Game("berkeley", start=start.replace("---BBB---", "----BB---", 1))
    assert known_answer(other_start, LEVEL) is None  # a set-up position


def test_every_rule_set_has_its_own_answers() -> None:
    # The same start position, other rules: each rule set is searched under its own.
    assert {name for name, _ in ANSWERS} == set(RULES)
