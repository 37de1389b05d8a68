"""Fixtures for the end-to-end tests: a browser Playwright need not download, and the
built site served on 127.0.0.1.

The site is built by ``make site`` (``make test`` does it first); these fixtures never
build it, so a test run measures the page exactly as it will be deployed.

The site is served under a sub-path, ``/tablut/``, as GitHub Pages serves a project:
a URL in the page that is not relative breaks the tests as it would break the deployed site
(see harness.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from harness import SITE, chromium_launch_args, serve
from playwright.sync_api import Browser, BrowserContext


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


@pytest.fixture
def clipboard_context(browser: Browser) -> Iterator[BrowserContext]:
    """A browser context of its own (so its own localStorage), allowed to use the
    clipboard, as the records tests need."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 800},
        permissions=["clipboard-read", "clipboard-write"],
    )
    yield context
    context.close()
