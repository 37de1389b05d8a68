"""The panels beside the board that draw one thing each from the session: the pieces
each side has taken, the analysis, the match table and the clocks."""

from __future__ import annotations

from typing import Any

from tablut import Side
from web.bridge.dom import element, svg_element
from web.computer.turns import ComputerTurns
from web.models.clocks import shown
from web.models.match import PLAYER_NAMES
from web.models.session import Session
from web.words.catalogue import _, ngettext, pgettext
from web.words.sides import side_name, side_word
from web.words.texts import captured_counts, captured_words, score_text


def captured_icon(document: Any, kind: str) -> Any:
    """The small piece of ``kind`` that stands for a captured one in the rows under the
    board."""
    icon = svg_element(document, "svg", viewBox="0 0 10 10",
                       class_=f"captured-piece piece-{kind}", data_captured=kind,
                       aria_hidden="true")
    icon.appendChild(svg_element(document, "circle", cx=5, cy=5, r=4, class_="body"))
    if kind == "black":
        icon.appendChild(svg_element(document, "circle", cx=5, cy=5, r=2.2, class_="ring"))
    elif kind == "king":
        icon.appendChild(svg_element(document, "path", d="M3 5H7M5 3V7", class_="cross"))
    return icon


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
                row.appendChild(captured_icon(self.document, kind))
            if not kinds:
                # Translators: a row of captured pieces with none in it.
                row.appendChild(element(self.document, "span",
                                        pgettext("captured pieces", "none"), class_="quiet"))
            # The row is one image with one name ("3 white pieces and the king"): screen
            # readers ignore a label on a plain span and would read icon after icon.
            row.setAttribute("aria-label", captured_words(colour, len(kinds),
                                                          "king" in kinds))


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
        self.toggle.textContent = _("Hide analysis") if on else _("Show analysis")
        shown = self.turns.analysis
        if shown is self.shown:
            return
        self.shown = shown
        if shown is None:
            self._show(_("Thinking…"), "", "", "")
        elif shown.problem is not None:
            # Translators: {error} is why the computer could not analyse the position.
            self._show("", "", "", _("Analysis unavailable ({error}).").format(
                error=shown.problem))
        else:
            data = shown.data
            text, share = score_text(int(data["score"]), data.get("mate_in"), shown.side)
            self.bar.style.width = f"{share * 100:.0f}%"
            nps = int(data.get("nps", 0))
            if data.get("known"):
                # Translators: how the analysis got its move: from a table made in
                # advance, not searched now (in place of a speed, "12.3 k/s").
                speed = _("worked out in advance")
            else:
                # Translators: the search's speed in thousands of positions a second.
                speed = _("{thousands} k/s").format(thousands=f"{nps / 1000:.1f}")
            nodes = int(data["nodes"])
            # Translators: the analysis's best move, in notation ("e8-c8").
            best = _("best {move}").format(move=data["move"])
            # Translators: how deep the analysis searched (in moves), how many positions
            # it looked at, and {speed}: "12.3 k/s" or "worked out in advance".
            depth = ngettext("Depth {depth} (selective {seldepth}), {count} position, {speed}",
                             "Depth {depth} (selective {seldepth}), {count} positions, {speed}",
                             nodes).format(depth=data["depth"], seldepth=data["seldepth"],
                                           count=f"{nodes:,}", speed=speed)
            self._show(text, best, " ".join(data.get("pv", [])), depth)

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
        score = session.match.table(session.game.rules, session.finished_game())
        self.rows.replaceChildren()
        for row in score.rows:
            self._row(str(row.number), _side_cell(row.first_side),
                      _side_cell(row.second_side), row.result)
        # Translators: the match table's last row: how many games each player won.
        self._row(_("Wins"), str(score.wins[0]), str(score.wins[1]), "", class_="match-wins")
        first = session.match.side_of(session.game.rules, "first")
        if session.settings.is_computer(first):
            # Translators: under the match table: {player} is "Player 1", {side} "black"
            # or "white", the side that player plays in the game on the board.
            whose = _("{player} (computer) has {side} in this game.")
        else:
            # Translators: under the match table: {player} is "Player 1", {side} "black"
            # or "white", the side that player plays in the game on the board.
            whose = _("{player} (human) has {side} in this game.")
        sentence = whose.format(player=_(PLAYER_NAMES["first"]), side=side_word(first))
        self.summary.textContent = f"{score.summary} {sentence}"

    def _row(self, head: str, *cells: str, class_: str | None = None) -> None:
        document = self.document
        tr = element(document, "tr", class_=class_)
        tr.appendChild(element(document, "th", head, scope="row"))
        for cell in cells:
            tr.appendChild(element(document, "td", cell))
        self.rows.appendChild(tr)


def _side_cell(side: Side | str) -> str:
    """A side in a cell of the match table: "Black", "White"."""
    return side_name(side if isinstance(side, Side) else Side.parse(side))


class ClockView:
    """The two clocks (timers named "Black clock" and "White clock"), the running one
    marked; redrawn by the page ten times a second while a clock runs."""

    def __init__(self, document: Any) -> None:
        """Find the clocks in ``document``."""
        self.box = document.getElementById("clocks")
        self.note = document.getElementById("clock-note")
        self.times = {side: document.getElementById(f"clock-{side.word}") for side in Side}
        self.shown: dict[Side, tuple[str, bool]] = {}

    def render(self, session: Session) -> None:
        """Show the time each side has left."""
        clocks = session.clocks
        self.box.hidden = clocks is None
        if clocks is None:
            return
        now = session.now()
        # Said only while it is so: the clocks wait for the person (looking back, at the
        # lesson, setting up). Hidden, the note keeps its place: nothing below it moves.
        self.note.hidden = session.clocks_run() or session.over()
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
