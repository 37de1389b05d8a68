"""A long run of random input on the game page: ``tests/e2e/test_fuzz_page.py`` for minutes
instead of a few hundred actions.

    nice -n 10 .venv/bin/python tools/fuzz_page.py [--minutes 10] [--seed N]
        [--reload-every 200]

Run ``make site`` first. It serves ``_site/`` as the tests do, opens the page in Chromium
with the computer at level 1, and makes random actions (``tests/e2e/page_fuzz.py`` says
which, and what is checked after each) until the time is up, reloading the page every
``--reload-every`` actions. It prints the seed first and the counts at the end (actions of
each kind, records imported, files chosen, links opened, reloads); on a failure it prints
what broke, with the seed and the last actions, and exits with status 1.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "e2e")]

from harness import SITE, chromium_launch_args, serve  # noqa: E402
from page_fuzz import FuzzFailure, PageFuzz  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

LOAD_TIMEOUT_MS = 120_000


def main(argv: list[str] | None = None) -> int:
    """Fuzz the page for ``--minutes``; 0 when nothing broke."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=random.SystemRandom().randrange(10**9))
    parser.add_argument("--reload-every", type=int, default=200)
    args = parser.parse_args(argv)
    if not (SITE / "index.html").is_file():
        print("fuzz_page: run `make site` first", file=sys.stderr)
        return 1
    print(f"page fuzz: seed {args.seed} (--seed {args.seed} replays it), "
          f"{args.minutes:g} minutes", flush=True)
    started = time.monotonic()
    end = started + args.minutes * 60
    status = 0
    with serve(SITE) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_args({"headless": True}))
        context = browser.new_context(viewport={"width": 1280, "height": 900},
                                      permissions=["clipboard-read", "clipboard-write"])
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(url)
        page.wait_for_function("document.body?.dataset.ready === 'true'",
                               timeout=LOAD_TIMEOUT_MS)
        page.get_by_label("AI level").select_option("1")
        fuzz = PageFuzz(page, args.seed)
        try:
            while time.monotonic() < end:
                fuzz.run(actions=fuzz.counts["actions"] + args.reload_every,
                         seconds=end - time.monotonic())
                if time.monotonic() < end:
                    fuzz.reload()
        except FuzzFailure as failure:
            print(f"FAILED: {failure}", flush=True)
            status = 1
        browser.close()
    minutes = (time.monotonic() - started) / 60
    print(f"page fuzz: {fuzz.counts['actions']} actions in {minutes:.1f} minutes, "
          f"{fuzz.counts['records']} records and {fuzz.counts['files']} files imported, "
          f"{fuzz.counts['links']} links opened, {fuzz.counts['reloads']} reloads, "
          f"{'a failure' if status else 'no failure'}")
    print("page fuzz counts:", dict(sorted(fuzz.counts.items())))
    return status


if __name__ == "__main__":
    sys.exit(main())
