"""End-to-end: the page in its players' languages (web/locale/, tools/catalogues.py).

A first visit follows the browser's languages; a choice in Settings is saved and survives a
reload; a link is the same in every language. A whole game against the computer is played
by ear in Swedish and in Italian, every word of the live region checked against what the
page's own words say natively with that catalogue; the lesson's first steps and a bad
import in both; and every language's page keeps its text inside its boxes on a phone and a
desktop.
"""

from __future__ import annotations

import gettext
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from records_support import local_storage, open_ready, open_with_state, pieces, wait_ready
from returning import VisitorFactory
from test_audit import axe_violations
from test_by_ear import LISTEN, REPLY_TIMEOUT_MS, play_by_ear, tab_to_board

from tablut import RULES, Game, square_name
from web.lesson.lesson import Lesson
from web.models.session import Session
from web.models.state import PageState, Settings
from web.records.formats import ImportProblem, read_record
from web.words.catalogue import LANGUAGES, SOURCE_LANGUAGE, _, install
from web.words.texts import status_text

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from catalogues import translations  # noqa: E402

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """The page's words, natively, in ``language`` (its catalogue compiled from the .po)."""
    install(translations(language), language)
    try:
        yield
    finally:
        install(gettext.NullTranslations(), SOURCE_LANGUAGE)


def visit(browser: Browser, site_url: str, locale: str, width: int = 1280,
          height: int = 800) -> tuple[BrowserContext, Page]:
    """A first visit from a browser whose language is ``locale``, once it can be played."""
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height},
                                  permissions=["clipboard-read", "clipboard-write"])
    return context, open_ready(context, site_url)


def page_of(site_url: str, language: str) -> str:
    """The address of ``language``'s page."""
    return site_url if language == SOURCE_LANGUAGE else f"{site_url}index.{language}.html"


def open_in(context: BrowserContext, site_url: str, language: str) -> Page:
    """A returning visitor's page in ``language``, chosen in Settings (saved with them)."""
    state = PageState(Settings(language=language))
    return open_with_state(context.new_page(), state.to_json(), page_of(site_url, language))


def language_of(page: Page) -> str:
    return str(page.evaluate("document.documentElement.lang"))


@pytest.mark.parametrize(("locale", "language"), [("nn-NO", "nb"), ("pt-BR", "en"),
                                                  ("fr-CA", "fr")])
def test_a_first_visit_follows_the_browsers_languages(browser: Browser, site_url: str,
                                                      locale: str, language: str) -> None:
    context, page = visit(browser, site_url, locale)
    assert language_of(page) == language
    assert page.url.split("#")[0] == page_of(site_url, language)
    expect(page.locator("#language")).to_have_value(language)
    with speaking(language):
        expect(page.locator("#status")).to_have_text(status_text(Game()))
    context.close()


def test_a_choice_is_saved_survives_a_reload_and_links_stay_the_same(
        clipboard_context: BrowserContext, site_url: str) -> None:
    page = open_ready(clipboard_context, site_url)
    menu = page.locator("#language")
    assert [(o.get_attribute("value"), o.text_content()) for o in menu.locator("option").all()
            ] == list(LANGUAGES.items())
    page.get_by_label("White player").select_option("human")
    page.locator("rect[data-square='d1']").click()
    page.locator("rect[data-square='d4']").click()
    expect(page.locator("#move-list li")).to_have_count(1)
    page.get_by_role("button", name="Copy link").click()
    expect(page.locator("#records-message")).not_to_be_empty()
    english_link = page.evaluate("navigator.clipboard.readText()")

    menu.select_option("it")
    page.wait_for_url("**/index.it.html#*")
    wait_ready(page)
    assert language_of(page) == "it"
    before = pieces(page)
    page.reload()
    wait_ready(page)
    assert language_of(page) == "it" and page.locator("#language").input_value() == "it"
    assert pieces(page) == before, "the game came along"
    with speaking("it"):
        copy = _("Copy link")
    page.locator("#records-panel").get_by_role("button", name=copy, exact=True).click()
    expect(page.locator("#records-message")).not_to_be_empty()
    assert page.evaluate("navigator.clipboard.readText()") == english_link
    assert "index.it.html" not in english_link


@pytest.mark.parametrize("language", ["sv", "it"])
def test_a_game_against_the_computer_by_ear(visitor: VisitorFactory, site_url: str,
                                            language: str) -> None:
    """Every sentence of the live region, from the first pick to the end of the game, is
    the one the page's words make natively with the language's catalogue."""
    page = open_in(visitor(viewport=DESKTOP), site_url, language)
    assert language_of(page) == language
    page.locator("#level").select_option("1")
    page.wait_for_function("document.body?.dataset.ai === 'ready'", timeout=REPLY_TIMEOUT_MS)
    page.evaluate(LISTEN)
    tab_to_board(page)
    with speaking(language):
        play_by_ear(page, Session(PageState(Settings(level=1, language=language))))


@pytest.mark.parametrize("language", ["sv", "it"])
def test_the_lesson_and_a_bad_import(clipboard_context: BrowserContext, site_url: str,
                                     language: str) -> None:
    page = open_in(clipboard_context, site_url, language)
    assert language_of(page) == language
    with speaking(language):
        lesson = Lesson(RULES["berkeley"])
        first, progress = lesson.step, lesson.progress
        lesson.next()
        second, next_label = lesson.step, _("Next ›")
    page.locator("#lesson-open").click()
    dialog = page.locator("dialog[open]")
    expect(dialog.get_by_role("heading", name=first.title, exact=True)).to_be_visible()
    expect(dialog.get_by_text(progress, exact=True)).to_be_visible()
    expect(dialog.locator(".lesson-text")).to_have_text(first.text)
    answer = first.answer
    dialog.locator(f"rect[data-square='{square_name(answer[0])}']").click()
    dialog.locator(f"rect[data-square='{square_name(answer[1])}']").click()
    expect(dialog.locator(".lesson-verdict")).to_have_class("lesson-verdict right")
    dialog.locator(".lesson-nav").get_by_role("button", name=next_label).click()
    expect(dialog.get_by_role("heading", name=second.title, exact=True)).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)

    before, stored = pieces(page), local_storage(page)
    bad = '[Rules "berkeley"]\n\n1. d1-4 e3-d\n2. d4-9\n'
    page.locator("#records-text").fill(bad)
    with speaking(language):
        import_label = _("Import")
        with pytest.raises(ImportProblem) as refused:
            read_record(bad)
    page.locator("#records-panel").get_by_role("button", name=import_label,
                                               exact=True).click()
    message = page.locator("#records-message")
    expect(message).to_contain_text(str(refused.value))
    assert "Line" not in message.inner_text(), "said in the page's language"
    assert pieces(page) == before and local_storage(page) == stored


#: Every element of the page whose text overflows its box (cut off or spilling), and
#: whether the page scrolls sideways.
OVERFLOWS = """() => {
    const out = [];
    for (const el of document.querySelectorAll(
            '#game button, #game label, #game select, #game summary, #game h1, #game h2,'
            + ' #game th, #game td, #game .status, #game .intro-text, #game option')) {
        if (!el.offsetParent && el.tagName !== 'OPTION') continue;
        if (el.tagName === 'OPTION' || el.closest('.visually-hidden')) continue;
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible'
            || el.getBoundingClientRect().right > document.documentElement.clientWidth + 1) {
            out.push(el.id || el.tagName + ':' + el.textContent.trim().slice(0, 30));
        }
    }
    return {elements: out, sideways: document.documentElement.scrollWidth
            > document.documentElement.clientWidth};
}"""


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_language_fits_a_phone_and_a_desktop(visitor: VisitorFactory, site_url: str,
                                                   language: str) -> None:
    # Chosen in Settings: else the page would move to the browser's language's.
    page = open_in(visitor(viewport=PHONE, is_mobile=True, has_touch=True), site_url,
                   language)
    assert page.evaluate("document.documentElement.lang") == language
    page.evaluate(
        "() => document.querySelectorAll('#game details').forEach(d => d.open = true)")
    assert page.evaluate(OVERFLOWS) == {"elements": [], "sideways": False}
    if language in ("de", "fi"):  # the longest words: axe-core's audit too
        assert axe_violations(page) == []
    page.set_viewport_size({"width": 1280, "height": 800})
    assert page.evaluate(OVERFLOWS) == {"elements": [], "sideways": False}
