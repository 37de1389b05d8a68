"""Measure the main thread's long tasks while the page loads, in headless Chromium.

    python tests/e2e/measure_longtasks.py [--runs N] [--site DIR] [--no-service-worker]

Run ``make site`` first (``--site`` measures another build the same way). Each run
opens the page in a fresh browser context (a first visit: the service worker is
registered and the page reloads once through it) and records, with a
PerformanceObserver of type "longtask", every task of the main thread over 50 ms until
a person can move and the computer has answered its first call. It prints the longest
and every one over 200 ms (start and duration, ms since the document's navigation).
The first visit's first document only registers the service worker; the figures are
those of the document that loads the game. ``--no-service-worker`` measures the
fallback, the game's Python on the main thread.

Figures vary with the machine and its load; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from harness import SITE, chromium_launch_args, serve
from playwright.sync_api import Browser, sync_playwright

#: Installed in every document before its own scripts: long tasks from the start.
OBSERVE = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
  }
}).observe({ type: "longtask", buffered: true });
"""

TIMEOUT_MS = 120_000

#: A task longer than this keeps the loading screen from moving visibly.
LIMIT_MS = 200


def measure_once(browser: Browser, url: str, service_workers: str) -> dict[str, object]:
    """One first visit; the long tasks of the document that loads the game."""
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  service_workers=service_workers)
    try:
        page = context.new_page()
        page.add_init_script(OBSERVE)
        page.goto(url)
        page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=TIMEOUT_MS)
        page.wait_for_function("document.body?.dataset.ai !== undefined", timeout=TIMEOUT_MS)
        tasks = page.evaluate("window.__longTasks")
        ready = page.evaluate("performance.getEntriesByName('tablut:ready')[0]?.startTime")
        mode = page.evaluate("document.documentElement.dataset.python || 'main'")
    finally:
        context.close()
    return {"tasks": tasks, "longest": max((d for _, d in tasks), default=0),
            "ready": ready, "mode": mode}


def main(argv: list[str] | None = None) -> int:
    """Measure ``--runs`` first visits and print the long tasks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs to take (default 3)")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (_site/)")
    parser.add_argument("--no-service-worker", action="store_true",
                        help="block service workers: the main-thread fallback")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"measure_longtasks: {args.site} is not built: run `make site` first",
              file=sys.stderr)
        return 1
    service_workers = "block" if args.no_service_worker else "allow"
    longest: list[int] = []
    with serve(args.site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_args({"headless": True}))
        for number in range(1, args.runs + 1):
            run = measure_once(browser, url, service_workers)
            over = [task for task in run["tasks"] if task[1] > LIMIT_MS]
            longest.append(int(run["longest"]))
            print(f"run {number}: Python on the {run['mode']} thread, ready at "
                  f"{(run['ready'] or 0) / 1000:.2f} s; longest task {run['longest']} ms; "
                  f"over {LIMIT_MS} ms: {over or 'none'}")
        browser.close()
    print(f"longest task over {len(longest)} runs: median {statistics.median(longest):.0f} ms "
          f"[{min(longest)}-{max(longest)}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
