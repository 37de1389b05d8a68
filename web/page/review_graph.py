"""The review panel: the button that starts (or goes on with) a review, its progress,
and the graph of the evaluation over the game, drawn like the board as SVG: white's
advantage up, black's down, a zero line across, a point for every position judged, the
move shown marked; clicking the graph goes to the nearest move."""

from __future__ import annotations

from typing import Any

from web.bridge.dom import Listeners, box_at_event, element, svg_element
from web.models.review import Review
from web.models.session import Session
from web.words.catalogue import N_, _
from web.words.review import review_summary

#: What the panel says before a review (marked for the catalogue, translated where it is
#: shown).
ABOUT = N_("The computer looks at every position and marks the moves that lost the most.")


class ReviewView:
    """The review panel (see the module docs)."""

    #: The graph's size in SVG units (stretched to the panel's width).
    WIDTH, HEIGHT = 100.0, 40.0

    def __init__(self, document: Any, listeners: Listeners, session: Session) -> None:
        """Find the panel in ``document``; the graph's clicks move ``session``."""
        find = document.getElementById
        self.document = document
        self.session = session
        self.panel, self.summary = find("review-panel"), find("review-summary")
        self.start, self.stop = find("review-start"), find("review-stop")
        frame = find("review-graph")
        # The sides are named in the page's text, beside the graph: text inside a
        # stretched SVG would be stretched too.
        self.top = element(document, "span", _("White ahead"), class_="graph-side graph-top")
        self.bottom = element(document, "span", _("Black ahead"),
                              class_="graph-side graph-bottom")
        self.graph = svg_element(document, "svg", viewBox=f"0 0 {self.WIDTH} {self.HEIGHT}",
                                 role="img", aria_label=_("Evaluation graph: white ahead "
                                                          "above the line, black ahead below"),
                                 class_="eval-graph", preserveAspectRatio="none")
        frame.replaceChildren(self.top, self.graph, self.bottom)
        self.frame = frame
        listeners.on(self.graph, "click", self.on_click)
        self.shown: Any = None

    #: The margin kept inside the graph's edges, so that the first and last points and
    #: a won position's point are drawn whole.
    PAD_X, PAD_Y = 1.5, 3.0

    def _x(self, ply: int, plies: int) -> float:
        return self.PAD_X + ply / max(1, plies) * (self.WIDTH - 2 * self.PAD_X)

    def _y(self, share: float) -> float:
        return self.PAD_Y + (1 - share) * (self.HEIGHT - 2 * self.PAD_Y)

    def on_click(self, event: Any) -> None:
        """Go to the move nearest the point clicked."""
        review = self.session.review
        box = box_at_event(event, self.graph)
        if review is None or not box.width:
            return
        x = (event.clientX - box.left) / box.width * self.WIDTH
        share = (x - self.PAD_X) / (self.WIDTH - 2 * self.PAD_X)
        self.session.goto(max(0, min(review.plies, round(share * review.plies))))

    def render(self, session: Session) -> None:
        """Show the review as far as it has come, or what a review is before one."""
        review = session.review
        self.panel.hidden = review is None and not session.can_review()
        running = review is not None and not review.finished() and not review.stopped
        self.start.hidden = running or (review is not None and not session.can_review())
        self.start.textContent = (_("Review game") if review is None
                                  else _("Go on with the review"))
        self.stop.hidden = not running
        self.frame.hidden = review is None
        key = None if review is None else (id(review), len(review.judgements),
                                           review.stopped, session.game.ply)
        if key == self.shown:
            return
        self.shown = key
        self.summary.textContent = _(ABOUT) if review is None else review_summary(review)
        if review is not None:
            self._draw(review, session.game.ply)

    def _draw(self, review: Review, current: int) -> None:
        document, width = self.document, self.WIDTH
        middle = self._y(0.5)
        graph = self.graph
        graph.replaceChildren()
        graph.appendChild(svg_element(document, "rect", x=0, y=0, width=width,
                                      height=middle, class_="eval-white-half"))
        graph.appendChild(svg_element(document, "line", x1=0, x2=width, y1=middle, y2=middle,
                                      class_="eval-mid"))
        x = self._x(current, review.plies)
        graph.appendChild(svg_element(document, "line", x1=x, x2=x, y1=0, y2=self.HEIGHT,
                                      class_="eval-now"))
        points = [(self._x(ply, review.plies), self._y(share))
                  for ply, share in review.graph_points()]
        if points:
            path = " ".join(f"{px:.2f},{py:.2f}" for px, py in points)
            graph.appendChild(svg_element(document, "polyline", points=path,
                                          class_="eval-line"))
        mistakes = review.mistakes()
        for ply, share in review.graph_points():
            px, py = self._x(ply, review.plies), self._y(share)
            # A line of no length with round ends: a dot that keeps its size however
            # the graph is stretched.
            graph.appendChild(svg_element(document, "line", x1=px, x2=px, y1=py, y2=py,
                                          class_="eval-mistake" if ply in mistakes
                                          else "eval-point"))
