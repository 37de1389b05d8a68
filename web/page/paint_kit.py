"""What web/paint.js needs to paint a shared link's game before the page's Python starts,
drawn at build time by the page's own views and words (``tools/paint_page.py``).

A link carries its game as moves, which only the engine can play, and the position they
reach, packed (:func:`tablut.links.pack_position`). The script puts that position on a
board drawn here, in the player's language, and writes the move list, the captured rows
and the squares' names from the words given here: nothing of the drawing or the words
is made in JavaScript, only put together.

The kit is a ``<template id="paint-kit">`` holding, for each rule set, the board of a new
game under it as :class:`web.board.view.BoardView` draws it (``svg[data-rules]``; its
squares unnamed and one piece of each kind left, which is all the script needs), a
captured piece of each kind, and the words as JSON (``script#paint-words``). The
end-to-end test ``tests/e2e/test_first_sight.py`` checks that a link painted with them
equals what the page's Python then draws.
"""

from __future__ import annotations

import json
from typing import Any

from tablut import RULES, Game, Side
from tablut.notation import parse_position
from web.board.marks import camp_squares, draw_session, reserved_squares
from web.board.view import PIECE_WORDS, BoardView, square_words
from web.bridge.static_dom import outer_html
from web.models.session import Session
from web.models.settings import Settings
from web.models.state import PageState
from web.page.moves import move_name
from web.page.panels import captured_icon
from web.page.status import intro_words
from web.words.catalogue import pgettext
from web.words.texts import captured_words, no_moves_text

#: The kit's element and its words' script.
KIT, WORDS = "paint-kit", "paint-words"

#: Squares' contents, as the kit's words name them ("" for an empty square).
KINDS = ("", *PIECE_WORDS)


def kit_board(document: Any, rules: str) -> Any:
    """The board of a new game under ``rules``, drawn as the page draws it, marked with
    its rule set's name (``data-rules``)."""
    session = Session(PageState(game=Game(rules)))
    container = document.createElement("div")
    game = session.game
    board = BoardView(document, container, size=game.rules.size,
                      marked=reserved_squares(game.rules), camps=camp_squares(game.board))
    draw_session(board, session)
    board.svg.setAttribute("data-rules", rules)
    # Kept small: the script names every square and places every piece anew, copying the
    # one piece of each kind left here.
    for rect in board.squares.values():
        rect.removeAttribute("aria-label")
    kept: set[str] = set()
    for _square, piece in sorted(board.piece_elements.items()):
        kind = piece.getAttribute("data-piece")
        if kind in kept:
            piece.remove()
        kept.add(kind)
    return board.svg


def most_pieces(side: str) -> int:
    """The most pieces of ``side`` ("black" or "white", the king counted) that any rule
    set starts with: how many a captured row may ever hold."""
    most = 0
    for rules in RULES.values():
        board = parse_position(Game(rules.name).start, rules)
        count = board.black.bit_count() if side == "black" else (
            board.white.bit_count() + (board.king >= 0))
        most = max(most, count)
    return most


def kit_words() -> dict[str, Any]:
    """The words the script puts together, in the language installed: each square's name
    for each content ("{square}" standing for the square), each move's name ("{number}"
    and "{move}" standing for them), the captured rows' names by count, and, for each
    rule set, its board's size, the side that moves first, the list's words with no move
    and the first words for a newcomer under the default settings."""
    settings = Settings()
    rules_words = {}
    for name, rules in RULES.items():
        first = rules.first_side
        start = parse_position(Game(name).start, rules)
        rules_words[name] = {
            "size": rules.size,
            "first": first.word,
            "pieces": {"black": start.black.bit_count(),
                       "white": start.white.bit_count() + (start.king >= 0)},
            "empty": no_moves_text(first),
            # As painted: "Click", until the page's Python knows a touch screen.
            "intro": intro_words(settings, rules, touch=False),
        }
    black, white = most_pieces("black"), most_pieces("white")
    return {
        "square": {
            "plain": {kind: square_words("{square}", kind or None) for kind in KINDS},
            "camp": {kind: square_words("{square}", kind or None, camp=True) for kind in KINDS},
        },
        "move": {side.word: move_name("{number}", side, "{move}") for side in Side},
        "captured": {
            "black": [captured_words("black", count, False) for count in range(black + 1)],
            "white": [captured_words("white", count, False) for count in range(white + 1)],
            # With the king among them: index 0 stands for none and is never used.
            "king": [""] + [captured_words("white", count, True)
                            for count in range(1, white + 1)],
        },
        "none": pgettext("captured pieces", "none"),
        "rules": rules_words,
    }


def paint_kit(document: Any) -> str:
    """The kit's markup (see the module docs), drawn in ``document``."""
    template = document.createElement("template")
    template.setAttribute("id", KIT)
    for name in RULES:
        template.appendChild(kit_board(document, name))
    for kind in PIECE_WORDS:
        template.appendChild(captured_icon(document, kind))
    # Inside a script element nothing is markup but its end tag: "</" never appears in
    # JSON written with "<" escaped.
    words = json.dumps(kit_words(), ensure_ascii=False, separators=(",", ":"))
    words = words.replace("<", "\\u003c")
    return (outer_html(template) + f'\n  <script type="application/json" id="{WORDS}">'
            f"{words}</script>")
