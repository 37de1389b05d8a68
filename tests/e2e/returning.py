"""Returning visitors' browser contexts, kept for the session: a test that needs a page
with nothing saved but not a first visit takes one (conftest.py's ``visitor``).

A first visit costs seconds that a later one does not: the page installs its service
worker, which fetches and checks the whole site, and reloads through it (web/start.js,
web/sw.js). A context here has made that first visit once; before each test it is emptied
of everything the page keeps (localStorage, and any cookies, IndexedDB or file systems)
but the service worker and the site's files in its cache, exactly what every later visit
of a person finds. Each test opens pages of its own in it, so its own sessionStorage.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page

#: What a context is emptied of between tests (CDP ``Storage.clearDataForOrigin``): all
#: the page keeps, but not ``service_workers`` nor ``cache_storage``, the first visit's
#: work. The HTTP cache is not origin storage, and is kept too.
CLEARED = "cookies,file_systems,indexeddb,local_storage,websql"

#: The first visit: the page is up, the computer has answered, and the service worker
#: has every file of the site (``data-offline``, web/start.js).
FIRST_VISIT_DONE = ("document.body?.dataset.ready === 'true' && "
                    "document.body.dataset.offline === 'ready'")

#: A first visit on a slow machine: two interpreters and the whole site fetched.
FIRST_VISIT_TIMEOUT_MS = 180_000

#: Options given as their default (``is_mobile=viewport == "phone"``), left out of a key.
DEFAULTS = {"is_mobile": False, "has_touch": False}

#: Options that are not the browser's but a page's or a grant's: one context serves them
#: all, its pages opened at the viewport asked for and its permissions granted anew.
PER_USE = ("viewport", "permissions")


def browser_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options of ``options`` that are the browser context's own (not :data:`PER_USE`)."""
    return {name: value for name, value in options.items() if name not in PER_USE}


def options_key(options: dict[str, Any]) -> str:
    """One string for a set of ``browser.new_context`` options (values may be dicts or
    lists, which cannot be dictionary keys); an option given as its default is left out."""
    return repr(sorted((name, value) for name, value in options.items()
                       if name not in DEFAULTS or value != DEFAULTS[name]))


class VisitorContext:
    """A returning visitor's browser context as one test asked for it: its new pages open
    at the viewport asked for; anything else is the context's own."""

    def __init__(self, context: BrowserContext, viewport: dict[str, int] | None) -> None:
        self._context = context
        self._viewport = viewport

    def new_page(self) -> Page:
        """A new page of the context, at the viewport asked for."""
        page = self._context.new_page()
        if self._viewport:
            page.set_viewport_size(self._viewport)
        return page

    def __getattr__(self, name: str) -> Any:
        return getattr(self._context, name)


#: ``visitor(**options)``: a returning visitor's context with those context options.
VisitorFactory = Callable[..., VisitorContext]


class ReturningVisitors:
    """One returning visitor's context for each set of context options, made on first
    use by a first visit to the site, then emptied of the page's storage for each test."""

    def __init__(self, browser: Browser, site_url: str) -> None:
        self._browser = browser
        self._site_url = site_url
        parts = urlsplit(site_url)
        self._origin = f"{parts.scheme}://{parts.netloc}"
        self._contexts: dict[str, BrowserContext] = {}

    def key(self, who: str = "", **options: Any) -> str:
        """Which context :meth:`context` hands out for ``who`` and ``options``: options
        that differ only in :data:`PER_USE` share one."""
        return who + options_key(browser_options(options))

    def context(self, who: str = "", *, empty: bool = True, **options: Any) -> VisitorContext:
        """The context for ``options``, with nothing of the page's kept (unless ``empty``
        is false: a test's second look at a context it already has); ``who`` names a
        visitor of their own (two friends of a live game: two browsers)."""
        key = self.key(who, **options)
        if key not in self._contexts:
            context = self._browser.new_context(**browser_options(options))
            self._first_visit(context)
            self._contexts[key] = context
        context = self._contexts[key]
        if empty:
            self._empty(context)
        context.clear_permissions()
        if options.get("permissions"):
            context.grant_permissions(options["permissions"])
        return VisitorContext(context, options.get("viewport"))

    def leave(self, context: BrowserContext | VisitorContext) -> None:
        """Close the context's pages (each writes its storage as it goes, web/paint.js:
        the context is emptied when it is next handed out)."""
        for page in context.pages:
            page.close()

    def close(self) -> None:
        """Close every context."""
        for context in self._contexts.values():
            context.close()
        self._contexts.clear()

    def _empty(self, context: BrowserContext) -> None:
        """Empty the context, whose pages are closed, of all the page keeps but the
        service worker and its cache (:data:`CLEARED`)."""
        blank = context.new_page()  # DevTools clears a context's storage through a page
        try:
            session = context.new_cdp_session(blank)
            session.send("Storage.clearDataForOrigin",
                         {"origin": self._origin, "storageTypes": CLEARED})
            session.detach()
        finally:
            blank.close()

    def _first_visit(self, context: BrowserContext) -> None:
        """Visit the site until its service worker has every file, then leave."""
        page = context.new_page()
        page.goto(self._site_url)
        page.wait_for_function(FIRST_VISIT_DONE, timeout=FIRST_VISIT_TIMEOUT_MS)
        self.leave(context)
