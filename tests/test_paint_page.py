"""The first view painted at build time (tools/paint_page.py): what a first visit sees
before the page's Python starts, drawn by the page's own views."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from paint_page import BUILD_META, PaintError, name_build, paint  # noqa: E402

from tablut import Game  # noqa: E402
from tablut.squares import shape  # noqa: E402
from web.bridge.static_dom import parse_page  # noqa: E402

INDEX = (ROOT / "index.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def painted() -> str:
    """index.html painted."""
    return paint(INDEX)


def test_the_game_is_shown_and_the_loading_screen_hidden(painted: str) -> None:
    document = parse_page(painted)
    assert not document.getElementById("game").hidden
    assert document.getElementById("loading").hidden
    assert document.getElementById("status").textContent == "Black to move."


def test_the_board_is_the_start_position_of_the_default_rules(painted: str) -> None:
    document = parse_page(painted)
    svg = document.querySelector("svg[data-size]")
    assert svg is not None and svg.getAttribute("data-size") == "9"
    squares = document.querySelectorAll("rect[data-square]")
    assert len(squares) == 81
    drawn = {node.getAttribute("data-square"): node.getAttribute("data-piece")
             for node in document.querySelectorAll("g[data-piece]")}
    board, nine = Game().board, shape(9)
    expected = {nine.square_name(sq): board.piece_at(sq)
                for sq in nine.squares if board.piece_at(sq)}
    assert drawn == expected
    # Every square says what stands on it, as the page's board does.
    labels = {node.getAttribute("data-square"): node.getAttribute("aria-label")
              for node in squares}
    assert labels["e5"] == "e5, white king" and labels["a1"] == "a1, empty"


def test_the_settings_show_the_default_choices(painted: str) -> None:
    document = parse_page(painted)
    chosen = {menu: [o.getAttribute("value") for o in document.querySelectorAll("option")
                     if o.parentNode.id == menu and "selected" in o.attributes]
              for menu in ("black-player", "white-player", "level")}
    assert chosen == {"black-player": ["human"], "white-player": ["computer"], "level": ["5"]}
    assert re.search(r'<option value="berkeley" selected>', painted)


def test_only_what_the_views_drew_changed(painted: str) -> None:
    # The head, and everything outside the game, character for character.
    head = INDEX.split("<body", 1)[0]
    assert painted.startswith(head)
    for kept in ('<dialog id="keys-dialog"', '<div id="loading" class="loading" hidden>'):
        assert kept.split(" hidden")[0] in painted
    tail = INDEX[INDEX.index('<dialog id="lesson"'):]
    assert painted.endswith(tail)


def test_python_taking_over_the_painted_page_draws_it_the_same(painted: str) -> None:
    # What the page's Python does in the browser, natively: the views draw a new game into
    # the painted elements, in place; the page comes out as it went in.
    assert paint(painted) == painted


def test_the_build_is_named_once_before_the_scripts(painted: str) -> None:
    named = name_build(painted, "0123456789abcdef")
    meta = BUILD_META.format(build="0123456789abcdef")
    assert named.count(meta) == 1
    assert named.index(meta) < named.index("<script")
    with pytest.raises(PaintError):
        name_build("<html></html>", "x")


def test_a_page_without_the_game_cannot_be_painted() -> None:
    with pytest.raises(PaintError):
        paint("<!doctype html><html><body><p>nothing</p></body></html>")
