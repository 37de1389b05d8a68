"""Paint the page's first view at build time: the game as a first visit finds it, drawn by
the page's own views into index.html, so that the board is on screen before any Python
runs in the browser.

    python tools/paint_page.py [index.html] > painted.html

The page's views (:class:`web.page.drawing.PageDrawing` and the records panel) draw a new
game of the default settings in a static document parsed from index.html
(:mod:`web.bridge.static_dom`), exactly as they draw it in the browser. The page is
written out as it was, but with the loading screen hidden and, after the game's own
hidden ``<main id="game">``, a painted copy of it: the game's markup with what the views
drew written in, as ``<main id="painted-game" hidden>``, which web/paint.js shows once it
has settled what it shows (its ids repeat the game's, after them,
so that the game's are the ones found by id), after the kit that paints a shared link's
game (:mod:`web.page.paint_kit`). In the browser, the page's Python draws its
own game in the hidden one, as it always has, and shows it in the copy's place in one
step (web/main.py).

``tools/build_site.py`` calls :func:`paint` for the site's index.html and names the build
in it (:data:`BUILD_META`), so that web/paint.js never shows a board kept by another
version of the page.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from web.bridge.dom import Listeners  # noqa: E402
from web.bridge.static_dom import (  # noqa: E402
    FakeWindow,
    apply_edits,
    changed_markup,
    parse_page,
    start_tag,
)
from web.computer.turns import ComputerTurns  # noqa: E402
from web.models.session import Session  # noqa: E402
from web.models.state import PageState  # noqa: E402
from web.models.storage import MemoryStorage  # noqa: E402
from web.page.drawing import PageDrawing  # noqa: E402
from web.page.paint_kit import paint_kit  # noqa: E402
from web.words.announcer import Announcer  # noqa: E402

#: The element holding the game; its painted copy; and the loading screen, hidden when the
#: copy is shown.
GAME, PAINTED, LOADING = "game", "painted-game", "loading"

#: The tag that names the build, before the page's scripts (see web/paint.js).
BUILD_META = '<meta name="tablut-build" content="{build}">'


class PaintError(RuntimeError):
    """The page cannot be painted: an element the views need is missing."""


def _records_panel(session: Session, document: Any, listeners: Listeners) -> None:
    """Draw the records panel as the page does on a first visit (no saved games). Its
    module reaches the browser's window only when a person uses the panel, so a module
    ``pyscript`` with no window stands in for the import."""
    if "pyscript" not in sys.modules:
        sys.modules["pyscript"] = types.ModuleType("pyscript")
        sys.modules["pyscript"].window = None  # type: ignore[attr-defined]
    from web.records.panel import RecordsPanel

    RecordsPanel(session, MemoryStorage(), listeners, types.SimpleNamespace(document=document))


def draw_new_game(document: Any) -> None:
    """Draw a new game of the default settings in ``document`` as the page draws it: its
    views (:class:`web.page.drawing.PageDrawing`) and the records panel."""
    session = Session(PageState())
    listeners = Listeners()
    drawing = PageDrawing(session, document, FakeWindow(), listeners, ComputerTurns(session),
                          Announcer(session))
    _records_panel(session, document, listeners)
    drawing.draw(session)


def paint(text: str) -> str:
    """index.html's ``text`` with the first view painted after its game."""
    document = parse_page(text)
    game, loading = document.getElementById(GAME), document.getElementById(LOADING)
    if game is None or loading is None or loading.source is None:
        raise PaintError(f"index.html has no #{GAME} or no #{LOADING}")
    if game.source is None or game.source.close_end is None:
        raise PaintError(f"#{GAME} has no end tag")
    draw_new_game(document)
    # The copy: the game as drawn, under its own id, hidden until web/paint.js has
    # settled what it shows (a browser may paint a page before it is all parsed).
    game.setAttribute("id", PAINTED)
    copy = changed_markup(text, game)
    loading.hidden = True
    # The page as it was, but for the loading screen, hidden, and after the game what
    # paints a shared link's game (web/page/paint_kit.py), then the copy, just before the
    # script that settles what it shows and shows it (web/paint.js).
    return apply_edits(text, [
        (loading.source.start, loading.source.open_end, start_tag(loading)),
        (game.source.close_end, game.source.close_end,
         "\n  " + paint_kit(document) + "\n  " + copy),
    ])


def name_build(text: str, build: str) -> str:
    """The page ``text`` with ``build`` named in a meta tag after its ``<meta charset>``."""
    charset = '<meta charset="utf-8">'
    if charset not in text:
        raise PaintError(f"index.html has no {charset}")
    return text.replace(charset, charset + "\n  " + BUILD_META.format(build=build), 1)


def main(argv: list[str] | None = None) -> int:
    """Command line: paint ``index.html`` (the repository's by default) to stdout."""
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else ROOT / "index.html"
    sys.stdout.write(paint(path.read_text(encoding="utf-8")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
