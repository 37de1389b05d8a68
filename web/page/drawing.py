"""What the game page shows of a session: the board and every view around it, drawn in a
document.

:class:`web.page.app.Page` wires a drawing to the person's input, the browser's storage
and the computer player; the build (``tools/paint_page.py``) draws the page's first view
with the same drawing in a static document, so that the board is on screen before any
Python runs in the browser. Nothing here imports ``pyscript``.
"""

from __future__ import annotations

from typing import Any

from web.board.marks import camp_squares, draw_session, reserved_squares
from web.board.view import BoardView
from web.bridge.dom import Listeners
from web.computer.turns import ComputerTurns
from web.models.session import Session
from web.page.moves import MoveListView
from web.page.notices import AnnouncerView, NoticeView
from web.page.panels import AnalysisView, CapturedView, ClockView, MatchView
from web.page.review_graph import ReviewView
from web.page.settings_form import SettingsForm
from web.page.status import ButtonsView, IntroView, StatusView
from web.words.announcer import Announcer


class PageDrawing:
    """The board and the views of the game page for one session.

    Attributes:
        board: the board; ``status``, ``clocks``, ``move_list``: the views the page
            redraws on its own (the thinking indicator, the running clock, the list's
            scrolling); ``views``: every view but the board, in drawing order.
    """

    def __init__(self, session: Session, document: Any, window: Any, listeners: Listeners,
                 turns: ComputerTurns, announcer: Announcer) -> None:
        """Find or make every view in ``document``; ``window`` tells a touch screen from a
        mouse, ``listeners`` hears the views' own controls, ``turns`` says whether the
        computer is thinking, ``announcer`` says each move in words."""
        rules = session.game.rules
        self.board = BoardView(document, document.getElementById("board"), size=rules.size,
                               marked=reserved_squares(rules),
                               camps=camp_squares(session.game.board))
        self.status = StatusView(document, turns)
        self.clocks = ClockView(document)
        self.move_list = MoveListView(document)
        self.views = [self.status, ButtonsView(document), self.move_list,
                      CapturedView(document), AnalysisView(document, turns),
                      MatchView(document), NoticeView(document, listeners, session),
                      IntroView(document, window), AnnouncerView(document, announcer),
                      self.clocks,
                      ReviewView(document, listeners, session),
                      SettingsForm(session, document, window, listeners)]

    def draw(self, session: Session) -> None:
        """Draw ``session``: each view redraws only what changed; a board of another size
        is made anew."""
        draw_session(self.board, session)
        for view in self.views:
            view.render(session)
