"""Text records and share links: round trips, and bad input refused with its place named."""

from __future__ import annotations

import pytest
from helpers import OPENING, game_with, position
from hypothesis import given, settings
from hypothesis import strategies as st

from tablut.game import Game
from tablut.links import (
    LinkError,
    game_from_fragment,
    game_to_fragment,
    pack_position,
    unpack_position,
)
from tablut.notation import format_position
from tablut.rules import RULES
from tablut.transcript import TranscriptError, export_transcript, import_transcript


def played_at_random(data, rules: str, most: int) -> Game:
    """A game of ``rules`` of up to ``most`` moves that hypothesis draws from ``data``,
    stopped where it ends."""
    game = Game(rules)
    for _ in range(data.draw(st.integers(0, most))):
        legal = game.legal_moves()
        if not legal or game.outcome():
            break
        game.play(data.draw(st.sampled_from(legal)))
    return game


def same_game(a: Game, b: Game) -> bool:
    return (a.rules == b.rules and a.start == b.start and a.moves == b.moves
            and format_position(a.board) == format_position(b.board))


def test_transcript_reads_like_a_score_sheet():
    text = export_transcript(game_with(*OPENING))
    assert '[Rules "berkeley"]' in text and '[Result "*"]' in text
    assert "1. i6-g d5-7\n2. i4-g\n" in text


def test_transcript_of_a_finished_game_names_the_result():
    game = game_with("c3-1", start=position("w", B="h8", K="c3"))
    text = export_transcript(game)
    assert '[Result "White wins: the king escaped."]' in text
    assert "1. ... c3-1" in text
    assert same_game(import_transcript(text), game)


@settings(max_examples=30, deadline=None)
@given(data=st.data(), rules=st.sampled_from(sorted(RULES)))
def test_export_then_import_gives_the_same_game(data, rules):
    game = played_at_random(data, rules, 30)
    assert same_game(import_transcript(export_transcript(game)), game)
    again = game_from_fragment(game_to_fragment(game))
    assert same_game(again, game)


def test_an_ashton_record_and_link_carry_white_first():
    game = game_with("e3-d", "a4-3", rules="ashton")
    text = export_transcript(game)
    assert '[Rules "ashton"]' in text and text.rstrip().endswith("\n1. e3-d a4-3")
    assert f'[Start "{Game("ashton").start}"]' in text and Game("ashton").start.endswith(" w")
    assert same_game(import_transcript(text), game)
    # Without a Start tag, or in a link, the start is the rule set's own: white to move.
    bare = import_transcript('[Rules "ashton"]\n1. e3-d a4-3\n')
    assert same_game(bare, game)
    fragment = game_to_fragment(game)
    assert fragment == f"v=1&rules=ashton&moves=e3-d.a4-3&at={pack_position(game.board)}"
    assert same_game(game_from_fragment(fragment), game)


def test_a_bare_list_of_moves_is_a_record():
    game = import_transcript("i6-g d5-7  # white answers\n i4-g\n")
    assert len(game.moves) == 3 and game.rules.name == "berkeley"


@pytest.mark.parametrize("text, line, problem", [
    ('[Rules "berkeley"\n1. i6-g', 1, "tag must look like"),
    ('[Colour "red"]', 1, "unknown tag"),
    ('[Rules "chess"]\n', 1, "unknown rules"),
    ('[Start "xyz b"]\n', 1, "bad start position"),
    ("1. i6-g d5-7\n2. i4-g e7-7\n", 2, "not a move"),
    ("1. i6-g d5-7\n2. i4-g e7-c\n", 2, "blocked at d7"),
    ('1. i6-g\n[Rules "nielsen"]', 2, "before the moves"),
    ('[Result "Black wins: the king was captured."]\n1. i6-g', 1, "the moves give '*'"),
])
def test_bad_records_name_the_line(text, line, problem):
    with pytest.raises(TranscriptError, match=problem) as error:
        import_transcript(text)
    assert error.value.line == line
    assert str(error.value).startswith(f"line {line}: ")


def test_link_is_readable_and_short():
    game = game_with(*OPENING)
    fragment = game_to_fragment(game)
    assert fragment == "v=1&rules=berkeley&moves=i6-g.d5-7.i4-g&at=" + pack_position(game.board)
    assert len(pack_position(game.board)) == 29


@settings(max_examples=40, deadline=None)
@given(data=st.data(), rules=st.sampled_from(sorted(RULES)))
def test_a_packed_position_gives_back_every_piece_and_the_side(data, rules):
    game = played_at_random(data, rules, 40)
    size = game.rules.size
    kinds, side = unpack_position(pack_position(game.board), size)
    assert kinds == [game.board.piece_at(sq) for sq in range(size * size)]
    assert side is game.side


def test_the_packed_position_is_for_painting_only():
    # The engine plays the moves: a wrong or damaged position opens the same game.
    game = game_with(*OPENING)
    fragment = game_to_fragment(game)
    wrong = fragment.split("&at=")[0] + "&at=" + pack_position(Game().board)
    assert same_game(game_from_fragment(wrong), game)
    assert same_game(game_from_fragment(fragment.split("&at=")[0] + "&at=zz%00"), game)


@pytest.mark.parametrize("text", ["", "b", "x" + "A" * 28, "bA", "b" + "A" * 28 + "!",
                                  "w" + "A" * 40])
def test_a_damaged_packed_position_is_refused(text):
    with pytest.raises(ValueError):
        unpack_position(text, 9)


def test_link_keeps_an_earlier_position_and_a_set_up_start():
    game = game_with("c3-5", start=position("w", B="h8 a5", K="c3"), rules="nielsen")
    game.undo()
    again = game_from_fragment("#" + game_to_fragment(game))
    assert same_game(again, game) and again.ply == 0 and again.rules.name == "nielsen"


@pytest.mark.parametrize("fragment, problem", [
    ("", "does not describe a game"),
    ("#hello", "does not describe a game"),
    ("v=7&moves=i6-g", "newer version"),
    ("v=1&rules=go", "cannot start"),
    ("v=1&moves=i6-g.i6-g", "move 2 of the link"),
    ("v=1&moves=i6-g&ply=5", "not a move of its game"),
    # Digits that str.isdigit accepts and int refuses: superscripts, other scripts, and
    # more than int converts.
    ("v=1&moves=i6-g&ply=²", "not a move of its game"),
    ("v=1&moves=i6-g&ply=١", "not a move of its game"),
    ("v=1&moves=i6-g&ply=" + "1" * 5000, "not a move of its game"),
    ("v=1&start=BBB", "cannot start"),
])
def test_bad_links_are_refused_saying_why(fragment, problem):
    with pytest.raises(LinkError, match=problem):
        game_from_fragment(fragment)
