"""The page's views beside the board: each draws one part of the page from the session
and does nothing else (what a click does is for :mod:`web.page.app` and the input modules).

Each view finds its elements by id in index.html once, and its :meth:`render` is cheap
when nothing it shows has changed, so the page calls every view after every change.
"""

from __future__ import annotations

from typing import Any

from tablut import Side
from web.bridge.dom import Listeners, box_at_event, element, svg_element
from web.computer.turns import ComputerTurns
from web.models.clocks import shown
from web.models.match import PLAYER_NAMES
from web.models.review import Mistake
from web.models.session import Notice, Session
from web.words.texts import (
    captured_counts,
    captured_words,
    intro_text,
    move_entries,
    no_moves_text,
    score_text,
)


class StatusView:
    """The status line, the offer beside a result, and the thinking indicator."""

    def __init__(self, document: Any, turns: ComputerTurns) -> None:
        """Find the elements in ``document``; ``turns`` tells when the computer thinks."""
        self.turns = turns
        self.body = document.body
        self.status = document.getElementById("status")
        self.offer = document.getElementById("end-offer")
        self.offer_button = document.getElementById("play-again")
        self.new_game = document.getElementById("new-game")
        self.thinking = document.getElementById("thinking")

    def render(self, session: Session) -> None:
        """Show whose turn it is or how the game ended, and what can follow."""
        text = session.status()
        if self.status.textContent != text:
            self.status.textContent = text
        over = session.setup is None and session.game.outcome() is not None
        self.status.classList.toggle("over", over)
        label = session.end_offer()
        self.offer.hidden = label is None
        if label is not None:
            self.offer_button.textContent = label
        self.new_game.classList.toggle("offer", over)
        thinking = self.turns.is_thinking()
        self.thinking.hidden = not thinking
        self.body.dataset.thinking = "true" if thinking else "false"


class ButtonsView:
    """Undo, Redo, Back, Forward and Hint, enabled when they can act."""

    def __init__(self, document: Any) -> None:
        """Find the buttons in ``document``."""
        self.buttons = {name: document.getElementById(name)
                        for name in ("undo", "redo", "back", "forward", "hint")}

    def render(self, session: Session) -> None:
        """Enable the buttons that can act now."""
        enabled = {"undo": session.can_undo(), "back": session.can_go_back(),
                   "redo": session.can_redo(), "forward": session.can_go_forward(),
                   "hint": session.human_to_move()}
        for name, button in self.buttons.items():
            button.disabled = not enabled[name]


class NoticeView:
    """The notice area (a polite live region): a message, its button, and a close
    button."""

    def __init__(self, document: Any, listeners: Listeners, session: Session) -> None:
        """Find the notice area in ``document``; its buttons act on ``session``."""
        self.document = document
        self.listeners = listeners
        self.session = session
        self.area = document.getElementById("notice")
        self.shown: Notice | None = None

    def render(self, session: Session) -> None:
        """Show the session's notice, if it is not already shown."""
        notice = session.notice
        if notice is self.shown:
            return
        self.shown = notice
        self.area.replaceChildren()
        if notice is None:
            return
        document = self.document
        self.area.appendChild(element(document, "span", notice.text, class_="notice-text"))
        if notice.action is not None:
            label, callback = notice.action
            button = element(document, "button", label, type="button", class_="notice-action")
            self.listeners.click(button, lambda: self._act(callback))
            self.area.appendChild(button)
        close = element(document, "button", "×", type="button", class_="notice-close",
                        aria_label="Dismiss message")
        self.listeners.click(close, self.session.dismiss)
        self.area.appendChild(close)

    def _act(self, callback: Any) -> None:
        self.session.dismiss()
        callback()


class MoveListView:
    """The numbered move list: each move a button, the current one marked and kept in
    view."""

    def __init__(self, document: Any) -> None:
        """Find the list in ``document``."""
        self.document = document
        self.list = document.getElementById("move-list")
        self.empty = document.getElementById("move-list-empty")
        self.empty_text = ""
        self.shown: tuple[Any, ...] | None = None
        self.buttons: dict[int, Any] = {}
        self.current: int | None = None
        # The current move's button, until the list has been laid out and scrolled to it.
        self.unscrolled: Any = None

    def render(self, session: Session) -> None:
        """Redraw the moves if the record changed; mark the move shown."""
        game = session.game
        mistakes = session.review.mistakes() if session.review is not None else {}
        key = (game.start, tuple(game.moves), tuple(sorted(mistakes)))
        if key != self.shown:
            self.shown = key
            self._rebuild(session, mistakes)
        if game.ply != self.current:
            if self.current in self.buttons:
                self.buttons[self.current].removeAttribute("aria-current")
            self.current = game.ply
            button = self.buttons.get(game.ply)
            if button is not None:
                button.setAttribute("aria-current", "step")
            self.unscrolled = button
        if self.unscrolled is not None:
            self._scroll_to(self.unscrolled)

    def _rebuild(self, session: Session, mistakes: dict[int, Mistake]) -> None:
        document = self.document
        rows: dict[int, Any] = {}
        self.list.replaceChildren()
        self.buttons = {}
        self.current = None
        for entry in move_entries(session.game):
            number = int(entry.number.rstrip(".…"))
            row = rows.get(number)
            if row is None:
                row = rows[number] = element(document, "li", value=number)
                self.list.appendChild(row)
                if entry.side is Side.WHITE:
                    row.appendChild(element(document, "span", "…", class_="move-gap",
                                            aria_hidden="true"))
            mistake = mistakes.get(entry.ply)
            name = f"{entry.number} {entry.side.word} {entry.text}"
            button = self.buttons[entry.ply] = element(
                document, "button", entry.text + ("?" if mistake else ""), type="button",
                class_="move mistake" if mistake else "move", data_ply=entry.ply,
                aria_label=f"{name}, {mistake.describe()}" if mistake else name)
            row.appendChild(button)
        self.empty.hidden = bool(session.game.moves)
        if not session.game.moves:
            text = no_moves_text(session.game.first_side)
            if self.empty_text != text:  # kept here: reading the page's text costs a trip
                self.empty.textContent = self.empty_text = text

    def _scroll_to(self, button: Any) -> None:
        """Scroll the list (only the list: the page must not jump) to show ``button``;
        a list not laid out yet (the page still hidden) is scrolled on a later redraw."""
        box, item = self.list.getBoundingClientRect(), button.getBoundingClientRect()
        if not box.height:
            return
        self.unscrolled = None
        if item.top < box.top:
            self.list.scrollTop += item.top - box.top
        elif item.bottom > box.bottom:
            self.list.scrollTop += item.bottom - box.bottom


class CapturedView:
    """The pieces each side has taken, at the position shown."""

    def __init__(self, document: Any) -> None:
        """Find the two rows in ``document``."""
        self.document = document
        self.rows = {colour: document.getElementById(f"captured-{colour}")
                     for colour in ("black", "white")}
        self.shown: tuple[int, int, bool] | None = None

    def render(self, session: Session) -> None:
        """Redraw the rows if the counts changed."""
        counts = captured_counts(session.game)
        king_taken = session.game.board.king < 0
        key = (counts["black"], counts["white"], king_taken)
        if key == self.shown:
            return
        self.shown = key
        for colour, row in self.rows.items():
            row.replaceChildren()
            kinds = [colour] * counts[colour]
            if colour == "white" and king_taken and kinds:
                kinds[-1] = "king"
            for kind in kinds:
                row.appendChild(self._icon(kind))
            if not kinds:
                row.appendChild(element(self.document, "span", "none", class_="quiet"))
            # The row is one image with one name ("3 white pieces and the king"): screen
            # readers ignore a label on a plain span and would read icon after icon.
            row.setAttribute("aria-label", captured_words(colour, len(kinds),
                                                          "king" in kinds))

    def _icon(self, kind: str) -> Any:
        document = self.document
        icon = svg_element(document, "svg", viewBox="0 0 10 10",
                           class_=f"captured-piece piece-{kind}", data_captured=kind,
                           aria_hidden="true")
        icon.appendChild(svg_element(document, "circle", cx=5, cy=5, r=4, class_="body"))
        if kind == "black":
            icon.appendChild(svg_element(document, "circle", cx=5, cy=5, r=2.2, class_="ring"))
        elif kind == "king":
            icon.appendChild(svg_element(document, "path", d="M3 5H7M5 3V7", class_="cross"))
        return icon


class AnalysisView:
    """The analysis panel: evaluation bar and words, best move and line, depth."""

    def __init__(self, document: Any, turns: ComputerTurns) -> None:
        """Find the panel's elements in ``document``; show the analysis of ``turns``."""
        self.turns = turns
        find = document.getElementById
        self.panel = find("analysis")
        self.toggle = find("analysis-toggle")
        self.text, self.best = find("eval-text"), find("eval-best")
        self.bar, self.line, self.depth = find("eval-white"), find("eval-pv"), find("eval-depth")
        self.shown: Any = ()

    def render(self, session: Session) -> None:
        """Open or close the panel and show the latest depth of analysis."""
        on = session.settings.analysis
        self.panel.hidden = not on
        self.toggle.setAttribute("aria-expanded", "true" if on else "false")
        self.toggle.textContent = "Hide analysis" if on else "Show analysis"
        shown = self.turns.analysis
        if shown is self.shown:
            return
        self.shown = shown
        if shown is None:
            self._show("Thinking…", "", "", "")
        elif shown.problem is not None:
            self._show("", "", "", f"Analysis unavailable ({shown.problem}).")
        else:
            data = shown.data
            text, share = score_text(int(data["score"]), data.get("mate_in"), shown.side)
            self.bar.style.width = f"{share * 100:.0f}%"
            nps = int(data.get("nps", 0))
            speed = ("worked out in advance" if data.get("known")
                     else f"{nps / 1000:.1f} k/s")
            self._show(text, f"best {data['move']}", " ".join(data.get("pv", [])),
                       f"Depth {data['depth']} (selective {data['seldepth']}), "
                       f"{int(data['nodes']):,} positions, {speed}")

    def _show(self, text: str, best: str, line: str, depth: str) -> None:
        self.text.textContent = text
        self.best.textContent = best
        self.line.textContent = line
        self.depth.textContent = depth


class MatchView:
    """The match table and the sentence under it, in match mode."""

    def __init__(self, document: Any) -> None:
        """Find the table in ``document``."""
        self.document = document
        self.panel = document.getElementById("match-panel")
        self.rows = document.getElementById("match-rows")
        self.summary = document.getElementById("match-summary")

    def render(self, session: Session) -> None:
        """Show the games of the match and who leads."""
        self.panel.hidden = not session.settings.match_mode
        if self.panel.hidden:
            return
        score = session.match_table()
        self.rows.replaceChildren()
        for row in score.rows:
            self._row(str(row.number), row.first_side.capitalize(),
                      row.second_side.capitalize(), row.result)
        self._row("Wins", str(score.wins[0]), str(score.wins[1]), "", class_="match-wins")
        first = session.player_side("first")
        who = session.settings.player(first)
        self.summary.textContent = (f"{score.summary} {PLAYER_NAMES['first']} ({who}) has "
                                    f"{first.word} in this game.")

    def _row(self, head: str, *cells: str, class_: str | None = None) -> None:
        document = self.document
        tr = element(document, "tr", class_=class_)
        tr.appendChild(element(document, "th", head, scope="row"))
        for cell in cells:
            tr.appendChild(element(document, "td", cell))
        self.rows.appendChild(tr)


class IntroView:
    """The first words for a newcomer beside the board, and the button that hides them
    or brings them back."""

    def __init__(self, document: Any, window: Any) -> None:
        """Find the elements in ``document``; ``window`` tells a touch screen from a
        mouse, so that the words say "Tap" or "Click"."""
        self.text = document.getElementById("intro-text")
        self.toggle = document.getElementById("intro-toggle")
        self.play = document.querySelector(".play")
        touch = bool(window.matchMedia("(pointer: coarse)").matches)
        self.verb = "Tap" if touch else "Click"
        self.keys = "" if touch else " Press ? for the keyboard."

    def render(self, session: Session) -> None:
        """Show the words for the settings in force, or only the button."""
        text = intro_text(session.settings, session.game.rules, self.verb) + self.keys
        if self.text.textContent != text:
            self.text.textContent = text
        self.text.hidden = not session.intro_open
        self.play.classList.toggle("intro-open", session.intro_open)
        self.toggle.setAttribute("aria-expanded", "true" if session.intro_open else "false")
        self.toggle.textContent = "Hide help" if session.intro_open else "What do I do?"


class AnnouncerView:
    """The live region: says each new sentence of the session (a screen reader reads it)."""

    def __init__(self, document: Any) -> None:
        """Find the live region in ``document``."""
        self.region = document.getElementById("announcer")
        self.heard = 0

    def render(self, session: Session) -> None:
        """Put the session's latest sentence in the region, once."""
        number, text = session.spoken
        if number == self.heard:
            return
        self.heard = number
        # The same words twice in a row are a change too: a trailing no-break space
        # alternates, so that the screen reader hears the second time as well.
        self.region.textContent = text + (" " if number % 2 else "")


class ClockView:
    """The two clocks (timers named "Black clock" and "White clock"), the running one
    marked; redrawn by the page ten times a second while a clock runs."""

    def __init__(self, document: Any) -> None:
        """Find the clocks in ``document``."""
        self.box = document.getElementById("clocks")
        self.times = {side: document.getElementById(f"clock-{side.word}") for side in Side}
        self.shown: dict[Side, tuple[str, bool]] = {}

    def render(self, session: Session) -> None:
        """Show the time each side has left."""
        clocks = session.clocks
        self.box.hidden = clocks is None
        if clocks is None:
            return
        now = session.now()
        for side, element_ in self.times.items():
            left = clocks.left(side, now)
            running = clocks.running is side
            key = (shown(left), running)
            if self.shown.get(side) == key:
                continue
            self.shown[side] = key
            element_.textContent = key[0]
            element_.classList.toggle("running", running)
            element_.classList.toggle("low", left < 20_000)
            if running:
                element_.setAttribute("aria-current", "true")
            else:
                element_.removeAttribute("aria-current")


class ReviewView:
    """The review panel: the button that starts a review, its progress, and the graph of
    the evaluation over the game (white up, black down), drawn like the board as SVG;
    clicking the graph goes to the nearest move."""

    #: The graph's size in SVG units.
    WIDTH, HEIGHT = 100.0, 32.0

    def __init__(self, document: Any, listeners: Listeners, session: Session) -> None:
        """Find the panel in ``document``; the graph's clicks move ``session``."""
        find = document.getElementById
        self.document = document
        self.session = session
        self.panel, self.summary = find("review-panel"), find("review-summary")
        self.start, self.stop = find("review-start"), find("review-stop")
        self.graph = svg_element(document, "svg", viewBox=f"0 0 {self.WIDTH} {self.HEIGHT}",
                                 role="img", aria_label="Evaluation graph",
                                 class_="eval-graph", preserveAspectRatio="none")
        find("review-graph").appendChild(self.graph)
        listeners.on(self.graph, "click", self.on_click)
        self.shown: Any = None

    def _x(self, ply: int, plies: int) -> float:
        return ply / max(1, plies) * self.WIDTH

    def on_click(self, event: Any) -> None:
        """Go to the move nearest the point clicked."""
        review = self.session.review
        box = box_at_event(event, self.graph)
        if review is None or not box.width:
            return
        share = (event.clientX - box.left) / box.width
        self.session.goto(max(0, min(review.plies, round(share * review.plies))))

    def render(self, session: Session) -> None:
        """Show the review as far as it has come."""
        review = session.review
        self.panel.hidden = review is None and not session.can_review()
        running = review is not None and not review.finished() and not review.stopped
        self.start.hidden = review is not None
        self.stop.hidden = not running
        self.graph.setAttribute("visibility", "hidden" if review is None else "visible")
        if review is None:
            return
        key = (id(review), len(review.judgements), review.stopped, session.game.ply)
        if key == self.shown:
            return
        self.shown = key
        self.summary.textContent = (review.summary() if not review.stopped or
                                    review.finished() else "Review stopped. "
                                    + review.summary().replace("Reviewing: ", ""))
        self._draw(review, session.game.ply)

    def _draw(self, review: Any, current: int) -> None:
        document, height = self.document, self.HEIGHT
        self.graph.replaceChildren()
        self.graph.appendChild(svg_element(document, "line", x1=0, x2=self.WIDTH,
                                           y1=height / 2, y2=height / 2, class_="eval-mid"))
        x = self._x(current, review.plies)
        self.graph.appendChild(svg_element(document, "line", x1=x, x2=x, y1=0, y2=height,
                                           class_="eval-now"))
        points = [(self._x(ply, review.plies), height * (1 - share))
                  for ply, share in review.graph_points()]
        if points:
            path = " ".join(f"{px:.2f},{py:.2f}" for px, py in points)
            self.graph.appendChild(svg_element(document, "polyline", points=path,
                                               class_="eval-line"))
        for ply in review.mistakes():
            px = self._x(ply, review.plies)
            share = dict(review.graph_points()).get(ply, 0.5)
            self.graph.appendChild(svg_element(document, "circle", cx=px,
                                               cy=height * (1 - share), r=1.6,
                                               class_="eval-mistake"))
