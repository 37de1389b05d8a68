"""End-to-end: nothing on the page escapes the catalogues.

The site is built once more with the tests' pseudo-language (``build_site.py --pseudo``:
``index.qps.html``, every word of the catalogues accented and bracketed, "⟦Bláçk⟧"), and
the page is taken through the states the other end-to-end tests reach: a move and the
computer's answer, a wrong click, the analysis, a hint, More options, set-up mode, the
records panel with a bad import, the keyboard help and the lesson. In each, every visible
text and every accessible name must be pseudo-translated; only board coordinates, move
notation, numbers and proper names may stand outside the brackets.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import serve
from playwright.sync_api import Browser, Page, expect
from records_support import settle, wait_ready
from test_by_ear import STORED_MOVES_AT_LEAST

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from catalogues import pseudo_text  # noqa: E402

#: The words on the page that are names in every language: the game's, the rule sets',
#: the programs', the languages' own (each written in itself), and the keys' letters.
NAMES = ("Tablut", "Hnefatafl", "Brandubh", "Copenhagen", "Fetlar", "Berkeley", "BrainKing",
         "Nielsen", "Ashton", "OpenTafl", "English", "Dansk", "Deutsch", "Español",
         "Français", "Italiano", "Norsk bokmål", "Suomi", "Svenska")

#: Every visible text and accessible name on the page that is not pseudo-translated.
UNTRANSLATED = """names => {
    const strip = (text) => {
        let before;
        do { before = text; text = text.replace(/⟦[^⟦⟧]*⟧/g, ' '); } while (text !== before);
        for (const name of names) text = text.split(name).join(' ');
        // A record's tags ([Game "Tablut"]), squares, moves ("e5-e7", "e8-c"), numbers,
        // times, keys of one letter.
        return text.replace(/\\[\\w+ "[^"]*"\\]/g, ' ')
            .replace(/\\b[a-k](1[01]|[1-9])?\\b/g, ' ').replace(/\\b[A-Z]\\b/g, ' ');
    };
    const english = (text) => /[A-Za-z]{2,}/.test(strip(text || ''));
    const found = new Set();
    const visible = (el) => !!(el.offsetParent || el.getClientRects().length);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || el.closest('script, style, template, noscript')) continue;
        if (el.tagName !== 'OPTION' && !visible(el)) continue;
        if (el.tagName === 'OPTION' && !visible(el.closest('select'))) continue;
        if (english(node.textContent)) found.add(node.textContent.trim());
    }
    for (const el of document.querySelectorAll(
            '[aria-label], [title], [placeholder], [alt], [aria-description]')) {
        if (!visible(el) && !el.closest('svg')) continue;
        if (el.closest('#painted-game, template')) continue;
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
            const value = el.getAttribute(name);
            if (value && english(value)) found.add(name + '=' + value);
        }
    }
    return [...found];
}"""


@pytest.fixture(scope="module")
def pseudo_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built with the pseudo-language, served; the address of its page."""
    out = tmp_path_factory.mktemp("pseudo-site")
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out),
                    "--pseudo"], check=True, cwd=ROOT, capture_output=True)
    with serve(out) as url:
        yield url + "index.qps.html"


def untranslated(page: Page) -> list[str]:
    settle(page)
    return page.evaluate(UNTRANSLATED, list(NAMES))


def test_every_word_of_the_page_comes_from_the_catalogues(browser: Browser,
                                                          pseudo_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(pseudo_url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "qps"
    seen = {"first view": untranslated(page)}

    page.locator("#level").select_option("1")
    page.locator("rect[data-square='d1']").click()
    seen["a piece picked up"] = untranslated(page)
    page.locator("rect[data-square='d4']").click()
    page.wait_for_function(STORED_MOVES_AT_LEAST, arg=2, timeout=90_000)
    seen["the computer's answer"] = untranslated(page)
    page.locator("rect[data-square='a4']").click()
    page.locator("rect[data-square='a9']").click()
    seen["a wrong move"] = untranslated(page)
    page.locator("#hint").click()
    page.locator("#analysis-toggle").click()
    page.wait_for_function("document.getElementById('eval-depth').textContent !== ''",
                           timeout=90_000)
    seen["a hint and the analysis"] = untranslated(page)
    page.locator("#more-options summary").click()
    page.locator("#clock").select_option(index=2)
    seen["more options, a clock"] = untranslated(page)
    page.locator("#setup-mode").check()
    seen["set-up mode"] = untranslated(page)
    page.locator("#setup-mode").uncheck()
    page.locator("#records-text").fill("1. d1-9\n")
    page.locator("#records-panel").get_by_role("button", name=pseudo_text("Import"),
                                               exact=True).click()
    expect(page.locator("#records-message")).not_to_be_empty()
    seen["the records panel, a bad import"] = untranslated(page)
    page.locator(".topbar h1").click()
    page.keyboard.press("?")
    seen["the keyboard help"] = untranslated(page)
    page.keyboard.press("Escape")
    page.locator("#lesson-open").click()
    seen["the lesson"] = untranslated(page)
    page.locator(".lesson-nav").get_by_role("button", name=pseudo_text("Next ›")).click()
    seen["the lesson's second step"] = untranslated(page)
    context.close()
    found = {state: words for state, words in seen.items() if words}
    assert found == {}, "\n".join(f"{state}: {words}" for state, words in found.items())
