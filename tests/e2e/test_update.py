"""End-to-end: a new version deployed while a page is open never breaks that page.

The site is built twice, the second time from a copy of the repository whose first
lesson step has another title (a change of the page's Python, the kind a deploy brings).
The first build is served and opened, and goes offline-ready; then the served folder is
swapped for the second build (a symbolic link replaced at once, as a deploy replaces a
site) under the open game. The new version installs and takes over; the open page must
say "A new version is ready" with a Reload button, play on (moves, the computer's
answers, the lesson, an undo) with its own version's files (never a file of the second
build; a file asked for late comes from the first version's cache, though the server
has only the second), and never reload by itself. A tab opened meanwhile is the
second build. Reload then brings the second build, with the game in progress as it was,
and the first version's cache goes once no page of it is open."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from harness import ROOT, serve
from playwright.sync_api import Browser, Page, Response, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from records_support import LOAD_TIMEOUT_MS, settle, wait_ready
from test_audit import axe_violations

from tablut.squares import square_name
from web.models.state import PageState

pytestmark = pytest.mark.e2e

#: The first lesson step's title, and what the second build calls it.
FIRST_TITLE = "Moving"
SECOND_TITLE = "Moving a piece"
TITLE_IN_SOURCE = 'Step("move", pgettext("a lesson step\'s title", "{}"), text'

#: What a copy of the repository needs to build the site (node_modules is linked).
SOURCES = ("index.html", "pyscript.toml", "tablut", "web", "tools")

#: The computer at level 1 answers in well under a second; its worker takes seconds to
#: start the first time.
AI_TIMEOUT_MS = 60_000


def build(tools: Path, out: Path) -> Path:
    """Run the build script in ``tools`` (that repository's build) into ``out``."""
    subprocess.run([sys.executable, str(tools / "build_site.py"), "--out", str(out)],
                   check=True, capture_output=True, text=True)
    return out


def files_of(site: Path) -> dict[str, str]:
    """Every file of a built site (its path relative to the site) with its SHA-256."""
    return {path.relative_to(site).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in site.rglob("*") if path.is_file()}


def cache_name(site: Path) -> str:
    """The name of the cache that a build's service worker keeps its files in."""
    version = re.search(r'const VERSION = "([0-9a-f]+)";', (site / "sw.js").read_text())
    assert version, "sw.js has no version"
    return "tablut-" + version.group(1)


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """The site built from the repository, and built again from a copy of it whose
    first lesson step is called :data:`SECOND_TITLE`."""
    base = tmp_path_factory.mktemp("versions")
    first = build(ROOT / "tools", base / "first")
    copy = base / "repository"
    copy.mkdir()
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, copy / name)
    (copy / "node_modules").symlink_to(ROOT / "node_modules")
    steps = copy / "web" / "lesson" / "steps.py"
    source = steps.read_text(encoding="utf-8")
    assert TITLE_IN_SOURCE.format(FIRST_TITLE) in source
    steps.write_text(source.replace(TITLE_IN_SOURCE.format(FIRST_TITLE),
                                    TITLE_IN_SOURCE.format(SECOND_TITLE)), encoding="utf-8")
    second = build(copy / "tools", base / "second")
    same_times(first, second)
    yield first, second
    shutil.rmtree(base, ignore_errors=True)


def same_times(first: Path, second: Path) -> None:
    """Give each file of the second build but sw.js the modification time of the first
    build's file of that name, as two builds within the same second would have: a
    browser revalidating its cached copy of a changed file by its date (the test server
    dates files to the second, as many do) is told "not modified", and must not keep the
    first version's bytes. (sw.js keeps its own time: the browser's check for a new
    version revalidates it likewise, and a real deploy writes it anew.)"""
    for path in second.rglob("*"):
        before = first / path.relative_to(second)
        if path.is_file() and before.is_file() and path.name != "sw.js":
            times = before.stat()
            os.utime(path, ns=(times.st_atime_ns, times.st_mtime_ns))


def deploy(served: Path, site: Path) -> None:
    """Make ``served`` (a symbolic link the server serves) point at ``site``, at once."""
    fresh = served.with_name(served.name + ".new")
    fresh.symlink_to(site, target_is_directory=True)
    os.replace(fresh, served)


def lesson_title(page: Page) -> str:
    """Open "How to play", read the first step's title, and close the lesson."""
    page.get_by_role("button", name="How to play").click()
    dialog = page.get_by_role("dialog", name="How to play")
    expect(dialog).to_be_visible()
    heading = dialog.locator(".lesson-step")
    expect(heading).not_to_be_empty()
    title = heading.text_content() or ""
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    return title


def moves(page: Page):  # noqa: ANN201 - a Playwright Locator
    """The moves of the move list."""
    return page.locator("#move-list button[data-ply]")


def play(page: Page, origin: str, target: str) -> None:
    """Click a piece of the game's board, then its target, and wait until it has left
    (the lesson, once opened, has a board of its own; the computer's answer may take
    the piece at once)."""
    settle(page)
    for name in (origin, target):
        page.locator(f"#board rect[data-square='{name}']").click()
    expect(page.locator(f"#board [data-piece][data-square='{origin}']")).to_have_count(0)


def play_any_move(page: Page) -> None:
    """Play the first legal move of the side to move in the stored game, by clicks."""
    stored = page.evaluate("localStorage.getItem('tablut.state')")
    origin, target = PageState.from_json(stored).game.legal_moves()[0]
    play(page, square_name(origin), square_name(target))


def fetched(page: Page, path: str) -> list[object]:
    """What the page gets when it fetches ``path`` now: the status and the SHA-256 of
    the body."""
    return page.evaluate("""async path => {
        const response = await fetch('./' + path);
        const sum = await crypto.subtle.digest('SHA-256', await response.arrayBuffer());
        return [response.status,
                Array.from(new Uint8Array(sum), b => b.toString(16).padStart(2, '0')).join('')];
    }""", path)


@dataclass
class Traffic:
    """What a page asked for (site-relative paths) and what came back, and what failed."""

    base: str
    asked: list[str] = field(default_factory=list)
    received: list[Response] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def path(self, address: str) -> str:
        """``address`` relative to the site, without its query; "" outside the site."""
        return address[len(self.base):].split("?")[0] if address.startswith(self.base) else ""

    def record(self, page: Page) -> None:
        """Record ``page``'s requests (its workers' included) from now on."""
        page.on("request", lambda request: self.asked.append(self.path(request.url)))
        page.on("response", lambda response: self.received.append(response))
        page.on("requestfailed", lambda request: self.failed.append(request.url))
        page.on("response", lambda response: response.status >= 400
                and self.failed.append(f"{response.status} {response.url}"))

    def bytes_not_of(self, files: dict[str, str]) -> list[str]:
        """The files of ``files`` (path -> SHA-256) received since the last
        ``received.clear()`` with other bytes."""
        return [path for path, body in ((self.path(r.url), r.body()) for r in self.received)
                if path in files and hashlib.sha256(body).hexdigest() != files[path]]


def open_first_version(page: Page, url: str) -> None:
    """Open the site, wait until it plays offline, mark the window (a reload loses the
    mark), and play the first move against the computer."""
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("document.body?.dataset.offline !== undefined",
                           timeout=LOAD_TIMEOUT_MS)
    assert page.evaluate("document.body?.dataset.offline") == "ready"
    page.evaluate("window.tablutStillOpen = true")
    page.get_by_label("AI level").select_option("1")
    play(page, "d1", "d4")
    expect(moves(page)).to_have_count(2, timeout=AI_TIMEOUT_MS)


def play_on(page: Page) -> None:
    """A move and the computer's answer, the lesson opened and closed (still the first
    version's), and an undo."""
    play_any_move(page)
    expect(moves(page)).to_have_count(4, timeout=AI_TIMEOUT_MS)
    assert lesson_title(page) == FIRST_TITLE
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(page.locator("#move-list [aria-current]")).to_have_attribute("data-ply", "2")


def wait_for_notice(page: Page) -> None:
    """Wait for "A new version is ready", asking for an update again every few seconds
    as a browser does on its own now and then: one check can come to nothing (another
    update of the registration still under way, a busy machine)."""
    for _ in range(LOAD_TIMEOUT_MS // 10_000):
        try:
            page.wait_for_function(
                "document.getElementById('update-notice').textContent"
                ".includes('A new version is ready')", timeout=10_000)
            return
        except PlaywrightTimeoutError:
            page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())"
                          ".catch(() => null)")
    raise AssertionError(f"no notice of the new version; {worker_state(page)}")


def worker_state(page: Page) -> dict[str, object]:
    """The service worker registration's workers and the caches with their sizes, to say
    where an update stopped."""
    return page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const state = worker => worker && worker.state;
        const caches_ = {};
        for (const name of await caches.keys()) {
            caches_[name] = (await (await caches.open(name)).keys()).length;
        }
        return {installing: state(registration.installing),
                waiting: state(registration.waiting), active: state(registration.active),
                controlled: !!navigator.serviceWorker.controller, caches: caches_};
    }""")


def reload_keeps_the_game(page: Page) -> None:
    """Press the notice's Reload: the page loads anew (the second version) with the game
    as it was."""
    settle(page)
    game = page.locator("#move-list").text_content()
    drawn = "els => els.map(e => e.dataset.square + e.dataset.piece).sort()"
    board = page.locator("#board [data-piece]").evaluate_all(drawn)
    with page.expect_navigation():
        page.locator("#update-notice").get_by_role("button", name="Reload").click()
    wait_ready(page)
    settle(page)
    assert page.evaluate("window.tablutStillOpen") is None
    assert page.locator("#move-list").text_content() == game
    assert page.locator("#board [data-piece]").evaluate_all(drawn) == board
    assert lesson_title(page) == SECOND_TITLE
    expect(page.locator("#update-notice")).to_be_empty()


def test_a_new_version_never_breaks_an_open_page(
        browser: Browser, builds: tuple[Path, Path], tmp_path: Path) -> None:
    first, second = builds
    old, new = files_of(first), files_of(second)
    # The second build's files that the first lacks: the open page must never ask for
    # them, and whatever it gets once the second is served must be the first's bytes.
    only_second = {path for path in new if path not in old}
    only_first_python = next(path for path in old
                             if path.startswith("python/web-") and path not in new)
    # web/start.js names the content-addressed files, so it changes with them.
    changed_script = "web/start.js"
    assert old[changed_script] != new[changed_script]
    served = tmp_path / "served"
    deploy(served, first)
    context = browser.new_context(service_workers="allow",
                                  viewport={"width": 1280, "height": 800})
    try:
        with serve(served) as url:
            page = context.new_page()
            traffic = Traffic(url)
            traffic.record(page)
            open_first_version(page, url)

            deploy(served, second)
            traffic.received.clear()
            # What the browser does by itself when a page of the site is loaded (and
            # the page every hour): ask whether the service worker changed.
            page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
            # Once the new version is fetched whole, it takes over; the page says so.
            # Waited for before playing on: Chromium holds a new version back (up to five
            # minutes, measured) while it counts the old one as busy, and it sometimes
            # does so for a page that plays during the install.
            notice = page.locator("#update-notice")
            wait_for_notice(page)
            play_on(page)
            expect(notice).to_contain_text("A new version is ready")
            expect(notice.get_by_role("button", name="Reload")).to_be_visible()
            # Said politely, by a screen reader too, and the page still passes axe.
            expect(notice).to_have_attribute("aria-live", "polite")
            assert axe_violations(page) == []

            # The page plays on with its own files, now served by the new version's
            # worker, and is never reloaded.
            play_any_move(page)
            expect(moves(page)).to_have_count(4, timeout=AI_TIMEOUT_MS)
            assert lesson_title(page) == FIRST_TITLE
            # Files asked for late, as a restarted worker would: one that only the first
            # version has (the server lacks it now), and one that both have with other
            # bytes. Each comes from the first version's cache.
            for path in (only_first_python, changed_script):
                assert fetched(page, path) == [200, old[path]], path

            # Another tab, opened now, is the new version at once.
            other = context.new_page()
            other.goto(url)
            wait_ready(other)
            assert other.evaluate("window.tablutNavigation") == "navigate"
            assert lesson_title(other) == SECOND_TITLE
            other.close()

            assert page.evaluate("window.tablutStillOpen") is True
            assert sorted({path for path in traffic.asked if path in only_second}) == []
            assert traffic.bytes_not_of(old) == []
            assert traffic.failed == []

            reload_keeps_the_game(page)
            # No page of the first version is open any more: its cache goes.
            page.wait_for_function(
                "name => caches.keys().then(names => !names.includes(name))",
                arg=cache_name(first), timeout=LOAD_TIMEOUT_MS)
            assert cache_name(second) in page.evaluate("caches.keys()")
    finally:
        context.close()
