"""What the first release stored and handed out still opens, as the same games.

The files in ``tests/fixtures/v1/`` were written by the page of the first release (see the
README there). Each test reads one with today's readers, the ones the page uses, and
checks the game it finds against values written out here by hand: the moves, the position
shown (as a position string) and the settings. A reader that changes what an old record
means fails here, even if it reads its own output back.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from v1_records import (
    BERKELEY_ONE_END,
    BERKELEY_TWO,
    BERKELEY_TWO_END,
    BERKELEY_WIN,
    BERKELEY_WIN_END,
    BRAINKING,
    BRAINKING_AT_5,
    BRAINKING_AT_7,
    NIELSEN_GAME_2,
    NIELSEN_GAME_2_END,
    NIELSEN_WIN,
    NIELSEN_WIN_END,
    SAVED_NIELSEN,
    SAVED_NIELSEN_END,
    SETUP,
    SETUP_GAME,
    SETUP_GAME_END,
    START,
    fixture_text,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tablut import Game, format_move, format_position  # noqa: E402
from tablut.links import LinkError  # noqa: E402
from web.models.state import PageState, Settings, StateError  # noqa: E402
from web.records.formats import ImportProblem, link_game, read_record  # noqa: E402
from web.records.saved_games import SavedGames  # noqa: E402


def check_game(game: Game, *, rules: str, start: str = START, moves: list[str], ply: int,
               position: str, outcome: str | None = None, limit: int | None = None) -> None:
    """``game`` is the game described, at the position described."""
    assert game.rules.name == rules
    assert game.start == start
    assert [format_move(m) for m in game.moves] == moves
    assert game.ply == ply
    assert format_position(game.board) == position
    assert game.limit == limit
    found = game.outcome()
    assert (None if found is None else found.describe()) == outcome


def check_settings(settings: Settings, **expected: object) -> None:
    for name, value in expected.items():
        assert getattr(settings, name) == value, name


# -- the page's record, stored under tablut.state ------------------------------------------


def test_a_game_in_progress_with_undone_moves_and_settings() -> None:
    state = PageState.from_json(fixture_text("state-in-progress.json"))
    check_settings(state.settings, black="computer", white="human", level=3,
                   rules="brainking", seed=7, limit=40, match=False, analysis=True)
    assert not state.settings.match_mode
    check_game(state.game, rules="brainking", moves=BRAINKING, ply=5,
               position=BRAINKING_AT_5, limit=40)
    assert state.match_results == []
    assert state.setup is None
    # The first release's undo moved the cursor back: the moves after it are undone ones
    # today (white, a person, is to move there), which Redo brings back.
    assert state.live == 5 and state.review is None and not state.imported


def test_set_up_mode() -> None:
    state = PageState.from_json(fixture_text("state-setup.json"))
    check_settings(state.settings, black="human", white="human", level=2,
                   rules="berkeley", seed=12345, limit=None, match=False, analysis=False)
    assert state.setup == SETUP
    check_game(state.game, rules="berkeley", moves=BERKELEY_TWO, ply=2,
               position=BERKELEY_TWO_END)
    assert state.match_results == []


def test_a_nielsen_match_with_one_game_finished() -> None:
    state = PageState.from_json(fixture_text("state-nielsen-match.json"))
    check_settings(state.settings, black="human", white="human", level=2,
                   rules="nielsen", seed=3, limit=None, match=False, analysis=False)
    assert state.settings.match_mode  # always a match under nielsen rules
    # Game 1: player 1 had black, white won in 10 moves: player 2's win.
    assert state.match_results == [("second", 10)]
    check_game(state.game, rules="nielsen", moves=NIELSEN_GAME_2, ply=2,
               position=NIELSEN_GAME_2_END)
    assert state.setup is None


def test_a_finished_game() -> None:
    state = PageState.from_json(fixture_text("state-finished-win.json"))
    check_settings(state.settings, black="human", white="human", level=5,
                   rules="berkeley", seed=0, limit=None, match=False, analysis=False)
    check_game(state.game, rules="berkeley", moves=BERKELEY_WIN, ply=6,
               position=BERKELEY_WIN_END, outcome="White wins: the king escaped.")
    assert state.match_results == []
    assert state.setup is None


# -- the saved games, stored under tablut.saved --------------------------------------------


def test_the_saved_games() -> None:
    saved = SavedGames.parse(fixture_text("saved-games.json"))
    assert saved.problem is None
    assert [(e.name, e.saved_at) for e in saved.entries] == [
        ("Before a link, 2026-11-23 18:53", "2026-11-23T18:53:55.605Z"),
        ("Game of 2026-11-23 18:53", "2026-11-23T18:53:45.400Z"),
        ("Reply", "2026-11-23T18:53:44.315Z"),
        ("First move, renamed", "2026-11-23T18:53:43.674Z"),
    ]
    assert all(entry.readable for entry in saved.entries)
    for entry in saved.entries[:2]:
        check_game(entry.game, rules="nielsen", moves=SAVED_NIELSEN, ply=2,
                   position=SAVED_NIELSEN_END)
    check_game(saved.entries[2].game, rules="berkeley", moves=BERKELEY_TWO, ply=2,
               position=BERKELEY_TWO_END)
    check_game(saved.entries[3].game, rules="berkeley", moves=["d1-4"], ply=1,
               position=BERKELEY_ONE_END)
    # Written back, the list is what was stored.
    assert json.loads(saved.dump()) == json.loads(fixture_text("saved-games.json"))


# -- share links ---------------------------------------------------------------------------


def link(name: str) -> str:
    lines = fixture_text(name).splitlines()
    assert len(lines) == 1 and lines[0].startswith("#v=1&")
    return lines[0]


def test_link_berkeley_finished() -> None:
    check_game(link_game(link("link-berkeley-win.txt")), rules="berkeley",
               moves=BERKELEY_WIN, ply=6, position=BERKELEY_WIN_END,
               outcome="White wins: the king escaped.")


def test_link_from_a_set_up_position() -> None:
    check_game(link_game(link("link-berkeley-setup.txt")), rules="berkeley", start=SETUP,
               moves=SETUP_GAME, ply=2, position=SETUP_GAME_END)


def test_link_brainking_at_an_earlier_position() -> None:
    # A link carries no move limit: the game opens without one.
    check_game(link_game(link("link-brainking-earlier.txt")), rules="brainking",
               moves=BRAINKING, ply=5, position=BRAINKING_AT_5)


def test_link_nielsen() -> None:
    check_game(link_game(link("link-nielsen.txt")), rules="nielsen", moves=NIELSEN_GAME_2,
               ply=2, position=NIELSEN_GAME_2_END)


# -- text records --------------------------------------------------------------------------


def test_record_berkeley_finished() -> None:
    check_game(read_record(fixture_text("record-berkeley-win.txt")), rules="berkeley",
               moves=BERKELEY_WIN, ply=6, position=BERKELEY_WIN_END,
               outcome="White wins: the king escaped.")


def test_record_from_a_set_up_position() -> None:
    check_game(read_record(fixture_text("record-berkeley-setup.txt")), rules="berkeley",
               start=SETUP, moves=SETUP_GAME, ply=2, position=SETUP_GAME_END)


def test_record_brainking_opens_at_its_last_move() -> None:
    check_game(read_record(fixture_text("record-brainking.txt")), rules="brainking",
               moves=BRAINKING, ply=7, position=BRAINKING_AT_7)


def test_record_nielsen_finished() -> None:
    check_game(read_record(fixture_text("record-nielsen-win.txt")), rules="nielsen",
               moves=NIELSEN_WIN, ply=10, position=NIELSEN_WIN_END,
               outcome="White wins: the king escaped.")


# -- what a newer version writes is refused as such ----------------------------------------


@pytest.mark.parametrize("name", ["state-in-progress.json", "state-setup.json",
                                  "state-nielsen-match.json", "state-finished-win.json"])
def test_a_page_record_of_a_newer_version_is_refused_naming_its_version(name: str) -> None:
    data = json.loads(fixture_text(name))
    data["version"] = 4  # version 2 added the clocks, version 3 where the game stands
    with pytest.raises(StateError, match="version 4 is not supported"):
        PageState.from_json(json.dumps(data))
    data["version"] = 1
    game = json.loads(data["game"])
    game["version"] = 2
    data["game"] = json.dumps(game)
    with pytest.raises(StateError, match="version 2 is not supported"):
        PageState.from_json(json.dumps(data))


def test_saved_games_of_a_newer_version_are_refused_and_kept() -> None:
    data = json.loads(fixture_text("saved-games.json"))
    data["version"] = 2
    stored = json.dumps(data)
    saved = SavedGames.parse(stored)
    assert saved.entries == []
    assert saved.problem is not None and "another version" in saved.problem
    assert "version 2" in saved.problem
    assert saved.unreadable_text == stored  # kept aside before anything is written


def test_a_saved_game_of_a_newer_version_is_listed_unreadable_and_kept() -> None:
    data = json.loads(fixture_text("saved-games.json"))
    game = json.loads(data["games"][0]["record_json"])
    game["version"] = 2
    data["games"][0]["record_json"] = json.dumps(game)
    saved = SavedGames.parse(json.dumps(data))
    first = saved.entries[0]
    assert not first.readable and "version 2 is not supported" in str(first.problem)
    assert [e.readable for e in saved.entries[1:]] == [True, True, True]
    assert json.loads(saved.dump()) == data


@pytest.mark.parametrize("name", ["link-berkeley-win.txt", "link-berkeley-setup.txt",
                                  "link-brainking-earlier.txt", "link-nielsen.txt"])
def test_a_link_of_a_newer_version_is_refused_as_such(name: str) -> None:
    newer = link(name).replace("#v=1&", "#v=2&", 1)
    with pytest.raises(LinkError, match=r"newer version of the game \(v2\)"):
        link_game(newer)


def test_a_json_game_record_of_a_newer_version_is_refused_naming_its_version() -> None:
    # A saved game's JSON pasted into the records panel, as a newer version would write it.
    record = json.loads(json.loads(fixture_text("saved-games.json"))["games"][2]["record_json"])
    assert read_record(json.dumps(record)).ply == 2
    record["version"] = 2
    with pytest.raises(ImportProblem, match="version 2 is not supported"):
        read_record(json.dumps(record))
