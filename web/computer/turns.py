"""The computer's turns: the questions the session puts to the computer player, carrying
them to it, and what is done with its answers.

- :class:`ComputerTurns` decides what to ask for the position shown (the computer's own
  move, or depth after depth of analysis while the panel is open; a hint when a person
  asks) and acts on the answers: plays the move, draws the hint, shows the analysis.
- :func:`carry_out` runs one :class:`Request` against any :class:`Computer`: the page's is
  the AI worker (:class:`web.computer.client.WorkerComputer`); the tests' is
  :class:`LocalComputer`, the same engine in this interpreter.

Answers arrive later than their question. Every question carries the session's
*generation* when it was asked; any change of the position or the settings bumps it, so
an answer to an older question is dropped, never played. The search behind a question
that stops being wanted (a new game, an undo, a changed setting, a closed analysis, a
newer question) is stopped at once (:meth:`Computer.stop`), so that the computer is free
for the next one. No browser here: asyncio only.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from tablut import Game, Side
from tablut.ai import LEVELS
from tablut.ai.first_answers import known_answer
from web.computer.protocol import Computer, Stopped
from web.models.clocks import think_seconds
from web.models.notices import Lifetime, message
from web.models.review import REVIEW_LEVEL, record_key
from web.models.session import Session
from web.words.catalogue import _

#: Pause before each move when the computer plays both sides, so a person can follow.
SELF_PLAY_PAUSE = 0.4

#: Seconds an analysis runs for one position.
ANALYSIS_SECONDS = 8.0

#: The level a hint is searched at, at most: higher levels think for many seconds.
HINT_MAX_LEVEL = 5

#: Pause before an answer the computer knows without searching (the first moves of a
#: game): a person's move finishes its slide (0.15 s, web/style.css) before the reply.
KNOWN_ANSWER_PAUSE = 0.15

#: Times a question still wanted is asked again when a stop meant for an older one
#: stopped it too (a stop stops every call made before it).
ASKS = 3

Kind = Literal["move", "hint", "analysis", "review"]


@dataclass(frozen=True)
class Request:
    """A question for the computer player about the position of one generation.

    Attributes:
        kind: "move" (the computer's own move), "hint" (a move for the person to move)
            or "analysis" (depth after depth until told to stop).
        generation: the session's generation when it was asked.
        record: the game, as :meth:`tablut.Game.to_json`.
        level: the level to search at; seed: the level's noise seed.
        pause: seconds to wait before asking (computer against computer).
        seconds: how long an analysis may run, or the most a move may take (its clock),
            None for the level's own limits.
    """

    kind: Kind
    generation: int
    record: str
    level: int
    seed: int
    pause: float = 0.0
    seconds: float | None = None


@dataclass(frozen=True)
class AnalysisShown:
    """One depth of analysis as the panel shows it, for a position where ``side`` moves
    (:meth:`tablut.ai.Analysis.to_dict` data), or why there is none (``problem``)."""

    data: dict[str, Any]
    side: Side
    problem: str | None = None


class ComputerTurns:
    """The session's dialogue with the computer player.

    Attributes:
        thinking: the computer's move being searched, or None.
        analysis: the latest depth of analysis, or None (the panel says "Thinking…").
    """

    def __init__(self, session: Session) -> None:
        """Put questions for ``session``."""
        self.session = session
        self.thinking: Request | None = None
        self.analysis: AnalysisShown | None = None
        self._asked_for = -1
        self._running: list[tuple[Request, Callable[[], None]]] = []
        session.subscribe(self._forget_closed_analysis)
        session.subscribe(self._stop_unwanted)

    def _forget_closed_analysis(self) -> None:
        if not self.session.settings.analysis:
            self.analysis = None

    @contextlib.contextmanager
    def running(self, request: Request, stop: Callable[[], None]) -> Iterator[None]:
        """While the computer answers ``request``: call ``stop()`` as soon as the
        request is no longer wanted (at most once)."""
        entry = (request, stop)
        self._running.append(entry)
        try:
            yield
        finally:
            if entry in self._running:
                self._running.remove(entry)

    def _stop_unwanted(self) -> None:
        stops: list[Callable[[], None]] = []
        for entry in [entry for entry in self._running if not self.current(entry[0])]:
            self._running.remove(entry)
            if entry[1] not in stops:
                stops.append(entry[1])
        for stop in stops:  # once each: a stop stops every call made before it
            stop()

    def next_request(self) -> Request | None:
        """What the computer should do for the position shown: its move, or the
        analysis when the panel is open; asked once a generation (None after that)."""
        session = self.session
        if self._asked_for == session.generation:
            return None
        self._asked_for = session.generation
        settings = session.settings
        if session.computer_to_move():
            both = settings.is_computer(Side.BLACK) and settings.is_computer(Side.WHITE)
            self.thinking = self._request("move", settings.level,
                                          pause=SELF_PLAY_PAUSE if both else 0.0,
                                          seconds=self._clock_allows(settings.level))
            return self.thinking
        # No analysis in a live game: the computer helps neither player.
        if (settings.analysis and session.setup is None and not session.over()
                and session.friend is None):
            return self._request("analysis", settings.level, seconds=ANALYSIS_SECONDS)
        return None

    def ask_hint(self) -> Request | None:
        """A question for a move for the person to move, or None (with a message) when a
        hint makes no sense now."""
        session = self.session
        if not session.can_hint():
            session.say(message("hint-not-now"))
            return None
        session.say(message("hint-looking"))
        return self._request("hint", min(session.settings.level, HINT_MAX_LEVEL))

    def _request(self, kind: Kind, level: int, pause: float = 0.0,
                 seconds: float | None = None) -> Request:
        session = self.session
        return Request(kind, session.generation, session.game.to_json(), level,
                       session.settings.seed, pause, seconds)

    def _clock_allows(self, level: int) -> float | None:
        """The most the computer may think on its clock, or None without a clock."""
        session = self.session
        if session.clocks is None:
            return None
        return think_seconds(session.clocks, session.game.side, session.now(),
                             LEVELS[level].seconds)

    def ask_review(self) -> Request | None:
        """Start reviewing the game: a question about each of its positions in turn."""
        review = self.session.start_review()
        if review is None:
            return None
        return self._request("review", REVIEW_LEVEL)

    def current(self, request: Request) -> bool:
        """Whether ``request`` is still about the position shown (a review: the same
        game), and still wanted."""
        session = self.session
        if request.kind == "review":
            review = session.review
            return (review is not None and not review.stopped
                    and review.key == record_key(session.game))
        if request.generation != session.generation:
            return False
        return request.kind != "analysis" or session.settings.analysis

    def reviewed(self, request: Request, ply: int, data: dict[str, Any] | None) -> None:
        """The computer's judgement of the position at ``ply`` for the review."""
        review = self.session.review
        if self.current(request) and review is not None:
            review.add(ply, data)
            self.session.notify()

    def is_thinking(self) -> bool:
        """Whether the computer is choosing a move for the position shown."""
        return self.thinking is not None and self.current(self.thinking)

    def answer(self, request: Request, data: dict[str, Any] | None) -> None:
        """The computer's answer to ``request`` (:meth:`tablut.ai.Analysis.to_dict`
        data; None when it had no move): play it, show it as a hint, or show one more
        depth of analysis. An answer to an older question is dropped."""
        self._stop_thinking(request)
        if not self.current(request) or data is None:
            return
        session = self.session
        move = (int(data["from"]), int(data["to"]))
        if request.kind == "hint":
            session.show_hint(move)
            return
        if session.settings.analysis:
            # The computer's own move is analysed too: what it saw stays on show.
            self.analysis = AnalysisShown(data, session.game.side)
        if request.kind == "move":
            session.play(move, by_computer=True)
        else:
            session.notify()

    def failed(self, request: Request, error: str) -> None:
        """The computer could not answer ``request``: say so if it still matters."""
        self._stop_thinking(request)
        if not self.current(request):
            return
        session = self.session
        if request.kind == "hint":
            session.say(message("no-hint", error=error), Lifetime.ERROR)
        elif request.kind == "analysis":
            self.analysis = AnalysisShown({}, session.game.side, problem=error)
            session.notify()
        else:
            session.say(message("computer-unavailable", error=error), Lifetime.ERROR)

    def stopped(self, request: Request) -> None:
        """The computer stopped answering ``request`` because it was no longer wanted."""
        self._stop_thinking(request)

    def _stop_thinking(self, request: Request) -> None:
        if self.thinking is request:
            self.thinking = None
            self.session.notify()


async def carry_out(turns: ComputerTurns, request: Request, computer: Computer) -> None:
    """Ask ``computer`` the question ``request`` and give the answers to ``turns``, as
    long as they are still wanted; the search stops as soon as they are not. Failures
    are told, never raised: the page keeps working without a computer player."""
    try:
        if request.pause:
            await asyncio.sleep(request.pause)
        for _attempt in range(ASKS):
            if not turns.current(request):
                turns.stopped(request)  # not wanted any more
                return
            try:
                await _ask(turns, request, computer)
                return
            except Stopped:
                continue  # stopped with an older question: asked again if still wanted
        # Translators: why the computer gave no answer, the {error} of "The computer
        # player is unavailable ({error})." and "No hint: ...".
        turns.failed(request, _("it was stopped"))
    except Exception as error:  # noqa: BLE001 - whatever broke, the game goes on
        turns.failed(request, str(error))


async def _ask(turns: ComputerTurns, request: Request, computer: Computer) -> None:
    """One asking of ``request``; each answer is given once the computer is no longer
    watched, so that what it changes (a move played) stops nothing."""
    if request.kind == "review":
        await _review(turns, request, computer)
        return
    if request.kind != "analysis":
        # The first moves of a game are answered from the table of the search's own
        # answers, at once: the computer's interpreter may still be starting.
        data = known_answer(Game.from_json(request.record), request.level, request.seconds)
        if data is not None:
            await asyncio.sleep(KNOWN_ANSWER_PAUSE)
        else:
            with turns.running(request, computer.stop):
                data = await computer.think(request.record, request.level, request.seed,
                                            request.seconds)
        turns.answer(request, data)
        return
    with turns.running(request, computer.stop):
        token = await computer.start_analysis(request.record,
                                              request.seconds or ANALYSIS_SECONDS)
    while turns.current(request):
        with turns.running(request, computer.stop):
            data = await computer.next_analysis(token)
        if data is None:
            return
        turns.answer(request, data)


async def _review(turns: ComputerTurns, request: Request, computer: Computer) -> None:
    """Ask about every position of the game under review, in order, while wanted."""
    review = turns.session.review
    if review is None:
        return
    for ply, record in enumerate(review.records()):
        if not turns.current(request):
            return
        if ply not in review.judgements:
            with turns.running(request, computer.stop):
                data = await computer.think(record, request.level, 0)
            turns.reviewed(request, ply, data)
