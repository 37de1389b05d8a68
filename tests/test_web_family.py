"""The page's models, words and computer on the boards of the tafl family beyond Tablut's
9x9: Brandubh's 7x7 and Hnefatafl's 11x11 (Copenhagen, Fetlar). The board itself, drawn
at these sizes, is in tests/test_web_board_views.py; the lesson's steps for them in
tests/test_web_lesson.py; their records and links in tests/test_web_records.py."""

from __future__ import annotations

import pytest
from helpers import game_with, position
from local_computer import LocalComputer
from session_helpers import answer_now, human_game, run, said, session_with

from tablut import RULES, Game, Side, parse_move
from tablut.ai.first_answers import known_answer
from tablut.squares import shape
from web.computer.turns import ComputerTurns, carry_out
from web.models.review import Mistake
from web.models.session import Session
from web.models.settings import Settings
from web.models.setup import SetupMode, empty_position
from web.models.state import PageState, StateError, is_setup_text
from web.words.review import mistake_words
from web.words.speech import piece_list, position_summary, selection_sentence
from web.words.texts import intro_text, move_entries, status_text, whole_move

#: The rule sets of the other boards.
FAMILY = ["brandubh", "copenhagen", "fetlar"]


def sq(name: str, size: int) -> int:
    """The square ``name`` of the board of ``size``."""
    return shape(size).parse_square(name)


# -- settings, the saved page and set-up mode ----------------------------------------------

@pytest.mark.parametrize("rules", FAMILY)
def test_a_rule_set_of_another_board_is_a_setting_and_a_new_game(rules: str) -> None:
    session = human_game()
    session.change("rules", rules)
    assert session.game.rules is RULES[rules] and session.settings.rules == rules
    assert said(session) == f"New game under {RULES[rules].title} rules."
    assert Settings.from_dict({"rules": rules}).rules == rules


@pytest.mark.parametrize("rules", FAMILY)
def test_a_game_of_another_board_is_saved_and_restored_at_its_size(rules: str) -> None:
    session = human_game(rules=rules)
    for _ in range(3):
        session.play(session.game.legal_moves()[-1])  # the last squares: past the 81st
    session.undo()
    back = Session(PageState.from_json(session.state().to_json()))
    assert back.game.rules.size == RULES[rules].size
    assert back.game.moves == session.game.moves and back.in_play.live == 2
    assert back.game.board.position() == session.game.board.position()


def test_set_up_mode_keeps_the_boards_size() -> None:
    session = human_game(rules="copenhagen")
    session.set_setup(True)
    assert session.setup is not None and session.setup.size == 11
    assert len(session.setup.cells) == 121
    session.setup.clear()
    assert session.setup.position() == empty_position(11)
    session.setup.cycle(sq("k11", 11))
    assert session.setup.piece_at(120) == "white"
    saved = session.state().to_json()
    restored = Session(PageState.from_json(saved))
    assert restored.setup is not None and restored.setup.position() == session.setup.position()
    session.setup.start_position("copenhagen")
    assert session.setup.position() == Game("copenhagen").start
    session.set_setup(False)
    assert session.setup is None and session.game.rules.name == "copenhagen"


def test_a_set_up_position_must_fit_its_games_board() -> None:
    assert is_setup_text(empty_position(7), 7) and is_setup_text(empty_position(11), 11)
    assert not is_setup_text(empty_position(9), 11) and not is_setup_text(empty_position(11))
    assert SetupMode(Game("brandubh").start).size == 7
    session = human_game(rules="brandubh")
    session.set_setup(True)
    record = session.state().to_json()
    assert PageState.from_json(record).setup == Game("brandubh").start
    nine = record.replace(f'"setup":"{Game("brandubh").start}"',
                          f'"setup":"{empty_position(9)}"')
    assert nine != record
    with pytest.raises(StateError, match="set-up position is damaged"):
        PageState.from_json(nine)


# -- words ---------------------------------------------------------------------------------

def test_the_move_list_and_the_hint_name_squares_of_eleven_by_eleven() -> None:
    game = game_with("a4-c", "d6-4", rules="copenhagen")
    assert [entry.text for entry in move_entries(game)] == ["a4-c4", "d6-d4"]
    assert whole_move(parse_move("k7-j", 11), 11) == "k7-j7"
    session = human_game(rules="copenhagen")
    session.show_hint(parse_move("k7-j", 11))
    assert said(session) == "Hint: k7-j7."


def test_the_position_is_read_on_eleven_by_eleven() -> None:
    game = Game("copenhagen")
    summary = position_summary(game)
    assert summary == ("Black to move. The king is on f6. White has 12 guards and the king; "
                       "black has 24 pieces.")
    pieces = piece_list(game)
    assert pieces.startswith("King: f6. White guards: f4, e5, f5, g5, d6, e6, g6, h6,")
    assert pieces.endswith("a8, k8, f10, d11, e11, f11, g11 and h11.")
    assert selection_sentence(game.board, sq("k7", 11)) == (
        "k7, black piece, picked up: it can move to h7, i7 or j7.")


def test_a_fort_on_the_edge_is_said_with_the_kings_square() -> None:
    start = position("w", B="a5 h5 b8", W="d1 d2 d3 e3 f3 f1 h2", K="e1", size=11)
    game = game_with("h2-f", rules="copenhagen", start=start)
    assert status_text(game) == ("White wins: the king on e1 holds a fort on the edge that "
                                 "black cannot break.")


def test_the_first_words_tell_copenhagens_fort() -> None:
    words = intro_text(Settings(black="computer", white="human"), RULES["copenhagen"])
    assert words.startswith("You play White, the defenders, against the computer: bring the "
                            "king to a corner or shut him in a fort on an edge.")
    assert "fort" not in intro_text(Settings(), RULES["fetlar"])


def test_a_mistake_names_the_better_move_on_its_board() -> None:
    better = parse_move("k7-j", 11)
    mistake = Mistake(3, Side.BLACK, False, 200, better, "k7-j")
    assert mistake_words(mistake, 11) == "a mistake: better k7-j7"


# -- the computer --------------------------------------------------------------------------

@pytest.mark.parametrize("rules", FAMILY)
def test_the_computer_answers_on_every_board(rules: str) -> None:
    session = session_with(rules=rules, black="human", white="computer")
    turns = ComputerTurns(session)
    session.play(session.game.legal_moves()[-1])
    answer_now(turns, turns.next_request())
    assert len(session.game.moves) == 2 and session.game.side is Side.BLACK


@pytest.mark.parametrize("rules", FAMILY)
def test_the_first_answers_of_every_board_are_legal_moves_named_on_it(rules: str) -> None:
    game = Game(rules)
    size = game.rules.size
    for _ in range(2):
        answer = known_answer(game, 5)
        assert answer is not None
        move = parse_move(answer["move"], size)
        assert game.board.is_legal(move) and (answer["from"], answer["to"]) == move
        game.play(game.legal_moves()[-1])  # a square past the 81st on 11x11


def test_the_analysis_and_the_hint_name_squares_of_their_board() -> None:
    session = human_game(rules="copenhagen", analysis=True)
    turns = ComputerTurns(session)
    request = turns.next_request()
    assert request is not None and request.kind == "analysis"
    shown: list[dict] = []

    def listen() -> None:
        if turns.analysis is not None and turns.analysis.data not in shown:
            shown.append(turns.analysis.data)
            session.toggle_analysis()  # one depth is enough

    session.subscribe(listen)
    run(carry_out(turns, request, LocalComputer()))
    data = shown[0]
    assert parse_move(data["move"], 11) == (data["from"], data["to"])
    assert [parse_move(move, 11) for move in data["pv"]]
    hint = turns.ask_hint()
    answer_now(turns, hint)
    assert session.hint in session.game.legal_moves()
    assert said(session) == f"Hint: {whole_move(session.hint, 11)}."


def test_a_brandubh_game_is_reviewed() -> None:
    game = game_with("d7-e", "d5-f", "e7-5", rules="brandubh")
    session = Session(PageState(Settings(black="human", white="human", rules="brandubh"),
                                game, imported=True))
    turns = ComputerTurns(session)
    request = turns.ask_review()
    assert request is not None
    run(carry_out(turns, request, LocalComputer()))
    review = session.review
    assert review is not None and review.finished()
    for judgement in review.judgements.values():
        assert judgement.best is None or max(judgement.best) < 49
