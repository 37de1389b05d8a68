"""Measure the page's memory over a long session: games between two computer players, one
after the other, without a reload.

    nice -n 10 .venv/bin/python tests/e2e/measure_session.py [--games 50] [--every 5]
        [--level 1]

Run ``make site`` first. A fresh browser opens the built site with the computer playing
both sides at ``--level``; at the end of each game the seed is changed (so that the games
differ) and "Play again" is pressed, as a person watching would. Every ``--every`` games,
and before the first, it prints:

- the main thread's JavaScript heap (``performance.memory`` and the DevTools protocol's
  ``Performance.getMetrics``), with the page's DOM nodes and event listeners;
- each worker's JavaScript heap (``Runtime.getHeapUsage`` in the worker's DevTools
  target), numbered in the order they started: where the page is cross-origin isolated,
  worker 1 runs the page's Python and worker 2 the computer's;
- the WebAssembly memory of each interpreter (on the main thread or in a worker), where
  Pyodide keeps the Python heap: it grows when Python needs more and never shrinks, so a
  leak in Python shows as steady growth here;
- the resident memory of the browser's renderers (the page with both interpreters) and
  of all its processes (Linux /proc).

Garbage is collected in every realm before each sample. Errors the page throws or logs
are counted and printed. Nothing here asserts a figure.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from typing import Any

from harness import ROOT, SITE, chromium_launch_args, serve
from measure_think import browser_rss_mb
from playwright.sync_api import CDPSession, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from records_support import settle

sys.path.insert(0, str(ROOT))

from web.models.state import PageState, Settings  # noqa: E402

LOAD_TIMEOUT_MS = 120_000

#: The longest a game may take, in milliseconds (a level-1 game takes about a minute).
GAME_TIMEOUT_MS = 15 * 60_000

#: Keeps every WebAssembly memory made in a JavaScript realm (Pyodide's holds the Python
#: heap) in ``globalThis.__wasmMemories``: run before the realm's own scripts (an init
#: script in the page; in the worker, while it waits for the debugger at its start).
WASM_HOOK = """(() => {
  if (globalThis.__wasmMemories) return;
  const memories = globalThis.__wasmMemories = [];
  const keep = result => {
    const instance = result.instance || result;
    for (const value of Object.values(instance.exports || {}))
      if (value instanceof WebAssembly.Memory) memories.push(value);
    return result;
  };
  const instantiate = WebAssembly.instantiate, streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiate = (...args) => instantiate.apply(WebAssembly, args).then(keep);
  if (streaming)
    WebAssembly.instantiateStreaming = (...args) => streaming.apply(WebAssembly, args).then(keep);
})()"""

#: The size of the memories kept by :data:`WASM_HOOK`, in bytes.
WASM_SIZE = ("(globalThis.__wasmMemories || [])"
             ".reduce((sum, m) => sum + m.buffer.byteLength, 0)")


class Target:
    """A DevTools target reached through the page's session: the page itself, or the AI
    worker (attached to through ``Target.setAutoAttach``, its messages carried by
    ``Target.sendMessageToTarget``)."""

    def __init__(self, cdp: CDPSession, page: Page, session_id: str | None = None) -> None:
        """The page's own target, or the one of ``session_id``."""
        self.cdp, self.page, self.session_id = cdp, page, session_id
        self.answers: dict[int, dict[str, Any]] = {}
        self.next_id = 1
        if session_id is not None:
            cdp.on("Target.receivedMessageFromTarget", self._received)

    def _received(self, event: dict[str, Any]) -> None:
        if event.get("sessionId") == self.session_id:
            message = json.loads(event["message"])
            if "id" in message:
                self.answers[message["id"]] = message

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """Call ``method`` in the target; its result."""
        if self.session_id is None:
            return self.cdp.send(method, params or {})
        number, self.next_id = self.next_id, self.next_id + 1
        self.cdp.send("Target.sendMessageToTarget", {
            "sessionId": self.session_id,
            "message": json.dumps({"id": number, "method": method, "params": params or {}})})
        deadline = time.monotonic() + 60
        while number not in self.answers:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no answer to {method} from the worker")
            self.page.wait_for_timeout(50)
        answer = self.answers.pop(number)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer["result"]

    def wasm_mb(self) -> float:
        """The WebAssembly memory of the target's realm, in MB (see :data:`WASM_HOOK`)."""
        result = self.send("Runtime.evaluate", {"expression": WASM_SIZE,
                                                "returnByValue": True})["result"]
        return float(result.get("value", 0)) / 1e6

    def js_heap_mb(self) -> float:
        """The used JavaScript heap of the target, in MB."""
        return self.send("Runtime.getHeapUsage")["usedSize"] / 1e6


class Workers:
    """The page's workers as DevTools targets: each is held at its start (the page's
    session auto-attaches to it, waiting for the debugger) until :meth:`release` has put
    :data:`WASM_HOOK` in it and let it run."""

    def __init__(self, cdp: CDPSession, page: Page) -> None:
        """Attach to every worker ``page`` starts from now on."""
        self.cdp, self.page = cdp, page
        self.waiting: list[tuple[str, str]] = []
        self.targets: list[Target] = []
        cdp.on("Target.attachedToTarget", lambda event: self.waiting.append(
            (event["sessionId"], event["targetInfo"]["type"])))
        cdp.on("Target.detachedFromTarget", self._forget)
        cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True,
                                          "flatten": False})

    def release(self) -> None:
        """Hook and start the workers that are waiting."""
        while self.waiting:
            session_id, kind = self.waiting.pop(0)
            target = Target(self.cdp, self.page, session_id)
            if kind == "worker":
                target.send("Runtime.evaluate", {"expression": WASM_HOOK})
                self.targets.append(target)
            target.send("Runtime.runIfWaitingForDebugger")

    def _forget(self, event: dict[str, Any]) -> None:
        """A worker of a document that is gone (a first visit reloads once) stops
        counting."""
        self.targets = [t for t in self.targets if t.session_id != event["sessionId"]]

    def _holds(self, condition: str) -> bool:
        """Whether ``condition`` holds; not while a first visit reloads the page through
        its service worker (the document being asked is then gone)."""
        try:
            return bool(self.page.evaluate(condition))
        except PlaywrightError as error:
            if "context was destroyed" in str(error):
                return False
            raise

    def wait_for(self, condition: str, timeout_ms: int) -> None:
        """Release workers until the page's JavaScript ``condition`` holds."""
        deadline = time.monotonic() + timeout_ms / 1000
        while not self._holds(condition):
            if time.monotonic() > deadline:
                raise TimeoutError(f"the page never had {condition}")
            self.release()
            self.page.wait_for_timeout(100)
        self.release()


def measure(page: Page, cdp: CDPSession, workers: Workers,
            profile: str) -> dict[str, float]:
    """The figures of one sample (see the module docs), in MB or counts."""
    workers.release()  # a service worker registered since, say
    main = Target(cdp, page)
    for target in (main, *workers.targets):
        target.send("HeapProfiler.collectGarbage")  # what is garbage is not memory kept
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    heap = page.evaluate("performance.memory ? performance.memory.usedJSHeapSize : 0")
    figures = {
        "main JS heap MB": heap / 1e6,
        "main JS heap (CDP) MB": metrics.get("JSHeapUsedSize", 0) / 1e6,
        "DOM nodes": metrics.get("Nodes", 0),
        "listeners": metrics.get("JSEventListeners", 0),
        "main wasm MB": main.wasm_mb(),
    }
    # The workers in the order they started: where the page is cross-origin isolated,
    # the page's own Python first, then the computer's.
    for number, worker in enumerate(workers.targets, 1):
        figures[f"worker {number} JS heap MB"] = worker.js_heap_mb()
        figures[f"worker {number} wasm MB"] = worker.wasm_mb()
    rss = browser_rss_mb(profile)
    figures["RSS renderers MB"] = rss["renderers"]
    figures["RSS all MB"] = rss["browser, all processes"]
    return figures


def shown(games: int, plies: int, seconds: float, figures: dict[str, float]) -> str:
    """One line of the report."""
    values = ", ".join(f"{name} {value:.1f}" if "MB" in name else f"{name} {value:.0f}"
                       for name, value in figures.items())
    return f"after {games:3d} games ({plies:5d} moves, {seconds:5.0f} s): {values}"


def play_game(page: Page, seed: int) -> int:
    """Wait for the game on the board to end; set the next seed and press Play again.
    The game's length in moves."""
    page.wait_for_function("!document.getElementById('end-offer').hidden",
                           timeout=GAME_TIMEOUT_MS)
    stored = page.evaluate("localStorage.getItem('tablut.state')")
    plies = PageState.from_json(stored).game.ply
    if not page.evaluate("document.getElementById('more-options').open"):
        page.get_by_text("More options").click()  # where the seed is
    seed_box = page.get_by_label("Seed")
    seed_box.fill(str(seed))
    seed_box.dispatch_event("change")
    settle(page)
    # A new seed may itself start the next game; otherwise Play again does.
    if page.locator("#play-again").is_visible():
        page.locator("#play-again").click()
    return plies


def main(argv: list[str] | None = None) -> int:
    """Play ``--games`` games in one page and print its memory every ``--every`` games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--level", type=int, default=1)
    args = parser.parse_args(argv)
    if not (SITE / "index.html").is_file():
        print("measure_session: run `make site` first", file=sys.stderr)
        return 1
    state = PageState(Settings(black="computer", white="computer", level=args.level))
    errors: list[str] = []
    with serve(SITE) as url, sync_playwright() as playwright, \
            tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, viewport={"width": 1280, "height": 900},
            **chromium_launch_args({"headless": True}))
        context.add_init_script(WASM_HOOK)
        context.add_init_script(
            f"if (!localStorage.getItem('tablut.state')) "
            f"localStorage.setItem('tablut.state', {json.dumps(state.to_json())})")
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        workers = Workers(cdp, page)
        page.goto(url)
        workers.wait_for("document.body?.dataset.ai === 'ready'", LOAD_TIMEOUT_MS)
        started, plies = time.monotonic(), 0
        samples = [(0, 0, 0.0, measure(page, cdp, workers, profile))]
        print(shown(*samples[-1]), flush=True)
        for game in range(1, args.games + 1):
            plies += play_game(page, seed=game)
            if game % args.every == 0 or game == args.games:
                samples.append((game, plies, time.monotonic() - started,
                                measure(page, cdp, workers, profile)))
                print(shown(*samples[-1]), flush=True)
        context.close()
    print(f"errors in the page: {len(errors)}")
    for error in errors[:10]:
        print(f"  {error}")
    print("memory curve:")
    for sample in samples:
        if sample[0] in (0, 10, 25, args.games):
            print("  " + shown(*sample))
    return 0


if __name__ == "__main__":
    sys.exit(main())
