"""End-to-end: the built page in a real Chromium, with the real Pyodide and PyScript.

The page is loaded once per module (Pyodide takes seconds to start) and the tests read
what a person would see. They follow the page's contract (web/main.py, web/board/view.py):
``data-ready``, ``data-square``/``data-piece``, accessible names, one ``role=status``.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from harness import SITE
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

pytestmark = pytest.mark.e2e

#: Pyodide and a worker's second interpreter take seconds; a slow CI machine, more.
LOAD_TIMEOUT_MS = 90_000

#: The start position (tablut.position.START_POSITION), row 9 first, as a person reads it.
START_ROWS = [
    "---BBB---",
    "----B----",
    "----W----",
    "B---W---B",
    "BBWWKWWBB",
    "B---W---B",
    "----W----",
    "----B----",
    "---BBB---",
]
PIECE_OF_CHAR = {"B": "black", "W": "white", "K": "king"}
FILES = "abcdefghi"


def start_pieces() -> dict[str, str]:
    """Square name -> piece kind for the start position."""
    pieces = {}
    for index, row in enumerate(START_ROWS):
        rank = 9 - index
        for col, char in enumerate(row):
            if char in PIECE_OF_CHAR:
                pieces[f"{FILES[col]}{rank}"] = PIECE_OF_CHAR[char]
    return pieces


@dataclass
class LoadedPage:
    """A page loaded and ready, with what it did on the way."""

    page: Page
    requests: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)


def open_page(browser: Browser, url: str, width: int, height: int) -> LoadedPage:
    """Open ``url`` in a fresh context of the given viewport, recording every request
    (the AI worker's included) and every error, and wait until the page is ready."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    loaded = LoadedPage(page)
    context.on("request", lambda request: loaded.requests.append(request.url))
    context.on("requestfailed", lambda request: loaded.failures.append(request.url))
    context.on(
        "response",
        lambda response: response.status >= 400
        and loaded.failures.append(f"{response.status} {response.url}"),
    )
    page.on("pageerror", lambda error: loaded.page_errors.append(str(error)))

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            loaded.console_errors.append(message.text)

    page.on("console", on_console)
    page.goto(url)
    page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=LOAD_TIMEOUT_MS)
    return loaded


def wait_for_ai(page: Page) -> str:
    """Wait until the page has heard from its AI worker; return "ready" or "failed"."""
    page.wait_for_function("document.body?.dataset.ai !== undefined", timeout=LOAD_TIMEOUT_MS)
    return page.evaluate("document.body?.dataset.ai")


def screenshot_dir(pytestconfig: pytest.Config) -> Path:
    """Where screenshots go: pytest-playwright's output folder (test-results/)."""
    folder = Path(pytestconfig.getoption("--output")) / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def desktop(browser: Browser, site_url: str) -> Iterator[LoadedPage]:
    """The page at 1280x800, loaded once for the module's read-only tests."""
    loaded = open_page(browser, site_url, 1280, 800)
    yield loaded
    loaded.page.context.close()


def test_page_becomes_ready_and_shows_whose_turn(desktop: LoadedPage) -> None:
    page = desktop.page
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.get_by_role("status")).to_have_count(1)
    expect(page.get_by_role("status")).to_have_text("Black to move.")
    assert page.title() == "Tablut"


def test_board_has_81_named_squares(desktop: LoadedPage) -> None:
    squares = desktop.page.locator("svg [data-square]:not([data-piece])")
    expect(squares).to_have_count(81)
    names = squares.evaluate_all("els => els.map(e => e.dataset.square)")
    assert sorted(names) == sorted(f"{f}{r}" for f in FILES for r in range(1, 10))
    pieces = start_pieces()
    labels = dict(
        squares.evaluate_all(
            "els => els.map(e => [e.dataset.square, e.getAttribute('aria-label')])"
        )
    )
    assert labels["e5"] == "e5, white king"
    assert labels["a1"] == "a1, empty"
    assert labels["d1"] == "d1, black piece"
    assert labels["e3"] == "e3, white piece"
    assert sum(label.endswith("empty") for label in labels.values()) == 81 - len(pieces)
    # Reachable by accessible name, as a screen-reader user (and a test) finds it.
    expect(desktop.page.get_by_role("button", name="e5, white king")).to_have_count(1)


def test_board_shows_the_start_position(desktop: LoadedPage) -> None:
    pieces = desktop.page.locator("svg [data-piece]")
    expect(pieces).to_have_count(25)
    shown = dict(pieces.evaluate_all("els => els.map(e => [e.dataset.square, e.dataset.piece])"))
    assert shown == start_pieces()
    assert sorted(shown.values()).count("black") == 16
    assert sorted(shown.values()).count("white") == 8


def test_ai_worker_answers_a_call(desktop: LoadedPage) -> None:
    # The page asks the worker for a move at start and checks it is legal (web/main.py).
    assert wait_for_ai(desktop.page) == "ready"


def test_every_request_stays_on_loopback(desktop: LoadedPage, site_url: str) -> None:
    wait_for_ai(desktop.page)  # the worker's own requests are done too
    assert desktop.requests, "no request was recorded"
    for url in desktop.requests:
        parts = urlsplit(url[len("blob:"):] if url.startswith("blob:") else url)
        if parts.scheme == "data":
            continue  # inline data: no network
        assert parts.scheme == "http" and parts.hostname == "127.0.0.1", url
        # Relative URLs only: nothing is asked of the server outside the site's sub-path.
        assert url.startswith(site_url) or url.startswith("blob:"), url
    assert desktop.failures == []
    # The recorder sees the workers' traffic too: each interpreter fetches the engine.
    engine = [url for url in desktop.requests
              if re.search(r"/python/tablut-[0-9a-f]+\.zip$", url)]
    assert len(engine) >= 2, engine
    # The runtime comes from the site itself, under its sub-path.
    assert any(re.search(r"/tablut/pyodide-[0-9a-f]+/pyodide\.asm\.wasm$", url)
               for url in desktop.requests)


def test_source_maps_named_by_the_runtime_are_served(desktop: LoadedPage) -> None:
    # Only developer tools fetch source maps, and there a missing one is a failed
    # request: every map that a script or stylesheet of the page names must be served.
    wait_for_ai(desktop.page)
    loaded = sorted({url for url in desktop.requests
                     if urlsplit(url).path.endswith((".js", ".mjs", ".css"))
                     and url.startswith("http")})
    assert any(url.endswith("/pyscript/core.js") for url in loaded), loaded
    named = {}
    for url in loaded:
        response = desktop.page.request.get(url)
        assert response.ok, url
        for name in re.findall(r"[#@] sourceMappingURL=([^\s*'\"]+)", response.text()):
            if not name.startswith("data:"):
                named[urljoin(url, name)] = url
    assert any(url.endswith("/pyscript/core.js.map") for url in named), named
    missing = [f"{map_url} (named by {url})" for map_url, url in named.items()
               if desktop.page.request.get(map_url).status >= 400]
    assert missing == []


def test_page_logs_no_errors(desktop: LoadedPage) -> None:
    wait_for_ai(desktop.page)
    assert desktop.page_errors == []
    assert desktop.console_errors == []
    expect(desktop.page.locator(".py-error")).to_have_count(0)


def test_desktop_screenshot(desktop: LoadedPage, pytestconfig: pytest.Config) -> None:
    page = desktop.page
    box = page.locator("#board svg").bounding_box()
    assert box is not None
    # The board fills the height left by the title and status, within the viewport.
    assert 500 <= box["height"] <= 800 and box["y"] + box["height"] <= 800
    page.screenshot(path=screenshot_dir(pytestconfig) / "desktop-1280x800.png")


def test_board_fits_a_phone(browser: Browser, site_url: str, pytestconfig: pytest.Config) -> None:
    loaded = open_page(browser, site_url, 360, 740)
    page = loaded.page
    try:
        box = page.locator("#board svg").bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert box["width"] >= 320, "the board should use the phone's width"
        # Nothing scrolls sideways.
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        corner = page.locator("[data-square='i9']:not([data-piece])").bounding_box()
        assert corner is not None and corner["x"] + corner["width"] <= 360
        page.screenshot(path=screenshot_dir(pytestconfig) / "phone-360x740.png")
    finally:
        page.context.close()


def archive_with(archive: Path, name: str, text: str) -> bytes:
    """The zip ``archive`` with its module ``name`` replaced by ``text``, and without
    that module's byte code (which the interpreter would run instead of the text)."""
    folder, _, module = name.rpartition("/")
    compiled = f"{folder}/__pycache__/{module.removesuffix('.py')}."
    out = io.BytesIO()
    with zipfile.ZipFile(archive) as source, zipfile.ZipFile(out, "w") as copy:
        for info in source.infolist():
            if not info.filename.startswith(compiled):
                copy.writestr(info, text if info.filename == name else source.read(info))
    return out.getvalue()


def test_loading_screen_reports_a_failed_start(browser: Browser, site_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    try:
        # As if the interpreter could not be downloaded (by whichever thread: routed for
        # the whole context, the service worker's downloads included).
        context.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body=""))
        page.goto(site_url)
        message = page.locator("#loading-message")
        expect(message).to_contain_text("could not start", timeout=LOAD_TIMEOUT_MS)
        expect(message).to_contain_text("Reload the page")
        assert page.evaluate("document.body?.dataset.ready") is None
    finally:
        context.close()


def test_loading_screen_explains_missing_webassembly(browser: Browser, site_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    try:
        page.add_init_script("delete globalThis.WebAssembly")
        page.goto(site_url)
        expect(page.locator("#loading-message")).to_contain_text(
            "lacks WebAssembly", timeout=LOAD_TIMEOUT_MS
        )
    finally:
        context.close()


def test_loading_screen_reports_a_python_error(browser: Browser, site_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    try:
        # As if a UI module were broken: PyScript only logs such an error, off screen
        # (from a worker, not even that).
        (archive,) = (SITE / "python").glob("web-*.zip")
        broken = archive_with(archive, "web/board/view.py", "raise RuntimeError('broken board')\n")
        context.route(f"**/python/{archive.name}", lambda route: route.fulfill(
            body=broken, content_type="application/zip"))
        page.goto(site_url)
        message = page.locator("#loading-message")
        expect(message).to_contain_text("could not start", timeout=LOAD_TIMEOUT_MS)
        expect(message).to_contain_text("RuntimeError: broken board")
    finally:
        context.close()
