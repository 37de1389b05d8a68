"""The board as SVG, at any size (7x7, 9x9, 11x11), built with DOM calls.

Every element is made with ``createElementNS`` and filled with ``setAttribute`` or
``textContent``, never ``innerHTML``: square names and piece kinds come from the game, and
the game may come from a saved record or a shared link.

The contract that the end-to-end tests (``tests/e2e/``) rely on:

- each square is a ``rect`` with ``data-square="e5"`` and an accessible name that says the
  square, whether it is a camp (``ashton`` rules), and what stands on it (``"e5, white
  king"``, ``"a1, empty"``, ``"a4, camp, black piece"``); camp squares have the class
  ``camp-square``;
- the ``svg`` has ``data-size``, the board's squares a side (7, 9 or 11);
- each piece is a ``g`` with ``data-piece`` (``black``, ``white``, ``king``) and
  ``data-square``; pieces are hidden from assistive technology because their square
  already says what stands on it.

The board's squares are made for one size (:meth:`BoardView.set_size` makes them again
for another: a new game under other rules, an imported record, a link); a square is
always ``CELL`` units wide, so a bigger board has a wider ``viewBox`` and, drawn in the
same box on screen, smaller squares: the board's box never changes size.

Squares are focusable with a roving tabindex: one square (the keyboard cursor) has
``tabindex=0``, the others ``-1``, so Tab enters and leaves the board in one step and the
arrow keys move within it (the app handles the keys).

This module needs only a DOM ``document``: it does not import ``pyscript``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from tablut.squares import Shape, shape, squares_of
from web.bridge.dom import svg_element
from web.words.catalogue import N_, _, pgettext

#: Side of a square, and the margin that holds the coordinates, in SVG user units.
CELL = 10
MARGIN = 5

#: The size of Tablut's board, which a board has until it is told otherwise.
NINE = 9


def extent(size: int) -> int:
    """The width (and height) of the board of ``size`` squares a side, in SVG units."""
    return 2 * MARGIN + size * CELL


#: The 9x9 board's extent.
EXTENT = extent(NINE)

#: What a square's accessible name says stands on it (marked for the catalogue:
#: translated where a square is named, see :func:`square_label`).
PIECE_WORDS = {"black": N_("black piece"), "white": N_("white piece"),
               "king": N_("white king")}


def corner_squares(size: int) -> tuple[int, ...]:
    """The four corners of the board of ``size``, which some rule sets reserve for the
    king."""
    return tuple(squares_of(shape(size).corners))


#: The 9x9 board's corners.
CORNERS = corner_squares(NINE)


class PieceSource(Protocol):
    """What the view needs of a board: the piece on a square, or None."""

    def piece_at(self, sq: int) -> str | None:
        """Return "black", "white", "king" or None for square ``sq``."""
        ...


@dataclass
class Marks:
    """What the board highlights besides the pieces.

    Attributes:
        selected: the square of the piece picked up, or None.
        targets: squares the selected piece may move to.
        last: the last move (from, to), or None.
        winning: whether the last move ended the game (drawn more strongly).
        hint: a suggested move (from, to), or None.
        fading: pieces that a capture has just removed, as (square, kind): they fade out.
        moved: the move just made (from, to): its piece slides to its square.
        better: the move a review found better than the one played here, or None.
    """

    selected: int | None = None
    targets: list[int] = field(default_factory=list)
    last: tuple[int, int] | None = None
    winning: bool = False
    hint: tuple[int, int] | None = None
    fading: list[tuple[int, str]] = field(default_factory=list)
    moved: tuple[int, int] | None = None
    better: tuple[int, int] | None = None


def square_words(named: str, piece: str | None, camp: bool = False) -> str:
    """The accessible name of the square ``named`` ("e5") holding ``piece``: "e5, white
    king", "a4, camp, black piece" on a camp."""
    # Translators: what stands on a square with no piece, in its accessible name
    # ("a1, empty").
    what = pgettext("square", "empty") if not piece else _(PIECE_WORDS[piece])
    if camp:
        # Translators: a camp square's accessible name: {square} is its name ("a4"),
        # {piece} what stands on it ("black piece", "empty").
        return _("{square}, camp, {piece}").format(square=named, piece=what)
    # Translators: a square's accessible name: {square} is its name ("e5"), {piece}
    # what stands on it ("white king", "empty").
    return _("{square}, {piece}").format(square=named, piece=what)


def square_label(sq: int, piece: str | None, marks: Marks | None = None,
                 camp: bool = False, size: int = NINE) -> str:
    """The accessible name of square ``sq`` of the board of ``size`` holding ``piece``,
    such as "e5, white king" ("a4, camp, black piece" on a camp), with what the marks say
    of it: "picked up", or "legal move" for the piece picked up."""
    name = square_words(shape(size).square_name(sq), piece, camp)
    if marks is None:
        return name
    if sq == marks.selected:
        # Translators: the square of the piece picked up: {name} is the square's
        # accessible name ("e5, white king").
        name = _("{name}, picked up").format(name=name)
    elif sq in marks.targets:
        # Translators: a square the piece picked up may move to: {name} is the square's
        # accessible name ("e6, empty").
        name = _("{name}, legal move").format(name=name)
    return name


def square_origin(sq: int, size: int = NINE) -> tuple[int, int]:
    """The top-left corner of square ``sq`` of the board of ``size`` in SVG units: the
    last rank is at the top."""
    col, row = sq % size, sq // size
    return MARGIN + col * CELL, MARGIN + (size - 1 - row) * CELL


def square_at(x: float, y: float, size: int = NINE) -> int | None:
    """The square of the board of ``size`` under the point (``x``, ``y``) in SVG units,
    or None off the squares."""
    if x < MARGIN or y < MARGIN:
        return None
    col = int((x - MARGIN) // CELL)
    row = size - 1 - int((y - MARGIN) // CELL)
    if not (0 <= col < size and 0 <= row < size):
        return None
    return row * size + col


def step(sq: int, key: str, size: int = NINE) -> int:
    """The square the keyboard cursor moves to from ``sq`` on the board of ``size`` for
    an arrow key (or Home/End, which go to the ends of the rank); it stays at the
    board's edge."""
    col, row = sq % size, sq // size
    if key == "ArrowLeft":
        col = max(0, col - 1)
    elif key == "ArrowRight":
        col = min(size - 1, col + 1)
    elif key == "ArrowUp":
        row = min(size - 1, row + 1)
    elif key == "ArrowDown":
        row = max(0, row - 1)
    elif key == "Home":
        col = 0
    elif key == "End":
        col = size - 1
    return row * size + col


class BoardView:
    """An SVG board inside a container element, redrawn with :meth:`draw`.

    The squares are made once for a size (again by :meth:`set_size` for another);
    :meth:`draw` relabels them and replaces the pieces, and only changes an attribute
    whose value changed, which keeps a redraw to a few dozen DOM calls.

    Attributes:
        size: squares a side; ``shape``: that board (:func:`tablut.squares.shape`).
        extent: the width and height of the drawing in SVG units.
    """

    def __init__(self, document: Any, container: Any, *, size: int = NINE,
                 marked: tuple[int, ...] = (), camps: tuple[int, ...] = (),
                 label: str | None = None, ident: str = "board") -> None:
        """Build the empty board of ``size`` squares a side in ``container``; ``marked``
        squares (restricted corners) are drawn as reserved, like the throne, and
        ``camps`` as camps. ``label`` is the board's accessible name ("Board" in the
        page's language by default); ``ident`` prefixes the ids inside it, so that two
        boards can share a page."""
        self.document = document
        self.ident = ident
        if label is None:
            # Translators: the accessible name of the game's board.
            label = _("Board")
        # tabindex -1: the board is one tab stop, its roving square; the svg itself is
        # not (a focus listener would otherwise make Chromium stop on it too).
        self.svg = self._element(
            "svg",
            role="group",
            tabindex="-1",
            **{"aria-label": label, "class": "board-svg"},
        )
        #: Squares focused by set_cursor whose focus events have not come back yet.
        self.focus_moves: list[int] = []
        self._build(size)
        self.set_marked(marked, camps)
        container.replaceChildren(self.svg)

    def set_size(self, size: int) -> bool:
        """Make the board ``size`` squares a side, empty and unmarked, if it is not
        already; True when it was made anew (draw it and mark its squares again)."""
        if size == self.size:
            return False
        self._build(size)
        return True

    def _build(self, size: int) -> None:
        """Make the squares, the coordinates and the layers of a board of ``size`` in
        the svg, in place of whatever it held (its listeners stay)."""
        self.size = size
        self.shape: Shape = shape(size)
        self.extent = extent(size)
        self.svg.replaceChildren()
        self.svg.setAttribute("viewBox", f"0 0 {self.extent} {self.extent}")
        self.svg.setAttribute("data-size", str(size))
        # The drawing fills the same box at any size: the coordinates are scaled back up
        # by as much as a bigger board is scaled down (web/style.css).
        self.svg.setAttribute("style", f"--coord-scale: {self.extent / EXTENT:g}")
        self.squares: dict[int, Any] = {}
        self._attrs: dict[tuple[int, str], str] = {}
        self.cursor = self.shape.centre
        self.focus_moves.clear()
        frame = self._element("rect", x=MARGIN, y=MARGIN, width=size * CELL,
                              height=size * CELL, **{"class": "frame"})
        self.svg.appendChild(frame)
        for sq in self.shape.squares:
            x, y = self.origin(sq)
            rect = self._element(
                "rect",
                x=x, y=y, width=CELL, height=CELL,
                role="button",
                tabindex="0" if sq == self.cursor else "-1",
                **{"class": "square", "data-square": self.shape.square_name(sq)},
            )
            self.svg.appendChild(rect)
            self.squares[sq] = rect
        self.decor = self._layer("decor")
        self._draw_coordinates()
        self.overlay = self._layer("overlay")
        self.fading = self._layer("fading")
        self.pieces = self._layer("pieces")
        self.arrows = self._layer("arrows")
        self.ring = self._element("g", **{"class": "focus-ring", "aria-hidden": "true"})
        for tone, inset in (("outer", 0.3), ("inner", 1.05)):
            self.ring.appendChild(self._element(
                "rect", x=inset, y=inset, width=CELL - 2 * inset, height=CELL - 2 * inset,
                rx=1, **{"class": tone}))
        self.svg.appendChild(self.ring)
        self.piece_elements: dict[int, Any] = {}
        self.camps: set[int] = set()
        self.marked: tuple[int, ...] | None = None
        self.move_ring(self.cursor)

    # -- the squares' places -----------------------------------------------------------------

    def origin(self, sq: int) -> tuple[int, int]:
        """The top-left corner of square ``sq`` in SVG units."""
        return square_origin(sq, self.size)

    def square_at(self, x: float, y: float) -> int | None:
        """The square under the point (``x``, ``y``) in SVG units, or None."""
        return square_at(x, y, self.size)

    def step(self, sq: int, key: str) -> int:
        """Where the keyboard cursor goes from ``sq`` for ``key`` (see :func:`step`)."""
        return step(sq, key, self.size)

    # -- drawing ---------------------------------------------------------------------------

    def set_marked(self, marked: tuple[int, ...], camps: tuple[int, ...] = ()) -> None:
        """Mark the throne and the ``marked`` squares (the corners, where reserved), and
        the ``camps``."""
        throne = self.shape.centre
        if self.marked == (throne, *marked) and self.camps == set(camps):
            return
        self.decor.replaceChildren()
        self.camps = set(camps)
        for sq in camps:
            x, y = self.origin(sq)
            # A dashed inset outline and a tent in one corner: told from the throne's
            # solid outline and cross by shape, and from other squares not by colour alone.
            self.decor.appendChild(self._element(
                "rect", x=x + 0.9, y=y + 0.9, width=CELL - 1.8, height=CELL - 1.8,
                **{"class": "camp", "aria-hidden": "true"}))
            self.decor.appendChild(self._element(
                "path", d=f"M{x + 1.6} {y + 3.4}L{x + 2.7} {y + 1.6}L{x + 3.8} {y + 3.4}z",
                **{"class": "camp-tent", "aria-hidden": "true"}))
        for sq in (throne, *marked):
            x, y = self.origin(sq)
            # An inset outline and a cross: the special squares are told by their shape,
            # not by their colour alone.
            self.decor.appendChild(self._element(
                "rect", x=x + 1.2, y=y + 1.2, width=CELL - 2.4, height=CELL - 2.4,
                **{"class": "reserved", "aria-hidden": "true"}))
            self.decor.appendChild(self._element(
                "path", d=f"M{x + 1.2} {y + 1.2}L{x + CELL - 1.2} {y + CELL - 1.2}"
                          f"M{x + CELL - 1.2} {y + 1.2}L{x + 1.2} {y + CELL - 1.2}",
                **{"class": "reserved-cross", "aria-hidden": "true"}))
        self.marked = (throne, *marked)

    def draw(self, board: PieceSource, marks: Marks | None = None) -> None:
        """Show the pieces of ``board`` with ``marks``, and name every square after what
        stands on it."""
        marks = marks or Marks()
        classes = self._square_classes(marks)
        self.pieces.replaceChildren()
        self.piece_elements = {}
        for sq in self.squares:
            piece = board.piece_at(sq)
            self._set(sq, "aria-label", square_label(sq, piece, marks, sq in self.camps, self.size))
            self._set(sq, "class", " ".join(classes[sq]))
            if piece is not None:
                element = self._piece(sq, piece)
                self.pieces.appendChild(element)
                self.piece_elements[sq] = element
        self._draw_overlay(marks)
        self.fading.replaceChildren()
        for sq, piece in marks.fading:
            ghost = self._piece(sq, piece, contract=False)
            ghost.setAttribute("class", f"piece piece-{piece} captured-ghost")
            self.fading.appendChild(ghost)
        self.arrows.replaceChildren()
        if marks.hint is not None:
            self.arrows.appendChild(self._arrow(*marks.hint))
        if marks.better is not None:
            self.arrows.appendChild(self._arrow(*marks.better, kind="better"))
        if marks.moved is not None:
            self._slide(*marks.moved)

    def _square_classes(self, marks: Marks) -> dict[int, list[str]]:
        """Each square's classes: reserved, camp, legal target, last move, hint, selected."""
        classes = {sq: ["square"] for sq in self.squares}
        for sq in self.marked or ():
            classes[sq].append("reserved-square")
        for sq in self.camps:
            classes[sq].append("camp-square")
        for sq in marks.targets:
            classes[sq].append("target")
        if marks.last is not None:
            classes[marks.last[0]].append("last-from")
            classes[marks.last[1]].append("last-to winning" if marks.winning else "last-to")
        if marks.hint is not None:
            classes[marks.hint[0]].append("hint-from")
            classes[marks.hint[1]].append("hint-to")
        if marks.selected is not None:
            classes[marks.selected].append("selected")
        return classes

    def _draw_overlay(self, marks: Marks) -> None:
        """The marks drawn over the squares: the last move's frames, the targets' dots."""
        self.overlay.replaceChildren()
        for sq in marks.last or ():
            # A dark inset frame: the last move is told by shape, not by its tint alone.
            x, y = self.origin(sq)
            self.overlay.appendChild(self._element(
                "rect", x=x + 0.7, y=y + 0.7, width=CELL - 1.4, height=CELL - 1.4,
                **{"class": "last-mark", "aria-hidden": "true"}))
        for sq in sorted(marks.targets):
            x, y = self.origin(sq)
            self.overlay.appendChild(self._element(
                "circle", cx=x + CELL / 2, cy=y + CELL / 2, r=1.4,
                **{"class": "target-dot", "aria-hidden": "true"}))

    def _slide(self, frm: int, to: int) -> None:
        """Let the piece now on ``to`` slide there from ``frm``: it starts drawn on its
        old square and the stylesheet's transition (none with reduced motion) moves it."""
        piece = self.piece_elements.get(to)
        if piece is None:
            return
        (x1, y1), (x2, y2) = self.origin(frm), self.origin(to)
        piece.style.transform = f"translate({x1 - x2}px, {y1 - y2}px)"
        piece.getBoundingClientRect()  # lay it out where it starts, so that it moves
        piece.style.transform = ""

    def move_ring(self, sq: int) -> None:
        """Put the keyboard focus ring around square ``sq``."""
        x, y = self.origin(sq)
        self.ring.setAttribute("transform", f"translate({x} {y})")

    def set_cursor(self, sq: int, *, focus: bool = True) -> None:
        """Make ``sq`` the board's one tabbable square (roving tabindex); focus it."""
        if sq != self.cursor:
            self.squares[self.cursor].setAttribute("tabindex", "-1")
            self.squares[sq].setAttribute("tabindex", "0")
            self.cursor = sq
        self.move_ring(sq)
        if focus:
            # Remembered until its focus event comes back (see :meth:`focused_by_page`).
            self.focus_moves.append(sq)
            self.squares[sq].focus()

    def focused_by_page(self, sq: int) -> bool:
        """Whether a focus event on ``sq`` is the echo of :meth:`set_cursor`'s own move.

        The page's Python may run a moment behind the events: a person pressing arrow
        keys quickly has moved the cursor on by the time the focus events of its earlier
        moves arrive, and taking those for a person's choice would pull the cursor back.
        """
        if sq not in self.focus_moves:
            return False
        del self.focus_moves[:self.focus_moves.index(sq) + 1]
        return True

    def drag_piece(self, sq: int, dx: float, dy: float) -> None:
        """Show the piece on ``sq`` moved by (dx, dy) SVG units while it is dragged."""
        element = self.piece_elements.get(sq)
        if element is not None:
            element.setAttribute("transform", f"translate({dx:.2f} {dy:.2f})")
            element.setAttribute("class", element.getAttribute("class").replace(
                " dragging", "") + " dragging")

    # -- building blocks -------------------------------------------------------------------

    def _set(self, sq: int, name: str, value: str) -> None:
        if self._attrs.get((sq, name)) != value:
            self.squares[sq].setAttribute(name, value)
            self._attrs[(sq, name)] = value

    def _layer(self, name: str) -> Any:
        layer = self._element("g", **{"class": name, "aria-hidden": "true"})
        self.svg.appendChild(layer)
        return layer

    def _element(self, tag: str, **attributes: object) -> Any:
        return svg_element(self.document, tag, **attributes)

    def _piece(self, sq: int, piece: str, *, contract: bool = True) -> Any:
        x, y = self.origin(sq)
        cx, cy = x + CELL / 2, y + CELL / 2
        attributes: dict[str, object] = {"class": f"piece piece-{piece}"}
        if contract:
            attributes.update({"data-piece": piece, "data-square": self.shape.square_name(sq)})
        group = self._element("g", **attributes)
        radius = 3.9 if piece == "king" else 3.4
        group.appendChild(self._element("circle", cx=cx, cy=cy, r=radius, **{"class": "body"}))
        if piece == "black":
            # A ring inside the disc: black pieces differ by shape, not only by colour.
            group.appendChild(self._element("circle", cx=cx, cy=cy, r=1.9, **{"class": "ring"}))
        elif piece == "king":
            arm = 2.0
            group.appendChild(self._element(
                "path", d=f"M{cx - arm} {cy}H{cx + arm}M{cx} {cy - arm}V{cy + arm}",
                **{"class": "cross"}))
        return group

    def _arrow(self, frm: int, to: int, kind: str = "hint") -> Any:
        """An arrow from ``frm`` to ``to``: the hint, or the better move of a review."""
        (x1, y1), (x2, y2) = self.origin(frm), self.origin(to)
        half = CELL / 2
        head = f"{self.ident}-{kind}-head"
        line = self._element(
            "line", x1=x1 + half, y1=y1 + half, x2=x2 + half, y2=y2 + half,
            **{"class": f"{kind}-arrow", "marker-end": f"url(#{head})"})
        if not self.svg.querySelector(f"#{head}"):
            defs = self._element("defs")
            marker = self._element("marker", id=head, viewBox="0 0 10 10", refX=5,
                                   refY=5, markerWidth=3, markerHeight=3, orient="auto")
            marker.appendChild(self._element("path", d="M0 0L10 5L0 10z",
                                             **{"class": f"{kind}-head"}))
            defs.appendChild(marker)
            self.svg.insertBefore(defs, self.svg.firstChild)
        return line

    def _draw_coordinates(self) -> None:
        # Files under the board, ranks to its left, as players read a board diagram.
        size = self.size
        for col, letter in enumerate(self.shape.files):
            self.decor_static(letter, MARGIN + col * CELL + CELL / 2, self.extent - MARGIN / 2)
        for row, digit in enumerate(self.shape.ranks):
            y = MARGIN + (size - 1 - row) * CELL + CELL / 2
            self.decor_static(digit, MARGIN / 2, y)

    def decor_static(self, content: str, x: float, y: float) -> None:
        """Add a coordinate label at (x, y)."""
        text = self._element("text", x=x, y=y, **{"class": "coord", "aria-hidden": "true"})
        text.textContent = content
        self.svg.appendChild(text)
