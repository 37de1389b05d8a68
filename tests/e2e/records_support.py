"""What the records, offline, touch and accessibility tests share: open the page in a
context of one's own, and play a move the way a person does, by pointing at squares."""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit

from playwright.sync_api import BrowserContext, Page

from tablut.links import game_from_fragment, game_to_fragment

#: Pyodide and a worker's second interpreter take seconds; a slow CI machine, more.
LOAD_TIMEOUT_MS = 90_000

#: Local-storage keys: the list of saved games (this feature's own) and every key the
#: page uses, whose values a refused record or link must leave as they were.
SAVED_KEY = "tablut.saved"
STATE_KEY = "tablut.state"


def link_to(fragment: str) -> str:
    """The address fragment (with its ``#``) the page writes for the game of the link
    ``fragment``: the same game, with the position it shows (``at=``) as links carry it."""
    return "#" + game_to_fragment(game_from_fragment(fragment))


def open_ready(context: BrowserContext, url: str) -> Page:
    """A new page of ``context`` at ``url``, once a person can move."""
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    return page


#: A small file of the site, relative to the page, that runs none of the game: a tab
#: waits there while its storage is written (:func:`open_with_storage`).
QUIET_FILE = "web/icon.svg"

#: Empty the page's local storage, then write the given keys and values.
WRITE_STORAGE = """stored => {
  localStorage.clear();
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
}"""


def open_with_storage(page: Page, stored: dict[str, str], url: str | None = None) -> Page:
    """``page`` at ``url`` (by default the page's own address, without a link), once a
    person can move, as a returning player's browser opens it whose local storage holds
    ``stored`` (key -> value) and nothing else.

    The tab first leaves the game it showed for a quiet file of the same site, where the
    storage is written: a page that is left writes its storage as it goes (the view it
    kept, a computer's answer that came in the meantime), which a write before a reload
    could find overwritten. Then the game loads once, by a navigation rather than a
    reload, so ``url``'s fragment is a link followed (none: the stored game)."""
    url = without_fragment(page.url) if url is None else url
    page.goto(urljoin(url, QUIET_FILE))
    page.evaluate(WRITE_STORAGE, stored)
    page.goto(url)
    wait_ready(page)
    return page


def open_with_state(page: Page, record: str, url: str | None = None) -> Page:
    """``page`` at ``url`` as :func:`open_with_storage` opens it, its storage holding the
    page's record ``record`` (a ``PageState``'s JSON text) and nothing else."""
    return open_with_storage(page, {STATE_KEY: record}, url)


def without_fragment(url: str) -> str:
    """``url`` with no fragment: the page itself, not a link to a game."""
    return urlsplit(url)._replace(fragment="").geturl()


def wait_ready(page: Page) -> None:
    """Wait until the page says a person can move (``data-ready``, see web/main.py)."""
    page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=LOAD_TIMEOUT_MS)


def settle(page: Page) -> None:
    """Wait until the page has handled every input so far and drawn what it changed (its
    Python may run in a worker, a moment behind the events; see web/dom_agent.js)."""
    page.evaluate("() => window.tablutDom ? window.tablutDom.settled() : true")


def square_centre(page: Page, square: str) -> tuple[float, float]:
    """Where a square is on screen, in CSS pixels, once the page has settled (a change
    just made may still move the board) and the square is scrolled into view, as a
    person scrolls back to the board after using the panels below it."""
    settle(page)
    target = page.locator(f"[data-square='{square}']:not([data-piece])")
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None, f"square {square} is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def play_move(page: Page, origin: str, target: str, *, touch: bool = False) -> None:
    """Play a move by pointing at the piece and then at its target square (a tap on a
    touch screen, else a click), and wait until the piece stands there, or (the
    computer's answer may take it at once) the move is the last of the list."""
    for square in (origin, target):
        x, y = square_centre(page, square)
        if touch:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)
    page.wait_for_function(MOVE_PLAYED, arg=[origin, target], timeout=5_000)


#: Whether the move from the first square to the second was just played: its piece on
#: its square (and none left behind), or the move among the list's last two (the
#: computer's answer after it).
MOVE_PLAYED = r"""([origin, target]) => {
  const on = name => document.querySelector(`[data-piece][data-square='${name}']`);
  if (on(target) && !on(origin)) return true;
  const listed = [...document.querySelectorAll('#move-list button[data-ply]')]
    .slice(-2).map(button => button.textContent.replace(/\?$/, ''));
  return listed.includes(`${origin}-${target}`);
}"""


#: The view kept for the next visit (web/paint.js): what the page showed when it was
#: last left, rewritten each time; not a record of the person's.
KEPT_VIEW_KEY = "tablut.painted"


def local_storage(page: Page) -> dict[str, str]:
    """Every key and value of the page's local storage but the view kept for the next
    visit (:data:`KEPT_VIEW_KEY`)."""
    return page.evaluate(
        "kept => Object.fromEntries(Object.keys(localStorage).filter(k => k !== kept)"
        ".map(k => [k, localStorage[k]]))", KEPT_VIEW_KEY)


def pieces(page: Page) -> dict[str, str]:
    """Square -> piece kind, as drawn on the board."""
    return dict(
        page.locator("svg [data-piece]").evaluate_all(
            "els => els.map(e => [e.dataset.square, e.dataset.piece])"
        )
    )


def whole(moves: list[str]) -> list[str]:
    """Moves written short ("d1-4", as records write them) as the move list shows them,
    with whole squares ("d1-d4")."""
    from tablut import parse_move
    from web.words.texts import whole_move

    return [whole_move(parse_move(move)) for move in moves]
