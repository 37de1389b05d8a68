"""The status line: whose turn it is (and the king's escape threat, which the live region
also says), who won and how, or what set-up mode expects."""

from __future__ import annotations

from web.models.session import Session
from web.words.catalogue import _
from web.words.live import ending_sentence
from web.words.sides import side_name
from web.words.speech import threat
from web.words.texts import status_text, time_out_sentence


def status_line(session: Session) -> str:
    """What the status line says for ``session``."""
    if session.setup is not None:
        # Translators: {side} is "Black" or "White", the side to move in the position set up.
        return _("Set-up mode: {side} to move first. Click a square to change its "
                 "piece.").format(side=side_name(session.setup.side))
    if session.friend is not None and session.friend.ending is not None:
        return ending_sentence(session.friend.ending)
    if session.time_out is not None:
        return time_out_sentence(session.time_out, session.can_win(session.time_out.opponent))
    game = session.game
    text = status_text(game)
    if game.outcome() is None:
        text += threat(game.board)
    return text
