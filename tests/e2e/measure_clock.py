"""How exactly the page's clock keeps time over a minute, and what it costs the main thread.

    .venv/bin/python tests/e2e/measure_clock.py      (from the repository's root, after `make site`)

Two people play with the "1 min + 1 s a move" clock; black's clock runs until it falls.
The main thread records, with a MutationObserver, the moment each new time is drawn,
and with a PerformanceObserver every main-thread task over 50 ms. The clock shows whole
seconds down to 0:20 (a second changes when the time left reaches it) and tenths below,
so each change says when, by that clock, the time will run out: the moment drawn plus
the time then shown. The spread of those moments over the minute is how late a change
was drawn; their drift from the first ten seconds to the last is how far the clock
strayed from the browser's own clock. The fall is timed the same way: from the moment
the time runs out to the "lost on time" status.

Figures vary with the machine and its load; nothing here asserts a time.
"""

from __future__ import annotations

import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e")]

from harness import chromium_launch_args, serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from records_support import open_ready, settle  # noqa: E402

#: Installed once the clock is chosen: every time drawn and every long task, in
#: main-thread milliseconds.
OBSERVE = """
() => {
  window.__drawn = [];
  window.__longTasks = [];
  window.__fell = null;
  const clock = document.getElementById("clock-black");
  new MutationObserver(() => window.__drawn.push([performance.now(), clock.textContent]))
    .observe(clock, { childList: true, characterData: true, subtree: true });
  const status = document.getElementById("status");
  new MutationObserver(() => {
    if (window.__fell === null && status.textContent.includes("lost on time")) {
      window.__fell = performance.now();
    }
  }).observe(status, { childList: true, characterData: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
    }
  }).observe({ type: "longtask" });
}
"""

_SECONDS = re.compile(r"^(\d+):(\d\d)$")
_TENTHS = re.compile(r"^0:(\d\d)\.(\d)$")


def runs_out_by(drawn_at: float, text: str) -> float | None:
    """When the clock will have run out, judged from a new time ``text`` drawn at
    ``drawn_at``: whole seconds appear when the time left reaches them, tenths when it
    falls below the tenth above."""
    if found := _SECONDS.match(text):
        return drawn_at + (int(found[1]) * 60 + int(found[2])) * 1000
    if found := _TENTHS.match(text):
        return drawn_at + (int(found[1]) * 10 + int(found[2]) + 1) * 100
    return None


def main() -> None:
    """Print the clock's figures for one minute of black's time."""
    with serve() as base, sync_playwright() as p:
        browser = p.chromium.launch(**chromium_launch_args())
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = open_ready(context, base)
        page.get_by_label("White player").select_option("human")
        settle(page)
        page.evaluate(OBSERVE)
        page.get_by_text("More options").click()
        page.get_by_label("Clock", exact=True).select_option(label="1 min + 1 s a move")
        page.wait_for_function("window.__fell !== null", timeout=120_000, polling=500)
        drawn = page.evaluate("window.__drawn")
        fell = page.evaluate("window.__fell")
        long_tasks = page.evaluate("window.__longTasks")
        browser.close()
    # The first change of each shown time; the first drawing ("1:00") says nothing.
    ends = [(at, end) for at, text in drawn[1:] if (end := runs_out_by(at, text)) is not None]
    first = ends[0][0]
    soonest = min(end for _, end in ends)
    late = [end - soonest for _, end in ends]
    early = min(end for at, end in ends if at - first < 10_000)
    last = min(end for at, end in ends if ends[-1][0] - at < 10_000)
    print(f"times drawn: {len(ends)} over {(ends[-1][0] - first) / 1000:.1f} s")
    print(f"drawn after the time shown was reached: median {statistics.median(late):.0f} ms,"
          f" longest {max(late):.0f} ms")
    print(f"drift over the minute (last ten seconds against the first): "
          f"{last - early:+.0f} ms")
    print(f"'lost on time' shown {fell - soonest:.0f} ms after the time ran out")
    longest = max((duration for _, duration in long_tasks), default=0)
    print(f"main-thread tasks over 50 ms from choosing the clock to its fall: {len(long_tasks)}"
          f" (longest {longest} ms)")
    for start, duration in long_tasks:
        print(f"  {duration} ms, {(start - first) / 1000:+.1f} s from the first second drawn")


if __name__ == "__main__":
    main()
