"""The QR code of a live game's link (web/live/qr.py): the SVG it draws holds, module for
module, the code segno makes, inside a quiet zone, with an accessible name. No reader of
QR codes is at hand, so segno's own matrix is the reference."""

from __future__ import annotations

import re

import pytest
import segno

from web.bridge.dom import SVG_NS
from web.bridge.static_dom import FakeDocument, FakeElement
from web.live.qr import QUIET_ZONE, QRError, dark_path, draw_qr

#: An invitation link as the page will make it: the site's address and a token.
LINK = ("https://example.github.io/tablut/#live=ASAE3ZYHGCyp2q242_sR6rBy5QZ4vMt3JrPyiFlReRG84O"
        "DMaHuLFLqWTfi4jsLQHHa69-o0-Uu8AApNAAKr0gT9dwAAAAAAAAAAAAAAAAAC4nzNImPv")

RUN = re.compile(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z")


def drawn(text: str, label: str = "Invitation as a QR code") -> FakeElement:
    document = FakeDocument()
    container = document.createElement("div")
    draw_qr(document, container, text, label)
    assert len(container.children) == 1
    return container.children[0]


def dark_modules(path: str) -> set[tuple[int, int]]:
    """The modules a path of :func:`dark_path` fills, as (column, row) with the quiet
    zone; a path of any other form fails."""
    runs = RUN.findall(path)
    assert "".join(f"M{x} {y}h{n}v1h-{m}z" for x, y, n, m in runs) == path
    dark: set[tuple[int, int]] = set()
    for x, y, n, m in runs:
        assert n == m and int(n) > 0
        dark.update((int(x) + i, int(y)) for i in range(int(n)))
    return dark


def segno_modules(text: str, error: str) -> tuple[set[tuple[int, int]], int]:
    """segno's own code of ``text``: its dark modules shifted by the quiet zone, and its
    width."""
    matrix = segno.make(text, error=error, micro=False).matrix
    dark = {(x + QUIET_ZONE, y + QUIET_ZONE)
            for y, row in enumerate(matrix) for x, module in enumerate(row) if module}
    return dark, len(matrix)


@pytest.mark.parametrize(("text", "error"), [
    ("x", "m"), ("Tablut", "m"), (LINK, "m"), ("ä☃" * 40, "m"),
    # Too long for "M" at the largest size: "L" instead.
    ("a" * 2500, "l"),
])
def test_the_svg_is_segnos_code_module_for_module(text: str, error: str) -> None:
    svg = drawn(text)
    dark, width = segno_modules(text, error)
    size = width + 2 * QUIET_ZONE
    assert svg.tagName == "svg" and svg.namespaceURI == SVG_NS
    assert svg.getAttribute("viewBox") == f"0 0 {size} {size}"
    background, path = svg.children
    assert background.tagName == "rect" and background.getAttribute("fill") == "#fff"
    assert background.getAttribute("width") == background.getAttribute("height") == str(size)
    assert path.tagName == "path" and path.getAttribute("fill") == "#000"
    drawn_dark = dark_modules(path.getAttribute("d"))
    assert drawn_dark == dark
    # Nothing dark in the quiet zone.
    inside = range(QUIET_ZONE, QUIET_ZONE + width)
    assert all(x in inside and y in inside for x, y in drawn_dark)


def test_the_code_has_an_accessible_name_and_replaces_the_last_one() -> None:
    document = FakeDocument()
    container = document.createElement("div")
    draw_qr(document, container, "first", "First code")
    draw_qr(document, container, LINK, "Reply link as a QR code")
    [svg] = container.children
    assert svg.getAttribute("role") == "img"
    assert svg.getAttribute("aria-label") == "Reply link as a QR code"
    assert svg.getAttribute("shape-rendering") == "crispEdges"


def test_a_text_too_long_for_any_code_is_an_error() -> None:
    with pytest.raises(QRError):
        drawn("a" * 3000)


def test_rows_become_runs() -> None:
    rows = ((True, True, False, True), (False, False, False, False), (False, True, True, True))
    assert dark_path(rows) == "M4 4h2v1h-2zM7 4h1v1h-1zM5 6h3v1h-3z"
