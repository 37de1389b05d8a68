"""How long the page takes to review a 60-move game (60 plies), in Chromium: run from the
repository's root after `make site`: `.venv/bin/python tests/e2e/measure_review.py`."""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e")]

from harness import chromium_launch_args, serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tablut import Game  # noqa: E402
from tablut.ai import Engine  # noqa: E402
from tablut.transcript import export_transcript  # noqa: E402


def sixty_plies() -> Game:
    """A game of 60 plies between two noisy low-level players (the same every run); a
    move that would end the game early gives way to the first one that does not."""
    game = Game()
    players = [Engine(level=2, seed=3), Engine(level=2, seed=4)]
    while game.ply < 60:
        move = players[game.ply % 2].choose_move(game.board)
        for candidate in [move, *game.legal_moves()]:
            game.play(candidate)
            if game.outcome() is None:
                break
            game.undo()
            del game.moves[game.ply:]
    return game


def main() -> None:
    """Print the review time of one 60-ply game."""
    record = export_transcript(sixty_plies())
    with serve() as base, sync_playwright() as p:
        browser = p.chromium.launch(**chromium_launch_args())
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(base)
        page.wait_for_function("document.body?.dataset.ai === 'ready'", timeout=120_000)
        page.locator("#records-text").fill(record)
        page.get_by_role("button", name="Import", exact=True).click()
        started = time.monotonic()
        page.get_by_role("button", name="Review game").click()
        page.wait_for_function(
            "document.getElementById('review-summary').textContent.includes('Review done')",
            timeout=600_000)
        print(f"60-ply review: {time.monotonic() - started:.1f} s; "
              f"{page.locator('#review-summary').text_content()}")
        browser.close()


if __name__ == "__main__":
    main()
