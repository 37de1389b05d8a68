"""The first view painted at build time (tools/paint_page.py): what a first visit sees
before the page's Python starts, drawn by the page's own views into a copy of the game
that stands after the game's own, hidden, until Python shows its game in its place."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from paint_page import BUILD_META, PaintError, draw_new_game, name_build, paint  # noqa: E402

from tablut import RULES, Game  # noqa: E402
from tablut.squares import shape  # noqa: E402
from web.board.view import square_label  # noqa: E402
from web.bridge.static_dom import inner_html, parse_page  # noqa: E402
from web.page.paint_kit import KIT, WORDS  # noqa: E402

INDEX = (ROOT / "index.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def painted() -> str:
    """index.html painted."""
    return paint(INDEX)


def copy_of(document: Any) -> Any:
    """The painted copy of the game."""
    copy = document.getElementById("painted-game")
    assert copy is not None
    return copy


def test_the_copy_waits_hidden_for_its_script_and_the_loading_screen_is_hidden(
        painted: str) -> None:
    document = parse_page(painted)
    copy = copy_of(document)
    # web/paint.js shows it once it has settled what it shows (a kept view, a link's
    # game or the start): a browser may paint the page before it is all parsed.
    assert copy.hidden and copy.classList.contains("game")
    assert document.getElementById("game").hidden, "the game's own stays hidden for Python"
    assert document.getElementById("loading").hidden
    assert copy.querySelector("#status").textContent == "Black to move."


def test_the_board_is_the_start_position_of_the_default_rules(painted: str) -> None:
    copy = copy_of(parse_page(painted))
    svg = copy.querySelector("svg[data-size]")
    assert svg is not None and svg.getAttribute("data-size") == "9"
    squares = copy.querySelectorAll("rect[data-square]")
    assert len(squares) == 81
    drawn = {node.getAttribute("data-square"): node.getAttribute("data-piece")
             for node in copy.querySelectorAll("g[data-piece]")}
    board, nine = Game().board, shape(9)
    expected = {nine.square_name(sq): board.piece_at(sq)
                for sq in nine.squares if board.piece_at(sq)}
    assert drawn == expected
    # Every square says what stands on it, as the page's board does.
    labels = {node.getAttribute("data-square"): node.getAttribute("aria-label")
              for node in squares}
    assert labels["e5"] == "e5, white king" and labels["a1"] == "a1, empty"


def test_the_settings_show_the_default_choices(painted: str) -> None:
    copy = copy_of(parse_page(painted))
    chosen = {menu: [o.getAttribute("value") for o in copy.querySelectorAll("option")
                     if o.parentNode.id == menu and "selected" in o.attributes]
              for menu in ("black-player", "white-player", "level")}
    assert chosen == {"black-player": ["human"], "white-player": ["computer"], "level": ["5"]}
    assert re.search(r'<option value="berkeley" selected>', painted)


def test_the_page_is_as_it_was_but_for_the_kit_the_copy_and_the_loading_screen(
        painted: str) -> None:
    # The copy is the last thing before the script that settles it: nothing parsed
    # between them could let the browser paint it unsettled.
    copy_end = painted.index("</main>", painted.index('<main id="painted-game"'))
    assert painted[copy_end:].index("tablutPaint.settle()") < 200
    start = painted.index(f'\n  <template id="{KIT}"')
    end = painted.index("</main>", painted.index('<main id="painted-game"')) + len("</main>")
    without = painted[:start] + painted[end:]
    assert without == INDEX.replace('<div id="loading" class="loading">',
                                    '<div id="loading" class="loading" hidden>', 1)


def kit_of(document: Any) -> tuple[Any, dict[str, Any]]:
    """The kit that paints a shared link's game, and its words."""
    kit, words = document.getElementById(KIT), document.getElementById(WORDS)
    assert kit is not None and words is not None
    return kit, json.loads(words.textContent)


def test_the_kit_has_a_board_for_every_rule_set_with_a_piece_of_each_kind(
        painted: str) -> None:
    kit, words = kit_of(parse_page(painted))
    boards = {svg.getAttribute("data-rules"): svg
              for svg in kit.querySelectorAll("svg[data-rules]")}
    assert set(boards) == set(RULES) == set(words["rules"])
    for name, svg in boards.items():
        size = RULES[name].size
        assert svg.getAttribute("data-size") == str(size) == str(words["rules"][name]["size"])
        assert len(svg.querySelectorAll("rect[data-square]")) == size * size
        kinds = sorted(piece.getAttribute("data-piece")
                       for piece in svg.querySelectorAll("[data-piece]"))
        assert kinds == ["black", "king", "white"], name
        start = Game(name).board
        assert words["rules"][name]["pieces"] == {
            "black": start.black.bit_count(), "white": start.white.bit_count() + 1}
    # The camps are drawn as the page draws them: the script names those squares so.
    camps = boards["ashton"].querySelectorAll("rect.camp-square")
    assert len(camps) == 16 and not boards["berkeley"].querySelectorAll("rect.camp-square")


def test_the_kits_words_name_squares_as_the_board_does(painted: str) -> None:
    _kit, words = kit_of(parse_page(painted))
    for kind in ("", "black", "white", "king"):
        pattern = words["square"]["plain"][kind]
        assert pattern.format(square="e5") == square_label(40, kind or None)
        assert words["square"]["camp"][kind].format(square="a4") == square_label(
            27, kind or None, camp=True)
    assert words["move"]["black"] == "{number} black {move}"
    assert words["captured"]["black"][3] == "3 black pieces"
    assert words["captured"]["king"][1] == "the king"
    assert len(words["captured"]["black"]) == 25  # none to Copenhagen's 24 attackers


def test_python_draws_in_the_game_what_the_copy_shows(painted: str) -> None:
    # What the page's Python does in the browser, natively: its views draw a new game in
    # the game's own elements, hidden behind the copy; then the game takes the copy's
    # place. Element for element, the two are the same.
    document = parse_page(painted)
    draw_new_game(document)
    # (An HTML parser reads attribute names in lower case; the browser's puts SVG's
    # viewBox back in its case, as it does every SVG attribute.)
    drawn, shown = (inner_html(node).lower()
                    for node in (document.getElementById("game"), copy_of(document)))
    assert drawn == shown


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


@pytest.mark.parametrize("language", ["sv", "fi"])
def test_the_page_of_a_language_is_painted_in_it(language: str) -> None:
    """The page of another language (as the build writes it: its words translated, then
    painted with its catalogue installed) shows the first view in that language, and
    Python's drawing with the same catalogue equals it."""
    import gettext

    from catalogues import translate_page, translations

    from web.words.catalogue import SOURCE_LANGUAGE, install
    from web.words.texts import status_text

    words = translations(language)
    install(words, language)
    try:
        page = paint(translate_page(INDEX, words, language))
        document = parse_page(page)
        assert copy_of(document).querySelector("#status").textContent == status_text(Game())
        assert status_text(Game()) != "Black to move."
        draw_new_game(document)
        drawn, shown = (inner_html(node).lower()
                        for node in (document.getElementById("game"), copy_of(document)))
        assert drawn == shown
        chosen = [o.getAttribute("value") for o in copy_of(document).querySelectorAll("option")
                  if o.parentNode.id == "language" and "selected" in o.attributes]
        assert chosen == [language]
        _kit, kit_words = kit_of(document)
        assert kit_words["square"]["plain"]["king"].format(square="e5") == square_label(40, "king")
        assert square_label(40, "king") != "e5, white king"
    finally:
        install(gettext.NullTranslations(), SOURCE_LANGUAGE)
