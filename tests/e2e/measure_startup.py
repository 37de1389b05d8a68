"""Measure how long the page takes to start, in headless Chromium, against a bare
``loadPyodide`` measured in the same run; print the figures and the ratios.

    python tests/e2e/measure_startup.py [--runs N] [--site DIR] [--locale sv-SE]

Run ``make site`` first (``--site`` measures another build, an older one say, the same
way). Each run launches fresh browsers and measures, in seconds from the moment the
browser is asked to navigate (so that a cold start counts the first visit's reload
through the service worker too):

- bare loadPyodide: Pyodide alone, from the same files, in a page that does nothing else
  (fresh profile), the floor that PyScript and the app add to;
- cold: a new browser profile, so nothing is cached (HTTP cache, service worker,
  compiled wasm): ``painted`` when a board is first on screen (painted before Python
  starts, web/paint.js; on a build without painting, when Python draws it), ``board``
  when Python has drawn the board, ``ready`` when a person can move (``data-ready``),
  ``ai`` when the computer's worker has answered its first call, and ``answer``: a move
  is played the moment the board appears, and this is when the computer's reply is on
  the board;
- return: the same page reloaded with that game saved, the way a returning visitor
  comes back to a game;
- reload: the same page reloaded with nothing saved (a new game).

With ``--locale``, the page is visited by a browser of that language (a first visit then
moves to the page of its language, index.<code>.html, before anything is drawn).

Ratios: each against bare loadPyodide.
Figures vary with the machine and its load; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from harness import SITE, chromium_launch_args, serve
from playwright.sync_api import Page, sync_playwright
from records_support import play_move

#: A page of its own for bare Pyodide, fulfilled by Playwright at a URL beside the site's
#: index.html so that it loads the site's own pyodide-<hash>/ files from the same origin
#: (``{folder}``: that folder's name).
LOAD_PYODIDE_PAGE = """<!doctype html><meta charset="utf-8"><title>loadPyodide</title>
<script type="module">
  const { loadPyodide } = await import("./{folder}/pyodide.mjs");
  const pyodide = await loadPyodide();
  pyodide.runPython("1 + 1");
  performance.mark("loaded");
  document.body.dataset.loaded = "true";
</script>"""

TIMEOUT_MS = 120_000

#: The page's milestones (performance marks ``tablut:<name>``).
MILESTONES = ("board", "ready", "ai")

#: The ratios printed: (name, figure, against).
RATIOS = (
    ("cold painted / bare loadPyodide", "cold painted", "bare loadPyodide"),
    ("return painted / bare loadPyodide", "return painted", "bare loadPyodide"),
    ("cold board / bare loadPyodide", "cold board", "bare loadPyodide"),
    ("cold ready / bare loadPyodide", "cold ready", "bare loadPyodide"),
    ("cold answer / bare loadPyodide", "cold answer", "bare loadPyodide"),
    ("return ready / bare loadPyodide", "return ready", "bare loadPyodide"),
    ("reload board / bare loadPyodide", "reload board", "bare loadPyodide"),
    ("reload ready / bare loadPyodide", "reload ready", "bare loadPyodide"),
)

#: A square of the board, whichever way it came on screen.
BOARD_SQUARE = "#board rect[data-square]"

#: Notes in the page, at every frame of every document of the tab, when a square of a
#: board is first on screen: the figure "painted". Watched from inside, since a first
#: visit's first document is left for the reload into isolation a moment after it
#: painted, too soon for Playwright's polling from outside to see it.
PAINTED_WATCH = """(() => {
  const look = () => {
    if (sessionStorage.getItem("measure-painted")) return;
    const square = [...document.querySelectorAll("rect[data-square]")]
      .find(rect => rect.checkVisibility() && rect.getBoundingClientRect().width > 0);
    if (square) {
      sessionStorage.setItem("measure-painted", String(performance.timeOrigin + performance.now()));
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


def since(page: Page, started: float, mark: str) -> float | None:
    """When the performance mark ``mark`` was made, in seconds since ``started`` (a
    :func:`time.time`); None if it was not made."""
    found = page.evaluate(
        "name => { const m = performance.getEntriesByName(name)[0];"
        " return m ? performance.timeOrigin + m.startTime : null; }", mark)
    return None if found is None else found / 1000 - started


def page_figures(page: Page, started: float, *, answer: bool) -> dict[str, float]:
    """Wait for a board on screen, then for the page to be ready (playing a move at
    once if ``answer``) and its AI to answer; return the milestones in seconds since
    ``started``."""
    page.wait_for_selector(BOARD_SQUARE, state="visible", timeout=TIMEOUT_MS)
    painted = float(page.evaluate("sessionStorage.getItem('measure-painted')"))
    figures: dict[str, float] = {"painted": painted / 1000 - started}
    page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=TIMEOUT_MS)
    if answer:
        play_move(page, "d1", "d4")
        page.wait_for_function("document.querySelectorAll('#move-list button').length === 2",
                               timeout=TIMEOUT_MS)
        figures["answer"] = time.time() - started
    page.wait_for_function("document.body?.dataset.ai !== undefined", timeout=TIMEOUT_MS)
    for name in MILESTONES:
        value = since(page, started, f"tablut:{name}")
        if value is not None:
            figures[name] = value
    return figures


def measure_page(base_url: str, launch: dict[str, Any]) -> dict[str, float]:
    """One cold load (a move played as the board appears) and one reload."""
    figures: dict[str, float] = {}
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        # A persistent profile keeps the HTTP cache, V8's code cache and the service
        # worker across a reload, as a real browser does.
        context = playwright.chromium.launch_persistent_context(profile, **launch)
        context.add_init_script(PAINTED_WATCH)
        page = context.new_page()
        started = time.time()
        page.goto(base_url, wait_until="commit")
        cold = page_figures(page, started, answer=True)
        figures.update({f"cold {k}": v for k, v in cold.items()})
        # Let the service worker finish its cache, as a returning visitor's has (an
        # older build's fills it before it is ready; this one's says data-offline).
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("document.body?.dataset.offline !== undefined"
                               " || window.tablutAI === undefined", timeout=TIMEOUT_MS)
        page.evaluate("sessionStorage.removeItem('measure-painted')")
        started = time.time()
        page.reload(wait_until="commit")  # the game of the cold load, kept
        figures.update({f"return {k}": v for k, v in
                        page_figures(page, started, answer=False).items()})
        page.evaluate("localStorage.clear()")  # the reload starts the same game again
        page.evaluate("sessionStorage.removeItem('measure-painted')")
        started = time.time()
        page.reload(wait_until="commit")
        figures.update({f"reload {k}": v for k, v in
                        page_figures(page, started, answer=False).items()})
        context.close()
    return figures


def measure_bare(base_url: str, launch: dict[str, Any]) -> float:
    """Bare loadPyodide from a fresh profile, in seconds since navigation was asked."""
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, **launch)
        page = context.new_page()
        url = base_url + "measure-loadpyodide.html"
        (folder,) = SITE.glob("pyodide-*")
        body = LOAD_PYODIDE_PAGE.replace("{folder}", folder.name)
        page.route(url, lambda route: route.fulfill(body=body, content_type="text/html"))
        started = time.time()
        page.goto(url)
        page.wait_for_function("document.body?.dataset.loaded === 'true'", timeout=TIMEOUT_MS)
        loaded = since(page, started, "loaded")
        context.close()
    assert loaded is not None
    return loaded


def measure_once(base_url: str, locale: str | None = None) -> dict[str, float]:
    """One bare loadPyodide, then the page cold and reloaded (by a browser of ``locale``,
    if given); figures in seconds."""
    launch = chromium_launch_args({"headless": True})
    figures = {"bare loadPyodide": measure_bare(base_url, launch)}
    figures.update(measure_page(base_url, {**launch, **({"locale": locale} if locale else {})}))
    return figures


def report(runs: list[dict[str, float]]) -> None:
    """Print each figure's median, minimum and maximum, then the ratios of the medians
    and of each run."""
    print(f"\nover {len(runs)} runs (median [min-max], seconds from navigation):")
    keys = [key for key in runs[0] if all(key in run for run in runs)]
    for key in keys:
        values = [run[key] for run in runs]
        print(f"  {key:36} {statistics.median(values):6.2f}  [{min(values):.2f}-{max(values):.2f}]")
    print("ratios (median of the runs' ratios [min-max]):")
    for name, figure, against in RATIOS:
        ratios = [run[figure] / run[against] for run in runs if figure in run]
        if ratios:
            print(f"  {name:36} {statistics.median(ratios):6.2f}x "
                  f"[{min(ratios):.2f}-{max(ratios):.2f}]")


def main(argv: list[str] | None = None) -> int:
    """Measure ``--runs`` times and print the figures and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs to take (default 3)")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (_site/)")
    parser.add_argument("--locale", help="the browser's language (sv-SE, de-DE...)")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"measure_startup: {args.site} is not built: run `make site` first",
              file=sys.stderr)
        return 1
    runs: list[dict[str, float]] = []
    with serve(args.site) as base_url:
        for number in range(1, args.runs + 1):
            figures = measure_once(base_url, args.locale)
            runs.append(figures)
            print(f"run {number}: " + ", ".join(f"{k} {v:.2f} s" for k, v in figures.items()))
    report(runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
