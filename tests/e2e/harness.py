"""What the end-to-end tests and measure_startup.py share: the browser to launch, and a
static HTTP server for the built site on 127.0.0.1.

The site is served under a sub-path, as GitHub Pages serves a project site (``/<repo>/``),
so that any URL in the page that is not relative fails here as it would fail there.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"

#: Debian's Chromium. Playwright cannot download its own browser here.
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")

#: The environment variable that chooses the browser: a Chromium's executable, or
#: "playwright" for the one ``playwright install chromium`` downloads (as CI does).
BROWSER_VARIABLE = "TABLUT_CHROMIUM"

#: Flags for a headless Chromium on a machine with no network but loopback: without the
#: background-networking ones Chromium keeps calling Google's services, which fails slowly.
CHROMIUM_ARGS = [
    "--no-sandbox",  # we run as root in CI, where the sandbox refuses to start
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-gpu",
]

#: What a browser test of live play adds (web/live.js): host candidates written as the
#: machine's own addresses. By default Chromium hides them behind mDNS names, which the
#: other browser would resolve by multicast queries on the machine's network; a
#: connection to its own addresses stays inside the machine. (Chromium gathers no
#: loopback candidate, even with --allow-loopback-in-peer-connection: its list of
#: networks leaves loopback out.)
LIVE_ARGS = ["--disable-features=WebRtcHideLocalIpsWithMdns"]

#: The sub-path the site is served under, like https://<user>.github.io/<repo>/.
SUB_PATH = "/tablut/"


def chromium_executable() -> str | None:
    """The Chromium to launch: the one :data:`BROWSER_VARIABLE` names; else Debian's when it
    is installed; None for Playwright's own (``playwright install chromium``)."""
    chosen = os.environ.get(BROWSER_VARIABLE, "").strip()
    if chosen == "playwright":
        return None
    if chosen:
        return chosen
    return str(SYSTEM_CHROMIUM) if SYSTEM_CHROMIUM.exists() else None


def chromium_launch_args(base: dict[str, Any] | None = None) -> dict[str, Any]:
    """Playwright launch options for Chromium (see :func:`chromium_executable`), with
    :data:`CHROMIUM_ARGS` added to ``base``."""
    args = dict(base or {})
    args["args"] = [*args.get("args", []), *CHROMIUM_ARGS]
    executable = chromium_executable()
    if executable is not None and "executable_path" not in args:
        args["executable_path"] = executable
    return args


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory under :data:`SUB_PATH` only; any other path is a 404."""

    def translate_path(self, path: str) -> str:
        """Map ``/tablut/x`` to ``<directory>/x``, and other paths to no file at all."""
        if not path.startswith(SUB_PATH):
            return str(Path(self.directory) / "__outside_the_site__")
        return super().translate_path("/" + path[len(SUB_PATH):])

    def do_GET(self) -> None:  # noqa: N802 - the name http.server dispatches to
        """Serve a file; redirect ``/tablut`` to ``/tablut/``, as GitHub Pages does."""
        if self.path == SUB_PATH.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", SUB_PATH)
            self.end_headers()
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - base signature
        """Stay quiet: a page load makes dozens of requests."""


class SiteServer(http.server.ThreadingHTTPServer):
    """The test server; a browser dropping a connection mid-download is not an error."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Ignore connections the browser closed (a page navigating away does that);
        report anything else as usual."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(site: Path = SITE) -> Iterator[str]:
    """Serve ``site`` on 127.0.0.1 on a free port; yield the base URL (ending in ``/``)."""
    handler = functools.partial(SiteHandler, directory=str(site))
    server = SiteServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        host, port = server.server_address[:2]
        yield f"http://{host}:{port}{SUB_PATH}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
