"""Measure how fast a think is stopped, in headless Chromium; print the figures.

    python tests/e2e/measure_stop.py [--runs N]

Run ``make site`` first. Each run opens the page in a fresh browser (the service worker
allowed: cross-origin isolated, the page's Python in a worker; then blocked: the
fallback, Python on the main thread), sets the computer to level 7 (seconds of search),
plays a move, and a second into the computer's think presses New game. It reports, in
milliseconds:

- click to stop: from the click on New game to the page asking the computer to stop
  (performance mark ``tablut:stop``, made by web/start.js);
- stop to stopped: from there to the stopped call's answer (``tablut:stopped``): with
  isolation, the KeyboardInterrupt raised inside the worker's search and its answer;
  without, the worker terminated (a new one then starts);
- click to hint: from the click to a hint (level 5) answered on the board, which needs
  the computer free again (without isolation, a new worker to start).

Figures vary with the machine and its load; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from harness import SITE, chromium_launch_args, serve
from playwright.sync_api import Browser, sync_playwright
from records_support import LOAD_TIMEOUT_MS, open_ready, play_move

#: The three figures, from the page's performance marks (``measure:click`` is this
#: tool's, made as the click on New game is dispatched).
FIGURES = {
    "click to stop": ("measure:click", "tablut:stop"),
    "stop to stopped": ("tablut:stop", "tablut:stopped"),
    "click to hint": ("measure:click", "measure:hint"),
}


def measure_once(browser: Browser, url: str, service_workers: str) -> dict[str, float]:
    """One stop of a level-7 think; the figures in milliseconds."""
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  service_workers=service_workers)
    try:
        page = open_ready(context, url)
        page.wait_for_function("document.body?.dataset.ai !== undefined",
                               timeout=LOAD_TIMEOUT_MS)
        page.get_by_label("AI level").select_option("7")
        play_move(page, "d1", "d4")
        page.wait_for_function("document.body?.dataset.thinking === 'true'")
        page.wait_for_timeout(1000)
        page.evaluate("""() => document.getElementById('new-game').addEventListener(
            'click', () => performance.mark('measure:click'), {capture: true, once: true})""")
        page.get_by_role("button", name="New game").click()
        page.wait_for_function("performance.getEntriesByName('tablut:stopped').length > 0",
                               timeout=LOAD_TIMEOUT_MS)
        page.get_by_role("button", name="Hint").click()
        page.wait_for_function("/Hint:/.test(document.getElementById('notice').textContent)",
                               timeout=LOAD_TIMEOUT_MS)
        page.evaluate("performance.mark('measure:hint')")
        times = page.evaluate(
            "names => names.map(n => performance.getEntriesByName(n)[0].startTime)",
            sorted({name for pair in FIGURES.values() for name in pair}))
        marks = dict(zip(sorted({name for pair in FIGURES.values() for name in pair}),
                         times, strict=True))
    finally:
        context.close()
    return {figure: marks[end] - marks[start] for figure, (start, end) in FIGURES.items()}


def main(argv: list[str] | None = None) -> int:
    """Measure ``--runs`` stops with and without isolation; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs to take (default 3)")
    args = parser.parse_args(argv)
    if not (SITE / "index.html").is_file():
        print("measure_stop: run `make site` first", file=sys.stderr)
        return 1
    with serve(SITE) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_args({"headless": True}))
        for mode, service_workers in (("isolated (worker)", "allow"),
                                      ("not isolated (main thread)", "block")):
            runs = []
            for number in range(1, args.runs + 1):
                figures = measure_once(browser, url, service_workers)
                runs.append(figures)
                print(f"{mode} run {number}: " +
                      ", ".join(f"{k} {v:.0f} ms" for k, v in figures.items()))
            for figure in FIGURES:
                values = [run[figure] for run in runs]
                print(f"  {mode}: {figure} median {statistics.median(values):.0f} ms "
                      f"[{min(values):.0f}-{max(values):.0f}]")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
