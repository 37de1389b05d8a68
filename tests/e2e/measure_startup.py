"""Measure how long the page takes to start, in headless Chromium; print the figures.

    python tests/e2e/measure_startup.py [--runs N]

Run ``make site`` first. Each run launches a fresh browser and measures, from navigation
(``performance.timeOrigin``):

- cold: a new browser profile, so nothing is cached (HTTP cache, compiled wasm);
- reload: the same page reloaded, the way a returning visitor with a warm cache comes back;
- bare loadPyodide: Pyodide alone, from the same files, in a page that does nothing else
  (fresh profile), the floor that PyScript and the app add to.

For the page: ``board`` when the board is drawn, ``ready`` when a person can move
(``data-ready``), ``ai-started`` when the AI worker's interpreter is up, ``ai`` when it
has answered its first call (a level-1 search of the start position).
Figures vary with the machine and its load; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from typing import Any

from harness import SITE, chromium_launch_args, serve
from playwright.sync_api import Page, sync_playwright

#: A page of its own for bare Pyodide, fulfilled by Playwright at a URL beside the site's
#: index.html so that it loads the site's own pyodide/ files from the same origin.
LOAD_PYODIDE_PAGE = """<!doctype html><meta charset="utf-8"><title>loadPyodide</title>
<script type="module">
  const started = performance.now();
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const pyodide = await loadPyodide();
  pyodide.runPython("1 + 1");
  performance.mark("loaded", { detail: performance.now() - started });
  document.body.dataset.loaded = "true";
</script>"""

TIMEOUT_MS = 120_000


def marks(page: Page) -> dict[str, float]:
    """The page's performance marks, in milliseconds since navigation started."""
    entries = page.evaluate(
        "performance.getEntriesByType('mark').map(m => [m.name, m.startTime])"
    )
    return {name: time for name, time in entries}


def page_figures(page: Page) -> dict[str, float]:
    """Wait for the page to be ready and its AI to answer; return the milestones in s."""
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=TIMEOUT_MS)
    page.wait_for_function("document.body.dataset.ai !== undefined", timeout=TIMEOUT_MS)
    found = marks(page)
    keys = ("board", "ready", "ai-started", "ai")
    return {key: found[f"tablut:{key}"] / 1000 for key in keys if f"tablut:{key}" in found}


def measure_once(base_url: str) -> dict[str, float]:
    """One cold load, one reload and one bare loadPyodide; figures in seconds."""
    figures: dict[str, float] = {}
    launch = chromium_launch_args({"headless": True})
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        # A persistent profile keeps the HTTP cache and V8's code cache across a reload,
        # as a real browser does (a fresh new_context() never reuses its cache).
        context = playwright.chromium.launch_persistent_context(profile, **launch)
        page = context.new_page()
        page.goto(base_url)
        figures.update({f"cold {k}": v for k, v in page_figures(page).items()})
        page.reload()
        figures.update({f"reload {k}": v for k, v in page_figures(page).items()})
        context.close()

    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, **launch)
        page = context.new_page()
        url = base_url + "measure-loadpyodide.html"
        page.route(url, lambda route: route.fulfill(body=LOAD_PYODIDE_PAGE,
                                                    content_type="text/html"))
        page.goto(url)
        page.wait_for_function("document.body.dataset.loaded === 'true'", timeout=TIMEOUT_MS)
        figures["bare loadPyodide, from navigation"] = marks(page)["loaded"] / 1000
        figures["bare loadPyodide, call only"] = page.evaluate(
            "performance.getEntriesByName('loaded')[0].detail"
        ) / 1000
        context.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    """Measure ``--runs`` times and print each figure's median, minimum and maximum."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs to take (default 3)")
    args = parser.parse_args(argv)
    if not (SITE / "index.html").is_file():
        print("measure_startup: run `make site` first", file=sys.stderr)
        return 1
    runs: list[dict[str, Any]] = []
    with serve(SITE) as base_url:
        for number in range(1, args.runs + 1):
            figures = measure_once(base_url)
            runs.append(figures)
            print(f"run {number}: " + ", ".join(f"{k} {v:.2f} s" for k, v in figures.items()))
    print(f"\nover {len(runs)} runs (median [min-max], seconds from navigation):")
    for key in runs[0]:
        values = [run[key] for run in runs if key in run]
        print(f"  {key:36} {statistics.median(values):6.2f}  [{min(values):.2f}-{max(values):.2f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
