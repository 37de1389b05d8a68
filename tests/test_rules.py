"""One test per rule (the fields of tablut/rules.py), for each rule set where it differs.

Each test builds the smallest position that shows the rule and says what must happen.
"""

from __future__ import annotations

import pytest
from helpers import board, pieces, play, targets

from tablut.board import Board, Outcome, Reason
from tablut.notation import NotationError, dump
from tablut.rules import RULES, TABLUT_RULES
from tablut.side import Side

# The rule sets of Tablut's 9x9 board, where these positions stand (tests/test_family.py
# has those of the other boards).
ALL_RULES = sorted(TABLUT_RULES)
# The rule sets without camps, where black moves first from the usual start.
CLASSIC = sorted(name for name, r in TABLUT_RULES.items() if not r.camps)


# -- common to every rule set ---------------------------------------------------------------

@pytest.mark.parametrize("rules, first", [("berkeley", Side.BLACK), ("brainking", Side.BLACK),
                                          ("nielsen", Side.BLACK), ("ashton", Side.WHITE)])
def test_start_position_and_who_moves_first(rules, first):
    b = Board.start(RULES[rules])
    assert b.side is first
    assert len(pieces(b, "black")) == 16 and len(pieces(b, "white")) == 8
    assert pieces(b, "king") == {"e5"}
    assert dump(b).splitlines()[1] == " 9 - - - B B B - - -"


@pytest.mark.parametrize("rules", ALL_RULES)
def test_pieces_move_like_rooks_without_jumping(rules):
    b = board(rules, "b", B="c3", W="c7 g3", K="e7")
    assert targets(b, "c3") == {"c4", "c5", "c6", "d3", "e3", "f3", "b3", "a3", "c2", "c1"}


@pytest.mark.parametrize("rules", ALL_RULES)
def test_turns_alternate(rules):
    b = board(rules, "b", B="b2", W="g3", K="e6")
    assert targets(b, "g3") == set()  # not white's turn
    play(b, "b2-3")
    assert b.side is Side.WHITE and targets(b, "b3") == set()


@pytest.mark.parametrize("rules", CLASSIC)
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
                                         ("nielsen", False), ("ashton", True)])
def test_king_escapes_to_an_edge(rules, wins):
    b = play(board(rules, "w", B="h8", K="c3"), "c3-1")
    expected = Outcome(Side.WHITE, Reason.ESCAPE) if wins else None
    assert b.outcome() == expected


def test_king_escapes_to_a_corner_in_nielsen():
    b = play(board("nielsen", "w", B="h8", K="a3"), "a3-1")
    assert b.outcome() == Outcome(Side.WHITE, Reason.ESCAPE)


# -- the throne -------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", CLASSIC)
def test_anyone_passes_over_the_empty_throne_but_only_the_king_stops(rules):
    b = board(rules, "w", B="h2", W="c5", K="b7")
    assert {"d5", "f5", "g5", "h5"} <= targets(b, "c5")
    assert "e5" not in targets(b, "c5")
    b = board(rules, "b", B="e2", W="a7", K="b7")
    assert {"e4", "e6", "e7"} <= targets(b, "e2") and "e5" not in targets(b, "e2")


@pytest.mark.parametrize("rules, may_return", [("berkeley", True), ("brainking", False),
                                               ("nielsen", True), ("ashton", False)])
def test_king_returning_to_the_throne(rules, may_return):
    b = board(rules, "w", B="h2", K="e7")
    assert ("e5" in targets(b, "e7")) == may_return
    assert "e6" in targets(b, "e7")


# -- corners ----------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, restricted", [("berkeley", False), ("brainking", False),
                                               ("nielsen", True), ("ashton", False)])
def test_only_the_king_stops_on_a_corner(rules, restricted):
    b = board(rules, "b", B="a3", W="c3", K="e7")
    assert ("a1" in targets(b, "a3")) != restricted
    b = board(rules, "w", B="h8", W="c1", K="e7")
    assert ("a1" in targets(b, "c1")) != restricted


@pytest.mark.parametrize("rules, hostile", [("berkeley", False), ("brainking", False),
                                            ("nielsen", True), ("ashton", False)])
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
                                            ("nielsen", True), ("ashton", True)])
def test_empty_throne_is_hostile_to_both_sides(rules, hostile):
    b = play(board(rules, "b", B="a3", W="e4", K="b7"), "a3-e")
    assert ("e4" not in pieces(b, "white")) == hostile
    b = play(board(rules, "w", B="e4 h8", W="a3", K="b7"), "a3-e")
    assert ("e4" not in pieces(b, "black")) == hostile


@pytest.mark.parametrize("rules, hostile", [("berkeley", True), ("brainking", False),
                                            ("nielsen", False), ("ashton", True)])
def test_occupied_throne_and_three_black_capture_a_guard(rules, hostile):
    b = play(board(rules, "b", B="e6 f5 e4 c7", W="d5", K="e5"), "c7-5")
    assert ("d5" not in pieces(b, "white")) == hostile


@pytest.mark.parametrize("rules", CLASSIC)
def test_occupied_throne_with_two_black_does_not_capture_a_guard(rules):
    b = play(board(rules, "b", B="e6 e4 c7", W="d5", K="e5"), "c7-5")
    assert "d5" in pieces(b, "white")


@pytest.mark.parametrize("rules, hostile", [("berkeley", True), ("brainking", False),
                                            ("nielsen", True), ("ashton", True)])
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
                                             ("nielsen", False), ("ashton", True)])
def test_king_next_to_throne_three_black_and_the_throne(rules, captured):
    b = play(board(rules, "b", B="d6 f6 e8", W="a7", K="e6"), "e8-7")
    assert (b.outcome() == Outcome(Side.BLACK, Reason.KING_CAPTURED)) == captured


@pytest.mark.parametrize("rules, captured", [("berkeley", False), ("brainking", False),
                                             ("nielsen", True), ("ashton", False)])
def test_king_next_to_throne_two_black_sides(rules, captured):
    b = play(board(rules, "b", B="d6 f8", W="a7", K="e6"), "f8-6")
    assert (b.outcome() == Outcome(Side.BLACK, Reason.KING_CAPTURED)) == captured


@pytest.mark.parametrize("rules, captured", [("berkeley", True), ("brainking", False),
                                             ("nielsen", True), ("ashton", True)])
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
                                         ("nielsen", True), ("ashton", False)])
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


# -- ashton: the Tablut Challenge server's rules ----------------------------------------------
# Each test states one rule of the ASHTON row of tablut/rules.py as the server decides it (the
# rows above cover the rest); test_ashton_server.py checks the whole row against the server's
# own answers.

def test_ashton_white_moves_first_from_the_usual_pieces():
    b = Board.start(RULES["ashton"])
    assert b.position().endswith(" w") and b.position()[:-2] == Board.start().position()[:-2]
    assert len(b.legal_moves()) == 56


def test_ashton_no_white_piece_may_stand_in_a_camp():
    for white, king in (("e2", "g7"), ("c3", "a5")):
        with pytest.raises(NotationError, match="camp"):
            board("ashton", "w", B="h8", W=white, K=king)
    assert board("ashton", "w", B="e2 a5", W="c3", K="g7").black


def test_ashton_nobody_enters_a_camp_from_outside():
    b = board("ashton", "w", B="h8", W="c2", K="c4")
    assert targets(b, "c2") == {"c3", "d2", "b2", "a2", "c1"}  # e2 is a camp
    assert targets(b, "c4") == {"b4", "d4", "e4", "f4", "g4", "h4", "c5", "c6", "c7", "c8",
                                "c9", "c3"}  # so are a4 and i4
    b = board("ashton", "b", B="c1", W="g7", K="c4")
    assert "d1" not in targets(b, "c1") and "b1" in targets(b, "c1")


def test_ashton_a_black_piece_moves_within_its_own_camp_but_not_into_another():
    b = board("ashton", "b", B="a4 e1 f1", W="g7", K="c7")
    assert {"a5", "a6"} <= targets(b, "a4")  # over the empty a5
    assert {"e2", "d1"} <= targets(b, "e1")
    b = board("ashton", "b", B="f1 a4", W="g7", K="c7")
    assert {"e1", "d1", "c1", "b1", "a1"} <= targets(b, "f1")  # out across its own camp
    assert "i4" not in targets(b, "a4") and "h4" in targets(b, "a4")


def test_ashton_a_black_piece_that_left_its_camp_never_returns():
    b = play(board("ashton", "b", B="e2", W="g7", K="c7"), "e2-c2", "g7-8")
    assert "e2" not in targets(b, "c2") and "d2" in targets(b, "c2")


def test_ashton_nobody_crosses_or_stops_on_the_throne():
    b = board("ashton", "w", B="h2", W="c5", K="e4")
    assert targets(b, "c5") == {"d5", "c6", "c7", "c8", "c9", "c4", "c3", "c2", "c1"}
    b = play(board("ashton", "w", B="h2", W="a7", K="e5"), "e5-6", "h2-1")
    assert "e5" not in targets(b, "e6") and "e7" in targets(b, "e6")


def test_ashton_the_throne_captures_a_guard_even_with_the_king_on_it():
    b = play(board("ashton", "b", B="c7", W="d5", K="e5"), "c7-5")
    assert "d5" not in pieces(b, "white")


@pytest.mark.parametrize("camp_held", ["", "e2"])
def test_ashton_camps_capture_guards_empty_or_occupied(camp_held):
    b = play(board("ashton", "b", B=f"c8 {camp_held}", W="d2", K="g7"), "c8-2")
    assert "d2" not in pieces(b, "white")


def test_ashton_every_camp_square_captures_guards():
    b = play(board("ashton", "b", B="c8", W="b4", K="g7"), "c8-4")
    assert "b4" not in pieces(b, "white")  # against a4
    b = play(board("ashton", "b", B="c8", W="b3", K="g7"), "c8-3")
    assert "b3" in pieces(b, "white")  # a3 is no camp


@pytest.mark.parametrize("camp_held", ["", "e2"])
def test_ashton_camps_capture_black_empty_or_occupied(camp_held):
    b = play(board("ashton", "w", B=f"d2 {camp_held} h8", W="c7", K="g7"), "c7-2")
    assert "d2" not in pieces(b, "black")


def test_ashton_camp_squares_but_their_middles_capture_black():
    b = play(board("ashton", "w", B="e3 h8", W="g4", K="g7"), "g4-e")
    assert "e3" not in pieces(b, "black")  # against e2
    b = play(board("ashton", "w", B="c5 h8", W="d7", K="g7"), "d7-5")
    assert "c5" not in pieces(b, "black")  # against b5
    b = play(board("ashton", "w", B="b5 h8", W="d7", K="g7"), "d7-c", "h8-9", "c7-5")
    assert "b5" in pieces(b, "black")  # a5, a camp's middle, is not hostile to black


def test_ashton_a_black_piece_in_a_camp_is_captured_across_it():
    b = play(board("ashton", "w", B="e2 h8", W="d3 f7", K="g7"), "d3-2", "h8-9", "f7-2")
    assert "e2" not in pieces(b, "black")
    b = play(board("ashton", "w", B="e2 h8", W="c3", K="g7"), "c3-e")
    assert "e2" in pieces(b, "black")  # e1 beyond it is a middle square


def test_ashton_the_king_is_armed_both_ways():
    b = play(board("ashton", "w", B="c6 h8", W="c4", K="d7"), "d7-6")
    assert "c6" in pieces(b, "black")  # b6 beyond is empty
    b = play(board("ashton", "w", B="c6 h8", W="b6", K="d7"), "d7-6")
    assert "c6" not in pieces(b, "black")  # the king as the moving piece
    b = play(board("ashton", "w", B="c6 h8", W="b7", K="d6"), "b7-6")
    assert "c6" not in pieces(b, "black")  # the king as the far piece


def test_ashton_king_away_from_the_throne_two_black_sides():
    b = play(board("ashton", "b", B="c3 g8", W="a8", K="d4"), "c3-4")
    assert b.outcome() is None  # e4 beyond him is empty
    b = play(board("ashton", "b", B="c3 e4", W="a8", K="d4"), "c3-4")
    assert b.outcome() == Outcome(Side.BLACK, Reason.KING_CAPTURED)


@pytest.mark.parametrize("camp_held", ["", "e2"])
def test_ashton_king_away_from_the_throne_one_black_and_a_camp(camp_held):
    b = play(board("ashton", "b", B=f"a2 {camp_held}", W="a8", K="d2"), "a2-c")
    assert b.outcome() == Outcome(Side.BLACK, Reason.KING_CAPTURED)
    b = play(board("ashton", "b", B="h4", W="a8", K="e3"), "h4-e")
    assert b.outcome() == Outcome(Side.BLACK, Reason.KING_CAPTURED)  # e2 below him


def test_ashton_king_escapes_to_any_edge_square():
    b = play(board("ashton", "w", B="h8", K="g3"), "g3-i")
    assert b.outcome() == Outcome(Side.WHITE, Reason.ESCAPE)


def test_ashton_first_repetition_is_a_draw():
    # The server's own example: the sixth move recreates the position after the second.
    b = play(Board.start(RULES["ashton"]), "e3-d", "a4-3", "d3-e", "a3-2", "e3-d")
    assert b.outcome() is None
    play(b, "a2-3")
    assert b.outcome() == Outcome(None, Reason.REPETITION)


def test_ashton_side_without_a_move_loses():
    """The server never checks for it: such a side can only send a refused move (or
    nothing) and loses by it.  Our engine declares the same loss at once."""
    b = board("ashton", "b", B="a1", W="a2 b1", K="g7")
    assert b.legal_moves() == []
    assert b.outcome() == Outcome(Side.WHITE, Reason.NO_MOVES)
    b = board("ashton", "b", W="c3", K="g7")  # no black piece left at all
    assert b.outcome() == Outcome(Side.WHITE, Reason.NO_MOVES)
