"""Fixtures for the end-to-end tests: a browser Playwright need not download, and the
built site served on 127.0.0.1.

The site is built by ``make site`` (``make test`` does it first); these fixtures never
build it, so a test run measures the page exactly as it will be deployed.

The site is served under a sub-path, ``/tablut/``, as GitHub Pages serves a project:
a URL in the page that is not relative breaks the tests as it would break the deployed site
(see harness.py).

A test that needs a page with nothing saved, but not a first visit, takes ``visitor``: a
context of the session whose service worker already has the site (a returning visitor's
browser), emptied of everything the page keeps, with a page of its own (so its own
sessionStorage). Its page starts in seconds less than a first visit's, which installs the
service worker and reloads through it (returning.py). Tests about a first visit, the
service worker, caching, updates or start-up open contexts of their own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from harness import LIVE_ARGS, SITE, chromium_launch_args, serve
from playwright.sync_api import Browser, BrowserContext, BrowserType
from returning import ReturningVisitors, VisitorContext, VisitorFactory


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], browser_name: str | None
) -> dict[str, Any]:
    """Launch Debian's Chromium when it is installed, else Playwright's own browser
    (``playwright install chromium`` where downloads work)."""
    if browser_name in (None, "chromium"):
        return chromium_launch_args(browser_type_launch_args)
    return browser_type_launch_args


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The base URL (ending in ``/``) of ``_site/`` served on 127.0.0.1 on a free port,
    under the sub-path ``/tablut/``."""
    if not (SITE / "index.html").is_file():
        pytest.fail("_site/ is not built: run `make site` (or `make test`) first")
    with serve(SITE) as url:
        yield url


@pytest.fixture(scope="session")
def returning_visitors(browser: Browser, site_url: str) -> Iterator[ReturningVisitors]:
    """The session's returning visitors' contexts, one for each set of context options
    asked for (returning.py)."""
    visitors = ReturningVisitors(browser, site_url)
    yield visitors
    visitors.close()


@pytest.fixture
def visitor(returning_visitors: ReturningVisitors) -> Iterator[VisitorFactory]:
    """``visitor(**options)``: a context with those ``browser.new_context`` options whose
    service worker has the site and whose storage holds nothing of the page's; the pages
    the test opens in it are closed after the test (the context is not: do not close it)."""
    used: dict[str, VisitorContext] = {}

    def context(**options: Any) -> VisitorContext:
        key = returning_visitors.key(**options)  # asked again: not emptied again
        chosen = returning_visitors.context(empty=key not in used, **options)
        used[key] = chosen
        return chosen

    yield context
    for chosen in used.values():
        returning_visitors.leave(chosen)


@pytest.fixture
def clipboard_context(visitor: VisitorFactory) -> BrowserContext:
    """A returning visitor's context with nothing saved, allowed to use the clipboard, as
    the records tests need."""
    return visitor(viewport={"width": 1280, "height": 800},
                   permissions=["clipboard-read", "clipboard-write"])


@pytest.fixture(scope="session")
def live_browser(browser_type: BrowserType,
                 browser_type_launch_args: dict[str, Any]) -> Iterator[Browser]:
    """A Chromium of its own for the live game's tests, with the flags live play needs
    here (harness.LIVE_ARGS)."""
    options = dict(browser_type_launch_args)
    options["args"] = [*options.get("args", []), *LIVE_ARGS]
    browser = browser_type.launch(**options)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def live_visitors(live_browser: Browser, site_url: str) -> Iterator[ReturningVisitors]:
    """Returning visitors' contexts of the live game's Chromium (returning.py): each friend
    of a live game is one, by name."""
    visitors = ReturningVisitors(live_browser, site_url)
    yield visitors
    visitors.close()
