"""Stopping the computer: a question that stops being wanted (a new game, an undo, a
changed setting, a closed analysis, a move on the board) stops the search behind it at
once, so that the computer is free for the next question.

The computer here is the real engine in this interpreter (:class:`LocalComputer`), with
the worker's own exported functions, tickets and all; the page's worker is tested in
tests/e2e/test_stop.py.
"""

from __future__ import annotations

import _thread
import asyncio
import gc
import signal
import threading
from collections.abc import Callable

import pytest
from local_computer import LocalComputer
from session_helpers import run

from tablut import Game, parse_move
from web.computer import worker as ai_worker
from web.computer.protocol import STOPPED, Stopped, as_data, checked
from web.computer.turns import ComputerTurns, Request, carry_out
from web.models.session import Session
from web.models.state import PageState, Settings


class CountingComputer(LocalComputer):
    """The engine in this interpreter, counting the stops it is told."""

    def __init__(self) -> None:
        """No stop yet."""
        super().__init__()
        self.stops = 0

    def stop(self) -> None:
        """Count the stop, and stop."""
        self.stops += 1
        super().stop()


def carried_while(turns: ComputerTurns, requests: list[Request], computer: LocalComputer,
                  action: Callable[[], None]) -> None:
    """Carry ``requests`` to ``computer`` and do ``action`` while they are asked, before
    the computer has searched."""

    async def scenario() -> None:
        tasks = [asyncio.ensure_future(carry_out(turns, r, computer)) for r in requests]
        await asyncio.sleep(0)  # every question is on its way
        action()
        await asyncio.gather(*tasks)

    run(scenario())


def thinking_session() -> tuple[Session, ComputerTurns, Request]:
    """A session where the computer (white, level 7: seconds of search) is to move."""
    session = Session(PageState(Settings(black="human", white="computer", level=7)))
    turns = ComputerTurns(session)
    session.play(parse_move("d1-4"))
    request = turns.next_request()
    assert request is not None and request.kind == "move" and turns.is_thinking()
    return session, turns, request


MOVE_STOPPERS: dict[str, Callable[[Session], None]] = {
    "new game": Session.new_game,
    "undo": Session.undo,
    "a changed level": lambda session: session.change("level", "3"),
    "a changed player": lambda session: session.change(session.game.side.word, "human"),
    "a look back": lambda session: session.step(-1),
}


@pytest.mark.parametrize("stopper", MOVE_STOPPERS)
def test_a_move_no_longer_wanted_is_stopped(stopper: str) -> None:
    session, turns, request = thinking_session()
    computer = CountingComputer()
    carried_while(turns, [request], computer, lambda: MOVE_STOPPERS[stopper](session))
    assert computer.stops == 1
    assert not turns.is_thinking()
    assert session.game.ply in (0, 1)  # the stopped search played nothing


ANALYSIS_STOPPERS: dict[str, Callable[[Session], None]] = {
    "a closed panel": Session.toggle_analysis,
    "a move": lambda session: session.play(parse_move("d1-4")),
}


@pytest.mark.parametrize("stopper", ANALYSIS_STOPPERS)
def test_an_analysis_no_longer_wanted_is_stopped(stopper: str) -> None:
    session = Session(PageState(Settings(black="human", white="human", analysis=True)))
    turns = ComputerTurns(session)
    request = turns.next_request()
    assert request is not None and request.kind == "analysis"
    computer = CountingComputer()
    carried_while(turns, [request], computer, lambda: ANALYSIS_STOPPERS[stopper](session))
    assert computer.stops == 1
    assert turns.analysis is None  # not one depth of the old position was shown


def test_a_question_still_wanted_is_asked_again_after_a_stop() -> None:
    # A stop stops every call made before it; one still wanted (here the page's own stop
    # crossed a hint: in the page, a stop meant for a search that had just finished)
    # is asked again.
    session = Session(PageState(Settings(black="human", white="human", level=1)))
    turns = ComputerTurns(session)
    hint = turns.ask_hint()
    assert hint is not None
    computer = CountingComputer()
    carried_while(turns, [hint], computer, computer.stop)
    assert session.hint is not None and session.hint in session.game.legal_moves()


def test_a_question_answered_stops_nothing() -> None:
    # The computer's move changes the position: the question it answered is not stopped.
    session = Session(PageState(Settings(black="human", white="computer", level=1)))
    turns = ComputerTurns(session)
    session.play(parse_move("d1-4"))
    computer = CountingComputer()
    run(carry_out(turns, turns.next_request(), computer))
    assert session.game.ply == 2 and computer.stops == 0


def test_a_search_interrupted_in_the_worker_answers_stopped() -> None:
    # In the page, a stop raises KeyboardInterrupt inside the worker's running search
    # (Pyodide's interrupt buffer); here the main thread is interrupted the same way,
    # a tenth of a second into a level-7 search (seconds long).
    record = Game().to_json()
    # Python's own SIGINT handler, whatever the tests were started with: a shell that
    # starts them in the background makes them ignore SIGINT, and then interrupt_main
    # does nothing.
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    # Nor may another library's garbage-collector callback (hypothesis installs one) be
    # running when the interrupt lands: Python reports an exception raised there as
    # unraisable and drops it, and the search would never see it.  The worker in the
    # page has no such callback.
    callbacks = gc.callbacks[:]
    gc.callbacks.clear()
    timer = threading.Timer(0.1, _thread.interrupt_main)
    timer.start()
    try:
        answer = ai_worker.think(10**9, record, 7, 0)
    finally:
        timer.join()
        gc.callbacks[:] = callbacks
        signal.signal(signal.SIGINT, handler)
    assert answer == ai_worker.STOPPED
    # The worker answers the next call as usual.
    assert ai_worker.think(10**9 + 1, record, 1, 0) not in (None, ai_worker.STOPPED)


def test_a_stopped_call_answers_stopped_and_others_cross_as_data() -> None:
    with pytest.raises(Stopped):
        checked(STOPPED)
    assert checked('{"move": "d1-4"}') == '{"move": "d1-4"}' and checked(None) is None
    assert as_data('{"move": "d1-4", "depth": 3}') == {"move": "d1-4", "depth": 3}
    assert as_data(None) is None
    assert ai_worker.STOPPED == STOPPED  # the worker answers what the page recognises
