"""The 9x9 board as SVG, built with DOM calls.

Every element is made with ``createElementNS`` and filled with ``setAttribute`` or
``textContent``, never ``innerHTML``: square names and piece kinds come from the game, and
the game may come from a saved record or a shared link.

The contract that end-to-end tests rely on (see DESIGN.md):

- each square is a ``rect`` with ``data-square="e5"`` and an accessible name that says the
  square and what stands on it (``"e5, white king"``, ``"a1, empty"``);
- each piece is a ``g`` with ``data-piece`` (``black``, ``white``, ``king``) and
  ``data-square``; pieces are hidden from assistive technology because their square
  already says what stands on it.

This module needs only a DOM ``document``: it does not import ``pyscript``.
"""

from __future__ import annotations

from typing import Any, Protocol

from tablut.squares import CORNERS_BB, FILES, RANKS, SIZE, THRONE, square_name, squares_of

SVG_NS = "http://www.w3.org/2000/svg"

#: Side of a square, and the margin that holds the coordinates, in SVG user units.
CELL = 10
MARGIN = 5
EXTENT = 2 * MARGIN + SIZE * CELL

#: What a square's accessible name says stands on it.
PIECE_WORDS = {"black": "black piece", "white": "white piece", "king": "white king"}

#: The corners, which some rule sets reserve for the king.
CORNERS = tuple(squares_of(CORNERS_BB))


class PieceSource(Protocol):
    """What the view needs of a board: the piece on a square, or None."""

    def piece_at(self, sq: int) -> str | None:
        """Return "black", "white", "king" or None for square ``sq``."""
        ...


def square_label(sq: int, piece: str | None) -> str:
    """The accessible name of square ``sq`` holding ``piece``, such as "e5, white king"."""
    return f"{square_name(sq)}, {PIECE_WORDS[piece] if piece else 'empty'}"


def square_origin(sq: int) -> tuple[int, int]:
    """The top-left corner of square ``sq`` in SVG units: rank 9 is at the top."""
    col, row = sq % SIZE, sq // SIZE
    return MARGIN + col * CELL, MARGIN + (SIZE - 1 - row) * CELL


class BoardView:
    """An SVG board inside a container element, redrawn from a board with :meth:`draw`.

    The squares are made once; :meth:`draw` relabels them and replaces the pieces, which
    costs a few dozen DOM calls and keeps any listener attached to a square.
    """

    def __init__(self, document: Any, container: Any, *, marked: tuple[int, ...] = ()) -> None:
        """Build the empty board in ``container``; ``marked`` squares (restricted corners,
        say) are drawn like the throne."""
        self.document = document
        self.svg = self._element(
            "svg",
            viewBox=f"0 0 {EXTENT} {EXTENT}",
            role="group",
            **{"aria-label": "Board"},
        )
        self.squares: dict[int, Any] = {}
        for sq in range(SIZE * SIZE):
            x, y = square_origin(sq)
            classes = "square throne" if sq == THRONE or sq in marked else "square"
            rect = self._element(
                "rect",
                x=x, y=y, width=CELL, height=CELL,
                role="button",
                **{"class": classes, "data-square": square_name(sq)},
            )
            self.svg.appendChild(rect)
            self.squares[sq] = rect
        self._draw_coordinates()
        # Pieces live in their own layer above the squares, so a redraw empties one group.
        self.pieces = self._element("g", **{"class": "pieces"})
        self.svg.appendChild(self.pieces)
        container.replaceChildren(self.svg)

    def draw(self, board: PieceSource) -> None:
        """Show the pieces of ``board`` and name every square after what stands on it."""
        self.pieces.replaceChildren()
        for sq, rect in self.squares.items():
            piece = board.piece_at(sq)
            rect.setAttribute("aria-label", square_label(sq, piece))
            if piece is not None:
                self.pieces.appendChild(self._piece(sq, piece))

    # -- building blocks -------------------------------------------------------------------

    def _element(self, tag: str, **attributes: object) -> Any:
        element = self.document.createElementNS(SVG_NS, tag)
        for name, value in attributes.items():
            element.setAttribute(name, str(value))
        return element

    def _piece(self, sq: int, piece: str) -> Any:
        x, y = square_origin(sq)
        cx, cy = x + CELL / 2, y + CELL / 2
        group = self._element(
            "g",
            **{
                "class": f"piece piece-{piece}",
                "data-piece": piece,
                "data-square": square_name(sq),
                "aria-hidden": "true",
            },
        )
        group.appendChild(self._element("circle", cx=cx, cy=cy, r=3.6 if piece == "king" else 3.3))
        if piece == "king":
            arm = 1.8
            group.appendChild(
                self._element("path", d=f"M{cx - arm} {cy}H{cx + arm}M{cx} {cy - arm}V{cy + arm}")
            )
        return group

    def _draw_coordinates(self) -> None:
        # Files under the board, ranks to its left, as players read a board diagram.
        for col, letter in enumerate(FILES):
            self.svg.appendChild(
                self._text(letter, MARGIN + col * CELL + CELL / 2, EXTENT - MARGIN / 2)
            )
        for row, digit in enumerate(RANKS):
            y = MARGIN + (SIZE - 1 - row) * CELL + CELL / 2
            self.svg.appendChild(self._text(digit, MARGIN / 2, y))

    def _text(self, content: str, x: float, y: float) -> Any:
        text = self._element("text", x=x, y=y, **{"class": "coord", "aria-hidden": "true"})
        text.textContent = content
        return text
