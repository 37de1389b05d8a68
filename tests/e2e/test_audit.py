"""End-to-end: axe-core (pinned in package.json) audits the page on a phone and on a
desktop, at the start, with a piece picked up, with the analysis open and with the game
finished; any violation fails."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from records_support import open_ready, open_with_state
from returning import VisitorFactory

from tablut import Game
from web.models.state import PageState, Settings

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

#: White to move; the king on c4 escapes with c4-1.
NEAR_ESCAPE = "/".join(["B--------", *["-" * 9] * 4, "--K------", *["-" * 9] * 2,
                        "--------B"]) + " w"


def start(page: Page) -> None:
    """The page as a new visitor finds it."""


def piece_picked_up(page: Page) -> None:
    """A black piece picked up, its moves shown."""
    page.locator("rect[data-square='d1']").click()
    expect(page.locator(".target-dot").first).to_be_attached()


def analysis_open(page: Page) -> None:
    """The analysis panel open, once it has said something."""
    page.get_by_role("button", name="Show analysis").click()
    expect(page.locator("#eval-depth")).not_to_be_empty(timeout=60_000)


def finished(page: Page) -> None:
    """A game won, the offer to play again beside the result."""
    state = PageState(Settings(black="human", white="human"), Game(start=NEAR_ESCAPE))
    open_with_state(page, state.to_json())
    page.locator("rect[data-square='c4']").click()
    page.locator("rect[data-square='c1']").click()
    expect(page.get_by_role("button", name="Play again")).to_be_visible()


def axe_violations(page: Page) -> list[list[object]]:
    """axe-core's violations on ``page`` as it is now: rule, impact, how many elements and
    the first one's selector."""
    page.add_script_tag(path=str(AXE))
    passed, violations = page.evaluate("""async () => {
        const result = await axe.run(document);
        return [result.passes.length, result.violations.map(
            v => [v.id, v.impact, v.nodes.length, v.nodes[0].target.join(' ')])];
    }""")
    assert passed > 20, "axe ran its rules"  # an audit that checked nothing proves nothing
    return violations


STATES: list[Callable[[Page], None]] = [start, piece_picked_up, analysis_open, finished]
VIEWPORTS = {"phone": (360, 740), "desktop": (1280, 800)}


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_axe_finds_no_violation(visitor: VisitorFactory, site_url: str, viewport: str) -> None:
    width, height = VIEWPORTS[viewport]
    context = visitor(viewport={"width": width, "height": height},
                      is_mobile=viewport == "phone", has_touch=viewport == "phone")
    page = open_ready(context, site_url)
    found = {}
    for state in STATES:
        state(page)
        found[state.__name__] = axe_violations(page)
    assert found == {state.__name__: [] for state in STATES}
