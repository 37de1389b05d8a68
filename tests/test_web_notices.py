"""The notice area: each notice lives as long as it is true. A brief word goes at the next
change or after a few seconds, an error after longer, an offer to put a game back as soon
as the game it would replace changes (the computer's reply aside), and whatever an offer
replaces can be brought back in turn: nothing is lost either way."""

from __future__ import annotations

import pytest
from session_helpers import (
    FakeTime,
    answer_now,
    button,
    human_game,
    press,
    said,
    session_with,
    sq,
)

from tablut import Game, Side, parse_move
from web.computer.turns import ComputerTurns
from web.models.events import Refusal
from web.models.notices import (
    BRIEF_MS,
    ERROR_MS,
    Action,
    Lifetime,
    Message,
    Notice,
    Notices,
    message,
)
from web.words.notices import ACTION_LABELS, TEXTS, action_label, notice_text

GAME = ("berkeley", "start", (), 0)  # a game's mark, as GameInPlay.mark gives it
LATER = ("berkeley", "start", ((3, 30),), 1)


def posted(lifetime: Lifetime, since: float = 0.0, generation: int = 0) -> Notices:
    """A notice area showing one notice of ``lifetime``, posted at ``since``."""
    notices = Notices()
    notices.post(Notice(message("new-game"), lifetime, None, since, generation, GAME))
    return notices


# -- the rules of the notice area ----------------------------------------------------------

@pytest.mark.parametrize(("lifetime", "limit"), [(Lifetime.BRIEF, BRIEF_MS),
                                                 (Lifetime.ERROR, ERROR_MS)])
def test_a_brief_word_or_an_error_goes_after_its_time(lifetime: Lifetime, limit: int) -> None:
    notices = posted(lifetime)
    assert not notices.outlived(limit - 1, 0, GAME) and notices.current is not None
    assert notices.outlived(limit, 0, GAME) and notices.current is None
    assert ERROR_MS > BRIEF_MS  # long enough to read a sentence that names a line


@pytest.mark.parametrize("lifetime", [Lifetime.BRIEF, Lifetime.ERROR])
def test_a_brief_word_or_an_error_goes_at_the_next_change(lifetime: Lifetime) -> None:
    assert posted(lifetime).outlived(1, 1, GAME)


def test_an_offer_holds_while_its_game_stays_as_it_was() -> None:
    notices = posted(Lifetime.OFFER)
    assert not notices.outlived(10**9, 5, GAME)  # time and other changes do not matter
    assert notices.outlived(10**9, 5, LATER)


def test_an_offer_follows_the_computers_reply() -> None:
    notices = posted(Lifetime.OFFER)
    assert not notices.outlived(1, 1, LATER, computer_moved=True)
    assert notices.current is not None and notices.current.game == LATER
    assert not notices.outlived(2, 1, LATER)  # it now holds for the game after the reply


def test_a_lasting_notice_stays_until_dismissed() -> None:
    notices = posted(Lifetime.LASTING)
    assert not notices.outlived(10**9, 99, LATER)
    notices.dismiss()
    assert notices.current is None and not notices.outlived(0, 0, GAME)


# -- brief words and errors in a session ---------------------------------------------------

def test_a_hint_leaves_at_the_next_change_of_the_position() -> None:
    session = human_game()
    session.show_hint(parse_move("d1-4"))
    assert said(session) == "Hint: d1-d4."
    session.step(0)  # nothing changes: it stays
    assert said(session) == "Hint: d1-d4."
    session.play(parse_move("d1-3"))
    assert said(session) is None


def test_a_brief_word_leaves_after_six_seconds() -> None:
    now = FakeTime()
    session = human_game(now)
    session.show_hint(parse_move("d1-4"))
    now.wait(5.9)
    session.tick()
    assert said(session) == "Hint: d1-d4."
    redrawn: list[int] = []
    session.subscribe(lambda: redrawn.append(1))
    now.wait(0.1)
    session.tick()
    assert said(session) is None and redrawn == [1]  # the notice area is drawn again


def test_an_error_stays_fifteen_seconds_unless_something_changes() -> None:
    now = FakeTime()
    session = human_game(now)
    session.change("seed", "abc")
    assert said(session) == "Seed not changed: the seed must be a whole number from 0."
    assert session.notices.current is not None and session.notices.current.is_error
    now.wait(14.9)
    session.tick()
    assert said(session) is not None
    now.wait(0.1)
    session.tick()
    assert said(session) is None
    session.change("seed", "abc")
    session.play(parse_move("d1-4"))
    assert said(session) is None


def test_a_notice_can_be_dismissed() -> None:
    session = human_game()
    session.change("limit", "x")
    session.dismiss()
    assert session.notices.current is None


def test_set_up_mode_says_what_to_do_for_as_long_as_it_lasts() -> None:
    now = FakeTime()
    session = human_game(now)
    session.set_setup(True)
    now.wait(600)
    session.tick()
    session.edit_setup(lambda setup: setattr(setup, "side", Side.WHITE))
    assert said(session) is not None and said(session).startswith("Set-up mode:")
    session.set_setup(False)
    assert said(session) == "Play starts from the set-up position; white to move."


# -- offers --------------------------------------------------------------------------------

def test_new_game_offers_the_game_back_until_the_new_one_is_played() -> None:
    now = FakeTime()
    session = human_game(now)
    session.play(parse_move("d1-4"))
    session.new_game()
    assert button(session) == "Restore previous game"
    now.wait(600)
    session.tick()
    session.change("level", "2")  # a setting changes, not the game: the offer holds
    session.step(0)
    assert button(session) == "Restore previous game"
    session.play(parse_move("d1-3"))  # the new game is played: nothing to restore into
    assert said(session) is None


def test_an_offer_goes_when_a_move_is_undone() -> None:
    session = human_game()
    for text in ("d1-4", "e3-d", "a4-c"):
        session.play(parse_move(text))
    session.goto(1)
    session.play(parse_move("e3-a"))
    assert button(session) == "Restore dropped moves"
    session.undo()
    assert said(session) is None


def test_an_offer_survives_the_computers_reply_but_not_the_persons_next_move() -> None:
    session = session_with(black="human", white="computer", level=1)
    turns = ComputerTurns(session)
    for _ in range(2):
        session.play(session.game.legal_moves()[0])
        answer_now(turns, turns.next_request())
    session.goto(2)
    session.play(session.game.legal_moves()[-1])  # another move: two moves dropped
    assert said(session) == "Later moves were dropped (2 moves)."
    answer_now(turns, turns.next_request())  # the computer replies
    assert len(session.game.moves) == 4 and button(session) == "Restore dropped moves"
    session.play(session.game.legal_moves()[0])  # the person plays on
    assert said(session) is None


def test_restoring_after_the_computers_reply_brings_the_dropped_moves_back() -> None:
    session = session_with(black="human", white="computer", level=1)
    turns = ComputerTurns(session)
    for _ in range(2):
        session.play(session.game.legal_moves()[0])
        answer_now(turns, turns.next_request())
    record = list(session.game.moves)
    session.goto(0)
    session.play(session.game.legal_moves()[-1])
    answer_now(turns, turns.next_request())
    press(session)
    assert session.game.moves == record and session.game.ply == 0


def test_the_computers_reply_keeps_a_new_game_offer_and_restore_brings_it_all_back() -> None:
    session = session_with(black="computer", white="human")
    session.play(parse_move("d1-4"), by_computer=True)
    session.play(parse_move("e3-d"))
    session.new_game()
    session.play(parse_move("i6-g"), by_computer=True)  # the computer opens the new game
    assert button(session) == "Restore previous game"
    press(session)
    assert session.game.moves == [parse_move("d1-4"), parse_move("e3-d")]


def test_a_person_moving_for_the_computer_ends_the_offer() -> None:
    session = session_with(black="computer", white="human")
    session.play(parse_move("d1-4"), by_computer=True)
    session.new_game()
    session.play(parse_move("i6-g"))  # not by the computer: a person's move
    assert said(session) is None


def test_restore_and_undo_restore_lose_nothing_either_way() -> None:
    session = human_game()
    for text in ("d1-4", "e3-d", "a4-c"):
        session.play(parse_move(text))
    session.goto(1)
    session.play(parse_move("e3-a"))
    original = [parse_move(text) for text in ("d1-4", "e3-d", "a4-c")]
    dropped = [parse_move(text) for text in ("d1-4", "e3-a")]
    for expected in (original, dropped, original, dropped):
        press(session)
        assert session.game.moves == expected
        assert said(session) == "The game is back as it was."
        assert button(session) == "Undo restore"


def test_an_offer_holds_while_a_person_looks_back_through_the_game() -> None:
    session = human_game()
    imported = Game()
    for text in ("d1-4", "e3-d"):
        imported.play_text(text)
    session.bring_in(imported, message("text", text="Imported."))
    session.goto(0)
    session.step(1)
    assert session.browsing and button(session) == "Undo import"


def test_an_undo_restore_offer_goes_at_the_next_move_too() -> None:
    session = human_game()
    session.play(parse_move("d1-4"))
    session.new_game()
    press(session)
    assert button(session) == "Undo restore"
    session.play(parse_move("e3-d"))
    assert said(session) is None


def test_an_offer_after_new_rules_keeps_its_own_settings() -> None:
    session = human_game()
    session.play(parse_move("d1-4"))
    session.change("rules", "ashton")
    press(session)
    assert session.game.rules.name == "berkeley" and session.settings.rules == "berkeley"
    press(session)  # Undo restore
    assert session.game.rules.name == "ashton" and session.settings.rules == "ashton"


def test_an_offer_does_not_outlive_a_game_lost_on_time() -> None:
    now = FakeTime()
    session = human_game(now, clock="10s")
    session.play(parse_move("d1-4"))
    session.new_game()
    assert button(session) == "Restore previous game"
    now.wait(11)
    session.tick()  # black loses on time: the game has not changed, the offer stays
    assert session.time_out is Side.BLACK and button(session) == "Restore previous game"
    press(session)
    assert session.time_out is None and len(session.game.moves) == 1


# -- the words -----------------------------------------------------------------------------

def _refusal() -> Message:
    board = Game().board
    return message("refused", refusal=Refusal(board, sq("d1"), target=sq("e4")))


@pytest.mark.parametrize(("said_as", "words"), [
    (message("text", text="Saved."), "Saved."),
    (message("new-game"), "New game."),
    (message("new-rules", rules="ashton"), "New game under Ashton (Tablut Challenge) rules."),
    (message("match-game", number=2), "Game 2 of the match: sides swapped."),
    (message("match-over", summary="Player 1 leads."),
     "Match over: Player 1 leads. A new match begins."),
    (message("restored"), "The game is back as it was."),
    (message("moves-dropped", count=1), "Later moves were dropped (1 move)."),
    (message("hint", move=parse_move("e8-c")), "Hint: e8-c8."),
    (message("no-hint", error="gone"), "No hint: the computer player is unavailable (gone)."),
    (message("setting-refused", setting="level", why="must be one of 1..8"),
     "AI level not changed: must be one of 1..8."),
    (message("limit-set", value=None, on=False), "No move limit."),
    (message("limit-set", value=1, on=False), "Move limit: 1 move a side."),
    (message("clock-set", value="10s", on=False),
     "Clock: 10 s for every move, from this move on."),
    (message("clock-set", value="", on=False), "No clock."),
    (message("match-set", value=False, on=True), "Match mode: two games, sides swapped."),
    (message("setup-refused", why="two kings"),
     "This position cannot be played: two kings. Still in set-up mode."),
    (message("setup-done", side=Side.BLACK),
     "Play starts from the set-up position; black to move."),
    (message("not-saved", error="full"),
     "This browser would not save the game (full); it will be lost on reload."),
    (_refusal(), "Pieces move only along a row or a column, never diagonally."),
], ids=lambda value: value.code if isinstance(value, Message) else "")
def test_each_message_has_its_words(said_as: Message, words: str) -> None:
    assert notice_text(said_as) == words


def test_every_message_the_models_say_has_words() -> None:
    codes = {"text", "new-game", "new-rules", "match-game", "match-over", "restored",
             "moves-dropped", "hint", "hint-not-now", "hint-looking", "no-hint",
             "computer-unavailable", "refused", "setting-refused", "limit-set",
             "clock-set", "match-set", "setup-on", "setup-refused", "setup-done",
             "not-saved"}
    assert codes <= set(TEXTS)


def test_every_button_has_its_own_name() -> None:
    codes = ("restore-game", "restore-moves", "undo-restore", "undo-import", "undo-delete")
    labels = [action_label(code) for code in codes]
    assert labels == ["Restore previous game", "Restore dropped moves", "Undo restore",
                      "Undo import", "Undo delete"]
    assert len(set(ACTION_LABELS.values())) == len(ACTION_LABELS)


def test_a_message_is_a_value() -> None:
    assert message("hint", move=(1, 2)) == Message("hint", (("move", (1, 2)),))
    assert message("x", b=2, a=1).args == {"a": 1, "b": 2}
    ran: list[int] = []
    action = Action("undo-import", lambda: ran.append(1))
    action.run()
    assert ran == [1]


def test_a_session_posts_its_notice_with_the_game_it_was_about() -> None:
    session = human_game()
    session.play(parse_move("d1-4"))
    session.say(message("new-game"), Lifetime.OFFER, Action("restore-game", lambda: None))
    notice = session.notices.current
    assert notice is not None and notice.game == session.in_play.mark()
    assert notice.generation == session.generation and notice.lifetime is Lifetime.OFFER
