"""Measure how long the computer takes for a move in the page, level by level.

    .venv/bin/python tests/e2e/measure_levels.py [--levels 5,7] [--moves 12]
        [--rules berkeley]

Run ``make site`` first. For each level, a fresh browser opens the built site with the
computer playing both sides at that level, and the page notes the moment each move
appears in the move list (a MutationObserver, in the page's own clock). A move's time is
the gap since the move before it, less the pause the page makes between two computer
moves (``web.computer.turns.SELF_PLAY_PAUSE``): the wait a person playing the computer would
have. The first two moves are left out (known without searching: see
:mod:`tablut.ai.first_answers`). It prints each level's median, mean and longest move
after ``--moves`` moves. Nothing here asserts a figure.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile

from harness import ROOT, SITE, chromium_launch_args, serve
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(ROOT))

from web.computer.turns import SELF_PLAY_PAUSE  # noqa: E402
from web.models.state import STORAGE_KEY, PageState, Settings  # noqa: E402

LOAD_TIMEOUT_MS = 120_000

#: Notes in ``window.__moveTimes`` when each move of the move list appeared, as
#: [ply, milliseconds].
WATCH_MOVES = """() => {
  window.__moveTimes = [];
  const list = document.getElementById("move-list");
  const count = () => list.querySelectorAll("[data-ply]").length;
  let seen = count();
  new MutationObserver(() => {
    const now = count();
    while (seen < now) { seen += 1; window.__moveTimes.push([seen, performance.now()]); }
  }).observe(list, { childList: true, subtree: true });
}"""

#: Moves answered from the table of first answers, not searched.
KNOWN_MOVES = 2


def measure_level(base_url: str, level: int, moves: int, rules: str) -> list[float]:
    """The seconds each searched move took at ``level``, in a fresh browser."""
    state = PageState(Settings(black="computer", white="computer", level=level, rules=rules))
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, **chromium_launch_args({"viewport": {"width": 1280, "height": 800}}))
        try:
            context.add_init_script(
                f"if (!localStorage.getItem('{STORAGE_KEY}')) "
                f"localStorage.setItem('{STORAGE_KEY}', {json.dumps(state.to_json())})")
            page = context.new_page()
            page.goto(base_url)
            page.wait_for_function("document.body?.dataset.ready === 'true'",
                                   timeout=LOAD_TIMEOUT_MS)
            page.evaluate(WATCH_MOVES)
            page.wait_for_function(f"window.__moveTimes.length >= {moves + KNOWN_MOVES + 1}",
                                   timeout=moves * 120_000)
            times = page.evaluate("window.__moveTimes")
        finally:
            context.close()
    gaps = [(b - a) / 1000 - SELF_PLAY_PAUSE
            for (_, a), (ply, b) in zip(times, times[1:], strict=False) if ply > KNOWN_MOVES]
    return gaps[:moves]


def main(argv: list[str] | None = None) -> int:
    """Command line: see the module's description."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="5,7", help="the levels, comma-separated")
    parser.add_argument("--moves", type=int, default=12, help="moves to watch a level")
    parser.add_argument("--rules", default="berkeley", help="the rule set played")
    args = parser.parse_args(argv)
    with serve(SITE) as base_url:
        for level in (int(text) for text in args.levels.split(",")):
            gaps = measure_level(base_url, level, args.moves, args.rules)
            print(f"level {level}: {len(gaps)} moves, median {statistics.median(gaps):.2f} s, "
                  f"mean {statistics.mean(gaps):.2f} s, longest {max(gaps):.2f} s "
                  f"[{' '.join(f'{g:.2f}' for g in gaps)}]", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
