"""The notice area's messages, each with a lifetime, so that nothing it says outlives the
game it was about.

- A *brief* notice ("New game.", "Hint: f1-f2.") leaves at the next change of the
  position or the settings, or after :data:`BRIEF_MS`.
- An *error* (a setting refused, a bad import) leaves at the next change, or after
  :data:`ERROR_MS`.
- An *offer* ("Restore previous game") is a button that replaces the game on the board:
  it holds only while that game stays as it was (a move made by the computer in reply
  aside), and whatever it replaces can itself be brought back by the offer that follows.
- A *lasting* notice (the browser will not save) stays until dismissed.

A notice is a value: a :class:`Message` (a code and its parameters, made into words by
:mod:`web.words.notices`) and an :class:`Action`. Browser-free.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

#: Milliseconds a brief notice stays when nothing else sends it away.
BRIEF_MS = 6_000
#: Milliseconds an error stays: long enough to read a sentence that names a line.
ERROR_MS = 15_000


class Lifetime(Enum):
    """How long a notice lives (see the module docs)."""

    BRIEF = "brief"
    ERROR = "error"
    OFFER = "offer"
    LASTING = "lasting"


@dataclass(frozen=True)
class Message:
    """What a notice says, as a value: a code and its parameters."""

    code: str
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def args(self) -> dict[str, Any]:
        """The parameters by name."""
        return dict(self.params)


def message(code: str, **params: Any) -> Message:
    """The message ``code`` with ``params``."""
    return Message(code, tuple(sorted(params.items())))


@dataclass(frozen=True)
class Action:
    """A notice's button: what its label says (a code) and what it does."""

    code: str
    run: Callable[[], None]


@dataclass(frozen=True)
class Notice:
    """One message in the notice area.

    Attributes:
        message: what it says.
        lifetime: how long it lives.
        action: its button, or None.
        since: when it was posted (milliseconds, the session's clock).
        generation: the session's generation when it was posted.
        game: the mark of the game it was made for (see :meth:`GameInPlay.mark`).
    """

    message: Message
    lifetime: Lifetime
    action: Action | None
    since: float
    generation: int
    game: tuple[object, ...]

    @property
    def is_error(self) -> bool:
        """Whether it says that something went wrong."""
        return self.lifetime is Lifetime.ERROR


class Notices:
    """The notice shown, and the rules of when it goes.

    Attributes:
        current: the notice shown, or None.
    """

    def __init__(self) -> None:
        """Nothing to say yet."""
        self.current: Notice | None = None

    def post(self, notice: Notice) -> None:
        """Show ``notice`` in place of the one shown."""
        self.current = notice

    def dismiss(self) -> None:
        """Clear the notice area."""
        self.current = None

    def outlived(self, now: float, generation: int, game: tuple[object, ...],
                 computer_moved: bool = False) -> bool:
        """Send the notice away if it no longer fits: at ``now``, after the session's
        ``generation``, with the game as ``game`` marks it (``computer_moved`` when the
        last change was the computer's move). True when it went."""
        notice = self.current
        if notice is None:
            return False
        if notice.lifetime is Lifetime.OFFER:
            if computer_moved and notice.game != game:
                # The computer's reply belongs to the move the offer came with: the
                # offer goes on, for the game as it now stands.
                self.current = Notice(notice.message, notice.lifetime, notice.action,
                                      notice.since, generation, game)
                return False
            gone = notice.game != game
        elif notice.lifetime is Lifetime.LASTING:
            gone = False
        else:
            limit = BRIEF_MS if notice.lifetime is Lifetime.BRIEF else ERROR_MS
            gone = notice.generation != generation or now - notice.since >= limit
        if gone:
            self.current = None
        return gone
