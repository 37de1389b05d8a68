"""End-to-end: the page under random input keeps the game it shows in storage, and never
throws.

A fixed number of random actions (``tests/e2e/page_fuzz.py`` says which, and what is
checked after each) on a fresh page, with one reload in the middle, from a fixed seed;
``TABLUT_FUZZ_SEED=<seed>`` replays a failure, and ``TABLUT_FUZZ_ACTIONS`` makes the run
longer. Longer runs, measured in minutes: ``tools/fuzz_page.py --minutes 10``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from page_fuzz import PageFuzz
from playwright.sync_api import Browser, BrowserContext
from records_support import open_ready

pytestmark = pytest.mark.e2e

ACTIONS = int(os.environ.get("TABLUT_FUZZ_ACTIONS", "120"))
# A fixed seed by default, so that the test suite says the same thing every run; other
# seeds (``tools/fuzz_page.py`` runs many) go through the same code.
SEED = int(os.environ.get("TABLUT_FUZZ_SEED", "296175380"))


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A context of its own (its own storage), allowed to use the clipboard."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  permissions=["clipboard-read", "clipboard-write"])
    yield context
    context.close()


def test_random_actions_never_break_the_page_nor_the_stored_game(
        context: BrowserContext, site_url: str) -> None:
    print(f"page fuzz: seed {SEED} (TABLUT_FUZZ_SEED={SEED} replays it)")
    page = open_ready(context, site_url)
    page.set_default_timeout(10_000)
    page.get_by_label("AI level").select_option("1")
    fuzz = PageFuzz(page, SEED)
    fuzz.run(actions=ACTIONS // 2)
    fuzz.reload()
    fuzz.run(actions=ACTIONS)
    print("page fuzz:", dict(sorted(fuzz.counts.items())))
