"""End-to-end: reviewing a finished game in the page: the computer judges every position
in its worker while the page stays usable, draws the evaluation graph, and marks the
moves; the graph and the move list take the player to a move."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from records_support import open_ready, open_with_state
from returning import VisitorFactory

from tablut import Game
from tablut.transcript import export_transcript
from web.models.state import PageState, Settings

pytestmark = pytest.mark.e2e

#: The first release's finished berkeley game (tests/fixtures/v1): white escapes on move 6.
WIN = ["a4-3", "e4-f", "i4-3", "e5-4", "i6-7", "e4-a"]


def ends(game: Game, move: tuple[int, int]) -> bool:
    """Whether ``move`` would end ``game``."""
    game.play(move)
    over = game.outcome() is not None
    game.undo()
    del game.moves[game.ply:]
    return over


def finished_game(page: Page, moves: list[str]) -> None:
    """Open the page on a finished game between two people."""
    game = Game()
    for move in moves:
        game.play_text(move)
    state = PageState(Settings(black="human", white="human"), game)
    open_with_state(page, state.to_json())


@pytest.fixture
def page(visitor: VisitorFactory, site_url: str) -> Page:
    """A page at 1280x800 whose computer player is up."""
    return open_ready(visitor(viewport={"width": 1280, "height": 800}), site_url)


def test_a_finished_game_is_reviewed_and_its_graph_leads_to_moves(page: Page) -> None:
    expect(page.locator("#review-panel")).to_be_hidden()  # nothing to review yet
    finished_game(page, WIN)
    page.get_by_role("button", name="Review game").click()
    summary = page.locator("#review-summary")
    expect(summary).to_contain_text("Reviewing", timeout=30_000)
    # The page answers during the review: a move of the list is shown at once.
    page.locator("#move-list button[data-ply='2']").click()
    expect(page.locator("#move-list [aria-current='step']")).to_have_attribute("data-ply", "2")
    expect(summary).to_contain_text("Review done", timeout=120_000)
    graph = page.get_by_role("img", name="Evaluation graph")
    expect(graph).to_be_visible()
    expect(graph.locator("polyline")).to_have_count(1)
    box = graph.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] * 0.98, box["y"] + box["height"] / 2)
    expect(page.locator("#move-list [aria-current='step']")).to_have_attribute("data-ply", "6")
    # Black let the king out: his mistake is marked in the list, named for a screen
    # reader with the better move, and dotted on the graph.
    marked = page.locator("#move-list button.mistake")
    expect(marked.first).to_have_text(re.compile(r"\?$"))
    expect(marked.first).to_have_attribute(
        "aria-label", re.compile(r"(a mistake|throws away the win): better [a-i][1-9]-"))
    expect(graph.locator(".eval-mistake")).to_have_count(marked.count())
    assert marked.count() >= 1
    # On the position before the mistake, the better move is drawn as an arrow.
    ply = int(marked.first.get_attribute("data-ply") or 0)
    expect(page.locator("line.better-arrow")).to_have_count(0)
    page.locator(f"#move-list button[data-ply='{ply - 1}']").click()
    expect(page.locator("line.better-arrow")).to_have_count(1)


def test_a_review_stops_when_told(page: Page) -> None:
    game = Game()
    while game.ply < 20:  # a game in progress: each time the first move that goes on
        game.play(next(m for m in game.legal_moves() if not ends(game, m)))
    page.locator("#records-text").fill(export_transcript(game))
    page.get_by_role("button", name="Import", exact=True).click()
    page.get_by_role("button", name="Review game").click()
    page.get_by_role("button", name="Stop review").click()
    expect(page.locator("#review-summary")).to_contain_text("Review stopped")
    expect(page.get_by_role("button", name="Stop review")).to_be_hidden()
