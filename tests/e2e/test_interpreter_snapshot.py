"""End-to-end: the page's interpreter and the computer's start from the build's memory
snapshot (web/interpreter.mjs, tools/make_snapshot.mjs), and the game starts without it:
when it cannot be had, and on a slow link until the service worker keeps it.

Each interpreter's thread holds ``globalThis.tablutInterpreter``: ``startedFrom`` says
which way it started, ``pyodide`` is the interpreter, through which these tests ask its
Python what a player's game depends on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin

import pytest
from harness import SITE
from playwright.sync_api import Browser, BrowserType, Page, Route, expect
from records_support import play_move
from test_page import LOAD_TIMEOUT_MS, wait_for_ai

pytestmark = pytest.mark.e2e

#: Asked of every interpreter of the page: how it started, and a number from its random
#: module's generator (all started from one snapshot, the same number everywhere would
#: mean that the generator was not drawn anew).
ASK = """() => globalThis.tablutInterpreter ? [
  globalThis.tablutInterpreter.startedFrom,
  globalThis.tablutInterpreter.pyodide.runPython("import random\\nrandom.getrandbits(64)")
    .toString(),
] : null"""


#: What an interpreter is like just after its start: what a program could read of its
#: surroundings, what it has imported, and what its __main__ holds.
STATE = ("import __main__, os, sys\n"
         "repr((sys.argv, sys.executable, dict(os.environ), os.getcwd(), sys.path,"
         " sorted(sys.modules), sorted(vars(__main__))))")

#: Run in a worker of the page: start one interpreter through the site's interpreter
#: module (from the snapshot) and one with Pyodide's own loadPyodide (fresh), and return
#: the STATE of each.
COMPARE = """async ([wrapper, folder, state]) => {
  const restored = await (await import(wrapper)).loadPyodide();
  const fresh = await (await import(folder + "pyodide.mjs")).loadPyodide({ indexURL: folder });
  return [globalThis.tablutInterpreter.startedFrom, restored.runPython(state),
          fresh.runPython(state)];
}"""


def started_interpreters(page: Page) -> list[list[str]]:
    """``[startedFrom, random number]`` of each interpreter the page has started: in the
    page itself (without isolation) and in its workers."""
    answers = [page.evaluate(ASK), *(worker.evaluate(ASK) for worker in page.workers)]
    return [answer for answer in answers if answer]


def open_ready(browser: Browser, url: str,
               route: Callable[[Route], Any] | None = None) -> tuple[Page, list[str]]:
    """A fresh page at ``url``, ready and with its computer ready; snapshot requests
    answered by ``route`` when given. Returns it with its console's messages."""
    context = browser.new_context()
    if route:
        # For the whole context: the service worker's downloads too.
        context.route("**/interpreter-*.snapshot", route)
    page = context.new_page()
    messages: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    page.goto(url)
    page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=LOAD_TIMEOUT_MS)
    assert wait_for_ai(page) == "ready"
    return page, messages


def test_both_interpreters_start_from_the_snapshot_each_with_its_own_randomness(
        browser: Browser, site_url: str) -> None:
    page, _ = open_ready(browser, site_url)
    try:
        assert page.evaluate("document.documentElement.dataset.python") == "worker"
        started = started_interpreters(page)
        # The page's and the computer's.
        assert [how for how, _ in started] == ["snapshot", "snapshot"]
        numbers = {number for _, number in started}
        assert len(numbers) == 2, "both interpreters drew the same random number"
    finally:
        page.context.close()


def test_an_interpreter_from_the_snapshot_is_like_a_fresh_one(browser: Browser,
                                                              site_url: str) -> None:
    page, _ = open_ready(browser, site_url)
    try:
        (wrapper,) = SITE.glob("interpreter-*.mjs")
        (folder,) = SITE.glob("pyodide-*")
        urls = [urljoin(site_url, wrapper.name), urljoin(site_url, folder.name + "/"), STATE]
        started_from, restored, fresh = page.workers[0].evaluate(COMPARE, urls)
        assert started_from == "snapshot"
        assert restored == fresh
        assert "make_snapshot" not in restored  # nothing of the machine that built it
    finally:
        page.context.close()


NOT_FOUND = {"status": 404, "body": ""}
#: gzip's magic number, then nothing that unzips.
NOT_GZIP = {"status": 200, "body": b"\x1f\x8b" + b"not a snapshot" * 100}
#: Unzipped bytes that are not this Pyodide's memory.
NOT_PYODIDE = {"status": 200, "body": b"\x00" * 4096}


@pytest.mark.parametrize("answer", [NOT_FOUND, NOT_GZIP, NOT_PYODIDE],
                         ids=["missing", "not-gzip", "not-pyodide"])
def test_without_a_usable_snapshot_the_game_starts_the_ordinary_way(
        browser: Browser, site_url: str, answer: dict[str, Any]) -> None:
    page, messages = open_ready(browser, site_url, lambda route: route.fulfill(**answer))
    try:
        assert [how for how, _ in started_interpreters(page)] == ["fresh", "fresh"]
        # Said where a developer looks, and nowhere a player does.
        assert any("without its snapshot" in message for message in messages), messages
        expect(page.locator("#loading")).to_be_hidden()
        # A person can play, and the computer answers.
        play_move(page, "d1", "d3")
        expect(page.get_by_role("status")).to_have_text("Black to move.",
                                                        timeout=LOAD_TIMEOUT_MS)
    finally:
        page.context.close()


def test_on_a_slow_link_the_snapshot_waits_until_it_is_kept(
        browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
        site_url: str) -> None:
    # The browser rates the link 3G: a first visit does not download the snapshot, and
    # the game starts the ordinary way; once the service worker keeps the site for
    # offline play, the snapshot is there, and the next visit starts from it.
    args = dict(browser_type_launch_args)
    args["args"] = [*args.get("args", []), "--force-effective-connection-type=3G"]
    slow = browser_type.launch(**args)
    try:
        page, _ = open_ready(slow, site_url)
        assert page.evaluate("navigator.connection.effectiveType") == "3g"
        assert [how for how, _ in started_interpreters(page)] == ["fresh", "fresh"]
        page.wait_for_function("document.body?.dataset.offline === 'ready'",
                               timeout=LOAD_TIMEOUT_MS)
        page.reload()
        page.wait_for_function("document.body?.dataset.ready === 'true'",
                               timeout=LOAD_TIMEOUT_MS)
        assert wait_for_ai(page) == "ready"
        assert [how for how, _ in started_interpreters(page)] == ["snapshot", "snapshot"]
    finally:
        slow.close()
