"""The QR code of a live game's link, for a friend whose phone is beside the screen.

segno (pure Python, shipped in the page's archive by tools/build_site.py) computes the
code; this module draws it as one inline SVG: one path of the dark modules, each run of
them in a row one rectangle, rather than an element a module (a link's code has a
thousand dark ones or more), on a light square of its own, so that the code scans
whatever colours the page around it has.
"""

from __future__ import annotations

from typing import Any

from web.bridge.dom import svg_element

#: The light margin around the code, in modules: the four that the standard asks for,
#: without which a reader may not find the code at all.
QUIET_ZONE = 4

#: Error correction, most first: "M" survives a smudge or a glare (15 %); a text too
#: long for it at the largest size takes "L" (7 %). segno raises the level further when
#: that fits in the same size (its ``boost_error``).
ERROR_LEVELS = ("m", "l")


class QRError(ValueError):
    """A text too long for any QR code (about 2,900 bytes)."""


def draw_qr(document: Any, container: Any, text: str, label: str) -> None:
    """Draw the QR code of ``text`` into ``container`` (in place of what it held), as an
    SVG whose accessible name is ``label``. Raises :class:`QRError` when ``text`` is too
    long for a QR code."""
    rows = qr_rows(text)
    size = len(rows) + 2 * QUIET_ZONE
    svg = svg_element(document, "svg", viewBox=f"0 0 {size} {size}", role="img",
                      aria_label=label, class_="qr-code", shape_rendering="crispEdges")
    svg.appendChild(svg_element(document, "rect", width=size, height=size, fill="#fff"))
    svg.appendChild(svg_element(document, "path", d=dark_path(rows), fill="#000"))
    container.replaceChildren(svg)


def qr_rows(text: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of the QR code of ``text``, row by row, dark ones True, without the
    quiet zone."""
    import segno  # only when a code is drawn: the page starts without it

    for level in ERROR_LEVELS:
        try:
            code = segno.make(text, error=level, micro=False)
        except segno.DataOverflowError:
            continue
        return tuple(tuple(bool(module) for module in row) for row in code.matrix)
    raise QRError(f"{len(text)} characters are too many for a QR code")


def dark_path(rows: tuple[tuple[bool, ...], ...]) -> str:
    """An SVG path that fills the dark modules of ``rows``, the quiet zone added: each
    run of dark modules in a row one rectangle of height 1."""
    parts = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            parts.append(f"M{start + QUIET_ZONE} {y + QUIET_ZONE}h{x - start}v1h-{x - start}z")
    return "".join(parts)
