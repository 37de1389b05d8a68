"""Game review: every position judged by the computer (the real engine, in this
interpreter), the moves that lost the most marked, with the better move."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from helpers import game_with, position
from local_computer import LocalComputer

from tablut import Game, Side, parse_move
from tablut.ai import MATE
from web.board.view import marks_for
from web.computer.turns import ComputerTurns, carry_out
from web.models.review import Review
from web.models.session import Session
from web.models.state import PageState, Settings

#: Black to move must block the king's one open line (c4 to c1) with a2-c2; i9-8 loses.
MUST_BLOCK = position("b", B="a2 c6 i9", W="b4 d4", K="c4")


def reviewed(session: Session) -> ComputerTurns:
    """Review ``session``'s game to the end with the engine in this interpreter."""
    turns = ComputerTurns(session)
    request = turns.ask_review()
    assert request is not None
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, carry_out(turns, request, LocalComputer())).result()
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
    assert review.summary() == "Review done: Black 0 mistakes, White 0 mistakes."


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
    assert mistakes[2].describe() == "a mistake: better e4-c"


def test_a_move_that_throws_away_a_forced_win_is_marked_so() -> None:
    game = game_with("d1-4", "e3-d")
    review = Review(game)
    judged(review, 0, 0, "d1-4")
    judged(review, 1, 99_990, "e4-c", mate_in=3)  # white wins by force ...
    judged(review, 2, 0, "d4-b")                   # ... and after e3-d no longer
    assert review.mistakes()[2].describe() == "throws away the win: better e4-c"


def test_the_best_move_played_is_never_a_mistake() -> None:
    game = game_with("d1-4", "e3-d")
    review = Review(game)
    judged(review, 0, 0, "d1-4")
    judged(review, 1, 10, "e3-d")
    judged(review, 2, 900, "d4-b")
    assert review.mistakes() == {}


def test_the_better_move_is_drawn_where_the_mistake_was_made() -> None:
    session = Session(PageState(Settings(black="human", white="human"),
                                game_with("d1-4", "e3-d", "e8-c")))
    session.load_game(game_with("d1-4", "e3-d", "e8-c"), "Imported.")
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
    session.load_game(game_with("d1-4"), "Imported.")
    assert session.can_review()
    assert not Session().can_review()  # no moves


def test_a_stopped_review_keeps_what_it_judged_and_asks_no_more() -> None:
    session = blunder_session()
    turns = ComputerTurns(session)
    request = turns.ask_review()
    session.stop_review()
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, carry_out(turns, request, LocalComputer())).result()
    assert session.review is not None and session.review.judgements == {}


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
