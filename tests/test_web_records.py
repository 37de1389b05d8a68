"""Unit tests of the records panel's browser-free logic: reading records, share links,
and the list of saved games as kept in localStorage."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablut import Game
from tablut.links import LinkError
from web.records.formats import (
    ExportProblem,
    ImportProblem,
    continues,
    describe,
    export_opentafl_record,
    export_record,
    link_game,
    opentafl_caveat,
    opentafl_position,
    read_record,
    same_game,
    share_fragment,
    share_url,
    shared_address,
)
from web.records.saved_games import (
    SAVED_FORMAT,
    SAVED_VERSION,
    Entry,
    SavedGames,
    SavedGamesError,
    clean_name,
)


def played(*moves: str, rules: str = "berkeley") -> Game:
    game = Game(rules)
    for move in moves:
        game.play_text(move)
    return game


# -- records -------------------------------------------------------------------------------

def test_export_then_read_gives_the_same_game() -> None:
    game = played("d1-4", "e3-d", "a4-c")
    back = read_record(export_record(game))
    assert same_game(back, game)


def test_read_record_accepts_a_json_record() -> None:
    game = played("d1-4")
    assert same_game(read_record(game.to_json()), game)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "empty"),
        ("   \n", "empty"),
        ('[Rules "berkeley"]\n\n1. d1-4 e3-d\n2. a4-z\n', "Line 4:"),
        ('[Rules "chess"]\n', "Line 1:"),
        ('[Rules "berkeley"]\n[Result "White wins."]\n\n1. d1-4\n', "Line 2:"),
        ("1. d1-9\n", "Line 1: "),
        ('{"format": "nope"}', "JSON"),
        ('{"moves": ' + "[" * 100_000, "JSON"),  # deeper than the JSON decoder recurses
    ],
)
def test_bad_records_name_the_line_or_the_problem(text: str, expected: str) -> None:
    with pytest.raises(ImportProblem, match=expected) as caught:
        read_record(text)
    assert str(caught.value).endswith(".")


def test_an_illegal_move_says_which_line_and_move() -> None:
    with pytest.raises(ImportProblem) as caught:
        read_record('[Game "Tablut"]\n\n1. d1-4 e3-d\n2. d4-5\n')
    assert str(caught.value).startswith("Line 4: ")
    assert "d4-5" in str(caught.value)


def test_opentafl_records_and_positions_are_read_too() -> None:
    fixtures = Path(__file__).parent / "fixtures" / "opentafl"
    game = read_record((fixtures / "tablut" / "selfplay-2s-seed15.otg").read_text("utf-8"))
    assert game.rules.name == "opentafl" and len(game.moves) == 23
    assert game.outcome().describe() == "Black wins: the king was captured."
    assert same_game(read_record(export_opentafl_record(game, "2026.05.01")), game)
    assert "[date:2026.05.01]" in export_opentafl_record(game, "2026.05.01")
    game.goto(10)
    here = read_record(opentafl_position(game))
    assert here.start == game.board.position() and not here.moves
    with pytest.raises(ImportProblem, match=r"^OpenTafl record, line 11: .*'cen:'"):
        read_record((fixtures / "other-9x9" / "sea-battle-selfplay-1s.otg").read_text("utf-8"))
    with pytest.raises(ImportProblem, match="OpenTafl position cannot be played here: 'dim:13'"):
        read_record("dim:13 name:Big starti:/13/13/13/13/13/13/6K6/13/13/13/13/13/13/")


@pytest.mark.parametrize("rules", ["brandubh", "copenhagen", "fetlar"])
def test_games_of_the_other_boards_go_out_and_come_back_in_every_format(rules: str) -> None:
    game = Game(rules)
    game.play(game.legal_moves()[-1])  # a square beyond the 9x9 board's 81 on 11x11
    game.play(game.legal_moves()[0])
    for record in (export_record(game), export_opentafl_record(game, "2026.05.01"),
                   game.to_json()):
        back = read_record(record)
        assert same_game(back, game) and back.rules.size == game.rules.size
    here = read_record(opentafl_position(game))
    assert here.rules.name == rules and here.start == game.board.position()
    linked = link_game("#" + share_fragment(game))
    assert linked is not None and same_game(linked, game)


def test_a_game_that_opentafls_rules_cannot_hold_is_refused_with_the_other_formats_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import web.records.formats as formats
    from tablut.opentafl.rules_string import RulesStringError

    def refuse(*_args: object) -> str:
        raise RulesStringError("dim", "7", "not here")

    monkeypatch.setattr(formats, "export_otg", refuse)
    monkeypatch.setattr(formats, "pasteable_position", refuse)
    game = Game("brandubh")
    for export in (lambda: export_opentafl_record(game), lambda: opentafl_position(game)):
        with pytest.raises(ExportProblem, match="OpenTafl cannot play this game of Brandubh "
                           r"\(7x7\).*Download record or Copy record"):
            export()


def test_a_download_for_opentafl_says_what_its_rules_cannot_say() -> None:
    assert opentafl_caveat(played("d1-4", rules="opentafl")) == ""
    caveat = opentafl_caveat(played("d1-4"))
    assert "closest" in caveat and "second occurrence" in caveat and "as berkeley" in caveat


def test_a_huge_text_is_refused_quickly() -> None:
    with pytest.raises(ImportProblem, match="too long"):
        read_record("1. d1-4\n" * 200_000)


# -- links ---------------------------------------------------------------------------------

def test_a_link_is_the_same_from_the_page_of_every_language() -> None:
    game = Game()
    game.play_text("d1-4")
    english = share_url("http://127.0.0.1/tablut/#v=1", game)
    assert share_url("http://127.0.0.1/tablut/index.sv.html#v=1", game) == english
    assert share_url("http://127.0.0.1/tablut/index.nb.html", game) == english
    assert shared_address("http://127.0.0.1/tablut/index.html#x") == (
        "http://127.0.0.1/tablut/index.html#x")


def test_share_url_round_trip_keeps_the_position() -> None:
    game = played("d1-4", "e3-d", "a4-c")
    game.undo()
    url = share_url("http://127.0.0.1/tablut/#v=1&moves=old", game)
    assert url.startswith("http://127.0.0.1/tablut/#v=1&")
    back = link_game(url[url.index("#"):])
    assert back is not None and same_game(back, game)


def test_no_fragment_is_no_link() -> None:
    assert link_game("") is None
    assert link_game("#") is None


@pytest.mark.parametrize("fragment", ["#v=1&moves=d1-9", "#v=7&moves=d1-4", "#hello",
                                      "#v=1&rules=chess"])
def test_bad_links_raise_link_error(fragment: str) -> None:
    with pytest.raises(LinkError):
        link_game(fragment)


def test_continues_and_same_game() -> None:
    old = played("d1-4")
    assert continues(old, played("d1-4", "e3-d"))
    assert continues(old, played("d1-4"))
    assert not continues(old, played("f1-4"))
    assert not continues(old, played("d1-4", rules="nielsen"))
    assert not same_game(old, played("d1-4", "e3-d"))


def test_describe_says_moves_rules_and_state() -> None:
    assert describe(Game()) == "no moves, berkeley rules. Black to move."
    game = played("d1-4")
    game.undo()
    assert describe(game) == "1 move, berkeley rules. White to move."
    assert game.ply == 0  # the cursor is where it was


# -- saved games ---------------------------------------------------------------------------

def test_empty_storage_is_an_empty_list() -> None:
    for stored in (None, object()):
        saved = SavedGames.parse(stored)
        assert saved.entries == [] and saved.problem is None


def test_add_rename_remove_restore_round_trip() -> None:
    saved = SavedGames()
    first = saved.add("Opening", played("d1-4"), "2026-01-01T10:00:00Z")
    saved.add("Opening", Game(), "2026-01-01T11:00:00Z")
    assert [e.name for e in saved.entries] == ["Opening (2)", "Opening"]
    saved.rename(0, "  Fresh   start ")
    assert saved.entries[0].name == "Fresh start"
    with pytest.raises(SavedGamesError, match="Another saved game"):
        saved.rename(0, "Opening")
    again = SavedGames.parse(saved.dump())
    assert [e.name for e in again.entries] == ["Fresh start", "Opening"]
    assert again.entries[1].game is not None and same_game(again.entries[1].game, first.game)
    gone = again.remove(0)
    assert [e.name for e in again.entries] == ["Opening"]
    again.restore(0, gone)
    assert [e.name for e in again.entries] == ["Fresh start", "Opening"]


def test_names_are_cleaned_and_required() -> None:
    assert clean_name(" a\n b ") == "a b"
    assert len(clean_name("x" * 500)) == 60
    with pytest.raises(SavedGamesError):
        clean_name("   ")


def test_corrupt_entries_are_unreadable_and_kept_as_they_were() -> None:
    good = Entry.new("Good", played("d1-4"), "2026-01-01T10:00:00Z").raw
    stored = json.dumps({"format": SAVED_FORMAT, "version": SAVED_VERSION, "games": [
        good,
        "junk",
        {"name": "No game"},
        {"name": "Bad moves", "saved_at": "x",
         "record_json": played("d1-4").to_json().replace("d1-4", "d1-9")},
        {"name": "Not JSON", "record_json": "{"},
        {"record_json": good["record_json"]},
    ]})
    saved = SavedGames.parse(stored)
    assert saved.problem is None
    assert [e.readable for e in saved.entries] == [True, False, False, False, False, False]
    assert all(e.problem for e in saved.entries[1:])
    with pytest.raises(SavedGamesError):
        saved.entries[1].renamed("x")
    # Written back unchanged: a newer version of the page may read them.
    assert json.loads(saved.dump())["games"] == json.loads(stored)["games"]


@pytest.mark.parametrize("stored", ["{", "[]", '{"format": "other"}',
                                    json.dumps({"format": SAVED_FORMAT, "version": 99,
                                                "games": []}),
                                    json.dumps({"format": SAVED_FORMAT, "version": 1,
                                                "games": {}}),
                                    '{"games": ' + "[" * 100_000])  # too deep to decode
def test_an_unreadable_list_says_so_and_keeps_its_text(stored: str) -> None:
    saved = SavedGames.parse(stored)
    assert saved.entries == [] and saved.problem
    assert saved.unreadable_text == stored
