"""One test per rule (the fields of tablut/rules.py), for each rule set where it differs.

Each test builds the smallest position that shows the rule and says what must happen.
"""

from __future__ import annotations

import pytest
from helpers import board, pieces, play, targets

from tablut.board import Board, Outcome, Reason
from tablut.notation import dump
from tablut.rules import RULES
from tablut.side import Side

ALL_RULES = sorted(RULES)


# -- common to every rule set ---------------------------------------------------------------

@pytest.mark.parametrize("rules", ALL_RULES)
def test_start_position_black_moves_first(rules):
    b = Board.start(RULES[rules])
    assert b.side is Side.BLACK
    assert len(pieces(b, "black")) == 16 and len(pieces(b, "white")) == 8
    assert pieces(b, "king") == {"e5"}
    assert dump(b).splitlines()[1] == " 9 - - - B B B - - -"


@pytest.mark.parametrize("rules", ALL_RULES)
def test_pieces_move_like_rooks_without_jumping(rules):
    b = board(rules, "b", B="b2", W="b5 e2", K="e6")
    assert targets(b, "b2") == {"b3", "b4", "a2", "c2", "d2", "b1"}


@pytest.mark.parametrize("rules", ALL_RULES)
def test_turns_alternate(rules):
    b = board(rules, "b", B="b2", W="g3", K="e6")
    assert targets(b, "g3") == set()  # not white's turn
    play(b, "b2-3")
    assert b.side is Side.WHITE and targets(b, "b3") == set()


@pytest.mark.parametrize("rules", ALL_RULES)
def test_seed_example_captures_with_third_move(rules):
    b = play(Board.start(RULES[rules]), "i6-g", "d5-7", "i4-g")
    assert "g5" not in pieces(b, "white")
    assert b.captured == 1 << (4 * 9 + 6)


@pytest.mark.parametrize("rules", ALL_RULES)
def test_moving_between_two_enemies_is_safe(rules):
    b = play(board(rules, "w", B="c4 e4 h8", W="d6", K="e7"), "d6-4")
    assert "d4" in pieces(b, "white")


@pytest.mark.parametrize("rules", ALL_RULES)
def test_one_move_captures_three(rules):
    b = play(board(rules, "b", B="c5 a3 e3 c1", W="c4 b3 d3", K="g7"), "c1-3")
    assert pieces(b, "white") == set()


@pytest.mark.parametrize("rules", ALL_RULES)
def test_side_without_a_legal_move_loses(rules):
    b = board(rules, "w", B="b3 a2 c2 b1 h8", K="b2")
    assert b.legal_moves() == []
    assert b.outcome() == Outcome(Side.BLACK, Reason.NO_MOVES)


# -- escape -----------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, wins", [("berkeley", True), ("brainking", True),
                                         ("nielsen", False)])
def test_king_escapes_to_an_edge(rules, wins):
    b = play(board(rules, "w", B="h8", K="c3"), "c3-1")
    expected = Outcome(Side.WHITE, Reason.ESCAPE) if wins else None
    assert b.outcome() == expected


def test_king_escapes_to_a_corner_in_nielsen():
    b = play(board("nielsen", "w", B="h8", K="a3"), "a3-1")
    assert b.outcome() == Outcome(Side.WHITE, Reason.ESCAPE)


# -- the throne -------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ALL_RULES)
def test_anyone_passes_over_the_empty_throne_but_only_the_king_stops(rules):
    b = board(rules, "w", B="h2", W="c5", K="b7")
    assert {"d5", "f5", "g5", "h5"} <= targets(b, "c5")
    assert "e5" not in targets(b, "c5")
    b = board(rules, "b", B="e2", W="a7", K="b7")
    assert {"e4", "e6", "e7"} <= targets(b, "e2") and "e5" not in targets(b, "e2")


@pytest.mark.parametrize("rules, may_return", [("berkeley", True), ("brainking", False),
                                               ("nielsen", True)])
def test_king_returning_to_the_throne(rules, may_return):
    b = board(rules, "w", B="h2", K="e7")
    assert ("e5" in targets(b, "e7")) == may_return
    assert "e6" in targets(b, "e7")


# -- corners ----------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, restricted", [("berkeley", False), ("brainking", False),
                                               ("nielsen", True)])
def test_only_the_king_stops_on_a_corner(rules, restricted):
    b = board(rules, "b", B="a3", W="c3", K="e7")
    assert ("a1" in targets(b, "a3")) != restricted
    b = board(rules, "w", B="h8", W="c1", K="e7")
    assert ("a1" in targets(b, "c1")) != restricted


@pytest.mark.parametrize("rules, hostile", [("berkeley", False), ("brainking", False),
                                            ("nielsen", True)])
def test_corners_are_hostile_to_both_sides(rules, hostile):
    b = play(board(rules, "w", B="b1 h8", W="c4", K="e7"), "c4-1")
    assert ("b1" not in pieces(b, "black")) == hostile
    b = play(board(rules, "b", B="a4 h8", W="a2", K="e7"), "a4-3")
    assert ("a2" not in pieces(b, "white")) == hostile


def test_corner_is_hostile_to_the_king_in_nielsen():
    b = play(board("nielsen", "b", B="c3 h8", W="g7", K="b1"), "c3-1")
    assert b.outcome() == Outcome(Side.BLACK, Reason.KING_CAPTURED)


# -- hostility of the throne -------------------------------------------------------------------

@pytest.mark.parametrize("rules, hostile", [("berkeley", True), ("brainking", False),
                                            ("nielsen", True)])
def test_empty_throne_is_hostile_to_both_sides(rules, hostile):
    b = play(board(rules, "b", B="a3", W="e4", K="b7"), "a3-e")
    assert ("e4" not in pieces(b, "white")) == hostile
    b = play(board(rules, "w", B="e4 h8", W="a3", K="b7"), "a3-e")
    assert ("e4" not in pieces(b, "black")) == hostile


@pytest.mark.parametrize("rules, hostile", [("berkeley", True), ("brainking", False),
                                            ("nielsen", False)])
def test_occupied_throne_and_three_black_capture_a_guard(rules, hostile):
    b = play(board(rules, "b", B="e6 f5 e4 c7", W="d5", K="e5"), "c7-5")
    assert ("d5" not in pieces(b, "white")) == hostile


@pytest.mark.parametrize("rules", ALL_RULES)
def test_occupied_throne_with_two_black_does_not_capture_a_guard(rules):
    b = play(board(rules, "b", B="e6 e4 c7", W="d5", K="e5"), "c7-5")
    assert "d5" in pieces(b, "white")


@pytest.mark.parametrize("rules, hostile", [("berkeley", True), ("brainking", False),
                                            ("nielsen", True)])
def test_king_on_throne_is_hostile_to_black(rules, hostile):
    b = play(board(rules, "w", B="d5 h8", W="c7", K="e5"), "c7-5")
    assert ("d5" not in pieces(b, "black")) == hostile


# -- the armed king -------------------------------------------------------------------------

@pytest.mark.parametrize("rules, armed", [("berkeley", True), ("brainking", False),
                                          ("nielsen", True)])
def test_king_captures_by_moving(rules, armed):
    b = play(board(rules, "w", B="c5 h8", W="d5", K="b4"), "b4-5")
    assert ("c5" not in pieces(b, "black")) == armed


@pytest.mark.parametrize("rules, armed", [("berkeley", True), ("brainking", False),
                                          ("nielsen", True)])
def test_king_is_the_far_piece_of_a_capture(rules, armed):
    b = play(board(rules, "w", B="d6 h8", W="e8", K="c6"), "e8-6")
    assert ("d6" not in pieces(b, "black")) == armed


# -- capturing the king ---------------------------------------------------------------------

@pytest.mark.parametrize("rules", ALL_RULES)
def test_king_on_throne_needs_four_black_sides(rules):
    b = play(board(rules, "b", B="e6 f5 e4 d7", K="e5", W="a7"), "d7-5")
    assert b.outcome() == Outcome(Side.BLACK, Reason.KING_CAPTURED)
    assert pieces(b, "king") == set()
    b = play(board(rules, "b", B="e6 f5 d7", W="e4", K="e5"), "d7-5")
    assert b.outcome() is None


@pytest.mark.parametrize("rules, captured", [("berkeley", True), ("brainking", True),
                                             ("nielsen", False)])
def test_king_next_to_throne_three_black_and_the_throne(rules, captured):
    b = play(board(rules, "b", B="d6 f6 e8", W="a7", K="e6"), "e8-7")
    assert (b.outcome() == Outcome(Side.BLACK, Reason.KING_CAPTURED)) == captured


@pytest.mark.parametrize("rules, captured", [("berkeley", False), ("brainking", False),
                                             ("nielsen", True)])
def test_king_next_to_throne_two_black_sides(rules, captured):
    b = play(board(rules, "b", B="d6 f8", W="a7", K="e6"), "f8-6")
    assert (b.outcome() == Outcome(Side.BLACK, Reason.KING_CAPTURED)) == captured


@pytest.mark.parametrize("rules, captured", [("berkeley", True), ("brainking", False),
                                             ("nielsen", True)])
def test_king_elsewhere_two_black_sides(rules, captured):
    b = play(board(rules, "b", B="c7 b5", W="h2", K="c6"), "b5-c")
    assert (b.outcome() == Outcome(Side.BLACK, Reason.KING_CAPTURED)) == captured


@pytest.mark.parametrize("rules", ALL_RULES)
def test_king_elsewhere_four_black_sides(rules):
    b = play(board(rules, "b", B="c7 b6 d6 b5", W="h2", K="c6"), "b5-c")
    assert b.outcome() == Outcome(Side.BLACK, Reason.KING_CAPTURED)


# -- repetition ------------------------------------------------------------------------------

CYCLE = ["i6-8", "g5-4", "i8-7", "g4-5", "i7-6", "g5-4", "i6-7"]
SECOND_LAP = ["g4-5", "i7-6", "g5-4", "i6-7"]


@pytest.mark.parametrize("rules, outcome", [
    ("berkeley", Outcome(Side.WHITE, Reason.REPETITION)),
    ("brainking", None),
    ("nielsen", None),
])
def test_first_repetition(rules, outcome):
    b = play(Board.start(RULES[rules]), *CYCLE)
    assert b.outcome() == outcome
    assert pieces(b, "black") >= {"i7"}  # the repeating move stays on the board


@pytest.mark.parametrize("rules, outcome", [
    ("brainking", Outcome(None, Reason.REPETITION)),
    ("nielsen", Outcome(Side.WHITE, Reason.REPETITION)),
])
def test_third_occurrence(rules, outcome):
    b = play(Board.start(RULES[rules]), *CYCLE, *SECOND_LAP[:-1])
    assert b.outcome() is None
    play(b, SECOND_LAP[-1])
    assert b.occurrences() == 3
    assert b.outcome() == outcome


# -- encirclement ------------------------------------------------------------------------------

RING = "c4 c5 c6 g4 g5 g6 d3 f3 d7 e7 f7 e1"


@pytest.mark.parametrize("rules, wins", [("berkeley", False), ("brainking", False),
                                         ("nielsen", True)])
def test_black_wins_by_encircling(rules, wins):
    b = play(board(rules, "b", B=RING, W="e4", K="e5"), "e1-3")
    assert (b.outcome() == Outcome(Side.BLACK, Reason.ENCIRCLED)) == wins


def test_a_white_piece_outside_the_ring_breaks_encirclement():
    b = play(board("nielsen", "b", B=RING, W="e4 b2", K="e5"), "e1-3")
    assert b.outcome() is None


# -- details the berkeley tests pin down ----------------------------------------------------

def test_escaping_move_still_captures():
    b = play(board("berkeley", "w", B="c1 h8", W="b1", K="d2"), "d2-1")
    assert b.outcome() == Outcome(Side.WHITE, Reason.ESCAPE)
    assert "c1" not in pieces(b, "black")


def test_undo_after_game_end_resumes_play():
    b = play(board("berkeley", "w", B="c1 h8", W="b1", K="d2"), "d2-1")
    assert b.legal_moves() == []
    b.pop()
    assert b.outcome() is None and b.legal_moves()
