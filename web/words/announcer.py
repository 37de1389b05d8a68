"""The announcer: turns the session's events (:mod:`web.models.events`) into the
sentences of the live region, which a screen reader reads out, so that a game can be
followed and played by ear.
"""

from __future__ import annotations

from web.models.events import (
    Event,
    LiveNews,
    MoveMade,
    MoveRefused,
    PiecePicked,
    PositionAsked,
    TimeRanOut,
)
from web.models.session import Session
from web.words.live import news_text
from web.words.notices import refusal_text
from web.words.speech import move_sentence, piece_list, position_summary, selection_sentence
from web.words.status import status_line


class Announcer:
    """What the live region says last, for one session.

    Attributes:
        spoken: the last sentence, numbered, so that the same words said twice are
            heard twice.
    """

    def __init__(self, session: Session) -> None:
        """Listen to ``session``'s events."""
        self.session = session
        self.spoken: tuple[int, str] = (0, "")
        session.listen(self.hear)

    def say(self, text: str) -> None:
        """Make ``text`` the live region's next sentence."""
        self.spoken = (self.spoken[0] + 1, text)

    def hear(self, event: Event) -> None:
        """Put ``event`` into words."""
        session = self.session
        game = session.game
        if isinstance(event, MoveMade):
            played = event.played
            self.say(move_sentence(game, played.mover, played.move, list(played.captured)))
        elif isinstance(event, PiecePicked):
            self.say(selection_sentence(game.board, event.square))
        elif isinstance(event, MoveRefused):
            self.say(refusal_text(event.refusal))
        elif isinstance(event, TimeRanOut):
            self.say(status_line(session))
        elif isinstance(event, PositionAsked):
            self.say(position_summary(game) if event.what == "summary" else piece_list(game))
        elif isinstance(event, LiveNews):
            said = news_text(event)
            if said is not None:
                self.say(said)
