"""Game review: every position judged by the computer (the real engine, in this
interpreter), the moves that lost the most marked, with the better move; the review kept
with its game (saved, reloaded, restored), and dropped with it."""

from __future__ import annotations

import json

import pytest
from helpers import game_with, position
from local_computer import LocalComputer
from session_helpers import press, run

from tablut import Game, Side, parse_move
from tablut.ai import MATE
from web.board.marks import marks_for
from web.computer.turns import ComputerTurns, carry_out
from web.models.notices import message
from web.models.review import Review
from web.models.session import Session
from web.models.state import PageState, Settings, StateError
from web.words.review import mistake_words, review_summary

#: Black to move must block the king's one open line (c4 to c1) with a2-c2; i9-8 loses.
MUST_BLOCK = position("b", B="a2 c6 i9", W="b4 d4", K="c4")


def reviewed(session: Session) -> ComputerTurns:
    """Review ``session``'s game to the end with the engine in this interpreter."""
    turns = ComputerTurns(session)
    request = turns.ask_review()
    assert request is not None
    run(carry_out(turns, request, LocalComputer()))
    return turns


def blunder_session() -> Session:
    """A finished game in which black did not block, and white escaped."""
    game = game_with("i9-8", "c4-1", start=MUST_BLOCK)
    return Session(PageState(Settings(black="human", white="human"), game))


def test_a_finished_game_is_reviewed_to_the_end() -> None:
    session = blunder_session()
    assert session.can_review()
    reviewed(session)
    review = session.review
    assert review is not None and review.finished()
    assert review.judgements[1].winner is Side.WHITE  # after i9-8 white wins by force
    assert review.judgements[2].white == MATE  # the king has escaped
    # Black was already lost (the engine sees a forced win after a2-c too): no move
    # could have saved the game, so none is called a mistake.
    assert review.judgements[0].winner is Side.WHITE and review.mistakes() == {}
    assert review_summary(review) == "Review done: Black 0 mistakes, White 0 mistakes."


def judged(review: Review, ply: int, score: int, best: str, mate_in: int | None = None) -> None:
    """Give ``review`` the engine's answer about ply ``ply`` (score for the side to move)."""
    frm, to = parse_move(best)
    review.add(ply, {"score": score, "mate_in": mate_in, "from": frm, "to": to, "move": best})


def test_a_move_that_loses_much_is_a_mistake_with_the_better_move() -> None:
    game = game_with("d1-4", "e3-d", "e8-c")  # white's e3-d is judged below
    review = Review(game)
    judged(review, 0, 0, "d1-4")
    judged(review, 1, 10, "e4-c")        # white to move: +10 for white
    judged(review, 2, 200, "d4-b")       # black to move: black is 2 guards up
    judged(review, 3, -200, "d3-2")     # white to move: still 2 guards down
    mistakes = review.mistakes()
    assert list(mistakes) == [2]
    assert mistakes[2].mover is Side.WHITE and mistakes[2].loss == 210
    assert mistakes[2].better == parse_move("e4-c")
    assert mistake_words(mistakes[2]) == "a mistake: better e4-c4"
    assert review.mistake_counts() == {Side.BLACK: 0, Side.WHITE: 1}
    assert review_summary(review) == "Review done: Black 0 mistakes, White 1 mistake."


def test_a_move_that_throws_away_a_forced_win_is_marked_so() -> None:
    game = game_with("d1-4", "e3-d")
    review = Review(game)
    judged(review, 0, 0, "d1-4")
    judged(review, 1, 99_990, "e4-c", mate_in=3)  # white wins by force ...
    judged(review, 2, 0, "d4-b")                   # ... and after e3-d no longer
    assert mistake_words(review.mistakes()[2]) == "throws away the win: better e4-c4"


def test_the_best_move_played_is_never_a_mistake() -> None:
    game = game_with("d1-4", "e3-d")
    review = Review(game)
    judged(review, 0, 0, "d1-4")
    judged(review, 1, 10, "e3-d")
    judged(review, 2, 900, "d4-b")
    assert review.mistakes() == {}


def test_the_better_move_is_drawn_where_the_mistake_was_made() -> None:
    session = Session(PageState(Settings(black="human", white="human")))
    session.bring_in(game_with("d1-4", "e3-d", "e8-c"), message("text", text="Imported."))
    review = session.start_review()
    assert review is not None
    judged(review, 1, 10, "e4-c")
    judged(review, 2, 200, "d4-b")
    session.goto(1)
    assert marks_for(session).better == parse_move("e4-c")
    session.goto(2)
    assert marks_for(session).better is None


def test_the_graph_has_a_point_for_every_position() -> None:
    session = blunder_session()
    reviewed(session)
    points = session.review.graph_points()
    assert [ply for ply, _ in points] == [0, 1, 2]
    assert points[-1][1] == 1.0 and all(0.0 <= share <= 1.0 for _, share in points)


def test_a_game_in_progress_is_not_reviewed_unless_imported() -> None:
    session = Session(PageState(game=game_with("d1-4")))
    assert not session.can_review()
    session.bring_in(game_with("d1-4"), message("text", text="Imported."))
    assert session.can_review()
    assert not Session().can_review()  # no moves


def test_a_stopped_review_keeps_what_it_judged_and_asks_no_more() -> None:
    session = blunder_session()
    turns = ComputerTurns(session)
    request = turns.ask_review()
    assert request is not None
    session.stop_review()
    run(carry_out(turns, request, LocalComputer()))
    assert session.review is not None and session.review.judgements == {}
    assert review_summary(session.review) == "Review stopped at 0 of 3 positions."


def test_a_review_of_moves_that_are_gone_is_dropped() -> None:
    session = blunder_session()
    reviewed(session)
    session.goto(0)
    session.play(parse_move("a2-c"))  # a different move: the reviewed record is gone
    assert session.review is None


def test_a_review_judges_positions_by_their_result_at_the_end() -> None:
    review = Review(Game(start=MUST_BLOCK))
    review.add(0, None)
    assert review.judgements[0].winner is None and review.finished()


# -- the review kept with its game ---------------------------------------------------------

def half_reviewed() -> Session:
    """The blunder game with its first position judged, and the review stopped."""
    session = blunder_session()
    review = session.start_review()
    assert review is not None
    judged(review, 0, -99_990, "a2-c", mate_in=-2)
    session.stop_review()
    return session


def test_a_stopped_review_may_go_on_where_it_stopped() -> None:
    session = half_reviewed()
    assert session.can_review()
    review = session.review
    assert session.start_review() is review and review is not None and not review.stopped
    assert not session.can_review()  # it is running
    assert review_summary(review) == "Reviewing: 1 of 3 positions."
    reviewed(half_reviewed())  # and going on judges the rest
    finished = half_reviewed()
    turns = reviewed(finished)
    assert finished.review is not None and finished.review.finished()
    assert not finished.can_review() and turns.ask_review() is None


def test_a_review_is_saved_and_reloaded_with_its_game() -> None:
    session = half_reviewed()
    back = Session(PageState.from_json(session.state().to_json()))
    assert back.review is not None and back.review.stopped
    assert back.review.judgements == session.review.judgements
    assert back.can_review()
    assert review_summary(back.review) == "Review stopped at 1 of 3 positions."


def test_a_review_round_trips_as_plain_data() -> None:
    session = half_reviewed()
    review = session.review
    assert review is not None
    data = json.loads(json.dumps(review.to_dict()))
    back = Review.from_dict(session.game, data)
    assert back.judgements == review.judgements and back.stopped
    with pytest.raises(ValueError, match="not a review of this game"):
        Review.from_dict(game_with("i9-8", start=MUST_BLOCK), data)


def test_a_saved_review_of_another_game_is_refused() -> None:
    session = half_reviewed()
    data = json.loads(session.state().to_json())
    data["game"] = game_with("i9-8", start=MUST_BLOCK).to_json()
    data["live"] = 1
    with pytest.raises(StateError, match="review"):
        PageState.from_json(json.dumps(data))


def test_an_import_leaves_the_review_behind_and_undo_import_brings_it_back() -> None:
    session = half_reviewed()
    session.bring_in(game_with("d1-4"), message("text", text="Imported."))
    assert session.review is None
    press(session)  # Undo import
    assert session.review is not None and session.review.stopped
    assert len(session.review.judgements) == 1
    session.new_game()
    assert session.review is None and not session.can_review()


def test_undo_keeps_the_review_of_the_record() -> None:
    session = half_reviewed()
    session.undo()
    assert session.review is not None  # the undone moves are still in the record
    session.redo()
    assert session.review is not None
