"""End-to-end: names and roles a screen reader relies on, a game played with the keyboard
alone, and screenshots of the page light and dark, on a phone and a desktop.

Beside axe-core's audit (tests/e2e/test_audit.py), the names-and-roles check here states
the page's own promises: every control has an accessible name, every square its role and
name per web/board/view.py, one ``role=status``, no duplicate ids, every image a name or none on
purpose (``aria-hidden``).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from records_support import open_ready, play_move, wait_ready
from returning import VisitorFactory
from test_page import screenshot_dir

pytestmark = pytest.mark.e2e

#: A square's accessible name, per web/board/view.py.
SQUARE_NAME = re.compile(r"^[a-i][1-9], (camp, )?(empty|black piece|white piece|white king)$")

#: The accessible name of an element, computed the way browsers do for the cases this
#: page uses: aria-labelledby, aria-label, <label for>, a wrapping <label>, alt, title,
#: and for buttons and links their text.
AUDIT = """() => {
  const visible = (el) => !el.closest('[hidden], [aria-hidden="true"]') &&
      getComputedStyle(el).display !== 'none' && getComputedStyle(el).visibility !== 'hidden';
  const name = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(/\\s+/).map(id => (document.getElementById(id) || {}).textContent
                                               || '').join(' ').trim();
    const aria = (el.getAttribute('aria-label') || '').trim();
    if (aria) return aria;
    if (el.id) {
      const label = document.querySelector(`label[for="${CSS.escape(el.id)}"]`);
      if (label && label.textContent.trim()) return label.textContent.trim();
    }
    const wrap = el.closest('label');
    if (wrap && wrap.textContent.trim()) return wrap.textContent.trim();
    if (el.tagName === 'IMG') return (el.getAttribute('alt') || '').trim();
    if (['BUTTON', 'A', 'SUMMARY'].includes(el.tagName)) {
      if (el.textContent.trim()) return el.textContent.trim();
    }
    const title = el.querySelector(':scope > title');
    if (title && title.textContent.trim()) return title.textContent.trim();
    return (el.getAttribute('title') || '').trim();
  };
  const problems = [];
  const describe = (el) => el.outerHTML.slice(0, 120);
  for (const el of document.querySelectorAll(
      'button, select, input, textarea, a[href], [role="button"], summary')) {
    if (!visible(el) || el.type === 'hidden') continue;
    if (!name(el)) problems.push('no name: ' + describe(el));
  }
  for (const el of document.querySelectorAll('img, svg')) {
    if (!visible(el)) continue;
    if (el.tagName === 'IMG' && el.getAttribute('alt') === '') continue;  // decorative
    if (!name(el)) problems.push('image without a name: ' + describe(el));
    if (el.tagName === 'svg' && !el.getAttribute('role')) {
      problems.push('svg without a role: ' + describe(el));
    }
  }
  const ids = {};
  for (const el of document.querySelectorAll('[id]')) ids[el.id] = (ids[el.id] || 0) + 1;
  for (const [id, count] of Object.entries(ids)) {
    if (count > 1) problems.push(`id "${id}" used ${count} times`);
  }
  const squares = [...document.querySelectorAll('[data-square]:not([data-piece])')];
  const labels = squares.map(el => [el.getAttribute('role'), name(el)]);
  const statuses = [...document.querySelectorAll('[role="status"]')].filter(visible).length;
  return {problems, labels, statuses};
}"""


@pytest.fixture
def context(visitor: VisitorFactory) -> BrowserContext:
    """A context at 1280x800 with nothing saved (conftest.py)."""
    return visitor(viewport={"width": 1280, "height": 800})


def audit(page: Page) -> None:
    """Fail with every names-and-roles problem of the page as it is now."""
    found = page.evaluate(AUDIT)
    assert found["problems"] == []
    assert len(found["labels"]) == 81
    for role, label in found["labels"]:
        assert role == "button" and SQUARE_NAME.match(label), (role, label)
    assert found["statuses"] == 1


def fill_panel(page: Page) -> None:
    """Two saved games, one of them being renamed, and a message: every kind of control
    the records panel makes is on the page."""
    records = page.get_by_role("region", name="Game records")
    # Each action is awaited on screen before the next: the page handles input a moment
    # later (its Python may run in a worker).
    for name in ("Opening", "Later"):
        page.get_by_label("Name", exact=True).fill(name)
        records.get_by_role("button", name="Save game").click()
        expect(records.get_by_role("button", name=f"Open {name}")).to_have_count(1)
    records.get_by_role("button", name="Copy record").click()
    expect(page.locator("#records-message")).to_contain_text(re.compile("copied|clipboard"))


def test_names_and_roles(context: BrowserContext, site_url: str) -> None:
    page = open_ready(context, site_url)
    audit(page)
    fill_panel(page)
    page.get_by_role("region", name="Game records").get_by_role(
        "button", name="Rename Opening").click()
    audit(page)
    expect(page.get_by_role("region", name="Game records")).to_have_count(1)
    # The icons of the manifest are there for an install prompt.
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512", "any"}


def test_keyboard_only_game(context: BrowserContext, site_url: str) -> None:
    page = open_ready(context, site_url)
    page.get_by_label("White player").select_option(label="Human")
    page.locator("body").focus()
    page.evaluate("document.activeElement && document.activeElement.blur()")
    # Tab until a square of the board has the focus.
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.dataset.square"):
            break
    else:
        pytest.fail("Tab never reached the board")

    def go_to(square: str) -> None:
        """Arrow keys from the focused square to ``square``."""
        here = page.evaluate("document.activeElement.dataset.square")
        files = ord(square[0]) - ord(here[0])
        ranks = int(square[1]) - int(here[1])
        for _ in range(abs(files)):
            page.keyboard.press("ArrowRight" if files > 0 else "ArrowLeft")
        for _ in range(abs(ranks)):
            page.keyboard.press("ArrowUp" if ranks > 0 else "ArrowDown")
        expect(page.locator(f"[data-square='{square}']:not([data-piece])")).to_be_focused()

    go_to("d1")
    page.keyboard.press("Enter")
    go_to("d4")
    page.keyboard.press("Enter")
    expect(page.locator("[data-piece='black'][data-square='d4']")).to_have_count(1)
    expect(page.get_by_role("status")).to_have_text(re.compile("White to move"))
    go_to("e3")
    page.keyboard.press(" ")
    go_to("d3")
    page.keyboard.press(" ")
    expect(page.get_by_role("status")).to_have_text(re.compile("Black to move"))
    # The address follows, and the records panel is reached by Tab as well.
    page.wait_for_function("location.hash.includes('&moves=d1-4.e3-d&at=')")
    copy = page.get_by_role("button", name="Copy link")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Copy link":
            break
    expect(copy).to_be_focused()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 800)])
def test_screenshots(
    visitor: VisitorFactory, site_url: str, pytestconfig: pytest.Config,
    scheme: str, width: int, height: int,
) -> None:
    page = visitor(viewport={"width": width, "height": height}).new_page()
    page.emulate_media(color_scheme=scheme)
    page.goto(site_url)
    wait_ready(page)
    page.get_by_label("White player").select_option(label="Human")
    play_move(page, "d1", "d4")
    fill_panel(page)
    page.get_by_label("Game record", exact=True).fill("1. d1-9\n")
    page.get_by_role("region", name="Game records").get_by_role(
        "button", name="Import", exact=True).click()
    expect(page.locator("#records-message")).to_contain_text("Line 1")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    folder = screenshot_dir(pytestconfig)
    page.screenshot(path=folder / f"records-{scheme}-{width}x{height}.png", full_page=True)
    page.get_by_role("region", name="Game records").screenshot(
        path=folder / f"records-panel-{scheme}-{width}x{height}.png")
