"""Measure how the page behaves while the computer thinks, and what it weighs.

    .venv/bin/python tests/e2e/measure_think.py [--runs 3] [--level 6]

Run ``make site`` first. For each run, a fresh browser opens the built site with the
computer playing white at ``--level`` (level 6 thinks for about four seconds here), waits
for the AI worker, plays a black move by clicking, and for the next 3 seconds:

- records every main-thread long task (a PerformanceObserver of type ``longtask``; the
  browser reports tasks of 50 ms or more), and prints the longest (or "none >= 50 ms");
- presses an arrow key on the board every 250 ms and times how long the page takes to
  move its keyboard cursor (the delay a player feels while the computer thinks).

Then it prints the page's memory: the main thread's JavaScript heap
(``performance.memory``, Chromium; WebAssembly memory is not in it), the same from the
DevTools protocol, and the resident memory of the browser's processes and of its
renderers (the page with its interpreter and the worker's), read from /proc (Linux).
Nothing here asserts a figure.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from harness import ROOT, SITE, chromium_launch_args, serve
from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(ROOT))

from web.models.state import PageState, Settings  # noqa: E402

TIMEOUT_MS = 120_000
THINK_WINDOW_MS = 3000

#: Collects long tasks from the very start of the page.
OBSERVER = """
window.__longtasks = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""


def browser_rss_mb(profile: str) -> dict[str, float]:
    """Resident memory, in MB, of the Chromium started with the profile folder ``profile``
    and of every process under it (Linux /proc): in all, and its renderers only (the
    page with both interpreters; a worker runs inside its page's renderer)."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    cmdlines: dict[int, bytes] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            status = (proc / "status").read_text()
            cmdlines[int(proc.name)] = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        parents[int(proc.name)] = int(fields["PPid"])
        rss[int(proc.name)] = int(fields.get("VmRSS", "0 kB").split()[0])
    roots = {pid for pid, cmd in cmdlines.items() if profile.encode() in cmd
             and b"--type=" not in cmd}
    ours = set(roots)
    changed = True
    while changed:
        changed = False
        for pid, parent in parents.items():
            if parent in ours and pid not in ours:
                ours.add(pid)
                changed = True
    renderers = {pid for pid in ours if b"--type=renderer" in cmdlines.get(pid, b"")}
    return {"browser, all processes": sum(rss[p] for p in ours) / 1024,
            "renderers": sum(rss[p] for p in renderers) / 1024}


def key_delay(page: Page) -> float:
    """Milliseconds from asking for an arrow key on the board (queued behind whatever the
    main thread is doing) to the keyboard cursor having moved: Python's key handler."""
    return page.evaluate("""() => new Promise(resolve => {
        const t0 = performance.now();
        setTimeout(() => {
            const from = document.activeElement;
            const key = from.dataset.square[0] < 'i' ? 'ArrowRight' : 'Home';
            from.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
            resolve(document.activeElement !== from ? performance.now() - t0 : -1);
        }, 0);
    })""")


def measure_once(base_url: str, level: int) -> dict[str, Any]:
    """One fresh browser: the think, its long tasks and delays, then memory."""
    state = PageState(Settings(black="human", white="computer", level=level))
    figures: dict[str, Any] = {}
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, viewport={"width": 1280, "height": 800},
            **chromium_launch_args({"headless": True}))
        context.add_init_script(OBSERVER)
        context.add_init_script(
            f"localStorage.setItem('tablut.state', {json.dumps(state.to_json())})")
        page = context.new_page()
        page.goto(base_url)
        page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=TIMEOUT_MS)
        page.wait_for_function("document.body?.dataset.ai === 'ready'", timeout=TIMEOUT_MS)
        page.wait_for_timeout(500)  # let the start-up settle
        page.locator("rect[data-square='e8']").click()
        page.locator("rect[data-square='c8']").click()
        start = page.evaluate("performance.now()")
        page.wait_for_function("document.body?.dataset.thinking === 'true'", timeout=5000)
        page.locator("rect[data-square='e5']").focus()
        delays = []
        while page.evaluate("performance.now()") - start < THINK_WINDOW_MS:
            delays.append(key_delay(page))
            page.wait_for_timeout(250)
        end = page.evaluate("performance.now()")
        still_thinking = page.evaluate("document.body?.dataset.thinking === 'true'")
        tasks = [d for t, d in page.evaluate("window.__longtasks") if start <= t <= end]
        figures["window s"] = (end - start) / 1000
        figures["still thinking at the end"] = still_thinking
        figures["long tasks"] = len(tasks)
        figures["longest task ms"] = max(tasks) if tasks else 0.0
        figures["key-to-cursor ms (median)"] = statistics.median(delays)
        figures["key-to-cursor ms (max)"] = max(delays)
        page.wait_for_function("document.body?.dataset.thinking === 'false'",
                               timeout=TIMEOUT_MS)
        heap = page.evaluate("performance.memory && [performance.memory.usedJSHeapSize,"
                             " performance.memory.totalJSHeapSize]")
        if heap:
            figures["main JS heap used MB"] = heap[0] / 1e6
            figures["main JS heap total MB"] = heap[1] / 1e6
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        figures["CDP JSHeapUsedSize MB"] = metrics.get("JSHeapUsedSize", 0) / 1e6
        for name, value in browser_rss_mb(profile).items():
            figures[f"RSS {name} MB"] = value
        context.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    """Measure ``--runs`` times; print each run's figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--level", type=int, default=6)
    args = parser.parse_args(argv)
    if not (SITE / "index.html").is_file():
        print("measure_think: run `make site` first", file=sys.stderr)
        return 1
    with serve(SITE) as base_url:
        for number in range(1, args.runs + 1):
            figures = measure_once(base_url, args.level)
            shown = ", ".join(
                f"{k} {v:.1f}" if isinstance(v, float) else f"{k} {v}"
                for k, v in figures.items())
            print(f"run {number}: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
