"""The tafl family beyond 9x9: Brandubh on 7x7, Copenhagen and Fetlar Hnefatafl on 11x11.

One test per rule that sets these apart, on the smallest position that shows it, and the
text forms (squares to k11, position strings of 7 and 11 rows, records and links) at every
size.  That each rule set plays exactly as OpenTafl's rules code decides is
tests/test_family_opentafl.py's.
"""

from __future__ import annotations

import io

import pytest
from helpers import board, pieces, play

from tablut.board import Board, Reason
from tablut.cli import TextInterface
from tablut.game import Game
from tablut.links import game_from_fragment, game_to_fragment
from tablut.notation import NotationError, dump, format_move, parse_move
from tablut.rules import RULES
from tablut.side import Side
from tablut.transcript import export_transcript, import_transcript

FAMILY = ("brandubh", "copenhagen", "fetlar")


@pytest.mark.parametrize("rules, size, black, white", [
    ("brandubh", 7, 8, 4), ("copenhagen", 11, 24, 12), ("fetlar", 11, 24, 12)])
def test_start_position_on_its_own_board(rules: str, size: int, black: int, white: int) -> None:
    b = Board.start(RULES[rules])
    assert b.rules.size == size and b.side is Side.BLACK
    assert len(pieces(b, "black")) == black and len(pieces(b, "white")) == white
    assert pieces(b, "king") == {"d4" if size == 7 else "f6"}
    assert Board.from_position(b.position(), RULES[rules]).position() == b.position()


def test_dump_prints_every_rank_with_its_number_right_aligned() -> None:
    lines = dump(Board.start(RULES["copenhagen"])).splitlines()
    assert lines[1] == " 11 - - - B B B B B - - -"
    assert lines[6] == "  6 B B - W W K W W - B B"
    assert lines[11] == "  1 - - - B B B B B - - -"
    assert lines[12] == "    a b c d e f g h i j k"
    assert dump(Board.start(RULES["brandubh"])).splitlines()[4] == " 4 B B W K W B B"


def test_moves_reach_the_eleventh_rank_and_file() -> None:
    size = 11
    assert parse_move("a10-4", size) == parse_move("a10-a4", size)
    assert format_move(parse_move("k4-k10", size), size) == "k4-10"
    assert format_move(parse_move("b6-j6", size), size) == "b6-j"
    with pytest.raises(NotationError, match="not a square"):
        parse_move("l1-l2", size)
    with pytest.raises(NotationError, match="not a square"):
        parse_move("e8-e4", 7)


def test_a_position_of_another_board_is_refused_saying_its_size() -> None:
    with pytest.raises(NotationError, match="11 rows of 11"):
        Board.from_position(Board.start(RULES["berkeley"]).position(), RULES["copenhagen"])


# -- Brandubh ----------------------------------------------------------------------------------

def test_brandubh_king_is_taken_by_two_even_on_his_throne() -> None:
    b = play(board("brandubh", "b", B="c4 e1", W="a6", K="d4"), "e1-e4")
    assert b.outcome() is not None and b.outcome().reason is Reason.KING_CAPTURED


def test_brandubh_corners_are_hostile_to_the_king() -> None:
    b = play(board("brandubh", "b", B="c3 g6", W="e5", K="a2"), "c3-a3")
    assert b.outcome().winner is Side.BLACK


def test_brandubh_empty_throne_is_hostile_to_nobody() -> None:
    b = play(board("brandubh", "b", B="b1 g6", W="c4", K="f6"), "b1-b4")
    assert "c4" in pieces(b, "white")


def test_brandubh_third_repetition_draws() -> None:
    b = board("brandubh", "b", B="a2 g6", W="e5", K="c6")
    play(b, "a2-3", "e5-4", "a3-2", "e4-5", "a2-3", "e5-4", "a3-2")
    assert b.outcome() is None
    play(b, "e4-5")
    assert b.outcome().winner is None and b.outcome().reason is Reason.REPETITION


# -- Copenhagen and Fetlar ---------------------------------------------------------------------

@pytest.mark.parametrize("rules", ["copenhagen", "fetlar"])
def test_the_king_is_never_taken_on_an_edge(rules: str) -> None:
    b = play(board(rules, "b", B="a5 a7 e6 j2", W="h8", K="a6"), "e6-b6")
    assert b.outcome() is None and pieces(b, "king") == {"a6"}


@pytest.mark.parametrize("rules", ["copenhagen", "fetlar"])
def test_the_king_beside_the_empty_throne_is_taken_by_three(rules: str) -> None:
    b = play(board(rules, "b", B="d6 e7 e2", W="j9", K="e6"), "e2-e5")
    assert b.outcome().reason is Reason.KING_CAPTURED


@pytest.mark.parametrize("rules", ["copenhagen", "fetlar"])
def test_the_king_away_from_the_throne_needs_four(rules: str) -> None:
    b = play(board(rules, "b", B="c4 d5 e4 d1", W="j9", K="d4"), "d1-d3")
    assert b.outcome().reason is Reason.KING_CAPTURED
    b = play(board(rules, "b", B="c4 d5 d1", W="j9", K="d4"), "d1-d3")
    assert b.outcome() is None


def test_copenhagen_shieldwall_takes_the_row_but_not_the_king() -> None:
    b = play(board("copenhagen", "b", B="b1 c2 d2 e2 f4 h9", W="c1 d1 j9", K="e1"), "f4-f1")
    assert pieces(b, "white") == {"j9"} and pieces(b, "king") == {"e1"}
    assert b.outcome() is None


def test_copenhagen_shieldwall_is_closed_only_by_a_move_onto_the_edge() -> None:
    b = play(board("copenhagen", "b", B="b1 e1 c2 d5 h9", W="c1 d1 j9", K="f6"), "d5-d2")
    assert pieces(b, "white") == {"c1", "d1", "j9"}


def test_copenhagen_corner_brackets_a_shieldwall_while_black_has_two_on_the_edges() -> None:
    b = play(board("copenhagen", "b", B="b2 c2 d4 k5", W="b1 c1 j9", K="f6"), "d4-d1")
    assert pieces(b, "white") == {"j9"}
    # OpenTafl looks for shieldwalls only while each side has two pieces on the edges.
    b = play(board("copenhagen", "b", B="b2 c2 d4 h9", W="b1 c1 j9", K="f6"), "d4-d1")
    assert pieces(b, "white") == {"b1", "c1", "j9"}


def test_fetlar_has_no_shieldwall() -> None:
    b = play(board("fetlar", "b", B="b1 c2 d2 e2 f4 h9", W="c1 d1 j9", K="e1"), "f4-f1")
    assert pieces(b, "white") == {"c1", "d1", "j9"}


def test_copenhagen_edge_fort_wins_once_black_cannot_break_it() -> None:
    before = board("copenhagen", "w", B="h8 j9", W="d1 f1 d2 f2 e3 d5", K="e1")
    assert before.outcome() is None
    b = play(before, "d5-d3")
    assert b.outcome().winner is Side.WHITE and b.outcome().reason is Reason.EDGE_FORT
    fetlar = play(board("fetlar", "w", B="h8 j9", W="d1 f1 d2 f2 e3 d5", K="e1"), "d5-d3")
    assert fetlar.outcome() is None


def test_copenhagen_fort_with_a_black_piece_at_its_door_is_no_fort() -> None:
    b = play(board("copenhagen", "w", B="h8 e4", W="d1 f1 d2 f2 d5", K="e1"), "d5-d3")
    assert b.outcome() is None


def test_copenhagen_third_repetition_loses_for_the_side_that_makes_it() -> None:
    b = board("copenhagen", "b", B="a2 h9", W="e5", K="c6")
    play(b, "a2-3", "e5-4", "a3-2", "e4-5", "a2-3", "e5-4", "a3-2")
    assert b.outcome() is None
    play(b, "e4-5")
    assert b.outcome().winner is Side.BLACK and b.outcome().reason is Reason.REPETITION


@pytest.mark.parametrize("rules", ["copenhagen", "fetlar"])
def test_encircling_every_white_piece_wins_for_black(rules: str) -> None:
    ring = "f4 e5 g5 e6 g6 f9 b2"
    b = play(board(rules, "b", B=ring, W="f5", K="f6"), "b2-b3")
    assert b.outcome() is None  # f7 is open
    b = play(board(rules, "b", B=ring, W="f5", K="f6"), "f9-f7")
    assert b.outcome().reason is Reason.ENCIRCLED


# -- text forms --------------------------------------------------------------------------------

def _played(rules: str, count: int) -> Game:
    game = Game(rules)
    for _ in range(count):
        if game.outcome() is not None:
            break
        moves = game.board.legal_moves()
        game.play(moves[(len(game.moves) * 7919) % len(moves)])
    return game


@pytest.mark.parametrize("rules", FAMILY)
def test_records_and_links_round_trip_on_every_board(rules: str) -> None:
    game = _played(rules, 40)
    assert game_from_fragment(game_to_fragment(game)).to_json() == game.to_json()
    assert import_transcript(export_transcript(game)).to_json() == game.to_json()
    assert Game.from_json(game.to_json()).board.position() == game.board.position()


def test_the_text_interface_plays_copenhagen() -> None:
    out, err = io.StringIO(), io.StringIO()
    session = TextInterface(out, err)
    session.run(io.StringIO("rules copenhagen\nmanual white\na4-a2\nl5-l6\nk6-10\nf4-f3\n"
                            "dump\nsetup ---B---/---B---/---W---/BBWKWBB/---W---/---B---/"
                            "---B--- b\n"), prompt=False)
    assert " 3 - - - - - W - - - - -" in out.getvalue()
    assert "no square l5 on this board (files a-k, ranks 1-11)" in err.getvalue()
    assert "k6-10: it is white's turn" in err.getvalue()
    assert "a position needs 11 rows of 11 squares" in err.getvalue()
