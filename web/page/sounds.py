"""The sounds of the game, when the Sound setting is on: a move, a capture, and the end
of a game (on the board or on time). The sounds are made by the build
(``tools/make_sounds.py``) and played by web/sounds.js."""

from __future__ import annotations

from typing import Any

from web.models.events import Event, MoveMade, TimeRanOut
from web.models.session import Session


def sound_of(event: Event, game_over: bool) -> str | None:
    """The sound ``event`` makes ("move", "capture" or "end"), or None; ``game_over``
    says whether the game has just ended."""
    if isinstance(event, TimeRanOut):
        return "end"
    if not isinstance(event, MoveMade):
        return None
    if game_over:
        return "end"
    return "capture" if event.played.captured else "move"


class Sounds:
    """Plays the sound of each event of one session while the setting is on."""

    def __init__(self, session: Session, window: Any) -> None:
        """Listen to ``session``; play through ``window.tablutSound``."""
        self.session = session
        self.window = window
        session.listen(self.hear)

    def hear(self, event: Event) -> None:
        """Play ``event``'s sound, if it has one and sound is on."""
        if not self.session.settings.sound:
            return
        name = sound_of(event, self.session.game.outcome() is not None)
        if name is None:
            return
        try:
            self.window.tablutSound(name)
        except Exception:  # noqa: BLE001 - a page without sound plays on in silence
            return
