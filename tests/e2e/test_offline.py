"""End-to-end: after one visit the game loads and plays with the network off.

The site is served by a server of this test's own, which is shut down before the second
load, and the browser context is put offline as well: whatever the page gets then, it
gets from its service worker's cache. The figures (cache size, files, offline load time)
are printed for the record (``pytest -s``).
"""

from __future__ import annotations

import re
import time

import pytest
from harness import SITE, serve
from playwright.sync_api import Browser, Response, expect
from records_support import LOAD_TIMEOUT_MS, open_ready, play_move, wait_ready

pytestmark = pytest.mark.e2e


def precached_files() -> list[str]:
    """The files that the build listed in sw.js, with the hash of each."""
    source = (SITE / "sw.js").read_text(encoding="utf-8")
    block = re.search(r"const PRECACHE = \{(.*?)\};", source, re.S)
    assert block, "sw.js has no PRECACHE list"
    return re.findall(r'"(\./[^"]+)": "[0-9a-f]{16}"', block.group(1))


def test_service_worker_lists_the_whole_site() -> None:
    files = precached_files()
    on_disk = sorted(
        "./" + p.relative_to(SITE).as_posix()
        for p in SITE.rglob("*")
        if p.is_file() and p.name not in {"sw.js", ".nojekyll"} and p.suffix != ".map"
    )
    assert files == on_disk
    # Source maps ship for developer tools, but only they ask for them: not precached.
    assert any(SITE.rglob("*.map")) and not any(f.endswith(".map") for f in files)
    # The runtime and PyScript's hashed chunks, which core.js imports lazily.
    assert any(re.fullmatch(r"\./pyodide-[0-9a-f]+/pyodide\.asm\.wasm", f) for f in files)
    assert any(re.fullmatch(r"\./pyscript/core-[\w-]+\.js", f) for f in files)
    assert "./web/manifest.webmanifest" in files and "./web/icon-512.png" in files


def test_page_loads_and_plays_offline_after_one_visit(browser: Browser) -> None:
    expected = precached_files()
    context = browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 800})
    try:
        with serve(SITE) as url:
            page = open_ready(context, url)
            # The worker was registered on the first visit (the page reloaded once
            # through it); it keeps every file it serves, and fetches the rest once the
            # game is up and the computer has answered, then tells the page.
            scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
            assert scope == url
            page.wait_for_function("document.body?.dataset.offline !== undefined",
                                   timeout=LOAD_TIMEOUT_MS)
            assert page.evaluate("document.body?.dataset.offline") == "ready"
            cached = page.evaluate(
                """async () => {
                    const names = (await caches.keys()).filter(n => n !== 'tablut-pages');
                    const cache = await caches.open(names.find(n => n.startsWith('tablut-')));
                    const keys = await cache.keys();
                    let bytes = 0;
                    for (const request of keys) {
                        bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
                    }
                    return {names, urls: keys.map(r => r.url), bytes};
                }"""
            )
            assert len(cached["names"]) == 1 and cached["names"][0].startswith("tablut-")
            assert sorted(cached["urls"]) == sorted(url + f[2:] for f in expected)
        # The server is gone, and the browser is offline too.
        context.set_offline(True)
        from_worker: list[str] = []
        missed: list[str] = []

        def on_response(response: Response) -> None:
            if response.url.startswith(("blob:", "data:")):
                return  # made in the page (the AI worker's script): no network
            (from_worker if response.from_service_worker else missed).append(response.url)

        page.on("response", on_response)
        page.on("requestfailed", lambda request: missed.append(f"failed {request.url}"))
        began = time.perf_counter()
        page.reload()
        # The board is on screen before Python, offline too: the game as the page left it.
        assert page.evaluate("document.body.dataset.painted") == "kept"
        wait_ready(page)
        seconds = time.perf_counter() - began
        expect(page.get_by_role("status")).to_have_text(re.compile("Black to move"))
        play_move(page, "d1", "d4")
        expect(page.get_by_role("status")).to_have_text(re.compile("White to move"))
        # The AI worker, a second interpreter, comes up from the cache as well.
        page.wait_for_function(
            "document.body?.dataset.ai !== undefined", timeout=LOAD_TIMEOUT_MS
        )
        assert page.evaluate("document.body?.dataset.ai") == "ready"
        assert missed == []
        assert any(u.endswith("/pyodide.asm.wasm") for u in from_worker)
        print(
            f"\noffline: {len(cached['urls'])} files precached, "
            f"{cached['bytes'] / 1e6:.1f} MB in the cache, ready offline in {seconds:.1f} s"
        )
    finally:
        context.close()
